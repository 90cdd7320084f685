"""The plans of the observation encoder: how each kind of view value is written into its block.

A plan per view key (:func:`make_plan`, from the key's learned :class:`~cardtable.rl.shapes.Shape`) has a
reference ``write`` that checks every value, a ``gen`` that emits the same writes as Python source for the
encoder compiled per configuration (:class:`Gen`), and the ``bounds`` of its slots. The layout of the whole
vector is :class:`cardtable.rl.encode.Encoder`'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from .actions import Vocabulary, tokenize
from .shapes import _NUMBER, Misfit, Shape, _leaves, _merge, _number

__all__ = ["INF", "SCALE", "Ctx", "Fallback", "Gen", "PhrasePlan", "Plan", "make_plan"]

SCALE = 0.1


class Ctx:
    """What every plan needs: the seat blocks (``n``: the seats of the table, or the most seats of any table
    for padded observations), the seats of the table being encoded (``cur``), the card codes and the action
    vocabulary."""

    def __init__(self, players: int, codes: list[str], vocab: Vocabulary, copies: int = 1) -> None:
        self.n = players
        self.cur = players
        self.codes = codes
        self.cindex = {c: i for i, c in enumerate(codes)}
        self.cards = frozenset(codes)
        self.vocab = vocab
        self.copies = copies
        self.misfits = 0


INF = float("inf")


class Gen:
    """Python source of a compiled encoder: lines, fresh names, and the constants the code refers to."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.consts: dict[str, Any] = {}
        self.depth = 1
        self._names = 0

    def var(self, stem: str = "v") -> str:
        self._names += 1
        return f"{stem}{self._names}"

    def const(self, value: Any, stem: str = "K") -> str:
        name = self.var(stem)
        self.consts[name] = value
        return name

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def block(self) -> _Indent:
        return _Indent(self)

    def unless_none(self, v: str, slot: str) -> _Indent:
        """``if v is None:`` mark ``slot`` (the block's null flag), ``else:`` the lines emitted in the block."""
        self.emit(f"if {v} is None: A({slot})")
        self.emit("else:")
        return _Indent(self)


class _Indent:
    def __init__(self, g: Gen) -> None:
        self.g = g

    def __enter__(self) -> None:
        self.g.depth += 1

    def __exit__(self, *exc: object) -> None:
        self.g.depth -= 1


class Plan:
    """How one view value is written into a block of the vector. ``write`` is the reference (checks every
    value, raises :class:`Misfit`); ``gen`` emits the same writes as Python source for the compiled encoder
    (``A(i)``: add 1 at ``i``; ``S(i, x)``: set ``x`` at ``i``), which raises on anything unusual so that the
    reference redoes the view; ``bounds`` gives each slot's least and greatest value."""

    size = 0
    kind = ""

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        raise NotImplementedError

    def gen(self, g: Gen, pos: str, v: str) -> None:
        g.emit("raise Fallback")

    def bounds(self, low: np.ndarray, high: np.ndarray, pos: int) -> None:
        high[pos:pos + self.size] = 1.0


class Fallback(Exception):
    """The compiled encoder met a value it leaves to the reference."""


class CardsPlan(Plan):
    """Count per card code of every card token; with ``=``, what jokers stand for in a second block."""

    kind = "cards"

    def __init__(self, ctx: Ctx, eq: bool) -> None:
        self.ctx, self.eq = ctx, eq
        self.size = len(ctx.codes) * (2 if eq else 1)
        self.memo: dict[str, tuple[int, ...]] = {}

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        c = len(self.ctx.codes)
        for leaf in _leaves(v):
            if leaf is None:
                continue
            if not isinstance(leaf, str):
                raise Misfit(f"not a card: {leaf!r}")
            toks = tokenize(leaf)
            for k, tok in enumerate(toks):
                if tok == "=":
                    continue
                i = self.ctx.cindex.get(tok)
                if i is None:
                    raise Misfit(f"not a card code: {tok!r}")
                stands_for = k > 0 and toks[k - 1] == "="
                if stands_for and not self.eq:
                    raise Misfit("a joker's stand-in was never seen here")
                vec[pos + i + (c if stands_for else 0)] += 1.0

    def gen(self, g: Gen, pos: str, v: str) -> None:
        # a card, a list of cards, or a list of lists of cards (None skipped); anything else: the reference
        x, y, j = g.var("x"), g.var("y"), g.var("j")
        if self.eq:
            pl = g.const(self, "cp")
            one = f"for {j} in ({pl}.memo[{{0}}] if {{0}} in {pl}.memo else {pl}.slots({{0}})): A({pos} + {j})"
        else:
            one = f"A({pos} + ci[{{0}}])"
        g.emit(f"for {x} in (({v},) if type({v}) is str else () if {v} is None else {v}):")
        with g.block():
            g.emit(f"if type({x}) is str:")
            with g.block():
                g.emit(one.format(x))
            g.emit(f"elif {x} is not None:")
            with g.block():
                g.emit(f"for {y} in {x}:")
                with g.block():
                    g.emit(f"if type({y}) is not str: raise Fallback")
                    g.emit(one.format(y))

    def slots(self, leaf: str) -> tuple[int, ...]:
        """The slots one card leaf (``5C``, ``JK=5C``) adds 1 to, relative to the block (memoised)."""
        vec = np.zeros(self.size, np.float64)
        try:
            self.write(vec, 0, leaf, 0)
        except Misfit:
            raise Fallback from None
        got = tuple(int(i) for i in np.flatnonzero(vec) for _ in range(int(vec[i])))
        if len(self.memo) < 100_000:
            self.memo[leaf] = got
        return got

    def bounds(self, low: np.ndarray, high: np.ndarray, pos: int) -> None:
        high[pos:pos + self.size] = INF  # a value may name a card more than once (a run's two ends)


class CategoryPlan(Plan):
    """One-hot (or counts, for a list of words) over the values seen; a null slot."""

    kind = "words"

    def __init__(self, ctx: Ctx, values: set[str], many: bool = False) -> None:
        self.ctx = ctx
        self.values = sorted(values)
        self.index = {v: i for i, v in enumerate(self.values)}
        self.size = len(self.values) + 1
        self.many = many

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        if v is None:
            vec[pos + len(self.values)] = 1.0
            return
        for leaf in (v if isinstance(v, list | tuple) else [v]):
            key = leaf if isinstance(leaf, str) else repr(leaf)
            i = self.index.get(key)
            if i is None:
                raise Misfit(f"word {key!r} was never seen here")
            vec[pos + i] += 1.0

    def gen(self, g: Gen, pos: str, v: str) -> None:
        idx, x = g.const(self.index, "wx"), g.var("x")
        with g.unless_none(v, f"{pos} + {len(self.values)}"):
            g.emit(f"for {x} in ({v} if type({v}) is list else ({v},)):")
            with g.block():
                g.emit(f"A({pos} + {idx}[{x} if type({x}) is str else repr({x})])")

    def bounds(self, low: np.ndarray, high: np.ndarray, pos: int) -> None:
        high[pos:pos + self.size] = INF if self.many else 1.0


class PhrasePlan(Plan):
    """A text value (``phase``, ``trump``, ``contract``…): counts of its words over the words seen, its numbers
    in order (``"bid 30"`` → ``bid``, 30; ``"110 points"``), and its card codes; a null slot."""

    kind = "text"

    def __init__(self, ctx: Ctx, values: set[str]) -> None:
        self.ctx = ctx
        words, self.numbers, self.has_cards = set(), 0, False
        for v in values:
            toks = v.split()
            self.numbers = max(self.numbers, sum(1 for t in toks if _NUMBER.match(t)))
            for t in toks:
                if t in ctx.cindex:
                    self.has_cards = True
                elif not _NUMBER.match(t):
                    words.add(t)
        self.words = sorted(words)
        self.index = {w: i for i, w in enumerate(self.words)}
        self.cards_at = len(self.words) + self.numbers
        self.size = self.cards_at + (len(ctx.codes) if self.has_cards else 0) + 1
        self.memo: dict[Any, tuple[tuple[int, ...], tuple[tuple[int, float], ...]]] = {}

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        if v is None:
            vec[pos + self.size - 1] = 1.0
            return
        if isinstance(v, list | dict | tuple):
            raise Misfit(f"not a text: {v!r}")
        k = 0
        for t in (v.split() if isinstance(v, str) else [repr(v)]):
            num = _number(t)
            if num is not None:
                if k >= self.numbers:
                    raise Misfit(f"more numbers than ever seen here: {v!r}")
                vec[pos + len(self.words) + k] = num * SCALE
                k += 1
            elif t in self.index:
                vec[pos + self.index[t]] += 1.0
            elif self.has_cards and t in self.ctx.cindex:
                vec[pos + self.cards_at + self.ctx.cindex[t]] += 1.0
            else:
                raise Misfit(f"word {t!r} was never seen here")

    def parts(self, v: Any) -> tuple[tuple[int, ...], tuple[tuple[int, float], ...]]:
        """The slots a value adds 1 to and the (slot, value) pairs it sets, relative to the block (memoised)."""
        got = self.memo.get(v)
        if got is None:
            vec = np.zeros(self.size, np.float64)
            try:
                self.write(vec, 0, v, 0)
            except Misfit:
                raise Fallback from None
            numbers = range(len(self.words), self.cards_at)
            adds = tuple(int(i) for i in np.flatnonzero(vec) if i not in numbers for _ in range(int(vec[i])))
            sets = tuple((int(i), float(vec[i])) for i in numbers if vec[i])
            got = (adds, sets)
            if len(self.memo) < 100_000 and isinstance(v, str | int):
                self.memo[v] = got
        return got

    def gen(self, g: Gen, pos: str, v: str) -> None:
        pm, t, j, x = g.const(self, "pp"), g.var("t"), g.var("j"), g.var("x")
        with g.unless_none(v, f"{pos} + {self.size - 1}"):
            g.emit(f"{t} = {pm}.memo.get({v}) if type({v}) is str else None")
            g.emit(f"if {t} is None: {t} = {pm}.parts({v})")
            g.emit(f"for {j} in {t}[0]: A({pos} + {j})")
            g.emit(f"for {j}, {x} in {t}[1]: S(({pos} + {j}, {x}))")

    def bounds(self, low: np.ndarray, high: np.ndarray, pos: int) -> None:
        high[pos:pos + self.size] = INF  # a word may recur in a text
        nums = slice(pos + len(self.words), pos + self.cards_at)
        low[nums], high[nums] = -INF, INF
        high[pos + self.size - 1] = 1.0


class NumberPlan(Plan):
    """A number scaled by 1/10, a null flag, and for seat-valued keys the seat relative to the viewer."""

    kind = "number"

    def __init__(self, ctx: Ctx, seat: bool, bools: bool = False) -> None:
        self.ctx, self.seat, self.bools = ctx, seat, bools
        self.size = 2 + (ctx.n + 1 if seat else 0)

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        if v is None:
            vec[pos + 1] = 1.0
            return
        x = _number(v)
        if x is None or isinstance(v, list | dict):
            raise Misfit(f"not a number: {v!r}")
        vec[pos] = x * SCALE
        if self.seat:
            n = self.ctx.cur
            vec[pos + 2 + ((int(x) - me) % n if 0 <= x < n and x == int(x) else self.ctx.n)] = 1.0

    def gen(self, g: Gen, pos: str, v: str) -> None:
        x = g.var("x")
        with g.unless_none(v, f"{pos} + 1"):
            g.emit(f"{x} = {v} if type({v}) is int else num({v})")
            g.emit(f"if {x}: S(({pos}, {x} * {SCALE}))")
            if self.seat:
                g.emit(f"A({pos} + 2 + (({x} - me) % cur if type({x}) is int and 0 <= {x} < cur "
                       f"else seat_of({x}, me, cur, {self.ctx.n})))")

    def bounds(self, low: np.ndarray, high: np.ndarray, pos: int) -> None:
        high[pos:pos + self.size] = 1.0
        if self.bools:
            high[pos] = SCALE
        elif self.seat:
            low[pos], high[pos] = -SCALE, (self.ctx.n - 1) * SCALE
        else:
            low[pos], high[pos] = -INF, INF


def _num(v: Any) -> float:
    x = _number(v)
    if x is None or isinstance(v, list | dict):
        raise Fallback
    return x


def _seat_of(x: float, me: int, cur: int, n: int) -> int:
    return (int(x) - me) % cur if 0 <= x < cur and x == int(x) else n


class PerSeatPlan(Plan):
    """A list with one number per seat, rotated so that the viewer comes first."""

    kind = "per seat"

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.size = ctx.n + 1

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        if v is None:
            vec[pos + self.ctx.n] = 1.0
            return
        n = self.ctx.cur
        if not isinstance(v, list | tuple) or len(v) != n:
            raise Misfit(f"not one number per seat: {v!r}")
        for s, x in enumerate(v):
            num = _number(x)
            if num is None:
                raise Misfit(f"not a number: {x!r}")
            vec[pos + (s - me) % n] = num * SCALE

    def gen(self, g: Gen, pos: str, v: str) -> None:
        s, x = g.var("s"), g.var("x")
        with g.unless_none(v, f"{pos} + {self.ctx.n}"):
            g.emit(f"if len({v}) != cur: raise Fallback")
            g.emit(f"for {s}, {x} in enumerate({v}):")
            with g.block():
                g.emit(f"if type({x}) is not int: {x} = num({x})")
                g.emit(f"if {x}: S(({pos} + ({s} - me) % cur, {x} * {SCALE}))")

    def bounds(self, low: np.ndarray, high: np.ndarray, pos: int) -> None:
        low[pos:pos + self.ctx.n], high[pos:pos + self.ctx.n] = -INF, INF
        high[pos + self.ctx.n] = 1.0


class SeatListPlan(Plan):
    """A list of seats: for each seat (relative to the viewer) its place in the list, 0 if absent."""

    kind = "seats"

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.size = ctx.n + 1

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        n = self.ctx.cur
        if v is None:
            vec[pos + self.ctx.n] = 1.0
            return
        if not isinstance(v, list | tuple):
            raise Misfit(f"not a list of seats: {v!r}")
        for k, s in enumerate(v):
            if not isinstance(s, int) or not 0 <= s < n or vec[pos + (s - me) % n]:
                raise Misfit(f"not a list of distinct seats: {v!r}")
            vec[pos + (s - me) % n] = (k + 1) / n

    def gen(self, g: Gen, pos: str, v: str) -> None:
        k, s = g.var("k"), g.var("s")
        with g.unless_none(v, f"{pos} + {self.ctx.n}"):
            g.emit(f"if type({v}) is not list or len(set({v})) != len({v}): raise Fallback")
            g.emit(f"for {k}, {s} in enumerate({v}):")
            with g.block():
                g.emit(f"if type({s}) is not int or not 0 <= {s} < cur: raise Fallback")
                g.emit(f"S(({pos} + ({s} - me) % cur, ({k} + 1) / cur))")


class NumbersPlan(Plan):
    """Nested lists of numbers, flattened, with their count (``teams``, team scores)."""

    kind = "numbers"

    def __init__(self, ctx: Ctx, length: int) -> None:
        self.length = length
        self.size = length + 2

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        if v is None:
            vec[pos + self.length + 1] = 1.0
            return
        leaves = list(_leaves(v))
        if len(leaves) > self.length:
            raise Misfit(f"more than {self.length} numbers: {v!r}")
        for k, x in enumerate(leaves):
            num = _number(x)
            if num is None:
                raise Misfit(f"not a number: {x!r}")
            vec[pos + k] = num * SCALE
        vec[pos + self.length] = len(leaves) * SCALE

    def gen(self, g: Gen, pos: str, v: str) -> None:
        pl, j, x = g.const(self, "np"), g.var("j"), g.var("x")
        with g.unless_none(v, f"{pos} + {self.length + 1}"):
            g.emit(f"for {j}, {x} in {pl}.parts({v}): S(({pos} + {j}, {x}))")

    def parts(self, v: Any) -> list[tuple[int, float]]:
        """The (slot, value) pairs a value sets, relative to the block."""
        vec = np.zeros(self.size, np.float64)
        try:
            self.write(vec, 0, v, 0)
        except Misfit:
            raise Fallback from None
        return [(int(i), float(vec[i])) for i in np.flatnonzero(vec)]

    def bounds(self, low: np.ndarray, high: np.ndarray, pos: int) -> None:
        low[pos:pos + self.length], high[pos:pos + self.length] = -INF, INF
        high[pos + self.length] = self.length * SCALE
        high[pos + self.length + 1] = 1.0


class TrickPlan(Plan):
    """``[[seat, code], ...]``: each seat's card (relative to the viewer), and who played k-th."""

    kind = "trick"

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.size = ctx.n * len(ctx.codes) + ctx.n * ctx.n + 1

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        N, c, n = self.ctx.n, len(self.ctx.codes), self.ctx.cur
        if v is None:
            vec[pos + self.size - 1] = 1.0
            return
        if not isinstance(v, list | tuple) or len(v) > n:
            raise Misfit(f"not a trick: {v!r}")
        for k, pair in enumerate(v):
            if not (isinstance(pair, list | tuple) and len(pair) == 2 and isinstance(pair[0], int)
                    and 0 <= pair[0] < n and pair[1] in self.ctx.cindex):
                raise Misfit(f"not a (seat, card) pair: {pair!r}")
            rel = (pair[0] - me) % n
            vec[pos + rel * c + self.ctx.cindex[pair[1]]] += 1.0
            vec[pos + N * c + k * N + rel] = 1.0

    def gen(self, g: Gen, pos: str, v: str) -> None:
        N, c = self.ctx.n, len(self.ctx.codes)
        k, s, x, r = g.var("k"), g.var("s"), g.var("x"), g.var("r")
        with g.unless_none(v, f"{pos} + {self.size - 1}"):
            g.emit(f"if len({v}) > cur: raise Fallback")
            g.emit(f"for {k}, ({s}, {x}) in enumerate({v}):")
            with g.block():
                g.emit(f"if type({s}) is not int or not 0 <= {s} < cur: raise Fallback")
                g.emit(f"{r} = ({s} - me) % cur")
                g.emit(f"A({pos} + {r} * {c} + ci[{x}])")
                g.emit(f"A({pos} + {N * c} + {k} * {N} + {r})")

    def bounds(self, low: np.ndarray, high: np.ndarray, pos: int) -> None:
        high[pos:pos + self.size] = 1.0
        high[pos:pos + self.ctx.n * len(self.ctx.codes)] = self.ctx.n  # one card per seat of the table


class MapPlan(Plan):
    """A dict: a presence flag and a block per key (per seat, relative to the viewer, for seat-keyed maps)."""

    kind = "map"

    def __init__(self, ctx: Ctx, keys: dict[str, Plan], seats: Plan | None = None) -> None:
        self.ctx, self.seats = ctx, seats
        if seats is not None:
            keys = {str(s): seats for s in range(ctx.n)}
        self.keys = dict(sorted(keys.items()))
        self.offsets: dict[str, int] = {}
        pos = 1  # slot 0: null
        for k, p in self.keys.items():
            self.offsets[k] = pos
            pos += 1 + p.size
        self.size = pos

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        if v is None:
            vec[pos] = 1.0
            return
        if not isinstance(v, dict):
            raise Misfit(f"not a map: {v!r}")
        for k, x in v.items():
            key = str(k)
            if self.seats is not None and key.isdigit():
                if int(key) >= self.ctx.cur:
                    raise Misfit(f"no seat {key} at this table")
                key = str((int(key) - me) % self.ctx.cur)
            off = self.offsets.get(key)
            if off is None:
                raise Misfit(f"key {k!r} was never seen here")
            vec[pos + off] = 1.0
            self.keys[key].write(vec, pos + off + 1, x, me)

    def gen(self, g: Gen, pos: str, v: str) -> None:
        k, x = g.var("k"), g.var("x")
        with g.unless_none(v, f"{pos}"):
            g.emit(f"if type({v}) is not dict: raise Fallback")
            g.emit(f"for {k}, {x} in {v}.items():")
            with g.block():
                if self.seats is not None:
                    r, p = g.var("r"), g.var("p")
                    g.emit(f"{r} = int({k})")
                    g.emit(f"if not 0 <= {r} < cur or str({r}) != str({k}): raise Fallback")
                    g.emit(f"{p} = {pos} + 1 + (({r} - me) % cur) * {1 + self.seats.size}")
                    g.emit(f"A({p})")
                    self.seats.gen(g, f"{p} + 1", x)
                    return
                first = True
                for key, plan in self.keys.items():
                    g.emit(f"{'if' if first else 'elif'} {k} == {key!r}:")
                    first = False
                    with g.block():
                        off = self.offsets[key]
                        g.emit(f"A({pos} + {off})")
                        plan.gen(g, f"{pos} + {off + 1}", x)
                g.emit("else: raise Fallback" if self.keys else "raise Fallback")

    def bounds(self, low: np.ndarray, high: np.ndarray, pos: int) -> None:
        high[pos] = 1.0
        for k, p in self.keys.items():
            high[pos + self.offsets[k]] = 1.0
            p.bounds(low, high, pos + self.offsets[k] + 1)


class ItemsPlan(Plan):
    """A list of maps (``melds``): one block per item, up to twice the most items seen while learning."""

    kind = "items"

    def __init__(self, ctx: Ctx, item: Plan, slots: int) -> None:
        self.item, self.slots = item, slots
        self.size = 2 + slots * item.size

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        if v is None:
            vec[pos + 1] = 1.0
            return
        if not isinstance(v, list | tuple) or len(v) > self.slots:
            raise Misfit(f"more than {self.slots} items")
        vec[pos] = len(v) * SCALE
        for k, x in enumerate(v):
            self.item.write(vec, pos + 2 + k * self.item.size, x, me)

    def gen(self, g: Gen, pos: str, v: str) -> None:
        k, x = g.var("k"), g.var("x")
        with g.unless_none(v, f"{pos} + 1"):
            g.emit(f"if type({v}) is not list or len({v}) > {self.slots}: raise Fallback")
            g.emit(f"if {v}: S(({pos}, len({v}) * {SCALE}))")
            g.emit(f"for {k}, {x} in enumerate({v}):")
            with g.block():
                self.item.gen(g, f"{pos} + 2 + {k} * {self.item.size}", x)

    def bounds(self, low: np.ndarray, high: np.ndarray, pos: int) -> None:
        high[pos] = self.slots * SCALE
        high[pos + 1] = 1.0
        for k in range(self.slots):
            self.item.bounds(low, high, pos + 2 + k * self.item.size)


class TokensPlan(Plan):
    """The fallback for a shape no other plan fits: card counts and action-word counts of every string in it,
    and the sum of its numbers. Lossy, so it counts as a misfit each time it is used (the tests keep it unused).
    """

    kind = "tokens"

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.size = len(ctx.codes) + len(ctx.vocab) + 1

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        self.ctx.misfits += 1
        c = len(self.ctx.codes)
        for leaf in _leaves(list(v.values()) if isinstance(v, dict) else v):
            if isinstance(leaf, str):
                for tok in tokenize(leaf):
                    if tok in self.ctx.cindex:
                        vec[pos + self.ctx.cindex[tok]] += 1.0
                    elif tok in self.ctx.vocab.index:
                        vec[pos + c + self.ctx.vocab.index[tok]] += 1.0
            elif _number(leaf) is not None:
                vec[pos + self.size - 1] += (_number(leaf) or 0.0) * SCALE

    def bounds(self, low: np.ndarray, high: np.ndarray, pos: int) -> None:
        high[pos:pos + self.size] = INF
        low[pos + self.size - 1] = -INF


class EmptyPlan(Plan):
    """A value only ever seen empty or null: a flag saying which."""

    kind = "empty"
    size = 1

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        if v is None:
            vec[pos] = 1.0
        elif v not in ([], {}, ()):
            raise Misfit(f"only ever seen empty: {v!r}")

    def gen(self, g: Gen, pos: str, v: str) -> None:
        g.emit(f"if {v} is None: A({pos})")
        g.emit(f"elif {v} not in EMPTY: raise Fallback")


def make_plan(sh: Shape, ctx: Ctx) -> Plan:
    """The plan that encodes every value of a learned shape."""
    n = ctx.n
    kinds = sh.kinds(ctx.cards)
    if kinds == {"dict"}:
        keys = sh.keys or {}
        if keys and all(k.isdigit() and int(k) < n for k in keys):
            return MapPlan(ctx, {}, seats=make_plan(_merge(list(keys.values())), ctx))
        return MapPlan(ctx, {k: make_plan(s, ctx) for k, s in keys.items()})
    if kinds == {"list"}:
        item = sh.item
        assert item is not None
        ik = item.kinds(ctx.cards)
        if not ik:
            return EmptyPlan()
        if ik == {"card"} or (ik == {"list"} and item.item is not None and item.item.kinds(ctx.cards) <= {"card"}
                              and not item.item.item):
            return CardsPlan(ctx, eq=any("=" in s for s in _all_strs(sh)))
        if ik == {"list"} and item.lengths == {2} and item.item is not None \
                and item.item.kinds(ctx.cards) == {"num", "card"}:
            return TrickPlan(ctx)
        if ik == {"num"}:
            ints = all(x == int(x) for x in item.nums)
            if sh.per_seat and sh.lengths:
                return PerSeatPlan(ctx)
            if ints and sh.distinct and all(0 <= x < n for x in item.nums):
                return SeatListPlan(ctx)
            return NumbersPlan(ctx, max(sh.leaves * 2, 2))
        if ik == {"list"} and _only_numbers(item):
            return NumbersPlan(ctx, max(sh.leaves * 2, 2))
        if ik == {"dict"}:
            return ItemsPlan(ctx, make_plan(item, ctx), max(2, 2 * max(sh.lengths)))
        if ik <= {"str", "card"}:
            return CategoryPlan(ctx, item.strs, many=True)
    if kinds == {"card"}:
        return CardsPlan(ctx, eq=any("=" in s for s in sh.strs))
    if kinds == {"num"}:
        return NumberPlan(ctx, seat=not sh.bools_only and all(x == int(x) and -1 <= x < n for x in sh.nums),
                          bools=sh.bools_only)
    if not kinds:
        return EmptyPlan()
    if "list" not in kinds and "dict" not in kinds:  # text, or text and numbers (numbers read as text)
        return PhrasePlan(ctx, sh.strs)
    return TokensPlan(ctx)


def _all_strs(sh: Shape) -> Iterator[str]:
    yield from sh.strs
    if sh.item is not None:
        yield from _all_strs(sh.item)


def _only_numbers(sh: Shape) -> bool:
    k = sh.kinds(frozenset())
    if k == {"num"}:
        return True
    return k == {"list"} and sh.item is not None and _only_numbers(sh.item)
