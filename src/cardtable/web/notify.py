"""PostgreSQL ``LISTEN/NOTIFY``: how a process learns of moves made by the others.

Triggers send ``NOTIFY cardtable, '<table id> <deal> <actions so far>'`` for each new deal and, once per
statement that writes actions, one such entry per table written, at its last position, joined by ``;``
(revisions 0002 and 0006), and ``NOTIFY cardtable_jobs`` for each new bot job nobody has claimed;
PostgreSQL delivers them when the transaction commits. A
:class:`Listener` holds one dedicated connection (psycopg 3, outside the pool), LISTENs on both channels and
calls back. When the connection drops (PostgreSQL restarted, the network gone) it says so, keeps trying to
reconnect, and once back calls ``on_up`` so the process can catch up with what it may have missed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import psycopg
from sqlalchemy.engine import URL

__all__ = ["Listener"]

log = logging.getLogger("cardtable.web")
TABLES, JOBS, ROOM = "cardtable", "cardtable_jobs", "cardtable_room"


class Listener:
    """Listens for table and job notices on a PostgreSQL database until cancelled."""

    def __init__(self, url: URL, on_table: Callable[[str], None], on_job: Callable[[], None],
                 on_up: Callable[[], None], on_down: Callable[[str], None], retry: float = 0.5,
                 on_room: Callable[[str], None] | None = None) -> None:
        self.conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        self.shown = url.set(drivername="postgresql").render_as_string(hide_password=True)
        self.on_table, self.on_job, self.on_up, self.on_down = on_table, on_job, on_up, on_down
        self.on_room = on_room  # chat lines, seats taken, settings changed (revision 0003)
        self.retry = retry
        self.up = False
        self.reported = False

    async def run(self) -> None:
        delay = self.retry
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True, connect_timeout=3,
                                                             keepalives=1, keepalives_idle=5, keepalives_interval=2,
                                                             keepalives_count=3, application_name="cardtable-listen")
            except psycopg.Error as e:
                self._down(f"cannot connect: {str(e).strip().splitlines()[0] if str(e).strip() else e}")
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
                continue
            try:
                async with conn:
                    await conn.execute(f"LISTEN {TABLES}")
                    await conn.execute(f"LISTEN {JOBS}")
                    if self.on_room is not None:
                        await conn.execute(f"LISTEN {ROOM}")
                    delay = self.retry
                    if not self.up:
                        self.up, self.reported = True, False
                        log.warning("database %s: listening for moves made by other processes", self.shown)
                        self.on_up()
                    async for n in conn.notifies():
                        if n.channel == TABLES:
                            for entry in n.payload.split(";"):
                                self.on_table(entry)
                        elif n.channel == ROOM:
                            if self.on_room is not None:
                                self.on_room(n.payload)
                        else:
                            self.on_job()
            except psycopg.Error as e:
                self._down(f"connection lost: {str(e).strip().splitlines()[0] if str(e).strip() else e}")
                await asyncio.sleep(delay)

    def _down(self, why: str) -> None:
        if not self.reported:
            log.error("database %s unreachable (%s); refusing actions until it is back", self.shown, why)
            self.reported = True
        self.up = False
        self.on_down(why)
