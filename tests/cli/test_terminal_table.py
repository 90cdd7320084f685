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
    ("michigan", "1\n" * 3000, ["You begin a new suit"]),
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


def panel(deal: Any, seat: int) -> str:
    from rich.console import Console

    from cardtable.cli.render import player_names, view_panel

    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(view_panel(deal.view(seat), player_names(deal.players, seat), None, deal))
    return console.export_text()


def test_every_trick_won_is_announced() -> None:
    # Seed 000 (Napoleon), 'The play': "the winner of each trick leads to the next" — printed as it happens,
    # so that a bot winning and leading again does not read as one player playing twice.
    out = play("nap", "--seed", "3", "--seat", "1", "--deals", "1")
    winners = re.findall(r"^  → (You|Ann|Bea|Cal) wins? the trick$", out.stdout, re.M)
    assert len(winners) == 5
    assert all((w == "You") == line.startswith("  → You win ") for w, line in
               zip(winners, re.findall(r"^  → .* the trick$", out.stdout, re.M)))


def spoil_five_after(*cards: str) -> Any:
    import cardtable as ct

    # Ann (seat 1, left of the dealer) holds 10♣, Bea 2♣; the 4♦ turned up makes diamonds trumps.
    deck = ["TC", "3S", "4S", "2C", "6S", "7S", "8S", "9S", "KS", "5H", "6H", "7H", "8H", "9H", "JH", "4D"]
    rest = [r + s for r in "AKQJT98765432" for s in "SHDC" if r + s not in deck]
    d = ct.load("spoil-five", players=3).deal(deck=" ".join(deck + rest), dealer=0)
    for card in cards:
        d.act(card)
    return d


def test_spoil_five_shows_which_card_is_winning_the_trick() -> None:
    # Seed 003 (Spoil Five), 'Rank of cards': in the black plain suits "the lowest" wins: 2♣ beats 10♣.
    d = spoil_five_after("TC", "2C")
    assert "trick: Ann 10♣  Bea 2♣  (winning: Bea's 2♣)" in panel(d, 0)
    d.act("KS")
    assert d.view(0)["leader"] == 2  # the engine agrees: Bea won it
    assert "winning" not in panel(spoil_five_after("TC"), 0)  # one card: nothing to say


def hands_in_play(text: str) -> list[list[str]]:
    hands, playing = [], False
    for line in text.splitlines():
        if "phase" in line:
            playing = "Playing the tricks" in line
        m = re.search(r"your hand: ([^│]*)", line)
        if m and playing and m[1].strip():
            hands.append(m[1].split("*")[0].split())
    return hands


def test_schafkopf_panel_speaks_of_the_blind_its_trumps_and_card_points() -> None:
    # Seed 001 (Schafkopf): "All queens, jacks, and diamonds are trumps"; "pick up the blind"; "a majority of
    # the points for cards". You take the blind whenever you may, then answer 1.
    out = play("schafkopf", "--seed", "1", "--deals", "2", answers="take\n1\n" * 1500)
    text = out.stdout
    assert "trumps              all queens and jacks, then the diamonds ♦" in text
    assert "cards in the blind  2" in text and "widow" not in text
    assert re.search(r"card points +You: \d+  Ann: \d+  Bea: \d+", text)
    assert "You pick up: 7♣ 10♦" in text  # deal 1: the blind's two cards, named
    assert re.search(r"your discards +\S+ \S+", text)
    hands = hands_in_play(text)
    assert len(hands) > 10
    for hand in hands:  # the trumps together, first: queens, jacks, diamonds, then the rest
        trump = [c[0] in "QJ" or c.endswith("♦") for c in hand]
        assert trump == sorted(trump, reverse=True), hand


def test_schafkopf_tells_a_seat_that_sits_out() -> None:
    # Seed 001 (Schafkopf): "only three play at a time": with four at the table the dealer sits out.
    out = play("schafkopf", "--players", "4", "--seed", "1", "--deals", "2")
    assert out.stdout.count("You sit out this deal: Ann, Bea and Cal play it; you neither pay nor receive.") == 1


def test_michigan_says_who_wins_the_money_cards_marks_twins_and_antes_in_one_line() -> None:
    # Seed 001 (Michigan): "a player who plays a card matching a money card collects all the chips on it".
    out = play("michigan", "--seed", "3", "--deals", "1")
    text = out.stdout
    assert "  → Cal wins 4 chips on the Jack of spades" in text
    assert "  → Ann wins 4 chips on the King of clubs" in text
    flat = " ".join(text.replace("│", " ").split())
    assert "Q♦*" in text and "* a twin of a money card: playing it wins its chips (4 on the Q♦)" in flat
    lines = [line for line in text.splitlines() if line.startswith("· ")]
    assert lines[0].startswith("· Ann, Bea, Cal and you each put 1 on each money card (the ace of hearts, ")
    assert not [line for line in lines if " puts 1 on the " in line]
    assert "· Cal plays the jack of spades and takes 4" in lines


def test_the_panel_says_each_name_once_and_the_recent_moves_end_cleanly() -> None:
    out = play("nap", "--seed", "3", "--seat", "1", "--deals", "1")
    assert "declarer" in out.stdout and "high bidder" not in out.stdout  # the same seat: said once
    assert not re.search(r"recent: .*· *│", out.stdout)  # no dangling separator


@pytest.mark.parametrize(("gid", "words"), [("coon-can", "Melding, laying off and discarding"),
                                            ("fan-tan", "Playing to the layout")])
def test_a_game_without_tricks_is_not_playing_tricks(gid: str, words: str) -> None:
    out = play(gid, "--seed", "1", "--deals", "1")
    assert words in out.stdout and "Playing the tricks" not in out.stdout


def test_a_choice_is_taken_by_its_label_its_words_or_its_number() -> None:
    # Nap, seat 1 speaks first: the menu shows "2 Two  bid 2", "3 Three  bid 3"; "three" is "bid 3".
    out = play("nap", "--seed", "3", "--seat", "1", "--deals", "1", answers="three\n" + "1\n" * 200)
    assert "'three' is not an action here" not in out.stdout
    assert re.search(r"declarer +You", out.stdout) or "recent: You Three" in out.stdout
    assert "You Three" in " ".join(out.stdout.split())
    # A card by its name ("queen of clubs") and the typed form both play it.
    import cardtable as ct
    from cardtable.cli.app import Menu
    d = ct.load("nap").deal(seed=3)
    menu = Menu(["QC", "7H"], ["QC", "7H"], d)
    assert menu.choice("queen of clubs") == "QC" and menu.choice("Queen of Clubs") == "QC"
    assert menu.choice("2") == "7H" and menu.choice("3") is None and menu.choice("king of clubs") is None


def test_the_help_key_shows_the_moves_the_keys_and_the_panel() -> None:
    out = play("nap", "--seed", "3", "--seat", "1", "--deals", "1", answers="?\n" + "1\n" * 200)
    text = " ".join(out.stdout.split())
    assert "Allowed now: pass, bid 2, bid 3" in text
    assert 'its words (three for "Three", queen of clubs)' in text
    assert "The panel: the dealer and the phase of the deal" in text


def test_schafkopf_discards_are_offered_one_way_and_taken_together() -> None:
    # Seed 001 (Schafkopf): "The player after picking up the blind must discard two cards face down": both
    # discards are offered alike, and "discard 8S 7C" makes both (deal 1: you hold 8♠ and 7♣ after the take).
    out = play("schafkopf", "--seed", "1", "--deals", "1",
               answers="take\ndiscard 8S 7C\n" + "1\n" * 300)
    assert "name up to 1" not in out.stdout and "name 1 of" not in out.stdout
    assert re.search(r"your discards +8♠ 7♣", out.stdout)
    assert out.stdout.count("Discard  1 ") == 1  # asked once, both cards named together


def test_a_single_forced_card_is_played_without_asking() -> None:
    out = play("michigan", "--seed", "1", "--deals", "1")
    assert re.search(r"^  You play \S+, the only card you may play\.$", out.stdout, re.M)


def test_a_long_menu_is_shown_by_kind_in_80_columns() -> None:
    # Coon Can: a turn with a joker offers 27 moves; by kind, whole choices side by side, it fits the screen.
    from rich.console import Console

    import cardtable as ct
    from cardtable.cli.app import Menu

    d = ct.load("coon-can", players=2).deal(seed=5)
    bots = [ct.bots.load("heuristic", seed=s) for s in range(2)]
    while len(d.legal()) < 27:
        d.act(bots[d.turn].choose(d, d.turn), seat=d.turn)
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(Menu(d.legal(), d.view(d.turn)["hand"], d).table())
    lines = console.export_text().splitlines()
    assert len(lines) <= 12
    assert [line.split()[0] for line in lines if not line.startswith(" ")] == ["Meld", "Lay", "Discard"]
    numbers = re.findall(r"(?:^|\s)(\d+) (?=\S)", " ".join(lines))
    assert sorted(map(int, numbers)) == list(range(1, 28))  # every choice once, none cut in two
