"""The command line in German and Swedish: ``cardtable --lang de play ...`` plays a whole deal with the
terminal's words in German (and the numbers written the German way), ``CARDTABLE_LANG=sv`` in Swedish, and a
language without a catalogue is refused with the languages there are."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from cardtable.cli.app import app, playing_with
from cardtable.cli.lang import amount, set_language

runner = CliRunner()

ENGLISH = ["your turn", "your hand:", "running totals", "match over", "dealer:", "recent:", "settlement",
           "you play with", "The match is", "your action", "deal over", "waiting for"]
"""The terminal's own English words during a deal (the engine's words, such as the actions' labels, stay
English until the engine's catalogue is there)."""


def english_words(text: str) -> list[str]:
    return [w for w in ENGLISH if re.search(rf"(?<![\w]){re.escape(w)}", text)]


def played(args: list[str], env: dict[str, str] | None = None) -> str:
    """A whole deal played in the terminal, the first choice at every question; its output, lines joined (the
    banner may wrap)."""
    out = runner.invoke(app, args, input="1\n" * 400, terminal_width=160, env=env)
    assert out.exit_code == 0, out.output
    return " ".join(out.output.split())


def test_a_schafkopf_deal_in_german() -> None:
    text = played(["--lang", "de", "play", "schafkopf", "--seed", "3", "--bot", "random", "--deals", "1"])
    assert "Schafkopf — du spielst mit Ann und Bea (random-Bots). Die Partie hat 1 Spiel." in text
    assert "Spiel 1 — Geber: Du" in text
    assert "du bist dran" in text and "deine Karten:" in text
    assert "Abrechnung" in text and "Gesamtstand nach 1 Spiel" in text  # 1 Spiel, not "1 Spielen"
    assert text.rstrip().endswith("Partie vorbei")
    assert english_words(text) == []


def test_the_language_from_the_environment_in_swedish() -> None:
    text = played(["play", "norrlandsknack", "--seed", "2", "--bot", "random", "--deals", "1"],
                  {"CARDTABLE_LANG": "sv"})
    assert "Matchen är 1 giv" in text and "ställning efter 1 giv" in text
    assert "matchen är slut" in text
    assert english_words(text) == []


def test_english_is_the_default_and_unchanged() -> None:
    text = played(["play", "schafkopf", "--seed", "3", "--bot", "random", "--deals", "1"], {"CARDTABLE_LANG": ""})
    assert "running totals after 1 deal" in text and "match over" in text


def test_a_language_without_words_is_refused() -> None:
    out = runner.invoke(app, ["--lang", "fr", "list"], terminal_width=160)
    assert out.exit_code != 0
    assert "no words in 'fr': the languages are en, de, sv" in " ".join(out.output.split())


def test_amounts_in_the_languages_way() -> None:
    try:
        set_language("de")
        shown = amount(12345), amount(-3, sign=True), amount(2, sign=True), amount(0.5)
        assert shown == ("12.345", "-3", "+2", "0,5")
        set_language("sv")
        assert amount(12345) == "12\xa0345"  # Swedish groups thousands with a (no-break) space
        assert amount("1/2") == "1/2"  # a fraction as the engine writes it
    finally:
        set_language("en")


def said(args: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    out = runner.invoke(app, args, terminal_width=200, env=env)
    return out.exit_code, " ".join(out.output.split())


def test_the_list_of_games_in_german() -> None:
    code, text = said(["--lang", "de", "list"])
    assert code == 0 and "cardtable-Spiele" in text and "Familie" in text and "Optionen" in text
    assert "Spieler+: mit einer Option auch andere Spielerzahlen" in text
    code, english = said(["list"], {"CARDTABLE_LANG": ""})
    assert code == 0 and "cardtable games" in english and "family" in english and "Familie" not in english


def test_a_bad_option_refused_in_swedish() -> None:
    code, text = said(["simulate", "schafkopf", "-n", "1", "-o", "settlement=x"], {"CARDTABLE_LANG": "sv"})
    assert code == 2
    assert "schafkopf: alternativet settlement måste vara ett av 'player_account', 'each_opponent', inte 'x'" in text
    code, text = said(["--lang", "de", "rules", "schafkoof"])
    assert code == 2 and "unbekanntes Spiel 'schafkoof'; meintest du schafkopf oder bavarian-schafkopf? (" in text
    code, english = said(["simulate", "schafkopf", "-n", "1", "-o", "settlement=x"], {"CARDTABLE_LANG": ""})
    assert "schafkopf: option settlement must be one of 'player_account', 'each_opponent', not 'x'" in english


def test_simulate_and_duel_in_german() -> None:
    code, text = said(["--lang", "de", "simulate", "nap", "-n", "4", "--jobs", "1"])
    assert code == 0, text
    assert "4 Spiele, Bots random" in text and "Spieler" in text and "Spiele/s" in text and "Züge/s" in text
    code, text = said(["--lang", "de", "duel", "nap", "random", "heuristic", "-n", "2", "--jobs", "1"])
    assert code == 0, text
    assert "random gegen heuristic, 2 doppelte Spiele × 4 Drehungen" in text
    assert "mittleres Ergebnis von random pro Spiel: " in text and "gegenüber heuristic auf demselben Platz" in text
    code, english = said(["duel", "nap", "random", "heuristic", "-n", "2", "--jobs", "1"], {"CARDTABLE_LANG": ""})
    assert code == 0 and "random vs heuristic, 2 duplicate deals × 4 rotations" in english
    assert "mean result of random per deal: " in english and "over heuristic in the same seat" in english


def test_one_other_player_in_german_and_swedish() -> None:
    try:
        set_language("de")
        assert playing_with(["Ann"], "random") == "du spielst mit Ann (random-Bot)."
        set_language("sv")
        assert playing_with(["Ann"], "random") == "du spelar med Ann (random-bott)."
    finally:
        set_language("en")
