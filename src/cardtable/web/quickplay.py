"""The meeting room on the server: quick play, notices in the table's chat, the turn clock, friends and
invitations by name. :class:`MeetingRoom` is mixed into :class:`~cardtable.web.hub.Server`.

**Quick play** seats a person at a public table of the game still waiting for players, or makes one and lists
it. Such a table waits :attr:`MeetingRoom.quick_wait` seconds (a countdown every seat sees); then bots take the
seats nobody took, and the deal begins (at once, if people fill every seat first). Picking and making go under
one lock of the process, so two people pressing Play together sit at one table, not two; on PostgreSQL with
several processes each process has its own lock (two processes may each make a table in the same instant).

**Notices**: a person sitting down, leaving (once their seat has had no connection for :data:`LEFT_AFTER`
seconds: a reload is not news), coming back, and the stand-in's countdown for an empty seat whose turn it is
are said in the table's chat, with names.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from .guard import wait_words
from .records import ChatRow
from .room import HUMAN, Table
from .store import StoreError

__all__ = ["FILL_BOT", "LEFT_AFTER", "MAX_FRIENDS", "MAX_PENDING", "QUICK_CLOCK", "QUICK_WAIT", "MeetingRoom"]

log = logging.getLogger("cardtable.web")
QUICK_WAIT = 20.0
"""Seconds a quick-play table waits for people before bots take its empty seats."""
QUICK_CLOCK = 30.0
"""The turn clock of a quick-play table: seconds a person has for a move before the stand-in plays it."""
FILL_BOT = "heuristic"
"""The bot that takes a quick-play table's empty seats."""
LEFT_AFTER = 10.0
"""Seconds a seat has no connection before the chat says its person left (a reload is not news)."""
MAX_FRIENDS = 200
MAX_PENDING = 20
"""The most invitations one account may have waiting for an answer at once."""
CLOCKS = (5, 600)
"""The least and most seconds a turn clock may give."""


def seconds_words(seconds: float) -> str:
    return wait_words(max(1, round(seconds)))


class MeetingRoom:
    """Quick play, notices, the turn clock, friends and invitations (mixed into ``Server``)."""

    store: Any
    tables: dict[str, Table]
    limits: Any
    quick_wait: float = QUICK_WAIT
    quick_clock: float | None = QUICK_CLOCK
    left_after: float = LEFT_AFTER

    if TYPE_CHECKING:
        async def run(self, fn: Any, *args: Any, **kw: Any) -> Any: ...

        async def table(self, tid: str) -> Table | None: ...

        def broadcast(self, t: Table) -> None: ...

        def push_chat(self, t: Table, rows: list[ChatRow]) -> None: ...

        async def join(self, tid: str, seat: int | None, name: Any, account: Any) -> dict[str, Any]: ...

        async def create(self, body: Any, creator: str | None = None, account: Any = None,
                         address: str | None = None, *, fill_at: float | None = None) -> dict[str, Any]: ...

        def jobs_queued(self, job: Any = None) -> None: ...

        def present_here(self, t: Table, seat: int) -> bool: ...

    # ----------------------------------------------------------- notices
    def _meet(self) -> dict[str, Any]:
        state = self.__dict__.get("_meeting")
        if state is None:
            state = self.__dict__["_meeting"] = {"quick": asyncio.Lock(), "left": set(), "away": set()}
        return state

    def _later(self, job: Any) -> None:
        """Run ``job`` (a coroutine) on the event loop, holding on to its task until it is done (a task nobody
        holds may be collected before it finishes)."""
        held = self._meet().setdefault("tasks", set())
        task = asyncio.get_running_loop().create_task(job)
        held.add(task)
        task.add_done_callback(held.discard)

    async def notice(self, t: Table, text: str, seat: int | None = None) -> None:
        """A line of the table's own in its chat, for everyone."""
        try:
            row = await self.run(self.store.add_chat, t.id, t.deal_no, t.logged, seat, "", None, text, "notice")
        except StoreError as e:
            log.warning("table %s: notice not saved: %s", t.id, e)
            return
        self.push_chat(t, [row])

    def seat_online(self, t: Table, seat: int) -> None:
        """A seat's connection opened here: if the chat said its person left, it says they are back."""
        key = (t.id, seat)
        m = self._meet()
        m["away"].discard(key)
        if key in m["left"]:
            m["left"].discard(key)
            self._later(self.notice(t, f"{t.seats[seat].name} is back", seat))

    def seat_offline(self, t: Table, seat: int) -> None:
        """A seat's last connection here closed: once it has stayed empty :data:`LEFT_AFTER` seconds, the chat
        says its person left."""
        asyncio.get_running_loop().call_later(self.left_after, self._left_check, t, seat)

    def _left_check(self, t: Table, seat: int) -> None:
        key = (t.id, seat)
        if self.present_here(t, seat) or key in self._meet()["left"] or t.match_over:
            return
        self._meet()["left"].add(key)
        self._later(self.notice(t, f"{t.seats[seat].name} left the table", seat))
        self.turn_changed(t)

    def turn_changed(self, t: Table) -> None:
        """The position moved on (or a seat went): at a table whose empty seats a bot plays after a while, an
        empty seat whose turn it is gets the stand-in's countdown in the chat (once while it stays empty)."""
        if t.position != getattr(t, "_turn_seen", None):
            t._turn_seen = t.position  # type: ignore[attr-defined]
            t.turn_at = time.time()
        seat = t.deal.turn
        if (seat is None or t.deal.over or t.takeover is None or t.clock or t.fill_at is not None
                or t.seats[seat].kind != HUMAN or self.present_here(t, seat)):
            return
        key = (t.id, seat)
        if key in self._meet()["away"]:
            return
        self._meet()["away"].add(key)
        self._later(self._countdown(t, seat))

    async def _countdown(self, t: Table, seat: int) -> None:
        try:
            away = await self.run(self.store.away_for, t.id, seat)
        except StoreError:
            return
        if away <= 0:
            self._meet()["away"].discard((t.id, seat))
            return
        left = max(0.0, (t.takeover or 0.0) - away)
        name = t.seats[seat].name
        text = (f"{name} is away: a bot plays for {name} now, until {name} is back" if left < 1 else
                f"{name} is away: a bot plays for {name} in {seconds_words(left)} unless {name} is back")
        await self.notice(t, text, seat)

    async def stood_in(self, t: Table, seat: int, why: str) -> None:
        """The stand-in played a person's move (``why``: ``clock``, the time was up)."""
        if why == "clock":
            name = t.seats[seat].name
            await self.notice(t, f"{name}'s time was up: a bot played for {name}", seat)

    # -------------------------------------------------------- quick play
    async def quickplay(self, game: Any, players: Any, name: Any, account: Any, creator: str | None,
                        address: str | None) -> dict[str, Any]:
        """Sit at a quick-play table of ``game`` waiting for players, or make one; the seat's link, and whether
        the table is new. ``ValueError``/``RulesError``: a bad game or number of players."""
        import cardtable as ct

        info = ct.game_info(game) if isinstance(game, str) else None
        if info is None:
            raise ValueError("game is a game's id, such as \"nap\" (the list: /api/games)")
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)
                                    or players not in info.player_counts):
            raise ValueError(f"{info.name} is played by {info.players_text()} players, not {players!r}")
        async with self._meet()["quick"]:
            for tid in await self.run(self.store.forming, info.id, players):
                t = await self.table(tid)
                if t is None or t.fill_at is None or not t.free_seats():
                    continue
                if account is not None and any(s.account_id == account.id for s in t.seats):
                    mine = next(s for s in t.seats if s.account_id == account.id)
                    raise ValueError(f"you already sit at a {info.name} table waiting for players, as "
                                     f"{mine.name}: it is at /t/{t.id}")
                try:
                    out = await self.join(tid, None, name, account)
                except ValueError:
                    continue
                return {**out, "created": False}
            n = players if players is not None else info.default_players
            you: dict[str, Any] = {"kind": HUMAN}
            if isinstance(name, str) and name.strip():
                you["name"] = name
            body = {"game": info.id, "players": n, "seats": [you] + [{"kind": HUMAN}] * (n - 1), "public": True,
                    **({"clock": self.quick_clock} if self.quick_clock else {})}
            made = await self.create(body, creator, account, address, fill_at=time.time() + self.quick_wait)
            seat = made["seats"][0]
            t = await self.table(made["id"])
            if t is not None:
                await self.notice(t, f"{seat['name']} is waiting for players: bots take the empty seats in "
                                     f"{seconds_words(self.quick_wait)} unless people sit down first")
            return {"id": made["id"], "seat": 0, "name": seat["name"], "token": seat["token"], "url": seat["url"],
                    "created": True}

    async def seated(self, t: Table) -> None:
        """A person took a seat (from the lobby, quick play or an invitation): a quick-play table with every
        seat taken starts at once."""
        if t.fill_at is not None and not t.free_seats():
            await self.fill(t.id)

    async def fill_loop(self) -> None:
        """Until cancelled: fill the quick-play tables whose wait is over; every 10 s note the accounts with a
        table open here as online."""
        beat = 0
        while True:
            await asyncio.sleep(1.0)
            beat += 1
            try:
                for tid in await self.run(self.store.fill_due):
                    await self.fill(tid)
                if beat % 10 == 0:
                    ids = sorted({c.account.id for t in list(self.tables.values()) for c in list(t.conns)
                                  if c.account is not None})
                    await self.run(self.store.note_seen, ids)
            except StoreError as e:
                log.warning("quick-play tables not filled: %s", e)

    async def fill(self, tid: str) -> None:
        """End a quick-play table's wait: bots take the empty seats (if it is this process's to do), the deal
        begins, everyone is told."""
        filled = await self.run(self.store.fill_seats, tid, FILL_BOT)
        if filled is None:
            return
        t = await self.table(tid)
        if t is None:
            return
        async with t.lock:
            t.seats = await self.run(self.store.seats, tid)
            t.fill_at = None
            t.turn_at = time.time()  # the turn clock starts with the deal
            job = t.next_job()
            if job is not None:
                await self.run(self.store.ensure_job, job)
        if job is not None:
            self.jobs_queued()
        names = [t.seats[n].name for n in filled]
        if names:
            said = ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]
            await self.notice(t, f"Bots sat down for {said}: the deal begins")
        else:
            await self.notice(t, "Every seat is taken: the deal begins")
        self.broadcast(t)

    async def refresh(self, t: Table) -> None:
        """As :meth:`PublicRoom.refresh`, and a quick-play table's wait ended by another process."""
        await super().refresh(t)  # type: ignore[misc]
        if t.fill_at is not None:
            try:
                row = await self.run(self.store.table, t.id)
            except StoreError:
                return
            if row is not None and row.fill_at is None:
                t.fill_at = None
                self.broadcast(t)

    def waiting_words(self, t: Table) -> str:
        left = max(0.0, (t.fill_at or 0.0) - time.time())
        return (f"the table is waiting for players: the deal begins when every seat is taken, or in "
                f"{seconds_words(left)} when bots sit down in the empty seats")

    # -------------------------------------------------------- the clock
    @staticmethod
    def check_clock(clock: Any, public: bool) -> float | None:
        low, high = CLOCKS
        if clock is None:
            return None
        if not isinstance(clock, int | float) or isinstance(clock, bool) or not low <= clock <= high:
            raise ValueError(f"clock is the seconds from {low} to {high} a person has for each move before a bot "
                             f"plays it (or absent: no clock), not {clock!r}")
        if not public:
            raise ValueError("a turn clock is for tables listed in the lobby (public: true)")
        return float(clock)

    # ------------------------------------------------ friends, invitations
    async def invite(self, account: Any, tid: Any, seat: Any, to: Any) -> dict[str, Any]:
        """``account`` invites the friend named ``to`` to ``seat`` of table ``tid``; ``LookupError``: no such
        table or friend; ``PermissionError``: not theirs to invite to; ``ValueError``: not a free seat."""
        from .accounts import check_name

        if not isinstance(tid, str) or not isinstance(seat, int) or isinstance(seat, bool):
            raise ValueError('send {"table": "<table id>", "seat": <seat number from 1>, "to": "<friend\'s name>"}')
        try:
            _, key = check_name(to)
        except ValueError:
            raise LookupError("invite a friend by the name of their account") from None
        friend = await self.run(self.store.account_by_name, key)
        if friend is None or not await self.run(self.store.is_friend, account.id, friend.id):
            raise LookupError(f"{to!r} is not among your friends: add them first (by the name of their account)")
        t = await self.table(tid)
        if t is None:
            raise LookupError(f"no table {tid!r}")
        if not any(s.account_id == account.id for s in t.seats):
            raise PermissionError("you can invite people only to a table you sit at")
        if t.match_over:
            raise ValueError("this match is over")
        n = seat - 1
        links = {s for (_, s, _) in await self.run(self.store.seat_links, account.id, t.id)}
        if not 0 <= n < len(t.seats) or not (n in t.free_seats() or n in links):
            free = [s + 1 for s in sorted(set(t.free_seats()) | links)]
            raise ValueError(f"seat {seat} is not free; free seats: {', '.join(map(str, free)) or 'none'}")
        if any(s.account_id == friend.id for s in t.seats):
            raise ValueError(f"{friend.name} sits at this table already")
        if await self.run(self.store.pending_from, account.id) >= MAX_PENDING:
            raise ValueError(f"you have {MAX_PENDING} invitations waiting for an answer; wait for some answers")
        iid = await self.run(self.store.invite, t.id, n, account.id, friend.id)
        await self.notice(t, f"{account.name} invited {friend.name} to sit in {t.seats[n].name}'s seat")
        return {"id": iid, "table": t.id, "seat": seat, "to": friend.name}

    async def accept(self, account: Any, iid: Any) -> dict[str, Any]:
        """Take the seat an invitation addressed to ``account`` offers; ``LookupError`` if there is no such
        invitation of theirs still waiting; ``ValueError``: the seat is gone."""
        inv = await self.run(self.store.invitation, iid) if isinstance(iid, str) else None
        if inv is None or inv.to_account != account.id or inv.status != "pending":
            raise LookupError("no invitation of yours waiting with that id")
        links = {s: tok for (_, s, tok) in await self.run(self.store.seat_links, inv.from_account, inv.table_id)}
        t = await self.table(inv.table_id)
        if t is None or t.match_over:
            await self.run(self.store.answer_invitation, inv.id, account.id, "gone")
            raise ValueError("that table's match is over")
        if inv.seat in links and inv.seat not in t.free_seats():  # a seat the inviter holds the link of
            await self.run(self.store.answer_invitation, inv.id, account.id, "accepted")
            return {"id": t.id, "seat": inv.seat, "name": t.seats[inv.seat].name, "token": links[inv.seat],
                    "url": f"/t/{t.id}?token={links[inv.seat]}"}
        try:
            out = await self.join(t.id, inv.seat, None, account)
        except ValueError:
            await self.run(self.store.answer_invitation, inv.id, account.id, "gone")
            raise ValueError("that seat was taken before you came; you can still watch the table") from None
        await self.run(self.store.answer_invitation, inv.id, account.id, "accepted")
        return out

    async def decline(self, account: Any, iid: Any) -> None:
        inv = await self.run(self.store.invitation, iid) if isinstance(iid, str) else None
        if inv is None or not await self.run(self.store.answer_invitation, iid, account.id, "declined"):
            raise LookupError("no invitation of yours waiting with that id")
        t = await self.table(inv.table_id)
        if t is not None:
            await self.notice(t, f"{account.name} declined the invitation")

