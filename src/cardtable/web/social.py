"""The public room's side of the web server: the lobby, taking a free seat, seats' presence and the bot that
stands in for an empty seat, the table chat and muting spectators, and ratings when a match ends.

:class:`PublicRoom` is mixed into :class:`~cardtable.web.hub.Server`. Every change goes through the store
first; the process that made it pushes it to its own sockets at once, and on PostgreSQL every other process
learns of it by ``NOTIFY cardtable_room`` (chat lines, seats, settings) or by the action log's own notice
(undos), and pushes it to its sockets.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import time
import unicodedata
from typing import TYPE_CHECKING, Any

from cardtable.core.i18n import _
from cardtable.words import options_words

from .guard import wait_words
from .protocol import MAX_CHAT, error_frame
from .ratings import update_ratings
from .records import ChatRow, effective
from .room import HUMAN, Table
from .store import SeatRow, StoreError

if TYPE_CHECKING:
    from .hub import Conn

__all__ = ["ABANDONED", "HEARTBEAT", "MAX_NAME", "TAKEOVER", "PublicRoom", "clean_text", "seat_name"]

log = logging.getLogger("cardtable.web")
HEARTBEAT = 10.0
"""Seconds between the notes a process makes of the seats connected to it (their presence)."""
ABANDONED = 30 * 60.0
"""A public table with nobody present and no move for this long has been abandoned: it leaves the lobby."""
TAKEOVER = (1, 3600)
"""The least and most seconds a table may let an empty person's seat wait before a bot plays for it."""
MAX_NAME = 24


def clean_text(text: str, limit: int) -> str:
    """A line as said: control characters dropped, runs of white space made one space, at most ``limit``
    characters. It stays text: pages show it with ``textContent``, never as markup.

    >>> clean_text("  hi\\u0000 <b>there</b>\\n\\n ", 100)
    'hi <b>there</b>'
    """
    kept = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    return " ".join(kept.split())[:limit]


def seat_name(name: Any, default: str) -> str:
    """A seat's name from a request: printable text of at most :data:`MAX_NAME` characters (``ValueError``)."""
    if name is None or (isinstance(name, str) and not name.strip()):
        return default
    if not isinstance(name, str) or len(name) > MAX_NAME or not name.isprintable():
        raise ValueError(_("a name is printable text of at most {n} characters", n=MAX_NAME))
    return " ".join(name.split())


class PublicRoom:
    """Lobby, seats, presence, chat and ratings for the web server (mixed into ``Server``)."""

    # set by Server / Room
    store: Any
    tables: dict[str, Table]
    limits: Any

    if TYPE_CHECKING:
        async def run(self, fn: Any, *args: Any, **kw: Any) -> Any: ...

        async def table(self, tid: str) -> Table | None: ...

        def broadcast(self, t: Table) -> None: ...

        def send_all(self, t: Table, frame: dict[str, Any]) -> None: ...

        async def reload(self, t: Table) -> bool: ...

    # ------------------------------------------------------------- lobby
    async def lobby(self) -> list[dict[str, Any]]:
        """The lobby: public tables with a free seat that are neither finished nor abandoned."""
        import cardtable as ct

        now = time.time()
        rows = await self.run(self.store.lobby, now)
        out = []
        for r in rows:
            if not r.present and now - r.last_active > ABANDONED:
                continue
            try:
                info = ct.game_info(r.game)
            except ValueError:
                continue
            taken = sum(1 for s in r.seats if not s["open"])
            out.append({"id": r.id, "game": r.game, "name": info.name, "family": info.family, "players": r.players,
                        "options": r.options, "options_text": options_words(r.game, r.options),
                        "seats": r.seats, "taken": taken, "free": r.players - taken,
                        "bots": sum(1 for s in r.seats if s["kind"] != HUMAN), "waited": round(now - r.created),
                        "takeover": r.takeover, "url": f"/t/{r.id}"})
        return out

    async def join(self, tid: str, seat: int | None, name: Any, account: Any) -> dict[str, Any]:
        """Take a free seat at table ``tid`` (``seat``, or the first free one); returns the seat and its link.
        ``LookupError``: no such table; ``ValueError``: no free seat, or a bad name."""
        t = await self.table(tid)
        if t is None:
            raise LookupError(f"no table {tid!r}")
        if t.match_over:
            raise ValueError("this match is over; its seats can no longer be taken")
        free = t.free_seats()
        if seat is not None:
            if seat not in free:
                raise ValueError(f"seat {seat + 1} is not free; free seats (numbered from 1): "
                                 f"{', '.join(str(s + 1) for s in free) or 'none'}")
            free = [seat]
        if not free:
            raise ValueError("every seat at this table is taken; you can still watch")
        if account is not None:
            if any(s.account_id == account.id for s in t.seats):
                raise ValueError("you already have a seat at this table")
            name = account.name
        for n in free:
            token = secrets.token_urlsafe(16)
            shown = seat_name(name, f"Player {n}")
            if shown in {s.name for s in t.seats if s.seat != n}:  # the engine's lines tell seats apart by name
                raise ValueError(f"{shown!r} already sits at this table; choose another name")
            if await self.run(self.store.claim_seat, t.id, n, token, shown, account.id if account else None,
                              t.creator_seat):
                await self.refresh(t)
                return {"id": t.id, "seat": n, "name": shown, "token": token, "url": f"/t/{t.id}?token={token}"}
        raise ValueError("the free seats were taken just now; you can still watch")

    async def open_seat(self, t: Table, seat: int, token: str) -> bool:
        """A seat's link is being opened: note the seat as taken by its person (a listed table's lobby offers it
        no more); False if it was taken from the lobby first, and its link opens it no more."""
        try:
            if not await self.run(self.store.open_seat, t.id, seat, token):
                await self.refresh(t)
                return False
        except StoreError as e:  # the seat is noted present at the next heartbeat
            log.warning("table %s: seat %s not noted open: %s", t.id, seat, e)
            return True
        if not t.seats[seat].opened:
            t.seats[seat] = dataclasses.replace(t.seats[seat], opened=True)
        return True

    async def seat_of_account(self, t: Table, seat: int | None, account: Any) -> int | None:
        """The seat of a logged-in person: the one their link opened (noted as the account's, if it had no
        account), else the seat the account sits at; ``None``: they watch."""
        if seat is not None:
            row = t.seats[seat]
            if row.account_id is None and row.kind == HUMAN:
                try:
                    if await self.run(self.store.bind_seat, t.id, seat, account.id):
                        t.seats[seat] = dataclasses.replace(row, account_id=account.id)
                except StoreError as e:
                    log.warning("table %s: seat %s not noted as %s's: %s", t.id, seat, account.name, e)
            return seat
        return next((s.seat for s in t.seats if s.account_id == account.id), None)

    # ---------------------------------------------------- presence, chat
    async def attach(self, t: Table, conn: Conn) -> None:
        """A connection opened: note its seat present, send it the chat so far."""
        try:
            if conn.seat is not None:
                await self.run(self.store.presence, [(t.id, conn.seat)], False)
            lines = await self.run(self.store.chat, t.id)
        except StoreError as e:
            log.warning("table %s: chat or presence not read: %s", t.id, e)
            return
        conn.send({"type": "chat", "lines": [x.frame() for x in lines], "muted": t.muted, "all": True})

    async def detach(self, t: Table, conn: Conn) -> None:
        if conn.seat is None or any(c.seat == conn.seat for c in t.conns):
            return
        try:
            await self.run(self.store.presence, [(t.id, conn.seat)], True)
        except StoreError as e:
            log.warning("table %s: presence not noted: %s", t.id, e)

    async def heartbeat(self) -> None:
        """Until cancelled: every :data:`HEARTBEAT` seconds note the seats connected here as present."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            seats = sorted({(t.id, c.seat) for t in list(self.tables.values()) for c in list(t.conns)
                            if c.seat is not None})
            try:
                await self.run(self.store.presence, seats, False)
            except StoreError as e:
                log.warning("presence not noted: %s", e)

    def present_here(self, t: Table, seat: int) -> bool:
        return any(c.seat == seat for c in t.conns)

    def speaker(self, t: Table, conn: Conn) -> str:
        if conn.seat is not None:
            return str(t.seats[conn.seat].name)
        if conn.account is not None:
            return f"{conn.account.name} (watching)"
        return "a spectator"

    async def say(self, t: Table, conn: Conn, text: str) -> None:
        """A chat line from a player or a spectator (refused when spectators are muted, or too many too fast)."""
        if conn.seat is None and t.muted:
            conn.send(error_frame("the players have muted the spectators' chat", about="chat"))
            return
        wait = self.limits.hit("chat", conn.client)
        if wait is not None:
            conn.send(error_frame(f"you are chatting too fast (at most {self.limits.describe('chat')}); wait "
                                  f"{wait_words(wait)}", retry_after=wait, about="chat"))
            return
        line = clean_text(text, MAX_CHAT)
        if not line:
            conn.send(error_frame("an empty chat line is not sent", about="chat"))
            return
        try:
            row = await self.run(self.store.add_chat, t.id, t.deal_no, t.logged, conn.seat, self.speaker(t, conn),
                                 conn.account.id if conn.account else None, line)
        except StoreError as e:
            conn.send(error_frame(f"the chat line could not be saved ({e}); try again", retry=True, about="chat"))
            return
        self.push_chat(t, [row])

    async def mute(self, t: Table, conn: Conn, muted: bool) -> None:
        if conn.seat is None:
            conn.send(error_frame("only the players at the table can mute or unmute the spectators"))
            return
        refused = await self._setting(t, conn.seat, "muted", muted, "muted" if muted else "unmuted",
                                      "the spectators")
        if refused is not None:
            conn.send(error_frame(refused, retry=True))

    async def set_public(self, t: Table, conn: Conn, public: bool) -> None:
        refused = await self.list_table(t, conn.seat, public)
        if refused is not None:
            conn.send(error_frame(refused))

    async def list_table(self, t: Table, seat: int | None, public: bool) -> str | None:
        """The creator's seat lists the table in the lobby (``public``) or takes it out; returns why not, if it
        may not. Listed, its seats without a link, and those whose link nobody has opened yet, are offered in
        the lobby; out of it, only the seats without a link stay free (taken from the table's page)."""
        if seat is None or seat != t.creator_seat:
            return "only the player who made the table can list it in the lobby or take it out"
        if t.match_over:
            return "this match is over; the table is no longer listed"
        if public and not t.free_seats(listed=True):
            return "every seat has a player (or is a bot's): there is no free seat to offer in the lobby"
        return await self._setting(t, seat, "public", public, "listed" if public else "took",
                                   "the table in the lobby" if public else "the table out of the lobby")

    async def _setting(self, t: Table, seat: int, name: str, value: bool | str, verb: str, what: str) -> str | None:
        """Save the table setting ``name`` (``muted``, ``public``, ``speed``) changed by a player's seat, with a
        notice in the chat ("Ann muted the spectators"), and show it to everyone; returns why it was not saved."""
        who = t.seats[seat].name
        try:
            await self.run(getattr(self.store, f"set_{name}"), t.id, value)
            row = await self.run(self.store.add_chat, t.id, t.deal_no, t.logged, seat, who, None,
                                 f"{who} {verb} {what}", "notice")
        except StoreError as e:
            return f"not saved ({e}); try again"
        setattr(t, name, value)
        self.push_chat(t, [row])
        self.broadcast(t)
        return None

    def push_chat(self, t: Table, rows: list[ChatRow]) -> None:
        """Send the lines this process has not sent yet to every connection of ``t``."""
        new = [r for r in rows if r.id > t.chat_last]
        if not new:
            return
        t.chat_last = new[-1].id
        self.send_all(t, {"type": "chat", "lines": [r.frame() for r in new], "muted": t.muted})

    async def refresh(self, t: Table) -> None:
        """Bring ``t``'s seats, settings and chat up to date with the store (another process, or a join here,
        changed them) and push what changed."""
        def read() -> tuple[list[SeatRow], tuple[bool, bool], list[ChatRow]]:
            return (self.store.seats(t.id), self.store.settings(t.id),
                    self.store.chat(t.id, since=t.chat_last))

        try:
            seats, (muted, public), lines = await self.run(read)
        except StoreError as e:
            log.warning("table %s: not refreshed: %s", t.id, e)
            return
        changed = seats != t.seats or muted != t.muted or public != t.public
        renamed = [s.name for s in seats] != [s.name for s in t.seats]
        t.seats, t.muted, t.public = seats, muted, public
        self.push_chat(t, lines)
        if renamed:  # a seat taken under a new name: the game is loaded again, so its lines say that name
            async with t.lock:
                await self.reload(t)
        elif changed:
            self.broadcast(t)

    def room_notice(self, tid: str) -> None:
        """``NOTIFY cardtable_room``: another process changed this table's chat, seats or settings."""
        t = self.tables.get(tid)
        if t is not None and t.conns:
            asyncio.get_running_loop().create_task(self.refresh(t))

    def replay_chat(self, tid: str, deal_no: int, rows: list[Any]) -> list[dict[str, Any]]:
        """The chat said during deal ``deal_no``, each line placed at the replay step it was said at (runs on
        a database thread; ``rows``: the deal's log)."""
        lines = []
        for r in self.store.chat(tid, limit=10_000):
            if r.deal_no != deal_no:
                continue
            step = len(effective([a for a in rows if a.idx < r.idx]))
            lines.append({**r.frame(), "step": step})
        return lines

    # ----------------------------------------------------------- ratings
    def match_ended(self, t: Table) -> None:
        """Settle the ratings of a match that just ended (once, whichever process gets there first)."""
        asyncio.get_running_loop().create_task(self.rate(t.id))

    async def rate(self, tid: str) -> None:
        try:
            await self.run(self.store.rate_match, tid, update_ratings)
        except StoreError as e:  # a later start settles it (rate_pending)
            log.warning("table %s: ratings not settled yet: %s", tid, e)

    async def rate_pending(self) -> None:
        """Settle the ratings of every finished match not yet settled (after a crash or an outage)."""
        try:
            for tid in await self.run(self.store.unrated):
                await self.rate(tid)
        except StoreError as e:
            log.warning("ratings not settled yet: %s", e)

