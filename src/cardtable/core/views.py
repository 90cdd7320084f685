"""The view as a declared schema: every key a game's ``view(seat)`` may hold, with its kind and size.

As OpenSpiel's observers list named pieces with shapes, each game declares its view keys (:class:`Key`) and
every client reads the one declaration — the RL encoder its tensor layout, the web client its fields, the
conformance tests what a view may hold — instead of learning the layout from random play. The keys every
view has are :data:`BASE_KEYS`; a trick game adds :data:`TRICK_KEYS`; a game adds its own (``view_keys``).

Sizes are numbers or the name of a quantity of the configured game: ``"players"``, ``"pack"`` (cards in the
pack) or ``"hand"`` (the most cards a hand can hold).

>>> schema = ViewSchema((Key("trump", Kind.SUIT, "the trump suit", null=True),), players=4, pack=52, hand=5)
>>> schema.problems({"trump": "H"}), schema.problems({"trump": "X", "extra": 1})
([], ["trump: 'X' is not a suit letter", 'extra: not a declared key'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from . import events
from .cards import SUITS

__all__ = ["BASE_KEYS", "TRICK_KEYS", "Key", "Kind", "ViewSchema"]


class Kind(StrEnum):
    """What a key holds (JSON values)."""

    BOOL = "bool"
    INT = "int"                  # a whole number (or an exact amount written as text such as "1/3")
    SEAT = "seat"                # a seat number
    SEATS = "seats"              # a list of seat numbers
    PER_SEAT = "per seat"        # a list of one number per seat
    SUIT = "suit"                # a suit letter S H D C
    CARD = "card"                # one card code
    CARDS = "cards"              # a list of card codes, at most ``size``
    SEAT_CARDS = "seat cards"    # {seat: [codes]} (keys are seats, as text in JSON)
    TRICK = "trick"              # [[seat, code], ...], at most one card per seat
    HISTORY = "history"          # [[seat, action text], ...]
    WORD = "word"                # one of ``values``
    WORDS = "words"              # a list of words (the legal actions)
    TEXT = "text"                # free text for people
    AMOUNTS = "amounts"          # {name: amount}
    JSON = "json"                # anything JSON (a settlement, a game's own structure)
    EVENTS = "events"            # the public log of events: [{kind, seat, what, index?}, ...] (.events)


@dataclass(frozen=True)
class Key:
    """One key of a view: name, kind, meaning; ``size`` bounds lists; ``values`` lists a word's values;
    ``null``: may be ``None``; ``always``: present in every view (else only when it applies)."""

    name: str
    kind: Kind
    doc: str
    size: int | str | None = None
    values: tuple[str, ...] | None = None
    null: bool = False
    always: bool = True


BASE_KEYS: tuple[Key, ...] = (
    Key("game", Kind.WORD, "the game id"),
    Key("players", Kind.INT, "the number of seats"),
    Key("seat", Kind.SEAT, "the seat this view is for (None: a spectator)", null=True),
    Key("dealer", Kind.SEAT, "the dealer's seat"),
    Key("turn", Kind.SEAT, "the seat to act (None once the deal is over)", null=True),
    Key("phase", Kind.WORD, "the phase of the deal"),
    Key("over", Kind.BOOL, "whether the deal is over"),
    Key("hand", Kind.CARDS, "the seat's own cards, in display order (None for a spectator)", size="hand", null=True),
    Key("hand_sizes", Kind.PER_SEAT, "how many cards each seat holds"),
    Key("history", Kind.HISTORY, "every action so far, as this seat may see it"),
    Key("events", Kind.EVENTS, "the public log of the deal's events (plays, calls, tricks won...) as this seat "
        "may see them"),
    Key("legal", Kind.WORDS, "the seat's legal actions when it is to act, else empty"),
    Key("result", Kind.JSON, "the settlement, once the deal is over", always=False),
    Key("status", Kind.TEXT, "a one-line summary in words of what is happening (the game's status hook), when "
        "it has one", always=False),
)
"""The keys of every game's view (``Deal._build_view``)."""

TRICK_KEYS: tuple[Key, ...] = (
    Key("trump", Kind.SUIT, "the trump suit (None: no trumps, or not yet known)", null=True, always=False),
    Key("trick", Kind.TRICK, "the cards played to the current trick", size="players", always=False),
    Key("last_trick", Kind.TRICK, "the cards of the last trick completed", size="players", always=False),
    Key("tricks_won", Kind.PER_SEAT, "the tricks each seat has won", always=False),
    Key("leader", Kind.SEAT, "the seat that led the current trick", null=True, always=False),
    Key("claim", Kind.JSON, "a claim or concession of the rest of the tricks: who made it ('seat'), what was "
        "said ('action') and the hand shown to all ('hand')", always=False),
)
"""The keys a trick game's view adds once the play has begun (``TrickDeal.trick_view``)."""


class ViewSchema:
    """The declared keys of one configured game's views, with sizes resolved."""

    def __init__(self, keys: Iterable[Key], *, players: int, pack: int, hand: int) -> None:
        self.keys: dict[str, Key] = {k.name: k for k in keys}
        self.players, self.pack, self.hand = players, pack, hand

    def size(self, key: Key) -> int | None:
        """The resolved bound of a key's lists."""
        if isinstance(key.size, str):
            return {"players": self.players, "pack": self.pack, "hand": self.hand}[key.size]
        return key.size

    def problems(self, view: Mapping[str, Any]) -> list[str]:
        """Everything in ``view`` that does not match the declaration (empty when it conforms)."""
        out = []
        for name, key in self.keys.items():
            if name not in view:
                if key.always:
                    out.append(f"{name}: missing")
                continue
            why = self._mismatch(key, view[name])
            if why:
                out.append(f"{name}: {why}")
        out += [f"{name}: not a declared key" for name in view if name not in self.keys]
        return out

    def _mismatch(self, key: Key, v: Any) -> str | None:
        if v is None:
            return None if key.null else "None where a value is due"
        why: str | None = _CHECKS[key.kind](self, key, v)
        if why is None and isinstance(v, list) and (limit := self.size(key)) is not None and len(v) > limit:
            why = f"{len(v)} items, more than {limit}"
        return why


def _is_int(v: Any) -> bool:
    return (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, str) and v.lstrip("-").replace(
        "/", "", 1).isdigit())


def _is_card(v: Any) -> bool:
    return isinstance(v, str) and (v == "JK" or (len(v) == 2 and v[1] in SUITS and v[0] in "23456789TJQKA"))


def _seat(s: ViewSchema, v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < s.players


def _check_list(v: Any, ok: Any) -> bool:
    return isinstance(v, list) and all(ok(x) for x in v)


_CHECKS: dict[Kind, Any] = {
    Kind.BOOL: lambda s, k, v: None if isinstance(v, bool) else f"{v!r} is not true or false",
    Kind.INT: lambda s, k, v: None if _is_int(v) else f"{v!r} is not a whole number",
    Kind.SEAT: lambda s, k, v: None if _seat(s, v) else f"{v!r} is not a seat",
    Kind.SEATS: lambda s, k, v: None if _check_list(v, lambda x: _seat(s, x)) else f"{v!r} is not a list of seats",
    Kind.PER_SEAT: lambda s, k, v: None if _check_list(v, _is_int) and len(v) == s.players
    else f"{v!r} is not one number per seat",
    Kind.SUIT: lambda s, k, v: None if isinstance(v, str) and len(v) == 1 and v in SUITS
    else f"{v!r} is not a suit letter",
    Kind.CARD: lambda s, k, v: None if _is_card(v) else f"{v!r} is not a card code",
    Kind.CARDS: lambda s, k, v: None if _check_list(v, _is_card) else f"{v!r} is not a list of card codes",
    Kind.SEAT_CARDS: lambda s, k, v: None if isinstance(v, dict) and all(
        _seat(s, int(x)) and _check_list(c, _is_card) for x, c in v.items()) else f"{v!r} is not cards by seat",
    Kind.TRICK: lambda s, k, v: None if _check_list(v, lambda x: isinstance(x, list) and len(x) == 2 and _seat(
        s, x[0]) and _is_card(x[1])) else f"{v!r} is not a trick",
    Kind.HISTORY: lambda s, k, v: None if _check_list(v, lambda x: isinstance(x, list) and len(x) == 2 and _seat(
        s, x[0]) and isinstance(x[1], str)) else f"{v!r} is not a list of [seat, action]",
    Kind.WORD: lambda s, k, v: None if isinstance(v, str) and (k.values is None or v in k.values)
    else f"{v!r} is not one of {k.values}",
    Kind.WORDS: lambda s, k, v: None if _check_list(v, lambda x: isinstance(x, str)) else f"{v!r} is not a word list",
    Kind.TEXT: lambda s, k, v: None if isinstance(v, str) else f"{v!r} is not text",
    Kind.AMOUNTS: lambda s, k, v: None if isinstance(v, dict) and all(_is_int(x) for x in v.values())
    else f"{v!r} is not amounts by name",
    Kind.JSON: lambda s, k, v: None,
    Kind.EVENTS: lambda s, k, v: events.problem(v, s.players),
}
