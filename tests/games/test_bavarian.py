"""Scenario tests for Bavarian Schafkopf (the Schafkopfordnung of the Bayerischer Schafkopf-Verein, the
Schafkopfschule's rules, bayerisch-schafkopf.de, Parlett, schafkopfhaie.de for the Hochzeit; the decisions
BS-1 ... BS-14 in docs/decisions.md).

Every deal here is dealt by Dee (dealer 3), so Ann (seat 0) is forehand: she speaks first and leads.
"""

from __future__ import annotations

import json
import random

import pytest

import cardtable as ct
from cardtable.core.cards import PACK_32, bits
from cardtable.errors import IllegalAction
from cardtable.games.bavarian import bavarian_rules, card_points

GID = "bavarian-schafkopf"


def moves(text: str) -> list[str]:
    """A list of actions written one word each, separated by spaces."""
    return text.split()


def deck_of(*hands: str) -> str:
    """The pack for four hands (Ann, Bea, Cal, Dee), dealt by Dee four and four from her left."""
    h = [x.split() for x in hands]
    assert sorted(c for x in h for c in x) == sorted(PACK_32.code_of)
    return " ".join(h[0][:4] + h[1][:4] + h[2][:4] + h[3][:4] + h[0][4:] + h[1][4:] + h[2][4:] + h[3][4:])


# Ann can call the acorn (club) ace, which Cal holds with two more clubs.
A = deck_of("QC QS JC AH TH 9C AS 7D", "QH JS KH 8H TC KC TS 7S", "QD JH 9H AC 8C 7C KS 9S",
            "JD 7H 8S AD TD KD 9D 8D")
# Ann holds the three top Obers; Cal holds the acorn ace with three more clubs.
B = deck_of("QC QS QH JC AH TH KH AS", "QD JS 9H 8H TC KC TS 7S", "JH 7H AC 8C 7C KS 9S 9C",
            "JD 8S AD TD KD 9D 8D 7D")
# As B, but Ann holds the two top Unters (and not the heart Ober).
C = deck_of("QC QS JS JC AH TH KH AS", "QD QH 9H 8H TC KC TS 7S", "JH 7H AC 8C 7C KS 9S 9C",
            "JD 8S AD TD KD 9D 8D 7D")

SAUSPIEL = [*moves("play pass pass pass sauspiel"), "call clubs"]
NO_DOUBLES = ["pass", "pass", "pass"]
SOLO_HEARTS = [*moves("play pass pass pass solo"), "trump hearts"]


def deal(deck: str = A, actions: list[str] | str = (), **options: object) -> ct.Deal:
    d = ct.load(GID, **options).deal(deck=deck, dealer=3)
    for a in actions.split() if isinstance(actions, str) else actions:
        d.act(a)
    return d


def trick(d: ct.Deal, cards: str, winner: int) -> None:
    """Play one trick (cards in play order) and check who won it."""
    for c in cards.split():
        d.act(c)
    assert [c for _, c in d.view(0)["last_trick"]] == cards.split()
    assert d.over or d.turn == winner, (cards, d.turn)
    assert d.leader == winner


# ------------------------------------------------------------------ cards and trumps
def test_the_deal_is_four_and_four_from_the_dealers_left():
    # Schafkopfordnung 2.1: each player receives eight cards, dealt four and four; forehand speaks first.
    d = deal()
    assert [set(d.view(s)["hand"]) for s in range(4)] == [
        set(moves("QC QS JC AH TH 9C AS 7D")), set(moves("QH JS KH 8H TC KC TS 7S")),
        set(moves("QD JH 9H AC 8C 7C KS 9S")), set(moves("JD 7H 8S AD TD KD 9D 8D"))]
    assert (d.turn, d.phase, d.legal()) == (0, "ask", ["pass", "play"])


def test_card_points_are_120():
    # Schafkopfordnung 1.2: Sau 11, ten 10, king 4, Ober 3, Unter 2; 120 in all.
    assert card_points(PACK_32.full) == 120
    assert card_points(PACK_32.mask("AS TS KS QS JS 9S")) == 30


def ranked(trumps: str, suit: int | None) -> list[str]:
    r = bavarian_rules(trumps, suit)
    return [PACK_32.code(c) for c in sorted((c for c in range(32) if r.suit_of[c] == r.trump),
                                            key=lambda c: -r.power[c])]


def test_trump_order_of_the_normal_game():
    # bayerisch-schafkopf.de: "Die Ober in der Reihenfolge Eichel, Gras, Herz, Schellen, dann die Unter in der
    # Reihenfolge Eichel, Gras, Herz, Schellen, daran schließen sich die Herzkarten" (14 trumps).
    assert ranked("normal", 1) == moves("QC QS QH QD JC JS JH JD AH TH KH 9H 8H 7H")


def test_trumps_of_wenz_geier_solo_and_farbwenz():
    # Wenz: only the four Unters; Geier: only the Obers; a Solo names its suit in place of hearts
    # (kartenspiele.net; Schafkopfordnung 1.4).
    assert ranked("wenz", None) == moves("JC JS JH JD")
    assert ranked("geier", None) == moves("QC QS QH QD")
    assert ranked("normal", 2) == moves("QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D")
    assert ranked("wenz", 3) == moves("JC JS JH JD AC TC KC QC 9C 8C 7C")
    # In the Wenz the Ober is a plain card between the king and the nine.
    r = bavarian_rules("wenz", None)
    plain = sorted((c for c in range(32) if r.suit_of[c] == 1), key=lambda c: -r.power[c])
    assert [PACK_32.code(c) for c in plain] == moves("AH TH KH QH 9H 8H 7H")


def test_an_ober_follows_trumps_and_not_its_suit():
    # Schafkopfordnung 3.2: follow suit if able; the Obers, Unters and hearts are one suit (trumps).
    d = deal(A, SAUSPIEL + NO_DOUBLES)
    d.act("AS")  # leaves led: Bea follows with leaves only; her Ober does not follow leaves
    assert set(d.legal()) == {"TS", "7S"}
    d.act("7S")
    d.act("KS")
    assert d.legal() == ["8S"]
    d.act("8S")
    assert d.turn == 0  # Ann's ace wins
    d.act("TH")  # a trump led: every trump follows it, the Obers and Unters included
    assert set(d.legal()) == {"QH", "JS", "KH", "8H"}


def test_in_the_wenz_the_ober_follows_its_suit():
    # Wenz: only the Unters are trumps; the Ober is a card of its suit (Schafkopfordnung 1.4).
    d = deal(C, "play pass pass pass wenz pass pass pass")
    assert d.view(0)["trump"] is None and d.view(0)["contract"] == "Wenz"
    d.act("AH")
    assert set(d.legal()) == {"QH", "9H", "8H"}
    for c in ("QH", "7H", "JD"):
        d.act(c)
    assert d.turn == 3  # Dee's Unter trumps the hearts


# ------------------------------------------------------------------ bidding
def test_a_lone_player_names_his_game_and_calls_an_ace():
    # "Ich spiele" / "Weiter" in turn from forehand; the player then announces; he may call only an ace he does
    # not hold, of a suit (not hearts) of which he holds a card (bayerisch-schafkopf.de, Rufspiele).
    d = deal(A, "play pass pass pass")
    assert (d.phase, d.turn, d.legal()) == ("declare", 0, ["sauspiel", "wenz", "solo", "wenz tout", "solo tout"])
    d.act("sauspiel")
    assert (d.phase, d.turn, d.legal()) == ("call", 0, ["call clubs", "call diamonds"])  # she holds the leaf ace
    assert "call spades" in d.why_not("call spades") and "do not hold" in d.why_not("call spades")
    d.act("call clubs")
    assert d.view(1)["contract"] == "Sauspiel with the acorns ace"
    assert d.label("call clubs").startswith("Call the acorns ace (Eichel-Sau")


def test_no_sauspiel_without_a_suit_to_call():
    # "Ein Rufspiel kannst Du nur ansagen, wenn Du nicht alle Säue selbst hast (gesperrt bist)" and you hold a card
    # of the called suit: Ann holds the acorn, leaf and bell aces here.
    d = deal(deck_of("AC AS AD QC QS JC AH TH", "QH JS KH 8H TC KC TS 7S", "QD JH 9H 9C 8C 7C KS 9S",
                     "JD 7H 8S 7D TD KD 9D 8D"), "play pass pass pass")
    assert d.legal() == ["wenz", "solo", "wenz tout", "solo tout"]
    assert "Sauspiel" in d.why_not("sauspiel")


@pytest.mark.provisional  # our own choice (docs/decisions.md)
def test_the_higher_game_wins_and_forehand_keeps_an_equal_one():
    # Order of precedence: Sauspiel < Wenz < Solo < Wenz Tout < Solo Tout (ister.at, after the Schafkopfschule);
    # between equal games the player who spoke earlier has priority (BS-1).
    d = deal(A, "play play pass pass sauspiel")
    assert (d.turn, d.legal()) == (1, ["pass", "wenz", "solo", "wenz tout", "solo tout"])
    d.act("wenz")
    assert (d.turn, d.legal()) == (0, ["pass", "wenz", "solo", "wenz tout", "solo tout"])  # forehand may hold
    d.act("wenz")
    assert (d.turn, d.legal()) == (1, ["pass", "solo", "wenz tout", "solo tout"])  # Bea must go higher
    assert "higher game" in d.why_not("wenz")
    d.act("pass")
    # Ann plays her Wenz; no suit to name: the defenders are asked for Kontra from forehand's left.
    assert (d.phase, d.turn, d.view(2)["declarer"], d.view(2)["contract"]) == ("kontra", 1, 0, "Wenz")


def test_the_first_who_wants_to_play_must_name_a_game():
    # He said "Ich spiele": he names a game (BS-1); the reason says so.
    d = deal(A, "pass play pass pass")
    assert d.turn == 1 and "pass" not in d.legal()
    with pytest.raises(IllegalAction, match="name your game"):
        d.act("pass")


def test_all_pass_throws_the_cards_in():
    # Schafkopfordnung 2.2: if nobody plays, the cards are thrown in and the next dealer deals (option all_pass).
    d = deal(A, "pass pass pass pass")
    assert d.over and d.result().deltas == [0, 0, 0, 0]
    assert d.next_dealer() == 0


@pytest.mark.provisional  # our own choice (docs/decisions.md)
def test_all_pass_ramsch_the_most_points_pay():
    # all_pass="ramsch" (BS-9): normal trumps, each for himself; who takes the most points pays the Sauspiel
    # rate to each of the others.
    d = deal(A, "pass pass pass pass", all_pass="ramsch")
    assert (d.phase, d.turn, d.view(0)["trump"], d.view(0)["declarer"]) == ("play", 0, "H", None)
    for a in moves("9C TC AC JD TD 7D KH QD JH 7H TH 8H 9S 8S AS TS QS QH 9H 9D AH JS 7C KD KC 8C 8D JC QC 7S "
              "KS AD"):
        d.act(a)
    assert [card_points(m) for m in d.won] == [51, 17, 29, 23]
    assert d.result().deltas == [-30, 10, 10, 10]


# ------------------------------------------------------------------ the called ace
def test_the_called_ace_must_fall_when_its_suit_is_led():
    # "Der Spieler mit der gerufenen Sau muss diese zugeben, wenn die Farbe der Ruf-Sau angespielt wird"
    # (bayerisch-schafkopf.de).
    d = deal(A, SAUSPIEL + NO_DOUBLES)
    d.act("9C")
    d.act("KC")
    assert d.legal() == ["AC"]
    assert d.why_not("8C") == ("'8C' is not allowed: the called ace must be played when its suit is first led. "
                               "Legal now: AC")
    d.act("AC")
    d.act("8S")
    assert d.turn == 2


def test_the_called_ace_may_not_be_thrown_away_before_its_suit_is_led():
    # "Wurde die Ruf-Sau nicht gesucht, so darf er sie erst im letzten, dem 8. Stich, zugeben."
    d = deal(A, SAUSPIEL + NO_DOUBLES)
    d.act("7D")
    d.act("7S")  # Bea has no bells
    assert set(d.legal()) == {"QD", "JH", "9H", "8C", "7C", "KS", "9S"}  # Cal, void too, keeps the ace
    assert "last trick" in d.why_not("AC")


def test_the_called_ace_may_fall_on_another_suit_in_the_last_trick():
    # ... "erst im letzten, dem 8. Stich": the called suit never led, Cal throws the ace in the last trick.
    d = deal(A, SAUSPIEL + NO_DOUBLES)
    for cards, winner in [("TH QH 9H 7H", 1), ("TS KS 8S AS", 0), ("QS JS JH JD", 0), ("QC KH QD 8D", 0),
                          ("JC 8H 9S 9D", 0), ("AH 7S 8C KD", 0), ("7D TC 7C AD", 3)]:
        trick(d, cards, winner)
    assert d.view(2)["hand"] == ["AC"] and not d.searched
    d.act("TD")
    d.act("9C")
    d.act("KC")
    assert d.legal() == ["AC"]


def test_the_holder_may_lead_the_suit_only_with_the_ace_unless_he_runs_away():
    # "Besitzt der Mitspieler mindestens vier Karten mit der Ruf-Sau in der Ruf-Farbe, kann er davonlaufen";
    # with three he leads the suit only with the ace itself.
    d = deal(A, SAUSPIEL + NO_DOUBLES)
    trick(d, "TH 8H QD 7H", 2)
    assert set(d.legal()) == {"JH", "9H", "AC", "KS", "9S"}
    assert "four or more" in d.why_not("8C")
    # With four clubs Cal may run away: Bea calls the acorn ace in deal B.
    d = deal(B, [*moves("pass play pass pass sauspiel"), "call clubs", *NO_DOUBLES])
    trick(d, "KH 8H JH JD", 2)
    assert set(d.legal()) == {"7H", "AC", "8C", "7C", "9C", "KS", "9S"}
    d.act("7C")  # Cal runs away
    assert d.turn == 3 and set(d.legal()) == set(moves("8S AD TD KD 9D 8D 7D"))


def test_the_partner_is_hidden_until_the_ace_falls():
    # "Der Mitspieler darf, bis er die gerufene Sau zugegeben hat, nicht zu erkennen geben, dass er der
    # Mitspieler ist": the views show the partner to himself only, then to all once the ace is played.
    d = deal(A, SAUSPIEL + NO_DOUBLES)
    assert [d.view(s)["partner"] for s in range(4)] == [None, None, 2, None]
    assert d.public_view()["partner"] is None
    assert "Cal" not in (d.status(0) or "") and "Cal" not in str(d.view(1))
    d.act("9C")
    d.act("KC")
    assert d.view(3)["partner"] is None
    d.act("AC")
    assert [d.view(s)["partner"] for s in range(4)] == [2, 2, 2, 2]
    assert d.public_view()["partner"] == 2


def test_the_hidden_partner_may_not_give_kontra():
    # Schafkopfordnung 4.2: Kontra belongs to the player's opponents; the holder of the called ace is the player's
    # partner and may only pass, which the others cannot tell from a defender's pass.
    d = deal(A, SAUSPIEL)
    assert (d.phase, d.turn, d.legal()) == ("kontra", 1, ["pass", "kontra"])
    d.act("pass")
    assert (d.turn, d.legal()) == (2, ["pass"])
    assert "called ace" in d.why_not("kontra")
    d.act("pass")
    assert (d.turn, d.legal()) == (3, ["pass", "kontra"])


# ------------------------------------------------------------------ Kontra and Re
@pytest.mark.provisional  # our own choice (docs/decisions.md)
def test_kontra_then_re_before_the_first_card():
    # Kontra by a defender, Re by the player's side, before the first card is led (BS-4): after Bea's Kontra every
    # seat but hers is asked, Ann and the hidden Cal may give Re, Dee may not.
    d = deal(A, [*SAUSPIEL, "kontra"])
    assert (d.phase, d.turn, d.legal()) == ("re", 0, ["pass", "re"])
    d.act("pass")
    assert (d.turn, d.legal()) == (2, ["pass", "re"])
    d.act("pass")
    assert (d.turn, d.legal()) == (3, ["pass"])
    d.act("pass")
    assert (d.phase, d.turn, d.view(0)["multiplier"], d.view(0)["kontra"]) == ("play", 0, 2, 1)


def test_re_by_the_partner_reveals_him():
    # Giving Re the partner shows himself (BS-4): the views then name him.
    d = deal(A, [*SAUSPIEL, "kontra", "pass", "re"])
    assert d.phase == "play" and [d.view(s)["partner"] for s in range(4)] == [2, 2, 2, 2]
    assert d.view(1)["multiplier"] == 4 and d.view(1)["re"] == 2


def test_no_kontra_once_the_play_has_begun():
    # "before the first card" (BS-4): once Ann has led, Kontra is no action of the game.
    d = deal(A, SAUSPIEL + NO_DOUBLES + ["9C"])
    assert d.why_not("kontra") is not None and "kontra" not in d.legal()
    assert "kontra" not in [a for a in deal(A, SAUSPIEL, kontra=False).legal()]
    assert deal(A, SAUSPIEL, kontra=False).phase == "play"


SOLO_WON = moves("AS TS KS 8S JC 9H 7H JD TH JS JH 8D 8H 8C 9D QC KH QD 9C AD 7S 9S TD AH QH TC AC KD QS KC 7C "
            "7D")


def test_kontra_doubles_and_re_doubles_again():
    # Schafkopfordnung 4.2: Stoß (Kontra) doubles, Gegenstoß (Re) doubles again. Ann's heart Solo with three
    # Laufende is worth 50 + 30 = 80 from each.
    assert deal(B, SOLO_HEARTS + NO_DOUBLES + SOLO_WON).result().deltas == [240, -80, -80, -80]
    assert deal(B, [*SOLO_HEARTS, "kontra", "pass", *SOLO_WON]).result().deltas == [480, -160, -160, -160]
    lost = moves("KH 8H JH JD AC AD AS KC KS 8S QC 7S QS JS 7H 9D QH 9H 8C TD AH QD 9C KD TS 9S 7D JC TH TC 7C "
            "8D")
    d = deal(B, [*SOLO_HEARTS, "kontra", "re", *lost])
    assert card_points(d.won[0]) == 57 and d.result().deltas == [-960, 320, 320, 320]


# ------------------------------------------------------------------ scoring thresholds
def sauspiel_result(play: str) -> tuple[int, list[int]]:
    d = deal(A, SAUSPIEL + NO_DOUBLES + play.split())
    return card_points(d.won[0] | d.won[2]), list(d.result().deltas)


@pytest.mark.parametrize("play,points,deltas", [
    # "Sieger ist, wer als Spieler mindestens 61 Punkte ..."; 60 loses (Schafkopfschule 1.3.2; kartenspiele.net:
    # "Herrscht ... 60:60 Augen Gleichstand, dann haben die Nichtspieler gewonnen").
    ("JC QH 9H 7H KC AC JD 9C AD 7D TS 8C KD AS JS 9S KH QD 9D QS TH 8H JH TD KS 8S AH 7S QC TC 7C 8D", 60,
     [-10, 10, -10, 10]),
    ("7D TS KS TD 9D 9C QH 7C KC AC KD QS JC 8H 9H 7H AH JS QD JD 8C AD AS TC KH JH 8D QC TH 7S 9S 8S", 61,
     [10, -10, 10, -10]),
    # Schneider at 91 (the losers have 30 or less); 90 is a plain win: each pays 10, 20 with Schneider (Parlett).
    ("7D 8H JH KD 9S 8S AS 7S JC JS QD 7H AC 9D 9C TC 7C JD AH KC AD QS TS 8C TH QH 9H 8D KH KS TD QC", 90,
     [10, -10, 10, -10]),
    ("QS QH QD JD AS 7S 9S 8S AH JS JH 7H KH 9H AD QC 9C TC AC 8D KS KD JC TS TH 8H 7C 9D 7D KC 8C TD", 91,
     [20, -20, 20, -20]),
    # "Zum 'Schneider frei' benötigt er 31 Augen": 30 loses Schneider, 31 is free.
    ("9C KC AC 7H KD 7D TC KS TD TH JS JH TS 9S 8S AS AH KH 9H JD 8D QC 7S QD QS 8H 8C 9D JC QH 7C AD", 30,
     [-20, 20, -20, 20]),
    ("JC QH JH 7H 8H 9H JD QS 7D TC KS TD 9D AS KC 7C AD 9C KH 9S TS QD 8S TH AC KD AH JS 7S 8C 8D QC", 31,
     [-10, 10, -10, 10]),
    # Schwarz (every trick): 10 + 10 + 10 (Parlett).
    ("AS TS KS 8S 7D 7S QD TD 9H 7H JC JS 9C KC AC 9D 8C 8D TH TC QS QH JH JD QC 8H 9S AD AH KH 7C KD", 120,
     [30, -30, 30, -30]),
])
def test_sauspiel_thresholds(play: str, points: int, deltas: list[int]):
    assert sauspiel_result(play) == (points, deltas)


def test_each_loser_pays_one_winner_in_a_sauspiel():
    # Parlett: "Each member of the losing side pays a different member of the winning side".
    d = deal(A, SAUSPIEL + NO_DOUBLES + moves("7D TS KS TD 9D 9C QH 7C KC AC KD QS JC 8H 9H 7H AH JS QD JD 8C AD "
                                              "AS TC KH JH 8D QC TH 7S 9S 8S"))
    assert d.result().lines[-2:] == ["Bea pays Ann 10", "Dee pays Cal 10"]


# ------------------------------------------------------------------ Laufende
def test_laufende_from_three_in_a_solo_with_or_without():
    # Parlett, "Runners": the top three trumps held by one side, with any further trumps in succession; from
    # three. Ann holds the three top Obers (3); Bea's leaf Solo is played "without three" (3).
    d = deal(B, SOLO_HEARTS + NO_DOUBLES)
    assert d.laufende() == 3
    ohne = moves("QC QD KS JD QH TS JH 8S KH 8H 7H 8D QS 7S 9S AD TH 9H 8C KD JC JS 7C 9D AH KC 9C 7D AS TC AC "
            "TD")
    d = deal(B, [*moves("pass play pass pass solo"), "trump spades", *NO_DOUBLES, *ohne])
    assert d.laufende() == 3
    assert d.result().deltas == [100, -300, 100, 100]  # 50 + Schneider 10 + Schwarz 10 + 3 × 10, from each


def test_laufende_from_two_in_the_wenz():
    # "from two in Wenz and Geier" (BS-6): Ann's acorn and leaf Unters count 2; two Obers in a Solo count none.
    d = deal(C, "play pass pass pass wenz pass pass pass")
    assert d.laufende() == 2
    play = "QC TC AC TD 9C JD AH KC 9D JS QD 8C QS 7S KS 8S 7H KD TH QH JC TS JH 8D AS 8H 9S 7D KH 9H 7C AD"
    for a in play.split():
        d.act(a)
    assert card_points(d.won[0]) == 62 and d.result().deltas == [210, -70, -70, -70]  # 50 + 2 × 10
    assert deal(C, SOLO_HEARTS + NO_DOUBLES).laufende() == 0


def test_tariff_options():
    # The tariff is the table's (Parlett's "typical tariff of 10 and 50"): with a Solo at 20 and 5 a Laufender the
    # same Solo is worth 20 + 15 from each.
    d = deal(B, SOLO_HEARTS + NO_DOUBLES + SOLO_WON, tariff_solo=20, tariff_laufende=5)
    assert d.result().deltas == [105, -35, -35, -35]


# ------------------------------------------------------------------ Tout
TOUT = [*moves("play pass pass pass"), "solo tout", "trump hearts", *NO_DOUBLES]


def test_a_tout_takes_every_trick_and_counts_double():
    # Parlett: "Tout. Win or lose double"; "A soloist winning Tout with three runners would gain 100 for the
    # contract plus 60 for the runners."
    d = deal(B, TOUT + moves("QC QD 7H JD QS 9H JH TD QH 8H 9C KD JC JS 7C AD AH KC 9S 8S TH TC AC 7D KH TS 8C 9D AS "
                        "7S KS 8D"))
    assert d.tricks_won[0] == 8 and d.result().deltas == [480, -160, -160, -160]


def test_a_tout_is_lost_with_the_first_trick_given_away():
    # The Tout must take every trick (Schafkopfordnung 1.3): Bea's Ober beats Ann's king of hearts, and the deal
    # ends there (BS-8).
    d = deal(B, [*TOUT, "KH", "QD", "7H", "JD"])
    assert d.over and d.result().deltas == [-480, 160, 160, 160]


# ------------------------------------------------------------------ sampling
def holders(d: ct.Deal, seat: int, n: int = 60) -> set[int]:
    ace = PACK_32.index_of["AC"]
    out = set()
    for k in range(n):
        s = d.sample(seat, random.Random(k))
        who = next(x for x in range(4) if s.hands[x] >> ace & 1)
        assert s.partner == who and s.side(who) == s.side(s.declarer)  # the sample's partnership follows its cards
        out.add(who)
    return out


def test_sampling_keeps_the_called_ace_out_of_the_callers_hand():
    # The caller cannot hold the called ace; to Dee either Bea or Cal may hold it.
    d = deal(A, SAUSPIEL + NO_DOUBLES)
    assert holders(d, 3) == {1, 2}
    assert holders(d, 1) == {2, 3}
    assert holders(d, 2) == {2}


def test_sampling_reads_the_kontra_and_the_first_trick_of_the_suit():
    # Kontra shows a defender; playing another card to the first lead of the called suit shows one does not hold
    # the ace (it must fall there).
    assert holders(deal(A, [*SAUSPIEL, "kontra", "pass", "pass", "pass"]), 3) == {2}
    assert holders(deal(A, SAUSPIEL + NO_DOUBLES + ["9C", "KC"]), 3) == {2}


def test_sampling_gives_the_caller_a_card_of_the_called_suit():
    # The caller holds a card of the called suit: Bea holds the acorn ten and king, so Ann's sampled hand always
    # holds one of the acorn nine, eight or seven.
    d = deal(A, SAUSPIEL + NO_DOUBLES)
    plain_clubs = PACK_32.mask("9C 8C 7C")
    for k in range(80):
        assert d.sample(1, random.Random(k)).hands[0] & plain_clubs


def test_sampling_after_running_away_puts_the_ace_with_the_runner():
    # The suit led and the ace not fallen: its leader ran away with it.
    d = deal(B, [*moves("pass play pass pass sauspiel"), "call clubs", *NO_DOUBLES])
    trick(d, "KH 8H JH JD", 2)
    trick(d, "7C 8S JC TC", 0)
    assert d.searched and holders(d, 3) == {2} and holders(d, 0) == {2}


def test_sampling_gives_a_seat_that_named_a_sauspiel_a_suit_to_call():
    # A Sauspiel may be named only holding a suit to call (bayerisch-schafkopf.de): to Bea, Ann's sampled hand
    # always holds one, so that her call can be played out in the determinisation.
    d = deal(A, "play play pass pass sauspiel")
    for k in range(80):
        s = d.sample(1, random.Random(k))
        assert s.callable_suits(0)
        assert s.phase == "declare" and s.legal() == d.legal()


def test_the_sie_is_laid_down_and_counts_four_times():
    # Schafkopfordnung 1.3: the Sie is all four Obers and all four Unters, the highest game; Parlett: "Sie. Win
    # or lose quadruple". It takes every trick, so it is laid down and scored at once (BS-12): 4 × (50 + 8 × 10).
    sie = deck_of("QC QS QH QD JC JS JH JD", "AH TH KH 9H 8H 7H AC TC", "KC 9C 8C 7C AS TS KS 9S",
                  "8S 7S AD TD KD 9D 8D 7D")
    d = deal(sie, "play play pass pass")
    assert d.legal() == ["wenz", "solo", "wenz tout", "solo tout", "sie"]  # no plain card: no Sauspiel
    d.act("sie")
    assert d.legal() == ["pass"]  # Bea cannot go higher
    for k in range(20):  # to Bea, Ann holds every Ober and Unter
        assert d.sample(1, random.Random(k)).hands[0] & PACK_32.mask("QC QS QH QD JC JS JH JD") == \
            PACK_32.mask("QC QS QH QD JC JS JH JD")
    d.act("pass")
    assert d.over and d.view(1)["contract"] == "Sie"
    assert d.result().deltas == [1560, -520, -520, -520]
    assert "sie" not in deal(A, "play pass pass pass").legal()
    assert "all four Obers" in deal(A, "play pass pass pass").why_not("sie")


def test_sampling_gives_the_runner_four_of_the_suit():
    # "Besitzt der Mitspieler mindestens vier Karten mit der Ruf-Sau in der Ruf-Farbe, kann er davonlaufen": to
    # Dee, Cal who ran away held the acorn ace and three more acorns, so two of the acorns left unseen are his.
    d = deal(B, [*moves("pass play pass pass sauspiel"), "call clubs", *NO_DOUBLES])
    trick(d, "KH 8H JH JD", 2)
    trick(d, "7C 8S JC TC", 0)
    for k in range(60):
        s = d.sample(3, random.Random(k))
        assert (s.hands[2] & PACK_32.mask("AC TC KC 9C 8C 7C")).bit_count() >= 3  # the ace and two more


def test_geier_and_farbwenz_are_offered_only_as_options():
    # kartenspiele.net: "Beim Wenz zählen nur die Unter als Trümpfe. Beim Geier nur die Ober" (BS-10): with the
    # options, Geier and Farbwenz rank between the Sauspiel and the Wenz, their Touts below the Wenz Tout.
    d = deal(B, "play pass pass pass", geier=True, farbwenz=True)
    assert d.legal() == ["geier", "farbwenz", "wenz", "solo", "geier tout", "farbwenz tout", "wenz tout",
                         "solo tout"]  # (Ann has no suit to call)
    assert "geier" in deal(B, "play pass pass pass").why_not("geier")
    d.act("geier")
    assert d.phase == "kontra" and d.view(1)["contract"] == "Geier" and d.laufende() == 3  # QC QS QH: Ann's
    for a in NO_DOUBLES:
        d.act(a)
    d.act("AS")  # in the Geier the Unter follows its suit and the Ober trumps
    assert set(d.legal()) == {"TS", "7S", "JS"} and d.view(1)["trump"] is None
    d = deal(C, [*moves("play pass pass pass farbwenz"), "trump hearts", *NO_DOUBLES], farbwenz=True)
    assert d.view(0)["contract"] == "Farbwenz in hearts" and d.laufende() == 2  # JC JS
    d.act("AS")
    assert set(d.legal()) == {"TS", "7S"}
    d.act("TS")
    d.act("KS")
    d.act("8S")
    d.act("AH")  # hearts are trumps with the Unters, the heart Ober among them; the bell Ober is a plain bell
    assert set(d.legal()) == {"QH", "9H", "8H"}


WON_61 = "7D TS KS TD 9D 9C QH 7C KC AC KD QS JC 8H 9H 7H AH JS QD JD 8C AD AS TC KH JH 8D QC TH 7S 9S 8S"
LOST_60 = "JC QH 9H 7H KC AC JD 9C AD 7D TS 8C KD AS JS 9S KH QD 9D QS TH 8H JH TD KS 8S AH 7S QC TC 7C 8D"


@pytest.mark.provisional  # our own choice (docs/decisions.md)
def test_all_pass_feeds_the_stock_which_the_next_game_won_takes():
    # all_pass="stock" (BS-13): everyone passing, each pays the Sauspiel tariff into the Stock; the next game won
    # takes it (the two of a Sauspiel half each), a game lost pays as much again into it.
    d = deal(A, "pass pass pass pass", all_pass="stock")
    assert d.result().deltas == [-10, -10, -10, -10] and d.result().pools == {"stock": 40}
    assert d.carry == {"pools": {"stock": 40}}
    game = ct.load(GID, all_pass="stock")
    won = game.deal(deck=A, dealer=3, carry=d.carry)
    assert won.view(1)["pools"] == {"stock": 40}
    for a in [*SAUSPIEL, *NO_DOUBLES, *moves(WON_61)]:
        won.act(a)
    assert won.result().deltas == [30, -10, 30, -10] and won.carry == {"pools": {"stock": 0}}
    lost = game.deal(deck=A, dealer=3, carry=d.carry)
    for a in [*SAUSPIEL, *NO_DOUBLES, *moves(LOST_60)]:
        lost.act(a)
    assert lost.result().deltas == [-30, 10, -30, 10] and lost.carry == {"pools": {"stock": 80}}
    assert lost.result().balanced({"stock": 40})


def test_kontra_and_re_in_a_sauspiel_double_what_each_pays():
    # Schafkopfordnung 4.2, Stoß and Gegenstoß: Bea's Kontra makes the Sauspiel won with 61 worth 20, Cal's Re 40.
    d = deal(A, [*SAUSPIEL, "kontra", "pass", "pass", "pass", *moves(WON_61)])
    assert d.result().deltas == [20, -20, 20, -20]
    d = deal(A, [*SAUSPIEL, "kontra", "pass", "re", *moves(WON_61)])
    assert d.result().deltas == [40, -40, 40, -40]
    assert d.label("pass") == "Pass (Weiter)" and d.label("re") == "Re (double again)"


# ------------------------------------------------------------------ the Hochzeit (option, BS-14)
# Ann holds one trump, the heart seven, and three aces (so no suit to call); Bea holds six trumps, the three top
# Obers among them, and two small acorns.
H = deck_of("7H AC TC KC AS TS AD TD", "QC QS QH JC AH TH 9C 8C", "QD JS JH KH 9H 9S 8S 7S",
            "JD 8H KS 7C KD 9D 8D 7D")
HOCHZEIT = moves("play pass pass pass hochzeit")
H_TRICKS = ("AS QS 9S KS", "AH JS 8H TS", "8S 7C AC QH", "TH KH JD KC", "KD AD 7H 7S", "QC JH 9D TC",
            "JC 9H 8D 9C", "8C QD 7D TD")


def test_a_hochzeit_is_offered_only_with_the_option_and_exactly_one_trump():
    # schafkopfhaie.de, "Der Hochzeiter": "Hat ein Spieler nur einen Trumpf, kann er diesen in die Runde legen"
    # (BS-14): with the option, Ann (one trump) may offer it; Bea (six trumps) may not; without it nobody.
    assert deal(H, "play pass pass pass").legal() == ["wenz", "solo", "wenz tout", "solo tout"]
    d = deal(H, "play pass pass pass", hochzeit=True)
    assert d.legal() == ["hochzeit", "wenz", "solo", "wenz tout", "solo tout"]
    assert d.label("hochzeit") == "Hochzeit (offer your one trump for a partner)"
    bea = deal(H, "pass play pass pass", hochzeit=True)
    assert "hochzeit" not in bea.legal() and "exactly one trump" in bea.why_not("hochzeit")
    before = bea.view(1)
    with pytest.raises(IllegalAction):
        bea.act("hochzeit")
    assert bea.view(1) == before


def test_the_first_who_takes_the_hochzeit_gets_the_trump_and_gives_back_a_card():
    # "... darauf hoffen, dass ein Mitspieler mit vielen Trümpfen die Karte nimmt und ihm dafür eine Fehlkarte
    # (d.h. 'keine Trumpfkarte') gibt" (BS-14): asked in turn from Ann's left, Bea takes the heart seven and
    # gives back a card that is not a trump, of her choice; the two then play together, known to all.
    d = deal(H, HOCHZEIT, hochzeit=True)
    assert (d.phase, d.turn, d.legal()) == ("wed", 1, ["pass", "accept"])
    assert d.status(2) == "Ann offers a Hochzeit"
    d.act("accept")
    assert "7H" in d.view(1)["hand"] and "7H" not in d.view(0)["hand"]
    assert (d.phase, d.turn, d.legal()) == ("give", 1, ["give 9C", "give 8C"])
    assert "not a trump" in d.why_not("give AH")
    d.act("give 9C")
    assert "9C" in d.view(0)["hand"] and len(d.view(0)["hand"]) == len(d.view(1)["hand"]) == 8
    assert d.view(2)["history"][-1] == [1, "give"] and d.view(0)["history"][-1] == [1, "give 9C"]
    assert d.label("give") == "Give back a card (face down)"
    assert (d.view(2)["partner"], d.view(2)["contract"], d.status(2)) == (1, "Hochzeit",
                                                                         "Ann plays a Hochzeit with Bea")
    assert (d.phase, d.turn) == ("kontra", 2)  # the two others may give Kontra


def test_a_later_player_may_take_the_hochzeit_that_an_earlier_one_leaves():
    # The first of the others, in turn from the offerer's left, who takes it (BS-14).
    d = deal(H, [*HOCHZEIT, "pass", "accept", "give 9S"], hochzeit=True)
    assert d.view(0)["partner"] == 2 and "9S" in d.view(0)["hand"] and "7H" in d.view(2)["hand"]


def test_a_player_holding_only_trumps_cannot_take_the_hochzeit():
    # He would have no card that is not a trump to give back (BS-14).
    all_trumps = deck_of("7H AC TC KC AS TS AD TD", "QC QS QH QD JC JS AH TH", "JH JD KH 9H 9C 9S 8S 7S",
                         "8H KS 7C KD 9D 8D 7D 8C")
    d = deal(all_trumps, HOCHZEIT, hochzeit=True)
    assert d.legal() == ["pass"] and "only trumps" in d.why_not("accept")


@pytest.mark.provisional  # our own choice (docs/decisions.md)
def test_nobody_taking_the_hochzeit_is_as_if_everyone_passed():
    # BS-14: left by all three, the cards are thrown in (or Ramsch is played, with all_pass=ramsch).
    d = deal(H, [*HOCHZEIT, "pass", "pass", "pass"], hochzeit=True)
    assert d.over and d.result().deltas == [0, 0, 0, 0]
    assert d.result().lines == ["nobody took Ann's Hochzeit: the cards are thrown in and the next dealer deals"]
    d = deal(H, [*HOCHZEIT, "pass", "pass", "pass"], hochzeit=True, all_pass="ramsch")
    assert (d.phase, d.turn, d.view(0)["contract"], d.view(0)["declarer"]) == ("play", 0, "Ramsch", None)


def test_the_hochzeit_outranks_the_sauspiel_and_gives_way_to_a_solo():
    # BS-2, BS-14: the Hochzeit ranks above the Sauspiel and below every game played alone. Bea, who could call
    # the acorn ace, may not answer Ann's Hochzeit with a Sauspiel, but her Wenz beats it.
    d = deal(H, "play play pass pass hochzeit", hochzeit=True)
    assert "sauspiel" not in d.legal() and "name a higher game" in d.why_not("sauspiel")
    d.act("wenz")
    assert d.legal() == ["pass", "wenz", "solo", "wenz tout", "solo tout"]  # Ann, earlier, may keep it level
    d.act("pass")
    assert (d.declarer, d.view(0)["contract"]) == (1, "Wenz")


def test_a_hochzeit_is_scored_as_a_sauspiel_with_its_laufende():
    # BS-14, BS-6, BS-7: the two take 64 points (61 wins), and their hands hold the three top Obers, three
    # Laufende: each loser pays one winner 10 + 3 × 10 = 40.
    d = deal(H, [*HOCHZEIT, "accept", "give 9C", "pass", "pass"], hochzeit=True)
    for cards, winner in zip(H_TRICKS, (1, 2, 1, 3, 1, 1, 1, 2)):
        trick(d, cards, winner)
    # Ann and Bea: 18 + 14 + 15 + 15 + 2 = 64 in five tricks
    assert d.result().lines == ["Hochzeit: Ann and Bea took 64 points in 5 tricks: won", "3 Laufende",
                                "Cal pays Ann 40", "Dee pays Bea 40"]
    assert d.result().deltas == [40, 40, -40, -40]


def test_kontra_and_re_in_a_hochzeit_are_given_by_the_known_sides():
    # Schafkopfordnung 4.2 (Stoß, Gegenstoß), BS-4: the partnership is known, so only Cal and Dee may give
    # Kontra, and then only Ann and Bea are asked for Re; each doubles: 40 becomes 160.
    d = deal(H, [*HOCHZEIT, "accept", "give 9C", "kontra"], hochzeit=True)
    assert (d.phase, d.turn) == ("re", 0)
    d.act("pass")
    assert d.turn == 1
    d.act("re")
    for cards in H_TRICKS:
        for c in cards.split():
            d.act(c)
    assert d.result().deltas == [160, 160, -160, -160]
    d = deal(H, [*HOCHZEIT, "accept", "give 9C", "pass"], hochzeit=True)
    assert d.turn == 3 and "took the Hochzeit" not in (d.why_not("kontra") or "")


def test_sampling_gives_the_hochzeit_its_one_trump_and_the_exchange():
    # What the table knows (BS-14): the offerer held exactly one trump, and once it is taken he holds none; he
    # knows which trump the taker holds, and the taker which card she gave back.
    trumps = bavarian_rules("normal", 1).trump_mask
    d = deal(H, HOCHZEIT, hochzeit=True)
    seen = set()
    for k in range(40):
        s = d.sample(1, random.Random(k))
        assert (s.hands[0] & trumps).bit_count() == 1 and s.hands[0].bit_count() == 8
        seen.add(s.hands[0] & trumps)
    assert len(seen) > 1  # which trump it is stays hidden from Bea
    d = deal(H, [*HOCHZEIT, "accept", "give 9C", "pass", "pass", "AS", "QS"], hochzeit=True)
    nine, seven = PACK_32.index_of["9C"], PACK_32.index_of["7H"]
    for k in range(40):
        to_cal, to_ann, to_bea = (d.sample(v, random.Random(k)) for v in (2, 0, 1))
        assert not to_cal.hands[0] & trumps and to_cal.hands[1] & trumps
        assert (to_cal.hands[0] | to_cal._played_by(0)) >> to_cal.wed_card & 1  # the exchange follows the cards
        assert (to_cal.hands[1] | to_cal._played_by(1)) >> to_cal.wed_trump & 1
        assert to_ann.hands[1] >> seven & 1 and to_bea.hands[0] >> nine & 1
        assert to_cal.legal() == d.legal()  # Cal, to play, keeps her own hand
        for s in (to_cal, to_ann, to_bea):
            assert s.phase == "play" and s.side(1) == s.side(0) != s.side(2)


@pytest.mark.parametrize("seed,taken", list(enumerate(["accept", "pass accept", "pass pass accept", "pass pass pass"])))
def test_a_hochzeit_played_at_random_leaks_nothing_and_samples_agree(seed: int, taken: str):
    # The conformance checks with the option on (the suite runs the default options): from Ann's offered
    # Hochzeit on, every seat's view shows no card it may not see, a sample agrees with the seat's view and legal
    # moves, the cards are all in place and the chips balance, whoever takes it (or nobody, then Ramsch).
    rng = random.Random(seed)
    d = deal(H, [*HOCHZEIT, *moves(taken)], hochzeit=True, all_pass="ramsch")
    while True:
        for seat in range(4):
            hidden = {PACK_32.code(c) for c in bits(d.hidden_from(seat))}
            tokens = set(json.dumps(d.view(seat)).replace('"', " ").replace(",", " ").replace("[", " ")
                         .replace("]", " ").split())
            assert not hidden & tokens, (seat, hidden & tokens)
        if d.over:
            break
        s = d.sample(d.turn, random.Random(seed))
        assert s.view(d.turn) == d.view(d.turn) and s.legal() == d.legal()
        assert sorted(s.card_locations()) == list(range(32))
        d.act(rng.choice(d.legal()))
    assert sorted(d.card_locations()) == list(range(32)) and sum(d.result().deltas) == 0


def test_the_rules_of_thumb_offer_take_and_answer_a_hochzeit():
    # The heuristic bot with the option: Ann, one trump and three plain aces, offers the Hochzeit, which outranks
    # the Sauspiel Bea and Cal would have played; Bea, five trumps, takes it and gives back her single leaf (no
    # points, and a void for her trumps).
    h2 = deck_of("7H AC TC KC AS TS AD TD", "QC 9S QH JC AH TH 9C 8C", "QD JS JH KH 9H QS 8S 7S",
                 "JD 8H KS 7C KD 9D 8D 7D")
    bot = ct.bots.load("heuristic")
    d = deal(h2, "", hochzeit=True)
    while d.phase in ("ask", "declare", "wed", "give"):
        d.act(bot.choose(d, d.turn))
    assert [a for _, a in d.history] == [*moves("play play play pass hochzeit pass pass accept"), "give 9S"]
    assert d.phase == "kontra" and d.view(0)["partner"] == 1


def test_a_running_account_per_player_over_the_evening():
    # Each player's account is the sum of what he won and paid deal by deal, and it always adds up to nothing.
    # Dee deals a Sauspiel won with 61 (Ann and Cal +10 each); Ann then deals the same cards from her left, so
    # Bea plays Ann's game and Dee holds Cal's hand, under Cal's Kontra: 20 each, and the deal passes on.
    m = ct.Match(ct.load(GID), dealer=3)
    first = m.next_deal(deck=A)
    for a in [*SAUSPIEL, *NO_DOUBLES, *moves(WON_61)]:
        first.act(a)
    assert m.record(first).deltas == [10, -10, 10, -10] and m.totals == [10, -10, 10, -10]
    second = m.next_deal(deck=A)
    assert (second.dealer, second.turn) == (0, 1)
    for a in [*SAUSPIEL, "kontra", "pass", "pass", "pass", *moves(WON_61)]:
        second.act(a)
    assert m.record(second).deltas == [-20, 20, -20, 20]
    assert m.totals == [-10, 10, -10, 10] and sum(m.totals) == 0 and m.dealer == 1


def test_laufende_from_two_in_the_geier():
    # Schafkopfschule: Laufende count from two in the Wenz and the Geier (BS-6): Ann holds the acorn and leaf
    # Obers but not the heart Ober, two Laufende; with only the acorn Ober, none.
    d = deal(C, "play pass pass pass geier", geier=True)
    assert d.laufende() == 2
    one = deck_of("QC JC JS QD AH TH KH AS", "QS QH 9H 8H TC KC TS 7S", "JH 7H AC 8C 7C KS 9S 9C",
                  "JD 8S AD TD KD 9D 8D 7D")
    assert deal(one, "play pass pass pass geier", geier=True).laufende() == 0


def test_sampling_never_gives_the_called_ace_to_a_seat_that_showed_void():
    # Bea shows she has no acorn on the first acorn lead (she trumps it): to Dee, the called acorn ace lies with
    # neither Bea nor the caller Ann, so always with Cal, and Bea is never given an acorn.
    void = deck_of("QC QS JC AH TH 9C AS 7D", "JD 7H 8S AD TD KD 9D 8D", "QD JH 9H AC 8C 7C KS 9S",
                   "QH JS KH 8H TC KC TS 7S")
    d = deal(void, SAUSPIEL + NO_DOUBLES + ["9C", "7H"])
    clubs = PACK_32.mask("AC TC KC 9C 8C 7C")
    assert holders(d, 3) == {2}
    for k in range(40):
        assert not d.sample(3, random.Random(k)).hands[1] & clubs
