"""The meeting room through the API and WebSockets: quick play (one table for two people pressing Play together,
bots after the wait), notices in the chat, the turn clock, friends and invitations by name, and the creator's
seat links kept for the account; the store's part on both backends."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from cardtable.web.app import create_app
from cardtable.web.store import Store

from .conftest import WS, LiveServer, server_of
from .test_public import other_browser, register

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def room(tmp_path: Path) -> Iterator[TestClient]:
    lenient = {k: "1000/minute" for k in ("create", "join", "register", "login", "quickplay", "friend", "invite")}
    with TestClient(create_app(tmp_path / "room.db", bot_delay=0, bot_jobs=1, limits={**lenient, "message": ""})) as c:
        server_of(c).quick_wait = 60.0
        server_of(c).left_after = 3.0
        yield c


def notices(ws: WS) -> list[str]:
    return [line["text"] for f in ws.frames if f["type"] == "chat" for line in f["lines"] if line["kind"] == "notice"]


def until_notice(ws: WS, words: str) -> None:
    while not any(words in n for n in notices(ws)):
        ws.recv()


# ------------------------------------------------------------- quick play
def test_quick_play_seats_the_second_person_at_the_first_ones_table_and_bots_fill_it_after_the_wait(
        room: TestClient) -> None:
    server_of(room).quick_wait = 3.0
    first = room.post("/api/quickplay", json={"game": "nap", "players": 3, "name": "Ann"})
    assert first.status_code == 201, first.text
    second = other_browser(room).post("/api/quickplay", json={"game": "nap", "players": 3, "name": "Bea"})
    assert second.status_code == 200, second.text
    a, b = first.json(), second.json()
    assert (a["id"], a["seat"], a["created"]) == (b["id"], 0, True) and (b["seat"], b["created"]) == (1, False)
    listed = [t for t in room.get("/api/lobby").json()["tables"] if t["id"] == a["id"]]
    assert [s["open"] for s in listed[0]["seats"]] == [False, False, True]  # listed, one seat free
    with room.websocket_connect(f"/ws/{a['id']}?token={a['token']}") as raw:
        ws = WS(raw)
        state = ws.state_until(lambda f: True)
        assert state["table"]["fill_in"] is not None and 0 < state["table"]["fill_in"] <= 3
        assert state["clock_left"] is None  # no clock runs while the table waits
        # Before the bots sit down nobody may move: the deal has not begun.
        ws.act(state["view"]["legal"][0] if state["view"]["turn"] == 0 else "pass")
        assert "waiting for players" in ws.error()["error"]
        until_notice(ws, "Bots sat down for Cal")
        filled = ws.state_until(lambda f: f["table"]["fill_in"] is None)
        assert [s["kind"] for s in filled["table"]["seats"]] == ["human", "human", "heuristic"]
        assert any("Ann is waiting for players" in n for n in notices(ws))
        assert any("Bea sat down at the table" in n for n in notices(ws))
    assert a["id"] not in [t["id"] for t in room.get("/api/lobby").json()["tables"]]  # no free seat now
    third = room.post("/api/quickplay", json={"game": "nap", "players": 3, "name": "Cy"})
    assert third.json()["id"] != a["id"] and third.json()["created"]  # a started table is not offered


def test_quick_play_starts_at_once_when_people_take_every_seat(room: TestClient) -> None:
    a = room.post("/api/quickplay", json={"game": "nap", "players": 2}).json()
    with room.websocket_connect(f"/ws/{a['id']}?token={a['token']}") as raw:
        ws = WS(raw)
        assert ws.state_until(lambda f: True)["table"]["fill_in"] > 30
        b = other_browser(room).post("/api/quickplay", json={"game": "nap", "players": 2}).json()
        assert b["id"] == a["id"]
        until_notice(ws, "Every seat is taken: the deal begins")
        started = ws.state_until(lambda f: f["table"]["fill_in"] is None)
        assert [s["kind"] for s in started["table"]["seats"]] == ["human", "human"]


def test_quick_play_refuses_a_bad_game_or_number_of_players_in_words(room: TestClient) -> None:
    r = room.post("/api/quickplay", json={"game": "nap", "players": 12})
    assert r.status_code == 400 and "Napoleon is played by 2 to 6 players, not 12" in r.json()["error"]
    r = room.post("/api/quickplay", json={"game": "snap"})
    assert r.status_code == 400 and "snap" in r.json()["error"]
    r = room.post("/api/quickplay", json={"game": "nap", "seats": []})
    assert r.status_code == 400 and "quick play takes game, players and name" in r.json()["error"]
    r = room.post("/api/quickplay", content=b'{"game": "nap"}', headers={"content-type": "text/plain"})
    assert r.status_code == 415
    r = room.post("/api/quickplay", json={"game": "nap"}, headers={"origin": "https://evil.example"})
    assert r.status_code == 403
    assert room.get("/api/lobby").json()["tables"] == []  # nothing was made


def test_two_people_pressing_play_together_land_at_one_table(tmp_path: Path) -> None:
    with LiveServer(tmp_path / "q.db", bot_delay=0) as live:
        live.hub.quick_wait = 60.0
        for round_ in range(3):
            gate = threading.Barrier(4)
            got: list[dict[str, Any]] = []

            def press(name: str, gate: threading.Barrier = gate, got: list[dict[str, Any]] = got) -> None:
                with httpx.Client() as h:
                    gate.wait()
                    r = h.post(f"{live.url}/api/quickplay", json={"game": "nap", "players": 4, "name": name})
                    got.append(r.json())

            people = [threading.Thread(target=press, args=(f"P{round_}{k}",)) for k in range(4)]
            for p in people:
                p.start()
            for p in people:
                p.join(30)
            assert len({g["id"] for g in got}) == 1, got  # one table, not two
            assert sorted(g["seat"] for g in got) == [0, 1, 2, 3]
            assert sum(g["created"] for g in got) == 1


# --------------------------------------------------------------- notices
def test_sitting_down_and_the_stand_ins_countdown_are_said_in_the_chat(room: TestClient) -> None:
    t = room.post("/api/tables", json={"game": "nap", "players": 3, "public": True, "takeover": 60,
                                       "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]}).json()
    with room.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as raw:
        ann = WS(raw)
        ann.state_until(lambda f: True)
        bea = room.post(f"/api/tables/{t['id']}/join", json={"name": "Bea"}).json()
        until_notice(ann, "Bea sat down at the table")
        cal = room.post(f"/api/tables/{t['id']}/join", json={"name": "Cy"}).json()
        until_notice(ann, "Cy sat down at the table")
        # (Leaving and coming back are checked in a real browser: tests/web/test_browser_meet.py.)
        # Whoever is to move and has no page open gets the stand-in's countdown.
        state = ann.state
        assert state is not None
        turn = state["view"]["turn"]
        name = state["table"]["seats"][turn]["name"]
        if turn == 0:  # Ann moves, so that an empty seat is to move
            ann.act(state["view"]["legal"][0])
            state = ann.state_until(lambda f: f["view"]["turn"] != 0)
            name = state["table"]["seats"][state["view"]["turn"]]["name"]
        until_notice(ann, f"{name} is away: a bot plays for {name} in")
    assert cal["name"] == "Cy" and bea["name"] == "Bea"
    assert all("seat 1" not in n.lower() and "None" not in n for n in notices(ann))


# ------------------------------------------------------------- the clock
def test_a_turn_clock_has_the_stand_in_play_when_the_time_is_up(room: TestClient) -> None:
    t = room.post("/api/tables", json={"game": "nap", "players": 3, "public": True, "clock": 5,
                                       "seats": [{"kind": "human"}, {"kind": "heuristic"}, {"kind": "heuristic"}]})
    assert t.status_code == 201, t.text
    table = t.json()
    assert table["clock"] == 5
    with room.websocket_connect(f"/ws/{table['id']}?token={table['seats'][0]['token']}") as raw:
        ws = WS(raw)
        mine = ws.state_until(lambda f: f["view"]["turn"] == 0)
        assert mine["table"]["clock"] == 5 and 0 < mine["clock_left"] <= 5
        began = time.time()
        rev = mine["rev"]
        after = ws.state_until(lambda f: f["rev"] > rev)
        assert time.time() - began >= 3.5  # the time was not up before
        assert after["view"]["history"][rev][0] == 0  # a move was made for seat 0
        until_notice(ws, "Ann's time was up: a bot played for Ann")


def test_a_turn_clock_is_for_public_tables_and_within_bounds(room: TestClient) -> None:
    body = {"game": "nap", "players": 2, "seats": [{"kind": "human"}, {"kind": "heuristic"}]}
    r = room.post("/api/tables", json={**body, "clock": 30})
    assert r.status_code == 400 and "for tables listed in the lobby" in r.json()["error"]
    for bad in (2, 1000, "30", True):
        r = room.post("/api/tables", json={**body, "public": True, "clock": bad})
        assert r.status_code == 400 and "clock is the seconds from 5 to 600" in r.json()["error"], bad


# --------------------------------------------------- friends, invitations
def test_friends_online_and_an_invitation_only_its_invitee_can_answer(room: TestClient) -> None:
    ann, bea, eve = room, other_browser(room), other_browser(room)
    register(ann, "Ann")
    register(bea, "Bea")
    register(eve, "Eve")
    assert ann.post("/api/friends", json={"name": "nobody here"}).status_code == 404
    assert ann.post("/api/friends", json={"name": "Ann"}).status_code == 400
    r = ann.post("/api/friends", json={"name": "bea"})
    assert r.status_code == 201 and r.json() == {"friend": "Bea", "added": True}
    bea.get("/api/social")  # Bea has the home page open: online
    got = ann.get("/api/social").json()
    assert got["friends"] == [{"name": "Bea", "online": True}]
    assert eve.get("/api/social").json()["friends"] == []  # nobody sees another's friends
    t = ann.post("/api/tables", json={"game": "nap", "players": 3, "public": True,
                                      "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "heuristic"}]}).json()
    # Only friends can be invited, only to a free seat, only by someone at the table.
    r = ann.post("/api/invitations", json={"table": t["id"], "seat": 2, "to": "Eve"})
    assert r.status_code == 404 and "not among your friends" in r.json()["error"]
    r = ann.post("/api/invitations", json={"table": t["id"], "seat": 3, "to": "Bea"})
    assert r.status_code == 409 and "seat 3 is not free; free seats: 2" in r.json()["error"]
    eve.post("/api/friends", json={"name": "Bea"})
    r = eve.post("/api/invitations", json={"table": t["id"], "seat": 2, "to": "Bea"})
    assert r.status_code == 403 and "a table you sit at" in r.json()["error"]
    r = ann.post("/api/invitations", json={"table": t["id"], "seat": 2, "to": "Bea"})
    assert r.status_code == 201, r.text
    iid = r.json()["id"]
    waiting = bea.get("/api/social").json()["invitations"]
    assert [(i["id"], i["from"], i["game"], i["seat"]) for i in waiting] == [(iid, "Ann", "Napoleon", 2)]
    assert eve.get("/api/social").json()["invitations"] == []
    assert eve.post(f"/api/invitations/{iid}/accept").status_code == 404  # not hers
    assert eve.post(f"/api/invitations/{iid}/decline").status_code == 404
    r = bea.post(f"/api/invitations/{iid}/accept")
    assert r.status_code == 200, r.text
    seat = r.json()
    assert seat["seat"] == 1 and seat["name"] == "Bea" and seat["url"].startswith(f"/t/{t['id']}?token=")
    assert bea.post(f"/api/invitations/{iid}/accept").status_code == 404  # answered already
    assert bea.get("/api/social").json()["invitations"] == []
    seats = ann.get(f"/api/tables/{t['id']}").json()["seats"]
    assert seats[1]["name"] == "Bea" and "open" not in seats[1]
    guest = TestClient(room.app)
    assert guest.post("/api/friends", json={"name": "Ann"}).status_code == 401


def test_invitations_are_limited_per_account(tmp_path: Path) -> None:
    limits = {"register": "", "invite": "3/minute", "friend": "1000/minute", "create": ""}
    with TestClient(create_app(tmp_path / "r.db", bot_delay=0, bot_jobs=0, limits=limits)) as ann:
        bea = other_browser(ann)
        register(ann, "Ann")
        register(bea, "Bea")
        ann.post("/api/friends", json={"name": "Bea"})
        t = ann.post("/api/tables", json={"game": "nap", "players": 2, "public": True,
                                          "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        codes = [ann.post("/api/invitations", json={"table": t["id"], "seat": 2, "to": "Bea"}).status_code
                 for _ in range(4)]
        assert codes == [201, 201, 201, 429]
        assert len(bea.get("/api/social").json()["invitations"]) == 1  # each replaced the one before


def test_the_creators_seat_links_are_kept_for_the_account_until_opened(room: TestClient) -> None:
    register(room, "Ann")
    t = room.post("/api/tables", json={"game": "nap", "players": 3,
                                       "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]}).json()
    made = {s["seat"]: s["url"] for s in t["seats"]}
    elsewhere = other_browser(room)  # the same account on another device
    r = elsewhere.post("/api/login", json={"name": "Ann", "password": "correct horse"})
    assert r.status_code == 200
    links = elsewhere.get(f"/api/tables/{t['id']}/links").json()["seats"]
    assert [(x["seat"], x["url"]) for x in links] == [(1, made[1]), (2, made[2])]  # not the creator's own
    assert [x["url"] for x in elsewhere.get("/api/social").json()["links"]] == [made[1], made[2]]
    stranger = other_browser(room)
    register(stranger, "Eve")
    assert stranger.get(f"/api/tables/{t['id']}/links").json()["seats"] == []
    assert TestClient(room.app).get(f"/api/tables/{t['id']}/links").status_code == 401
    with room.websocket_connect(made[1].replace("/t/", "/ws/")) as raw:  # Bea opens hers
        WS(raw).state_until(lambda f: True)
    assert [x["seat"] for x in elsewhere.get(f"/api/tables/{t['id']}/links").json()["seats"]] == [2]


# -------------------------------------------------- the store, both backends
def test_the_meeting_rooms_rows_on_both_backends(room_db: str) -> None:
    store = Store(room_db)
    a = store.create_account("Ann", "ann", "x")
    b = store.create_account("Bea", "bea", "x")
    assert store.add_friend(a.id, b.id) and not store.add_friend(a.id, b.id)
    assert [f.name for f in store.friends_of(a.id)] == ["Bea"] and store.friends_of(b.id) == []
    store.note_seen([b.id])
    assert store.friends_of(a.id)[0].online
    assert not store.friends_of(a.id, now=time.time() + 120)[0].online
    now = time.time()
    tid = store.create_table("nap", 3, {}, seed=1, max_deals=None, public=True, fill_at=now - 1, clock=30,
                             seats=[("human", "Ann", "t0", a.id), ("human", "Bea", "t1"), ("human", "Cal", None)],
                             keep_links=a.id)
    assert store.seat_links(a.id) == [(tid, 1, "t1")]
    store.drop_link(tid, 1)
    assert store.seat_links(a.id) == []
    assert store.forming("nap", 3) == [tid] and store.forming("nap", 4) == []
    assert store.fill_due() == [tid]
    assert store.fill_seats(tid, "heuristic") == [2]
    assert store.fill_seats(tid, "heuristic") is None  # once only
    assert [s.kind for s in store.seats(tid)] == ["human", "human", "heuristic"]
    row = store.table(tid)
    assert row is not None and row.clock == 30 and row.fill_at is None and store.fill_due() == []
    iid = store.invite(tid, 2, a.id, b.id)
    assert [i.id for i in store.invitations_to(b.id)] == [iid] and store.pending_from(a.id) == 1
    assert not store.answer_invitation(iid, a.id, "accepted")  # not Ann's to answer
    assert store.answer_invitation(iid, b.id, "declined") and store.invitations_to(b.id) == []
    assert store.remove_friend(a.id, b.id) and store.friends_of(a.id) == []
    assert json.loads(json.dumps(store.counts()))["invitations"] == 1
    store.close()
