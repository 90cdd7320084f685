"""Auctions: bids in rank order, passing, one bid each or round and round.

The auction holds only small values so a deal can copy it cheaply.

>>> a = Auction(("bid 2", "bid 3", "nap"), order=[1, 2, 0])
>>> a.speaker, a.options()
(1, ['pass', 'bid 2', 'bid 3', 'nap'])
>>> a.call("bid 3"); a.call("pass"); a.options()
['pass', 'nap']
>>> a.call("pass"); a.done, a.holder, a.high_bid
(True, 1, 'bid 3')
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Auction"]


class Auction:
    """An ascending auction over ``bids`` (lowest first) among seats in ``order``.

    once: each seat speaks once (Nap, Auction Schafkopf); otherwise the bidding goes round
    until all but the holder have passed (a seat that passes is out).
    may_pass: ``False`` forbids passing (forced bids are a game's own filter on ``options``).
    """

    __slots__ = ("bids", "done", "high", "holder", "once", "order", "out", "pos", "spoken")

    def __init__(self, bids: Sequence[str], order: Sequence[int], once: bool = True) -> None:
        self.bids = tuple(bids)
        self.order = list(order)
        self.once = once
        self.pos = 0
        self.high = -1
        self.holder: int | None = None
        self.out = 0
        self.spoken = 0
        self.done = False

    def copy(self) -> Auction:
        """An independent copy."""
        new = Auction.__new__(Auction)
        for k in self.__slots__:
            setattr(new, k, getattr(self, k))
        new.order = list(self.order)
        return new

    @property
    def speaker(self) -> int | None:
        """The seat to speak, or ``None`` when the auction is over."""
        return None if self.done else self.order[self.pos]

    @property
    def high_bid(self) -> str | None:
        """The highest bid so far."""
        return self.bids[self.high] if self.high >= 0 else None

    def options(self) -> list[str]:
        """``pass`` and every bid above the highest."""
        return ["pass", *self.bids[self.high + 1:]]

    def rank(self, bid: str) -> int:
        """Position of a bid in the ladder."""
        return self.bids.index(bid)

    def call(self, bid: str) -> None:
        """The speaker passes or bids (checked by the caller)."""
        seat = self.order[self.pos]
        if bid == "pass":
            self.out |= 1 << seat
        else:
            self.high = self.bids.index(bid)
            self.holder = seat
        self.spoken |= 1 << seat
        self._advance()

    def _advance(self) -> None:
        n = len(self.order)
        if self.once:
            self.pos += 1
            if self.pos >= n:
                self.done = True
            return
        live = [s for s in self.order if not self.out >> s & 1]
        if len(live) <= 1 and (self.holder is not None or not live):
            self.done = True
            return
        if len(live) == 1 and self.holder is None and self.spoken >> live[0] & 1:
            self.done = True
            return
        for _ in range(n):
            self.pos = (self.pos + 1) % n
            s = self.order[self.pos]
            if not self.out >> s & 1:
                break
        if self.holder == self.order[self.pos] and len(live) == 1:
            self.done = True
