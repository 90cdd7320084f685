"""Per-family rules of thumb for the heuristic bot, registered by family name."""

from __future__ import annotations

from . import acetens, fantan, pools, rummy, spoil, stops

__all__ = ["POLICIES"]

POLICIES = {
    "rummy": rummy.policy,
    "loo": pools.policy,
    "rams": pools.policy,
    "stops": stops.policy,
    "fan-tan": fantan.policy,
    "spoil five": spoil.policy,
    "schafkopf": acetens.policy,
    "solo": acetens.policy,
}
