"""An accelerator: random playouts of Napoleon and Seven-Card Napoleon on their default options, compiled.

This is not a place to read Nap's rules from: ``napoleon.py`` is the authority, and this kernel only plays
fast, behind the engine's narrow door (:mod:`cardtable.core.kernel`), what a random playout there plays —
one round of declarations from the dealer's left over the game's own ladder (its contracts are read from
the game, not written here), the declarer's lead naming trumps, following suit when able, the highest trump
or else the highest card of the suit led winning, and the contract's stakes from every other seat. Its
traces (each seat to act, the legal actions it saw, its choice, and the deltas) are replayed through the
public API for new deals and mid-deal positions by ``tests/core/test_kernels.py`` and
``tests/games/test_napoleon_kernel.py``, compiled and as plain Python.

Cards are the 52-card pack's indices (suit ``c // 13``, rank ``c % 13``, ace high), hands are bitmasks.
Random numbers come from a 32-bit xorshift seeded by the caller, so a playout is the same compiled or not.
With numba installed (extra ``cardtable[fast]``) the functions are compiled; without it the kernel covers
nothing and the engine keeps its ordinary playout path.
"""

from __future__ import annotations

import random
import weakref
from typing import Any

from ..core.kernel import PlayoutKernel, Step, Trace

try:
    import numba
    import numpy as np

    HAVE_NUMBA = True
    njit = numba.njit(cache=True, nogil=True)
except ImportError:  # pragma: no cover - exercised where numba is missing
    HAVE_NUMBA = False
    np = None  # type: ignore[assignment]

    def njit(f: Any) -> Any:
        return f

__all__ = ["HAVE_NUMBA", "NapKernel"]

FULL = 0x1FFF  # the thirteen cards of one suit
STEPS = 80     # more than the decisions of any deal (seven seats, seven tricks)


@njit
def _rand(st: Any, k: int) -> int:
    """A number in 0..k-1 from the xorshift32 state ``st[0]``."""
    s = st[0]
    s ^= (s << 13) & 0xFFFFFFFF
    s ^= s >> 17
    s ^= (s << 5) & 0xFFFFFFFF
    st[0] = s
    return s % k


@njit
def _nth(mask: int, i: int) -> int:
    """The index of the ``i``-th lowest set bit of ``mask``."""
    for _ in range(i):
        mask &= mask - 1
    c = 0
    while not (mask >> c) & 1:
        c += 1
    return c


@njit
def _count(mask: int) -> int:
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


@njit
def _declarations(order: Any, players: int, pos: int, high: int, holder: int, ladder: int, st: Any, rec: Any,
                  nrec: int) -> tuple[int, int, int]:
    """One round of declarations from ``pos`` on: pass or any higher declaration, each seat once. Returns the
    highest declaration, its holder (-1: everyone passed) and the steps recorded."""
    while pos < players:
        seat = order[pos]
        k = ladder - high  # pass + the declarations above the highest
        j = _rand(st, k)
        if nrec < rec.shape[0]:
            rec[nrec, 0] = seat
            rec[nrec, 1] = 0
            rec[nrec, 2] = _bid_mask(high, ladder)
            rec[nrec, 3] = j if j == 0 else high + j + 1
            nrec += 1
        if j > 0:
            high = high + j
            holder = seat
        pos += 1
    return high, holder, nrec


@njit
def _run(hands: Any, players: int, order: Any, pos: int, high: int, holder: int, phase: int,
         trick: Any, tseats: Any, ntrick: int, turn: int, trump: int, won: Any,
         tricks: Any, wins: Any, loses: Any, st: Any, out: Any, rec: Any) -> int:
    """Play on from the given state; write the deltas into ``out``. Returns the number of steps recorded
    into ``rec`` (rows: seat, kind 0 bid / 1 card, legal mask, choice) when ``rec`` has rows."""
    nrec = 0
    if phase == 0:
        high, holder, nrec = _declarations(order, players, pos, high, holder, len(tricks), st, rec, nrec)
        if holder < 0:  # everyone passed: the deal is void
            for s in range(players):
                out[s] = 0
            return nrec
        turn, trump, ntrick = holder, -1, 0
    left = 0
    for s in range(players):
        left += _count(hands[s])
    while left > 0:
        hand = hands[turn]
        legal = _card_mask(hand, trick, ntrick)
        c = _nth(legal, _rand(st, _count(legal)))
        if nrec < rec.shape[0]:
            rec[nrec, 0] = turn
            rec[nrec, 1] = 1
            rec[nrec, 2] = legal
            rec[nrec, 3] = c
            nrec += 1
        if trump < 0:  # the opening lead names trumps
            trump = c // 13
        hands[turn] = hand & ~(1 << c)
        left -= 1
        trick[ntrick] = c
        tseats[ntrick] = turn
        ntrick += 1
        if ntrick < players:
            turn = (turn + 1) % players
            continue
        turn = tseats[_winner(trick, players, trump)]
        won[turn] += 1
        ntrick = 0
    _settle(players, holder, won[holder] >= tricks[high], wins[high], loses[high], out)
    return nrec


@njit
def _bid_mask(high: int, ladder: int) -> int:
    """The declarations open after the highest so far (bit 0 ``pass``, bit ``j + 1`` the ladder's ``j``)."""
    return 1 | (((1 << (ladder - high - 1)) - 1) << (high + 2))


@njit
def _card_mask(hand: int, trick: Any, ntrick: int) -> int:
    """The cards of ``hand`` that may be played: "a player must follow suit if he can"."""
    if ntrick > 0:
        follow = hand & (FULL << (13 * (trick[0] // 13)))
        if follow:
            return follow  # type: ignore[no-any-return]
    return hand


@njit
def _winner(trick: Any, players: int, trump: int) -> int:
    """The place in the trick of its winner: the highest trump, else the highest card of the suit led."""
    best = 0
    for j in range(1, players):
        x, b = trick[j], trick[best]
        if x // 13 == b // 13:
            if x % 13 > b % 13:
                best = j
        elif x // 13 == trump:
            best = j
    return best


@njit
def _settle(players: int, declarer: int, made: bool, win: int, lose: int, out: Any) -> None:
    """The declarer is paid ``win`` by, or pays ``lose`` to, every other seat."""
    for s in range(players):
        out[s] = 0
    for s in range(players):
        if s != declarer:
            if made:
                out[s] -= win
                out[declarer] += win
            else:
                out[s] += lose
                out[declarer] -= lose


@njit
def _deal(players: int, hand_size: int, dealer: int, st: Any, tricks: Any, wins: Any, loses: Any,
          deck: Any, out: Any, rec: Any, work: Any) -> int:
    """Shuffle ``deck`` (Fisher-Yates), deal it singly from the dealer's left and play the deal out.
    ``work`` is scratch space: five rows of ``players`` integers."""
    hands, order, trick, tseats, won = work[0], work[1], work[2], work[3], work[4]
    _shuffle_deal(players, hand_size, dealer, st, deck, hands, order)
    for s in range(players):
        won[s] = 0
    return _run(hands, players, order, 0, -1, -1, 0, trick, tseats, 0, 0, -1, won,
                tricks, wins, loses, st, out, rec)


@njit
def _shuffle_deal(players: int, hand_size: int, dealer: int, st: Any, deck: Any, hands: Any, order: Any) -> None:
    """Shuffle ``deck`` (Fisher-Yates) and deal it singly from the dealer's left into ``hands``; ``order``: the
    seats in the order they declare."""
    for i in range(52):
        deck[i] = i
    for i in range(51, 0, -1):
        j = _rand(st, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    for s in range(players):
        hands[s] = 0
        order[s] = (dealer + 1 + s) % players
    for k in range(players * hand_size):
        hands[(dealer + 1 + k) % players] |= 1 << deck[k]


@njit
def _deals(n: int, players: int, hand_size: int, seed: int, tricks: Any, wins: Any, loses: Any, out: Any) -> None:
    st = np.zeros(1, np.int64)
    st[0] = seed & 0xFFFFFFFF
    if st[0] == 0:
        st[0] = 1
    deck = np.zeros(52, np.int64)
    rec = np.zeros((0, 4), np.int64)
    work = np.zeros((5, players), np.int64)
    for i in range(n):
        _deal(players, hand_size, i % players, st, tricks, wins, loses, deck, out[i], rec, work)


_LADDERS: weakref.WeakKeyDictionary[Any, tuple[Any, Any, Any]] = weakref.WeakKeyDictionary()
"""Per configured game: its ladder as arrays (tricks needed, win, loss), read from the game's own contracts."""


def _ladder(game: Any) -> tuple[Any, Any, Any]:
    got = _LADDERS.get(game)
    if got is None:
        cs = list(game.setup.ladder.values())
        got = _LADDERS[game] = tuple(np.array(v, np.int64) for v in
                                     ([c.tricks for c in cs], [c.win for c in cs], [c.lose for c in cs]))
    return got


def _state(d: Any) -> tuple[Any, ...] | None:
    """The arguments of ``_run`` for the position of ``d`` (a Nap deal), or None when the kernel does not cover it."""
    if d.phase not in ("declare", "play") or d.pool_start or any(d.paid) or d.direction != 1:
        return None
    p = d.players
    hands = np.array(d.hands, np.int64)
    trick = np.zeros(p, np.int64)
    tseats = np.zeros(p, np.int64)
    if d.phase == "declare":
        a = d.auction
        order = np.array(a.order, np.int64)
        return (hands, p, order, a.pos, a.high, -1 if a.holder is None else a.holder, 0, trick, tseats, 0, 0,
                -1, np.zeros(p, np.int64))
    n = len(d.trick)
    trick[:n] = d.trick
    tseats[:n] = d.trick_seats
    assert d.contract is not None and d.declarer is not None and d.turn is not None
    high = d.setup.words.index(d.contract.word)
    trump = d.rules.trump if d.played else -1
    return (hands, p, np.zeros(p, np.int64), p, high, d.declarer, 1, trick, tseats, n, d.turn,
            -1 if trump is None else trump, np.array(d.tricks_won, np.int64))


class NapKernel(PlayoutKernel):
    """Nap's playout kernel: both variants, every player count, their default options, numba installed."""

    def covers(self, game: Any) -> bool:
        return HAVE_NUMBA and game.pack.size == 52 and all(getattr(game.options, o.name) == o.default
                                                             for o in game.option_specs)

    def random_results(self, game: Any, n: int, seed: int) -> list[list[Any]]:
        out = np.zeros((n, game.players), np.int64)
        _deals(n, game.players, game.variant.hand_size, seed, *_ladder(game), out)
        return out.tolist()  # type: ignore[no-any-return]

    def rollout(self, deal: Any, rng: random.Random) -> list[Any] | None:
        args = _state(deal)
        if args is None:
            return None
        st = np.array([rng.getrandbits(32) or 1], np.int64)
        out = np.zeros(deal.players, np.int64)
        _run(*args, *_ladder(deal.game), st, out, _NO_RECORD)
        return out.tolist()  # type: ignore[no-any-return]

    # ------------------------------------------------------------ traces, for the replay tests
    def _steps(self, game: Any, rec: Any, n: int) -> tuple[Step, ...]:
        words = ["pass", *game.setup.ladder]
        code = game.pack.code_of
        steps = []
        for seat, kind, mask, choice in rec[:n].tolist():
            if kind == 1:
                steps.append(Step(seat, tuple(code[c] for c in range(52) if mask >> c & 1), code[choice]))
            else:
                steps.append(Step(seat, tuple(w for i, w in enumerate(words) if mask >> i & 1), words[choice]))
        return tuple(steps)

    def trace_deal(self, game: Any, seed: int, dealer: int) -> Trace:
        p = game.players
        st = np.array([seed & 0xFFFFFFFF or 1], np.int64)
        deck, out, rec = np.zeros(52, np.int64), np.zeros(p, np.int64), np.zeros((STEPS, 4), np.int64)
        work = np.zeros((5, p), np.int64)
        n = _deal(p, game.variant.hand_size, dealer, st, *_ladder(game), deck, out, rec, work)
        codes = tuple(game.pack.code_of[c] for c in deck.tolist())
        return Trace(codes, dealer, self._steps(game, rec, n), tuple(out.tolist()))

    def trace_rollout(self, deal: Any, seed: int) -> Trace | None:
        args = _state(deal)
        if args is None:
            return None
        st = np.array([seed & 0xFFFFFFFF or 1], np.int64)
        out, rec = np.zeros(deal.players, np.int64), np.zeros((STEPS, 4), np.int64)
        n = _run(*args, *_ladder(deal.game), st, out, rec)
        return Trace(None, deal.dealer, self._steps(deal.game, rec, n), tuple(out.tolist()))


_NO_RECORD = np.zeros((0, 4), np.int64) if HAVE_NUMBA else None
