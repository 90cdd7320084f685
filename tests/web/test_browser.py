"""End to end in a real browser: Playwright driving Debian's chromium against the server on a free port.

Screenshots of the main screens go to test-artifacts/ (desktop and phone sizes).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import LiveServer

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 860}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("web") / "browser.db", bot_delay=0) as server:
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (scripts/test.sh does)")
    with playwright_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def shot(page: Any, name: str, full: bool = False) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full)


def new_page(browser: Any, viewport: dict[str, int] = DESKTOP) -> Any:
    page = browser.new_context(viewport=viewport).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.js_errors = errors
    return page


def create(live: LiveServer, page: Any, game: str, kinds: list[str], **body: Any) -> dict[str, Any]:
    r = page.request.post(f"{live.url}/api/tables", data=json.dumps(
        {"game": game, "players": len(kinds), "seats": [{"kind": k} for k in kinds], **body}),
        headers={"content-type": "application/json"})
    assert r.status == 201, r.text()
    return r.json()  # type: ignore[no-any-return]


def rev(page: Any) -> str:
    return page.evaluate("document.body.dataset.deal + ':' + document.body.dataset.rev")


def wait_moved(page: Any, before: str) -> None:
    page.wait_for_function("b => (document.body.dataset.deal + ':' + document.body.dataset.rev) !== b",
                           arg=before, timeout=15000)


def take_turn(page: Any) -> str:
    """Click for the seat whose turn it is: a raised card if any, else a bid other than pass. Returns what."""
    before = rev(page)
    page.wait_for_selector("#board .hand .card.legal, #board .actions button.act[data-action]", timeout=15000)
    legal = page.locator("#board .hand .card.legal")
    if legal.count():
        code = legal.first.get_attribute("data-card")
        legal.first.click(position={"x": 6, "y": 30})  # the visible edge of an overlapped card
        wait_moved(page, before)
        return code  # type: ignore[no-any-return]
    buttons = page.locator("#board .actions button.act[data-action]")
    actions = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
    pick = next((a for a in actions if a != "pass"), actions[0])
    page.locator(f'#board .actions button[data-action="{pick}"]').click()
    wait_moved(page, before)
    return pick  # type: ignore[no-any-return]


def my_turn_or_settled(page: Any) -> bool:
    """Wait until the page shows the player's turn (True) or the settlement (False)."""
    page.wait_for_selector("#settlement, .mine.my-turn", timeout=20000)
    return page.locator("#settlement").count() == 0


SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def as_shown(line: str) -> str:
    """A settlement line as the page writes it: card codes as rank and suit symbol."""
    return re.sub(r"(?<![\w=])([AKQJT2-9])([SHDC])(?!\w)",
                  lambda m: ("10" if m[1] == "T" else m[1]) + SYMBOL[m[2]], line).replace("JK", "Joker")


def cards_on(page: Any) -> set[str]:
    """Every card the page shows: drawn cards carry their code; cards in text are rank and suit symbol."""
    drawn = page.evaluate("[...document.querySelectorAll('[data-card],[data-code]')]"
                          ".map(e => e.dataset.card || e.dataset.code).filter(Boolean)")
    text = page.evaluate("document.body.innerText")
    back = {v: k for k, v in SYMBOL.items()}
    written = {("T" if r == "10" else r) + back[s] for r, s in re.findall(r"(10|[AKQJ2-9])([♠♥♦♣])", text)}
    return set(drawn) | written


def table_of(live: LiveServer, page: Any) -> Any:
    tid = page.url.split("/t/")[1].split("?")[0]
    return live.hub.tables[tid]


def test_nap_against_three_bots(live: LiveServer, browser: Any) -> None:
    page = new_page(browser)
    page.goto(live.url + "/")
    page.click("[data-game=nap]")
    assert page.locator("#seats select").count() == 4
    assert page.locator("#seats select").nth(1).input_value() == "heuristic"
    shot(page, "home")
    rules = page.locator("a.rules-a").first.get_attribute("href")
    assert rules == "/rules/nap"
    page.click("#create")
    page.wait_for_selector("#board .hand .card")
    assert "token=" in page.url
    table = table_of(live, page)
    clicked: list[str] = []
    shot_taken = False
    while my_turn_or_settled(page):
        if not shot_taken and page.locator("#board .hand .card.legal").count():
            shot(page, "table-nap-play")
            shot_taken = True
        clicked.append(take_turn(page))
    assert any(re.fullmatch(r"[AKQJT2-9][SHDC]", c) for c in clicked), clicked  # cards were played by clicks
    lines = page.locator("#settlement .lines li").all_inner_texts()
    res = table.deal.result()
    assert lines == [as_shown(line) for line in res.lines]
    shown = page.locator("#settlement table.deltas td.plus, #settlement table.deltas td.minus").all_inner_texts()
    assert [int(x) for x in shown] == res.deltas
    shot(page, "settlement", full=True)
    # The score sheet, then a replay of the finished deal, step by step.
    page.keyboard.press("s")
    page.wait_for_selector("table.sheet")
    assert page.locator("table.sheet tr").count() == 3  # head, deal 1, total
    page.locator("table.sheet button", has_text="replay").click()
    page.wait_for_selector(".replay-controls")
    assert "step" in page.locator(".replay-controls .step").inner_text()
    page.click("[aria-label=first]")
    page.click("#replay-next")
    assert page.locator(".replay-controls .step").inner_text().startswith("step 1 of")
    shot(page, "replay")
    page.keyboard.press("Escape")
    page.click("#next-deal")
    page.wait_for_function("document.body.dataset.deal === '2'")
    assert page.js_errors == []


def test_illegal_click_is_answered_with_the_reason(live: LiveServer, browser: Any) -> None:
    page = new_page(browser)
    t = create(live, page, "nap", ["human", "heuristic", "heuristic", "heuristic"])
    page.goto(live.url + t["seats"][0]["url"])
    assert my_turn_or_settled(page)  # seat 0 deals, so it speaks last
    card = page.locator("#board .hand .card:not(.legal)").first  # no card is playable while declaring
    code = card.get_attribute("data-card")
    card.click()
    page.wait_for_selector("#message.error:not([hidden])")
    reason = live.hub.tables[t["id"]].deal.why_not(code, 0)
    assert reason is not None and "is not allowed" in reason
    text = page.locator("#message").inner_text()
    assert "is not allowed" in text and "Legal now:" in text
    shot(page, "illegal-click")
    assert len(live.hub.tables[t["id"]].deal.history) == 3  # the three bots only; nothing logged for the click


def test_single_card_actions_are_a_click_on_the_card(live: LiveServer, browser: Any) -> None:
    """Coon Can's 'discard 2C' is done by clicking 2C in hand, as cards are played in trick games."""
    page = new_page(browser)
    t = create(live, page, "coon-can", ["human", "random", "random"])
    deal = lambda: live.hub.tables[t["id"]].deal  # noqa: E731
    page.goto(live.url + t["seats"][0]["url"])
    assert my_turn_or_settled(page)
    assert set(deal().legal()) == {"draw stock", "draw discard"}
    assert page.locator("#board .hand .card.legal").count() == 0  # drawing is a button, not a card
    before = rev(page)
    page.locator('#board .actions button[data-action="draw stock"]').click()
    wait_moved(page, before)
    discards = sorted(a for a in deal().legal() if a.startswith("discard "))
    shown = page.locator("#board .hand .card.legal").evaluate_all("els => els.map(e => e.dataset.action)")
    assert set(shown) == set(discards) and discards  # a card held twice (two packs) shows twice
    assert page.locator('#board .actions button[data-action^="discard "]').count() == 0  # not offered twice
    before = rev(page)
    n = len(deal().history)
    page.locator("#board .hand .card.legal").first.click(position={"x": 6, "y": 30})
    wait_moved(page, before)
    assert deal().history[n] == (0, shown[0])
    assert page.js_errors == []


def test_reload_mid_deal_and_carry_on(live: LiveServer, browser: Any) -> None:
    page = new_page(browser)
    t = create(live, page, "nap", ["human", "random", "random", "random"])
    page.goto(live.url + t["seats"][0]["url"])
    for _ in range(2):
        if not my_turn_or_settled(page):
            break
        take_turn(page)
    if my_turn_or_settled(page):
        hand = page.locator("#board .hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
        where = rev(page)
        page.reload()
        page.wait_for_selector("#board .seat")
        assert rev(page) == where
        assert page.locator("#board .hand .card").evaluate_all("els => els.map(e => e.dataset.card)") == hand
        # Keyboard: arrows to a raised card (or the first action by its number key) then Enter plays it.
        if page.locator("#board .hand .card.legal").count():
            page.keyboard.press("ArrowRight")
            focused = page.evaluate("document.activeElement.dataset.card")
            page.keyboard.press("Enter")
            wait_moved(page, where)
            assert focused not in page.locator("#board .hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
        else:
            page.keyboard.press("1")
            wait_moved(page, where)
        while my_turn_or_settled(page):
            take_turn(page)
    assert page.locator("#settlement .lines li").count() >= 1


def test_two_people_at_one_table(live: LiveServer, browser: Any) -> None:
    first = new_page(browser)
    t = create(live, first, "nap", ["human", "human", "heuristic", "heuristic"])
    second = new_page(browser, PHONE)  # one of them on a phone
    first.goto(live.url + t["seats"][0]["url"])
    second.goto(live.url + t["seats"][1]["url"])
    spectator = new_page(browser)
    spectator.goto(f"{live.url}/t/{t['id']}")
    pages = [first, second]
    for p in pages:
        p.wait_for_selector("#board .hand .card")
    table = live.hub.tables[t["id"]]
    for seat, p in enumerate(pages):  # each sees its own hand and nothing of the other's
        shown = p.locator("#board .hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
        assert shown == table.deal.view(seat)["hand"]
        other = set(table.deal.view(1 - seat)["hand"])
        assert not other & cards_on(p)
    assert spectator.locator("#board .hand").count() == 0
    shot(second, "phone-table")
    for _ in range(60):
        done = True
        for seat, p in enumerate(pages):
            if p.locator("#settlement").count():
                continue
            done = False
            if table.deal.turn == seat and p.locator(".mine.my-turn").count():
                take_turn(p)
        if done:
            break
        first.wait_for_timeout(50)
    for p in pages:
        p.wait_for_selector("#settlement")
    spectator.wait_for_selector("#settlement")
    assert spectator.locator("#next-deal").count() == 0  # spectators cannot deal
    shot(second, "phone-settlement", full=True)
    shot(spectator, "spectator")


@pytest.mark.parametrize(("game", "kinds", "selector"), [
    ("coon-can", ["human", "random", "random"], ".melds, .actions"),
    ("fan-tan", ["human", "random", "random", "random"], ".layout"),
    ("michigan", ["human", "random", "random", "random"], ".layout, .info"),
    ("three-card-loo", ["human", "random", "random", "random", "random"], ".info"),
])
def test_other_games_render(live: LiveServer, browser: Any, game: str, kinds: list[str], selector: str) -> None:
    page = new_page(browser)
    t = create(live, page, game, kinds)
    page.goto(live.url + t["seats"][0]["url"])
    for _ in range(8):
        if not my_turn_or_settled(page):
            break
        take_turn(page)
    page.wait_for_selector(selector)
    shot(page, f"table-{game}")
    phone = new_page(browser, PHONE)
    phone.goto(live.url + t["seats"][0]["url"])
    phone.wait_for_selector("#board .seat")
    shot(phone, f"phone-{game}", full=True)
    assert page.js_errors == [] and phone.js_errors == []


def click_any(page: Any, legal: list[str], rng: Any) -> None:
    """One action the way a person would: a raised card, a button, a list, or typed text (keyboard users)."""
    before = rev(page)
    cards = page.locator("#board .hand .card.legal")
    buttons = page.locator("#board .actions button.act[data-action]")
    choices = [("card", i) for i in range(cards.count())] + [("button", i) for i in range(buttons.count())]
    selects = page.locator("#board .actions .act-select select")
    if selects.count():
        choices.append(("select", 0))
    kind, i = rng.choice(choices) if choices else ("type", 0)
    if kind == "card":
        cards.nth(i).click(position={"x": 6, "y": 30})
    elif kind == "button":
        buttons.nth(i).click()
    elif kind == "select":
        options = selects.first.locator("option").evaluate_all("os => os.map(o => o.value)")
        selects.first.select_option(rng.choice(options))
        page.locator("#board .actions .act-select button").first.click()
    else:  # only composed (multi-card) actions are offered: type one
        box = page.locator("#board .actions .typed input")
        box.fill(rng.choice(legal))
        box.press("Enter")
    wait_moved(page, before)


@pytest.mark.parametrize("game", [g.id for g in __import__("cardtable").games()])
def test_every_game_to_the_end_of_a_match_in_the_browser(live: LiveServer, browser: Any, game: str) -> None:
    import random

    import cardtable as ct

    info = ct.game_info(game)
    n = min(max(info.default_players, info.min_players), info.max_players)
    page = new_page(browser)
    t = create(live, page, game, ["human"] + ["random"] * (n - 1), deals=1)
    page.goto(live.url + t["seats"][0]["url"])
    table = live.hub.tables.get(t["id"])
    rng = random.Random(game)
    shot_at = 3
    for k in range(3000):
        if not my_turn_or_settled(page):
            break
        table = live.hub.tables[t["id"]]
        if k == shot_at:
            shot(page, f"game-{game}")
        click_any(page, table.deal.legal(), rng)
    page.wait_for_selector("#settlement")
    assert "Match over" in page.locator("#settlement h2").inner_text()
    assert page.locator("#settlement .lines li").count() == len(table.deal.result().lines)
    assert page.locator("#settlement a.button", has_text="Download").count() == 1
    assert page.js_errors == []
