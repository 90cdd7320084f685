"""The aim a game declares for bots (core/aims.py): every game declares one that makes sense, and a
declaration that does not is refused with its reason."""

from __future__ import annotations

import pytest

import cardtable as ct
from cardtable.catalog import game_class
from cardtable.core.aims import Aim
from cardtable.core.deal import Deal
from cardtable.games.napoleon import Nap


def test_every_game_declares_a_sound_aim() -> None:
    aims = {g.id: game_class(g.id).aim for g in ct.games()}
    assert all(a.problems() == [] for a in aims.values())
    by_count = {c: sorted(i for i, a in aims.items() if a.counts == c) for c in ("tricks", "card points", "cards shed")}
    assert by_count["card points"] == ["auction-schafkopf", "bavarian-schafkopf", "coeur-d-alene-solo", "frog",
                                       "progressive-solo", "schafkopf", "six-bid-solo"]
    assert sorted(i for i, a in aims.items() if a.sheds == "layout") == ["domino-fan-tan", "fan-tan",
                                                                         "five-or-nine", "play-or-pay"]
    # seed 000_021e177d957c1434.txt, "Napoleon": each player "must either pass or declare to win a
    # specified number of tricks" — a bid counts tricks.
    assert aims["nap"] == Aim("tricks", "bid", bids="tricks")
    assert aims["schafkopf"].target == 61 and aims["schafkopf"].points("AH") == 11


def test_the_default_aim_is_most_tricks() -> None:
    assert Deal.aim == Aim() and (Aim().counts, Aim().wants) == ("tricks", "most")


@pytest.mark.parametrize("aim,reason", [
    (Aim("cards"), "an aim counts one of 'tricks', 'card points', 'cards shed', not 'cards'"),
    (Aim(wants="all"), "an aim wants one of"),
    (Aim("card points"), "an aim that counts card points gives the points of the cards, and only then"),
    (Aim("tricks", card_points={"A": 11}), "an aim that counts card points gives the points of the cards"),
    (Aim("cards shed", "first out"), "an aim that counts cards shed says how they are shed, and only then"),
])
def test_a_bad_aim_is_refused_with_its_reason(aim: Aim, reason: str) -> None:
    bad = type("BadNap", (Nap,), {"id": "bad-nap", "aliases": (), "aim": aim})
    problems = bad.declaration_problems()
    assert any(p.startswith(reason) for p in problems), problems
