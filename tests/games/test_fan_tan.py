"""Scenario tests: Fan-Tan, Play or Pay, Five or Nine, Domino Fan-Tan (seed 004; docs/decisions.md)."""

from __future__ import annotations

import random

import pytest

import cardtable as ct
from cardtable.core.cards import SUITS

ORDER = "A23456789TJQK"


def expand(spec: str) -> list[str]:
    """Cards from a compact text: 'S:A-6' is AS..6S (ace low), plain codes as they are."""
    out: list[str] = []
    for tok in spec.split():
        if ":" in tok:
            suit, span = tok.split(":")
            lo, _, hi = span.partition("-")
            hi = hi or lo
            out += [r + suit for r in ORDER[ORDER.index(lo):ORDER.index(hi) + 1]]
        else:
            out.append(tok)
    return out


def deal(gid: str, hands: list[str], dealer: int, stock: str = "", **options: object) -> ct.Deal:
    """A deal whose seats hold exactly ``hands`` (dealt one at a time from dealer's left)."""
    n = len(hands)
    lists = [expand(h) for h in hands]
    want = [sorted(h) for h in lists]
    seats = [(dealer + 1 + i) % n for i in range(n)]
    order: list[str] = []
    while any(lists):
        for s in seats:
            if lists[s]:
                order.append(lists[s].pop(0))
    d = ct.load(gid, players=n, **options).deal(deck=" ".join(order + expand(stock)), dealer=dealer)
    assert [sorted(d.view(s)["hand"]) for s in range(n)] == want, "the arranged hands were not dealt as meant"
    return d


def play(d: ct.Deal, *actions: str) -> None:
    for a in actions:
        d.act(a)


def finish(d: ct.Deal) -> None:
    """Play out: the first legal card (never a pass unless forced)."""
    while not d.over:
        legal = d.legal()
        cards = [a for a in legal if a not in ("pass", "draw")]
        d.act(cards[0] if cards else legal[0])


def check_settlement(d: ct.Deal) -> None:
    """Chips conserved, and the winner took the pot and one chip per card left in each other hand."""
    res = d.result()
    start = sum((d.carry_in.get("pools") or {}).values())
    assert sum(res.deltas) + sum(res.pools.values()) - start == 0
    w = d.winner
    for s in range(d.players):
        if s != w:
            left = len(d.view(s)["hand"])
            assert (f"{d.names[s]} pays {d.names[w]} {left} for the cards left in hand" in res.lines) == bool(left)


# ------------------------------------------------------------------ Fan-Tan
ONE_SUIT_EACH = ["S:A-K", "H:A-K", "D:A-K", "C:A-K"]


def test_fan_tan_sevens_open_six_and_eight_follow() -> None:
    # "The player at dealer's left makes the first play. If he holds any seven, he may lay it face up"
    d = deal("fan-tan", ["S:A-6 S:8-K H:7", "H:A-6 H:8-K S:7", "D:A-K", "C:A-K"], dealer=3)
    assert d.turn == 0 and d.legal() == ["7H"]
    play(d, "7H")
    # "he may play a six or eight of the same suit as a seven already on the table"
    assert d.legal() == ["7S", "8H", "6H"]
    play(d, "7S", "7D", "7C")
    assert d.legal() == ["8S", "6S"]
    assert d.view(2)["layout"] == {"S": ["7S", "7S"], "H": ["7H", "7H"], "D": ["7D", "7D"], "C": ["7C", "7C"]}
    # Antes: "Each player puts one or more chips in a pool before each deal."
    assert d.view(0)["pools"] == {"pot": 4}


def test_fan_tan_no_seven_passes_and_pays_a_chip() -> None:
    # "If he has no seven, he passes his turn." "If a player has no eligible card to play, he passes his turn
    # and must put one chip into a pool."
    d = deal("fan-tan", ["S:A-6 S:8-K D:A", "H:A-K", "D:2-K S:7", "C:A-K"], dealer=3)
    assert d.legal() == ["pass"]
    play(d, "pass")
    assert d.view(1)["pools"] == {"pot": 5} and d.view(1)["paid"] == [2, 1, 1, 1]
    assert d.legal() == ["7H"]
    play(d, "7H", "7S", "7C")
    assert d.legal() == ["8S", "6S"]
    # FT-GAP-3: by default a player able to play may not pass.
    reason = d.why_not("pass")
    assert reason and "must play it" in reason and "penalised_passes" in reason
    with pytest.raises(ct.IllegalAction):
        d.act("pass")
    assert "7D" not in d.legal() and "do not hold" in (d.why_not("7D") or "")
    finish(d)
    check_settlement(d)


def test_fan_tan_pass_reveals_a_void_to_samples() -> None:
    # A forced pass shows every other player that the passer held none of the eligible cards (the sevens).
    d = deal("fan-tan", ["S:A-6 S:8-K D:A", "H:A-K", "D:2-K S:7", "C:A-K"], dealer=3)
    play(d, "pass")
    sevens = {"7S", "7H", "7D", "7C"}
    for k in range(30):
        s = d.sample(1, random.Random(k))
        assert not sevens & set(s.view(0)["hand"])


def test_fan_tan_ace_and_king_are_the_last_cards() -> None:
    # "The ace is the last card played on the six pile ... the king is the last card played on the eight pile."
    d = deal("fan-tan", ONE_SUIT_EACH, dealer=3)
    for down in "7654321":
        r = "A" if down == "1" else down
        play(d, r + "S", r + "H", r + "D", r + "C")
    assert d.legal() == ["8S"]
    for up in "89TJQ":
        play(d, up + "S", up + "H", up + "D", up + "C")
    assert d.legal() == ["KS"]
    # The first out takes the pot and a chip per card from each other player (each still holds KH, KD, KC).
    play(d, "KS")
    assert d.over and d.winner == 0
    res = d.result()
    assert res.deltas == [-1 + 4 + 3, -2, -2, -2] and res.pools == {"pot": 0}
    assert d.carry is None
    # The settlement and the status name the seats.
    assert "Ann goes out first and takes the pot of 4" in res.lines and "Bea pays Ann 1 for the cards left in hand" \
        in res.lines and d.view(1)["status"] == "Ann is out and wins"


def test_fan_tan_a_finished_suit_lies_from_ace_to_king() -> None:
    # "The ace is the last card played on the six pile ... the king is the last card played on the eight pile":
    # built up to the king first, then down to the ace, each suit lies from its ace to its king (the ace goes
    # below the two; Fan-Tan does not go round the corner).
    d = deal("fan-tan", ONE_SUIT_EACH, dealer=3)
    play(d, "7S", "7H", "7D", "7C")
    for up in "89TJQK":
        play(d, up + "S", up + "H", up + "D", up + "C")
    for down in "65432":
        play(d, down + "S", down + "H", down + "D", down + "C")
    assert d.legal() == ["AS"]
    play(d, "AS")  # seat 0's last card: he goes out with the spades complete
    assert d.over and d.view(0)["layout"] == {"S": ["AS", "KS"], "H": ["2H", "KH"], "D": ["2D", "KD"],
                                              "C": ["2C", "KC"]}
    assert d.layout.rows()["S"] == [r + "S" for r in ORDER]


def test_fan_tan_pot_carried_in_goes_to_the_winner() -> None:
    # pools carry between deals; the first out "takes the pot".
    d = ct.load("fan-tan", players=4).deal(seed=3, carry={"pools": {"pot": 6}})
    assert d.view(0)["pools"] == {"pot": 10}
    finish(d)
    assert d.result().pools == {"pot": 0}
    check_settlement(d)


def test_fan_tan_two_players_split_suits_exact_result() -> None:
    # Both build their own suits; seat 0 (first to play) goes out on his 26th card, seat 1 holds one card.
    d = deal("fan-tan", ["S:A-K H:A-K", "D:A-K C:A-K"], dealer=1)
    assert d.legal() == ["7S", "7H"]
    finish(d)
    assert d.winner == 0 and d.result().deltas == [2, -2]


PENALTY_HANDS = ["H:5-7 S:7 C:A-9", "H:8-K S:6 D:A-6", "H:A-4 D:7-K S:A-2", "S:8-K S:3-5 C:T-K"]


@pytest.mark.provisional
def test_fan_tan_penalised_pass_with_sevens() -> None:
    # ENGINE DEFAULT (module text): with several sevens withheld, the payments are made for each of them.
    # Seed: "A player who passes when he holds an eligible card must pay three chips as penalty to the pot.
    # If he passes when he could play a seven, he must pay ... five chips to the holder of the eight of the
    # same suit and five chips to the holder of the six. If he holds the seven and the next card ... he pays
    # the five-chip penalty to the player who holds the next card in sequence." (FT-GAP-2)
    d = deal("fan-tan", PENALTY_HANDS, dealer=3, penalised_passes=True)
    assert d.legal() == ["7S", "7H", "7C", "pass"]
    play(d, "pass")
    v = d.view(2)
    # 7S: 6S (seat 1), 8S (seat 3). 7H 6H 5H: 4H (seat 2), 8H (seat 1). 7C..AC: no one below; TC (seat 3).
    assert v["pools"] == {"pot": 4 + 3}
    assert v["paid"] == [1 + 3 + 25, 1, 1, 1]
    assert v["known"] == {"0": ["7S", "7H", "6H", "5H", "AC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"],
                          "1": ["6S", "8H"], "2": ["4H"], "3": ["8S", "TC"]}
    finish(d)
    lines = d.result().lines
    assert "Ann passes holding an eligible card: 3 chips penalty to the pot" in lines
    assert "Ann did not play the seven of hearts: 5 chips to Cal, who holds 4H" in lines
    assert "Ann did not play the seven of clubs: 5 chips to Dee, who holds TC" in lines
    assert sum("did not play the seven" in line for line in lines) == 5
    check_settlement(d)


@pytest.mark.provisional
def test_fan_tan_penalty_plus_pass_chip_option() -> None:
    # FT-GAP-4 (ENGINE DEFAULT): the 3 chips replace the ordinary chip; pass_chip_with_penalty adds it.
    d = deal("fan-tan", PENALTY_HANDS, dealer=3, penalised_passes=True, pass_chip_with_penalty=True)
    play(d, "pass")
    assert d.view(1)["pools"] == {"pot": 4 + 4}


def test_fan_tan_short_hand_extra_ante() -> None:
    # FT-GAP-1: "customary for each player with fewer cards to ante one additional chip" (3 players: 18/17/17).
    d = ct.load("fan-tan", players=3, short_hand_extra_ante=True).deal(seed=1, dealer=2)
    assert d.view(0)["hand_sizes"] == [18, 17, 17]
    assert d.view(0)["paid"] == [1, 2, 2] and d.view(0)["pools"] == {"pot": 5}


def test_fan_tan_aliases_and_options() -> None:
    for alias in ("sevens", "parliament", "card-dominoes"):
        assert ct.game_info(alias).id == "fan-tan"
    with pytest.raises(ct.RulesError):
        ct.load("fan-tan", players=9)
    with pytest.raises(ct.RulesError):
        ct.load("fan-tan", ante=0)


# -------------------------------------------------------------- Play or Pay
def test_play_or_pay_round_the_corner_runs_and_new_suit() -> None:
    # "begins with any card"; "he continues to play, collecting a chip from each other player for each card
    # played" (PP-GAP-1: each card after the first); "around the corner ... (queen, king, ace, deuce)";
    # "The player who plays the last card of a suit is then privileged to play a card to begin a new suit."
    d = deal("play-or-pay", ["QH KH AH 2H S:2-T", "H:3-J S:J-K AS", "D:A-K", "C:A-K"], dealer=3)
    assert len(d.legal()) == 13
    play(d, "QH")
    assert d.turn == 0 and d.legal() == ["KH"]
    play(d, "KH", "AH", "2H")
    assert d.turn == 1 and d.legal() == ["3H"]
    assert d.view(0)["active_suit"] == "H"
    play(d, "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH")
    assert d.legal() == ["JH"]
    play(d, "JH")  # the thirteenth heart
    assert d.turn == 1 and d.legal() == ["AS", "KS", "QS", "JS"] and d.view(1)["active_suit"] is None
    play(d, "JS", "QS", "KS", "AS")
    assert d.over and d.winner == 1
    # Runs: seat 0 3 from each; seat 1 8 (hearts) + 3 (spades) from each. Seat 1 takes the pot (4) and
    # 9 + 13 + 13 cards.
    assert d.result().deltas == [-1 + 9 - 11 - 9, -1 - 3 + 33 + 4 + 35, -1 - 3 - 11 - 13, -1 - 3 - 11 - 13]


@pytest.mark.provisional
@pytest.mark.parametrize("bonus,per_other", [("after_first", 6), ("every_card", 7), ("none", 0)])
def test_play_or_pay_run_bonus_option(bonus: str, per_other: int) -> None:
    # PP-GAP-1: run_bonus reads "for each card played" three ways. Seat 0 plays AS..7S in one turn and is out.
    hands = ["S:A-7", "S:8-K H:A", "H:2-8", "H:9-K D:A-2", "D:3-8", "D:9-K C:A", "C:2-7", "C:8-K"]
    d = deal("play-or-pay", hands, dealer=7, run_bonus=bonus)
    play(d, "AS", "2S", "3S", "4S", "5S", "6S", "7S")
    assert d.over and d.winner == 0
    res = d.result()
    left = [0, 7, 7, 7, 6, 6, 6, 6]
    assert res.deltas == [-1 + 7 * per_other + 8 + 45] + [-1 - per_other - n for n in left[1:]]


def test_play_or_pay_unable_pays_a_chip() -> None:
    # "If a player cannot play a card, he pays a chip to the pot." The turn moves left (PP-GAP-2).
    d = deal("play-or-pay", ["S:A-K", "H:A-K", "D:A-K", "C:A-K"], dealer=3)
    play(d, "5S")
    assert d.turn == 0 and d.legal() == ["6S"]  # he holds the next card: he continues
    play(d, *[r + "S" for r in "6789TJQK"])
    play(d, "AS", "2S", "3S")
    assert d.legal() == ["4S"]
    play(d, "4S")  # the thirteenth spade was his last card: out
    assert d.over and d.winner == 0
    d = deal("play-or-pay", ["S:A-6 S:8-K H:A", "H:2-K S:7", "D:A-K", "C:A-K"], dealer=3)
    play(d, "6S")
    assert d.turn == 1 and d.legal() == ["7S"]
    play(d, "7S")
    assert d.turn == 2 and d.legal() == ["pass"]
    play(d, "pass")
    assert d.view(0)["pools"] == {"pot": 5} and d.turn == 3
    assert "next card is 8S" in (d.why_not("AC") or "")


# ------------------------------------------------------------- Five or Nine
def test_five_or_nine_first_card_sets_the_rank() -> None:
    # "the first card played must be a five or a nine. The first card played determines rank or layout"
    d = deal("five-or-nine", ONE_SUIT_EACH, dealer=3)
    assert d.legal() == ["9S", "5S"]
    assert "five or a nine" in (d.why_not("7S") or "")
    play(d, "9S")
    assert d.legal() == ["9H"]
    play(d, "9H", "9D", "9C")
    assert d.legal() == ["TS", "8S"]
    assert ct.game_info("domino-whist").id == "five-or-nine"


def test_five_or_nine_no_opening_card_passes() -> None:
    d = deal("five-or-nine", ["S:A-4 S:6-8 S:T-K H:5 D:K", "H:A-4 H:6-K S:5", "D:A-Q S:9", "C:A-K"], dealer=3)
    assert d.legal() == ["5H"]
    play(d, "5H")
    assert d.legal() == ["5S", "6H", "4H"]
    play(d, "6H")
    assert d.legal() == ["5D"]
    play(d, "5D", "5C")
    assert d.legal() == ["pass"]  # seat 0 holds no five and nothing next to a five


@pytest.mark.provisional
def test_five_or_nine_penalty_on_the_set_rank() -> None:
    # ENGINE DEFAULT (docs/decisions.md, Five or Nine): the seven's penalties apply to the set rank once fixed.
    d = deal("five-or-nine", ["S:A-K", "H:A-K", "D:A-K", "C:A-K"], dealer=3, penalised_passes=True)
    play(d, "5S", "pass")
    v = d.view(0)
    # Seat 1 held 5H with 4H..AH below it (no payment down) and 6H..KH above it (none up).
    assert v["paid"] == [1, 4, 1, 1] and v["pools"] == {"pot": 7}
    d = deal("five-or-nine", ["S:A-K", "H:A-4 H:6-K D:5", "D:A-4 D:6-K H:5", "C:A-K"], dealer=3,
             penalised_passes=True)
    play(d, "5S", "pass")
    assert d.view(0)["paid"] == [1, 1 + 3 + 10, 1, 1]  # 5D: 4D and 6D are both with seat 2


# ----------------------------------------------------------- Domino Fan-Tan
def test_domino_fan_tan_draws_until_able() -> None:
    # "If a player cannot play in his turn, he puts a chip into the pot and draws the top card of the stock.
    # If he still cannot play, he puts another chip into the pot and draws the next card ... until he is able
    # to play."
    d = deal("domino-fan-tan", ["S:A-6 S:8-K H:A-5", "H:6 H:8-K D:A-6 D:8-9 S:7 H:7"], dealer=1,
             stock="2C 7D D:T-K AC C:3-K")
    assert d.view(0)["stock_size"] == 18 and d.view(0)["hand_sizes"] == [17, 17]
    assert d.legal() == ["draw"]
    play(d, "draw")
    assert d.turn == 0 and d.legal() == ["draw"] and "2C" in d.view(0)["hand"]
    play(d, "draw")
    assert d.legal() == ["7D"] and d.view(1)["pools"] == {"pot": 4} and d.view(1)["stock_size"] == 16
    play(d, "7D")
    assert d.legal() == ["7S", "7H", "8D", "6D"]
    assert "7D" not in d.view(1).get("known", {})
    finish(d)
    check_settlement(d)
    assert d.result().lines[2:4] == ["Ann cannot play and pays 1 chip to the pot before drawing from the stock"] * 2


def test_domino_fan_tan_hands_played_out_when_stock_exhausted() -> None:
    # "When the stock is exhausted the hands are played out": no more drawing; a player unable to play
    # passes, paying the chip of a pass (docs/decisions.md), and the turn goes to the other player.
    deck = ("4H 5D JS TH 6S 8S AC 2D JH KH TS TD QD 7H 3C 6D 8C 9S 9H 7D QC 7C 9C AS 4C 3H KS 2S 2C 3S 9D 6H "
            "JD 4D JC 8D AH 3D TC KD 4S 6C 2H AD 5H 8H 5C QS QH KC 7S 5S")
    d = ct.load("domino-fan-tan", players=2).deal(deck=deck, dealer=1)
    while not (d.view(0)["stock_size"] == 0 and d.legal() == ["pass"]):
        legal = d.legal()
        cards = [a for a in legal if a not in ("pass", "draw")]
        d.act(cards[0] if cards else legal[0])
    assert d.turn == 1 and sorted(d.view(1)["hand"]) == ["2D", "TD"] and d.view(1)["pools"] == {"pot": 20}
    assert "stock exhausted" in (d.why_not("draw") or "")
    with pytest.raises(ct.IllegalAction):
        d.act("draw")
    play(d, "pass")
    assert d.turn == 0 and d.view(0)["pools"] == {"pot": 21} and sorted(d.view(1)["hand"]) == ["2D", "TD"]
    finish(d)
    check_settlement(d)


def test_domino_fan_tan_is_two_handed() -> None:
    with pytest.raises(ct.RulesError):
        ct.load("domino-fan-tan", players=3)


def test_every_id_loads_with_rules_text() -> None:
    for gid in ("fan-tan", "play-or-pay", "five-or-nine", "domino-fan-tan"):
        assert "seed 004" in ct.game_info(gid).source
        assert "penalised_passes" in {o.name for o in ct.game_info(gid).options}
    assert SUITS == "SHDC"


@pytest.mark.provisional
def test_penalised_passes_cannot_go_round_the_table() -> None:
    # ENGINE DEFAULT: once all the others have passed since the last card, a player able to play must play.
    d = deal("fan-tan", ONE_SUIT_EACH, dealer=3, penalised_passes=True)
    play(d, "pass", "pass", "pass")
    assert d.legal() == ["7C"] and "must now play" in (d.why_not("pass") or "")
    play(d, "7C")
    assert d.legal() == ["7S", "pass"]


# ------------------------------------------------------------ audit additions (issue 6)
def test_fan_tan_penalised_pass_withholding_one_seven() -> None:
    # "If he passes when he could play a seven, he must pay not only the three-chip penalty but an additional five
    # chips to the holder of the eight of the same suit and five chips to the holder of the six. If he holds the
    # seven and the next card (or cards in sequence to it, up or down), but does not play the seven, he pays the
    # five-chip penalty to the player who holds the next card in sequence." (FT-GAP-2: seat 0 holds 7H 6H 5H, so the
    # downward payment goes to the holder of 4H, the upward one to the holder of 8H.)
    hands = ["S:A-4 S:8-K H:5-7", "H:A-4 D:8-K S:5-7", "H:8-K D:A-7", "C:A-K"]
    d = deal("fan-tan", hands, dealer=3, penalised_passes=True)
    assert d.legal() == ["7H", "pass"]
    play(d, "pass")
    v = d.view(3)
    assert {k: sorted(c) for k, c in v["known"].items()} == {"0": ["5H", "6H", "7H"], "1": ["4H"], "2": ["8H"]}
    finish(d)
    lines = d.result().lines
    assert "Ann passes holding an eligible card: 3 chips penalty to the pot" in lines
    assert "Ann did not play the seven of hearts: 5 chips to Bea, who holds 4H" in lines
    assert "Ann did not play the seven of hearts: 5 chips to Cal, who holds 8H" in lines
    assert sum("did not play" in line for line in lines) == 2
    check_settlement(d)


@pytest.mark.provisional
def test_fan_tan_penalised_pass_without_a_seven_pays_three_only() -> None:
    # "A player who passes when he holds an eligible card must pay three chips as penalty to the pot"; the five-chip
    # payments are only for a withheld seven. FT-GAP-4 (ENGINE DEFAULT): the 3 chips replace the ordinary chip.
    d = deal("fan-tan", ONE_SUIT_EACH, dealer=3, penalised_passes=True)
    play(d, "7S", "7H", "7D", "7C")
    assert d.legal() == ["8S", "6S", "pass"]
    play(d, "pass")
    assert d.view(1)["paid"] == [1 + 3, 1, 1, 1] and d.view(1)["pools"] == {"pot": 7}
    assert d.view(1)["known"] == {}


@pytest.mark.provisional
def test_play_or_pay_penalised_pass_pays_three() -> None:
    # Play or Pay has no seven: a pass while able pays the three-chip penalty only (FT-GAP-4 for the amount).
    d = deal("play-or-pay", ONE_SUIT_EACH, dealer=3, penalised_passes=True)
    play(d, "5S")
    assert d.legal() == ["6S", "pass"]
    play(d, "pass")
    assert d.turn == 1 and d.legal() == ["pass"]  # nobody else holds 6S
    assert d.view(1)["paid"] == [1 + 3, 1, 1, 1]
    play(d, "pass", "pass", "pass")
    # everyone else has passed since the last card: seat 0 must now play (ENGINE DEFAULT)
    assert d.turn == 0 and d.legal() == ["6S"]
    finish(d)
    lines = d.result().lines
    assert "Ann passes holding an eligible card: 3 chips penalty to the pot" in lines
    assert not any("did not play" in line for line in lines)


def test_domino_fan_tan_penalty_not_paid_for_a_card_in_the_stock() -> None:
    # FT-GAP-2: the five chips go to the holder of the next card; a card still in the stock has no holder.
    d = deal("domino-fan-tan", ["7H S:A-6 S:8-K D:A-4", "H:A-6 D:5-K 7S 7C"], dealer=1,
             stock="H:8-K C:A-6 C:8-K", penalised_passes=True)
    assert d.legal() == ["7H", "pass"]
    play(d, "pass")
    assert d.view(0)["known"] == {"0": ["7H"], "1": ["6H"]}
    finish(d)
    lines = d.result().lines
    assert "Ann did not play the seven of hearts: 5 chips to Bea, who holds 6H" in lines
    assert sum("did not play" in line for line in lines) == 1
    check_settlement(d)


def test_five_or_nine_first_player_without_five_or_nine_pays() -> None:
    # "the first card played must be a five or a nine"; a player unable to play passes and pays a chip (Fan-Tan).
    d = deal("five-or-nine", ["S:A-4 S:6-8 S:T-K H:A-2", "H:3-K 5S 9S", "D:A-K", "C:A-K"], dealer=3)
    assert d.turn == 0 and d.legal() == ["pass"]
    play(d, "pass")
    assert d.view(0)["paid"] == [2, 1, 1, 1] and d.view(0)["pools"] == {"pot": 5}
    assert d.turn == 1 and d.legal() == ["9S", "5S", "9H", "5H"]
    play(d, "5H")  # "The first card played determines rank or layout for that deal."
    # seat 2 holds 9D and 5D: only the five now opens a suit
    assert d.turn == 2 and d.legal() == ["5D"] and d.view(0)["layout"] == {"H": ["5H", "5H"]}
    assert "opened only by its five" in (d.why_not("9D") or "")
    play(d, "5D", "5C")
    assert d.turn == 0 and d.legal() == ["pass"]  # 5S, 4H/6H, 4D/6D, 4C/6C are all elsewhere


@pytest.mark.parametrize("gid", ["fan-tan", "play-or-pay", "five-or-nine", "domino-fan-tan"])
def test_match_deal_rotates_left_and_the_pot_is_always_taken(gid: str) -> None:
    # "in subsequent hands the turn to deal rotates in a clockwise direction" (to the left); the first out "takes
    # the pot", so nothing is carried and the match's chips sum to zero.
    game = ct.load(gid, players=min(3, ct.game_info(gid).max_players))
    m = ct.Match(game, seed=2, deals=4)
    dealers = []
    while not m.over:
        d = m.next_deal()
        dealers.append(d.dealer)
        finish(d)
        m.record(d)
        assert m.carry is None
    assert dealers == [i % game.players for i in range(4)] and sum(m.totals) == 0


OPTION_CASES = [("fan-tan", {}), ("fan-tan", {"penalised_passes": True, "pass_chip_with_penalty": True,
                                              "short_hand_extra_ante": True, "ante": 2}),
                ("play-or-pay", {"penalised_passes": True, "run_bonus": "every_card"}),
                ("play-or-pay", {"run_bonus": "none", "short_hand_extra_ante": True}),
                ("five-or-nine", {"penalised_passes": True}), ("domino-fan-tan", {"penalised_passes": True}),
                ("domino-fan-tan", {})]


@pytest.mark.parametrize("gid,options", OPTION_CASES)
def test_property_deals_end_conserving_chips_and_cards(gid: str, options: dict) -> None:
    # Issue 6 properties: chips are conserved (players + pot), every card is accounted for, every deal ends.
    info = ct.game_info(gid)
    for players in sorted({info.min_players, 3 if info.max_players >= 3 else 2, info.max_players}):
        game = ct.load(gid, players=players, **options)
        rng = random.Random(players)
        carry = None
        for i in range(5):
            d = game.deal(seed=i, dealer=i % players, carry=carry)
            start = sum((carry or {}).get("pools", {}).values())
            steps = 0
            while not d.over:
                assert sorted(d.card_locations()) == list(range(52))
                if steps % 11 == 0:
                    s = d.sample(d.turn, random.Random(steps))
                    assert s.legal() == d.legal() and s.view(d.turn) == d.view(d.turn)
                d.act(rng.choice(d.legal()))
                steps += 1
                assert steps < 3000, "a deal did not end"
            res = d.result()
            assert sum(res.deltas) + sum(res.pools.values()) - start == 0
            assert d.winner is not None and not d.view(d.winner)["hand"]
            carry = d.carry
