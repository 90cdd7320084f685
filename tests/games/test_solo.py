"""Scenario tests for the Solo family (seed 001: Six-Bid Solo, Frog, Coeur d'Alene, Progressive Solo).

Hands are given in deal order (dealer's left first); ``stack`` builds the 36-card pack for the
"four-three-widow-four" deal, and ``play`` plays each seat's cards in the order listed.
"""

from __future__ import annotations

import json
import random

import pytest

import cardtable as ct
from cardtable.core.cards import PACK_36


def stack(first: str, second: str, third: str, widow: str) -> str:
    """Seed: 'a round of four at a time, beginning with the player at his left; then a round of
    three at a time, then three cards face down for a widow or blind; finally a round of four'."""
    h = [first.split(), second.split(), third.split()]
    assert all(len(x) == 11 for x in h) and len(widow.split()) == 3
    out = [c for x in h for c in x[0:4]] + [c for x in h for c in x[4:7]] + widow.split()
    return " ".join(out + [c for x in h for c in x[7:11]])


def play(deal: ct.Deal, cards: dict[int, str]) -> None:
    """Play each seat's listed cards, whoever's turn it is (the trick winner leads)."""
    queues = {s: c.split() for s, c in cards.items()}
    while any(queues.values()):
        seat = deal.turn
        deal.act(queues[seat].pop(0), seat=seat)


# L2: every trick is followed in suit; seat 1 and seat 2 take 60 points each, seat 0 takes
# only the trick 8S-7S-6S (no counting card). Widow 8C 7C 6C (no points).
L2 = stack("AS QS 6S AH QH 6H KD 9D 6D KC 9C",
           "TS JS 7S TH JH 8H AD QD 8D AC QC",
           "KS 9S 8S KH 9H 7H TD JD 7D TC JC", "8C 7C 6C")
L2_PLAY = {1: "AS QS 6S AH QH 6H KD 9D 6D KC 9C",
           2: "TS JS 7S TH JH 8H AD QD 8D AC QC",
           0: "KS 9S 8S KH 9H 7H TD JD 7D TC JC"}

# L3: seat 1 holds all nine spades, 6H and 6D; the widow AC TC KC holds 25 points.
L3 = stack("AS KS QS JS TS 9S 8S 7S 6S 6H 6D",
           "AH TH KH QH JH 9H 8H 7H QC JC 9C",
           "AD TD KD QD JD 9D 8D 7D 8C 7C 6C", "AC TC KC")
L3_SOLO_PLAY = {1: "6H AS KS QS JS TS 9S 8S 7S 6S 6D",
                2: "AH TH KH QH JH 9H 8H 7H QC JC 9C",
                0: "8C 7C 6C 7D 8D 9D JD QD KD TD AD"}


def six(players: int = 3, **opts) -> ct.Game:
    return ct.load("six-bid-solo", players=players, **opts)


# ---------------------------------------------------------------------------- the deal
def test_four_three_widow_four_deal() -> None:
    # Seed: "Each hand thus receives 11 cards"; three face down for a widow.
    d = six().deal(deck=L3, dealer=0)
    assert d.view(1)["hand"] == ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "6H", "6D"]
    assert d.view(0)["hand"] == ["8C", "7C", "6C", "AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D"]
    assert d.view(1)["widow_size"] == 3
    assert d.view(2)["hand_sizes"] == [11, 11, 11]


def test_four_players_dealer_gets_no_cards() -> None:
    # Seed: "If four play, the dealer does not give cards to himself."
    d = six(4).deal(deck=L3, dealer=0)
    assert d.view(0)["hand"] == [] and d.view(0)["hand_sizes"] == [0, 11, 11, 11]
    assert d.view(3)["hand"][0] == "8C" and d.turn == 1


# ---------------------------------------------------------------------------- bidding
def test_two_at_a_time_bidding() -> None:
    # Seed: "If he bids and the next hand bids more ... these two first settle who can make the
    # higher bid. Once a player passes, he is out of the bidding. Third player settles with survivor."
    d = six().deal(deck=L2, dealer=0)
    assert d.turn == 1
    assert d.legal() == ["pass", "solo", "heart-solo", "misere", "guarantee-solo", "spread-misere", "call-solo"]
    d.act("solo")
    assert d.turn == 2 and d.legal() == ["pass", "heart-solo", "misere", "guarantee-solo", "spread-misere",
                                         "call-solo"]
    d.act("heart-solo")
    assert d.turn == 1 and d.legal()[:2] == ["pass", "misere"]
    d.act("misere")
    d.act("pass", seat=2)
    assert d.turn == 0 and d.legal() == ["pass", "guarantee-solo", "spread-misere", "call-solo"]
    assert "higher-ranking" in d.why_not("solo")
    d.act("guarantee-solo")
    d.act("pass", seat=1)
    # Guarantee Solo: "74 points if he names hearts as trumps, or 80 if he names another suit."
    assert d.phase == "trump" and d.turn == 0
    assert d.legal() == ["trump spades", "trump hearts", "trump diamonds", "trump clubs"]


def test_forehand_passes_then_middle_and_rear() -> None:
    d = six().deal(deck=L2, dealer=0)
    d.act("pass")
    assert d.turn == 2
    d.act("solo")
    assert d.turn == 0
    d.act("pass")
    assert d.phase == "trump" and d.turn == 2
    # Solo: "the bidder names any suit other than hearts as trumps"
    assert d.legal() == ["trump spades", "trump diamonds", "trump clubs"]
    assert "spades, diamonds, clubs" in d.why_not("trump hearts")


def test_all_pass_new_deal_no_score() -> None:
    # Seed: "If all pass, there is a new deal by the next dealer in turn."
    d = six().deal(deck=L2, dealer=0)
    for a in ("pass", "pass", "pass"):
        d.act(a)
    assert d.over and d.result().deltas == [0, 0, 0] and d.carry is None


# ---------------------------------------------------------------------------- solo games
def test_solo_made_with_widow_and_must_trump() -> None:
    # Solo: "The widow is set aside untouched, but is added to bidder's cards at the end of play."
    d = six().deal(deck=L3, dealer=0)
    for a in ("solo", "pass", "pass", "trump spades"):
        d.act(a)
    assert d.turn == 1  # "the opening lead is invariably made by the player at left of dealer"
    d.act("6H")
    d.act("AH")
    # Seat 0 is void in hearts and holds no spade: anything goes.
    assert len(d.legal()) == 11
    d.act("8C")
    assert d.turn == 2
    d.act("TH")
    d.act("7C")
    # "if unable to follow suit must trump, if able. But there is no compulsion to trump high or low."
    assert d.legal() == ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S"]
    assert "must trump" in d.why_not("6D")
    d.act("AS")
    assert d.public_view()["last_trick"] == [[2, "TH"], [0, "7C"], [1, "AS"]] and d.turn == 1  # trumped: seat 1
    rest = {1: "KS QS JS TS 9S 8S 7S 6S 6D", 2: "KH QH JH 9H 8H 7H QC JC 9C", 0: "6C 7D 8D 9D JD QD KD TD AD"}
    play(d, rest)
    assert d.over and d.view(0)["card_points"] == [11, 73, 11]
    # 73 in tricks + 25 in the widow = 98: "2 for each point over or under 60" -> 76 from each.
    assert d.result().deltas == [-76, 152, -76]
    assert d.view(2)["widow"] == ["AC", "KC", "TC"]


def test_solo_sixty_is_no_score() -> None:
    # Seed: "In simple solo and heart solo, if each side wins 60 points there is no score for the deal."
    for bid in ("solo", "heart-solo"):
        d = six().deal(deck=L2, dealer=0)
        for a in (bid, "pass", "pass") + (("trump clubs",) if bid == "solo" else ()):
            d.act(a)
        play(d, L2_PLAY)
        assert d.view(1)["card_points"] == [0, 60, 60]
        assert d.result().deltas == [0, 0, 0], bid


def test_solo_failed_three_and_four_players() -> None:
    # Seat 0 (three players) takes no counting card: Solo fails by 60, 2 a point to each.
    d = six().deal(deck=L2, dealer=0)
    for a in ("pass", "pass", "solo", "trump clubs"):
        d.act(a)
    play(d, L2_PLAY)
    assert d.result().deltas == [-240, 120, 120]
    # Heart Solo: 3 a point.
    d = six().deal(deck=L2, dealer=0)
    for a in ("pass", "pass", "heart-solo"):
        d.act(a)
    play(d, L2_PLAY)
    assert d.result().deltas == [-360, 180, 180]


def test_four_players_solo_settlement() -> None:
    # Seed: "If there are four players, all share in the gains or losses, except that if the bidder
    # makes simple solo or heart solo he collects only from the two other active players."
    d = six(4).deal(deck=L3, dealer=0)
    for a in ("solo", "pass", "pass", "trump spades"):
        d.act(a)
    play(d, {1: L3_SOLO_PLAY[1], 2: L3_SOLO_PLAY[2], 3: L3_SOLO_PLAY[0]})
    assert d.result().deltas == [0, 152, -76, -76]
    # SB-GAP-5: a failed solo pays all three (literal), or only the two active with pay_two.
    for opt, want in (("pay_three", [120, 120, 120, -360]), ("pay_two", [0, 120, 120, -240])):
        d = six(4, four_hand_solo_loss=opt).deal(deck=L2, dealer=0)
        for a in ("pass", "pass", "solo", "trump clubs"):
            d.act(a)
        play(d, {1: L2_PLAY[1], 2: L2_PLAY[2], 3: L2_PLAY[0]})
        assert d.result().deltas == want, opt


@pytest.mark.provisional  # SB-GAP-1: flat tariff values need confirmation
def test_misere_made_and_failed() -> None:
    # Misère: "no trumps, and the bidder undertakes to avoid taking any counting cards".
    d = six().deal(deck=L2, dealer=0)
    for a in ("pass", "pass", "misere"):
        d.act(a)
    assert d.view(0)["trump"] is None and d.turn == 1
    play(d, L2_PLAY)
    assert d.view(0)["tricks_won"][0] == 1  # a trick of 8S 7S 6S: no counting card
    assert d.result().deltas == [60, -30, -30]
    # SB-GAP-2 option: "lose every trick" - the same play now fails.
    d = six(misere_goal="no_tricks").deal(deck=L2, dealer=0)
    for a in ("pass", "pass", "misere"):
        d.act(a)
    play(d, L2_PLAY)
    assert d.result().deltas == [-60, 30, 30]
    # Seat 1 takes counting cards: failed, pays 30 to each.
    d = six().deal(deck=L2, dealer=0)
    for a in ("misere", "pass", "pass"):
        d.act(a)
    play(d, L2_PLAY)
    assert d.result().deltas == [30, -60, 30]


@pytest.mark.provisional  # SB-GAP-1 (Spread Misère 60)
def test_spread_misere_exposed_after_opening_lead() -> None:
    # "the bidder exposes his whole hand face up after the opening lead, and opening lead is made
    # by the player at the left of bidder."
    d = six().deal(deck=L2, dealer=0)
    for a in ("pass", "pass", "spread-misere"):
        d.act(a)
    assert d.turn == 1 and "exposed" not in d.view(1)
    d.act("AS")
    hand0 = ["KS", "9S", "8S", "KH", "9H", "7H", "JC", "TC", "JD", "TD", "7D"]
    for seat in (1, 2):
        assert d.view(seat)["exposed"] == {0: hand0}
    assert d.public_view()["exposed"] == {0: hand0}
    # The leak accounting knows: seat 0's hand is no longer hidden from anyone.
    assert d.hidden_from(1) & d.hands[0] == 0
    s = d.sample(2, random.Random(1))
    assert s.hands[0] == d.hands[0]
    play(d, {1: L2_PLAY[1].split(None, 1)[1], 2: L2_PLAY[2], 0: L2_PLAY[0]})
    assert d.result().deltas == [120, -60, -60]


def test_spread_misere_after_first_trick_cards_option() -> None:
    # SB-GAP-3: exposure once the other two have played to the first trick.
    d = six(spread_expose="after_first_trick_cards").deal(deck=L2, dealer=0)
    for a in ("pass", "pass", "spread-misere", "AS"):
        d.act(a)
    assert "exposed" not in d.view(2)
    d.act("TS")
    assert 0 in d.view(2)["exposed"]


@pytest.mark.provisional  # SB-GAP-1 (Guarantee Solo 40)
def test_guarantee_solo_targets() -> None:
    # "74 points if he names hearts as trumps, or 80 if he names another suit."
    d = six().deal(deck=L3, dealer=0)
    for a in ("guarantee-solo", "pass", "pass", "trump spades"):
        d.act(a)
    play(d, L3_SOLO_PLAY)
    assert d.result().deltas == [-40, 80, -40]  # 98 >= 80
    d = six().deal(deck=L2, dealer=0)
    for a in ("guarantee-solo", "pass", "pass", "trump hearts"):
        d.act(a)
    play(d, L2_PLAY)
    assert d.result().deltas == [40, -80, 40]  # 60 < 74


CALL_PLAY = {1: "AH AS KS QS JS TS 9S 8S 7S 6S 6H",
             2: "TH KH QH JH 9H 8H QC JC 9C 6D 7H",
             0: "AD TD KD QD JD 9D 8D 7D 8C 7C 6C"}


@pytest.mark.provisional  # SB-GAP-1 (Call Solo 100 / 150)
def test_call_solo_exchange_and_all_points() -> None:
    # "the bidder calls for any card not in his hand, and the holder of this card must give it to
    # him in exchange for any card the bidder chooses to give in return."
    d = six().deal(deck=L3, dealer=0)
    for a in ("call-solo", "pass", "pass", "trump spades"):
        d.act(a)
    assert d.phase == "call" and len(d.legal()) == 25 and "call ace of hearts" in d.legal()
    d.act("call ace of hearts")
    assert d.phase == "give" and d.turn == 1
    assert d.legal() == ["give AS", "give KS", "give QS", "give JS", "give TS", "give 9S", "give 8S", "give 7S",
                         "give 6S", "give 6H", "give 6D"]
    d.act("give 6D")
    assert "AH" in d.view(1)["hand"] and "6D" in d.view(2)["hand"] and "AH" not in d.view(2)["hand"]
    # Only the bidder and the holder see which card was given.
    assert d.view(2)["history"][-1] == [1, "give 6D"] and d.view(0)["history"][-1] == [1, "give"]
    assert "6D" not in json.dumps(d.view(0))
    assert d.phase == "play" and d.turn == 1
    play(d, CALL_PLAY)
    # SB-GAP-4: seat 2's last trick (6H 7H 6C) holds no counting card: the bidder has all 120.
    assert d.view(1)["tricks_won"] == [0, 10, 1]
    assert d.result().deltas == [-100, 200, -100]


def test_call_solo_called_card_in_widow() -> None:
    # "If the called card is in the widow, there is no exchange of cards."
    d = six().deal(deck=L3, dealer=0)
    for a in ("call-solo", "pass", "pass", "trump hearts", "call ace of clubs"):
        d.act(a)
    assert d.phase == "play" and d.view(0)["called"] == "AC"
    assert d.view(1)["hand_sizes"] == [11, 11, 11]
    s = d.sample(0, random.Random(3))
    assert s.widow & 1 << PACK_36.parse("AC")  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------- frog
FROG_PLAY = {1: "AC AS 6H 6S 7S 8S 9S TS JS QS KS",
             2: "9C 7H QC 8H JC AH TH KH QH JH 9H",
             0: "6C 7C 8C 7D 8D 9D JD QD KD TD AD"}


def test_frog_widow_discards_and_must_trump() -> None:
    # Frog: "Hearts are trumps. The bidder picks up the widow and then discards any three cards
    # face down. He collects or pays for every point he takes in play over or under 60."
    d = ct.load("frog").deal(deck=L3, dealer=0)
    assert d.legal() == ["pass", "frog", "chico", "grand"]
    for a in ("frog", "pass", "pass"):
        d.act(a)
    assert d.phase == "discard" and d.view(1)["hand_sizes"][1] == 14
    for a in ("discard TC", "discard KC", "discard 6D"):
        d.act(a)
    assert d.view(2)["history"][-1] == [1, "discard"] and d.view(1)["discards"] == ["KC", "TC", "6D"]
    assert d.phase == "play" and d.turn == 1
    d.act("AC")
    d.act("9C")
    d.act("6C")
    d.act("AS")
    # Void in spades, seat 2 must trump with a heart.
    assert d.legal() == ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H"]
    play(d, {1: "6H 6S 7S 8S 9S TS JS QS KS", 2: "7H QC 8H JC AH TH KH QH JH 9H",
             0: "7C 8C 7D 8D 9D JD QD KD TD AD"})
    # Bidder: tricks 14 + discards TC KC = 28; 32 under 60 at 1 a point.
    assert d.view(1)["card_points"] == [0, 14, 92]
    assert d.result().deltas == [32, -64, 32]


def test_frog_chico_and_grand_rates() -> None:
    # Chico = simple solo, 2 a point; Grand (FR-GAP-1) hearts trumps, widow counts, 3 a point (FR-GAP-2).
    d = ct.load("frog").deal(deck=L3, dealer=0)
    for a in ("chico", "pass", "pass", "trump spades"):
        d.act(a)
    play(d, L3_SOLO_PLAY)
    assert d.result().deltas == [-76, 152, -76]
    for rate, want in ((3, [-360, 180, 180]), (4, [-480, 240, 240])):
        d = ct.load("frog", grand_rate=rate).deal(deck=L2, dealer=0)
        for a in ("pass", "pass", "grand"):
            d.act(a)
        play(d, L2_PLAY)
        assert d.result().deltas == want


# ---------------------------------------------------------------------------- Coeur d'Alene
def test_coeur_d_alene_flat_and_tie() -> None:
    # "61 points being needed to win; excess points are not considered. If a bidder makes 60
    # points, it is rated a tie ... 1 chip for a frog 2 chips for a simple solo 3 chips for a heart solo."
    g = ct.load("coeur-d-alene-solo")
    d = g.deal(deck=L2, dealer=0)
    assert d.legal() == ["pass", "frog", "solo", "heart-solo"]
    for a in ("heart-solo", "pass", "pass"):
        d.act(a)
    play(d, L2_PLAY)
    assert d.result().deltas == [0, 0, 0]
    d = g.deal(deck=L3, dealer=0)
    for a in ("solo", "pass", "pass", "trump spades"):
        d.act(a)
    play(d, L3_SOLO_PLAY)
    assert d.result().deltas == [-2, 4, -2]
    assert ct.load("coeur-d-alene-solo", bids="six_bid").deal(deck=L2).legal()[-1] == "call-solo"


@pytest.mark.provisional  # CA-GAP-1 note: a loss pays the same flat amount (ENGINE DEFAULT)
def test_coeur_d_alene_frog_failed_pays_flat() -> None:
    # The Frog bidder takes 28 (his discards TC KC count): a loss, 1 chip to each opponent.
    d = ct.load("coeur-d-alene-solo").deal(deck=L3, dealer=0)
    for a in ("frog", "pass", "pass", "discard TC", "discard KC", "discard 6D"):
        d.act(a)
    play(d, FROG_PLAY)
    assert d.result().deltas == [1, -2, 1]


# ---------------------------------------------------------------------------- Progressive
def prog(**opts) -> ct.Game:
    return ct.load("progressive-solo", **opts)


@pytest.mark.provisional  # the pot feed is an ENGINE DEFAULT
def test_progressive_round_bidding_double_redouble() -> None:
    # "any player in his turn may double a bid ... A doubled player may redouble ... A double or
    # redouble does not end the bidding."
    assert ct.load("denver-solo").id == "progressive-solo"
    d = prog().deal(deck=L3, dealer=0)
    assert d.legal() == ["pass", "frog", "spade-solo", "club-solo", "diamond-solo", "heart-solo"]
    d.act("spade-solo")
    assert d.legal() == ["pass", "club-solo", "diamond-solo", "heart-solo", "double"]
    d.act("double")
    assert d.turn == 0 and d.legal() == ["pass", "club-solo", "diamond-solo", "heart-solo"]
    d.act("pass")
    assert d.turn == 1 and d.legal() == ["pass", "redouble"]
    d.act("redouble")
    assert d.turn == 2 and d.legal() == ["pass", "club-solo", "diamond-solo", "heart-solo"]
    d.act("pass")
    assert d.phase == "play" and d.view(0)["doubled"] == 2 and d.view(0)["pools"] == {"frog_pot": 3,
                                                                                      "solo_pot": 3}
    play(d, L3_SOLO_PLAY)
    # 98 points: 38 over at 2 a point = 76; redoubled, the doubler pays four times.
    # Pots (ENGINE DEFAULT feed): each antes 1 into each empty pot; the winner takes the solo pot.
    res = d.result()
    assert res.deltas == [-2 - 76, -2 + 304 + 76 + 3, -2 - 304]
    assert res.pools == {"frog_pot": 3, "solo_pot": 0}
    assert d.carry == {"pools": {"frog_pot": 3, "solo_pot": 0}}


@pytest.mark.provisional  # PS-GAP-4 (ENGINE DEFAULT)
def test_progressive_overcall_cancels_double() -> None:
    # PS-GAP-4 (engine default): "The doubled or redoubled bid may be overcalled"; the new bid is undoubled.
    d = prog().deal(deck=L3, dealer=0)
    for a in ("frog", "double", "club-solo"):
        d.act(a)
    assert d.view(0)["doubled"] == 0 and d.turn == 1 and "double" in d.legal()


@pytest.mark.provisional  # PS-GAP-6 (docs/decisions.md): our reading of "overcalled by anyone"
def test_progressive_doubled_bidder_may_only_pass_or_redouble_by_default() -> None:
    # Seed 001, Progressive Solo: "A doubled player may redouble ... the doubled or redoubled bid may be
    # overcalled by anyone making a higher bid in turn." Default reading (PS-GAP-6): "anyone" are the others;
    # the doubled bidder's own calls are pass and redouble.
    d = prog().deal(deck=L3, dealer=0)
    for a in ("frog", "double", "pass"):
        d.act(a)
    assert d.turn == 1 and d.legal() == ["pass", "redouble"]
    assert "you hold the highest bid; you speak again only to redouble or pass" in (d.why_not("spade-solo") or "")
    with pytest.raises(ct.IllegalAction):
        d.act("club-solo")
    assert d.turn == 1 and d.view(0)["high_bid"] == "frog" and d.view(0)["doubled"] == 1


def test_progressive_option_doubled_bidder_may_overcall_himself() -> None:
    # Seed 001, Progressive Solo: "the doubled or redoubled bid may be overcalled by anyone making a higher
    # bid in turn" — with doubled_bidder_overcalls, "anyone" includes the doubled bidder himself (PS-GAP-6).
    d = prog(doubled_bidder_overcalls=True).deal(deck=L3, dealer=0)
    for a in ("frog", "double", "pass"):
        d.act(a)
    assert d.turn == 1 and d.legal() == ["pass", "spade-solo", "club-solo", "diamond-solo", "heart-solo",
                                         "redouble"]
    assert "each bid must name a higher-ranking game than the last (Frog)" in (d.why_not("frog") or "")
    d.act("club-solo")  # PS-GAP-4: an overcall cancels the double, his own too
    assert d.view(0)["high_bidder"] == 1 and d.view(0)["doubled"] == 0
    assert d.turn == 2 and d.legal() == ["pass", "diamond-solo", "heart-solo", "double"]
    d.act("pass")  # seat 0 passed before: the bidding is over
    assert d.phase == "play" and d.declarer == 1 and d.view(0)["contract"] == "Club Solo"  # type: ignore[attr-defined]
    assert d.view(0)["doubled"] == 0


def test_progressive_doubled_bidder_option_is_validated() -> None:
    with pytest.raises(ct.RulesError, match="option doubled_bidder_overcalls must be true or false, not 'sometimes'"):
        prog(doubled_bidder_overcalls="sometimes")
    # Six-Bid Solo's bidding is two at a time, with no doubling: the option is Progressive Solo's only.
    with pytest.raises(ct.RulesError, match="unknown option 'doubled_bidder_overcalls'"):
        ct.load("six-bid-solo", doubled_bidder_overcalls=True)
    assert [o.name for o in ct.game_info("progressive-solo").options].count("doubled_bidder_overcalls") == 1


@pytest.mark.provisional  # PS-GAP-3 pots and the ENGINE DEFAULT pot feed
def test_progressive_failed_doubled_bid_and_pot() -> None:
    # PS-GAP-2: a failed doubled bid loses twice to each opponent; PS-GAP-3: the failing bidder
    # pays into the pot an amount equal to its content.
    for opt, want in (("each_opponent_x2", [-2 - 480 - 3, -2 + 240, -2 + 240]),
                      ("doubler_x2_other_x1", [-2 - 360 - 3, -2 + 240, -2 + 120])):
        d = prog(failed_double_pays=opt).deal(deck=L2, dealer=0)
        for a in ("frog", "pass", "spade-solo", "double", "pass", "pass"):
            d.act(a)
        assert d.declarer == 0 and d.view(1)["doubler"] == 1  # type: ignore[attr-defined]
        play(d, L2_PLAY)
        res = d.result()
        assert res.deltas == want, opt
        assert res.pools == {"frog_pot": 3, "solo_pot": 6}
    # The next deal: the pots are not empty, so nobody antes; a tie moves no chips.
    d2 = prog().deal(deck=L2, dealer=0, carry=d.carry)
    for a in ("spade-solo", "pass", "pass"):
        d2.act(a)
    play(d2, L2_PLAY)
    assert d2.result().deltas == [0, 0, 0] and d2.result().pools == {"frog_pot": 3, "solo_pot": 6}


# ---------------------------------------------------------------------------- options, sampling
def test_options_validated() -> None:
    # SB-GAP-1: the tariff is overridable; bad values are refused with the allowed ones.
    g = six(misere=40, call_solo_hearts=200)
    assert g.setup.ladder["misere"].value == 40
    with pytest.raises(ct.RulesError, match="spread_expose"):
        six(spread_expose="never")
    with pytest.raises(ct.RulesError, match="grand_rate"):
        ct.load("frog", grand_rate=5)
    with pytest.raises(ct.RulesError, match="3 to 4"):
        six(5)


def test_sample_keeps_what_the_bidder_knows() -> None:
    # The Frog bidder knows his discards; the others do not, and a void shown stays a void.
    d = ct.load("frog").deal(deck=L3, dealer=0)
    for a in ("frog", "pass", "pass", "discard TC", "discard KC", "discard 6D", "AC", "9C", "6C", "AS", "7H", "7C"):
        d.act(a)
    for k in range(5):
        s = d.sample(1, random.Random(k))
        assert s.discards == d.discards  # type: ignore[attr-defined]
        s0 = d.sample(2, random.Random(k))
        # Seat 0 discarded 7C on a spade lead with hearts trumps: it holds no spade and no heart.
        no = PACK_36.suit_mask[0] | PACK_36.suit_mask[1]
        assert s0.hands[0] & no == 0


# ---------------------------------------------------------------------------- audit additions
def mirror(text: str) -> str:
    """The same cards with spades and hearts swapped."""
    return " ".join(c[0] + {"S": "H", "H": "S"}.get(c[1], c[1]) for c in text.split())


# L4: L3 with spades and hearts swapped: seat 1 holds all nine hearts, 6S and 6D; widow AC TC KC.
L4 = mirror(L3)
L4_PLAY = {s: mirror(v) for s, v in L3_SOLO_PLAY.items()}


def test_heart_solo_made() -> None:
    # Heart Solo: "Same as simple solo in all respects, but hearts are trumps"; 3 a point.
    # 73 in tricks + the widow's 25 = 98, 38 over 60.
    d = six().deal(deck=L4, dealer=0)
    for a in ("heart-solo", "pass", "pass"):
        d.act(a)
    assert d.phase == "play" and d.view(2)["trump"] == "H"
    play(d, L4_PLAY)
    assert d.result().deltas == [-114, 228, -114]
    assert d.result().lines[0] == "Bea made Heart Solo: 98 points, 38 over 60 at 3 a point: 114"


# Every trick is followed in suit, so the trump suit does not change the play. P74: the bidder
# (seat 1) takes 74 (AS-KS-JS, AH-KH-JH tricks and TD KD 7D); P80: he takes 80.
P74 = stack("AS KS JS AH KH JH TD 6D 8D 6C JC", "TS QS 9S TH QH 9H AD KD QD AC KC",
            "6S 7S 8S 6H 7H 8H 9D 7D JD TC QC", "9C 8C 7C")
P74_PLAY = {1: "AS KS JS AH KH JH TD 6D 6C JC 8D", 2: "TS QS 9S TH QH 9H KD AD AC KC QD",
            0: "6S 7S 8S 6H 7H 8H 7D 9D TC QC JD"}
P80 = stack("AS KS JS AH KH JH AD 6D 8D QC KC", "TS QS 9S TH QH 9H KD TD JD JC AC",
            "6S 7S 8S 6H 7H 8H 7D QD 9D 6C TC", "9C 8C 7C")
P80_PLAY = {1: "AS KS JS AH KH JH AD QC 6D KC 8D", 2: "TS QS 9S TH QH 9H KD JC TD AC JD",
            0: "6S 7S 8S 6H 7H 8H 7D 6C QD TC 9D"}


@pytest.mark.provisional  # SB-GAP-1 (Guarantee Solo 40)
@pytest.mark.parametrize("deck,cards,trump,want", [
    (P74, P74_PLAY, "hearts", [-40, 80, -40]),   # 74 with hearts trumps: made
    (P74, P74_PLAY, "spades", [40, -80, 40]),    # 74 with another trump: failed (needs 80)
    (P80, P80_PLAY, "spades", [-40, 80, -40]),   # 80 with another trump: made
])
def test_guarantee_solo_74_and_80(deck: str, cards: dict[int, str], trump: str, want: list[int]) -> None:
    # Guarantee Solo: "74 points if he names hearts as trumps, or 80 if he names another suit."
    d = six().deal(deck=deck, dealer=0)
    for a in ("guarantee-solo", "pass", "pass", f"trump {trump}"):
        d.act(a)
    play(d, cards)
    assert d.view(0)["card_points"][1] == (74 if deck == P74 else 80)
    assert d.result().deltas == want


@pytest.mark.provisional  # SB-GAP-1 (Misère 30)
def test_misere_widow_not_counted_and_no_trumps() -> None:
    # Misère: "There are no trumps ... The widow is set aside and is not used during play or counted
    # afterward." The widow AC TC KC (25 points) does not break seat 0's Misère.
    d = six().deal(deck=L3, dealer=0)
    for a in ("pass", "pass", "misere"):
        d.act(a)
    d.act("AS")
    d.act("TH")
    # Seat 0 is void in spades; with no trumps, any card may be played.
    assert sorted(d.legal()) == sorted(d.view(0)["hand"])
    play(d, {1: "KS QS JS TS 9S 8S 7S 6S 6H 6D", 2: "KH QH JH 9H 8H 7H QC JC AH 9C",
             0: "AD TD KD QD JD 9D 8D 7D 8C 7C 6C"})
    assert d.view(0)["tricks_won"] == [0, 9, 2]
    assert d.result().deltas == [60, -30, -30]


@pytest.mark.provisional  # SB-GAP-1 (Misère 30)
def test_four_players_misere_all_share() -> None:
    # "If there are four players, all share in the gains or losses": the dealer (seat 0) pays too.
    d = six(4).deal(deck=L2, dealer=0)
    for a in ("pass", "pass", "misere"):
        d.act(a)
    play(d, {1: L2_PLAY[1], 2: L2_PLAY[2], 3: L2_PLAY[0]})
    assert d.result().deltas == [-30, -30, -30, 90]


@pytest.mark.provisional  # SB-GAP-1 (Spread Misère 60)
def test_spread_misere_failed_and_the_lead_from_the_bidders_left() -> None:
    # "opening lead is made by the player at the left of bidder": bidder seat 1, so seat 2 leads
    # (not the dealer's left). Seat 1 takes counting cards: failed, 60 to each.
    d = six().deal(deck=L2, dealer=0)
    for a in ("spread-misere", "pass", "pass"):
        d.act(a)
    assert d.turn == 2 and d.view(0)["trump"] is None and "exposed" not in d.view(0)
    d.act("TS")
    assert d.view(0)["exposed"] == {1: d.view(1)["hand"]}
    play(d, {1: L2_PLAY[1], 2: L2_PLAY[2].split(None, 1)[1], 0: L2_PLAY[0]})
    assert d.result().deltas == [60, -120, 60]
    # Four at the table, bidder seat 3: his left is the dealer, who holds no cards; seat 1 leads
    # (ENGINE DEFAULT).
    d = six(4).deal(deck=L2, dealer=0)
    for a in ("pass", "pass", "spread-misere"):
        d.act(a)
    assert d.turn == 1


@pytest.mark.provisional  # SB-GAP-1 (Call Solo 150 with hearts)
def test_call_solo_hearts_150() -> None:
    # Call Solo with hearts trumps: 150 from each. Seat 1 calls the ace of spades and gives 6D.
    d = six().deal(deck=L4, dealer=0)
    for a in ("call-solo", "pass", "pass", "trump hearts"):
        d.act(a)
    # SB-GAP-7: "calls for any card not in his hand" — his own ace of hearts may not be called.
    assert "call ace of hearts" not in d.legal() and "not in your hand" in (d.why_not("call ace of hearts") or "")
    for a in ("call ace of spades", "give 6D"):
        d.act(a)
    assert d.view(0)["called"] == "AS"
    play(d, {s: mirror(v) for s, v in CALL_PLAY.items()})
    assert d.result().deltas == [-150, 300, -150]


@pytest.mark.provisional  # SB-GAP-1 (Call Solo 100)
def test_call_solo_failed() -> None:
    # "The bidder undertakes to win all 120 points": seat 2's TH trick (10 points) breaks it.
    d = six().deal(deck=L3, dealer=0)
    for a in ("call-solo", "pass", "pass", "trump spades", "call ace of hearts", "give 6D"):
        d.act(a)
    d.act("6H")
    assert d.legal() == ["KH", "QH", "JH", "TH", "9H", "8H", "7H"]
    play(d, {1: "AH AS KS QS JS TS 9S 8S 7S 6S", 2: "TH KH QH JH 9H 8H 7H QC JC 9C 6D",
             0: "8C 7C AD TD KD QD JD 9D 8D 7D 6C"})
    assert d.view(0)["card_points"] == [0, 85, 10]  # + the widow's 25: 110
    assert d.result().deltas == [100, -200, 100]


def test_frog_made_chico_failed_grand_made_and_tie() -> None:
    # Frog: the widow's AC TC KC laid away count for the bidder: 98, 38 over at 1 a point.
    d = ct.load("frog").deal(deck=L4, dealer=0)
    for a in ("frog", "pass", "pass", "discard AC", "discard TC", "discard KC"):
        d.act(a)
    play(d, L4_PLAY)
    assert d.result().deltas == [-38, 76, -38]
    # Grand (FR-GAP-1): hearts trumps, the widow unused but counted: 98 at 3 a point.
    d = ct.load("frog").deal(deck=L4, dealer=0)
    for a in ("grand", "pass", "pass"):
        d.act(a)
    assert d.phase == "play" and d.view(1)["hand_sizes"] == [11, 11, 11]
    play(d, L4_PLAY)
    assert d.result().deltas == [-114, 228, -114]
    # Chico failed: seat 0 takes nothing, 60 under at 2 a point.
    d = ct.load("frog").deal(deck=L2, dealer=0)
    for a in ("pass", "pass", "chico", "trump clubs"):
        d.act(a)
    play(d, L2_PLAY)
    assert d.result().deltas == [-240, 120, 120]
    # FR-GAP-3: "Win needs 61; 60 = no score."
    d = ct.load("frog").deal(deck=L2, dealer=0)
    for a in ("pass", "grand", "pass"):
        d.act(a)
    play(d, L2_PLAY)
    assert d.view(0)["card_points"][2] == 60 and d.result().deltas == [0, 0, 0]


@pytest.mark.provisional  # the settlement of the two without cards extends the four-hand rule
def test_frog_five_players() -> None:
    # Foster (FR-GAP-3 note): "If five play, he gives cards to the two on his left and one on his right."
    g = ct.load("frog", players=5)
    d = g.deal(deck=L3, dealer=0)
    assert d.view(0)["active"] == [1, 2, 4] and d.turn == 1
    assert d.view(0)["hand"] == [] and d.view(3)["hand"] == [] and d.view(4)["hand_sizes"][4] == 11
    for a in ("chico", "pass", "pass", "trump spades"):
        d.act(a)
    play(d, {1: L3_SOLO_PLAY[1], 2: L3_SOLO_PLAY[2], 4: L3_SOLO_PLAY[0]})
    # A made simple solo collects only from the two other active players.
    assert d.result().deltas == [0, 152, -76, 0, -76]
    d = g.deal(deck=L4, dealer=0)
    for a in ("frog", "pass", "pass", "discard AC", "discard TC", "discard KC"):
        d.act(a)
    play(d, {1: L4_PLAY[1], 2: L4_PLAY[2], 4: L4_PLAY[0]})
    assert d.result().deltas == [-38, 152, -38, -38, -38]  # Frog: everyone at the table shares
    assert g.deal(deck=L2, dealer=3).view(0)["active"] == [4, 0, 2]
    with pytest.raises(ct.RulesError):
        six(5)


def test_coeur_d_alene_heart_solo_flat_3() -> None:
    # "3 chips for a heart solo"; "excess points are not considered": 98 points still 3.
    d = ct.load("coeur-d-alene-solo").deal(deck=L4, dealer=0)
    for a in ("heart-solo", "pass", "pass"):
        d.act(a)
    play(d, L4_PLAY)
    assert d.result().deltas == [-3, 6, -3]


@pytest.mark.provisional  # PS-GAP-3 and the ENGINE DEFAULT pot feed (1 each into each empty pot)
@pytest.mark.parametrize("bid,rate", [("spade-solo", 2), ("club-solo", 3), ("diamond-solo", 4), ("heart-solo", 5)])
def test_progressive_rates_per_point(bid: str, rate: int) -> None:
    # "For every point under or over 60, the scoring is: frog 1; spade solo, 2 chips; club solo, 3
    # chips; diamond solo, 4 chips; heart solo, 5 chips." Seat 0 takes nothing: 60 under.
    d = prog().deal(deck=L2, dealer=0)
    for a in ("pass", "pass", bid):
        d.act(a)
    play(d, L2_PLAY)
    res = d.result()
    assert res.deltas == [-2 - 120 * rate - 3, -2 + 60 * rate, -2 + 60 * rate]
    assert res.pools == {"frog_pot": 3, "solo_pot": 6}  # "he doubles the value of the pot"
    assert d.view(1)["pools"] == {"frog_pot": 3, "solo_pot": 6}  # the view shows the pots after the deal


@pytest.mark.provisional  # PS-GAP-3 and the ENGINE DEFAULT pot feed
def test_progressive_frog_takes_the_frog_pot() -> None:
    # "Only a frog bidder may take the widow and discard in its place, the discards counting for him";
    # frog's trumps are hearts (PS-GAP-1). "If a bidder succeeds, he takes the appropriate pot."
    d = prog().deal(deck=L4, dealer=0)
    for a in ("frog", "pass", "pass"):
        d.act(a)
    assert d.phase == "discard" and d.view(1)["trump"] == "H"
    for a in ("discard AC", "discard TC", "discard KC"):
        d.act(a)
    play(d, L4_PLAY)
    res = d.result()
    assert res.deltas == [-2 - 38, -2 + 76 + 3, -2 - 38]
    assert res.pools == {"frog_pot": 0, "solo_pot": 3}


def test_progressive_round_and_round() -> None:
    # "The bidding continues around and around, until all players but one have passed."
    d = prog().deal(deck=L3, dealer=0)
    d.act("frog")
    d.act("spade-solo")
    d.act("club-solo")
    assert d.turn == 1 and d.legal() == ["pass", "diamond-solo", "heart-solo", "double"]  # seat 1 again
    d.act("diamond-solo")
    d.act("pass")
    assert d.turn == 0 and d.legal() == ["pass", "heart-solo", "double"]
    d.act("heart-solo")
    assert d.turn == 1 and d.legal() == ["pass", "double"]  # seat 2 has passed: never again
    d.act("pass")
    assert d.phase == "play" and d.declarer == 0 and d.view(0)["contract"] == "Heart Solo"  # type: ignore[attr-defined]


def test_progressive_a_pass_is_final_even_for_the_doubled_holder() -> None:
    # Seed 001: "Once a player passes, he may not reenter the bidding" (PS-GAP-5): the doubled bidder who
    # passes instead of redoubling is out; his bid stands unless overcalled, and overcalled he cannot come
    # back. (This test once let him bid again after an overcall.)
    d = prog().deal(deck=L3, dealer=0)
    for a in ("frog", "double", "pass"):
        d.act(a)
    assert d.turn == 1 and d.legal() == ["pass", "redouble"]
    d.act("pass")
    assert d.turn == 2 and d.view(0)["high_bidder"] == 1 and d.view(0)["doubled"] == 1
    assert d.legal() == ["pass", "spade-solo", "club-solo", "diamond-solo", "heart-solo"]
    d.act("spade-solo")   # everyone else has passed: the overcall ends the bidding
    assert d.phase == "play" and d.declarer == 2 and d.view(0)["doubled"] == 0  # type: ignore[attr-defined]
    assert d.view(0)["contract"] == "Spade Solo"
    # "His bid stands if nobody overcalls": the doubler passes too, and the doubled frog is the contract.
    d = prog().deal(deck=L3, dealer=0)
    for a in ("frog", "double", "pass", "pass"):
        d.act(a)
    assert d.turn == 2 and d.legal() == ["pass", "spade-solo", "club-solo", "diamond-solo", "heart-solo"]
    d.act("pass")
    assert d.phase == "discard" and d.declarer == 1 and d.view(0)["doubled"] == 1  # type: ignore[attr-defined]
    assert d.view(0)["contract"] == "Frog" and d.view(0)["doubler"] == 2


@pytest.mark.provisional  # PS-GAP-2
def test_progressive_failed_redoubled_bid() -> None:
    # "A doubled player may redouble, and the payoffs are then figured at four times the usual amount,
    # according to the plan described immediately above": 4x to each (PS-GAP-2 default), or 4x to the
    # doubler and 1x to the other.
    for opt, want in (("each_opponent_x2", [-2 - 960 - 3, -2 + 480, -2 + 480]),
                      ("doubler_x2_other_x1", [-2 - 600 - 3, -2 + 480, -2 + 120])):
        d = prog(failed_double_pays=opt).deal(deck=L2, dealer=0)
        for a in ("frog", "pass", "spade-solo", "double", "redouble", "pass"):
            d.act(a)
        assert d.view(0)["doubled"] == 2 and d.view(0)["doubler"] == 1
        play(d, L2_PLAY)
        assert d.result().deltas == want, opt
        assert "Spade Solo doubled by Bea and redoubled" in d.result().lines[6]


@pytest.mark.parametrize("gid", ["six-bid-solo", "frog", "coeur-d-alene-solo", "progressive-solo"])
@pytest.mark.parametrize("tail", [" x", " again", " AS", " 3"])
def test_a_bid_word_with_anything_after_it_is_refused_with_a_reason(gid: str, tail: str) -> None:
    # Every malformed action raises IllegalAction with the rule, and changes nothing (once a KeyError from
    # the wording of the reason when a bid word was followed by anything, "solo x" or "frog frog").
    d = ct.load(gid).deal(deck=L2, dealer=0)
    first = d.legal()[1]
    before = (list(d.history), d.turn, d.legal())
    with pytest.raises(ct.IllegalAction, match=f"the one word '{first}'"):
        d.act(first + tail)
    with pytest.raises(ct.IllegalAction, match="the one word 'pass'"):
        d.act("pass" + tail)
    assert (list(d.history), d.turn, d.legal()) == before
