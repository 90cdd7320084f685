"""Properties of every game of the Rams family: full matches terminate and conserve chips (or keep the
Norrlandsknack scores and pot consistent) under every option; each rule book documents every option."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardtable as ct
from cardtable.core.pools import num

IDS = ["rams", "rounce", "bierspiel", "mauscheln", "julepe", "norrlandsknack"]
CASES: list[tuple[str, int | None, dict[str, Any]]] = [
    ("rams", 3, {}), ("rams", 5, {"all_pass": "dealer_may_play", "undertrump_required": False}),
    ("rounce", 9, {}), ("rounce", 3, {}),
    ("bierspiel", 4, {"bierspiel_seven": "fixed_7D"}), ("bierspiel", 5, {}),
    ("mauscheln", 3, {}), ("mousel", 5, {"cards": 52, "belli": "trump_seven", "premium": "stake", "stake": 8}),
    ("mauscheln", 4, {"blind_diddle": True, "belli": "7D", "flush_redeal": True}),
    ("mauscheln", 5, {"flush_redeal": True, "blind_diddle": True}),
    ("julepe", 4, {}), ("julepe", 7, {"ante": 5, "julep": 3}), ("julepe", 6, {"undertrump_required": False}),
    ("norrlandsknack", 3, {}), ("norrlandsknack", 5, {"auction_after_three": True}),
]


@pytest.mark.parametrize("gid,players,opts", CASES)
def test_matches_terminate_and_conserve(gid: str, players: int | None, opts: dict[str, Any]) -> None:
    game = ct.load(gid, players=players, **opts)
    rng = random.Random(f"{gid}{players}{opts}")
    for match_no in range(3):
        m = ct.Match(game, seed=match_no, deals=None if game.unit == "points" else 25)
        loafs = 0
        while not m.over:
            d = m.next_deal()
            for _ in range(300):
                if d.over:
                    break
                d.act(rng.choice(d.legal()))
            assert d.over, f"{gid}: a deal did not end in 300 actions"
            res = m.record(d)
            pools = {k: num(v) for k, v in (m.carry or {}).get("pools", {}).items()}
            if game.unit == "chips":
                # Chips are neither made nor lost: what the seats won is what the pool lost.
                assert sum(m.totals) + sum(pools.values()) == 0
            else:
                # Norrlandsknack: totals are points made towards zero, the carried scores their complement;
                # the pot holds the stakes and one chip per loaf until the first at zero takes it.
                assert m.carry is not None and m.carry["scores"] == [10 - t for t in m.totals]
                loafs += sum("is loafed" in line for line in res.lines)
                assert pools["pot"] == (0 if m.over else game.players + loafs)
                assert sum(m.chips) + pools["pot"] == 0   # settled as chips: what the pot holds, the players paid
            assert len(m.results) < 2000, f"{gid}: the match does not end"


@pytest.mark.parametrize("gid", IDS)
def test_each_rules_text_is_its_own_and_names_every_option(gid: str) -> None:
    cls = ct.catalog.game_class(gid)
    text = cls.rules_text()
    assert text.startswith(f"# {cls.name}\n") and "\n\n" in text
    for o in cls.info_().options:
        assert o.name in text, f"{gid}: option {o.name} is not described in the rules"
    others = {"rams": "Diddle", "mauscheln": "julep", "julepe": "Diddle", "norrlandsknack": "spare"}
    if gid in others:
        assert others[gid] not in text  # one game's rule book, not the whole family's


def test_rounce_and_bierspiel_texts_state_the_rams_rules_in_place() -> None:
    rams = ct.catalog.game_class("rams").rules_text()
    for gid in ("rounce", "bierspiel"):
        text = ct.catalog.game_class(gid).rules_text()
        for section in ("## Bidding", "## Robbing the turn-up", "## The play", "## Settlement"):
            i = rams.index(section)
            assert rams[i:rams.index("\n## ", i + 1)] in text, (gid, section)
