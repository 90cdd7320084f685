"""Scenario tests for the Loo family (seed 000 Hervey's Loo; seed 002 Parlett's Lanterloo;
RESOLUTIONS.md §2.2). Three players, dealer 0: cards go to seats 1, 2, 0 (then the miss)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import cardtable as ct
from cardtable.core.cards import PACK_52

from .conftest import arranged


def loo_deck(game: ct.Game, hands: dict, turn_up: str, dealer: int = 0, stock: str = "") -> str:
    """A whole pack that deals ``hands`` (seat or "miss" -> codes) by the game's own procedure."""
    n = game.players
    who: list = [(dealer + i + 1) % n for i in range(n)] + (["miss"] if game.miss else [])
    cards = {k: v.split() for k, v in hands.items()}
    top: list[str] = []
    pos = dict.fromkeys(who, 0)
    for r in game.plan().rounds:
        for k in who:
            top += cards[k][pos[k]:pos[k] + r]
            pos[k] += r
    return arranged(PACK_52, " ".join([*top, turn_up, *stock.split()]))


def deal(gid: str, hands: dict, turn_up: str, actions: str = "", carry: dict | None = None,
         stock: str = "", **options) -> ct.Deal:
    game = ct.load(gid, players=3, **options)
    d = game.deal(deck=loo_deck(game, hands, turn_up, stock=stock), dealer=0, carry=carry)
    for a in [a.strip() for a in actions.split(",") if a.strip()]:
        d.act(a)
    return d


# --------------------------------------------------------------- three-card loo
A = {1: "AH 7S 4C", 2: "3H KS 2S", 0: "QH JH 9C", "miss": "8D 8C 8S"}


def test_entering_choices_and_the_miss() -> None:
    # Seed 000: "refusing to play, playing with the cards dealt to him, or exchanging his cards for miss";
    # "once a player has chosen to exchange his hand for miss, a subsequent player is reduced to choosing".
    d = deal("three-card-loo", A, "5H")
    assert d.legal() == ["pass", "play", "take"]
    d.act("take")
    assert d.view(1)["hand"] == ["8S", "8C", "8D"]
    assert d.legal() == ["pass", "play"]
    assert "miss" in d.why_not("take")
    # The taker's own hand lies face down: he sees it, others do not.
    assert d.view(1)["my_discards"] == ["7S", "AH", "4C"]
    assert "AH" not in str(d.view(2))


def test_full_deal_head_trump_ace_lead_and_loo() -> None:
    d = deal("three-card-loo", A, "5H", "play, play")
    assert d.legal() == ["pass", "play", "take"]  # two stand before the dealer: he may pass
    d.act("play")
    # "The player who first chose to play leads"; rule 3: "holds the Ace of trumps ... he must lead it".
    assert d.turn == 1 and d.legal() == ["AH"]
    assert "Ace of trumps" in d.why_not("7S")
    d.act("AH")
    assert d.legal() == ["3H"]            # rule 1: follow suit
    d.act("3H")
    assert d.legal() == ["QH", "JH"]      # cannot head the Ace: any trump
    d.act("JH")
    assert d.view(0)["tricks_won"] == [0, 1, 0]
    assert d.legal() == ["7S", "4C"]      # no trump: a free lead
    d.act("7S")
    assert d.legal() == ["KS"]            # rule 1: "must head the trick if he can"
    assert "head" in d.why_not("2S")
    d.act("KS")
    assert d.legal() == ["QH"]            # rule 2: "If a player cannot follow suit he must trump"
    d.act("QH")
    assert d.view(0)["tricks_won"] == [1, 1, 0]
    for a in ("9C", "4C", "2S"):
        d.act(a)
    assert d.over and d.view(0)["tricks_won"] == [2, 1, 0]
    res = d.result()
    # "one-third of the amount in it to the winner of each trick"; seat 2 is looed and pays the pool at start (3).
    assert res.deltas == [-3 + 2, 1, -3] and res.pools == {"pool": 3}
    assert d.carry == {"pools": {"pool": 3}, "ante_due": False}


B = {1: "9S 2C 3C", 2: "4H 7D 8D", 0: "KH 2H 6C", "miss": "TD JD QD"}


def test_must_overtrump() -> None:
    # Seed 000 rule 2: "if the trick has already been trumped he must overtrump if he can".
    d = deal("three-card-loo", B, "5H", "play, play, play")
    assert d.legal() == ["9S", "3C", "2C"]
    d.act("9S")
    assert d.legal() == ["4H"]
    d.act("4H")
    assert d.legal() == ["KH"]
    assert "overtrump" in d.why_not("2H")


def test_must_trump_when_unable_to_overtrump_and_the_option() -> None:
    hands = {**B, 0: "3H 2H 6C"}
    # L3-GAP-4: "may renounce only if unable to do either" -> a trump even if it cannot win.
    d = deal("three-card-loo", hands, "5H", "play, play, play, 9S, 4H")
    assert d.legal() == ["3H", "2H"]
    d = deal("three-card-loo", hands, "5H", "play, play, play, 9S, 4H", undertrump_required=False)
    assert d.legal() == ["3H", "2H", "6C"]


def test_king_lead_when_ace_turned_and_two_trump_rules() -> None:
    # Rule 3: "(or the King if the Ace has been turned up)".
    d = deal("three-card-loo", {1: "KH 3H 2S", 2: "4S 5S 6S", 0: "7C 8C 9C", "miss": "2D 3D 4D"}, "AH",
             "play, play, play")
    assert d.legal() == ["KH"]
    # Rule 4: "holds two or more trumps he must lead one of them".
    h = {1: "9H 3H 2S", 2: "4S 5S 6S", 0: "7C 8C 9C", "miss": "2D 3D 4D"}
    d = deal("three-card-loo", h, "5H", "play, play, play")
    assert d.legal() == ["9H", "3H"]
    # "... and if there are only two players in the game he must lead the highest."
    d = deal("three-card-loo", h, "5H", "play, pass, play")
    assert d.legal() == ["9H"]


def test_all_pass_to_dealer_takes_pool() -> None:
    # L3-GAP-1: all players before the dealer pass -> the dealer takes the pool without play.
    d = deal("three-card-loo", A, "5H", "pass, pass", carry={"pools": {"pool": 9}, "ante_due": False})
    assert d.over
    assert d.result().deltas == [9, 0, 0] and d.result().pools == {"pool": 0}
    assert d.carry["ante_due"] is True  # "If no player is looed, the next dealer replenishes the pool"


D = {1: "AH KH 2S", 2: "4D 5D 6D", 0: "3S 4C QC", "miss": "2C 3C 5C"}


def test_dealer_must_defend_or_play_for_the_pool() -> None:
    # Seed 000: "the dealer must come into the game against him ... he may ... play for the pool"; L3-GAP-1.
    d = deal("three-card-loo", D, "5H", "play, pass")
    assert d.turn == 0 and d.legal() == ["play", "play pool", "take", "take pool"]
    assert "play for the pool" in d.why_not("pass")
    d.act("play pool")
    for a in ("AH", "4C", "KH", "QC", "2S", "3S"):  # "he is not looed if he fails to win a trick"
        d.act(a)
    res = d.result()
    assert d.view(0)["tricks_won"] == [1, 2, 0]
    # "he leaves in the pool any amount to which he may be entitled by reason of his having won tricks"
    assert res.deltas == [-3, 2, 0] and res.pools == {"pool": 1}
    assert d.carry == {"pools": {"pool": 1}, "ante_due": True}
    # The next pool (1 + 3) divides unevenly: exact thirds.
    nxt = deal("three-card-loo", A, "5H", "play, play, play, AH, 3H, JH, 7S, KS, QH, 9C, 4C, 2S", carry=d.carry)
    assert nxt.result().deltas == [Fraction(-3) + Fraction(8, 3), Fraction(4, 3), -4]


def test_play_for_pool_only_with_miss_option() -> None:
    d = deal("three-card-loo", D, "5H", "play, pass", defend_pool_hand="miss_only")
    assert d.legal() == ["play", "take", "take pool"]


def test_lone_miss_taker_takes_pool() -> None:
    # L3-GAP-1: "one player took miss and everyone else (dealer included) passes -> the miss taker takes the pool".
    d = deal("three-card-loo", A, "5H", "take, pass")
    assert d.legal() == ["pass", "play"]
    d.act("pass")
    assert d.over and d.result().deltas == [-3, 3, 0]


@pytest.mark.parametrize(("options", "fine"), [
    ({}, 9),                                          # unlimited: "as many units as ... at the beginning of the deal"
    ({"penalty": "fixed", "penalty_limit": 5}, 5),    # L3-GAP-2 fixed
    ({"penalty": "cap", "penalty_limit": 4}, 4),      # L3-GAP-2 cap: min(pool, N)
    ({"penalty": "cap"}, 6),                          # cap 0 = twice the ante (Peel: 3 and 6)
])
def test_loo_penalty_options(options: dict, fine: int) -> None:
    d = deal("three-card-loo", A, "5H", "play, play, play, AH, 3H, JH, 7S, KS, QH, 9C, 4C, 2S",
             carry={"pools": {"pool": 9}, "ante_due": False}, **options)
    assert d.result().deltas == [6, 3, -fine]
    assert d.result().pools == {"pool": fine}


def test_dealer_antes_always_option() -> None:
    # L3-GAP-3: seed default antes only after a deal with no loo; option: every deal.
    carry = {"pools": {"pool": 9}, "ante_due": False}
    assert deal("three-card-loo", A, "5H", carry=carry).view(1)["pools"] == {"pool": 9}
    assert deal("three-card-loo", A, "5H", carry=carry, dealer_antes="always").view(1)["pools"] == {"pool": 12}


def test_club_law_three_card() -> None:
    # Peel (Irish Loo / Club Law): all must stand on their own cards when the turn-up is a club; no miss.
    d = deal("three-card-loo", A, "5C", club_law=True)
    assert d.phase == "play" and d.view(1)["entered"] == [1, 2, 0]
    assert deal("three-card-loo", A, "5C").phase == "enter"


def test_ante_must_divide_by_tricks() -> None:
    # "It may be any number, but it must be one that is divisible by three."
    with pytest.raises(ct.RulesError, match="divisible by 3"):
        ct.load("three-card-loo", ante=4)
    with pytest.raises(ct.RulesError, match="divisible by 5"):
        ct.load("five-card-loo", ante=6)


# ---------------------------------------------------------------- five-card loo
P = {1: "AH 2S 3S 4S 6D", 2: "JC KH 9D TD 2D", 0: "7H 8C 9C TC 3D"}


def test_exchange_commits_and_is_hidden() -> None:
    # Seed 000 five-card 3: "once he has exchanged a card he must enter the game".
    d = deal("five-card-loo", P, "5H", stock="8S 9S")
    assert d.legal() == ["pass", "play"]
    assert "enter the game first" in d.why_not("exchange 2S")
    d.act("play")
    assert d.phase == "exchange" and d.legal()[0] == "keep" and len(d.legal()) == 32
    d.act("exchange 2S 3S")
    assert d.view(1)["hand"] == ["9S", "8S", "4S", "AH", "6D"]
    assert d.view(2)["history"] == [[1, "play"], [1, "exchange 2"]]
    assert d.view(1)["my_discards"] == ["3S", "2S"]


def test_pam_beats_the_trump_ace() -> None:
    # "The highest card in the pack is the Jack of Clubs ... takes precedence even over the Ace".
    d = deal("five-card-loo", P, "5H", "play, keep, play, keep, play, keep")
    assert d.legal() == ["AH", "AH civil"]   # rule 3 still binds: the Ace of trumps is led
    d.act("AH")
    assert d.legal() == ["JC"]               # must head: only Pam beats the Ace
    d.act("JC")
    d.act("7H")
    assert d.view(0)["tricks_won"] == [0, 0, 1]


def test_pam_be_civil_absolute() -> None:
    # Seed 000: "the holder of Pam is debarred from playing it to the trick" (L5-GAP-3 absolute).
    d = deal("five-card-loo", P, "5H", "play, keep, play, keep, play, keep, AH civil")
    assert d.legal() == ["KH"]
    assert "Pam be civil" in d.why_not("JC")
    # Pam his only trump: he is void in trumps for that trick and may play any card.
    lone = {**P, 2: "JC 8S 9D TD 2D"}
    d = deal("five-card-loo", lone, "5H", "play, keep, play, keep, play, keep, AH civil")
    assert d.legal() == ["8S", "TD", "9D", "2D"]


def test_pam_be_civil_parlett() -> None:
    # Seed 002: "the holder of J may not play it if he has any other trump" (L5-GAP-3 unless_only_trump).
    d = deal("lanterloo", P, "5H", "play, play, play, keep, keep, keep, AH civil")
    assert d.legal() == ["KH"]
    lone = {**P, 2: "JC 8S 9D TD 2D"}
    d = deal("lanterloo", lone, "5H", "play, play, play, keep, keep, keep, AH civil")
    assert d.legal() == ["JC"]


def test_pam_is_not_a_club() -> None:
    # L5-GAP-4: Pam counts only as a trump; a club lead is followed with a real club.
    h = {1: "4C 2S 3S 4S 6D", 2: "JC 9C 9D TD 2D", 0: "7S 8S 9S TS 3D"}
    d = deal("five-card-loo", h, "5H", "play, keep, play, keep, play, keep, 4C")
    assert d.legal() == ["9C"]
    h[2] = "JC 5S 9D TD 2D"
    d = deal("five-card-loo", h, "5H", "play, keep, play, keep, play, keep, 4C")
    assert d.legal() == ["JC"]  # void in clubs: must trump, and Pam is his trump


def test_flush_looes_the_board_pam_exempt() -> None:
    # Seed 000 five-card 5: "He wins the pool and all the other players, except those who may hold flushes
    # or Pam, are looed."
    h = {1: "2S 3S 4S 6S 9S", 2: "JC 9D TD 2D 5C", 0: "7H 8C 9C TC 4D"}
    d = deal("five-card-loo", h, "5H", "play, keep, pass, play, keep")
    assert d.over
    assert d.result().deltas == [-10, 5, 0] and d.result().pools == {"pool": 5}
    assert d.view(0)["exposed"] == {1: ["9S", "6S", "4S", "3S", "2S"]}  # "must expose his hand"


def test_flush_broken_by_exchange_still_counts() -> None:
    # L5-GAP-5: "a flush held at the deal also counts even if broken by exchange".
    h = {1: "2S 3S 4S 6S 9S", 2: "8H 9D TD 2D 3D", 0: "7H 8C 9C TC 4D"}
    d = deal("five-card-loo", h, "5H", "play, exchange 2S, play, keep, play, keep", stock="KD")
    assert d.over and d.result().deltas == [-10, 5, -5]


FL = {1: "2S 3S 4S 6S 9S", 2: "2H 3H 4H 6H 7H", 0: "JC AD KD QD TD"}


def test_trump_flush_beats_plain_and_pam_flush_hervey() -> None:
    # Seed 000: "one in the trump suit wins over one in a plain suit"; Hervey: 4 + Pam is a flush of its suit.
    d = deal("five-card-loo", FL, "5H", "pass, pass")
    assert d.over and d.result().deltas == [-5, 0, 5]


def test_pam_flush_first_parlett() -> None:
    # Seed 002: "The best flush is four of a suit plus Pam, followed by a flush in trumps".
    d = deal("lanterloo", FL, "5H", "play, play, play, keep, keep, keep", carry={"pools": {"pool": 10}})
    assert d.over and d.result().deltas == [10, 0, 0] and d.result().pools == {"pool": 0}


def test_equal_plain_flushes_divide_or_elder() -> None:
    # L5-GAP-1: "exactly equal ... the pool is divided"; option elder_hand.
    h = {1: "2S 3S 4S 6S 9S", 2: "2D 3D 4D 6D 9D", 0: "7H 8C 9C TC 4C"}
    d = deal("five-card-loo", h, "5H", "play, keep, play, keep, play, keep")
    assert d.result().deltas == [-10, Fraction(5, 2), Fraction(5, 2)]
    d = deal("five-card-loo", h, "5H", "play, keep, play, keep, play, keep", flush_tie="elder_hand")
    assert d.result().deltas == [-10, 5, 0]


def test_flush_passers_option() -> None:
    # L5-GAP-5 option: passers are not looed by a flush.
    h = {1: "2S 3S 4S 6S 9S", 2: "8H 9D TD 2D 3D", 0: "7H 8C 9C TC 4D"}
    d = deal("five-card-loo", h, "5H", "play, keep, pass, play, keep", flush_loos_passers=False)
    assert d.result().deltas == [-10, 5, 0]


def test_five_card_dealer_defends_without_miss() -> None:
    # Five-card Loo keeps the parent's dealer rule (L3-GAP-1); with no miss he defends with his own hand.
    d = deal("five-card-loo", P, "5H", "play, keep, pass")
    assert d.legal() == ["play", "play pool"]


def test_lanterloo_leader_must_lead_trump() -> None:
    # Seed 002: "The winner of each trick leads to the next, and must lead a trump if possible" (L5-GAP-6).
    h = {1: "2H 9H 3S 4S 6D", 2: "KH 8S 9D TD 2D", 0: "7H 8C 9C TC 3D"}
    d = deal("lanterloo", h, "5H", "play, play, play, keep, keep, keep")
    assert d.legal() == ["9H", "2H"]
    assert "lead a trump" in d.why_not("3S")
    # Hervey's five-card game keeps the three-card rules: two trumps -> a trump, else free.
    d = deal("five-card-loo", {**h, 1: "2H 4C 3S 4S 6D"}, "5H", "play, keep, play, keep, play, keep")
    assert d.legal() == ["4S", "3S", "2H", "4C", "6D"]


def test_lanterloo_bidding_then_exchange_round() -> None:
    # Seed 002: "Each in turn may pass or play ... Each active player may discard as many as he likes".
    d = deal("lanterloo", P, "5H", "play, pass")
    assert d.phase == "enter" and d.legal() == ["pass", "play"]  # no dealer's obligation in Parlett
    d.act("play")
    assert d.phase == "exchange" and d.turn == 1


@pytest.mark.provisional
def test_lanterloo_all_pass_and_lone_player() -> None:
    # ENGINE DEFAULT (Parlett silent): all pass -> pool carried; a lone player takes the pool without play.
    d = deal("lanterloo", P, "5H", "pass, pass, pass")
    assert d.result().deltas == [-5, 0, 0] and d.result().pools == {"pool": 5}
    d = deal("lanterloo", P, "5H", "pass, play, pass, keep")
    assert d.result().deltas == [-5, 0, 5]


def test_lanterloo_club_law_variant() -> None:
    # Seed 002: "(Variant: No one may pass if clubs are trump.)"
    d = deal("lanterloo", P, "5C", club_law=True)
    assert d.phase == "exchange" and d.legal()[0] == "keep"


# -------------------------------------------------------------------- irish loo
I3 = {1: "AH 7S 4C", 2: "3H KS 2S", 0: "QH JH 9C"}


def test_irish_club_law_on_by_default() -> None:
    # Seed 000 Irish Loo: "if Clubs are trumps everyone must enter the game".
    d = deal("irish-loo", I3, "5C")
    assert d.phase == "exchange" and "pass" not in d.legal() and d.legal()[0] == "keep"
    d = deal("irish-loo", I3, "5H")
    assert d.legal() == ["pass", "play"]


@pytest.mark.provisional
def test_irish_limited_loo_cap() -> None:
    # IL-GAP-2 (ENGINE DEFAULT): the loo is capped at twice the ante.
    d = deal("irish-loo", I3, "5H", "play, keep, play, keep, play, keep, AH, 3H, JH, 7S, KS, QH, 9C, 4C, 2S",
             carry={"pools": {"pool": 12}, "ante_due": False})
    assert d.result().deltas == [8, 4, -6] and d.result().pools == {"pool": 6}


def test_irish_three_card_flush_option() -> None:
    # IL-GAP-1 option flush3: three of a suit looes the board.
    h = {1: "2S 3S 4S", 2: "3H KD 2D", 0: "QH JH 9C"}
    d = deal("irish-loo", h, "5H", "play, keep, play, keep, play, keep", flush3=True)
    assert d.over and d.result().deltas == [-6, 3, -3]
    d = deal("irish-loo", h, "5H", "play, keep, play, keep, play, keep")
    assert not d.over


def test_rules_text_and_options() -> None:
    for gid in ("three-card-loo", "five-card-loo", "irish-loo", "lanterloo"):
        text = type(ct.load(gid)).rules_text()
        assert "Pam be civil" in text and "L3-GAP-1" in text
    assert ct.load("irish-loo").options.club_law is True
    assert ct.load("lanterloo").options.pam_civil == "unless_only_trump"
    assert ct.load("five-card-loo").options.flush_order == "trump_then_plain"


def test_sample_respects_heading_and_voids() -> None:
    # Rule 1 "must head the trick if he can": a player who follows low shows he holds no higher card of the
    # suit; rule 2: a player who discards shows he holds no trump. Samples for search bots respect both.
    h = {1: "9S 2C 3C", 2: "2S 7D 8D", 0: "KH 2H 6C", "miss": "TD JD QD"}
    d = deal("three-card-loo", h, "5H", "play, play, play, 9S, 2S")
    higher = PACK_52.mask("TS JS QS KS AS")
    for k in range(40):
        s = d.sample(0, k)
        assert not s.hands[2] & higher
        assert s.view(0) == d.view(0)
    h = {1: "9S 2C 3C", 2: "4C 7D 8D", 0: "KH 2H 6C", "miss": "TD JD QD"}
    d = deal("three-card-loo", h, "5H", "play, play, play, 9S, 4C")
    trumps_and_spades = PACK_52.suit_mask[0] | PACK_52.suit_mask[1]
    for k in range(40):
        assert not d.sample(0, k).hands[2] & trumps_and_spades
