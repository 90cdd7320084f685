"""The shared meld mechanism: sets, sequences, wild cards, lay-offs, joker moves (core.melds)."""

from __future__ import annotations

import pytest

from cardtable.core.cards import PACK_52, PACK_106
from cardtable.core.melds import RUN, SET, MeldRules, stand_code

R = MeldRules(PACK_106)


def texts(hand: str) -> list[str]:
    return [R.text(m) for m in R.melds_in(PACK_106.mask(hand))]


def meld(text: str):
    return R.parse(text, PACK_106.full)


def test_enumeration_exact_small_hand() -> None:
    # Sets of three or more of a rank, sequences of three or more in suit, nothing else.
    assert texts("5S 6S 7S 7H 7D 2C") == ["7S 7H 7D", "5S 6S 7S"]
    assert texts("5S 6S 8S 9H") == []


def test_enumeration_with_a_joker_lists_every_designation() -> None:
    # A joker stands for any card: at either end, in a gap, or for a card the holder also has.
    assert texts("6S 7S JK") == ["JK=5S 6S 7S", "6S 7S JK=8S"]
    assert texts("6S 8S JK") == ["6S JK=7S 8S"]
    assert texts("7S 7H JK") == ["7S 7H JK=7D"]
    assert texts("AS 2S JK") == ["AS 2S JK=3S"]


def test_two_jokers_and_one_natural() -> None:
    # CC-GAP-5: any number of jokers as long as the meld is valid with them substituted.
    assert texts("7S JK JK") == ["7S JK=7H JK=7D", "JK=5S JK=6S 7S", "JK=6S 7S JK=8S", "7S JK=8S JK=9S"]


def test_set_duplicates_and_sub_sets() -> None:
    # A double pack: KS KS KD is a set (Bicycle Double Rum); every sub-multiset of three or more.
    assert texts("KS KS KD") == ["KS KS KD"]
    assert texts("KS KS KD KC") == ["KS KD KC", "KS KS KD", "KS KS KC", "KS KS KD KC"][:0] + texts("KC KD KS KS")
    assert sorted(texts("KS KS KD KC")) == ["KS KD KC", "KS KS KC", "KS KS KD", "KS KS KD KC"]


def test_ace_high_or_low_never_round_the_corner() -> None:
    assert meld("AS 2S 3S").low == 1
    assert meld("QS KS AS").high == 14
    with pytest.raises(ValueError, match="round the corner"):
        meld("KS AS 2S")
    assert texts("KS AS 2S") == []
    # Both aces of a double pack: the whole suit from the low ace to the high ace never wraps.
    whole = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    m = meld(whole)
    assert m.kind == RUN and (m.low, m.high) == (1, 14) and R.text(m) == whole
    assert R.layoffs(m, PACK_106.mask("JK 4S")) == []


def test_invalid_melds_say_why() -> None:
    with pytest.raises(ValueError, match="at least 3"):
        meld("5S 6S")
    with pytest.raises(ValueError, match="mix suits"):
        meld("5S 6H 7S")
    with pytest.raises(ValueError, match="consecutive"):
        meld("5S 6S 8S")
    with pytest.raises(ValueError, match="at least one natural"):
        MeldRules(PACK_106, wild=PACK_106.mask("JK JK 2S")).parse("JK=5S JK=6S 2S=7S", PACK_106.full)
    with pytest.raises(ValueError, match="stands only for itself"):
        meld("5S=6S 6S 7S")
    with pytest.raises(ValueError, match="not in your hand"):
        R.parse("5S 6S 7S", PACK_106.mask("5S 6S"))
    with pytest.raises(ValueError, match="each once"):
        R.parse("5S 5S 6S", PACK_106.full)


def test_layoffs_on_sets_and_sequences() -> None:
    run = meld("6S 7S 8S")
    lay = R.layoffs(run, PACK_106.mask("5S 9S 9S JK 6S KH"))
    assert [(t, e, R.text(m)) for t, e, m in lay] == [
        ("5S", "", "5S 6S 7S 8S"), ("JK=5S", "", "JK=5S 6S 7S 8S"),
        ("9S", "", "6S 7S 8S 9S"), ("JK=9S", "", "6S 7S 8S JK=9S"),
    ]
    s = meld("7H 7D JK=7S")
    assert [R.text(m) for _, _, m in R.layoffs(s, PACK_106.mask("7S 7C"))] == [
        "7S 7H 7D JK=7S", "7H 7D 7C JK=7S"]  # the set's joker keeps what it stands for


def test_an_ace_fitting_both_ends_names_the_end() -> None:
    run = meld("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")
    assert [(t, e) for t, e, _ in R.layoffs(run, PACK_106.mask("AS"))] == [("AS", "low"), ("AS", "high")]
    low = R.layoffs(run, PACK_106.mask("AS"))[0][2]
    assert (low.low, low.high) == (1, 13)


def test_joker_moves_natural_only_and_foster() -> None:
    run = meld("6C 7C JK=8C")
    hand = PACK_106.mask("8C 4C")
    assert [(c, R.text(m)) for c, m in R.joker_moves(run, hand)] == [("8C", "JK=5C 6C 7C 8C")]
    assert [(c, R.text(m)) for c, m in R.joker_moves(run, hand, extend=True)] == [
        ("8C", "JK=5C 6C 7C 8C"), ("4C", "4C JK=5C 6C 7C")]
    moved = R.joker_moves(run, hand)[0][1]
    assert R.joker_moves(moved, PACK_106.mask("5C 9C 3C"), extend=True) == []
    assert R.crosswise(moved) == [0]
    # A moved joker stays fixed after more cards are laid off.
    again = R.layoffs(moved, PACK_106.mask("9C"))[0][2]
    assert R.text(again) == "JK=5C 6C 7C 8C 9C" and R.crosswise(again) == [0]


def test_interior_and_ace_bound_jokers_do_not_move() -> None:
    inner = meld("4S 5S 6S JK=7S 8S")
    assert R.joker_moves(inner, PACK_106.mask("7S")) == [] and R.crosswise(inner) == [3]
    bound = meld("AS 2S JK=3S")
    assert R.joker_moves(bound, PACK_106.mask("3S")) == []
    top = meld("QS KS JK=AS")  # a joker as the high ace moves down to the jack
    [(card, moved)] = R.joker_moves(top, PACK_106.mask("AS"))
    assert card == "AS" and R.text(moved) == "JK=JS QS KS AS" and R.crosswise(moved) == [0]


@pytest.mark.provisional  # CC-GAP-4 is an ENGINE DEFAULT (unsourced).
def test_set_jokers_are_crosswise_and_never_move() -> None:
    s = meld("KH KD JK=KS")
    assert s.kind == SET and R.crosswise(s) == [2] and R.joker_moves(s, PACK_106.full) == []


def test_single_pack_rules_and_stand_codes() -> None:
    r = MeldRules(PACK_52, ace_low=False)
    assert [r.text(m) for m in r.melds_in(PACK_52.mask("AS 2S 3S QS KS"))] == ["QS KS AS"]
    assert stand_code(1 * 4 + 2) == "AD" and stand_code(13 * 4 + 3) == "KC"
    assert r.check(r.parse("QS KS AS", PACK_52.full)) is None
