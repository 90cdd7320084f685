"""Determinisation benchmark (not a test): the time of one ``deal.sample(seat, rng)`` over many positions
from play, per game id and player count; prints the median and the worst case found, and where it was.

A search bot samples the hidden cards thousands of times a decision, so one slow position makes the bot
miss its time budget. The goal is under 10 ms a sample everywhere (issue 20). Times are CPU time of the
sampling thread (``time.thread_time``), so that other work on a shared machine does not count; the worst
wall-clock time is printed beside it. As ``timeit`` does, the cyclic garbage collector is off during the
timed call (a collection pays for garbage of the whole run, not of the sample it happens to interrupt).
"card by card" is the share of samples whose constraints were too large to count exactly and came from
the polynomial fallback (every consistent placement possible, not all equally often; core/sampling.py).

    python benchmarks/sampling.py                          # every game at every player count it accepts
    python benchmarks/sampling.py irish-loo lanterloo --deals 40 --samples 5
    python benchmarks/sampling.py --timeout 2               # give up on a sample after 2 s (reported as such)
    CARDTABLE_PURE=1 python benchmarks/sampling.py          # the plain Python core

Positions: ``--deals`` shuffled deals per game and count, played with random legal actions; at every
decision the seat to act samples ``--samples`` times (the first sample of a position pays for any counting
that later ones reuse, so both are measured). A sample that takes longer than ``--timeout`` seconds is
stopped and reported as ``>timeout``.
"""

from __future__ import annotations

import argparse
import gc
import random
import signal
import statistics
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

import cardtable as ct
from cardtable import _pure
from cardtable.core import sampling

FALLBACKS = [0]


def _counting(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn``, counting its calls in ``FALLBACKS``."""
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        FALLBACKS[0] += 1
        return fn(*args, **kwargs)
    return wrapped


class Timeout(Exception):
    """A sample ran past ``--timeout``."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Timeout


def counts_of(info: ct.GameInfo) -> list[int]:
    """Every player count the game accepts (under any option that changes them)."""
    return sorted({*info.player_counts, *(n for _, _, c in info.player_counts_by_option for n in c)})


def load_any(gid: str, n: int) -> ct.Game | None:
    """The game at ``n`` players, with the first option setting that accepts that count."""
    info = ct.game_info(gid)
    if n in info.player_counts:
        return ct.load(gid, players=n)
    for name, value, counts in info.player_counts_by_option:
        if n in counts:
            return ct.load(gid, players=n, **{name: value})
    return None


def bench(gid: str, n: int, deals: int, samples: int, timeout: float) -> dict[str, object] | None:
    game = load_any(gid, n)
    if game is None:
        return None
    times: list[float] = []
    worst, where, timeouts, wall_worst = 0.0, "", 0, 0.0
    FALLBACKS[0] = 0
    for seed in range(deals):
        deal = game.deal(seed=seed, dealer=seed % n)
        play = random.Random(seed)
        step = 0
        while not deal.over:
            seat = deal.turn
            assert seat is not None
            for k in range(samples):
                rng = random.Random(seed * 1000 + step * 10 + k)
                signal.setitimer(signal.ITIMER_REAL, timeout)
                gc.disable()
                w0, t0 = time.perf_counter(), time.thread_time()
                try:
                    deal.sample(seat, rng)
                    ms = (time.thread_time() - t0) * 1000
                    wall_worst = max(wall_worst, (time.perf_counter() - w0) * 1000)
                except Timeout:
                    ms = wall_worst = float("inf")
                    timeouts += 1
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                    gc.enable()
                times.append(ms)
                if ms > worst:
                    worst, where = ms, f"seed {seed}, action {step}, seat {seat}, {deal.phase}"
            deal.act(play.choice(deal.legal()))
            step += 1
    finite = [t for t in times if t != float("inf")]
    return {"game": gid, "players": n, "samples": len(times), "median": statistics.median(finite) if finite else 0,
            "worst": worst, "where": where, "timeouts": timeouts, "wall": wall_worst,
            "fallback": FALLBACKS[0] / max(1, len(times))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game ids (default: all)")
    ap.add_argument("--deals", type=int, default=12, help="deals per game and player count")
    ap.add_argument("--samples", type=int, default=2, help="samples per position")
    ap.add_argument("--timeout", type=float, default=5.0, help="seconds before a sample is given up")
    args = ap.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    if hasattr(sampling, "_assign_sequential"):
        sampling._assign_sequential = _counting(sampling._assign_sequential)
    print(f"core compiled: {_pure.compiled()}; {args.deals} deals per game and count, {args.samples} samples a "
          "position")
    print(f"{'game':24} {'n':>3} {'samples':>8} {'median ms':>10} {'worst ms':>10} {'wall ms':>8} "
          f"{'card by card':>12}  worst at")
    rows = []
    for gid in args.games or [g.id for g in ct.games()]:
        for n in counts_of(ct.game_info(gid)):
            row = bench(gid, n, args.deals, args.samples, args.timeout)
            if row is None:
                continue
            rows.append(row)
            worst = f">{args.timeout * 1000:.0f}" if row["worst"] == float("inf") else f"{row['worst']:.2f}"
            wall = f">{args.timeout * 1000:.0f}" if row["wall"] == float("inf") else f"{row['wall']:.2f}"
            print(f"{gid:24} {n:>3} {row['samples']:>8} {row['median']:>10.3f} {worst:>10} {wall:>8} "
                  f"{row['fallback']:>12.1%}  {row['where']}"
                  + (f"  ({row['timeouts']} timed out)" if row["timeouts"] else ""), flush=True)
    top = max(rows, key=lambda r: r["worst"])  # type: ignore[arg-type, return-value]
    worst = f">{args.timeout * 1000:.0f}" if top["worst"] == float("inf") else f"{top['worst']:.2f}"
    print(f"worst case: {worst} ms, {top['game']} with {top['players']} players ({top['where']}); "
          f"goal: under 10 ms")


if __name__ == "__main__":
    main()
