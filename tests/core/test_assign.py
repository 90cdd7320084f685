"""Sampling hidden cards: every consistent placement, and each equally often (core/sampling.py assign_cards)."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core import sampling
from cardtable.core.sampling import assign_cards


def placements(cards: list[int], sizes: list[int], allowed: list[int]) -> set[tuple[int, ...]]:
    """Every consistent placement, by brute force."""
    out = set()
    for zones in itertools.product(range(len(sizes)), repeat=len(cards)):
        if any(zones.count(i) != n for i, n in enumerate(sizes)):
            continue
        if all(allowed[z] >> c & 1 for c, z in zip(cards, zones)):
            masks = [0] * len(sizes)
            for c, z in zip(cards, zones):
                masks[z] |= 1 << c
            out.add(tuple(masks))
    return out


@st.composite
def problems(draw: st.DrawFn) -> tuple[list[int], list[int], list[int]]:
    n = draw(st.integers(1, 7))
    z = draw(st.integers(1, 3))
    cuts = sorted(draw(st.lists(st.integers(0, n), min_size=z - 1, max_size=z - 1)))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, n])]
    allowed = [draw(st.integers(0, (1 << n) - 1)) for _ in range(z)]
    return list(range(n)), sizes, allowed


@settings(max_examples=150, deadline=None)
@given(problems(), st.integers(0, 2**32))
def test_placements_respect_sizes_and_places_and_fail_only_when_none_exists(problem, seed) -> None:
    cards, sizes, allowed = problem
    truth = placements(cards, sizes, allowed)
    for exact in (False, True):
        rng = random.Random(seed)
        got = (sampling._assign_exact(list(cards), sizes, allowed, rng) if exact
               else assign_cards(cards, sizes, allowed, rng))
        if not truth:
            assert got is None
        else:
            assert got is not None and tuple(got) in truth


def test_every_placement_equally_often_when_the_shuffles_rarely_fit() -> None:
    # Three hands of two; card 0 only in hand 0, cards 1-2 not in hand 0, card 3 not in hand 2:
    # shuffles rarely fit, so most draws come from the counted (exact) sampler.
    cards, sizes = [0, 1, 2, 3, 4, 5], [2, 2, 2]
    allowed = [0b110001, 0b111111 & ~0b000001, 0b110111 & ~0b001001]
    truth = sorted(placements(cards, sizes, allowed))
    assert len(truth) > 5
    rng = random.Random(11)
    n = 400 * len(truth)
    freq = dict.fromkeys(truth, 0)
    for _ in range(n):
        freq[tuple(assign_cards(cards, sizes, allowed, rng))] += 1
    expected = n / len(truth)
    chi2 = sum((f - expected) ** 2 / expected for f in freq.values())
    # Pearson's chi-squared with len(truth) - 1 degrees of freedom: far below the 0.1% point
    # of a uniform draw (a sampler favouring placements, like placing card by card, fails it).
    assert chi2 < 2 * (len(truth) - 1) + 30, (chi2, freq)
    # The card-by-card placement (kept for shapes too large to count) is not uniform here: the
    # same statistic shows it, so the test can tell the two apart.
    rng = random.Random(11)
    groups: dict[int, list[int]] = {}
    for c in cards:
        groups.setdefault(sum(1 << i for i, a in enumerate(allowed) if a >> c & 1), []).append(c)
    seq = dict.fromkeys(truth, 0)
    for _ in range(n):
        seq[tuple(sampling._assign_sequential(list(cards), sizes, allowed, groups, rng))] += 1
    assert sum((f - expected) ** 2 / expected for f in seq.values()) > chi2


def test_shapes_too_large_to_count_are_placed_card_by_card(monkeypatch) -> None:
    monkeypatch.setattr(sampling, "EXACT_LIMIT", 0)
    monkeypatch.setattr(sampling, "_TOO_BIG", set())
    monkeypatch.setattr(sampling, "_COUNTS", {})
    cards, sizes, allowed = [0, 1, 2, 3], [2, 2], [0b0111, 0b1110]
    got = sampling._assign_exact(list(cards), sizes, allowed, random.Random(1))
    assert got is not None and tuple(got) in placements(cards, sizes, allowed)
    assert sampling._TOO_BIG  # remembered: the next draw of that shape goes straight to it


def hall(cards: list[int], sizes: list[int], allowed: list[int]) -> bool:
    """Hall's condition over every set of zones (exponential: only for small shapes): no set of cards
    allowed only inside some zones outnumbers their room."""
    if len(cards) != sum(sizes):
        return False
    for subset in range(1 << len(sizes)):
        inside = [c for c in cards if all(subset >> i & 1 for i, a in enumerate(allowed) if a >> c & 1)]
        if len(inside) > sum(n for i, n in enumerate(sizes) if subset >> i & 1):
            return False
    return True


@st.composite
def shapes(draw: st.DrawFn, max_cards: int = 8, max_zones: int = 5) -> tuple[list[int], list[int], list[int]]:
    n = draw(st.integers(0, max_cards))
    z = draw(st.integers(1, max_zones))
    cuts = sorted(draw(st.lists(st.integers(0, n), min_size=z - 1, max_size=z - 1)))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, n])]
    # Mostly permissive zones with a few holes, as voids make them (a random mask is rarely feasible).
    allowed = [draw(st.one_of(st.just(-1), st.integers(0, (1 << n) - 1),
                              st.integers(0, (1 << n) - 1).map(lambda m: ~m & ((1 << n) - 1) | m >> 1)))
               for _ in range(z)]
    return list(range(n)), sizes, allowed


def classes_of(cards: list[int], allowed: list[int]) -> tuple[list[int], list[int]]:
    groups: dict[int, int] = {}
    for c in cards:
        sig = sum(1 << i for i, a in enumerate(allowed) if a >> c & 1)
        groups[sig] = groups.get(sig, 0) + 1
    return list(groups), list(groups.values())


@settings(max_examples=400, deadline=None)
@given(shapes())
def test_feasibility_by_flow_agrees_with_brute_force_and_halls_condition(shape) -> None:
    # Feasibility is a maximum flow (polynomial); it must say "possible" exactly when some placement exists.
    cards, sizes, allowed = shape
    truth = placements(cards, sizes, allowed)
    assert bool(truth) == hall(cards, sizes, allowed)
    sigs, counts = classes_of(cards, allowed)
    table = sampling.feasible_flow(sigs, counts, sizes)
    assert (table is not None) == bool(truth)
    if table is not None:  # a real table: every zone exactly full, each class wholly placed where allowed
        assert [sum(row[i] for row in table) for i in range(len(sizes))] == sizes
        assert [sum(row) for row in table] == counts
        assert all(not v or sig >> i & 1 for sig, row in zip(sigs, table) for i, v in enumerate(row))


@settings(max_examples=300, deadline=None)
@given(shapes(), st.integers(0, 2**32))
def test_card_by_card_fallback_places_consistently_and_fails_only_when_nothing_fits(shape, seed) -> None:
    cards, sizes, allowed = shape
    truth = placements(cards, sizes, allowed)
    groups: dict[int, list[int]] = {}
    for c in cards:
        groups.setdefault(sum(1 << i for i, a in enumerate(allowed) if a >> c & 1), []).append(c)
    if 0 in groups:  # a card that fits nowhere: assign_cards answers None before any placing
        assert not truth and assign_cards(cards, sizes, allowed, random.Random(seed)) is None
        return
    got = sampling._assign_sequential(list(cards), sizes, allowed, groups, random.Random(seed))
    if not truth:
        assert got is None
    else:
        assert got is not None and tuple(got) in truth


def test_card_by_card_fallback_can_reach_every_consistent_placement() -> None:
    # The fallback is not uniform, but no consistent placement is out of its reach: a card goes to any zone
    # that leaves a completion. Four zones with overlapping holes, 9 cards.
    cards, sizes = list(range(9)), [2, 3, 2, 2]
    allowed = [0b111100011, 0b011111110, 0b110011111, 0b101111101]
    truth = placements(cards, sizes, allowed)
    assert len(truth) > 50
    groups: dict[int, list[int]] = {}
    for c in cards:
        groups.setdefault(sum(1 << i for i, a in enumerate(allowed) if a >> c & 1), []).append(c)
    rng = random.Random(5)
    seen = {tuple(sampling._assign_sequential(list(cards), sizes, allowed, groups, rng))
            for _ in range(60 * len(truth))}
    assert seen == truth


def test_zones_treated_alike_are_merged_and_the_draw_stays_uniform() -> None:
    # Zones 1 and 2 admit the same cards (no void known in either): the counting merges them and shares
    # their cards out by one shuffle; every placement must still come equally often.
    cards, sizes = [0, 1, 2, 3, 4, 5], [2, 2, 2]
    allowed = [0b000111, 0b111110, 0b111110]
    truth = sorted(placements(cards, sizes, allowed))
    rng = random.Random(2)
    n = 300 * len(truth)
    freq = dict.fromkeys(truth, 0)
    for _ in range(n):
        freq[tuple(sampling._assign_exact(list(cards), sizes, allowed, rng))] += 1
    expected = n / len(truth)
    chi2 = sum((f - expected) ** 2 / expected for f in freq.values())
    assert chi2 < 2 * (len(truth) - 1) + 30, (chi2, freq)


def test_nineteen_zones_are_no_longer_a_problem() -> None:
    # Irish Loo at ten players hides up to nineteen zones: nine hands, the stock and nine discard piles.
    # Hall's condition over every subset of them is 2**19 sums a check; the flow answers at once, and a
    # placement with voids in every hand is drawn (exactly, or card by card) and respects them.
    rng = random.Random(7)
    cards = list(range(40))
    sizes = [3] * 9 + [4] + [1] * 9
    allowed = [~(0b1111111111 << (10 * (i % 4))) for i in range(9)] + [-1] * 10
    got = assign_cards(cards, sizes, allowed, rng)
    assert got is not None
    assert [m.bit_count() for m in got] == sizes and sum(got) == (1 << 40) - 1
    assert all(m & ~a == 0 for m, a in zip(got, allowed) if a != -1)
    impossible = [0b1111111111] * 9 + [-1] * 10  # nine hands of three may hold only ten cards between them
    assert assign_cards(cards, sizes, impossible, rng) is None
