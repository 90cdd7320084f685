"""The meeting room in a real browser (Playwright driving Debian's chromium): quick play from the home page with
its countdown and the bots sitting down, the chat's notices of people coming and going, friends and an
invitation by name taken from the home page, the creator's seat links on another device, and the turn clock's
ring with the stand-in playing when the time is up."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import LiveServer, create_table, new_page, shot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]
WAIT = 30_000  # ms: deadlines for a loaded machine


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("meet") / "meet.db", bot_delay=0) as server:
        server.hub.quick_wait = 6.0
        server.hub.left_after = 2.0
        yield server


def chat_text(page: Any) -> str:
    return page.locator("#chat-lines").inner_text()


def wait_chat(page: Any, words: str) -> None:
    page.wait_for_function("w => (document.getElementById('chat-lines')?.innerText || '').includes(w)",
                           arg=words, timeout=WAIT)


def register(page: Any, live: LiveServer, name: str) -> None:
    r = page.request.post(f"{live.url}/api/register", data=json.dumps({"name": name, "password": "correct horse"}),
                          headers={"content-type": "application/json"})
    assert r.status == 201, r.text()


def test_play_now_seats_two_people_at_one_table_and_bots_take_the_rest_after_a_countdown(
        room: LiveServer, browser: Any) -> None:
    pages = []
    for name in ("Ann", "Bea"):
        p = new_page(browser)
        p.goto(room.url + "/?game=nap")
        p.fill("#lobby-name", name)
        p.select_option("#players", "4")
        p.click("#quickplay")
        p.wait_for_url("**/t/*?token=*", timeout=WAIT)
        p.wait_for_selector("#board .plate", timeout=WAIT)
        pages.append(p)
    ann, bea = pages
    assert ann.url.split("/t/")[1].split("?")[0] == bea.url.split("/t/")[1].split("?")[0]  # one table
    for p in pages:  # the wait is shown to everyone at the table
        box = p.locator("#fill-countdown")
        box.wait_for(timeout=WAIT)
        assert "Waiting for players" in box.inner_text() and "bots sit down in" in box.inner_text()
    shot(ann, "quickplay-waiting")
    wait_chat(ann, "Bea sat down at the table")
    wait_chat(bea, "Bots sat down for")
    for p in pages:
        p.wait_for_selector("#fill-countdown", state="hidden", timeout=WAIT)
        p.wait_for_function("() => [...document.querySelectorAll('#board .plate')].filter(x => "
                            "x.querySelector('.plate-name')?.innerText.includes('bot')).length === 2", timeout=WAIT)
    assert ann.js_errors == [] and bea.js_errors == []


def test_the_chat_says_who_sat_down_left_and_came_back(room: LiveServer, browser: Any) -> None:
    ann = new_page(browser)
    t = create_table(room, ann, "nap", ["human", "human", "heuristic"], public=True)
    ann.goto(room.url + t["seats"][0]["url"])
    ann.wait_for_selector("#chat-lines", state="attached", timeout=WAIT)
    bea = new_page(browser)
    bea.goto(room.url + "/")
    bea.fill("#lobby-name", "Bea")
    bea.locator(f".lobby-table[data-table='{t['id']}'] button.join").click(timeout=WAIT)
    bea.wait_for_url("**/t/*?token=*", timeout=WAIT)
    wait_chat(ann, "Bea sat down at the table")
    seat_url = bea.url
    bea.close()
    wait_chat(ann, "Bea left the table")
    back = new_page(browser)
    back.goto(seat_url)
    wait_chat(ann, "Bea is back")
    wait_chat(back, "Bea left the table")  # everyone's chat, the newcomer's too
    assert ann.js_errors == [] and back.js_errors == []


def test_a_friend_invited_by_name_takes_the_seat_from_the_home_page_and_links_follow_the_account(
        room: LiveServer, browser: Any) -> None:
    ann, bea = new_page(browser), new_page(browser)
    register(ann, room, "Ann")
    register(bea, room, "Bea")
    bea.goto(room.url + "/")  # Bea is on the home page: online
    ann.goto(room.url + "/")
    ann.fill("#friend-name", "bea")
    ann.click("#friend-form button[type=submit]")
    ann.wait_for_selector(".friend.online[data-friend='Bea']", timeout=WAIT)
    # A private table: Ann, and two seats for people, each with its link.
    t = create_table(room, ann, "nap", ["human", "human", "human"])
    ann.goto(room.url + t["seats"][0]["url"])
    ann.wait_for_selector("#invite-friend", timeout=WAIT)
    ann.select_option("#invite-who", "Bea")
    ann.select_option("#invite-seat", "3")
    ann.click("#invite-send")
    ann.wait_for_function("() => document.getElementById('invite-said').innerText.includes('Bea is invited')",
                          timeout=WAIT)
    wait_chat(ann, "Ann invited Bea")
    invitation = bea.locator(".invitation")
    invitation.wait_for(timeout=WAIT)
    assert "Ann invites you to a table of Napoleon" in invitation.inner_text()
    shot(bea, "invitation")
    invitation.locator("button.accept").click()
    bea.wait_for_url(f"**/t/{t['id']}?token=*", timeout=WAIT)
    bea.wait_for_selector("#board .plate.me[data-seat='2']", timeout=WAIT)
    wait_chat(ann, "joined the table")
    # Ann on another device: the account page and the table give the link of the seat still unopened.
    other = new_page(browser)
    r = other.request.post(f"{room.url}/api/login", data=json.dumps({"name": "Ann", "password": "correct horse"}),
                           headers={"content-type": "application/json"})
    assert r.status == 200
    other.goto(room.url + "/account")
    links = other.locator("#my-links li")
    links.first.wait_for(timeout=WAIT)
    assert links.count() == 1 and links.first.locator("input").input_value() == room.url + t["seats"][1]["url"]
    other.goto(room.url + f"/t/{t['id']}")
    other.wait_for_selector("#board .plate.me[data-seat='0']", timeout=WAIT)  # her seat, by her account
    other.locator("#btn-invite").click(timeout=WAIT)
    seat_link = other.locator("#panel-body input[data-seat='1']")
    seat_link.wait_for(timeout=WAIT)
    assert seat_link.input_value() == room.url + t["seats"][1]["url"]
    # A stranger sees none of it.
    eve = new_page(browser)
    register(eve, room, "Eve")
    eve.goto(room.url + f"/t/{t['id']}")
    eve.wait_for_selector("#board .plate", timeout=WAIT)
    assert eve.locator("#btn-invite").is_hidden()
    assert eve.request.get(f"{room.url}/api/tables/{t['id']}/links").json()["seats"] == []
    for p in (ann, bea, other, eve):
        assert p.js_errors == []


def test_the_turn_clock_rings_the_seat_to_move_and_the_stand_in_plays_when_time_is_up(
        room: LiveServer, browser: Any) -> None:
    ann = new_page(browser)
    t = create_table(room, ann, "nap", ["human", "heuristic", "heuristic"], public=True, clock=8)
    ann.goto(room.url + t["seats"][0]["url"])
    ring = ann.locator("#board .plate[data-seat='0'] .clock-ring")
    ring.wait_for(timeout=WAIT)
    first = int(ring.get_attribute("data-left") or 0)
    assert 0 < first <= 8
    assert "You have" in (ring.get_attribute("aria-label") or "")
    ann.wait_for_function("f => { const r = document.querySelector(\"#board .plate[data-seat='0'] .clock-ring\");"
                          " return r && Number(r.dataset.left) < f; }", arg=first, timeout=WAIT)
    shot(ann, "turn-clock")
    wait_chat(ann, "Ann's time was up: a bot played for Ann")
    assert ann.js_errors == []
