"""The packs a table's cards are drawn in: the French pack (black and red suits), the four-colour French pack
(clubs green, diamonds blue) and the German-suited pack (Bavarian pattern: acorns, leaves, hearts, bells), which
fits only games played with 32 or 36 cards and no joker.

A table's creator may choose its pack (``auto``: the German pack for the Schafkopf family when the page is in
German, the French one otherwise); each browser may choose its own, which wins over the table's. The pages draw
the cards (static/cards.js, static/german.js); this module only says which packs a game may be drawn in.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import cardtable as ct

__all__ = ["AUTO", "GERMAN_FIRST", "PACKS", "pack_choice", "packs_for", "packs_of_game"]

PACKS = ("french", "four-colour", "german")
"""The packs, as the pages name them."""

AUTO = "auto"
"""A table's pack left to each page: German for the Schafkopf family in German, French otherwise."""

GERMAN_FIRST = frozenset({"schafkopf", "auction-schafkopf", "bavarian-schafkopf"})
"""The Schafkopf family (games/schafkopf.py and games/bavarian.py): German cards first for a German reader."""

_GERMAN_SIZES = (32, 36)


def packs_for(game: Any) -> tuple[str, ...]:
    """The packs a loaded game may be drawn in: the German one only for a pack of 32 or 36 cards, no joker."""
    pack = game.pack
    german = pack.size in _GERMAN_SIZES and not pack.has_duplicates and "JK" not in pack.code_of
    return PACKS if german else PACKS[:2]


@cache
def packs_of_game(game_id: str) -> tuple[str, ...]:
    """The packs a game of the catalogue may be drawn in under its default options."""
    return packs_for(ct.load(game_id))


def pack_choice(value: Any, game: Any) -> str:
    """The table's pack from a new table's ``pack`` field (absent: ``auto``). Raises ``ValueError`` saying
    what is allowed."""
    if value is None:
        return AUTO
    allowed = packs_for(game)
    if value == AUTO or value in allowed:
        return str(value)
    if value == "german":
        raise ValueError(f"pack: the German-suited pack is for games of 32 or 36 cards without jokers; "
                         f"{game.info.name} is played with the {game.pack.name} pack; choose one of: "
                         f"{', '.join((AUTO, *allowed))}")
    raise ValueError(f"pack is the cards' look, one of: {', '.join((AUTO, *allowed))}; not {value!r}")
