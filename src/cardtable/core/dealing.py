"""Dealing procedures as data.

A :class:`DealPlan` says how a pack, top card first, is dealt: rounds of so many cards to
each seat starting at the dealer's left, extra hands (a miss, a widow dealt in rotation),
widows put aside after a given round, a turn-up. Shuffled and arranged decks go through
the same code.

>>> from cardtable.core.cards import PACK_52
>>> plan = DealPlan(rounds=(3, 2), turn_up=True)
>>> out = plan.deal(list(range(52)), players=4, dealer=3)
>>> [PACK_52.codes(h) for h in out.hands][0], PACK_52.code(out.turn_up), len(out.stock)
(['2S', '3S', '4S', 'AS', '2H'], '9H', 31)
"""

from __future__ import annotations

import _random
import random
import threading
from dataclasses import dataclass, field
from typing import Any

__all__ = ["DealPlan", "Dealt", "seeded", "shuffle"]


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""Per list length: (place, places left, bits to draw) from the last place down."""


def shuffle(cards: list[Any],
            rng: random.Random) -> None:  # compiled; cards as list; i n j as Py_ssize_t; k as int
    """Shuffle ``cards`` in place exactly as ``rng.shuffle`` does, about twice as fast.

    The same draws in the same order (``getrandbits`` with rejection, from the last place
    down), so a seed gives the same deal as it always did.

    >>> a, b = list(range(52)), list(range(52))
    >>> random.Random(9).shuffle(a); shuffle(b, random.Random(9)); a == b
    True
    """
    getrandbits = rng.getrandbits
    steps = _STEPS.get(len(cards))
    if steps is None:
        steps = _steps(len(cards))
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


_SEATS: dict[tuple[int, int, int], list[int]] = {}
"""The order seats receive cards, per (players, dealer, direction) (read only)."""


_LOCAL = threading.local()


def seeded(seed: int | None) -> random.Random:
    """A generator in the state ``random.Random(seed)`` starts in (for one use: a thread's generator
    is re-seeded, which costs less than making one).

    >>> seeded(7).getrandbits(32) == random.Random(7).getrandbits(32)
    True
    """
    if type(seed) is not int:
        return random.Random(seed)
    rng: random.Random | None = getattr(_LOCAL, "rng", None)
    if rng is None:
        rng = _LOCAL.rng = random.Random()
    _random.Random.seed(rng, seed)  # what random.Random.seed does with an int
    rng.gauss_next = None  # type: ignore[attr-defined]
    return rng


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    steps = _STEPS[size] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    return steps


@dataclass
class Dealt:
    """The result of dealing: hand masks per seat, named extra hands/widows, turn-up, stock.

    ``stock`` keeps the undealt cards with the top card LAST (so drawing is ``pop()``).
    """

    hands: list[int]
    extras: dict[str, int] = field(default_factory=dict)
    turn_up: int | None = None
    stock: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class DealPlan:
    """How to deal.

    rounds: cards given to each recipient per round, e.g. ``(3, 2)`` or ``(1,) * 5``.
    extra_hands: ``(name, position)``: a hand dealt in rotation like a seat; position 0
        receives first (the dealer's left), ``players`` receives last (after the dealer).
    widows: ``(name, after_round, count)``: cards put aside after round ``after_round``
        (0-based); ``after_round=-1`` puts them aside before dealing.
    turn_up: turn the next card after dealing.
    deal_all: deal one at a time until the pack runs out (hands may be unequal).
    """

    rounds: tuple[int, ...] = (1,)
    extra_hands: tuple[tuple[str, int], ...] = ()
    widows: tuple[tuple[str, int, int], ...] = ()
    turn_up: bool = False
    deal_all: bool = False

    def deal(self, order: list[int], players: int, dealer: int, direction: int = 1) -> Dealt:
        """Deal ``order`` (top card first) to ``players`` seats; play goes ``direction`` (+1 left)."""
        key = (players, dealer, direction)
        seats = _SEATS.get(key)
        if seats is None:
            seats = _SEATS[key] = [(dealer + direction * (i + 1)) % players for i in range(players)]
        if not (self.extra_hands or self.widows or self.deal_all or self.turn_up):
            return self._deal_rounds(order, seats)
        pos = 0
        recipients: list[int | str] = list(seats)
        for name, where in sorted(self.extra_hands, key=lambda e: -e[1]):
            recipients.insert(where, name)
        hands = [0] * players
        extras: dict[str, int] = {name: 0 for name, _ in self.extra_hands}

        def give(who: int | str, card: int) -> None:
            if isinstance(who, int):
                hands[who] |= 1 << card
            else:
                extras[who] |= 1 << card

        def widows_after(r: int) -> None:
            nonlocal pos
            for name, after, count in self.widows:
                if after == r:
                    for c in order[pos:pos + count]:
                        extras[name] = extras.get(name, 0) | 1 << c
                    pos += count

        widows_after(-1)
        if self.deal_all:
            i = 0
            while pos < len(order):
                give(recipients[i % len(recipients)], order[pos])
                pos += 1
                i += 1
        else:
            for r, n in enumerate(self.rounds):
                for who in recipients:
                    for c in order[pos:pos + n]:
                        give(who, c)
                    pos += n
                widows_after(r)
        turn_up = None
        if self.turn_up and pos < len(order):
            turn_up = order[pos]
            pos += 1
        return Dealt(hands, extras, turn_up, list(reversed(order[pos:])))

    def _deal_rounds(self, order: list[int], seats: list[int]) -> Dealt:
        """The common case: rounds to the seats only, the rest is the stock."""
        hands = [0] * len(seats)
        pos = 0
        k = len(seats)
        rounds = self.rounds
        if rounds and max(rounds) == 1:  # singly: seat j takes every k-th card from the j-th
            end = len(rounds) * k
            for j, who in enumerate(seats):
                m = 0
                for c in order[j:end:k]:
                    m |= 1 << c
                hands[who] = m
            return Dealt(hands, {}, None, order[:end - 1:-1])
        for n in rounds:
            for who in seats:
                m = 0
                for c in order[pos:pos + n]:
                    m |= 1 << c
                hands[who] |= m
                pos += n
        return Dealt(hands, {}, None, order[:pos - 1:-1] if pos else order[::-1])

    def cards_needed(self, players: int) -> int:
        """Cards used by hands, extra hands, widows and the turn-up."""
        per = sum(self.rounds) * (players + len(self.extra_hands))
        return per + sum(c for _, _, c in self.widows) + (1 if self.turn_up else 0)
