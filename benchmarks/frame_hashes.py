"""Hash the table's words for seeded random deals of every game, to show that a change leaves the frames alone.

For each game id, a few seeded deals are played at random; after every action the ``show`` block of a state
frame (:func:`cardtable.web.present.show`: the log in words with each trick's winner, the labels, the hand in
order, the roles) is built for every seat and a spectator, as a table's frames are, and hashed. Run it before
and after a change and compare the lines::

    python benchmarks/frame_hashes.py > before.txt
    python benchmarks/frame_hashes.py > after.txt
    diff before.txt after.txt
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random

import cardtable as ct
from cardtable.web import present


class _Table:
    """What a table is to the frames' cache: an owner, known by its identity."""


def frame_hash(game_id: str, deals: int) -> str:
    """The hash of every frame's ``show`` block of ``deals`` seeded random deals of ``game_id``."""
    game = ct.load(game_id)
    names = [f"P{i}" for i in range(game.players)]
    h = hashlib.sha256()
    for seed in range(deals):
        rng = random.Random(seed)
        d = game.deal(seed=seed)
        owner = _Table()
        steps = 0
        while True:
            for seat in [*range(game.players), None]:
                view = d.view(seat) if seat is not None else d.public_view()
                h.update(json.dumps(present.show(d, view, names, owner=owner), sort_keys=True).encode())
            if d.over or steps > 400:
                break
            d.act(rng.choice(d.legal()))
            steps += 1
    return h.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("ids", nargs="*", help="game ids (default: every game)")
    args = ap.parse_args()
    for gid in args.ids or [g.id for g in ct.games()]:
        print(f"{gid:24s} {frame_hash(gid, args.deals)}", flush=True)


if __name__ == "__main__":
    main()
