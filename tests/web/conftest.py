"""Fixtures of the web tests: an app on a temp SQLite file, WebSocket helpers, a live server for browsers."""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import cardtable as ct
from cardtable.web.app import Server, create_app
from cardtable.web.guard import DEFAULT_LIMITS

CARD = re.compile(r"(?<![A-Za-z0-9=])(?:[AKQJT98765432][SHDC]|JK)(?![A-Za-z0-9])")
"""A card code; not the card a joker stands for (the TC of JK=TC is no card)."""


def card_tokens(obj: Any) -> set[str]:
    """Every card code written anywhere in a frame."""
    return set(CARD.findall(json.dumps(obj)))


def hidden_codes(deal: ct.Deal, seat: int | None) -> set[str]:
    """Codes of cards ``seat`` may not see (a code with a visible twin in two packs is not counted)."""
    hidden = deal.hidden_from(seat)
    visible = deal.visible_to(seat)
    codes = deal.pack.code_of
    seen = {codes[c] for c in range(deal.pack.size) if visible >> c & 1}
    return {codes[c] for c in range(deal.pack.size) if hidden >> c & 1} - seen


class WS:
    """A test client's WebSocket: keeps every frame it receives."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None

    def recv(self) -> dict[str, Any]:
        f = self.ws.receive_json()
        self.frames.append(f)
        if f["type"] == "state":
            self.state = f
        elif f["type"] == "presence" and self.state is not None:  # as the page applies it to its last state
            seats = [dict(x) for x in self.state["table"]["seats"]]
            seats[f["seat"]]["online"] = f["online"]
            self.state = {**self.state, "table": {**self.state["table"], "seats": seats}}
        return f

    def until(self, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        while True:
            f = self.recv()
            if pred(f):
                return f

    def state_until(self, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        return self.until(lambda f: f["type"] == "state" and pred(f))

    def my_turn_or_over(self) -> dict[str, Any]:
        return self.state_until(lambda f: f["view"]["turn"] == f["you"] or f["view"]["over"])

    def send(self, obj: Any) -> None:
        self.ws.send_text(obj if isinstance(obj, str) else json.dumps(obj))

    def act(self, action: str) -> None:
        assert self.state is not None
        self.send({"type": "act", "action": action, "rev": self.state["rev"]})

    def error(self) -> dict[str, Any]:
        return self.until(lambda f: f["type"] == "error")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tables.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    # Scripted seats play whole matches at full speed here (bots without delay): the limit of messages per
    # WebSocket, made for people, is lifted (tests/web/test_guard.py checks it).
    with TestClient(create_app(db, bot_delay=0, limits={"message": ""})) as c:
        yield c


def server_of(c: TestClient) -> Server:
    return c.app.state.server  # type: ignore[attr-defined, no-any-return]


def create(c: TestClient, game: str, kinds: list[str], **body: Any) -> dict[str, Any]:
    r = c.post("/api/tables", json={"game": game, "players": len(kinds), "seats": [{"kind": k} for k in kinds],
                                    **body})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def ws_url(table: dict[str, Any], seat: int | None) -> str:
    if seat is None:
        return f"/ws/{table['id']}"
    return f"/ws/{table['id']}?token={table['seats'][seat]['token']}"


# ------------------------------------------------------------- live server
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """uvicorn in a thread of the test process, on 127.0.0.1 and a free port, with a temp database."""

    def __init__(self, db: Path, bot_delay: float = 0.05, port: int | None = None) -> None:
        import uvicorn

        # Browser tests create many tables from one address: no rate limits here (tests/web/test_guard.py and
        # test_public.py test them).
        self.app = create_app(db, bot_delay=bot_delay, limits={k: "" for k in DEFAULT_LIMITS})
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.time() + 15
        while not self.server.started:
            if time.time() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        assert not self.thread.is_alive(), "the test server did not stop"

    @property
    def hub(self) -> Server:
        return self.app.state.server  # type: ignore[no-any-return]


# ------------------------------------------------------------- PostgreSQL
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The PostgreSQL server of the tests: ``$CARDTABLE_TEST_PG`` (scripts/test.sh starts one from nothing), or
    else a throwaway cluster started here by the same script for this session."""
    url = os.environ.get("CARDTABLE_TEST_PG")
    if url:
        yield url
        return
    where = tempfile.mkdtemp(prefix="cardtable-pg-")  # not under pytest's own temp dir: its owner alone enters
    out = subprocess.run(["bash", str(ROOT / "scripts" / "pg_cluster.sh"), "start", str(where)], check=True,
                         capture_output=True, text=True).stdout
    env = dict(line.removeprefix("export ").split("=", 1) for line in out.splitlines() if line.startswith("export "))
    os.environ.update(env)
    try:
        yield env["CARDTABLE_TEST_PG"]
    finally:
        subprocess.run(["bash", str(ROOT / "scripts" / "pg_cluster.sh"), "stop", str(where)], check=False)
        for k in env:
            os.environ.pop(k, None)


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A new, empty PostgreSQL database for one test (dropped after it)."""
    import psycopg
    from sqlalchemy.engine import make_url

    name = f"ct_{secrets.token_hex(6)}"
    admin = make_url(pg_server)
    with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield admin.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def room_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new room database on each backend: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "room.db")
    return str(request.getfixturevalue("pg_url"))


# ------------------------------------------------------------- browsers
CHROMIUM = "/usr/bin/chromium"
BROWSER_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--no-first-run", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 860}


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One chromium per test process (each xdist worker has its own), a fresh context per page."""
    from playwright import sync_api  # installed by scripts/test.sh: a missing one fails, never skips

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (scripts/test.sh does)")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        yield b
        b.close()


def new_page(browser: Any, viewport: dict[str, int] = DESKTOP, *, motion: bool = False,
             speed: str = "instant") -> Any:
    """A page in a context of its own (another person: its own storage). It notes script errors and console
    errors (``page.js_errors``) and every request (``page.requests``); the bots' speed of the tables it makes is
    ``speed`` (through :func:`create_table`, and the home form's choice) and, unless ``motion``, the browser asks
    for reduced motion (cards do not glide: tests need not wait for them)."""
    # Playwright's wait_for_function evaluates its text in the page, which the room's Content-Security-Policy
    # (no eval) forbids: these contexts bypass it; test_browser_room checks every page runs under it.
    context = browser.new_context(viewport=viewport, reduced_motion="no-preference" if motion else "reduce",
                                  bypass_csp=True)
    context.add_init_script(f"localStorage.setItem('cardtable:speed', {json.dumps(speed)})")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.js_errors = errors
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("websocket", lambda w: requests.append(w.url))
    page.requests = requests
    page.speed = speed
    return page


def shot(page: Any, name: str, full: bool = False) -> None:
    """A screenshot kept in test-artifacts/ (git-ignored), to be looked at."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full)


def create_table(live: LiveServer, page: Any, game: str, kinds: list[str], **body: Any) -> dict[str, Any]:
    """A table made through the API by ``page``'s person, at the page's bots' speed unless ``body`` says."""
    r = page.request.post(f"{live.url}/api/tables", data=json.dumps(
        {"game": game, "players": len(kinds), "seats": [{"kind": k} for k in kinds],
         "speed": getattr(page, "speed", "instant"), **body}),
        headers={"content-type": "application/json"})
    assert r.status == 201, r.text()
    return r.json()  # type: ignore[no-any-return]


class SeatClient:
    """Another person at the table, over the WebSocket protocol (no browser): sees its state frames, acts."""

    def __init__(self, live: LiveServer, table: dict[str, Any], seat: int) -> None:
        from websockets.sync.client import connect

        url = live.url.replace("http", "ws") + f"/ws/{table['id']}?token={table['seats'][seat]['token']}"
        self._stack = contextlib.ExitStack()
        self.ws = self._stack.enter_context(connect(url))
        self.seat = seat
        self.state: dict[str, Any] | None = None
        self.wait(lambda f: True)  # the table is loaded and this seat has its first state

    def wait(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 15) -> dict[str, Any]:
        deadline = time.time() + timeout
        if self.state is not None and pred(self.state):
            return self.state
        while True:
            f = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.time())))
            if f["type"] == "state":
                self.state = f
                if pred(f):
                    return f

    def my_turn(self) -> dict[str, Any]:
        return self.wait(lambda f: f["view"]["turn"] == self.seat and not f["view"]["over"])

    def act(self, action: str) -> None:
        assert self.state is not None
        rev, deal = self.state["rev"], self.state["deal"]
        self.ws.send(json.dumps({"type": "act", "action": action, "rev": rev}))
        self.wait(lambda f: f["rev"] > rev or f["deal"] != deal)

    def close(self) -> None:
        self._stack.close()
