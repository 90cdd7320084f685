"""Strength table (not a test): duplicate duels for every game id, printed as a Markdown table.

    python benchmarks/strength.py --deals 40 --ismcts-deals 12 --iterations 150 --jobs 2

For each id: heuristic vs random, and ismcts vs heuristic; each row gives A's mean gain per deal over B
in the same seat (see ``cardtable.bots.arena.duel``) with its 95% confidence interval.
"""

from __future__ import annotations

import argparse
import sys
import time

import cardtable as ct
from cardtable.bots.arena import duel
from cardtable.bots.ismcts import PAIRED, TUNED


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--ismcts-deals", type=int, default=12)
    ap.add_argument("--iterations", type=int, default=150)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--pairing", choices=["both", "heuristic", "ismcts"], default="both",
                    help="heuristic = heuristic vs random only; ismcts = ismcts vs heuristic only")
    args = ap.parse_args()
    ids = args.games or [g.id for g in ct.games()]
    print("| game | pairing | mean gain of A per deal | 95% CI | deals | settings | s |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for gid in ids:
        unit = ct.load(gid).unit
        pairs = [("heuristic", "random", args.deals, "heuristic(playouts=6)"),
                 (("ismcts", {"iterations": args.iterations}), "heuristic", args.ismcts_deals,
                  f"ismcts(iterations={args.iterations}, heuristic playouts"
                  + "".join(f", {k}={v}" for k, v in {"paired": PAIRED, **TUNED.get(gid, {})}.items()) + ")")]
        if args.pairing != "both":
            pairs = pairs[:1] if args.pairing == "heuristic" else pairs[1:]
        for a, b, n, settings in pairs:
            t = time.perf_counter()
            res = duel(gid, a, b, n, seed=args.seed, jobs=args.jobs)
            name = a if isinstance(a, str) else a[0]
            print(f"| {gid} | {name} vs {b} | {res.mean:+.3f} {unit} | ± {res.ci95:.3f} | {n} | {settings} | "
                  f"{time.perf_counter() - t:.0f} |", flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
