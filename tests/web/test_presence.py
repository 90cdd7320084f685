"""Sockets opened and closed in a loop against the real server (``cardtable serve``): watchers get a small
``presence`` frame when a seat comes online or goes away, never the whole state again, and one address may
open only so many WebSockets in a moment (issue 31, "Socket churn amplifies": 12 churns a second took 40
spectators from 5 to 28 state frames a second)."""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from .servers import running_server
from .test_connections import people_table, post

pytestmark = pytest.mark.timeout(180)


def frames_until_pong(ws: ClientConnection) -> list[dict[str, Any]]:
    """Every frame the server sent ``ws`` before answering a ping sent now (its frames are sent in order)."""
    ws.send(json.dumps({"type": "ping"}))
    out: list[dict[str, Any]] = []
    while True:
        f = json.loads(ws.recv(timeout=30))
        if f["type"] == "pong":
            return out
        out.append(f)


def test_socket_churn_sends_watchers_presence_frames_not_states(tmp_path: Path) -> None:
    spectators, churns = 20, 30
    with running_server(tmp_path / "room.db", "--bot-jobs", "0",
                        env={"CARDTABLE_LIMITS": json.dumps({"connect": ""})}) as (_, url):
        table = people_table(url)
        base = url.replace("http", "ws") + f"/ws/{table['id']}"
        seat = [f"{base}?token={s['token']}" for s in table["seats"]]
        with contextlib.ExitStack() as stack:
            ann = stack.enter_context(connect(seat[0]))
            ann_state = next(f for f in frames_until_pong(ann) if f["type"] == "state")
            with connect(seat[1]) as bea:  # the second seat's link opened once (the table notes it: a state)
                frames_until_pong(bea)
            while (f := json.loads(ann.recv(timeout=30))) != {"type": "presence", "seat": 1, "online": False}:
                ann_state = f if f["type"] == "state" else ann_state
            watchers = [stack.enter_context(connect(base)) for _ in range(spectators)]
            for w in watchers:
                frames_until_pong(w)  # the sheet and the state each gets on opening
            for _ in range(churns):  # a spectator's socket comes and goes: nothing for the others
                with connect(base) as c:
                    assert json.loads(c.recv(timeout=30))["type"] == "sheet"
            for _ in range(churns):  # the second seat's socket comes and goes: it is online, then away
                with connect(seat[1]) as c:
                    assert json.loads(c.recv(timeout=30))["type"] == "sheet"
                    assert json.loads(c.recv(timeout=30))["type"] == "state"
                    assert json.loads(ann.recv(timeout=30)) == {"type": "presence", "seat": 1, "online": True}
                # the server has seen it go before it comes again (else it would still be online: no news)
                assert json.loads(ann.recv(timeout=30)) == {"type": "presence", "seat": 1, "online": False}
            for w in watchers:
                got = frames_until_pong(w)
                kinds = Counter(f["type"] for f in got)
                assert kinds == {"presence": 2 * churns}, kinds  # not one state frame
                assert got[:2] == [{"type": "presence", "seat": 1, "online": True},
                                   {"type": "presence", "seat": 1, "online": False}]
                assert got[-1] == {"type": "presence", "seat": 1, "online": False}
            # A move still reaches every watcher, once, with the seats' presence in it.
            with connect(seat[1]) as bea:
                views = [ann_state, next(f for f in frames_until_pong(bea) if f["type"] == "state")]
                mover = views[ann_state["view"]["turn"]]
                [ann, bea][mover["you"]].send(json.dumps({"type": "act", "action": mover["view"]["legal"][-1],
                                                          "rev": mover["rev"]}))
                acked = [ann, bea][mover["you"]]
                while not ((f := json.loads(acked.recv(timeout=30)))["type"] == "state" and f["rev"] == 1):
                    pass  # the move is recorded: every watcher's frame is queued before its pong
                for w in watchers:
                    got = frames_until_pong(w)
                    states = [f for f in got if f["type"] == "state"]
                    assert [f["type"] for f in got] == ["presence", "state"], got
                    assert [s["online"] for s in states[0]["table"]["seats"]] == [True, True]
                    assert states[0]["rev"] == 1


def test_one_address_may_open_only_so_many_websockets_in_a_moment(tmp_path: Path) -> None:
    """The default limit is 30 in 10 seconds; the next is closed with code 1013 and told how long to wait."""
    with running_server(tmp_path / "room.db", "--bot-jobs", "0") as (_, url):
        table = people_table(url)
        base = url.replace("http", "ws") + f"/ws/{table['id']}"
        for _ in range(30):
            with connect(base) as c:
                assert json.loads(c.recv(timeout=30))["type"] == "sheet"
        with connect(base) as c:
            f = json.loads(c.recv(timeout=30))
            assert f["type"] == "error" and f["retry_after"] >= 1, f
            assert "too many connections opened from your address just now (at most 30 per 10 seconds" in f["error"]
            with pytest.raises(ConnectionClosed) as closed:
                c.recv(timeout=30)
        assert closed.value.rcvd is not None
        assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1013, "too many connections opened just now")


def test_a_seat_link_opened_first_changes_what_is_offered_and_everyone_gets_the_state(tmp_path: Path) -> None:
    """At a table listed in the lobby, a seat whose link nobody has opened is offered to newcomers; its link
    opened, it is offered no more — a change of the table, not only of presence: every watcher gets the state."""
    with running_server(tmp_path / "room.db", "--bot-jobs", "0") as (_, url):
        status, t = post(url, "/api/tables", {"game": "nap", "players": 3, "seats": [{"kind": "human"}] * 3})
        assert status == 201
        token = [s["token"] for s in t["seats"]]
        assert post(url, f"/api/tables/{t['id']}/public", {"public": True, "token": token[0]})[0] == 200
        base = url.replace("http", "ws") + f"/ws/{t['id']}"
        with connect(base) as watcher:
            first = next(f for f in frames_until_pong(watcher) if f["type"] == "state")
            assert [s.get("open", False) for s in first["table"]["seats"]] == [False, True, True]
            with connect(f"{base}?token={token[2]}") as cy:
                assert next(f for f in frames_until_pong(cy) if f["type"] == "state")["you"] == 2
                got = frames_until_pong(watcher)
                assert [f["type"] for f in got] == ["state"], got
                assert [s.get("open", False) for s in got[0]["table"]["seats"]] == [False, True, False]
                assert got[0]["table"]["seats"][2]["online"]
            assert json.loads(watcher.recv(timeout=30)) == {"type": "presence", "seat": 2, "online": False}
            with connect(f"{base}?token={token[2]}") as cy:  # the link opened before: presence only
                frames_until_pong(cy)
                assert frames_until_pong(watcher) == [{"type": "presence", "seat": 2, "online": True}]
