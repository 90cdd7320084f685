"""The front door, second pass: error messages that name the right package, counts refused before any worker
starts, and the Python API's refusals worded as the command line's (the nearest game id, a bot's parameters,
a seed that is no number)."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

import cardtable as ct
from cardtable.cli.app import app

runner = CliRunner()


def flat(text: str) -> str:
    """The output with the console's line wrapping and the error panel's frame undone."""
    return " ".join(text.replace("│", " ").replace("╭", " ").replace("╰", " ").split())


@pytest.mark.parametrize("args", [["simulate", "nap", "-n", "2", "--records", "deals.parquet"],
                                  ["duel", "nap", "random", "random", "-n", "2", "--backend", "ray"]])
def test_a_missing_extra_names_its_package_whole(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Without pyarrow or Ray the message must say `cardtable[scale]`: Rich took "[scale]" for markup and
    # printed `pip install 'cardtable'`, the wrong package.
    import builtins

    real_import = builtins.__import__

    def no_extras(name: str, *a: object, **k: object) -> object:
        if name.split(".")[0] in ("pyarrow", "ray"):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_extras)
    out = runner.invoke(app, args, terminal_width=200)
    assert out.exit_code == 2, out.stdout
    assert "pip install 'cardtable[scale]'" in out.stdout


@pytest.mark.parametrize("command", [["simulate", "nap"], ["duel", "nap", "random", "random"]])
@pytest.mark.parametrize("n", ["0", "-5"])
def test_a_count_of_deals_below_one_is_refused_at_once(command: list[str], n: str) -> None:
    out = runner.invoke(app, [*command, "-n", n], terminal_width=200)
    assert out.exit_code == 2
    text = flat(out.stdout + (out.stderr if out.stderr_bytes is not None else ""))
    assert "'-n' / '--deals'" in text and "greater than or equal to 1" in text
    assert "simulating" not in text and "dueling" not in text  # no worker started


def test_a_mistyped_game_id_from_python_suggests_the_nearest() -> None:
    with pytest.raises(ct.RulesError, match=r"unknown game 'napp'; did you mean nap\? \(games are: nap, "):
        ct.load("napp")
    with pytest.raises(ct.RulesError, match=r"did you mean coon-can\?"):
        ct.game_info("Coon Cann")
    with pytest.raises(ct.RulesError) as e:
        ct.load("whist")
    assert "did you mean" not in str(e.value) and "games are: nap, seven-card-nap" in str(e.value)


def test_an_unknown_bot_parameter_names_the_valid_ones() -> None:
    with pytest.raises(ct.RulesError) as e:
        ct.bots.load("ismcts", secs=1)
    assert str(e.value).startswith("bot 'ismcts' has no parameter 'secs' (did you mean seconds?); its parameters "
                                   "are: seed, iterations, seconds, ")
    with pytest.raises(ct.RulesError, match=r"^bot 'random' has no parameter 'playouts'; its parameters are: seed$"):
        ct.bots.load("random", playouts=3)
    assert ct.bots.load("ismcts", seconds=0.1, seed=1) is not None  # the right names still load


@pytest.mark.parametrize("seed", ["abc", 1.5, True, [1]])
def test_a_seed_that_is_no_whole_number_is_refused(seed: object) -> None:
    game = ct.load("nap")
    with pytest.raises(ct.RulesError, match=r"^a deal is shuffled from a whole number such as 7 \(or None for a "
                                            r"fresh shuffle\), not "):
        game.deal(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(ct.RulesError, match=r"^a match is shuffled from a whole number such as 7"):
        ct.Match(game, seed=seed)  # type: ignore[arg-type]
    assert game.deal(seed=7).deck == game.deal(seed=7).deck  # a number still shuffles the same


@pytest.mark.parametrize("command", ["play", "simulate", "duel", "replay", "rules", "serve"])
def test_help_texts_have_no_type_jargon(command: str) -> None:
    out = runner.invoke(app, [command, "--help"], terminal_width=120, prog_name="cardtable")
    assert out.exit_code == 0
    text = out.stdout
    for jargon in ("<list[str]>", "<bool>", "<str>", "<int>", "{game}", "{path}", "[x>=1]", "[default: 0]\n"):
        assert jargon not in text, jargon
    assert "(default: all cores) [default: 0]" not in flat(text)
    if command in ("play", "simulate", "duel"):
        assert "Usage: cardtable " + command + " [OPTIONS] GAME" in text
        assert "NAME=VALUE" in text and "'cardtable rules GAME' lists the game's options" in flat(text)


def test_duel_speaks_of_deals_per_second_only() -> None:
    out = runner.invoke(app, ["duel", "nap", "heuristic", "random", "-n", "4", "--seed", "2"], terminal_width=160)
    assert out.exit_code == 0
    assert "games/s" not in out.stdout and "duplicate deals/s, each played 5 times" in out.stdout


def test_simulate_names_the_players_as_play_does() -> None:
    out = runner.invoke(app, ["simulate", "nap", "-n", "5", "--seed", "2"], terminal_width=160)
    assert out.exit_code == 0
    assert "┃ player ┃" in out.stdout
    for name in ("Ann", "Bea", "Cal", "Dee"):
        assert f"│ {name} " in out.stdout


def test_replay_says_the_options_in_words(tmp_path: object) -> None:
    path = f"{tmp_path}/deals.jsonl"
    out = runner.invoke(app, ["simulate", "nap", "-n", "2", "-o", "misery=true", "--records", path])
    assert out.exit_code == 0
    out = runner.invoke(app, ["replay", path], terminal_width=300)
    assert out.exit_code == 0
    first = out.stdout.splitlines()[0]
    assert "options: misery true" in first and "{" not in first and "'misery'" not in first


@pytest.mark.parametrize(("args", "length"), [
    (["nap"], "The match is 8 deals (each player deals twice)."),
    (["nap", "--deals", "3"], "The match is 3 deals."),
])
def test_the_banner_says_how_long_the_match_is(args: list[str], length: str) -> None:
    out = runner.invoke(app, ["play", *args, "--seed", "1"], input="q\n", terminal_width=300)
    assert out.exit_code == 0
    assert length in flat(out.stdout.split("deal 1")[0])


@pytest.mark.parametrize("gid", [g.id for g in ct.games() if g.options])
def test_the_rules_say_how_to_choose_an_option(gid: str) -> None:
    # In the terminal: an example from the game's own options, one that can be typed as shown.
    out = runner.invoke(app, ["rules", gid], terminal_width=300)
    assert out.exit_code == 0
    text = flat(out.stdout)
    m = re.search(rf"for example cardtable play {gid} -o '?(\w+)=([^' ]+?)'?\. ", text)
    assert m and "To choose an option, name it and its value after -o" in text
    ct.load(gid, **{m[1]: m[2]})  # the example is a real option and value of the game
    # On the web: the rules page says the table's form chooses them.
    from cardtable.web.pages import rules_html

    assert "To choose an option, set it in the form that creates a table" in rules_html(gid)
