"""Rules of thumb for the acetens family (to be written)."""

from __future__ import annotations

import random

from ...core.deal import Deal


def policy(d: Deal, seat: int, legal: list[str], rng: random.Random) -> str | None:
    """Choose an action by rules of thumb, or None to leave it to the caller."""
    return None
