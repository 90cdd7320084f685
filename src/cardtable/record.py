"""Records of deals: replaying one rebuilds the deal exactly.

>>> import cardtable as ct
>>> d = ct.load("nap", players=3).deal(seed=3)
>>> d.act(d.legal()[1])
>>> again = ct.replay(d.record())
>>> again.history == d.history and again.view(0) == d.view(0)
True
"""

from __future__ import annotations

from typing import Any

from .catalog import load
from .core.deal import Deal
from .errors import RulesError

__all__ = ["replay"]


def replay(record: dict[str, Any], upto: int | None = None) -> Deal:
    """Rebuild a deal from :meth:`Deal.record`, applying its first ``upto`` actions (all by default)."""
    try:
        game = load(record["game"], players=record["players"], **record.get("options", {}))
        deal = game.deal(deck=record["deck"], dealer=record["dealer"], carry=record.get("carry"))
        actions = record["actions"][:upto] if upto is not None else record["actions"]
    except (KeyError, TypeError) as e:
        raise RulesError(f"not a deal record: missing or malformed {e}") from None
    for seat, action in actions:
        deal.act(action, seat=seat)
    return deal
