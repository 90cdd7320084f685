"""The building layout shared by the stops and Fan-Tan families (core/layouts.py)."""

from __future__ import annotations

import random

import pytest

from cardtable.core.cards import PACK_32, PACK_52
from cardtable.core.layouts import Layout

P = PACK_52


def c(code: str) -> int:
    return P.parse(code)


def codes(mask: int) -> list[str]:
    return sorted(P.codes(mask))


def test_fan_tan_sevens_open_then_build_both_ways() -> None:
    # Seed 004 Fan-Tan: "Any player in turn may play a seven; or, he may play a six or eight of the
    # same suit as a seven already on the table."
    lay = Layout(P, ace_low=True, up=True, down=True, start_rank=7)
    assert codes(lay.wanted) == ["7C", "7D", "7H", "7S"]
    assert lay.play(c("7S")) == "start"
    assert codes(lay.wanted) == ["6S", "7C", "7D", "7H", "8S"]
    assert lay.play(c("6S")) == "down"
    assert lay.play(c("8S")) == "up"
    assert lay.view() == {"S": ["6S", "8S"]}
    assert codes(lay.playable(P.mask("5S 9S 6H 7D"))) == ["5S", "7D", "9S"]


def test_fan_tan_ace_ends_down_and_king_ends_up() -> None:
    # "The ace is the last card played on the six pile ... the king is the last card played on the eight pile".
    lay = Layout(P, ace_low=True, up=True, down=True, start_rank=7)
    for code in ["7H", "6H", "5H", "4H", "3H", "2H", "AH"]:
        lay.play(c(code))
    assert codes(lay.extensions(1)) == ["8H"]
    for code in ["8H", "9H", "TH", "JH", "QH", "KH"]:
        lay.play(c(code))
    assert lay.extensions(1) == 0 and lay.complete(1) and lay.count[1] == 13


def test_michigan_builds_up_to_the_ace_only() -> None:
    # Seed 004 Michigan: "When the ace is reached in building up a suit ... it is a 'stop.'"
    lay = Layout(P, up=True)
    assert lay.wanted == 0  # no start rank: suits open only by start()
    lay.start(c("QC"))
    assert codes(lay.wanted) == ["KC"]
    lay.play(c("KC"))
    lay.play(c("AC"))
    assert lay.complete(3) and lay.wanted == 0


def test_restart_replaces_the_run() -> None:
    # MI-GAP-2: the stopper may play the lowest card in his hand, of the stopped suit.
    lay = Layout(P, up=True)
    lay.start(c("5S"))
    lay.play(c("6S"))
    lay.start(c("9S"))
    assert lay.view() == {"S": ["9S", "9S"]} and codes(lay.wanted) == ["TS"]
    assert codes(lay.played) == ["5S", "6S", "9S"]


def test_play_or_pay_goes_round_the_corner() -> None:
    # Seed 004 Play or Pay: "in sequence past the king (queen, king, ace, deuce)".
    lay = Layout(P, ace_low=True, up=True, wrap=True)
    lay.start(c("JH"))
    for code in ["QH", "KH", "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"]:
        assert not lay.complete(1)
        assert lay.play(c(code)) == "up"
    assert codes(lay.wanted) == ["TH"]
    lay.play(c("TH"))
    assert lay.count[1] == 13 and lay.complete(1) and lay.wanted == 0


def test_without_wrap_the_king_is_the_top_when_ace_low() -> None:
    lay = Layout(P, ace_low=True, up=True)
    lay.start(c("QH"))
    lay.play(c("KH"))
    assert lay.complete(1)


def test_start_rank_fixed_later_five_or_nine() -> None:
    # Seed 004 Five or Nine: "The first card played determines rank or layout for that deal."
    lay = Layout(P, ace_low=True, up=True, down=True)
    assert lay.wanted == 0
    lay.set_start_rank(9)
    assert codes(lay.wanted) == ["9C", "9D", "9H", "9S"]
    lay.play(c("9D"))
    assert codes(lay.wanted) == ["8D", "9C", "9H", "9S", "TD"]
    with pytest.raises(ValueError):
        lay.set_start_rank(1)


def test_bad_play_raises_and_changes_nothing() -> None:
    lay = Layout(P, ace_low=True, up=True, down=True, start_rank=7)
    before = (lay.wanted, lay.lo.copy(), lay.hi.copy(), lay.played)
    with pytest.raises(ValueError, match="does not go on the layout"):
        lay.play(c("8S"))
    assert (lay.wanted, lay.lo, lay.hi, lay.played) == before


def test_copy_is_independent() -> None:
    lay = Layout(P, ace_low=True, up=True, down=True, start_rank=7)
    lay.play(c("7C"))
    other = lay.copy()
    other.play(c("8C"))
    assert lay.view() == {"C": ["7C", "7C"]} and other.view() == {"C": ["7C", "8C"]}


def test_lowest_follows_the_rank_order() -> None:
    high = Layout(P)
    low = Layout(P, ace_low=True)
    hand = P.mask("AS 4S KS")
    assert P.code(high.lowest(hand, 0)) == "4S"
    assert P.code(low.lowest(hand, 0)) == "AS"
    assert low.lowest(hand, 1) is None


def test_short_pack_uses_only_its_ranks() -> None:
    lay = Layout(PACK_32, up=True)
    lay.start(PACK_32.parse("KD"))
    lay.play(PACK_32.parse("AD"))
    assert lay.complete(2)
    lay.start(PACK_32.parse("7S"))
    assert PACK_32.codes(lay.wanted) == ["8S"]


def test_random_builds_keep_wanted_consistent() -> None:
    # Property: wanted always equals the union of extensions and openers, every suit ends complete.
    for seed in range(30):
        rng = random.Random(seed)
        lay = Layout(P, ace_low=rng.random() < 0.5, up=True, down=rng.random() < 0.5,
                     wrap=rng.random() < 0.5, start_rank=rng.choice([None, 7, 5]))
        for s in range(4):
            if lay.start_rank is None:
                lay.start(rng.choice([x for x in range(52) if P.suit[x] == s]))
        while lay.wanted:
            expect = 0
            for s in range(4):
                expect |= lay.extensions(s) | lay.openers(s)
            assert expect == lay.wanted
            lay.play(rng.choice([x for x in range(52) if lay.wanted >> x & 1]))
        assert all(lay.complete(s) for s in range(4))
