"""Pools and exchanges for the "enter or pass, then win tricks for a share of the pool" games.

:class:`PoolDeal` is a :class:`~cardtable.core.tricks.TrickDeal` with what the Loo/Rams family shares:
a pool carried between deals, a turn-up, the seats still active, exchanges from a stock that is
restocked from thrown-in hands or discards, and hidden side zones (dead hands, discards, a spare hand)
whose knowledge per seat is tracked for :meth:`~cardtable.core.deal.Deal.sample`.

>>> num("3/2"), num(4), plain(Fraction(6, 2)), plain(Fraction(1, 3))
(Fraction(3, 2), 4, 3, '1/3')
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

from .cards import SUITS, bits
from .chips import Amount, plain
from .deal import Zone
from .tricks import TrickDeal, TrickRules

__all__ = ["PoolDeal", "num", "plain"]


def num(x: Any) -> Amount:
    """A chip amount as an int when whole, else a Fraction (carried pools may be text like '3/2')."""
    f = Fraction(x)
    return int(f) if f.denominator == 1 else f


class PoolDeal(TrickDeal):
    """Shared machinery: the pool, the turn-up, active players, exchanges, hidden side zones.

    Side zones: ``dead`` (hands thrown in by passers), ``discards`` (face down), ``spare`` (Rams),
    ``thrown`` (face up: Mauscheln flushes). ``seen[s]``: cards in hidden zones whose place seat ``s``
    knows (its own discards and thrown-in hand); ``known_in[s]``: cards everyone knows ``s`` holds (a
    robbed turn-up); ``maybe_in[s]``: cards everyone knows are in ``s``'s hand or the discards.
    """

    pool_key = "pool"
    restock_from: tuple[str, ...] = ("dead", "discards")

    def _common(self, hands: list[int], stock: list[int], turnup: int | None) -> None:
        n = self.players
        self.hands, self.stock, self.turnup = hands, stock, turnup
        self.trump: int | None = self.pack.suit[turnup] if turnup is not None else None
        self.dead = self.discards = self.spare = self.thrown = 0
        self.seen = [0] * n
        self.known_in = [0] * n
        self.maybe_in = [0] * n
        self.voids = [0] * n
        self.active: list[int] = []
        self.queue: list[int] = []
        self.pool_start: Amount = num(self.carry_in.get("pools", {}).get(self.pool_key, 0))

    def seats_from(self, seat: int) -> list[int]:
        """Every seat in order of play, starting after ``seat``."""
        return [self.next_seat(seat, i + 1) for i in range(self.players)]

    # ---------------------------------------------------------------- tricks
    def card_tables(self, trump: int | None) -> tuple[list[int], list[int]]:
        """Effective suit and power of every card (power = 2 x rank by default)."""
        return list(self.pack.suit), [2 * r for r in self.pack.rank]

    def make_rules(self) -> TrickRules:
        """The trick rules of this deal's trump (the game states them, from :meth:`card_tables`)."""
        raise NotImplementedError

    def begin_play(self, leader: int) -> None:
        """Trick play among the active seats, ``leader`` first."""
        self.start_play(self.make_rules(), leader)
        self.in_play = sorted(self.active)

    def first_active_after(self, seat: int) -> int:
        """The first active seat after ``seat`` in the direction of play."""
        return int(next(s for s in self.seats_from(seat) if s in self.active))

    def throw_in_passers(self) -> None:
        """Passers' hands go face down to the dead pile (their owners know them)."""
        for s in range(self.players):
            if s not in self.active and self.hands[s]:
                self.dead |= self.hands[s]
                self.seen[s] |= self.hands[s]
                self.hands[s] = 0

    # ------------------------------------------------------------- exchanges
    def available(self) -> int:
        """Cards that can still be drawn: the stock, then the restock sources."""
        return len(self.stock) + sum(int(getattr(self, z)).bit_count() for z in self.restock_from)

    def exchange_options(self, seat: int, word: str = "exchange", lo: int = 1, cap: int | None = None) -> list[str]:
        """``word`` followed by every set of ``lo``.. cards of the hand that can be replaced (display order)."""
        codes = self.card_codes(self.hands[seat])
        hi = min(len(codes), self.available() if cap is None else cap)
        return [f"{word} " + " ".join(c) for k in range(lo, hi + 1) for c in itertools.combinations(codes, k)]

    def draw(self, seat: int, k: int) -> None:
        """``seat`` draws ``k`` cards from the top of the stock, restocking when it runs out."""
        for _ in range(k):
            if not self.stock:
                self.restock()
            self.hands[seat] |= 1 << self.stock.pop()

    def restock(self) -> None:
        """A new stock from the first non-empty restock source, shuffled reproducibly."""
        for z in self.restock_from:
            moved = getattr(self, z)
            if moved:
                break
        setattr(self, z, 0)
        cards = list(bits(moved))
        random.Random(f"{self.deck}/{len(self.history)}").shuffle(cards)
        self.stock = cards + self.stock
        for s in range(self.players):
            self.seen[s] &= ~moved
            self.maybe_in[s] &= ~moved

    def exchange(self, seat: int, codes: list[str], first: int | None = None) -> None:
        """Discard ``codes`` face down and draw as many (``first``: a named card drawn first)."""
        out = self.cards_in(codes, self.hands[seat])
        self.hands[seat] &= ~out
        k = len(codes)
        if first is not None:
            self.hands[seat] |= 1 << first
            self.known_in[seat] |= 1 << first
            k -= 1
        self.draw(seat, k)
        self.discards |= out
        self.seen[seat] |= out

    # ------------------------------------------------------- views and zones
    def _redact(self, seat: int, action: str, viewer: int | None) -> str:
        word, *args = action.split()
        if viewer == seat or word not in ("exchange", "discard", "rob", "take") or not args or args[0].isdigit():
            return action
        return f"{word} {len(args)}" if word != "rob" else "rob"

    def _zones(self) -> dict[str, int]:
        z = super()._zones()
        z.update(dead=self.dead, discards=self.discards, spare=self.spare, thrown=self.thrown,
                 turnup=0 if self.turnup is None else 1 << self.turnup)
        return z

    def own_hand_hidden(self, viewer: int) -> bool:
        """Whether ``viewer`` has not yet looked at his own hand (a blind bid)."""
        return False

    def _hidden_zones(self, viewer: int) -> list[Zone]:
        n = self.players
        amb = 0
        for s in range(n):
            if s != viewer:
                amb |= self.maybe_in[s]
        zones = []
        seen = self.seen[viewer] if viewer is not None else 0
        for s in range(n):
            if s != viewer or self.own_hand_hidden(viewer):
                zones.append(Zone(("hand", s), self.hands[s], fixed=self.hands[s] & self.known_in[s] if s != viewer
                                  else 0, allowed=~self.voids[s] & ~(amb & ~self.maybe_in[s])))
        if self.stock:
            zones.append(Zone("stock", sum(1 << c for c in self.stock), allowed=~amb))
        for name in ("dead", "discards", "spare"):
            m = getattr(self, name)
            if m:
                zones.append(Zone(name, m, fixed=m & seen, allowed=-1 if name == "discards" else ~amb))
        return zones

    def _set_zone(self, key: Any, mask: int, rng: random.Random) -> None:
        if key in ("dead", "discards", "spare"):
            setattr(self, key, mask)
        else:
            super()._set_zone(key, mask, rng)

    def pool_now(self) -> Amount:
        """The pool as it stands for this deal (view)."""
        return self.pool_start

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "pools": {self.pool_key: plain(self.pool_now())},
            "trump": None if self.trump is None else SUITS[self.trump],
            "turn_up": None if self.turnup is None else self.pack.code(self.turnup),
            "active": sorted(self.active), "stock_size": len(self.stock),
        }
        known = {s: self.card_codes(self.hands[s] & self.known_in[s]) for s in range(self.players)
                 if self.hands[s] & self.known_in[s] and s != seat}
        if known:
            v["known_cards"] = known
        if self.thrown:
            v["thrown"] = self.card_codes(self.thrown)
        v.update(self.trick_view())
        if v.get("trump") is None and self.trump is not None:
            v["trump"] = SUITS[self.trump]
        if self.own_hand_hidden(seat if seat is not None else -1):
            v["hand"] = None
        return v

    def _carry(self) -> dict[str, Any] | None:
        pool = self.result().pools.get(self.pool_key, 0)
        return {"pools": {self.pool_key: plain(pool)}} if pool else None
