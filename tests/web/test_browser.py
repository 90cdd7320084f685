"""End to end in a real browser: Playwright driving Debian's chromium against the server on a free port.

Screenshots of the main screens go to test-artifacts/ (desktop and phone sizes).
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api as playwright_api  # installed by scripts/test.sh: a missing one fails, never skips

import cardtable as ct

from .conftest import LiveServer, free_port

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
    """A page in a context of its own (another person: its own storage), noting JS errors and every request."""
    # Playwright's wait_for_function evaluates its text in the page, which the room's Content-Security-Policy
    # (no eval) forbids: these contexts bypass it; test_browser_room checks every page runs under it.
    page = browser.new_context(viewport=viewport, bypass_csp=True).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.js_errors = errors
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("websocket", lambda w: requests.append(w.url))
    page.requests = requests
    return page


def assert_all_local(page: Any, live: LiveServer) -> None:
    """Nothing was fetched from anywhere but the server under test (no CDN at run time)."""
    host = f"127.0.0.1:{live.port}/"
    foreign = [u for u in page.requests if not re.match(rf"(https?|wss?)://{re.escape(host)}", u)
               and not u.startswith("data:")]
    assert page.requests and not foreign, foreign


def legal_cards_are_raised(page: Any, legal: list[str]) -> None:
    """On the player's turn, the cards shown raised are exactly the legal plays, above the others."""
    cards = page.locator("#board .hand .card").evaluate_all(
        "els => els.map(e => [e.dataset.card, e.dataset.action || e.dataset.card, e.classList.contains('legal'),"
        " e.getBoundingClientRect().top])")
    raised = {action for _, action, up, _ in cards if up}
    assert raised == {a for a in legal if a in {action for _, action, _, _ in cards}}, (raised, legal)
    tops = {up: top for _, _, up, top in cards}
    if True in tops and False in tops:
        assert tops[True] < tops[False] - 5


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
        legal_cards_are_raised(page, table.deal.legal())
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
    assert page.locator("#panel").is_hidden()
    page.keyboard.press("n")  # next deal, from the keyboard
    page.wait_for_function("document.body.dataset.deal === '2'")
    assert page.js_errors == []
    assert_all_local(page, live)


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
    view = live.hub.tables[t["id"]].deal.view(0)
    assert page.locator("#btn-last").is_visible() == ("last_trick" in view)  # no "Last trick" without tricks
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


@pytest.mark.parametrize("game", [g.id for g in ct.games()])
def test_every_game_to_the_end_of_a_match_in_the_browser(live: LiveServer, browser: Any, game: str) -> None:
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
    res = table.deal.result()
    assert page.locator("#settlement .lines li").count() == len(res.lines)
    settlement = page.locator("#settlement").inner_text()
    for pool, amount in res.pools.items():  # pools carried forward, on the settlement and the sheet
        assert f"{pool} {amount}" in settlement.split("Pools carried forward:")[1]
    page.keyboard.press("s")
    sheet = page.locator("table.sheet tr").nth(1).locator("td").all_inner_texts()
    assert sheet[2:2 + n] == [str(d) if str(d).startswith("-") or d == 0 else f"+{d}" for d in res.deltas]
    assert sheet[2 + n] == " · ".join(f"{k} {v}" for k, v in res.pools.items())
    page.keyboard.press("Escape")
    with page.expect_download() as download:  # the match record, every deal replayable
        page.locator("#settlement a.button", has_text="Download").click()
    record = json.loads(Path(download.value.path()).read_text())
    assert record["format"] == "cardtable-match/1" and len(record["deals"]) == 1
    assert ct.replay(record["deals"][0]).result().to_json() == res.to_json()
    assert page.js_errors == []
    assert_all_local(page, live)


def test_home_form_offers_exactly_the_player_counts_a_game_takes(live: LiveServer, browser: Any) -> None:
    # Forty-Five and Twenty-Five are for 2, 4 or 6 (partners sit alternately); Twenty-Five's individual scoring
    # takes 2 to 10: the form offers those and no others, and follows the option.
    page = new_page(browser)
    page.goto(live.url + "/?game=twenty-five")
    page.wait_for_selector("#players option", state="attached")

    def offered() -> list[str]:
        return page.locator("#players option").evaluate_all("els => els.map(e => e.value)")

    assert offered() == ["2", "4", "6"]
    page.select_option("#options select[name=scoring]", "five_per_trick_individual")
    assert offered() == [str(n) for n in range(2, 11)]
    page.select_option("#players", "5")
    assert page.locator("#seats .seat-row").count() == 5
    page.select_option("#options select[name=scoring]", "forty_five_rules")
    assert offered() == ["2", "4", "6"] and page.locator("#players").input_value() == "4"
    assert "2, 4 or 6" in page.locator("[data-game=forty-five] .meta").inner_text()


def test_home_form_sets_options_seats_and_links(live: LiveServer, browser: Any) -> None:
    """A table made on the home page as a person would: filter, rules, seats, a bot, options; then the links."""
    page = new_page(browser)
    page.goto(live.url + "/")
    page.fill("#filter", "loo")
    shown = page.locator("#games [data-game]").evaluate_all("els => els.map(e => e.dataset.game)")
    assert shown and all("loo" in g for g in shown)
    page.fill("#filter", "")
    page.click("[data-game=nap]")
    with page.context.expect_page() as opened:  # the rules, one click away: the text of `cardtable rules`
        page.click("#rules-link")
    rules = opened.value
    failed: list[str] = []
    rules.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    rules.wait_for_selector("article.rules-text h1")
    assert rules.locator("article.rules-text h1").inner_text() == "Napoleon"
    assert rules.locator("article.rules-text h2").first.inner_text() == "The deal"
    assert "| Nap |" not in rules.locator("article.rules-text").inner_text()  # the table is a table
    assert rules.locator("article.rules-text table td", has_text="Nap").count() == 1
    rules.goto(live.url + "/rules/pope-joan")
    rules.wait_for_load_state("networkidle")
    assert rules.locator("article.rules-text h1").inner_text() == "Pope Joan" and failed == []
    rules.close()
    page.select_option("#players", "3")
    assert page.locator("#seats .seat-row").count() == 3
    page.fill("[aria-label='seat 0 name']", "Ann")
    page.select_option("[aria-label='seat 1 player']", "human")
    page.fill("[aria-label='seat 1 name']", "Bea")
    page.select_option("[aria-label='seat 2 player']", "random")
    page.check("#options input[name=misery]")
    page.fill("#options input[name=misery_win]", "5")
    page.select_option("#options select[name=all_pass]", "dealer_bids_one")
    page.fill("#deals", "2")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[0-9a-f]{12}\?token="))
    page.wait_for_selector("#board .seat")
    table = table_of(live, page)
    opts = table.game.options.as_dict()
    assert (opts["misery"], opts["misery_win"], opts["all_pass"]) == (True, 5, "dealer_bids_one")
    assert table.game.players == 3 and table.match.max_deals == 2
    assert [(s.kind, s.name) for s in table.seats] == [("human", "Ann"), ("human", "Bea"), ("random", "Bot 2")]
    assert "Bea" in page.locator("#board .opponents").inner_text()
    page.click("#btn-invite")  # the seat links, each with its own secret, and the read-only link
    bea = page.locator("[aria-label='link for seat 1']").input_value()
    watch = page.locator("[aria-label='spectator link']").input_value()
    assert "token=" in bea and "token=" not in watch
    assert page.locator("[aria-label='link for seat 2']").count() == 0  # a bot has no link
    shot(page, "invite")
    friend = new_page(browser, PHONE)
    friend.goto(bea)
    friend.wait_for_selector("#board .hand .card")
    assert friend.locator("#board .mine .seat").get_attribute("data-seat") == "1"
    assert friend.locator("#board .hand .card").evaluate_all("els => els.map(e => e.dataset.card)") == \
        table.deal.view(1)["hand"]
    watcher = new_page(browser)
    watcher.goto(watch)
    watcher.wait_for_selector("#board .seat")
    assert watcher.locator("#board .hand").count() == 0 and watcher.locator("#conn").inner_text() == "watching"
    intruder = new_page(browser)
    intruder.goto(f"{live.url}/t/{table.id}?token=not-a-seat-token")
    intruder.wait_for_selector("#message.error:not([hidden])")
    assert "opens no seat" in intruder.locator("#message").inner_text()
    assert intruder.locator("#board .hand").count() == 0
    for p in (page, friend, watcher):
        assert p.js_errors == []
        assert_all_local(p, live)


def test_every_game_is_created_from_the_home_page(live: LiveServer, browser: Any) -> None:
    """Every game's form (its options of every kind) creates a table with the game's defaults."""
    page = new_page(browser)
    for info in ct.games():
        page.goto(f"{live.url}/?game={info.id}")
        page.wait_for_selector("#setup:not([hidden])")
        assert page.locator("#setup-title").inner_text() == info.name
        assert page.locator("#options .option").count() == len(info.options)
        page.click("#create")
        page.wait_for_url(re.compile(r"/t/[0-9a-f]{12}\?token="))
        page.wait_for_selector("#board .seat")
        table = table_of(live, page)
        assert table.game.id == info.id
        assert table.game.options.as_dict() == ct.load(info.id, players=table.game.players).options.as_dict()
    assert page.js_errors == []


def test_thinking_indicator_and_last_trick(live: LiveServer, browser: Any) -> None:
    page = new_page(browser)
    live.hub.bot_delay = 1.0  # bots take a second a move, as a person can follow (they start as the table is made)
    try:
        t = create(live, page, "nap", ["human", "heuristic", "heuristic", "heuristic"])
        page.goto(live.url + t["seats"][0]["url"])
        page.wait_for_selector("#board .seat.thinking .dots", state="visible")
        thinking = page.locator("#board .seat.thinking").get_attribute("data-seat")
        assert thinking in ("1", "2", "3")
        shot(page, "thinking")
    finally:
        live.hub.bot_delay = 0
    table = live.hub.tables[t["id"]]
    checked = False
    while my_turn_or_settled(page):  # on the player's turn the table waits: the view is stable
        view = table.deal.view(0)
        if view.get("last_trick") and not checked:
            assert page.locator("#btn-last").is_visible()
            page.keyboard.press("l")
            page.wait_for_selector("#panel:not([hidden]) .trick")
            shown = page.locator("#panel .trick [data-code]").evaluate_all("els => els.map(e => e.dataset.code)")
            assert shown == [c for _, c in view["last_trick"]]
            shot(page, "last-trick")
            page.keyboard.press("Escape")
            assert page.locator("#panel").is_hidden()
            checked = True
        if view.get("last_trick") and not view.get("trick"):  # between tricks the last one stays in view
            on_table = page.locator("#board .trick.previous [data-code]").evaluate_all(
                "els => els.map(e => e.dataset.code)")
            assert on_table == [c for _, c in view["last_trick"]]
        take_turn(page)
    assert checked
    assert page.js_errors == []


def test_connection_lost_and_server_restarted(browser: Any, tmp_path: Path) -> None:
    """The server goes away mid-deal (the page says so and keeps trying) and comes back on the same database:
    the page reconnects by itself to the same table and hand, and the deal is played on to its settlement."""
    db, port = tmp_path / "restart.db", free_port()
    page = new_page(browser)
    with LiveServer(db, bot_delay=0, port=port) as first:
        t = create(first, page, "nap", ["human", "random", "random", "random"])
        page.goto(first.url + t["seats"][0]["url"])
        for _ in range(2):
            if not my_turn_or_settled(page):
                break
            take_turn(page)
        assert my_turn_or_settled(page), "the deal ended before the restart"
        where = rev(page)
        hand = page.locator("#board .hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    page.wait_for_function("document.getElementById('conn').textContent.startsWith('reconnecting')", timeout=15000)
    shot(page, "reconnecting")
    with LiveServer(db, bot_delay=0, port=port) as second:
        page.wait_for_function("document.getElementById('conn').textContent === 'connected'", timeout=20000)
        assert rev(page) == where
        assert page.locator("#board .hand .card").evaluate_all("els => els.map(e => e.dataset.card)") == hand
        while my_turn_or_settled(page):
            take_turn(page)
        lines = page.locator("#settlement .lines li").all_inner_texts()
        assert lines == [as_shown(line) for line in second.hub.tables[t["id"]].deal.result().lines]
    assert page.js_errors == []


@pytest.mark.parametrize(("viewport", "name"), [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_a_long_hand_fits_the_screen(live: LiveServer, browser: Any, viewport: dict[str, int], name: str) -> None:
    """Two-handed Fan-Tan deals 26 cards each: every card stays on screen with its index corner showing."""
    page = new_page(browser, viewport)
    t = create(live, page, "fan-tan", ["human", "random"])
    page.goto(live.url + t["seats"][0]["url"])
    page.wait_for_selector("#board .hand .card")
    lines = page.locator("#board .hand .hand-line").evaluate_all(
        "ls => ls.map(l => [...l.querySelectorAll('.card')].map(c => {"
        " const r = c.getBoundingClientRect(); return [r.left, r.right, r.width]; }))")
    cards = [c for line in lines for c in line]
    assert len(cards) == len(live.hub.tables[t["id"]].deal.view(0)["hand"]) >= 20
    assert all(left >= 0 and right <= viewport["width"] for left, right, _ in cards)
    for line in lines:
        for (a, _, width), (b, _, _) in itertools.pairwise(line):
            assert b - a >= 0.3 * width, (name, a, b, width)  # each card shows its rank and suit
    assert (len(lines) > 1) == (name == "phone")
    shot(page, f"{name}-long-hand", full=True)
    assert page.js_errors == []


def test_multi_card_actions_are_composed_by_picking_cards(live: LiveServer, browser: Any) -> None:
    """Five-Card Loo's exchange of several cards: "exchange…", pick the cards in hand, confirm (Escape cancels)."""
    page = new_page(browser)
    t = create(live, page, "five-card-loo", ["human", "random", "random"])
    page.goto(live.url + t["seats"][0]["url"])
    table = live.hub.tables.get(t["id"])
    for _ in range(200):  # play on (entering when asked) until the player may exchange
        if not my_turn_or_settled(page):
            before = rev(page)
            page.click("#next-deal")
            wait_moved(page, before)
            continue
        table = live.hub.tables[t["id"]]
        if table.deal.view(0)["phase"] == "exchange":
            break
        before = rev(page)
        play = page.locator('#board .actions button[data-action="play"]')
        if play.count():
            play.click()
            wait_moved(page, before)
        else:
            take_turn(page)
    legal = table.deal.legal()
    assert any(a.count(" ") >= 2 for a in legal), legal
    hand = page.locator("#board .hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    page.click("#board .actions [data-compose=exchange]")
    page.locator("#board .hand .card").nth(0).click(position={"x": 6, "y": 30})
    page.keyboard.press("Escape")  # cancel: nothing picked any more, the plain buttons are back
    assert page.locator("#board .hand .card.selected").count() == 0
    assert page.locator("#board .actions [data-compose=exchange]").count() == 1
    page.click("#board .actions [data-compose=exchange]")
    for i in (0, 1):
        page.locator("#board .hand .card").nth(i).click(position={"x": 6, "y": 30})
    assert page.locator("#board .hand .card.selected").count() == 2
    confirm = page.locator("#board .actions button.act.primary")
    want = next(a for a in legal if sorted(a.split()[1:]) == sorted(hand[:2]))
    assert confirm.get_attribute("data-action") == want and confirm.is_enabled()
    shot(page, "compose-exchange")
    n = len(table.deal.history)
    before = rev(page)
    confirm.click()
    wait_moved(page, before)
    assert live.hub.tables[t["id"]].deal.history[n] == (0, want)
    assert page.js_errors == []


def test_jokers_placed_crosswise_are_drawn_crosswise(live: LiveServer, browser: Any) -> None:
    """Coon Can: a joker that can no longer move (the seed's "placed crosswise") is drawn turned on the table."""
    page = new_page(browser)
    for _ in range(40):  # bots meld until a set with a joker (always fixed, CC-GAP-4) or a moved joker appears
        t = create(live, page, "coon-can", ["heuristic", "heuristic"], deals=1)
        page.goto(f"{live.url}/t/{t['id']}")
        page.wait_for_selector("#settlement", timeout=60000)
        melds = live.hub.tables[t["id"]].deal.view(0)["melds"]
        fixed = sum(len(m.get("crosswise") or []) for m in melds)
        if fixed:
            break
    assert fixed, "no fixed joker in forty deals of heuristic bots"
    assert page.locator(".melds .crosswise").count() == fixed
    turned = page.locator(".melds .crosswise").first.evaluate("e => getComputedStyle(e).transform")
    assert turned not in ("none", ""), turned
    shot(page, "coon-can-crosswise")
    assert page.js_errors == []
