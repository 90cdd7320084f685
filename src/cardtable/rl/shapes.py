"""The shape of a configuration's views, learned once: which keys, which kinds of values, which words.

The observation encoder (:mod:`cardtable.rl.encode`) gives every key of the view a block chosen by the kind of
value it holds; this module learns those kinds from seeded random playouts of the configuration over its
option settings (:func:`view_schema`, the one place to switch to a declared schema), as the action vocabulary
is learned.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import cardtable as ct

from .actions import _option_variants, tokenize

__all__ = ["SKIP", "Misfit", "Shape", "learn_shape", "view_schema"]

SKIP = frozenset({"legal", "status", "game", "players", "result", "history", "events", "seat"})
"""View keys not encoded as such (``seat`` and ``history`` have their own blocks)."""

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
