"""A game: a variant (a deal class carrying its declaration) configured with players, options and names.

``ct.load("nap", players=4)`` finds the variant class by its id and returns a :class:`Game` around it: the
validated options, the player count, the seats' names, and the variant's per-configuration data
(:attr:`Game.setup`, computed once). ``game.deal(...)`` makes deals of that variant.

>>> from cardtable import load
>>> g = load("nap", players=4)
>>> g.info.id, g.players, g.options.misery, g.names
('nap', 4, False, ('Ann', 'Bea', 'Cal', 'Dee'))
>>> d = g.deal(seed=1)
>>> d.players, d.dealer, d.turn
(4, 0, 1)
"""

from __future__ import annotations

import functools
import inspect
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import RulesError
from .cards import Pack
from .dealing import seeded, shuffle
from .fair import KeyedRandom
from .i18n import DEFAULT, LANGUAGES, _, word_labels
from .options import Option, Options
from .rulestext import compose
from .views import ViewSchema
from .words import seat_names

if TYPE_CHECKING:
    from .deal import Deal
    from .kernel import PlayoutKernel

__all__ = ["Game", "GameInfo", "info_of", "players_text", "rules_text_of"]


def players_text(counts: tuple[int, ...] | list[int]) -> str:
    """Player counts in words: ``3 to 10`` for an unbroken run, else ``2, 4 or 6``.

    >>> players_text((3, 4, 5)), players_text((2, 4, 6)), players_text((4, 6)), players_text((4,))
    ('3 to 5', '2, 4 or 6', '4 or 6', '4')
    """
    c = sorted(counts)
    if len(c) > 1 and c == list(range(c[0], c[-1] + 1)):
        return _("{low} to {high}", low=c[0], high=c[-1])
    if len(c) > 1:
        return _("{some} or {last}", some=", ".join(map(str, c[:-1])), last=c[-1])
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


_INFOS: dict[type, GameInfo] = {}
"""Per variant class: its catalogue entry, worked out once."""


def info_of(cls: type) -> GameInfo:
    """The catalogue entry of a variant class."""
    got = _INFOS.get(cls)
    if got is None:
        c: Any = cls
        counts, by_option = _player_counts(c)
        got = _INFOS[cls] = GameInfo(c.id, c.name, c.family, min(counts), max(counts), c.option_specs, c.source,
                                     c.aliases, inspect.getdoc(cls) or "", c.default_players, counts, by_option)
    return got


def _player_counts(cls: Any) -> tuple[tuple[int, ...], tuple[tuple[str, Any, tuple[int, ...]], ...]]:
    """The counts with the default options, and each single option value that changes them."""

    def counts(given: dict[str, Any]) -> tuple[int, ...]:
        probe = Game.__new__(Game)  # a game object around the variant, not configured further
        probe.variant = cls
        probe.options = Options.build(cls.option_specs, given, cls.id, fixed=cls.fixed_options)
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


class Game:
    """A configured game: one variant, a player count, validated options and the seats' names.

    ``Game(4, variant=Nap, misery=True)`` — what ``ct.load`` builds. The variant (a deal class)
    declares the game as class attributes; the game object reads them from it.
    """

    id: str
    name: str
    family: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    default_players: int
    option_specs: tuple[Option, ...]
    source: str
    fixed_options: dict[str, Any]
    pack: Pack
    unit: str
    target: int | None
    """Match target in points, if the game has one (see :meth:`match_over`)."""

    def __init__(self, players: int | None = None, *, variant: type[Deal], names: Sequence[str] | None = None,
                 lang: str | None = None, **options: Any) -> None:
        self.variant = variant
        word_labels(variant)  # its label hooks take a language (once per class)
        if lang is not None and lang not in LANGUAGES:
            raise RulesError(f"lang must be one of {', '.join(map(repr, LANGUAGES))} (or None for English), "
                             f"not {lang!r}")
        self.lang = None if lang == DEFAULT else lang
        """The language of the game's words (labels, reasons) where a caller asks for none: ``None`` is English."""
        for attr in ("id", "name", "family", "aliases", "min_players", "max_players", "default_players",
                     "option_specs", "source", "fixed_options"):
            setattr(self, attr, getattr(variant, attr))
        self.options = Options.build(self.option_specs, options, self.id, fixed=self.fixed_options)
        self.pack = variant.pack_of(self.options)
        n = self.default_players if players is None else players
        if not isinstance(n, int) or isinstance(n, bool):
            raise RulesError(_("{game}: players must be a whole number, not {given}", game=self.id, given=repr(n)))
        counts = self.accepted_players()
        if n not in counts:
            why = _("{game} is for {counts} players, not {n}", game=self.id, counts=players_text(counts), n=n)
            other = None
            for name, v, c in self.info.player_counts_by_option:
                if n in c and c != counts:
                    said = _("{counts} with {option}", counts=players_text(c), option=f"{name}={_value_text(v)}")
                    other = said if other is None else _("{first}; {then}", first=other, then=said)
            raise RulesError(why if other is None else _("{reason} ({others})", reason=why, others=other))
        self.players = n
        self.unit, self.target = variant.unit_of(self.options), variant.target_of(self.options)
        self.plain_names = seat_names(n)
        """The seats' names when none are given (``Ann``, ``Bea``...)."""
        self.names = seat_names(n, names)
        """The seats' names, used in settlement lines, reasons and logs."""
        problem = variant.configuration_problem(n, self.options)
        if problem:
            raise RulesError(f"{self.id}: {problem}")
        self.setup: Any = variant.configure(self)
        """The variant's data for this configuration (its ``configure`` hook), worked out once."""
        kernel = variant.kernel
        self.kernel: PlayoutKernel | None = kernel if kernel is not None and kernel.plays(self) else None
        """The variant's playout kernel when it plays this game and configuration (:mod:`.kernel`), else ``None``."""

    def player_range(self) -> tuple[int, int]:
        """The lowest and highest player counts under the chosen options."""
        return self.variant.player_range(self.options)

    def accepted_players(self) -> tuple[int, ...]:
        """The exact player counts under the chosen options: those of :meth:`player_range` that the
        variant's ``player_counts_of`` lists (all of them when it is empty)."""
        lo, hi = self.player_range()
        only = self.variant.player_counts_of(self.options)
        return tuple(n for n in range(lo, hi + 1) if not only or n in only)

    @property
    def info(self) -> GameInfo:
        """The catalogue entry."""
        return info_of(self.variant)

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.as_dict().items()
                   if v != next(o.default for o in self.option_specs if o.name == k)}
        opts = "".join(f", {k}={v!r}" for k, v in changed.items())
        names = f", names={list(self.names)!r}" if self.names != self.plain_names else ""
        lang = f", lang={self.lang!r}" if self.lang else ""
        return f"load({self.id!r}, players={self.players}{names}{lang}{opts})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as what rebuilds it: the variant, players, names and options."""
        names = list(self.names) if self.names != self.plain_names else None
        return (_rebuild_game, (self.variant, self.players, names, self.options.as_dict(), self.lang))

    def deal(self, seed: int | None = None, deck: str | list[str] | None = None, dealer: int = 0,
             carry: dict[str, Any] | None = None, names: Sequence[str] | None = None, *,
             key: bytes | None = None) -> Deal:
        """A new deal: shuffled from ``seed``, or from a secret 32-byte ``key`` (a fair deal: see
        :mod:`.fair`), or from an arranged ``deck`` (top card first); ``names`` gives the seats other names
        for this deal."""
        if not isinstance(dealer, int) or not 0 <= dealer < self.players:
            raise RulesError(f"dealer must be a seat from 0 to {self.players - 1}, not {dealer!r}")
        if carry is not None and not isinstance(carry, dict):
            raise RulesError(f"carry must be the dict a previous deal's .carry gave, not {carry!r}")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RulesError(f"a deal is shuffled from a whole number such as 7 (or None for a fresh shuffle), "
                             f"not {seed!r}")
        if key is not None and (seed is not None or deck is not None):
            raise RulesError("a deal is shuffled from a number, or from a key, or arranged as a deck: give only one "
                             "of them")
        if deck is not None:
            order = self.pack.parse_order(deck)
        else:
            order = list(range(self.pack.size))
            # a key: the keyed generator's order; a seed: the same order as random.Random(seed).shuffle
            shuffle(order, seeded(seed) if key is None else KeyedRandom(key))
            if self.pack.has_duplicates:
                # Copies of a code take physical ids in the order they lie, as a read-back record does,
                # so a deal and its replay are the same deal card for card.
                order = self.pack.parse_order([self.pack.code_of[c] for c in order])
        seats = None if names is None else seat_names(self.players, names)
        return self.variant(self, order, dealer, carry, seats)

    def replay(self, deck: str | list[str], dealer: int, actions: Sequence[Sequence[Any]], *,
               carry: dict[str, Any] | None = None, names: Sequence[str] | None = None) -> Deal:
        """A deal rebuilt from its pack order, dealer and actions ``[(seat, action), ...]``, each checked
        as it is applied (an illegal one raises :class:`~cardtable.errors.IllegalAction`)."""
        d = self.deal(deck=deck, dealer=dealer, carry=carry, names=names)
        for step in actions:
            if not isinstance(step, Sequence) or len(step) != 2:
                raise RulesError(f"an action of a record is [seat, action], not {step!r}")
            d.act(step[1], seat=step[0])
        return d

    def view_schema(self) -> ViewSchema:
        """The declared keys of this game's views (:mod:`.views`): the core's, then the game's own (which
        may restate a core key more narrowly)."""
        cls = self.variant
        keys = {k.name: k for k in (*cls.core_view_keys, *cls.view_keys)}
        return ViewSchema(keys.values(), players=self.players, pack=self.pack.size, hand=cls.hand_limit(self))

    def random_results(self, n: int, seed: int = 0) -> list[list[Any]]:
        """Settlement deltas of ``n`` new deals (dealers in rotation) played out with random legal actions.

        The playout path for simulation and benchmarks; a game's playout kernel answers where it covers the
        configuration (:mod:`.kernel`).
        """
        if self.kernel is not None:
            return self.kernel.random_results(self, n, seed)
        rng = random.Random(seed)
        return [list(self.deal(seed=rng.getrandbits(64), dealer=i % self.players).playout(rng).result().deltas)
                for i in range(n)]

    def next_dealer(self, deal: Deal) -> int:
        """Who deals next: the deal's ``next_dealer()`` (default: the seat to the dealer's left)."""
        return deal.next_dealer()

    def match_over(self, totals: list[Any], deals: int) -> bool:
        """True when a match has reached its end: the variant's ``match_over`` (default: a target reached)."""
        return self.variant.match_over(self, totals, deals)

    @property
    def ends_by_itself(self) -> bool:
        """Whether a match of this game has an end of its own (a target, or its own ``match_over``); without
        one, a table or a command chooses a number of deals."""
        if self.target is not None:
            return True
        from .deal import Deal

        return next(k for k in self.variant.__mro__ if "match_over" in vars(k)) is not Deal


IN_ENGLISH = {
    "de": "*Diese Spielregeln gibt es nur auf Englisch.*",
    "sv": "*De här spelreglerna finns bara på engelska.*",
}
"""The one line that opens a rules text shown in English to a reader of another language."""


def rules_text_of(cls: type, lang: str | None = None) -> str:
    """The rules for players of a game class, in Markdown: the file ``games/rules/<id>.md`` shipped with the
    package, or else ``rules/<id>.md`` beside the class's own module (a game kept outside the package).

    ``lang``: the text in that language where it has been written (``games/rules/de/<id>.md``); else the
    English text, opened by a line saying, in the reader's language, that the text is in English.
    """
    game_id = cls.id  # type: ignore[attr-defined]
    if lang is not None and lang not in LANGUAGES:
        raise RulesError(f"lang must be one of {', '.join(map(repr, LANGUAGES))} (or None for English), not {lang!r}")
    if lang and lang != DEFAULT:
        folder = resources.files("cardtable.games") / "rules" / lang
        try:
            text = (folder / f"{game_id}.md").read_text(encoding="utf-8")
        except FileNotFoundError:
            return IN_ENGLISH[lang] + "\n\n" + rules_text_of(cls)
        return compose(text, functools.partial(_read_rules, folder))
    folders: list[Any] = [resources.files("cardtable.games") / "rules"]
    module = sys.modules.get(cls.__module__)
    if module is not None and getattr(module, "__file__", None):
        folders.append(Path(module.__file__).parent / "rules")  # type: ignore[arg-type]
    for folder in folders:
        try:
            text = (folder / f"{game_id}.md").read_text(encoding="utf-8")
        except FileNotFoundError:
            continue
        return compose(text, functools.partial(_read_rules, folder))  # a variant's: on its base's
    raise RulesError(f"{game_id}: there is no rules text for this game")


def _read_rules(folder: Any, game_id: str) -> str:
    try:
        return str((folder / f"{game_id}.md").read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RulesError(f"{game_id}: a rules text builds on this game's, which has none") from None


def _rebuild_game(variant: type[Deal], players: int, names: list[str] | None, options: dict[str, Any],
                  lang: str | None = None) -> Game:
    return Game(players, names=names, variant=variant, lang=lang, **options)
