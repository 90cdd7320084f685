"""One class per variant: a deal class carrying its declaration is a whole game, made by the core.

The worked example of docs/developing.md is run here: Six-Card Napoleon, a variant of Nap written as one small
class (the declaration that differs, and its ladder), loaded with ``Game(variant=...)`` as the catalogue
loads every converted game. The phase machinery, seat names, labels, records and the view declaration are
checked on it and on Nap.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from pathlib import Path
from typing import Any

import pytest

import cardtable as ct
from cardtable.core.game import Game
from cardtable.core.options import Options
from cardtable.core.phases import handlers
from cardtable.errors import RulesError
from cardtable.games.napoleon import Nap

from ..conformance.test_all_games import every_view

DOC = Path(__file__).resolve().parents[2] / "docs" / "developing.md"


def worked_example() -> dict[str, Any]:
    """Run the worked example's code block of docs/developing.md as it is written (its class then belongs to
    this module, as if written here); the names it defines."""
    text = DOC.read_text()
    block = re.search(r"## A worked example: adding a variant\n.*?```python\n(.*?)```", text, re.S)
    assert block is not None, "docs/developing.md has no worked example"
    names: dict[str, Any] = {"__name__": __name__}
    exec(compile(block.group(1), str(DOC), "exec"), names)
    return names


SixCardNap: type[Nap] = worked_example()["SixCardNap"]


def test_a_variant_is_one_class() -> None:
    assert SixCardNap.declaration_problems() == []
    game = Game(4, variant=SixCardNap)
    d = game.deal(seed=1)
    assert [h.bit_count() for h in d.hands] == [6, 6, 6, 6]
    assert d.legal() == ["pass", "bid 2", "bid 3", "bid 4", "nap", "bid 6"]
    assert d.label("bid 6") == "Six" and game.info.id == "six-card-nap"
    rng = random.Random(3)
    while not d.over:
        d.act(rng.choice(d.legal()))
    assert len(d.result().deltas) == 4


def test_a_variant_declares_its_exact_player_counts() -> None:
    class EvenNap(SixCardNap):
        id, name, player_counts = "even-nap", "Even Napoleon", (2, 4, 6)

    # The counts are the catalogue's (GameInfo.player_counts) and a load with another count is refused, naming them.
    assert EvenNap.info_().player_counts == (2, 4, 6) and EvenNap.info_().players_text() == "2, 4 or 6"
    assert Game(6, variant=EvenNap).players == 6
    with pytest.raises(RulesError, match="even-nap is for 2, 4 or 6 players, not 3"):
        Game(3, variant=EvenNap)


def test_a_declaration_with_problems_is_named() -> None:
    class Broken(Nap):
        id = "Broken Nap"
        min_players, default_players = 3, 2

    problems = Broken.declaration_problems()
    assert any("lower-case" in p for p in problems) and any("players" in p for p in problems)


def test_every_word_phase_has_its_handlers() -> None:
    # A phase without its checker cannot go unnoticed: the handler table names what is missing.
    table = handlers(Nap)
    assert set(table) == {"declare", "peep"}  # "play" is a card phase, "done" ends the deal

    class Careless(Nap):
        check_peep = None  # type: ignore[assignment]

    with pytest.raises(TypeError, match="phase 'peep' has no check_peep"):
        handlers(Careless)


@pytest.mark.parametrize("options", [{}, {"misery": True, "wellington": True, "blucher": True},
                                     {"purchase": True}, {"peep": "paid_peek_before_bid"},
                                     {"all_pass": "dealer_bids_one"}])
def test_the_checker_is_the_legality(options: dict[str, object]) -> None:
    # legal() lists exactly the options the phase's checker allows, and why_not() gives its reason.
    game = ct.load("nap", players=4, **options)
    for seed in range(6):
        d = game.deal(seed=seed)
        rng = random.Random(seed)
        while not d.over:
            seat = d.turn
            assert seat is not None
            if d.phase in ("declare", "peep"):
                options_ = list(getattr(d, f"options_{d.phase}")(seat))
                check = getattr(d, f"check_{d.phase}")
                assert d.legal() == [a for a in options_ if check(seat, a) is None]
                for a in options_:
                    reason = check(seat, a)
                    assert (d.why_not(a) is None) == (reason is None)
                    if reason is not None:
                        assert reason in (d.why_not(a) or "")
            d.act(rng.choice(d.legal()))


def test_a_refused_card_gets_the_trick_rules_reason() -> None:
    # The reason for a refused card is TrickRules.why: the same obligation that computed the legal cards.
    refused_seen = 0
    for seed in range(20):
        d = ct.load("nap", players=4).deal(seed=seed)
        for a in ("bid 2", "pass", "pass", "pass"):
            d.act(a)
        d.act(d.legal()[0])  # the lead names trumps
        hand = d.view(d.turn)["hand"]
        for c in (c for c in hand if c not in d.legal()):
            assert "you must follow suit" in (d.why_not(c) or "")
            refused_seen += 1
    assert refused_seen > 10


def test_names_are_used_in_lines_reasons_and_records() -> None:
    game = ct.load("nap", players=3, names=["North", "East", "West"])
    d = game.deal(seed=4)
    assert "it is East's turn, not West's" in (d.why_not("pass", seat=2) or "")
    rng = random.Random(1)
    while not d.over:
        d.act(rng.choice(d.legal()))
    text = " ".join(d.result().lines)
    assert "seat" not in text and any(n in text for n in ("North", "East", "West"))
    rec = d.record()
    assert rec["names"] == ["North", "East", "West"]
    again = ct.replay(json.loads(json.dumps(rec)))
    assert again.result().lines == d.result().lines
    copy = pickle.loads(pickle.dumps(d))
    assert copy.names == d.names and copy.history == d.history
    with pytest.raises(ct.RulesError, match="differ"):
        ct.load("nap", players=2, names=["Ann", "Ann"])
    with pytest.raises(ct.RulesError, match="one name for each"):
        ct.load("nap", players=3, names=["Ann"])


def test_plain_names_stay_out_of_the_record() -> None:
    d = ct.load("nap").deal(seed=1)
    assert d.names == ("Ann", "Bea", "Cal", "Dee") and "names" not in d.record()


def test_a_match_record_replays_the_match() -> None:
    game = ct.load("nap", players=3, names=["Ann", "Bob", "Cy"])
    m = ct.Match(game, seed=2, deals=3)
    rng = random.Random(2)
    while not m.over:
        d = m.next_deal()
        while not d.over:
            d.act(rng.choice(d.legal()))
        m.record(d)
    rec = json.loads(json.dumps(m.to_record()))
    again = ct.replay_match(rec)
    assert again.totals == m.totals and again.dealer == m.dealer and again.over
    assert [r.lines for r in again.results] == [r.lines for r in m.results]
    trial = m.copy()
    assert trial.totals == m.totals and trial.totals is not m.totals and trial.results is not m.results


@pytest.mark.parametrize("options", [{}, {"purchase": True}, {"peep": "nap_declarer_only"},
                                     {"peep": "paid_peek_before_bid", "misery": True}])
def test_nap_views_match_its_declaration(options: dict[str, object]) -> None:
    game = ct.load("nap", players=4, **options)
    schema = game.view_schema()
    assert {"high_bid", "declarer", "trick", "trump"} <= set(schema.keys)
    for _, _, v in every_view(game, 4):
        assert schema.problems(v) == [], (v, schema.problems(v))


def test_a_variant_may_set_its_own_end_unit_and_dealer() -> None:
    class FirstToThirty(Nap):
        """A match of Nap played to 30 points, the dealer passing to the right (an example)."""

        id = "nap-to-thirty"

        @classmethod
        def target_of(cls, options: Options) -> int | None:
            return 30

        def next_dealer(self) -> int:
            return (self.dealer - 1) % self.players

    plain, thirty = ct.load("nap"), Game(4, variant=FirstToThirty)
    assert not plain.ends_by_itself and thirty.ends_by_itself and thirty.target == 30
    assert thirty.match_over([31, 0, 0, 0], 3) and not thirty.match_over([29, 0, 0, 0], 3)
    assert thirty.next_dealer(thirty.deal(seed=1, dealer=0)) == 3 and plain.next_dealer(plain.deal(seed=1)) == 1
