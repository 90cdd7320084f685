"""Observations of Nap written straight from the deal, with no view dict in between.

:meth:`cardtable.rl.encode.Encoder.encode` reads ``deal.view(seat)``, a dict the engine builds for every
observation. For Nap and Seven-Card Nap on their default options (no purchase, no peep: the configurations
the batch environment and the benchmarks use) this module writes the same vector from the values the view
is made of — the seat's hand, the declarations, the trick play, the history — into the same slots, through
the encoder's own plans and memoised history slots. It shows a seat nothing more than its view does: every
value it reads is one ``view(seat)`` shows that seat (its own hand, and public state), and the history is
read unredacted only because Nap on these options redacts nothing (no exchange or discard is possible).

It is a fast path, never the authority: anything it does not expect (a pool in play, another phase, a
table of another size) makes it hand the deal's real view to the encoder, and ``tests/rl/test_direct.py``
replays many seeded deals comparing both, slot for slot, for every seat at every step.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .encode import _NONE, HISTORY, SCALE, Encoder, Fallback, PhrasePlan, _scatter

__all__ = ["NapWriter", "writer_for"]

_PHRASES = ("contract", "high_bid", "phase", "trump")
_SEATS = ("dealer", "declarer", "high_bidder", "leader", "turn")


class NapWriter:
    """The observation vectors of one Nap configuration's encoder, from the deal (see the module text)."""

    def __init__(self, enc: Encoder, pack: Any) -> None:
        self.enc = enc
        sl = enc.slices
        self.start = {k: sl[f"view.{k}"].start for k in enc.plans}
        self.card = [enc.ctx.cindex[code] for code in pack.code_of]  # pack index -> encoder card index
        self.phrase: dict[str, PhrasePlan] = {k: enc.plans[k] for k in _PHRASES}  # type: ignore[misc]
        self.c = len(enc.codes)

    def _phrase(self, key: str, v: Any, A: Any, S: Any) -> None:
        pos = self.start[key]
        A(pos)
        plan = self.phrase[key]
        if v is None:
            A(pos + plan.size)
            return
        adds, sets = plan.memo.get(v) or plan.parts(v)
        for j in adds:
            A(pos + 1 + j)
        for j, x in sets:
            S((pos + 1 + j, x))

    def _seat(self, key: str, x: int | None, me: int, n: int, A: Any, S: Any) -> None:
        pos = self.start[key]
        A(pos)
        if x is None:
            A(pos + 2)
            return
        if x:
            S((pos + 1, x * SCALE))
        A(pos + 3 + (x - me) % n)

    def encode(self, deal: Any, seat: int, cache: list[Any]) -> np.ndarray:
        """The vector ``enc.encode(deal.view(seat), None, cache)`` gives."""
        if not (deal.pool_start or any(deal.paid)):
            try:
                return self._write(deal, seat, cache)
            except (Fallback, KeyError, TypeError, ValueError, AttributeError, IndexError):
                pass
        cache.clear()
        return self.enc.encode(deal.view(seat), None, cache)

    def _write(self, deal: Any, me: int, cache: list[Any]) -> np.ndarray:
        enc, n, st = self.enc, deal.players, self.start
        if n != enc.n:
            raise Fallback
        ones: list[int] = []
        sets: list[float] = []
        A, E, S = ones.append, ones.extend, sets.extend
        A(enc.slices["seat"].start + me % n)
        # the history counts: kept per viewer as a vector, only the actions since the last call added (the
        # slots of each action memoised by the encoder, per action and seat relative to the viewer)
        h = deal.history
        L = len(h)
        if cache and cache[0] is self and cache[1] == me and cache[2] <= L and h[:cache[2]] == cache[3]:
            k0, hvec = cache[2], cache[4]
        else:
            k0, hvec = 0, np.zeros(enc.size, dtype=np.float32)
        hm, act = enc._history, enc._action
        for k in range(k0, L):
            s, a = h[k]
            key = (a, (s - me) % n)
            for j in (hm[key] if key in hm else act(key)):
                hvec[j] += 1.0
        cache[:] = [self, me, L, list(h), hvec]
        hl, actl = enc._last, enc._action_last
        for k in range(max(0, L - HISTORY), L):
            s, a = h[k]
            key2 = (a, (s - me) % n, k - L + HISTORY)
            E(hl[key2] if key2 in hl else actl(key2))
        # the view's keys, each as its plan writes it
        auction = deal.auction
        contract = deal.contract
        self._phrase("contract", contract.word if contract is not None else None, A, S)
        self._seat("dealer", deal.dealer, me, n, A, S)
        self._seat("declarer", deal.declarer, me, n, A, S)
        pos = st["hand"] + 1
        A(pos - 1)
        card = self.card
        mask = deal.hands[me]
        while mask:
            low = mask & -mask
            A(pos + card[low.bit_length() - 1])
            mask ^= low
        pos = st["hand_sizes"] + 1
        A(pos - 1)
        for s, hand in enumerate(deal.hands):
            x = hand.bit_count()
            if x:
                S((pos + (s - me) % n, x * SCALE))
        self._phrase("high_bid", auction.high_bid, A, S)
        self._seat("high_bidder", auction.holder, me, n, A, S)
        over = deal.turn is None
        A(st["over"])
        if over:
            S((st["over"] + 1, 1.0 * SCALE))
        self._phrase("phase", deal.phase, A, S)
        A(st["pools"])
        rules = getattr(deal, "rules", None)
        if deal.phase in ("play", "done") and rules is not None:
            c = self.c
            for key, trick in (("last_trick", deal.last_trick), ("trick", zip(deal.trick_seats, deal.trick))):
                pos = st[key] + 1
                A(pos - 1)
                for k, (s, x) in enumerate(trick):
                    r = (s - me) % n
                    A(pos + r * c + card[x])
                    A(pos + n * c + k * n + r)
            self._seat("leader", deal.leader, me, n, A, S)
            pos = st["tricks_won"] + 1
            A(pos - 1)
            for s, x in enumerate(deal.tricks_won):
                if x:
                    S((pos + (s - me) % n, x * SCALE))
            t = rules.trump
            self._phrase("trump", None if t is None else "SHDC"[t], A, S)
        else:
            self._phrase("trump", None, A, S)
        self._seat("turn", deal.turn, me, n, A, S)
        vec = hvec.copy()
        _scatter(vec, np.array(ones, np.int64), np.array(sets, np.float64) if sets else _NONE)
        return vec


def writer_for(game: Any, enc: Encoder) -> NapWriter | None:
    """The direct writer of a configuration, or None where the encoder's own path is the only one: Nap and
    Seven-Card Nap on their default options, unpadded, flat actions (no tokens being entered)."""
    from cardtable.games.napoleon import NapDeal

    if game.id not in ("nap", "seven-card-nap") or enc.padded or "prefix" in enc.slices:
        return None
    if not issubclass(game.deal_class, NapDeal):
        return None
    defaults = {o.name: o.default for o in game.option_specs}
    if game.options.as_dict() != defaults:
        return None
    expected = {"contract", "dealer", "declarer", "hand", "hand_sizes", "high_bid", "high_bidder", "last_trick",
                "leader", "over", "phase", "pools", "trick", "tricks_won", "trump", "turn"}
    if set(enc.plans) != expected:  # the view has changed shape: leave it to the encoder
        return None
    return NapWriter(enc, game.pack)
