"""A flood of connections against the real server (``cardtable serve``: uvicorn, real sockets, SQLite):
idle and slow connections are closed, connections are capped per address and in all, the file limit is
raised at start, and forwarded addresses are trusted only when ``serve`` is told to (issue 31, "The room under
abuse": "Idle and slow connections are never closed", "Forwarded addresses trusted from localhost")."""

from __future__ import annotations

import contextlib
import json
import resource
import select
import socket
import statistics
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from .servers import ServerProcess, ready_deadline, start_server, stop_server

pytestmark = pytest.mark.timeout(180)


@contextlib.contextmanager
def serving(db: Path, *args: str, files: int | None = None, env: dict[str, str] | None = None
            ) -> Iterator[tuple[ServerProcess, str]]:
    """``cardtable serve`` with ``args``; ``files``: the soft open-files limit it starts under (as after
    ``ulimit -n files``), this process's own being raised to its hard limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # this test holds thousands of sockets itself
    try:
        if files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (files, hard))
        try:
            proc, url = start_server(db, "--bot-jobs", "0", *args, env=env)
        finally:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        try:
            yield proc, url
        finally:
            stop_server(proc)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def post(url: str, path: str, body: Any, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    req = urllib.request.Request(url + path, method="POST", data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def people_table(url: str) -> dict[str, Any]:
    status, table = post(url, "/api/tables", {"game": "nap", "players": 2, "seats": [{"kind": "human"}] * 2})
    assert status == 201, table
    return table  # type: ignore[no-any-return]


def open_from(address: str, port: int) -> socket.socket:
    """A TCP connection to the server from ``address`` (any of 127.0.0.0/8 is this machine)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(address, 0))
    s.setblocking(False)
    return s


def held(s: socket.socket) -> bool:
    """Whether the server still holds ``s`` open without having answered."""
    try:
        s.recv(1, socket.MSG_PEEK)  # an answer, or the end: no longer held
    except BlockingIOError:
        return True
    except OSError:
        pass
    return False


def answer(s: socket.socket, timeout: float) -> bytes:
    """What the server writes before closing ``s`` (within ``timeout`` seconds)."""
    s.setblocking(True)
    s.settimeout(timeout)
    data = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := s.recv(4096):
            data += chunk
    return data


def play(url: str, table: dict[str, Any], actions: int) -> list[float]:
    """Two people play ``actions`` moves over their WebSockets; the seconds from each proposal to its
    acknowledgement (the acting seat's next state frame)."""
    base = url.replace("http", "ws") + f"/ws/{table['id']}?token="
    waits: list[float] = []
    with connect(base + table["seats"][0]["token"]) as a, connect(base + table["seats"][1]["token"]) as b:
        socks = [a, b]
        latest: list[dict[str, Any]] = [{}, {}]

        def state(i: int, deal: int, rev: int) -> dict[str, Any]:
            while (latest[i].get("deal", 0), latest[i].get("rev", -1)) < (deal, rev):
                f = json.loads(socks[i].recv(timeout=10))
                if f["type"] == "state":
                    latest[i] = f
            return latest[i]

        f = state(0, 1, 0)
        while len(waits) < actions:
            if f["view"]["over"]:  # the next deal, once both people are ready
                for sock in socks:
                    sock.send(json.dumps({"type": "next"}))
                f = state(0, f["deal"] + 1, 0)
                continue
            seat = f["view"]["turn"]
            mine = state(seat, f["deal"], f["rev"])
            started = time.perf_counter()
            socks[seat].send(json.dumps({"type": "act", "action": mine["view"]["legal"][-1], "rev": mine["rev"]}))
            f = state(seat, mine["deal"], mine["rev"] + 1)
            waits.append(time.perf_counter() - started)
    return waits


def test_a_table_plays_while_2000_idle_connections_are_held_and_they_are_closed(tmp_path: Path) -> None:
    """Started under a soft limit of 1,024 open files (the limit that let 1,100 idle connections take the
    service down), the server raises it to the hard limit, holds 2,000 idle connections from 20 addresses while
    two people play on, refuses the 129th connection of one address with the reason, and closes every idle
    connection once the request timeout has passed."""
    timeout = 20.0
    with serving(tmp_path / "room.db", "--request-timeout", str(timeout), files=1024) as (_, url):
        port = port_of(url)
        table = people_table(url)
        opened = time.monotonic()
        idle = [open_from(f"127.0.0.{2 + i // 100}", port) for i in range(2000)]
        one = [open_from("127.0.0.99", port) for _ in range(129)]
        try:
            time.sleep(0.5)
            assert sum(held(s) for s in idle) == 2000
            assert all(held(s) for s in one[:128])
            refused = answer(one[128], 10).decode()
            assert refused.startswith("HTTP/1.1 503 "), refused
            assert "too many connections from your address: 128 are open" in refused
            with urllib.request.urlopen(url + "/api/games", timeout=10) as r:  # the room still answers
                assert r.status == 200
            waits = play(url, table, 12)
            assert len(waits) == 12
            assert time.monotonic() - opened < timeout, "the play took longer than the test allows for"
            assert sum(held(s) for s in idle) == 2000  # all still held while the table played
            print(f"\n2000 idle connections held; 12 actions acknowledged: median {statistics.median(waits)*1000:.1f}"
                  f" ms, slowest {max(waits)*1000:.1f} ms")
            for s in idle[::50]:
                said = answer(s, timeout + 10).decode()
                assert said.startswith("HTTP/1.1 408 "), said
            closed_by = time.monotonic() - opened
            assert closed_by < timeout + 10
            time.sleep(1)
            assert sum(held(s) for s in idle) == 0
        finally:
            for s in idle + one:
                s.close()


def test_slowloris_clients_are_cut_off_after_the_request_timeout(tmp_path: Path) -> None:
    """Clients that send their headers one byte a second are answered 408 and closed once the request timeout
    has passed, while a normal request is answered at once."""
    timeout = 3.0
    with serving(tmp_path / "room.db", "--request-timeout", str(timeout)) as (_, url):
        port = port_of(url)
        request = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: " + b"x" * 200
        slow = {open_from(f"127.0.1.{1 + i // 25}", port): time.monotonic() for i in range(150)}
        sent = dict.fromkeys(slow, 0)
        closed: dict[socket.socket, float] = {}
        answers: dict[socket.socket, bytes] = {}
        deadline = time.monotonic() + timeout + 10
        try:
            while len(closed) < len(slow) and time.monotonic() < deadline:
                for s in slow:
                    if s not in closed and sent[s] < len(request):
                        with contextlib.suppress(OSError):
                            s.send(request[sent[s]:sent[s] + 1])
                            sent[s] += 1
                ready, _, _ = select.select([s for s in slow if s not in closed], [], [], 1.0)
                for s in ready:
                    try:
                        chunk = s.recv(4096)
                    except OSError:
                        chunk = b""
                    answers[s] = answers.get(s, b"") + chunk
                    if not chunk:
                        closed[s] = time.monotonic()
                with urllib.request.urlopen(url + "/api/games", timeout=5) as r:
                    assert r.status == 200
            assert len(closed) == len(slow), f"{len(slow) - len(closed)} slow clients still open"
            longest = max(closed[s] - slow[s] for s in slow)
            print(f"\n{len(slow)} slowloris clients, request timeout {timeout:g} s: all closed, the last after "
                  f"{longest:.2f} s")
            assert longest < timeout + ready_deadline(2.5), longest  # near the timeout: the slack grows with the load
            assert all(a.startswith(b"HTTP/1.1 408 ") for a in answers.values())
            assert all(sent[s] < len(request) for s in slow)  # cut off before they finished their headers
        finally:
            for s in slow:
                s.close()


def test_a_full_server_refuses_new_connections_with_the_reason(tmp_path: Path) -> None:
    with serving(tmp_path / "room.db", "--max-connections", "40", "--max-per-address", "0") as (_, url):
        port = port_of(url)
        socks = [open_from("127.0.0.1", port) for _ in range(40)]
        try:
            time.sleep(0.3)
            assert all(held(s) for s in socks)
            extra = open_from("127.0.0.1", port)
            said = answer(extra, 10).decode()
            assert said.startswith("HTTP/1.1 503 ") and "the server is full: 40 connections are open" in said
            extra.close()
            socks.pop().close()  # one closes: room for one again
            time.sleep(0.3)
            with urllib.request.urlopen(url + "/api/games", timeout=10) as r:
                assert r.status == 200
        finally:
            for s in socks:
                s.close()


def test_oversized_headers_are_refused_and_the_connection_closed(tmp_path: Path) -> None:
    with serving(tmp_path / "room.db") as (_, url):
        s = socket.create_connection(("127.0.0.1", port_of(url)), timeout=10)
        with contextlib.suppress(OSError):  # the server may close before all is sent
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n" + b"X-Big: " + b"y" * 100_000 + b"\r\n")
        said = answer(s, 10).decode()
        s.close()
        assert said.startswith("HTTP/1.1 431 ") and "headers are over 65536 bytes" in said, said
        with urllib.request.urlopen(url + "/api/games", timeout=10) as r:
            assert r.status == 200


@pytest.mark.parametrize("trusting", [False, True])
def test_forwarded_addresses_are_trusted_only_when_serve_is_told(tmp_path: Path, trusting: bool) -> None:
    """Without ``--proxy-headers`` a request from 127.0.0.1 that says ``X-Forwarded-For: 1.2.3.4`` is counted
    against 127.0.0.1 (uvicorn's own default would trust it from localhost); with ``--proxy-headers
    --forwarded-allow-ips 127.0.0.1`` against 1.2.3.4."""
    flags = ["--proxy-headers", "--forwarded-allow-ips", "127.0.0.1"] if trusting else []
    with serving(tmp_path / "room.db", *flags, env={"CARDTABLE_LIMITS": json.dumps({"create": "2/minute"})}
                 ) as (_, url):
        body = {"game": "nap", "players": 2, "seats": [{"kind": "human"}] * 2}
        for _ in range(2):
            status, _ = post(url, "/api/tables", body, {"X-Forwarded-For": "1.2.3.4"})
            assert status == 201
        status, answer_ = post(url, "/api/tables", body)  # from 127.0.0.1 itself
        if trusting:
            assert status == 201, answer_
            assert post(url, "/api/tables", body, {"X-Forwarded-For": "1.2.3.4"})[0] == 429
        else:
            assert status == 429, answer_
            assert "too many requests" in answer_["error"]


@pytest.mark.parametrize("protocol", ["GuardedH11", "GuardedHttp"])
def test_the_gate_works_with_either_of_uvicorns_http_protocols(tmp_path: Path, protocol: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The gate wraps h11 as it wraps httptools (``serve`` uses httptools when installed): a request trickled
    past the deadline is answered 408, a connection over the address's cap 503, a normal request 200."""
    import threading

    import uvicorn

    from cardtable.web import gate
    from cardtable.web.app import create_app

    from .servers import free_port

    monkeypatch.setattr(gate, "_GATE", gate.Gate(gate.Limits(per_address=3, request_timeout=1.0)))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(tmp_path / "room.db", bot_jobs=0), host="127.0.0.1",
                                           port=port, log_level="warning", http=f"cardtable.web.gate:{protocol}",
                                           ws="cardtable.web.gate:GuardedWebSockets"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=10) as r:
            assert r.status == 200
        slow = open_from("127.0.0.1", port)
        slow.send(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        started = time.monotonic()
        assert answer(slow, 10).startswith(b"HTTP/1.1 408 ")
        assert time.monotonic() - started < 3
        held_ = [open_from("127.0.0.3", port) for _ in range(3)]
        time.sleep(0.2)
        extra = open_from("127.0.0.3", port)
        assert answer(extra, 10).startswith(b"HTTP/1.1 503 ")
        for s in [slow, extra, *held_]:
            s.close()
        time.sleep(0.2)
        assert gate._GATE is not None and gate._GATE.total == 0  # every closed connection released
        t = people_table(f"http://127.0.0.1:{port}")
        with connect(f"ws://127.0.0.1:{port}/ws/{t['id']}") as ws:  # a WebSocket counts until it closes
            ws.recv(timeout=10)
            time.sleep(0.2)
            assert gate._GATE.total == 1
        time.sleep(0.3)
        assert gate._GATE.total == 0
    finally:
        server.should_exit = True
        thread.join(10)
