"""Scenario tests: Michigan and its variants, Boodle, Spin, Pope Joan (seed 004; docs/decisions.md).

Decks are built from the hands in the game's own dealing order: Michigan deals one card at a time to the
widow (at the dealer's left, first) and then each seat from the dealer's left; Boodle deals its equal hands
one at a time from the dealer's left and leaves the rest as the dead widow.
"""

from __future__ import annotations

import random

import pytest

import cardtable as ct
from cardtable.core.cards import PACK_52

from .conftest import arranged

ORDER = "23456789TJQKA"


def expand(spec: str) -> list[str]:
    """Cards from a compact text: 'S:2-6' is 2S..6S (ace high), plain codes as they are."""
    out: list[str] = []
    for tok in spec.split():
        if ":" in tok:
            suit, span = tok.split(":")
            lo, _, hi = span.partition("-")
            out += [r + suit for r in ORDER[ORDER.index(lo):ORDER.index(hi or lo) + 1]]
        else:
            out.append(tok)
    return out


def michigan(gid: str, hands: list[str], widow: str, dealer: int, carry: dict | None = None,
             **options: object) -> ct.Deal:
    """A Michigan-style deal: all 52 one at a time, the widow first at the dealer's left."""
    n = len(hands)
    lists = [expand(widow)] + [expand(hands[(dealer + 1 + i) % n]) for i in range(n)]
    order: list[str] = []
    while any(lists):
        for cards in lists:
            if cards:
                order.append(cards.pop(0))
    d = ct.load(gid, players=n, **options).deal(deck=" ".join(order), dealer=dealer, carry=carry)
    assert [sorted(d.view(s)["hand"]) for s in range(n)] == [sorted(expand(h)) for h in hands]
    return d


def boodle_deck(hands: list[str], widow: str, dealer: int) -> str:
    """Boodle-style: equal hands one at a time from the dealer's left, then the widow (BO-GAP-2)."""
    n = len(hands)
    lists = [expand(hands[(dealer + 1 + i) % n]) for i in range(n)]
    order: list[str] = []
    while any(lists):
        for cards in lists:
            order.append(cards.pop(0))
    return " ".join(order + expand(widow))


def play(d: ct.Deal, *actions: str) -> None:
    for a in actions:
        d.act(a)


def no_bids(d: ct.Deal) -> None:
    """The dealer keeps his hand and nobody buys the widow (MI-GAP-4: it stays dead)."""
    play(d, "keep", *["pass"] * (d.players - 1))


# Deck E (3 players, dealer 2): seat 0 leads; TS and 3C lie in the dead widow.
E_HANDS = ["2S 3S H:2-Q", "S:4-7 KH AH D:2-8", "8S 9S S:J-A D:9-A 2C"]
E_WIDOW = "TS C:3-A"


def test_michigan_full_deal_stops_money_cards_and_restart() -> None:
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2)
    # "each player places one chip on each money card"
    assert d.view(0)["pools"] == {"ace of hearts": 3, "king of clubs": 3, "queen of diamonds": 3, "jack of spades": 3}
    assert d.turn == 2 and d.legal() == ["take", "keep"]
    no_bids(d)
    # MI-GAP-3: dealer's left leads; "his lowest card of any suit he chooses"
    assert d.turn == 0 and d.legal() == ["2S", "2H"]
    assert "lowest card he holds" in d.why_not("3S")
    play(d, "2H")
    # "If he holds any card, or cards, in next higher rank, he may continue to play."
    assert d.turn == 0 and d.legal() == ["3H"]
    play(d, *expand("H:3-Q"))
    # "the turn passes to any player who can continue to build up on the suit" (the stops principle)
    assert d.turn == 1 and d.legal() == ["KH"]
    play(d, "KH", "AH")
    # "he takes all the chips on that card"; "When the ace is reached ... it is a 'stop.'"
    assert d.view(1)["pools"]["ace of hearts"] == 0
    # "The one who played the last card may now lead the lowest card he holds in some other suit"
    assert d.turn == 1 and d.legal() == ["4S", "2D"]
    play(d, *expand("D:2-8"))
    assert d.turn == 2 and d.legal() == ["9D"]
    play(d, *expand("D:9-A"))
    assert d.turn == 2 and d.legal() == ["8S", "2C"]
    play(d, "2C")
    # a stop because "the missing card happens to be in the face-down hand" (3C); now known to be there
    assert d.turn == 2 and d.legal() == ["8S"] and d.view(0)["known_dead"] == ["3C"]
    play(d, "8S", "9S")
    # TS is dead: stop; seat 2 holds only spades. "If he cannot change the suit, the turn to play passes to his left."
    assert d.turn == 2 and d.legal() == ["pass"]
    reason = d.why_not("JS")
    assert reason is not None and "other than spades" in reason
    play(d, "pass")
    assert d.turn == 0 and d.legal() == ["pass"]
    play(d, "pass")
    assert d.turn == 1 and d.legal() == ["pass"]
    play(d, "pass")
    # "If it should happen that no player can begin a new suit, the turn comes back to the original passer,
    # who then may play the lowest card in his hand."
    assert d.turn == 2 and d.phase == "restart" and d.legal() == ["JS"]
    play(d, "JS", "QS", "KS", "AS")
    assert d.over
    res = d.result()
    # "The winner collects a chip from each other player for every card that player has left in his hand."
    assert "Ann pays Cal 2 for the cards left in hand" in res.lines
    assert "Bea pays Cal 4 for the cards left in hand" in res.lines
    assert "Bea plays the ace of hearts and takes 3" in res.lines
    assert res.deltas == [-4 - 2, -4 + 3 - 4, -4 + 3 + 3 + 6]
    # "If a money card is not cleared in one deal, the chips remain on it until duly won."
    assert res.pools == {"ace of hearts": 0, "king of clubs": 3, "queen of diamonds": 0, "jack of spades": 0}
    assert d.carry == {"pools": {"king of clubs": 3}}
    nxt = ct.load("michigan", players=3).deal(seed=1, dealer=0, carry=d.carry)
    assert nxt.view(0)["pools"] == {"ace of hearts": 3, "king of clubs": 6, "queen of diamonds": 3,
                                    "jack of spades": 3}


def test_michigan_new_suit_begins_with_its_lowest_card() -> None:
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2)
    no_bids(d)
    play(d, *expand("H:2-Q"), "KH", "AH")
    # "it must be the lowest card he holds in that suit"
    reason = d.why_not("5S")
    assert reason is not None and "lowest card you hold" in reason and "4S" in reason
    reason = d.why_not("KD")
    assert reason is not None and "you do not hold KD" in reason


def test_widow_taken_by_dealer() -> None:
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2)
    # "he may exchange it for the widow ... places his original hand face down"
    play(d, "take")
    assert sorted(d.view(2)["hand"]) == sorted(expand(E_WIDOW))
    assert sorted(d.view(2)["dead_hand"]) == sorted(expand(E_HANDS[2]))
    assert "dead_hand" not in d.view(0)
    assert d.turn == 0 and d.legal() == ["2S", "2H"]


def test_widow_auction_payment() -> None:
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2, widow_max_bid=6)
    play(d, "keep")
    # "he must auction off the right to exchange the widow to the highest bidder among the other players"
    assert d.turn == 0 and d.legal() == ["pass"] + [f"bid {i}" for i in range(1, 7)]
    play(d, "bid 2")
    assert d.turn == 1 and d.legal() == ["pass"] + [f"bid {i}" for i in range(3, 7)]
    play(d, "bid 3", "pass")
    assert sorted(d.view(1)["hand"]) == sorted(expand(E_WIDOW))
    assert d.turn == 0
    while not d.over:
        d.act(d.legal()[0])
    res = d.result()
    # "Dealer collects the amount of the chips of the highest bid."
    assert "Bea buys the widow from the dealer, Cal, for 3" in res.lines
    assert sum(res.deltas) + sum(res.pools.values()) == 0


def test_widow_auction_has_no_practical_ceiling() -> None:
    # Seed: "auction off the right to exchange the widow to the highest bidder ... Dealer collects the amount of
    # the chips of the highest bid": no limit (MI-GAP-5). The list of bids must stop somewhere; it stops at
    # 100, or at all the chips on the money cards when they are more. (The ceiling was once 10.)
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2)
    play(d, "keep")
    assert d.legal() == ["pass"] + [f"bid {i}" for i in range(1, 101)]
    play(d, "bid 40")
    assert d.turn == 1 and d.legal()[1] == "bid 41" and d.legal()[-1] == "bid 100"
    assert "from 41 to 100" in d.why_not("bid 40") and "from 41 to 100" in d.why_not("bid 101")
    play(d, "bid 75", "pass")
    assert d.phase == "lead" and sorted(d.view(1)["hand"]) == sorted(expand(E_WIDOW))
    while not d.over:
        d.act(d.legal()[0])
    assert "Bea buys the widow from the dealer, Cal, for 75" in d.result().lines
    # Chips carried on the layout raise the ceiling: 70 on each money card, and 3 players' antes on each.
    names = ("ace of hearts", "king of clubs", "queen of diamonds", "jack of spades")
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2, carry={"pools": dict.fromkeys(names, 70)})
    assert d.view(0)["pools"] == dict.fromkeys(names, 73)
    play(d, "keep")
    assert d.legal()[-1] == f"bid {4 * (70 + 3)}"


def test_widow_auction_without_bids_leaves_it_dead() -> None:
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2)
    no_bids(d)  # MI-GAP-4
    assert d.view(2)["exchanger"] is None and d.view(2)["widow_size"] == 13
    assert sorted(d.view(1)["hand"]) == sorted(expand(E_HANDS[1]))


def test_dealer_double_ante_option() -> None:
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2, dealer_double_ante=True)
    assert d.view(0)["pools"]["ace of hearts"] == 4  # MI-GAP-1: dealer 2, others 1


def test_cross_color_restricts_new_suit() -> None:
    d = michigan("cross-color-michigan", E_HANDS, E_WIDOW, dealer=2)
    no_bids(d)
    play(d, *expand("H:2-Q"), "KH", "AH")
    # "Only a spade or club may follow a heart; a diamond may not because it is the same color"
    assert d.legal() == ["4S"]
    reason = d.why_not("2D")
    assert reason is not None and "other colour" in reason


@pytest.mark.provisional
def test_sequence_michigan_payout() -> None:
    d = michigan("sequence-michigan", E_HANDS, E_WIDOW, dealer=2)
    assert d.view(0)["pools"]["sequence"] == 3  # "New chips are added in each deal" (1 each: ENGINE DEFAULT)
    no_bids(d)
    play(d, *expand("H:2-9"))
    assert d.view(0)["pools"]["sequence"] == 3
    play(d, "TH")
    # "A player who holds and plays two cards of this sequence in consecutive order ... collects all the chips"
    assert d.view(0)["pools"]["sequence"] == 0
    while not d.over:
        d.act(d.legal()[0])
    assert "Ann plays two cards of the sequence in order and takes 3" in d.result().lines


@pytest.mark.provisional
def test_sequence_not_paid_when_cards_split_between_players() -> None:
    hands = ["2S 3S 4S H:2-9 JH QH", "5S 6S 7S TH KH AH D:2-8", E_HANDS[2]]
    d = michigan("sequence-michigan", hands, E_WIDOW, dealer=2)
    no_bids(d)
    play(d, *expand("H:2-9"))
    assert d.turn == 1
    play(d, "TH")
    assert d.turn == 0
    play(d, "JH", "QH")
    assert d.view(0)["pools"]["sequence"] == 3


@pytest.mark.provisional
def test_jackpot_paid_when_deal_returns_to_first_dealer() -> None:
    # ENGINE DEFAULT (docs/decisions.md): antes on N hands, paid to the winner of hand N+1.
    game = ct.load("jackpot-michigan", players=3)
    carry = None
    rng = random.Random(5)
    for hand in range(4):
        d = game.deal(seed=hand, dealer=hand % 3, carry=carry)
        d.playout(rng)
        res = d.result()
        if hand < 3:
            assert res.pools["jackpot"] == 3 * (hand + 1)
            assert not any("jackpot of" in line for line in res.lines)
        else:
            assert f"the round is over: {d.names[d.winner]} wins the hand and takes the jackpot of 9" in res.lines
            assert res.pools["jackpot"] == 3  # this hand's antes start the next round
            assert d.carry["jackpot_hands"] == 1
        carry = d.carry


@pytest.mark.provisional
def test_jackpot_option_pays_on_hand_n() -> None:
    game = ct.load("jackpot-michigan", players=3, jackpot_pay_on="hand_n")
    carry = None
    for hand in range(3):
        d = game.deal(seed=hand, dealer=hand % 3, carry=carry)
        d.playout(random.Random(hand))
        carry = d.carry
    assert d.result().pools["jackpot"] == 0 and carry["jackpot_hands"] == 0


# ---------------------------------------------------------------- Boodle family
B_HANDS = ["S:2-6 H:2-9 AD 2C", "S:7-A C:3-9", "D:2-K H:T-Q"]
B_WIDOW = "KH AH C:T-A"


def test_boodle_stakes_before_the_deal_and_dead_widow() -> None:
    d = ct.load("boodle", players=3).deal(deck=boodle_deck(B_HANDS, B_WIDOW, 2), dealer=2)
    # "Before the deal, each player may place his four chips on the money cards as he pleases"
    assert d.phase == "stake" and d.turn == 0 and d.view(0)["hand"] == []
    legal = d.legal()
    assert len(legal) == 35 and legal[0] == "stake ace ace ace ace" and legal[-1] == "stake jack jack jack jack"
    assert "four chips" in d.why_not("stake ace")
    play(d, "stake ace ace ace ace", "stake ace king queen jack", "stake jack jack jack jack")
    assert d.view(0)["pools"] == {"ace of hearts": 5, "king of diamonds": 1, "queen of spades": 1, "jack of clubs": 5}
    # no widow exchange: dealer's left leads at once
    assert d.phase == "lead" and d.turn == 0
    assert d.view(0)["hand_sizes"] == [15, 15, 15]


@pytest.mark.provisional
def test_boodle_widow_is_the_undealt_rest() -> None:
    # BO-GAP-1 Foster's table (3 players: 15 each, 7 left); BO-GAP-2 (ENGINE DEFAULT): the rest is the widow
    d = ct.load("boodle", players=3).deal(deck=boodle_deck(B_HANDS, B_WIDOW, 2), dealer=2)
    play(d, *["stake ace ace ace ace"] * 3)
    assert d.view(0)["widow_size"] == 7
    assert sorted(d.view(1)["hand"]) == sorted(expand(B_HANDS[1]))
    assert ct.load("boodle", players=3, deal_table="sixteen").deal(seed=1).clone().playout(random.Random(1)).over


def test_spin_legality_and_stop() -> None:
    d = ct.load("spin", players=3).deal(deck=boodle_deck(B_HANDS, B_WIDOW, 2), dealer=2)
    play(d, *["stake ace ace ace ace"] * 3)
    # "he must, however, play an eligible card before playing the ace of diamonds"
    assert d.legal() == ["2S", "2H", "2C", "AD", "spin 2S", "spin 2H", "spin 2C"]
    play(d, "2S")
    assert d.legal() == ["3S", "spin 3S"]
    assert "eligible card" in d.why_not("spin 4S")
    # "may stop any sequence when his turn comes by playing it ... He then plays his lowest card in some other suit"
    play(d, "spin 3S")
    assert d.turn == 0 and d.phase == "lead" and d.legal() == ["2H", "2C"]
    assert "AD" not in d.view(0)["hand"]
    reason = d.why_not("4S")
    assert reason is not None and "other than spades" in reason


def test_spin_bonus_option() -> None:
    d = ct.load("spin", players=3, spin_bonus=3).deal(deck=boodle_deck(B_HANDS, B_WIDOW, 2), dealer=2)
    play(d, *["stake ace ace ace ace"] * 3, "spin 2S")
    while not d.over:
        d.act(d.legal()[0])
    lines = d.result().lines
    assert "Bea pays Ann 3 for the spin" in lines  # SP-GAP-1
    assert "Cal pays Ann 3 for the spin" in lines  # SP-GAP-1


def test_spin_holder_without_spin_plays_ace_after_king() -> None:
    # SP-GAP-2: the ace of diamonds is also an ordinary diamond: after the king it is simply next
    hands = ["S:2-6 H:2-9 KD 2C", "S:7-A C:3-9", "D:2-Q AD H:T-Q"]
    d = ct.load("spin", players=3).deal(deck=boodle_deck(hands, B_WIDOW, 2), dealer=2)
    play(d, *["stake ace ace ace ace"] * 3, "2C")
    assert d.turn == 1
    play(d, *expand("C:3-9"))
    assert d.turn == 1 and d.legal() == ["7S"]  # TC is dead
    play(d, *expand("S:7-A"))
    assert d.over and d.winner == 1


PJ_HANDS = ["S:2-A 2H 3H", "H:5-A D:8-T 2C 3C", "D:J-A C:4-A"]
PJ_WIDOW = "4H D:2-7"


def test_pope_joan_dealer_stakes_and_doubling() -> None:
    d = ct.load("pope-joan", players=3).deal(deck=boodle_deck(PJ_HANDS, PJ_WIDOW, 2), dealer=2)
    # "Only the dealer puts the chips on the money cards ... one on the ten of diamonds, two on the jack of clubs,
    # three on the queen of spades, four on the king of hearts, and five on the nine of diamonds."
    assert d.view(0)["pools"] == {"ten of diamonds": 1, "jack of clubs": 2, "queen of spades": 3,
                                  "king of hearts": 4, "nine of diamonds": 5}
    assert d.turn == 0 and d.legal() == ["2S", "2H"]
    play(d, *expand("S:2-A"), "2H", "3H")
    assert d.over and d.winner == 0
    res = d.result()
    # "A player who is caught at the end of the play with the duplicate of a money card in his hand must double the
    # chips on that card" (PJ-GAP-4: he pays in what is on it)
    assert "Bea is caught holding the king of hearts and doubles its 4 chips" in res.lines
    assert "Cal is caught holding the jack of clubs and doubles its 2 chips" in res.lines
    assert res.deltas == [3 + 30, -15 - 10, -15 - 15 - 2]
    assert res.pools == {"ten of diamonds": 2, "jack of clubs": 4, "queen of spades": 0, "king of hearts": 8,
                         "nine of diamonds": 10}
    nxt = ct.load("pope-joan", players=3).deal(seed=2, dealer=0, carry=d.carry)
    assert nxt.view(0)["pools"]["king of hearts"] == 12  # the next dealer's stake is added after


def test_pope_joan_dealer_stakes_are_options() -> None:
    # "Only the dealer puts the chips on the money cards, usually one on the ten of diamonds, two on the jack of
    # clubs, three on the queen of spades, four on the king of hearts, and five on the nine of diamonds": the
    # usual amounts are the defaults; a table may agree others (none at all on a card).
    info = ct.game_info("pope-joan")
    assert [(o.name, o.default) for o in info.options if o.name.startswith("stake_")] == [
        ("stake_ten_of_diamonds", 1), ("stake_jack_of_clubs", 2), ("stake_queen_of_spades", 3),
        ("stake_king_of_hearts", 4), ("stake_nine_of_diamonds", 5)]
    g = ct.load("pope-joan", players=3, stake_ten_of_diamonds=0, stake_nine_of_diamonds=10)
    d = g.deal(deck=boodle_deck(PJ_HANDS, PJ_WIDOW, 2), dealer=2)
    assert d.view(0)["pools"] == {"ten of diamonds": 0, "jack of clubs": 2, "queen of spades": 3,
                                  "king of hearts": 4, "nine of diamonds": 10}
    play(d, *expand("S:2-A"), "2H", "3H")
    res = d.result()
    assert "the dealer, Cal, puts 10 on the nine of diamonds" in res.lines
    assert not any("on the ten of diamonds" in line and "puts" in line for line in res.lines)
    # Seat 1 is caught holding the king (4) and the nine of diamonds (now 10); the empty ten doubles nothing.
    assert "Bea is caught holding the nine of diamonds and doubles its 10 chips" in res.lines
    assert res.deltas == [3 + 30, -15 - 4 - 10, -19 - 15 - 2] and res.balanced()
    with pytest.raises(ct.RulesError, match="stake_king_of_hearts must be a whole number from 0 to 100"):
        ct.load("pope-joan", stake_king_of_hearts=-1)


# ------------------------------------------------------------ irregularities
@pytest.mark.provisional
def test_penalised_pass_pays_each_and_makes_good_lost_money_card() -> None:
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2, penalised_passes=True)
    no_bids(d)
    assert d.legal() == ["2S", "2H", "pass"]
    play(d, "2H")
    assert d.legal() == ["3H", "pass"]
    # seat 0 holds 3H but passes: "For failing to play properly in his turn, the player pays a penalty of one chip
    # to each of the others." His pass breaks the run 3H..AH, keeping the ace of hearts from seat 1.
    play(d, "pass")
    assert d.view(1)["known"] == {"0": ["3H"]}
    assert d.turn == 0 and d.legal() == ["2S", "pass"]
    play(d, "2S", "3S", *expand("S:4-7"), "8S", "9S", "2C", "9D", *expand("D:T-A"), "JS", "QS", "KS", "AS")
    assert d.over and d.winner == 2
    res = d.result()
    assert "Ann fails to play properly and pays 1 to Bea" in res.lines
    # "the offender must make good the loss, but the chips on the boodle card are carried over" (ENGINE DEFAULT reading)
    assert "Ann makes good the 3 on the ace of hearts his pass kept from Bea; they stay on the card" in res.lines
    assert res.deltas == [-4 - 2 - 3 - 10, -4 + 1 + 3 - 9, -4 + 1 + 3 + 3 + 19]
    assert res.pools["ace of hearts"] == 3


def test_pass_refused_when_able_without_option() -> None:
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2)
    no_bids(d)
    reason = d.why_not("pass")
    assert reason is not None and "penalised_passes" in reason
    with pytest.raises(ct.IllegalAction):
        d.act("pass")


def test_sample_keeps_known_dead_card_and_voids() -> None:
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2)
    no_bids(d)
    play(d, *expand("H:2-Q"), "KH", "AH", *expand("D:2-8"), *expand("D:9-A"), "2C", "8S", "9S", "pass", "pass", "pass")
    assert d.turn == 2 and d.phase == "restart"
    spades = set(expand("S:2-A"))
    for k in range(5):
        s = d.sample(2, random.Random(k))
        assert s.view(2) == d.view(2) and s.legal() == d.legal()
        # the stops showed TS and 3C are in the dead hand
        assert {"TS", "3C"} <= set(s.card_codes(s.dead))
        # seats 0 and 1 passed, unable to begin a suit other than spades: they hold only spades
        assert set(s.card_codes(s.hands[0] | s.hands[1])) <= spades


def test_money_card_names_never_leak_codes() -> None:
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2)
    text = str(d.view(0))
    assert "'AH'" not in text and "'KC'" not in text


# ------------------------------------------------------------------ properties
OPTION_CASES = [("michigan", {"penalised_passes": True, "dealer_double_ante": True}),
                ("cross-color-michigan", {"penalised_passes": True}),
                ("sequence-michigan", {"penalised_passes": True}),
                ("jackpot-michigan", {"jackpot_pay_on": "hand_n"}),
                ("boodle", {"penalised_passes": True, "deal_table": "sixteen"}),
                ("spin", {"penalised_passes": True, "spin_bonus": 3}),
                ("pope-joan", {"penalised_passes": True})]


@pytest.mark.parametrize("gid,options", OPTION_CASES)
@pytest.mark.parametrize("players", [3, 8])
def test_property_deals_end_conserving_chips_and_cards(gid: str, options: dict, players: int) -> None:
    game = ct.load(gid, players=players, **options)
    rng = random.Random(players)
    carry = None
    for i in range(6):
        d = game.deal(seed=i, dealer=i % players, carry=carry)
        start = sum((carry or {}).get("pools", {}).values())
        steps = 0
        while not d.over:
            assert sorted(d.card_locations()) == list(range(52))  # every card is accounted for
            if steps % 7 == 0:
                s = d.sample(d.turn, random.Random(steps))
                assert s.legal() == d.legal() and s.view(d.turn) == d.view(d.turn)
            d.act(rng.choice(d.legal()))
            steps += 1
            assert steps < 2000, "a deal did not end"
        res = d.result()
        assert sum(res.deltas) + sum(res.pools.values()) - start == 0  # players + money cards + pools
        carry = d.carry


# ------------------------------------------------------------ audit additions (issue 6)
def test_ids_aliases_players_and_bad_options() -> None:
    # Issue 6: "the id newmarket may alias it"; seed: "Three to eight players."
    for alias in ("newmarket", "chicago", "saratoga", "michigan-boodle"):
        assert ct.game_info(alias).id == "michigan"
    assert ct.game_info("spinade").id == "spin" and ct.game_info("cross-colour-michigan").id == "cross-color-michigan"
    for gid in ("michigan", "cross-color-michigan", "sequence-michigan", "jackpot-michigan", "boodle", "spin",
                "pope-joan"):
        info = ct.game_info(gid)
        assert (info.min_players, info.max_players) == (3, 8) and "seed 004" in info.source
        assert "penalised_passes" in {o.name for o in info.options}
        for n in (2, 9):
            with pytest.raises(ct.RulesError, match="3 to 8 players"):
                ct.load(gid, players=n)
    bad = [("michigan", {"widow_max_bid": -1}, "from 0 to 10000"), ("spin", {"spin_bonus": 2}, "one of 0, 3"),
           ("boodle", {"deal_table": "x"}, "'foster', 'sixteen'"),
           ("jackpot-michigan", {"jackpot_pay_on": "x"}, "'hand_n_plus_1', 'hand_n'"),
           ("sequence-michigan", {"sequence_ante": 0}, "from 1 to 10"),
           ("boodle", {"widow_max_bid": 5}, "unknown option")]  # Boodle: "The widow cannot be exchanged or purchased"
    for gid, options, allowed in bad:
        with pytest.raises(ct.RulesError, match=allowed):
            ct.load(gid, **options)


def test_michigan_widow_is_dealt_first_at_dealers_left_and_may_be_uneven() -> None:
    # "All cards are dealt out, one at a time ... as though an extra hand were in the game. Example: If five are
    # playing, six card hands are dealt out. The extra hand, or widow, is at the dealer's left and is the first hand
    # dealt to. It does not matter if ... the pack does not divide evenly."
    d = ct.load("michigan", players=5).deal(deck=arranged(PACK_52, "AH 2C 3C 4C 5C 6C"), dealer=4)
    v = d.view(4)
    assert v["hand_sizes"] == [9, 9, 9, 8, 8] and v["widow_size"] == 9
    assert "AH" not in {c for s in range(5) for c in d.view(s)["hand"]}  # the first card went to the widow
    assert ["2C" in d.view(s)["hand"] for s in range(5)] == [True, False, False, False, False]
    assert "6C" in d.view(4)["hand"]
    play(d, "take")  # the dealer takes the widow, with the first card dealt
    assert "AH" in d.view(4)["hand"] and d.view(4)["hand_sizes"][4] == 9 and len(d.view(4)["dead_hand"]) == 8


# Deck L (3 players, dealer 2): seat 0 ends holding only spades after a stop; 3H and 8S are dead.
L_HANDS = ["2H S:2-7 S:9-A", "D:2-A", "C:2-A"]
L_WIDOW = "8S H:3-A"


def test_after_a_stop_the_turn_passes_left_to_a_player_who_can_change_suit() -> None:
    d = michigan("michigan", L_HANDS, L_WIDOW, dealer=2)
    no_bids(d)
    assert d.legal() == ["2S", "2H"]
    play(d, "2H")  # 3H is in the dead hand: a stop, and seat 0 leads again
    assert d.turn == 0 and d.legal() == ["2S"] and d.view(1)["known_dead"] == ["3H"]
    play(d, *expand("S:2-7"))  # 8S is dead: a stop
    # "If he cannot change the suit, the turn to play passes to his left." (MI-GAP-2: some suit other than spades)
    assert d.turn == 0 and d.legal() == ["pass"]
    play(d, "pass")
    assert d.turn == 1 and d.phase == "lead" and d.legal() == ["2D"]
    play(d, *expand("D:2-A"))
    assert d.over and d.winner == 1
    res = d.result()
    # seat 1 took the queen of diamonds (3) and one chip per card left: 6 from seat 0, 13 from seat 2.
    assert res.deltas == [-4 - 6, -4 + 3 + 6 + 13, -4 - 13]
    assert res.pools == {"ace of hearts": 3, "king of clubs": 3, "queen of diamonds": 0, "jack of spades": 3}


def test_widow_auction_exact_settlement_and_dead_stops() -> None:
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2)
    play(d, "keep", "bid 2", "bid 3", "pass")  # seat 1 buys the right to exchange for 3
    assert d.view(1)["exchanger"] == 1 and sorted(d.view(1)["dead_hand"]) == sorted(expand(E_HANDS[1]))
    assert "dead_hand" not in d.view(0) and "dead_hand" not in d.view(2)  # only the exchanger has seen it
    # MI-GAP-3: dealer's left still leads after the auction
    assert d.turn == 0 and d.legal() == ["2S", "2H"]
    play(d, "2S", "3S")  # 4S is in seat 1's discarded hand: a stop
    assert d.turn == 0 and d.legal() == ["2H"] and d.view(2)["known_dead"] == ["4S"]
    play(d, *expand("H:2-Q"))  # KH is dead too; seat 0's last card
    assert d.over and d.winner == 0
    res = d.result()
    # "Dealer collects the amount of the chips of the highest bid"; the first out collects 13 + 13.
    assert "Bea buys the widow from the dealer, Cal, for 3" in res.lines
    assert res.deltas == [-4 + 26, -4 - 3 - 13, -4 + 3 - 13]
    assert sum(res.pools.values()) == 12  # no money card was played: all carried over


# Deck X (3 players, dealer 2): after a stop in hearts seat 0 holds only diamonds, seat 1 spades and hearts.
X_HANDS = ["2H 3H D:2-Q", "H:5-A S:Q-A", "C:2-A"]
X_WIDOW = "4H KD AD S:2-J"


def test_cross_color_stopper_with_only_the_same_colour_passes() -> None:
    # Plain Michigan: after the stop in hearts seat 0 begins diamonds ("some other suit").
    d = michigan("michigan", X_HANDS, X_WIDOW, dealer=2)
    no_bids(d)
    play(d, "2H", "3H")
    assert d.turn == 0 and d.legal() == ["2D"]
    # Cross-Color: "Only a spade or club may follow a heart; a diamond may not"; he cannot: the turn passes left.
    d = michigan("cross-color-michigan", X_HANDS, X_WIDOW, dealer=2)
    no_bids(d)
    play(d, "2H", "3H")
    assert d.turn == 0 and d.legal() == ["pass"]
    assert "other colour" in (d.why_not("2D") or "")
    play(d, "pass")
    assert d.turn == 1 and d.legal() == ["QS"]  # hearts is not black
    play(d, "QS", "KS", "AS")  # the ace: a stop; after a black suit the new suit must be red
    assert d.turn == 1 and d.legal() == ["5H"]
    play(d, *expand("H:5-A"))
    assert d.over and d.winner == 1
    assert d.result().deltas == [-4 - 11, -4 + 3 + 11 + 13, -4 - 13]


def test_sequence_chips_are_added_each_deal_won_or_not() -> None:
    # "New chips are added in each deal, whether the boodle chips are won or not."
    hands = ["2S 3S 4S H:2-9 JH QH", "5S 6S 7S TH KH AH D:2-8", E_HANDS[2]]
    d = michigan("sequence-michigan", hands, E_WIDOW, dealer=2)
    no_bids(d)
    while not d.over:
        d.act(d.legal()[0])
    assert d.result().pools["sequence"] == 3 and d.carry["pools"]["sequence"] == 3  # not won: carried
    nxt = ct.load("sequence-michigan", players=3).deal(seed=4, dealer=0, carry=d.carry)
    assert nxt.view(0)["pools"]["sequence"] == 6
    d = michigan("sequence-michigan", E_HANDS, E_WIDOW, dealer=2)
    no_bids(d)
    play(d, *expand("H:2-T"))  # seat 0 plays 9H then TH: won
    assert d.view(0)["pools"]["sequence"] == 0


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_boodle_deal_table(players: int) -> None:
    # BO-GAP-1 (Foster's table): "The deck is dealt in equal hands to the players, leaving three or more cards for a
    # widow"; "The widow cannot be exchanged or purchased".
    each = {3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}[players]
    for gid in ("boodle", "spin", "pope-joan"):
        d = ct.load(gid, players=players).deal(seed=players, dealer=0)
        while d.phase == "stake":
            d.act(d.legal()[0])
        assert d.phase == "lead" and d.turn == 1 % players and "take" not in d.legal()
        assert d.view(0)["hand_sizes"] == [each] * players
        assert d.view(0)["widow_size"] == 52 - each * players >= 3
    d = ct.load("boodle", players=players, deal_table="sixteen").deal(seed=1)
    play(d, *["stake ace king queen jack"] * players)
    assert d.view(0)["hand_sizes"] == [16 if players == 3 else each] * players


def test_boodle_money_cards_and_chips_placed_at_will() -> None:
    # "The money or boodle cards are: ace of hearts, king of diamonds, queen of spades, and jack of clubs."
    # "each player may place his four chips on the money cards as he pleases, all on one card or some on all"
    d = ct.load("boodle", players=3).deal(deck=boodle_deck(B_HANDS, B_WIDOW, 2), dealer=2,
                                          carry={"pools": {"king of diamonds": 2}})
    assert d.view(0)["money_cards"] == ["ace of hearts", "king of diamonds", "queen of spades", "jack of clubs"]
    assert d.view(0)["pools"] == {"ace of hearts": 0, "king of diamonds": 2, "queen of spades": 0, "jack of clubs": 0}
    with pytest.raises(ct.IllegalAction):
        d.act("stake ace ace ace")  # three chips: refused, nothing changes
    assert d.turn == 0 and d.view(0)["pools"]["ace of hearts"] == 0
    play(d, "stake king king king king", "stake queen queen queen queen", "stake ace ace jack jack")
    assert d.view(0)["pools"] == {"ace of hearts": 2, "king of diamonds": 6, "queen of spades": 4, "jack of clubs": 2}
    play(d, "2C")
    play(d, *expand("C:3-9"))  # TC is dead: a stop
    play(d, "7S", "8S", "9S", "TS", "JS", "QS")  # "plays a card that duplicates a money card": seat 1 takes 4
    assert d.view(0)["pools"]["queen of spades"] == 0
    play(d, "KS", "AS")
    assert d.over and d.winner == 1
    # "If a money card is not cleared in one deal, the chips remain on it until duly won."
    assert d.carry == {"pools": {"ace of hearts": 2, "king of diamonds": 6, "jack of clubs": 2}}
    assert d.result().deltas == [-4 - 14, -4 + 4 + 14 + 15, -4 - 15]


def test_spin_bonus_exact_settlement() -> None:
    # SP-GAP-1 option: 3 chips from each other player for the spin. Money cards AH KD QS JC staked at will.
    d = ct.load("spin", players=3, spin_bonus=3).deal(deck=boodle_deck(B_HANDS, B_WIDOW, 2), dealer=2)
    play(d, "stake king king king king", "stake ace ace ace ace", "stake queen queen jack jack")
    play(d, "spin 2S")  # 2S, then the ace of diamonds: a stop; he leads another suit
    assert d.turn == 0 and d.legal() == ["2H", "2C"]
    play(d, *expand("H:2-9"))
    assert d.turn == 2 and d.legal() == ["TH"]
    play(d, "TH", "JH", "QH")  # KH is dead: a stop; seat 2 holds only diamonds now
    assert d.turn == 2 and d.legal() == ["2D"]
    play(d, *expand("D:2-K"))  # the king of diamonds takes 4; the ace of diamonds is already down: out anyway
    assert d.over and d.winner == 2
    res = d.result()
    assert "Cal plays the king of diamonds and takes 4" in res.lines
    assert res.deltas == [-4 + 6 - 5, -4 - 3 - 15, -4 - 3 + 4 + 5 + 15]
    assert res.pools == {"ace of hearts": 4, "king of diamonds": 0, "queen of spades": 2, "jack of clubs": 2}


def test_spin_refused_without_the_ace_of_diamonds() -> None:
    d = ct.load("spin", players=3).deal(deck=boodle_deck(B_HANDS, B_WIDOW, 2), dealer=2)
    play(d, *["stake ace ace ace ace"] * 3, "2C")
    assert d.turn == 1 and d.legal() == ["3C"]  # seat 1 has no ace of diamonds: no spin
    assert "only the holder of the ace of diamonds" in (d.why_not("spin 3C") or "")
    d = ct.load("michigan", players=3).deal(seed=1)
    no_bids(d)
    assert "only Spin" in (d.why_not("spin 2S") or "")


def test_money_card_with_no_chips_gives_no_settlement_line() -> None:
    d = ct.load("boodle", players=3).deal(deck=boodle_deck(B_HANDS, B_WIDOW, 2), dealer=2)
    play(d, *["stake ace ace ace ace"] * 3, *expand("S:2-6"), *expand("S:7-Q"))
    assert d.view(0)["pools"]["queen of spades"] == 0
    while not d.over:
        d.act(d.legal()[0])
    assert not any("queen of spades and takes" in line for line in d.result().lines)


def test_penalised_pass_when_able_to_begin_a_suit_and_forced_restart() -> None:
    # "For failing to play properly in his turn, the player pays a penalty of one chip to each of the others."
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2, penalised_passes=True)
    no_bids(d)
    play(d, "pass")
    assert d.turn == 1 and d.legal() == ["4S", "KH", "2D", "pass"]
    play(d, "pass")
    assert d.turn == 2 and d.legal() == ["8S", "2C", "9D", "pass"]
    play(d, "pass")
    # the turn is back with the first passer: he must play the lowest card in his hand, no passing now
    assert d.turn == 0 and d.phase == "restart" and d.legal() == ["2S", "2H"]
    assert "lowest card in your hand" in (d.why_not("pass") or "")
    while not d.over:
        d.act(d.legal()[0])
    lines = d.result().lines
    for s in range(3):
        for o in range(3):
            if o != s:
                assert f"{d.names[s]} fails to play properly and pays 1 to {d.names[o]}" in lines


@pytest.mark.parametrize("gid", ["michigan", "cross-color-michigan", "sequence-michigan", "jackpot-michigan",
                                 "boodle", "spin", "pope-joan"])
def test_match_carries_money_cards_and_pools(gid: str) -> None:
    # Issue 6: "each with a full match: chips, money cards and pools carried between deals"; "Thereafter the deal
    # rotates to the left."
    m = ct.Match(ct.load(gid, players=4), seed=9, deals=6)
    rng = random.Random(9)
    dealers = []
    while not m.over:
        d = m.next_deal()
        carried = dict((m.carry or {}).get("pools", {}))
        for name, chips in carried.items():
            assert d.view(0)["pools"][name] >= chips  # what was left on a card is still there, plus new stakes
        dealers.append(d.dealer)
        d.playout(rng)
        m.record(d)
    pools = (m.carry or {}).get("pools", {})
    assert dealers == [0, 1, 2, 3, 0, 1] and sum(m.totals) + sum(pools.values()) == 0


def test_names_in_lines_status_and_reasons() -> None:
    # Settlement lines, the status and the reasons name the seats (the game's names, not seat numbers).
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2)
    named = ct.load("michigan", players=3, names=["Xena", "Yuri", "Zoe"]).replay(
        deck=" ".join(d.pack.code(c) for c in d.deck), dealer=2, actions=[])
    assert named.view(0)["status"] == "the dealer takes the widow or auctions it"
    play(named, "keep", "bid 2", "pass")  # Xena buys the widow for 2 and exchanges at once
    assert named.view(0)["status"] == "Xena begins a new suit"
    assert named.why_not("2S", seat=1) == "it is Xena's turn, not Yuri's"
    while not named.over:
        named.act(named.legal()[0])
    lines = named.result().lines
    assert "Xena buys the widow from the dealer, Zoe, for 2" in lines
    assert "Zoe puts 1 on the ace of hearts" in lines
    assert named.view(0)["status"].endswith("is out and wins") and "seat" not in " ".join(lines)


def test_labels_word_the_family_actions() -> None:
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2)
    assert [d.label(a) for a in ("take", "keep", "bid 7", "pass", "AH")] == [
        "Take the widow", "Keep my hand and auction the widow", "Bid 7 for the widow", "Pass", "Ace of hearts"]
    b = ct.load("spin", players=3).deal(seed=1)
    assert b.label("stake jack jack king ace") == \
        "Stake 2 on the jack of clubs, 1 on the king of diamonds, 1 on the ace of hearts"
    assert b.label("spin 5C") == "Spin: play the five of clubs, then the ace of diamonds"


def test_declared_knowledge_for_bots_matches_the_deal() -> None:
    # The heuristic reads these declared methods, not the deal's fields: what a seat knows of the dead hand,
    # and the money still to be won.
    d = michigan("michigan", E_HANDS, E_WIDOW, dealer=2)
    play(d, "take")  # the dealer's hand goes face down: he alone knows it
    dead = d.cards_in(expand(E_HANDS[2]), d.pack.full)
    assert d.stops_known_to(2) == dead and d.unknown_dead(2) == 0
    assert d.stops_known_to(0) == 0 and d.unknown_dead(0) == 13
    assert d.prizes() == {d.pack.parse(c): 3 for c in ("AH", "KC", "QD", "JS")}
    assert d.sequence_prize() is None
    e = michigan("michigan", E_HANDS, E_WIDOW, dealer=2)
    no_bids(e)
    play(e, *expand("H:2-Q"), "KH", "AH", *expand("D:2-8"), *expand("D:9-A"), "2C")  # 3C shown dead
    tc = e.cards_in(["3C"], e.pack.full)
    assert e.stops_known_to(0) & tc and e.unknown_dead(0) == 13 - 1
    assert e.pack.parse("AH") not in e.prizes() and e.pack.parse("QD") not in e.prizes()
    s = michigan("sequence-michigan", E_HANDS, E_WIDOW, dealer=2)
    assert s.sequence_prize() == 3
