"""cardtable: the rules, bots and apps of traditional card games.

>>> import cardtable as ct
>>> game = ct.load("nap", players=4)
>>> deal = game.deal(seed=42)
>>> deal.turn, deal.legal()[:3]
(1, ['pass', 'bid 2', 'bid 3'])
"""

from __future__ import annotations

# ``_pure`` first: with CARDTABLE_PURE=1 set, the plain Python modules are imported even where compiled
# ones exist. Import the games package before binding the name ``games`` to the catalogue function below.
from . import _pure, bots, core  # noqa: F401
from . import games as _games_package  # noqa: F401
from .catalog import CATALOGUE as games  # called: every game; its attributes: the game modules
from .catalog import game_info, load, rules_text
from .core.chips import Settlement
from .core.deal import Deal
from .core.game import Game, GameInfo
from .core.match import Match
from .errors import CardError, IllegalAction, RulesError
from .record import replay, replay_match

__all__ = [
    "CardError",
    "Deal",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Match",
    "RulesError",
    "Settlement",
    "bots",
    "core",
    "game_info",
    "games",
    "load",
    "replay",
    "replay_match",
    "rules_text",
]
__version__ = "0.1.0"
