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
from .core.match import Match
from .errors import RulesError

__all__ = ["replay", "replay_match"]


def replay(record: dict[str, Any], upto: int | None = None) -> Deal:
    """Rebuild a deal from :meth:`Deal.record`, applying its first ``upto`` actions (all by default)."""
    try:
        game = load(record["game"], players=record["players"], names=record.get("names"),
                    **record.get("options", {}))
        deck, dealer, carry = record["deck"], record["dealer"], record.get("carry")
        actions = record["actions"][:upto] if upto is not None else record["actions"]
    except (KeyError, TypeError) as e:
        raise RulesError(f"not a deal record: missing or malformed {e}") from None
    return game.replay(deck=deck, dealer=dealer, carry=carry, actions=actions)


def replay_match(record: dict[str, Any]) -> Match:
    """Rebuild a match from :meth:`Match.to_record <cardtable.core.match.Match.to_record>` (every deal replayed)."""
    try:
        game = load(record["game"], players=record["players"], names=record.get("names"),
                    **record.get("options", {}))
    except (KeyError, TypeError) as e:
        raise RulesError(f"not a match record: missing or malformed {e}") from None
    return Match.from_record(game, record)
