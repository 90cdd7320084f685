"""``deal.sample(seat, rng)``, the heart of fair search (issue 8): every sample is consistent with what the
seat has seen, and every consistent placement of the hidden cards can occur.

The consistent placements are worked out here independently of the engine's sampler: from the seat's own
view (its hand, the cards played and by whom) and the rule that a player who did not follow the suit led
holds none of it. The sampler must produce exactly that set, each placement with a fair chance.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import cardtable as ct


def late_position(gid: str, seed: int, cards_left: int) -> ct.Deal:
    """Random play until every hand holds ``cards_left`` cards, at the start of a trick."""
    deal = ct.load(gid).deal(seed=seed)
    rng = random.Random(seed)
    while not deal.over and not (deal.phase == "play" and all(h.bit_count() == cards_left for h in deal.hands)):
        deal.act(rng.choice(deal.legal()))
    assert not deal.over
    return deal


def consistent_placements(deal: ct.Deal, seat: int) -> set[tuple[frozenset[str], ...]]:
    """Every way to give the cards ``seat`` cannot see to the other hands, by the view and the rules."""
    view = deal.view(seat)
    others = [s for s in range(deal.players) if s != seat]
    pack = deal.pack
    plays = [(s, a) for s, a in view["history"] if a in pack.index_of]
    played = {a for _, a in plays}
    hidden = sorted(set(pack.code_of) - played - set(view["hand"]))
    suit_of = deal.rules.suit_of  # the effective suit once trumps are named (Schafkopf's jacks are trumps)
    void: dict[int, set[int]] = {s: set() for s in others}
    for t in range(0, len(plays), deal.players):
        trick = plays[t:t + deal.players]
        led = suit_of[pack.index_of[trick[0][1]]]
        for s, code in trick[1:]:
            if suit_of[pack.index_of[code]] != led and s != seat:
                void[s].add(led)  # "must follow suit": not following shows the suit is gone
    sizes = [view["hand_sizes"][s] for s in others]
    out = set()
    for perm in itertools.permutations(hidden):
        hands, pos = [], 0
        for n in sizes:
            hands.append(frozenset(perm[pos:pos + n]))
            pos += n
        if all(suit_of[pack.index_of[c]] not in void[s] for s, h in zip(others, hands) for c in h):
            out.add(tuple(hands))
    return out


@pytest.mark.parametrize("seed", [3, 8, 11])
def test_samples_cover_exactly_the_consistent_placements(seed: int) -> None:
    deal = late_position("auction-schafkopf", seed, cards_left=2)
    seat = deal.turn
    assert seat is not None
    want = consistent_placements(deal, seat)
    others = [s for s in range(deal.players) if s != seat]
    seen: Counter[tuple[frozenset[str], ...]] = Counter()
    rng = random.Random(seed)
    for _ in range(40 * len(want)):
        s = deal.sample(seat, rng)
        assert s.view(seat) == deal.view(seat)  # nothing the seat sees changes
        seen[tuple(frozenset(s.pack.codes(s.hands[o])) for o in others)] += 1
    assert set(seen) == want, "a sample broke what the seat knows, or a consistent placement never occurs"
    assert len(want) > 1
    # Roughly uniform over the consistent placements: none is starved.
    assert min(seen.values()) > 40 * 0.3


def test_a_revealed_void_is_respected() -> None:
    # Find a position where some other player has shown a void, and check no sample gives him that suit.
    for seed in range(40):
        deal = late_position("auction-schafkopf", seed, cards_left=3)
        seat = deal.turn
        assert seat is not None
        want = consistent_placements(deal, seat)
        everything = consistent_placements_without_voids(deal, seat)
        if len(want) < len(everything):
            rng = random.Random(seed)
            others = [s for s in range(deal.players) if s != seat]
            for _ in range(300):
                s = deal.sample(seat, rng)
                assert tuple(frozenset(s.pack.codes(s.hands[o])) for o in others) in want
            return
    pytest.fail("no position with a revealed void in 40 deals")


def consistent_placements_without_voids(deal: ct.Deal, seat: int) -> set[tuple[frozenset[str], ...]]:
    view = deal.view(seat)
    others = [s for s in range(deal.players) if s != seat]
    played = {a for _, a in view["history"] if a in deal.pack.index_of}
    hidden = sorted(set(deal.pack.code_of) - played - set(view["hand"]))
    sizes = [view["hand_sizes"][s] for s in others]
    out = set()
    for perm in itertools.permutations(hidden):
        hands, pos = [], 0
        for n in sizes:
            hands.append(frozenset(perm[pos:pos + n]))
            pos += n
        out.add(tuple(hands))
    return out
