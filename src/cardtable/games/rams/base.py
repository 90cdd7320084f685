"""What the Rams family shares: the declaration base, the undertrump switch and the rule-book text.

The deal mechanics (pool, turn-up, active seats, exchanges, restocking, hidden side zones) and the
trick obligations are the core's :class:`~cardtable.core.pools.PoolDeal` and
:class:`~cardtable.core.tricks.TrickRules`; this module holds only what the six games declare alike.

>>> print(reflow('''One paragraph
... on two lines.
...
... - a list item
... - another'''))
One paragraph on two lines.
<BLANKLINE>
- a list item
- another
"""

from __future__ import annotations

import inspect
from typing import Any

from ...core.game import Game
from ...core.options import Option

__all__ = ["PASS", "PLAY", "SEED", "UNDERTRUMP", "PoolGame", "reflow"]

SEED = "seed 002_306a4d5946fe0cd1.txt (Parlett)"
UNDERTRUMP = Option("undertrump_required", bool, True,
                    doc="a void player unable to overtrump must still play a trump (false: he may then play any card)",
                    source="L3-GAP-4: 'must trump and overtrump ... renounce only if unable to do either'")
PASS, PLAY = 1, 2
"""What a seat said in the bidding (0: not yet spoken)."""


def reflow(doc: str) -> str:
    """A docstring's paragraphs each on one line (a line starting ``- `` starts a new line)."""
    paragraphs = []
    for para in doc.strip().split("\n\n"):
        lines: list[str] = []
        for line in para.strip().splitlines():
            line = line.strip()
            if not lines or line.startswith("- "):
                lines.append(line)
            else:
                lines[-1] += " " + line
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


class PoolGame(Game):
    """Common declaration of the family (not shown in the rules)."""

    family = "rams"
    deal_class: Any

    @classmethod
    def rules_text(cls) -> str:
        """The game's rule book: its class docstring, then those of the games it varies, reflowed."""
        docs = [k.__dict__["__doc__"] for k in cls.__mro__
                if isinstance(k, type) and issubclass(k, PoolGame) and k is not PoolGame and k.__dict__.get("__doc__")]
        return "\n\n".join(reflow(inspect.cleandoc(d)) for d in docs)
