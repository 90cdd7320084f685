"""The store on both backends (a SQLite file and a PostgreSQL database): the log, races, bot jobs, versions."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import text
from starlette.testclient import TestClient

from cardtable.web.app import create_app
from cardtable.web.store import Append, Job, NotADatabase, Stale, Store, StoreError, Unavailable, hash_token

from .conftest import WS, free_port

pytestmark = pytest.mark.timeout(60)
DATA = Path(__file__).parent / "data"
BEFORE = DATA / "room-before-scale-out.sqlite"  # made by the server as it was before schema revisions


def two_seats(store: Store) -> str:
    return store.create_table("nap", 2, {}, seed=3, max_deals=None,
                              seats=[("human", "Ann", "secret-token"), ("random", "Bot 1", None)],
                              first_deal=("AS KS", 0, None))


def test_token_hashes_and_an_append_only_log(room_db: str) -> None:
    store = Store(room_db)
    tid = two_seats(store)
    seats = store.seats(tid)
    assert seats[0].token_hash == hash_token("secret-token") and seats[1].token_hash is None
    with store.read() as conn:
        assert "secret-token" not in repr(conn.execute(text("SELECT * FROM seats")).all())  # a copy opens no seat
    store.append_action(tid, 1, 0, 1, "pass")
    store.append_action(tid, 1, 1, 0, "bid 2", finished=({"deal": 1}, [2, -2], True))
    assert [(a.seat, a.action) for a in store.actions(tid, 1)] == [(1, "pass"), (0, "bid 2")]
    t = store.table(tid)
    assert t is not None and t.totals == [2, -2] and t.finished and t.deals_done == 1
    assert store.deals(tid)[0].result == {"deal": 1}
    for sql in ("UPDATE actions SET action = 'nap'", "DELETE FROM actions"):
        with pytest.raises(StoreError, match="append-only"), store.write() as conn:
            conn.execute(text(sql))
    with pytest.raises(Stale):  # one action per (table, deal, number): no silent overwrite
        store.append_action(tid, 1, 1, 0, "nap")
    with pytest.raises(Stale):
        store.start_deal(tid, 1, "AS KS", 0, None)
    assert [(a.seat, a.action) for a in store.actions(tid, 1)] == [(1, "pass"), (0, "bid 2")]
    assert store.since(tid, 1, 1) == (1, store.actions(tid, 1, since=1))
    snap = store.load(tid)
    assert snap is not None and [a.action for a in snap.actions[1]] == ["pass", "bid 2"]
    assert store.load("000000000000") is None
    store.close()


def test_two_processes_racing_for_one_position_exactly_one_wins(room_db: str) -> None:
    """Two stores (two engines and pools, as two processes) append at the same position at the same moment."""
    a, b = Store(room_db), Store(room_db)
    tid = two_seats(a)
    for idx in range(8):
        start = threading.Barrier(2)
        outcome: dict[str, str] = {}

        def propose(store: Store, who: str, i: int = idx, start: threading.Barrier = start,
                    outcome: dict[str, str] = outcome) -> None:
            start.wait()
            try:
                store.append_action(tid, 1, i, i % 2, f"{who} {i}")
                outcome[who] = "won"
            except Stale:
                outcome[who] = "stale"

        threads = [threading.Thread(target=propose, args=(s, w)) for s, w in ((a, "a"), (b, "b"))]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert sorted(outcome.values()) == ["stale", "won"], outcome
        winner = next(w for w, o in outcome.items() if o == "won")
        assert [r.action for r in a.actions(tid, 1, since=idx)] == [f"{winner} {idx}"]
    assert len(b.actions(tid, 1)) == 8
    a.close()
    b.close()


def test_a_group_commit_logs_each_action_under_its_own_key(room_db: str) -> None:
    """Several tables' actions in one transaction: a position already taken leaves only its own action out
    (with its settlement and bot job), the others are logged with theirs."""
    store = Store(room_db)
    t1, t2, t3 = (two_seats(store) for _ in range(3))
    store.append_action(t2, 1, 0, 0, "first", job=Job(t2, 1, 1, 1, "random", True))
    won = ({"lines": ["won"]}, [1, -1], False)
    out = store.append_actions([Append(t1, 1, 0, 0, "a", won, Job(t1, 1, 1, 1, "random", True)),
                                Append(t2, 1, 0, 0, "late", won, None, bot_seconds=2.0),
                                Append(t3, 1, 0, 0, "c", None, Job(t3, 1, 1, 1, "heuristic", True), 0.5)])
    assert out[0] is None and out[2] is None and isinstance(out[1], Stale)
    assert [r.action for r in store.actions(t2, 1)] == ["first"]  # the late one changed nothing at its table
    assert store.deals(t2)[0].result is None and store.table(t2).bot_seconds == 0.0
    assert [(j.table_id, j.kind) for j in store.jobs() if j.table_id == t2] == [(t2, "random")]
    assert [r.action for r in store.actions(t1, 1)] == ["a"] and store.deals(t1)[0].result == {"lines": ["won"]}
    assert store.table(t1).totals == [1, -1] and store.table(t1).deals_done == 1
    assert store.table(t3).bot_seconds == 0.5
    assert {j.table_id: j.kind for j in store.jobs()} == {t1: "random", t2: "random", t3: "heuristic"}
    with pytest.raises(ValueError, match="one action per table"):
        store.append_actions([Append(t1, 1, 1, 1, "x"), Append(t1, 1, 2, 0, "y")])
    store.close()


def test_racing_groups_one_winner_per_position_and_the_rest_logged(room_db: str) -> None:
    """Two stores (as two processes) commit groups at the same moment that share one table's position."""
    a, b = Store(room_db), Store(room_db)
    shared = two_seats(a)
    own = {"a": two_seats(a), "b": two_seats(a)}
    for idx in range(6):
        start = threading.Barrier(2)
        outcome: dict[str, list[StoreError | None]] = {}

        def propose(store: Store, who: str, i: int = idx, start: threading.Barrier = start,
                    outcome: dict[str, list[StoreError | None]] = outcome) -> None:
            start.wait()
            outcome[who] = store.append_actions([Append(own[who], 1, i, i % 2, f"{who} {i}"),
                                                 Append(shared, 1, i, i % 2, f"{who} {i}")])

        threads = [threading.Thread(target=propose, args=(s, w)) for s, w in ((a, "a"), (b, "b"))]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert outcome["a"][0] is None and outcome["b"][0] is None  # each one's own table: logged
        shared_out = [outcome["a"][1], outcome["b"][1]]
        assert sum(x is None for x in shared_out) == 1 and any(isinstance(x, Stale) for x in shared_out)
        winner = "a" if shared_out[0] is None else "b"
        assert [r.action for r in a.actions(shared, 1, since=idx)] == [f"{winner} {idx}"]
    assert len(b.actions(own["a"], 1)) == len(b.actions(own["b"], 1)) == len(b.actions(shared, 1)) == 6
    a.close()
    b.close()


def test_bot_jobs_people_first_then_the_longest_waiting_and_leases(room_db: str) -> None:
    store = Store(room_db)
    people, bots1, bots2 = (two_seats(store) for _ in range(3))
    now = time.time()
    store.ensure_job(Job(bots1, 1, 0, 1, "ismcts", False, now - 3))
    store.ensure_job(Job(bots2, 1, 0, 1, "ismcts", False, now - 2))
    store.ensure_job(Job(people, 1, 0, 1, "heuristic", True, now - 1))
    assert not store.ensure_job(Job(people, 1, 0, 1, "heuristic", True, now))  # one job per table
    first = store.claim_jobs("w1", lease=30, limit=2)
    assert [j.table_id for j in first] == [people, bots1]  # people first, then the longest waiting
    assert [j.table_id for j in store.claim_jobs("w2", lease=30, limit=5)] == [bots2]
    assert {j.claimed_by for j in store.jobs()} == {"w1", "w2"}
    assert store.claim_jobs("w3", lease=30) == []  # all claimed, leases running
    store.release_job(first[1], "w1")  # given back: claimable again at once
    again = store.claim_jobs("w3", lease=0.2)
    assert [(j.table_id, j.attempts) for j in again] == [(bots1, 2)]
    time.sleep(0.3)  # w3 "died": its lease lapses and another worker takes the job
    assert [j.table_id for j in store.claim_jobs("w4", lease=30)] == [bots1]
    store.append_action(people, 1, 0, 1, "pass", job=Job(people, 1, 1, 0, "heuristic", True))  # replaces its job
    assert [(j.idx, j.claimed_by) for j in store.jobs() if j.table_id == people] == [(1, None)]
    store.drop_job(Job(people, 1, 1, 0, "heuristic", True))
    assert sorted(j.table_id for j in store.jobs()) == sorted([bots1, bots2])
    assert store.claim_jobs("w5", lease=30, people_only=True) == []
    store.close()


def test_racing_workers_never_claim_the_same_job(room_db: str) -> None:
    stores = [Store(room_db) for _ in range(3)]
    tids = [two_seats(stores[0]) for _ in range(12)]
    for tid in tids:
        stores[0].ensure_job(Job(tid, 1, 0, 1, "random", False, time.time() - 1))
    got: list[str] = []
    start = threading.Barrier(3)

    def work(store: Store, name: str) -> None:
        start.wait()
        while jobs := store.claim_jobs(name, lease=60, limit=2):
            got.extend(j.table_id for j in jobs)

    threads = [threading.Thread(target=work, args=(s, f"w{i}")) for i, s in enumerate(stores)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(got) == sorted(tids)  # each job claimed exactly once
    for s in stores:
        s.close()


def test_bot_only_tables_count_per_creator(room_db: str) -> None:
    store = Store(room_db)
    bots = [("random", "B", None)] * 2
    for creator in ("guest:a", "guest:a", "guest:b"):
        store.create_table("nap", 2, {}, seed=1, max_deals=1, seats=bots, creator=creator)
    store.create_table("nap", 2, {}, seed=1, max_deals=1, seats=[("human", "A", "t"), ("random", "B", None)],
                       creator="guest:a")
    assert (store.bot_only_tables("guest:a"), store.bot_only_tables("guest:b"), store.bot_only_tables("x")) == (2, 1, 0)
    store.close()


def test_a_room_made_before_revisions_upgrades_without_losing_a_table(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    shutil.copy(BEFORE, db)
    old = sqlite3.connect(db)
    before = {t: old.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in ("tables", "seats", "deals")}
    before["actions"] = old.execute("SELECT * FROM actions ORDER BY 1, 2, 3").fetchall()
    old.close()
    store = Store(db, upgrade=False)
    assert store.revision() == "0001" and store.head() != "0001"
    assert store.upgrade() == ("0001", store.head())
    assert store.upgrade() == (store.head(), store.head())  # safe to repeat
    assert store.check() == []
    with store.read() as conn:
        for name, rows in before.items():
            cols = {"tables": "id, game, players, options, seed, max_deals, created, totals, deals_done, finished",
                    "seats": "table_id, seat, kind, name, token_hash"}.get(name, "*")
            now = conn.execute(text(f"SELECT {cols} FROM {name} ORDER BY 1, 2" + (", 3" if name == "actions"
                                                                                    else ""))).all()
            assert [tuple(r) for r in now] == rows, name
    with pytest.raises(StoreError, match="append-only"), store.write() as conn:  # its triggers are kept
        conn.execute(text("DELETE FROM actions"))
    store.close()


def test_an_old_room_plays_on_after_the_upgrade(tmp_path: Path, room_db: str) -> None:
    """The room of the old server, copied (``db copy``'s code) to each backend and served: every table comes
    back exactly as the old server showed it, and play goes on."""
    saved = json.loads((DATA / "room-before-scale-out.json").read_text())
    db = tmp_path / "old.db"
    shutil.copy(BEFORE, db)
    source = Store(db)
    if room_db.startswith("postgresql"):
        target = Store(room_db)
        source.copy_to(target)
        assert target.counts() == source.counts()
        target.close()
    else:
        room_db = str(db)
    source.close()
    with TestClient(create_app(room_db, bot_delay=0)) as c:
        for key, seen in saved["seat0"].items():
            t = saved["tables"][key]
            with c.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as raw:
                f = WS(raw).state_until(lambda x: True)
                # The status line now calls players by their names where the old server said "seat 0".
                names = [x["name"] for x in f["table"]["seats"]]
                view, then = dict(f["view"]), dict(seen["view"])
                status, old_status = view.pop("status", None), then.pop("status", None)
                view.pop("events", None)  # the public event log is new since the room was saved: the rest is as then
                assert (f["deal"], f["rev"], view, f["match"]) == (seen["deal"], seen["rev"], then, seen["match"]), key
                assert status == (None if old_status is None
                                  else re.sub(r"seat (\d+)", lambda m, names=names: names[int(m[1])], old_status)), key
        nap = saved["tables"]["nap"]
        with c.websocket_connect(f"/ws/{nap['id']}?token={nap['seats'][0]['token']}") as raw:
            ws = WS(raw)
            f = ws.state_until(lambda x: True)
            assert f["view"]["turn"] == 0
            ws.act(f["view"]["legal"][0])
            after = ws.my_turn_or_over()  # the bots answer (their jobs were queued on loading)
            assert after["rev"] > f["rev"] + 1
        unopened = saved["tables"]["unopened"]  # created but never opened: its first deal is dealt now
        with c.websocket_connect(f"/ws/{unopened['id']}?token={unopened['seats'][0]['token']}") as raw:
            f = WS(raw).state_until(lambda x: True)
            assert (f["deal"], f["rev"], f["table"]["game"]) == (1, 0, "schafkopf")


def test_what_cannot_be_opened_says_why(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping: eggs, milk, a new pack of cards\n" * 200)
    with pytest.raises(NotADatabase, match=r"notes\.txt is not a cardtable database"):
        Store(notes)
    assert notes.read_text().startswith("shopping")  # untouched
    port = free_port()  # nothing listens there
    with pytest.raises(Unavailable, match=rf"postgresql://nobody:\*\*\*@127\.0\.0\.1:{port}/room cannot be reached"):
        Store(f"postgresql://nobody:pw@127.0.0.1:{port}/room", connect_timeout=1)


def test_check_finds_damage(room_db: str, tmp_path: Path) -> None:
    store = Store(room_db)
    tid = two_seats(store)
    store.append_action(tid, 1, 0, 1, "pass")
    assert store.check() == []
    with store.write() as conn:  # an action of a deal that was never logged
        conn.execute(text("INSERT INTO actions VALUES (:t, 7, 0, 0, 'pass', 0)"), {"t": tid})
    assert store.check() == ["1 logged actions belong to no recorded deal"]
    store.close()
