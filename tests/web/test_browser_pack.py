"""The German-suited pack in a real browser (Playwright driving Debian's chromium): every card of the 32- and
36-card packs drawn in each pack with its name, a Schafkopf table in German cards on a phone (their names, the
size of a corner's letter and symbol), the switch to four colours and back, the table's pack chosen in the home
page's form, and the German cards first for a German reader of Schafkopf. Screenshots go to test-artifacts/."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import PHONE, LiveServer, create_table, new_page, shot
from .driver import page_problems

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

SUITS = {"C": "Acorns", "S": "Leaves", "H": "Hearts", "D": "Bells"}
RANKS = {"A": "Sau", "K": "King", "Q": "Ober", "J": "Unter", "T": "Ten", "9": "Nine", "8": "Eight", "7": "Seven",
         "6": "Six"}
SUITS_DE = {"C": "Eichel", "S": "Gras", "H": "Herz", "D": "Schellen"}
RANKS_DE = {"A": "Sau", "K": "König", "Q": "Ober", "J": "Unter", "T": "Zehn", "9": "Neun", "8": "Acht",
            "7": "Sieben", "6": "Sechs"}
INDEX = {"A": "A", "K": "K", "Q": "O", "J": "U", "T": "10"}  # a corner's letter, where it is not the rank's
CODES = [r + s for s in "CSHD" for r in "AKQJT9876"]  # the 36-card pack, which holds the 32-card one
GERMAN_NAME = re.compile(r"^(Sau|King|Ober|Unter|Ten|Nine|Eight|Seven) of (Acorns|Leaves|Hearts|Bells)\b")
SMALLEST = 9.0  # px: the least height of a corner's letter and of its suit symbol on a phone


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("pack") / "pack.db", bot_delay=0) as server:
        from cardtable.web.guard import RateLimits

        server.hub.limits = RateLimits({"create": "1000/minute"})
        yield server


DRAW_ALL = """async (codes) => {
  const c = await import('/static/cards.js');
  const out = {};
  for (const pack of ['french', 'german']) {
    for (const code of codes) {
      const svg = c.cardSVG(code, pack);
      const box = document.createElement('div');
      box.innerHTML = svg;
      const s = box.querySelector('svg');
      out[`${pack}:${code}`] = {
        text: svg, pack: s.dataset.pack || 'french',
        suits: [...s.querySelectorAll('.gsuit')].map((g) => g.getAttribute('class')),
        inks: [...s.querySelectorAll('[class*="ink-"]')].map((g) => g.getAttribute('class')),
        pips: s.querySelectorAll('.pip').length, index: s.querySelector('.idx').textContent,
        name: c.cardName(code, pack),
      };
    }
  }
  document.documentElement.lang = 'de';
  out.de = Object.fromEntries(codes.map((code) => [code, c.cardName(code, 'german')]));
  document.documentElement.lang = 'en';
  return out;
}"""


def test_every_card_has_a_drawing_and_a_name_in_each_pack(live: LiveServer, browser: Any) -> None:
    page = new_page(browser)
    page.goto(live.url + "/")
    drawn = page.evaluate(DRAW_ALL, CODES)
    for code in CODES:
        rank, suit = code
        g, f = drawn[f"german:{code}"], drawn[f"french:{code}"]
        for card in (g, f):
            assert "undefined" not in card["text"] and "NaN" not in card["text"], code
        # German: the corner's letter (A, K, O, U, the numbers), and only this suit's symbols, at both corners
        # and in the middle; a number card has as many symbols as its number.
        assert g["pack"] == "german" and g["index"] == INDEX.get(rank, rank)
        assert len(g["suits"]) >= 3 and all(f"gsuit-{suit}" in cls for cls in g["suits"]), (code, g["suits"])
        if rank in "T9876":
            assert g["pips"] == (10 if rank == "T" else int(rank)), code
        assert g["name"] == f"{RANKS[rank]} of {SUITS[suit]}"
        assert drawn["de"][code] == f"{SUITS_DE[suit]}-{RANKS_DE[rank]}"  # "Eichel-Ober" on a page in German
        # French (and four-colour, the same drawing in the colours of <body>): its suit's ink only.
        assert f["pack"] == "french" and f["suits"] == [] and f["inks"]
        assert all(f"ink-{suit}" in cls for cls in f["inks"]), (code, f["inks"])
        assert f["name"].endswith({"C": "of clubs", "S": "of spades", "H": "of hearts", "D": "of diamonds"}[suit])
    assert len({drawn[f"german:{c}"]["text"] for c in CODES}) == len(CODES)  # no two cards drawn alike
    assert drawn["german:QC"]["name"] == "Ober of Acorns" and drawn["de"]["AH"] == "Herz-Sau"
    assert page.js_errors == []


def open_settings(page: Any) -> None:
    """The Settings panel, from the menu on a narrow screen."""
    if page.locator("#btn-menu").is_visible():
        page.click("#btn-menu")
    page.click("#btn-settings")
    page.wait_for_selector("#pack-setting")


def hand_names(page: Any) -> dict[str, str]:
    return dict(page.evaluate("[...document.querySelectorAll('#board .hand .card')]"
                              ".map(b => [b.dataset.card, b.getAttribute('aria-label')])"))


def test_schafkopf_in_german_cards_on_a_phone_then_four_colours_and_back(live: LiveServer, browser: Any) -> None:
    page = new_page(browser, PHONE)
    t = create_table(live, page, "bavarian-schafkopf", ["human", "random", "random", "random"], pack="german")
    page.goto(live.url + t["seats"][0]["url"])
    page.wait_for_selector("#board .hand .card svg[data-pack='german']")
    names = hand_names(page)
    assert len(names) == 8
    for code, label in names.items():
        assert label.startswith(f"{RANKS[code[0]]} of {SUITS[code[1]]}"), (code, label)
        assert GERMAN_NAME.match(label)
    # Legible on a phone: the first card's corner (the part of a card in hand that shows).
    first = page.locator("#board .hand .card").first
    letter = first.locator(".gidx:not(.idx2)").bounding_box()
    symbol = first.locator(".idx-suit:not(.idx2)").bounding_box()
    card = first.bounding_box()
    assert letter["height"] >= SMALLEST and symbol["height"] >= SMALLEST and symbol["width"] >= SMALLEST, \
        (letter, symbol, card)
    assert page.evaluate("document.body.dataset.pack") == "german"
    shot(page, "german-pack-hand-phone")
    # This browser's own choice, four colours: the same hand in French suits, diamonds no longer red.
    red = page.evaluate("getComputedStyle(document.body).getPropertyValue('--suit-D').trim()")
    open_settings(page)
    assert page.locator("#pack-setting input[value='table']").is_checked()
    page.check("#pack-setting input[value='four-colour']")
    page.wait_for_function("document.querySelectorAll(\"#board .hand .card svg[data-pack='german']\").length === 0")
    assert page.evaluate("document.body.classList.contains('four-colour')")
    assert page.evaluate("getComputedStyle(document.body).getPropertyValue('--suit-D').trim()") != red
    for code, label in hand_names(page).items():
        assert not GERMAN_NAME.match(label) and " of " in label, (code, label)
    shot(page, "four-colour-hand-phone")
    page.reload()  # kept in this browser
    page.wait_for_selector("#board .hand .card")
    assert page.evaluate("document.body.dataset.pack") == "four-colour"
    assert page.locator("#board .hand .card svg[data-pack='german']").count() == 0
    open_settings(page)
    page.check("#pack-setting input[value='table']")  # back to the table's own: German
    page.wait_for_selector("#board .hand .card svg[data-pack='german']")
    assert not page.evaluate("document.body.classList.contains('four-colour')")
    assert hand_names(page) == names
    assert page.locator("#pack-setting .pack-sample svg[data-pack='german']").count() == 4
    page.keyboard.press("Escape")
    # The log and the words name the cards in the pack's words (no French suit symbol for a German card).
    log = page.locator("#log").inner_text()
    assert not re.search(r"\b(?:[AKQJ]|10|[6-9])[♠♥♦♣]", log), log
    assert not page_problems(page), page_problems(page)
    assert page.js_errors == []


def test_a_game_of_52_cards_stays_french_whatever_the_browser_chose(live: LiveServer, browser: Any) -> None:
    page = new_page(browser)
    page.context.add_init_script("localStorage.setItem('cardtable:pack', 'german')")
    t = create_table(live, page, "nap", ["human", "random", "random", "random"])
    page.goto(live.url + t["seats"][0]["url"])
    page.wait_for_selector("#board .hand .card")
    assert page.evaluate("document.body.dataset.pack") == "french"
    assert page.locator("#board .hand .card svg[data-pack='german']").count() == 0
    open_settings(page)
    assert "this game is drawn in French suits" in page.locator("#pack-setting").inner_text()
    assert page.js_errors == []


def test_the_creator_chooses_the_tables_pack_in_the_form(live: LiveServer, browser: Any) -> None:
    page = new_page(browser)
    page.goto(live.url + "/?game=nap")
    page.wait_for_selector("#pack")
    assert page.eval_on_selector_all("#pack option", "os => os.map(o => o.value)") == ["auto", "french", "four-colour"]
    page.click("[data-game=bavarian-schafkopf]")
    page.wait_for_function("[...document.querySelectorAll('#pack option')].some(o => o.value === 'german')")
    page.select_option("#pack", "german")
    shot(page, "german-pack-form")
    page.click("#create")
    page.wait_for_selector("#board .hand .card svg[data-pack='german']")
    tid = page.url.split("/t/")[1].split("?")[0]
    assert live.hub.store.table(tid).pack == "german"
    assert page.js_errors == []


@pytest.mark.parametrize(("locale", "game", "pack"), [
    ("de-DE", "schafkopf", "german"), ("de-AT", "bavarian-schafkopf", "german"),
    ("en-GB", "bavarian-schafkopf", "french"),
    ("de-DE", "bierspiel", "french"),  # German suits possible, but not the Schafkopf family: French first
])
def test_german_cards_first_for_a_german_reader_of_schafkopf(live: LiveServer, browser: Any, locale: str,
                                                             game: str, pack: str) -> None:
    context = browser.new_context(locale=locale, reduced_motion="reduce", bypass_csp=True)
    context.add_init_script(f"localStorage.setItem('cardtable:speed', {json.dumps('instant')})")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    kinds = ["human", "random", "random"] + (["random"] if game != "schafkopf" else [])  # 3: the dealer plays
    t = create_table(live, page, game, kinds)
    assert t["pack"] == "auto"
    page.goto(live.url + t["seats"][0]["url"])
    page.wait_for_selector("#board .hand .card")
    page.wait_for_function("p => document.body.dataset.pack === p", arg=pack)
    assert (page.locator("#board .hand .card svg[data-pack='german']").count() > 0) == (pack == "german")
    assert errors == []
    context.close()
