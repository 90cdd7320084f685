"""Coon Can rules of thumb: meld as much and as early as possible, lay off, keep jokers, take the
discard only when it fits the hand, and throw the highest card that fits nothing."""

from __future__ import annotations

import random

from ...core.deal import Deal

PIPS = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10}
RANKS = "A23456789TJQK"


def pips(code: str) -> int:
    """A card's pip value in hand (joker 15)."""
    if code.startswith("JK"):
        return 15
    return PIPS.get(code[0], int(code[0]) if code[0].isdigit() else 10)


def fits(code: str, others: list[str]) -> int:
    """How many cards of ``others`` could meld with ``code`` (same rank, or same suit within two ranks)."""
    if code == "JK":
        return 9
    r = RANKS.index(code[0])
    n = 0
    for o in others:
        if o == "JK":
            continue
        if o[0] == code[0] or (o[1] == code[1] and abs(RANKS.index(o[0]) - r) <= 2):
            n += 1
    return n


def policy(d: Deal, seat: int, legal: list[str], rng: random.Random) -> str | None:
    """Choose a Coon Can action, or None to leave it to the look-ahead."""
    melds = [a for a in legal if a.startswith("meld ")]
    if melds:
        return max(melds, key=lambda a: (len(a.split()), -legal.index(a)))
    for word in ("layoff ", "move joker "):
        found = [a for a in legal if a.startswith(word)]
        if found:
            return found[0]
    hand = d.card_codes(d.hands[seat])
    if "draw discard" in legal and "draw stock" in legal:
        top = d.view(seat).get("discard_top")
        return "draw discard" if top and fits(top, hand) >= 1 else "draw stock"
    discards = [a for a in legal if a.startswith("discard ")]
    if discards:
        def keep_value(a: str) -> tuple[int, int]:
            code = a.split()[1]
            rest = [h for h in hand if h != code]
            return (fits(code, rest), -pips(code))
        return min(discards, key=keep_value)
    return None
