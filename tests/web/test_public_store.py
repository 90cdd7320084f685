"""The public room's store on both backends (a SQLite file and a PostgreSQL database): seats taken in a race,
presence, accounts and sessions, chat, undo racing a move, ratings settled once; and on PostgreSQL, chat and
undo reaching a second ``cardtable serve`` process."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from websockets.sync.client import connect

from cardtable.web.ratings import update_ratings
from cardtable.web.records import NameTaken, effective
from cardtable.web.store import Stale, Store

from .test_scale import Client, Proc, Serve, create, procs  # noqa: F401 (the fixture)

pytestmark = pytest.mark.timeout(90)


def table(store: Store, kinds: tuple[str, ...] = ("human", "human", "random"), **kw: object) -> str:
    seats = [(k, f"P{i}", "tok0" if i == 0 else None) for i, k in enumerate(kinds)]
    return store.create_table("nap", len(kinds), {}, seed=1, max_deals=1, seats=seats, first_deal=("AS KS", 0, None),
                              **kw)  # type: ignore[arg-type]


def test_free_seats_are_taken_once_and_presence_is_noted(room_db: str) -> None:
    a, b = Store(room_db), Store(room_db)
    tid = table(a, public=True, takeover=30.0)
    assert [r.id for r in a.lobby()] == [tid] and a.lobby()[0].takeover == 30.0
    wins: list[bool] = []
    go = threading.Barrier(2)

    def claim(store: Store, who: str) -> None:
        go.wait()
        wins.append(store.claim_seat(tid, 1, f"token-{who}", who, None))

    threads = [threading.Thread(target=claim, args=(s, w)) for s, w in ((a, "a"), (b, "b"))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(wins) == [False, True]  # exactly one newcomer got the seat
    assert a.lobby() == []
    assert a.away_for(tid, 1) >= 0
    a.presence([(tid, 1)], away=False)
    assert a.away_for(tid, 1) == 0.0
    a.presence([(tid, 1)], away=True, now=time.time() - 40)
    assert a.away_for(tid, 1) >= 40
    a.close()
    b.close()


def test_accounts_sessions_and_chat(room_db: str) -> None:
    store = Store(room_db)
    ann = store.create_account("Ann", "ann", "$argon2id$fake")
    with pytest.raises(NameTaken):
        store.create_account("ANN", "ann", "$argon2id$other")
    assert store.account_by_name("ann") == ann
    store.new_session(ann.id, "cookie-1", 60)
    store.new_session(ann.id, "cookie-2", -1)  # expired
    assert store.session_account("cookie-1") is not None and store.session_account("cookie-2") is None
    store.end_session("cookie-1")
    assert store.session_account("cookie-1") is None
    tid = table(store)
    assert store.bind_seat(tid, 0, ann.id) and not store.bind_seat(tid, 1, ann.id)  # one seat per account
    assert [t["seat"] for t in store.account_tables(ann.id)] == [0]
    first = store.add_chat(tid, 1, 0, 0, "P0", ann.id, "<b>hi</b>")
    store.add_chat(tid, 1, 0, None, "a spectator", None, "hello")
    assert [c.text for c in store.chat(tid)] == ["<b>hi</b>", "hello"]
    assert [c.text for c in store.chat(tid, since=first.id)] == ["hello"]
    public = store.settings(tid)[1]
    store.set_muted(tid, True)
    assert store.settings(tid) == (True, public)
    store.set_public(tid, not public)
    assert store.settings(tid) == (True, not public)
    assert store.settings("000000000000") == (False, False)
    store.close()


def test_an_undo_races_a_move_for_one_position(room_db: str) -> None:
    a, b = Store(room_db), Store(room_db)
    tid = table(a, ("human", "random"))
    a.append_action(tid, 1, 0, 0, "pass")
    a.append_action(tid, 1, 1, 1, "bid 2")
    go = threading.Barrier(2)
    outcome: dict[str, str] = {}

    def undo() -> None:
        go.wait()
        try:
            a.append_undo(tid, 1, 2, 0, 0, job=None)
            outcome["undo"] = "won"
        except Stale:
            outcome["undo"] = "stale"

    def move() -> None:
        go.wait()
        try:
            b.append_action(tid, 1, 2, 0, "pass")
            outcome["move"] = "won"
        except Stale:
            outcome["move"] = "stale"

    threads = [threading.Thread(target=undo), threading.Thread(target=move)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(outcome.values()) == ["stale", "won"]
    log = a.actions(tid, 1)
    assert len(log) == 3 and [x.action for x in log[:2]] == ["pass", "bid 2"]  # nothing deleted
    assert [x.action for x in effective(log)] == ([] if outcome["undo"] == "won" else ["pass", "bid 2", "pass"])
    assert a.table(tid).undos == (1 if outcome["undo"] == "won" else 0)  # type: ignore[union-attr]
    a.close()
    b.close()


def test_ratings_are_settled_once_and_not_for_guests_or_help(room_db: str) -> None:
    store = Store(room_db)
    ann = store.create_account("Ann", "ann", "x")
    rated = table(store, ("human", "heuristic"))
    store.bind_seat(rated, 0, ann.id)
    store.append_action(rated, 1, 0, 0, "pass", finished=({"deal": 1}, [3, -3], True))
    guest = table(store, ("human", "heuristic"))
    store.append_action(guest, 1, 0, 0, "pass", finished=({"deal": 1}, [3, -3], True))
    assert sorted(store.unrated()) == sorted([rated, guest])
    assert store.rate_match(rated, update_ratings) and not store.rate_match(rated, update_ratings)
    assert not store.rate_match(guest, update_ratings)
    assert store.unrated() == []
    board = store.leaderboard("nap")
    assert [(x["name"], x["subject"], x["matches"]) for x in board] == [("Ann", f"account:{ann.id}", 1),
                                                                        (None, "bot:heuristic", 1)]
    assert board[0]["mu"] > 25 > board[1]["mu"]
    assert store.table(guest).rated == -1  # type: ignore[union-attr]
    store.close()


def test_chat_and_undo_reach_another_process(pg_url: str, tmp_path: Path, procs: list[Proc]) -> None:  # noqa: F811
    """A person on process A plays against a bot; a spectator watches on process B. The person's chat line and
    their undo reach B through PostgreSQL's notices, and B's spectator's line reaches A."""
    a = Serve(pg_url, tmp_path / "a.log", "--bot-jobs", "1")
    procs.append(a)
    b = Serve(pg_url, tmp_path / "b.log", "--bot-jobs", "0")
    procs.append(b)
    t = create(a, ["human", "random"])
    with a.seat(t, 0) as me, connect(f"ws://127.0.0.1:{b.port}/ws/{t['id']}") as raw:
        spec = Client(raw)

        def chat(c: Client, text: str) -> dict[str, object]:
            deadline = time.time() + 20
            while time.time() < deadline:
                f = c.frame(timeout=max(0.1, deadline - time.time()))
                if f["type"] == "chat" and any(x["text"] == text for x in f["lines"]):
                    return f
            raise AssertionError(f"{text!r} never arrived")

        me.ws.send(json.dumps({"type": "chat", "text": "good luck"}))
        line = next(x for x in chat(spec, "good luck")["lines"] if x["text"] == "good luck")
        assert line["name"] == "Ann" and line["seat"] == 0
        spec.ws.send(json.dumps({"type": "chat", "text": "thanks"}))
        chat(me, "thanks")
        f = me.state(lambda x: x["view"]["turn"] == 0)
        while len(f["view"]["legal"]) < 2:
            f = me.act(f["view"]["legal"][0])
            f = me.state(lambda x, r=f["rev"]: x["rev"] >= r and x["view"]["turn"] == 0)
        before = f["view"]["history"]
        acked = me.act(f["view"]["legal"][-1])
        assert acked["type"] == "state"
        seen = spec.state(lambda x: len(x["view"]["history"]) > len(before))
        me.ws.send(json.dumps({"type": "undo"}))
        back = spec.state(lambda x: x["rev"] > seen["rev"] and x["view"]["history"] == before)  # on process B
        assert back["table"]["assisted"] is True
