"""Scenario tests for Coon Can (Double Rum): seed 000 "Coon Can", docs/decisions.md"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardtable as ct
from cardtable.core.cards import PACK_106
from cardtable.games.coon_can import POOL

from .conftest import arranged


def deck(hands: list[str], up: str, stock: str = "") -> str:
    """Hands of ten dealt one at a time from seat 0 (dealer = last seat), the up-card, then the stock."""
    top: list[str] = []
    cards = [h.split() for h in hands]
    for i in range(10):
        for h in cards:
            top.append(h[i])
    return arranged(PACK_106, " ".join([*top, up, *stock.split()]))


def two(hands: list[str], up: str, stock: str = "", **options) -> ct.Deal:
    game = ct.load("coon-can", players=len(hands), **options)
    return game.deal(deck=deck(hands, up, stock), dealer=len(hands) - 1)


P1 = "2H 3H 4H 5H 9S 7C 8C 9C TC JD"


def test_catalogue_alias_and_options() -> None:
    # "In the U.S.A. Coon Can is known as Double Rum"; "any number of players up to eight".
    assert ct.load("double-rum").info.id == "coon-can"
    assert ct.load("coon-can", players=8).players == 8
    with pytest.raises(ct.RulesError):
        ct.load("coon-can", players=9)
    with pytest.raises(ct.RulesError, match="joker_move"):
        ct.load("coon-can", joker_move="anywhere")
    with pytest.raises(ct.RulesError, match="go_out_requires_discard"):
        ct.load("coon-can", go_out_requires_discard="perhaps")


def test_deal_ten_each_up_card_and_first_player() -> None:
    # "Ten cards are dealt ... the top card of it is turned face upwards ... to start the discard pile."
    d = two(["5S 6S 7S KH KD 2C 4D 9H JC QC", P1], "KC", "8S")
    v = d.view(0)
    assert v["hand_sizes"] == [10, 10] and v["stock_size"] == 106 - 21
    assert v["discard_top"] == "KC" and v["melds"] == []
    # "Each player, beginning with the one on the left of the dealer, plays in turn."
    assert d.turn == 0
    assert d.legal() == ["draw stock", "draw discard"]
    assert "first take the top card" in d.why_not("discard 5S")


def test_legal_melds_after_drawing_exact() -> None:
    # Sequences of three or more of the same suit; melding only between drawing and discarding.
    d = two(["5S 6S 7S KH KD 2C 4D 9H JC QC", P1], "KC", "8S")
    d.act("draw stock")
    assert d.legal() == [
        "meld 5S 6S 7S", "meld 5S 6S 7S 8S", "meld 6S 7S 8S",
        "discard 8S", "discard 7S", "discard 6S", "discard 5S", "discard KH", "discard 9H",
        "discard QC", "discard JC", "discard 2C", "discard KD", "discard 4D",
    ]
    assert "drawn this turn" in d.why_not("draw discard")


def test_illegal_melds_round_the_corner_short_mixed() -> None:
    # "the Ace either high or low but not round-the-corner"; "three or more"; "of the same suit".
    d = two(["KS AS 2S 5H 6S 7H KD 2C 4D 9H", P1], "KC", "QS")
    d.act("draw stock")
    assert "round the corner" in d.why_not("meld KS AS 2S")
    assert "at least 3" in d.why_not("meld AS 2S")
    assert "mix suits" in d.why_not("meld 5H 6S 7H")
    assert "meld QS KS AS" in d.legal() and "meld AS 2S JK=3S" not in d.legal()
    # The ace is low next to a two (A 2 3 needs a 3 or a joker, which seat 0 has not).
    assert not [a for a in d.legal() if a.startswith("meld") and "2S" in a]


def test_joker_designation_recorded_and_set_duplicates() -> None:
    # "A Joker may be used to represent any card that the holder chooses"; the meld records it.
    d = two(["6S 7S JK KH KD 2C 4D 9H JC QC", P1], "KC", "3D")
    d.act("draw stock")
    assert d.legal()[:7] == [
        "meld KH KD JK=KS", "meld JK=5S 6S 7S", "meld 6S 7S JK=8S", "meld JK=2D 3D 4D",
        "meld 3D 4D JK=5D", "meld JK=TC JC QC", "meld JC QC JK=KC",
    ]
    d.act("meld 6s 7s jk=8s")  # text is forgiving: lower case, canonical in the history
    assert d.history[-1] == (0, "meld 6S 7S JK=8S")
    m = d.view(1)["melds"][0]
    assert m == {"id": 1, "owner": 0, "kind": "sequence", "cards": ["6S", "7S", "JK=8S"],
                 "jokers": {"2": "JK=8S"}, "crosswise": []}


def test_set_may_repeat_a_card() -> None:
    # CC-GAP-5: two packs, so KS KS KD is a legal set (Bicycle Double Rum).
    d = two(["KS KS KD 2C 4D 9H JC QC 5H 7D", P1], "KC", "3D")
    d.act("draw stock")
    assert "meld KS KS KD" in d.legal()
    d.act("meld KS KS KD")
    assert d.view(0)["melds"][0]["cards"] == ["KS", "KS", "KD"]


def test_layoff_to_opponents_meld_and_past_a_joker() -> None:
    # "he may add cards to melds that he has already made, and to those of his opponents."
    d = two(["6S 7S JK KH KD 2C 4D 9H JC QC", P1], "KC", "3D")
    d.act("draw stock")
    d.act("meld 6S 7S JK=8S")
    d.act("discard 2C")
    d.act("draw discard")
    assert d.legal()[6] == "layoff 9S to 1"
    d.act("layoff 9S to 1")
    m = d.view(0)["melds"][0]
    assert m["owner"] == 0 and m["cards"] == ["6S", "7S", "JK=8S", "9S"]
    # The joker is now in the interior: fixed, shown crosswise.
    assert m["crosswise"] == [2]
    assert d.view(1)["hand_sizes"] == [7, 10]
    assert "does not fit" in d.why_not("layoff 5H to 1")


def high_end_joker_deal(**options) -> ct.Deal:
    # Seat 0 melds the seed's example "6♠ 7♠ 8♠ Joker"; seat 1 holds the 9♠ and a 5♠.
    d = two(["6S 7S 8S JK 2C 4D 9H JC QC KD", "9S 5S 2H 3H 4H 7C 8C TC JD 4C"], "KC", "3D 6D", **options)
    d.act("draw stock")
    d.act("meld 6S 7S 8S JK=9S")
    d.act("discard 2C")
    d.act("draw stock")
    return d


def test_joker_move_at_the_high_end_seed_example() -> None:
    # "a player who holds a 9♠ may play it in [place] of the Joker and transfer the Joker to represent the 5♠."
    d = high_end_joker_deal()
    moves = [a for a in d.legal() if a.startswith(("move", "layoff"))]
    assert moves == ["layoff 5S to 1", "move joker 1 with 9S"]
    d.act("move joker 1 with 9S")
    m = d.view(0)["melds"][0]
    assert m["cards"] == ["JK=5S", "6S", "7S", "8S", "9S"] and m["jokers"] == {"0": "JK=5S"}
    # "When a Joker cannot be moved it is customary to place it crosswise".
    assert m["crosswise"] == [0]
    # "Once moved, however, a Joker cannot be moved a second time and a player who holds a 5♠ cannot
    # play it in room of the Joker".
    assert not [a for a in d.legal() if "5S" in a and not a.startswith("discard")]
    assert "second time" in d.why_not("move joker 1 with 5S")


def test_joker_move_at_the_low_end() -> None:
    # The same rule at the other end: JK(5♠) 6♠ 7♠ + natural 5♠ → 5♠ 6♠ 7♠ JK(8♠).
    d = two(["6S 7S JK 2C 4D 9H JC QC KD 4C", "5S 9S 2H 3H 4H 7C 8C TC JD 3C"], "KC", "3D 6D")
    d.act("draw stock")
    d.act("meld JK=5S 6S 7S")
    d.act("discard 2C")
    d.act("draw stock")
    assert [a for a in d.legal() if a.startswith(("move", "layoff"))] == ["move joker 1 with 5S"]
    d.act("move joker 1 with 5S")
    assert d.view(1)["melds"][0]["cards"] == ["5S", "6S", "7S", "JK=8S"]
    assert d.view(1)["melds"][0]["crosswise"] == [3]
    assert d.view(1)["hand_sizes"] == [7, 10]


def test_interior_joker_cannot_move() -> None:
    # "Nor can a Joker be moved if it is in the interior of sequence, as in 4♠ 5♠ 6♠ Joker 8♠.
    # The Joker cannot [be] replaced by a 7♠."
    d = two(["4S 5S 6S JK 8S 2C 4D 9H JC QC", "7S 2H 3H 4H 5H 7C 8C TC JD 4C"], "KC", "3D 6D")
    d.act("draw stock")
    d.act("meld 4S 5S 6S JK=7S 8S")
    assert d.view(0)["melds"][0]["crosswise"] == [3]
    d.act("discard 2C")
    d.act("draw stock")
    assert not [a for a in d.legal() if "7S" in a and not a.startswith("discard")]
    assert "interior" in d.why_not("move joker 1 with 7S")


def test_joker_next_to_the_ace_cannot_flip() -> None:
    # CC-GAP-3: AS 2S JK(3S): the other end would be below the ace (no round the corner).
    d = two(["AS 2S JK 2C 4D 9H JC QC KD 4C", "3S 2H 3H 4H 5H 7C 8C TC JD 3C"], "KC", "6D 7D")
    d.act("draw stock")
    d.act("meld AS 2S JK=3S")
    d.act("discard 2C")
    d.act("draw stock")
    assert [a for a in d.legal() if a.startswith(("move", "layoff"))] == []
    assert "room at the other end" in d.why_not("move joker 1 with 3S")


@pytest.mark.provisional  # CC-GAP-4 is an ENGINE DEFAULT (unsourced).
def test_joker_in_a_set_never_moves() -> None:
    # CC-GAP-4 (ENGINE DEFAULT): a joker in a set is never moved or replaced.
    d = two(["KH KD JK 2C 4D 9H JC QC 5S 4C", "KS 2H 3H 4H 5H 7C 8C TC JD 3C"], "6C", "6D 7D")
    d.act("draw stock")
    d.act("meld KH KD JK=KS")
    assert d.view(0)["melds"][0]["crosswise"] == [2]
    d.act("discard 2C")
    d.act("draw stock")
    assert [a for a in d.legal() if a.startswith(("move", "layoff"))] == ["layoff KS to 1"]
    assert "set is never moved" in d.why_not("move joker 1 with KS")


def test_foster_extend_option() -> None:
    # CC-GAP-2 (Foster): "6 7 joker of clubs ... if he had the 4 of clubs, he could move the joker
    # to represent the 5 and add his 4".
    d = two(["6C 7C JK 2S 4D 9H JC QH KD 3S", "4C 8C 2H 3H 4H 5H TC JD 7D 8D"], "KS", "6D 9D",
            joker_move="foster_extend")
    d.act("draw stock")
    d.act("meld 6C 7C JK=8C")
    d.act("discard 2S")
    d.act("draw stock")
    assert [a for a in d.legal() if a.startswith("move")] == ["move joker 1 with 8C", "move joker 1 with 4C"]
    assert "the card beyond the other end" in d.why_not("move joker 1 with 9C")
    d.act("move joker 1 with 4C")
    assert d.view(0)["melds"][0]["cards"] == ["4C", "JK=5C", "6C", "7C"]
    assert d.view(0)["melds"][0]["crosswise"] == [1]


def test_natural_only_is_the_default() -> None:
    # CC-GAP-2 default: the seed's rule, "provided the player has the natural card to replace it".
    d = two(["6C 7C JK 2S 4D 9H JC QH KD 3S", "4C 8C 2H 3H 4H 5H TC JD 7D 8D"], "KS", "6D 9D")
    d.act("draw stock")
    d.act("meld 6C 7C JK=8C")
    d.act("discard 2S")
    d.act("draw stock")
    assert [a for a in d.legal() if a.startswith("move")] == ["move joker 1 with 8C"]


LOSER = "JK AS KH QH TD 5D 2C 3C 7D 8C"  # 15 + 11 + 10 + 10 + 10 + 5 + 2 + 3 + 7 + 8 = 81


def test_going_out_by_discard_and_pip_settlement() -> None:
    # "The game is won by the player who is first to meld all his cards. The remaining players pay
    # him ... the pip value ... a Joker counting 15, an Ace 11, the court cards 10 each".
    d = two(["2S 3S 4S 5H 6H 7H 9C 9D 9H QS", LOSER], "KC", "5S")
    d.act("draw stock")
    for a in ("meld 2S 3S 4S 5S", "meld 5H 6H 7H", "meld 9H 9D 9C"):
        d.act(a)
    assert d.legal() == ["discard QS"]
    d.act("discard QS")
    assert d.over
    res = d.result()
    assert res.deltas == [81, -81] and res.pools == {}
    assert d.carry is None


def test_going_out_by_melding_the_last_card() -> None:
    # CC-GAP-6 default: the hand may be emptied by a meld, without a discard.
    d = two(["2S 3S 4S 5S 5H 6H 7H 9C 9D 9H", LOSER], "KC", "9S")
    d.act("draw stock")
    d.act("meld 2S 3S 4S 5S")
    d.act("meld 5H 6H 7H")
    assert "meld 9S 9H 9D 9C" in d.legal()
    d.act("meld 9S 9H 9D 9C")
    assert d.over and d.result().deltas == [81, -81]


def test_go_out_requires_discard_option() -> None:
    # CC-GAP-6 option: a final discard is required, so the last meld may not empty the hand.
    d = two(["2S 3S 4S 5S 5H 6H 7H 9C 9D 9H", LOSER], "KC", "9S", go_out_requires_discard=True)
    d.act("draw stock")
    d.act("meld 2S 3S 4S 5S")
    d.act("meld 5H 6H 7H")
    assert "meld 9S 9H 9D 9C" not in d.legal() and "meld 9H 9D 9C" in d.legal()
    assert "keep a card to discard" in d.why_not("meld 9S 9H 9D 9C")
    assert "keep a card" not in d.why_not("meld 9H 9D 8C")  # other melds fail for their own reason
    d.act("meld 9H 9D 9C")
    d.act("discard 9S")
    assert d.over and d.result().deltas == [81, -81]


def three_player_win(carry=None) -> ct.Deal:
    hands = ["2S 3S 4S 5H 6H 7H 9C 9D 9H QS", LOSER, "AD AC 4H 6S 8S TH JS 2D 3D 4C"]
    game = ct.load("coon-can", players=3)
    d = game.deal(deck=deck(hands, "KC", "5S"), dealer=2, carry=carry)
    d.act("draw stock")
    for a in ("meld 2S 3S 4S 5S", "meld 5H 6H 7H", "meld 9H 9D 9C", "discard QS"):
        d.act(a)
    return d


def test_each_other_player_pays_the_winner() -> None:
    # Seat 2 holds A A (11 + 11) 4 6 8 10 J(10) 2 3 4 = 69.
    d = three_player_win()
    assert d.result().deltas == [81 + 69, -81, -69]


def exhaust(d: ct.Deal) -> None:
    """Everyone draws from the stock and throws the drawn card back until the stock is empty."""
    while d.view(0)["stock_size"]:
        seat = d.turn
        before = d.hands[seat]
        d.act("draw stock")
        drawn = d.hands[seat] & ~before
        d.act("discard " + PACK_106.code(drawn.bit_length() - 1))


DRY = ["2S 3S 4S 5H 6H 7H 9C 9D 9H QS", "AS KH QH TD 5D 2C 3C 7D 8C 4S"]  # seat 1: 70 pips
# The arranged pack ends with the two jokers: seat 0 draws the last card of the stock, a joker.


@pytest.mark.provisional  # CC-GAP-7 (ENGINE DEFAULT): when exhausted play "proves insufficient".
def test_stock_exhausted_then_pool_carried_to_next_winner() -> None:
    d = two(DRY, "KC")
    exhaust(d)
    assert d.turn == 1 and d.view(1)["discard_top"] == "JK"
    # "the players draw cards from the discard pile, discarding a different card to that drawn."
    assert d.legal() == ["draw discard"]
    assert "exhausted" in d.why_not("draw stock")
    d.act("draw discard")
    assert "discard JK" not in d.legal()
    d.act("discard 4S")
    assert not d.over
    d.act("draw discard")
    # Seat 0 drew a 4S and holds another: the other copy is "a different card" and may go.
    assert "discard 4S" in d.legal()
    d.act("discard QS")
    # A full cycle of turns with nothing melded: the hand ends; "the pip values of the hands are
    # counted and placed into a pool". Seat 0: 2+3+4+4 + 5+6+7 + 9+9+9 = 58; seat 1: 70 - 4 + 15 = 81.
    assert d.over and d.winner is None
    res = d.result()
    assert res.deltas == [-58, -81] and res.pools == {POOL: 139}
    assert d.carry == {"pools": {POOL: 139}}
    # "... to be scored by the winner of the next hand."
    nxt = win_first_turn(d.carry)
    assert nxt.view(1)["pools"] == {POOL: 139}
    res2 = nxt.result()
    assert res2.deltas == [81 + 139, -81] and res2.pools == {POOL: 0}
    assert nxt.carry is None


def win_first_turn(carry) -> ct.Deal:
    game = ct.load("coon-can", players=2)
    d = game.deal(deck=deck(["2S 3S 4S 5H 6H 7H 9C 9D 9H QS", LOSER], "KC", "5S"), dealer=1, carry=carry)
    d.act("draw stock")
    for a in ("meld 2S 3S 4S 5S", "meld 5H 6H 7H", "meld 9H 9D 9C", "discard QS"):
        d.act(a)
    return d


def test_exhausted_discard_must_differ_from_the_card_drawn() -> None:
    # Seed: "discarding a different card to that drawn" (only once the stock is exhausted).
    d = two(DRY, "KC")
    exhaust(d)
    d.act("draw discard")
    assert "discard JK" not in d.legal()
    assert "different card to that drawn" in d.why_not("discard JK")


def test_before_exhaustion_the_drawn_discard_may_go_back() -> None:
    # The seed forbids returning the drawn card only once the stock is exhausted.
    d = two(["5S 6S 7S KH KD 2C 4D 9H JC QC", P1], "KC", "8S")
    d.act("draw discard")
    assert "discard KC" in d.legal()


@pytest.mark.provisional  # CC-GAP-7: a card melded in a dry turn restarts the cycle.
def test_a_meld_during_exhaustion_restarts_the_cycle() -> None:
    d = two(DRY, "KC")
    exhaust(d)
    d.act("draw discard")
    d.act("meld JK=JH QH KH")
    d.act("discard 4S")
    d.act("draw discard")
    d.act("discard QS")
    assert not d.over  # one idle turn only
    d.act("draw discard")
    d.act("discard AS")
    assert d.over and d.winner is None
    # Seat 1 keeps TD 5D 2C 3C 7D 8C QS: 10 + 5 + 2 + 3 + 7 + 8 + 10 = 45.
    assert d.result().deltas == [-58, -45]


def test_card_drawn_from_discard_is_known_and_kept_in_samples() -> None:
    # A card taken from the discard pile was seen by all: samples keep it in that hand.
    d = two(["5S 6S 7S KH KD 2C 4D 9H JC QC", P1], "KC", "8S")
    d.act("draw discard")
    d.act("discard 2C")
    assert d.view(1)["known_cards"] == {"0": ["KC"]}
    for k in range(5):
        s = d.sample(1, random.Random(k))
        assert "KC" in s.view(0)["hand"]
        assert s.view(1) == d.view(1)
    d.act("draw stock")
    d.act("discard 8S" if "discard 8S" in d.legal() else d.legal()[-1])
    d.act("draw stock")
    d.act("discard KC")
    assert d.view(1)["known_cards"] == {}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8))
def test_property_cards_accounted_and_random_play_ends(seed: int, players: int) -> None:
    d = ct.load("coon-can", players=players).deal(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not d.over:
        assert sorted(d.card_locations()) == list(range(106))
        d.act(rng.choice(d.legal()))
        steps += 1
        assert steps < 5000
    assert sorted(d.card_locations()) == list(range(106))
    res = d.result()
    assert sum(res.deltas) + sum(res.pools.values()) == 0


# --------------------------------------------------------------------------- audit additions


def test_two_to_eight_players_and_the_eight_hand_deal() -> None:
    # "any number of players up to eight; each plays for himself" (docs/decisions.md: 2-8).
    with pytest.raises(ct.RulesError, match="players"):
        ct.load("coon-can", players=1)
    codes = PACK_106.code_of  # the pack in its order: 2S .. AS, 2H .. AC, again, then the jokers
    hands = [" ".join(codes[10 * i:10 * i + 10]) for i in range(8)]
    d = ct.load("coon-can", players=8).deal(deck=deck(hands, "KC"), dealer=7)
    v = d.view(3)
    # "Ten cards are dealt face downwards to each player"; the stock holds the rest, one card turned.
    assert v["hand_sizes"] == [10] * 8 and v["stock_size"] == 106 - 81 and v["discard_top"] == "KC"
    assert v["hand"] == ["2C", "AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D"]
    # "Each player, beginning with the one on the left of the dealer, plays in turn."
    assert d.turn == 0
    d.act("draw discard")
    d.act("discard KC")
    assert d.turn == 1 and d.view(1)["discard_top"] == "KC"


def test_a_meld_may_be_written_in_any_order_and_a_set_joker_by_any_suit() -> None:
    # "A Joker may be used to represent any card that the holder chooses": in a set only its rank
    # matters (it never moves, CC-GAP-4), so "JK=7C" is read as the set's canonical "JK=7S".
    d = two(["7H 7D JK 5S 6S 2C 4D 9H JC QC", P1], "KC", "7S")
    d.act("draw stock")
    assert "meld 7H 7D JK=7C" not in d.legal() and "meld 7H 7D JK=7S" in d.legal()
    assert d.why_not("meld 7H 7D JK=7C") is None and d.why_not("meld 7S 5S 6S") is None
    # A joker naming another rank makes no set, nor a sequence of mixed suits.
    assert "mix suits and ranks" in d.why_not("meld 7H 7D JK=8C")
    d.act("meld JK=7c 7D 7H")
    assert d.history[-1] == (0, "meld 7H 7D JK=7S")
    assert d.view(1)["melds"][0]["cards"] == ["7H", "7D", "JK=7S"]
    d.act("meld 7S 5S 6S")
    assert d.history[-1] == (0, "meld 5S 6S 7S")


def test_illegal_actions_raise_and_change_nothing() -> None:
    # Bad input raises IllegalAction naming the rule; the deal is unchanged.
    d = two(["KS AS 2S 5H 6S 7H KD 2C 4D 9H", P1], "KC", "QS")
    with pytest.raises(ct.IllegalAction, match="first take the top card"):
        d.act("meld KS AS 2S")
    with pytest.raises(ct.IllegalAction, match="it is Ann's turn, not Bea's"):
        d.act("draw stock", seat=1)
    d.act("draw stock")
    before = (list(d.hands), list(d.history), d.legal(), d.view(0))
    for bad, why in [("meld KS AS 2S", "round the corner"), ("meld AS 2S", "at least 3"),
                     ("meld 5H 6S 7H", "mix suits"), ("meld XX 5S 6S", "not a card code"),
                     ("meld 9H TH JH", "not in your hand"), ("discard 3H", "only a card in your hand"),
                     ("layoff 5H to 1", "no meld on the table yet"), ("draw discard", "drawn this turn"),
                     ("move joker 1 with 3S", "no meld on the table yet"), ("shuffle", "after drawing")]:
        with pytest.raises(ct.IllegalAction, match=why):
            d.act(bad)
    assert (list(d.hands), list(d.history), d.legal(), d.view(0)) == before


def test_joker_laid_off_to_an_opponents_sequence_then_moved_by_the_owner() -> None:
    # "he may add cards to melds that he has already made, and to those of his opponents"; a joker
    # added at an end stands for the next card and is not yet moved, so the natural card moves it.
    d = two(["6S 7S 8S 2C 4D 9H JC QC KD 4C", "JK 2H 3H 5H 7C 8C TC JD 4H 3C"], "KH", "3D 6D 9S")
    d.act("draw stock")
    d.act("meld 6S 7S 8S")
    d.act("discard 2C")
    d.act("draw stock")
    assert [a for a in d.legal() if a.startswith("layoff")] == ["layoff JK=5S to 1", "layoff JK=9S to 1"]
    d.act("layoff JK=9S to 1")
    assert d.view(0)["melds"][0] == {"id": 1, "owner": 0, "kind": "sequence", "cards": ["6S", "7S", "8S", "JK=9S"],
                                     "jokers": {"3": "JK=9S"}, "crosswise": []}
    d.act("discard 6D")
    d.act("draw stock")
    assert [a for a in d.legal() if a.startswith(("layoff", "move"))] == ["move joker 1 with 9S"]
    d.act("move joker 1 with 9S")
    m = d.view(1)["melds"][0]
    assert m["owner"] == 0 and m["cards"] == ["JK=5S", "6S", "7S", "8S", "9S"] and m["crosswise"] == [0]


def test_natural_and_joker_laid_off_to_an_opponents_set() -> None:
    # Two packs: a set may take a second 7♠ (CC-GAP-5); a joker added to a set names the first
    # suit the set lacks, whatever suit the player writes.
    d = two(["7S 7H 7D 2C 4D 9H JC QC KD 4C", "7S JK 2H 3H 5H 7C 8C TC JD 3C"], "KH", "3D 6D")
    d.act("draw stock")
    d.act("meld 7S 7H 7D")
    d.act("discard 2C")
    d.act("draw stock")
    assert [a for a in d.legal() if a.startswith("layoff")] == ["layoff 7S to 1", "layoff 7C to 1",
                                                                  "layoff JK=7C to 1"]
    d.act("layoff JK=7H to 1")
    assert d.history[-1] == (1, "layoff JK=7C to 1")
    d.act("layoff 7S to 1")
    d.act("layoff 7C to 1")
    m = d.view(0)["melds"][0]
    assert m["cards"] == ["7S", "7S", "7H", "7D", "7C", "JK=7C"] and m["crosswise"] == [5]
    assert d.view(0)["hand_sizes"] == [7, 8]


GOER = "2S 3S 4S 5H 6H 7H 9C 9D 9H 8H"  # draws 5S: melds all but the 5S, then lays it off


def test_going_out_by_laying_off_the_last_card() -> None:
    # CC-GAP-6 default: "the first to meld all his cards" may empty his hand by a lay-off.
    d = two([GOER, LOSER], "KC", "5S")
    d.act("draw stock")
    for a in ("meld 2S 3S 4S", "meld 5H 6H 7H 8H", "meld 9H 9D 9C"):
        d.act(a)
    assert d.legal() == ["layoff 5S to 1", "discard 5S"]
    assert d.label("layoff 5S to 1") == "Lay off 5♠ on meld 1"
    assert d.view(0)["status"] == "Ann to meld, lay off or discard"
    d.act("layoff 5S to 1")
    assert d.over and d.winner == 0 and d.result().deltas == [81, -81]
    assert d.view(1)["melds"][0]["cards"] == ["2S", "3S", "4S", "5S"]
    # The settlement names the seats: "The remaining players pay him the same number of units as the pip value
    # of the unmelded cards left in their hands".
    assert d.result().lines[:2] == ["Ann has gone out, every card melded",
                                    "Bea pays Ann 81 (pip value of 10 cards left)"]


def test_go_out_requires_discard_forbids_laying_off_the_last_card() -> None:
    # CC-GAP-6 option: the last card must be discarded.
    d = two([GOER, LOSER], "KC", "5S", go_out_requires_discard=True)
    d.act("draw stock")
    for a in ("meld 2S 3S 4S", "meld 5H 6H 7H 8H", "meld 9H 9D 9C"):
        d.act(a)
    assert d.legal() == ["discard 5S"]
    assert "keep a card to discard" in d.why_not("layoff 5S to 1")
    d.act("discard 5S")
    assert d.over and d.result().deltas == [81, -81]


def test_foster_extend_with_the_joker_at_the_low_end() -> None:
    # CC-GAP-2 option, the other end: JK(5♣) 6♣ 7♣ + 9♣ -> 6♣ 7♣ JK(8♣) 9♣; the joker is then fixed.
    d = two(["6C 7C JK 2S 4D 9H JC QH KD 3S", "9C 5C 2H 3H 4H 5H TC JD 7D 8D"], "KS", "6D 9D",
            joker_move="foster_extend")
    d.act("draw stock")
    d.act("meld JK=5C 6C 7C")
    d.act("discard 2S")
    d.act("draw stock")
    assert [a for a in d.legal() if a.startswith("move")] == ["move joker 1 with 5C", "move joker 1 with 9C"]
    assert "layoff 9C to 1" not in d.legal()  # 8♣ is missing: 9♣ only goes on with the joker move
    d.act("move joker 1 with 9C")
    m = d.view(0)["melds"][0]
    assert m["cards"] == ["6C", "7C", "JK=8C", "9C"] and m["crosswise"] == [2]


def dry_hand(d: ct.Deal) -> None:
    """The DRY deal played to its end: the stock runs out and a full round passes with nothing melded."""
    exhaust(d)
    d.act("draw discard")
    d.act("discard 4S")
    d.act("draw discard")
    d.act("discard QS")


@pytest.mark.provisional  # CC-GAP-7 (ENGINE DEFAULT): the pool grows while hands keep ending dry.
def test_the_pool_accumulates_over_dry_hands() -> None:
    first = two(DRY, "KC")
    dry_hand(first)
    assert first.carry == {"pools": {POOL: 139}}
    game = ct.load("coon-can", players=2)
    second = game.deal(deck=deck(DRY, "KC"), dealer=1, carry=first.carry)
    dry_hand(second)
    res = second.result()
    assert second.winner is None and res.deltas == [-58, -81] and res.pools == {POOL: 278}
    assert second.carry == {"pools": {POOL: 278}}
    assert res.lines[-1] == "the pool now holds 278 (139 of it from earlier hands)"


@pytest.mark.provisional  # CC-GAP-7 (ENGINE DEFAULT), through a Match: the pool is carried by itself.
def test_a_match_carries_the_pool_to_the_next_winner() -> None:
    m = ct.Match(ct.load("coon-can", players=2), dealer=1)
    d = m.next_deal(deck=deck(DRY, "KC"))
    dry_hand(d)
    m.record(d)
    assert m.carry == {"pools": {POOL: 139}} and m.dealer == 0
    # Seat 1, on the new dealer's left, goes out on his first turn and takes the pool too.
    d2 = m.next_deal(deck=deck(["2S 3S 4S 5H 6H 7H 9C 9D 9H QS", LOSER], "KC", "5S"))
    assert d2.turn == 1 and d2.view(0)["pools"] == {POOL: 139}
    d2.act("draw stock")
    for a in ("meld 2S 3S 4S 5S", "meld 5H 6H 7H", "meld 9H 9D 9C", "discard QS"):
        d2.act(a)
    res = m.record(d2)
    assert res.deltas == [-81, 81 + 139] and m.totals == [-58 - 81, -81 + 81 + 139] and m.carry is None
    assert any("takes the pool of 139" in line for line in res.lines)


@pytest.mark.provisional  # ENGINE DEFAULT: a player left holding only the card he drew may discard it.
def test_exhausted_stock_last_card_may_be_the_one_drawn() -> None:
    # "discarding a different card to that drawn" cannot apply when it is the only card left: the
    # player melds everything else and goes out by discarding it.
    d = two(["JK JK KH QH TD 5D 2C 3C 7D 8C", "2S 3S 4S 5S 5H 6H 7H 9C 9D 9H"], "KC")
    exhaust(d)
    assert d.turn == 1 and d.view(1)["discard_top"] == "AC"
    d.act("draw discard")
    assert "discard AC" not in d.legal()
    for a in ("meld 2S 3S 4S 5S", "meld 5H 6H 7H", "meld 9H 9D 9C"):
        d.act(a)
    assert d.legal() == ["discard AC"]
    d.act("discard AC")
    # Seat 0 pays 15 + 15 + 10 + 10 + 10 + 5 + 2 + 3 + 7 + 8 = 85.
    assert d.over and d.winner == 1 and d.result().deltas == [-85, 85]


@pytest.mark.provisional
def test_a_hand_going_round_in_circles_ends_at_the_turn_limit() -> None:
    # ENGINE DEFAULT: before the stock is exhausted a player may take the discard and throw it back; a hand
    # played that way for 500 turns ends as an exhausted hand does (CC-GAP-7), pips into the pool.
    from cardtable.games.coon_can import TURN_LIMIT

    d = ct.load("coon-can", players=3).deal(seed=4)
    turns = 0
    while not d.over:
        top = d.view(d.turn)["discard_top"]
        d.act("draw discard")
        d.act(f"discard {top}")
        turns += 1
    assert turns == TURN_LIMIT == 500
    res = d.result()
    pips = [d.pips(s) for s in range(3)]
    assert res.deltas == [-p for p in pips] and res.pools == {"coon_can_pool": sum(pips)}
    assert any("500 turns passed without a winner" in line for line in res.lines)
    assert d.carry == {"pools": {"coon_can_pool": sum(pips)}}
