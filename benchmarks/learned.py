"""The learned bot's strength and speed (not a test): duplicate duels against random, heuristic and IS-MCTS,
and its CPU time per decision, printed as a Markdown table.

    nice -n 10 python benchmarks/learned.py --deals 300 --ismcts-deals 40 --iterations 200

Each row: the learned bot's mean gain per deal over the other bot in the same seat of the same deals (see
``cardtable.bots.arena.duel``), with its 95% confidence interval. IS-MCTS plays at a fixed number of
iterations a decision (``--iterations``; ``--iterations 0`` gives its default budget of one second a
decision, which costs about a second for every decision of every seat it holds). The time per decision is the
learned bot's CPU time over every decision of a few hundred seeded deals, forced moves included.
"""

from __future__ import annotations

import argparse
import json
import time
from importlib import resources

import cardtable as ct
from cardtable.bots.arena import duel
from cardtable.rl.learned import LearnedBot

GAMES = ["nap", "spoil-five", "schafkopf", "michigan"]


def per_decision_ms(game_id: str, deals: int, seed: int) -> float:
    """The learned bot's CPU milliseconds per decision, all seats learned, over ``deals`` deals."""
    g = ct.load(game_id)
    spent, decisions = 0.0, 0
    for i in range(deals):
        deal = g.deal(seed=seed + i, dealer=i % g.players)
        bots = [LearnedBot(seed=s) for s in range(g.players)]
        while not deal.over:
            seat = deal.turn
            assert seat is not None
            t = time.process_time()
            action = bots[seat].choose(deal, seat)
            spent += time.process_time() - t
            decisions += 1
            deal.act(action, seat=seat)
    return 1000 * spent / decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=GAMES)
    ap.add_argument("--deals", type=int, default=300, help="duplicate deals against random and heuristic")
    ap.add_argument("--ismcts-deals", type=int, default=40, help="duplicate deals against IS-MCTS (0: none)")
    ap.add_argument("--iterations", type=int, default=200, help="IS-MCTS iterations a decision (0: its default)")
    ap.add_argument("--timing-deals", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    print("| game | learned vs | mean gain a deal | 95% CI | deals | learned ms/decision | training CPU min | s |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for gid in args.games:
        unit = ct.load(gid).unit
        meta = json.loads((resources.files("cardtable.rl") / "weights" / f"{gid}.json").read_text())
        ms = per_decision_ms(gid, args.timing_deals, args.seed)
        ismcts = ("ismcts", {"iterations": args.iterations}) if args.iterations else "ismcts"
        label = f"ismcts ({args.iterations} iterations)" if args.iterations else "ismcts (1 s a decision)"
        pairs = [("random", "random", args.deals), ("heuristic", "heuristic", args.deals)]
        if args.ismcts_deals:
            pairs.append((ismcts, label, args.ismcts_deals))
        for b, name, n in pairs:
            t = time.perf_counter()
            r = duel(gid, "learned", b, n, seed=args.seed, jobs=args.jobs)
            print(f"| {gid} | {name} | {r.mean:+.3f} {unit} | ± {r.ci95:.3f} | {r.deals} | {ms:.2f} | "
                  f"{meta['cpu_seconds'] / 60:.1f} | {time.perf_counter() - t:.0f} |", flush=True)


if __name__ == "__main__":
    main()
