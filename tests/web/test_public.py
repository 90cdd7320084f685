"""The public room through the API and WebSockets: the lobby and free seats, a bot standing in for an empty seat,
accounts and sessions, chat, undo, hints and reviews against bots, statistics and ratings."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from starlette.testclient import TestClient, WebSocketDenialResponse

from cardtable.web import social
from cardtable.web.app import create_app

from .conftest import WS, server_of

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def room(tmp_path: Path) -> Iterator[TestClient]:
    lenient = {k: "1000/minute" for k in ("create", "join", "register", "login", "hint")}
    with TestClient(create_app(tmp_path / "room.db", bot_delay=0, bot_jobs=1, limits=lenient)) as c:
        server_of(c).assist_seconds, server_of(c).review_seconds = 0.2, 0.05
        yield c


def make(c: TestClient, kinds: list[str], game: str = "nap", **body: Any) -> dict[str, Any]:
    r = c.post("/api/tables", json={"game": game, "players": len(kinds), "seats": [{"kind": k} for k in kinds],
                                    **body})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def register(c: TestClient, name: str, password: str = "correct horse") -> dict[str, Any]:
    r = c.post("/api/register", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return r.json()["account"]  # type: ignore[no-any-return]


def latest(ws: WS, pred: Any) -> dict[str, Any]:
    """The socket's latest state if ``pred`` holds for it, else the next state for which it does."""
    if ws.state is not None and pred(ws.state):
        return ws.state
    return ws.state_until(pred)


def other_browser(c: TestClient) -> TestClient:
    """A second browser on the same app: its own cookies."""
    b = TestClient(c.app)
    b.__enter__()
    return b


# ------------------------------------------------------------------ lobby
def test_the_lobby_lists_public_tables_with_free_seats_and_one_click_takes_one(room: TestClient,
                                                                                monkeypatch: Any) -> None:
    private = make(room, ["human", "human", "random"])
    public = make(room, ["human", "human", "random"], public=True, options={"misery": True})
    assert "token" in public["seats"][0] and public["seats"][1] == {"seat": 1, "kind": "human", "name": "Bea",
                                                                    "open": True}
    lobby = room.get("/api/lobby").json()["tables"]
    assert [t["id"] for t in lobby] == [public["id"]]  # the private table is by link only
    entry = lobby[0]
    assert (entry["game"], entry["name"], entry["taken"], entry["free"], entry["bots"]) == ("nap", "Napoleon", 2, 1, 1)
    assert entry["options"]["misery"] is True and entry["waited"] >= 0 and entry["url"] == f"/t/{public['id']}"
    assert [s["open"] for s in entry["seats"]] == [False, True, False]
    guest = other_browser(room)
    r = guest.post(f"/api/tables/{public['id']}/join", json={"name": "Bea"})
    assert r.status_code == 201, r.text
    seat = r.json()
    assert seat["seat"] == 1 and seat["name"] == "Bea" and seat["url"] == f"/t/{public['id']}?token={seat['token']}"
    assert room.get("/api/lobby").json()["tables"] == []  # no free seat left
    again = guest.post(f"/api/tables/{public['id']}/join", json={})
    assert again.status_code == 409 and "every seat" in again.json()["error"]
    assert guest.post(f"/api/tables/{private['id']}/join").status_code == 409
    assert guest.post("/api/tables/000000000000/join").status_code == 404
    with room.websocket_connect(f"/ws/{public['id']}?token={seat['token']}") as raw:
        f = WS(raw).state_until(lambda x: True)
        assert f["you"] == 1 and f["table"]["seats"][1]["name"] == "Bea" and "open" not in f["table"]["seats"][1]
    # Abandoned tables leave the lobby (nobody present, nothing played for ABANDONED seconds).
    other = make(room, ["human", "human"], public=True)
    assert [t["id"] for t in room.get("/api/lobby").json()["tables"]] == [other["id"]]
    monkeypatch.setattr(social, "ABANDONED", 0.3)
    time.sleep(0.5)
    assert room.get("/api/lobby").json()["tables"] == []
    with room.websocket_connect(f"/ws/{other['id']}?token={other['seats'][0]['token']}") as raw:
        WS(raw).state_until(lambda x: True)
        assert [t["id"] for t in room.get("/api/lobby").json()["tables"]] == [other["id"]]  # someone is there
    guest.__exit__(None, None, None)


def test_the_creator_takes_a_table_out_of_the_lobby_and_lists_it_again(room: TestClient) -> None:
    t = make(room, ["human", "human", "human"], public=True)
    tid = t["id"]
    guest = other_browser(room)
    seat = guest.post(f"/api/tables/{tid}/join", json={"name": "Bea"}).json()
    with room.websocket_connect(f"/ws/{tid}?token={t['seats'][0]['token']}") as r0, \
            guest.websocket_connect(f"/ws/{tid}?token={seat['token']}") as r1, \
            guest.websocket_connect(f"/ws/{tid}") as rs:
        creator, bea, spectator = WS(r0), WS(r1), WS(rs)
        for ws in (creator, bea, spectator):
            assert ws.state_until(lambda f: True)["table"]["public"] is True
        for ws, who in ((bea, "Bea, another player"), (spectator, "a spectator")):
            ws.send({"type": "public", "public": False})
            assert "only the player who made the table" in ws.error()["error"], who
        assert [x["id"] for x in room.get("/api/lobby").json()["tables"]] == [tid]
        creator.send({"type": "public", "public": False})
        f = spectator.state_until(lambda x: x["table"]["public"] is False)
        assert [s.get("open") for s in f["table"]["seats"]] == [None, None, True]  # the free seat stays free
        notices = [ln["text"] for x in spectator.frames if x["type"] == "chat" for ln in x["lines"]
                   if ln["kind"] == "notice"]  # sent just before the state
        assert notices == ["Ann took the table out of the lobby"]
        assert room.get("/api/lobby").json()["tables"] == []  # by link only now
        assert server_of(room).store.settings(tid) == (False, False)
        creator.send({"type": "public", "public": True})
        assert bea.state_until(lambda x: x["table"]["public"] is True)["table"]["public"]
        assert [x["id"] for x in room.get("/api/lobby").json()["tables"]] == [tid]  # listed again
        creator.send({"type": "public", "public": False})
        bea.state_until(lambda x: x["table"]["public"] is False)
        took = guest.post(f"/api/tables/{tid}/join", json={"name": "Cy"})  # from the table's page: still free
        assert took.status_code == 201 and took.json()["seat"] == 2
        creator.send({"type": "public", "public": True})  # no free seat left to offer
        assert "no free seat" in creator.error()["error"]
        assert server_of(room).store.settings(tid) == (False, False)
        creator.send({"type": "public", "public": "yes"})
        assert "'public': true" in creator.error()["error"]
    guest.__exit__(None, None, None)


def test_a_private_table_listed_later_offers_the_seats_whose_link_nobody_opened(room: TestClient) -> None:
    """Made private, every person's seat has its link; listed later, the seats whose link was never opened are
    offered in the lobby too. A seat taken there gets a new link (the old one opens it no more); a link opened
    first keeps its seat. Listed and unlisted by the API (the creator's token) as by the table's page."""
    t = make(room, ["human", "human", "human", "human"])
    tid, links = t["id"], [s["token"] for s in t["seats"]]
    assert room.get("/api/lobby").json()["tables"] == []
    guest = other_browser(room)
    with room.websocket_connect(f"/ws/{tid}?token={links[0]}") as r0, \
            guest.websocket_connect(f"/ws/{tid}?token={links[1]}") as r1:
        creator, bea = WS(r0), WS(r1)
        f = creator.state_until(lambda x: x["table"]["seats"][1]["online"])
        assert [s.get("open") for s in f["table"]["seats"]] == [None] * 4  # private: nothing offered
        # Only the creator lists it, by its seat's token (or its account); a bad request says what is allowed.
        for body, status in (({"public": True, "token": links[1]}, 403), ({"public": True}, 403),
                             ({"public": "yes", "token": links[0]}, 400),
                             ({"public": True, "token": "not-a-token"}, 403)):
            r = guest.post(f"/api/tables/{tid}/public", json=body)
            assert r.status_code == status, (body, r.text)
        assert guest.post("/api/tables/000000000000/public", json={"public": True}).status_code == 404
        r = guest.post(f"/api/tables/{tid}/public", json={"public": True, "token": links[0]})
        assert r.status_code == 200 and r.json() == {"id": tid, "public": True, "free": [2, 3]}, r.text
        f = bea.state_until(lambda x: x["table"]["public"])
        assert [s.get("open") for s in f["table"]["seats"]] == [None, None, True, True]  # seat 1's link was used
        entry = room.get("/api/lobby").json()["tables"][0]
        assert (entry["id"], entry["free"], [s["open"] for s in entry["seats"]]) == (tid, 2, [False, False, True, True])
        # Seat 3's link is opened now: its person has it, the lobby offers it no more.
        with room.websocket_connect(f"/ws/{tid}?token={links[3]}") as r3:
            assert WS(r3).state_until(lambda x: True)["you"] == 3
        assert [s["open"] for s in room.get("/api/lobby").json()["tables"][0]["seats"]] == [False, False, True, False]
        # Seat 2 is taken from the lobby: its old link opens it no more (a clear error), the new one does.
        newcomer = other_browser(room)
        took = newcomer.post(f"/api/tables/{tid}/join", json={"name": "Cy"})
        assert took.status_code == 201 and took.json()["seat"] == 2, took.text
        assert room.get("/api/lobby").json()["tables"] == []
        with room.websocket_connect(f"/ws/{tid}?token={links[2]}") as old:
            assert "opens no seat" in WS(old).error()["error"]
        with newcomer.websocket_connect(took.json()["url"].replace("/t/", "/ws/")) as r2:
            assert WS(r2).state_until(lambda x: True)["you"] == 2
        with room.websocket_connect(f"/ws/{tid}?token={links[3]}") as r3:  # a link opened first keeps its seat
            assert WS(r3).state_until(lambda x: True)["you"] == 3
        creator.send({"type": "public", "public": True})  # every seat is a person's now
        assert "no free seat" in creator.error()["error"]
        r = guest.post(f"/api/tables/{tid}/public", json={"public": False, "token": links[0]})
        assert r.status_code == 200 and r.json()["public"] is False
        assert creator.state_until(lambda x: not x["table"]["public"])
        r = guest.post(f"/api/tables/{tid}/public", json={"public": True, "token": links[0]})
        assert r.status_code == 409 and "no free seat" in r.json()["error"]
    newcomer.__exit__(None, None, None)
    guest.__exit__(None, None, None)


def test_a_seat_link_and_the_lobby_race_for_a_listed_seat_and_one_wins(room: TestClient) -> None:
    """Opening a seat's link and taking the seat in the lobby are each one guarded write: whichever comes
    first has the seat, the other is refused."""
    store = server_of(room).store
    for link_first in (True, False):
        t = make(room, ["human", "human"])
        tid, link = t["id"], t["seats"][1]["token"]
        store.set_public(tid, True)
        if link_first:
            assert store.open_seat(tid, 1, link) is True
            assert store.claim_seat(tid, 1, "new-token", "Cy", None, 0) is False
        else:
            assert store.claim_seat(tid, 1, "new-token", "Cy", None, 0) is True
            assert store.open_seat(tid, 1, link) is False
            assert store.open_seat(tid, 1, "new-token") is True
        assert store.claim_seat(tid, 0, "other", "Di", None, 0) is False  # the creator's seat is never offered


def test_a_seat_is_taken_under_a_name_of_its_own_and_the_game_says_it(room: TestClient) -> None:
    """The engine tells seats apart by name: a newcomer may not take a name already at the table (it would
    make the table impossible to load again), and the game's own lines use the newcomer's name."""
    t = make(room, ["human", "human", "random"], public=True, deals=1)
    tid = t["id"]
    for taken in ("Ann", "Cal"):  # the creator and the bot, by the plain names of unnamed seats
        r = room.post(f"/api/tables/{tid}/join", json={"name": taken})
        assert r.status_code == 409 and "already sits at this table" in r.json()["error"], r.text
    assert not server_of(room).store.claim_seat(tid, 1, "token-x", "Cal", None)  # the store refuses it too
    seat = room.post(f"/api/tables/{tid}/join", json={"name": "Flo"}).json()
    server = server_of(room)
    assert server.tables[tid].game.names[1] == "Flo"  # the game loaded again with the newcomer's name
    assert server.store.settings(tid) == (False, True)
    with room.websocket_connect(f"/ws/{tid}?token={t['seats'][0]['token']}") as r0, \
            room.websocket_connect(f"/ws/{tid}?token={seat['token']}") as r1:
        seats = {0: WS(r0), 1: WS(r1)}
        f = seats[0].state_until(lambda x: True)
        while not f["view"]["over"]:
            turn = f["view"]["turn"]
            if turn in seats:
                mine = latest(seats[turn], lambda x, r=f["rev"]: x["rev"] == r)
                legal = mine["view"]["legal"]  # a bid rather than a pass: a deal everyone passes names no one
                seats[turn].act(next((a for a in legal if a != "pass"), legal[0]))
            f = seats[0].state_until(lambda x, r=f["rev"]: x["rev"] > r)
        lines = server.tables[tid].deal.result().lines
        assert any("Flo" in line for line in lines) and not any("Bea" in line for line in lines), lines


def test_a_finished_table_leaves_the_lobby(room: TestClient) -> None:
    t = make(room, ["human", "human"], public=True, deals=1)
    assert len(room.get("/api/lobby").json()["tables"]) == 1
    with room.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as raw:
        ws = WS(raw)
        ws.state_until(lambda x: True)
        server = server_of(room)
        store = server.store
        store.append_action(t["id"], 1, 0, 1, "pass", finished=({"deal": 1}, [0, 0], True))  # the match ends
    assert room.get("/api/lobby").json()["tables"] == []


def test_an_empty_seat_is_played_by_a_bot_after_the_takeover_time_and_its_player_gets_it_back(
        room: TestClient) -> None:
    t = make(room, ["human", "human"], public=True, takeover=1)
    tid = t["id"]
    with room.websocket_connect(f"/ws/{tid}?token={t['seats'][0]['token']}") as raw:
        me = WS(raw)
        f = me.state_until(lambda x: True)
        # Seat 1 is free and nobody sits there: when its turn comes, a bot plays for it after a second.
        while f["view"]["turn"] != 1:
            me.act(f["view"]["legal"][0])
            f = me.state_until(lambda x, r=f["rev"]: x["rev"] > r)
        started = time.time()
        f = me.state_until(lambda x, r=f["rev"]: x["rev"] > r)
        assert f["view"]["history"][-1][0] == 1 and time.time() - started >= 0.8
    joined = room.post(f"/api/tables/{tid}/join", json={"name": "Back"}).json()
    with room.websocket_connect(f"/ws/{tid}?token={joined['token']}") as raw1, \
            room.websocket_connect(f"/ws/{tid}?token={t['seats'][0]['token']}") as raw0:
        p1, p0 = WS(raw1), WS(raw0)
        f = p0.state_until(lambda x: True)
        while not f["view"]["over"]:
            if f["view"]["turn"] == 0:
                p0.act(f["view"]["legal"][0])
                f = p0.state_until(lambda x, r=f["rev"]: x["rev"] > r)
                continue
            # Seat 1's turn with its person connected: no bot plays for it, however long it waits.
            time.sleep(1.6)
            mine = latest(p1, lambda x, r=f["rev"]: x["rev"] == r)
            assert server_of(room).tables[tid].logged == f["rev"]
            p1.act(mine["view"]["legal"][0])
            f = p0.state_until(lambda x, r=f["rev"]: x["rev"] > r)
            assert f["view"]["history"][-1] == [1, mine["view"]["legal"][0]]
            break


# --------------------------------------------------------------- accounts
def test_register_log_in_and_out(room: TestClient, tmp_path: Path) -> None:
    r = room.post("/api/register", json={"name": "  Ann   Lee ", "password": "correct horse"})
    assert r.status_code == 201 and r.json()["account"]["name"] == "Ann Lee"
    cookie = r.headers["set-cookie"]
    assert "cardtable_session=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # plain HTTP here; over HTTPS it is Secure (below)
    with server_of(room).store.read() as conn:
        stored = conn.execute(text("SELECT pw_hash FROM accounts")).scalar()
        sessions = conn.execute(text("SELECT token_hash FROM sessions")).scalars().all()
    assert stored.startswith("$argon2id$") and "correct horse" not in stored
    assert room.cookies["cardtable_session"] not in sessions  # only its hash is kept
    assert room.get("/api/me").json()["account"]["name"] == "Ann Lee"
    for name, why in (("ann lee", "taken"), ("<script>", "letters, digits"), ("x", "2 to 20"), ("a" * 21, "2 to 20"),
                      ("Heuristic", "kept for the room"), ("Bot 1", "kept for the room")):
        bad = other_browser(room).post("/api/register", json={"name": name, "password": "long enough"})
        assert bad.status_code in (400, 409) and why in bad.json()["error"], (name, bad.text)
    assert other_browser(room).post("/api/register", json={"name": "Cy", "password": "short"}).status_code == 400
    assert room.post("/api/logout").json() == {"account": None}
    assert room.get("/api/me").json() == {"account": None}
    assert room.post("/api/login", json={"name": "ANN LEE", "password": "wrong one"}).status_code == 401
    assert room.post("/api/login", json={"name": "nobody", "password": "wrong one"}).status_code == 401
    ok = room.post("/api/login", json={"name": "ANN LEE", "password": "correct horse"})
    assert ok.status_code == 200 and room.get("/api/me").json()["account"]["name"] == "Ann Lee"
    # JSON only, and not from another site's page
    assert room.post("/api/login", content=b"name=a", headers={"content-type": "application/x-www-form-urlencoded"}
                     ).status_code == 415
    assert room.post("/api/login", json={"name": "Ann Lee", "password": "correct horse"},
                     headers={"origin": "https://evil.example"}).status_code == 403
    with TestClient(create_app(tmp_path / "tls.db", bot_delay=0, bot_jobs=0), base_url="https://room.example") as c:
        r = c.post("/api/register", json={"name": "Dee", "password": "correct horse"},
                   headers={"origin": "https://room.example"})
        assert r.status_code == 201 and "Secure" in r.headers["set-cookie"]


def test_registration_and_login_are_rate_limited(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "r.db", bot_delay=0, bot_jobs=0,
                               limits={"register": "2/hour", "login": "3/minute"})) as c:
        assert c.post("/api/register", json={"name": "One", "password": "long enough"}).status_code == 201
        assert c.post("/api/register", json={"name": "Two", "password": "long enough"}).status_code == 201
        r = c.post("/api/register", json={"name": "Three", "password": "long enough"})
        assert r.status_code == 429 and int(r.headers["retry-after"]) > 60
        codes = [c.post("/api/login", json={"name": "One", "password": "wrong pass"}).status_code for _ in range(4)]
        assert codes == [401, 401, 401, 429]


def test_a_session_opens_its_own_seat_from_any_browser_and_never_another_accounts(room: TestClient) -> None:
    register(room, "Ann")
    t = make(room, ["human", "human"])  # Ann sits at seat 0
    tid = t["id"]
    assert t["seats"][0]["name"] == "Ann"
    elsewhere = other_browser(room)  # Ann on another computer: no link, logs in
    assert elsewhere.post("/api/login", json={"name": "ann", "password": "correct horse"}).status_code == 200
    mine = elsewhere.get("/api/me").json()
    assert [(x["id"], x["seat"]) for x in mine["tables"]] == [(tid, 0)]
    with elsewhere.websocket_connect(f"/ws/{tid}") as raw:
        assert WS(raw).state_until(lambda x: True)["you"] == 0
    bob = other_browser(room)
    register(bob, "Bob")
    with bob.websocket_connect(f"/ws/{tid}") as raw:  # Bob's session opens no seat of Ann's
        ws = WS(raw)
        f = ws.state_until(lambda x: True)
        assert f["you"] is None
        ws.send({"type": "act", "action": "pass"})
        assert "spectators cannot act" in ws.error()["error"]
    with bob.websocket_connect(f"/ws/{tid}?token={t['seats'][1]['token']}") as raw:  # Bob's own seat, by its link
        ws = WS(raw)
        f = ws.state_until(lambda x: True)
        assert f["you"] == 1
        if f["view"]["turn"] == 0:
            ws.act(f["view"]["legal"][0])
            assert "turn" in ws.error()["error"]  # not his turn: he cannot act for Ann's seat
    with pytest.raises(WebSocketDenialResponse) as refused:  # a page of another site: not even a spectator
        room.websocket_connect(f"/ws/{tid}", headers={"origin": "https://evil.example"}).__enter__()
    assert refused.value.status_code == 403 and "another site" in refused.value.json()["error"]
    assert [x["seat"] for x in bob.get("/api/me").json()["tables"]] == [1]  # the link's seat is now Bob's


# ------------------------------------------------------------------ chat
def test_chat_between_players_and_spectators_muting_limits_and_replays(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "chat.db", bot_delay=0, bot_jobs=0, limits={"chat": "4/10 seconds"})) as c:
        t = make(c, ["human", "human"], deals=2)
        tid = t["id"]
        with c.websocket_connect(f"/ws/{tid}?token={t['seats'][0]['token']}") as r0, \
                c.websocket_connect(f"/ws/{tid}") as rs:
            p0, spec = WS(r0), WS(rs)
            p0.until(lambda f: f["type"] == "chat" and f.get("all"))
            spec.until(lambda f: f["type"] == "chat" and f.get("all"))
            evil = '<img src=x onerror="alert(1)"> <script>alert(2)</script>'
            p0.send({"type": "chat", "text": evil})
            line = spec.until(lambda f: f["type"] == "chat")["lines"][0]
            assert (line["name"], line["seat"], line["text"]) == ("Ann", 0, evil)  # text, shown as text
            spec.send({"type": "chat", "text": "  hello\u0000 table  "})
            line = p0.until(lambda f: f["type"] == "chat" and f["lines"][0]["seat"] is None)["lines"][0]
            assert (line["name"], line["text"]) == ("a spectator", "hello table")
            spec.send({"type": "chat", "text": "x" * 301})
            assert "at most 300" in spec.error()["error"]
            spec.send({"type": "mute", "muted": True})
            assert "only the players" in spec.error()["error"]
            p0.send({"type": "mute", "muted": True})
            notice = spec.until(lambda f: f["type"] == "chat" and f["muted"])["lines"][0]
            assert notice["kind"] == "notice" and "muted the spectators" in notice["text"]
            spec.send({"type": "chat", "text": "can I?"})
            assert "muted" in spec.error()["error"]
            for k in range(2):
                p0.send({"type": "chat", "text": f"line {k}"})
                p0.until(lambda f, k=k: f["type"] == "chat" and f["lines"][0]["text"] == f"line {k}")
            p0.send({"type": "chat", "text": "one too many"})  # 4 in 10 seconds from this address
            e = p0.error()
            assert "too fast" in e["error"] and e["retry_after"] >= 1
            # Play the first deal to its end; its replay shows the chat at the step it was said.
            assert p0.state is not None
            f = p0.state
            with c.websocket_connect(f"/ws/{tid}?token={t['seats'][1]['token']}") as r1:
                p1 = WS(r1)
                seats = {0: p0, 1: p1}
                while not f["view"]["over"]:
                    who = seats[f["view"]["turn"]]
                    cur = latest(who, lambda x, r=f["rev"]: x["rev"] == r)
                    who.act(cur["view"]["legal"][0])
                    f = p0.state_until(lambda x, r=f["rev"]: x["rev"] > r)
            p0.send({"type": "replay", "deal": 1})
            replay = p0.until(lambda x: x["type"] == "replay")
            assert [x["text"] for x in replay["chat"]][:2] == [evil, "hello table"]
            assert all(x["step"] == 0 for x in replay["chat"])
        with c.websocket_connect(f"/ws/{tid}") as rs:  # persisted: a newcomer sees the chat so far
            history = WS(rs).until(lambda f: f["type"] == "chat")
            assert history["muted"] and [x["text"] for x in history["lines"]][:2] == [evil, "hello table"]


# ----------------------------------------------------------- undo, hints
def play_until_my_turn(ws: WS, f: dict[str, Any]) -> dict[str, Any]:
    return ws.state_until(lambda x: (x["view"]["turn"] == x["you"] or x["view"]["over"]) and
                          (x["deal"], x["rev"]) > (f["deal"], f["rev"]))


def test_undo_against_bots_rebuilds_the_deal_from_the_log_and_keeps_the_undo(room: TestClient) -> None:
    t = make(room, ["human", "random", "random", "random"])
    tid = t["id"]
    with room.websocket_connect(f"/ws/{tid}?token={t['seats'][0]['token']}") as raw:
        ws = WS(raw)
        f = ws.my_turn_or_over()
        while len(f["view"]["legal"]) < 2:  # a real choice to take back
            ws.act(f["view"]["legal"][0])
            f = play_until_my_turn(ws, f)
        before = f["view"]
        move = before["legal"][-1]
        ws.act(move)
        after = play_until_my_turn(ws, f)
        assert after["view"]["history"][len(before["history"])] == [0, move]
        ws.send({"type": "undo"})
        back = ws.state_until(lambda x: x["rev"] > after["rev"] and x["view"]["turn"] == 0)
        assert back["view"]["history"] == before["history"] and back["view"]["hand"] == before["hand"]
        assert back["table"]["assisted"] is True
        store = server_of(room).store
        log = [(a.seat, a.action) for a in store.actions(tid, 1)]
        assert log[:len(after["view"]["history"])] == [tuple(x) for x in after["view"]["history"]]  # kept
        assert log[len(after["view"]["history"])] == (0, f"#undo {len(before['history'])}")
        assert back["rev"] == len(log)
        ws.send({"type": "act", "action": move, "rev": after["rev"]})  # chosen before the undo: stale
        assert ws.error()["stale"] is True
        ws.act(before["legal"][0])  # another choice this time
        again = play_until_my_turn(ws, back)
        assert again["view"]["history"][len(before["history"])] == [0, before["legal"][0]]
    rec = server_of(room).record(server_of(room).tables[tid])  # the record: the actions in force only
    assert rec["deals"][0]["actions"][len(before["history"])] == [0, before["legal"][0]]


def test_help_is_only_against_bots_and_only_for_the_player(room: TestClient) -> None:
    t = make(room, ["human", "human", "random"])
    with room.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as raw, \
            room.websocket_connect(f"/ws/{t['id']}") as spec_raw:
        ws, spec = WS(raw), WS(spec_raw)
        ws.state_until(lambda x: True)
        for kind in ("undo", "hint"):
            ws.send({"type": kind})
            assert "every other seat is a bot" in ws.error()["error"]
            spec.send({"type": kind})
            assert "not for spectators" in spec.error()["error"]


def test_a_hint_names_the_bots_move_with_a_reason_and_the_match_is_not_rated(room: TestClient) -> None:
    register(room, "Ann")
    t = make(room, ["human", "random"], deals=1)
    tid = t["id"]
    with room.websocket_connect(f"/ws/{tid}?token={t['seats'][0]['token']}") as raw:
        ws = WS(raw)
        f = ws.my_turn_or_over()
        while not f["view"]["over"]:
            ws.send({"type": "hint"})
            h = ws.until(lambda x: x["type"] in ("hint", "error"))
            assert h["type"] == "hint", h
            assert h["action"] in f["view"]["legal"] and (h["deal"], h["rev"]) == (f["deal"], f["rev"])
            assert h["reason"][0].isupper() and h["reason"].endswith(".") and ":" in h["reason"]
            assert "seat" not in h["reason"] and "{" not in h["reason"]
            ws.act(h["action"])
            f = play_until_my_turn(ws, f)
        ws.send({"type": "review", "deal": 1})
        review = ws.until(lambda x: x["type"] in ("review", "error"))
        assert review["type"] == "review" and review["deal"] == 1
        for m in review["moves"]:
            assert m["gain"] > 0 and m["better"] != m["played"] and m["text"].startswith("Move ")
    deadline = time.time() + 10
    while True:
        with server_of(room).store.read() as conn:
            hints, rated = conn.execute(text("SELECT hints, rated FROM tables")).one()
        if rated or time.time() > deadline:
            break
        time.sleep(0.1)
    assert hints >= 1 and rated == -1  # marked, and not rated
    assert server_of(room).store.leaderboard("nap") == []


def test_review_names_a_worse_move() -> None:
    """A two-handed Nap deal thrown away on purpose (nap bid on a hand that cannot make it, then the last legal
    card each time): the review, searched with a fixed number of iterations, names the bid first."""
    import cardtable as ct
    from cardtable.web.assist import review_deal

    d = ct.load("nap", players=2).deal(seed=2)
    bot = ct.bots.load("heuristic", seed=1)
    while not d.over:
        legal = d.legal()
        d.act(("nap" if "nap" in legal else legal[-1]) if d.turn == 0 else bot.choose(d, d.turn))
    assert d.result().deltas[0] < 0
    moves = review_deal(d.record(), 0, 0, 7, iterations=200)
    first = moves[0]
    assert (first["played"], first["better"]) == ("nap", "bid 3") and first["gain"] > 2
    assert first["text"].startswith("Move ") and "the bot bids Three, about" in first["text"]
    assert [m["gain"] for m in moves] == sorted((m["gain"] for m in moves), reverse=True)


def positions(game: str, players: int, deals: int) -> Iterator[tuple[Any, int]]:
    """Every position of ``deals`` deals of ``game`` played by the heuristic bot: (deal, seat to act)."""
    import cardtable as ct

    for seed in range(deals):
        d = ct.load(game, players=players).deal(seed=seed)
        bot = ct.bots.load("heuristic", seed=seed)
        while not d.over:
            seat = d.turn
            assert seat is not None
            yield d, seat
            d.act(bot.choose(d, seat))


def test_a_hint_counts_the_trumps_from_what_the_seat_sees() -> None:
    """The hint's words for a trump: how many the seat keeps and how many are not played yet, counted here
    from the seat's own view (its hand and the cards in its history) and compared with the hint's line."""
    import re

    import cardtable as ct
    from cardtable.web.assist import _trumps_left, describe

    checked = 0
    for d, seat in positions("nap", 4, 20):
        v = d.view(seat)
        trump = v.get("trump")
        plays = [a for _, a in v["history"] if re.fullmatch(r"[AKQJT2-9][SHDC]", a)]
        if not trump or len(plays) < 4:
            continue
        mine = [c for c in d.legal() if c[1] == trump]
        for c in d.legal():
            if c[1] != trump:
                assert _trumps_left(d, seat, c) is None
        if mine:
            kept = sum(c[1] == trump for c in v["hand"]) - 1
            unseen = 13 - kept - 1 - sum(c[1] == trump for c in plays)
            keep = f"you keep {kept} trump{'s' * (kept != 1)}" if kept else "it is your last trump"
            verb = "is" if unseen == 1 else "are"
            assert _trumps_left(d, seat, mine[0]) == (
                f"{keep}, and {unseen} other{'s' * (unseen != 1)} {verb} not played yet (some may be out "
                "of play)")  # four hands of five: 32 of the 52 cards are never dealt
            assert "trumps" in describe(d, seat, mine[0])
            checked += 1
    assert checked >= 20
    assert _trumps_left(ct.load("nap", players=4).deal(seed=1), 1, "pass") is None  # not a card


def test_a_trump_by_rank_is_called_a_trump() -> None:
    """Schafkopf: the queens and jacks are trumps whatever their suit; the hint's words say so."""
    from cardtable.web.assist import describe

    said = set()
    for d, seat in positions("schafkopf", 4, 10):
        for c in d.legal() if getattr(d, "phase", None) == "play" else []:
            words = describe(d, seat, c)
            trump = d.rules.trump_mask >> d.rules.pack.parse(c) & 1  # type: ignore[attr-defined]
            assert ("trump" in words) == bool(trump), words  # the game's own trumps, however they rank
            if trump and c[0] in "QJ" and not words.startswith("trumps with"):
                said.add(words.split()[0])
                assert words.endswith("(a trump)") or " of trumps" in words, words
    assert {"leads", "follows"} <= said


# ------------------------------------------------------ ratings, stats
def test_ratings_and_statistics_after_a_match_between_two_accounts(room: TestClient) -> None:
    register(room, "Ann")
    t = make(room, ["human", "human"], public=True, deals=1)
    bob = other_browser(room)
    register(bob, "Bob")
    seat = bob.post(f"/api/tables/{t['id']}/join").json()
    assert seat["name"] == "Bob"
    with room.websocket_connect(f"/ws/{t['id']}") as r0, bob.websocket_connect(f"/ws/{t['id']}") as r1:
        p = {0: WS(r0), 1: WS(r1)}
        f = p[0].state_until(lambda x: True)
        assert p[1].state_until(lambda x: True)["you"] == 1  # Bob's session opens his seat
        while not f["view"]["over"]:
            who = p[f["view"]["turn"]]
            cur = latest(who, lambda x, r=f["rev"]: x["rev"] == r)
            who.act(cur["view"]["legal"][0])
            f = p[0].state_until(lambda x, r=f["rev"]: x["rev"] > r)
        assert f["match"]["over"]
    deadline = time.time() + 10
    while (not (board := [x for x in room.get("/api/leaderboard/nap").json()["players"] if not x["bot"]])
           and time.time() < deadline):
        time.sleep(0.1)
    totals = f["match"]["totals"]
    winner = "Ann" if totals[0] > totals[1] else "Bob"
    assert {x["name"] for x in board} == {"Ann", "Bob"} and all(x["matches"] == 1 for x in board)
    if totals[0] != totals[1]:
        assert board[0]["name"] == winner and board[0]["mu"] > 25 > board[1]["mu"]
    ann = room.get("/api/users/ann").json()
    nap = ann["games"]["nap"]
    assert (nap["deals"], nap["matches"], nap["mean"], nap["unit"]) == (1, 1, totals[0], "chips")
    assert nap["ci95"] is None  # one deal: no interval yet
    declarer = f["view"].get("declarer")
    assert nap.get("contracts", 0) == (1 if declarer == 0 else 0)
    assert nap["rating"]["matches"] == 1
    assert room.get("/api/users/nobody").status_code == 404
    assert room.get("/api/leaderboard/no-such-game").status_code == 404


def test_bots_have_ratings_too(room: TestClient) -> None:
    """Every bot kind is on every game's leaderboard from the start (the rating everyone begins with, no
    match yet), and moves once a rated match of its own is settled."""
    board = room.get("/api/leaderboard/loo").json()["players"]
    assert [(x["name"], x["bot"], x["mu"], x["sigma"], x["matches"]) for x in board] == [
        (k, True, 25.0, 8.33, 0) for k in ("random", "heuristic", "ismcts")]
    assert all(x["ordinal"] == 0.0 for x in board)
    make(room, ["random", "heuristic"], deals=1)
    deadline = time.time() + 60
    board = room.get("/api/leaderboard/nap").json()["players"]
    while not any(x["matches"] for x in board) and time.time() < deadline:
        time.sleep(0.2)
        board = room.get("/api/leaderboard/nap").json()["players"]
    rated = {x["name"]: x for x in board}
    assert set(rated) == {"random", "heuristic", "ismcts"} and all(x["bot"] for x in board)
    assert rated["random"]["matches"] == rated["heuristic"]["matches"] == 1 and rated["ismcts"]["matches"] == 0
    assert rated["random"]["sigma"] < 8.33 and rated["ismcts"]["mu"] == 25.0  # less uncertain after a match
    assert [x["ordinal"] for x in board] == sorted((x["ordinal"] for x in board), reverse=True)
    assert room.get("/api/leaderboard/loo").json()["players"][0]["matches"] == 0  # another game: its own ratings


def test_statistics_have_a_confidence_interval() -> None:
    from cardtable.web.ratings import statistics

    deals = [("nap", 0, {"result": {"deltas": [d, -d], "unit": "chips"}, "declarer": 0}, True) for d in (1, 3, -2, 2)]
    s = statistics(deals, [("nap", 0, [4, -4], False)])["nap"]
    assert (s["deals"], s["matches"], s["won"], s["mean"], s["contracts"], s["made"]) == (4, 1, 1, 1.0, 4, 3)
    assert s["ci95"] == round(1.96 * (((0 + 4 + 9 + 1) / 3) ** 0.5) / 2, 3)


def test_names_with_markup_are_refused_and_seat_names_stay_text(room: TestClient) -> None:
    r = room.post("/api/tables", json={"game": "nap", "players": 2,
                                       "seats": [{"kind": "human", "name": "<b>Al</b>"}, {"kind": "random"}]})
    assert r.status_code == 201 and r.json()["seats"][0]["name"] == "<b>Al</b>"  # data: the page shows it as text
    assert room.post("/api/register", json={"name": "<b>Al</b>", "password": "long enough"}).status_code == 400


def test_record_keeps_only_the_actions_in_force() -> None:
    from cardtable.web.records import effective
    from cardtable.web.store import ActionRow

    rows = [ActionRow(0, 1, "pass"), ActionRow(1, 0, "bid 2"), ActionRow(2, 0, "#undo 0"), ActionRow(3, 1, "pass"),
            ActionRow(4, 0, "#undo 1"), ActionRow(5, 0, "nap")]
    assert [a.action for a in effective(rows)] == ["pass", "nap"]
