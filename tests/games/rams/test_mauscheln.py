"""Scenario tests for Mauscheln / Mousel (seed 002, Parlett's 'Mauscheln, Mousel'; docs/decisions.md).

Dealer 0; hands are given in receiving order (seat 1 first, the dealer last), dealt in twos, then the
turn-up and the top of the stock."""

from __future__ import annotations

import pytest

import cardtable as ct
from cardtable.core.cards import PACK_52

from .helpers import mausch, play

M = ["7S 8S 9S 7D", "AH KH AS KS", "QH JH AD KD"]  # seats 1, 2, 0


def test_mausch_alias_and_pack_option() -> None:
    assert ct.load("mousel").info.id == "mauscheln"
    # "(3-5p, 32 or 52c)"
    assert ct.load("mauscheln", cards=52).pack is PACK_52 and ct.load("mauscheln").pack.size == 32


def test_mauscheln_stake_must_be_divisible_by_four() -> None:
    # "The dealer stakes an amount divisible by four"
    with pytest.raises(ct.RulesError, match=r"stake must be a multiple of four from 4 to 100.*not 6"):
        ct.load("mauscheln", stake=6)
    d = mausch(M, "7H", stake=8)
    assert d.view(1)["pools"] == {"pot": 8}


def test_mauscheln_diddle_no_joiner_wins_pot() -> None:
    d = mausch(M, "7H", carry={"pools": {"pot": 8}})
    assert d.legal() == ["pass", "diddle"]
    play(d, "diddle")
    assert d.legal() == ["pass", "join"]
    play(d, "pass, pass")
    # "If someone diddles but no one joins in, the diddler wins the pot without play."
    assert d.over and d.result().deltas == [-4, 12, 0] and d.result().pools == {"pot": 0}


def test_mauscheln_nobody_diddles_pot_carried_and_next_dealer_stakes() -> None:
    d = mausch(M, "7H")
    play(d, "pass, pass, pass")
    # "If no one offers to diddle, the deal passes round" (MA-GAP-3: pot carried, next dealer adds his stake)
    assert d.result().deltas == [-4, 0, 0] and d.carry == {"pools": {"pot": 4}}
    game = ct.load("mauscheln", players=3)
    assert game.next_dealer(d) == 1
    assert game.deal(seed=2, dealer=1, carry=d.carry).view(0)["pools"] == {"pot": 8}


@pytest.mark.provisional  # ENGINE reading: a pass before any diddle only declines to diddle
def test_mauscheln_earlier_passers_may_join_in() -> None:
    d = mausch(M, "7H")
    play(d, "pass, diddle")
    # "As soon as someone offers to diddle, each in turn may pass, in which case they drop out, or 'Join in'":
    # from the diddler's left, the earlier passer included.
    assert d.turn == 0 and d.legal() == ["pass", "join"]
    assert [d.label(a) for a in d.legal()] == ["Pass", "Join in (one trick)"]
    assert d.view(1)["declarer"] == 2 and "say join (undertake one trick) or pass" in (d.why_not("diddle") or "")
    d.act("pass")
    assert d.turn == 1 and d.legal() == ["pass", "join"]
    d.act("join")
    assert d.phase == "exchange" and d.view(0)["active"] == [1, 2] and d.view(0)["declarer"] == 2
    assert d.view(0)["joined"] == [1]


def test_mauscheln_diddler_with_no_trick_pays_double() -> None:
    d = mausch(M, "7H")
    play(d, "diddle, join, join")
    assert d.phase == "exchange" and d.turn == 1 and d.legal()[0] == "stand"
    play(d, "stand, stand, stand")
    assert d.turn == 1  # "The diddler leads any card to the first trick."
    assert d.legal() == ["9S", "8S", "7S", "7D"]
    play(d, "7S")
    assert d.legal() == ["AS", "KS"]  # head the trick
    play(d, "AS")
    assert d.legal() == ["QH", "JH"]  # trump
    play(d, "QH, AD, 7D")
    assert d.legal() == ["AH", "KH"]
    play(d, "KH, AH, JH, 8S, KS, KD, 9S")
    assert d.tricks_won == [1, 0, 3]
    # "Each won trick earns one-quarter of the pot ... If the diddler took none, he pays double."
    res = d.result()
    assert res.deltas == [-3, -8, 3] and res.pools == {"pot": 8}
    assert "Bea (diddler) won 0 tricks and pays double the pot, 8, into the pot" in res.lines


def test_mauscheln_diddler_with_one_trick_and_joiner_with_none_pay_the_pot() -> None:
    d = mausch(["AS 7C 8C 9C", "AH KH QH 7S", "8S 9S TC JC"], "7H")
    play(d, "diddle, join, join, stand, stand, stand, AS")
    assert d.legal() == ["7S"]
    d.act("7S")
    assert d.legal() == ["9S", "8S"]  # cannot head the ace: any spade
    play(d, "8S, 7C")
    assert d.legal() == ["AH", "KH", "QH"]  # void: must trump
    d.act("QH")
    assert d.legal() == ["JC", "TC"]  # the trick is trumped: any club (L3-GAP-5)
    play(d, "TC, AH, JC, 8C, KH, 9S, 9C")
    assert d.over and d.tricks_won == [0, 1, 3]
    # "An active player who took none, or the diddler if he took only one, pays the value of the pot."
    res = d.result()
    assert res.deltas == [-8, -3, 3] and res.pools == {"pot": 8}
    assert "Cal (joined in) won 3 tricks: 3/4 of the pot of 4 = 3" in res.lines
    assert "Bea (diddler) won 1 trick and pays the value of the pot, 4, into the pot" in res.lines


def test_mauscheln_exchange_restocks_from_the_passers_cards() -> None:
    # "If it runs out, make a new stock from the cards of those who passed, or from discards if necessary."
    hands = ["7S 8S 9S TS", "JS QS KS AS", "7H 8H 9H TH", "JH QH KH AH", "7D 8D 9D TD"]  # seats 1-4, 0
    d = mausch(hands, "JD", after="QD KD AD 7C 8C 9C TC JC QC KC AC")
    play(d, "diddle, join, pass, pass, join")
    assert d.legal()[:2] == ["stand", "exchange TS"]
    play(d, "exchange TS 9S 8S 7S, exchange AS KS QS JS")
    assert d.view(1)["hand"] == ["7C", "AD", "KD", "QD"]
    assert d.view(2)["hand"] == ["JC", "TC", "9C", "8C"]
    assert d.view(0)["stock_size"] == 3
    d.act("exchange TD 9D 8D 7D")
    hand = d.view(0)["hand"]
    assert len(hand) == 4 and {"AC", "KC", "QC"} < set(hand)
    assert set(hand) - {"AC", "KC", "QC"} <= set(" ".join(hands[2:4]).split())  # from the passers' cards
    assert d.view(1)["history"][-1] == [0, "exchange 4"]  # the others see only how many


def test_mauscheln_blind_diddle_hides_own_hand_and_takes_turn_up() -> None:
    d = mausch(M, "AC", blind_diddle=True)
    # Variant 1: "If the turn-up is an Ace or other high card, the dealer may diddle before looking"
    assert d.turn == 0 and d.phase == "blind" and d.view(0)["hand"] is None and d.legal() == ["pass", "diddle"]
    play(d, "diddle, join, pass")
    assert d.view(0)["hand"] is None
    d.act("stand")
    # "when his turn comes to exchange, he may look at his cards, discard, and include the turn-up"
    assert d.turn == 0 and d.view(0)["hand"] == ["QH", "JH", "AD", "KD"]
    d.act("exchange KD")
    assert d.view(0)["hand"] == ["QH", "JH", "AC", "AD"] and d.view(1)["known_cards"] == {0: ["AC"]}


def test_mauscheln_blind_diddle_declined_then_normal_bidding() -> None:
    d = mausch(M, "AC", blind_diddle=True)
    d.act("pass")
    assert d.phase == "bid" and d.turn == 1 and d.view(0)["hand"] == ["QH", "JH", "AD", "KD"]
    assert mausch(M, "9C", blind_diddle=True).phase == "bid"  # a low turn-up: no blind diddle


@pytest.mark.provisional  # "an Ace or other high card": the King counts as high (ENGINE DEFAULT)
def test_mauscheln_blind_diddle_on_a_king() -> None:
    assert mausch(M, "KC", blind_diddle=True).phase == "blind"
    assert mausch(M, "QC", blind_diddle=True).phase == "bid"


@pytest.mark.provisional  # MA-GAP-2: premium = a quarter of the pot (ENGINE DEFAULT)
def test_mauscheln_flush_redeal_premium() -> None:
    hands = ["7S 8S 9S TS", "AH KH AS KS", "QH JH AD KD"]
    d = mausch(hands, "7H", after="7C 8C 9C TD", flush_redeal=True)
    # "A player dealt a flush (four of the same suit) must pay a premium, throw his hand in, and be dealt a
    # new one."
    assert d.view(1)["hand"] == ["9C", "8C", "7C", "TD"]
    assert d.view(2)["thrown"] == ["TS", "9S", "8S", "7S"]
    play(d, "pass, pass, pass")
    assert d.result().deltas == [-4, -1, 0] and d.result().pools == {"pot": 5}
    assert "Bea was dealt a flush: pays a premium of 1 to the pot; the pot is 5" in d.result().lines


@pytest.mark.provisional  # MA-GAP-2: premium = the dealer's stake (option premium="stake")
def test_mauscheln_flush_premium_stake_option() -> None:
    hands = ["7S 8S 9S TS", "AH KH AS KS", "QH JH AD KD"]
    d = mausch(hands, "7H", after="7C 8C 9C TD", carry={"pools": {"pot": 8}}, flush_redeal=True, premium="stake")
    play(d, "pass, pass, pass")
    assert d.result().deltas == [-4, -4, 0] and d.result().pools == {"pot": 16}


@pytest.mark.provisional  # MA-GAP-2 premium size
def test_mauscheln_belli_lost_to_trump_ace_pays_premium() -> None:
    d = mausch(["7D 8S 9S TS", "AH KH AS KS", "QH JH AD KD"], "7H", belli="7D")
    play(d, "pass, diddle, pass, join, stand, stand, AH")
    # MA-GAP-1: the 7D (Belli) is always a trump, second-highest: it must follow a trump lead
    assert d.legal() == ["7D"]
    d.act("7D")
    while not d.over:
        d.act(d.legal()[0])
    # "its holder pays a premium if he loses it to the trump Ace" (MA-GAP-2: a quarter of the pot, 1)
    assert "Bea lost Belli to the trump Ace: pays Cal a premium of 1" in d.result().lines


def test_mauscheln_belli_trump_seven_heads_the_king() -> None:
    # Variant 2, belli="trump_seven": "The 7 ... is the second-highest trump" — it beats the king.
    d = mausch(["AH JH 9S TS", "KH 8D AS KS", "7H QH AD KD"], "8H", belli="trump_seven")
    play(d, "pass, diddle, join, join, stand, stand, stand, KH")
    assert d.legal() == ["7H"]  # the dealer must head the king: only the seven beats it
    d.act("7H")
    assert d.legal() == ["AH"]  # and only the ace beats the seven


def test_mauscheln_flush_premium_is_in_this_deals_pot() -> None:
    # Rules text (games/rules/mauscheln.md, 'Flush thrown in'; seed 002 Mauscheln variant 3): "A player dealt
    # four cards of one suit pays a premium into the pot ... before the bidding": the pot of this deal holds it.
    hands = ["7S 8S 9S TS", "AH KH AS KS", "QH JH AD KD"]
    d = mausch(hands, "7H", after="7C 8C 9C TD", flush_redeal=True)
    assert [d.view(s)["pools"] for s in range(3)] == [{"pot": 5}] * 3
    play(d, "diddle")
    play(d, "pass, pass")
    # "If someone diddles but no one joins in, the diddler wins the pot without play": the pot of 5.
    r = d.result()
    assert r.lines == [
        "Ann (dealer) stakes 4; the pot is 4",
        "Bea was dealt a flush: pays a premium of 1 to the pot; the pot is 5",
        "Bea diddles and no one joins in: he takes the pot of 5 without play",
    ]
    assert r.deltas == [-4, 4, 0] and r.pools == {"pot": 0} and d.carry is None


@pytest.mark.provisional  # MA-GAP-2: premium = the dealer's stake (option premium="stake")
def test_mauscheln_flush_premium_shared_with_the_tricks() -> None:
    # "Each won trick earns one-quarter of the pot" (seed 002), the pot with the flush premium in it.
    hands = ["7S 8S 9S TS", "AH KH AS KS", "QH JH AD KD"]
    d = mausch(hands, "7H", after="7C 8C 9C TD", flush_redeal=True, premium="stake")
    assert d.view(0)["pools"] == {"pot": 8}
    play(d, "pass, diddle, join, pass, stand, stand, AS")
    assert d.legal() == ["QH", "JH"]  # void in spades: must trump
    play(d, "QH, JH")
    assert d.legal() == ["AH", "KH"]  # must head the trick
    play(d, "AH, KS, AD, KH, KD")
    assert d.tricks_won == [1, 0, 3]
    r = d.result()
    assert r.lines == [
        "Ann (dealer) stakes 4; the pot is 4",
        "Bea was dealt a flush: pays a premium of 4 to the pot; the pot is 8",
        "Ann (joined in) won 1 trick: 1/4 of the pot of 8 = 2",
        "Cal (diddler) won 3 tricks: 3/4 of the pot of 8 = 6",
    ]
    assert r.deltas == [-2, -4, 6] and r.pools == {"pot": 0}


def test_mauscheln_two_flushes_pay_the_same_premium() -> None:
    # Decision (rules text, 'Premium'): a flush premium is a quarter of the pot as staked, before any premium.
    hands = ["7S 8S 9S TS", "AH KH QH JH", "QS JS AD KD"]
    d = mausch(hands, "7C", after="8C 9C 7D 8D TC JC 9D TD", flush_redeal=True, stake=8)
    assert d.view(1)["hand"] == ["9C", "8C", "8D", "7D"] and d.view(2)["hand"] == ["JC", "TC", "TD", "9D"]
    assert d.view(0)["pools"] == {"pot": 12}
    play(d, "pass, pass, pass")
    r = d.result()
    assert r.lines[:3] == [
        "Ann (dealer) stakes 8; the pot is 8",
        "Bea was dealt a flush: pays a premium of 2 to the pot; the pot is 10",
        "Cal was dealt a flush: pays a premium of 2 to the pot; the pot is 12",
    ]
    assert r.deltas == [-8, -2, -2] and r.pools == {"pot": 12}
