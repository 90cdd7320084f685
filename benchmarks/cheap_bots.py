"""Are the bots without search cheap enough to move in the web process? (prints figures; not a test)

The web server plays the ``random`` and ``heuristic`` bots' moves in its own process, on its event loop, and
sends only IS-MCTS searches to the worker processes (``cardtable.web.botwork``). That holds only while one
such move costs well under a millisecond. This times ``choose`` (and ``cardtable.replay`` of the position,
what a worker process would do first) at every decision of deals played by the heuristic bot, in every game
at its smallest and largest default player count, and prints the median, p99 and worst per game and overall,
in CPU time of the thread (what a move costs the process; on a shared machine wall-clock time mostly measures
the other processes).

    .venv/bin/python benchmarks/cheap_bots.py               # every game, 5 deals each
    .venv/bin/python benchmarks/cheap_bots.py nap loo --deals 20
"""

from __future__ import annotations

import argparse
import statistics
import time

import cardtable as ct


def quantiles(xs: list[float]) -> tuple[float, float, float]:
    xs = sorted(xs)
    return statistics.median(xs), xs[min(len(xs) - 1, int(len(xs) * 0.99))], xs[-1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game ids (default: all)")
    ap.add_argument("--deals", type=int, default=5)
    args = ap.parse_args()
    kinds = ("random", "heuristic")
    every: dict[str, list[float]] = {k: [] for k in (*kinds, "replay")}
    print(f"{'game':24} {'players':>7} {'moves':>6}  " + "  ".join(f"{k + ' p50/p99/worst ms':>28}" for k in every))
    for gid in args.games or [g.id for g in ct.games()]:
        info = ct.game_info(gid)
        for n in sorted({min(info.player_counts), max(info.player_counts)}):
            game = ct.load(gid, players=n)
            bots = {k: ct.bots.load(k, seed=1) for k in kinds}
            times: dict[str, list[float]] = {k: [] for k in every}
            for seed in range(args.deals):
                deal = game.deal(seed=seed)
                while not deal.over:
                    seat = deal.turn
                    assert seat is not None
                    for k in kinds:
                        t0 = time.thread_time()
                        action = bots[k].choose(deal, seat)
                        times[k].append(time.thread_time() - t0)
                    t0 = time.thread_time()
                    ct.replay(deal.record())
                    times["replay"].append(time.thread_time() - t0)
                    deal.act(action, seat=seat)
            for k, xs in times.items():
                every[k] += xs
            print(f"{gid:24} {n:>7} {len(times['random']):>6}  " + "  ".join(
                f"{'/'.join(f'{q * 1000:.3f}' for q in quantiles(xs)):>28}" for xs in times.values()))
    print(f"{'all':24} {'':>7} {len(every['random']):>6}  " + "  ".join(
        f"{'/'.join(f'{q * 1000:.3f}' for q in quantiles(xs)):>28}" for xs in every.values()))


if __name__ == "__main__":
    main()
