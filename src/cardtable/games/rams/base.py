"""What the Rams family shares: the declaration base and the undertrump switch.

The deal mechanics (pool, turn-up, active seats, exchanges, restocking, hidden side zones) and the
trick obligations are the core's :class:`~cardtable.core.pools.PoolDeal` and
:class:`~cardtable.core.tricks.TrickRules`; this module holds only what the six games declare alike.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from ...core.options import Option

__all__ = ["PASS", "PLAY", "SEED", "UNDERTRUMP", "PoolGame"]

SEED = "seed 002_306a4d5946fe0cd1.txt (Parlett)"
UNDERTRUMP = Option("undertrump_required", bool, True,
                    doc="a void player unable to overtrump must still play a trump (false: he may then play any card)",
                    source="L3-GAP-4: 'must trump and overtrump ... renounce only if unable to do either'")
PASS, PLAY = 1, 2
"""What a seat said in the bidding (0: not yet spoken)."""


class PoolGame(Game):
    """Common declaration of the family (not shown in the rules)."""

    family = "rams"
    deal_class: Any
