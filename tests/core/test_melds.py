"""The shared meld mechanism: sets, sequences, wild cards, lay-offs, joker moves (core.melds)."""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest

from cardtable.core.cards import PACK_52, PACK_106, bit_list, bits
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


def brute_force_texts(rules: MeldRules, hand: int) -> list[str]:
    """Every meld of ``hand`` by the definitions, written independently of the enumeration: a set
    is 1+ naturals of a rank with jokers to make 3+; a sequence is an interval of positions of a
    suit (1 = low ace .. 14 = high ace), each filled by a natural of the hand or a joker."""
    pack = rules.pack
    codes = [pack.code(c) for c in bits(hand)]
    nj = codes.count("JK")
    have = {c: codes.count(c) for c in set(codes)}
    out: set[str] = set()
    suits_order = "SHDC"
    for rank in "23456789TJQKA":
        counts = [have.get(rank + s, 0) for s in suits_order]
        for take in product(*(range(k + 1) for k in counts)):
            n = sum(take)
            for j in range(nj + 1):
                if n and n + j >= 3:
                    nat = [rank + s for s, k in zip(suits_order, take) for _ in range(k)]
                    lacking = [rank + s for s, k in zip(suits_order, take) if not k] + [rank + "S"] * 2
                    out.add(" ".join(nat + [f"JK={lacking[i]}" for i in range(j)]))
    for suit in suits_order:
        for low in range(1, 13):
            for high in range(low + 2, 15):
                names = [("A" if p in (1, 14) else "23456789TJQK"[p - 2]) + suit for p in range(low, high + 1)]
                for k in range(min(nj, len(names) - 1) + 1):
                    for wild_at in combinations(range(len(names)), k):  # where the jokers stand
                        nat = [c for i, c in enumerate(names) if i not in wild_at]
                        if any(nat.count(c) > have.get(c, 0) for c in nat):
                            continue
                        out.add(" ".join(f"JK={c}" if i in wild_at else c for i, c in enumerate(names)))
    return sorted(out)


def test_enumeration_agrees_with_the_definitions_on_random_hands() -> None:
    # The bit-parallel enumeration (core.melds._find) lists exactly the melds the definitions allow,
    # each once: hands of a double pack with 0, 1 or 2 jokers, some crowded into one suit.
    rng = random.Random(7)
    spades = PACK_106.suit_mask[0] | PACK_106.mask("JK JK")
    for i in range(150):
        pool = bit_list(spades if i % 3 == 0 else PACK_106.full)
        hand = 0
        for c in rng.sample(pool, rng.randint(3, 11)):
            hand |= 1 << c
        got = R.melds_in(hand)
        texts_got = [R.text(m) for m in got]
        assert sorted(texts_got) == brute_force_texts(R, hand), PACK_106.codes(hand)
        assert len(set(texts_got)) == len(texts_got)
        assert all(R.check(m) is None and m.mask() & ~hand == 0 for m in got)
        assert [t for t, _ in R.named_melds(hand)] == texts_got


def test_fits_is_exactly_the_cards_that_can_be_played_to_a_meld() -> None:
    # fits() lets a deal skip melds a hand cannot touch: it must hold every card that lays off
    # or moves a joker, and only those, for sets and sequences, with and without Foster's rule.
    rng = random.Random(3)
    melds = [meld(t) for t in ("6S 7S 8S JK=9S", "JK=5S 6S 7S", "AS 2S JK=3S", "QS KS JK=AS", "7H 7D JK=7S",
                               "KS KS KD", "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "4S 5S 6S JK=7S 8S")]
    moved = R.joker_moves(meld("6C 7C JK=8C"), PACK_106.mask("8C"))[0][1]
    melds.append(moved)
    for _ in range(40):
        hand = 0
        for c in rng.sample(range(106), 11):
            hand |= 1 << c
        found = R.melds_in(hand)
        if found:
            melds.append(rng.choice(found))
    for m in melds:
        for extend in (False, True):
            f = R.fits(m, extend)
            for c in range(106):
                playable = bool(R.layoffs(m, 1 << c) or R.joker_moves(m, 1 << c, extend))
                assert playable == bool(f >> c & 1), (R.text(m), PACK_106.code(c), extend)


def test_a_set_keeps_its_naturals_in_order_when_laid_off_to() -> None:
    # Laying off builds the same meld as writing the bigger set at once (naturals S H D C, then jokers).
    s = meld("7H 7D JK=7S")
    assert R.text(R.lay_off(s, PACK_106.parse("7C"))) == "7H 7D 7C JK=7S"
    assert R.text(R.lay_off(s, PACK_106.parse("7S"))) == "7S 7H 7D JK=7S"
    two = R.lay_off(R.lay_off(s, PACK_106.parse("7D")), PACK_106.parse("7H"))
    assert R.text(two) == "7H 7H 7D 7D JK=7S"
