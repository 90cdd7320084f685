"""A game: a small declaration (id, players, pack, options, source) that makes deals.

>>> from cardtable import load
>>> g = load("nap", players=4)
>>> g.info.id, g.players, g.options.misery
('nap', 4, False)
>>> d = g.deal(seed=1)
>>> d.players, d.dealer, d.turn
(4, 0, 1)
"""

from __future__ import annotations

import inspect
import random
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import RulesError
from .cards import PACK_52, Pack
from .dealing import seeded, shuffle
from .options import Option, Options

if TYPE_CHECKING:
    from .deal import Deal

__all__ = ["Game", "GameInfo"]


@dataclass(frozen=True)
class GameInfo:
    """What the catalogue says of a game."""

    id: str
    name: str
    family: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    source: str
    aliases: tuple[str, ...] = ()
    doc: str = ""
    default_players: int = 4


class Game:
    """Base of every game. Subclasses set the class attributes and ``deal_class``.

    A variant that differs only in data is a subclass that changes only those attributes.
    """

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    family: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    pack: ClassVar[Pack] = PACK_52
    option_specs: ClassVar[tuple[Option, ...]] = ()
    source: ClassVar[str] = ""
    deal_class: ClassVar[type[Deal]]
    unit: ClassVar[str] = "chips"
    target: ClassVar[int | None] = None
    """Match target in points, if the game has one (see :meth:`match_over`)."""

    def __init__(self, players: int | None = None, **options: Any) -> None:
        self.options = Options.build(self.option_specs, options, self.id)
        n = self.default_players if players is None else players
        if not isinstance(n, int) or isinstance(n, bool):
            raise RulesError(f"{self.id}: players must be a whole number, not {n!r}")
        lo, hi = self.player_range()
        if not lo <= n <= hi:
            raise RulesError(f"{self.id} is for {lo} to {hi} players, not {n}")
        self.players = n
        self._validate()

    def player_range(self) -> tuple[int, int]:
        """The allowed player counts under the chosen options."""
        return self.min_players, self.max_players

    def _validate(self) -> None:
        """Check option combinations; raise :class:`RulesError` for a bad one."""

    @classmethod
    def info_(cls) -> GameInfo:
        """The catalogue entry of this class."""
        return GameInfo(cls.id, cls.name, cls.family, cls.min_players, cls.max_players, cls.option_specs,
                        cls.source, cls.aliases, inspect.getdoc(cls) or "", cls.default_players)

    @property
    def info(self) -> GameInfo:
        """The catalogue entry."""
        return self.info_()

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.as_dict().items()
                   if v != next(o.default for o in self.option_specs if o.name == k)}
        opts = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"load({self.id!r}, players={self.players}{opts})"

    def deal(self, seed: int | None = None, deck: str | list[str] | None = None, dealer: int = 0,
             carry: dict[str, Any] | None = None) -> Deal:
        """A new deal: shuffled from ``seed``, or from an arranged ``deck`` (top card first)."""
        if not isinstance(dealer, int) or not 0 <= dealer < self.players:
            raise RulesError(f"dealer must be a seat from 0 to {self.players - 1}, not {dealer!r}")
        if carry is not None and not isinstance(carry, dict):
            raise RulesError(f"carry must be the dict a previous deal's .carry gave, not {carry!r}")
        if deck is not None:
            order = self.pack.parse_order(deck)
        else:
            order = list(range(self.pack.size))
            shuffle(order, seeded(seed))  # the same order as random.Random(seed).shuffle
            if self.pack.has_duplicates:
                # Copies of a code take physical ids in the order they lie, as a read-back record does,
                # so a deal and its replay are the same deal card for card.
                order = self.pack.parse_order([self.pack.code_of[c] for c in order])
        return self.deal_class(self, order, dealer, carry)

    def random_results(self, n: int, seed: int = 0) -> list[list[Any]]:
        """Settlement deltas of ``n`` new deals (dealers in rotation) played out with random legal actions.

        The playout path for simulation and benchmarks; a game may answer from a compiled kernel.
        """
        rng = random.Random(seed)
        return [list(self.deal(seed=rng.getrandbits(64), dealer=i % self.players).playout(rng).result().deltas)
                for i in range(n)]

    def next_dealer(self, deal: Deal) -> int:
        """Who deals next (default: the seat to the dealer's left)."""
        return (deal.dealer + deal.direction) % self.players

    def match_over(self, totals: list[Any], deals: int) -> bool:
        """True when a match has reached its end (default: when a target score is reached)."""
        return self.target is not None and any(t >= self.target for t in totals)

    @classmethod
    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "rules_text" in cls.__dict__:  # one rules text per game, its file: a class's own text is not used
            delattr(cls, "rules_text")

    @classmethod
    def rules_text(cls) -> str:
        """The rules for players, in Markdown: the file ``games/rules/<id>.md`` shipped with the package."""
        try:
            return (resources.files("cardtable.games") / "rules" / f"{cls.id}.md").read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RulesError(f"{cls.id}: there is no rules text for this game") from None
