"""The worked example of docs/developing.md, run as it is written there: a new game (German Whist) added with
its module, its rules text and one catalogue line, and nothing else.

The three pieces are taken from the page and put in place for these tests only: the module and its rules
text as files in a folder of their own, the catalogue line by adding the module to the catalogue's list.
Then the game is played as a user would meet it: its rules, a scenario of the rule book, the CLI, the web
app, the bots, and both research adapters.
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import random
import re
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

import cardtable as ct
from cardtable import catalog
from cardtable.bots.arena import duel
from cardtable.cli.app import app
from cardtable.web.app import create_app

from .games.test_rules_texts import DEV_MARKUP, TEXT_ONLY, markup
from .web.conftest import WS, create, server_of, ws_url

DOC = Path(__file__).resolve().parents[1] / "docs" / "developing.md"
MODULE = "german_whist"


def example() -> dict[str, str]:
    """The worked example's three pieces, as the page gives them: the module, the rules text, the catalogue line."""
    text = DOC.read_text()
    section = re.search(r"## A worked example: adding a game\n(.*?)\n## A worked example: adding a variant", text, re.S)
    assert section is not None, "docs/developing.md has no worked example of a new game"
    body = section.group(1)
    module = re.search(r"```python\n(.*?)```", body, re.S)
    rules = re.search(r"```markdown\n(.*?)```", body, re.S)
    line = re.search(r'add `"(\w+)",` to `FAMILY_MODULES` in `catalog.py`', body)
    assert module and rules and line, "the example gives a module, a rules text and a catalogue line"
    return {"module": module.group(1), "rules": rules.group(1), "catalogue": line.group(1)}


@pytest.fixture(scope="module")
def german_whist(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """German Whist in the catalogue for this module's tests: the page's module and rules text as files, and
    its catalogue line (the module's name added to ``FAMILY_MODULES``)."""
    pieces = example()
    assert pieces["catalogue"] == MODULE
    folder = tmp_path_factory.mktemp("games")
    (folder / f"{MODULE}.py").write_text(pieces["module"])
    (folder / "rules").mkdir()
    (folder / "rules" / "german-whist.md").write_text(pieces["rules"])
    name = f"cardtable.games.{MODULE}"
    spec = importlib.util.spec_from_file_location(name, folder / f"{MODULE}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(sys.modules, name, module)
        spec.loader.exec_module(module)
        mp.setattr(catalog, "FAMILY_MODULES", (*catalog.FAMILY_MODULES, MODULE))
        catalog._classes.cache_clear()
        catalog._aliases.cache_clear()
        try:
            yield module.GermanWhist
        finally:
            catalog._classes.cache_clear()
            catalog._aliases.cache_clear()


def finished(deal: ct.Deal, pick: Any) -> ct.Deal:
    while not deal.over:
        deal.act(pick(deal))
    return deal


def test_the_catalogue_has_it_from_one_line(german_whist: Any) -> None:
    assert german_whist.declaration_problems() == []
    assert ct.catalog.game_class("german-whist") is german_whist
    assert ct.game_info("honeymoon-whist").id == "german-whist"
    assert "german-whist" in [g.id for g in ct.games()]


CONFORMANCE = ["test_random_play_terminates_and_settles", "test_every_deal_begins_with_a_decision",
               "test_cards_conserved", "test_illegal_action_raises_and_changes_nothing", "test_clone_is_independent",
               "test_same_seed_same_deal_and_arranged_deck_reproduces", "test_views_are_json_and_leak_nothing",
               "test_views_match_the_declared_schema", "test_sample_agrees_with_view",
               "test_every_game_takes_exactly_the_player_counts_it_declares", "test_info_and_rules_text",
               "test_match_runs", "test_extreme_lines_of_play_keep_views_and_settlement_sound"]


@pytest.mark.parametrize("check", CONFORMANCE)
def test_the_conformance_suite_passes(german_whist: Any, check: str) -> None:
    # The checks every catalogue game gets (tests/conformance/test_all_games.py), run on the new game.
    from .conformance import test_all_games as conformance

    run = getattr(conformance, check)
    params = list(inspect.signature(run).parameters)
    if params == ["gid", "n"]:
        run("german-whist", 2)
    elif params == ["gid", "n", "style"]:
        for style in ("passive", "first", "last"):
            run("german-whist", 2, style)
    else:
        assert params == ["gid"], params
        run("german-whist")


def test_its_rules_text_is_for_players(german_whist: Any) -> None:
    text = ct.catalog.game_class("german-whist").rules_text()
    assert text.splitlines()[0] == "# German Whist"
    assert not markup(text) and not markup(text, TEXT_ONLY) and not DEV_MARKUP.search(text)
    assert "## Options" in text and "no options" in text and "## Sources and decisions" in text


def test_the_rule_book_in_one_scenario(german_whist: Any) -> None:
    # pagat.com, "German Whist": thirteen cards each, the stock's top card turned up for trumps; "the winner
    # of the trick takes the face up card ... the loser takes the next card of the stock"; the tricks of the
    # first half count nothing; the second half's majority wins (decision: the difference, a chip a trick).
    game = ct.load("german-whist")
    pack = game.pack
    ann = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"  # Ann (dealing) holds every spade,
    bea = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"  # Bea every heart; the stock is the minor suits,
    stock = [c for c in pack.code_of if c[1] in "DC"]  # top first: 2D is turned up, diamonds are trumps
    deck = [c for pair in zip(bea.split(), ann.split()) for c in pair] + stock  # dealt singly, Bea first
    d = game.deal(deck=" ".join(deck), dealer=0)
    assert [d.card_codes(h) for h in d.hands] == [ann.split(), bea.split()]
    v = d.view(1)
    assert (v["trump"], v["turn_up"], v["stock_size"], d.turn) == ("D", "2D", 26, 1)  # Bea leads
    assert d.legal() == bea.split()
    d.act("AH")
    assert d.legal() == d.card_codes(d.hands[0])  # Ann cannot follow: any card, she has no trump
    d.act("2S")  # Bea wins: she takes the turned-up 2D, Ann the next card (3D), face down
    assert d.card_codes(d.hands[1]).count("2D") == 1 and "3D" in d.card_codes(d.hands[0])
    assert d.view(1)["turn_up"] == "4D" and d.view(0)["second_half"] == [0, 0]
    assert "3D" not in json.dumps(d.view(1))  # Bea never sees the card Ann drew
    for _ in range(50):  # Bea always knows the turn-up she took is hers, and the turn-up stays on top
        s = d.sample(0, random.Random(_))
        assert s.hands[1] >> pack.index_of["2D"] & 1 and s.stock[-1] == d.stock[-1]
    finished(d, lambda x: x.legal()[0])
    halves = d.view(0)["second_half"]
    assert sum(halves) == 13 and sum(d.view(0)["tricks_won"]) == 26
    win = 0 if halves[0] > halves[1] else 1
    assert d.result().deltas[win] == halves[win] - halves[1 - win] == -d.result().deltas[1 - win]
    assert d.result().lines[-1].startswith(f"{d.names[win]} takes {halves[win]} tricks of the second half")


def test_it_plays_in_the_cli(german_whist: Any) -> None:
    out = CliRunner().invoke(app, ["play", "german-whist", "--seed", "3", "--bot", "heuristic", "--deals", "1"],
                             input="\n".join(["1"] * 40) + "\n", terminal_width=160)
    assert out.exit_code == 0, out.stdout[-2000:]
    assert "settlement" in out.stdout and "match over" in out.stdout and "tricks of the second half" in out.stdout
    out = CliRunner().invoke(app, ["rules", "german-whist"], terminal_width=160)
    assert out.exit_code == 0 and "turned face up" in out.stdout


def test_it_plays_in_the_web_app(german_whist: Any, tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "tables.db", bot_delay=0, limits={"message": ""})) as client:
        t = create(client, "german-whist", ["human", "heuristic"])
        with client.websocket_connect(ws_url(t, 0)) as raw:
            ws = WS(raw)
            while True:
                f = ws.my_turn_or_over()
                deal = server_of(client).tables[t["id"]].deal
                assert f["view"] == deal.view(0)
                if f["view"]["over"]:
                    break
                ws.act(random.Random(f["rev"]).choice(f["view"]["legal"]))
        res = f["view"]["result"]
        assert res == deal.result().to_json() and sum(res["deltas"]) == 0 and res["deltas"] != [0, 0]
        assert f["match"]["deals_done"] == 1
        page = client.get("/rules/german-whist")
        assert page.status_code == 200 and "German Whist" in page.text


def test_the_heuristic_beats_random(german_whist: Any) -> None:
    # The heuristic knows nothing of German Whist but its declared aim (most tricks): a duplicate duel.
    res = duel("german-whist", "heuristic", "random", deals=200, seed=7)
    assert res.mean > 0, res


def test_the_pettingzoo_adapter_passes_its_api_test(german_whist: Any) -> None:
    from pettingzoo.test import api_test

    from cardtable.rl.pettingzoo import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Dict observations with action masks are PettingZoo's own convention
        api_test(env("german-whist"), num_cycles=1000)


def test_the_openspiel_adapter_passes_a_random_simulation(german_whist: Any) -> None:
    import pyspiel

    from cardtable.rl import openspiel as cos

    # The OpenSpiel adapter reads the game's bounds (length, utilities, distinct actions) from its declaration
    # (deal_bounds in the module above): nothing is measured or generated for a new game.
    name = cos.register("german-whist")
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
