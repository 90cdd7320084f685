"""Rules of thumb for the heuristic bot, found by the aim a game declares (:mod:`cardtable.core.aims`).

>>> import cardtable as ct
>>> from cardtable.core.aims import Aim
>>> policy_for(Aim("cards shed", "first out", sheds="melds")) is rummy.policy
True
>>> policy_for(Aim()) is None  # most tricks: the generic card play is all there is to it
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...core.aims import Aim
from ...core.deal import Deal
from . import acetens, bavarian, fantan, pools, rummy, spoil, stops

__all__ = ["Likelihood", "Policy", "likelihood_for", "policy_for"]

Policy = Callable[[Deal, int, list[str], random.Random], "str | None"]
"""A policy for the decisions besides card play: an action, or None to leave it to the caller."""
Likelihood = Callable[..., float]

_SHEDDING: dict[str, Policy] = {"melds": rummy.policy, "stops": stops.policy, "layout": fantan.policy}
_TRICKS: dict[str, Policy] = {"pool": pools.policy, "score": spoil.policy}
_OWN: dict[str, Policy] = {"bavarian schafkopf": bavarian.policy}
"""A family whose declarations have rules of thumb of their own beyond what its aim gives: Bavarian Schafkopf's
announcing a game, calling an ace and doubling (its card play is the card-point play its aim gives)."""


def policy_for(aim: Aim, family: str | None = None) -> Policy | None:
    """The rules of thumb for a game with this aim: the shedding games' by how cards are shed, the card-point
    games' (bidding and discarding on the card points a hand should take), the pool games' (entering,
    exchanging, robbing) and the scoring trick games' (robbing, jinking, bidding); None for the others. A
    ``family`` with declarations of its own (:data:`_OWN`) has its own."""
    if family in _OWN:
        return _OWN[family]
    if aim.counts == "cards shed":
        return _SHEDDING.get(aim.sheds)
    if aim.counts == "card points":
        return acetens.policy
    return _TRICKS.get(aim.wants)


def likelihood_for(aim: Aim) -> Likelihood | None:
    """A model of how likely the other seats' past choices are under the rules of thumb, given a
    determinisation's hands, where the aim's games are modelled (a layout's passes), else None; IS-MCTS's
    ``infer`` weighs by it."""
    return fantan.choice_loglik if aim.counts == "cards shed" and aim.sheds == "layout" else None
