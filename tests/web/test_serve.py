"""Bad frames against the real server (``cardtable serve``: uvicorn's WebSocket limits, not the test client's)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosedError
from websockets.sync.client import connect

from cardtable.web.protocol import MAX_FRAME

from .conftest import free_port
from .test_kill import start, state

pytestmark = pytest.mark.timeout(60)


def error(ws: object) -> dict[str, object]:
    while True:
        f = json.loads(ws.recv(timeout=20))  # type: ignore[attr-defined]
        if f["type"] == "error":
            return f  # type: ignore[no-any-return]


def test_oversized_frames_on_the_real_server(tmp_path: Path) -> None:
    """A frame over the protocol's limit gets an error frame and the connection carries on; one over the
    transport's limit (1 MiB) is refused by uvicorn with close code 1009 and its reason, and the table is
    untouched for the reconnecting client."""
    port = free_port()
    p = start(tmp_path / "serve.db", port)
    try:
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", method="POST",
                                     data=json.dumps({"game": "nap", "players": 2,
                                                      "seats": [{"kind": "human"}] * 2}).encode(),
                                     headers={"content-type": "application/json"})
        t = json.load(urllib.request.urlopen(req))
        link = f"ws://127.0.0.1:{port}/ws/{t['id']}?token={t['seats'][1]['token']}"
        with connect(link, max_size=None) as ws:
            f = state(ws)
            assert f["view"]["turn"] == 1
            for size in (MAX_FRAME + 1, 60_000, 500_000):
                ws.send(json.dumps({"type": "act", "action": "x" * size}))
                e = error(ws)
                assert f"the limit is {MAX_FRAME}" in str(e["error"])
            ws.send("{not json")
            assert "malformed JSON" in str(error(ws)["error"])
            ws.send(json.dumps({"type": "act", "action": "x" * 1_100_000}))
            with pytest.raises(ConnectionClosedError) as closed:
                while True:
                    ws.recv(timeout=20)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
            assert "exceeds limit" in closed.value.rcvd.reason
        with connect(link) as ws:  # the page reconnects: the same table, nothing logged
            again = state(ws)
            assert (again["rev"], again["view"]["history"]) == (0, [])
            ws.send(json.dumps({"type": "act", "action": again["view"]["legal"][0], "rev": 0}))
            assert state(ws, lambda x: x["rev"] == 1)["view"]["history"] == [[1, again["view"]["legal"][0]]]
    finally:
        p.kill()
        p.wait()
