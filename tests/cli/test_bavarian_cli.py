"""Bavarian Schafkopf in the terminal with the Hochzeit on: a person offers one by typing its words."""

from __future__ import annotations

from typer.testing import CliRunner

from cardtable.cli.app import app

runner = CliRunner()


def test_a_hochzeit_offered_in_the_terminal_is_played_to_the_settlement() -> None:
    # Seed 30: the person (seat 0, the dealer, speaking last) holds one trump, the leaf Ober. He says he wants
    # to play and names the Hochzeit (typed words), then answers "1" (the first legal action) to the end; the
    # others are the heuristic bots.
    answers = "play\nhochzeit\n" + "\n".join(["1"] * 300) + "\n"
    out = runner.invoke(app, ["play", "bavarian-schafkopf", "--seed", "30", "--bot", "heuristic", "--deals", "1",
                              "-o", "hochzeit=true"], input=answers, terminal_width=160)
    assert out.exit_code == 0, out.stdout[-2000:]
    assert "Hochzeit (offer your one trump for a partner)" in out.stdout
    # Bea takes it and gives a card back face down; the two play it out and it is paid as a Sauspiel
    assert "Bea: Take the Hochzeit" in out.stdout and "You play a Hochzeit with Bea" in out.stdout
    assert "Hochzeit: Bea and you took 96 points in 6 tricks: won Schneider" in out.stdout
    assert "settlement" in out.stdout and "match over" in out.stdout
