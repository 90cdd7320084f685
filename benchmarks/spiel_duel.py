"""Our IS-MCTS bot against OpenSpiel's own algorithms, in duplicate duels (not a test; prints a table row).

    python benchmarks/spiel_duel.py nap --opponent ismcts --seconds 0.1 --deals 60 --jobs 2
    python benchmarks/spiel_duel.py nap --players 2 --opponent mccfr --mccfr-seconds 600 --deals 100

A = ``cardtable.bots`` ``ismcts`` (its tuned settings for the game, ``seconds=`` a decision); B = OpenSpiel's
Python IS-MCTS through the adapter (:class:`cardtable.rl.spiel_bots.SpielISMCTS`: random rollouts, the same
``seconds`` a decision, flat actions), or the average policy of OpenSpiel's outcome-sampling MCCFR trained
for ``--mccfr-seconds`` on the same configuration (:func:`cardtable.rl.spiel_bots.train_mccfr`).

Duplicate deals as ``cardtable duel`` plays them: each deal (seeded by its index) once with B in every seat,
and once per seat with A in that seat and B in the others; A's gain is its result minus B's in the same seat
of the same deal, averaged over the seats. The mean gain per deal with its 95% interval (normal
approximation) measures A against B: an interval above zero shows A the stronger. Decisions with one legal
action are not searched by either bot.
"""

from __future__ import annotations

import argparse
import os
import time
from fractions import Fraction
from multiprocessing import Pool
from typing import Any

import cardtable as ct
from cardtable.bots.arena import deal_seed, mean_ci, play_deal

_POLICY: Any = None  # the MCCFR policy, trained in the parent (inherited by forked workers)


def _bots(args: argparse.Namespace, a_seat: int | None, s: int, players: int) -> list[Any]:
    from cardtable.rl.spiel_bots import SpielISMCTS, SpielPolicy

    out: list[Any] = []
    for seat in range(players):
        if seat == a_seat:
            out.append(ct.bots.load("ismcts", seconds=args.seconds, seed=s + seat))
        elif args.opponent == "ismcts":
            out.append(SpielISMCTS(args.game, players, seconds=args.seconds, seed=s + seat))
        else:
            out.append(SpielPolicy(args.game, players, _POLICY, seed=s + seat))
    return out


def one(job: tuple[argparse.Namespace, int]) -> tuple[float, int]:
    args, i = job
    game = ct.load(args.game, players=args.players)
    s = deal_seed(args.seed, i)
    n = game.players
    base = play_deal(game.deal(seed=s, dealer=i % n), _bots(args, None, s, n))
    base_deltas = [float(Fraction(x)) for x in base.result().deltas]
    total = 0.0
    for r in range(n):
        deal = play_deal(game.deal(seed=s, dealer=i % n), _bots(args, r, s, n))
        total += float(Fraction(deal.result().deltas[r])) - base_deltas[r]
    return total / n, n + 1


def main() -> None:
    global _POLICY
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--opponent", choices=["ismcts", "mccfr"], default="ismcts")
    ap.add_argument("--seconds", type=float, default=0.1, help="search time per decision, both bots")
    ap.add_argument("--mccfr-seconds", type=float, default=300.0, help="MCCFR training time")
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    game = ct.load(args.game, players=args.players)
    args.players = game.players
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    extra = ""
    if args.opponent == "mccfr":
        from cardtable.rl.spiel_bots import train_mccfr

        t = time.perf_counter()
        _POLICY, iterations, states = train_mccfr(args.game, game.players, args.mccfr_seconds)
        extra = (f"; MCCFR {iterations:,} iterations in {time.perf_counter() - t:.0f} s, "
                 f"{states:,} information states")
        print(extra[2:], flush=True)
    t = time.perf_counter()
    jobs = [(args, i) for i in range(args.deals)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = pool.map(one, jobs, chunksize=1)
    else:
        results = [one(j) for j in jobs]
    gains = [g for g, _ in results]
    mean, ci = mean_ci(gains)
    unit = game.deal(seed=0).playout(__import__("random").Random(0)).result().unit
    b = "OpenSpiel IS-MCTS" if args.opponent == "ismcts" else "OpenSpiel MCCFR (outcome sampling)"
    print(f"| {args.game} ({game.players} players) | ismcts vs {b} | {mean:+.3f} {unit} | ± {ci:.3f} | "
          f"{len(gains)} | {args.seconds} s a decision{extra} | {time.perf_counter() - t:.0f} s |")


if __name__ == "__main__":
    main()
