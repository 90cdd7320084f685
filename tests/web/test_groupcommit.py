"""Group commit and notices in a room: actions of many tables in one transaction, each under its own key;
a process's own notice is known for its own even when it arrives before its write returns."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest

from cardtable.web.room import Room
from cardtable.web.store import Append, Stale, Store

T = TypeVar("T")

pytestmark = pytest.mark.timeout(60)


def run(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own (another test may leave an event loop running in this one)."""
    with ThreadPoolExecutor(1) as ex:
        return ex.submit(asyncio.run, coro).result()


def new_table(store: Store, dealt: bool = True) -> str:
    """A table of Nap for two (``dealt``: with a stand-in first deal, for the store alone; else the room deals
    it when it first loads the table)."""
    return store.create_table("nap", 2, {}, seed=3, max_deals=None,
                              seats=[("human", "Ann", "secret-token"), ("human", "Bea", "other-token")],
                              first_deal=("AS KS", 0, None) if dealt else None)


def test_waiting_actions_share_a_transaction_and_a_taken_position_fails_alone(tmp_path: Path) -> None:
    store = Store(tmp_path / "room.db")
    tables = [new_table(store) for _ in range(12)]
    store.append_action(tables[5], 1, 0, 0, "there first")
    groups: list[int] = []
    append_actions = store.append_actions

    def counted(items: list[Append]) -> list[object]:
        groups.append(len(items))
        return append_actions(items)  # type: ignore[return-value]

    store.append_actions = counted  # type: ignore[method-assign]

    async def play() -> list[BaseException | None]:
        room = Room(store)
        try:
            return await asyncio.gather(*(room.appends.append(Append(t, 1, 0, 0, "lead")) for t in tables),
                                        return_exceptions=True)
        finally:
            room.close()

    out = run(play())
    assert [type(x) for x in out] == [type(None)] * 5 + [Stale] + [type(None)] * 6
    assert sum(groups) == 12 and len(groups) < 12  # the first alone, the rest gathered while it committed
    assert [r.action for r in store.actions(tables[5], 1)] == ["there first"]
    assert all([r.action for r in store.actions(t, 1)] == ["lead"] for i, t in enumerate(tables) if i != 5)
    store.close()


def test_a_notice_of_the_write_in_flight_is_skipped_another_is_not(tmp_path: Path) -> None:
    store = Store(tmp_path / "room.db")
    tid = new_table(store, dealt=False)

    async def play() -> tuple[bool, bool, bool]:
        room = Room(store)
        try:
            t = await room.table(tid)
            assert t is not None
            t.conns.add(object())  # someone here watches it: a notice is caught up at once
            t.writing = (1, 1)  # this process is writing action 0 of deal 1
            room.notice(f"{tid} 1 1")  # its own notice, before the write returned
            own = t.syncing
            room.notice(f"{tid} 1 0")  # a position it has already
            old = t.syncing
            room.notice(f"{tid} 1 2")  # beyond: another process moved on
            return own, old, t.syncing
        finally:
            room.close()

    assert run(play()) == (False, False, True)
    store.close()


def test_a_group_written_on_postgresql_sends_one_notice_with_each_tables_last_position(pg_url: str) -> None:
    """Revision 0006: one notice per statement writing actions — each (table, deal) written at its last position,
    entries joined by ';' — and the listener hands each entry on alone."""
    import psycopg
    from sqlalchemy.engine import make_url

    from cardtable.web.notify import Listener

    store = Store(pg_url)
    tables = sorted(new_table(store) for _ in range(3))
    with psycopg.connect(make_url(pg_url).render_as_string(hide_password=False), autocommit=True) as listen:
        listen.execute("LISTEN cardtable")
        # a person's action with two bots' moves after it at one table, single actions at the others
        out = store.append_actions([Append(tables[0], 1, 0, 0, "a", more=((1, "b"), (0, "c"))),
                                    Append(tables[1], 1, 0, 0, "a"), Append(tables[2], 1, 0, 1, "a")])
        assert out == [None, None, None]
        notices = [n.payload for n in listen.notifies(timeout=2, stop_after=1)]
    assert len(notices) == 1  # four rows, one notice
    assert sorted(notices[0].split(";")) == [f"{tables[0]} 1 3", f"{tables[1]} 1 1", f"{tables[2]} 1 1"]

    seen: list[str] = []
    listener = Listener(make_url(pg_url), on_table=seen.append, on_job=lambda: None, on_up=lambda: None,
                        on_down=lambda why: None)

    async def hear() -> None:
        task = asyncio.create_task(listener.run())
        for _ in range(100):  # until it listens
            await asyncio.sleep(0.05)
            if listener.up:
                break
        await asyncio.get_running_loop().run_in_executor(None, store.append_actions, [
            Append(tables[1], 1, 1, 1, "b", more=((0, "c"),)), Append(tables[2], 1, 1, 0, "b")])
        for _ in range(100):
            await asyncio.sleep(0.05)
            if len(seen) >= 2:
                break
        task.cancel()

    run(hear())
    assert sorted(seen) == [f"{tables[1]} 1 3", f"{tables[2]} 1 2"]
    store.close()
