"""Dealing procedures as data (issue 2): batches, extra hands, widows, the turn-up and the stock.

An arranged pack goes through exactly the same plan as a shuffled one, so each test deals the pack in
its own order (card i is the i-th card from the top) and checks who received which positions.
"""

from __future__ import annotations

import random

import pytest

import cardtable as ct
from cardtable.core.cards import PACK_32, PACK_36, PACK_52, PACK_106
from cardtable.core.dealing import DealPlan, shuffle


def positions(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def test_three_then_two_from_the_dealers_left() -> None:
    # Spoil Five (seed 003): "five cards to each player, in batches of three and two".
    out = DealPlan(rounds=(3, 2), turn_up=True).deal(list(range(52)), players=3, dealer=0)
    assert positions(out.hands[1]) == [0, 1, 2, 9, 10]
    assert positions(out.hands[2]) == [3, 4, 5, 11, 12]
    assert positions(out.hands[0]) == [6, 7, 8, 13, 14]
    assert out.turn_up == 15
    assert out.stock[-1] == 16 and len(out.stock) == 36  # top of the stock last


def test_singly_and_direction() -> None:
    out = DealPlan(rounds=(1,) * 2).deal(list(range(52)), players=3, dealer=1, direction=-1)
    # counter-clockwise (Julepe): the dealer's right receives first
    assert positions(out.hands[0]) == [0, 3]
    assert positions(out.hands[2]) == [1, 4]
    assert positions(out.hands[1]) == [2, 5]


def test_widow_after_a_round_four_three_widow_four() -> None:
    # Six-Bid Solo (seed 001): "four at a time, then three at a time, then three to the widow, then four".
    plan = DealPlan(rounds=(4, 3, 4), widows=(("widow", 1, 3),))
    out = plan.deal(list(range(36)), players=3, dealer=2)
    assert positions(out.hands[0]) == [0, 1, 2, 3, 12, 13, 14, 24, 25, 26, 27]
    assert positions(out.extras["widow"]) == [21, 22, 23]
    assert [len(positions(h)) for h in out.hands] == [11, 11, 11]
    assert out.stock == []
    assert plan.cards_needed(3) == 36


def test_extra_hand_dealt_in_rotation() -> None:
    # Three-Card Loo (seed 000): a "miss" dealt like a hand, here before the dealer (position players).
    plan = DealPlan(rounds=(1, 1, 1), extra_hands=(("miss", 3),), turn_up=True)
    out = plan.deal(list(range(52)), players=3, dealer=2)
    assert positions(out.hands[0]) == [0, 4, 8]
    assert positions(out.extras["miss"]) == [3, 7, 11]
    assert out.turn_up == 12


def test_deal_all_one_at_a_time() -> None:
    # Fan-Tan (seed 004): "the entire pack is dealt, one at a time"; hands may be unequal.
    out = DealPlan(deal_all=True).deal(list(range(52)), players=5, dealer=4)
    sizes = [len(positions(h)) for h in out.hands]
    assert sizes == [11, 11, 10, 10, 10] and sum(sizes) == 52


@pytest.mark.parametrize("pack, size", [(PACK_52, 52), (PACK_32, 32), (PACK_36, 36), (PACK_106, 106)])
def test_every_card_dealt_exactly_once(pack: ct.core.cards.Pack, size: int) -> None:
    order = list(range(size))
    random.Random(size).shuffle(order)
    out = DealPlan(rounds=(3, 2), widows=(("blind", 0, 2),), turn_up=True).deal(order, players=4, dealer=1)
    seen = [c for h in out.hands for c in positions(h)] + positions(out.extras["blind"]) + out.stock
    seen.append(out.turn_up)  # type: ignore[arg-type]
    assert sorted(seen) == list(range(size))


def test_shuffle_matches_random_shuffle_for_every_seed() -> None:
    for seed in range(50):
        a, b = list(range(106)), list(range(106))
        random.Random(seed).shuffle(a)
        shuffle(b, random.Random(seed))
        assert a == b


def test_arranged_deck_and_seed_go_through_the_same_plan() -> None:
    game = ct.load("spoil-five", players=4)
    shuffled = game.deal(seed=11, dealer=2)
    deck = shuffled.record()["deck"]
    arranged = game.deal(deck=deck, dealer=2)
    assert [arranged.view(s)["hand"] for s in range(4)] == [shuffled.view(s)["hand"] for s in range(4)]
    assert arranged.view(0)["turn_up"] == shuffled.view(0)["turn_up"]


def test_bad_arranged_decks_are_clear_errors() -> None:
    game = ct.load("nap", players=4)
    with pytest.raises(ct.CardError, match="whole 52-card pack"):
        game.deal(deck="AS KS QS")
    with pytest.raises(ct.CardError, match="1X"):
        game.deal(deck="1X " + " ".join(PACK_52.code_of[1:]))
    with pytest.raises(ct.CardError, match="appears too often"):
        game.deal(deck=" ".join(["AS", *PACK_52.code_of[:-1]]))
