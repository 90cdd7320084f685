"""Observations of Nap written straight from the deal, with no view dict in between.

:meth:`cardtable.rl.encode.Encoder.encode` reads ``deal.view(seat)``, a dict the engine builds for every
observation. For Nap and Seven-Card Nap on their default options (no purchase, no peep: the configurations
the batch environment and the benchmarks use) this module writes the same vector from the values the view
is made of — the seat's hand, the declarations, the trick play, the history — into the same slots, through
the encoder's own plans and memoised history slots. It shows a seat nothing more than its view does: every
value it reads is one ``view(seat)`` shows that seat (its own hand, and public state), and the history is
read unredacted only because Nap on these options redacts nothing (no exchange or discard is possible).

Unlike the rest of ``rl/`` it reads the deal's attributes (the hand masks, the auction, the contract, the
trick play), not only the public API: that is what makes it fast, and why it is held to the view as follows.
It is a fast path, never the authority: anything it does not expect (a pool in play, another phase, a
table of another size) makes it hand the deal's real view to the encoder, and ``tests/rl/test_direct.py``
replays many seeded deals comparing both, slot for slot, for every seat at every step, and checks that none
of them was left to the view path (``NapWriter.fallbacks``): a change to the deal's attributes shows there.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from cardtable.core.cards import SUITS

from .encode import HISTORY, Encoder
from .plans import SCALE, Fallback, PhrasePlan

__all__ = ["NapWriter", "writer_for"]

_NOT_PLAYING = object()  # (the leader's place in a state memo key before the play of the cards)

_PHRASES = ("contract", "high_bid", "phase", "trump")
_PLAY = ("last_trick", "leader", "trick", "tricks_won")


class NapWriter:
    """The observation vectors of one Nap configuration's encoder, from the deal (see the module text)."""

    def __init__(self, enc: Encoder, pack: Any) -> None:
        self.enc = enc
        st = {k: enc.slices[f"view.{k}"].start for k in enc.plans}
        self.seat0 = enc.slices["seat"].start
        # the block of each key (its presence flag first, as the encoder lays it out)
        (self.contract, self.dealer, self.declarer, self.hand, self.hand_sizes, self.high_bid, self.high_bidder,
         self.last_trick, self.leader, self.over, self.phase, self.pools, self.trick, self.tricks_won, self.trump,
         self.turn) = (st[k] for k in sorted(st))
        self.card = [enc.ctx.cindex[code] for code in pack.code_of]  # pack index -> encoder card index
        self.c = len(enc.codes)
        # the presence flags of the keys every view has, and of those the play of the cards adds
        self.present = tuple(st[k] for k in sorted(st) if k not in _PLAY)
        self.present_in_play = tuple(st[k] for k in _PLAY)
        self.plans: dict[int, PhrasePlan] = {st[k]: enc.plans[k] for k in _PHRASES}  # type: ignore[misc]
        self.fallbacks = 0
        """How many observations went to the encoder's view path for a value this writer did not expect."""
        self.memo: dict[tuple[int, Any], tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]] = {}
        self.states: dict[tuple[Any, ...], tuple[tuple[int, ...], tuple[tuple[int, float], ...]]] = {}
        self.rows: dict[tuple[str, int], tuple[int, ...]] = {}
        c, w = len(enc.codes), len(enc.words)
        self.stride = w + c + enc.n  # one row of ``history.last``

    def _words(self, start: int, v: Any) -> tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]:
        """The slots a text value (or None) of the key at ``start`` marks with 1 (its presence flag among them),
        and the slots and values it sets: the plan's own writes, memoised."""
        plan = self.plans[start]
        if v is None:
            got: tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]] = ((start + plan.size,), (), ())
        else:
            adds, sets = plan.parts(v)
            got = (tuple(start + 1 + j for j in adds), tuple(start + 1 + j for j, _ in sets),
                   tuple(x for _, x in sets))
        if len(set(got[0])) != len(got[0]):  # a word twice: a count of 2, which marking cannot give
            raise Fallback
        if len(self.memo) < 10_000:
            self.memo[start, v] = got
        return got

    def _row(self, key: tuple[str, int]) -> tuple[int, ...]:
        """The slots of the first row of ``history.last`` an action sets, by its seat relative to the viewer."""
        got = self.enc._action_last((*key, 0))
        if len(self.rows) < 100_000:
            self.rows[key] = got
        return got

    def _state(self, state: tuple[Any, ...]) -> tuple[tuple[int, ...], tuple[tuple[int, float], ...]]:
        """The slots the declarations, the seats and the phase mark (1) and set (to a value), for the viewer."""
        me, contract, high_bid, phase, trump, declarer, holder, turn, leader = state
        n = self.enc.n
        ones: list[int] = []
        sets: list[tuple[int, float]] = []
        for key in ((self.contract, contract), (self.high_bid, high_bid), (self.phase, phase), (self.trump, trump)):
            got = self.memo.get(key) or self._words(*key)
            ones += got[0]
            sets += zip(got[1], got[2])
        seats = [(self.declarer, declarer), (self.high_bidder, holder), (self.turn, turn)]
        play = leader is not _NOT_PLAYING
        if play:
            seats.append((self.leader, leader))
            ones += self.present_in_play
        for start, x in seats:  # a seat: its value / 10, a null flag, the seat relative to the viewer
            if x is None:
                ones.append(start + 2)
            else:
                if x:
                    sets.append((start + 1, x * SCALE))
                ones.append(start + 3 + (x - me) % n)
        if turn is None:
            sets.append((self.over + 1, 1.0 * SCALE))
        if len(set(ones)) != len(ones) or len({j for j, _ in sets}) != len(sets):
            raise Fallback  # (each slot is written once; never seen)
        got2 = (tuple(ones), tuple(sets))
        if len(self.states) < 100_000:
            self.states[state] = got2
        return got2

    def encode(self, deal: Any, seat: int, cache: list[Any]) -> np.ndarray:
        """The vector ``enc.encode(deal.view(seat), None, cache)`` gives."""
        if not (deal.pool_start or any(deal.paid)):
            try:
                return self._write(deal, seat, cache)
            except (Fallback, KeyError, TypeError, ValueError, AttributeError, IndexError):
                self.fallbacks += 1  # (the tests check it stays zero on the configurations it is made for)
        cache.clear()
        return self.enc.encode(deal.view(seat), None, cache)

    def _write(self, deal: Any, me: int, cache: list[Any]) -> np.ndarray:
        if deal.players != self.enc.n:
            raise Fallback
        # every other slot is marked once (1.0) or set to a value, in a copy of the counts (C floats: each write
        # rounds to float32 as NumPy's would), whose memory becomes the observation array
        v = self._counts(deal, me, cache)[:]
        self._recent(deal.history, me, v)
        self._public(deal, me, v)
        return np.frombuffer(v, np.float32)  # (the copy's own memory: nothing else holds it)

    def _counts(self, deal: Any, me: int, cache: list[Any]) -> array:
        """The history counts: kept per viewer as a vector, only the actions since the last call added (the
        slots of each action memoised by the encoder, per action and seat relative to the viewer)."""
        enc, n = self.enc, deal.players
        h = deal.history
        L = len(h)
        # (a deal's history only ever grows: the same list, as long, ending in the same action, is the same)
        if cache and cache[0] is self and cache[1] == me and cache[3] is h and cache[2] <= L \
                and (not cache[2] or h[cache[2] - 1] is cache[5]):
            k0, hvec = cache[2], cache[4]
        else:  # C floats (one count added is one C addition), with what stays the same all deal for this viewer
            k0, hvec = 0, array("f", bytes(4 * enc.size))
            for j in (self.seat0 + me % n, *self.present):  # the seat, and the keys every view has
                hvec[j] = 1.0
            dealer = deal.dealer
            if dealer:
                hvec[self.dealer + 1] = dealer * SCALE
            hvec[self.dealer + 3 + (dealer - me) % n] = 1.0
        hm, act = enc._history, enc._action
        for k in range(k0, L):
            s, a = h[k]
            key = (a, (s - me) % n)
            for j in (hm.get(key) or act(key)):
                hvec[j] += 1.0
        cache[:] = [self, me, L, h, hvec, h[-1] if h else None]
        return hvec

    def _recent(self, h: list[Any], me: int, v: array) -> None:
        """The last actions in order: each action's slots in the first row, memoised, moved to its row."""
        n, L = self.enc.n, len(h)
        rows, stride = self.rows, self.stride
        for k in range(max(0, L - HISTORY), L):
            s, a = h[k]
            key = (a, (s - me) % n)
            off = (k - L + HISTORY) * stride
            for j in (rows.get(key) or self._row(key)):
                v[j + off] = 1.0

    def _public(self, deal: Any, me: int, v: array) -> None:
        """The declarations and the play's words and seats (one memo: they change a few times a deal), the
        hand, the hands' sizes, the tricks won and the cards on the table."""
        n = self.enc.n
        contract, auction, phase = deal.contract, deal.auction, deal.phase
        play = phase in ("play", "done")
        ranking = deal.ranking() if play else None  # the contract's trick rules (None: no trumps, once over)
        trump = ranking.trump if ranking is not None else None
        state = (me, contract.word if contract is not None else None, auction.high_bid, phase,
                 None if trump is None else SUITS[trump], deal.declarer, auction.holder, deal.turn,
                 deal.leader if play else _NOT_PLAYING)
        got = self.states.get(state) or self._state(state)
        for j in got[0]:
            v[j] = 1.0
        for j, x in got[1]:
            v[j] = x
        card = self.card
        pos = self.hand + 1
        mask = deal.hands[me]
        while mask:
            low = mask & -mask
            v[pos + card[low.bit_length() - 1]] = 1.0
            mask ^= low
        pos = self.hand_sizes + 1
        for s, x in enumerate(map(int.bit_count, deal.hands)):
            if x:
                v[pos + (s - me) % n] = x * SCALE
        if play:
            pos = self.tricks_won + 1
            for s, x in enumerate(deal.tricks_won):
                if x:
                    v[pos + (s - me) % n] = x * SCALE
            c = self.c
            for pos, trick in ((self.last_trick + 1, deal.last_trick),
                               (self.trick + 1, zip(deal.trick_seats, deal.trick))):
                for k, (s, x) in enumerate(trick):
                    r = (s - me) % n
                    v[pos + r * c + card[x]] = 1.0
                    v[pos + n * c + k * n + r] = 1.0


def writer_for(game: Any, enc: Encoder) -> NapWriter | None:
    """The direct writer of a configuration, or None where the encoder's own path is the only one: Nap and
    Seven-Card Nap on their default options, unpadded, flat actions (no tokens being entered)."""
    from cardtable.games.napoleon import Nap

    if game.id not in ("nap", "seven-card-nap") or enc.padded or "prefix" in enc.slices:
        return None
    if not issubclass(game.variant, Nap):
        return None
    defaults = {o.name: o.default for o in game.option_specs}
    if game.options.as_dict() != defaults:
        return None
    expected = {"contract", "dealer", "declarer", "hand", "hand_sizes", "high_bid", "high_bidder", "last_trick",
                "leader", "over", "phase", "pools", "trick", "tricks_won", "trump", "turn"}
    if set(enc.plans) != expected:  # the view has changed shape: leave it to the encoder
        return None
    return NapWriter(enc, game.pack)
