"""The bots' speed, a table setting: chosen when the table is made, changed by its creator only, kept in the
store, sent to every seat, and applied by the server's pacing of the bots (the time each bot job becomes ready)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from cardtable.web.app import create_app

from .conftest import WS, create, server_of, ws_url

pytestmark = pytest.mark.timeout(30)


def test_the_speed_is_chosen_at_creation_and_sent_to_every_seat(client: TestClient) -> None:
    t = create(client, "nap", ["human", "human", "random", "random"], speed="fast")
    assert t["speed"] == "fast"
    assert server_of(client).store.table(t["id"]).speed == "fast"
    for seat in (0, 1, None):
        with client.websocket_connect(ws_url(t, seat)) as raw:
            assert WS(raw).state_until(lambda f: True)["table"]["speed"] == "fast"
    assert create(client, "nap", ["human", "random"])["speed"] == "normal"  # by default


@pytest.mark.parametrize("speed", ["quick", 3, None, ""])
def test_a_bad_speed_is_refused_with_the_speeds_allowed(client: TestClient, speed: object) -> None:
    r = client.post("/api/tables", json={"game": "nap", "players": 2, "speed": speed})
    assert r.status_code == 400
    assert "speed is the bots' speed, one of: slow, normal, fast, instant" in r.json()["error"]
    assert server_of(client).store.table_ids() == []


def test_the_creator_changes_the_speed_and_everyone_sees_it(client: TestClient) -> None:
    t = create(client, "nap", ["human", "human", "random", "random"])
    store = server_of(client).store
    with client.websocket_connect(ws_url(t, 0)) as a, client.websocket_connect(ws_url(t, 1)) as b, \
            client.websocket_connect(ws_url(t, None)) as w:
        ann, bea, watcher = WS(a), WS(b), WS(w)
        for ws in (ann, bea, watcher):
            ws.state_until(lambda f: True)
        # Only the creator (the first person's seat) may change it; a bad value is refused; nothing changes.
        bea.send({"type": "speed", "speed": "slow"})
        assert "only the player who made the table" in bea.error()["error"]
        watcher.send({"type": "speed", "speed": "slow"})
        assert "only the player who made the table" in watcher.error()["error"]
        ann.send({"type": "speed", "speed": "glacial"})
        assert "one of: slow, normal, fast, instant; not 'glacial'" in ann.error()["error"]
        ann.send({"type": "speed", "speed": 2})
        assert "a 'speed' message needs 'speed'" in ann.error()["error"]
        assert store.speed(t["id"]) == "normal"
        ann.send({"type": "speed", "speed": "instant"})
        for ws in (ann, bea, watcher):
            assert ws.state_until(lambda f: f["table"]["speed"] == "instant")["table"]["speed"] == "instant"
        said = [x["text"] for f in bea.frames if f["type"] == "chat" for x in f["lines"] if "speed" in x["text"]]
        assert said == ["Ann set the bots' speed to instant"]  # and a notice in the chat
    assert store.speed(t["id"]) == "instant"
    assert store.table(t["id"]).speed == "instant"


def test_a_restart_keeps_the_speed(db: Path) -> None:
    with TestClient(create_app(db, bot_delay=0)) as c:
        t = create(c, "nap", ["human", "random", "random", "random"], speed="slow")
    with TestClient(create_app(db, bot_delay=0)) as c, c.websocket_connect(ws_url(t, 0)) as raw:
        assert WS(raw).state_until(lambda f: True)["table"]["speed"] == "slow"


@pytest.mark.parametrize(("speed", "pause"), [("slow", 1.8), ("normal", 1.0), ("fast", 0.4), ("instant", 0.0)])
def test_the_server_paces_the_bots_by_the_tables_speed(db: Path, speed: str, pause: float) -> None:
    """The server's pause at normal speed (its bot delay, here 2 s) scaled by the table's speed: the first bot
    move's job becomes ready that long after the table is made (no bot worker here plays it)."""
    with TestClient(create_app(db, bot_delay=2.0, bot_jobs=0)) as c:
        before = time.time()
        t = create(c, "nap", ["human", "random", "random", "random"], speed=speed)  # the first deal's dealer: Ann
        after = time.time()
        jobs = [j for j in server_of(c).store.jobs() if j.table_id == t["id"]]
        assert len(jobs) == 1 and jobs[0].seat == 1
        assert before + 2.0 * pause - 0.01 <= jobs[0].run_at <= after + 2.0 * pause + 0.01, (jobs[0].run_at, before)
