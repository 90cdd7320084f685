"""Tables in memory over the store: rebuilt from the log, changed only by checked appends, kept in step.

A :class:`Room` holds the tables one process is using. The database's action log is the truth: a table is
rebuilt from it (:func:`cardtable.replay` on each recorded pack) on whichever process needs it; an action is
checked by the engine on a copy of the deal, appended under its unique (table, deal, number) key together
with what follows from it (the deal's settlement, the next bot job), and only then made current. When
another process got there first the append fails with :class:`~cardtable.web.store.Stale` and the table is
brought up to date from the log (:meth:`Room.sync`). The web server and the bot workers are both rooms.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

import cardtable as ct
from cardtable.words import left_in_pools_line

from . import present
from .groupcommit import GroupCommit
from .packs import GERMAN_FIRST, packs_for
from .protocol import plain
from .records import effective, undone_to
from .store import ActionRow, Append, Damaged, DealRow, Job, SeatRow, Snapshot, Stale, Store, StoreError

__all__ = ["BETWEEN", "COUNTDOWN", "HUMAN", "SPEEDS", "STANDIN", "Room", "Table", "TableBroken", "job_for",
           "logged_deal", "sheet_row"]

log = logging.getLogger("cardtable.web")
HUMAN = "human"
DEAL = "deal"  # the job kind that deals the next deal of a table of bots only
STANDIN = "standin"  # the job kind of a bot playing for a person's seat left empty too long (a table setting)
SPEEDS = {"slow": 1.8, "normal": 1.0, "fast": 0.4, "instant": 0.0}
BETWEEN = ("ready", "countdown")
"""How a table goes on to the next deal (a table setting its creator picks): when every person at it has said
ready (bots always are), or after a countdown shown to everyone (sooner, once everyone is ready)."""
COUNTDOWN = 20.0
"""Seconds between a deal's end and the next deal at a table with a countdown, by default."""
"""The bots' speeds a table may have (a table setting), each the pause before a bot's move as a multiple of the
server's pause at normal speed (:attr:`Room.pace`); every seat's page shows the moves at the same speed."""
R = TypeVar("R")
MAX_TABLES = 2_000
"""The most tables a room holds in memory by default (about 30 KB each, a finished Nap match)."""
FINISHED_FOR = 60.0
"""Seconds a finished table nobody watches stays in memory by default."""
GRACE = 5.0
"""Seconds after its last use a table is never let go, by default."""


class TableBroken(ValueError):
    """A saved table that cannot be played here: its log no longer replays, or its rows are damaged."""


def sheet_row(deal_no: int, deal: ct.Deal, match: ct.Match) -> dict[str, Any]:
    """A finished deal's line on the score sheet (with the contract and its declarer where the game has them)."""
    view = deal.public_view()
    row = {"deal": deal_no, "dealer": deal.dealer, "result": view["result"], "totals": plain(match.totals)}
    if view.get("contract") is not None and view.get("declarer") is not None:
        row["contract"], row["declarer"] = str(view["contract"]), view["declarer"]
    return row


def job_for(tid: str, seats: list[SeatRow], deal_no: int, deal: ct.Deal, match_over: bool,
            run_at: float | None = None, *, idx: int | None = None, takeover: float | None = None) -> Job | None:
    """The bot job a table needs at this point: a bot to act, or (bots only) the next deal to deal, or (with
    ``takeover``) a stand-in who plays a person's turn once their seat has been empty that long. ``idx``: the
    position in the deal's log (by default the number of actions: a log without undos)."""
    people = any(s.kind == HUMAN for s in seats)
    when = time.time() if run_at is None else run_at
    at = len(deal.history) if idx is None else idx
    if deal.over:
        if match_over or people:
            return None
        return Job(tid, deal_no, at, -1, DEAL, False, when)
    seat = deal.turn
    assert seat is not None
    kind = seats[seat].kind
    if kind == HUMAN:
        # Looked at a second after the turn began (a person who is there has usually moved by then; a seat
        # long empty is played at once); the worker plays it only if the seat has been empty long enough.
        return Job(tid, deal_no, at, seat, STANDIN, True, time.time() + 1.0) if takeover else None
    return Job(tid, deal_no, at, seat, kind, people, when)


@dataclass(eq=False)
class Table:
    """A table in memory: the match, the current (or last finished) deal, the seats, and (in the web server)
    the connections watching it."""

    id: str
    game: ct.Game
    match: ct.Match
    deal: ct.Deal
    deal_no: int
    seats: list[SeatRow]
    sheet: list[dict[str, Any]]
    seed: int = 0
    creator: str | None = None
    logged: int = 0  # rows in the current deal's log (its actions and undos): the position the next row takes
    takeover: float | None = None  # seconds an empty person's seat waits before a bot plays for it
    public: bool = False
    muted: bool = False  # spectators may not chat
    assisted: bool = False  # an undo or a hint was used: the match is not rated
    speed: str = "normal"  # the bots' speed (a key of SPEEDS)
    pack: str = "auto"  # the pack its cards are drawn in (chosen by its creator; a browser may choose its own)
    between: str = "ready"  # how the next deal starts (a key of BETWEEN): everyone ready, or a countdown
    ready: set[int] = field(default_factory=set)  # the people's seats that said ready for the next deal
    next_at: float | None = None  # with a countdown: when (time.time()) the next deal starts
    chat_last: int = 0  # the id of the last chat line sent to this process's connections
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Any] = field(default_factory=set)
    dirty: bool = False  # another process changed it and nobody here is watching: sync before use
    writing: tuple[int, int] | None = None  # the position this process's write in flight leads to
    syncing: bool = False  # a catch-up with the log is queued
    used: float = field(default_factory=time.monotonic)  # when this process last asked for it (Room.table)

    @property
    def match_over(self) -> bool:
        return self.deal.over and self.match.over

    @property
    def position(self) -> tuple[int, int]:
        """(deal number, rows so far in its log): where the next action or undo goes."""
        return self.deal_no, self.logged

    @property
    def thinking(self) -> int | None:
        """The bot seat to act, if a bot is to act (its move is queued or being chosen)."""
        seat = self.deal.turn
        if seat is None or self.seats[seat].kind == HUMAN:
            return None
        return seat

    def human_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == HUMAN]

    @property
    def creator_seat(self) -> int | None:
        """The seat of the person who made the table (the first person's)."""
        return min(self.human_seats(), default=None)

    def free_seats(self, listed: bool | None = None) -> list[int]:
        """The seats a newcomer may take now (or if the table were listed in the lobby: ``listed``)."""
        listed, creator = self.public if listed is None else listed, self.creator_seat
        return [s.seat for s in self.seats if s.free(listed, creator)]

    def next_job(self, deal: ct.Deal | None = None, match: ct.Match | None = None, deal_no: int | None = None,
                 run_at: float | None = None, idx: int | None = None) -> Job | None:
        deal = deal or self.deal
        match = match or self.match
        return job_for(self.id, self.seats, deal_no or self.deal_no, deal, deal.over and match.over, run_at,
                       idx=self.logged if idx is None else idx, takeover=self.takeover)

    def meta(self) -> dict[str, Any]:
        """What everyone may know of the table (no tokens)."""
        online = {c.seat for c in self.conns if c.seat is not None}
        free = self.free_seats()
        info = self.game.info
        return {"id": self.id, "game": info.id, "name": info.name, "family": info.family,
                "players": self.game.players, "unit": self.game.unit, "options": self.game.options.as_dict(),
                "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "online": s.seat in online,
                           **({"open": True} if s.seat in free else {})}
                          for s in self.seats],
                "public": self.public, "takeover": self.takeover, "muted": self.muted, "assisted": self.assisted,
                "speed": self.speed, "pack": self.pack, "packs": list(packs_for(self.game)),
                "german_first": info.id in GERMAN_FIRST,
                "between": self.between, "ready": sorted(self.ready),
                **({"next_in": round(max(0.0, self.next_at - time.time()), 2)} if self.next_at is not None else {}),
                "solo": len(self.human_seats()) == 1, "listable": bool(self.free_seats(listed=True))}

    def frame(self, seat: int | None) -> dict[str, Any]:
        """The ``state`` frame for ``seat``: the table, the match and ``deal.view(seat)``."""
        view = self.deal.view(seat) if seat is not None else self.deal.public_view()
        return {"type": "state", "table": self.meta(), "you": seat, "deal": self.deal_no,
                "rev": self.logged, "view": view, "thinking": self.thinking,
                "show": present.show(self.deal, view, [s.name for s in self.seats], owner=self),
                "match": {"deals_done": len(self.match.results), "max_deals": self.match.max_deals,
                          "target": self.game.target, "totals": plain(self.match.totals),
                          "over": self.match_over, **self.left_over()}}

    def left_over(self) -> dict[str, Any]:
        """At the match's end, the chips left in its pools shared out: the totals with them (``final``) and the
        words saying so (``left``); nothing before the end or with nothing left."""
        line = left_in_pools_line(self.match, [s.name for s in self.seats]) if self.match_over else None
        return {"final": plain(self.match.final_totals()), "left": line} if line else {}


def logged_deal(game: ct.Game, row: DealRow, log: Sequence[ActionRow]) -> ct.Deal:
    """A deal as its rows in the store leave it: the engine's replay (:meth:`cardtable.Game.replay`) of the
    pack, dealer, carried pools and the actions in force (undos applied), each action checked. Its
    ``record()`` is the deal's record for :func:`cardtable.replay`. Raises ``ValueError`` if the log does not
    replay."""
    return game.replay(deck=row.deck, dealer=row.dealer, carry=row.carry,
                       actions=[(a.seat, a.action) for a in effective(log)])


def build_table(snap: Snapshot) -> tuple[Table, bool]:
    """A table rebuilt from its snapshot; the flag says its first deal still has to be logged (a table made
    before tables were dealt at creation). Raises ``ValueError`` when the engine refuses the log."""
    row = snap.table
    game = ct.load(row.game, players=row.players, names=[s.name for s in snap.seats], **row.options)
    # The deals to come: each from a fresh secret key; the seed only cuts for the first dealer, as at creation.
    match = ct.Match(game, seed=row.seed, deals=row.max_deals, fair=True)
    sheet: list[dict[str, Any]] = []
    deal: ct.Deal | None = None
    for d in snap.deals:
        deal = logged_deal(game, d, snap.actions.get(d.deal_no, []))
        if deal.over:
            match.record(deal)
            sheet.append(sheet_row(d.deal_no, deal, match))
    fresh = deal is None
    table = Table(row.id, game, match, deal if deal is not None else match.next_deal(), len(snap.deals) or 1,
                  snap.seats, sheet, seed=row.seed, creator=row.creator,
                  logged=len(snap.actions.get(snap.deals[-1].deal_no, [])) if snap.deals else 0,
                  takeover=row.takeover, public=row.public, muted=row.muted, assisted=bool(row.undos or row.hints),
                  speed=row.speed, pack=row.pack, between=row.between)
    return table, fresh


class Room:
    """The tables of one store that this process has in memory.

    Database calls run on ``io`` (one thread for SQLite, whose writes are serial anyway; a pool for
    PostgreSQL), so the event loop keeps serving while a transaction waits.
    """

    def __init__(self, store: Store, io: Executor | None = None, bot_delay: float = 0.0, *,
                 max_tables: int = MAX_TABLES) -> None:
        self.store = store
        self.max_tables = max_tables
        """The most tables held in memory: beyond it the idle ones are let go, finished ones first, then the
        least recently used (:meth:`trim`); a table let go is rebuilt from the log when it is next wanted."""
        self.finished_for = FINISHED_FOR
        """Seconds a finished table nobody watches stays in memory (bound or not)."""
        self.grace = GRACE
        """Seconds after its last use a table is never let go (a caller may still be about to watch it)."""
        self._trimmed = 0.0
        self.io = io or ThreadPoolExecutor(max_workers=1 if store.backend == "sqlite" else 8,
                                           thread_name_prefix="cardtable-db")
        self.pace = bot_delay
        """Seconds a bot's move waits at a table of normal speed, so people can follow; each table's speed scales
        it (:func:`run_at`), through the time its bot jobs become ready."""
        self.bot_delay = 0.0  # the bot workers' own wait before a move: none, the table's pause is in its jobs
        self.workers: Any = None  # the BotWorkers of this process, if it runs some
        self.tables: dict[str, Table] = {}
        # Actions are appended in groups: one transaction for the tables waiting while the previous one commits.
        self.appends = GroupCommit(store, self.run)
        self._loading: dict[str, asyncio.Lock] = {}

    async def run(self, fn: Callable[..., R], *args: Any, **kw: Any) -> R:
        """``fn(*args, **kw)`` on the database threads."""
        return await asyncio.get_running_loop().run_in_executor(self.io, functools.partial(fn, *args, **kw))

    def close(self) -> None:
        self.io.shutdown(wait=False, cancel_futures=True)

    # -------------------------------------------------------------- hooks
    def changed(self, t: Table, ended: bool) -> None:
        """Called after ``t`` moved on (an action, a new deal); ``ended``: a deal ended. The server pushes it."""

    def jobs_queued(self, job: Job | None = None) -> None:
        """Called after this process queued a bot job: the bot workers here play it at once if they claimed it
        as it was queued (:meth:`claim_now`), else they wake up to claim what is ready (a job paused by the
        table's speed: when it is)."""
        if self.workers is not None:
            if job is not None and job.claimed_by == self.workers.name:
                self.workers.take(job)
            elif job is not None and job.run_at > time.time():
                asyncio.get_running_loop().call_later(job.run_at - time.time(), self.workers.wake)
            else:
                self.workers.wake()

    def run_at(self, speed: str, run_at: float | None = None) -> float | None:
        """When the next bot move at a table of ``speed`` may be made: after that speed's pause (and not before
        ``run_at``); ``None``: at once."""
        pause = self.pace * SPEEDS.get(speed, 1.0)
        if pause <= 0:
            return run_at
        return max(run_at or 0.0, time.time() + pause)

    def claim_now(self, job: Job | None) -> Job | None:
        """A job this process's workers can play at once without search (the random bot, dealing on) is queued
        already claimed by them: it needs no separate claim, and the log's unique key still lets only one
        move in if another worker takes it after a crash."""
        w = self.workers
        if job is None or w is None or job.kind not in w.inline or job.run_at > time.time():
            return job
        return dataclasses.replace(job, claimed_by=w.name, lease_until=time.time() + w.lease)

    # ------------------------------------------------------------- tables
    async def table(self, tid: str) -> Table | None:
        """The table ``tid``, rebuilt from the log on first use (and brought up to date if another process
        changed it meanwhile); ``None`` if there is none. Raises :class:`TableBroken`."""
        t = self.tables.get(tid)
        if t is not None:
            t.used = time.monotonic()
            self.trim()
            if t.dirty:
                async with t.lock:
                    if t.dirty:
                        await self.sync(t)
            return t
        lock = self._loading.setdefault(tid, asyncio.Lock())
        async with lock:
            if tid not in self.tables:
                t, queued = await self.run(self._load, tid)
                if t is None:
                    self._loading.pop(tid, None)
                    return None
                self.tables[tid] = t
                if queued:
                    self.jobs_queued()
        self._loading.pop(tid, None)
        t = self.tables[tid]
        t.used = time.monotonic()
        self.trim()
        return t

    def idle(self, t: Table) -> bool:
        """Whether ``t`` may be let go now: nobody watches it here, nothing is being done to it, no bot of this
        process is choosing for it, and it has not been used for :attr:`grace` seconds."""
        return (not t.conns and not t.lock.locked() and t.writing is None and not t.syncing
                and t.id not in self._loading and time.monotonic() - t.used >= self.grace
                and not (self.workers is not None and self.workers.holds(t.id)))

    def trim(self, force: bool = False) -> int:
        """Let go of idle tables: finished ones nobody has used for :attr:`finished_for` seconds, and, beyond
        :attr:`max_tables`, finished ones first, then the least recently used. Returns how many were let go.
        (At most once a second, or four times a second beyond the bound, unless ``force``.)"""
        now = time.monotonic()
        over = len(self.tables) - self.max_tables
        if not force and now - self._trimmed < (0.25 if over > 0 else 1.0):
            return 0
        self._trimmed = now
        idle = sorted((t for t in self.tables.values() if self.idle(t)), key=lambda t: (not t.match_over, t.used))
        gone = [t for t in idle if t.match_over and now - t.used >= self.finished_for]
        rest = [t for t in idle if not (t.match_over and now - t.used >= self.finished_for)]
        gone += rest[:max(0, over - len(gone))]
        for t in gone:
            del self.tables[t.id]
        return len(gone)

    def _load(self, tid: str) -> tuple[Table | None, bool]:
        """Rebuild a table from one snapshot of its log (on a database thread); the flag says a bot job was
        queued for it."""
        for _ in range(3):
            try:
                snap = self.store.load(tid)
            except Damaged as e:
                log.error("table %s cannot be read: %s", tid, e)
                raise TableBroken(f"table {tid} cannot be read: {e}; the other tables are not affected") from e
            if snap is None:
                return None, False
            try:
                t, fresh = build_table(snap)
            except ValueError as e:  # the engine refuses the logged actions: say so, change nothing
                log.error("table %s cannot be rebuilt from its log: %s", tid, e)
                raise TableBroken(f"table {tid} cannot be rebuilt from its saved log ({e}); its log is kept "
                                  "unchanged in the database, but it cannot be played here") from e
            job = t.next_job()
            if fresh:  # made before tables were dealt at creation: log its first deal now
                rec = t.deal.record()
                try:
                    self.store.start_deal(tid, 1, rec["deck"], rec["dealer"], rec["carry"], job=job)
                except Stale:
                    continue  # another process logged it first: read again
            elif job is not None:
                self.store.ensure_job(job)  # a room made before bot jobs: queue the move it waits for
            return t, job is not None
        raise TableBroken(f"table {tid} kept changing while it was being loaded; try again")

    async def sync(self, t: Table) -> bool:
        """Bring ``t`` up to date with the log (the caller holds ``t.lock``); True if it moved on."""
        t.dirty = False
        last, new = await self.run(self.store.since, t.id, t.deal_no, t.logged)
        if last == t.deal_no and not new:
            return False
        if last > t.deal_no or any(undone_to(a.action) is not None for a in new):
            # a new deal began elsewhere, or an action was taken back: rebuild from the log
            return await self.reload(t)
        deal, match = t.deal.clone(), t.match
        logged = t.logged
        try:
            for a in new:
                if a.idx != logged:
                    raise ValueError(f"row {a.idx} of deal {t.deal_no}'s log follows {logged} rows")
                deal.act(a.action, seat=a.seat)
                logged += 1
        except ValueError as e:
            self.tables.pop(t.id, None)
            raise TableBroken(f"table {t.id} cannot follow its log ({e}); reload the page") from e
        ended = deal.over and not t.deal.over
        if ended:
            match = t.match.copy()
            match.record(deal)
            t.sheet.append(sheet_row(t.deal_no, deal, match))
        t.deal, t.match, t.logged = deal, match, logged
        self.changed(t, ended)
        return True

    async def reload(self, t: Table) -> bool:
        """Rebuild ``t`` from the log in place (the caller holds ``t.lock``); True if the table still exists."""
        fresh, _ = await self.run(self._load, t.id)
        if fresh is None:
            return False
        t.game, t.match, t.deal, t.deal_no, t.seats, t.sheet = (fresh.game, fresh.match, fresh.deal,
                                                                  fresh.deal_no, fresh.seats, fresh.sheet)
        t.logged, t.assisted, t.muted, t.public = fresh.logged, fresh.assisted, fresh.muted, fresh.public
        t.speed = fresh.speed
        self.changed(t, True)
        return True

    # ------------------------------------------------------------ changes
    async def commit(self, t: Table, seat: int, action: str, *, bot_seconds: float = 0.0,
                     run_at: float | None = None,
                     then: Callable[[ct.Deal, int], tuple[int, str] | None] | None = None) -> bool:
        """Apply a checked action on a copy, append it (with the deal's settlement if it ends it and the
        table's next bot job) in one transaction, then make the copy current; the caller holds ``t.lock``.
        ``then(deal, idx)``: the move that follows at once at position ``idx``, if any; it is logged in the
        same transaction, and so on (by default, when the bot workers are here and bots have no delay, at a
        table with people: the moves of the bots without search that are to act next). Each position is still
        shown in turn. Returns True if the deal ended. Raises ``IllegalAction`` or a ``StoreError`` and changes
        nothing."""
        deal = t.deal.clone()
        deal.act(action, seat=seat)
        if then is None and self.workers is not None and self.run_at(t.speed) is None and t.human_seats():
            then = self.workers.following(t)  # the bots without search that act next move with it, at once
        steps = [deal]  # the deal after each action
        while then is not None and not deal.over and (move := then(deal, t.logged + len(steps))) is not None:
            deal = deal.clone()
            deal.act(move[1], seat=move[0])
            steps.append(deal)
        moves = [d.history[-1] for d in steps]
        match, row, finished = t.match, None, None
        if deal.over:
            match = t.match.copy()
            match.record(deal)
            row = sheet_row(t.deal_no, deal, match)
            finished = (row, plain(match.totals), match.over)
        job = self.claim_now(t.next_job(deal, match, run_at=self.run_at(t.speed, run_at), idx=t.logged + len(steps)))
        (s, a), more = moves[0], tuple(moves[1:])
        async with self._writing(t, (t.deal_no, t.logged + len(steps))):
            await self.appends.append(Append(t.id, t.deal_no, t.logged, s, a, finished, job, bot_seconds, more))
        for k, step in enumerate(steps, 1):  # every position is shown, in order
            last = k == len(steps)
            t.deal, t.logged = step, t.logged + 1
            if last:
                t.match = match
                if row is not None:
                    t.sheet.append(row)
            self.changed(t, last and row is not None)
        if job is not None:
            self.jobs_queued(job)
        if t.match_over:  # let it go once it has been finished a while with nobody watching
            asyncio.get_running_loop().call_later(max(self.finished_for, self.grace) + 0.5, self.trim, True)
        return row is not None

    async def deal_next(self, t: Table, run_at: float | None = None) -> None:
        """Log and start the next deal of the match (the caller holds ``t.lock`` and checked it may start)."""
        match = t.match.copy()
        deal = match.next_deal()
        rec = deal.record()
        job = self.claim_now(t.next_job(deal, match, t.deal_no + 1, run_at=self.run_at(t.speed, run_at), idx=0))
        async with self._writing(t, (t.deal_no + 1, 0)):
            await self.run(self.store.start_deal, t.id, t.deal_no + 1, rec["deck"], rec["dealer"], rec["carry"],
                           job=job)
        t.match, t.deal, t.deal_no, t.logged = match, deal, t.deal_no + 1, 0
        t.ready, t.next_at = set(), None
        self.changed(t, False)
        if job is not None:
            self.jobs_queued(job)

    @contextlib.asynccontextmanager
    async def _writing(self, t: Table, after: tuple[int, int]) -> AsyncIterator[None]:
        """Around this process's write that takes ``t`` to position ``after``: its own notice, which may come
        before the write returns, is known for what it is; if the write fails, the table catches up (a notice
        taken for its own may have been another process's, which got there first)."""
        t.writing = after
        try:
            yield
        except StoreError:
            self.catch_up(t)
            raise
        finally:
            t.writing = None

    def notice(self, payload: str) -> None:
        """Table ``<id> <deal> <actions>`` reached that position (told by PostgreSQL): unless this process is
        there already or is writing it (its own move), bring the table up to date now if someone here watches
        it, else on its next use."""
        tid, *where = payload.split()
        t = self.tables.get(tid)
        if t is None:
            return
        if len(where) == 2 and where[0].isdigit() and where[1].isdigit():
            at = (int(where[0]), int(where[1]))
            if t.position >= at or (t.writing is not None and t.writing >= at):
                return
        self.catch_up(t)

    def catch_up(self, t: Table) -> None:
        """Bring ``t`` up to date with the log now if someone here watches it, else on its next use."""
        if t.conns:
            if not t.syncing:  # one catching-up at a time; it reads everything new
                t.syncing = True
                asyncio.get_running_loop().create_task(self._sync_quietly(t))
        else:
            t.dirty = True

    async def _sync_quietly(self, t: Table) -> None:
        async with t.lock:
            t.syncing = False
            try:
                await self.sync(t)
            except Exception as e:  # the watchers are told on their next message; this task must not die loudly
                log.warning("table %s could not be brought up to date: %s", t.id, e)
                t.dirty = True
