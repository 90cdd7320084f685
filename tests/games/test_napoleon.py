"""Scenario tests for Napoleon and Seven-Card Napoleon (seed 000, "Napoleon"; RESOLUTIONS.md §2.3)."""

from __future__ import annotations

import pytest

import cardtable as ct
from cardtable.core.cards import PACK_52

from .conftest import arranged


def singly(hands: dict[int, str], players: int, dealer: int = 0, top: str = "") -> str:
    """A deck dealing ``hands`` one card at a time from the dealer's left, then ``top`` on the stock."""
    order = [(dealer + 1 + i) % players for i in range(players)]
    cards = {s: h.split() for s, h in hands.items()}
    size = len(next(iter(cards.values())))
    deck = [cards[s][k] for k in range(size) for s in order]
    return arranged(PACK_52, " ".join(deck + top.split()))


HANDS4 = {1: "AS KS QS JS TS", 2: "2H 3H 4H 5H 6H", 3: "2D 3D 4D 5D 6D", 0: "2C 3C 4C 5C 6C"}


def play(deal: ct.Deal, actions: str) -> None:
    for a in actions.split(","):
        deal.act(a.strip())


def test_declarations_in_ascending_order_from_dealers_left() -> None:
    # "beginning with the player on the left of the dealer, every player in turn must either pass or declare
    # ... in the ascending order: Two, Three, Four and Nap"
    d = ct.load("nap", players=4).deal(deck=singly(HANDS4, 4))
    assert d.turn == 1
    assert d.legal() == ["pass", "bid 2", "bid 3", "bid 4", "nap"]
    d.act("bid 3")
    assert d.turn == 2 and d.legal() == ["pass", "bid 4", "nap"]
    reason = d.why_not("bid 2")
    assert reason is not None and "higher than the last" in reason
    with pytest.raises(ct.IllegalAction):
        d.act("bid 3")
    assert d.turn == 2 and d.history == [(1, "bid 3")]


def test_misery_ranks_between_three_and_four() -> None:
    # "Misery ... ranks between the declaration of Three and Four"
    d = ct.load("nap", players=4, misery=True).deal(deck=singly(HANDS4, 4))
    assert d.legal() == ["pass", "bid 2", "bid 3", "misery", "bid 4", "nap"]
    d.act("bid 3")
    assert d.legal() == ["pass", "misery", "bid 4", "nap"]


def test_lead_fixes_trumps_follow_suit_and_settlement_for_three() -> None:
    # "The player who has contracted to win most tricks leads to the first trick and the card that he leads
    # determines the trump suit"; "a player must follow suit if he can, otherwise he may discard or trump".
    hands = {1: "AH KH 2S 3S 4S", 2: "QH 5S 6S 7S 2C", 3: "5D 6D 7D 8D 9D", 0: "AS KS QS JS 3C"}
    d = ct.load("nap", players=4).deal(deck=singly(hands, 4))
    play(d, "bid 3, pass, pass, pass")
    assert d.turn == 1 and d.declarer == 1
    play(d, "AH")
    assert d.view(1)["trump"] == "H"
    assert d.legal() == ["QH"]  # seat 2 holds a heart: must follow
    play(d, "QH")
    assert d.legal() == ["9D", "8D", "7D", "6D", "5D"]  # void: any card
    play(d, "5D, 3C")
    assert d.view(0)["tricks_won"] == [0, 1, 0, 0]
    play(d, "KH, 2C, 6D, JS")          # seat 2 has no heart: discards
    assert d.tricks_won[1] == 2
    play(d, "2S, 5S, 7D, AS")           # the ace of spades wins; seat 0 leads
    assert d.turn == 0
    play(d, "KS, 3S, 6S, 8D")
    play(d, "QS, 4S, 7S, 9D")
    assert d.over and d.tricks_won == [3, 2, 0, 0]
    # "Two 2 units ... Three 3 units": the declarer loses 3 to every other player.
    assert d.result().deltas == [3, -9, 3, 3]


def test_nap_wins_ten_loses_five_from_everyone() -> None:
    # "Nap 10 units 5 units"; "Payment is made to, and received from, all players at the table."
    d = ct.load("nap", players=4).deal(deck=singly(HANDS4, 4))
    play(d, "nap, pass, pass, pass")
    for _ in range(5):
        lead = d.legal()[0]
        d.act(lead)
        for _ in range(3):
            d.act(d.legal()[-1])
    assert d.tricks_won[1] == 5
    assert d.result().deltas == [-10, 30, -10, -10]


def test_over_and_under_tricks_ignored() -> None:
    # "Stakes are paid only on the number of tricks contracted for."
    d = ct.load("nap", players=4).deal(deck=singly(HANDS4, 4))
    play(d, "bid 2, pass, pass, pass")
    while not d.over:
        d.act(d.legal()[0])
    assert d.tricks_won[1] == 5 and d.result().deltas == [-2, 6, -2, -2]


def test_wellington_only_over_nap_and_blucher_only_over_wellington() -> None:
    # N-GAP-1: "It cannot be declared ... except over a declaration of [Nap]"; N-GAP-2: Blucher over Wellington.
    g = ct.load("nap", players=4, wellington=True, blucher=True)
    d = g.deal(deck=singly(HANDS4, 4))
    assert "wellington" not in d.legal()
    assert "Nap" in (d.why_not("wellington") or "")
    play(d, "nap")
    assert d.legal() == ["pass", "wellington"]
    play(d, "wellington")
    assert d.legal() == ["pass", "blucher"]
    play(d, "blucher, pass")
    assert d.declarer == 3 and d.contract and d.contract.word == "blucher"
    with pytest.raises(ct.RulesError, match="blucher needs wellington"):
        ct.load("nap", blucher=True)


def test_wellington_double_stakes_and_peel_scale() -> None:
    # Wellington "at double stakes": +20 / -10 (N-GAP-2 default); Peel's modification +10 / -10.
    for scale, win in (("double_triple", 20), ("peel_modified", 10)):
        d = ct.load("nap", players=4, wellington=True, high_bids_scale=scale).deal(deck=singly(HANDS4, 4))
        play(d, "nap, pass, pass, wellington")
        assert d.declarer == 0
        while not d.over:
            d.act(d.legal()[0])
        assert d.tricks_won[0] == 5      # clubs led are trumps and nobody else holds one
        assert d.result().deltas == [3 * win, -win, -win, -win]


def test_misery_without_trumps_stops_at_first_trick_taken() -> None:
    # "normally it is played without a trump suit"; N-GAP-5: play stops once the declarer takes a trick.
    hands = {1: "2S 3S 4S 5S AH", 2: "6S 7S 8S 9S 2C", 3: "TS JS QS KS 3C", 0: "AS 2D 3D 4D 4C"}
    d = ct.load("nap", players=4, misery=True).deal(deck=singly(hands, 4))
    play(d, "misery, pass, pass, pass")
    play(d, "AH, 2C, 3C, 4C")            # no trumps: the ace of hearts, led, wins
    assert d.view(0)["trump"] is None
    assert d.over and d.tricks_won[1] == 1
    assert d.result().deltas == [3, -9, 3, 3]  # "It pays and wins 3 units"


def test_misery_made_and_misery_with_trumps() -> None:
    hands = {1: "2S 3S 4S 5S 2H", 2: "6S 7S 8S 9S 3H", 3: "TS JS QS KS 4H", 0: "AS AH 3D 4D 4C"}
    d = ct.load("nap", players=4, misery=True).deal(deck=singly(hands, 4))
    play(d, "misery, pass, pass, pass")
    while not d.over:
        d.act(d.legal()[0])
    assert d.tricks_won[1] == 0 and d.result().deltas == [-3, 9, -3, -3]
    # "some play it with a trump suit, determined as in the parent game by the opening lead"
    d = ct.load("nap", players=4, misery=True, misery_trumps=True).deal(deck=singly(hands, 4))
    play(d, "misery, pass, pass, pass, 2S")
    assert d.view(0)["trump"] == "S"


def test_all_pass_redeal_and_dealer_bids_one() -> None:
    # N-GAP-3 default: "when all the players pass, the deal is void"; the next dealer deals.
    g = ct.load("nap", players=4)
    d = g.deal(deck=singly(HANDS4, 4))
    play(d, "pass, pass, pass, pass")
    assert d.over and d.result().deltas == [0, 0, 0, 0] and "void" in d.result().lines[0]
    assert g.next_dealer(d) == 1
    # Option: "If no one bids, the dealer must bid at least one" (Scarne), scoring 1.
    d = ct.load("nap", players=4, all_pass="dealer_bids_one").deal(deck=singly(HANDS4, 4))
    assert "bid 1" not in d.legal()
    play(d, "pass, pass, pass")
    assert d.turn == 0 and d.legal() == ["bid 1", "bid 2", "bid 3", "bid 4", "nap"]
    assert "must declare at least One" in (d.why_not("pass") or "")
    play(d, "bid 1")
    while not d.over:
        d.act(d.legal()[0])
    assert d.result().deltas[0] in (3, -3)


def test_peep_nap_exchanges_top_card_hidden_from_others() -> None:
    # "Peep Nap sanction the player who has declared Nap ... to exchange the top card of the pack for a card
    # in his own hand."
    g = ct.load("nap", players=4, peep="nap_declarer_only")
    d = g.deal(deck=singly(HANDS4, 4, top="AH"))
    play(d, "nap, pass, pass, pass")
    assert d.phase == "peep" and d.turn == 1
    assert d.legal() == ["discard AS", "discard KS", "discard QS", "discard JS", "discard TS", "discard AH"]
    assert "AH" in d.view(1)["hand"] and "AH" not in str(d.view(2))
    play(d, "discard TS")
    assert d.view(2)["history"][-1] == [1, "discard"]
    assert "TS" not in str(d.view(2)) and d.view(1)["my_discards"] == ["TS"]
    assert d.phase == "play" and sorted(d.view(1)["hand"]) == sorted(["AS", "KS", "QS", "JS", "AH"])


def test_peep_only_for_nap_declarations() -> None:
    d = ct.load("nap", players=4, peep="nap_declarer_only").deal(deck=singly(HANDS4, 4))
    play(d, "bid 4, pass, pass, pass")
    assert d.phase == "play"


def test_purchase_nap_pool_paid_carried_and_won() -> None:
    # "exchange any number of cards ... by paying into a pool 1 unit for every card exchanged. The pool is
    # carried forward from deal to deal and taken by the first player to win Nap"
    g = ct.load("nap", players=4, purchase=True)
    d = g.deal(deck=singly(HANDS4, 4, top="9C 8C"))
    assert "exchange TS" in d.legal() and "exchange AS KS QS JS TS" in d.legal()
    play(d, "exchange JS TS")          # draws 9C then 8C from the top of the stock
    assert d.turn == 1 and "exchange JS" not in d.legal()     # one purchase per player, then declare
    assert sorted(d.view(1)["hand"]) == sorted(["AS", "KS", "QS", "9C", "8C"])
    assert d.view(2)["history"][-1] == [1, "exchange 2"]
    play(d, "bid 2, pass, pass, pass")
    while not d.over:
        d.act(d.legal()[0])
    res = d.result()
    assert res.pools == {"nap_pool": 2} and d.carry == {"pools": {"nap_pool": 2}}
    assert sum(res.deltas) + 2 == 0
    # Next deal: a won Nap takes the pool.
    d2 = g.deal(deck=singly(HANDS4, 4), carry=d.carry)
    play(d2, "nap, pass, pass, pass")
    for _ in range(5):
        d2.act(d2.legal()[0])
        for _ in range(3):
            d2.act(d2.legal()[-1])
    assert d2.result().deltas == [-10, 32, -10, -10] and d2.result().pools == {"nap_pool": 0}
    assert d2.carry is None


def test_seven_card_nap_ladder_and_table() -> None:
    # "a player cannot contract to win less than three tricks. There is no Wellington and no Blucher. Misery
    # is optional and, if permitted, ranks between Nap and Six." Six: 18 / 9.
    g = ct.load("seven-card-nap", players=4, misery=True)
    hands = {1: "AS KS QS JS TS 9S 8S", 2: "2H 3H 4H 5H 6H 7H 8H", 3: "2D 3D 4D 5D 6D 7D 8D",
             0: "2C 3C 4C 5C 6C 7C 8C"}
    d = g.deal(deck=singly(hands, 4))
    assert d.legal() == ["pass", "bid 3", "bid 4", "nap", "misery", "bid 6", "bid 7"]
    play(d, "bid 6, pass, pass, pass")
    while not d.over:
        d.act(d.legal()[0])
    assert d.tricks_won[1] == 7 and d.result().deltas == [-18, 54, -18, -18]
    with pytest.raises(ct.RulesError, match="unknown option 'wellington'"):
        ct.load("seven-card-nap", wellington=True)
    with pytest.raises(ct.RulesError, match="2 to 6 players"):
        ct.load("seven-card-nap", players=7)
    assert ct.load("seven-card-nap", players=7, seven_players=True).players == 7


def test_wrong_seat_and_bad_input_leave_state_unchanged() -> None:
    d = ct.load("nap", players=4).deal(deck=singly(HANDS4, 4))
    with pytest.raises(ct.IllegalAction, match="it is Bea's turn, not Cal's"):
        d.act("pass", seat=2)
    with pytest.raises(ct.IllegalAction):
        d.act("QX")
    assert d.history == [] and d.turn == 1
    with pytest.raises(ct.RulesError, match="unknown option"):
        ct.load("nap", misry=True)
    with pytest.raises(ct.RulesError, match="one of"):
        ct.load("nap", peep="sometimes")
    with pytest.raises(ct.CardError):
        ct.load("nap").deal(deck="AS KS")


def test_sample_keeps_voids_and_own_cards() -> None:
    import random

    hands = {1: "AH KH 2S 3S 4S", 2: "QH 5S 6S 7S 2C", 3: "5D 6D 7D 8D 9D", 0: "AS KS QS JS 3C"}
    d = ct.load("nap", players=4).deal(deck=singly(hands, 4))
    play(d, "bid 3, pass, pass, pass, AH, QH, 5D")   # seat 3 showed void in hearts
    for k in range(50):
        s = d.sample(0, random.Random(k))
        assert s.view(0) == d.view(0)
        assert not s.hands[3] & PACK_52.suit_mask[1]  # no hearts for seat 3
    seen = {PACK_52.code(c) for k in range(200) for c in
            ct.core.cards.bits(d.sample(0, random.Random(k)).hands[2])}
    assert "KH" in seen and "AS" not in seen        # hidden cards move, own cards never do


def _play_out_nap(d: ct.Deal) -> None:
    """The declarer leads his top cards; the others throw their lowest."""
    while not d.over:
        d.act(d.legal()[0] if d.turn == d.declarer else d.legal()[-1])


def test_failed_nap_pays_five_to_everyone_and_four_made() -> None:
    # "Nap 10 units 5 units"; "Four 4 units 4 units"; "Payment is made to, and received from, all players".
    hands = {1: "AS KS QS JS 2H", 2: "AH 3H 4H 5H 6H", 3: "2D 3D 4D 5D 6D", 0: "2C 3C 4C 5C 6C"}
    d = ct.load("nap", players=4).deal(deck=singly(hands, 4))
    play(d, "nap, pass, pass, pass")
    _play_out_nap(d)
    assert d.tricks_won[1] == 4 and d.result().deltas == [5, -15, 5, 5]
    d = ct.load("nap", players=4).deal(deck=singly(hands, 4))
    play(d, "bid 4, pass, pass, pass")
    _play_out_nap(d)
    assert d.result().deltas == [-4, 12, -4, -4]


@pytest.mark.parametrize("scale,win,lose", [("double_triple", 30, 15), ("peel_modified", 10, 15)])
def test_blucher_stakes(scale: str, win: int, lose: int) -> None:
    # N-GAP-2: Blucher at triple stakes, "the caller winning 30 or losing 15" (Peel); Peel's modification +10/-15.
    g = ct.load("nap", players=4, wellington=True, blucher=True, high_bids_scale=scale)
    weak = {1: "2H 3H 4H 5H 6H", 2: "2S 3S 4S 5S 6S", 3: "2D 3D 4D 5D 6D", 0: "AD 3C 4C 5C 6C"}
    d = g.deal(deck=singly(weak, 4))
    play(d, "nap, wellington, blucher, pass")
    assert d.declarer == 3 and d.turn == 3
    _play_out_nap(d)
    assert d.tricks_won[3] < 5 and d.result().deltas == [lose, lose, lose, -3 * lose]
    hands = {3: "AS KS QS JS TS", 1: "2H 3H 4H 5H 6H", 2: "2D 3D 4D 5D 6D", 0: "2C 3C 4C 5C 6C"}
    d = g.deal(deck=singly(hands, 4))
    play(d, "nap, wellington, blucher, pass")
    _play_out_nap(d)
    assert d.result().deltas == [-win, -win, -win, 3 * win]


def test_paid_peek_before_declaring() -> None:
    # N-GAP-6 option (the "floating card" house rule): before declaring, a player may pay a unit to peep at the
    # top card of the pack, and use it if he becomes the declarer.
    g = ct.load("nap", players=4, peep="paid_peek_before_bid")
    d = g.deal(deck=singly(HANDS4, 4, top="AH"))
    assert "peep" in d.legal()
    d.act("peep")
    assert d.view(1)["peeked"] == "AH" and "peeked" not in d.view(2) and "AH" not in str(d.view(2))
    assert d.view(2)["pools"] == {"nap_pool": 1} and "peep" not in d.legal()
    play(d, "bid 4, pass, pass, pass")
    assert d.phase == "peep" and "discard AH" in d.legal()
    play(d, "discard TS")
    assert "AH" in d.view(1)["hand"]
    _play_out_nap(d)
    assert d.result().deltas == [-4, 12 - 1, -4, -4] and d.result().pools == {"nap_pool": 1}


def test_player_ranges() -> None:
    # "by any number of players up to six"; N-GAP-8 allows a seventh at Seven-card Nap as an option.
    with pytest.raises(ct.RulesError, match="2 to 6 players"):
        ct.load("nap", players=7)
    with pytest.raises(ct.RulesError):
        ct.load("nap", players=1)
    assert ct.load("nap", players=2).deal(seed=1).legal() == ["pass", "bid 2", "bid 3", "bid 4", "nap"]


def test_seven_card_seven_and_misery_table() -> None:
    # Seven Card Napoleon table: "Seven 28 units 14 units"; "Misery (if played) 10 units 5 units"
    hands = {1: "AS KS QS JS TS 9S 8S", 2: "2H 3H 4H 5H 6H 7H 8H", 3: "2D 3D 4D 5D 6D 7D 8D",
             0: "2C 3C 4C 5C 6C 7C 8C"}
    g = ct.load("seven-card-nap", players=4, misery=True)
    d = g.deal(deck=singly(hands, 4))
    play(d, "bid 7, pass, pass, pass")
    _play_out_nap(d)
    assert d.result().deltas == [-28, 84, -28, -28]
    d = g.deal(deck=singly(hands, 4))
    play(d, "misery, pass, pass, pass, 8S, 2H, 2D, 2C")   # the eight of spades wins: the Misery fails at once
    assert d.over and d.result().deltas == [5, -15, 5, 5]
    low = {1: "2S 3S 4S 5S 2H 3H 4H", 2: "AS KS QS JS TS 9S 8S", 3: "AH KH QH JH TH 9H 8H",
           0: "AD KD QD JD TD 9D 8D"}
    d = g.deal(deck=singly(low, 4))
    play(d, "misery, pass, pass, pass")
    _play_out_nap(d)
    assert d.tricks_won[1] == 0 and d.result().deltas == [-10, 30, -10, -10]


@pytest.mark.provisional  # N-GAP-3 carried to Seven-card Nap, whose lowest contract is Three (engine inference)
def test_seven_card_dealer_forced_to_declare_three() -> None:
    hands = {1: "AS KS QS JS TS 9S 8S", 2: "2H 3H 4H 5H 6H 7H 8H", 3: "2D 3D 4D 5D 6D 7D 8D",
             0: "2C 3C 4C 5C 6C 7C 8C"}
    d = ct.load("seven-card-nap", players=4, all_pass="dealer_bids_three").deal(deck=singly(hands, 4))
    play(d, "pass, pass, pass")
    assert d.turn == 0 and d.legal() == ["bid 3", "bid 4", "nap", "bid 6", "bid 7"]
    assert "at least Three" in (d.why_not("pass") or "")
    with pytest.raises(ct.RulesError):
        ct.load("seven-card-nap", all_pass="dealer_bids_one")


def test_rules_texts() -> None:
    # `cardtable rules nap` gives the seed's order and table in words; each game its own text.
    nap = ct.catalog.game_class("nap").rules_text()
    assert "- **Two** — to win at least two tricks;" in nap and "| Nap | 10 | 5 |" in nap and "(wellington)" in nap
    assert "the suit of the card he leads is trumps" in nap  # the declarer's lead names trumps
    seven = ct.catalog.game_class("seven-card-nap").rules_text()
    assert "| Seven | 28 | 14 |" in seven and "between\n  Nap and Six" in seven and "Wellington" not in nap[:200]
    assert "a Nap,\n  Six or Seven declarer may peep" in seven  # N-GAP-10


def test_settlement_lines_name_the_players() -> None:
    # "Stakes are paid only on the number of tricks contracted for ... to, and received from, all players":
    # the lines say who failed what and who pays whom, by name.
    hands = {1: "AH KH 2S 3S 4S", 2: "QH 5S 6S 7S 2C", 3: "5D 6D 7D 8D 9D", 0: "AS KS QS JS 3C"}
    d = ct.load("nap", players=4).deal(deck=singly(hands, 4))
    play(d, "bid 3, pass, pass, pass, AH, QH, 5D, 3C, KH, 2C, 6D, JS, 2S, 5S, 7D, AS, KS, 3S, 6S, 8D")
    play(d, "QS, 4S, 7S, 9D")
    assert d.result().lines == ["Bea failed Three (2 tricks)", "Bea pays Ann 3", "Bea pays Cal 3", "Bea pays Dee 3"]
    named = ct.load("nap", players=4, names=["North", "East", "South", "West"]).deal(deck=singly(hands, 4))
    play(named, "bid 3, pass, pass, pass, AH, QH, 5D, 3C, KH, 2C, 6D, JS, 2S, 5S, 7D, AS, KS, 3S, 6S, 8D")
    play(named, "QS, 4S, 7S, 9D")
    assert named.result().lines[:2] == ["East failed Three (2 tricks)", "East pays North 3"]


def test_actions_in_plain_words() -> None:
    d = ct.load("nap", players=4, misery=True, wellington=True, purchase=True).deal(deck=singly(HANDS4, 4))
    labels = {a: d.label(a) for a in ["pass", "bid 2", "bid 3", "misery", "bid 4", "nap", "wellington",
                                      "exchange JS TS", "QS", "discard TS"]}
    assert labels == {"pass": "Pass", "bid 2": "Two", "bid 3": "Three", "misery": "Misery", "bid 4": "Four",
                      "nap": "Nap", "wellington": "Wellington",
                      "exchange JS TS": "Exchange the J♠ and 10♠ for cards from the pack",
                      "QS": "Queen of spades", "discard TS": "Discard the 10♠"}
    seven = ct.load("seven-card-nap", players=4).deal(seed=1)
    assert [seven.label(a) for a in seven.legal()] == ["Pass", "Three", "Four", "Nap", "Six", "Seven"]


def test_seven_card_six_and_seven_peep_and_take_the_pool() -> None:
    # N-GAP-10: "at Seven-Card Napoleon a Nap, Six or Seven declarer may peep, and a made Nap, Six or Seven
    # takes the purchase pool".
    hands = {1: "AS KS QS JS TS 9S 8S", 2: "2H 3H 4H 5H 6H 7H 8H", 3: "2D 3D 4D 5D 6D 7D 8D",
             0: "2C 3C 4C 5C 6C 7C 8C"}
    d = ct.load("seven-card-nap", players=4, peep="nap_declarer_only").deal(deck=singly(hands, 4, top="AH"))
    play(d, "bid 6, pass, pass, pass")
    assert d.phase == "peep" and "discard AH" in d.legal()
    d = ct.load("seven-card-nap", players=4, peep="nap_declarer_only").deal(deck=singly(hands, 4, top="AH"))
    play(d, "bid 4, pass, pass, pass")
    assert d.phase == "play"  # Four is not a declaration of five tricks or more: no peep
    g = ct.load("seven-card-nap", players=4, purchase=True)
    d = g.deal(deck=singly(hands, 4), carry={"pools": {"nap_pool": 3}})
    play(d, "bid 7, pass, pass, pass")
    _play_out_nap(d)
    assert d.result().deltas == [-28, 84 + 3, -28, -28] and d.result().pools == {"nap_pool": 0}
