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
