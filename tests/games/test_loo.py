"""Scenario tests for the Loo family (seed 000 Hervey's Loo; seed 002 Parlett's Lanterloo;
docs/decisions.md). Three players, dealer 0: cards go to seats 1, 2, 0 (then the miss)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import cardtable as ct
from cardtable.core.cards import PACK_52

from .conftest import arranged


def loo_deck(game: ct.Game, hands: dict, turn_up: str, dealer: int = 0, stock: str = "") -> str:
    """A whole pack that deals ``hands`` (seat or "miss" -> codes) by the game's own procedure."""
    n = game.players
    who: list = [(dealer + i + 1) % n for i in range(n)] + (["miss"] if game.variant.miss_hand else [])
    cards = {k: v.split() for k, v in hands.items()}
    top: list[str] = []
    pos = dict.fromkeys(who, 0)
    for r in game.setup.plan.rounds:
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


def test_names_in_lines_status_and_labels() -> None:
    # The same deal as above, with the seats named: the settlement, the status and the labels speak of
    # people by name ("Those who have not won a trick are looed, and must put into the pool ...").
    game = ct.load("three-card-loo", players=3, names=["Ann", "Ben", "Cy"])
    d = game.deal(deck=loo_deck(game, A, "5H"), dealer=0)
    assert d.status(1) == "Ben to pass or play"
    assert [d.label(a) for a in d.legal()] == ["Pass", "Play", "Take the miss"]
    for a in ("play", "play", "play", "AH", "3H", "JH", "7S", "KS", "QH", "9C", "4C", "2S"):
        d.act(a)
    assert d.result().lines == ["Ann (dealer) puts 3 into the pool", "Ben wins 1 trick(s): 1 from the pool",
                                "Ann wins 2 trick(s): 2 from the pool", "Cy is looed and pays 3 into the pool"]
    assert d.status(0) == "the tricks are played"


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
    assert d.label("keep") == "Keep your cards"
    assert d.label("exchange 3S 2S") == "Exchange the 3♠ and 2♠ for cards from the stock"
    d.act("exchange 2S 3S")
    assert d.view(1)["hand"] == ["9S", "8S", "4S", "AH", "6D"]
    assert d.view(2)["history"] == [[1, "play"], [1, "exchange 2"]]
    assert d.view(1)["my_discards"] == ["3S", "2S"]


def test_pam_beats_the_trump_ace() -> None:
    # "The highest card in the pack is the Jack of Clubs ... takes precedence even over the Ace".
    d = deal("five-card-loo", P, "5H", "play, keep, play, keep, play, keep")
    assert d.legal() == ["AH", "AH civil"]   # rule 3 still binds: the Ace of trumps is led
    assert [d.label(a) for a in d.legal()] == ["Ace of hearts", "Ace of hearts: Pam be civil"]
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
    d = deal("five-card-loo", h, "5H")
    # "must expose his hand at once" (L5-GAP-5): the holder shows it before anyone decides, and that is all.
    assert d.phase == "show" and d.turn == 1 and d.legal() == ["show"] and "exposed" not in d.view(0)
    assert "must show at once" in d.why_not("pass")
    d.act("show")
    assert d.over and d.history == [(1, "show")]
    assert d.result().deltas == [-10, 5, 0] and d.result().pools == {"pool": 5}
    assert d.view(0)["exposed"] == {1: ["9S", "6S", "4S", "3S", "2S"]}  # "must expose his hand"


def test_a_dealt_flush_is_shown_at_once_and_no_exchange_can_beat_it() -> None:
    # Seed 000 five-card 5: a player who holds a flush "must expose his hand at once. He wins the pool"
    # (L5-GAP-5, revised): the deal ends as the cards are dealt, so seat 2, who could exchange 9D for the
    # 7H on the stock and hold a trump flush, never gets to; Lanterloo's timing (option) lets him.
    h = {1: "2S 3S 4S 6S 9S", 2: "2H 3H 4H 6H 9D", 0: "7C 8C 9C TC 4D"}
    d = deal("five-card-loo", h, "5H", stock="7H")
    assert d.legal() == ["show"] and d.turn == 1   # before anyone decides or exchanges
    d.act("show")
    assert d.over and d.view(2)["hand"] == ["6H", "4H", "3H", "2H", "9D"]
    assert d.result().deltas == [-10, 5, -5] and d.result().pools == {"pool": 10}
    d = deal("five-card-loo", h, "5H", "play, keep, play, exchange 9D, play, keep", stock="7H",
             flush_shown="after_exchange")
    assert d.over and d.view(1)["hand"] == ["9S", "6S", "4S", "3S", "2S"]
    assert d.result().deltas == [-10, 0, 5] and d.result().pools == {"pool": 5}   # the trump flush wins
    assert d.view(0)["exposed"][2] == ["7H", "6H", "4H", "3H", "2H"]


def test_a_flush_made_by_exchange_is_shown_before_the_first_lead() -> None:
    # With no flush dealt, a flush made by exchange is held and shown when the entering is over, before the
    # first lead: it "wins the pool and all the other players, except those who may hold flushes or Pam, are
    # looed" (seed 000 five-card 5).
    h = {1: "2S 3S 4S 6S 9D", 2: "KH 9C TD 2D 3D", 0: "7C 8C 9H TC 4D"}
    d = deal("five-card-loo", h, "5H", "play, exchange 9D", stock="KS")
    assert not d.over and d.phase == "enter" and d.turn == 2
    for a in ("play", "keep", "play", "keep"):
        d.act(a)
    assert d.over and d.result().deltas == [-10, 5, -5]


def test_flush_broken_by_exchange_still_counts() -> None:
    # L5-GAP-5: "a flush held at the deal also counts even if broken by exchange".
    h = {1: "2S 3S 4S 6S 9S", 2: "8H 9D TD 2D 3D", 0: "7H 8C 9C TC 4D"}
    d = deal("five-card-loo", h, "5H", "play, exchange 2S, play, keep, play, keep", stock="KD",
             flush_shown="after_exchange")
    assert d.over and d.result().deltas == [-10, 5, -5]


FL = {1: "2S 3S 4S 6S 9S", 2: "2H 3H 4H 6H 7H", 0: "JC AD KD QD TD"}


def test_trump_flush_beats_plain_and_pam_flush_hervey() -> None:
    # Seed 000: "one in the trump suit wins over one in a plain suit"; Hervey: 4 + Pam is a flush of its suit.
    d = deal("five-card-loo", FL, "5H", "show, show, show")   # each dealt flush is shown, from the dealer's left
    assert d.over and d.result().deltas == [-5, 0, 5]


def test_pam_flush_first_parlett() -> None:
    # Seed 002: "The best flush is four of a suit plus Pam, followed by a flush in trumps".
    d = deal("lanterloo", FL, "5H", "play, play, play, keep, keep, keep", carry={"pools": {"pool": 10}})
    assert d.over and d.result().deltas == [10, 0, 0] and d.result().pools == {"pool": 0}


def test_equal_plain_flushes_divide_or_elder() -> None:
    # L5-GAP-1: "exactly equal ... the pool is divided"; option elder_hand.
    h = {1: "2S 3S 4S 6S 9S", 2: "2D 3D 4D 6D 9D", 0: "7H 8C 9C TC 4C"}
    d = deal("five-card-loo", h, "5H", "show, show")
    assert d.result().deltas == [-10, Fraction(5, 2), Fraction(5, 2)]
    d = deal("five-card-loo", h, "5H", "show, show", flush_tie="elder_hand")
    assert d.result().deltas == [-10, 5, 0]


def test_flush_passers_option() -> None:
    # L5-GAP-5 option: passers are not looed by a flush.
    h = {1: "2S 3S 4S 6S 9S", 2: "8H 9D TD 2D 3D", 0: "7H 8C 9C TC 4D"}
    d = deal("five-card-loo", h, "5H", "play, keep, pass, play, keep", flush_loos_passers=False,
             flush_shown="after_exchange")
    assert d.result().deltas == [-10, 5, 0]


def test_five_card_dealer_defends_without_miss() -> None:
    # Five-card Loo keeps the parent's dealer rule (L3-GAP-1); with no miss he defends with his own hand.
    d = deal("five-card-loo", P, "5H", "play, keep, pass")
    assert d.legal() == ["play", "play pool"]


def test_lanterloo_opening_lead_is_free_and_the_winner_leads_trumps() -> None:
    # Seed 002: "Eldest leads. ... The winner of each trick leads to the next, and must lead a trump if
    # possible" (L5-GAP-6, revised): eldest's opening lead is free, the duty binds the winners of tricks.
    # (This test once required eldest to lead a trump, the earlier reading of the sentence.)
    h = {1: "2H 9H 3S 4S 6D", 2: "KH 8S 9D TD 2D", 0: "7H 6H 9C TC 3D"}
    d = deal("lanterloo", h, "5H", "play, play, play, keep, keep, keep")
    assert d.turn == 1 and d.legal() == ["4S", "3S", "9H", "2H", "6D"]   # two trumps, yet a free lead
    d.act("3S")
    assert d.legal() == ["8S"]                                          # follow and head
    d.act("8S")
    assert d.legal() == ["7H", "6H"]                                    # void: must trump
    d.act("7H")
    assert d.view(0)["last_trick"] == [[1, "3S"], [2, "8S"], [0, "7H"]] and d.turn == 0
    assert d.legal() == ["6H"]                                          # the winner must lead a trump
    assert "winner of a trick must lead a trump" in d.why_not("9C")
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
    # Peel's timing (the flushes are his): compared when all have stood in or passed and exchanged.
    d = deal("irish-loo", h, "5H", "play, keep, play, keep, play, keep", flush3=True)
    assert d.over and d.result().deltas == [-6, 3, -3]
    d = deal("irish-loo", h, "5H", "show", flush3=True, flush_shown="at_once")   # option: Hervey's timing
    assert d.over and d.history == [(1, "show")] and d.result().deltas == [-6, 3, -3]
    d = deal("irish-loo", h, "5H", "play, keep, play, keep, play, keep")
    assert not d.over


def test_rules_text_and_options() -> None:
    for gid in ("three-card-loo", "five-card-loo", "irish-loo", "lanterloo"):  # each game's own text
        text = ct.catalog.game_class(gid).rules_text()
        assert "looed" in text and ("Pam be civil" in text) == (gid in ("five-card-loo", "lanterloo"))
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


# ------------------------------------------------------- audit: trick obligations
def test_follow_a_trumped_trick_with_any_card_of_the_suit() -> None:
    # L3-GAP-5: a player able to follow a trumped plain-suit trick plays any card of the suit (heading is
    # impossible); untrumped, rule 1 "must head the trick if he can" binds.
    h = {1: "9S 2C 3C", 2: "4H 7D 8D", 0: "KS 2S 6C", "miss": "TD JD QD"}
    d = deal("three-card-loo", h, "5H", "play, play, play, 9S")
    assert d.legal() == ["4H"]            # rule 2: void in spades, "he must trump if he can"
    d.act("4H")
    assert d.legal() == ["KS", "2S"]
    d = deal("three-card-loo", {**h, 2: "3S 7D 8D"}, "5H", "play, play, play, 9S")
    assert d.legal() == ["3S"]            # may not beat the 9: any spade
    d.act("3S")
    assert d.legal() == ["KS"]            # must head


def test_renounce_only_when_unable_to_follow_or_trump() -> None:
    # Seed 002: "may renounce only if unable to do either"; seed 000 rules 1-2.
    h = {1: "9S 2C 3C", 2: "7D 8D 4C", 0: "KS 2S 6C", "miss": "TD JD QD"}
    d = deal("three-card-loo", h, "5H", "play, play, play, 9S")
    assert d.legal() == ["4C", "8D", "7D"]  # no spade, no trump: any card
    d.act("4C")
    d.act("KS")
    d.act("6C")                             # seat 0 won and leads
    assert d.legal() == ["3C", "2C"]        # seat 1 follows clubs (cannot head the 6)
    d.act("2C")
    assert d.legal() == ["8D", "7D"]        # seat 2 renounces
    for a in ("7D", "2S", "3C", "8D"):
        d.act(a)
    assert d.view(0)["tricks_won"] == [3, 0, 0]
    assert d.result().deltas == [0, -3, -3] and d.result().pools == {"pool": 6}
    # Trumps led and void in trumps: any card.
    d = deal("three-card-loo", {**h, 1: "AH 2C 3C", 2: "7D 8D 4S"}, "5H", "play, play, play, AH")
    assert d.legal() == ["4S", "8D", "7D"]


def test_head_a_trump_lead() -> None:
    # Rule 1 binds trumps led too: "must head the trick if he can".
    h = {1: "9H 2H 3C", 2: "TH 4H 8D", 0: "KS 2S 6C", "miss": "TD JD QD"}
    d = deal("three-card-loo", h, "5H", "play, play, play")
    assert d.legal() == ["9H", "2H"]        # rule 4: two trumps, lead one
    d.act("2H")
    assert d.legal() == ["TH", "4H"]        # either beats the 2
    d = deal("three-card-loo", h, "5H", "play, play, play, 9H")
    assert d.legal() == ["TH"]


def test_lead_rules_bind_the_winner_of_a_trick() -> None:
    # L3-GAP-6: rules 3 and 4 bind every lead, not only the first.
    h = {1: "QS 2C 4D", 2: "KS 9H 3H", 0: "2S 5C 6C", "miss": "TD JD QD"}
    d = deal("three-card-loo", h, "5H", "play, play, play, QS, KS, 2S")
    assert d.turn == 2 and d.legal() == ["9H", "3H"]   # rule 4: two trumps
    # "... if there are only two players in the game he must lead the highest."
    d = deal("three-card-loo", h, "5H", "play, play, pass, QS, KS")
    assert d.turn == 2 and d.legal() == ["9H"]
    for a in ("9H", "2C", "3H", "4D"):
        d.act(a)
    assert d.result().deltas == [-3, -3, 3]
    # Rule 3: the winner holding the Ace of trumps must lead it.
    d = deal("three-card-loo", {**h, 2: "KS AH 3H"}, "5H", "play, play, play, QS, KS, 2S")
    assert d.legal() == ["AH"]


# ------------------------------------------------------- audit: the dealer, Club Law
def test_play_for_the_pool_single_player_looed() -> None:
    # Seed 000: playing for the pool, the dealer "leaves in the pool any amount to which he may be entitled";
    # the single player against him is looed as usual.
    h = {1: "2S 3S 4D", 2: "5D 6D 7D", 0: "AH KH QH", "miss": "2C 3C 5C"}
    d = deal("three-card-loo", h, "5H", "play, pass, play pool, 2S")
    assert d.legal() == ["AH", "KH", "QH"]
    for a in ("AH", "KH", "3S", "QH", "4D"):
        d.act(a)
    assert d.view(0)["tricks_won"] == [3, 0, 0]
    res = d.result()
    assert res.deltas == [-3, -3, 0] and res.pools == {"pool": 6}
    assert d.carry == {"pools": {"pool": 6}, "ante_due": False}


def test_club_law_three_card_play() -> None:
    # L3 Club Law option (Peel): all stand on their own cards when a club is turned, the miss withdrawn;
    # the player on the dealer's left leads and rule 3 binds.
    h = {1: "AC 7S 4H", 2: "3C KS 2S", 0: "QC JC 9H", "miss": "2D 3D 4D"}
    d = deal("three-card-loo", h, "5C", club_law=True)
    assert d.turn == 1 and d.legal() == ["AC"]
    assert d.view(1)["miss_taker"] is None and d.view(1)["entered"] == [1, 2, 0]
    d.act("AC")
    assert d.legal() == ["3C"]
    d.act("3C")
    assert d.legal() == ["QC", "JC"]


def test_irish_loo_exchange_and_dealer_defence() -> None:
    # Seed 000 Irish Loo: "a player is allowed to exchange cards by drawing from the stock"; "played in the same
    # way as the parent game": the dealer facing a single player may not pass (L3-GAP-1), no miss.
    d = deal("irish-loo", I3, "5H", "play, exchange 7S 4C, pass", stock="2D 3D")
    assert d.view(1)["hand"] == ["AH", "3D", "2D"]
    assert d.turn == 0 and d.legal() == ["play", "play pool"]
    assert "this game has no miss" in d.why_not("take")
    assert "play for the pool" in d.why_not("pass")
    for a in ("play pool", "keep", "AH", "JH", "2D", "QH", "9C", "3D"):
        d.act(a)
    res = d.result()
    assert d.view(0)["tricks_won"] == [2, 1, 0]
    # a third per trick to seat 1; the dealer's two thirds stay in the pool
    assert res.deltas == [-3, 1, 0] and res.pools == {"pool": 2}


# ------------------------------------------------------------ audit: five-card loo
def test_five_card_full_deal_fifths_and_loo() -> None:
    # Seed 000 five-card 1: "as there are five tricks ... divisible by five": a fifth of the pool a trick;
    # rule 3 (AH must be led), Pam heads it, rule 2 trump when void.
    h = {1: "AH 2S 3S 4S 6D", 2: "JC KH 9D TD 2D", 0: "7H AC 9C TC AD"}
    d = deal("five-card-loo", h, "5H", "play, keep, play, keep, play, keep", carry={"pools": {"pool": 10},
                                                                                       "ante_due": False})
    assert d.legal() == ["AH", "AH civil"]
    d.act("AH")
    assert d.legal() == ["JC"]
    d.act("JC")
    d.act("7H")
    assert d.turn == 2 and d.legal() == ["KH", "TD", "9D", "2D"]   # one trump: a free lead
    for a in ("TD", "AD", "6D", "AC", "2S"):
        d.act(a)
    assert d.legal() == ["KH"]                                     # void in clubs: must trump
    for a in ("KH", "9D", "9C", "3S", "2D", "TC", "4S"):
        d.act(a)
    assert d.view(0)["tricks_won"] == [1, 0, 4]
    assert d.result().deltas == [2, -10, 8] and d.result().pools == {"pool": 10}


def test_pam_led_draws_trumps() -> None:
    # Pam "ranks as a trump": when Pam is led the others must follow with trumps (L5-GAP-4), none can head it.
    h = {1: "JC 2S 3S 4S 6D", 2: "KH 9D TD 2D 3C", 0: "7H 8H 9C TC 3D"}
    d = deal("five-card-loo", h, "5H", "play, keep, play, keep, play, keep")
    assert d.legal() == ["4S", "3S", "2S", "JC", "6D"]   # a single trump: free lead
    d.act("JC")
    assert d.legal() == ["KH"]
    d.act("KH")
    assert d.legal() == ["8H", "7H"]


@pytest.mark.provisional
def test_pam_be_civil_only_for_a_leader_without_pam() -> None:
    # ENGINE DEFAULT: the announcement is offered only while Pam may be out against the leader.
    h = {1: "AH JC 3S 4S 6D", 2: "KH 9D TD 2D 3C", 0: "7H 8H 9C TC 3D"}
    d = deal("five-card-loo", h, "5H", "play, keep, play, keep, play, keep")
    assert d.legal() == ["AH"]
    assert "Pam" in d.why_not("AH civil")


def test_five_card_options_switch_the_rules() -> None:
    # L5-GAP-6 lead_rule, L5-GAP-3 pam_civil and L5-GAP-2 flush_order are options of both five-card games.
    h = {1: "2H 9H 3S 4S 6D", 2: "KH 8S 9D TD 2D", 0: "7H 6H 9C TC 3D"}
    d = deal("five-card-loo", h, "5H", "play, keep, play, keep, play, keep, 3S, 8S, 7H",
             lead_rule="winner_leads_trump")
    assert d.legal() == ["6H"]   # Parlett's rule in Hervey's game: the winner leads a trump
    d = deal("five-card-loo", h, "5H", "play, keep, play, keep, play, keep")
    assert d.legal() == ["9H", "2H"]   # Hervey's rule 4 binds the opening lead too
    h = {1: "2H 4C 3S 4S 6D", 2: "KH 8S 9D TD 2D", 0: "7H 8C 9C TC 3D"}
    d = deal("lanterloo", h, "5H", "play, play, play, keep, keep, keep", lead_rule="three_card_rules")
    assert d.legal() == ["4S", "3S", "2H", "4C", "6D"]
    lone = {**P, 2: "JC 8S 9D TD 2D"}
    d = deal("five-card-loo", lone, "5H", "play, keep, play, keep, play, keep, AH civil", pam_civil="unless_only_trump")
    assert d.legal() == ["JC"]
    d = deal("lanterloo", lone, "5H", "play, play, play, keep, keep, keep, AH civil", pam_civil="absolute")
    assert d.legal() == ["8S", "TD", "9D", "2D"]
    # Pam flush first (Parlett) in Hervey's game; trump flush first (Hervey) in Lanterloo.
    d = deal("five-card-loo", FL, "5H", "show, show, show", flush_order="pam_first")
    assert d.result().deltas == [0, 0, 0] and d.result().pools == {"pool": 0}
    d = deal("lanterloo", FL, "5H", "play, play, play, keep, keep, keep", flush_order="trump_then_plain",
             flush_paid_to="pool")
    assert d.result().deltas == [-5, 0, 5]


def test_flush_ends_the_deal_and_next_ante() -> None:
    # A flush "looes the board": the looed pay into the pool (Hervey), so the next dealer does not ante.
    h = {1: "2S 3S 4S 6S 9S", 2: "8H 9D TD 2D 3D", 0: "7H 8C 9C TC 4D"}
    d = deal("five-card-loo", h, "5H", "show")
    assert d.over and d.carry == {"pools": {"pool": 10}, "ante_due": False}
    assert "looes the board" in d.view(2)["status"]


def test_flush_paid_to_the_holder_option() -> None:
    # Option flush_paid_to="holder" (Peel: the holder "receives from each of the players ... the amount of a loo").
    h = {1: "2S 3S 4S 6S 9S", 2: "JC 9D TD 2D 5C", 0: "7H 8C 9C TC 4D"}
    d = deal("five-card-loo", h, "5H", "show", flush_paid_to="holder")
    res = d.result()
    assert res.deltas == [-10, 10, 0] and res.pools == {"pool": 0}   # Pam's holder (seat 2) is exempt
    assert d.carry["ante_due"] is True


@pytest.mark.provisional
def test_flush_spares_the_dealer_playing_for_the_pool() -> None:
    # ENGINE DEFAULT from seed 000: playing for the pool "he is not looed", so a flush does not loo him either;
    # the passer is looed (L5-GAP-5).
    h = {1: "2S 3S 4S 6S 9S", 2: "8H 9D TD 2D 3D", 0: "7H 8C 9C TC 4D"}
    d = deal("five-card-loo", h, "5H", "play, keep, pass", flush_shown="after_exchange")
    assert d.legal() == ["play", "play pool"]
    d.act("play pool")
    d.act("keep")
    assert d.over and d.result().deltas == [-5, 5, -5] and d.result().pools == {"pool": 5}


# -------------------------------------------------------------- audit: Lanterloo
def test_lanterloo_flush_ranking_and_payment() -> None:
    # Seed 002: "then by the plain-suit flush containing the highest top card or cards"; the best flush "is
    # appropriately paid by anyone who does not himself hold either Pam or a flush" (flush_paid_to="holder").
    top = {1: "2S 3S 4S 6S KS", 2: "2D 3D 4D 6D QD", 0: "7H 8C 9C TC 3H"}
    d = deal("lanterloo", top, "5H", "play, play, play, keep, keep, keep")
    assert d.result().deltas == [-10, 10, 0] and d.result().pools == {"pool": 0}
    nxt = {1: "KD 8D 7D 6D 5D", 2: "KS 9S 4S 3S 2S", 0: "7H 8C 9C TC 3H"}   # equal tops: the next card decides
    d = deal("lanterloo", nxt, "5H", "play, play, play, keep, keep, keep")
    assert d.result().deltas == [-10, 0, 10]
    # "followed by a flush in trumps": a trump flush beats any plain flush, passers or not (L5-GAP-5).
    d = deal("lanterloo", {**nxt, 1: "AH QH JH TH 9H"}, "5H", "pass, pass, pass")
    assert d.result().deltas == [-10, 10, 0]
    # option: the loo goes into the pool (Hervey)
    d = deal("lanterloo", top, "5H", "play, play, play, keep, keep, keep", flush_paid_to="pool")
    assert d.result().deltas == [-10, 5, 0] and d.result().pools == {"pool": 5}


def test_lanterloo_winner_leads_trump_and_full_deal() -> None:
    # Seed 002: "The winner of each trick leads to the next, and must lead a trump if possible"; "Each trick
    # earns one-fifth of the pool"; "Dealer antes five chips to the pot before dealing" (every deal).
    h = {1: "QS 2C 3C 4D 5D", 2: "KS 9H 2H 6C 7C", 0: "2S 8C 9C TC 6D"}
    d = deal("lanterloo", h, "5H", "play, play, play, keep, keep, keep", carry={"pools": {"pool": 10},
                                                                                 "ante_due": False})
    assert d.view(1)["pools"] == {"pool": 15}
    assert d.legal() == ["QS", "3C", "2C", "5D", "4D"]   # eldest holds no trump
    for a in ("QS", "KS", "2S"):
        d.act(a)
    assert d.turn == 2 and d.legal() == ["9H", "2H"]
    assert "lead a trump" in d.why_not("7C")
    for a in ("9H", "6D", "4D"):
        d.act(a)
    assert d.legal() == ["2H"]
    for a in ("2H", "8C", "5D", "7C"):
        d.act(a)
    assert d.legal() == ["TC", "9C"]                      # must head
    for a in ("TC", "2C", "9C", "3C", "6C"):
        d.act(a)
    assert d.view(0)["tricks_won"] == [2, 0, 3]
    assert d.result().deltas == [-5 + 6, -15, 9] and d.result().pools == {"pool": 15}


@pytest.mark.provisional
def test_lanterloo_looed_pays_the_pool_at_start() -> None:
    # ENGINE DEFAULT (Parlett silent on the loo): as in Hervey's parent game; options as in L3-GAP-2.
    h = {1: "QS 2C 3C 4D 5D", 2: "KS 9H 2H 6C 7C", 0: "2S 8C 9C TC 6D"}
    acts = "play, play, play, keep, keep, keep, QS, KS, 2S, 9H, 6D, 4D, 2H, 8C, 5D, 7C, TC, 2C, 9C, 3C, 6C"
    d = deal("lanterloo", h, "5H", acts, penalty="fixed", penalty_limit=5)
    assert d.result().deltas == [-5 + 2, -5, 3] and d.result().pools == {"pool": 5}


def test_lanterloo_dealer_antes_every_deal_and_option() -> None:
    # Seed 002: "Dealer antes five chips to the pot before dealing"; L3-GAP-3 option.
    carry = {"pools": {"pool": 10}, "ante_due": False}
    assert deal("lanterloo", P, "5H", carry=carry).view(1)["pools"] == {"pool": 15}
    assert deal("lanterloo", P, "5H", carry=carry, dealer_antes="only_if_no_loo").view(1)["pools"] == {"pool": 10}


# --------------------------------------------------------------- audit: bad input
@pytest.mark.parametrize(("gid", "options", "words"), [
    ("three-card-loo", {"penalty": "half"}, "'pool_at_start', 'fixed', 'cap'"),
    ("five-card-loo", {"pam_civil": "rude"}, "'absolute', 'unless_only_trump'"),
    ("lanterloo", {"flush_paid_to": "bank"}, "'pool', 'holder'"),
    ("irish-loo", {"flush3": "maybe"}, "flush3"),
    ("three-card-loo", {"defend_pool_hand": "x"}, "'own_or_miss', 'miss_only'"),
    ("lanterloo", {"players": 11}, "3 to 10"),
])
def test_bad_options_are_refused(gid: str, options: dict, words: str) -> None:
    with pytest.raises(ct.RulesError) as e:
        ct.load(gid, **options)
    assert words in str(e.value)


def test_bad_actions_leave_the_deal_unchanged() -> None:
    d = deal("three-card-loo", A, "5H", "play, play, play")
    before = d.view(1)
    for action, seat, words in [("7S", 1, "Ace of trumps"), ("ZZ", 1, "Legal now: AH"),
                                ("AH", 2, "it is Bea's turn"), ("AH civil", 1, "Legal now: AH")]:
        with pytest.raises(ct.IllegalAction) as e:
            d.act(action, seat=seat)
        assert words in str(e.value)
    assert d.view(1) == before
    d = deal("five-card-loo", P, "5H", "play", stock="8S 9S")
    with pytest.raises(ct.IllegalAction) as e:
        d.act("exchange 2S 9H")
    assert "exchange cards from your hand" in str(e.value)
    assert d.view(1)["hand"] == ["4S", "3S", "2S", "AH", "6D"]


# --------------------------------------------------- audit: properties per option set
PROPERTY_CASES = [
    ("three-card-loo", {}), ("three-card-loo", {"club_law": True, "dealer_antes": "always"}),
    ("three-card-loo", {"penalty": "fixed", "defend_pool_hand": "miss_only", "undertrump_required": False}),
    ("five-card-loo", {}), ("five-card-loo", {"flush_paid_to": "holder", "flush_tie": "elder_hand",
                                              "pam_civil": "unless_only_trump", "deal": "3+2"}),
    ("five-card-loo", {"club_law": True, "flush_loos_passers": False, "penalty": "cap", "penalty_limit": 7}),
    ("irish-loo", {}), ("irish-loo", {"flush3": True, "club_law": False}),
    ("lanterloo", {}), ("lanterloo", {"club_law": True, "flush_paid_to": "pool", "lead_rule": "three_card_rules"}),
]


@pytest.mark.parametrize(("gid", "options"), PROPERTY_CASES)
@pytest.mark.parametrize("players", [3, 7])
def test_conservation_and_termination(gid: str, options: dict, players: int) -> None:
    # Every option set: chips are neither created nor lost (deltas plus the pool's change sum to zero), every
    # card is in exactly one place at every step, and each deal ends.
    import random

    game = ct.load(gid, players=players, **options)
    rng = random.Random(7)
    carry: dict | None = None
    for i in range(25):
        d = game.deal(seed=i, dealer=i % players, carry=carry)
        start = Fraction((carry or {}).get("pools", {}).get("pool", 0))
        steps = 0
        while not d.over:
            assert sorted(d.card_locations()) == list(range(52))  # type: ignore[attr-defined]
            d.act(rng.choice(d.legal()))
            steps += 1
            assert steps < 200
        res = d.result()
        assert sum(map(Fraction, res.deltas)) + Fraction(res.pools["pool"]) - start == 0
        assert res.pools["pool"] >= 0
        carry = d.carry


@pytest.mark.parametrize(("gid", "how", "seat1"), [
    ("lanterloo", "3+2", "AS KS QS 5S 4S"),      # seed 002: "five cards each (3+2 or 2+3)"
    ("lanterloo", "2+3", "AS KS 8S 7S 6S"),
    ("five-card-loo", "singly", "AS JS 8S 5S 2S"),  # Peel: "one at a time, the latter ... by far the best"
])
def test_five_card_deal_packets(gid: str, how: str, seat1: str) -> None:
    game = ct.load(gid, players=3, deal=how)
    top = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH 9D"
    d = game.deal(deck=arranged(PACK_52, top), dealer=0)
    assert d.view(1)["hand"] == seat1.split()
    assert d.view(1)["turn_up"] == "9D" and d.view(1)["trump"] == "D"  # "turns the next for trump"
