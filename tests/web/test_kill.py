"""``cardtable serve`` killed with SIGKILL mid-deal loses no acknowledged action."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from .conftest import free_port
from .servers import ServerProcess, start_server

pytestmark = pytest.mark.timeout(60)


def start(db: Path, port: int) -> ServerProcess:
    """``cardtable serve`` on ``port`` with ``db``, once it answers (the shared helper: its deadline is scaled to
    the machine's load, and a server that exits early is reported with its output)."""
    proc, _ = start_server(db, port=port)
    return proc


def state(ws: Any, pred: Any = lambda f: True) -> dict[str, Any]:
    while True:
        f = json.loads(ws.recv(timeout=20))
        if f["type"] == "state" and pred(f):
            return f


def test_kill_9_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db, port = tmp_path / "kill.db", free_port()
    p = start(db, port)
    try:
        for _ in range(100):  # the line is printed once the server listens; give its output a moment to land
            if "cardtable serving on http://127.0.0.1:" in p.output():
                break
            time.sleep(0.05)
        assert "cardtable serving on http://127.0.0.1:" in p.output()
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", method="POST",
                                     data=json.dumps({"game": "nap", "players": 3, "seats": [{"kind": "human"}] * 3})
                                     .encode(), headers={"content-type": "application/json"})
        table = json.load(urllib.request.urlopen(req))
        links = [f"ws://127.0.0.1:{port}/ws/{table['id']}?token={s['token']}" for s in table["seats"]]
        with contextlib.ExitStack() as stack:
            socks = [stack.enter_context(connect(link)) for link in links]
            f = state(socks[0])
            for rev in range(5):  # whoever is to act acts; the state frame after it is the acknowledgement
                seat = f["view"]["turn"]
                mine = state(socks[seat], lambda x, r=rev: x["rev"] == r)
                socks[seat].send(json.dumps({"type": "act", "action": mine["view"]["legal"][-1], "rev": rev}))
                f = state(socks[seat], lambda x, r=rev: x["rev"] == r + 1)
            acked = f
            os.kill(p.pid, signal.SIGKILL)  # at once after the last acknowledgement
    finally:
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
    p = start(db, port)
    try:
        with connect(links[acked["you"]]) as w:
            again = state(w)
        assert (again["rev"], again["view"]) == (acked["rev"], acked["view"])
        assert len(again["view"]["history"]) == 5
    finally:
        p.terminate()
        p.wait()
