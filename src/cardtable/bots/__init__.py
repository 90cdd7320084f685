"""Bots: they choose an action using only ``deal.view(seat)`` and ``deal.sample(seat, rng)``.

>>> import cardtable as ct
>>> bot = ct.bots.load("random", seed=7)
>>> d = ct.load("nap", players=4).deal(seed=1)
>>> bot.choose(d, d.turn) in d.legal()
True
"""

from __future__ import annotations

from typing import Any

from ..errors import RulesError
from .base import Bot

__all__ = ["KINDS", "Bot", "load"]

KINDS: dict[str, str] = {
    "random": "cardtable.bots.random_bot:RandomBot",
    "heuristic": "cardtable.bots.heuristic:HeuristicBot",
    "ismcts": "cardtable.bots.ismcts:ISMCTSBot",
}


def load(kind: str, **params: Any) -> Bot:
    """A bot by kind (``random``, ``heuristic``, ``ismcts``) with its parameters."""
    import importlib

    if kind not in KINDS:
        raise RulesError(f"unknown bot {kind!r}; bots are: {', '.join(KINDS)}")
    module, name = KINDS[kind].split(":")
    cls = getattr(importlib.import_module(module), name)
    try:
        return cls(**params)  # type: ignore[no-any-return]
    except (TypeError, ValueError) as e:
        raise RulesError(f"bad parameters for bot {kind!r}: {e}") from None
