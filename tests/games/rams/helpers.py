"""Helpers for the Rams family's scenario tests: arranged decks in each game's dealing order."""

from __future__ import annotations

from typing import Any

import cardtable as ct

from ..conftest import arranged


def stack(rounds: tuple[int, ...], hands: list[str], mid: str = "", mid_after: int = -1, after: str = "") -> str:
    """Top-of-pack text dealing ``hands`` (in receiving order) in ``rounds``; ``mid`` after round ``mid_after``,
    ``after`` once all rounds are dealt (the turn-up, then the top of the stock)."""
    cards = [h.split() for h in hands]
    pos = [0] * len(cards)
    out: list[str] = []
    for r, n in enumerate(rounds):
        for i, c in enumerate(cards):
            out += c[pos[i]:pos[i] + n]
            pos[i] += n
        if r == mid_after:
            out += mid.split()
    return " ".join(out + after.split())


def play(deal: ct.Deal, actions: str) -> None:
    """Apply comma-separated actions in turn."""
    for a in actions.split(","):
        deal.act(a.strip())


def rams_deal(hands: dict[str, str], turn_up: str, gid: str = "rams", carry: dict[str, Any] | None = None,
              after: str = "", **opts: Any) -> ct.Deal:
    """Three players, dealer 0: seats 1, 2, 0 and then the spare hand receive 3 + 2; then the turn-up."""
    game = ct.load(gid, players=3, **opts)
    top = stack((3, 2), [hands["s1"], hands["s2"], hands["s0"], hands["spare"]], after=f"{turn_up} {after}")
    return game.deal(deck=arranged(game.pack, top), dealer=0, carry=carry)


def mausch(hands: list[str], turn_up: str, carry: dict[str, Any] | None = None, after: str = "",
           **opts: Any) -> ct.Deal:
    """Dealer 0, ``len(hands)`` players; ``hands`` in receiving order (seat 1 first, the dealer last), in twos."""
    game = ct.load("mauscheln", players=len(hands), **opts)
    return game.deal(deck=arranged(game.pack, stack((2, 2), hands, after=f"{turn_up} {after}")), dealer=0,
                     carry=carry)


def julepe(hands: list[str], turn_up: str, after: str = "", carry: dict[str, Any] | None = None,
           **opts: Any) -> ct.Deal:
    """Dealer 0, ``len(hands)`` players, dealt to the right: ``hands`` from seat n-1 down to the dealer, five each."""
    game = ct.load("julepe", players=len(hands), **opts)
    return game.deal(deck=arranged(game.pack, stack((5,), hands, after=f"{turn_up} {after}")), dealer=0, carry=carry)


def knack(hands: list[str], turn_up: str, carry: dict[str, Any] | None = None, **opts: Any) -> ct.Deal:
    """Three players, dealer 0: seats 1, 2, 0 receive three, the turn-up, then two more each."""
    game = ct.load("norrlandsknack", players=3, **opts)
    top = stack((3, 2), hands, mid=turn_up, mid_after=0)
    return game.deal(deck=arranged(game.pack, top), dealer=0, carry=carry)
