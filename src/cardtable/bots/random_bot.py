"""The random bot: uniform over the legal actions of its view."""

from __future__ import annotations

from typing import Any

from .base import make_rng, seat_view

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among ``view(seat)["legal"]``."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = make_rng(seed)

    def choose(self, deal: Any, seat: int) -> str:
        legal = seat_view(deal, seat)["legal"]
        return str(self.rng.choice(legal))
