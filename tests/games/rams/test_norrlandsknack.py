"""Scenario tests for Norrlandsknack (seed 002, Parlett's 'Norrlandsknack', cut off; docs/decisions.md).

Three players, dealer 0: seats 1, 2, 0 receive three cards, the turn-up is turned, then two more each.
The scoring after a trick count (loafing, the pot) is NK-GAP-1, from Parlett's next page: provisional."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import cardtable as ct

from ..conftest import arranged
from .helpers import knack, play, stack

K = ["AH KH QH JH TH", "2S 3S 4S 5S 6S", "2C 3C 4C 5C 6C"]  # seats 1, 2, 0
LATER = {"scores": [10, 10, 10], "pools": {"pot": 3}, "first": False}


def test_norrlandsknack_deal_three_turn_up_two() -> None:
    # "Deal a batch of three to each player, turn the next for trump, then two more each" (NK-GAP-3)
    d = knack(K, "2D")
    assert d.view(1)["hand"] == ["AH", "KH", "QH", "JH", "TH"] and d.view(1)["turn_up"] == "2D"
    assert d.view(1)["trump"] == "D" and d.view(1)["pools"] == {"pot": 3} and d.view(1)["scores"] == [10, 10, 10]


@pytest.mark.provisional  # NK-GAP-1: scoring from Parlett's next page
def test_norrlandsknack_first_deal_draw_and_knocker_loafed() -> None:
    d = knack(K, "2H")
    assert d.legal() == ["knock", "lurk"]
    play(d, "lurk, knock")
    # "as soon as someone knocks there follows a draw ... starting with eldest"
    assert d.phase == "draw" and d.turn == 1 and d.legal()[0] == "stand"
    assert d.view(0)["lurkers"] == [0, 1] and d.view(0)["declarer"] == 2
    play(d, "stand, stand")
    # "Dealer must take the trump turn-up before discarding, and correspondingly draws one card fewer"
    assert d.turn == 0 and "2H" in d.view(0)["hand"] and "stand" not in d.legal()
    assert "must discard" in d.why_not("stand")
    d.act("exchange 2H")
    assert len(d.view(0)["hand"]) == 5 and "2H" not in str(d.view(1))
    # "Eldest leads the trump Ace if he has it"
    assert d.legal() == ["AH"]
    assert "trump Ace" in d.why_not("KH")
    while not d.over:
        d.act(d.legal()[0])
    # Seat 1 (lurker) -5 points; seat 0 lurked and won nothing: no penalty (NK-GAP-2);
    # seat 2 knocked and won nothing: loafed, 10 -> 15 and a chip to the pot.
    res = d.result()
    assert res.unit == "points" and res.deltas == [0, 5, -5] and res.pools == {"pot": 4}
    assert "Cal won no trick and is loafed: score 10 -> 15, and adds a chip to the pot" in res.lines
    # The chips apart from the points: "Each player stakes one chip to the pot at start of play"; "Each time a
    # player is loafed, he adds one chip to the pot".
    assert res.chips == [-1, -1, -2] and res.balanced() and res.to_json()["chips"] == [-1, -1, -2]
    assert d.carry == {"scores": [10, 5, 15], "pools": {"pot": 4}, "first": False, "passouts": 0}
    assert d.view(0)["scores"] == [10, 5, 15]


def test_norrlandsknack_first_deal_all_lurk_is_a_pass_out() -> None:
    # All lurk = nobody knocks: the same dealer redeals (de.wikipedia 'Norrlandsknack'), still a first deal.
    d = knack(K, "2H")
    play(d, "lurk, lurk, lurk")
    game = ct.load("norrlandsknack", players=3)
    assert d.over and d.result().deltas == [0, 0, 0] and game.next_dealer(d) == 0
    assert d.carry == {"scores": [10, 10, 10], "pools": {"pot": 3}, "first": True, "passouts": 1}
    assert game.deal(seed=1, carry=d.carry).legal() == ["knock", "lurk"]


def test_norrlandsknack_later_deal_passers_may_join_in() -> None:
    d = knack(K, "2H", carry=LATER)
    assert d.legal() == ["pass", "knock"]
    assert "knock or pass" in d.why_not("lurk")
    assert [d.label(a) for a in d.legal()] == ["Pass", "Knock"]
    play(d, "pass, knock")
    assert [d.label(a) for a in d.legal()] == ["Drop out", "Join in"]
    # "the other players – including any who have passed – must decide whether they will join in or drop out"
    assert d.turn == 0 and d.legal() == ["drop", "join"]
    d.act("join")
    assert d.turn == 1 and d.legal() == ["drop", "join"]
    d.act("drop")
    # No draw in later deals; eldest still in (seat 2 here follows seat 1 who dropped) leads.
    assert d.phase == "play" and d.view(0)["active"] == [0, 2] and d.turn == 2


@pytest.mark.provisional  # NK-GAP-1 loaf
@pytest.mark.parametrize("score,after", [(7, 12), (3, 10)])
def test_norrlandsknack_joiner_without_trick_is_loafed(score: int, after: int) -> None:
    carry = {"scores": [10, 8, score], "pools": {"pot": 3}, "first": False}
    d = knack(K, "2D", carry=carry)
    play(d, "knock, join, drop")
    while not d.over:
        d.act(d.legal()[0])
    assert d.tricks_won == [0, 5, 0]
    # "A player who joins in, but who wins no trick, is also loafed ... adding five to his score, or raising
    # it to 10 if that would make it more"; he adds one chip to the pot.
    res = d.result()
    assert res.deltas == [0, 5, score - after] and res.pools == {"pot": 4}
    assert d.carry["scores"] == [10, 3, after]


@pytest.mark.provisional  # ENGINE DEFAULT: a knocker nobody joins takes the five tricks
def test_norrlandsknack_knocker_alone_takes_five_tricks() -> None:
    carry = {"scores": [10, 5, 15], "pools": {"pot": 4}, "first": False}
    d = knack(K, "2H", carry=carry)
    play(d, "knock, drop, drop")
    assert d.over and d.result().deltas == [0, 5, 0] and d.result().pools == {"pot": 0}
    assert "Bea reached zero first and wins the game and the pot of 4 chips" in d.result().lines


def test_norrlandsknack_three_pass_outs_pass_the_deal() -> None:
    game = ct.load("norrlandsknack", players=3)
    d = knack(K, "2H", carry=LATER)
    play(d, "pass, pass, pass")
    # "If all pass, the same dealer redeals. After three pass-outs, the deal passes on."
    assert game.next_dealer(d) == 0 and d.carry["passouts"] == 1
    d2 = knack(K, "2H", carry=dict(d.carry))
    play(d2, "pass, pass, pass")
    assert game.next_dealer(d2) == 0 and d2.carry["passouts"] == 2
    d3 = knack(K, "2H", carry=dict(d2.carry))
    play(d3, "pass, pass, pass")
    assert game.next_dealer(d3) == 1 and d3.carry["passouts"] == 0


def test_norrlandsknack_down_to_one_trump_must_be_led() -> None:
    carry = {"scores": [10, 1, 10], "pools": {"pot": 3}, "first": False}
    hands = ["2H 3S 4S 5S 6S", "AS KS 7S 8S 9S", "2C 3C 4C 5C 6C"]
    d = knack(hands, "TH", carry=carry)
    play(d, "knock, join, join")
    # "Trumps must always be led, if possible"
    assert d.legal() == ["2H"] and d.view(1)["status"].startswith("a player is down to one point")
    assert "trumps must always be led" in d.why_not("3S")
    d.act("2H")
    # "Players must follow suit if possible, otherwise may play any card."
    assert d.legal() == ["AS", "KS", "9S", "8S", "7S"]


def test_norrlandsknack_trump_lead_rule_starts_when_a_player_reaches_one_during_the_deal() -> None:
    carry = {"scores": [10, 2, 10], "pools": {"pot": 3}, "first": False}
    hands = ["AS 2H 3H 4S 5S", "2S 3S 6S 7S 8S", "2C 3C 4C 5C 6C"]
    d = knack(hands, "TH", carry=carry)
    play(d, "knock, join, join")
    assert d.legal() == ["AS", "5S", "4S", "3H", "2H"]  # seat 1 is at two: any lead
    d.act("AS")
    assert d.legal() == ["8S", "7S", "6S", "3S", "2S"]  # follow suit, any card of it (no heading here)
    play(d, "2S, 2C")
    # Seat 1 has won a trick: down to one point, so trumps must now be led.
    assert d.turn == 1 and d.view(0)["scores"] == [10, 1, 10] and d.legal() == ["3H", "2H"]


@pytest.mark.provisional  # NK-GAP-1: the pot to the first player(s) at zero
@pytest.mark.parametrize("scores,deltas,line", [
    ([1, 9, 10], [1, 4, 0], "Ann reached zero first and wins the game and the pot of 5 chips"),
    ([1, 1, 10], [1, 1, 0], "Ann and Bea reached zero together, win the game and divide the pot of 5 chips "
                            "(5/2 each)"),
])
def test_norrlandsknack_match_ends_when_someone_reaches_zero(scores: list[int], deltas: list[int], line: str) -> None:
    # "The winner is the first to reach zero"; "The pot is won by (or divided between) the first player(s) to
    # reach zero points."
    game = ct.load("norrlandsknack", players=3)
    m = ct.Match(game, seed=1)
    m.totals = [10 - s for s in scores]
    m.carry = {"scores": scores, "pools": {"pot": 5}, "first": False}
    hands = ["AS KS QS JS TS", "2C 3C 4C 5C 6C", "AH 3S 4S 5S 6S"]
    d = m.next_deal(deck=arranged(game.pack, stack((3, 2), hands, mid="2H", mid_after=0)))
    play(d, "knock, drop, join")
    assert d.turn == 1 and d.legal() == ["AS", "KS", "QS", "JS", "TS"]  # no trump to lead: any card
    while not d.over:
        d.act(d.legal()[0])
    assert d.tricks_won == [1, 4, 0]
    res = m.record(d)
    assert res.deltas == deltas and res.pools == {"pot": 0} and line in res.lines
    assert m.over and 10 in m.totals
    # The pot is settled as chips: to the one at zero, or divided between those who reach it together.
    won = [5, 0, 0] if deltas[1] == 4 else [Fraction(5, 2), Fraction(5, 2), 0]
    assert res.chips == won and res.balanced({"pot": 5}) and m.chips == won
    with pytest.raises(ct.IllegalAction, match="the match is over"):
        m.next_deal()


def test_norrlandsknack_a_match_reports_each_players_chips() -> None:
    # Norrlandsknack is scored in points but played for chips: the stake, the loaves and the pot must show in
    # who won how many chips over a match, not only in the settlement's words.
    game = ct.load("norrlandsknack", players=3)
    m = ct.Match(game, seed=7)
    rng = random.Random(7)
    while not m.over:
        d = m.next_deal()
        while not d.over:
            d.act(rng.choice(d.legal()))
        res = m.record(d)
    assert res.pools == {"pot": 0} and sum(m.chips) == 0   # stakes and loaves went to the pot, the pot out
    winners = [s for s in range(3) if m.totals[s] == 10]
    assert all(m.chips[s] > 0 for s in winners) and all(m.chips[s] < 0 for s in range(3) if s not in winners)
    assert m.chips != m.totals   # chips and points are kept apart


def test_norrlandsknack_new_game_stakes_one_chip_each() -> None:
    # "Each player stakes one chip to the pot at start of play, but not at each deal."
    d = knack(K, "2H", carry={"scores": [0, 4, 10], "pools": {"pot": 0}, "first": False})
    assert d.view(0)["pools"] == {"pot": 3} and d.view(0)["scores"] == [10, 10, 10] and d.legal() == ["knock", "lurk"]
    d = knack(K, "2H", carry={"scores": [3, 4, 10], "pools": {"pot": 2}, "first": False})
    assert d.view(0)["pools"] == {"pot": 2}


def test_norrlandsknack_auction_after_three() -> None:
    # "It is also usual to bid, join in or drop out when three cards have been dealt to each and a trump-card
    # is turned. The last two cards are then not dealt til the auction is over."
    game = ct.load("norrlandsknack", players=3, auction_after_three=True)
    d = game.deal(seed=4)
    assert d.view(0)["hand_sizes"] == [3, 3, 3]
    play(d, "lurk, knock")
    assert d.view(0)["hand_sizes"] == [5, 5, 5]
