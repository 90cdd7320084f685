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

    def add(self, v: Any) -> None:
        if v is None:
            self.null = True
        elif (x := _number(v)) is not None:
            self.nums.add(x)
            self.bools_only &= isinstance(v, bool)
        elif isinstance(v, str):
            self.strs.add(v)
        elif isinstance(v, list | tuple):
            self.lengths.add(len(v))
            nums = [x for x in v if not isinstance(x, list | dict | str)]
            self.distinct &= len(nums) == len(set(nums))
            self.leaves = max(self.leaves, sum(1 for _ in _leaves(v)))
            self.item = self.item or Shape()
            for x in v:
                self.item.add(x)
        elif isinstance(v, dict):
            self.keys = self.keys if self.keys is not None else {}
            for k, x in v.items():
                self.keys.setdefault(str(k), Shape()).add(x)

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
        if s.item is not None:
            out.item = _merge([out.item, s.item]) if out.item is not None else s.item
        if s.keys is not None:
            keys = dict(out.keys or {})
            for k, v in s.keys.items():
                keys[k] = _merge([keys[k], v]) if k in keys else v
            out.keys = keys
    return out


@cache
def learn_shape(game_id: str, players: int, options: tuple[tuple[str, Any], ...], deals: int = 60) -> Shape:
    """The shape of the views of a configuration, from seeded random playouts over its option settings."""
    top = Shape()
    rng = random.Random(54321)

    def add(view: dict[str, Any]) -> None:
        top.add({k: v for k, v in view.items() if k not in SKIP})
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
    """What every plan needs: the seat count, the card codes and the action vocabulary."""

    def __init__(self, players: int, codes: list[str], vocab: Vocabulary) -> None:
        self.n = players
        self.codes = codes
        self.cindex = {c: i for i, c in enumerate(codes)}
        self.cards = frozenset(codes)
        self.vocab = vocab
        self.misfits = 0


class Plan:
    size = 0
    kind = ""

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        raise NotImplementedError


class CardsPlan(Plan):
    """Count per card code of every card token; with ``=``, what jokers stand for in a second block."""

    kind = "cards"

    def __init__(self, ctx: Ctx, eq: bool) -> None:
        self.ctx, self.eq = ctx, eq
        self.size = len(ctx.codes) * (2 if eq else 1)

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


class CategoryPlan(Plan):
    """One-hot (or counts, for a list of words) over the values seen; a null slot."""

    kind = "words"

    def __init__(self, ctx: Ctx, values: set[str]) -> None:
        self.ctx = ctx
        self.values = sorted(values)
        self.index = {v: i for i, v in enumerate(self.values)}
        self.size = len(self.values) + 1

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


class NumberPlan(Plan):
    """A number scaled by 1/10, a null flag, and for seat-valued keys the seat relative to the viewer."""

    kind = "number"

    def __init__(self, ctx: Ctx, seat: bool) -> None:
        self.ctx, self.seat = ctx, seat
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
            n = self.ctx.n
            vec[pos + 2 + ((int(x) - me) % n if 0 <= x < n and x == int(x) else n)] = 1.0


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
        n = self.ctx.n
        if not isinstance(v, list | tuple) or len(v) != n:
            raise Misfit(f"not one number per seat: {v!r}")
        for s, x in enumerate(v):
            num = _number(x)
            if num is None:
                raise Misfit(f"not a number: {x!r}")
            vec[pos + (s - me) % n] = num * SCALE


class SeatListPlan(Plan):
    """A list of seats: for each seat (relative to the viewer) its place in the list, 0 if absent."""

    kind = "seats"

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.size = ctx.n + 1

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        n = self.ctx.n
        if v is None:
            vec[pos + n] = 1.0
            return
        if not isinstance(v, list | tuple):
            raise Misfit(f"not a list of seats: {v!r}")
        for k, s in enumerate(v):
            if not isinstance(s, int) or not 0 <= s < n or vec[pos + (s - me) % n]:
                raise Misfit(f"not a list of distinct seats: {v!r}")
            vec[pos + (s - me) % n] = (k + 1) / n


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


class TrickPlan(Plan):
    """``[[seat, code], ...]``: each seat's card (relative to the viewer), and who played k-th."""

    kind = "trick"

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.size = ctx.n * len(ctx.codes) + ctx.n * ctx.n + 1

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        n, c = self.ctx.n, len(self.ctx.codes)
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
            vec[pos + n * c + k * n + rel] = 1.0


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
                key = str((int(key) - me) % self.ctx.n)
            off = self.offsets.get(key)
            if off is None:
                raise Misfit(f"key {k!r} was never seen here")
            vec[pos + off] = 1.0
            self.keys[key].write(vec, pos + off + 1, x, me)


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


class EmptyPlan(Plan):
    """A value only ever seen empty or null: a flag saying which."""

    kind = "empty"
    size = 1

    def write(self, vec: np.ndarray, pos: int, v: Any, me: int) -> None:
        if v is None:
            vec[pos] = 1.0
        elif v not in ([], {}, ()):
            raise Misfit(f"only ever seen empty: {v!r}")


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
            if sh.lengths == {n}:
                return PerSeatPlan(ctx)
            if ints and sh.distinct and all(0 <= x < n for x in item.nums):
                return SeatListPlan(ctx)
            return NumbersPlan(ctx, max(sh.leaves * 2, 2))
        if ik == {"list"} and _only_numbers(item):
            return NumbersPlan(ctx, max(sh.leaves * 2, 2))
        if ik == {"dict"}:
            return ItemsPlan(ctx, make_plan(item, ctx), max(2, 2 * max(sh.lengths)))
        if ik <= {"str", "card"}:
            return CategoryPlan(ctx, item.strs)
    if kinds == {"card"}:
        return CardsPlan(ctx, eq=any("=" in s for s in sh.strs))
    if kinds == {"num"}:
        return NumberPlan(ctx, seat=not sh.bools_only and all(x == int(x) and -1 <= x < n for x in sh.nums))
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
class Encoder:
    """Observation vectors of one game configuration (see the module text for the layout).

    ``slices`` names every block: ``seat``, ``history.cards`` (per seat relative to the viewer),
    ``history.tokens`` (per seat, over ``words``), ``history.last``, ``prefix``, ``view.<key>`` for every view
    key (a presence flag, then the key's plan, ``plans[key]``), and ``overflow``; ``layout()`` lists them.
    """

    def __init__(self, players: int, vocab: Vocabulary, codes: list[str], shape: Shape) -> None:
        self.n = players
        self.vocab = vocab
        self.codes = codes
        self.ctx = Ctx(players, codes, vocab)
        c, n = len(codes), players
        words = {t for t in shape.words if t not in self.ctx.cindex and t != "="}
        numbers = [int(t) for t in words if t.isdigit()]
        words |= {str(k) for k in range(max(numbers) + 1)} if numbers else set()  # bids between those seen too
        self.words = sorted(words, key=lambda t: (t.isdigit(), int(t) if t.isdigit() else 0, t))
        """The non-card tokens of the histories seen while learning (words, and numbers up to the largest)."""
        self.windex = {t: i for i, t in enumerate(self.words)}
        self.plans: dict[str, Plan] = {k: make_plan(s, self.ctx) for k, s in sorted((shape.keys or {}).items())}
        sizes = [("seat", n), ("history.cards", n * c), ("history.tokens", n * len(self.words)),
                 ("history.last", HISTORY * (len(self.words) + c + n)), ("prefix", len(vocab))]
        sizes += [(f"view.{k}", 1 + p.size) for k, p in self.plans.items()]
        sizes += [("overflow", c + 1)]
        self.slices: dict[str, slice] = {}
        pos = 0
        for name, size in sizes:
            self.slices[name] = slice(pos, pos + size)
            pos += size
        self.size = pos

    @property
    def misfits(self) -> int:
        """How many values did not fit the learned shape (their cards went to ``overflow``)."""
        return self.ctx.misfits

    def layout(self) -> list[tuple[str, str, int]]:
        """(block, kind, size) of every block, in order."""
        kinds = {f"view.{k}": p.kind for k, p in self.plans.items()}
        return [(name, kinds.get(name, name.split(".")[0]), s.stop - s.start) for name, s in self.slices.items()]

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

    def encode(self, view: dict[str, Any], prefix: list[str] | None = None) -> np.ndarray:
        """The observation vector of a view (and the tokens of the action being entered)."""
        vec = np.zeros(self.size, dtype=np.float32)
        sl, n, c = self.slices, self.n, len(self.codes)
        me = view.get("seat")
        me = me if isinstance(me, int) else 0
        vec[sl["seat"].start + me % n] = 1.0
        history = view.get("history") or []
        w = len(self.words)
        last = len(history) - HISTORY
        for k, (s, action) in enumerate(history):
            rel = (s - me) % n
            row = sl["history.last"].start + (k - last) * (w + c + n) if k >= last else None
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


@cache
def encoder(game_id: str, players: int, options: tuple[tuple[str, Any], ...]) -> Encoder:
    """The (cached) encoder of a configuration: its vocabulary and the learned shape of its views."""
    vocab = vocabulary(game_id, players, options)
    return Encoder(players, vocab, vocab.codes, learn_shape(game_id, players, options))
