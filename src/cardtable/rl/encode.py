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

>>> from cardtable.rl.encode import encoder
>>> import cardtable as ct
>>> enc = encoder("nap", 4, ())
>>> deal = ct.load("nap").deal(seed=1)
>>> vec = enc.encode(deal.view(deal.turn))
>>> vec.shape == (enc.size,), int(vec[enc.slices["view.hand"]][1:].sum())  # after the key's presence flag
(True, 5)
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

import numpy as np

import cardtable as ct

from .actions import Vocabulary, _option_variants, tokenize, vocabulary

__all__ = ["HISTORY", "Encoder", "encoder", "learn_shape"]

HISTORY = 6
"""How many of the latest actions are encoded in order (older ones as per-seat token counts)."""

SKIP = frozenset({"legal", "status", "game", "players", "result", "history", "seat"})
"""View keys not encoded as such (``seat`` and ``history`` have their own blocks)."""

SCALE = 0.1
_NUMBER = re.compile(r"^-?\d+(/\d+)?$")


class Misfit(Exception):
    """A value that does not fit the learned shape of its key."""


def _number(v: Any) -> float | None:
    if isinstance(v, bool):
        return float(v)
    if isinstance(v, int | float):
        return float(v)
    if isinstance(v, str) and _NUMBER.match(v):
        num, _, den = v.partition("/")
        return int(num) / int(den or 1)
    return None


# ----------------------------------------------------------------------------------------- learning shapes
class Shape:
    """What one position of the views has been seen to hold."""

    def __init__(self) -> None:
        self.null = False
        self.bools_only = True  # every number seen was a bool
        self.distinct = True  # no list seen held the same number twice
        self.words: set[str] = set()  # top level only: the tokens of the history that are not cards
        self.nums: set[float] = set()
        self.strs: set[str] = set()
        self.item: Shape | None = None
        self.lengths: set[int] = set()
        self.leaves = 0  # the most numbers seen in one value (nested lists of numbers)
        self.keys: dict[str, Shape] | None = None
        self.per_seat = True  # every list seen held one item per seat of its table
        self.seats = 0  # the most seats of a table seen

    def add(self, v: Any, players: int = 0) -> None:
        if v is None:
            self.null = True
        elif (x := _number(v)) is not None:
            self.nums.add(x)
            self.bools_only &= isinstance(v, bool)
        elif isinstance(v, str):
            self.strs.add(v)
        elif isinstance(v, list | tuple):
            self.lengths.add(len(v))
            self.per_seat &= len(v) == players
            nums = [x for x in v if not isinstance(x, list | dict | str)]
            self.distinct &= len(nums) == len(set(nums))
            self.leaves = max(self.leaves, sum(1 for _ in _leaves(v)))
            self.item = self.item or Shape()
            for x in v:
                self.item.add(x, players)
        elif isinstance(v, dict):
            self.keys = self.keys if self.keys is not None else {}
            for k, x in v.items():
                self.keys.setdefault(str(k), Shape()).add(x, players)
        self.seats = max(self.seats, players)

    def kinds(self, cards: frozenset[str]) -> set[str]:
        out = set()
        if self.nums:
            out.add("num")
        if self.strs:
            out.add("card" if all(_cardish(s, cards) for s in self.strs) else "str")
        if self.item is not None:
            out.add("list")
        if self.keys is not None:
            out.add("dict")
        return out


def _leaves(v: Any) -> Iterator[Any]:
    if isinstance(v, list | tuple):
        for x in v:
            yield from _leaves(x)
    else:
        yield v


def _cardish(s: str, cards: frozenset[str]) -> bool:
    toks = tokenize(s)
    return bool(toks) and all(t in cards or t == "=" for t in toks)


def _merge(shapes: list[Shape]) -> Shape:
    out = Shape()
    for s in shapes:
        out.null |= s.null
        out.bools_only &= s.bools_only
        out.distinct &= s.distinct
        out.nums |= s.nums
        out.strs |= s.strs
        out.lengths |= s.lengths
        out.leaves = max(out.leaves, s.leaves)
        out.per_seat &= s.per_seat
        out.seats = max(out.seats, s.seats)
        out.words |= s.words
        if s.item is not None:
            out.item = _merge([out.item, s.item]) if out.item is not None else s.item
        if s.keys is not None:
            keys = dict(out.keys or {})
            for k, v in s.keys.items():
                keys[k] = _merge([keys[k], v]) if k in keys else v
            out.keys = keys
    return out


def view_schema(game_id: str, players: int | None, options: tuple[tuple[str, Any], ...]) -> Shape:
    """The one place the encoder learns what a configuration's views hold (``players=None``: every player
    count of the game, for padded observations). Today it is learned from seeded random playouts; when games
    declare their view schema this is the function to switch to the declaration."""
    if players is not None:
        return learn_shape(game_id, players, options)
    info = ct.game_info(game_id)
    shapes = []
    for p in range(info.min_players, info.max_players + 1):
        try:
            ct.load(game_id, players=p, **dict(options))
        except ct.RulesError:
            continue
        shapes.append(learn_shape(game_id, p, options))
    return _merge(shapes)


@cache
def learn_shape(game_id: str, players: int, options: tuple[tuple[str, Any], ...], deals: int = 60) -> Shape:
    """The shape of the views of a configuration, from seeded random playouts over its option settings."""
    top = Shape()
    rng = random.Random(54321)

    def add(view: dict[str, Any]) -> None:
        top.add({k: v for k, v in view.items() if k not in SKIP}, players)
        for _, action in view.get("history") or []:
            top.words.update(tokenize(action))

    for deal in _playouts(game_id, players, options, deals, rng):
        steps = 0
        while not deal.over and steps < 2000:
            assert deal.turn is not None
            for seat in {deal.turn, (deal.turn + 1 + steps) % players}:
                add(deal.view(seat))
            deal.act(rng.choice(deal.legal()))
            steps += 1
        for seat in range(players):
            add(deal.view(seat))
    return top


def _playouts(game_id: str, players: int, options: tuple[tuple[str, Any], ...], deals: int,
              rng: random.Random) -> Iterator[ct.Deal]:
    """Fresh deals for each option setting, in runs of ten carrying pools and scores from one to the next (so
    that what only a later deal of a match shows is seen too); the caller plays each one out."""
    for variant in _option_variants(game_id, players, dict(options)):
        g = ct.load(game_id, players=players, **variant)
        carry = None
        for i in range(deals):
            deal = g.deal(seed=100_000 + i, dealer=i % players, carry=carry if i % 10 else None)
            yield deal
            carry = deal.carry if deal.over else None


# ------------------------------------------------------------------------------------------------- plans
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


# ---------------------------------------------------------------------------------------------- encoder
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
