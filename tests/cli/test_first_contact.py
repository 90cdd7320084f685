"""What a newcomer meets first in the terminal: mistyped game ids answered with the nearest ones, the
players called by name, words that are no action answered as such, the trump suit announced, long lists of
card sets offered as one choice, Ctrl-C showing the totals, a panel of steady width, and a simulation
that says where the chips went."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from typing import Any

import pytest
from typer.testing import CliRunner

import cardtable as ct
from cardtable.cli import app as cli
from cardtable.cli.app import app
from cardtable.cli.render import BOT_NAMES

runner = CliRunner()


def flat(result: Any) -> str:
    """The output with the console's line wrapping undone."""
    return " ".join(result.stdout.split())


def play(*args: str, answers: str = "\n".join(["1"] * 400) + "\n") -> Any:
    return runner.invoke(app, ["play", *args], input=answers, terminal_width=160)


@pytest.mark.parametrize("args", [["rules", "napolean"], ["play", "napolean"], ["simulate", "napolean"],
                                  ["duel", "napolean", "random", "random"], ["rules", "Coon Cann"]])
def test_a_mistyped_game_id_suggests_the_nearest(args: list[str]) -> None:
    out = runner.invoke(app, args, terminal_width=200)
    assert out.exit_code == 2
    wanted = "coon-can" if "Coon" in args[1] else "nap"
    assert f"did you mean {wanted}?" in flat(out)


def test_an_id_like_no_other_lists_every_game() -> None:
    out = runner.invoke(app, ["rules", "whist"], terminal_width=400)
    assert out.exit_code == 2 and "did you mean" not in flat(out)
    assert "unknown game 'whist'; games are: nap, seven-card-nap" in flat(out)


def test_the_opening_line_names_the_others_however_many() -> None:
    """One other player, two, or more: the opening line names them as a sentence (never "with  and Ann")."""
    assert cli.playing_with(["Ann"], "random") == "you play with Ann (random bot)."
    assert cli.playing_with(["Ann", "Bea"], "random") == "you play with Ann and Bea (random bots)."
    assert cli.playing_with(["Ann", "Bea", "Cal"], "heuristic") == "you play with Ann, Bea and Cal (heuristic bots)."
    out = play("nap", "--players", "2", "--seed", "3", "--bot", "random", "--deals", "1")
    assert out.exit_code == 0, out.output
    assert "you play with Ann (random bot)." in flat(out) and "with and" not in flat(out)


def test_the_players_have_names_everywhere() -> None:
    out = play("nap", "--seed", "3", "--bot", "random", "--deals", "1", "--seat", "1")
    assert out.exit_code == 0
    assert "you play with Ann, Bea and Cal (random bots)" in flat(out)
    assert re.search(r"^  Ann: ", out.stdout, re.M) and "dealer: Ann" in out.stdout
    assert re.search(r"│ You +│ +[+-]\d+ │", out.stdout)  # the settlement by name
    # Nothing says "seat", the settlement's lines included: they are worded as at the web table, in names, the
    # verbs agreeing with "You"; the others' moves are in words ("King of clubs", not "KC").
    assert not [line for line in out.stdout.splitlines() if re.search(r"\bseat\b", line, re.I)]
    assert "· Bea failed Nap (1 trick)" in out.stdout and "· Bea pays you 5" in out.stdout
    assert "  Bea: King of clubs" in out.stdout
    assert len(BOT_NAMES) >= max(g.max_players for g in ct.games())  # a name for every seat of every game


def test_a_word_that_is_no_action_is_answered_as_one() -> None:
    out = play("nap", "--seed", "3", "--bot", "random", "--deals", "1", answers="xyz\n" + "1\n" * 200)
    assert out.exit_code == 0
    assert "'xyz' is not an action here. Allowed now: pass, nap" in flat(out)
    assert "cards are played after" not in flat(out)


def test_the_declarers_lead_is_announced_as_trumps() -> None:
    # Nap: "the first card led by the declarer ... is the trump suit". The view shows trumps only from then.
    out = play("nap", "--seed", "3", "--bot", "random", "--deals", "1")
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    lead = next(i for i, line in enumerate(lines) if line.endswith("  Bea: Five of hearts"))  # after the prompt
    assert lines[lead + 1] == "  Trumps are hearts ♥ — the suit Bea led."
    assert sum("Trumps are" in line for line in lines) == 1


def test_many_card_sets_of_one_word_are_one_choice() -> None:
    game = ct.load("seven-card-nap", purchase=True)
    assert sum(a.startswith("exchange ") for a in game.deal(seed=1).legal()) == 127  # the engine stays exact
    # The third choice is the exchange; then the first two cards of the hand by their places.
    out = play("seven-card-nap", "-o", "purchase=true", "--seed", "5", "--bot", "random", "--deals", "1",
               answers="3\n1 2\n" + "1\n" * 200)
    assert out.exit_code == 0
    assert "3 exchange …  name up to 7 of your cards" in out.stdout
    assert "exchange 3♠ 2♠" not in out.stdout.split("your action")[0]  # not listed one by one
    assert re.search(r"You Exchange the 3♠ and 2♠ for cards from the pack", flat(out))  # the move by its label


def test_the_next_deal_question_shows_its_default_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "interactive", lambda: True)
    monkeypatch.setattr(cli, "ask_action", lambda deal, seat, *names: deal.legal()[0])
    out = runner.invoke(app, ["play", "nap", "--seed", "3", "--bot", "random"], input="n\n", terminal_width=160)
    assert out.exit_code == 0
    prompt = out.stdout.splitlines()[-1]
    assert prompt == "next deal? [y/n] (y): " and "match over" not in out.stdout


def test_ctrl_c_mid_game_shows_the_running_totals() -> None:
    env = {**os.environ, "COLUMNS": "160", "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "cardtable.cli.app", "play", "nap", "--seed", "3", "--bot",
                             "random"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            env=env, text=True)
    out: list[str] = []
    threading.Thread(target=lambda: out.extend(iter(lambda: proc.stdout.read(1), "")), daemon=True).start()
    answered, deadline = 0, time.monotonic() + 120
    try:
        while time.monotonic() < deadline:  # answer "1" at every prompt of the first deal
            text = "".join(out)
            if text.count("your action") > answered:
                if "running totals after 1 deal" in text:
                    break  # the second deal is waiting for the player
                proc.stdin.write("1\n")
                proc.stdin.flush()
                answered += 1
            time.sleep(0.05)
        assert "running totals after 1 deal" in "".join(out)
        proc.send_signal(signal.SIGINT)
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
    time.sleep(0.2)
    text = "".join(out)
    assert proc.returncode == 130, text[-2000:]
    assert text.count("running totals after 1 deal") == 2 and "stopped" in text.split("running totals")[-2]
    assert "Traceback" not in text


def test_play_help_lists_the_bot_kinds() -> None:
    out = runner.invoke(app, ["play", "--help"], terminal_width=200)
    assert out.exit_code == 0 and "random|heuristic|ismcts" in out.stdout
    assert set(ct.bots.KINDS) == {"random", "heuristic", "ismcts"}


def test_completion_of_game_ids_and_bot_kinds() -> None:
    assert cli.complete_game("coon") == ["coon-can"]
    assert cli.complete_bots("random,he") == ["random,heuristic"]


def test_the_table_panel_keeps_its_width() -> None:
    out = play("coon-can", "--seed", "3", "--bot", "random", "--deals", "1")
    assert out.exit_code == 0
    tops = [line for line in out.stdout.splitlines() if line.startswith("╭")]
    assert len(tops) > 5 and len({len(t) for t in tops}) == 1


def test_simulate_says_where_the_chips_went() -> None:
    # Michigan: chips staked on money cards nobody cleared stay there; the seats' means and the pools' add up.
    out = runner.invoke(app, ["simulate", "michigan", "-n", "60", "--seed", "2", "--jobs", "1"], terminal_width=200)
    assert out.exit_code == 0
    rows = re.findall(r"^│ (\w+) +│ (?:random)? +│ +([+-]\d+\.\d+) │", out.stdout, re.M)
    seats, pools = [float(m) for s, m in rows if s != "pools"], [float(m) for s, m in rows if s == "pools"]
    assert len(seats) == 4 and len(pools) == 1 and pools[0] > 0
    assert abs(sum(seats) + pools[0]) < 0.01
    assert "stay for the next deal of a match" in flat(out)
    out = runner.invoke(app, ["simulate", "nap", "-n", "20", "--jobs", "1"], terminal_width=200)
    assert "pools" not in out.stdout  # nothing pooled: no row
