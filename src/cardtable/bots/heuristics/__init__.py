"""Per-family rules of thumb for the heuristic bot, registered by family name."""

from __future__ import annotations

from . import acetens, bavarian, fantan, pools, rummy, spoil, stops

__all__ = ["LIKELIHOODS", "POLICIES"]

POLICIES = {
    "rummy": rummy.policy,
    "loo": pools.policy,
    "rams": pools.policy,
    "stops": stops.policy,
    "fan-tan": fantan.policy,
    "spoil five": spoil.policy,
    "euchre": spoil.policy,  # Hasenpfeffer, a euchre offshoot played here with the Spoil Five family's machinery
    "schafkopf": acetens.policy,
    "solo": acetens.policy,
    "bavarian schafkopf": bavarian.policy,
}

LIKELIHOODS = {
    "fan-tan": fantan.choice_loglik,
}
"""Per-family models of how likely the other seats' past choices are under the rules of thumb, given a
determinisation's hands (``None`` where a game is not modelled); IS-MCTS's ``infer`` weighs by them."""
