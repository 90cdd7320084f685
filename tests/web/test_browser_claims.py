"""Claims and concessions at the table in a real browser (Playwright driving Debian's chromium): the buttons
come from the legal moves with the engine's words, a refused claim is explained and changes nothing, and a
concession shows the hand to everyone (docs/decisions.md CL-1 … CL-5)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.core.tricks import CLAIM_REFUSED

from .conftest import LiveServer, SeatClient, create_table, new_page, shot
from .driver import do

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("claims") / "room.db", bot_delay=0) as server:
        yield server


def test_claim_and_concede_buttons(room: LiveServer, browser: Any) -> None:
    page = new_page(browser)
    t = create_table(room, page, "nap", ["human", "human"], options={"claims": True})
    bea = SeatClient(room, t, 1)
    try:
        page.goto(room.url + t["seats"][0]["url"])
        bea.my_turn()
        bea.act("pass")  # Bea (on the dealer's left) passes; Ann declares Nap and leads
        page.wait_for_selector(".me-zone.my-turn", timeout=20000)
        do(page, "nap")
        page.wait_for_selector('#board .actions button[data-action="concede"]', timeout=20000)
        claim = page.locator('#board .actions button[data-action="claim"]')
        concede = page.locator('#board .actions button[data-action="concede"]')
        assert claim.inner_text().strip() == "Claim the rest of the tricks"
        assert concede.inner_text().strip() == "Concede the rest of the tricks"
        shot(page, "table-claims")
        deal = room.hub.tables[t["id"]].deal
        history = list(deal.history)
        if deal.why_not("claim") is not None:  # refused: the reason, and nothing changes
            claim.click()
            page.wait_for_selector("#message.error:not([hidden])")
            assert CLAIM_REFUSED in page.locator("#message").inner_text()
            assert room.hub.tables[t["id"]].deal.history == history
            concede.click()
            action = "concede"
        else:
            claim.click()
            action = "claim"
        page.wait_for_selector("#settlement", timeout=20000)
        hand = room.hub.tables[t["id"]].deal.view(0)["claim"]["hand"]
        assert len(hand) == 5
        # Bea, at the other seat, sees the hand shown and the move in words; so does Ann's page.
        state = bea.wait(lambda f: f["view"]["over"])
        assert state["view"]["claim"] == {"seat": 0, "action": action, "hand": hand}
        assert any(m["act"] == action and m["say"].endswith("the rest of the tricks") for m in state["show"]["log"])
        shown = page.locator("#board section[data-seat='0'] .exposed .card")
        assert shown.count() == 5
        assert page.js_errors == []
    finally:
        bea.close()
