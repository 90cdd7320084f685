"""Hash the engine's words for seeded random deals of every game, to show that a change leaves them alone.

For each game id, a few seeded deals are played at random; at every step the words a player may meet are
collected: the labels of the legal actions (:func:`cardtable.core.words.label`), the reasons given for
refused actions (every card of the pack and a few common words tried as actions, by the seat to act and by
the next seat), the phase in words, the status line, and at the end the settlement's lines. They are hashed
per game. Run it before and after a change and compare the lines::

    python benchmarks/words_hash.py > before.txt
    python benchmarks/words_hash.py > after.txt
    diff before.txt after.txt

``--lang de`` hashes the same words translated (to see that a catalogue change moves only that language).
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections.abc import Callable, Iterator

import cardtable as ct
from cardtable.core import words
from cardtable.core.i18n import translate

TRIED = ("pass", "take", "bid 5", "bid 100", "claim", "concede", "call AS", "exchange 2", "discard", "stand",
         "play", "nonsense words", "")
"""Actions tried at every step besides the pack's cards, to collect the reasons they are refused."""


def deal_words(game_id: str, seed: int, limit: int = 400) -> Iterator[str]:
    """Every word-bearing string of one seeded random deal of ``game_id``, in a fixed order."""
    game = ct.load(game_id)
    rng = random.Random(seed)
    d = game.deal(seed=seed)
    codes = sorted(set(d.pack.codes(d.pack.full)))
    steps = 0
    while not d.over and steps <= limit:
        turn = d.turn
        yield words.phase_words(d.phase)
        for seat in range(game.players):
            s = d.status(seat)
            if s:
                yield s
        legal = d.legal()
        for a in legal:
            yield words.label(d, a)
        for a in (*codes, *TRIED):
            for seat in (None, (turn + 1) % game.players):
                why = d.why_not(a, seat)
                if why is not None:
                    yield why
        d.act(rng.choice(legal))
        steps += 1
    yield words.phase_words(d.phase)
    if d.over:
        yield from d.result().lines


def words_hash(game_id: str, deals: int, lang: str | None = None,
               out: Callable[[str], None] | None = None) -> str:
    """The hash of the words of ``deals`` seeded random deals of ``game_id`` (translated into ``lang``)."""
    h = hashlib.sha256()
    for seed in range(deals):
        for w in deal_words(game_id, seed):
            text = translate(w, lang)
            if out is not None:
                out(text)
            h.update(text.encode() + b"\n")
    return h.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2)
    ap.add_argument("--lang", default=None, help="translate the words into this language first")
    ap.add_argument("--show", action="store_true", help="print the words themselves too")
    ap.add_argument("ids", nargs="*", help="game ids (default: every game)")
    args = ap.parse_args()
    for gid in args.ids or [g.id for g in ct.games()]:
        print(f"{gid:24s} {words_hash(gid, args.deals, args.lang, print if args.show else None)}", flush=True)


if __name__ == "__main__":
    main()
