"""The heuristic bot: rules of thumb for card play, hand strength for declarations, and a small
flat Monte Carlo look-ahead for every other decision.

It sees only what its seat sees: it decides on ``deal.sample(seat, rng)`` — a deal consistent
with the seat's view in which everything hidden is made up — and reads from it only the
seat's own hand and public state (the rules, the trick, the contract).

Card play (any trick game, through the core's TrickRules and the deal's ``side`` /
``wants_tricks`` hooks): win a trick cheaply when an opponent holds it (with the cheapest
winning card when last to play, the strongest otherwise), throw the lowest card when a
partner holds it or it cannot be won; lead the strongest card when seeking tricks; when
avoiding tricks (Misery, Least), play the highest card that still loses.

Declarations (``bid N``, ``nap`` …): bid on the trick estimate of the hand (top cards and the
length of the longest suit as trumps). Other decisions (exchanges, entering a Loo, taking a
widow, stops, melds) are judged by a few playouts of each option.

>>> import cardtable as ct
>>> d = ct.load("nap", players=4).deal(seed=3)
>>> ct.bots.load("heuristic", seed=1).choose(d, d.turn) in d.legal()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..core.cards import bits
from ..core.deal import Deal
from ..core.tricks import TrickDeal

__all__ = ["FAMILY_POLICIES", "HeuristicBot", "estimate_tricks", "fast_policy", "trick_play"]

TRICK_COUNT_BIDS = {"napoleon"}
"""Families whose ``bid N`` means N tricks (elsewhere a bid is points and is judged by look-ahead)."""

FamilyPolicy = Callable[[Deal, int, list[str], random.Random], "str | None"]
FAMILY_POLICIES: dict[str, FamilyPolicy] = {}
"""Filled from :mod:`cardtable.bots.heuristics` at the end of this module."""
"""Per-family decision rules (family name -> policy returning an action or None to fall back)."""


def _is_card(action: str) -> bool:
    return (len(action) == 2 and action[1] in "SHDC") or action == "JK"


def _strength(d: TrickDeal, card: int) -> tuple[int, int]:
    r = d.rules
    return (1 if r.suit_of[card] == r.trump else 0, r.power[card])


def trick_play(d: TrickDeal, seat: int, legal: list[str]) -> str:
    """Choose a card in a trick game by rules of thumb (``d`` may be a determinisation)."""
    hand = d.hands[seat]
    cards = {}
    for a in legal:
        c = d.pack.parse_in(a, hand)
        if c is not None:
            cards[a] = c
    if not cards:
        return legal[0]
    by_strength = sorted(cards, key=lambda a: _strength(d, cards[a]))
    want = d.wants_tricks(seat)
    if not d.trick:
        if want:
            return by_strength[-1]
        plain = [a for a in by_strength if d.rules.suit_of[cards[a]] != d.rules.trump]
        return (plain or by_strength)[0]
    rules = d.rules
    trick = d.trick
    best_i = rules.winner(trick)
    best = trick[best_i]
    led = rules.suit_of[trick[0]]
    winners = [a for a in by_strength if rules.beats(cards[a], best, led)]
    losers = [a for a in by_strength if a not in winners]
    last = len(trick) == len(d.in_play) - 1
    partner_holds = d.side(d.trick_seats[best_i]) == d.side(seat)
    if want:
        if winners and not partner_holds:
            return winners[0] if last or len(winners) == 1 else winners[-1]
        return (losers or by_strength)[0]
    if losers:
        return losers[-1]
    return by_strength[-1]


def estimate_tricks(d: Deal, seat: int) -> float:
    """Tricks the hand should take with its longest suit as trumps (a rough count)."""
    pack, hand = d.pack, d.hands[seat]
    by_suit: dict[int, list[int]] = {}
    for c in bits(hand):
        by_suit.setdefault(pack.suit[c], []).append(pack.rank[c])
    if not by_suit:
        return 0.0
    trump = max(by_suit, key=lambda s: (len(by_suit[s]), sum(by_suit[s])))
    est = 0.0
    for s, ranks in by_suit.items():
        ranks.sort(reverse=True)
        for i, r in enumerate(ranks):
            top = 14 - i  # the rank that would be "master" given the higher cards held
            if s == trump:
                est += 1.0 if r >= top - 1 else (0.55 if r >= 10 else 0.35)
            else:
                est += 0.85 if r == 14 else (0.4 if r == 13 and len(ranks) > 1 else 0.0)
    return est


def declare(d: Deal, seat: int, legal: list[str]) -> str | None:
    """Trick-count declarations (``bid N``, ``nap``, ``misery``…) from the hand's estimate."""
    words = {"nap": 5, "wellington": 5, "blucher": 5}
    tricks = {a: int(a.split()[1]) if a.startswith("bid ") and a.split()[1].isdigit() else words.get(a)
              for a in legal}
    bids = {a: n for a, n in tricks.items() if n is not None}
    if not bids:
        return None
    hand_size = d.hands[seat].bit_count()
    est = estimate_tricks(d, seat) * 5 / max(hand_size, 5)
    ok = [a for a, n in bids.items() if n <= est + (0.3 if n < 5 else -0.2)]
    if "misery" in legal and all(d.pack.rank[c] <= 8 for c in bits(d.hands[seat])):
        return "misery"
    if ok:
        return max(ok, key=lambda a: (bids[a], -legal.index(a)))
    return "pass" if "pass" in legal else min(bids, key=lambda a: bids[a])


def fast_policy(d: Deal, seat: int, rng: random.Random) -> str:
    """The cheap policy used in playouts: rules of thumb in trick play, random otherwise."""
    legal = d.legal()
    if len(legal) == 1:
        return legal[0]
    if isinstance(d, TrickDeal) and d.phase == "play" and hasattr(d, "rules") and all(map(_is_card, legal)):
        return trick_play(d, seat, legal)
    family = FAMILY_POLICIES.get(d.game.family)
    if family is not None:
        choice = family(d, seat, legal, rng)
        if choice is not None:
            return choice
    return rng.choice(legal)


def playout(d: Deal, rng: random.Random, policy: Callable[[Deal, int, random.Random], str] = fast_policy,
            limit: int = 3000) -> Deal:
    """Play a (determinised) deal to its end with ``policy``."""
    n = 0
    while not d.over and n < limit:
        seat = d.turn
        assert seat is not None
        d.act(policy(d, seat, rng))
        n += 1
    return d


def reward(d: Deal, seat: int) -> float:
    """A finished deal's result for ``seat`` as a float."""
    return float(d.result().deltas[seat])


class HeuristicBot:
    """Fast, sensible play; see the module text."""

    def __init__(self, seed: int | None = None, playouts: int = 6, max_options: int = 12) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.max_options = max_options

    def choose(self, deal: Deal, seat: int) -> str:
        if deal.turn != seat:
            raise ValueError(f"it is seat {deal.turn}'s turn, not seat {seat}'s")
        legal = deal.legal()
        if len(legal) == 1:
            return legal[0]
        d = deal.sample(seat, self.rng)
        if isinstance(d, TrickDeal) and d.phase == "play" and hasattr(d, "rules") and all(map(_is_card, legal)):
            return trick_play(d, seat, legal)
        family = FAMILY_POLICIES.get(deal.game.family)
        if family:
            choice = family(d, seat, legal, self.rng)
            if choice is not None:
                return choice
        if deal.game.family in TRICK_COUNT_BIDS:
            choice = declare(d, seat, legal)
            if choice is not None:
                return choice
        return self.look_ahead(deal, seat, legal)

    def look_ahead(self, deal: Deal, seat: int, legal: list[str]) -> str:
        """Judge each option by a few playouts on fresh samples (flat Monte Carlo)."""
        bids = [a for a in legal if a.startswith("bid ") and a[4:].isdigit()]
        if len(bids) > 3:  # a long ladder of point bids: judge only the three lowest (and the rest)
            low = sorted(bids, key=lambda a: int(a[4:]))[:3]
            legal = [a for a in legal if a not in bids or a in low]
        options = legal if len(legal) <= self.max_options else self.rng.sample(legal, self.max_options)
        scores: dict[str, float] = {}
        for a in options:
            total = 0.0
            for _ in range(self.playouts):
                s = deal.sample(seat, self.rng)
                s.act(a)
                total += reward(playout(s, self.rng), seat)
            scores[a] = total / self.playouts
        best = max(scores.values())
        return next(a for a in options if scores[a] == best)



def _register() -> None:
    from .heuristics import POLICIES

    FAMILY_POLICIES.update(POLICIES)


_register()
