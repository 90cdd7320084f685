"""Hash seeded bot-vs-bot histories of every game, to show that a change to the bots leaves their choices alone.

Every seat is the heuristic bot (seeded per seat); each deal's actions, settlement and one seat's
determinisation are hashed per game id. Run it before and after a change and compare the lines::

    python benchmarks/bot_histories.py --deals 4 > before.txt
    python benchmarks/bot_histories.py --deals 4 > after.txt
    diff before.txt after.txt
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

import cardtable as ct


def history_hash(game_id: str, deals: int, bot: str) -> str:
    """The hash of ``deals`` seeded deals of ``game_id`` played by ``bot`` at every seat."""
    game = ct.load(game_id)
    h = hashlib.sha256()
    for seed in range(deals):
        bots = [ct.bots.load(bot, seed=1000 * seed + s) for s in range(game.players)]
        d = game.deal(seed=seed)
        while not d.over:
            seat = d.turn
            assert seat is not None
            d.act(bots[seat].choose(d, seat))
        h.update(repr(d.history).encode())
        h.update(repr(d.result().deltas).encode())
        h.update(repr(d.sample(0, random.Random(seed)).hands).encode())
    return h.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=4)
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("ids", nargs="*", help="game ids (default: every game)")
    args = ap.parse_args()
    for gid in args.ids or [g.id for g in ct.games()]:
        t = time.perf_counter()
        digest = history_hash(gid, args.deals, args.bot)
        print(f"{gid:24s} {digest}  # {time.perf_counter() - t:.1f} s", flush=True)


if __name__ == "__main__":
    main()
