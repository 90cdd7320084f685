"""What the OpenSpiel adapter states about a game configuration, read from the game's declaration.

OpenSpiel asks a game for its longest possible play, its utility bounds, whether it is zero-sum, and how
many chance outcomes it has. Each game declares them (``Deal.deal_bounds(players, options)``, a
:class:`cardtable.core.bounds.DealBounds`: exact figures or proven upper bounds, argued in each game's
docstring of the hook), and its action forms (``Deal.action_forms``); nothing is measured:

- ``dealt``: how many cards of the pack order a deal depends on (the cards dealt where play never draws from
  the stock, else the whole pack); OpenSpiel's chance nodes deal those cards only;
- ``actions``: the most actions in one deal; ``tokens``: the most tokens, each action entered token by token
  with its closing ``<end>`` where one is needed (at most the longest action form's tokens plus one, each);
- ``deltas``: the least and the most one seat can get in a deal;
- ``zero_sum``: whether every deal's deltas sum to zero.
"""

from __future__ import annotations

from typing import Any

import cardtable as ct
from cardtable.core.bounds import DealBounds

from .actions import tokenize

__all__ = ["config_facts", "declared_bounds"]


def declared_bounds(game: ct.Game) -> DealBounds:
    """The bounds a configured game declares for its deals."""
    return game.variant.deal_bounds(game.players, game.options)


def longest_action(game: ct.Game) -> int:
    """The most tokens in one action of this configuration: declared, or the longest action form's."""
    b = declared_bounds(game)
    if b.longest_action is not None:
        return b.longest_action
    return max(len(tokenize(f.text)) for f in game.variant.action_forms_of(game.options))


def config_facts(game: ct.Game) -> dict[str, Any]:
    """The facts of one configuration (see the module text), from the game's declaration."""
    b = declared_bounds(game)
    return {"dealt": b.dealt, "actions": b.actions, "tokens": b.actions * (longest_action(game) + 1),
            "deltas": (float(b.least), float(b.most)), "zero_sum": b.zero_sum}
