"""Sampling hidden cards: place the cards a seat cannot see into the places it cannot see.

:meth:`Deal.sample <cardtable.core.deal.Deal.sample>` describes each hidden place as a :class:`Zone` (its size,
the cards known to lie there, the cards that may lie there: not a suit its holder showed void in) and asks
:func:`assign_cards` for a placement. Cards allowed in the same zones form a *class*; what matters is how many
cards of each class go to each zone, a transportation problem with forbidden cells.

Everything here is polynomial in the number of cards and zones:

* **Feasibility** is a maximum flow (source → class → zone → sink, :func:`feasible_flow`): augmenting paths
  on a graph of at most a few dozen nodes, where Hall's condition over every subset of zones would be
  exponential in the zone count (Irish Loo with ten players has nineteen hidden zones).
* **Uniform draws**, in three steps: a plain shuffle when nothing constrains the places; a few shuffles kept
  only when they fit (a fitting shuffle is a uniform draw among the consistent placements); otherwise the
  placements are counted exactly (:func:`_assign_exact`): zones that every class treats alike are merged
  first, the class-by-zone tables are drawn with their multinomial weights by a dynamic programme over the
  zones' remaining room, and each class is shuffled into its shares. The counting has a work limit.
* **The fallback** for shapes too large to count (:func:`_assign_sequential`) places card by card, each in a
  zone drawn in proportion to its remaining room among the zones where the rest can still be placed; which
  zones those are is read off a maximum flow kept up to date along alternating paths. Every consistent
  placement can occur (each card may go to any zone that leaves a completion), though not all equally often.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .dealing import shuffle

__all__ = ["Zone", "assign_cards", "feasible_flow"]


@dataclass
class Zone:
    """A place holding cards a viewer cannot see, for :meth:`Deal.sample`.

    ``cards``: what it truly holds; ``fixed``: the cards the viewer knows are there (they
    stay); ``allowed``: cards that may be placed there (e.g. not a suit the seat showed void
    in). ``key`` is handed back to :meth:`Deal._set_zone`.
    """

    key: Any
    cards: int
    fixed: int = 0
    allowed: int = -1


REJECTION_TRIES = 8
"""Shuffles tried before :func:`assign_cards` counts the placements exactly."""

EXACT_LIMIT = 4_000
"""Most enumeration steps one draw of :func:`_assign_exact` may take before it places card by card instead
(a few milliseconds; the counts are kept per constraint shape, so later draws of one position reuse them)."""

_COUNTS: dict[tuple[Any, ...], dict[tuple[int, tuple[int, ...]], int]] = {}
"""Placement counts per constraint shape (the searches of one position share one)."""
_TOO_BIG: set[tuple[Any, ...]] = set()
"""Constraint shapes whose counting ran past :data:`EXACT_LIMIT`: they go straight to the fallback."""

_FACTORIALS = [1]
for _n in range(1, 120):
    _FACTORIALS.append(_FACTORIALS[-1] * _n)


def assign_cards(cards: Sequence[int], sizes: Sequence[int], allowed: Sequence[int],
                 rng: random.Random) -> list[int] | None:
    """Place ``cards`` into zones of the given sizes, each card only where allowed.

    Every consistent placement is equally likely where the placements can be counted within
    :data:`EXACT_LIMIT` (a search that samples hidden cards must not favour some placements over others), and
    possible otherwise. Returns one mask per zone, or ``None`` when no placement exists.

    >>> assign_cards([0, 1, 2], [1, 2], [0b001, -1], random.Random(1))
    [1, 6]
    >>> assign_cards([0, 1, 2], [2, 1], [0b001, 0b111], random.Random(1)) is None  # zone 0 takes only card 0
    True
    """
    pool = list(cards)
    if sum(sizes) != len(pool) or any(s < 0 for s in sizes):
        return None
    if all(a == -1 for a in allowed):  # nothing constrains the places: one shuffle, then slices
        shuffle(pool, rng)
        return _slices(pool, sizes)
    # A few shuffles first: a shuffle that fits is a uniform draw among the consistent placements.
    for _ in range(REJECTION_TRIES):
        shuffle(pool, rng)
        out, pos, ok = [], 0, True
        for size, allow in zip(sizes, allowed):
            m = 0
            for c in pool[pos:pos + size]:
                if not allow >> c & 1:
                    ok = False
                    break
                m |= 1 << c
            if not ok:
                break
            out.append(m)
            pos += size
        if ok:
            return out
    return _assign_exact(pool, sizes, allowed, rng)


def _slices(pool: list[int], sizes: Sequence[int]) -> list[int]:
    out, pos = [], 0
    for size in sizes:
        m = 0
        for c in pool[pos:pos + size]:
            m |= 1 << c
        out.append(m)
        pos += size
    return out


def _classes(pool: Sequence[int], allowed: Sequence[int]) -> dict[int, list[int]] | None:
    """Cards grouped by signature (the bitmask of zones that may hold them); ``None`` if a card fits nowhere."""
    groups: dict[int, list[int]] = {}
    for c in pool:
        sig = 0
        for i, a in enumerate(allowed):
            if a >> c & 1:
                sig |= 1 << i
        if not sig:
            return None
        groups.setdefault(sig, []).append(c)
    return groups


# --------------------------------------------------------------------------- feasibility: a maximum flow
def feasible_flow(sigs: Sequence[int], counts: Sequence[int], caps: Sequence[int]) -> list[list[int]] | None:
    """A table ``x[k][i]``: how many cards of class ``k`` (allowed in the zones of bitmask ``sigs[k]``,
    ``counts[k]`` of them) go to zone ``i`` (room ``caps[i]``), filling every zone exactly; ``None`` when no
    such table exists. A maximum flow by augmenting paths, one card at a time: polynomial in cards, classes
    and zones (at most ``sum(counts)`` searches of a graph of ``len(sigs) + len(caps)`` nodes).

    When no path can bring one more card of class ``k`` to a zone with room, the zones reachable from ``k``
    are full, filled only by classes that may go nowhere else, and ``k`` needs more than they hold: Hall's
    condition fails for that set, so no table exists.

    >>> feasible_flow([0b01, 0b11], [1, 2], [1, 2])
    [[1, 0], [0, 2]]
    >>> feasible_flow([0b01, 0b11], [2, 1], [1, 2]) is None  # two cards for the one place of zone 0
    True
    """
    z = len(caps)
    if sum(counts) != sum(caps) or any(c < 0 for c in caps) or any(c < 0 for c in counts):
        return None
    x = [[0] * z for _ in sigs]
    room = list(caps)
    for k, sig in enumerate(sigs):
        need = counts[k]
        for i in range(z):  # greedy first: most of the flow needs no search
            if need and room[i] and sig >> i & 1:
                t = min(need, room[i])
                x[k][i] += t
                need -= t
                room[i] -= t
        while need:
            goal = 0
            for i in range(z):
                if room[i]:
                    goal |= 1 << i
            path = _path(k, sigs, x, goal)
            if path is None:
                return None
            _shift(path, x)
            room[path[-1][1]] -= 1
            need -= 1
    return x


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def _path(k: int, sigs: Sequence[int], x: list[list[int]], goal: int) -> list[tuple[int, int]] | None:
    """A shortest alternating path for one more card of class ``k`` into the zones of bitmask ``goal``:
    ``[(k, j0), (k1, j1), ...]`` — the card enters zone ``j0``, then a card of class ``k1`` moves from ``j0``
    to ``j1`` (where it is allowed), and so on; the last zone is in ``goal``. ``None`` if there is none."""
    parent: dict[int, tuple[int, int]] = {}  # zone -> (class that moves in, zone it comes from; -1: the new card)
    frontier = _bits(sigs[k])
    for j in frontier:
        parent[j] = (k, -1)
    seen = sigs[k]
    while frontier:
        nxt = []
        for i in frontier:
            if goal >> i & 1:
                path = []
                j = i
                while j >= 0:
                    kk, src = parent[j]
                    path.append((kk, j))
                    j = src
                path.reverse()
                return path
            for kk, sig in enumerate(sigs):
                if x[kk][i] and sig & ~seen:
                    for j in _bits(sig & ~seen):
                        parent[j] = (kk, i)
                        nxt.append(j)
                    seen |= sig
        frontier = nxt
    return None


def _shift(path: list[tuple[int, int]], x: list[list[int]]) -> None:
    """Apply an alternating path: one more card of the first class in the first zone, each later class moving
    one card from the zone before to its own (the last zone receives one card more)."""
    prev = -1
    for kk, j in path:
        if prev >= 0:
            x[kk][prev] -= 1
        x[kk][j] += 1
        prev = j


# --------------------------------------------------------------------------- exact uniform draws by counting
def _assign_exact(pool: list[int], sizes: Sequence[int], allowed: Sequence[int],
                  rng: random.Random) -> list[int] | None:
    """A uniform placement, drawn by counting.

    Zones that every class may or may not enter alike are merged first (their cards are shared out among
    them by one shuffle at the end, which keeps the draw uniform). The number of placements with ``x[k][t]``
    cards of class ``k`` in merged zone ``t`` is the product of the multinomials ``n_k! / prod_t x[k][t]!``
    (times a factor of the merged zones' sizes alone); the table is drawn with that weight by a dynamic
    programme over the zones' remaining room (:class:`_Counting`), then each class is shuffled into its
    shares. Past :data:`EXACT_LIMIT` steps of counting it places card by card instead
    (:func:`_assign_sequential`).

    >>> rng = random.Random(3)
    >>> seen = {tuple(_assign_exact([0, 1, 2, 3], [2, 2], [0b0111, 0b1110], rng)) for _ in range(400)}
    >>> sorted(seen)  # 0 must go left, 3 right, and 1 and 2 one to each: both placements occur
    [(3, 12), (5, 10)]
    """
    groups = _classes(pool, allowed)
    if groups is None:
        return None
    sig_list = sorted(groups)
    members, caps, tsigs = _merged_zones(sig_list, sizes)
    if feasible_flow(tsigs, [len(groups[s]) for s in sig_list], caps) is None:
        return None
    # The most flexible class last: its shares are then whatever room is left.
    classes = sorted(zip(tsigs, [groups[s] for s in sig_list]), key=lambda kv: (kv[0].bit_count(), len(kv[1]), kv[0]))
    shape = (tuple((sig, len(cs)) for sig, cs in classes), caps)
    if shape in _TOO_BIG:
        return _assign_sequential(pool, sizes, allowed, groups, rng)
    shares = _Counting(classes, caps, _memo_of(shape)).draw(rng)
    if shares is None:  # too many shapes of placement to count: place card by card instead
        _give_up_counting(shape)
        return _assign_sequential(pool, sizes, allowed, groups, rng)
    return _spread(members, shares, sizes, rng)


def _merged_zones(sig_list: list[int], sizes: Sequence[int]
                  ) -> tuple[list[list[int]], tuple[int, ...], list[int]]:
    """Zones (with room) that every class (of the signatures ``sig_list``) may or may not enter alike, merged:
    the zones of each merged zone, the merged zones' room, and each class's bitmask of merged zones."""
    merged: dict[int, list[int]] = {}  # which classes may enter -> the zones they may enter alike
    for i, size in enumerate(sizes):
        if size:
            col = 0
            for k, sig in enumerate(sig_list):
                if sig >> i & 1:
                    col |= 1 << k
            merged.setdefault(col, []).append(i)
    members = list(merged.values())
    caps = tuple(sum(sizes[i] for i in zs) for zs in members)
    tsigs = [sum(1 << t for t, col in enumerate(merged) if col >> k & 1) for k in range(len(sig_list))]
    return members, caps, tsigs


def _memo_of(shape: tuple[Any, ...]) -> dict[tuple[int, tuple[int, ...]], int]:
    """The kept placement counts of a constraint shape (a new, empty memo the first time)."""
    memo = _COUNTS.get(shape)
    if memo is None:
        if len(_COUNTS) > 256:
            _COUNTS.clear()
        memo = _COUNTS[shape] = {}
    return memo


def _give_up_counting(shape: tuple[Any, ...]) -> None:
    """Remember that ``shape`` is too large to count: its next draws go straight to the fallback."""
    _COUNTS.pop(shape, None)
    if len(_TOO_BIG) > 1024:
        _TOO_BIG.clear()
    _TOO_BIG.add(shape)


def _spread(members: list[list[int]], shares: list[list[int]], sizes: Sequence[int],
            rng: random.Random) -> list[int]:
    """Each merged zone's cards shuffled and dealt out among its zones: one mask per zone."""
    masks = [0] * len(sizes)
    for zs, cards in zip(members, shares):
        shuffle(cards, rng)
        pos = 0
        for i in zs:
            for c in cards[pos:pos + sizes[i]]:
                masks[i] |= 1 << c
            pos += sizes[i]
    return masks


Split = tuple[tuple[int, ...], int]
"""One way a class shares out over the zones (cards per zone) and its multinomial weight."""


class _Counting:
    """One draw of class shares by counted weight, within :data:`EXACT_LIMIT` steps of enumerating shares.

    ``count(k, room)`` is the number of placements of classes ``k`` onwards into ``room`` (kept in ``memo``,
    which the draws of one constraint shape share); ``draw`` picks each class's shares in turn with weight
    its multinomial times the count of the rest. Each answers ``None`` once the steps run out.
    """

    def __init__(self, classes: list[tuple[int, list[int]]], caps: tuple[int, ...],
                 memo: dict[tuple[int, tuple[int, ...]], int]) -> None:
        self.classes, self.caps, self.memo = classes, caps, memo
        self.work = EXACT_LIMIT  # steps of enumerating shares left for this draw

    def splits(self, k: int, room: tuple[int, ...]) -> list[Split] | None:
        """The ways class ``k`` can share out over ``room``, with their multinomials (``None``: out of steps)."""
        sig, n = self.classes[k][0], len(self.classes[k][1])
        zones = [i for i in range(len(room)) if sig >> i & 1 and room[i]]
        out: list[Split] = []
        if zones:
            if not self._enumerate(zones, room, 0, n, _FACTORIALS[n], [0] * len(room), out):
                return None
        elif not n:
            out.append((tuple([0] * len(room)), 1))
        return out

    def _enumerate(self, zones: list[int], room: tuple[int, ...], j: int, left: int, weight: int, x: list[int],
                   out: list[Split]) -> bool:
        """Add to ``out`` every share of ``left`` cards over ``zones[j:]`` (``x``: the shares so far); False
        when the steps run out."""
        self.work -= 1
        if self.work < 0:
            return False
        if j == len(zones) - 1 or not left:
            if left and (not zones or left > room[zones[j]]):
                return True
            if left:
                x[zones[j]] = left
            out.append((tuple(x), weight // _FACTORIALS[left]))
            if left:
                x[zones[j]] = 0
            return True
        i = zones[j]
        for take in range(min(left, room[i]) + 1):
            x[i] = take
            if not self._enumerate(zones, room, j + 1, left - take, weight // _FACTORIALS[take], x, out):
                return False
        x[i] = 0
        return True

    def count(self, k: int, room: tuple[int, ...]) -> int | None:
        """The placements of classes ``k`` onwards into ``room`` (``None``: out of steps)."""
        if k == len(self.classes):
            return 0 if any(room) else 1
        key = (k, room)
        got = self.memo.get(key)
        if got is None:
            ways = self.splits(k, room)
            if ways is None:
                return None
            got = 0
            for x, w in ways:
                rest = self.count(k + 1, tuple(c - t for c, t in zip(room, x)))
                if rest is None:
                    return None
                got += w * rest
            self.memo[key] = got
        return got

    def draw(self, rng: random.Random) -> list[list[int]] | None:
        """The cards of each (merged) zone: each class's shares drawn by weight, its cards shuffled into them
        (``None``: out of steps; ``rng`` may have been used)."""
        if self.count(0, self.caps) is None:  # positive: the flow check found a placement
            return None
        caps = self.caps
        shares: list[list[int]] = [[] for _ in caps]
        for k in range(len(self.classes)):
            options = []
            ways = self.splits(k, caps)
            if ways is None:
                return None
            for x, w in ways:
                rest = tuple(c - t for c, t in zip(caps, x))
                n = self.count(k + 1, rest)
                if n is None:
                    return None
                if w * n:
                    options.append((w * n, x, rest))
            x, caps = _pick(options, rng)
            cs = list(self.classes[k][1])
            shuffle(cs, rng)
            pos = 0
            for i, t in enumerate(x):
                shares[i].extend(cs[pos:pos + t])
                pos += t
        return shares


def _pick(options: list[tuple[int, tuple[int, ...], tuple[int, ...]]], rng: random.Random
          ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One option ``(weight, shares, room left)`` drawn in proportion to its weight: its shares and room."""
    pick = rng.randrange(sum(o[0] for o in options))
    j = 0
    while pick >= options[j][0]:
        pick -= options[j][0]
        j += 1
    return options[j][1], options[j][2]


# --------------------------------------------------------------------------- the polynomial fallback
def _assign_sequential(pool: list[int], sizes: Sequence[int], allowed: Sequence[int],
                       groups: dict[int, list[int]], rng: random.Random) -> list[int] | None:
    """Place cards one by one, each in a zone where the rest can still be placed, drawn in proportion to the
    zone's remaining room: every consistent placement can occur, though not all equally often (for shapes
    too large to count).

    A full table of class shares (a maximum flow, :func:`feasible_flow`) is kept for the cards not yet
    placed. A card of class ``k`` may go to zone ``j`` exactly when some table gives ``k`` a share of ``j``:
    when the kept table does, or when an alternating path leads from ``j`` to a zone where ``k`` has a
    share (a card moves out of ``j`` to where it may go, and so on, until ``k`` gives up a share). The zones
    with such a path are found backwards from ``k``'s shares, a handful of mask operations a card; the
    table is then updated along the path.
    """
    sigs = sorted(groups)
    z = len(sizes)
    x = feasible_flow(sigs, [len(groups[s]) for s in sigs], sizes)
    if x is None:
        return None
    room = list(sizes)
    support = [_support(row) for row in x]
    order = [(k, c) for k, s in enumerate(sigs) for c in groups[s]]
    shuffle(order, rng)
    masks = [0] * z
    for k, c in order:
        reach = support[k]  # zones from which an alternating path leads to a share of class k
        grew = True
        while grew:
            grew = False
            for kk, sig in enumerate(sigs):
                if sig & reach and support[kk] & ~reach:
                    reach |= support[kk]
                    grew = True
        ok = _bits(sigs[k] & reach)
        pick = rng.randrange(sum(room[j] for j in ok))
        for j in ok:
            if pick < room[j]:
                break
            pick -= room[j]
        if not x[k][j]:
            path = _path_from(j, sigs, x, support[k])
            assert path is not None, "the zone was found reachable"
            prev = j
            for kk, i in path:  # class kk moves one card from the zone before to zone i
                x[kk][prev] -= 1
                x[kk][i] += 1
                support[kk] = _support(x[kk])
                prev = i
            j_end = prev
        else:
            j_end = j
        x[k][j_end] -= 1  # class k gives up the share it no longer needs (the card goes to j)
        support[k] = _support(x[k])
        room[j] -= 1
        masks[j] |= 1 << c
    return masks


def _support(row: list[int]) -> int:
    m = 0
    for i, v in enumerate(row):
        if v:
            m |= 1 << i
    return m


def _path_from(j: int, sigs: Sequence[int], x: list[list[int]], goal: int) -> list[tuple[int, int]] | None:
    """Moves ``[(k1, j1), (k2, j2), ...]`` freeing a place in zone ``j``: a card of class ``k1`` moves from
    ``j`` to ``j1``, one of ``k2`` from ``j1`` to ``j2``..., the last zone in ``goal``."""
    parent: dict[int, tuple[int, int]] = {j: (-1, -1)}
    frontier = [j]
    seen = 1 << j
    while frontier:
        nxt = []
        for i in frontier:
            for kk, sig in enumerate(sigs):
                if x[kk][i] and sig & ~seen:
                    for t in _bits(sig & ~seen):
                        parent[t] = (kk, i)
                        if goal >> t & 1:
                            path = []
                            while t != j:
                                kk2, src = parent[t]
                                path.append((kk2, t))
                                t = src
                            path.reverse()
                            return path
                        nxt.append(t)
                    seen |= sig
        frontier = nxt
    return None
