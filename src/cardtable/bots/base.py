"""The bot protocol."""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

__all__ = ["Bot", "seat_view"]


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(deal, seat) -> action``."""

    def choose(self, deal: Any, seat: int) -> str:
        """Pick a legal action for ``seat``, using only its view and samples."""
        ...


def seat_view(deal: Any, seat: int) -> dict[str, Any]:
    """The view a bot may read (checks that it is ``seat``'s turn)."""
    if deal.turn != seat:
        raise ValueError(f"it is seat {deal.turn}'s turn, not seat {seat}'s")
    return deal.view(seat)  # type: ignore[no-any-return]


def make_rng(seed: int | None) -> random.Random:
    """A private RNG for a bot."""
    return random.Random(seed)
