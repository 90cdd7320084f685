"""Fixed-length observation vectors built from ``deal.view(seat)`` only (never from hidden state).

The encoding adds no rule and knows no game: the *shape* of a configuration's views (which keys, which kinds
of values, which words) is learned once from seeded random playouts, like the action vocabulary, and every
key of the view gets its own slice, chosen by the kind of value it holds:

- cards (a code, a list of codes, nested lists of codes: ``hand``, ``turn_up``, ``layout`` entries,
  ``my_discards``…): a count per card code (lists of cards are multisets: their order is dropped), and for
  ``JK=5C`` what the joker stands for in a second block;
- a trick (``[[seat, code], ...]``): the card of each seat (relative to the viewer) and the order of play;
- ``{seat: ...}`` maps (``known_cards``, ``exposed``): one block per seat, relative to the viewer;
- other maps (``pools``, ``layout``): one block per key; lists of maps (``melds``): one block per item;
- words (``phase``, ``trump``, ``contract``, ``kind``…): one-hot over the values seen when the shape was
  learned; numbers (``declarer``, ``stock_size``…) scaled by 1/10, with a one-hot of the seat relative to the
  viewer when the key only ever held seats; per-seat lists (``hand_sizes``, ``tricks_won``, ``scores``)
  rotated to the viewer; a presence flag for every key and a null flag where a key can be null.

The ``history`` is summarised: the cards each seat has played or shown, the count of every other action
token (bids, passes, words, numbers) per seat, and the last six actions in order with who made them. The
tokens of the action being entered come last. ``status`` (a sentence derived from the rest), ``legal`` (the
action mask) and ``result`` (the reward) are not encoded. A value the learned shape does not fit (a key or a
word never seen while learning) is never dropped silently: its cards go to an ``overflow`` block and
``Encoder.misfits`` counts it (the tests check it stays zero).

The shape is learned by :mod:`cardtable.rl.shapes`, each kind of value is written by its plan
(:mod:`cardtable.rl.plans`); this module lays out the blocks and encodes.

>>> from cardtable.rl.encode import encoder
>>> import cardtable as ct
>>> enc = encoder("nap", 4, ())
>>> deal = ct.load("nap").deal(seed=1)
>>> vec = enc.encode(deal.view(deal.turn))
>>> vec.shape == (enc.size,), int(vec[enc.slices["view.hand"]][1:].sum())  # after the key's presence flag
(True, 5)
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import numpy as np

import cardtable as ct

from .actions import Vocabulary, tokenize, vocabulary
from .plans import INF, Ctx, Fallback, Gen, Plan, _num, _seat_of, make_plan
from .shapes import SKIP, Misfit, Shape, _leaves, learn_shape, view_schema

__all__ = ["HISTORY", "Encoder", "encoder", "learn_shape"]

HISTORY = 6
"""How many of the latest actions are encoded in order (older ones as per-seat token counts)."""


def _scatter_py(vec: np.ndarray, ones: np.ndarray, sets: np.ndarray) -> None:
    np.add.at(vec, ones, 1.0)
    vec[sets[0::2].astype(np.int64)] = sets[1::2]


try:  # the scatter compiled (numba, in the rl extra); NumPy's add.at where numba is missing
    import numba

    @numba.njit(cache=True, nogil=True)  # type: ignore[misc]
    def _scatter(vec: np.ndarray, ones: np.ndarray, sets: np.ndarray) -> None:
        for i in ones:
            vec[i] += 1.0
        for k in range(0, sets.shape[0], 2):
            vec[int(sets[k])] = sets[k + 1]
except ImportError:  # pragma: no cover
    _scatter = _scatter_py


class Encoder:
    """Observation vectors of one game configuration (see the module text for the layout).

    ``slices`` names every block: ``seat``, ``history.cards`` (per seat relative to the viewer),
    ``history.tokens`` (per seat, over ``words``), ``history.last``, ``prefix`` (token mode only),
    ``view.<key>`` for every view key (a presence flag, then the key's plan, ``plans[key]``), and
    ``overflow``; ``layout()`` lists them; ``low`` and ``high`` bound every slot.

    ``encode`` runs Python code generated once per encoder from the plans (straight-line, no dispatch per
    value), with the token analysis of each history action memoised, and scatters the collected writes into
    the vector in one compiled call; any value it does not expect makes it redo the view by the reference
    ``encode_reference`` (the plans' ``write``), so both always give the same vector (tested).
    """

    def __init__(self, players: int, vocab: Vocabulary, codes: list[str], shape: Shape, prefix: bool = True,
                 padded: bool = False, copies: int = 1) -> None:
        self.n = players
        self.padded = padded
        self.vocab = vocab
        self.codes = codes
        self.ctx = Ctx(players, codes, vocab, copies)
        c, n = len(codes), players
        words = {t for t in shape.words if t not in self.ctx.cindex and t != "="}
        numbers = [int(t) for t in words if t.isdigit()]
        words |= {str(k) for k in range(max(numbers) + 1)} if numbers else set()  # bids between those seen too
        self.words = sorted(words, key=lambda t: (t.isdigit(), int(t) if t.isdigit() else 0, t))
        """The non-card tokens of the histories seen while learning (words, and numbers up to the largest)."""
        self.windex = {t: i for i, t in enumerate(self.words)}
        self.plans: dict[str, Plan] = {k: make_plan(s, self.ctx) for k, s in sorted((shape.keys or {}).items())}
        sizes = [("seat", n), ("history.cards", n * c), ("history.tokens", n * len(self.words)),
                 ("history.last", HISTORY * (len(self.words) + c + n))]
        sizes += [("prefix", len(vocab))] if prefix else []
        sizes += [(f"view.{k}", 1 + p.size) for k, p in self.plans.items()]
        sizes += [("overflow", c + 1)]
        self.slices: dict[str, slice] = {}
        pos = 0
        for name, size in sizes:
            self.slices[name] = slice(pos, pos + size)
            pos += size
        self.size = pos
        self.low, self.high = self._bounds()
        self._tokens: dict[str, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}
        self._history: dict[tuple[str, int], tuple[int, ...]] = {}
        self._last: dict[tuple[str, int, int], tuple[int, ...]] = {}
        self._fast = self._compile()

    key: tuple[Any, ...] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        if self.key is None:
            raise TypeError("only an encoder made by encoder() pickles (as its arguments)")
        return encoder, self.key

    @property
    def misfits(self) -> int:
        """How many values did not fit the learned shape (their cards went to ``overflow``)."""
        return self.ctx.misfits

    def layout(self) -> list[tuple[str, str, int]]:
        """(block, kind, size) of every block, in order."""
        kinds = {f"view.{k}": p.kind for k, p in self.plans.items()}
        return [(name, kinds.get(name, name.split(".")[0]), s.stop - s.start) for name, s in self.slices.items()]

    def _bounds(self) -> tuple[np.ndarray, np.ndarray]:
        low = np.zeros(self.size, np.float32)
        high = np.ones(self.size, np.float32)
        sl = self.slices
        for name in ("history.cards", "history.tokens", "prefix", "overflow"):  # counts with no bound
            if name in sl:
                high[sl[name]] = INF
        c, n, w = len(self.codes), self.n, len(self.words)
        for row in range(HISTORY):  # the cards of one action: at most every copy of each
            start = sl["history.last"].start + row * (w + c + n) + w
            high[start:start + c] = INF
        for key, plan in self.plans.items():
            start = sl[f"view.{key}"].start
            high[start] = 1.0
            plan.bounds(low, high, start + 1)
        return low, high

    def _overflow(self, vec: np.ndarray, v: Any) -> None:
        self.ctx.misfits += 1
        sl = self.slices["overflow"]
        vec[sl.stop - 1] += 1.0
        for leaf in _leaves(list(v.values()) if isinstance(v, dict) else v):
            if isinstance(leaf, str):
                for tok in tokenize(leaf):
                    i = self.ctx.cindex.get(tok)
                    if i is not None:
                        vec[sl.start + i] += 1.0

    def _seats(self, view: dict[str, Any]) -> tuple[int, int]:
        me = view.get("seat")
        me = me if isinstance(me, int) else 0
        cur = view.get("players") if self.padded else self.n
        if not isinstance(cur, int) or not 1 <= cur <= self.n:
            raise ValueError(f"a view of a table of {cur!r} seats: this encoder has {self.n}")
        return me, cur

    def encode_reference(self, view: dict[str, Any], prefix: list[str] | None = None) -> np.ndarray:
        """The observation vector of a view, by the plans' reference writes (slow, checks everything)."""
        vec = np.zeros(self.size, dtype=np.float32)
        sl, c = self.slices, len(self.codes)
        me, n = self._seats(view)
        self.ctx.cur = n
        N = self.n
        vec[sl["seat"].start + me % n] = 1.0
        history = view.get("history") or []
        w = len(self.words)
        last = len(history) - HISTORY
        for k, (s, action) in enumerate(history):
            rel = (s - me) % n
            row = sl["history.last"].start + (k - last) * (w + c + N) if k >= last else None
            if row is not None:
                vec[row + w + c + rel] = 1.0
            toks = tokenize(action)
            for j, tok in enumerate(toks):
                if tok == "=":
                    continue
                ci = self.ctx.cindex.get(tok)
                if ci is not None:
                    if not (j > 0 and toks[j - 1] == "="):  # a joker's stand-in is not a card shown
                        vec[sl["history.cards"].start + rel * c + ci] += 1.0
                    if row is not None:
                        vec[row + w + ci] += 1.0
                    continue
                wi = self.windex.get(tok)
                if wi is None:
                    self._overflow(vec, tok)
                    continue
                vec[sl["history.tokens"].start + rel * w + wi] += 1.0
                if row is not None:
                    vec[row + wi] = 1.0
        if prefix and "prefix" not in sl:
            raise ValueError("this encoder has no prefix block (flat actions are complete)")
        for tok in prefix or []:
            vec[sl["prefix"].start + self.vocab.id(tok)] += 1.0
        for key, val in view.items():
            if key in SKIP:
                continue
            plan = self.plans.get(key)
            if plan is None:
                self._overflow(vec, val)
                continue
            start = sl[f"view.{key}"].start
            vec[start] = 1.0  # present
            try:
                plan.write(vec, start + 1, val, me)
            except Misfit:
                self._overflow(vec, val)
        return vec

    def _action_tokens(self, action: str
                       ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """A history action's cards shown, cards, words (with repeats) and distinct words, as indices."""
        got = self._tokens.get(action)
        if got is None:
            toks = tokenize(action)
            shown, cards, words = [], [], []
            for j, tok in enumerate(toks):
                if tok == "=":
                    continue
                ci = self.ctx.cindex.get(tok)
                if ci is not None:
                    if not (j > 0 and toks[j - 1] == "="):
                        shown.append(ci)
                    cards.append(ci)
                    continue
                wi = self.windex.get(tok)
                if wi is None:
                    raise Fallback
                words.append(wi)
            got = (tuple(shown), tuple(cards), tuple(words), tuple(sorted(set(words))))
            if len(self._tokens) < 100_000:
                self._tokens[action] = got
        return got

    def _action(self, key: tuple[str, int]) -> tuple[int, ...]:
        """The slots of ``history.cards`` and ``history.tokens`` an action adds 1 to, by its seat (relative)."""
        shown, _, words, _ = self._action_tokens(key[0])
        c, w, r = len(self.codes), len(self.words), key[1]
        hc, ht = self.slices["history.cards"].start + r * c, self.slices["history.tokens"].start + r * w
        got = tuple([hc + j for j in shown] + [ht + j for j in words])
        if len(self._history) < 200_000:
            self._history[key] = got
        return got

    def _action_last(self, key: tuple[str, int, int]) -> tuple[int, ...]:
        """The slots of its row of ``history.last`` an action sets, by its seat and row."""
        _, cards, _, distinct = self._action_tokens(key[0])
        c, w, r = len(self.codes), len(self.words), key[1]
        row = self.slices["history.last"].start + key[2] * (w + c + self.n)
        got = tuple([row + w + c + r] + [row + w + j for j in cards] + [row + j for j in distinct])
        if len(self._last) < 200_000:
            self._last[key] = got
        return got

    def _compile(self) -> Any:
        g = Gen()
        sl = self.slices
        g.emit("A(SEAT + me % cur)")
        # The history: per action and seat (relative to the viewer) the slots it adds to, memoised; with a
        # cache (one per viewer, kept by an environment) only the actions since the last call are read.
        g.emit("h = view.get('history') or ()")
        g.emit("L = len(h)")
        g.emit("if cache is not None and cache[0] == (me, cur) and cache[1] <= L and h[:cache[1]] == cache[2]:")
        with g.block():
            g.emit("k0, hist = cache[1], cache[3]")
        g.emit("else:")
        with g.block():
            g.emit("k0, hist = 0, []")
        g.emit("for k in range(k0, L):")
        with g.block():
            g.emit("s, a = h[k]")
            g.emit("key = (a, (s - me) % cur)")
            g.emit("hist.extend(hm[key] if key in hm else act(key))")
        g.emit("if cache is not None: cache[:] = [(me, cur), L, list(h), hist]")
        g.emit("E(hist)")
        g.emit(f"for k in range(max(0, L - {HISTORY}), L):")
        with g.block():
            g.emit("s, a = h[k]")
            g.emit(f"key = (a, (s - me) % cur, k - L + {HISTORY})")
            g.emit("E(hl[key] if key in hl else actl(key))")
        if "prefix" in sl:
            g.emit("if prefix:")
            with g.block():
                g.emit(f"for tok in prefix: A({sl['prefix'].start} + vid[tok])")
        else:
            g.emit("if prefix: raise Fallback")
        g.emit("if view.keys() - KNOWN: raise Fallback")
        for key, plan in self.plans.items():
            start = sl[f"view.{key}"].start
            v = g.var("v")
            g.emit(f"{v} = view.get({key!r}, MISSING)")
            g.emit(f"if {v} is not MISSING:")
            with g.block():
                g.emit(f"A({start})")
                plan.gen(g, str(start + 1), v)
        src = ("def _encode(view, prefix, me, cur, ones, S, cache):\n    A, E = ones.append, ones.extend\n"
               + "\n".join(g.lines) + "\n")
        env: dict[str, Any] = {
            **g.consts, "SEAT": sl["seat"].start, "hm": self._history, "act": self._action,
            "hl": self._last, "actl": self._action_last,
            "ci": self.ctx.cindex, "vid": self.vocab.index, "KNOWN": frozenset(self.plans) | SKIP,
            "MISSING": _MISSING, "Fallback": Fallback, "num": _num, "seat_of": _seat_of, "EMPTY": ([], {}, ()),
        }
        exec(compile(src, f"<encoder of {self.vocab.game_id}>", "exec"), env)
        self.source = src
        return env["_encode"]

    def encode(self, view: dict[str, Any], prefix: list[str] | None = None, cache: list[Any] | None = None
               ) -> np.ndarray:
        """The observation vector of a view (and the tokens of the action being entered, in token mode).
        ``cache``: a list kept by the caller for one viewer (start with ``[]``), so that only the history
        since the last call is read."""
        me, cur = self._seats(view)
        ones: list[int] = []  # slots to add 1 to
        sets: list[float] = []  # slot, value, slot, value...
        try:
            self._fast(view, prefix, me, cur, ones, sets.extend,
                       cache if cache is None or cache else _fresh(cache))
        except (Fallback, KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError):
            if cache is not None:
                cache.clear()
            return self.encode_reference(view, prefix)
        vec = np.zeros(self.size, dtype=np.float32)
        _scatter(vec, np.array(ones, np.int64), np.array(sets, np.float64) if sets else _NONE)
        return vec


_NONE = np.zeros(0, np.float64)


def _fresh(cache: list[Any]) -> list[Any]:
    cache[:] = [None, 0, [], []]
    return cache


_MISSING = object()


@cache
def encoder(game_id: str, players: int, options: tuple[tuple[str, Any], ...], prefix: bool = True,
            padded: bool = False) -> Encoder:
    """The (cached) encoder of a configuration: its vocabulary and the shape of its views. ``prefix``: a block
    for the tokens being entered (token mode); ``padded``: blocks for the most seats the game has, the same
    for every player count (the shape learned over all of them)."""
    vocab = vocabulary(game_id, players, options)
    game = ct.load(game_id, players=players, **dict(options))
    copies = max(Counter(game.pack.code_of).values())
    if padded:
        enc = Encoder(ct.game_info(game_id).max_players, vocab, vocab.codes, view_schema(game_id, None, options),
                      prefix, True, copies)
    else:
        enc = Encoder(players, vocab, vocab.codes, view_schema(game_id, players, options), prefix, False, copies)
    enc.key = (game_id, players, options, prefix, padded)
    return enc
