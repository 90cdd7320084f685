"""Scenario tests for Schafkopf and Auction Schafkopf (seed 001, docs/decisions.md)."""

from __future__ import annotations

import itertools
import random

import pytest

import cardtable as ct
from cardtable.core.cards import PACK_32
from cardtable.games.schafkopf import card_points

from .conftest import arranged


def sk_deck(fore: str, middle: str, rear: str, blind: str) -> str:
    """The arranged pack for hands of the three active players (from the dealer's left) and the blind.

    SK-GAP-1: three each, two to the blind, four each, three each.
    """
    h = [fore.split(), middle.split(), rear.split()]
    assert all(len(x) == 10 for x in h)
    order = h[0][:3] + h[1][:3] + h[2][:3] + blind.split() + h[0][3:7] + h[1][3:7] + h[2][3:7] \
        + h[0][7:] + h[1][7:] + h[2][7:]
    assert sorted(order) == sorted(PACK_32.code_of)
    return " ".join(order)


def play_tricks(deal: ct.Deal, tricks: list[tuple[str, int]]) -> None:
    """Play each trick (cards in play order) and check who won it."""
    for cards, winner in tricks:
        for c in cards.split():
            deal.act(c)
        last = deal.view(winner)["last_trick"]
        assert [c for _, c in last] == cards.split()
        if deal.over:
            assert deal.latest[winner] == deal.tricks_played - 1, cards
        else:
            assert deal.turn == winner, (cards, deal.turn)


# Dealer 0, three players: seat 1 is forehand, seat 2 middlehand, seat 0 rearhand.
SCHWARZ = sk_deck("QC QS QH QD JC JS JH JD AD TD",
                  "KD 9D AC TC KC 9C AS TS KS 9S",
                  "8D 7D 8S 7S AH TH KH 9H 8H 7H", "7C 8C")
SCHWARZ_PLAY = [("QC KD 8D", 1), ("QS 9D 7D", 1), ("QH AC AH", 1), ("QD TC TH", 1), ("JC KC KH", 1),
                ("JS 9C 9H", 1), ("JH AS 8H", 1), ("JD TS 7H", 1), ("AD KS 8S", 1), ("TD 9S 7S", 1)]


def test_pick_up_order_and_discard():
    # "The player on the left of the dealer has first right to pick up the blind. If he refuses, the
    # privilege passes to the two others in turn." "... must discard two cards face down".
    d = ct.load("schafkopf").deal(deck=SCHWARZ, dealer=0)
    assert (d.turn, d.legal()) == (1, ["pass", "take"])
    d.act("pass")
    assert (d.turn, d.legal()) == (2, ["pass", "take"])
    d.act("take")
    assert d.phase == "discard" and d.turn == 2
    assert d.view(2)["hand"] == ["AS", "KS", "TS", "9S", "AC", "KC", "TC", "9C", "8C", "7C", "KD", "9D"]  # + the blind
    assert sorted(d.legal()) == sorted(f"discard {c}" for c in d.view(2)["hand"])
    d.act("discard 7C")
    d.act("discard 8C")
    # The discards are hidden from the others, in the view and in the history.
    assert d.view(1)["history"][-2:] == [[2, "discard"], [2, "discard"]]
    assert "discards" not in d.view(1) and d.view(2)["discards"] == ["8C", "7C"]
    assert d.phase == "play" and d.turn == 1  # "The hand at dealer's left invariably makes the opening lead."
    assert "play a card" in d.why_not("take")


def test_trump_order_and_queen_of_clubs_is_a_trump_for_following():
    # "It is important to remember that all queens, jacks, and diamonds are of the same 'suit'."
    deck = sk_deck("AC 7C QS KD 8S 7S AH TH KH 9H",
                   "QC TC JD 7D 9S AS TS KS 8H 7H",
                   "KC 9C 8C JC JS JH QH QD AD TD", "9D 8D")
    d = ct.load("schafkopf").deal(deck=deck, dealer=0)
    for _ in range(3):
        d.act("pass")  # Least, to reach the play
    assert d.turn == 1
    d.act("AC")
    # Seat 2 holds the club ten and the club queen: the queen is a trump, so only TC follows clubs.
    assert d.legal() == ["TC"]
    assert "follow suit" in d.why_not("QC")
    d.act("TC")
    d.act("9C")
    assert d.turn == 1  # the ace of clubs wins
    # A trump lead: QS. Seat 2 must follow with a trump, and QC, JD, 7D are all trumps.
    d.act("QS")
    assert sorted(d.legal()) == sorted(["QC", "JD", "7D"])
    d.act("7D")
    assert sorted(d.legal()) == sorted(["JC", "JS", "JH", "QH", "QD", "AD", "TD"])
    d.act("QH")  # club queen high, spade queen, heart queen: QS beats QH
    assert d.turn == 1 and d.view(0)["last_trick"] == [[1, "QS"], [2, "7D"], [0, "QH"]]
    # A plain lead trumped: 8S; seat 2 must follow spades; seat 0 is void in spades and may trump or discard.
    d.act("8S")
    assert sorted(d.legal()) == sorted(["9S", "AS", "TS", "KS"])
    d.act("AS")
    assert sorted(d.legal()) == sorted(["KC", "8C", "JC", "JS", "JH", "QD", "AD", "TD"])
    d.act("TD")  # the lowest trump still wins a plain trick
    assert d.turn == 0
    # Within the trumps: JD beats AD (diamond jack over diamond ace).
    d.act("AD")
    assert d.legal() == ["KD"]  # seat 1's only trump: the king of diamonds is a trump, not a plain card
    d.act("KD")
    d.act("JD")
    assert d.turn == 2


def test_schwarz_and_discards_count():
    # "if he takes all the tricks he wins Schwarz" — 6; the discards count for him (SK-GAP-2).
    d = ct.load("schafkopf").deal(deck=SCHWARZ, dealer=0)
    d.act("take")
    d.act("discard 7C")
    d.act("discard 8C")
    play_tricks(d, SCHWARZ_PLAY)
    assert d.over and d.tricks_won[1] == 10
    assert d.player_points() == 120
    assert d.result().deltas == [0, 6, 0]
    assert d.result().unit == "points"
    assert d.carry == {"scores": [0, 6, 0]}


def test_each_opponent_settlement():
    # SK-GAP-3: settlement="each_opponent" — the player wins the figure from each opponent (Parlett).
    d = ct.load("schafkopf", settlement="each_opponent").deal(deck=SCHWARZ, dealer=0)
    d.act("take")
    d.act("discard 7C")
    d.act("discard 8C")
    play_tricks(d, SCHWARZ_PLAY)
    assert d.result().deltas == [-6, 12, -6] and d.result().unit == "chips" and d.carry is None


# Player (seat 1) takes the first eight tricks with trumps and loses two at the end.
GAME_90 = sk_deck("QC QS QH QD JC JS JH JD 7S 7H",
                  "AD TD KD AS AH AC TC KC 7C TS",
                  "9D 8D 7D KS KH 9S 8S TH 9H 8H", "8C 9C")
SCHNEIDER_91 = sk_deck("QC QS QH QD JC JS JH JD 7S 7H",
                       "AD TD KD AS KH AC TC 7C AH 9S",
                       "9D 8D 7D TS KC KS 8S TH 9H 8H", "8C 9C")


def test_90_is_game_only():
    # "the player wins game if he takes 61 or more"; "If he gathers 91 points or more, he wins Schneider":
    # 90 scores 2 (SK-GAP-4). The opponents take AS+KS and AH+KH: 30.
    d = ct.load("schafkopf").deal(deck=GAME_90, dealer=0)
    d.act("take")
    d.act("discard 8C")
    d.act("discard 9C")
    play_tricks(d, [("QC AD 9D", 1), ("QS TD 8D", 1), ("QH KD 7D", 1), ("QD AC 9S", 1), ("JC TC 8S", 1),
                    ("JS KC TH", 1), ("JH 7C 9H", 1), ("JD TS 8H", 1), ("7S AS KS", 2), ("AH KH 7H", 2)])
    assert d.player_points() == 90
    assert d.result().deltas == [0, 2, 0]


def test_91_is_schneider():
    # 91 or more: Schneider, 4. The opponents take AS+TS and KH+KC: 29.
    d = ct.load("schafkopf").deal(deck=SCHNEIDER_91, dealer=0)
    d.act("take")
    d.act("discard 8C")
    d.act("discard 9C")
    play_tricks(d, [("QC AD 9D", 1), ("QS TD 8D", 1), ("QH KD 7D", 1), ("QD AC KS", 1), ("JC TC 8S", 1),
                    ("JS 7C TH", 1), ("JH AH 9H", 1), ("JD 9S 8H", 1), ("7S AS TS", 2), ("KH KC 7H", 2)])
    assert d.player_points() == 91
    assert d.result().deltas == [0, 4, 0]


# The player picks up AS TS and lays them away (21 points that count for him), then wins only trick 1.
WEAK = sk_deck("QC 7C 8C 9C 7S 8S 9S 7H 8H 9H",
               "KD QS QH JC JS AD AC KC KS AH",
               "JD QD JH TD 9D 8D 7D TC TH KH", "AS TS")


def weak_play(third: str) -> list[tuple[str, int]]:
    other = "JD" if third == "QD" else "QD"
    return [(f"QC KD {third}", 1), ("7C AC TC", 2), ("QS 7D 8C", 2), ("QH 9D 9C", 2), ("JC 8D 7S", 2),
            ("JS TD 8S", 2), ("AD JH 9S", 0), (f"{other} 7H KC", 0), ("KH 8H AH", 2), ("KS TH 9H", 2)]


@pytest.mark.parametrize("third,points,delta", [("JD", 30, -4), ("QD", 31, -2)])
def test_31_and_30(third, points, delta):
    # "If he fails to make 61, he is debited ... Four if he fails to catch 31 points": 31 → −2, 30 → −4
    # (SK-GAP-4). The discards count for him (SK-GAP-2): 21 + the first trick (9 or 10).
    d = ct.load("schafkopf").deal(deck=WEAK, dealer=0)
    d.act("take")
    d.act("discard AS")
    d.act("discard TS")
    play_tricks(d, weak_play(third))
    assert d.tricks_won[1] == 1 and d.player_points() == points
    assert d.result().deltas == [0, delta, 0]


NO_TRICK = sk_deck("7D 7C 8C 9C 7S 8S 9S 7H 8H 9H",
                   "QC QS QH QD JC JS JH AC KC KS",
                   "JD AD TD KD 9D 8D TC AH TH KH", "AS TS")


def test_no_trick_loses_6_even_with_points_in_the_discards():
    # "6 if he loses all the tricks"; SK-GAP-5: even though his discards hold 21 points.
    d = ct.load("schafkopf").deal(deck=NO_TRICK, dealer=0)
    d.act("take")
    d.act("discard AS")
    d.act("discard TS")
    play_tricks(d, [("7D QC 8D", 2), ("QS 9D 7C", 2), ("QH KD 8C", 2), ("QD TD 9C", 2), ("JC AD 7S", 2),
                    ("JS JD 8S", 2), ("JH TC 9S", 2), ("AC AH 7H", 2), ("KC TH 8H", 2), ("KS KH 9H", 2)])
    assert d.player_points() == 21
    assert d.result().deltas == [0, -6, 0]


# ------------------------------------------------------------------------------------------ Least
def all_pass(deck: str, **opts) -> ct.Deal:
    d = ct.load("schafkopf", **opts).deal(deck=deck, dealer=0)
    for _ in range(3):
        d.act("pass")
    assert d.view(1)["contract"] == "Least" and d.turn == 1
    return d


def test_least_lowest_with_no_trick_scores_4_and_blind_goes_to_the_last_trick():
    # "the player who gathers the fewest points scores plus 2, or plus 4 if he wins no tricks at all."
    # "The blind is left untouched until play is completed, when it is added to the last trick".
    d = all_pass(NO_TRICK)
    assert d.view(0)["widow_size"] == 2
    play_tricks(d, [("7D QC 8D", 2), ("KS 9D 7S", 0), ("TC 7C AC", 2), ("QS KD 8C", 2), ("QH TD 9C", 2),
                    ("QD AD 8S", 2), ("JC JD 9S", 2), ("JS AH 7H", 2), ("JH TH 8H", 2), ("KC KH 9H", 2)])
    assert d.view(0)["card_points"] == [4, 0, 116]  # seat 2's last trick holds the blind's AS TS
    assert d.won[2] >> PACK_32.parse("AS") & 1
    assert d.result().deltas == [0, 4, 0]


def test_least_one_player_takes_all_tricks():
    # "If one player takes all the tricks, he is debited 4" — and nothing else is scored (SK-GAP-7).
    d = all_pass(SCHWARZ)
    play_tricks(d, SCHWARZ_PLAY)
    assert d.result().deltas == [0, -4, 0]
    d = all_pass(SCHWARZ, settlement="each_opponent")
    play_tricks(d, SCHWARZ_PLAY)
    assert d.result().deltas == [4, -8, 4]


TIE_LAST = sk_deck("9C 8S AH TH KH 9H AC TC AD TD",
                   "8C 9S KC AS TS KS KD 9D 8D 7D",
                   "7C 7S QC QS QH QD JC JS JH JD", "7H 8H")


def test_least_tie_the_one_who_did_not_take_the_last_trick_wins():
    # "If two players tie for low, the winner is he who did not take the last trick as between these
    # two, and he gets 2 points." Seats 1 and 2 both take 0; seat 2 takes the last trick (and the blind).
    d = all_pass(TIE_LAST)
    play_tricks(d, [("9C 8C 7C", 1), ("AH AS QC", 0), ("QS AD KD", 0), ("QH TD 9D", 0), ("QD TH 8D", 0),
                    ("JC KH 7D", 0), ("JS 9H KC", 0), ("JH AC TS", 0), ("JD TC KS", 0), ("7S 8S 9S", 2)])
    assert d.view(0)["card_points"] == [120, 0, 0]
    assert d.result().deltas == [0, 2, 0]


TIE_THIRD = sk_deck("9C 8H AD TD AC TC AH TH KH 9S",
                    "8C 9H KD 9D 8D 7D KC AS TS KS",
                    "QC QS QH QD JC JS JH JD 7C 7H", "7S 8S")
TIE_THIRD_PLAY = [("9C 8C 7C", 1), ("8H 9H 7H", 2), ("AS QC 9S", 0), ("QS AD KD", 0), ("QH TD 9D", 0),
                  ("QD AC 8D", 0), ("JC TC 7D", 0), ("JS AH KC", 0), ("JH TH TS", 0), ("JD KH KS", 0)]


@pytest.mark.provisional
def test_least_tie_when_the_third_took_the_last_trick():
    # SK-GAP-6 (ENGINE DEFAULT): seats 1 and 2 tie at 0, seat 0 took the last trick; between the two,
    # seat 2's trick came later, so seat 1 wins 2. With least_tie_fallback="no_score" nobody scores.
    d = all_pass(TIE_THIRD)
    play_tricks(d, TIE_THIRD_PLAY)
    assert d.view(0)["card_points"] == [120, 0, 0]
    assert d.result().deltas == [0, 2, 0]
    d = all_pass(TIE_THIRD, least_tie_fallback="no_score")
    play_tricks(d, TIE_THIRD_PLAY)
    assert d.result().deltas == [0, 0, 0]


TRIPLE = ("KH KC 7D AH QD TS 8S TD JC 9C 9D QC JS 7S QS TC AC JD 7C AD AS 7H QH 9H 8C 8D 8H 9S JH KS "
          "TH KD")


def test_least_triple_tie_the_hand_that_passed_third_wins():
    # "If each player gets 40 points in cards (triple tie), the winner is the hand that passed third, and
    # he scores 2." Dealer 0 passes third.
    d = all_pass(TRIPLE)
    # Seat 1: QS JS 7S KH 9H KC QC 8C 8D 7D; seat 2: TS 9S AH JH 8H AC TC 7C QD JD;
    # seat 0: AS KS 8S QH TH 7H JC AD KD TD; blind 9C 9D (to seat 1 with the last trick).
    play_tricks(d, [("QS JD QH", 1), ("7S 9S 8S", 2), ("TC TH 8C", 2), ("AC KD KC", 0), ("JC JS QD", 2),
                    ("8H 7H KH", 1), ("9H AH TD", 0), ("AS 8D TS", 1), ("7D JH AD", 2), ("7C KS QC", 1)])
    assert d.over and d.view(0)["card_points"] == [40, 40, 40]
    assert d.result().deltas == [2, 0, 0]


# ---------------------------------------------------------------------------------- table of 4 or 5
@pytest.mark.provisional
def test_four_and_five_at_the_table():
    # "Three, four, or five players, but only three play at a time": the three to the dealer's left
    # play (SK-GAP-8, ENGINE DEFAULT seating); the others get no cards, never act, and are not paid.
    g4 = ct.load("schafkopf", players=4)
    d = g4.deal(seed=1, dealer=2)
    assert d.view(0)["active"] == [3, 0, 1] and d.view(2)["hand"] == []
    assert d.turn == 3
    g5 = ct.load("schafkopf", players=5, settlement="each_opponent")
    d = g5.deal(seed=2, dealer=4)
    assert d.view(0)["active"] == [0, 1, 2] and d.view(3)["hand"] == [] and d.view(4)["hand"] == []
    rng = random.Random(3)
    while not d.over:
        assert d.turn in (0, 1, 2)
        d.act(rng.choice(d.legal()))
    assert d.result().deltas[3] == 0 and d.result().deltas[4] == 0 and sum(d.result().deltas) == 0


@pytest.mark.provisional
def test_four_at_the_table_rotates_the_seat_that_sits_out():
    # SK-GAP-8 seating (ENGINE DEFAULT): with four, the dealer sits out, and the deal passes to the left.
    m = ct.Match(ct.load("schafkopf", players=4), seed=1, deals=4)
    rng = random.Random(1)
    out = []
    while not m.over:
        d = m.next_deal()
        out.append(d.dealer)
        assert d.hands[d.dealer] == 0
        while not d.over:
            d.act(rng.choice(d.legal()))
        m.record(d)
    assert out == [0, 1, 2, 3]


def test_options_validated():
    with pytest.raises(ct.RulesError):
        ct.load("schafkopf", settlement="pot")
    with pytest.raises(ct.RulesError):
        ct.load("schafkopf", players=6)
    with pytest.raises(ct.RulesError):
        ct.load("auction-schafkopf", jack_order="H>D>S>C")


def test_card_points():
    # "A 11, T 10, K 4, Q 3, J 2"; 120 in the pack.
    assert card_points(PACK_32.mask("AC TC KC QC JC 9C")) == 30
    assert card_points(PACK_32.full) == 120


# ---------------------------------------------------------------------------------- Auction Schafkopf
def as_deck(s1: str, s2: str, s3: str, s0: str) -> str:
    """Dealer 0: four at a time from the dealer's left (seats 1, 2, 3, 0), eight each."""
    h = [s1.split(), s2.split(), s3.split(), s0.split()]
    order = [c for x in h for c in x[:4]] + [c for x in h for c in x[4:]]
    assert sorted(order) == sorted(PACK_32.code_of)
    return " ".join(order)


AS_DECK = as_deck("JC JS JH JD AS TS KS QS",
                  "AH TH KH QH 9H 8H 7H 9S",
                  "AC TC KC QC 9C 8C 7C 8S",
                  "AD TD KD QD 9D 8D 7D 7S")


@pytest.mark.provisional  # the bid range 1-60 is AS-GAP-3 (ENGINE DEFAULT)
def test_auction_bids_once_each_and_higher():
    # "The player at other hand in turn is allowed one bid. Bidding is by the number of points over 60."
    d = ct.load("auction-schafkopf").deal(deck=AS_DECK, dealer=0)
    assert d.turn == 1 and d.legal()[:3] == ["pass", "bid 1", "bid 2"] and d.legal()[-1] == "bid 60"
    d.act("bid 10")
    assert d.turn == 2 and d.legal()[:2] == ["pass", "bid 11"]
    assert "higher" in d.why_not("bid 5")
    d.act("pass")
    d.act("pass")
    d.act("pass")
    # "The winning bidder names the trump"
    assert d.turn == 1 and d.legal() == ["trump spades", "trump hearts", "trump diamonds", "trump clubs"]


def test_auction_jacks_are_permanent_trumps():
    # "The only permanent trumps are club jack (high), spade jack, heart jack, diamond jack." AS-GAP-2:
    # then A T K Q 9 8 7 of the named suit.
    d = ct.load("auction-schafkopf").deal(deck=AS_DECK, dealer=0)
    for a in ("pass", "bid 5", "pass", "pass", "trump hearts"):
        d.act(a)
    assert d.turn == 1  # "player at the dealer's left makes the first lead"
    d.act("JD")
    assert d.legal() == ["AH", "KH", "QH", "TH", "9H", "8H", "7H"]  # must follow trumps; 9S may not
    d.act("AH")
    d.act("AC")  # seat 3 has no trump: any card
    d.act("AD")
    assert d.turn == 1  # the diamond jack beats the ace of trumps
    d.act("JC")
    assert d.legal() == ["KH", "QH", "TH", "9H", "8H", "7H"]
    d.act("7H")
    d.act("TC")
    d.act("TD")
    d.act("AS")  # a spade lead: seat 2 must follow with its only spade
    assert d.legal() == ["9S"]


def test_auction_jack_of_clubs_high_and_option():
    d = ct.load("auction-schafkopf").deal(deck=AS_DECK, dealer=0)
    for a in ("pass", "bid 5", "pass", "pass", "trump hearts"):
        d.act(a)
    r = d.rules
    jc, js = PACK_32.parse("JC"), PACK_32.parse("JS")
    assert r.winner([js, jc]) == 1
    d2 = ct.load("auction-schafkopf", jack_order="S>C>H>D").deal(deck=AS_DECK, dealer=0)
    for a in ("pass", "bid 5", "pass", "pass", "trump hearts"):
        d2.act(a)
    assert d2.rules.winner([js, jc]) == 0
    assert d.rules.suit_of[jc] == 1  # the club jack follows hearts (trumps), not clubs


@pytest.mark.provisional
def test_auction_made_and_failed():
    # AS-GAP-3 (ENGINE DEFAULT): the bidding side needs 60 + bid; each partner scores ± the bid.
    d = ct.load("auction-schafkopf").deal(deck=AS_DECK, dealer=0)
    for a in ("bid 60", "pass", "pass", "pass", "trump spades"):
        d.act(a)
    for lead in ("JC", "JS", "JH", "JD", "AS", "TS", "KS", "QS"):
        d.act(lead)
        for _ in range(3):
            d.act(d.legal()[-1])
        assert d.turn == 1 or d.over
    assert d.side_points(1) == 120
    assert d.result().deltas == [0, 60, 0, 60]
    assert d.carry == {"scores": [0, 60, 0, 60]}
    d = ct.load("auction-schafkopf").deal(deck=AS_DECK, dealer=0)
    for a in ("pass", "bid 1", "pass", "pass", "trump hearts"):
        d.act(a)
    for trick in ("JC 7H AC AD", "JS 8H TC TD", "JH 9H KC KD", "JD QH QC QD", "AS 9S 8S 7S",
                  "TS KH 9C 9D", "AH 7C 7D KS", "TH 8C 8D QS"):
        for c in trick.split():
            d.act(c)
    assert d.side_points(2) == 42 and d.side_points(1) == 78  # needs 61: failed
    assert d.result().deltas == [-1, 0, -1, 0]


@pytest.mark.provisional
def test_auction_all_pass_redeals():
    d = ct.load("auction-schafkopf").deal(deck=arranged(PACK_32, ""), dealer=0)
    for _ in range(4):
        d.act("pass")
    assert d.over and d.result().deltas == [0, 0, 0, 0]
    assert "card_points" not in d.view(0) and d.view(0)["contract"] is None  # no play: nothing to count


# ------------------------------------------------------------------------------- audit additions
def codes(text: str) -> list[str]:
    """Card codes written with spaces, as a list."""
    return text.split()


def ids(text: str) -> list[int]:
    """Card ids of codes written with spaces."""
    return [PACK_32.parse(c) for c in text.split()]

def test_the_full_trump_order_and_plain_order():
    # "club queen (high), spade queen, heart queen, diamond queen, club jack, spade jack, heart jack,
    # diamond jack, diamond ace, diamond ten, diamond king, diamond nine, diamond eight, diamond seven.
    # In each of the three other side suits the cards rank: ace (high), ten, king, nine, eight, seven."
    d = all_pass(SCHWARZ)
    r = d.rules
    trumps = ids("QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D")
    assert all(r.suit_of[c] == r.suit_of[trumps[0]] for c in trumps)  # one suit for following
    assert sorted(trumps, key=lambda c: -r.power[c]) == trumps
    for high, low in itertools.pairwise(trumps):  # each trump beats the next one down, whichever is led
        assert r.winner([low, high]) == 1 and r.winner([high, low]) == 0
    for suit in "CSH":
        plain = [PACK_32.parse(f"{k}{suit}") for k in "ATK987"]
        assert sorted(plain, key=lambda c: -r.power[c]) == plain
        assert r.winner([plain[0], trumps[-1]]) == 1  # the seven of diamonds beats a plain ace
        assert r.winner([PACK_32.parse(f"J{suit}"), plain[0]]) == 0  # a jack led is a trump lead


# The player (seat 1) wins six trump tricks and loses the last four; seat 0 throws its AC or TC on
# trick 6 and the other on trick 10, so the player ends with exactly 61 or exactly 60.
SIXTY = sk_deck("QC QS QH JC JS JH 7S 8S 7H 8H",
                "QD JD AD TD KD 9D 8D AS AH KS",
                "7D TS TH 9S AC TC KC 9C KH 9H", "8C 7C")


@pytest.mark.parametrize("sixth,tenth,points,delta", [("AC", "TC", 61, 2), ("TC", "AC", 60, -2)])
def test_61_wins_game_and_60_fails(sixth, tenth, points, delta):
    # "the player wins game if he takes 61 or more in tricks won in play" (Game 2); "If he fails to
    # make 61, he is debited the appropriate figure" (2). The discards 8C 7C count for him (SK-GAP-2).
    d = ct.load("schafkopf").deal(deck=SIXTY, dealer=0)
    for a in ("take", "discard 8C", "discard 7C"):
        d.act(a)
    play_tricks(d, [("QC 8D 7D", 1), ("QS 9D KC", 1), ("QH KD 9C", 1), ("JC TD 9H", 1), ("JS AD KH", 1),
                    (f"JH JD {sixth}", 1), ("7S AS TS", 2), ("AH TH 7H", 2), ("KS 9S 8S", 2),
                    (f"QD {tenth} 8H", 2)])
    assert d.tricks_won[1] == 6 and d.player_points() == points
    assert d.result().deltas == [0, delta, 0]


LEAST_LOW = sk_deck("JS 9S KH QC AD QD JD 9D 8D 7D",
                    "AS KS 8S 7S QH 8H 7H JC KD TD",
                    "QS AH JH TH 9H AC KC 9C 8C 7C", "TS TC")
LEAST_LOW_PLAY = [("7D QH JH", 2), ("8H AH KH", 0), ("9H 8D 7H", 1), ("QC JC QS", 1), ("QD KD 7C", 1),
                  ("JD TD AC", 1), ("AD AS 8C", 1), ("9S KS KC", 2), ("7S 9C 9D", 1), ("JS 8S TH", 1)]


def test_least_fewest_points_with_tricks_scores_2():
    # "the player who gathers the fewest points scores plus 2" — seat 2 took two tricks (13 points),
    # seat 0 one trick (15); seat 1's last trick takes the blind TS TC. Each opponent pays it with
    # settlement="each_opponent" (SK-GAP-3).
    d = all_pass(LEAST_LOW)
    play_tricks(d, LEAST_LOW_PLAY)
    assert d.view(0)["card_points"] == [15, 92, 13] and d.tricks_won == [1, 7, 2]
    assert d.result().deltas == [0, 0, 2]
    assert d.result().lines[-1] == "Cal took the fewest points: +2 to Cal"
    assert d.carry == {"scores": [0, 0, 2]}
    d = all_pass(LEAST_LOW, settlement="each_opponent")
    play_tricks(d, LEAST_LOW_PLAY)
    assert d.result().deltas == [-2, -2, 4]


def test_least_blind_hidden_until_the_end():
    # "The blind is left untouched until play is completed": nobody sees it, nobody may take it.
    d = all_pass(LEAST_LOW)
    for seat in (0, 1, 2):
        v = d.view(seat)
        assert v["widow_size"] == 2 and "TS" not in v["hand"] and "TC" not in v["hand"]
    assert sorted(d.legal()) == sorted(codes("JS 9S KH QC AD QD JD 9D 8D 7D"))


# ---------------------------------------------------------------------- Auction Schafkopf additions
def test_auction_four_at_a_time_eight_each():
    # "The cards are dealt out four at a time, each hand receiving eight cards" — no blind.
    d = ct.load("auction-schafkopf").deal(deck=AS_DECK, dealer=0)
    assert sorted(d.view(1)["hand"]) == sorted(codes("JC JS JH JD AS TS KS QS"))
    assert sorted(d.view(0)["hand"]) == sorted(codes("AD TD KD QD 9D 8D 7D 7S"))
    assert d.view(0)["hand_sizes"] == [8, 8, 8, 8]
    assert d.view(0)["teams"] == [[0, 2], [1, 3]]  # "two against two as partners"


AS_MIXED = as_deck("JC AS KS QS 9S AH 9H 7C",
                   "JD TS 8S 7S TH KH 9C 8C",
                   "JS AD TD KD QD 9D QH 7H",
                   "JH 8D 7D AC TC KC QC 8H")


def test_auction_plain_order_and_no_obligation_to_trump():
    # AS-GAP-2: queens are plain cards; trumps are the four jacks, then A T K Q 9 8 7 of the named suit;
    # plain suits rank A T K Q 9 8 7. AS-GAP-4: follow suit only — a void hand may discard.
    d = ct.load("auction-schafkopf").deal(deck=AS_MIXED, dealer=0)
    for a in ("bid 10", "pass", "pass", "pass", "trump clubs"):
        d.act(a)
    r = d.rules
    order = ids("JC JS JH JD AC TC KC QC 9C 8C 7C")
    assert all(r.suit_of[c] == 3 for c in order) and sorted(order, key=lambda c: -r.power[c]) == order
    hearts = ids("AH TH KH QH 9H 8H 7H")
    assert sorted(hearts, key=lambda c: -r.power[c]) == hearts and r.suit_of[PACK_32.parse("QH")] == 1
    assert d.turn == 1
    d.act("AH")
    assert d.legal() == ["KH", "TH"]
    d.act("KH")
    assert d.legal() == ["QH", "7H"]  # the queen of hearts follows hearts: it is not a trump here
    d.act("7H")
    d.act("8H")
    assert d.turn == 1
    d.act("9H")
    d.act("TH")
    d.act("QH")
    # Seat 0 is void in hearts and holds trumps (JH and the clubs), but may discard a diamond.
    assert sorted(d.legal()) == sorted(["JH", "8D", "7D", "AC", "TC", "KC", "QC"])
    d.act("8D")
    assert d.turn == 2 and d.view(0)["last_trick"] == [[1, "9H"], [2, "TH"], [3, "QH"], [0, "8D"]]  # T > Q > 9


@pytest.mark.provisional
def test_auction_target_ends_the_match():
    # AS-GAP-3 (ENGINE DEFAULT): "game to an agreed total" — option target; partners score alike.
    m = ct.Match(ct.load("auction-schafkopf", target=60), seed=1)
    d = m.next_deal(deck=AS_DECK)
    for a in ("bid 60", "pass", "pass", "pass", "trump spades"):
        d.act(a)
    for lead in ("JC", "JS", "JH", "JD", "AS", "TS", "KS", "QS"):
        d.act(lead)
        for _ in range(3):
            d.act(d.legal()[-1])
    m.record(d)
    assert m.totals == [0, 60, 0, 60] and m.over
    assert ct.load("auction-schafkopf").target is None
    with pytest.raises(ct.RulesError, match="target"):
        ct.load("auction-schafkopf", target=-1)
