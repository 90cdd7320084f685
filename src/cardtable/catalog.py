"""The catalogue: an explicit list of game modules, looked up by id or alias.

>>> import cardtable as ct
>>> ct.game_info("napoleon").id
'nap'
>>> ct.load("whist")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.errors.RulesError: unknown game 'whist'; games are: nap, seven-card-nap, ...
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from .core.deal import Deal
from .core.game import Game, GameInfo
from .errors import RulesError

__all__ = ["game_class", "game_info", "games", "load"]

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
            out[cls.id] = cls
    return out


@cache
def _aliases() -> dict[str, str]:
    return {a: cls.id for cls in _classes().values() for a in cls.aliases}


def game_class(game_id: str) -> GameClass:
    """The class of a game id or alias (its variant class); :class:`RulesError` if there is none."""
    if not isinstance(game_id, str):
        raise RulesError(f"a game id is text such as 'nap', not {game_id!r}")
    key = game_id.strip().lower().replace("_", "-").replace(" ", "-")
    classes = _classes()
    key = _aliases().get(key, key)
    if key not in classes:
        raise RulesError(f"unknown game {game_id!r}; games are: {', '.join(classes)}")
    return classes[key]


def games() -> list[GameInfo]:
    """Every game of the catalogue."""
    return [cls.info_() for cls in _classes().values()]


def game_info(game_id: str) -> GameInfo:
    """One game's catalogue entry."""
    return game_class(game_id).info_()


def load(game_id: str, players: int | None = None, *, names: list[str] | tuple[str, ...] | None = None,
         **options: Any) -> Game:
    """A game with its player count, options and the seats' names (default: plain names), validated."""
    return Game(players, names=names, variant=game_class(game_id), **options)
