"""Tables in memory are bounded: a real ``cardtable serve`` process lets idle tables go (finished ones first)
beyond its bound, and a table let go is rebuilt from the log, whole, when it is next wanted."""

from __future__ import annotations

import json
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from .conftest import free_port
from .servers import start_server
from .test_kill import state

pytestmark = pytest.mark.timeout(240)
BOUND = 6


def get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(url, method="POST", data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def serve(db: Path, port: int, **env: str) -> subprocess.Popen[bytes]:
    """``cardtable serve`` with these settings, once it answers (the shared helper, its deadline scaled to the
    machine); ``--bot-tables 0``: one address may make as many tables of bots only as the test needs."""
    proc, _ = start_server(db, "--bot-tables", "0", port=port, env=env)
    return proc


def test_finished_tables_are_let_go_beyond_the_bound_and_rebuilt_whole(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    p = serve(tmp_path / "held.db", port, CARDTABLE_MAX_TABLES=str(BOUND), CARDTABLE_BOT_TABLES="0",
              CARDTABLE_LIMITS=json.dumps({"create": ""}))
    try:
        assert get(f"{url}/api/health")[1]["max_tables"] == BOUND
        tids = [post(f"{url}/api/tables", {"game": "nap", "players": 3, "deals": 2, "speed": "instant",
                                           "seats": [{"kind": "random"}] * 3})["id"] for _ in range(5 * BOUND)]
        records: dict[str, Any] = {}
        deadline = time.time() + 150
        while len(records) < len(tids) and time.time() < deadline:
            for tid in tids:
                if tid not in records:
                    code, body = get(f"{url}/api/tables/{tid}/record")
                    if code == 200:
                        records[tid] = body
            time.sleep(0.2)
        assert len(records) == len(tids), f"{len(records)} of {len(tids)} tables finished"
        time.sleep(6)  # past the few seconds a table just used is always kept
        get(f"{url}/api/tables/{tids[-1]}")  # a table wanted: the room trims as it loads it
        held = get(f"{url}/api/health")[1]["tables_held"]
        assert held <= BOUND, f"{held} tables held, the bound is {BOUND}"
        # The first table was let go long ago: it is rebuilt from the log with its whole history.
        first = tids[0]
        code, again = get(f"{url}/api/tables/{first}/record")
        assert code == 200 and again == records[first] and len(again["deals"]) == 2
        assert all(len(d["actions"]) > 0 for d in again["deals"])
        with connect(f"ws://127.0.0.1:{port}/ws/{first}") as ws:
            f = state(ws)
        assert f["view"]["over"] and f["match"]["over"] and f["match"]["deals_done"] == 2
        assert get(f"{url}/api/health")[1]["tables_held"] <= BOUND + 1
    finally:
        p.terminate()
        p.wait()


def test_unfinished_tables_beyond_the_bound_are_let_go_least_recently_used_first_and_play_on(
        tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    p = serve(tmp_path / "lru.db", port, CARDTABLE_MAX_TABLES=str(BOUND), CARDTABLE_LIMITS=json.dumps({"create": ""}))
    try:
        tables = [post(f"{url}/api/tables", {"game": "nap", "players": 2, "seats": [{"kind": "human"}] * 2})
                  for _ in range(BOUND + 4)]
        for t in tables:  # each opened in turn (the first is the least recently used)
            assert get(f"{url}/api/tables/{t['id']}")[0] == 200
            time.sleep(0.05)
        time.sleep(6)  # past the few seconds a table just used is always kept
        get(f"{url}/api/tables/{tables[-1]['id']}")
        held = get(f"{url}/api/health")[1]["tables_held"]
        assert held <= BOUND, f"{held} tables held, the bound is {BOUND}"
        # the first table was let go: its seat's link rebuilds it from the log and its player plays on
        first = tables[0]
        with connect(f"ws://127.0.0.1:{port}/ws/{first['id']}?token={first['seats'][1]['token']}") as ws:
            f = state(ws)
            assert (f["deal"], f["rev"], f["view"]["turn"]) == (1, 0, 1)
            move = f["view"]["legal"][0]
            ws.send(json.dumps({"type": "act", "action": move, "rev": 0}))
            after = state(ws, lambda x: x["rev"] == 1)
        assert after["view"]["history"] == [[1, move]]
        assert get(f"{url}/api/health")[1]["tables_held"] <= BOUND + 1
    finally:
        p.terminate()
        p.wait()
