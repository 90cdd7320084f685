"""What wording a state frame in the reader's language costs the server (a benchmark: it prints figures).

Plays Schafkopf deals with bots, builds each seat's state frame after every action as the room does
(``Table.frame``), and times :func:`cardtable.web.lang.worded` (every message in the frame in German or
Swedish) beside ``frame_text`` (the JSON the socket sends), per frame. English frames are sent as built and cost
nothing more. Also prints the size of the room's catalogue and the share of it translated per language.

    PYTHONPATH=src .venv/bin/python benchmarks/words_per_frame.py --deals 20
"""

from __future__ import annotations

import argparse
import time

from babel.messages.pofile import read_po

import cardtable as ct
from cardtable.core.i18n import LOCALE
from cardtable.web import present
from cardtable.web.lang import worded
from cardtable.web.protocol import frame_text


def frames(deals: int) -> list[dict]:
    game = ct.load("schafkopf")
    bots = [ct.bots.load("heuristic", seed=s) for s in range(game.players)]
    out = []
    match = ct.Match(game, seed=1, deals=deals)
    names = ["Ann", "Bea", "Cal", "Dee"][: game.players]
    while not match.over:
        deal = match.next_deal()
        while not deal.over:
            deal.act(bots[deal.turn].choose(deal, deal.turn), seat=deal.turn)
            for seat in range(game.players):
                view = deal.view(seat)
                out.append({"type": "state", "view": view, "show": present.show(deal, view, names)})
        match.record(deal)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=10)
    args = ap.parse_args()
    built = frames(args.deals)
    print(f"{len(built)} frames of {args.deals} Schafkopf deals")
    t0 = time.perf_counter()
    for f in built:
        frame_text(f)
    text = (time.perf_counter() - t0) / len(built)
    print(f"  frame_text (English, as sent):      {text * 1e6:8.1f} µs a frame")
    for lang in ("de", "sv"):
        t0 = time.perf_counter()
        for f in built:
            frame_text(worded(f, lang))
        both = (time.perf_counter() - t0) / len(built)
        print(f"  worded + frame_text ({lang}):           {both * 1e6:8.1f} µs a frame ({both / text:.1f} x)")
    for domain in ("room", "cardtable"):
        pot = LOCALE / f"{domain}.pot"
        if not pot.exists():
            print(f"catalogue {domain}: none yet")
            continue
        with pot.open("rb") as f:
            size = sum(1 for m in read_po(f) if m.id)
        shares = []
        for lang in ("de", "sv"):
            po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            with po.open("rb") as f:
                cat = read_po(f)
            done = sum(1 for m in cat if m.id and not m.fuzzy and all(
                m.string if isinstance(m.string, tuple) else (m.string,)))
            shares.append(f"{lang} {done}/{size} ({100 * done / size:.0f}%)")
        print(f"catalogue {domain}: {size} messages; translated: {', '.join(shares)}")


if __name__ == "__main__":
    main()
