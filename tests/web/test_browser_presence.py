"""The table page shows who is online from the server's ``presence`` frames: a seat's plate says "away" while
its person has no connection, and the page is sent no new state for it (issue 31, "Socket churn amplifies")."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import LiveServer, SeatClient, create_table, new_page

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("web") / "presence.db", bot_delay=0) as server:
        yield server


def plate_says(page: Any, seat: int) -> tuple[bool, str]:
    """Whether the seat's plate is marked away, and the word beside its name."""
    return tuple(page.evaluate("""(seat) => {
        const p = document.querySelector(`#board .plate[data-seat="${seat}"]`);
        const who = p.querySelector(".plate-name .who");
        return [p.classList.contains("away"), who ? who.textContent : ""];
    }""", seat))


def test_a_seat_comes_online_and_goes_away_on_the_other_pages(live: LiveServer, browser: Any) -> None:
    page = new_page(browser)
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(json.loads(data))))
    t = create_table(live, page, "nap", ["human", "human"])
    page.goto(live.url + t["seats"][0]["url"])
    page.wait_for_selector("#board .plate[data-seat='1']")
    assert plate_says(page, 1) == (True, "away")
    SeatClient(live, t, 1).close()  # its link opened once before (the first time, the table notes it: a state)
    for _ in range(200):  # until the page has heard it go again
        if {"type": "presence", "seat": 1, "online": False} in frames:
            break
        page.wait_for_timeout(50)
    assert plate_says(page, 1) == (True, "away")
    states = sum(f["type"] == "state" for f in frames)
    frames[:] = [f for f in frames if f["type"] != "presence"]
    for _ in range(3):
        bea = SeatClient(live, t, 1)
        page.wait_for_function("() => !document.querySelector(\"#board .plate[data-seat='1']\")"
                               ".classList.contains('away')")
        assert plate_says(page, 1) == (False, "")
        bea.close()
        page.wait_for_function("() => document.querySelector(\"#board .plate[data-seat='1']\")"
                               ".classList.contains('away')")
        assert plate_says(page, 1) == (True, "away")
    assert sum(f["type"] == "state" for f in frames) == states  # presence frames only, no state again
    assert [f for f in frames if f["type"] == "presence"] == [
        {"type": "presence", "seat": 1, "online": online} for _ in range(3) for online in (True, False)]
    assert page.js_errors == []
