"""Group commit: the actions of many tables appended to the log in one transaction.

Under load many tables have an action waiting to be logged at once. Each waits here rather than taking a
transaction (and a database thread) of its own: while a group is being written, the next ones gather, and
each group is one transaction — one commit, a few statements whatever its size — in which every action still
goes in under its own unique (table, deal, number) key and a position already taken leaves only its own
action out (:meth:`~cardtable.web.store.Store.append_actions`). Nothing waits for company: an action that
finds no group being written is written at once, alone.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from .store import Append, Store

__all__ = ["GroupCommit"]


class GroupCommit:
    """Appends for one store; ``run`` runs a call on the database threads; ``parallel``: groups written at once."""

    def __init__(self, store: Store, run: Callable[..., Awaitable[Any]], parallel: int = 1) -> None:
        self.store = store
        self.run = run
        self.parallel = parallel
        self.pending: list[tuple[Append, asyncio.Future[None]]] = []
        self.writing = 0  # groups being written

    async def append(self, item: Append) -> None:
        """Log ``item``; raises :class:`~cardtable.web.store.Stale` (its position was taken) or another
        ``StoreError`` (nothing of it was logged)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append((item, done))
        self._next()
        await done

    def _next(self) -> None:
        """Start writing what is pending, if a group may start (one action per table in a group)."""
        while self.pending and self.writing < self.parallel:
            group: list[tuple[Append, asyncio.Future[None]]] = []
            later: list[tuple[Append, asyncio.Future[None]]] = []
            tables: set[str] = set()
            for entry in self.pending:
                (later if entry[0].table_id in tables else group).append(entry)
                tables.add(entry[0].table_id)
            self.pending = later
            self.writing += 1
            asyncio.get_running_loop().create_task(self._write(group))

    async def _write(self, group: list[tuple[Append, asyncio.Future[None]]]) -> None:
        try:
            try:
                results: list[BaseException | None] = await self.run(self.store.append_actions, [e[0] for e in group])
            except Exception as e:  # every waiter hears of a failure the store did not expect
                results = [e] * len(group)
            for (_, done), problem in zip(group, results):
                if done.done():  # its waiter was cancelled
                    continue
                if problem is None:
                    done.set_result(None)
                else:
                    done.set_exception(problem)
        finally:
            self.writing -= 1
            self._next()
