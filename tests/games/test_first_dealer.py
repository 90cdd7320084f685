"""Choosing the first dealer with the cards (option first_dealer="cards"): Spoil Five's deal round until a jack
turns up, the cut for the deal in Michigan (high deals) and Fan-Tan (low deals), and the General Rules' cut in
Scarne's games that refer to them (docs/decisions.md, "Choosing the first dealer")."""

from __future__ import annotations

import pytest

import cardtable as ct
from cardtable.core.cutting import FirstDealer
from cardtable.core.deal import Deal

from .conftest import arranged


def match(gid: str, top: str, players: int | None = None, **opts: object) -> ct.Match:
    game = ct.load(gid, players=players, first_dealer="cards", **opts)
    return ct.Match(game, seed=3, deals=1, cutting=arranged(game.pack, top))


def test_spoil_five_deals_face_up_until_a_jack() -> None:
    # Seed 003 Spoil Five, 'The Deal': "There is no cutting for the deal. Any player deals cards one at a time and
    # face up to each player until a jack is turned. The player who gets the jack is the dealer for the first
    # hand, The turn to deal then goes to the left for subsequent hands."
    m = match("spoil-five", "7C 2D 9S QH TD JD", players=3)
    assert m.dealer == m.first_dealer == 2  # the sixth card, to Cal, is the jack
    assert m.first_draw == FirstDealer(2, "jack", (((0, "7C"), (1, "2D"), (2, "9S"), (0, "QH"), (1, "TD"),
                                                    (2, "JD")),))
    assert m.first_draw.words(m.game.names) == (
        "Cards dealt face up to find the first dealer, one to each player in turn until a jack turns up: "
        "Ann 7♣, Bea 2♦, Cal 9♠, Ann Q♥, Bea 10♦, Cal J♦. The jack fell to Cal: the first dealer is Cal.")


def test_spoil_five_jack_dealer_deals_the_first_hand_and_the_deal_goes_left() -> None:
    # Seed 003: "The player who gets the jack is the dealer for the first hand, The turn to deal then goes to the
    # left for subsequent hands."
    m = match("spoil-five", "JH", players=4)
    assert m.first_draw is not None and m.first_draw.rounds == (((0, "JH"),),) and m.dealer == 0
    m = match("spoil-five", "2C 3C 4C 5C 6C 7C JC", players=4)
    assert m.dealer == 2  # the seventh card goes to Cal
    deal = m.next_deal()
    assert deal.dealer == 2
    bot = ct.bots.load("random", seed=1)
    while not deal.over:
        deal.act(bot.choose(deal, deal.turn))
    m.record(deal)
    assert m.dealer == 3


@pytest.mark.parametrize("gid", ["forty-five", "twenty-five", "auction-forty-five"])
def test_spoil_five_relatives_find_the_dealer_the_same_way(gid: str) -> None:
    # Seed 003: Forty-Five is "a variation of Spoil Five"; Twenty-Five "is played in the same manner as
    # Forty-Five"; Auction Forty-Five "is played in the same manner as Spoil Five except for the following"
    # (nothing about the deal).
    m = match(gid, "9S 8D QH JS", players=4)
    assert m.first_draw is not None and m.first_draw.rule == "jack" and m.dealer == 3


def test_michigan_highest_card_cut_deals_ace_high_and_ties_cut_again() -> None:
    # Seed 004 Michigan, 'The Deal': "Players cut for the deal; the highest card cut deals the first hand."
    # The rank: "ace (high), king, queen ... two (low)".
    m = match("michigan", "9S AD KC 4H", players=4)
    assert m.dealer == 1 and m.first_draw is not None and m.first_draw.words(m.game.names) == (
        "Cutting for the first deal, the highest card deals (ace high): Ann 9♠, Bea A♦, Cal K♣, Dee 4♥. "
        "The first dealer is Bea.")
    # Ties for highest cut again (docs/decisions.md: the General Rules' re-cut; W. H. Peel, Round Games with
    # Cards: "If two or more players cut equal lowest cards, these players must cut again").
    m = match("michigan", "KS 4D KC KH 2S 2D 3H", players=4)
    assert m.first_draw is not None and m.first_draw.rounds == (
        ((0, "KS"), (1, "4D"), (2, "KC"), (3, "KH")), ((0, "2S"), (2, "2D"), (3, "3H")))
    assert m.dealer == 3 and m.next_deal().dealer == 3
    assert m.first_draw.words(m.game.names) == (
        "Cutting for the first deal, the highest card deals (ace high): Ann K♠, Bea 4♦, Cal K♣, Dee K♥; "
        "Ann, Cal and Dee tie and cut again: Ann 2♠, Cal 2♦, Dee 3♥. The first dealer is Dee.")


@pytest.mark.parametrize("gid", ["cross-color-michigan", "sequence-michigan", "jackpot-michigan", "boodle", "spin",
                                 "pope-joan"])
def test_michigan_relatives_cut_high(gid: str) -> None:
    # Seed 004: the variants "Follow the rules of Michigan"; Spin and Pope Joan "Follow all the rules of Boodle".
    m = match(gid, "2S 5D AC 4H", players=4)
    assert m.first_draw is not None and m.first_draw.rule == "high" and m.dealer == 2


def test_fan_tan_lowest_card_cut_deals_ace_low_and_ties_cut_again() -> None:
    # Seed 004 Fan-Tan, 'The Deal': "Players cut for the deal, lowest card dealing the first hand." The rank:
    # "ace (low), two, three ... king (high)".
    m = match("fan-tan", "2S AD KC 4H", players=4)
    assert m.dealer == 1 and m.first_draw is not None and m.first_draw.words(m.game.names) == (
        "Cutting for the first deal, the lowest card deals (ace low): Ann 2♠, Bea A♦, Cal K♣, Dee 4♥. "
        "The first dealer is Bea.")
    m = match("fan-tan", "3S 3D 9C 3H QS QD 2H 5S", players=4)
    assert m.first_draw is not None and m.first_draw.rounds == (
        ((0, "3S"), (1, "3D"), (2, "9C"), (3, "3H")), ((0, "QS"), (1, "QD"), (3, "2H")))
    assert m.dealer == 3


@pytest.mark.parametrize("gid", ["play-or-pay", "five-or-nine", "domino-fan-tan"])
def test_fan_tan_relatives_cut_low(gid: str) -> None:
    # Seed 004: Play or Pay and Five or Nine are played "the same as Fan-Tan"; Domino Fan-Tan "in the Same way".
    m = match(gid, "KS 6D", players=2)
    assert m.first_draw is not None and m.first_draw.rule == "low" and m.dealer == 1


@pytest.mark.parametrize("gid", ["schafkopf", "six-bid-solo", "frog", "coeur-d-alene-solo", "progressive-solo"])
def test_general_rules_cut_low_with_the_ace_low(gid: str) -> None:
    # Seed 001: "The selection of the dealer ... are as provided under the General Rules for Card Games, chapter
    # 1." docs/decisions.md: the lowest card cut deals, ace low; those who tie for lowest cut again.
    m = match(gid, "KS AD 7C", players=3)
    assert m.first_draw is not None and m.first_draw.rule == "low" and m.dealer == 1


def test_auction_schafkopf_and_hasenpfeffer_cut_low_with_a_tie() -> None:
    # Seed 001 Auction Schafskopf: "played the same as regular Schafskopf"; seed 003 Hasenpfeffer: "The selection
    # of the dealer ... as provided under the General Rules". Ties for lowest cut again.
    m = match("auction-schafkopf", "9S 9D AC AH 8C TH", players=4)
    assert m.first_draw is not None and m.first_draw.rounds == (
        ((0, "9S"), (1, "9D"), (2, "AC"), (3, "AH")), ((2, "8C"), (3, "TH")))
    assert m.dealer == 2
    # The joker of Hasenpfeffer's pack is the lowest card in a cut (docs/decisions.md).
    m = match("hasenpfeffer", "AS JK 9C TH", players=4)
    assert m.first_draw is not None and m.dealer == 1
    assert "Bea joker" in m.first_draw.words(m.game.names)


def test_default_first_player_deals_and_an_explicit_dealer_wins() -> None:
    # The default (option first_dealer="first_player"): the first player at the table deals first, as before.
    m = ct.Match(ct.load("michigan", players=4), seed=3)
    assert m.dealer == 0 and m.first_draw is None and "first_draw" not in m.to_record()
    game = ct.load("michigan", players=4, first_dealer="cards")
    m = ct.Match(game, seed=3, dealer=2)
    assert m.dealer == 2 and m.first_draw is None


def test_option_is_validated_and_only_where_the_rules_give_a_procedure() -> None:
    with pytest.raises(ct.RulesError, match="option first_dealer must be one of 'first_player', 'cards', not 'dice'"):
        ct.load("fan-tan", first_dealer="dice")
    with pytest.raises(ct.RulesError, match="unknown option 'first_dealer'"):
        ct.load("nap", first_dealer="cards")  # Nap's sources give no procedure


def test_seeded_draw_is_reproducible_and_the_record_rebuilds_it() -> None:
    game = ct.load("spoil-five", players=3, first_dealer="cards")
    m = ct.Match(game, seed=11, deals=2)
    assert m.first_draw is not None and ct.Match(game, seed=11).first_draw == m.first_draw
    bot = ct.bots.load("random", seed=2)
    while not m.over:
        deal = m.next_deal()
        while not deal.over:
            deal.act(bot.choose(deal, deal.turn))
        m.record(deal)
    record = m.to_record()
    assert record["first_draw"]["dealer"] == m.first_dealer
    again = ct.replay_match(record)
    assert again.first_draw == m.first_draw and again.first_dealer == m.first_dealer
    assert again.records[0]["dealer"] == m.first_dealer
    bad = {**record, "first_draw": {"dealer": 9, "rule": "jack", "rounds": [[[0, "JH"]]]}}
    with pytest.raises(ct.RulesError, match="not a first-dealer record: dealer 9"):
        ct.replay_match(bad)


def test_a_rule_without_its_option_is_a_declaration_problem() -> None:
    class Half(Deal):
        first_dealer_rule = "low"

    assert any("first_dealer" in p for p in Half.declaration_problems())
