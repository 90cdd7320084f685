"""Auctions: bids in rank order, passing, one bid each, round and round or two at a time, doubling.

The auction holds only small values so a deal can copy it cheaply. One checker,
:meth:`Auction.why_not`, says whether a call is allowed and, if not, why; :meth:`Auction.options` lists the
calls it allows. A game adds its own restrictions (forced bids, a dealer who may not pass) in its own checker.

Once round (Nap, Auction Schafkopf): each seat speaks once, each bid higher than the last.

>>> a = Auction(("bid 2", "bid 3", "nap"), order=[1, 2, 0])
>>> a.speaker, a.options()
(1, ['pass', 'bid 2', 'bid 3', 'nap'])
>>> a.call("bid 3"); a.call("pass"); a.options()
['pass', 'nap']
>>> a.why_not("bid 2")
'each bid must be higher than the last (bid 3)'
>>> a.call("pass"); a.done, a.holder, a.high_bid
(True, 1, 'bid 3')

Round and round (Michigan's widow, Progressive Solo): a seat that passes is out; the bidding
ends when no one but the holder is left. With ``doubling``, another seat may double the
holding bid and the holder may then redouble; neither ends the bidding, and an overcall
cancels the double. A pass is final for everyone, the doubled holder included ("Once a player
passes, he may not reenter the bidding"): his bid stands unless someone overcalls it. The holder may
not overcall his own bid; with ``own_overcall`` he may, once it is doubled or redoubled (escaping the
double with a higher bid).

>>> r = Auction(("frog", "solo"), order=[1, 2, 0], mode="round", doubling=True)
>>> for w in ("frog", "double", "pass", "pass"):   # the doubled holder passes: no redouble, and he is out
...     r.call(w)
>>> r.speaker, r.options(), r.doubled, r.doubler, r.holder
(2, ['pass', 'solo'], 1, 2, 1)
>>> r.call("solo"); r.done, r.holder   # overcalled, the holder who passed cannot come back
(True, 2)
>>> o = Auction(("frog", "solo"), order=[1, 2, 0], mode="round", doubling=True, own_overcall=True)
>>> for w in ("frog", "double", "pass"):   # with own_overcall the doubled holder may escape upward
...     o.call(w)
>>> o.speaker, o.options()
(1, ['pass', 'solo', 'redouble'])

Two at a time (Six-Bid Solo): the first two seats settle between themselves, then the
survivor meets the next seat; a bid is always answered by the seat it overcalled.

>>> t = Auction(("solo", "misere"), order=[1, 2, 0], mode="duel")
>>> t.call("solo"); t.speaker, t.options()
(2, ['pass', 'misere'])
>>> t.call("pass"); t.speaker
0
"""

from __future__ import annotations

from collections.abc import Sequence

from .compiled import fields
from .i18n import _

__all__ = ["MODES", "Auction"]

MODES = ("once", "round", "duel")
"""Once round (each seat speaks once), round and round (until all but the holder have passed), or two at a time."""


class Auction:  # compiled
    """An ascending auction over ``bids`` (lowest first) among seats in ``order``.

    mode: ``"once"`` (each seat speaks once), ``"round"`` (round and round until all but the
    holder have passed) or ``"duel"`` (two at a time).
    doubling: in ``round`` mode, ``double`` and ``redouble`` are calls (see the module text).
    own_overcall: with ``doubling``, the holder of a doubled or redoubled bid may also overcall it himself.
    """

    bids: tuple[str, ...]
    order: tuple[int, ...]
    mode: str
    doubling: bool
    own_overcall: bool
    pos: int
    high: int
    holder: int | None
    out: int
    doubled: int
    doubler: int | None
    done: bool
    speaker: int | None
    rival: int | None
    waiting: int

    def __init__(self, bids: Sequence[str], order: Sequence[int], *, mode: str = "once",
                 doubling: bool = False, own_overcall: bool = False) -> None:
        if mode not in MODES:
            raise ValueError(f"auction mode must be one of {', '.join(MODES)}, not {mode!r}")
        if doubling and mode != "round":
            raise ValueError("doubling needs the round-and-round auction (mode='round')")
        self.bids = tuple(bids)
        self.order = tuple(order)
        self.mode = mode
        self.doubling = doubling
        self.own_overcall = own_overcall and doubling
        self.pos = 0
        self.high = -1
        self.holder = None
        self.out = 0
        self.doubled = 0
        self.doubler = None
        self.done = not self.order
        self.speaker = self.order[0] if self.order else None
        self.rival = self.order[1] if mode == "duel" and len(self.order) > 1 else None
        self.waiting = 2

    def copy(self) -> Auction:
        """An independent copy (every field is a small immutable value)."""
        new = Auction.__new__(Auction)
        for k in fields(Auction):
            setattr(new, k, getattr(self, k))
        return new

    @property
    def high_bid(self) -> str | None:
        """The highest bid so far."""
        return self.bids[self.high] if self.high >= 0 else None

    def why_not(self, word: str) -> str | None:
        """``None`` if the speaker may make the call ``word``, else the reason (the auction's one rule).

        >>> a = Auction(("solo", "misere"), order=[0, 1], mode="round", doubling=True)
        >>> a.why_not("redouble"), a.why_not("misere"), a.why_not("grand")
        ('only the holder of a doubled bid may redouble', None, "'grand' is not a call here")
        """
        s = self.speaker
        if word == "pass":
            return None
        if word == "double" and self.doubling:
            if self.holder is None or s == self.holder:
                return _("only a bid of another player may be doubled")
            return _("the bid is already doubled") if self.doubled else None
        if word == "redouble" and self.doubling:
            return None if s == self.holder and self.doubled == 1 else _("only the holder of a doubled bid may "
                                                                         "redouble")
        if word not in self.bids:
            return _("{word!r} is not a call here", word=word)
        if s == self.holder and not (self.own_overcall and self.doubled):
            return _("the holder of the highest bid may not overcall himself")
        if self.bids.index(word) <= self.high:
            return _("each bid must be higher than the last ({bids})", bids=self.bids[self.high])
        return None

    def options(self) -> list[str]:
        """What the speaker may say: ``pass``, every bid above the highest, and doubles (see :meth:`why_not`)."""
        calls = ["pass", *self.bids[self.high + 1:]]
        if self.doubling:
            calls += ["double", "redouble"]
        return [w for w in calls if self.why_not(w) is None]

    def rank(self, bid: str) -> int:
        """Position of a bid in the ladder."""
        return self.bids.index(bid)

    def call(self, word: str) -> None:
        """The speaker passes, bids, doubles or redoubles (checked by the caller)."""
        s = self.speaker
        assert s is not None, "the auction is over"
        if word == "double":
            self.doubled, self.doubler = 1, s
        elif word == "redouble":
            self.doubled = 2
        elif word != "pass":
            self.high, self.holder = self.bids.index(word), s
            self.doubled, self.doubler = 0, None
        else:  # a pass is final, the holder's too (his bid stands unless overcalled)
            self.out |= 1 << s
        if self.mode == "once":
            self.pos += 1
            self.done = self.pos >= len(self.order)
            self.speaker = None if self.done else self.order[self.pos]
        elif self.mode == "duel":
            self._duel_next(word)
        else:
            self._round_next()

    def _duel_next(self, word: str) -> None:
        if word != "pass":
            if self.rival is None:
                self.done, self.speaker = True, None
            else:
                self.speaker, self.rival = self.rival, self.speaker
            return
        left = self.rival
        newcomer = self.order[self.waiting] if self.waiting < len(self.order) else None
        self.waiting += 1
        if left is None:
            self.done, self.speaker = True, None
        elif newcomer is None:
            if left == self.holder:
                self.done, self.speaker = True, None
            else:
                self.speaker, self.rival = left, None
        elif left == self.holder:
            self.speaker, self.rival = newcomer, left
        else:
            self.speaker, self.rival = left, newcomer

    def _round_next(self) -> None:
        if not any(not self.out >> s & 1 and s != self.holder for s in self.order):
            self.done, self.speaker = True, None
            return
        i = self.order.index(self.speaker)
        n = len(self.order)
        for k in range(1, n + 1):
            s = self.order[(i + k) % n]
            if not self.out >> s & 1:
                self.speaker = s
                return
