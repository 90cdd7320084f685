"""Per-family rules of thumb for the heuristic bot, registered by family name."""

from __future__ import annotations

from . import pools, rummy

__all__ = ["POLICIES"]

POLICIES = {"rummy": rummy.policy, "loo": pools.policy, "rams": pools.policy}
