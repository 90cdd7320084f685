"""Scenario tests for the Spoil Five family (seed 003; docs/decisions.md)."""

from __future__ import annotations

import itertools
import random

import pytest

import cardtable as ct
from cardtable.core.cards import PACK_25, PACK_52
from cardtable.games.spoil_five import family_rules

from .conftest import arranged


def dealt(hands: list[str], dealer: int, after: str = "", rounds: tuple[int, ...] = (3, 2),
          pack: ct.core.cards.Pack = PACK_52) -> str:
    """A deck that deals ``hands`` (by seat) in ``rounds`` from the dealer's left, then ``after``."""
    n = len(hands)
    seats = [(dealer + 1 + i) % n for i in range(n)]
    cards = [h.split() for h in hands]
    pos, top = [0] * n, []
    for r in rounds:
        for s in seats:
            top += cards[s][pos[s]:pos[s] + r]
            pos[s] += r
    return arranged(pack, " ".join(top + after.split()))


def codes(text: str) -> list[str]:
    return text.split()


def play(deal: ct.Deal, actions: str) -> None:
    for a in actions.split(","):
        deal.act(a.strip())


def trump_order(trump: str, demoted: bool = False) -> list[str]:
    r = family_rules(PACK_52, "SHDC".index(trump), demoted)
    cards = [c for c in range(52) if r.suit_of[c] == r.trump]
    return [PACK_52.code(c) for c in sorted(cards, key=lambda c: -r.power[c])]


def plain_order(suit: str, trump: str) -> list[str]:
    r = family_rules(PACK_52, "SHDC".index(trump))
    s = "SHDC".index(suit)
    cards = [c for c in range(52) if r.suit_of[c] == s]
    return [PACK_52.code(c) for c in sorted(cards, key=lambda c: -r.power[c])]


# ------------------------------------------------------------------ ranking
def test_trump_rankings_for_each_suit() -> None:
    # "When hearts are trumps, there are 13 trumps; five, jack, ace, king, queen, ten, nine, eight, seven, six,
    # four, three, two." (SF-GAP-1)
    assert trump_order("H") == codes("5H JH AH KH QH TH 9H 8H 7H 6H 4H 3H 2H")
    # "When diamonds are trumps, there are 14, the ace of hearts ranking third highest and two lowest."
    assert trump_order("D") == codes("5D JD AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D")
    # "When spades or clubs are trumps, there are 14, ranking five, jack, ace of hearts, ace, king, queen, two,
    # three, four, six, seven, eight, nine, ten (low)"
    assert trump_order("S") == codes("5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S TS")
    assert trump_order("C") == codes("5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C TC")


def test_plain_suit_rankings() -> None:
    # "highest in red, lowest in black"; "the diamond ace is lowest of all; the black aces come between the jack
    # and the deuce" (SF-GAP-1); the ace of hearts is always a trump.
    assert plain_order("D", "S") == codes("KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD")
    assert plain_order("H", "S") == codes("KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H")
    assert plain_order("C", "H") == codes("KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C TC")
    assert plain_order("S", "D") == codes("KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S TS")


def test_hasenpfeffer_ranking_joker_and_bowers() -> None:
    # "The joker is the highest trump. The rank of the other cards is exactly as ... Partnership Euchre" (HP-GAP-1)
    r = family_rules(PACK_25, 1)  # hearts
    trumps = sorted((c for c in range(25) if r.suit_of[c] == 1), key=lambda c: -r.power[c])
    assert PACK_25.codes(trumps) == codes("JK JH JD AH KH QH TH 9H")
    diamonds = sorted((c for c in range(25) if r.suit_of[c] == 2), key=lambda c: -r.power[c])
    assert PACK_25.codes(diamonds) == codes("AD KD QD TD 9D")  # the left bower is not a diamond


# --------------------------------------------------------------------- play
CLUBS3 = ["KD 2S 3S 4S 5S", "QD 3C 7H 8H 9H", "TD JC 2H 3H 4H"]  # turn-up 9C; AC stays in the pack


def test_may_trump_even_when_able_to_follow() -> None:
    # "Each player in turn must follow suit, or he may play a trump even if able to follow suit."
    d = ct.load("spoil-five", players=3).deal(deck=dealt(CLUBS3, 2, "9C"), dealer=2)
    assert d.turn == 0 and d.view(0)["trump"] == "C" and d.view(0)["turn_up"] == "9C"
    d.act("KD")
    assert d.legal() == ["3C", "QD"]  # not 7H: he can follow
    reason = d.why_not("7H")
    assert reason is not None and "follow suit (diamonds were led) or trump" in reason
    d.act("3C")
    assert d.legal() == ["JC", "TD"]
    d.act("TD")
    # "A trump card wins a trick"
    assert d.view(0)["tricks_won"] == [0, 1, 0] and d.turn == 1


def test_renege_five_over_lower_trump_and_ace_of_hearts_to_the_jack() -> None:
    # SF-GAP-2: the five need not follow to a lower trump; an unprotected trump must follow with a trump.
    hands = ["3C AH 6D 7D 8D", "5C 7H 8H 9H TH", "JC 2C 4H 5H 6H"]
    d = ct.load("spoil-five", players=3).deal(deck=dealt(hands, 2, "9C"), dealer=2)
    d.act("3C")
    assert d.legal() == ["TH", "9H", "8H", "7H", "5C"]  # the 5 of trumps reneges
    d.act("7H")
    assert d.legal() == ["JC", "2C"]  # 2C is not protected: a trump must be played (any trump)
    d.act("2C")
    # Black trumps: "two, three, four ... ten (low)": the 2 beats the 3.
    assert d.view(0)["tricks_won"] == [0, 0, 1]
    d.act("JC")
    # Peel: "if the knave be led, the holder of the ace of hearts is obliged to play it"
    assert d.legal() == ["AH"]
    d.act("AH")
    assert d.legal() == ["TH", "9H", "8H", "5C"]  # the five still outranks the jack led


def test_jack_must_follow_to_the_five_and_ace_of_hearts_led_is_a_trump() -> None:
    # "he must follow suit with such a card if the lead was a trump card of higher rank"
    hands = ["5C AH 6D 7D 8D", "JC 7H 8H 9H TH", "6C 2C 4H 5H 6H"]
    d = ct.load("spoil-five", players=3).deal(deck=dealt(hands, 2, "9C"), dealer=2)
    d.act("5C")
    assert d.legal() == ["JC"]
    d.act("JC")
    assert d.legal() == ["6C", "2C"]
    d.act("2C")
    d.act("AH")  # SF-GAP-2: "The lead of AH (always a trump) is a trump lead"
    assert d.legal() == ["TH", "9H", "8H", "7H"]  # no trump left
    d.act("7H")
    assert d.legal() == ["6C"]


def test_ace_of_hearts_led_protects_five_and_jack_only() -> None:
    # SF-GAP-2: on the lead of AH "the 5 and J of trumps are protected, lower trumps are not".
    hands = ["AH 6D 7D 8D 9D", "5C 2C 7H 8H 9H", "JC 2H 3H 4H 5H"]
    d = ct.load("spoil-five", players=3).deal(deck=dealt(hands, 2, "9C"), dealer=2)
    d.act("AH")
    assert d.legal() == ["5C", "2C"]  # holding 2C he must play a trump (the five included)
    d.act("2C")
    assert d.legal() == ["5H", "4H", "3H", "2H", "JC"]  # only the jack, protected: any card


# ------------------------------------------------------------------ robbing
def test_dealer_robs_a_turned_up_ace() -> None:
    # "Should the turned trump card be an ace, the dealer may discard any card in his hand face down for it"
    hands = ["KD 2S 3S 4S 5S", "QD 3C 7H 8H 9H", "TD JC 2H 3H 4H"]
    d = ct.load("spoil-five", players=3).deal(deck=dealt(hands, 2, "AC"), dealer=2)
    assert d.phase == "rob" and d.turn == 2
    assert d.legal() == ["rob 4H", "rob 3H", "rob 2H", "rob JC", "rob TD", "rob", "decline"]
    d.act("rob 2H")
    assert d.view(2)["hand"] == ["4H", "3H", "AC", "JC", "TD"]
    assert d.view(0)["history"] == [[2, "rob"]] and d.view(2)["history"] == [[2, "rob 2H"]]
    assert d.turn == 0 and d.phase == "play"
    # Everyone saw the ace taken in: a sample keeps it in the dealer's hand.
    for k in range(5):
        s = d.sample(0, random.Random(k))
        assert s.hands[2] >> PACK_52.parse("AC") & 1


def test_dealer_may_leave_the_robbed_ace_on_the_table_until_ready_to_play_it() -> None:
    # Seed 003: "He can either discard when playing to the first trick, or he can leave the ace there until ready
    # to play it ... But he must declare whether or not he is exchanging for the ace." 'rob' declares it; the
    # ace waits on the table, and 'rob <card>' at any turn of his puts that card out for it (at the latest to
    # play the ace). Until then his hand is five cards and the ace is not yet his to play.
    hands = ["KD 2S 3S 4S 5S", "QD 3C 7H 8H 9H", "TD JC 2H 3H 4H"]
    d = ct.load("spoil-five", players=3).deal(deck=dealt(hands, 2, "AC"), dealer=2)
    d.act("rob")
    assert d.turn == 0 and d.phase == "play" and d.view(0)["robbed_by"] == 2 and d.view(0)["turn_up"] == "AC"
    play(d, "KD, QD")
    assert d.turn == 2 and d.legal() == ["JC", "TD", "rob 4H", "rob 3H", "rob 2H", "rob JC", "rob TD"]  # or trump
    assert "ace is still on the table" in d.why_not("AC") and "taken the ace" in d.why_not("decline")
    assert "waits on the table" in d.view(2)["status"] and "AC" not in d.view(2)["hand"]
    d.act("TD")                                  # the ace stays on the table for now
    assert d.view(0)["last_trick"] == [[0, "KD"], [1, "QD"], [2, "TD"]] and d.turn == 0
    play(d, "2S, 3C")
    assert d.turn == 2 and d.legal() == ["4H", "3H", "2H", "JC", "rob 4H", "rob 3H", "rob 2H", "rob JC"]
    d.act("rob 2H")                              # ready to play it: a card goes out face down, the ace comes in
    assert d.turn == 2 and d.view(2)["hand"] == ["4H", "3H", "AC", "JC"] and d.view(0)["history"][-1] == [2, "rob"]
    assert d.legal() == ["4H", "3H", "AC", "JC"]
    d.act("AC")
    assert d.view(0)["last_trick"] == [[0, "2S"], [1, "3C"], [2, "AC"]]
    assert sorted(d.card_locations()) == list(range(52))
    # The same deal, robbing at once as before: the card goes out before the first lead.
    d = ct.load("spoil-five", players=3).deal(deck=dealt(hands, 2, "AC"), dealer=2)
    d.act("rob 4H")
    assert d.view(2)["hand"] == ["3H", "2H", "AC", "JC", "TD"]
    # With the 1911 Britannica's compulsory robbing, before the first lead: no waiting.
    d = ct.load("spoil-five", players=3, rob_compulsory=True).deal(deck=dealt(hands, 2, "AC"), dealer=2)
    assert "rob" not in d.legal() and "decline" not in d.legal()


def test_ace_of_hearts_turned_up_is_robbed_by_the_dealer() -> None:
    # SF-GAP-6: AH turned -> hearts trumps and the turn-up is the trump ace: the dealer may rob.
    hands = ["KD 2S 3S 4S 5S", "QD 3C 7H 8H 9H", "TD JC 2H 3H 4H"]
    d = ct.load("spoil-five", players=3).deal(deck=dealt(hands, 2, "AH"), dealer=2)
    assert d.phase == "rob" and d.view(0)["trump"] == "H"
    d.act("decline")
    assert d.turn == 0 and "AH" not in d.view(2)["hand"]


SPADES3 = ["KD QD 2S 3D 4D", "AS 3H 7C 8C TS", "2D 6D 9S 4H 5H"]  # turn-up 7S; seat 1 holds the trump ace


def test_holder_of_the_ace_robs_at_his_turn() -> None:
    # "a player who does hold the ace of that suit may exchange any card in his hand for the turned-up card when
    # it is his turn to play"
    d = ct.load("spoil-five", players=3).deal(deck=dealt(SPADES3, 2, "7S"), dealer=2)
    assert "rob" not in " ".join(d.legal())  # seat 0 has no ace
    d.act("KD")
    # Void in diamonds he may play any card, or rob first - with any card but the ace itself, whose exchange for
    # the turn-up would gain nothing (it was once offered as 'rob AS').
    assert d.legal() == ["AS", "TS", "3H", "8C", "7C", "rob TS", "rob 3H", "rob 8C", "rob 7C", "decline"]
    assert "giving up the ace itself" in d.why_not("rob AS")
    d.act("rob 3H")
    assert d.turn == 1 and d.legal() == ["AS", "TS", "7S", "8C", "7C"]
    assert d.view(0)["robbed_by"] == 1 and d.view(0)["history"][-1] == [1, "rob"]


def test_declined_ace_keeps_its_rank() -> None:
    # "he must tell the dealer to turn the trump face down, thus identifying himself as the holder of the ace"
    d = ct.load("spoil-five", players=3).deal(deck=dealt(SPADES3, 2, "7S"), dealer=2)
    play(d, "2S, decline")
    assert d.view(2)["turned_down"] == 1
    play(d, "AS, 9S")
    assert d.view(0)["tricks_won"] == [0, 1, 0]  # the ace of trumps beats the 2


def test_undeclared_ace_becomes_the_lowest_trump() -> None:
    # "If the holder of the ace of trumps makes a play without exchanging or identifying himself, his ace
    # becomes the lowest trump in play." (SF-GAP-4 default)
    d = ct.load("spoil-five", players=3).deal(deck=dealt(SPADES3, 2, "7S"), dealer=2)
    play(d, "2S, AS, 9S")
    assert d.view(0)["tricks_won"] == [1, 0, 0]  # the 2 of spades wins: the ace counts below every trump
    r = d.rules
    assert r.power[PACK_52.parse("AS")] < r.power[PACK_52.parse("TS")]


def test_undeclared_ace_of_hearts_loses_its_privilege() -> None:
    # "And if it should happen to be the ace of hearts, it loses the privilege" (SF-GAP-7)
    hands = ["2H 3S 4S 5S 6S", "AH 2C 3C 4C 5C", "2D 3D 4D 5D 6D"]
    d = ct.load("spoil-five", players=3).deal(deck=dealt(hands, 2, "9H"), dealer=2)
    d.act("2H")
    # Playing now without robbing or declaring: AH is no longer protected, so it must follow.
    assert d.legal() == ["AH", "rob 5C", "rob 4C", "rob 3C", "rob 2C", "decline"]
    d.act("decline")
    assert d.legal() == ["AH", "5C", "4C", "3C", "2C"]  # declared: AH reneges to the lower trump


def test_options_for_the_unannounced_ace() -> None:
    # SF-GAP-4 options: robbing compulsory; or the ace keeps its rank but its holder cannot win the pool.
    d = ct.load("spoil-five", players=3, rob_compulsory=True).deal(deck=dealt(SPADES3, 2, "7S"), dealer=2)
    d.act("KD")
    assert d.legal() == ["rob TS", "rob 3H", "rob 8C", "rob 7C"]
    d = ct.load("spoil-five", players=3, unannounced_ace="cannot_win_pool").deal(
        deck=dealt(SPADES3, 2, "7S"), dealer=2)
    play(d, "2S, AS, 9S")
    assert d.view(0)["tricks_won"] == [0, 1, 0]  # the ace keeps its rank


# -------------------------------------------------------- pool and jinking
JINK2 = ["5C JC AH 2S 3S", "4D 6D 7D KS QS"]  # clubs trumps (turn-up 9C), the ace of clubs undealt


def test_three_tricks_running_claim_the_pool() -> None:
    # "The pool may be taken by the first player to win three tricks"; SF-GAP-3: claim or jink.
    d = ct.load("spoil-five", players=2).deal(deck=dealt(JINK2, 1, "9C"), dealer=1)
    play(d, "5C, 4D, JC, 6D, AH, 7D")
    assert d.phase == "jink" and d.turn == 0 and d.legal() == ["claim", "jink"]
    d.act("claim")
    r = d.result()
    assert r.deltas == [1, -1] and r.pools == {"pool": 0} and d.carry is None


def test_jink_won_takes_pool_and_a_chip_from_each() -> None:
    # "he must win all five (in which case he gets the pool plus one chip from each other player)"
    hands = ["5C JC AH KC QC", "4D 6D 7D KS QS", "2H 3H 4H 5H 6H"]
    d = ct.load("spoil-five", players=3).deal(deck=dealt(hands, 2, "9C"), dealer=2)
    play(d, "5C, 4D, 2H, JC, 6D, 3H, AH, 7D, 4H, jink, KC, KS, 5H, QC, QS, 6H")
    r = d.result()
    assert r.deltas == [4, -2, -2] and r.pools == {"pool": 0}


def test_jink_lost_forfeits_the_pool_and_the_topups() -> None:
    # "if he does not win all five tricks, he does not get the pool"; SF-GAP-3: the pool stays, as after a spoil.
    d = ct.load("spoil-five", players=2).deal(deck=dealt(JINK2, 1, "9C"), dealer=1)
    play(d, "5C, 4D, JC, 6D, AH, 7D, jink, 2S, KS")
    assert d.over
    r = d.result()
    assert r.deltas == [-1, -1] and r.pools == {"pool": 2} and d.carry == {"pools": {"pool": 2}}
    # "After any hand in which the pool is not won, each player puts in another chip for the next deal."
    nxt = ct.load("spoil-five", players=2).deal(seed=1, dealer=0, carry=d.carry)
    assert nxt.view(0)["pools"] == {"pool": 4}
    # SF-GAP-5 option (Hervey): only the dealer adds.
    nxt = ct.load("spoil-five", players=2, spoil_topup="dealer_only").deal(seed=1, dealer=0, carry=d.carry)
    assert nxt.view(0)["pools"] == {"pool": 3}
    nxt.playout(random.Random(1))
    assert nxt.result().deltas[1] in (0, 3)  # seat 1 antes nothing: he either takes the pool or pays nothing


def test_three_tricks_not_running_take_the_pool_at_once_and_a_spoil_carries() -> None:
    hands = ["5C 2H 3H JC AH", "4D KH 7D 6D QS", "2D 3D 4H 5H 6H"]
    d = ct.load("spoil-five", players=3).deal(deck=dealt(hands, 2, "9C"), dealer=2)
    play(d, "5C, 4D, 2D, 2H, KH, 4H")
    assert d.turn == 1  # seat 1 won the second trick
    play(d, "7D, 3D, JC, AH, 6D, 5H")
    assert d.over and d.result().deltas == [2, -1, -1]  # third trick in the fourth: no jink, pool taken
    # A spoilt deal: nobody wins three tricks.
    hands = ["5C 2H 3H 4S KS", "JC KH 7D 3C QS", "2D KD QD 5H 6H"]
    d = ct.load("spoil-five", players=3).deal(deck=dealt(hands, 2, "9C"), dealer=2)
    play(d, "5C, JC, 2D, 2H, KH, 5H, 7D, KD, 3H, 6H, 4S, 3C, QS, QD, KS")
    assert d.view(0)["tricks_won"] == [2, 2, 1]
    assert d.result().deltas == [-1, -1, -1] and d.carry == {"pools": {"pool": 3}}


# ------------------------------------------------------------ Forty-Five
TRICKS41 = ["5C JC AH KC 2S", "4D 6D 7D KS QS"]  # seat 0 wins four, seat 1 one


@pytest.mark.parametrize("scoring,five,four", [("five_ten", 10, 5), ("per_trick_net", 25, 15)])
def test_forty_five_scorings(scoring: str, five: int, four: int) -> None:
    # "side taking three or four tricks scores 5 points; five tricks, 10 points. Sometimes each trick Counts 5
    # points, and score of side taking fewest tricks is deducted ... three tricks count 5; four, 15; five, 25"
    g = ct.load("forty-five", players=2, deal_scoring=scoring)
    d = g.deal(deck=dealt(["5C JC AH KC QC", "4D 6D 7D KS QS"], 1, "9C"), dealer=1)
    play(d, "5C, 4D, JC, 6D, AH, 7D, KC, KS, QC, QS")
    assert d.result().deltas == [five, 0] and d.result().unit == "points"
    d = g.deal(deck=dealt(TRICKS41, 1, "9C"), dealer=1)
    play(d, "5C, 4D, JC, 6D, AH, 7D, KC, QS, 2S, KS")
    assert d.view(0)["tricks_won"] == [4, 1]
    assert d.result().deltas == [four, 0] and d.carry == {"scores": [four, 0], "winner": None}


def test_forty_five_partnerships_and_game() -> None:
    # Four players "two against two", partners alternate (45-GAP-2); "45 points is game".
    hands = ["5C JC AH KC QC", "2D 3D 4D 6D 7D", "2H 3H 4H 5H 6H", "2S 3S 4S 5S 6S"]
    g = ct.load("forty-five", players=4)
    d = g.deal(deck=dealt(hands, 3, "9C"), dealer=3, carry={"scores": [40, 20], "winner": None})
    assert d.view(1)["teams"] == [[0, 2], [1, 3]] and d.view(1)["scores"] == [40, 20]
    play(d, "5C, 2D, 2H, 2S, JC, 3D, 3H, 3S, AH, 4D, 4H, 4S, KC, 6D, 5H, 5S, QC, 7D, 6H, 6S")
    assert d.view(0)["tricks_won"][0] == 5
    r = d.result()
    assert r.deltas == [10, 0, 10, 0]
    assert d.carry == {"scores": [50, 20], "winner": 0}
    assert g.match_over([50, 20, 50, 20], 3)
    assert ct.load("twenty-five").match_over([25, 0, 25, 0], 1)
    with pytest.raises(ct.RulesError):
        ct.load("forty-five", players=5)


def test_twenty_five_individual_first_to_25_wins_at_once() -> None:
    # Twenty-Five option (Parlett): individual, 5 a trick; the first to 25 wins.
    g = ct.load("twenty-five", players=3, scoring="five_per_trick_individual")
    d = g.deal(deck=dealt(CLUBS3, 2, "9C"), dealer=2, carry={"scores": [0, 20, 5], "winner": None})
    play(d, "KD, 3C, TD")
    assert d.over and d.result().deltas == [0, 5, 0] and d.carry == {"scores": [0, 25, 5], "winner": 1}
    assert ct.load("twenty-five", players=9, scoring="five_per_trick_individual").players == 9


# ------------------------------------------------------- Auction Forty-Five
A45 = ["5S JS AS 2D 3D", "KH QH JH TH 9H", "AH KS QS 4D 6D", "KC QC JC TC 9C"]


def test_auction_i_hold_and_extra_turns() -> None:
    # "dealer may beat the previous bid without going over, by saying 'I hold'; if he does, each player who did
    # not previously pass gets another turn and dealer again may take the bid"
    d = ct.load("auction-forty-five").deal(deck=dealt(A45, 3), dealer=3)
    assert d.turn == 0 and d.legal() == ["pass", "bid 15", "bid 20", "bid 25", "bid 30"]
    play(d, "bid 15, bid 20, pass")
    assert d.turn == 3 and d.legal() == ["pass", "hold", "bid 25", "bid 30"]
    d.act("hold")
    assert d.turn == 0 and d.legal() == ["pass", "bid 25", "bid 30"]
    play(d, "bid 25, pass")
    assert d.turn == 3 and d.legal() == ["pass", "hold", "bid 30"]
    play(d, "hold, pass")
    assert d.phase == "trump" and d.turn == 3 and d.view(0)["high_bid"] == 25


def test_auction_minimum_of_twenty_at_one_hundred() -> None:
    # "A side having 100 points or more may not bid less than 20."
    d = ct.load("auction-forty-five").deal(deck=dealt(A45, 3), dealer=3, carry={"scores": [100, 95], "winner": None})
    assert d.legal() == ["pass", "bid 20", "bid 25", "bid 30"]
    d.act("pass")
    assert d.legal() == ["pass", "bid 15", "bid 20", "bid 25", "bid 30"]


@pytest.mark.provisional  # A45-GAP-2 all-pass (ENGINE DEFAULT)
def test_auction_all_pass_throws_the_deal_in() -> None:
    d = ct.load("auction-forty-five").deal(deck=dealt(A45, 3), dealer=3)
    play(d, "pass, pass, pass, pass")
    assert d.over and d.result().deltas == [0, 0, 0, 0]
    d = ct.load("auction-forty-five", all_pass="dealer_forced_min").deal(deck=dealt(A45, 3), dealer=3)
    play(d, "pass, pass, pass")
    assert d.legal() == ["bid 15", "bid 20", "bid 25", "bid 30"]


def test_auction_discards_replacements_highest_trump_bonus_and_thirty() -> None:
    # "the high bidder names the trump, then each player discards as many cards as he wishes and dealer restores
    # his hand to five cards from the top of the pack. The player at the left of the high bidder leads first."
    d = ct.load("auction-forty-five").deal(deck=dealt(A45, 3, "7D 8S"), dealer=3)
    play(d, "bid 30, pass, pass, pass")
    assert d.legal() == ["trump spades", "trump hearts", "trump diamonds", "trump clubs"]
    d.act("trump spades")
    assert d.phase == "discard" and d.turn == 0
    play(d, "discard 2D, done")
    assert d.view(0)["hand"] == ["AS", "JS", "5S", "7D", "3D"]
    assert d.view(1)["history"][-2:] == [[0, "discard"], [0, "done"]]
    play(d, "done, done, done")
    assert d.turn == 1 and d.phase == "play"
    play(d, "KH, AH, KC, 5S")   # 5S, the highest trump, wins the first trick
    play(d, "JS, 9H, KS, 9C, AS, TH, QS, TC, 3D, JH, 6D, JC")
    assert d.turn == 2  # 6D beats 3D
    play(d, "4D, QC, 7D, QH")
    assert d.view(0)["tricks_won"] == [4, 0, 1, 0]
    # 5 tricks x 5 + 5 for the highest trump = 30; "A bid of 30 ... is worth 60 if it is made"
    assert d.result().deltas == [60, 0, 60, 0]


def test_auction_going_back_and_opponents_score_their_tricks() -> None:
    # "if it fails, the amount of the bid is subtracted from its score. The opposing side always scores whatever
    # it wins in tricks."
    d = ct.load("auction-forty-five").deal(deck=dealt(A45, 3), dealer=3)
    play(d, "pass, bid 20, pass, pass, trump spades, done, done, done, done")
    assert d.turn == 2  # left of the bidder
    play(d, "AH, KC, 5S, KH")   # seat 0's 5S wins
    play(d, "JS, 9H, KS, 9C, AS, TH, QS, TC, 2D, JH, 4D, JC, 6D, QC, 3D, QH")
    assert d.view(0)["tricks_won"] == [3, 0, 2, 0]
    assert d.result().deltas == [30, -20, 30, -20]


@pytest.mark.parametrize("order,winner", [("bidder_first", 0), ("higher_total", 1)])
def test_auction_both_reach_120(order: str, winner: int) -> None:
    # A45-GAP-3: both sides reach 120 in one deal: "bidder_first" (default) or the higher total.
    hands = ["5S JS AS 2D 3D", "KH QH JH TH 9H", "AH KS QS 4C 6H", "KD QC JC TC 9C"]
    d = ct.load("auction-forty-five", tie_order=order).deal(
        deck=dealt(hands, 3), dealer=3, carry={"scores": [100, 115], "winner": None})
    play(d, "bid 20, pass, pass, pass, trump spades, done, done, done, done")  # 20: the side is at 100
    play(d, "KH, AH, 9C, 5S, JS, 9H, KS, TC, AS, TH, QS, JC, 2D, JH, 4C, KD, QC, 3D, QH, 6H")
    assert d.view(0)["tricks_won"] == [3, 0, 0, 2]
    assert d.result().deltas == [20, 10, 20, 10]
    assert d.carry == {"scores": [120, 125], "winner": winner}


# ------------------------------------------------------------ Hasenpfeffer
def hp(hands: list[str], dealer: int, widow: str) -> str:
    return dealt(hands, dealer, widow, rounds=(3, 3), pack=PACK_25)


HP = ["JK AS KS QS JS TS", "9S AH KH QH JH TH", "9H AD KD QD JD TD", "9D AC KC QC JC TC"]


def test_hasenpfeffer_bidding_widow_trumps_discard_lead() -> None:
    # "each in his turn bids the number of tricks"; "A player has only one bid"; "The successful bidder picks up
    # the face-down card ... names the suit ... discards any one card ... Then he leads"
    d = ct.load("hasenpfeffer").deal(deck=hp(HP, 3, "9C"), dealer=3)
    assert d.turn == 0 and d.legal() == ["pass", "bid 1", "bid 2", "bid 3", "bid 4", "bid 5", "bid 6"]
    play(d, "bid 2, bid 3, pass")
    assert d.legal() == ["pass", "bid 4", "bid 5", "bid 6"]
    d.act("pass")
    assert d.phase == "trump" and d.turn == 1 and len(d.view(1)["hand"]) == 7 and d.view(0)["widow_size"] == 0
    play(d, "trump hearts, discard 9S")
    assert d.turn == 1 and d.view(0)["history"][-1] == [1, "discard"]
    d.act("JH")
    assert d.legal() == ["9H", "JD"]  # the left bower JD is a heart (HP-GAP-1)
    play(d, "JD, 9D")
    assert d.legal() == ["JK"]  # the joker is a trump: it must follow a trump lead
    d.act("JK")
    assert d.view(0)["tricks_won"] == [1, 0, 0, 0]


def test_hasenpfeffer_joker_may_not_be_played_while_able_to_follow() -> None:
    # "A player may not play the joker as long as he can follow to a no-trump suit led."
    d = ct.load("hasenpfeffer").deal(deck=hp(HP, 3, "9C"), dealer=3)
    play(d, "pass, bid 3, pass, pass, trump hearts, discard TH, 9S, JD, 9D")
    assert d.legal() == ["AS", "KS", "QS", "JS", "TS"]
    reason = d.why_not("JK") or ""
    assert "joker" in reason
    d = ct.load("hasenpfeffer").deal(deck=hp(HP, 3, "9C"), dealer=3)
    play(d, "pass, bid 3, pass, pass, trump hearts, discard TH, 9C, JD, AC")
    assert d.legal() == ["AS", "KS", "QS", "JS", "TS", "JK"]  # void in clubs: the joker may be played


def test_hasenpfeffer_forced_bid() -> None:
    # "If all players pass, the player holding the joker must bid three and name which suit is to be trump."
    hands = ["JK AS 9D QS JS TS", "9S AH KH QH JH TH", "9H AD KD QD JD TD", "KS AC KC QC JC TC"]
    d = ct.load("hasenpfeffer").deal(deck=hp(hands, 3, "9C"), dealer=3)
    play(d, "pass, pass, pass, pass")
    assert d.turn == 0 and d.legal() == ["bid 3"]  # HP-GAP-3: even after passing
    play(d, "bid 3, trump hearts, discard 9C")
    # The joker holder is known: samples keep the joker with him.
    assert all(d.sample(1, random.Random(k)).hands[0] >> PACK_25.parse("JK") & 1 for k in range(5))
    assert d.turn == 0 and d.view(0)["declarer"] == 0 and d.view(0)["contract"] == "bid 3"


def test_hasenpfeffer_redeal_when_the_joker_lies_face_down() -> None:
    # "If no one holds the joker, there is a new deal by the same dealer."
    hands = ["9C AS 9D QS JS TS", "9S AH KH QH JH TH", "9H AD KD QD JD TD", "KS AC KC QC JC TC"]
    g = ct.load("hasenpfeffer")
    d = g.deal(deck=hp(hands, 3, "JK"), dealer=3)
    play(d, "pass, pass, pass, pass")
    assert d.over and d.result().deltas == [0, 0, 0, 0] and g.next_dealer(d) == 3


@pytest.mark.parametrize("bid,deltas", [(1, [3, 3, 3, 3]), (6, [3, -6, 3, -6])])
def test_hasenpfeffer_scoring_made_set_back_and_tie(bid: int, deltas: list[int]) -> None:
    # "If the bidder's side fulfills the contract, it scores 1 point for each trick ... If the bidder's side does
    # not make its contract, it is 'set back' ... the amount of the bid is deducted ... opponents score 1 point for
    # each trick they win"; "If both sides reach 10 points in the same deal, the bidding side wins."
    d = ct.load("hasenpfeffer").deal(deck=hp(HP, 3, "9C"), dealer=3, carry={"scores": [9, 9], "winner": None})
    play(d, f"pass, bid {bid}, pass, pass, trump hearts, discard 9S")
    assert d.turn == 1  # the bidder leads
    play(d, "JH, 9H, 9D")
    assert d.legal() == ["JK"]  # the joker is a trump and must follow the trump lead
    play(d, "JK, AS, 9C, TD, TC, KS, TH, JD, JC, AD, AC, QS, AH, KH, KD, KC, JS, QH, QD, QC, TS")
    assert d.over and d.view(0)["tricks_won"] == [2, 3, 1, 0]  # JD, the left bower, took the third trick
    assert d.result().deltas == deltas
    if bid == 1:
        assert d.carry == {"scores": [12, 12], "winner": 1}  # both reached 10: the bidding side wins
    else:
        assert d.carry == {"scores": [12, 3], "winner": 0}
        assert "Bea and Dee took 3 tricks, short of the bid of 6: set back 6" in d.result().lines


# ------------------------------------------- the rankings, trick by trick
def _pair_deal(lo: str, hi: str, trump: str, fill0: list[str], fill1: list[str]) -> ct.Deal:
    """Two players, seat 1 dealing: seat 0 holds ``lo`` and seat 1 ``hi``; the turn-up fixes ``trump``."""
    up = next(r + trump for r in "2346789" if r + trump not in (lo, hi))
    hands = [" ".join([lo, *fill0]), " ".join([hi, *fill1])]
    return ct.load("spoil-five", players=2).deal(deck=dealt(hands, 1, up), dealer=1)


def _fillers(avoid_suits: str, n: int = 8) -> list[str]:
    """Plain cards of the other suits (never the ace of hearts, which is always a trump)."""
    return [c for c in PACK_52.code_of if c[1] not in avoid_suits and c != "AH"][:n]


def _decline_if_offered(d: ct.Deal) -> None:
    """The holder of the trump ace declares it, so that it keeps its rank (seed 'Robbing the Trump')."""
    if "decline" in d.legal():
        d.act("decline")


@pytest.mark.parametrize("trump,order", [
    ("H", "5H JH AH KH QH TH 9H 8H 7H 6H 4H 3H 2H"),
    ("D", "5D JD AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D"),
    ("S", "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S TS"),
    ("C", "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C TC"),
])
def test_each_trump_ranking_played_out(trump: str, order: str) -> None:
    # Seed: "When hearts are trumps, there are 13 trumps ... When diamonds are trumps, there are 14 ... When spades
    # or clubs are trumps, there are 14, ranking five, jack, ace of hearts, ace, king, queen, two, three, four, six,
    # seven, eight, nine, ten (low)". Each neighbouring pair is played out: the higher trump wins either way. The
    # obligations are exact (SF-GAP-2): to a lower trump led, the 5, J and AH may renege (any card), any other trump
    # must be played; to a higher trump led, every trump must be played.
    ranks = order.split()
    assert len(ranks) == (13 if trump == "H" else 14)
    fill = _fillers(trump + "H" if trump != "H" else "H")
    for hi, lo in itertools.pairwise(ranks):
        fill0, fill1 = fill[:4], fill[4:8]
        d = _pair_deal(lo, hi, trump, fill0, fill1)
        _decline_if_offered(d)
        d.act(lo)
        _decline_if_offered(d)
        protected = hi in ("5" + trump, "J" + trump, "AH")
        assert sorted(d.legal()) == sorted([hi, *fill1] if protected else [hi]), (lo, hi)
        d.act(hi)
        assert d.view(0)["tricks_won"] == [0, 1], (lo, hi)
        # The other way round: the higher trump led, the lower must follow and loses.
        d = _pair_deal(hi, lo, trump, fill0, fill1)
        _decline_if_offered(d)
        d.act(hi)
        _decline_if_offered(d)
        assert d.legal() == [lo], (hi, lo)
        d.act(lo)
        assert d.view(0)["tricks_won"] == [1, 0], (hi, lo)


@pytest.mark.parametrize("suit,trump,order", [
    ("H", "S", "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"),
    ("D", "S", "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD"),
    ("C", "H", "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C TC"),
    ("S", "D", "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S TS"),
])
def test_each_plain_suit_ranking_played_out(suit: str, trump: str, order: str) -> None:
    # "In plain suits ... the king, queen, jack are high in that order; followed by the spot cards ... 'highest in
    # red, lowest in black' ... the diamond ace is lowest of all; the black aces come between the jack and the
    # deuce" (SF-GAP-1); hearts has no ace as a plain suit: the ace of hearts is always a trump.
    ranks = order.split()
    fill = _fillers(suit + trump)
    for hi, lo in itertools.pairwise(ranks):
        d = _pair_deal(lo, hi, trump, fill[:4], fill[4:8])
        d.act(lo)
        assert d.legal() == [hi], (lo, hi)  # able to follow, no trump to play instead
        d.act(hi)
        assert d.view(0)["tricks_won"] == [0, 1], (lo, hi)


def test_jink_phase_keeps_the_table_on_show() -> None:
    # SF-GAP-3: between the third trick and the claim/jink decision the tricks stay visible, with a status line.
    d = ct.load("spoil-five", players=2).deal(deck=dealt(JINK2, 1, "9C"), dealer=1)
    play(d, "5C, 4D, JC, 6D, AH, 7D")
    v = d.view(0)
    assert v["phase"] == "jink" and v["tricks_won"] == [3, 0] and v["last_trick"] == [[0, "AH"], [1, "7D"]]
    assert "'claim'" in v["status"] and "jink" in d.view(1)["status"]
    d.act("jink")
    assert "You are jinking" in d.view(0)["status"] and "Ann is jinking" in d.view(1)["status"]


def test_rob_status_only_for_the_ace_holder() -> None:
    # The holder of the trump ace is told what he may do; nobody else learns who holds it.
    d = ct.load("spoil-five", players=3).deal(deck=dealt(SPADES3, 2, "7S"), dealer=2)
    d.act("KD")
    assert "You hold the ace of trumps" in d.view(1)["status"]
    assert "status" not in d.view(0) and "status" not in d.view(2) and "status" not in d.public_view()


def test_forty_five_has_no_pool_option_for_the_unannounced_ace() -> None:
    # 45-GAP-2: no pool in Forty-Five, so the 1911 EB "cannot go out" penalty has nothing to forfeit; the
    # unannounced ace always becomes the lowest trump (seed, Scarne).
    for gid in ("forty-five", "twenty-five"):
        names = [o.name for o in ct.game_info(gid).options]
        assert "rob_compulsory" in names and "unannounced_ace" not in names
        with pytest.raises(ct.RulesError):
            ct.load(gid, unannounced_ace="cannot_win_pool")
    d = ct.load("forty-five", players=3 - 1).deal(deck=dealt(["2S 3S 4S 5D 6D", "AS KD QD JD TD"], 1, "7S"),
                                                 dealer=1)
    play(d, "2S, AS")
    assert d.view(0)["tricks_won"] == [1, 0]  # "his ace becomes the lowest trump in play"


def test_settlement_lines_say_why() -> None:
    g = ct.load("forty-five", players=2)
    d = g.deal(deck=dealt(TRICKS41, 1, "9C"), dealer=1)
    play(d, "5C, 4D, JC, 6D, AH, 7D, KC, QS, 2S, KS")
    assert "Ann took 4 tricks: three or four tricks score 5" in d.result().lines
    d = ct.load("auction-forty-five").deal(deck=dealt(A45, 3), dealer=3)
    play(d, "pass, pass, pass, pass")
    assert d.result().lines[0] == "everyone passed: the deal is thrown in and the deal passes to the left"


def test_auction_bonus_for_the_highest_trump_actually_played() -> None:
    # A45-GAP-4: "the highest trump in play counts an additional 5" - here the five of trumps is never dealt, so
    # the jack is the highest trump in play and its trick is worth 10.
    hands = ["JC 2D 3D 4D 6D", "KH QH JH TH 9H", "AC KS QS 7D 8D", "KC QC 9C TC 2S"]
    d = ct.load("auction-forty-five").deal(deck=dealt(hands, 3), dealer=3)
    play(d, "pass, pass, bid 15, pass, trump clubs, done, done, done, done")
    assert d.turn == 3  # left of the bidder
    d.act("KC")
    assert d.legal() == ["JC", "6D", "4D", "3D", "2D"]  # JC reneges to the lower king led (SF-GAP-2)
    play(d, "JC, KH")
    assert d.legal() == ["AC"]  # the ace of trumps is not protected: it must follow
    d.act("AC")
    assert d.view(0)["tricks_won"] == [1, 0, 0, 0]
    play(d, "2D, 9H, 8D, QC, 9C, 3D, TH, KS, TC, 4D, JH, QS, 2S, 6D, QH, 7D")
    assert d.view(0)["tricks_won"] == [1, 0, 0, 4]
    # Seats 0 and 2: 5 + 5 for JC = 10, short of 15: back 15. Seats 1 and 3: 4 tricks = 20.
    assert d.result().deltas == [-15, 20, -15, 20]
    assert "the highest trump played, JC, is worth 5 more to Ann and Cal" in d.result().lines


def test_auction_thirty_is_a_bid_for_all_five_tricks_even_with_no_trump_played() -> None:
    # "A bid of 30 (for all five tricks) is worth 60 if it is made" (A45-GAP-5): made when the bidding side
    # takes every trick, even when no trump is played and the five for the highest trump goes to nobody
    # (5 tricks x 5 = 25 points, yet the bid of 30 is made).
    hands = ["KS QS JS KD QD", "2S 3S 4S 2D 3D", "KC QC JC JD TD", "2C 3C 4C 4D 5D"]
    d = ct.load("auction-forty-five").deal(deck=dealt(hands, 3), dealer=3)
    play(d, "bid 30, pass, pass, pass, trump hearts, done, done, done, done")
    assert d.turn == 1 and d.view(1)["hand"] == ["4S", "3S", "2S", "3D", "2D"]  # nobody holds a trump
    play(d, "2S, JD, 4D, KS")
    assert d.view(0)["last_trick"] == [[1, "2S"], [2, "JD"], [3, "4D"], [0, "KS"]] and d.turn == 0
    play(d, "QS, 3S, TD, 5D, JS, 4S, KC, 2C, KD, 2D, QC, 3C")
    assert d.legal() == ["QD"]
    play(d, "QD, 3D, JC, 4C")
    assert d.view(0)["tricks_won"] == [5, 0, 0, 0]
    res = d.result()
    assert res.deltas == [60, 0, 60, 0]
    assert "Ann and Cal took all five tricks, making the bid of 30, which is worth 60" in res.lines
    assert not any("highest trump" in line for line in res.lines)


def test_auction_thirty_failed_loses_thirty() -> None:
    # "A bid of 30 (for all five tricks) is worth 60 if it is made and loses 30 if it fails."
    d = ct.load("auction-forty-five").deal(deck=dealt(A45, 3), dealer=3)
    play(d, "pass, pass, pass, bid 30, trump hearts, done, done, done, done")
    assert d.turn == 0
    d.act("5S")
    assert d.legal() == ["KH", "QH", "JH", "TH", "9H"]  # void in spades: any card, all trumps here
    d.act("KH")
    assert d.legal() == ["KS", "QS", "AH"]  # may trump with AH though able to follow spades
    play(d, "AH, KC")  # AH (third trump) beats KH
    assert d.turn == 2
    play(d, "KS, QC, JS, QH, JH, QS, JC, AS, TH, 4D, TC, 2D, 9H, 6D, 9C, 3D")
    assert d.view(0)["tricks_won"] == [0, 4, 1, 0]
    # Seats 1 and 3: 4 tricks + 5 for JH (the five of hearts was not dealt) = 25 < 30: back 30.
    assert d.result().deltas == [5, -30, 5, -30]


def test_rules_texts() -> None:
    # `cardtable rules ID`: the seed's rules in words, each game its own text.
    texts = {gid: ct.catalog.game_class(gid).rules_text() for gid in
             ("spoil-five", "forty-five", "twenty-five", "auction-forty-five", "hasenpfeffer")}
    assert "jink" in texts["spoil-five"] and "## Robbing the trump" in texts["spoil-five"]
    assert "reach 45 points" in texts["forty-five"] and "reach 25 points" in texts["twenty-five"]
    assert '"I hold"' in texts["auction-forty-five"] and "reach 120" in texts["auction-forty-five"]
    assert "joker" in texts["hasenpfeffer"] and "must bid three" in texts["hasenpfeffer"]
    assert "## Robbing the trump" not in texts["auction-forty-five"] + texts["hasenpfeffer"]


# ------------------------------------------------------ dealing, players and options
def test_deal_three_then_two_and_the_turn_up() -> None:
    # "He deals first three at a time around, then two at a time. The next card is turned up, and that card
    # determines the trump suit"; "Player at dealer's left leads an card to the first trick."
    deck = arranged(PACK_52, "2S 3S 4S 2H 3H 4H 2D 3D 4D 5S 6S 5H 6H 5D 6D 9C")
    d = ct.load("spoil-five", players=3).deal(deck=deck, dealer=2)
    assert [d.view(s)["hand"] for s in range(3)] == [["6S", "5S", "4S", "3S", "2S"], ["6H", "5H", "4H", "3H", "2H"],
                                                     ["6D", "5D", "4D", "3D", "2D"]]
    assert d.view(1)["turn_up"] == "9C" and d.view(1)["trump"] == "C" and d.turn == 0
    # Hasenpfeffer: "three cards at a time to each player until all have hands of six cards. The last card is
    # turned face down".
    deck = arranged(PACK_25, "AS KS QS AH KH QH AD KD QD AC KC QC JS TS 9S JH TH 9H JD TD 9D JC TC 9C JK")
    d = ct.load("hasenpfeffer").deal(deck=deck, dealer=3)
    assert d.view(0)["hand"] == ["AS", "KS", "QS", "JS", "TS", "9S"] and d.view(0)["widow_size"] == 1
    play(d, "bid 2, pass, pass, pass")
    assert d.view(0)["hand"] == ["AS", "KS", "QS", "JS", "TS", "9S", "JK"]  # the face-down card was the joker


@pytest.mark.parametrize("gid,players", [("spoil-five", 1), ("spoil-five", 11), ("forty-five", 3),
                                         ("forty-five", 5), ("twenty-five", 3), ("auction-forty-five", 5),
                                         ("hasenpfeffer", 3), ("hasenpfeffer", 5)])
def test_player_counts(gid: str, players: int) -> None:
    # Spoil Five "Two to ten players"; Forty-Five "for two, four (two against two), or six (three against three)";
    # Auction Forty-Five "Four players ... or six"; Hasenpfeffer "Four players, two against two".
    with pytest.raises(ct.RulesError, match=rf"is for [\d ,tor]+ players, not {players}\b"):
        ct.load(gid, players=players)


def test_twenty_five_player_counts_follow_its_scoring() -> None:
    # The seed's Twenty-Five is Forty-Five to 25: 2, 4 or 6, partners alternately. Parlett's individual game
    # (pagat, Twenty-Five: "can be played by as few as two or as many as ten", "Any number can play as
    # individuals"): 2 to 10. The catalogue says so, and the refusal names the option that allows the count.
    info = ct.game_info("twenty-five")
    assert info.player_counts == (2, 4, 6) and (info.min_players, info.max_players) == (2, 6)
    assert info.player_counts_by_option == (("scoring", "five_per_trick_individual", tuple(range(2, 11))),)
    with pytest.raises(ct.RulesError) as e:
        ct.load("twenty-five", players=7)
    assert str(e.value) == ("twenty-five is for 2, 4 or 6 players, not 7 "
                            "(2 to 10 with scoring=five_per_trick_individual)")
    for n in range(2, 11):
        assert ct.load("twenty-five", players=n, scoring="five_per_trick_individual").players == n
    with pytest.raises(ct.RulesError, match="twenty-five is for 2 to 10 players, not 11"):
        ct.load("twenty-five", players=11, scoring="five_per_trick_individual")
    assert ct.game_info("forty-five").player_counts == (2, 4, 6)
    assert ct.game_info("auction-forty-five").player_counts == (4, 6)


@pytest.mark.parametrize("gid,option,value", [
    ("spoil-five", "unannounced_ace", "forfeit"), ("spoil-five", "rob_compulsory", "maybe"),
    ("spoil-five", "spoil_topup", "nobody"), ("forty-five", "deal_scoring", "per_hand"),
    ("twenty-five", "scoring", "parlett"), ("auction-forty-five", "min_bid", 25),
    ("auction-forty-five", "all_pass", "dealer_passes"), ("auction-forty-five", "tie_order", "lower_total"),
])
def test_bad_option_values_name_the_allowed_ones(gid: str, option: str, value: object) -> None:
    with pytest.raises(ct.RulesError, match=f"option {option} must be (one of|true or false)"):
        ct.load(gid, **{option: value})


def test_hasenpfeffer_has_no_options_but_the_first_dealer_and_claims() -> None:
    with pytest.raises(ct.RulesError, match=r"unknown option 'min_bid'; options are: claims, first_dealer$"):
        ct.load("hasenpfeffer", min_bid=5)


def test_twenty_five_option_combinations() -> None:
    # The seed's Twenty-Five is Forty-Five to 25 (2, 4 or 6 players); Parlett's is individual, 5 a trick, for
    # which the Forty-Five deal scoring has no meaning.
    with pytest.raises(ct.RulesError, match="deal_scoring"):
        ct.load("twenty-five", players=3, scoring="five_per_trick_individual", deal_scoring="per_trick_net")
    g = ct.load("twenty-five", players=10, scoring="five_per_trick_individual")
    assert g.target == 25 and g.setup.sides == 10


# ------------------------------------------------------------ robbing, more cases
def test_dealer_must_rob_when_robbing_is_compulsory() -> None:
    # SF-GAP-4 option (1911 EB): "If the turn-up is an ace, the dealer must 'rob'".
    hands = ["KD 2S 3S 4S 5S", "QD 3C 7H 8H 9H", "TD JC 2H 3H 4H"]
    d = ct.load("spoil-five", players=3, rob_compulsory=True).deal(deck=dealt(hands, 2, "AC"), dealer=2)
    assert d.legal() == ["rob 4H", "rob 3H", "rob 2H", "rob JC", "rob TD"]
    with pytest.raises(ct.IllegalAction, match="robbing is compulsory"):
        d.act("decline")
    assert d.history == [] and d.phase == "rob"
    d.act("rob TD")
    assert d.view(2)["hand"] == ["4H", "3H", "2H", "AC", "JC"] and d.turn == 0


def test_dealer_holding_the_trump_ace_robs_at_his_own_turn() -> None:
    # "a player who does hold the ace of that suit may exchange any card in his hand for the turned-up card when
    # it is his turn to play" - the dealer too, at his first turn (he plays last to the first trick).
    hands = ["KD QD 2S 3D 4D", "9S 3H 7C 8C TS", "AS 2D 6D 4H 5H"]
    d = ct.load("spoil-five", players=3).deal(deck=dealt(hands, 2, "7S"), dealer=2)
    play(d, "KD, 3H")
    assert d.legal() == ["AS", "6D", "2D", "rob 5H", "rob 4H", "rob 6D", "rob 2D", "decline"]
    d.act("rob 4H")
    assert d.turn == 2 and d.legal() == ["AS", "7S", "6D", "2D"]
    d.act("7S")
    assert d.view(0)["tricks_won"] == [0, 0, 1]


def test_rob_only_by_the_holder_and_only_at_his_first_turn() -> None:
    # "a player who does hold the ace of that suit may exchange ... when it is his turn to play"; robbing "when not
    # holding the ace" is a revoke (seed, Additional Rules): the engine refuses it. After his first play without
    # robbing or declaring, the chance is gone and the ace is the lowest trump.
    d = ct.load("spoil-five", players=3).deal(deck=dealt(SPADES3, 2, "7S"), dealer=2)
    assert "only the holder of the ace of trumps" in (d.why_not("rob 2S") or "")
    play(d, "KD, 3H, 2D")   # seat 1 plays without robbing or declaring
    play(d, "QD")
    assert d.turn == 1 and d.legal() == ["AS", "TS", "8C", "7C"]  # no rob now; the ace is the lowest trump
    reason = d.why_not("rob 8C") or ""
    assert "at his first turn to play" in reason
    with pytest.raises(ct.IllegalAction):
        d.act("decline")
    assert d.turn == 1 and d.view(0)["turned_down"] is None


@pytest.mark.parametrize("penalty", ["lowest_trump", "cannot_win_pool"])
def test_unannounced_ace_cannot_win_the_pool_option(penalty: str) -> None:
    # SF-GAP-4 option (1911 EB): "A player who fails to rob cannot go out that hand": his three tricks spoil
    # the deal and the pool stays. Under Scarne's rule (default) the same tricks take the pool (or jink).
    hands = ["5S JS AH AS KS", "2D 3D 4D 5D 6D", "2C 3C 4C 5C 6C"]
    d = ct.load("spoil-five", players=3, unannounced_ace=penalty).deal(deck=dealt(hands, 2, "7S"), dealer=2)
    assert d.legal()[-1] == "decline"
    play(d, "5S, 2D, 2C, JS, 3D, 3C, AH, 4D, 4C")
    assert d.view(0)["tricks_won"] == [3, 0, 0]
    if penalty == "lowest_trump":
        assert d.phase == "jink" and d.legal() == ["claim", "jink"]
        return
    assert d.over and d.result().deltas == [-1, -1, -1] and d.carry == {"pools": {"pool": 3}}
    assert any("cannot take the pool" in line for line in d.result().lines)


def test_pool_view_after_the_deal_and_top_up_lines() -> None:
    # "Each player puts one chip in the pool"; "After any hand in which the pool is not won, each player puts in
    # another chip for the next deal": the view shows the pool as it stands, the lines say why each chip went in.
    d = ct.load("spoil-five", players=2).deal(deck=dealt(JINK2, 1, "9C"), dealer=1)
    assert d.view(0)["pools"] == {"pool": 2}
    play(d, "5C, 4D, JC, 6D, AH, 7D, claim")
    assert d.view(1)["pools"] == {"pool": 0}  # taken
    d = ct.load("spoil-five", players=2).deal(deck=dealt(JINK2, 1, "9C"), dealer=1, carry={"pools": {"pool": 2}})
    assert d.view(0)["pools"] == {"pool": 4}
    play(d, "5C, 4D, JC, 6D, AH, 7D, claim")
    assert d.result().deltas == [3, -1] and d.result().lines[:2] == [
        "Ann puts 1 more in the pool (it was not won last deal)",
        "Bea puts 1 more in the pool (it was not won last deal)"]


# ------------------------------------------------------ Forty-Five, more cases
@pytest.mark.parametrize("scoring", ["five_ten", "per_trick_net"])
def test_forty_five_three_tricks_six_players(scoring: str) -> None:
    # "side taking three or four tricks scores 5 points"; "three tricks count 5" (per trick, net); six players
    # "three against three", seated alternately (45-GAP-2).
    hands = ["5C JC AH 2D 3D", "KD QD 2S 3S 4S", "5S 6S 7S 8S 9S", "TS JS QS KS AS", "2H 3H 4H 5H 6H",
             "7H 8H 9H TH JH"]
    d = ct.load("forty-five", players=6, deal_scoring=scoring).deal(deck=dealt(hands, 5, "9C"), dealer=5)
    assert d.view(0)["teams"] == [[0, 2, 4], [1, 3, 5]]
    play(d, "5C, 2S, 5S, TS, 2H, 7H, JC, 3S, 6S, JS, 3H, 8H, AH, 4S, 7S, QS, 4H, 9H")
    assert d.turn == 0 and not d.over  # no jink in Forty-Five: all five tricks are played (45-GAP-2)
    d.act("2D")
    assert d.legal() == ["KD", "QD"]
    play(d, "KD, 8S, KS, 5H, TH, QD, 9S, AS, 6H, JH, 3D")
    assert d.view(0)["tricks_won"] == [3, 2, 0, 0, 0, 0]
    assert d.result().deltas == [5, 0, 5, 0, 5, 0]


# ------------------------------------------------------ Auction Forty-Five, more cases
def test_auction_hold_needs_twenty_at_one_hundred() -> None:
    # "A side having 100 points or more may not bid less than 20" - the dealer's side may not hold 15 either.
    d = ct.load("auction-forty-five").deal(deck=dealt(A45, 3), dealer=3, carry={"scores": [95, 100], "winner": None})
    d.act("bid 15")
    assert d.legal() == ["pass", "bid 20", "bid 25", "bid 30"]
    play(d, "pass, pass")
    assert d.turn == 3 and d.legal() == ["pass", "bid 20", "bid 25", "bid 30"]
    assert "may not bid (or hold) less than 20" in (d.why_not("hold") or "")
    d.act("pass")
    assert d.phase == "trump" and d.turn == 0 and d.view(1)["high_bid"] == 15


def test_auction_bids_explained_and_min_bid_option() -> None:
    # A45-GAP-2: minimum 15 by default, option min_bid.
    d = ct.load("auction-forty-five").deal(deck=dealt(A45, 3), dealer=3)
    with pytest.raises(ct.IllegalAction, match="bids go in fives from 15 up to 30"):
        d.act("bid 10")
    with pytest.raises(ct.IllegalAction, match="only the dealer"):
        d.act("hold")
    assert d.history == [] and d.turn == 0
    d = ct.load("auction-forty-five", min_bid=5).deal(deck=dealt(A45, 3), dealer=3)
    assert d.legal() == ["pass", "bid 5", "bid 10", "bid 15", "bid 20", "bid 25", "bid 30"]
    play(d, "bid 5, pass, pass, hold")  # the dealer holds at 5
    assert d.turn == 0 and d.legal() == ["pass", "bid 10", "bid 15", "bid 20", "bid 25", "bid 30"]
    d.act("pass")
    assert d.phase == "trump" and d.turn == 3


@pytest.mark.provisional  # A45-GAP-2 all_pass option (unsourced: ENGINE DEFAULT section)
def test_auction_dealer_forced_to_bid_plays_on() -> None:
    d = ct.load("auction-forty-five", all_pass="dealer_forced_min").deal(deck=dealt(A45, 3), dealer=3)
    play(d, "pass, pass, pass")
    with pytest.raises(ct.IllegalAction, match="the dealer must bid"):
        d.act("pass")
    play(d, "bid 15, trump clubs, done, done, done, done")
    assert d.phase == "play" and d.turn == 0 and d.view(0)["contract"] == "bid 15"


@pytest.mark.provisional  # the discard limit is an engine decision (A45-GAP-1 is silent)
def test_auction_six_players_discard_no_more_than_the_pack_holds() -> None:
    # "each player discards as many cards as he wishes and dealer restores his hand to five cards from the top of
    # the pack" (A45-GAP-1): with six players 22 cards are left, so the fifth player may discard only two and the
    # dealer none (engine decision).
    d = ct.load("auction-forty-five", players=6).deal(deck=" ".join(PACK_52.code_of), dealer=5)
    play(d, "bid 15, pass, pass, pass, pass, pass, trump spades")
    for seat in range(4):
        assert d.turn == seat
        for _ in range(5):
            d.act(d.legal()[1])
        d.act("done")
        assert len(d.view(seat)["hand"]) == 5
    assert d.view(4)["stock_size"] == 2
    play(d, f"{d.legal()[1]}, {d.legal()[2]}")
    assert d.legal() == ["done"] and "no more than the pack can replace" in (d.why_not(
        "discard " + d.view(4)["hand"][0]) or "")
    d.act("done")
    assert d.turn == 5 and d.legal() == ["done"] and len(d.view(4)["hand"]) == 5
    d.act("done")
    assert d.phase == "play" and d.turn == 1  # left of the high bidder


# ------------------------------------------------------------ whole matches
@pytest.mark.parametrize("gid", ["spoil-five", "forty-five", "twenty-five", "auction-forty-five", "hasenpfeffer"])
def test_whole_match_to_the_target(gid: str) -> None:
    # Every id plays a whole match: points games stop when a side reaches the target ("45 points is game",
    # "played for 25 points", "the first side to reach 120", "The side first reaching 10 points"); Spoil Five
    # conserves chips with the carried pool.
    g = ct.load(gid)
    m = ct.Match(g, seed=1, deals=None if g.target else 20)
    bot = ct.bots.load("heuristic", seed=1)
    while not m.over and len(m.results) < 300:
        d = m.next_deal()
        while not d.over:
            d.act(bot.choose(d, d.turn))
        m.record(d)
    assert m.over
    if g.target is None:
        assert sum(m.totals) + (m.carry or {}).get("pools", {}).get("pool", 0) == 0
    else:
        assert m.carry is not None and m.carry["winner"] is not None
        assert m.carry["scores"][m.carry["winner"]] >= g.target and max(m.totals) >= g.target


def test_hasenpfeffer_is_listed_as_a_euchre_offshoot() -> None:
    # Seed 003: "This old game is another offshoot of Euchre."
    assert ct.game_info("hasenpfeffer").family == "euchre"
    assert {g.id for g in ct.games() if g.family == "spoil five"} == {"spoil-five", "forty-five", "twenty-five",
                                                                      "auction-forty-five"}
    d = ct.load("hasenpfeffer").deal(seed=1)   # the heuristic bot still plays it (bids, trumps, cards)
    bot = ct.bots.load("heuristic", seed=1)
    while not d.over:
        d.act(bot.choose(d, d.turn))
    assert len(d.result().deltas) == 4
