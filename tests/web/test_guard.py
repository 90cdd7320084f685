"""Security: headers on every response, huge bodies refused before they are read, rate limits with Retry-After,
WebSockets per address and messages per WebSocket limited."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardtable.web.app import create_app
from cardtable.web.guard import CSP, MAX_BODY

from .conftest import WS, free_port

pytestmark = pytest.mark.timeout(90)

PAGES = ["/", "/t/000000000000", "/rules/nap", "/rules/no-such-game", "/api/games", "/api/health",
         "/api/tables/000000000000", "/static/style.css", "/static/home.js", "/no/such/page", "/api/lobby",
         "/account", "/leaderboard", "/u/nobody", "/api/me", "/api/leaderboard/nap"]


def assert_guarded(headers: object, where: str) -> None:
    h = headers  # a case-insensitive mapping
    assert h["content-security-policy"] == CSP, where  # type: ignore[index]
    assert "script-src 'self';" in CSP and "unsafe-inline' ;" not in CSP and "'unsafe-eval'" not in CSP
    assert h["x-content-type-options"] == "nosniff", where  # type: ignore[index]
    assert h["x-frame-options"] == "DENY" and "frame-ancestors 'none'" in CSP, where  # type: ignore[index]
    assert h["referrer-policy"] == "no-referrer", where  # type: ignore[index]


def test_every_response_has_the_security_headers(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "h.db", bot_delay=0, bot_jobs=0), raise_server_exceptions=False) as c:
        for path in PAGES:
            r = c.get(path)
            assert_guarded(r.headers, path)
        r = c.post("/api/tables", content=b"{", headers={"content-type": "application/json"})
        assert r.status_code == 400
        assert_guarded(r.headers, "400")
        r = c.post("/api/tables", content=b"x" * (MAX_BODY + 1))
        assert r.status_code == 413
        assert_guarded(r.headers, "413")
        assert "strict-transport-security" not in r.headers  # only over HTTPS
    with TestClient(create_app(tmp_path / "h.db", bot_delay=0, bot_jobs=0), base_url="https://room.example") as c:
        r = c.get("/")
        assert_guarded(r.headers, "https")
        assert r.headers["strict-transport-security"].startswith("max-age=")


def test_pages_carry_no_inline_script() -> None:
    """The CSP forbids inline script, so no page may rely on one (nor on an inline event handler)."""
    static = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "static"
    for page in static.glob("*.html"):
        text = page.read_text()
        for tag in text.split("<script")[1:]:
            assert tag.split(">")[0].strip().startswith('type="module" src=') or " src=" in tag.split(">")[0], page
            assert tag.split(">", 1)[1].startswith("</script>"), page
        assert " onclick=" not in text and " onload=" not in text and "javascript:" not in text, page


def rss(pid: int, field: str) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise AssertionError(field)


def push(port: int, mib: int, chunked: bool) -> bytes:
    chunk = b"x" * (1 << 20)
    head = ("POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + ("Transfer-Encoding: chunked\r\n" if chunked else f"Content-Length: {mib << 20}\r\n") + "\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(head.encode())
        try:
            for _ in range(mib):
                s.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n" if chunked else chunk)
        except OSError:
            pass  # refused: the server closed the connection without reading on
        try:
            return s.recv(100)
        except OSError:
            return b""


def test_a_huge_body_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """200 MiB sent to the real server (declared, then chunked): 413, and the server's peak memory stays flat
    (before the limit was enforced while reading, the same body raised the peak by about 400 MiB)."""
    port = free_port()
    env = {**os.environ, "CARDTABLE_BOT_JOBS": "0"}
    p = subprocess.Popen([sys.executable, "-m", "cardtable.cli.app", "serve", "--port", str(port), "--db",
                          str(tmp_path / "b.db"), "--bot-jobs", "0"], env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        peak = rss(p.pid, "VmHWM")
        for chunked in (False, True):
            answer = push(port, 200, chunked)
            assert answer.startswith(b"HTTP/1.1 413") or answer == b"", answer
            time.sleep(0.3)
        grown = rss(p.pid, "VmHWM") - peak
        assert grown < 16, f"the server's peak memory grew by {grown:.1f} MiB"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=5) as r:  # still serving
            assert r.status == 200
    finally:
        p.kill()
        p.wait()


def test_table_creation_is_rate_limited_with_retry_after(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "r.db", bot_delay=0, bot_jobs=0,
                               limits={"create": "3/minute"})) as c:
        body = {"game": "nap", "players": 2, "seats": [{"kind": "human"}, {"kind": "random"}]}
        assert [c.post("/api/tables", json=body).status_code for _ in range(3)] == [201] * 3
        r = c.post("/api/tables", json=body)
        assert r.status_code == 429
        assert 1 <= int(r.headers["retry-after"]) <= 60
        assert "3 per minute" in r.json()["error"]
        assert_guarded(r.headers, "429")


def _table(c: TestClient) -> dict[str, Any]:
    r = c.post("/api/tables", json={"game": "nap", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def test_an_address_holds_a_limited_number_of_websockets(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "s.db", bot_delay=0, bot_jobs=0, limits={"sockets": "2"})) as c:
        tid = _table(c)["id"]
        with c.websocket_connect(f"/ws/{tid}") as a, c.websocket_connect(f"/ws/{tid}") as b:
            WS(a).state_until(lambda f: True)
            WS(b).state_until(lambda f: True)
            with c.websocket_connect(f"/ws/{tid}") as third:
                f = third.receive_json()
                assert f["type"] == "error" and "too many connections" in f["error"] and "at most 2" in f["error"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 1013  # "try again later": the page reconnects after a pause
        with c.websocket_connect(f"/ws/{tid}") as again:  # closed sockets no longer count
            assert WS(again).state_until(lambda f: True)["you"] is None


def test_messages_on_one_websocket_are_rate_limited(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "m.db", bot_delay=0, bot_jobs=0, limits={"message": "5/minute"})) as c:
        tid = _table(c)["id"]
        with c.websocket_connect(f"/ws/{tid}") as raw, c.websocket_connect(f"/ws/{tid}") as raw2:
            ws, other = WS(raw), WS(raw2)
            for _ in range(5):
                ws.send({"type": "ping"})
                ws.until(lambda f: f["type"] == "pong")
            ws.send({"type": "ping"})
            e = ws.until(lambda f: f["type"] in ("pong", "error"))
            assert e["type"] == "error" and "too many messages" in e["error"] and "5 per minute" in e["error"]
            assert 1 <= e["retry_after"] <= 60
            other.send({"type": "ping"})  # counted per connection: another socket still talks
            assert other.until(lambda f: f["type"] in ("pong", "error"))["type"] == "pong"


def test_replays_are_rate_limited(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "p.db", bot_delay=0, bot_jobs=0, limits={"replay": "2/minute"})) as c:
        t = _table(c)
        with c.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as r0, \
                c.websocket_connect(f"/ws/{t['id']}?token={t['seats'][1]['token']}") as r1:
            seats = [WS(r0), WS(r1)]
            f = seats[0].state_until(lambda x: True)
            while not f["view"]["over"]:
                mover = seats[f["view"]["turn"]]
                g = latest_state(mover, f["rev"])
                mover.act(g["view"]["legal"][0])
                f = seats[0].state_until(lambda x, r=f["rev"]: x["rev"] > r)
            ws = seats[0]
            for _ in range(2):
                ws.send({"type": "replay", "deal": 1})
                assert ws.until(lambda x: x["type"] in ("replay", "error"))["type"] == "replay"
            ws.send({"type": "replay", "deal": 1})
            e = ws.until(lambda x: x["type"] in ("replay", "error"))
            assert e["type"] == "error" and "too many replays" in e["error"] and e["retry_after"] >= 1


def latest_state(ws: WS, rev: int) -> dict[str, Any]:
    """The socket's state at position ``rev`` (already received, or the next one that is)."""
    if ws.state is not None and ws.state["rev"] == rev:
        return ws.state
    return ws.state_until(lambda x: x["rev"] == rev)
