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

__all__ = ["KINDS", "MORE_KINDS", "Bot", "load"]

KINDS: dict[str, str] = {
    "random": "cardtable.bots.random_bot:RandomBot",
    "heuristic": "cardtable.bots.heuristic:HeuristicBot",
    "ismcts": "cardtable.bots.ismcts:ISMCTSBot",
}
"""The bots that play every game: the ones the rooms and the command line offer."""

MORE_KINDS: dict[str, str] = {
    # A network per game, played in NumPy on the encoder's observation: it lives beside the encoder in the
    # research adapters (the rl extra), which sit above the bots; the registry loads it by name.
    "learned": "cardtable.rl.learned:LearnedBot",
}
"""Bots that play only some games (``learned``: the games with trained weights, ``cardtable.rl.learned``):
``load`` takes them; the rooms and the command line's lists of bots do not offer them."""


def load(kind: str, **params: Any) -> Bot:
    """A bot by kind (``random``, ``heuristic``, ``ismcts``, ``learned``) with its parameters; an unknown parameter is
    refused naming the ones the kind takes.

    >>> load("ismcts", secs=1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardtable.errors.RulesError: bot 'ismcts' has no parameter 'secs' (did you mean seconds?); its parameters ...
    """
    import difflib
    import importlib
    import inspect

    kinds = KINDS | MORE_KINDS
    if kind not in kinds:
        raise RulesError(f"unknown bot {kind!r}; bots are: {', '.join(kinds)}")
    module, name = kinds[kind].split(":")
    cls = getattr(importlib.import_module(module), name)
    takes = [p for p in inspect.signature(cls).parameters.values()
             if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    allowed = ", ".join(p.name for p in takes) or "none"
    open_ended = any(p.kind == p.VAR_KEYWORD for p in inspect.signature(cls).parameters.values())
    for key in params:
        if not open_ended and key not in {p.name for p in takes}:
            near = difflib.get_close_matches(key, [p.name for p in takes], n=1)
            hint = f" (did you mean {near[0]}?)" if near else ""
            raise RulesError(f"bot {kind!r} has no parameter {key!r}{hint}; its parameters are: {allowed}")
    try:
        return cls(**params)  # type: ignore[no-any-return]
    except (TypeError, ValueError) as e:
        raise RulesError(f"bad parameters for bot {kind!r}: {e} (its parameters are: {allowed})") from None
