"""A damaged or wrong database file, and durability, against the real server (``cardtable serve``)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from websockets.sync.client import connect

from cardtable.web.app import create_app
from cardtable.web.store import Store

from .conftest import WS, create, free_port, server_of, ws_url
from .test_kill import start, state

pytestmark = pytest.mark.timeout(90)


def damaged_room(db: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """A room of two tables, then a page in the middle of the log, holding only the second table's actions,
    overwritten on disk: (intact, damaged). New actions still go to the log's last page, which is sound."""
    with TestClient(create_app(db, bot_delay=0, max_bot_tables=0)) as c:
        intact = create(c, "nap", ["human", "human"])
        with c.websocket_connect(ws_url(intact, 1)) as raw:
            ws = WS(raw)
            ws.act(ws.my_turn_or_over()["view"]["legal"][0])
            ws.state_until(lambda x: x["rev"] == 1)
        damaged = create(c, "nap", ["random"] * 4, deals=14)  # its bots play 14 deals by themselves
        deadline = time.time() + 60
        while not (row := server_of(c).store.table(damaged["id"])) or not row.finished:
            assert time.time() < deadline
            time.sleep(0.05)
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = con.execute("PRAGMA page_size").fetchone()[0]
    leaves = [p for (p,) in con.execute("SELECT pageno FROM dbstat WHERE name = 'actions' AND pagetype = 'leaf' "
                                        "ORDER BY path")]  # in the log's order
    con.close()
    assert len(leaves) >= 3  # the intact table's action is in the first leaf, written first; new ones go last
    with open(db, "r+b") as f:  # the second leaf: its cell pointers smashed
        f.seek((leaves[1] - 1) * size + 8)
        f.write(b"\xff" * 200)
    return intact, damaged


def test_a_damaged_database_is_reported_and_only_its_tables_refused(tmp_path: Path) -> None:
    db, port = tmp_path / "room.db", free_port()
    intact, damaged = damaged_room(db)
    p = start(db, port)
    try:
        base = f"http://127.0.0.1:{port}"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{base}/api/tables/{damaged['id']}")
        assert refused.value.code == 409
        said = json.load(refused.value)["error"]
        assert f"table {damaged['id']} cannot be read" in said and "damaged" in said
        with connect(f"ws://127.0.0.1:{port}{ws_url(damaged, None)}") as ws:  # a frame saying why, then close
            f = json.loads(ws.recv(timeout=20))
            assert f["type"] == "error" and "damaged" in f["error"]
        health = json.load(urllib.request.urlopen(f"{base}/api/health"))
        assert health["damage"] and "damage" in health["damage"][0]
        with connect(f"ws://127.0.0.1:{port}{ws_url(intact, 0)}") as ws:  # the other table plays on
            f = state(ws)
            assert f["view"]["turn"] == 0
            ws.send(json.dumps({"type": "act", "action": f["view"]["legal"][0], "rev": 1, "deal": 1}))
            assert state(ws, lambda x: x["rev"] == 2)["view"]["history"][1][0] == 0
    finally:
        p.kill()
        p.wait()
        out = p.output()
    lines = out.splitlines()
    assert lines[0].startswith("cardtable serving on http://127.0.0.1:")
    assert any("warning: the database is damaged: SQLite's integrity check found damage" in line for line in lines)


def test_a_file_that_is_no_database_stops_serve_with_one_line(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("Nap: bid 3, lost; Loo: looed twice\n" * 300)
    for extra in ([], ["--workers", "2"]):
        r = subprocess.run([sys.executable, "-m", "cardtable.cli.app", "serve", "--port", str(free_port()),
                            "--db", str(notes), *extra], capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and r.stdout == ""
        assert r.stderr.splitlines() == [f"error: {notes} is not a cardtable database (SQLite says: file is not a "
                                         "database)"], r.stderr
    assert notes.read_text().startswith("Nap: bid 3")
    r = subprocess.run([sys.executable, "-m", "cardtable.cli.app", "serve", "--port", str(free_port()), "--db",
                        str(tmp_path / "room.db"), "--workers", "2"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "needs a PostgreSQL database" in r.stderr


@pytest.mark.parametrize(("durability", "synchronous"), [("normal", 1), ("full", 2)])
def test_durability(tmp_path: Path, durability: str, synchronous: int) -> None:
    """``full`` syncs SQLite's log at every commit (synchronous=FULL): safe from a power cut; ``normal``
    (WAL, synchronous=NORMAL) is safe from the process being killed."""
    store = Store(tmp_path / "room.db", durability=durability)
    with store.read() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == synchronous
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    store.close()
    with pytest.raises(ValueError, match="durability is one of normal, full"):
        Store(tmp_path / "room.db", durability="fast")
