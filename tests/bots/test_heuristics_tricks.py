"""The rules of thumb of the Spoil Five, Schafkopf and Solo families (bots/heuristics/spoil.py, acetens.py)
and the point-aware card play of the ace-ten games (bots/heuristic.py, point_play): specific decisions
on arranged deals, and only legal actions over random positions of every game id of the three families."""

from __future__ import annotations

import random

import pytest

import cardtable as ct
from cardtable.bots.heuristic import CARD_VALUES, FAMILY_POLICIES, fast_policy, trick_play
from cardtable.bots.heuristics import acetens, spoil
from cardtable.core.cards import bits

FAMILY_IDS = ["spoil-five", "forty-five", "twenty-five", "auction-forty-five", "hasenpfeffer", "schafkopf",
              "auction-schafkopf", "six-bid-solo", "frog", "coeur-d-alene-solo", "progressive-solo"]
VARIANTS = [
    ("spoil-five", {"players": 2}), ("spoil-five", {"players": 7, "rob_compulsory": True}),
    ("spoil-five", {"unannounced_ace": "cannot_win_pool"}), ("forty-five", {"players": 6}),
    ("twenty-five", {"players": 5, "scoring": "five_per_trick_individual"}),
    ("auction-forty-five", {"players": 6, "all_pass": "dealer_forced_min"}),
    ("schafkopf", {"players": 4, "settlement": "each_opponent"}), ("auction-schafkopf", {"jack_order": "S>C>H>D"}),
    ("six-bid-solo", {"players": 4, "misere_goal": "no_tricks"}), ("frog", {"players": 5}),
    ("coeur-d-alene-solo", {"bids": "six_bid"}), ("progressive-solo", {"players": 4, "pot_feed": "every_deal"}),
]
RNG = random.Random(0)


def deal_with(game: ct.Game, dealer: int, hands: dict[int, str], **places: str) -> ct.Deal:
    """A deal of ``game`` in which each seat of ``hands`` holds the given cards (and the turn-up, blind or
    widow named in ``places`` holds those): the positions are found by dealing the pack in order once."""
    pack = game.pack
    probe = game.deal(deck=" ".join(pack.code_of), dealer=dealer)
    zones = {("hand", s): probe.hands[s] for s in hands}
    for name in places:
        zones[("place", name)] = getattr(probe, name + "_mask", None) or getattr(probe, name)
    texts = {**{("hand", s): t for s, t in hands.items()}, **{("place", k): t for k, t in places.items()}}
    order: list[str | None] = [None] * pack.size
    for key, text in texts.items():
        codes = text.split()
        pos = list(bits(zones[key]))
        assert len(pos) == len(codes), (key, len(pos))
        for p, c in zip(pos, codes):
            order[p] = c
    given = {c for t in texts.values() for c in t.split()}
    rest = iter(c for c in pack.code_of if c not in given)
    return game.deal(deck=" ".join(c if c is not None else next(rest) for c in order), dealer=dealer)


def decide(deal: ct.Deal) -> str | None:
    seat = deal.turn
    assert seat is not None
    return FAMILY_POLICIES[deal.game.family](deal, seat, deal.legal(), RNG)


# ------------------------------------------------------------------------------ Spoil Five family
def test_dealer_robs_the_turned_up_ace_with_his_weakest_card() -> None:
    # Diamonds trumps (the AD turned up); the black ten is the lowest card of all in a plain black suit.
    d = deal_with(ct.load("spoil-five", players=3), 0, {0: "KS 9H QC TC 4D"}, up="AD")
    assert d.phase == "rob" and d.turn == 0
    assert decide(d) == "rob TC"


def test_holder_of_the_trump_ace_robs_or_turns_it_down() -> None:
    g = ct.load("spoil-five", players=2)
    d = deal_with(g, 0, {1: "AD 7S 9H KD QD"}, up="2D")
    assert d.turn == 1 and "decline" in d.legal()
    assert decide(d) == "rob 7S"  # a plain card goes out for the turn-up
    d = deal_with(g, 0, {1: "5D JD AH AD KD"}, up="2D")
    assert decide(d) == "decline"  # every card beats the two of trumps: keep them, turn it down


def jink_position(hand: str) -> ct.Deal:
    d = deal_with(ct.load("spoil-five", players=2), 0, {1: hand, 0: "2C 3C 4C 6C 7C"}, up="2H")
    d.act("decline")  # seat 1 holds the AH, the ace of trumps
    for lead in hand.split()[:3]:
        d.act(lead)
        d.act(d.legal()[0])
    assert d.phase == "jink" and d.turn == 1
    return d


def test_jink_only_when_the_last_tricks_are_certain() -> None:
    assert decide(jink_position("5H JH AH KH QH")) == "jink"  # the two best trumps left
    assert decide(jink_position("5H JH AH QH 9S")) == "claim"  # the KH is out: the queen may lose


def test_auction_forty_five_bids_names_and_discards() -> None:
    g = ct.load("auction-forty-five")
    strong = deal_with(g, 3, {0: "5H JH AH KH 9C"})
    assert strong.turn == 0 and decide(strong) == "bid 15"
    weak = deal_with(g, 3, {0: "2C 3D 7S 8S 4C"})
    assert decide(weak) == "pass"
    strong.act("bid 15")
    for _ in range(3):
        strong.act("pass")
    assert strong.phase == "trump" and decide(strong) == "trump hearts"
    strong.act("trump hearts")
    # seat 0 keeps its trumps and puts out the plain nine; seat 1 then discards too
    assert strong.turn == 0 and decide(strong) == "discard 9C"
    strong.act("discard 9C")
    assert decide(strong) == "done"


def test_auction_forty_five_never_overcalls_the_partner() -> None:
    d = deal_with(ct.load("auction-forty-five"), 3, {2: "5H JH AH KH QH"})
    d.act("bid 15")
    d.act("pass")
    assert d.turn == 2 and decide(d) == "pass"


def test_hasenpfeffer_bids_names_trumps_and_discards() -> None:
    g = ct.load("hasenpfeffer")
    d = deal_with(g, 3, {0: "JK JH JD AH KH 9S"})
    assert d.turn == 0 and decide(d) == "bid 1"
    weak = deal_with(g, 3, {1: "9S TS 9C TC 9D QD"})
    weak.act("bid 3")
    assert weak.turn == 1 and decide(weak) == "pass"  # not four tricks with this
    d.act("bid 1")
    for _ in range(3):
        d.act("pass")
    assert d.phase == "trump" and decide(d) == "trump hearts"
    d.act("trump hearts")
    hand = d.view(0)["hand"]
    plain = [c for c in hand if c[1] != "H" and c not in ("JK", "JD")]
    # the discard is a plain card (the lowest of the shortest plain suit), never a trump
    assert decide(d) in [f"discard {c}" for c in plain]


# ------------------------------------------------------------------------------ Schafkopf
def test_schafkopf_takes_the_blind_with_five_trumps_and_the_black_queens() -> None:
    g = ct.load("schafkopf")
    d = deal_with(g, 0, {1: "QC QS JH AD 9D AS TS AH 7C 8C"})
    assert d.turn == 1 and decide(d) == "take"
    d = deal_with(g, 0, {1: "7D 8D KS 9S 8S KH 8H 7H KC 9C"})
    assert decide(d) == "pass"


def test_schafkopf_buries_a_ten_without_its_ace() -> None:
    g = ct.load("schafkopf")
    d = deal_with(g, 0, {1: "QC QS QH JC JS AD TD AS TC 8H"}, blind="KD 9D")
    d.act("take")
    assert d.phase == "discard"
    assert decide(d) == "discard TC"  # a lone ten: 10 points banked and a void in clubs
    d.act("discard TC")
    assert decide(d) == "discard 8H"  # then the other singleton, never a trump or the ace


def test_auction_schafkopf_bids_on_a_strong_hand_and_names_its_suit() -> None:
    g = ct.load("auction-schafkopf")
    d = deal_with(g, 3, {0: "JC JS JH AH TH KH QH AS"})
    assert d.turn == 0
    first = decide(d)
    assert first is not None and first.startswith("bid ")
    assert decide(deal_with(g, 3, {0: "7S 8S 9H 7H 8C 9C 7D 8D"})) == "pass"
    d.act(first)
    d.act("pass")
    assert decide(d) == "pass"  # seat 2 does not overcall its partner
    d.act("pass")
    d.act("pass")
    assert d.phase == "trump" and decide(d) == "trump hearts"


# ------------------------------------------------------------------------------ Solo
def test_six_bid_solo_bids_heart_solo_on_long_hearts_and_passes_a_poor_hand() -> None:
    g = ct.load("six-bid-solo")
    d = deal_with(g, 0, {1: "AH TH KH QH JH 9H AS TS AC KC 6D"})
    choice = decide(d)
    assert choice == "heart-solo"
    assert decide(deal_with(g, 0, {1: "7S 8S 9S 7H 8H 9H 7C 8C JC 7D QD"})) == "pass"


def test_solo_names_the_long_suit_and_frog_never_discards_a_trump() -> None:
    d = deal_with(ct.load("six-bid-solo"), 0, {1: "AC TC KC QC JC 9C AS 7S 8H 6D 7D"})
    d.act("solo")
    d.act("pass")
    d.act("pass")
    assert d.phase == "trump" and decide(d) == "trump clubs"
    f = deal_with(ct.load("frog"), 0, {1: "AH TH KH QH 9H 8H AS TC 7C 6D 7D"})
    f.act("frog")
    f.act("pass")
    f.act("pass")
    assert f.phase == "discard"
    for _ in range(3):
        action = decide(f)
        assert action is not None and not action.endswith("H")
        f.act(action)
    assert f.phase == "play"


def test_call_solo_calls_the_missing_top_trump_and_gives_the_lowest_plain_card() -> None:
    d = deal_with(ct.load("six-bid-solo"), 0, {1: "TH KH QH JH 9H 8H AS TS AC TC 6D"})
    d.act("call-solo")
    d.act("pass")
    d.act("pass")
    d.act("trump hearts")
    assert d.phase == "call" and decide(d) == "call ace of hearts"
    d.act("call ace of hearts")
    if d.phase == "give":
        assert decide(d) == "give 6D"


def test_misere_hands_are_recognised() -> None:
    pack = ct.load("six-bid-solo").pack
    assert acetens.misere_danger(pack, pack.mask("6S 7S 8S 6H 7H 6C 7C 8C 6D 7D 8D")) == 0
    assert acetens.misere_danger(pack, pack.mask("AS 7S 8S 6H 7H 6C 7C 8C 6D 7D AD")) > 1


# ------------------------------------------------------------------------------ point-aware card play
def solo_in_play(hands: dict[int, str], trump: str = "heart-solo") -> ct.Deal:
    d = deal_with(ct.load("six-bid-solo"), 0, hands)
    d.act(trump)
    d.act("pass")
    d.act("pass")
    assert d.phase == "play"
    return d


def test_point_play_is_registered_for_the_ace_ten_families_only() -> None:
    assert set(CARD_VALUES) == {"schafkopf", "solo", "bavarian schafkopf"}


def test_defender_schmiers_on_his_partners_sure_trick_and_banks_a_ten() -> None:
    # Seat 1 (declarer, Heart Solo) leads; seat 2 and seat 0 defend.
    hands = {1: "AH TH KH QH JH 9H 8H 7H 6H 7S 7C", 2: "AS TS KS 6S 6C AD TD 6D 9C 8C KC",
             0: "QS 8S JS 9S TC JC QC AC KD QD JD"}
    d = solo_in_play(hands)
    d.act("7S")
    d.act("AS")  # seat 2 wins the spade; seat 0, last, adds points: not the nine, the queen
    assert trick_play(d, 0, d.legal()) == "QS"
    d = solo_in_play(hands)
    d.act("7C")
    d.act("6C")
    # seat 0 is last and wins the club: with the ten (banked), the ace staying master
    assert trick_play(d, 0, d.legal()) == "TC"


def test_lost_trick_gets_the_card_with_fewest_points() -> None:
    hands = {1: "AH TH KH QH JH 9H 8H 7H 6H AS 7C", 2: "TS KS 6S 6C AD TD 6D 9C 8C KC QS",
             0: "8S JS 9S TC JC QC AC KD QD JD 7S"}
    d = solo_in_play(hands)
    d.act("AS")
    d.act("6S")
    assert trick_play(d, 0, d.legal()) == "7S"


def test_misere_declarer_ducks_under_the_trick() -> None:
    hands = {1: "6S 7S 8S 6H 7H 6C 7C 8C 6D 7D 8D", 2: "AS TS KS AH TH KH AC TC KC AD TD",
             0: "QS JS 9S QH JH 9H QC JC 9C QD JD"}
    d = deal_with(ct.load("six-bid-solo"), 0, hands)
    d.act("misere")
    d.act("pass")
    d.act("pass")
    assert d.phase == "play" and d.turn == 1
    d.act("8S")
    d.act("AS")
    d.act("QS")
    assert d.turn == 2
    d.act("KH")
    d.act(d.legal()[0])  # seat 0 follows
    assert d.turn == 1 and trick_play(d, 1, d.legal()) == "7H"  # below the king, keeping the six


# ------------------------------------------------------------------------------ legality and hidden cards
def random_positions(gid: str, options: dict, count: int = 12) -> list[ct.Deal]:
    game = ct.load(gid, **options)
    out = []
    for k in range(count):
        d = game.deal(seed=k)
        rng = random.Random(k)
        steps = rng.randrange(0, 40)
        for _ in range(steps):
            if d.over:
                break
            d.act(rng.choice(d.legal()))
        if not d.over:
            out.append(d)
    return out


@pytest.mark.parametrize("gid,options", [(g, {}) for g in FAMILY_IDS] + VARIANTS)
def test_policies_return_legal_actions(gid: str, options: dict) -> None:
    rng = random.Random(1)
    for d in random_positions(gid, options):
        seat = d.turn
        assert seat is not None
        legal = d.legal()
        got = FAMILY_POLICIES[d.game.family](d, seat, legal, rng)
        assert got is None or got in legal
        assert fast_policy(d, seat, rng) in legal
        # the heuristic plays the whole deal on from here with legal actions only
        while not d.over:
            s = d.turn
            assert s is not None
            a = fast_policy(d, s, rng)
            assert a in d.legal()
            d.act(a)


@pytest.mark.parametrize("gid", FAMILY_IDS)
def test_policies_decide_every_non_card_action(gid: str) -> None:
    # Nothing is left to the random fallback in playouts, nor to the look-ahead in the bot.
    rng = random.Random(2)
    game = ct.load(gid)
    for k in range(20):
        d = game.deal(seed=k)
        while not d.over:
            s = d.turn
            assert s is not None
            legal = d.legal()
            cards = d.phase == "play" and all(len(a) == 2 for a in legal)
            if len(legal) > 1 and not cards:
                assert FAMILY_POLICIES[game.family](d, s, legal, rng) is not None, (d.phase, legal[:4])
            d.act(fast_policy(d, s, rng))


@pytest.mark.parametrize("gid", FAMILY_IDS)
def test_policies_read_no_hidden_cards(gid: str) -> None:
    # The same decision whatever the other seats hold: each position's hidden cards are re-dealt.
    rng = random.Random(3)
    for d in random_positions(gid, {}, 10):
        seat = d.turn
        assert seat is not None
        legal = d.legal()
        first = fast_policy(d.clone(), seat, random.Random(4))
        for _ in range(3):
            other = d.sample(seat, rng)
            assert other.hands[seat] == d.hands[seat]
            assert fast_policy(other, seat, random.Random(4)) == first, (d.phase, legal[:4])


def test_estimates_rank_hands_sensibly() -> None:
    pack = ct.load("six-bid-solo").pack
    model = acetens.solo_model(pack, 1)
    strong = acetens.estimate("solo", pack, pack.mask("AH TH KH QH JH 9H AS TS AC KC 6D"), model)
    weak = acetens.estimate("solo", pack, pack.mask("7H 6H 7S 8S 9S 7C 8C JC 7D QD 8D"), model)
    assert strong > 75 > 40 > weak
    g = ct.load("auction-forty-five").pack
    assert spoil.estimate("auction-forty-five", g, g.mask("5H JH AH KH 9C"), 1) > \
        spoil.estimate("auction-forty-five", g, g.mask("5H JH AH KH 9C"), 3)
