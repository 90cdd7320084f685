"""Rules of thumb for the Spoil Five family (Spoil Five, Forty-Five, Twenty-Five, Auction Forty-Five,
Hasenpfeffer). Card play is the generic trick play (win cheaply or throw the lowest card).

* Robbing (the dealer's turned-up ace, or the holder of the trump ace at his first turn): rob,
  putting out the weakest card (a low plain card before any trump), unless every card held is a
  stronger trump than the turn-up; then decline (turn it down, keeping the ace's rank).
* Jinking: go on ('jink') only when every card left is a trump no unseen card can beat — the
  remaining tricks are certain; otherwise claim the pool.
* Auction Forty-Five: judge each suit as trumps by :func:`estimate` (a linear estimate of the
  side's points from the top trumps, the trump length and plain kings, fitted on deals played out
  by this heuristic); bid the lowest bid allowed when the side should make it (P >= ``BID_P``),
  hold as dealer on the same test, never overcall the partner; name the best suit; discard every
  plain card below the king (the draw brings trumps), then say done.
* Hasenpfeffer: the same for tricks (joker, bowers, trump length, plain aces): bid the lowest bid
  allowed when the side should take that many tricks with the face-down card; name the best suit
  from the seven cards; discard the lowest plain card, from the shortest suit.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

from ...core.cards import SUIT_NAMES, Pack, bits
from ...core.deal import Deal
from ...games.spoil_five import family_rules

__all__ = ["estimate", "policy"]

KEEP_KINGS = True
"""Auction Forty-Five: keep plain kings in the discard (tuned by duels)."""
BID_P = 0.6
"""The chance of making a bid needed to bid it (Auction Forty-Five, Hasenpfeffer)."""


@lru_cache(maxsize=8192)
def features(pack: Pack, hand: int, trump: int) -> tuple[float, ...]:
    """Features of ``hand`` with ``trump`` as trumps (see :data:`COEFFS`); memoised (playouts repeat hands)."""
    r = family_rules(pack, trump)
    tm, power = r.trump_mask, r.power
    order = sorted(bits(tm), key=lambda c: -power[c])
    mine = hand & tm
    top = [1.0 if mine >> c & 1 else 0.0 for c in order[:4]]
    second = sum(1 for c in order[4:6] if mine >> c & 1)
    kings = 0
    aces = 0
    for c in bits(hand & ~tm):
        code = pack.code_of[c]
        if code[0] == "K":
            kings += 1
        elif code[0] == "A":
            aces += 1
    voids = sum(1 for s in range(4) if not hand & pack.suit_mask[s] & ~tm and pack.suit_mask[s] & ~tm)
    return (1.0, mine.bit_count(), *top, second, kings, aces, voids)


COEFFS: dict[str, tuple[tuple[float, ...], float]] = {
    # name: (coefficients of features(), sigma of the residual), least squares over 3,000 deals played out
    # by this heuristic with the hand's side declaring, each suit as trumps.
    # Auction Forty-Five: the side's points (tricks 5 each, the highest trump 5), discards and draws made.
    "auction-forty-five": ((12.42, 0.79, 6.66, 4.53, 3.13, 1.23, 0.83, 0.45, -0.03, 0.18), 8.4),
    # Hasenpfeffer: the side's tricks, the bidder having taken the face-down card and discarded.
    "hasenpfeffer": ((1.44, 0.46, 0.71, 0.4, 0.25, 0.15, 0.07, 0.05, 0.59, 0.05), 1.4),
}


def estimate(name: str, pack: Pack, hand: int, trump: int) -> float:
    """The fitted linear estimate ``name`` for ``hand`` with ``trump``."""
    w, _ = COEFFS[name]
    return sum(a * b for a, b in zip(w, features(pack, hand, trump)))


def p_at_least(mean: float, need: float, sigma: float) -> float:
    """P(result >= need) for a normal result (integers: a half-point correction)."""
    return 0.5 * math.erfc((need - 0.5 - mean) / (sigma * math.sqrt(2)))


def _strength(d: Any, c: int) -> tuple[int, int]:
    r = d.ranking()
    return (1 if r.suit_of[c] == r.trump else 0, r.power[c])


def rob(d: Any, seat: int, legal: list[str]) -> str | None:
    """Rob with the weakest card, or decline when the turn-up is weaker than every card held."""
    robs = {}
    for a in legal:
        if a.startswith("rob "):
            c = d.pack.parse_in(a[4:], d.hands[seat])
            if c is not None:
                robs[a] = c
    if not robs:
        return "decline" if "decline" in legal else None
    worst = min(robs, key=lambda a: _strength(d, robs[a]))
    up = d.turn_up()
    if "decline" in legal and up >= 0 and _strength(d, robs[worst]) > _strength(d, up):
        return "decline"
    return worst


def jink(d: Any, seat: int) -> str:
    """Jink only when every card left is a trump that nothing unseen can beat."""
    r = d.ranking()
    hand = d.hands[seat]
    seen = d.cards_seen(seat)
    unseen_trumps = r.trump_mask & d.pack.full & ~seen
    for c in bits(hand):
        if r.suit_of[c] != r.trump:
            return "claim"
        if any(r.power[u] > r.power[c] for u in bits(unseen_trumps)):
            return "claim"
    return "jink"


def bid_on_estimate(game: str, d: Any, seat: int, legal: list[str]) -> str:
    """A point bid (Auction Forty-Five, Hasenpfeffer): never overcall the partner; hold or bid the
    lowest bid when the fitted estimate of the hand's tricks in its best trump suit makes it at
    least :data:`BID_P` likely; a forced bid is the lowest."""
    bids = sorted((int(a[4:]), a) for a in legal if a.startswith("bid "))
    if "pass" not in legal:
        return bids[0][1] if bids else legal[0]
    high, bidder = d.high_bid()
    if bidder >= 0 and d.side(bidder) == d.side(seat):
        return "pass"  # never overcall the partner
    sigma = COEFFS[game][1]
    mean = max(estimate(game, d.pack, d.hands[seat], t) for t in range(4))
    if "hold" in legal and p_at_least(mean, high, sigma) >= BID_P:
        return "hold"
    if bids and p_at_least(mean, bids[0][0], sigma) >= BID_P:
        return bids[0][1]
    return "pass"


def name_trump(game: str, d: Any, seat: int, legal: list[str]) -> str:
    """The trump suit in which the fitted estimate of the hand's tricks is highest."""
    opts = [a for a in legal if a.startswith("trump ")]
    return max(opts, key=lambda a: estimate(game, d.pack, d.hands[seat], SUIT_NAMES.index(a[6:])))


def auction_45(d: Any, seat: int, legal: list[str]) -> str | None:
    pack = d.pack
    if d.phase == "bid":
        return bid_on_estimate("auction-forty-five", d, seat, legal)
    if d.phase == "trump":
        return name_trump("auction-forty-five", d, seat, legal)
    if d.phase == "discard":
        r = d.ranking()  # the named trumps' rules
        junk = []
        for a in legal:
            if a.startswith("discard "):
                c = pack.index_of.get(a[8:])
                if c is not None and r.suit_of[c] != r.trump and not (KEEP_KINGS and pack.code_of[c][0] == "K"):
                    junk.append((r.power[c], a))
        return min(junk)[1] if junk else "done"
    return None


def hasenpfeffer(d: Any, seat: int, legal: list[str]) -> str | None:
    pack, hand = d.pack, d.hands[seat]
    if d.phase == "bid":
        return bid_on_estimate("hasenpfeffer", d, seat, legal)
    if d.phase == "trump":
        return name_trump("hasenpfeffer", d, seat, legal)
    if d.phase == "discard":
        r = d.ranking()  # the named trumps' rules
        cards = {a: c for a in legal if a.startswith("discard ")
                 for c in [pack.parse_in(a[8:], hand)] if c is not None}

        def keep(a: str) -> tuple[int, int, int]:
            c = cards[a]
            s = r.suit_of[c]
            length = sum(1 for x in bits(hand) if r.suit_of[x] == s)
            return (1 if s == r.trump else 0, 1 if pack.code_of[c][0] == "A" else 0, length * 10 + r.power[c])
        return min(cards, key=keep)
    return None


def policy(d: Deal, seat: int, legal: list[str], rng: random.Random) -> str | None:
    """Choose an action by rules of thumb, or None to leave it to the caller."""
    gid = d.game.id
    if gid == "hasenpfeffer":
        return hasenpfeffer(d, seat, legal)
    if gid == "auction-forty-five" and d.phase in ("bid", "trump", "discard"):
        return auction_45(d, seat, legal)
    if d.phase == "jink":
        return jink(d, seat)
    if d.phase == "rob" or any(a.startswith("rob ") for a in legal) or "decline" in legal:
        return rob(d, seat, legal)
    return None
