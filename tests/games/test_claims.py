"""Claims and concessions of the rest of the tricks (the ``claims`` option; docs/decisions.md "Claims and
concessions"; seed ``001_50a7678b5606f88b.txt``, Schafkopf, "Claims and Concessions").

A claim is offered at the start of a trick to the seat to lead; it shows the claimant's hand to all. Where the
rules text has its own rule (Schafkopf's claim of game, its player's concession) that rule settles it;
elsewhere the engine checks the claim against every way the others could play and refuses it, changing
nothing, unless it holds. A concession gives the rest of the tricks to the other side.
"""

from __future__ import annotations

import json
import random

import pytest

import cardtable as ct
from cardtable.core.tricks import CLAIM_REFUSED

from .rams.helpers import julepe as julepe_deal
from .rams.helpers import knack as knack_deal
from .rams.helpers import rams_deal
from .test_loo import deal as loo_deal
from .test_napoleon import singly
from .test_schafkopf import SCHWARZ, SCHWARZ_PLAY, play_tricks, sk_deck
from .test_solo import L3 as SOLO_L3
from .test_spoil_five import HP, JINK2, dealt, hp

CLAIM_WORDS = ("claim", "concede", "claim game")


def play(deal: ct.Deal, actions: str) -> None:
    for a in actions.split(","):
        deal.act(a.strip())


def frozen(deal: ct.Deal) -> tuple[object, ...]:
    """Everything a refused claim must leave as it was."""
    return (json.dumps([deal.view(s) for s in range(deal.players)]), json.dumps(deal.public_view()),
            list(deal.history), deal.turn, list(deal.hands), list(deal.tricks_won))


def refused(deal: ct.Deal, action: str = "claim") -> str:
    """Try ``action`` where it is offered and refused: the reason, with nothing changed."""
    assert action in deal.legal()
    before = frozen(deal)
    reason = deal.why_not(action)
    assert reason is not None
    with pytest.raises(ct.IllegalAction) as e:
        deal.act(action)
    assert str(e.value) == reason
    assert frozen(deal) == before
    return reason


def shown_to_all(deal: ct.Deal, seat: int, action: str, hand: list[str]) -> None:
    """Every seat's view and the spectator's show the hand ``seat`` showed as it claimed or conceded."""
    want = {"seat": seat, "action": action, "hand": hand}
    assert all(deal.view(s)["claim"] == want for s in range(deal.players))
    assert deal.public_view()["claim"] == want


# ----------------------------------------------------------------------------------- off by default
@pytest.mark.parametrize("gid", ["nap", "schafkopf", "spoil-five", "three-card-loo"])
def test_claims_are_off_by_default(gid: str) -> None:
    # docs/decisions.md "Claims and concessions": offered only with the claims option (ENGINE DEFAULT: off),
    # so the legal moves of every game, its perft figures and its bots are as they were.
    d = ct.load(gid).deal(seed=2)
    rng = random.Random(2)
    while not d.over:
        legal = d.legal()
        if d.phase != "jink":  # Spoil Five's own 'claim' (the pool) is another matter
            assert not set(CLAIM_WORDS) & set(legal)
        d.act(rng.choice(legal))
    assert any(o.name == "claims" and o.default is False for o in ct.game_info(gid).options)


# --------------------------------------------------------------------------------------------- Nap
NAP = {1: "AS KS QS JS TS", 2: "2H 3H 4H 5H 6H", 3: "2D 3D 4D 5D 6D", 0: "2C 3C 4C 5C 6C"}
NAP_SHORT = {1: "AH KH 2S 3S 4S", 2: "QH 5S 6S 7S 2C", 3: "5D 6D 7D 8D 9D", 0: "AS KS QS JS 3C"}


def test_nap_claim_that_holds_settles_as_played_out() -> None:
    # Seed 000, Napoleon: "Nap 10 units 5 units", paid by every player. Bea holds the five top spades and
    # led spades (trumps): her claim of the rest holds against every way the others could play.
    d = ct.load("nap", claims=True).deal(deck=singly(NAP, 4))
    play(d, "nap, pass, pass, pass, AS, 2H, 2D, 2C")
    assert d.turn == 1 and d.legal() == ["KS", "QS", "JS", "TS", "claim", "concede"]
    assert d.label("claim") == "Claim the rest of the tricks" and d.label("concede") == "Concede the rest of the tricks"
    assert "claim" not in d.view(1) and "claim" not in d.public_view()
    d.act("claim")
    assert d.over and d.tricks_won == [0, 5, 0, 0] and d.history[-1] == (1, "claim")
    assert d.result().deltas == [-10, 30, -10, -10]
    assert d.result().lines == ["Bea made Nap (5 tricks)", "Ann pays Bea 10", "Cal pays Bea 10", "Dee pays Bea 10"]
    shown_to_all(d, 1, "claim", ["KS", "QS", "JS", "TS"])
    # The cards of the tricks given are not shown: the last trick shown is the last one played.
    assert d.view(0)["last_trick"] == [[1, "AS"], [2, "2H"], [3, "2D"], [0, "2C"]]
    # The same as played out, and a replay of the record gives it again.
    out = ct.load("nap", claims=True).deal(deck=singly(NAP, 4))
    play(out, "nap, pass, pass, pass, AS, 2H, 2D, 2C, KS, 3H, 3D, 3C, QS, 4H, 4D, 4C, JS, 5H, 5D, 5C, "
              "TS, 6H, 6D, 6C")
    assert out.result().deltas == d.result().deltas
    assert ct.replay(d.record()).result().deltas == [-10, 30, -10, -10]


def test_nap_claim_refused_names_no_hidden_card_and_changes_nothing() -> None:
    # Bea bid Three and led hearts (trumps); Ann still holds the ace of spades, which would win a trick, so
    # Bea's claim does not hold. The reason goes to Bea: it must not tell her where the ace is.
    d = ct.load("nap", claims=True).deal(deck=singly(NAP_SHORT, 4))
    play(d, "bid 3, pass, pass, pass, AH, QH, 5D, 3C")
    assert d.turn == 1 and d.legal() == ["4S", "3S", "2S", "KH", "claim", "concede"]
    assert refused(d) == CLAIM_REFUSED == ("the claim does not hold against every way the others could play; "
                                           "play on")
    assert "ace" not in CLAIM_REFUSED.lower() and "Ann" not in CLAIM_REFUSED
    # Play goes on as if nothing had been said; a claim is made only at the start of a trick, by the leader.
    play(d, "KH")
    assert d.legal() == ["7S", "6S", "5S", "2C"]
    assert d.why_not("claim") == ("'claim' is not allowed: you may claim or concede the rest of the tricks only at "
                                  "the start of a trick, when you lead. Legal now: 7S, 6S, 5S, 2C")
    off = ct.load("nap").deal(deck=singly(NAP_SHORT, 4))
    play(off, "bid 3, pass, pass, pass, AH, QH, 5D, 3C")
    assert "not played at this table (the game's claims option)" in (off.why_not("claim") or "")


def test_nap_concession_gives_the_rest_to_the_other_side() -> None:
    # A concession: the rest of the tricks go to the others (the next of them to play takes them), and the
    # deal settles as if they had been played: Bea's Three fails with one trick, and she pays 3 to each.
    d = ct.load("nap", claims=True).deal(deck=singly(NAP_SHORT, 4))
    play(d, "bid 3, pass, pass, pass, AH, QH, 5D, 3C, concede")
    assert d.over and d.tricks_won == [0, 1, 4, 0]
    assert d.result().deltas == [3, -9, 3, 3]
    assert d.result().lines[0] == "Bea failed Three (1 trick)"
    shown_to_all(d, 1, "concede", ["4S", "3S", "2S", "KH"])


def test_nap_claim_before_the_first_lead_and_misery() -> None:
    # A claim may be made at the first lead too, before trumps are named (the check plays the lead itself).
    d = ct.load("nap", claims=True).deal(deck=singly(NAP, 4))
    play(d, "nap, pass, pass, pass")
    assert d.legal()[-2:] == ["claim", "concede"]
    d.act("claim")
    assert d.result().deltas == [-10, 30, -10, -10]
    # A Misery declarer claims to lose every trick left: Ann holds the five lowest clubs and Bea five higher
    # ones, which she must play to Ann's leads, so whatever Ann leads is beaten (seed 000: "Misery ... to lose
    # every trick"; it wins 3 from each, N-GAP-4).
    misery = {1: "7C 8C 9C TC JC", 2: "AH KH QH JH TH", 3: "AD KD QD JD TD", 0: "2C 3C 4C 5C 6C"}
    d = ct.load("nap", claims=True, misery=True).deal(deck=singly(misery, 4, dealer=3), dealer=3)
    play(d, "misery, pass, pass, pass")
    assert d.turn == 0 and d.declarer == 0
    d.act("claim")
    assert d.over and d.tricks_won[0] == 0 and d.result().deltas == [9, -3, -3, -3]


# ---------------------------------------------------------------------------------------- Schafkopf
def schwarz_deal(**options: object) -> ct.Deal:
    d = ct.load("schafkopf", claims=True, **options).deal(deck=SCHWARZ, dealer=0)
    play(d, "take, discard 7C, discard 8C")
    return d


def test_schafkopf_claim_of_the_rest_is_checked() -> None:
    # Bea holds the ten highest trumps: her claim of every trick holds, and she wins Schwarz as if it were
    # played out (seed 001: "if he takes all the tricks he wins Schwarz", 6).
    d = schwarz_deal()
    assert d.legal()[-3:] == ["claim", "claim game", "concede"]
    assert d.label("claim game") == "Claim game (the cards not yet played go to the other side)"
    d.act("claim")
    assert d.over and d.tricks_won == [0, 10, 0] and d.result().deltas == [0, 6, 0]
    shown_to_all(d, 1, "claim", ["QS", "JS", "QH", "JH", "QC", "JC", "AD", "QD", "JD", "TD"])


def test_schafkopf_claim_of_game_gives_the_unplayed_cards_to_the_other_side() -> None:
    # Seed 001, "Claims and Concessions": "If either side claims to have won game, all remaining unplayed
    # cards belong to the other side." After five tricks Bea has 68 points: her claim of game stands, but the
    # five tricks left go to the others, so she scores Game (2), not the Schwarz she could have played for.
    d = schwarz_deal()
    play_tricks(d, SCHWARZ_PLAY[:5])
    assert d.player_points() == 68
    d.act("claim game")
    assert d.over and d.tricks_won == [0, 5, 5] and d.player_points() == 68
    assert d.result().deltas == [0, 2, 0]
    assert d.result().lines == ["Bea claimed game for his side: the cards not yet played went to the other side",
                                "Bea took 68 points (his discards included) in 5 tricks: Game (61 or more): +2 to Bea"]
    shown_to_all(d, 1, "claim game", ["JS", "JH", "AD", "JD", "TD"])


def test_schafkopf_claim_of_game_too_soon_loses() -> None:
    # The same rule after four tricks: Bea has 58, the rest belongs to the others, and she fails to make 61.
    d = schwarz_deal()
    play_tricks(d, SCHWARZ_PLAY[:4])
    d.act("claim game")
    assert d.result().deltas == [0, -2, 0]
    assert d.result().lines[-1] == ("Bea took 58 points (his discards included) in 4 tricks: failed to make 61: "
                                    "-2 to Bea")


def test_schafkopf_concession_by_the_player_stands() -> None:
    # "If the player concedes loss of game, the concession must stand": Bea has 68 points after five tricks,
    # concedes, and loses game (2) all the same.
    d = schwarz_deal()
    play_tricks(d, SCHWARZ_PLAY[:5])
    d.act("concede")
    assert d.over and d.tricks_won == [0, 5, 5]
    assert d.result().deltas == [0, -2, 0]
    assert d.result().lines == ["Bea conceded loss of game with 68 points (his discards included) in 5 tricks: "
                                "conceded loss of game: -2 to Bea"]


# Bea (forehand) holds eight of the top trumps and two small spades; Cal the spades and hearts; Ann the
# diamonds and clubs. Cal wins the first trick with the ace of spades and leads.
WRONG = sk_deck("QC QS QH QD JC JS JH JD 7S 8S", "AS TS KS 9S AH TH KH 9H 8H 7H",
                "AD TD KD 9D 8D 7D AC TC KC 9C", "7C 8C")


@pytest.mark.parametrize(("settlement", "deltas", "last"), [
    ("each_opponent", [0, 8, -8], ["Bea took 109 points (his discards included) in 9 tricks: Schneider (91 or "
                                   "more); Cal's claim was wrong, so he pays the whole of it", "Cal pays Bea 8"]),
    ("player_account", [0, 4, 0], ["Bea took 109 points (his discards included) in 9 tricks: Schneider (91 or "
                                   "more); Cal's claim was wrong: +4 to Bea"]),
])
def test_schafkopf_wrong_claim_by_an_opponent_is_charged_to_him(settlement: str, deltas: list[int],
                                                                last: list[str]) -> None:
    # "An opponent who makes an erroneous claim is charged with the entire loss." Cal claims game for his
    # side with 11 points taken: the unplayed cards go to Bea, who has 109 points, Schneider (4). Paying each
    # opponent, Cal pays the whole 8; on the player's own account Bea is credited 4 (docs/decisions.md).
    d = ct.load("schafkopf", claims=True, settlement=settlement).deal(deck=WRONG, dealer=0)
    play(d, "take, discard 7C, discard 8C, 7S, AS, 9C")
    assert d.turn == 2 and d.legal()[-3:] == ["claim", "claim game", "concede"]
    d.act("claim game")
    assert d.over and d.player_points() == 109 and d.tricks_won == [0, 9, 1]
    assert d.result().deltas == deltas
    assert d.result().lines[1:] == last


def test_schafkopf_least_has_no_claims() -> None:
    # At Least each plays for himself and there is no game to claim: nothing is offered.
    d = ct.load("schafkopf", claims=True).deal(deck=SCHWARZ, dealer=0)
    play(d, "pass, pass, pass")
    assert d.least and not set(CLAIM_WORDS) & set(d.legal())


def test_auction_schafkopf_partnership_claim_refused() -> None:
    # Auction Schafkopf's partners: the claimant chooses his own cards, and every other seat, his partner
    # too, may play any legal card; a claim made at once, with eight cards each, is refused.
    d = ct.load("auction-schafkopf", claims=True).deal(seed=4)
    while d.phase != "play":
        d.act(d.legal(claims=False)[-1] if d.phase == "bid" else d.legal()[0])
    assert d.legal()[-2:] == ["claim", "concede"]
    assert refused(d) == CLAIM_REFUSED


# --------------------------------------------------------------------------------------- Spoil Five
def test_spoil_five_claim_holds_and_the_game_asks_its_own_question() -> None:
    # Seed 003, Spoil Five: "The pool may be taken by the first player to win three tricks"; SF-GAP-3: after
    # three tricks running the winner claims the pool or jinks. Ann holds the three top trumps: her claim
    # holds (she can end the deal by taking the pool), the tricks are given until the game asks its
    # question, and she answers it herself.
    d = ct.load("spoil-five", players=2, claims=True).deal(deck=dealt(JINK2, 1, "9C"), dealer=1)
    assert d.turn == 0 and d.legal() == ["3S", "2S", "AH", "JC", "5C", "claim", "concede"]
    assert d.label("claim") == "Claim the rest of the tricks"
    d.act("claim")
    assert d.phase == "jink" and d.turn == 0 and d.tricks_won == [3, 0]
    assert d.legal() == ["claim", "jink"] and d.label("claim") == "Claim the pool"
    shown_to_all(d, 0, "claim", ["3S", "2S", "AH", "JC", "5C"])
    d.act("claim")
    assert d.result().deltas == [1, -1] and d.result().pools == {"pool": 0}


def test_spoil_five_claim_refused_and_concession() -> None:
    # Bea holds the two spades that beat Ann's: Ann's claim is refused; Ann's concession gives Bea the tricks,
    # three running, and Bea takes the pool ("the first player to win three tricks").
    hands = ["5C JC 4S 3S 2S", "AH 6D 7D KS QS"]
    d = ct.load("spoil-five", players=2, claims=True).deal(deck=dealt(hands, 1, "9C"), dealer=1)
    assert refused(d) == CLAIM_REFUSED
    d.act("concede")
    assert d.phase == "jink" and d.turn == 1 and d.tricks_won == [0, 3]
    d.act("claim")
    assert d.result().deltas == [-1, 1]
    shown_to_all(d, 0, "concede", ["4S", "3S", "2S", "JC", "5C"])


def test_spoil_five_each_for_himself_no_concession_with_three() -> None:
    # With three or more each playing for himself there is no one side to give the tricks to: only a claim.
    d = ct.load("spoil-five", players=3, claims=True).deal(seed=1)
    while d.phase != "play" or d.trick:
        d.act(d.legal(claims=False)[0])
    assert d.legal()[-1] == "claim" and "concede" not in d.legal()
    assert "no one side to concede the rest of the tricks to" in (d.why_not("concede") or "")


def test_forty_five_partners_concede() -> None:
    # Forty-Five, four in two partnerships: a concession gives the rest to the other side, scored as played
    # out (seed 003: "side taking three or four tricks scores 5 points", five tricks 10).
    d = ct.load("forty-five", players=4, claims=True).deal(seed=3)
    while d.phase != "play":
        d.act(d.legal(claims=False)[0])
    leader = d.turn
    d.act("concede")
    assert d.over and sum(d.tricks_won[s] for s in range(4) if s % 2 != leader % 2) == 5
    pts = d.result().deltas
    assert pts[(leader + 1) % 4] == pts[(leader + 3) % 4] == 10 and pts[leader] == pts[(leader + 2) % 4] == 0


# --------------------------------------------------------------------------------------------- Loo
LOO_CONCEDED = [0, -3, 0]
HOLDS = {1: "AH KH QH", 2: "3H KS 2S", 0: "JH TH 9C", "miss": "8D 8C 8S"}


def test_loo_claim_holds_settles_as_played_out() -> None:
    # Seed 000, Loo: "one-third of the amount in it to the winner of each trick"; the others, looed, pay the
    # pool as it stood (3). Bea must lead the ace of trumps and holds the next two: her claim holds.
    d = loo_deal("three-card-loo", HOLDS, "5H", "play, play, play", claims=True)
    assert d.turn == 1 and d.legal() == ["AH", "claim"]  # three each for himself: no concession
    d.act("claim")
    assert d.over and d.tricks_won == [0, 3, 0]
    played = loo_deal("three-card-loo", HOLDS, "5H", "play, play, play, AH, 3H, TH, KH, 2S, JH, QH, KS, 9C")
    assert d.result().deltas == played.result().deltas == [-3 - 3, 3, -3]
    assert d.result().pools == played.result().pools


def test_loo_claim_refused() -> None:
    # Bea leads the ace of trumps, then has the 7 of spades and the 4 of clubs: Cal's king of spades beats
    # the one, so the claim is refused.
    d = loo_deal("three-card-loo", {1: "AH 7S 4C", 2: "3H KS 2S", 0: "QH JH 9C", "miss": "8D 8C 8S"}, "5H",
                 "play, play, play", claims=True)
    assert refused(d) == CLAIM_REFUSED


def test_loo_concession_between_two() -> None:
    # Cal passes; Bea and Ann play it out between them. Bea concedes: Ann takes the rest, and Bea, looed,
    # pays the pool as it stood.
    d = loo_deal("three-card-loo", HOLDS, "5H", "play, pass, play", claims=True)
    assert d.legal() == ["AH", "claim", "concede"]
    d.act("concede")
    assert d.over and d.tricks_won == [3, 0, 0]
    assert d.result().deltas == LOO_CONCEDED and d.result().pools == {"pool": 3}


# ------------------------------------------------------------------------------- every game that has it
CLAIM_GAMES = [g.id for g in ct.games() if any(o.name == "claims" for o in g.options)]


@pytest.mark.parametrize("gid", CLAIM_GAMES)
def test_claims_in_random_play_keep_the_deal_sound(gid: str) -> None:
    # With claims on, random play that tries every claim and concession offered: a refused claim changes
    # nothing; one that holds ends the deal (or reaches the game's own question); cards are conserved, views
    # match their schema, and the record replays to the same settlement.
    game = ct.load(gid, claims=True)
    schema = game.view_schema()
    rng = random.Random(7)
    tried = accepted = 0
    for seed in range(30):  # six deals at least, more until a claim has stood (rare among four or five)
        if seed >= 6 and accepted:
            break
        d = game.deal(seed=seed, dealer=seed % game.players)
        while not d.over:
            legal = d.legal()
            offered = [a for a in legal if d._is_claim(d.turn, a)]
            choice = rng.choice(legal)
            if offered and rng.random() < 0.5:
                choice = rng.choice(offered)
                tried += 1
                if d.why_not(choice) is not None:
                    refused(d, choice)
                    choice = rng.choice(d.legal(claims=False))
                else:
                    accepted += 1
            elif choice in offered and d.why_not(choice) is not None:
                choice = d.legal(claims=False)[0]
            d.act(choice)
            assert sorted(d.card_locations()) == list(range(game.pack.size))
            for s in (*range(d.players), None):
                view = d.view(s) if s is not None else d.public_view()
                assert schema.problems(view) == [], (gid, schema.problems(view))
            shown = d.claimed_by
            if shown >= 0 and not d.over:  # play went on after a claim: the hand shown stays known to all
                for s in range(d.players):
                    if s != shown:
                        assert d.sample(s, rng).hands[shown] & d.claim_hand == d.hands[shown] & d.claim_hand
        assert ct.replay(json.loads(json.dumps(d.record()))).result().deltas == d.result().deltas
    assert tried and accepted, (gid, tried, accepted)


def naive_holds(d: ct.Deal, seat: int) -> bool:
    """The claim's question answered the slow way: every line of play, nothing remembered or merged."""
    side, want = d.side(seat), d.wants_tricks(seat)
    against = [s for s in range(d.players) if (d.side(s) == side) != want]

    def holds(x: ct.Deal) -> bool:
        if x.over:
            return True
        results = []
        for a in x.legal(claims=False):
            y = x.clone()
            y.act(a)
            results.append(all(y.tricks_won[s] == x.tricks_won[s] for s in against) and holds(y))
        return any(results) if x.turn == seat else all(results)
    return holds(d)


@pytest.mark.parametrize("gid", ["nap", "schafkopf", "auction-schafkopf", "forty-five", "three-card-loo",
                                 "spoil-five", "six-bid-solo", "frog", "hasenpfeffer", "rams", "julepe",
                                 "norrlandsknack"])
def test_the_check_agrees_with_every_line_of_play(gid: str) -> None:
    # The engine's check (positions remembered, touching cards merged, a hand of top cards seen at once) gives
    # the same answer as trying every line of play, at every lead of the last few tricks of random deals.
    game = ct.load(gid, claims=True)
    rng = random.Random(11)
    checked = {True: 0, False: 0}
    for seed in range(40):
        d = game.deal(seed=seed)
        while not d.over:
            seat = d.turn
            if "claim" in d.legal() and d._is_claim(seat, "claim") and d.hands[seat].bit_count() <= 3:
                got = d.claim_holds(seat)
                assert got == naive_holds(d, seat), (gid, seed, d.history)
                checked[got] += 1
            d.act(rng.choice(d.legal(claims=False)))
    assert checked[True] and checked[False], checked


# -------------------------------------------------------------------------------------------- Solo
# Cal leads his hearts and clubs, Ann throws her diamonds and Bea her six of hearts, then her spades.
SOLO_OUT = ("AH, 8C, 6H, KH, 7D, 6S, QH, 8D, 7S, JH, 9D, 8S, TH, JD, 9S, 9H, QD, TS, 8H, KD, JS, QC, TD, QS, JC, "
            "AD, KS")


def solo_after_two_tricks(gid: str, bids: str) -> ct.Deal:
    """Bea bids Frog (hearts trumps, the widow taken, three discarded); Cal ruffs her ace of spades and leads,
    holding every trump left but Bea's six of hearts, and two clubs above Ann's."""
    d = ct.load(gid, claims=True).deal(deck=SOLO_L3, dealer=0)
    play(d, f"{bids}, discard TC, discard KC, discard 6D, AC, 9C, 6C, AS, 7H, 7C")
    assert d.turn == 2 and d.hands[2] == d.pack.mask("QC 8H JC AH TH KH QH JH 9H")
    return d


@pytest.mark.parametrize(("gid", "bids", "deltas"), [
    ("frog", "frog, pass, pass", [35, -70, 35]),
    ("coeur-d-alene-solo", "frog, pass, pass", [1, -2, 1]),
])
def test_solo_defenders_claim_holds_with_the_card_points(gid: str, bids: str, deltas: list[int]) -> None:
    # Seed 001, Frog: "He collects or pays for every point he takes in play over or under 60" (Coeur d'Alene:
    # "61 points being needed to win ... 1 chip for a frog"). Cal leads the ace of hearts, draws Bea's last
    # trump and takes every trick: his claim holds. Bea keeps the first trick (11) and her discards (ten and
    # king of clubs, 14): 25 points, 35 under 60; Cal 95 (docs/decisions.md CL-8: the tricks given carry their points).
    d = solo_after_two_tricks(gid, bids)
    d.act("claim")
    assert d.over and d.tricks_won == [0, 1, 10] and d.view(0)["card_points"] == [0, 11, 95]
    assert d.result().deltas == deltas
    shown_to_all(d, 2, "claim", ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "QC", "JC"])
    out = solo_after_two_tricks(gid, bids)
    play(out, SOLO_OUT)
    assert out.result().deltas == d.result().deltas


def test_six_bid_solo_claim_refused_then_the_bidder_concedes() -> None:
    # Seed 001, Six-Bid Solo: "2 for each point over or under 60", the widow "added to bidder's cards at the
    # end of play". Bea's Solo in spades: after two tricks she holds the eight spades left and the six of
    # diamonds, which Ann's diamonds beat, so her claim is refused. She concedes: the defenders take the rest,
    # and Bea has the one trick she ruffed (21) and the widow (25): 46, 14 under 60, 28 to each.
    d = ct.load("six-bid-solo", claims=True).deal(deck=SOLO_L3, dealer=0)
    play(d, "solo, pass, pass, trump spades, 6H, AH, 8C, TH, 7C, AS")
    assert d.turn == 1 and d.legal()[-2:] == ["claim", "concede"]
    assert refused(d) == CLAIM_REFUSED
    d.act("concede")
    assert d.over and d.tricks_won == [0, 1, 10] and d.view(0)["card_points"] == [0, 21, 74]
    assert d.result().deltas == [28, -56, 28]
    shown_to_all(d, 1, "concede", ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "6D"])


def test_progressive_solo_defenders_claim_and_the_pot() -> None:
    # Progressive Solo's Frog ("the bidder loses ... to the other players"; PS-GAP-3: the failing bidder
    # pays into the pot as much as it holds). Cal's claim holds as in Frog; Bea's 25 points fail, settled as
    # the same line played out (docs/decisions.md CL-5).
    d = solo_after_two_tricks("progressive-solo", "frog, pass, pass")
    d.act("claim")
    out = solo_after_two_tricks("progressive-solo", "frog, pass, pass")
    play(out, SOLO_OUT)
    assert d.over and d.tricks_won == out.tricks_won == [0, 1, 10]
    # Each antes 1 to both pots (2); Bea pays 35 to each (1 a point under 60) and 3 into the Frog pot.
    assert d.result().deltas == out.result().deltas == [-2 + 35, -2 - 70 - 3, -2 + 35]
    assert d.result().pools == out.result().pools == {"frog_pot": 6, "solo_pot": 3}


# -------------------------------------------------------------------------------------- Rams family
RAMS_R = dict(s1="AH KH QH JH TH", s2="AS KS QS JS TS", s0="AC KC QC JC TC", spare="AD KD QD JD TD")


@pytest.mark.parametrize("gid", ["rams", "rounce", "bierspiel"])
def test_rams_bid_claimed_at_the_first_lead(gid: str) -> None:
    # Seed 002, Rams: "A successful rams bid wins the pool plus five from each opponent." Bea bids Rams with
    # the five top hearts (trumps) and claims at once: the others play together against her (one side, so a
    # concession is offered too), and her claim holds: the pool of 10 and 5 from each.
    d = rams_deal(RAMS_R, "9H", gid=gid, carry={"pools": {"pool": 10}}, claims=True)
    play(d, "rams, play, play, pass")
    assert d.turn == 1 and d.legal() == ["AH", "KH", "QH", "JH", "TH", "claim", "concede"]
    d.act("claim")
    assert d.over and d.tricks_won == [0, 5, 0]
    assert d.result().deltas == [-10, 25, -5] and d.result().pools == {"pool": 0}
    shown_to_all(d, 1, "claim", ["AH", "KH", "QH", "JH", "TH"])


def test_rams_bidder_concedes_and_the_play_stops() -> None:
    # "If lost, the bidder doubles the pool and pays five to each"; a Rams bid "stops at the first lost trick"
    # (docs/decisions.md CL-8): Bea's concession gives the next trick to Cal, the first of the others after
    # her, and the play stops there, settled as the same deal played out (Cal's ace of spades takes her 7S).
    d = rams_deal(dict(RAMS_R, s1="AH KH QH JH 7S"), "9H", claims=True)
    play(d, "rams, play, play, pass")
    assert refused(d) == CLAIM_REFUSED
    d.act("concede")
    assert d.over and d.tricks_won == [0, 0, 1]
    res = d.result()
    assert res.deltas == [0, -15, 5] and res.pools == {"pool": 10}
    assert "Bea lost Rams at trick 1 and doubles the pool (5 + 5)" in res.lines


def test_julepe_claim_between_the_two_still_playing() -> None:
    # Seed 002, Julepe: "If only one player succeeds, he wins the pot plus a julep from each active player."
    # Dee and Cal play, Bea and Ann pass: Dee, with the top spades (trumps), claims and it holds.
    d = julepe_deal(["AS 3S KS QS JS", "2C 4C 5C 6C 7C", "AC 3C KC QC JC", "2H 3H KH 7D 6D"], "2S", claims=True)
    play(d, "play, play, pass, pass, stand, stand")
    assert d.turn == 3 and d.legal()[-2:] == ["claim", "concede"]
    d.act("claim")
    assert d.over and d.tricks_won == [0, 0, 0, 5] and d.result().deltas == [-6, 0, -6, 12]


def test_norrlandsknack_claim_leaves_the_joiner_loafed() -> None:
    # Seed 002 (NK-GAP-1): "A player who joins in, but who wins no trick, is also loafed ... adding five to
    # his score". Bea knocks, Cal joins, Ann drops out; Bea's hearts beat Cal's spades with no trump (diamonds)
    # against them: her claim holds, and Cal, loafed, goes from 7 to 12 and adds a chip to the pot.
    carry = {"scores": [10, 8, 7], "pools": {"pot": 3}, "first": False}
    d = knack_deal(["AH KH QH JH TH", "2S 3S 4S 5S 6S", "2C 3C 4C 5C 6C"], "2D", carry=carry, claims=True)
    play(d, "knock, join, drop")
    assert d.turn == 1 and d.legal()[-2:] == ["claim", "concede"]
    d.act("claim")
    assert d.over and d.tricks_won == [0, 5, 0]
    assert d.result().deltas == [0, 5, -5] and d.result().pools == {"pot": 4}
    assert d.carry["scores"] == [10, 3, 12]


# ------------------------------------------------------------------------------------- Hasenpfeffer
def test_hasenpfeffer_claim_for_the_partnership() -> None:
    # Seed 003, Hasenpfeffer, "Scoring": "If the bidder's side fulfills the contract, it scores 1 point for each
    # trick it won in play". Ann bids six, takes the widow, names spades and discards the 9C: she holds
    # the joker and the right bower, so leading them draws Dee's left bower and Bea's nine, and her claim of
    # every trick holds (docs/decisions.md CL-8). Playing her ace first instead loses a trick to the left bower.
    d = ct.load("hasenpfeffer", claims=True).deal(deck=hp(HP, 3, "9C"), dealer=3)
    play(d, "bid 6, pass, pass, pass, trump spades, discard 9C")
    assert d.turn == 0 and d.legal() == ["AS", "KS", "QS", "JS", "TS", "JK", "claim", "concede"]
    d.act("claim")
    assert d.over and d.tricks_won == [6, 0, 0, 0] and d.result().deltas == [6, 0, 6, 0]
    assert d.result().lines[:2] == ["Ann and Cal took 6 tricks, making the bid of 6: 1 point each",
                                    "Bea and Dee took 0 tricks: 1 point each (the opponents always score their "
                                    "tricks)"]
    shown_to_all(d, 0, "claim", ["AS", "KS", "QS", "JS", "TS", "JK"])
