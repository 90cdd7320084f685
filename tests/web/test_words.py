"""One source of words: the web table, the command line and the settlement lines give an action the same label
(the engine's), and the label a seat reads for another seat's move names no card that seat may not see."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from rich.console import Console

import cardtable as ct
from cardtable.cli.render import choice_text, move_text, view_panel
from cardtable.core import words
from cardtable.web import present

RANKS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T", "nine": "9", "eight": "8", "seven": "7",
         "six": "6", "five": "5", "four": "4", "three": "3", "two": "2"}
SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
BY_SYMBOL = re.compile(r"(10|[AKQJ2-9])([♠♥♦♣])")
BY_NAME = re.compile(r"\b(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of "
                     r"(spades|hearts|diamonds|clubs)\b", re.I)
CODE = re.compile(r"\b([AKQJT98765432][SHDC])\b")


def cards_named(text: str) -> set[str]:
    """Every card a text names, by symbol (7♥) or in words (seven of hearts), as codes."""
    out = {("T" if m[1] == "10" else m[1]) + SYMBOLS[m[2]] for m in BY_SYMBOL.finditer(text)}
    return out | {RANKS[m[1].lower()] + SUITS[m[2].lower()] for m in BY_NAME.finditer(text)}


def seen_by(view: dict[str, Any]) -> set[str]:
    """Every card a seat's view shows: by code anywhere in it, or by name (a board's money cards)."""
    text = json.dumps(view, ensure_ascii=False)
    return set(CODE.findall(text)) | cards_named(text.replace("_", " "))


def cli_text(*renderables: Any) -> str:
    console = Console(record=True, width=160, file=open("/dev/null", "w"))  # noqa: SIM115
    for r in renderables:
        console.print(r)
    return console.export_text()


def first_deal(game: str, want: str, seed_range: int = 200, **options: Any) -> tuple[ct.Deal, str]:
    """A deal (random play from a seed) at the moment an action starting with ``want`` is legal."""
    g = ct.load(game, **options)
    for seed in range(seed_range):
        d, rng = g.deal(seed=seed), random.Random(seed)
        while not d.over:
            found = [a for a in d.legal() if a.startswith(want)]
            if found:
                return d, found[0]
            d.act(rng.choice(d.legal()))
    raise AssertionError(f"no {want!r} in {seed_range} deals of {game}")


@pytest.mark.parametrize(("game", "want", "expected"), [
    ("nap", "bid 2", "Two"),
    ("spoil-five", "rob ", r"Rob with the \S+"),
    ("michigan", "bid ", r"\d+ chips? for the widow"),
    ("coon-can", "meld ", r"Meld .+"),
])
def test_the_web_the_cli_and_the_lines_give_one_label(game: str, want: str, expected: str) -> None:
    d, action = first_deal(game, want)
    seat = d.turn
    assert seat is not None
    names = list(d.names)
    said = words.label(d, action)
    assert re.fullmatch(expected, said), said
    web = present.show(d, d.view(seat), names)["labels"][action]  # the web table's choice
    cli = choice_text(d, action).plain.split("  ")[0]  # the command line's choice, before what to type
    assert web == cli == said
    d.act(action)
    view = d.view(seat)
    logged = present.show(d, view, names)["log"][-1]
    assert logged["say"] == move_text(d, view["history"][-1][1], view, names).plain == said  # the move, both
    if game == "nap":  # the settlement line names the contract by the same label ("Bea made Two" / "failed Two")
        rng = random.Random(1)
        while not d.over:  # the others pass, so Two is the contract
            d.act("pass" if "pass" in d.legal() else rng.choice(d.legal()))
        lines = present.show(d, d.view(0), names)["lines"]
        assert any(f"{said} (" in line or f" {said}" in line for line in lines), lines


def test_other_seats_see_a_rob_without_the_card_put_out() -> None:
    # Spoil Five: 'the holder of the trump ace may rob <card>': the card he puts out is private to him.
    d, action = first_deal("spoil-five", "rob ")
    robber = d.turn
    assert robber is not None
    card = action.split()[1]
    d.act(action)
    names = list(d.names)
    for seat in [s for s in range(d.players) if s != robber] + [None]:
        view = d.view(seat) if seat is not None else d.public_view()
        show = present.show(d, view, names)
        entry = show["log"][-1]
        assert entry["act"] == "rob" and card not in cards_named(entry["say"]), entry
        assert card not in json.dumps(show, ensure_ascii=False)
        shown = cli_text(move_text(d, view["history"][-1][1], view, names),
                         view_panel(view, names, lambda a: present.label(d, a)))
        assert card not in cards_named(shown) and card not in shown, shown
    mine = present.show(d, d.view(robber), names)["log"][-1]
    assert mine["act"] == action and card in cards_named(mine["say"])  # the robber reads his own card


# Labels that state a rule rather than a card of a hand: Spin's spinner follows with the ace of diamonds.
RULE_CARDS = {"spin": {"AD"}}


@pytest.mark.parametrize("game", [g.id for g in ct.games()])
def test_no_label_names_a_card_its_reader_may_not_see(game: str) -> None:
    """Random deals of every game: after each move, every seat (and a spectator) reads that move in the web
    log and on the command line; the cards those words name are all cards that reader's view shows."""
    g = ct.load(game)
    names = list(g.names)
    for seed in range(2):
        d, rng = g.deal(seed=seed), random.Random(seed)
        while not d.over:
            d.act(rng.choice(d.legal()))
            for seat in [*range(g.players), None]:
                view = d.view(seat) if seat is not None else d.public_view()
                who, seen = view["history"][-1]
                if who == seat:
                    continue
                entry = present.show(d, view, names)["log"][-1]
                text = entry["say"] + " " + move_text(d, seen, view, names).plain
                leak = cards_named(text) - seen_by(view) - RULE_CARDS.get(game, set())
                assert not leak, (game, seed, seat, entry, leak)
