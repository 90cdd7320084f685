"""The public room in a real browser (Playwright driving Debian's chromium): the lobby and joining with one click,
chat shown as text, undo and a hint against bots, an account. Screenshots go to test-artifacts/."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import LiveServer, create_table, new_page, shot
from .driver import click_card, do, my_turn_or_settled, rev, wait_moved
from .test_browser import assert_all_local

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]
EVIL = '<img src=x onerror="document.body.dataset.pwned=1">'
EVIL_NAME = "<i>Al</i><script>"  # a seat name is at most 24 characters


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("room") / "room.db", bot_delay=0) as server:
        from cardtable.web.guard import RateLimits

        server.hub.limits = RateLimits({k: "1000/minute" for k in ("create", "join", "register", "login", "hint")})
        server.hub.assist_seconds, server.hub.review_seconds = 0.2, 0.05
        yield server


def join_from_lobby(page: Any, entry: Any, tid: str, name: str, seated: Any) -> None:
    """``page`` takes a seat of table ``tid`` from its lobby ``entry`` under ``name``; ``seated`` (a player's
    page) then shows that name at the table."""
    page.fill("#lobby-name", name)
    entry.locator("button.join").click()
    page.wait_for_url(f"**/t/{tid}?token=*")
    page.wait_for_selector("#board .plate")
    seated.wait_for_function("name => [...document.querySelectorAll('#board .plate-name strong')]"
                             ".some(e => e.textContent === name)", arg=name)


def test_lobby_join_and_chat(room: LiveServer, browser: Any) -> None:
    ann = new_page(browser)
    ann.goto(room.url + "/")
    ann.click("[data-game=nap]")
    ann.select_option("#players", "3")
    ann.locator("#seats select").nth(1).select_option("human")
    ann.locator("#seats input").first.fill(EVIL_NAME)  # a name with markup
    ann.check("#public")
    ann.click("#create")
    ann.wait_for_selector("#board .plate")
    tid = ann.url.split("/t/")[1].split("?")[0]
    bea = new_page(browser)
    bea.goto(room.url + "/")
    entry = bea.locator(f".lobby-table[data-table='{tid}']")
    entry.wait_for()
    assert "1 of 3 seats taken" not in entry.inner_text() and "2 of 3 seats taken" in entry.inner_text()
    assert EVIL_NAME in entry.inner_text()  # the creator's name, shown as text
    shot(bea, "lobby")
    join_from_lobby(bea, entry, tid, "Bea", ann)
    # Chat: what one types the other reads, as text (no element made from it, no script run).
    ann.fill("#chat-input", f"hello {EVIL}")
    ann.press("#chat-input", "Enter")
    line = bea.locator("#chat-lines .chat-line .said", has_text="hello")
    line.wait_for()
    assert line.inner_text() == f"hello {EVIL}"
    assert bea.locator("#chat img, #board img").count() == 0
    assert bea.evaluate("document.body.dataset.pwned") is None and ann.evaluate("document.body.dataset.pwned") is None
    assert bea.locator("#chat-lines .who").first.inner_text().strip() == f"{EVIL_NAME}:"
    # The name's markup made no element anywhere (the board's own <i> are the thinking dots, empty).
    assert bea.evaluate("[...document.querySelectorAll('i')].filter(e => e.textContent.includes('Al')).length") == 0
    assert EVIL_NAME in bea.locator("#board .plate-name strong").all_inner_texts()
    watcher = new_page(browser)
    watcher.goto(f"{room.url}/t/{tid}")
    watcher.locator("#chat-lines .said", has_text="hello").wait_for()  # the chat so far, for a newcomer
    assert watcher.locator("#mute-box").is_hidden()
    bea.check("#mute")
    watcher.wait_for_function("document.getElementById('chat-input').disabled")
    # The creator (only) takes the table out of the lobby: by link only from then on.
    assert ann.locator("#public-box").is_visible() and ann.is_checked("#public")
    assert bea.locator("#public-box").is_hidden() and watcher.locator("#public-box").is_hidden()
    ann.uncheck("#public")
    watcher.locator("#chat-lines .said", has_text="took the table out of the lobby").wait_for()
    assert room.hub.store.settings(tid) == (True, False)  # spectators muted, not listed
    shot(bea, "table-chat")
    for p in (ann, bea, watcher):
        assert p.js_errors == []
    assert_all_local(bea, room)


def test_undo_and_a_hint_against_bots(room: LiveServer, browser: Any) -> None:
    page = new_page(browser)
    t = create_table(room, page, "nap", ["human", "random", "random", "random"])
    page.goto(room.url + t["seats"][0]["url"])
    page.wait_for_selector(".me-zone.my-turn", timeout=20000)
    assert page.locator("#help").is_visible()
    page.click("#btn-hint")
    page.wait_for_function("document.getElementById('hint-text').textContent.startsWith('Hint: ')", timeout=20000)
    hint = page.locator("#hint-text").inner_text()
    assert ":" in hint.removeprefix("Hint: ") and hint.endswith(".")
    assert page.locator("#board .hinted").count() == 1  # the move the bot would make stands out
    shot(page, "table-hint")
    history = room.hub.tables[t["id"]].deal.history
    before = rev(page)
    hinted = page.locator("#board .hinted")
    click_card(hinted) if hinted.get_attribute("data-card") else hinted.click()
    wait_moved(page, before)
    my_turn_or_settled(page)
    assert len(room.hub.tables[t["id"]].deal.history) > len(history)
    before = rev(page)
    page.click("#btn-undo")
    wait_moved(page, before)
    page.wait_for_selector(".me-zone.my-turn", timeout=20000)
    assert room.hub.tables[t["id"]].deal.history == history  # back where the hint was asked
    assert page.evaluate("document.body.dataset.turn") == "0"
    note = page.evaluate("getComputedStyle(document.querySelector('.me-zone .prompt'), '::after').content")
    assert "not rated" in note  # the prompt under the table says the match had help
    assert page.js_errors == []


def test_a_review_after_the_deal_and_the_chat_in_its_replay(room: LiveServer, browser: Any) -> None:
    page = new_page(browser)
    t = create_table(room, page, "nap", ["human", "random", "random", "random"])
    page.goto(room.url + t["seats"][0]["url"])
    page.wait_for_selector(".me-zone.my-turn", timeout=20000)
    page.fill("#chat-input", "good luck <b>all</b>")
    page.press("#chat-input", "Enter")
    page.locator("#chat-lines .said", has_text="good luck").wait_for()
    assert page.locator("#btn-review").is_hidden()  # only once the deal is over
    table = room.hub.tables[t["id"]]
    while my_turn_or_settled(page):
        do(page, table.deal.legal()[0])
    page.locator("#btn-review").wait_for(state="visible")
    page.click("#btn-review")
    page.wait_for_function("['Where the bot', 'The bot found no move'].some(s => "
                           "document.getElementById('hint-text').textContent.startsWith(s))", timeout=30000)
    moves = page.locator("#review-moves li").all_inner_texts()
    if page.locator("#hint-text").inner_text().startswith("Where the bot"):
        assert moves and all(m.startswith("Move ") and "better" in m for m in moves), moves
    else:
        assert moves == []
    shot(page, "table-review")
    # The replay of the deal shows what was said during it, as text.
    page.locator("#settlement button", has_text="Replay this deal").click()
    said = page.locator(".replay-chat .said", has_text="good luck")
    said.wait_for()
    assert said.inner_text() == "good luck <b>all</b>" and page.locator(".replay-chat b").count() == 0
    assert page.js_errors == []


def test_register_and_see_the_account(room: LiveServer, browser: Any) -> None:
    page = new_page(browser)
    page.goto(room.url + "/account")
    page.fill("#register [name=name]", "Cleo")
    page.fill("#register [name=password]", "correct horse")
    page.click("#register button[type=submit]")
    page.wait_for_selector("#logout")
    assert page.locator("h1").inner_text() == "Cleo"
    page.goto(room.url + "/")
    page.locator("#me-link").wait_for()
    assert page.locator("#me-link").inner_text() == "Cleo"
    page.goto(room.url + "/leaderboard?game=nap")
    page.locator("#board-rows").wait_for()
    shot(page, "leaderboard")
    assert page.js_errors == []


def test_every_page_runs_under_the_content_security_policy(room: LiveServer, browser: Any) -> None:
    """Without bypassing the policy: the pages draw, and the browser reports no refused script or style."""
    page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    t = create_table(room, page, "nap", ["human", "random", "random", "random"], public=False)
    for path, ready in (("/", "#games li"), ("/?game=nap", "#seats .seat-row"),
                        (t["seats"][0]["url"], "#board .hand .card"), (f"/t/{t['id']}", "#board .plate"),
                        ("/account", "#register"), ("/leaderboard", "#board-rows"),
                        ("/u/nobody", "p.error"), ("/rules/nap", ".rules-text")):
        page.goto(room.url + path)
        page.locator(ready).first.wait_for(timeout=15000)
    assert refused == [] and errors == [], (refused, errors)


def test_a_private_table_is_listed_later_and_a_seat_taken_in_the_lobby(room: LiveServer, browser: Any) -> None:
    ann = new_page(browser)
    t = create_table(room, ann, "nap", ["human", "human", "human"])  # private: each seat has its link
    tid = t["id"]
    ann.goto(room.url + t["seats"][0]["url"])
    ann.wait_for_selector("#board .plate")
    bea = new_page(browser)
    bea.goto(room.url + t["seats"][1]["url"])  # Bea's link is opened: her seat is hers
    bea.wait_for_selector("#board .plate")
    ann.locator("#public-box").wait_for()
    assert not ann.is_checked("#public") and bea.locator("#public-box").is_hidden()
    ann.check("#public")
    bea.locator("#chat-lines .said", has_text="listed the table in the lobby").wait_for()
    cy = new_page(browser)
    cy.goto(room.url + "/")
    entry = cy.locator(f".lobby-table[data-table='{tid}']")
    entry.wait_for()
    assert "2 of 3 seats taken" in entry.inner_text()  # the seat whose link nobody opened is offered
    join_from_lobby(cy, entry, tid, "Cy", ann)
    assert room.hub.store.seats(tid)[2].token_hash != t["seats"][2]["token"]
    ann.uncheck("#public")  # and out of the lobby again
    bea.locator("#chat-lines .said", has_text="took the table out of the lobby").wait_for()
    assert room.hub.store.settings(tid) == (False, False)
    for p in (ann, bea, cy):
        assert p.js_errors == []


def test_the_keys_list_names_undo_and_hint_only_against_bots(room: LiveServer, browser: Any) -> None:
    page = new_page(browser)
    solo = create_table(room, page, "nap", ["human", "random", "random", "random"])
    page.goto(room.url + solo["seats"][0]["url"])
    page.wait_for_selector("#board .plate")
    page.keyboard.press("?")
    keys = page.locator("#panel-body dl.keys")
    keys.wait_for()
    listed = dict(zip(keys.locator("dt").all_inner_texts(), keys.locator("dd").all_inner_texts(), strict=True))
    assert "take back your last move" in listed["U"] and "hint" in listed["H"]
    shot(page, "keys-against-bots")
    two = create_table(room, page, "nap", ["human", "human", "random"])  # another person: no undo, no hint
    page.goto(room.url + two["seats"][0]["url"])
    page.wait_for_selector("#board .plate")
    page.keyboard.press("?")
    page.locator("#panel-body dl.keys").wait_for()
    assert not {"U", "H"} & set(page.locator("#panel-body dl.keys dt").all_inner_texts())
    assert page.js_errors == []


def test_a_chat_line_before_the_servers_answer_does_not_untick_mute(room: LiveServer, browser: Any) -> None:
    """The race: Bea ticks "mute spectators"; before the server has it, a chat line arrives, carrying the
    setting as it was (not muted). Her box stays ticked, and the server's answer agrees."""
    ann, bea = new_page(browser), new_page(browser)
    t = create_table(room, ann, "nap", ["human", "human", "random"])
    ann.goto(room.url + t["seats"][0]["url"])
    bea.goto(room.url + t["seats"][1]["url"])
    for p in (ann, bea):
        p.locator("#mute-box").wait_for()
    # Bea's "mute" message is held back in her page until the chat line has reached her.
    bea.evaluate("""() => {
      const send = WebSocket.prototype.send;
      window.heldBack = [];
      window.releaseHeld = () => { for (const [ws, m] of window.heldBack.splice(0)) send.call(ws, m); };
      WebSocket.prototype.send = function (m) {
        if (typeof m === "string" && JSON.parse(m).type === "mute") window.heldBack.push([this, m]);
        else send.call(this, m);
      };
    }""")
    bea.check("#mute")
    assert bea.evaluate("window.heldBack.length") == 1
    ann.fill("#chat-input", "between the click and the answer")
    ann.press("#chat-input", "Enter")
    bea.locator("#chat-lines .said", has_text="between the click").wait_for()
    assert bea.is_checked("#mute")  # the line said "not muted" (the server had no click yet): the box keeps it
    bea.evaluate("window.releaseHeld()")
    bea.locator("#chat-lines .said", has_text="muted the spectators").wait_for()
    assert bea.is_checked("#mute") and room.hub.store.settings(t["id"]) == (True, False)
    ann.fill("#chat-input", "after the answer")
    ann.press("#chat-input", "Enter")
    bea.locator("#chat-lines .said", has_text="after the answer").wait_for()
    assert bea.is_checked("#mute") and ann.is_checked("#mute")
    assert ann.js_errors == [] and bea.js_errors == []
