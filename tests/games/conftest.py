"""Helpers for scenario tests."""

from __future__ import annotations

from cardtable.core.cards import Pack


def arranged(pack: Pack, top: str) -> str:
    """A whole-pack deck text: the given cards on top (in order), then the rest of the pack in pack order."""
    words = top.split()
    used = pack.mask(words)
    rest = [pack.code(c) for c in range(pack.size) if not used >> c & 1]
    return " ".join(words + rest)
