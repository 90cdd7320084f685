"""`cardtable play` with the first dealer found with the cards: the one line at the start, and the first deal
dealt by the seat it names (docs/decisions.md FD-1)."""

from __future__ import annotations

from typer.testing import CliRunner

import cardtable as ct
from cardtable.cli.app import app
from cardtable.cli.render import player_names
from cardtable.core.words import card_symbol

runner = CliRunner()


def test_play_prints_who_drew_what_and_that_seat_deals_first() -> None:
    names = player_names(4, 0)
    game = ct.load("michigan", players=4, names=names, first_dealer="cards")
    draw = ct.Match(game, seed=2).first_draw
    assert draw is not None and draw.dealer != 0  # this seed gives the first deal to someone other than seat 0
    answers = "\n".join(["1"] * 3000) + "\n"
    out = runner.invoke(app, ["play", "michigan", "-p", "4", "-o", "first_dealer=cards", "--seed", "2", "--bot",
                              "random", "--deals", "1"], input=answers, terminal_width=400)
    assert out.exit_code == 0, out.stdout[-2000:]
    text = " ".join(out.stdout.split())  # the console wraps long lines
    cards = ", ".join(f"{names[seat]} {card_symbol(code)}" for seat, code in draw.rounds[0])
    line = (f"Cutting for the first deal, the highest card deals (ace high): {cards}. "
            f"The first dealer is {names[draw.dealer]}.")
    assert line.startswith("Cutting for the first deal, the highest card deals (ace high): You ")
    assert text.count("Cutting for the first deal") == 1 and line in text
    assert f"deal 1 — dealer: {names[draw.dealer]}" in out.stdout


def test_play_without_the_option_prints_no_draw() -> None:
    answers = "\n".join(["1"] * 3000) + "\n"
    out = runner.invoke(app, ["play", "michigan", "-p", "4", "--seed", "3", "--bot", "random", "--deals", "1"],
                        input=answers, terminal_width=400)
    assert out.exit_code == 0 and "Cutting for the first deal" not in out.stdout
    assert "deal 1 — dealer: You" in out.stdout
