"""The command line, driven as a user would: list, rules, play (scripted answers), simulate, duel."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

import cardtable as ct
from cardtable.cli.app import app

runner = CliRunner()
GAME_IDS = [g.id for g in ct.games()]


def test_list_shows_every_game() -> None:
    out = runner.invoke(app, ["list"], terminal_width=200)
    assert out.exit_code == 0
    for gid in GAME_IDS:
        assert gid in out.stdout


@pytest.mark.parametrize("gid", GAME_IDS)
def test_rules_show_every_option(gid: str) -> None:
    out = runner.invoke(app, ["rules", gid], terminal_width=200)
    assert out.exit_code == 0, out.stdout
    for o in ct.game_info(gid).options:
        assert o.name in out.stdout


def test_unknown_game_and_bad_option_are_clear_errors() -> None:
    out = runner.invoke(app, ["rules", "whist"])
    assert out.exit_code == 2 and "unknown game 'whist'" in out.stdout
    out = runner.invoke(app, ["play", "nap", "-o", "misery=perhaps"])
    assert out.exit_code == 2 and "misery must be true or false" in out.stdout
    out = runner.invoke(app, ["play", "nap", "-o", "misery"])
    assert out.exit_code != 0
    out = runner.invoke(app, ["simulate", "nap", "-n", "3", "--bots", "genius"])
    assert out.exit_code == 2 and "unknown bot 'genius'" in out.stdout


@pytest.mark.parametrize("gid", GAME_IDS)
def test_play_a_whole_deal_by_numbers(gid: str) -> None:
    # A person at seat 0 answers "1" (the first legal action) at every prompt; one deal.
    answers = "\n".join(["1"] * 3000) + "\n"
    out = runner.invoke(app, ["play", gid, "--seed", "3", "--bot", "random", "--deals", "1"], input=answers,
                        terminal_width=160)
    assert out.exit_code == 0, out.stdout[-2000:]
    assert "settlement" in out.stdout and "match over" in out.stdout


def test_play_rejects_illegal_text_with_the_reason_and_asks_again() -> None:
    answers = "QZ\nbid 9\n99\n1\n" + "\n".join(["1"] * 200) + "\n"
    out = runner.invoke(app, ["play", "nap", "--seed", "3", "--bot", "random", "--deals", "1", "--seat", "1"],
                        input=answers, terminal_width=160)
    assert out.exit_code == 0
    assert "'qz' is not allowed" in out.stdout
    assert "'bid 9' is not allowed: there is no declaration 'bid 9' here" in out.stdout
    assert "choose a number from 1 to" in out.stdout


def test_claim_and_concede_are_words_at_the_prompt() -> None:
    # With the claims option (docs/decisions.md CL-1, CL-2), "concede" typed at the player's lead gives the
    # rest of the tricks to the others: Bea declares Nap, concedes at once, and pays 5 to each.
    answers = "nap\n" + "concede\n1\n" * 200
    out = runner.invoke(app, ["play", "nap", "-o", "claims=true", "--seed", "3", "--bot", "random", "--deals", "1",
                              "--seat", "1"], input=answers, terminal_width=160)
    assert out.exit_code == 0, out.stdout[-2000:]
    assert "Claim the rest of the tricks" in out.stdout and "Concede the rest of the tricks" in out.stdout
    assert "You failed Nap (0 tricks)" in out.stdout and "You pay Bea 5" in out.stdout
    assert "You conceded with: " in out.stdout  # the hand, shown to all


def test_quit_shows_totals() -> None:
    out = runner.invoke(app, ["play", "nap", "--seed", "1", "--bot", "random"], input="q\n", terminal_width=160)
    assert out.exit_code == 0 and "running totals" in out.stdout


def test_simulate_and_duel_report_figures() -> None:
    out = runner.invoke(app, ["simulate", "nap", "-n", "50", "--seed", "2"], terminal_width=160)
    assert out.exit_code == 0 and "deals/s" in out.stdout and "95% CI" in out.stdout
    out = runner.invoke(app, ["duel", "nap", "heuristic", "random", "-n", "10", "--seed", "2"], terminal_width=160)
    assert out.exit_code == 0 and "mean result of heuristic per deal" in out.stdout


@pytest.mark.parametrize(("gid", "phase", "words"), [
    ("nap", "declare", "Declaring"), ("michigan", "widow", "The widow"), ("coon-can", "draw", "Drawing")])
def test_the_panel_names_the_phase_in_words(gid: str, phase: str, words: str) -> None:
    from rich.console import Console

    from cardtable.cli.render import view_panel
    from cardtable.words import label

    d = ct.load(gid).deal(seed=1)
    assert d.turn is not None
    view = d.view(d.turn)
    assert view["phase"] == phase  # the engine's name of the phase...
    console = Console(record=True, width=120, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(view_panel(view, list(d.names), lambda a: label(d, a)))
    text = console.export_text()
    assert re.search(rf"phase +{words}", text) and not re.search(rf"phase +{phase}", text)  # ...shown in words
