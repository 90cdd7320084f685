"""Every game at the table in a real browser (Playwright driving Debian's chromium), at desktop and phone sizes:
a whole match of one deal, a person against random bots, every action done by clicks as a person would. At every
few moves the page is checked: no script or console error, nothing scrolls sideways, no engine words (seat
numbers, raw bids, card codes, rule-gap ids...) in the visible text; the seats sit around the table in playing
order; the end of the deal shows the settlement in names and its arithmetic. A screenshot of each game's table
is kept in test-artifacts/ (table-<game>-<size>.png, and -end.png)."""

from __future__ import annotations

import itertools
import json
import math
import random
import secrets
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardtable as ct
from cardtable.web import present
from cardtable.web.protocol import plain
from cardtable.words import ante_lines

from .conftest import DESKTOP, PHONE, LiveServer, create_table, new_page, shot
from .driver import as_shown, do, felt_seats, my_turn_or_settled, page_problems

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

SIZES = {"desktop": DESKTOP, "phone": PHONE, "small": {"width": 360, "height": 700}}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("table") / "table.db", bot_delay=0) as server:
        yield server


def seats_go_round(page: Any, players: int, you: int) -> None:
    """The player's own seat is at the bottom; going clockwise on the screen from there come the next seats in
    playing order (the next player on the left), each plate at its own place around the felt."""
    places = {s: (x, y) for s, x, y in felt_seats(page)}
    assert sorted(places) == list(range(players))
    x0, y0 = places[you]
    assert y0 > 0.6 and abs(x0) < 0.2, places  # at the bottom, in the middle
    angles = []
    for k in range(players):
        x, y = places[(you + k) % players]
        a = math.atan2(y, x)  # screen coordinates: y grows downwards, so the angle grows clockwise
        while a < math.pi / 2 - 1e-6:
            a += 2 * math.pi
        angles.append(a)
    assert all(b - a > 0.2 for a, b in itertools.pairwise(angles)), (angles, places)
    if players >= 3:
        assert places[(you + 1) % players][0] < 0  # the next player sits on the left


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", [g.id for g in ct.games()])
def test_a_whole_match_at_the_table(live: LiveServer, browser: Any, game: str, size: str,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    info = ct.game_info(game)
    n = min(max(info.default_players, info.min_players), info.max_players)
    play_a_match(live, browser, monkeypatch, game, n, size)


@pytest.mark.parametrize(("game", "players"), [("spoil-five", 10), ("three-card-loo", 10), ("michigan", 8),
                                               ("coon-can", 8), ("auction-forty-five", 6), ("fan-tan", 8)])
def test_a_full_table_on_a_small_phone(live: LiveServer, browser: Any, game: str, players: int,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    play_a_match(live, browser, monkeypatch, game, players, "small")


class Player:
    """The person at the first seat, playing by clicks a move chosen at random (melds and lay-offs preferred: they
    end a rummy deal sooner); every few moves the page is checked (:func:`page_problems`), and once cards are on
    the table, a screenshot ``picture`` is taken."""

    def __init__(self, page: Any, rng: random.Random, picture: str, full: bool = False) -> None:
        self.page, self.rng, self.picture, self.full = page, rng, picture, full
        self.problems: set[str] = set()
        self.ways: set[str] = set()
        self.moves = 0
        self.pictured = False

    def move(self, table: Any) -> None:
        page = self.page
        if not self.pictured and (self.moves >= 3 or page.locator("#board .felt .played, #board .felt .tboard .card")
                                  .count()):
            shot(page, self.picture, full=self.full)
            self.pictured = True
        if self.moves % 4 == 0:
            self.problems.update(page_problems(page))
        legal = table.deal.legal()
        building = [a for a in legal if a.startswith(("meld ", "layoff "))]
        self.ways.add(do(page, self.rng.choice(building if building and self.rng.random() < 0.8 else legal)))
        self.moves += 1

    def to_the_end_of_the_match(self, live: LiveServer, tid: str) -> tuple[int, str]:
        """Play deal after deal, each next deal by its button, until the match is over: (deals settled, the
        settlement's heading)."""
        page = self.page
        settled = 0
        while True:
            if my_turn_or_settled(page):
                self.move(live.hub.tables[tid])
                continue
            settled += 1
            self.problems.update(page_problems(page))
            heading: str = page.locator("#settlement h2").inner_text()
            if page.locator("#next-deal").count() == 0:
                return settled, heading
            assert heading == f"Deal {settled} settled"
            page.click("#next-deal")
            page.wait_for_function(
                f"document.querySelector('.side-title')?.textContent.startsWith('Deal {settled + 1} ')")

    def sheet_has_every_deal(self, table: Any, settled: int) -> None:
        """The score sheet: a row for every deal settled, and the match totals."""
        page = self.page
        page.keyboard.press("s")
        page.wait_for_selector("table.sheet")
        assert page.locator("table.sheet tbody tr:not(.total)").count() == settled
        totals = page.locator("table.sheet tr.total td").all_inner_texts()[1:1 + table.game.players]
        assert [x.replace("−", "-") for x in totals] == [str(plain(x)) for x in table.match.totals]
        page.keyboard.press("Escape")


def play_a_match(live: LiveServer, browser: Any, monkeypatch: pytest.MonkeyPatch, game: str, n: int,
                 size: str) -> None:
    page = new_page(browser, SIZES[size])
    # the same deal and the same bots' choices at every run (the table's seed), so that a failure repeats
    monkeypatch.setattr(secrets, "randbelow", lambda k: zlib.crc32(f"{game}/{size}/{n}".encode()) % k)
    t = create_table(live, page, game, ["human"] + ["random"] * (n - 1), deals=1)
    monkeypatch.undo()
    page.goto(live.url + t["seats"][0]["url"])
    player = Player(page, random.Random(f"{game}/{size}/{n}"), f"table-{game}-{size}{'' if size != 'small' else n}",
                    full=True)
    while my_turn_or_settled(page):
        if player.moves == 0:
            seats_go_round(page, n, 0)
        player.move(live.hub.tables[t["id"]])
    problems = player.problems | set(page_problems(page))
    shot(page, f"table-{game}-{size}{'' if size != 'small' else n}-end", full=True)
    assert not problems, sorted(problems)
    # The end of the match: the settlement in names (the antes in one line), each seat's arithmetic, the chips
    # left in the pools shared out.
    table = live.hub.tables[t["id"]]
    res = table.deal.result()
    assert "Match over" in page.locator("#settlement h2").inner_text()
    names = [s.name for s in table.seats]
    want = [as_shown(line) for line in ante_lines([present.in_names(line, names) for line in res.lines])]
    want = [w[:1].upper() + w[1:] for w in want]
    assert page.locator("#settlement .lines li").all_inner_texts() == want
    rows = page.locator("#settlement table.deltas tbody tr").evaluate_all(
        "rs => rs.map(r => [...r.children].map(c => c.innerText))")
    for seat, (name, before, delta, after) in enumerate(rows):
        assert name == names[seat]
        assert delta.replace("−", "-").lstrip("+") == str(plain(res.deltas[seat]))
        assert after.replace("−", "-") == f"= {plain(table.match.totals[seat])}"
        if isinstance(plain(res.deltas[seat]), int):  # the arithmetic: before + this deal = the match total
            assert int(before.replace("−", "-")) + res.deltas[seat] == table.match.totals[seat]
    # the match is over: the chips left in the pools are shared out (docs/decisions.md POOL-END), none carried
    assert "carried forward" not in page.locator("#settlement").inner_text()
    if any(res.pools.values()):
        assert "shared out equally" in page.locator("#settlement .left-over").inner_text()
    if size == "desktop":  # the score sheet, and the match record (every deal replayable)
        page.keyboard.press("s")
        sheet = page.locator("table.sheet tbody tr").first.locator("td").all_inner_texts()
        assert [x.replace("−", "-").lstrip("+") for x in sheet[2:2 + n]] == \
            [str(plain(d)) for d in res.deltas]
        page.keyboard.press("Escape")
        with page.expect_download() as download:
            page.locator("#settlement a.button", has_text="Download").click()
        record = json.loads(Path(download.value.path()).read_text())
        assert record["format"] == "cardtable-match/1" and len(record["deals"]) == 1
        assert ct.replay(record["deals"][0]).result().to_json() == res.to_json()
    assert page.js_errors == []
    page.context.close()


@pytest.mark.timeout(900)
@pytest.mark.parametrize("game", ["nap", "schafkopf", "michigan", "pope-joan"])
def test_a_match_of_the_games_own_length(live: LiveServer, browser: Any, game: str,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A match as the table plays it by default (these games have no target: each player deals twice), by clicks:
    after each deal its settlement, then the next deal by its button, until the match is over; the score sheet
    then has a row for every deal and the match totals, and the record replays every deal. Michigan and Pope
    Joan carry the chips left on the board from deal to deal."""
    n = ct.game_info(game).default_players
    page = new_page(browser, DESKTOP)
    monkeypatch.setattr(secrets, "randbelow", lambda k: zlib.crc32(f"{game}/match".encode()) % k)
    t = create_table(live, page, game, ["human"] + ["random"] * (n - 1))
    monkeypatch.undo()
    page.goto(live.url + t["seats"][0]["url"])
    player = Player(page, random.Random(f"{game}/match"), f"match-{game}-table")
    settled, heading = player.to_the_end_of_the_match(live, t["id"])
    table = live.hub.tables[t["id"]]
    assert not player.problems, sorted(player.problems)
    assert heading == f"Match over — deal {settled} settled"
    assert table.match_over and settled == len(table.match.results) == 2 * n
    player.sheet_has_every_deal(table, settled)
    with page.expect_download() as download:
        page.locator("#settlement a.button", has_text="Download").click()
    record = json.loads(Path(download.value.path()).read_text())
    assert len(record["deals"]) == settled
    for k, deal in enumerate(record["deals"]):
        assert ct.replay(deal).result().to_json() == table.match.results[k].to_json()
    shot(page, f"match-{game}", full=True)
    assert page.js_errors == []
    page.context.close()
