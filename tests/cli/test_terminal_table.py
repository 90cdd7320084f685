"""The terminal table, second pass: the person playing addressed in the second person, who won each trick,
the menu's labels accepted as typed, a useful ``?``, and the panels of Coon Can, Schafkopf and Michigan."""

from __future__ import annotations

import re
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable.cli.app import app

runner = CliRunner()

THIRD_PERSON = re.compile(r"\bYou(?:'s| (?:holds|begins|places|plays|is|has|takes|wins|pays|was)\b)"
                          r"|\bYou\b[^\n;:.]*\bhis\b")


def play(gid: str, *args: str, answers: str = "1\n" * 3000) -> Any:
    out = runner.invoke(app, ["play", gid, "--bot", "heuristic", *args], input=answers, terminal_width=160)
    assert out.exit_code == 0, out.stdout[-3000:]
    return out


@pytest.mark.parametrize(("gid", "answers", "wanted"), [
    # seed 001 (Michigan): "whoever holds the next card ... plays it"; "begins by putting face up ... his
    # lowest card": the status line speaks to the person playing.
    ("michigan", "1\n" * 3000, ["You hold the next card", "You begin a new suit"]),
    # Coon Can: a bot laying off on the person's meld names it as theirs.
    ("coon-can", "1\n" * 3000, ["on your "]),
    # Schafkopf: the player who took the blind is told of their own discards ("take" whenever it is allowed).
    ("schafkopf", "take\n1\n" * 1500, ["You took ", "(your discards included)"]),
])
def test_the_person_playing_is_addressed_as_you(gid: str, answers: str, wanted: list[str]) -> None:
    out = play(gid, "--seed", "1", "--deals", "3", answers=answers)
    text = " ".join(out.stdout.split())
    assert not THIRD_PERSON.findall(out.stdout)
    for words in wanted:
        assert words in text
