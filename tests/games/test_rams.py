"""Scenario tests for Rams, Rounce, Bierspiel, Mauscheln, Julepe and Norrlandsknack (seed 002, Parlett;
RESOLUTIONS.md §2.10-2.13). Each arranged deck is built from the hands in the game's own dealing order."""

from __future__ import annotations

import random

import pytest

import cardtable as ct
from cardtable.core.cards import PACK_32

from .conftest import arranged


def stack(rounds: tuple[int, ...], hands: list[str], mid: str = "", mid_after: int = -1, after: str = "") -> str:
    """Top-of-pack text dealing ``hands`` (in receiving order) in ``rounds``; ``mid`` after round ``mid_after``."""
    cards = [h.split() for h in hands]
    pos = [0] * len(cards)
    out: list[str] = []
    for r, n in enumerate(rounds):
        for i, c in enumerate(cards):
            out += c[pos[i]:pos[i] + n]
            pos[i] += n
        if r == mid_after:
            out += mid.split()
    return " ".join(out + after.split())


def play(deal: ct.Deal, actions: str) -> None:
    for a in actions.split(","):
        deal.act(a.strip())


# ------------------------------------------------------------------- Rams
# 3 players, dealer 0: seat 1, seat 2, seat 0 then the spare hand receive, 3+2; then the turn-up.
A = dict(s1="AH KH 8S 8C 8D", s2="QH 7H AS KS 9C", s0="JH TH AC QC 7C", spare="7S 9S TS JS QS")


def rams_deal(hands: dict[str, str], turn_up: str, gid: str = "rams", carry=None, **opts) -> ct.Deal:
    game = ct.load(gid, players=3, **opts)
    top = stack((3, 2), [hands["s1"], hands["s2"], hands["s0"], hands["spare"]], after=turn_up)
    return game.deal(deck=arranged(game.pack, top), dealer=0, carry=carry)


def test_rams_pool_of_five_forbids_passing() -> None:
    # "when the pool contains only five units nobody may pass"
    d = rams_deal(A, "9H")
    assert d.legal() == ["play", "take", "rams"]
    assert "nobody may pass" in d.why_not("pass")
    d = rams_deal(A, "9H", carry={"pools": {"pool": 10}})
    assert d.legal() == ["pass", "play", "take", "rams"]


def test_rams_dealer_may_not_pass_after_single_offer_and_robs_then_heads_and_trumps() -> None:
    d = rams_deal(A, "9H", carry={"pools": {"pool": 10}})
    play(d, "play, pass")
    # "If only one player before him offers to play, dealer himself may not pass."
    assert d.legal() == ["play", "take", "rams"]
    d.act("play")
    # "Dealer may take the trump turn-up in exchange for any unwanted card."
    assert d.phase == "rob" and d.legal() == ["pass", "rob JH", "rob TH", "rob AC", "rob QC", "rob 7C"]
    d.act("rob 7C")
    assert d.view(0)["hand"] == ["JH", "TH", "9H", "AC", "QC"]
    assert d.view(1)["history"][-1] == [0, "rob"]  # the discard is face down
    assert d.view(1)["known_cards"] == {0: ["9H"]}  # everyone saw him take the turn-up
    # "The first active player left of dealer leads."
    assert d.turn == 1
    d.act("8C")
    # "Players must follow suit and head the trick if possible"
    assert d.legal() == ["AC", "QC"]
    d.act("AC")
    d.act("JH")
    assert d.legal() == ["AH", "KH"]
    d.act("KH")
    d.act("8S")
    # "must trump ... if unable to follow"
    assert d.legal() == ["TH", "9H"]
    play(d, "9H, QC")
    assert d.legal() == ["AH"]
    play(d, "AH, 8D, TH")
    assert d.over and d.tricks_won[0] == 3 and d.tricks_won[1] == 2
    # "Each won trick earns one-fifth of the pool": pool 10 + 5 ante = 15, 3 a trick.
    res = d.result()
    assert res.deltas == [4, 6, 0] and res.pools == {"pool": 0}
    assert d.carry is None


B = dict(s1="AS 7S 8D 9D TD", s2="8H QD KD AD JC", s0="TH 7H QC KC AC", spare="8S 9S TS JS QS")


def test_rams_must_trump_and_overtrump() -> None:
    d = rams_deal(B, "9H")
    play(d, "play, play, play, pass, 7S")
    assert d.legal() == ["8H"]  # void: must trump
    d.act("8H")
    assert d.legal() == ["TH"]  # "must trump and overtrump if unable to follow"
    play(d, "TH")
    assert d.turn == 0


@pytest.mark.parametrize("undertrump,expected", [(True, ["7H"]), (False, ["7H", "AC", "KC", "QC", "8C"])])
def test_rams_undertrump_option(undertrump: bool, expected: list[str]) -> None:
    # L3-GAP-4: a void player unable to overtrump must still trump (option undertrump_required).
    hands = dict(B, s0="7H QC KC AC 8C")
    d = rams_deal(hands, "9H", undertrump_required=undertrump)
    play(d, "play, play, play, pass, 7S, 8H")
    assert d.legal() == expected


def test_rams_take_spare_sight_unseen_then_must_play() -> None:
    d = rams_deal(A, "9H", carry={"pools": {"pool": 10}})
    d.act("take")
    # "One player only may exchange his hand for the spare, sight unseen, but must then play."
    assert d.view(1)["hand"] == ["QS", "JS", "TS", "9S", "7S"]
    assert d.legal() == ["play", "rams"]
    d.act("play")
    assert "take" not in d.legal() and d.legal() == ["pass", "play", "rams"]
    assert "AH" not in str(d.view(2))


def test_rams_all_pass_dealer_receives_five_from_his_right() -> None:
    d = rams_deal(A, "9H", carry={"pools": {"pool": 10}})
    play(d, "pass, pass, pass")
    # "If everybody passes, dealer receives five chips from the player on his right and there is no play."
    assert d.over
    assert d.result().deltas == [0, 0, -5] and d.result().pools == {"pool": 15}


R = dict(s1="AH KH QH JH TH", s2="AS KS QS JS TS", s0="AC KC QC JC TC", spare="AD KD QD JD TD")


def test_rams_bid_won_obliges_everyone_and_pays_pool_plus_five_each() -> None:
    d = rams_deal(R, "9H", carry={"pools": {"pool": 10}})
    d.act("rams")
    # "Rams is a bid to win all five tricks, and obliges everyone else to play."
    assert d.legal() == ["play", "take"]
    play(d, "play, play, pass")
    for c in ["AH", "KH", "QH", "JH", "TH"]:
        assert d.turn == 1
        d.act(c)
        d.act(d.legal()[0])
        d.act(d.legal()[0])
    # "A successful rams bid wins the pool plus five from each opponent."
    assert d.result().deltas == [-10, 25, -5] and d.result().pools == {"pool": 0}


def test_rams_bid_lost_stops_at_first_lost_trick() -> None:
    hands = dict(R, s1="AH KH QH JH 7S")
    d = rams_deal(hands, "9H")
    play(d, "rams, play, play, pass, 7S")
    assert d.legal() == ["AS", "KS", "QS", "JS", "TS"]
    play(d, "AS, AC")
    # "If lost, the bidder doubles the pool and pays five to each (nothing extra for the player who took
    # the trick that ended the play)."
    assert d.over and d.tricks_won[2] == 1
    assert d.result().deltas == [0, -15, 5] and d.result().pools == {"pool": 10}


def test_rams_lone_dealer_takes_pool_without_play() -> None:
    d = rams_deal(A, "9H", carry={"pools": {"pool": 10}})
    play(d, "pass, pass, play")
    assert d.over and d.result().deltas == [10, 0, 0] and d.result().pools == {"pool": 0}


def test_rounce_uses_52_cards_and_up_to_nine() -> None:
    # RA-GAP-2: "Variant games include Rounce, using 52 cards"
    g = ct.load("rounce", players=9)
    assert g.pack.size == 52
    assert ct.load("rounce").deal(seed=1).legal() == ["play", "take", "rams"]


@pytest.mark.parametrize("option,trump,code", [("trump_seven", "9H", "7H"), ("fixed_7D", "9H", "7D")])
def test_bierspiel_seven_second_highest_trump(option: str, trump: str, code: str) -> None:
    # "Bierspiel, in which 7 is always the second-highest trump" (RA-GAP-1)
    d = rams_deal(A, trump, gid="bierspiel", bierspiel_seven=option)
    r = d.make_rules()
    p = PACK_32.parse
    assert r.winner([p("KH"), p(code)]) == 1
    assert r.winner([p(code), p("AH")]) == 1
    assert r.suit_of[p(code)] == 1


# -------------------------------------------------------------- Mauscheln
def mausch(hands: list[str], turn_up: str, carry=None, players: int = 3, **opts) -> ct.Deal:
    game = ct.load("mauscheln", players=players, **opts)
    return game.deal(deck=arranged(game.pack, stack((2, 2), hands, after=turn_up)), dealer=0, carry=carry)


M = ["7S 8S 9S 7D", "AH KH AS KS", "QH JH AD KD"]  # seats 1, 2, 0


def test_mauscheln_diddle_no_joiner_wins_pot() -> None:
    d = mausch(M, "7H", carry={"pools": {"pot": 8}})
    assert d.legal() == ["pass", "diddle"]
    play(d, "diddle")
    assert d.legal() == ["pass", "join"]
    play(d, "pass, pass")
    # "If someone diddles but no one joins in, the diddler wins the pot without play."
    assert d.over and d.result().deltas == [-4, 12, 0] and d.result().pools == {"pot": 0}


def test_mauscheln_nobody_diddles_pot_carried() -> None:
    d = mausch(M, "7H")
    play(d, "pass, pass, pass")
    # "If no one offers to diddle, the deal passes round" (MA-GAP-3: pot carried)
    assert d.result().deltas == [-4, 0, 0] and d.carry == {"pools": {"pot": 4}}


def test_mauscheln_diddler_with_no_trick_pays_double() -> None:
    d = mausch(M, "7H")
    play(d, "diddle, join, join")
    assert d.phase == "exchange" and d.turn == 1 and d.legal()[0] == "stand"
    play(d, "stand, stand, stand")
    assert d.turn == 1  # "The diddler leads any card to the first trick."
    play(d, "7S")
    assert d.legal() == ["AS", "KS"]  # head the trick
    play(d, "AS")
    assert d.legal() == ["QH", "JH"]  # trump
    play(d, "QH, AD, 7D")
    assert d.legal() == ["AH", "KH"]
    play(d, "KH, AH, JH, 8S, KS, KD, 9S")
    assert d.tricks_won == [1, 0, 3]
    # "Each won trick earns one-quarter of the pot ... If the diddler took none, he pays double."
    assert d.result().deltas == [-3, -8, 3] and d.result().pools == {"pot": 8}


@pytest.mark.provisional  # MA-GAP-2: premium = a quarter of the pot (ENGINE DEFAULT)
def test_mauscheln_flush_redeal_premium() -> None:
    hands = ["7S 8S 9S TS", "AH KH AS KS", "QH JH AD KD"]
    game = ct.load("mauscheln", players=3, flush_redeal=True)
    top = stack((2, 2), hands, after="7H 7C 8C 9C TD")
    d = game.deal(deck=arranged(game.pack, top), dealer=0)
    # "A player dealt a flush (four of the same suit) must pay a premium, throw his hand in, and be dealt a
    # new one."
    assert d.view(1)["hand"] == ["9C", "8C", "7C", "TD"]
    assert d.view(2)["thrown"] == ["TS", "9S", "8S", "7S"]
    play(d, "pass, pass, pass")
    assert d.result().deltas == [-4, -1, 0] and d.result().pools == {"pot": 5}


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
    assert "seat 1 lost Belli to the trump Ace: pays seat 2 a premium of 1" in d.result().lines


def test_mauscheln_blind_diddle_hides_own_hand_and_takes_turn_up() -> None:
    d = mausch(M, "AC", blind_diddle=True, players=3)
    # Variant 1: "If the turn-up is an Ace or other high card, the dealer may diddle before looking"
    assert d.turn == 0 and d.phase == "blind" and d.view(0)["hand"] is None
    play(d, "diddle, join, pass")
    assert d.view(0)["hand"] is None
    d.act("stand")
    assert d.turn == 0 and d.view(0)["hand"] == ["QH", "JH", "AD", "KD"]
    d.act("exchange KD")
    # "include the turn-up in his replacements"
    assert "AC" in d.view(0)["hand"] and "KD" not in d.view(0)["hand"]


# ----------------------------------------------------------------- Julepe
def julepe(hands: list[str], turn_up: str, after: str = "", players: int = 4, carry=None) -> ct.Deal:
    game = ct.load("julepe", players=players)
    return game.deal(deck=arranged(game.pack, stack((5,), hands, after=turn_up + " " + after)), dealer=0, carry=carry)


J_WEAK = "4H 5H 6H 4D 5D"


def test_julepe_counter_clockwise_and_spanish_rank() -> None:
    d = julepe([J_WEAK, "AS 3S KS QS JS", "2C 4C 5C 6C 7C", "AC 3C KC QC JC"], "2S")
    # JU-GAP-2: deal, bidding and play go to the right: seat 3 is first.
    assert d.turn == 3 and d.view(3)["hand"] == ["6H", "5H", "4H", "5D", "4D"]
    r = d.make_rules()
    p = ct.load("julepe").pack.parse
    # JU-GAP-1: A 3 K Q J 7 6 5 4 2
    assert r.winner([p("KS"), p("3S")]) == 1 and r.winner([p("7C"), p("JC")]) == 1


def defended(lone: str, drawn: str, discard: str) -> ct.Deal:
    d = julepe([lone, "2C 4C 5C 6C 7C", "AC 3C KC QC JC", "2H 3H KH 7D 6D"], "2S", after=drawn)
    play(d, "play, pass, pass, pass")
    # "If only one player bids, any one player who passed can offer to 'defend the pack'"
    assert d.phase == "defend" and d.turn == 2 and d.legal() == ["pass", "defend"]
    d.act("defend")
    assert len(d.legal()) == 6  # "drawing six cards from stock and discarding one"
    d.act(f"discard {discard}")
    d.act("stand")
    assert d.turn == 3  # "The first active player to the right of the dealer leads"
    return d


def test_julepe_defender_wins_gets_pot_and_julep() -> None:
    d = defended(J_WEAK, "AS 3S KS QS JS 7S", "7S")
    d.act("4H")
    assert d.legal() == ["AS", "KS", "QS", "JS", "3S"]  # void: must trump (listed in display order)
    while not d.over:
        d.act(d.legal()[0])
    # "If the defender wins, he gets the pot plus a julep from the lone player."
    assert d.tricks_won[2] == 5 and d.result().deltas == [-6, 0, 12, -6]


def test_julepe_defended_and_lost_defender_pays_nothing() -> None:
    d = defended("AS 3S KS QS JS", "4H 5H 6H 4D 5D 4S", "4S")
    while not d.over:
        d.act(d.legal()[0])
    # "If the pack was defended and lost, the lone player wins the pot but the defender does not pay a julep."
    assert d.result().deltas == [-6, 0, 0, 6] and d.result().pools == {"pot": 0}


def test_julepe_both_succeed_half_pot_carried() -> None:
    d = defended("AS KS 3S 4H 5H", "AH 6H 4D 5D QD 7H", "7H")
    play(d, "AS, 4D, KS, 5D, 3S, QD, 4H")
    assert d.legal() == ["AH", "6H"]
    while not d.over:
        d.act(d.legal()[0])
    assert d.tricks_won[3] == 3 and d.tricks_won[2] == 2
    # "If both succeed, the lone player wins half the pot, and the other half is carried forward."
    assert d.result().deltas == [-6, 0, 0, 3] and d.carry == {"pools": {"pot": 3}}


def test_julepe_one_succeeds_wins_pot_and_juleps() -> None:
    d = julepe(["AS 3S KS QS JS", "2C 4C 5C 6C 7C", "AC 3C KC QC JC", "2H 3H KH 7D 6D"], "2S")
    play(d, "play, play, pass, pass, stand, stand")
    while not d.over:
        d.act(d.legal()[0])
    # "If only one player succeeds, he wins the pot plus a julep from each active player."
    assert d.result().deltas == [-6, 0, -6, 12]


# --------------------------------------------------------- Norrlandsknack
def knack(hands: list[str], turn_up: str, carry=None, **opts) -> ct.Deal:
    game = ct.load("norrlandsknack", players=3, **opts)
    top = stack((3, 2), hands, mid=turn_up, mid_after=0)
    return game.deal(deck=arranged(game.pack, top), dealer=0, carry=carry)


K = ["AH KH QH JH TH", "2S 3S 4S 5S 6S", "2C 3C 4C 5C 6C"]  # seats 1, 2, 0


@pytest.mark.provisional  # NK-GAP-1: scoring from Parlett's next page
def test_norrlandsknack_first_deal_draw_and_knocker_loafed() -> None:
    d = knack(K, "2H")
    assert d.legal() == ["knock", "lurk"]
    play(d, "lurk, knock")
    # "as soon as someone knocks there follows a draw ... starting with eldest"
    assert d.phase == "draw" and d.turn == 1 and d.legal()[0] == "stand"
    play(d, "stand, stand")
    # "Dealer must take the trump turn-up before discarding, and correspondingly draws one card fewer"
    assert d.turn == 0 and "2H" in d.view(0)["hand"] and "stand" not in d.legal()
    d.act("exchange 2H")
    assert len(d.view(0)["hand"]) == 5 and "2H" not in str(d.view(1))
    # "Eldest leads the trump Ace if he has it"
    assert d.legal() == ["AH"]
    while not d.over:
        d.act(d.legal()[0])
    # Seat 1 (lurker) -5 points; seat 2 knocked and won nothing: loafed, 10 -> 15 and a chip to the pot.
    res = d.result()
    assert res.unit == "points" and res.deltas == [0, 5, -5] and res.pools == {"pot": 4}
    assert d.carry == {"scores": [10, 5, 15], "pools": {"pot": 4}, "first": False, "passouts": 0}


@pytest.mark.provisional  # ENGINE DEFAULT: a knocker nobody joins takes the five tricks
def test_norrlandsknack_later_deal_join_drop_and_pot_to_first_at_zero() -> None:
    carry = {"scores": [10, 5, 15], "pools": {"pot": 4}, "first": False}
    d = knack(K, "2H", carry=carry)
    assert d.legal() == ["pass", "knock"]
    d.act("knock")
    # "the other players – including any who have passed – must decide whether they will join in or drop out"
    assert d.legal() == ["drop", "join"]
    play(d, "drop, drop")
    assert d.over and d.result().deltas == [0, 5, 0] and d.result().pools == {"pot": 0}
    m_game = ct.load("norrlandsknack", players=3)
    assert m_game.match_over([0, 10, -5], 2)  # "The winner is the first to reach zero."


def test_norrlandsknack_pass_out_same_dealer_redeals() -> None:
    carry = {"scores": [10, 5, 15], "pools": {"pot": 4}, "first": False}
    game = ct.load("norrlandsknack", players=3)
    d = knack(K, "2H", carry=carry)
    play(d, "pass, pass, pass")
    # "If all pass, the same dealer redeals. After three pass-outs, the deal passes on."
    assert game.next_dealer(d) == 0 and d.carry["passouts"] == 1
    carry2 = dict(d.carry, passouts=2)
    d2 = knack(K, "2H", carry=carry2)
    play(d2, "pass, pass, pass")
    assert game.next_dealer(d2) == 1 and d2.carry["passouts"] == 0


def test_norrlandsknack_down_to_one_trump_must_be_led() -> None:
    carry = {"scores": [10, 1, 10], "pools": {"pot": 3}, "first": False}
    hands = ["2H 3S 4S 5S 6S", "AS KS 7S 8S 9S", "2C 3C 4C 5C 6C"]
    d = knack(hands, "TH", carry=carry)
    play(d, "knock, join, join")
    # "Trumps must always be led, if possible"
    assert d.legal() == ["2H"]
    d.act("2H")
    # "Players must follow suit if possible, otherwise may play any card."
    assert d.legal() == ["AS", "KS", "9S", "8S", "7S"]


def test_norrlandsknack_auction_after_three() -> None:
    game = ct.load("norrlandsknack", players=3, auction_after_three=True)
    d = game.deal(seed=4)
    assert all(n == 3 for n in d.view(0)["hand_sizes"])
    play(d, "lurk, knock")
    assert all(n == 5 for n in d.view(0)["hand_sizes"])


@pytest.mark.parametrize("gid", ["rams", "rounce", "bierspiel", "mauscheln", "julepe", "norrlandsknack"])
def test_matches_run_and_conserve(gid: str) -> None:
    game = ct.load(gid)
    m = ct.Match(game, seed=3, deals=30)
    rng = random.Random(3)
    while not m.over:
        d = m.next_deal()
        while not d.over:
            d.act(rng.choice(d.legal()))
        m.record(d)
    if game.unit == "chips":
        pools = sum(m.carry["pools"].values()) if m.carry else 0
        assert sum(m.totals) + pools == 0
