"""The records of a deal at the table, in a real browser (Playwright driving Debian's chromium): the move list
numbers its tricks right when a move that is not a card is made in the middle of a trick, and the match's end
says what becomes of the chips left in the pools; between deals, the table waits for everyone, or counts down."""

from __future__ import annotations

import json
import random
import re
import secrets
import time
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

import cardtable as ct
from cardtable.core import match as match_module

from .conftest import DESKTOP, LiveServer, SeatClient, create_table, new_page
from .driver import do, my_turn_or_settled

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("records") / "records.db", bot_delay=0) as server:
        yield server


def robbing_table(live: LiveServer, page: Any, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """A Spoil Five table where the person (the first seat) holds the trump ace and is not the first to lead: he
    robs at his first turn, in the middle of the first trick. The deals' keys are counted up, so that the table
    found is the same at every run."""
    keys = iter(range(1, 10_000))
    monkeypatch.setattr(match_module, "new_key", lambda: next(keys).to_bytes(32, "big"))
    monkeypatch.setattr(secrets, "randbelow", lambda k: 777 % k)  # the bots' choices: the table's seed
    game = ct.load("spoil-five", players=4)
    for _ in range(300):
        t = create_table(live, page, "spoil-five", ["human", "random", "random", "random"], deals=1)
        row = live.hub.store.deals(t["id"])[0]
        start = game.deal(deck=row.deck, dealer=row.dealer)
        if start.rob_pending == 0 and start.turn != 0 and start.phase == "play":
            monkeypatch.undo()
            return t
    raise AssertionError("no deal of 300 gave the first seat the trump ace")


def test_a_rob_in_the_middle_of_a_trick_keeps_the_tricks_numbered(live: LiveServer, browser: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # seed 003_30d3d4dac9c6032b.txt, Spoil Five, "Robbing the Trump": "a player who does hold the ace of that suit
    # may exchange any card in his hand for the turned-up card when it is his turn to play" — which may come after
    # others have played to the first trick. The move list keeps that rob in the first trick's line: the tricks
    # numbered from 1 to the last, each with its winner.
    page = new_page(browser, DESKTOP)
    t = robbing_table(live, page, monkeypatch)
    page.goto(live.url + t["seats"][0]["url"])
    table = live.hub.tables[t["id"]]
    rng = random.Random("rob-mid-trick")
    assert my_turn_or_settled(page)
    assert table.deal.trick, "others have played to the first trick before the person's turn"
    rob = sorted(a for a in table.deal.legal() if a.startswith("rob "))[0]
    do(page, rob)
    while my_turn_or_settled(page):
        do(page, rng.choice(table.deal.legal()))
    # five tricks, or fewer: "The first player to win three tricks takes the pool, and the deal ends there"
    played = sum(table.deal.tricks_won)
    assert played >= 3
    heads = page.locator("#log li.log-trick-plays .who").all_inner_texts()
    assert heads == [f"Trick {i}:" for i in range(1, played + 1)], heads
    assert page.locator("#log li.log-trick").count() == played
    first = page.locator("#log li.log-trick-plays").first.inner_text()
    assert "Rob with" in first, first  # the rob is said inside the first trick's line
    assert page.js_errors == []
    page.context.close()


def test_the_panel_says_what_becomes_of_the_chips_left_at_the_match_end(live: LiveServer, browser: Any,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # Pope Joan's rules text, "The end of a deal": "Chips left on the money cards are carried to the next deal" —
    # there is none after the match's last: they are shared out equally (docs/decisions.md POOL-END), and the
    # settlement says so with the final totals, never "carried forward"; the scores beside the table are final.
    page = new_page(browser, DESKTOP)
    keys = iter(range(1, 10_000))
    monkeypatch.setattr(match_module, "new_key", lambda: next(keys).to_bytes(32, "big"))
    monkeypatch.setattr(secrets, "randbelow", lambda k: 4242 % k)
    t = create_table(live, page, "pope-joan", ["human", "random", "random", "random"], deals=1)
    monkeypatch.undo()
    page.goto(live.url + t["seats"][0]["url"])
    table = live.hub.tables[t["id"]]
    rng = random.Random("pope-joan-left")
    while my_turn_or_settled(page):
        do(page, rng.choice(table.deal.legal()))
    left = sum(v for v in table.deal.result().pools.values() if v)
    assert table.match_over and left, "chips are left on the money cards"
    panel = page.locator("#settlement").inner_text()
    assert "carried forward" not in panel, panel
    said = page.locator("#settlement .left-over").inner_text()
    assert f"the {left} chips left (" in said and "shared out equally" in said, said
    final = table.match.final_totals()
    assert sum(final) == 0
    shown = page.locator(".mini-scores td").all_inner_texts()
    assert [Fraction(x.replace("−", "-")) for x in shown] == final, shown
    assert page.js_errors == []
    page.context.close()


def test_the_next_deal_waits_for_everyone_at_the_table(live: LiveServer, browser: Any) -> None:
    # Ann presses "Next deal" while Bea still reads the settlement: Ann's page says it waits for Bea, the table
    # stays on the settlement, and the next deal starts once Bea is ready too.
    page = new_page(browser, DESKTOP)
    t = create_table(live, page, "nap", ["human", "human", "random", "random"], deals=2)
    page.goto(live.url + t["seats"][0]["url"])
    page.wait_for_selector("#board .hand")
    bea = SeatClient(live, t, 1)
    table = live.hub.tables[t["id"]]
    rng = random.Random("next-deal-ready")
    try:
        while not table.deal.over:
            turn = table.deal.turn
            if turn == 0 and my_turn_or_settled(page):
                do(page, rng.choice(table.deal.legal()))
            elif turn == 1:
                bea.wait(lambda f: f["rev"] == table.logged)
                bea.act(rng.choice(table.deal.legal()))
            else:
                time.sleep(0.02)
        page.wait_for_selector("#settlement #next-deal")
        page.click("#next-deal")
        page.wait_for_selector("#settlement #next-deal[disabled]")
        said = page.locator("#between-deals").inner_text()
        assert "waiting for Bea" in said, said
        assert page.locator("#settlement h2").inner_text() == "Deal 1 settled" and table.deal_no == 1
        bea.wait(lambda f: f["table"]["ready"] == [0])  # Bea's page is told Ann is ready
        bea.ws.send(json.dumps({"type": "next"}))
        page.wait_for_function("document.querySelector('.side-title')?.textContent.startsWith('Deal 2 ')")
        assert table.deal_no == 2 and not table.deal.over
    finally:
        bea.close()
    assert page.js_errors == []
    page.context.close()


def test_a_countdown_to_the_next_deal_is_shown_to_all(live: LiveServer, browser: Any) -> None:
    # The creator picked a countdown: the settlement counts down to the next deal, which starts by itself.
    page = new_page(browser, DESKTOP)
    live.hub.countdown = 3.0
    t = create_table(live, page, "nap", ["human", "random", "random", "random"], deals=2, between="countdown")
    page.goto(live.url + t["seats"][0]["url"])
    table = live.hub.tables[t["id"]]
    rng = random.Random("next-deal-countdown")
    while my_turn_or_settled(page):
        do(page, rng.choice(table.deal.legal()))
    said = page.locator("#next-countdown").inner_text()
    assert re.fullmatch(r"The next deal starts in [123] seconds?, or as soon as everyone is ready\.", said), said
    page.wait_for_function("document.querySelector('.side-title')?.textContent.startsWith('Deal 2 ')",
                           timeout=10_000)
    assert table.deal_no == 2
    assert page.js_errors == []
    page.context.close()
