"""Nap and Seven-Card Nap as a batch environment: N deals stepped at once in the compiled Nap kernel.

>>> env = NapBatch("nap", n=8, players=4, seed=1)
>>> obs, mask, seat = env.reset()
>>> obs.shape == (8, env.obs_size), mask.shape == (8, 57), bool(mask.any(axis=1).all())
(True, True, True)

The rules are the kernel's (``cardtable.games.napoleon_kernel``: the declaration mask, following suit, the
trick's winner, the settlement, the shuffle and the deal), on the games' default options; this module only
keeps N positions in arrays and applies the actions it is given. Every deal is to be played to its end: a
finished deal is settled (``rewards``: every seat's delta, in chips) and the next one dealt in its place at
once, by the next dealer (``done`` marks it).

Actions are the flat ids of the configuration (:mod:`cardtable.rl.flat`: the cards, then ``bid 2`` …
``nap``, ``pass``), one per deal; ``mask`` gives the legal ones of the seat to act (``seat``). An action
outside the mask raises ``ValueError`` naming the deals, before any deal moves. The observation of the
seat to act is built only from what that seat may see — its hand; every card each seat has played and the
current trick, seats relative to the viewer; each seat's declaration; the highest declaration and who made
it; trumps; the tricks each seat has won; the phase — in the layout :func:`observe_view` computes from
``deal.view(seat)``, which ``tests/rl/test_batch.py`` checks against replays through the engine.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

import cardtable as ct
from cardtable.games import napoleon_kernel as K

from .flat import flat_actions

__all__ = ["NapBatch", "observe_view"]


def _layout(players: int, ladder: int) -> dict[str, tuple[int, int]]:
    """Block offsets and sizes of an observation."""
    blocks = [("hand", 52), ("played", players * 52), ("trick", players * 52), ("declared", players * (ladder + 2)),
              ("high", ladder + 1), ("holder", players + 1), ("trump", 5), ("won", players), ("phase", 2)]
    out, pos = {}, 0
    for name, size in blocks:
        out[name] = (pos, size)
        pos += size
    return out


class NapBatch:
    """``n`` deals of Nap or Seven-Card Nap (default options) stepped together; see the module text."""

    def __init__(self, game_id: str = "nap", n: int = 1000, players: int | None = None, seed: int = 0) -> None:
        self.game = ct.load(game_id, players=players)
        if not isinstance(self.game.kernel, K.NapKernel):  # numba installed, default options
            raise ValueError(f"the batch environment plays Nap and Seven-Card Nap on their default options with "
                             f"numba installed, not {self.game!r}")
        if n < 1:
            raise ValueError(f"n is a number of deals, at least 1, not {n}")
        self.n, self.players, self.hand_size = n, self.game.players, self.game.variant.hand_size
        self.tricks, self.wins, self.loses = K._ladder(self.game)
        ladder = len(self.tricks)
        self.flat = flat_actions(self.game.id)
        words = list(self.game.setup.words)  # the declarations, lowest first
        # kernel card index -> flat id; ladder index -> flat id; pass -> flat id
        self.card_id = np.array([self.flat.id(self.game.pack.code_of[c]) for c in range(52)], np.int64)
        self.bid_id = np.array([self.flat.id(w) for w in words] + [self.flat.id("pass")], np.int64)
        self.layout = _layout(self.players, ladder)
        self.obs_size = sum(size for _, size in self.layout.values())
        self.n_actions = len(self.flat)
        p = self.players
        self.hands = np.zeros((n, p), np.int64)
        self.order = np.zeros((n, p), np.int64)
        self.trick = np.zeros((n, p), np.int64)
        self.tseats = np.zeros((n, p), np.int64)
        self.won = np.zeros((n, p), np.int64)
        self.played = np.zeros((n, p), np.int64)  # per seat, a mask of the cards it has played
        self.declared = np.full((n, p), -2, np.int64)  # -2: not yet, -1: pass, j: the ladder's j
        self.scal = np.zeros((n, 8), np.int64)  # phase, pos, high, holder, ntrick, turn, trump, dealer
        self.st = np.zeros((n, 1), np.int64)
        self.deck = np.zeros(52, np.int64)
        self.seed = seed
        self.deals_done = 0
        self._mask: np.ndarray | None = None

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Deal ``n`` new deals; the observations and masks of the seats to act, and those seats."""
        s = self.seed if seed is None else seed
        self.st[:, 0] = (np.arange(self.n, dtype=np.int64) * 2654435761 + s * 40503 + 1) & 0xFFFFFFFF
        self.st[self.st[:, 0] == 0, 0] = 1
        self.scal[:, 7] = np.arange(self.n) % self.players
        obs, mask = self._arrays()
        _new_deals(np.ones(self.n, np.bool_), self.players, self.hand_size, self.hands, self.order, self.trick,
                   self.tseats, self.won, self.played, self.declared, self.scal, self.st, self.deck, False)
        _observe(obs, mask, self._args())
        self._mask = mask
        return obs, mask, self.scal[:, 5].copy()

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        return np.zeros((self.n, self.obs_size), np.float32), np.zeros((self.n, self.n_actions), np.int8)

    def _args(self) -> tuple[Any, ...]:
        offs = np.array([off for off, _ in self.layout.values()], np.int64)
        return (self.players, len(self.tricks), offs, self.card_id, self.bid_id, self.hands, self.trick,
                self.tseats, self.won, self.played, self.declared, self.scal)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Apply one action (a flat id) in every deal: observations, masks, seats to act, rewards (``n`` ×
        players, the deltas of the deals that ended) and ``done`` (those deals, already dealt anew)."""
        actions = np.asarray(actions, np.int64)
        if actions.shape != (self.n,):
            raise ValueError(f"one action per deal: an array of {self.n} ids, not of shape {actions.shape}")
        if self._mask is None:
            raise ValueError("reset() the batch before step()")
        ok = (actions >= 0) & (actions < self.n_actions)
        ok[ok] = self._mask[np.flatnonzero(ok), actions[ok]] == 1
        if not ok.all():
            bad = np.flatnonzero(~ok)
            raise ValueError(f"illegal actions in {len(bad)} deals (e.g. deal {bad[0]}: action {actions[bad[0]]}); "
                             f"nothing was played")
        rewards = np.zeros((self.n, self.players), np.float32)
        done = np.zeros(self.n, np.bool_)
        _step(actions, self.players, self.hand_size, self.tricks, self.wins, self.loses, self.card_id,
              self.bid_id, self.hands, self.order, self.trick, self.tseats, self.won, self.played, self.declared,
              self.scal, self.st, self.deck, rewards, done)
        self.deals_done += int(done.sum())
        obs, mask = self._arrays()
        _observe(obs, mask, self._args())
        self._mask = mask
        return obs, mask, self.scal[:, 5].copy(), rewards, done


@numba.njit(cache=True, nogil=True)
def _new_deals(which: Any, players: int, hand_size: int, hands: Any, order: Any, trick: Any, tseats: Any,
               won: Any, played: Any, declared: Any, scal: Any, st: Any, deck: Any, rotate: bool) -> None:
    for i in range(hands.shape[0]):
        if not which[i]:
            continue
        if rotate:
            scal[i, 7] = (scal[i, 7] + 1) % players
        K._shuffle_deal(players, hand_size, scal[i, 7], st[i], deck, hands[i], order[i])
        for s in range(players):
            won[i, s] = 0
            played[i, s] = 0
            declared[i, s] = -2
        scal[i, 0] = 0  # declaring
        scal[i, 1] = 0  # the place in the order of speakers
        scal[i, 2] = -1  # the highest declaration so far
        scal[i, 3] = -1  # who made it
        scal[i, 4] = 0  # cards in the trick
        scal[i, 5] = order[i, 0]  # the seat to act
        scal[i, 6] = -1  # trumps (named by the opening lead)


@numba.njit(cache=True, nogil=True)
def _step(actions: Any, players: int, hand_size: int, tricks: Any, wins: Any, loses: Any, card_id: Any,
          bid_id: Any, hands: Any, order: Any, trick: Any, tseats: Any, won: Any, played: Any, declared: Any,
          scal: Any, st: Any, deck: Any, rewards: Any, done: Any) -> None:
    ladder = len(tricks)
    out = np.zeros(players, np.int64)
    for i in range(actions.shape[0]):
        a = actions[i]
        turn = scal[i, 5]
        if scal[i, 0] == 0:  # a declaration: pass, or the ladder's j
            j = -1
            for k in range(ladder):
                if bid_id[k] == a:
                    j = k
            declared[i, turn] = j
            if j >= 0:
                scal[i, 2] = j
                scal[i, 3] = turn
            scal[i, 1] += 1
            if scal[i, 1] < players:
                scal[i, 5] = order[i, scal[i, 1]]
                continue
            if scal[i, 3] < 0:  # everyone passed: the deal is void
                done[i] = True
                continue
            scal[i, 0] = 1
            scal[i, 5] = scal[i, 3]  # the declarer leads
            continue
        c = 0
        while card_id[c] != a:
            c += 1
        if scal[i, 6] < 0:  # the opening lead names trumps
            scal[i, 6] = c // 13
        hands[i, turn] &= ~(1 << c)
        played[i, turn] |= 1 << c
        n = scal[i, 4]
        trick[i, n] = c
        tseats[i, n] = turn
        n += 1
        if n < players:
            scal[i, 4] = n
            scal[i, 5] = (turn + 1) % players
            continue
        winner = tseats[i, K._winner(trick[i], players, scal[i, 6])]
        won[i, winner] += 1
        scal[i, 4] = 0
        scal[i, 5] = winner
        if hands[i, winner] == 0:  # every trick played: settle
            high, declarer = scal[i, 2], scal[i, 3]
            K._settle(players, declarer, won[i, declarer] >= tricks[high], wins[high], loses[high], out)
            for s in range(players):
                rewards[i, s] = out[s]
            done[i] = True
    _new_deals(done, players, hand_size, hands, order, trick, tseats, won, played, declared, scal, st, deck, True)


@numba.njit(cache=True, nogil=True)
def _observe(obs: Any, mask: Any, args: Any) -> None:
    players, ladder, offs, card_id, bid_id, hands, trick, tseats, won, played, declared, scal = args
    for i in range(obs.shape[0]):
        me = scal[i, 5]
        hand = hands[i, me]
        for c in range(52):
            if hand >> c & 1:
                obs[i, offs[0] + card_id[c]] = 1.0
        for s in range(players):
            r = (s - me) % players
            m = played[i, s]
            for c in range(52):
                if m >> c & 1:
                    obs[i, offs[1] + r * 52 + card_id[c]] = 1.0
            d = declared[i, s]
            obs[i, offs[3] + r * (ladder + 2) + (d + 1 if d >= -1 else ladder + 1)] = 1.0
            obs[i, offs[7] + r] = won[i, s]
        if scal[i, 0] == 1:
            for k in range(scal[i, 4]):
                r = (tseats[i, k] - me) % players
                obs[i, offs[2] + r * 52 + card_id[trick[i, k]]] = 1.0
        high, holder, trump = scal[i, 2], scal[i, 3], scal[i, 6]
        obs[i, offs[4] + (high if high >= 0 else ladder)] = 1.0
        obs[i, offs[5] + ((holder - me) % players if holder >= 0 else players)] = 1.0
        obs[i, offs[6] + (trump if trump >= 0 else 4)] = 1.0
        obs[i, offs[8] + scal[i, 0]] = 1.0
        if scal[i, 0] == 0:
            mask[i, bid_id[ladder]] = 1  # pass
            bids = K._bid_mask(high, ladder)
            for j in range(ladder):
                if bids >> (j + 1) & 1:
                    mask[i, bid_id[j]] = 1
        else:
            legal = K._card_mask(hand, trick[i], scal[i, 4])
            for c in range(52):
                if legal >> c & 1:
                    mask[i, card_id[c]] = 1


def observe_view(env: NapBatch, view: dict[str, Any]) -> np.ndarray:
    """The batch observation of a seat computed from its ``deal.view(seat)`` (the reference the tests compare
    the compiled observation with)."""
    p, words = env.players, list(env.game.setup.words)
    ladder = len(words)
    obs = np.zeros(env.obs_size, np.float32)
    me = view["seat"]

    def put(block: str, i: int, x: float = 1.0) -> None:
        obs[env.layout[block][0] + i] = x

    for c in view["hand"]:
        put("hand", env.flat.id(c))
    declared: dict[int, int] = {}
    for seat, action in view["history"]:
        r = (seat - me) % p
        if action == "pass":
            declared[seat] = -1
        elif action in words:
            declared[seat] = words.index(action)
        else:
            put("played", r * 52 + env.flat.id(action))
    for s in range(p):
        d = declared.get(s, -2)
        put("declared", (s - me) % p * (ladder + 2) + (d + 1 if d >= -1 else ladder + 1))
        put("won", (s - me) % p, float((view.get("tricks_won") or [0] * p)[s]))
    playing = view["phase"] == "play"
    for seat, card in (view.get("trick") or []) if playing else []:
        put("trick", (seat - me) % p * 52 + env.flat.id(card))
    high = view.get("contract") or view.get("high_bid")
    put("high", words.index(high) if high in words else ladder)
    holder = view.get("declarer") if view.get("declarer") is not None else view.get("high_bidder")
    put("holder", (holder - me) % p if holder is not None else p)
    trump = view.get("trump")
    suits = [env.game.pack.code_of[13 * k][-1] for k in range(4)]  # the kernel's suit k: cards 13k .. 13k + 12
    put("trump", suits.index(trump) if trump else 4)
    put("phase", 1 if playing else 0)
    return obs
