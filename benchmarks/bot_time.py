"""Time-budget benchmark (not a test): how long ``ismcts(seconds=s).choose(deal, seat)`` takes, over many
positions of every game at every player count; prints the worst case per game and count, and overall.

A bot given ``seconds=s`` must answer within about ``s`` plus a small margin in every position (issue 20).
Positions come from deals played by the ``heuristic`` bot (realistic lines of play); at every ``--every``-th
decision of a seat with more than one legal action, the IS-MCTS bot chooses with its per-game defaults.

    python benchmarks/bot_time.py                           # every game and count, s = 0.1
    python benchmarks/bot_time.py irish-loo coon-can --seconds 0.5 --deals 3 --every 1
    CARDTABLE_PURE=1 python benchmarks/bot_time.py          # the plain Python core

"worst s" and "over ms" are the worst wall-clock answer and its ``elapsed - s`` (what a player waits); "cpu
over" is the worst ``CPU time - s`` (the process's CPU time during the answer), which tells a position
where the bot itself overruns from a busy machine that merely delayed it (the machine may be shared).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import cardtable as ct
from cardtable import _pure
from cardtable.bots.heuristic import HeuristicBot


def counts_of(info: ct.GameInfo) -> list[tuple[int, dict[str, object]]]:
    """Every player count the game accepts, with the options that allow it (default options first)."""
    out: list[tuple[int, dict[str, object]]] = [(n, {}) for n in info.player_counts]
    for name, value, counts in info.player_counts_by_option:
        out += [(n, {name: value}) for n in counts if n not in info.player_counts]
    return out


def bench(gid: str, n: int, options: dict[str, object], seconds: float, deals: int, every: int,
          seed: int) -> dict[str, object] | None:
    try:
        game = ct.load(gid, players=n, **options)
    except ValueError:
        return None
    bot = ct.bots.load("ismcts", seconds=seconds, seed=seed)
    guide = HeuristicBot(seed=seed)
    rng = random.Random(seed)
    times: list[float] = []
    worst, worst_cpu, where, cpu_where = 0.0, 0.0, "", ""
    for k in range(deals):
        deal = game.deal(seed=seed + k, dealer=k % n)
        step = 0
        while not deal.over:
            seat = deal.turn
            assert seat is not None
            legal = deal.legal()
            if len(legal) > 1 and step % every == 0:
                w0, c0 = time.perf_counter(), time.process_time()
                action = bot.choose(deal, seat)
                el, cpu = time.perf_counter() - w0, time.process_time() - c0
                times.append(el)
                at = f"deal {seed + k}, action {step}, {deal.phase}, {len(legal)} legal"
                if el > worst:
                    worst, where = el, at
                if cpu > worst_cpu:
                    worst_cpu, cpu_where = cpu, at
                assert action in legal
            deal.act(guide.choose(deal, seat) if rng.random() < 0.9 else rng.choice(legal))
            step += 1
    if not times:
        return None
    return {"n": n, "decisions": len(times), "median": statistics.median(times), "worst": worst,
            "cpu": worst_cpu, "where": where, "cpu_where": cpu_where}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="game ids (default: all)")
    ap.add_argument("--seconds", type=float, default=0.1, help="the bot's budget s")
    ap.add_argument("--deals", type=int, default=1, help="deals per game and player count")
    ap.add_argument("--every", type=int, default=2, help="search at every k-th decision")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    s = args.seconds
    print(f"core compiled: {_pure.compiled()}; ismcts(seconds={s}); {args.deals} deal(s) per game and count, "
          f"every {args.every} decision(s)")
    print(f"{'game':24} {'n':>3} {'decisions':>9} {'median s':>9} {'worst s':>8} {'over ms':>8} {'cpu over':>8}  "
          "worst CPU at")
    rows = []
    for gid in args.games or [g.id for g in ct.games()]:
        for n, options in counts_of(ct.game_info(gid)):
            row = bench(gid, n, options, s, args.deals, args.every, args.seed)
            if row is None:
                continue
            row["game"] = gid + "".join(f" {k}={v}" for k, v in options.items())
            rows.append(row)
            print(f"{row['game']:24} {n:>3} {row['decisions']:>9} {row['median']:>9.3f} {row['worst']:>8.3f} "
                  f"{(row['worst'] - s) * 1000:>8.0f} {(row['cpu'] - s) * 1000:>8.0f}  {row['cpu_where']}", flush=True)
    top = max(rows, key=lambda r: r["worst"])  # type: ignore[arg-type, return-value]
    print(f"worst wall-clock answer: {top['worst']:.3f} s for a budget of {s} s "
          f"(+{(top['worst'] - s) * 1000:.0f} ms), {top['game']} with {top['n']} players ({top['where']})")
    top = max(rows, key=lambda r: r["cpu"])  # type: ignore[arg-type, return-value]
    print(f"worst CPU time of an answer: {top['cpu']:.3f} s (+{(top['cpu'] - s) * 1000:.0f} ms), {top['game']} "
          f"with {top['n']} players ({top['cpu_where']})")


if __name__ == "__main__":
    main()
