"""Scale-out benchmark (not a test): simulate deals/s with 1 and 2 local processes and with Ray.

    python benchmarks/scale.py --game nap --deals 4000 --bots heuristic
"""

from __future__ import annotations

import argparse
import time

from cardtable.bots import arena
from cardtable.scale import runner_for


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="nap")
    ap.add_argument("--deals", type=int, default=4000)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--ray-cpus", type=int, default=2)
    args = ap.parse_args()
    rows = []
    reference = None
    for label, runner in (("local, 1 process", runner_for("local", 1)), ("local, 2 processes", runner_for("local", 2)),
                          (f"ray, {args.ray_cpus} CPUs", runner_for("ray", args.ray_cpus))):
        if label.startswith("ray"):  # start Ray first: its start-up (a few seconds) is not part of the rate
            t0 = time.perf_counter()
            arena.simulate(args.game, [args.bots], 8, seed=2, runner=runner)
            print(f"ray start-up and first batch: {time.perf_counter() - t0:.1f} s")
        t = time.perf_counter()
        res = arena.simulate(args.game, [args.bots], args.deals, seed=1, runner=runner)
        secs = time.perf_counter() - t
        same = reference is None or res.per_deal == reference
        reference = reference or res.per_deal
        rows.append((label, args.deals / secs, secs, same))
    print(f"| backend | deals/s | seconds | same results | ({args.game}, {args.deals} deals, bots {args.bots})")
    print("| --- | --- | --- | --- |")
    for label, rate, secs, same in rows:
        print(f"| {label} | {rate:,.0f} | {secs:.1f} | {'yes' if same else 'NO'} |")


if __name__ == "__main__":
    main()
