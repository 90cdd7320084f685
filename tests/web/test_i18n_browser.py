"""In a real browser, in the reader's language: a German-speaking browser opens the room, sets up a Schafkopf
table from the home page and plays the deal to its settlement by clicks; a Swedish one the same with
Norrlandsknack. At every turn and at the settlement the page shows no English word of the room's own interface
(the engine's words, such as the actions' labels, may stay English until the engine's catalogue is there).
Choosing a language in the Settings panel words the page anew and is kept by the browser."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import LiveServer, shot
from .driver import do, my_turn_or_settled

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

INTERFACE = ["Score sheet", "Last trick", "Settings", "Keys", "Moves", "Menu", "Record", "Rules", "Next deal",
             "Replay this deal", "match total", "Your turn", "to play", "settled", "Trumps", "Chat", "Send",
             "Help from the bot", "Undo", "Hint", "Review this deal", "Log in", "Leaderboard", "this deal",
             "Deal 1", "Trick 1", "your hand", "Pick a game", "Set up a table", "Create table",
             "Players", "Options", "Number of seats", "Bots' speed", "Lobby", "Open tables", "Your name"]
"""English words of the room's interface, each of which the page would show somewhere in a deal."""
SAME = {"sv": {"Lobby"}, "de": {"Lobby"}}
"""Words the language writes as English does."""


def english(text: str, lang: str) -> list[str]:
    out = []
    for w in INTERFACE:
        if w in SAME[lang]:
            continue
        for m in re.finditer(rf"(?<![\w]){re.escape(w)}(?![\w])", text):
            out.append(f"{w!r} in …{text[max(0, m.start() - 40):m.end() + 40]!r}…")
    return out


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("web") / "i18n.db", bot_delay=0) as server:
        yield server


def page_in(browser: Any, locale: str) -> Any:
    """A page of a browser set to ``locale`` (its Accept-Language), bots at instant speed, no card motion."""
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900}, reduced_motion="reduce",
                                  bypass_csp=True)  # wait_for_function evaluates text: see conftest.new_page
    context.add_init_script(f"localStorage.setItem('cardtable:speed', {json.dumps('instant')})")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.js_errors = errors
    return page


def text_of(page: Any) -> str:
    return page.evaluate("document.body.innerText")  # type: ignore[no-any-return]


def play_a_deal(live: LiveServer, page: Any, game: str, lang: str, your_turn: str, settled: str) -> None:
    page.goto(live.url + "/")
    assert page.evaluate("document.documentElement.lang") == lang
    page.wait_for_selector(f"[data-game={game}]")
    assert english(text_of(page), lang) == []
    page.click(f"[data-game={game}]")
    assert english(text_of(page), lang) == []
    page.click("#create")
    page.wait_for_selector("#board .hand .card")
    tid = page.url.split("/t/")[1].split("?")[0]
    table = live.hub.tables[tid]
    turns = 0
    while my_turn_or_settled(page):
        turns += 1
        assert page.locator("#prompt").inner_text().startswith(your_turn)
        assert english(text_of(page), lang) == []
        do(page, table.deal.legal()[-1])
    assert turns > 0
    page.wait_for_selector("#settlement")
    assert page.locator("#settlement h2").inner_text().endswith(settled)  # "Spiel 1 abgerechnet", "Partie vorbei — ..."
    assert english(text_of(page), lang) == []
    shot(page, f"settlement-{lang}", full=True)
    page.click("#btn-sheet")  # a panel too
    page.wait_for_selector("table.sheet")
    assert english(text_of(page), lang) == []
    assert page.js_errors == []


def test_a_schafkopf_deal_in_german(live: LiveServer, browser: Any) -> None:
    page = page_in(browser, "de-DE")
    play_a_deal(live, page, "schafkopf", "de", "Du bist dran", "piel 1 abgerechnet")


def test_a_norrlandsknack_deal_in_swedish(live: LiveServer, browser: Any) -> None:
    page = page_in(browser, "sv-SE")
    play_a_deal(live, page, "norrlandsknack", "sv", "Din tur", "iv 1 avräknad")


def test_the_language_chosen_in_the_settings_is_kept(live: LiveServer, browser: Any) -> None:
    page = page_in(browser, "en-GB")
    page.goto(live.url + "/")
    page.wait_for_selector("[data-game=nap]")
    page.click("[data-game=nap]")
    page.click("#create")
    page.wait_for_selector("#board .hand .card")
    assert page.locator("#btn-settings").inner_text() == "Settings"
    page.click("#btn-settings")
    with page.expect_navigation():
        page.select_option("#language", "sv")
    page.wait_for_selector("#board .hand .card")
    assert page.evaluate("document.documentElement.lang") == "sv"
    assert page.locator("#btn-settings").inner_text() == "Inställningar"
    assert page.evaluate("localStorage.getItem('cardtable:lang')") == "sv"
    page.goto(live.url + "/")  # the next page: the server words it in Swedish too (the browser's cookie)
    assert page.locator("h1").inner_text() == "Välj ett spel"
    assert page.js_errors == []
