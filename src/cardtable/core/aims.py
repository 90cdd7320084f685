"""The aim of a game, declared for bots: what counts in a deal and what each side wants.

A game states its aim as a class attribute (``aim = Aim(...)``), so that a bot plays a new game
sensibly with no list of games of its own: the heuristic bot reads it to choose its card play (tricks
or card points), its declarations (a bid that counts tricks) and the rules of thumb it knows for the
game's other decisions (entering a pool, robbing, stops, layouts, melds). What changes within a deal —
who declared, who plays with whom, who is avoiding tricks in a Misère — stays with the deal's hooks
``declarer_seat()``, ``side(seat)`` and ``wants_tricks(seat)``.

>>> Aim().counts, Aim().wants
('tricks', 'most')
>>> Aim("card points", "target", card_points={"A": 11, "T": 10}, target=61).points("A")
11
>>> Aim("cards").problems()
["an aim counts one of 'tricks', 'card points', 'cards shed', not 'cards'"]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = ["BIDS", "COUNTS", "SHEDDING", "WANTS", "Aim"]

COUNTS = {
    "tricks": "the number of tricks won",
    "card points": "the points of the cards in the tricks won",
    "cards shed": "getting rid of one's cards",
}
"""What a game counts, in words."""

WANTS = {
    "most": "each side takes as many as it can",
    "bid": "the declarer takes at least the tricks he bid; the others stop him",
    "target": "the declaring side takes at least the target; the others stop it",
    "pool": "each trick takes a share of the pool, and a player may stand out of a deal",
    "score": "tricks score toward the pool or the game, and the turn-up may be robbed",
    "first out": "the first to play out his cards wins",
}
"""What each side wants, in words."""

BIDS = {"": "no bids, or bids judged by playing them out", "tricks": "a bid's number is a count of tricks"}
"""What a bid's number means."""

SHEDDING = {
    "": "not a shedding game",
    "stops": "cards go out in suit sequences that stop at a missing card, paying the money cards",
    "layout": "cards go out on a layout built up and down from the sevens, passing or paying when unable",
    "melds": "cards go out in sets and sequences, with lay-offs and a discard",
}
"""How cards are shed, in a shedding game."""


@dataclass(frozen=True)
class Aim:
    """What counts in a deal (``counts``) and what each side wants (``wants``), with the details a bot needs."""

    counts: str = "tricks"
    """A key of :data:`COUNTS`."""
    wants: str = "most"
    """A key of :data:`WANTS`."""
    card_points: Mapping[str, int] = field(default_factory=dict)
    """Where cards count points: each rank letter's points (ranks not named count nothing)."""
    target: int | None = None
    """Where the declaring side needs a number of points or tricks: that number."""
    bids: str = ""
    """A key of :data:`BIDS`."""
    sheds: str = ""
    """A key of :data:`SHEDDING`."""
    stock_prize: bool = False
    """Whether, while the stock lasts, tricks count nothing but are played for the stock's top card, face up:
    the winner takes it, the loser the next (German Whist's first half)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "card_points", MappingProxyType(dict(self.card_points)))

    def points(self, code: str) -> int:
        """The card points of the card ``code`` (its rank letter first; a joker counts nothing)."""
        return 0 if code.startswith("JK") else self.card_points.get(code[0], 0)

    def problems(self) -> list[str]:
        """What is wrong with the declaration, in words (empty when nothing is)."""
        out = []
        for name, value, allowed in (("counts", self.counts, COUNTS), ("wants", self.wants, WANTS),
                                     ("bids", self.bids, BIDS), ("sheds", self.sheds, SHEDDING)):
            if value not in allowed:
                out.append(f"an aim {name} one of {', '.join(map(repr, allowed))}, not {value!r}")
        if (self.counts == "card points") != bool(self.card_points):
            out.append("an aim that counts card points gives the points of the cards, and only then")
        if (self.counts == "cards shed") != bool(self.sheds):
            out.append("an aim that counts cards shed says how they are shed, and only then")
        return out
