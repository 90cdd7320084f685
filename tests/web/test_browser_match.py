"""Every game id played to the end of a match at the table in a real browser (Playwright driving Debian's
chromium), at desktop size: a person at the first seat, every action done by clicks on the cards, the board,
the bid picker and the confirm buttons (never the typed-action box), the other seats bots at instant speed.

The match is the shortest the table offers, a match of two deals (the table's "Deals" setting), for every game:
the first deal's settlement, the next deal by its button, and "Match over" at the end of the second (or sooner,
should a game reach its own target in one deal). Nap, Schafkopf, Michigan and Pope Joan are also played through
their whole default match (each player deals twice) in test_table.py.

At every settlement and every few moves the page is checked: no script or console error, nothing scrolls sideways,
no engine words in the visible text. A screenshot of each game's table in play and at the end of its match is
kept in test-artifacts/ (match-table-<game>.png, match-end-<game>.png)."""

from __future__ import annotations

import random
import secrets
import zlib
from collections.abc import Iterator
from typing import Any

import pytest

import cardtable as ct

from .conftest import DESKTOP, LiveServer, create_table, new_page, shot
from .test_table import Player

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

OWN_LENGTH = {"nap", "schafkopf", "michigan", "pope-joan"}
"""Played through their default match (each player deals twice) in test_table.py."""

PLAYERS = {"domino-fan-tan": 2, "coon-can": 2}
"""The players at each table: the game's fewest (a shorter deal), but these two games' default."""


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("match") / "match.db", bot_delay=0) as server:
        yield server


DEALS = 2
"""The match: two deals."""


@pytest.mark.parametrize("game", [g.id for g in ct.games() if g.id not in OWN_LENGTH])
def test_a_match_to_its_end_by_clicks(live: LiveServer, browser: Any, game: str,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    info = ct.game_info(game)
    n = PLAYERS.get(game, info.min_players)
    page = new_page(browser, DESKTOP)
    # the same deals and the same bots' choices at every run (the table's seed), so that a failure repeats
    monkeypatch.setattr(secrets, "randbelow", lambda k: zlib.crc32(f"{game}/whole-match".encode()) % k)
    t = create_table(live, page, game, ["human"] + ["random"] * (n - 1), deals=DEALS)
    monkeypatch.undo()
    page.goto(live.url + t["seats"][0]["url"])
    player = Player(page, random.Random(f"{game}/whole-match"), f"match-table-{game}")
    settled, heading = player.to_the_end_of_the_match(live, t["id"])
    table = live.hub.tables[t["id"]]
    shot(page, f"match-end-{game}", full=True)
    assert not player.problems, sorted(player.problems)
    assert heading == f"Match over — deal {settled} settled"
    assert table.match_over and settled == len(table.match.results)
    assert settled == DEALS or table.game.match_over(table.match.totals, settled)
    assert player.moves and player.ways <= {"card", "button", "picker", "select", "meld", "stake"}
    player.sheet_has_every_deal(table, settled)
    if game in {"fan-tan", "play-or-pay", "five-or-nine", "domino-fan-tan"}:
        # "The first player to get rid of all his cards wins: he takes the pot" — the settled table shows the pot
        # as it is carried forward (empty once taken), not as it stood before the winner took it.
        carried = table.deal.result().pools
        pot = page.locator(".facts .fact", has=page.locator(".fact-label", has_text="Pot")).locator(".chip-count")
        assert pot.inner_text() == str(carried.get("pot", 0))
    assert page.js_errors == []
    page.context.close()
