"""Sampling hidden cards: every consistent placement, and each equally often (core/deal.py assign_cards)."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core import deal as core_deal
from cardtable.core.deal import assign_cards


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
        got = (core_deal._assign_exact(list(cards), sizes, allowed, rng) if exact
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
        seq[tuple(core_deal._assign_sequential(list(cards), sizes, allowed, groups, rng))] += 1
    assert sum((f - expected) ** 2 / expected for f in seq.values()) > chi2


def test_shapes_too_large_to_count_are_placed_card_by_card(monkeypatch) -> None:
    monkeypatch.setattr(core_deal, "EXACT_LIMIT", -1)
    monkeypatch.setattr(core_deal, "_TOO_BIG", set())
    monkeypatch.setattr(core_deal, "_COUNTS", {})
    cards, sizes, allowed = [0, 1, 2, 3], [2, 2], [0b0111, 0b1110]
    got = core_deal._assign_exact(list(cards), sizes, allowed, random.Random(1))
    assert got is not None and tuple(got) in placements(cards, sizes, allowed)
    assert core_deal._TOO_BIG  # remembered: the next draw of that shape goes straight to it
