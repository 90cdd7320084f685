"""The cost of a table's state frames (a benchmark: it prints figures).

The web server sends every seat (and every spectator) its own state frame after each action
(:meth:`cardtable.web.room.Table.frame`), whose ``show`` block (:func:`cardtable.web.present.show`) words the
deal for that reader: the move log, the legal actions, the hand in order. This plays whole deals of a match at
one in-memory table, as the server does (each action on a copy of the deal, which then becomes the table's),
and after every action builds the frame of each seat and of a spectator. It prints the microseconds per
``Table.frame`` and, in a second run of the same deals, per ``present.show`` alone (the views built outside
the clock), each averaged over every frame of the whole deals, and the frames per deal.

    python benchmarks/frames.py                      # Nap, 4 players, 60 deals
    python benchmarks/frames.py --game spoil-five --deals 100
    CARDTABLE_PURE=1 python benchmarks/frames.py     # the plain Python core, even where it is compiled

It uses only the table and ``present.show``, so it measures an older checkout too (its ``src`` first on
``PYTHONPATH``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import cardtable as ct
from cardtable import _pure
from cardtable.web import present
from cardtable.web.room import HUMAN, Table
from cardtable.web.rows import SeatRow

NAMES = ["Ann", "Bea", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def table(game_id: str, players: int | None, seed: int) -> Table:
    """An in-memory table of people (no store, no connections) at the match's first deal."""
    game = ct.load(game_id, players=players)
    names = NAMES[:game.players]
    game = ct.load(game_id, players=game.players, names=names)
    match = ct.Match(game, seed=seed)
    seats = [SeatRow(s, HUMAN, names[s], None) for s in range(game.players)]
    return Table("bench", game, match, match.next_deal(), 1, seats, [], seed=seed)


def play(t: Table, deals: int, seed: int, each: Callable[[Table, int | None], None]) -> int:
    """Play ``deals`` random deals at ``t``, calling ``each(t, reader)`` for every seat and a spectator after
    every action (and at each deal's start); returns the number of calls."""
    rng = random.Random(seed)
    readers: list[int | None] = [*range(t.game.players), None]
    calls = 0
    for no in range(deals):
        if no:
            t.match.record(t.deal)
            t.deal, t.deal_no, t.logged = t.match.next_deal(), t.deal_no + 1, 0
        while True:
            for r in readers:
                each(t, r)
            calls += len(readers)
            if t.deal.over:
                break
            deal = t.deal.clone()
            deal.act(rng.choice(deal.legal()))
            t.deal, t.logged = deal, t.logged + 1
    return calls


def timed(game: str, players: int | None, deals: int, seed: int, what: str) -> tuple[float, int]:
    """Microseconds per timed call (``what``: "frame" or "show") over ``deals`` deals, and the calls."""
    t = table(game, players, seed)
    spent = 0.0

    def frame(t: Table, seat: int | None) -> None:
        nonlocal spent
        start = time.perf_counter()
        t.frame(seat)
        spent += time.perf_counter() - start

    def show(t: Table, seat: int | None) -> None:
        nonlocal spent
        view: dict[str, Any] = t.deal.view(seat) if seat is not None else t.deal.public_view()
        names = [s.name for s in t.seats]
        start = time.perf_counter()
        present.show(t.deal, view, names, owner=t)
        spent += time.perf_counter() - start

    calls = play(t, deals, seed, frame if what == "frame" else show)
    return spent / calls * 1e6, calls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="nap")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{args.game}, {args.players} players, {args.deals} deals; core: "
          f"{'compiled' if _pure.compiled() else 'plain Python'}")
    for what in ("frame", "show"):
        us, calls = timed(args.game, args.players, args.deals, args.seed, what)
        name = "Table.frame" if what == "frame" else "present.show"
        print(f"{name:>13}: {us:8.1f} µs per frame ({calls} frames, {calls / args.deals:.1f} a deal)")


if __name__ == "__main__":
    main()
