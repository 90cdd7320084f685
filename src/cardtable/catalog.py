"""The catalogue: an explicit list of game modules, looked up by id or alias.

>>> import cardtable as ct
>>> ct.game_info("napoleon").id
'nap'
>>> ct.load("whist")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.errors.RulesError: unknown game 'whist'; games are: nap, seven-card-nap, ...
>>> ct.load("napp")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.errors.RulesError: unknown game 'napp'; did you mean nap? (games are: nap, seven-card-nap, ...)
"""

from __future__ import annotations

import difflib
import importlib
from functools import cache
from typing import Any

from .core.deal import Deal
from .core.game import Game, GameInfo
from .core.i18n import _
from .errors import RulesError

__all__ = ["CATALOGUE", "Catalogue", "game_class", "game_info", "games", "load", "nearest_ids", "rules_text"]

FAMILY_MODULES = (
    "napoleon",
    "loo",
    "rams",
    "spoil_five",
    "schafkopf",
    "bavarian",
    "solo",
    "stops",
    "fan_tan",
    "coon_can",
)
"""Modules under ``cardtable.games``, in catalogue order; each has a ``GAMES`` tuple of variant classes (deal
classes carrying their declaration)."""

GameClass = type[Deal]


@cache
def _classes() -> dict[str, GameClass]:
    out: dict[str, GameClass] = {}
    for name in FAMILY_MODULES:
        try:
            module = importlib.import_module(f"cardtable.games.{name}")
        except ModuleNotFoundError as e:  # a family still being written
            if e.name != f"cardtable.games.{name}":
                raise
            continue
        for cls in module.GAMES:
            if problems := cls.declaration_problems():
                raise TypeError(f"{cls.__name__}: {'; '.join(problems)}")
            if cls.id in out:
                raise TypeError(f"{cls.__name__}: the id {cls.id!r} is {out[cls.id].__name__}'s already")
            out[cls.id] = cls
    _check_aliases(out)
    return out


def _check_aliases(classes: dict[str, GameClass]) -> None:
    """Refuse an alias that is another game's id or alias, or that a class inherited instead of declaring.

    >>> class Nap24(game_class("nap")):
    ...     id, name = "nap-24", "Nap with 24 cards"
    >>> _check_aliases({"nap": game_class("nap"), "nap-24": Nap24})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: Nap24: the aliases ('napoleon',) are inherited from Nap: declare the variant's own (...)
    """
    owner: dict[str, GameClass] = {}
    for cls in classes.values():
        if cls.aliases and "aliases" not in vars(cls):
            base = next(k for k in cls.__mro__ if "aliases" in vars(k))
            raise TypeError(f"{cls.__name__}: the aliases {cls.aliases!r} are inherited from {base.__name__}: "
                            "declare the variant's own (aliases = () for none)")
        for a in cls.aliases:
            if a in classes or a in owner:
                other = classes.get(a) or owner[a]
                raise TypeError(f"{cls.__name__}: the alias {a!r} names {other.__name__} already")
            owner[a] = cls


@cache
def _aliases() -> dict[str, str]:
    return {a: cls.id for cls in _classes().values() for a in cls.aliases}


def game_class(game_id: str) -> GameClass:
    """The class of a game id or alias (its variant class); :class:`RulesError` if there is none."""
    if not isinstance(game_id, str):
        raise RulesError(_("a game id is text such as 'nap', not {given}", given=repr(game_id)))
    key = game_id.strip().lower().replace("_", "-").replace(" ", "-")
    classes = _classes()
    key = _aliases().get(key, key)
    if key not in classes:
        near = nearest_ids(game_id)
        if near:
            raise RulesError(_("unknown game {given}; did you mean {near}? (games are: {games})", given=repr(game_id),
                               near=" or ".join(near), games=", ".join(classes)))
        raise RulesError(_("unknown game {given}; games are: {games}", given=repr(game_id), games=", ".join(classes)))
    return classes[key]


def nearest_ids(name: str, n: int = 3) -> list[str]:
    """The ids of the games whose id or other name is nearest a mistyped ``name`` (none if nothing is near).

    >>> nearest_ids("napolean"), nearest_ids("Coon Cann"), nearest_ids("whist")
    (['nap'], ['coon-can'], [])
    """
    known = {cls.id: cls.id for cls in _classes().values()} | _aliases()
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    return list(dict.fromkeys(known[k] for k in difflib.get_close_matches(key, known, n=n, cutoff=0.6)))


def games() -> list[GameInfo]:
    """Every game of the catalogue."""
    return [cls.info_() for cls in _classes().values()]


class Catalogue:
    """``ct.games``: called, every game of the catalogue (:func:`games`); its attributes are the modules of the
    games package, so ``import cardtable.games.napoleon as nap`` works although the name ``games`` is taken.

    >>> import cardtable as ct
    >>> ct.games()[0].id, ct.games.napoleon.Nap.id
    ('nap', 'nap')
    """

    def __call__(self) -> list[GameInfo]:
        return games()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        try:
            return importlib.import_module(f"cardtable.games.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"cardtable.games.{name}":
                raise
            raise AttributeError(f"cardtable.games has no module {name!r}") from None

    def __repr__(self) -> str:
        return "<the cardtable catalogue: call it for every game; its attributes are the game modules>"


CATALOGUE = Catalogue()


def game_info(game_id: str) -> GameInfo:
    """One game's catalogue entry."""
    return game_class(game_id).info_()


def load(game_id: str, players: int | None = None, *, names: list[str] | tuple[str, ...] | None = None,
         lang: str | None = None, **options: Any) -> Game:
    """A game with its player count, options and the seats' names (default: plain names), validated;
    ``lang`` (``"de"``, ``"sv"``): the language of its words (labels, reasons) by default (English: ``None``)."""
    return Game(players, names=names, variant=game_class(game_id), lang=lang, **options)


def rules_text(game_id: str, lang: str | None = None) -> str:
    """A game's rules for players, in Markdown, in ``lang`` where translated (else in English, saying so)."""
    return game_class(game_id).rules_text(lang)
