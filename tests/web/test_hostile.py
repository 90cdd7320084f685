"""A hostile page, a guesser and bad input against the real server (``cardtable serve``, real sockets): writes from
other sites refused, limits counted per address as well as per browser, forwarded addresses not trusted unless
told, logins throttled per name and per address, and no 500 or silent drop for damaged pages, deep JSON or
lone surrogates."""

from __future__ import annotations

import http.client
import json
import logging
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from .servers import running_server

pytestmark = pytest.mark.timeout(120)

NAP2 = {"game": "nap", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
BOTS = {"game": "nap", "players": 2, "seats": [{"kind": "random"}, {"kind": "random"}]}
NO_LIMITS = json.dumps({"create": "", "join": "", "register": "", "login": "", "login_name": ""})


def call(base: str, method: str, path: str, body: Any = None, *, address: str = "127.0.0.1",
         headers: dict[str, str] | None = None, raw: bytes | None = None) -> tuple[int, dict[str, Any], Any]:
    """One request from ``address`` (any of 127.0.0.0/8: each is another client to the server):
    (status, headers, JSON body)."""
    u = urlsplit(base)
    conn = http.client.HTTPConnection(u.hostname or "", u.port, timeout=30, source_address=(address, 0))
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    hdrs = {"content-type": "application/json"} if data is not None else {}
    hdrs.update(headers or {})
    try:
        conn.request(method, path, body=data, headers=hdrs)
        r = conn.getresponse()
        text = r.read()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, json.loads(text) if text else None
    finally:
        conn.close()


def ws_url(base: str, table: dict[str, Any], seat: int | None) -> str:
    q = f"?token={table['seats'][seat]['token']}" if seat is not None else ""
    return base.replace("http://", "ws://") + f"/ws/{table['id']}{q}"


def frame(ws: Any, kind: str, pred: Any = lambda f: True, timeout: float = 20) -> dict[str, Any]:
    """The next frame of type ``kind`` (that ``pred`` accepts)."""
    while True:
        f = json.loads(ws.recv(timeout=timeout))
        if f["type"] == kind and pred(f):
            return f  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One server for the cross-site and bad-input tests: no rate limits, one proxy origin allowed."""
    db = tmp_path_factory.mktemp("hostile") / "room.db"
    with running_server(db, "--bot-jobs", "0", env={"CARDTABLE_LIMITS": NO_LIMITS,
                                                    "CARDTABLE_ORIGINS": "https://cards.example"}) as (_, url):
        yield url


# ------------------------------------------------------------ a hostile page
def test_writes_from_other_sites_are_refused(room: str) -> None:
    """A page of another site cannot create tables, sign up, log in or out, or take a seat for its visitors:
    403 with the reason; a script (no Origin), our own pages and an allowed proxy origin are served."""
    evil = {"origin": "https://evil.example"}
    for path, body in [("/api/tables", NAP2), ("/api/register", {"name": "Mallory", "password": "p" * 10}),
                       ("/api/login", {"name": "Mallory", "password": "p" * 10}), ("/api/logout", None),
                       ("/api/tables/000000000000/join", {}), ("/api/tables/000000000000/public", {"public": True})]:
        status, headers, out = call(room, "POST", path, body, headers=evil)
        assert status == 403, (path, status, out)
        assert headers["content-type"] == "application/json"
        assert "https://evil.example" in out["error"] and "other site" in out["error"], out
    for hdrs in ({"sec-fetch-site": "cross-site"}, {"sec-fetch-site": "same-site"}, {"origin": "null"},
                 {"origin": room.replace("127.0.0.1", "localhost")}):
        status, _, out = call(room, "POST", "/api/tables", NAP2, headers=hdrs)
        assert status == 403 and "other site" in out["error"], (hdrs, out)
    for hdrs in ({}, {"origin": room}, {"origin": room, "sec-fetch-site": "same-origin"},
                 {"origin": "https://cards.example"}, {"sec-fetch-site": "none"}):
        status, _, out = call(room, "POST", "/api/tables", NAP2, headers=hdrs)
        assert status == 201, (hdrs, out)


def test_json_endpoints_take_json_only(room: str) -> None:
    """A form post (text/plain, form-encoded) is refused with 415 before anything is done."""
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        for path in ("/api/tables", "/api/register", "/api/login"):
            status, _, out = call(room, "POST", path, raw=json.dumps(NAP2).encode(), headers={"content-type": kind})
            assert status == 415, (path, kind, out)
            assert "application/json" in out["error"] and kind.split(";")[0] in out["error"]
    status, _, out = call(room, "POST", "/api/tables", NAP2,
                          headers={"content-type": "application/json; charset=utf-8"})
    assert status == 201, out


def test_websockets_from_other_sites_are_refused(room: str) -> None:
    """The handshake from a page of another site is answered 403 with the reason; our own page's is served."""
    status, _, table = call(room, "POST", "/api/tables", NAP2)
    assert status == 201
    for hdrs in ({"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"}):
        with pytest.raises(InvalidStatus) as refused:
            connect(ws_url(room, table, 0), additional_headers=hdrs)
        assert refused.value.response.status_code == 403
        assert "other site" in json.loads(refused.value.response.body)["error"]
    for ours in (room, "https://cards.example"):  # our own page, and the allowed proxy origin
        with connect(ws_url(room, table, 0), additional_headers={"Origin": ours}) as ws:
            assert frame(ws, "state")["you"] == 0


# ------------------------------------------------------------ bad input: no 500, no silent drop
def test_deeply_nested_json_is_a_400_and_an_error_frame(room: str) -> None:
    """``[[[[...`` nested thousands deep: 400 with the reason over HTTP; over the socket an error frame, and the
    connection and the table go on."""
    for path in ("/api/tables", "/api/login", "/api/register"):
        status, _, out = call(room, "POST", path, raw=b"[" * 15000)
        assert status == 400, (path, status, out)
        assert "nested too deeply" in out["error"], out
    status, _, table = call(room, "POST", "/api/tables", NAP2)
    with connect(ws_url(room, table, 0)) as ws:
        first = frame(ws, "state")
        for text, said in [("[" * 4000, "nested too deeply"), ("[" * 15000, "frame too large"),
                           ('{"type": "act", "action": ' + "[" * 2000 + "]" * 2000 + "}", "nested too deeply")]:
            ws.send(text)
            e = frame(ws, "error")
            assert said in e["error"], e
        ws.send(json.dumps({"type": "ping"}))
        frame(ws, "pong")
        if first["view"]["turn"] == 0:
            ws.send(json.dumps({"type": "act", "action": first["view"]["legal"][0], "rev": 0}))
            assert frame(ws, "state", lambda f: f["rev"] == 1)["view"]["history"]


def test_a_lone_surrogate_is_refused_with_an_error_frame(room: str) -> None:
    """Half a character (``"\\ud800"``) in an action or a chat line: a clear error frame, and the connection
    goes on (it used to kill the connection's writer: no frame ever again, nothing logged)."""
    status, _, table = call(room, "POST", "/api/tables", NAP2)
    with connect(ws_url(room, table, 0)) as ws, connect(ws_url(room, table, 1)) as other:
        first = {0: frame(ws, "state"), 1: frame(other, "state")}
        for text in ('{"type": "act", "action": "\\ud800"}', '{"type": "chat", "text": "hi \\udc00"}'):
            ws.send(text)
            e = frame(ws, "error")
            assert "surrogate" in e["error"] and "whole characters" in e["error"], e
        ws.send(json.dumps({"type": "ping"}))
        frame(ws, "pong")
        turn = first[0]["view"]["turn"]
        mover = ws if turn == 0 else other
        mover.send(json.dumps({"type": "act", "action": first[turn]["view"]["legal"][0], "rev": 0}))
        assert frame(ws, "state", lambda f: f["rev"] == 1) and frame(other, "state", lambda f: f["rev"] == 1)
    status, _, out = call(room, "POST", "/api/register", raw=b'{"name": "Ann\\ud800", "password": "xxxxxxxxxx"}')
    assert status == 400 and "surrogate" in out["error"], out


# ------------------------------------------------------------ limits per address
def test_the_bot_table_limit_counts_per_address(room_db: str) -> None:
    """Sending no cookie, or a new cookie each time, does not get round the limit of tables of bots only: an
    address has as many as one creator may (2); another address still may create them. (SQLite and
    PostgreSQL: the count is the store's.)"""
    with running_server(room_db, "--bot-jobs", "0", env={"CARDTABLE_LIMITS": NO_LIMITS}) as (_, url):
        statuses = [call(url, "POST", "/api/tables", BOTS)[0] for _ in range(5)]
        assert statuses == [201, 201, 429, 429, 429]
        status, headers, out = call(url, "POST", "/api/tables", BOTS,
                                    headers={"cookie": f"cardtable_guest={secrets.token_urlsafe(16)}"})
        assert status == 429 and "tables of bots only" in out["error"] and "retry-after" in headers
        assert [call(url, "POST", "/api/tables", BOTS, address="127.0.0.2")[0] for _ in range(3)] == [201, 201, 429]
        assert call(url, "POST", "/api/tables", NAP2)[0] == 201  # a table with a person's seat is not limited


def test_forwarded_addresses_are_not_trusted_unless_told(tmp_path: Path) -> None:
    """Without ``--proxy-headers``, ``X-Forwarded-For`` from 127.0.0.1 is not believed: a client cannot name
    itself a new address at each request to escape a rate limit."""
    limits = json.dumps({"create": "3/minute"})
    with running_server(tmp_path / "room.db", "--bot-jobs", "0", env={"CARDTABLE_LIMITS": limits}) as (_, url):
        statuses = [call(url, "POST", "/api/tables", NAP2, headers={"x-forwarded-for": f"10.0.0.{k}"})[0]
                    for k in range(1, 6)]
        assert statuses == [201, 201, 201, 429, 429]


def test_forwarded_addresses_are_believed_from_the_proxies_named(tmp_path: Path) -> None:
    """Told to believe a proxy (uvicorn's proxy headers, from 127.0.0.1 only: what ``serve --proxy-headers
    --forwarded-allow-ips 127.0.0.1`` asks of it), the room counts the address the proxy names, and a client
    elsewhere still cannot name one."""
    import threading

    import uvicorn

    from cardtable.web.app import create_app

    from .servers import free_port

    port = free_port()
    app = create_app(tmp_path / "room.db", bot_jobs=0, limits={"create": "2/minute"})
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           proxy_headers=True, forwarded_allow_ips="127.0.0.1"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.time() + 30
        while not server.started:
            assert time.time() < deadline, "the server did not start"
            time.sleep(0.02)
        url = f"http://127.0.0.1:{port}"

        def made(forwarded: str, address: str = "127.0.0.1") -> int:
            return call(url, "POST", "/api/tables", NAP2, address=address,
                        headers={"x-forwarded-for": forwarded})[0]

        assert [made("10.0.0.1") for _ in range(3)] == [201, 201, 429]  # one person behind the proxy
        assert made("10.0.0.2") == 201  # another
        assert [made(f"10.0.1.{k}", address="127.0.0.2") for k in range(3)] == [201, 201, 429]  # not a proxy
    finally:
        server.should_exit = True
        thread.join(10)


# ------------------------------------------------------------ logins and sign-ups
def test_logins_are_throttled_per_name_and_per_address(tmp_path: Path) -> None:
    """A guesser with many addresses gets the name's few tries between them all, not a few each; people behind
    one address do not lock each other out."""
    with running_server(tmp_path / "room.db", "--bot-jobs", "0") as (_, url):
        for name in ("Ann", "Bob"):
            assert call(url, "POST", "/api/register", {"name": name, "password": f"{name} secret"})[0] == 201
        said = []
        for k in range(2, 10):  # one wrong guess from each of eight addresses
            status, headers, out = call(url, "POST", "/api/login", {"name": "ann", "password": f"guess {k}"},
                                        address=f"127.0.0.{k}")
            said.append(status)
        assert said == [401] * 5 + [429] * 3  # "login_name": 5 a minute for one name, from anywhere
        assert "for this name" in out["error"] and 1 <= int(headers["retry-after"]) <= 60
        for k in range(12):  # one address: many wrong logins to names that do not exist...
            assert call(url, "POST", "/api/login", {"name": f"nobody {k}", "password": "x" * 10},
                        address="127.0.0.20")[0] == 401
        status, _, out = call(url, "POST", "/api/login", {"name": "Bob", "password": "Bob secret"},
                              address="127.0.0.20")
        assert status == 200 and out["account"]["name"] == "Bob"  # ...and another person there logs in


def test_refused_sign_ups_do_not_count_and_waits_are_in_minutes(tmp_path: Path) -> None:
    """Two typos (a bad name, a taken name) do not lock a newcomer out; the wait, once over the limit, is said in
    minutes."""
    with running_server(tmp_path / "room.db", "--bot-jobs", "0") as (_, url):
        assert call(url, "POST", "/api/register", {"name": "Ann", "password": "Ann secret"})[0] == 201
        for body in ({"name": "<Ann>", "password": "x" * 10}, {"name": "ann", "password": "x" * 10},
                     {"name": "Bo", "password": "short"}, {"name": "x", "password": "x" * 10}):
            status, _, out = call(url, "POST", "/api/register", body, address="127.0.0.2")
            assert status in (400, 409), out
        for k in range(5):  # "register": 5 an hour from one address, all of them accepted
            status, _, out = call(url, "POST", "/api/register", {"name": f"Cat {k}", "password": "x" * 10},
                                  address="127.0.0.2")
            assert status == 201, (k, out)
        status, headers, out = call(url, "POST", "/api/register", {"name": "Cat 9", "password": "x" * 10},
                                    address="127.0.0.2")
        assert status == 429 and 3000 < int(headers["retry-after"]) <= 3600
        assert "try again in 60 minutes" in out["error"] or "try again in 59 minutes" in out["error"], out


# ------------------------------------------------------------ a damaged database
def damaged_index(db: Path) -> dict[str, Any]:
    """A room of one table (one action played), then the page of the index of seats by account overwritten on
    disk: creating a table writes that index (its seats); playing the table does not."""
    import sqlite3

    from starlette.testclient import TestClient

    from cardtable.web.app import create_app

    from .conftest import WS, create
    from .conftest import ws_url as local_ws_url

    with TestClient(create_app(db, bot_delay=0, bot_jobs=0)) as c:
        table = create(c, "nap", ["human", "human"])
        with c.websocket_connect(local_ws_url(table, 1)) as raw:
            ws = WS(raw)
            ws.act(ws.my_turn_or_over()["view"]["legal"][0])
            ws.state_until(lambda x: x["rev"] == 1)
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = con.execute("PRAGMA page_size").fetchone()[0]
    (page,) = con.execute("SELECT pageno FROM dbstat WHERE name = 'seats_account'").fetchone()
    con.close()
    with open(db, "r+b") as f:  # its header and cell pointers smashed
        f.seek((page - 1) * size)
        f.write(b"\xff" * 200)
    return table


def test_a_damaged_page_makes_table_creation_a_503_and_the_room_goes_on(tmp_path: Path) -> None:
    """Creating a table on a database with a damaged page: 503 with the reason (never a 500), and the server
    goes on serving the rest: its tables play on."""
    db = tmp_path / "room.db"
    intact = damaged_index(db)
    with running_server(db, "--bot-jobs", "0", env={"CARDTABLE_LIMITS": NO_LIMITS}) as (proc, url):
        for body in (BOTS, NAP2):
            status, headers, out = call(url, "POST", "/api/tables", body)
            assert status == 503, (status, out)
            assert "damaged" in out["error"] and "retry-after" in headers, out
            assert str(db) not in out["error"]  # the file is for the log, not for a player
        assert "a table could not be created" in proc.output() and "malformed" in proc.output()
        assert call(url, "GET", "/api/games")[0] == 200
        with connect(ws_url(url, intact, 0)) as ws:
            f = frame(ws, "state")
            assert f["view"]["turn"] == 0
            ws.send(json.dumps({"type": "act", "action": f["view"]["legal"][0], "rev": 1, "deal": 1}))
            assert frame(ws, "state", lambda f: f["rev"] == 2)["view"]["history"][1][0] == 0


# ------------------------------------------------------------ a writer that dies
def test_a_writer_that_dies_is_logged_and_closes_its_socket(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """If sending a frame fails (a fault of ours), the error is logged and the socket is closed with 1011 and a
    reason, so the page reconnects rather than waiting forever."""
    from .conftest import LiveServer

    with LiveServer(tmp_path / "room.db") as live:
        table = call(live.url, "POST", "/api/tables", NAP2)[2]
        with caplog.at_level(logging.ERROR, logger="cardtable.web"), connect(ws_url(live.url, table, 0)) as ws:
            frame(ws, "state")
            t = live.hub.tables[table["id"]]
            conn = next(iter(t.conns))
            conn.queue.put_nowait('"\ud800"')  # a frame no socket can carry: not UTF-8
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=20)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1011, closed.value
            assert closed.value.rcvd.reason
            deadline = time.time() + 10
            while not any("could not send" in r.getMessage() for r in caplog.records) and time.time() < deadline:
                time.sleep(0.05)
        assert any("could not send" in r.getMessage() and r.exc_info for r in caplog.records), caplog.text
        with connect(ws_url(live.url, table, 0)) as ws:  # the page reconnects: the table is there
            assert frame(ws, "state")["you"] == 0


# ------------------------------------------------------------ a hostile page in a real browser
@pytest.mark.browser
def test_a_page_of_another_site_cannot_make_its_visitors_write(tmp_path: Path, browser: Any) -> None:
    """A visitor's browser on a hostile page (another origin on the same machine) posts a table as a form would
    (``text/plain``, no preflight needed) and opens a seat's WebSocket: neither reaches the room; the room's own
    page in the same browser still creates a table and plays."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from .conftest import LiveServer, new_page

    class Hostile(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = b"<!doctype html><title>Free chips</title><p>Win big"
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    evil = ThreadingHTTPServer(("127.0.0.1", 0), Hostile)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    try:
        with LiveServer(tmp_path / "room.db") as live:
            table = call(live.url, "POST", "/api/tables", NAP2)[2]
            before = len(live.hub.store.table_ids())
            page = new_page(browser)
            page.goto(f"http://127.0.0.1:{evil.server_address[1]}/")
            sent = page.evaluate("""async ([room, link]) => {
                await fetch(room + "/api/tables", {method: "POST", mode: "no-cors", credentials: "include",
                    headers: {"content-type": "text/plain"},
                    body: JSON.stringify({game: "nap", players: 2, seats: [{kind: "random"}, {kind: "random"}]})});
                const opened = await new Promise(done => {
                    const ws = new WebSocket(link);
                    ws.onmessage = () => done("a frame came");
                    ws.onerror = () => done("refused");
                    setTimeout(() => done("no answer"), 10000);
                });
                return opened;
            }""", [live.url, ws_url(live.url, table, 0)])
            assert sent == "refused"
            assert len(live.hub.store.table_ids()) == before  # the hostile post made no table
            page.goto(live.url + "/")  # the room's own page, in the same browser: served
            made = page.evaluate("""async () => (await fetch("/api/tables", {method: "POST",
                headers: {"content-type": "application/json"},
                body: JSON.stringify({game: "nap", players: 2, seats: [{kind: "human"}, {kind: "random"}]})})
                ).status""")
            assert made == 201 and len(live.hub.store.table_ids()) == before + 1
            page.context.close()
    finally:
        evil.shutdown()
