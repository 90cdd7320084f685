"""Rules of thumb of the layout families (stops: Michigan and its kin; Fan-Tan and its kin): specific
decisions on arranged deals, only legal actions, and nothing read but the seat's own hand and public state."""

from __future__ import annotations

import math
import random

import pytest

import cardtable as ct
from cardtable.bots.heuristics import fantan, stops
from cardtable.core.cards import PACK_52

STOPS_IDS = ["michigan", "cross-color-michigan", "sequence-michigan", "jackpot-michigan", "boodle", "spin",
             "pope-joan"]
FANTAN_IDS = ["fan-tan", "play-or-pay", "five-or-nine", "domino-fan-tan"]
RNG = random.Random(0)


def deck(zones: list[str], sizes: list[int]) -> str:
    """A 52-card deck dealt one card at a time to ``len(zones)`` places in turn (the first place first):
    place i gets the cards named in ``zones[i]``, filled up to ``sizes[i]`` from the rest of the pack."""
    named = [z.split() for z in zones]
    used = PACK_52.mask([c for z in named for c in z])
    rest = [PACK_52.code(c) for c in range(52) if not used >> c & 1]
    for z, n in zip(named, sizes):
        while len(z) < n:
            z.append(rest.pop(0))
    assert not rest and sum(sizes) == 52
    order = [z[r] for r in range(max(sizes)) for z in named if r < len(z)]
    return " ".join(order)


def decide(deal: ct.Deal) -> str | None:
    seat = deal.turn
    assert seat is not None
    policy = stops.policy if deal.game.family == "stops" else fantan.policy
    return policy(deal, seat, deal.legal(), RNG)


def hand(deal: ct.Deal, seat: int) -> list[str]:
    return deal.card_codes(deal.hands[seat])


# ------------------------------------------------------------------------------------------ Michigan
def michigan(widow: str, s0: str, s1: str, s2: str, gid: str = "michigan", **options: object) -> ct.Deal:
    """Three players, seat 2 deals: the widow is dealt first, then seats 0, 1, 2 (13 cards each)."""
    game = ct.load(gid, players=3, **options)
    return game.deal(deck=deck([widow, s0, s1, s2], [13, 13, 13, 13]), dealer=2)


def test_dealer_takes_the_widow_with_a_weak_hand_and_keeps_a_strong_one() -> None:
    # No money card, no ace, scattered cards: exchange for the widow.
    weak = michigan("", "", "", "2S 4S 6S 8S 2H 4H 6H 8H 3C 5C 7C 9C 3D")
    assert hand(weak, 2) == ["8S", "6S", "4S", "2S", "8H", "6H", "4H", "2H", "9C", "7C", "5C", "3C", "3D"]
    assert decide(weak) == "take"
    # Two money cards (ace of hearts, king of clubs) and two aces: keep the hand and sell the widow.
    strong = michigan("", "", "", "AH KC AS 2S 3S 4S 5S 6S 2H 3H 4H 5H 6H")
    assert decide(strong) == "keep"


def test_widow_auction_a_weak_hand_bids_low_a_money_hand_passes() -> None:
    d = michigan("", "2S 4S 6S 8S 2H 4H 6H 8H 3C 5C 7C 9C 3D", "AH KC QD AS AD 2C 4C 6C 8C TC JC 4D 5D", "")
    d.act("keep")
    assert d.turn == 0 and decide(d) == "bid 1"
    d.act("bid 1")
    assert d.turn == 1 and decide(d) == "pass"


def _lead_position(s0: str, players: int = 7) -> ct.Deal:
    """Seat 0 to begin the first suit of Michigan (the last seat deals; the widow is dealt first, then
    seats 0, 1, ...): the dealer kept his hand and nobody bought the widow, which stays dead. With seven
    players seat 0 holds seven cards: ``s0``."""
    n = players + 1
    sizes = [52 // n + (1 if i < 52 % n else 0) for i in range(n)]
    d = ct.load("michigan", players=players).deal(deck=deck(["", s0] + [""] * (n - 2), sizes), dealer=players - 1)
    d.act("keep")
    while d.phase == "auction":
        d.act("pass")
    assert d.phase == "lead" and d.turn == 0 and d.hands[0] == PACK_52.mask(s0)
    return d


# Each expected lead below is also the best by a flat Monte Carlo of 2,000 deals played out by these rules.
def test_lead_the_run_to_the_ace_that_keeps_the_lead_and_then_goes_out() -> None:
    # 9D..AD runs to the ace (a stop): seat 0 begins again with 4C, its last card (Monte Carlo: 41.0 against 5.1).
    d = _lead_position("9D TD JD QD KD AD 4C")
    assert d.legal() == ["4C", "9D"] and decide(d) == "9D"
    assert stops.lead_value(d, 0, PACK_52.parse("9D")) > stops.lead_value(d, 0, PACK_52.parse("4C"))


def test_lead_toward_a_money_card_held() -> None:
    # 8H..QH, and the ace of hearts (a money card) waits above the king: hearts, not the lone 5S (33.9 to 7.5).
    d = _lead_position("8H 9H TH JH QH AH 5S")
    assert decide(d) == "8H"


def test_lead_the_two_that_only_ones_own_lead_can_shed() -> None:
    # Nobody can build to a two: begin with it (2H: 7.7 to -0.5; 2C: 0.05, the others -0.8 to -1.0).
    assert decide(_lead_position("2H 3H 4H 5C 6C 7C 8C")) == "2H"
    assert decide(_lead_position("QS KS AS 3H 7H 2C 9D")) == "2C"


def test_never_pass_while_able_with_penalised_passes() -> None:
    d = michigan("", "", "", "", penalised_passes=True)
    d.act("keep")
    while d.phase == "auction":
        d.act("pass")
    for _ in range(40):
        if d.over:
            break
        legal = d.legal()
        choice = decide(d)
        assert choice in legal
        if any(a != "pass" for a in legal):
            assert choice != "pass"
        d.act(choice)


def test_boodle_stakes_every_chip_on_the_jack() -> None:
    d = ct.load("boodle", players=4).deal(seed=3)
    assert d.phase == "stake" and decide(d) == "stake jack jack jack jack"


def test_spin_keeps_the_turn_late_not_early() -> None:
    # The seat to lead holds the ace of diamonds and 5C; the next club (6C) is not its own.
    d = ct.load("spin", players=3).deal(seed=11)
    while d.phase == "stake":
        d.act(d.legal()[0])
    seat = d.turn
    assert seat is not None
    d.hands[seat] = PACK_52.mask("AD 5C 9H")  # (a hand late in the deal)
    d._legal_cache = None
    assert "spin 5C" in d.legal()
    assert stops._spin_or_play(d, seat, "5C", ["spin 5C"]) == "spin 5C"  # three cards left: keep the turn
    d.hands[seat] |= PACK_52.mask("2S 3S 4S 7S 8S 2H 3H 4H")
    assert stops._spin_or_play(d, seat, "5C", ["spin 5C"]) == "5C"  # ten more: keep the ace for later
    d.hands[seat] = PACK_52.mask("AD 5C 6C 9H")
    assert stops._spin_or_play(d, seat, "5C", ["spin 5C"]) == "5C"  # the next card is one's own: no need


# ------------------------------------------------------------------------------------------ Fan-Tan
def fan(seat0: str, gid: str = "fan-tan", **options: object) -> ct.Deal:
    """Four players, seat 3 deals: seat 0 (first to play) holds ``seat0`` (13 cards each)."""
    game = ct.load(gid, players=4, **options)
    return game.deal(deck=deck([seat0, "", "", ""], [13, 13, 13, 13]), dealer=3)


def lay_out(d: ct.Deal, codes: str) -> None:
    """Put cards on the layout as if played earlier (taken from whichever hand holds them)."""
    for code in codes.split():
        c = PACK_52.parse(code)
        for s in range(d.players):
            d.hands[s] &= ~(1 << c)
        d.layout.play(c)
    d._legal_cache = None


def test_fan_tan_holds_back_a_seven_that_only_blocks_others() -> None:
    # 7H opens hearts for 6H 5H 4H held; 7S has no spade behind it: keep it back, blocking all spades.
    d = fan("7S 7H 6H 5H 4H KC QC JC TC 2D 3D 4D 5D")
    assert d.legal() == ["7S", "7H"]
    assert decide(d) == "7H"


def test_fan_tan_plays_the_card_that_unlocks_its_own_before_a_blocking_card() -> None:
    d = fan("8D 9D TD 6C 2S 3S 4S 2H 3H 4H KS QS JS")
    lay_out(d, "7D 7C")
    assert sorted(d.legal()) == ["6C", "8D"]
    assert decide(d) == "8D"


def test_fan_tan_dumps_an_end_card_that_blocks_nobody() -> None:
    # The king of diamonds releases nothing; the 6C would release five clubs to the others.
    d = fan("KD 6C 2S 3S 4S 2H 3H 4H KS QS JS 9H TH")
    lay_out(d, "7C 7D 8D 9D TD JD QD")
    assert sorted(d.legal()) == ["6C", "KD"]
    assert decide(d) == "KD"


def test_fan_tan_never_passes_while_able_with_penalised_passes() -> None:
    d = fan("7S 7H 6H 5H 4H KC QC JC TC 2D 3D 4D 5D", penalised_passes=True)
    assert "pass" in d.legal() and decide(d) in ("7S", "7H")


def test_five_or_nine_opens_with_the_rank_nearest_the_hand() -> None:
    # Cards around the nines (8, 10, jack) and none near the fives: open with a nine.
    d = fan("9S 5C TS JS 8S 9H TH JH 8H QH QS KD KC", gid="five-or-nine")
    assert d.legal() == ["9S", "9H", "5C"]
    assert decide(d) in ("9S", "9H")
    # And the other way round.
    d = fan("5S 9C 4S 3S 6S 5H 4H 6H 3H 2H 2S AD AC", gid="five-or-nine")
    assert decide(d) in ("5S", "5H")


def test_play_or_pay_begins_after_the_largest_gap_when_one_suit_is_left() -> None:
    # Only hearts held: 2H 3H 9H TH. Beginning with 9H plays 9H TH, then 2H 3H come soonest after the gap.
    d = fan("2H 3H 9H TH", gid="play-or-pay")
    d.hands[0] = PACK_52.mask("2H 3H 9H TH")  # (the other suits played: a hand late in the deal)
    d._legal_cache = None
    assert decide(d) == "9H"


def test_play_or_pay_features() -> None:
    f = dict(zip(fantan.BEGIN_FEATURES, fantan.begin_features(PACK_52.mask("2H 3H 9H TH"), PACK_52.parse("TH"))))
    assert f["run"] == 1 and f["pred"] == 1 and f["in_suit"] == 4 and f["segments"] == 3
    assert f["last_pos"] == 1.0 and f["only_suit_last"] == 1.0


# ------------------------------------------------------------------------------------------ all positions
def _walk(gid: str, seed: int, players: int | None = None, **options: object) -> list[ct.Deal]:
    """Positions of a deal played at random (each a clone), up to 120 actions."""
    game = ct.load(gid, players=players, **options) if players else ct.load(gid, **options)
    d = game.deal(seed=seed, dealer=seed % game.players)
    rng = random.Random(seed)
    out = []
    for _ in range(120):
        if d.over:
            break
        out.append(d.clone())
        d.act(rng.choice(d.legal()))
    return out


CASES = [(g, None, {}) for g in STOPS_IDS + FANTAN_IDS] + [
    ("michigan", 6, {"penalised_passes": True}), ("cross-color-michigan", 3, {}), ("spin", 5, {}),
    ("boodle", 3, {"penalised_passes": True}), ("fan-tan", 2, {"penalised_passes": True}),
    ("five-or-nine", 6, {}), ("play-or-pay", 3, {"penalised_passes": True}),
    ("domino-fan-tan", 2, {"penalised_passes": True})]


@pytest.mark.parametrize("gid,players,options", CASES)
def test_policy_returns_only_legal_actions_and_reads_nothing_hidden(gid: str, players: int | None,
                                                                    options: dict) -> None:
    policy = stops.policy if gid in STOPS_IDS else fantan.policy
    rng = random.Random(1)
    decided = 0
    for seed in range(3):
        for d in _walk(gid, seed, players, **options):
            seat = d.turn
            assert seat is not None
            legal = d.legal()
            choice = policy(d, seat, legal, rng)
            assert choice is None or choice in legal
            if len(legal) > 1:
                assert choice is not None, f"{gid}: no rule for {legal}"
                decided += 1
                # Any deal consistent with what the seat sees gets the same answer.
                for k in range(2):
                    assert policy(d.sample(seat, random.Random(k)), seat, legal, rng) == choice
    assert decided


@pytest.mark.parametrize("gid", STOPS_IDS + FANTAN_IDS)
def test_heuristic_bot_never_falls_back_to_look_ahead(gid: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.bots.heuristic import HeuristicBot

    def refuse(*args: object) -> str:
        raise AssertionError("look-ahead used")

    monkeypatch.setattr(HeuristicBot, "look_ahead", refuse)
    game = ct.load(gid)
    d = game.deal(seed=5)
    bots = [ct.bots.load("heuristic", seed=s) for s in range(game.players)]
    while not d.over:
        seat = d.turn
        assert seat is not None
        d.act(bots[seat].choose(d, seat), seat=seat)


def test_the_others_choices_make_a_determinisation_likely_or_not() -> None:
    # Seat 0 kept 7S back and opened hearts with 7H: likely if it held the hearts behind the seven
    # (6H 5H 4H, as dealt), unlikely if it held spades behind 7S instead (then 7S was the natural play).
    d = fan("7S 7H 6H 5H 4H KC QC JC TC 2D 3D 4D 5D")
    d.act("7H")
    assert fantan.choice_loglik(d, 0) == 0.0  # one's own choices explain nothing
    lay = d.new_layout()
    hand = d.hands[0] | PACK_52.mask("7H")
    values = {c: fantan.card_value(lay, hand, PACK_52.parse(c), "fan-tan") for c in ("7S", "7H")}
    expected = values["7H"] - math.log(sum(math.exp(v) for v in values.values()))
    assert fantan.choice_loglik(d, 1) == pytest.approx(expected)
    swapped = d.clone()
    hearts, spades = PACK_52.mask("6H 5H 4H"), PACK_52.mask("8S 9S TS")
    holder = next(s for s in range(1, 4) if swapped.hands[s] & spades == spades)
    swapped.hands[holder] ^= spades | hearts
    swapped.hands[0] ^= spades | hearts
    assert fantan.choice_loglik(swapped, 1) < fantan.choice_loglik(d, 1) - 1
    # Games it does not model say so.
    assert fantan.choice_loglik(fan("2H 3H", gid="play-or-pay"), 1) is None


def test_heuristic_play_is_likelier_in_the_true_deal_than_in_uniform_samples() -> None:
    rng = random.Random(3)
    bot = ct.bots.load("heuristic")
    for gid in ("fan-tan", "five-or-nine"):
        truth, sampled = [], []
        for seed in range(12):
            d = ct.load(gid).deal(seed=seed)
            for _ in range(28):
                d.act(bot.choose(d, d.turn))
            me = d.turn
            truth.append(fantan.choice_loglik(d, me))
            sampled.append(sum(fantan.choice_loglik(d.sample(me, rng), me) for _ in range(10)) / 10)
        assert sum(truth) / 12 > sum(sampled) / 12 + 5, (gid, truth, sampled)
