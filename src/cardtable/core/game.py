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

__all__ = ["Game", "GameInfo", "players_text"]


def players_text(counts: tuple[int, ...] | list[int]) -> str:
    """Player counts in words: ``3 to 10`` for an unbroken run, else ``2, 4 or 6``.

    >>> players_text((3, 4, 5)), players_text((2, 4, 6)), players_text((4, 6)), players_text((4,))
    ('3 to 5', '2, 4 or 6', '4 or 6', '4')
    """
    c = sorted(counts)
    if len(c) > 1 and c == list(range(c[0], c[-1] + 1)):
        return f"{c[0]} to {c[-1]}"
    if len(c) > 1:
        return ", ".join(map(str, c[:-1])) + f" or {c[-1]}"
    return str(c[0]) if c else "no"


def _value_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class GameInfo:
    """What the catalogue says of a game.

    ``player_counts``: the exact numbers of players the game takes with its default options;
    ``player_counts_by_option``: ``(option, value, counts)`` for each option value that changes them (Twenty-Five's
    individual scoring takes 2 to 10). ``min_players`` and ``max_players`` are the fewest and most of
    ``player_counts``: a game loads with either under its default options.
    """

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
    player_counts: tuple[int, ...] = ()
    player_counts_by_option: tuple[tuple[str, Any, tuple[int, ...]], ...] = ()

    def players_text(self, options: bool = True) -> str:
        """The counts in words: ``2, 4 or 6 (2 to 10 with scoring=five_per_trick_individual)``; with
        ``options=False`` only those of the default options."""
        extra = "; ".join(f"{players_text(c)} with {name}={_value_text(v)}"
                          for name, v, c in self.player_counts_by_option if options)
        return players_text(self.player_counts) + (f" ({extra})" if extra else "")

    def counts_for(self, options: dict[str, Any] | None = None) -> tuple[int, ...]:
        """The counts with these options set (the others at their defaults)."""
        for name, value, counts in self.player_counts_by_option:
            if (options or {}).get(name) == value:
                return counts
        return self.player_counts


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
    player_counts: ClassVar[tuple[int, ...]] = ()
    """The exact numbers of players the game takes (with its default options), where not every count from
    ``min_players`` to ``max_players`` is one (Forty-Five: 2, 4 or 6); see :meth:`accepted_players`."""
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
        counts = self.accepted_players()
        if n not in counts:
            info = self.info_()
            other = [f"{players_text(c)} with {name}={_value_text(v)}" for name, v, c in info.player_counts_by_option
                     if n in c and c != counts]
            raise RulesError(f"{self.id} is for {players_text(counts)} players, not {n}"
                             + (f" ({'; '.join(other)})" if other else ""))
        self.players = n
        self._validate()

    def player_range(self) -> tuple[int, int]:
        """The lowest and highest player counts under the chosen options."""
        return self.min_players, self.max_players

    def accepted_players(self) -> tuple[int, ...]:
        """The exact player counts under the chosen options: those of :meth:`player_range` that
        ``player_counts`` lists (all of them when it is empty)."""
        lo, hi = self.player_range()
        only = type(self).player_counts
        return tuple(n for n in range(lo, hi + 1) if not only or n in only)

    def _validate(self) -> None:
        """Check option combinations; raise :class:`RulesError` for a bad one."""

    @classmethod
    def info_(cls) -> GameInfo:
        """The catalogue entry of this class."""
        got: GameInfo | None = cls.__dict__.get("_info")
        if got is None:
            counts, by_option = cls._player_counts()
            got = GameInfo(cls.id, cls.name, cls.family, min(counts), max(counts), cls.option_specs, cls.source,
                           cls.aliases, inspect.getdoc(cls) or "", cls.default_players, counts, by_option)
            cls._info = got  # type: ignore[attr-defined]
        return got

    @classmethod
    def _player_counts(cls) -> tuple[tuple[int, ...], tuple[tuple[str, Any, tuple[int, ...]], ...]]:
        """The counts with the default options, and each single option value that changes them."""

        def counts(given: dict[str, Any]) -> tuple[int, ...]:
            probe = cls.__new__(cls)
            probe.options = Options.build(cls.option_specs, given, cls.id)
            return probe.accepted_players()

        default = counts({})
        by_option = []
        for o in cls.option_specs:
            values = (not o.default,) if o.type is bool else \
                o.allowed if isinstance(o.allowed, tuple) and not isinstance(o.allowed, range) else ()
            for v in values:
                if v != o.default:
                    c = counts({o.name: v})
                    if c != default:
                        by_option.append((o.name, v, c))
        return default, tuple(by_option)

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
