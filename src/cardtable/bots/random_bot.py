"""The random bot: uniform over the legal actions of its view."""

from __future__ import annotations

from typing import Any

from .base import make_rng

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among ``view(seat)["legal"]``."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = make_rng(seed)

    def choose(self, deal: Any, seat: int) -> str:
        if deal.turn != seat:
            raise ValueError(f"it is seat {deal.turn}'s turn, not seat {seat}'s")
        legal = deal.legal(claims=False)  # its legal actions (view(seat)["legal"]); it never claims or concedes
        return str(self.rng.choice(legal))
