"""The research adapters with Bavarian Schafkopf's Hochzeit on (the shared adapter tests run default options):
every decision of a Hochzeit, the offer, the taking and the card given back, can be entered as a flat action and
token by token, and OpenSpiel plays the configuration."""

from __future__ import annotations

import json
import random

import pyspiel

import cardtable as ct
from cardtable.rl import openspiel as cos
from cardtable.rl.actions import ActionEntry, vocabulary
from cardtable.rl.flat import flat_actions, flat_reason
from tests.games.test_bavarian import GID, H, deal, moves
from tests.rl.test_adapters import entered

OPTIONS = (("hochzeit", True),)
cos.register_all()


def hochzeit_decisions() -> list[ct.Deal]:
    """Each position of a Hochzeit deal from the first word to the end (random cards after the exchange)."""
    d = deal(H, "", hochzeit=True)
    out = []
    rng = random.Random(3)
    for a in [*moves("play pass pass pass hochzeit pass accept"), "give 9S", *[None] * 40]:
        if d.over:
            break
        out.append(d.clone())
        d.act(a if a is not None else rng.choice(d.legal()))
    return out


def test_every_hochzeit_decision_has_flat_ids_and_tokens():
    assert flat_reason(GID, dict(OPTIONS)) is None
    fa = flat_actions(GID, OPTIONS)
    entry = ActionEntry(vocabulary(GID, 4, OPTIONS))
    phases = set()
    for d in hochzeit_decisions():
        legal = d.legal()
        phases.add(d.phase)
        assert [fa.text(i) for i in fa.ids(legal)] == legal
        assert entered(entry, legal) == set(legal)
    assert {"ask", "declare", "wed", "give", "kontra", "play"} <= phases


def test_openspiel_plays_the_configuration_with_the_hochzeit():
    for actions in ("tokens", "flat"):
        game = pyspiel.load_game("cardtable_bavarian_schafkopf",
                                 {"actions": actions, "options": json.dumps(dict(OPTIONS))})
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
