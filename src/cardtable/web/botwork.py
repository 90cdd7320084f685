"""Bot workers: bot moves are jobs in the database, claimed under a lease and chosen in worker processes.

Each table has at most one pending job (the move of the bot to act, or the next deal of a table of bots
only), queued in the same transaction as the action that led to it, so a crash never loses one. A
:class:`BotWorkers` claims jobs (``SELECT … FOR UPDATE SKIP LOCKED`` on PostgreSQL; the write lock on SQLite),
has the bot choose in a bounded pool of *processes* — a search never holds the web process's event loop or
its GIL — and appends the move like a person's: checked by the engine, under the unique (table, deal,
number) key. A worker killed mid-job simply lets its lease lapse, and any worker takes the job again.

Scheduling: tables with people first; between tables, the longest waiting first (one job per table, so
tables take turns); one process of the pool is kept for tables with people (bots-only tables may use the
others); each move's search time is capped (``seconds``) and a table of bots only waits, before its next
move, as long as its last move took (so it uses at most half a process however long it plays). The time
spent is added to the table's ``bot_seconds``. The bots that do no search (random, heuristic: tens of
microseconds a move, see ``benchmarks/cheap_bots.py``) move in the worker's own process, at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import multiprocessing
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import cardtable as ct

from .room import DEAL, STANDIN, Room, Table, TableBroken
from .store import Job, Stale, StoreError, Unavailable

__all__ = ["INLINE", "BotWorkers", "bot_seed", "choose"]

log = logging.getLogger("cardtable.web.bots")
INLINE = ("random", "heuristic")
"""Bot kinds that do no search: chosen in the worker's own process (a process hop and a replay cost far more)."""
STAND_IN_BOT = "heuristic"
"""The bot that plays for a person's seat left empty too long (quick: chosen in the worker's own process)."""


def bot_seed(table_seed: int, deal_no: int, idx: int, seat: int, deck: Sequence[int] = ()) -> int:
    """The seed of a bot's choice at one position: the same position gives the same choice anywhere.

    With the deal's pack order (``deck``, secret until the deal is over) the seed is a hash of it with the rest: no
    seat can work out a bot's seed, and from it the bot's choices for each hand it might hold, before the deal
    ends (a table's seed is kept for years; a deal's order is new and unguessable each deal)."""
    if not deck:
        return (table_seed * 1_000_003 + deal_no * 10_007 + idx * 101 + seat) % 2**31
    h = hashlib.blake2b(f"{table_seed}:{deal_no}:{idx}:{seat}:".encode(), digest_size=8, person=b"cardtable bots")
    h.update(",".join(map(str, deck)).encode())
    return int.from_bytes(h.digest(), "big") % 2**31


def choose(record: dict[str, Any], seat: int, kind: str, seed: int, seconds: float) -> str:
    """A bot's action for ``seat`` in the deal rebuilt from ``record`` (runs in a worker process)."""
    deal = ct.replay(record)
    params: dict[str, Any] = {"seed": seed}
    if kind == "ismcts":
        params["seconds"] = seconds
    return ct.bots.load(kind, **params).choose(deal, seat)


def _start_worker(lifeline: Any) -> None:
    """Run once in each new pool process: import the bots before the first job, and end the process when the
    process that made the pool goes, even by ``kill -9`` (``lifeline``: the read end of a pipe only it writes).
    Ctrl-C in a terminal reaches every process of the group: a worker ignores it (the server stops its pool
    itself), so no worker prints a traceback of an interrupted wait."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import cardtable.bots.heuristic
    import cardtable.bots.ismcts  # noqa: F401

    def watch() -> None:
        with contextlib.suppress(EOFError, OSError):
            while True:
                lifeline.recv()
        os._exit(0)

    threading.Thread(target=watch, name="cardtable-lifeline", daemon=True).start()


def _ready() -> bool:
    return True


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` processes, forked from a clean server process (never from the threaded web process)."""
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["cardtable", "cardtable.web.botwork"])
    lifeline, keep = ctx.Pipe(duplex=False)
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_start_worker, initargs=(lifeline,))
    pool._cardtable_lifeline = (lifeline, keep)  # type: ignore[attr-defined]  # open as long as the pool is
    return pool


class BotWorkers:
    """Claims bot jobs of a room's store and plays them; ``jobs`` worker processes (0: none at all).

    ``lease``: seconds a claim holds before another worker may take the job again (by default enough for the
    longest search and the bot delay). ``seconds``: the most an IS-MCTS move may think.
    """

    def __init__(self, room: Room, jobs: int = 2, *, seconds: float = 1.0, lease: float | None = None,
                 poll: float = 0.5, name: str | None = None) -> None:
        self.room = room
        self.jobs = jobs
        self.seconds = seconds
        self.lease_fixed = lease
        self.poll = poll
        self.name = name or f"{socket.gethostname()}:{os.getpid()}:{id(self) & 0xffff:x}"
        self.inline = (*INLINE, DEAL, STANDIN)  # job kinds played in this process, without the pool
        self.busy = 0  # jobs whose bot is choosing in the pool
        self.busy_bots_only = 0
        self._holding: set[tuple[str, int, int]] = set()  # jobs holding a pool process
        self._playing: dict[str, int] = {}  # tables with a job being played here (the room keeps them in memory)
        self.pool: Executor | None = None
        self._wake = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._down_since: float | None = None

    @property
    def lease(self) -> float:
        return self.lease_fixed if self.lease_fixed is not None else 10 + 3 * self.seconds + 2 * self.room.bot_delay

    def wake(self) -> None:
        self._wake.set()

    def take(self, job: Job) -> None:
        """Play ``job``, queued already claimed by these workers (a move without search)."""
        task = asyncio.get_running_loop().create_task(self._play(job, False))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _pool(self) -> Executor:
        if self.pool is None:
            self.pool = process_pool(self.jobs)
        return self.pool

    def start_pool(self) -> None:
        """Start the worker processes now rather than at the first job."""
        if self.jobs:
            pool = self._pool()
            for _ in range(self.jobs):
                pool.submit(_ready)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self.pool is not None:
            # Waited for (a search under way ends within its time), off the event loop: the worker processes
            # are gone and the pool's queues freed, their semaphores released before the process ends, even when
            # it ends by a signal (uvicorn's workers end by SIGTERM) — else "leaked semaphore objects".
            pool, self.pool = self.pool, None
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    # ------------------------------------------------------------ the loop
    async def run(self) -> None:
        """Claim and play jobs until cancelled."""
        while True:
            self._wake.clear()
            try:
                claimed = await self._claim()
            except StoreError as e:
                if self._down_since is None:
                    self._down_since = time.time()
                    log.error("bot workers cannot reach the database: %s; retrying", e)
                claimed = 0
            else:
                if self._down_since is not None:
                    log.warning("bot workers reach the database again after %.1f s", time.time() - self._down_since)
                    self._down_since = None
            if claimed:
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=self.poll)

    async def _claim(self) -> int:
        store, lease = self.room.store, self.lease
        quick = await self.room.run(store.claim_jobs, self.name, lease, limit=32, kinds=self.inline)
        heavy: list[Job] = []
        free = self.jobs - self.busy
        if free > 0:
            heavy = await self.room.run(store.claim_jobs, self.name, lease, limit=free,
                                        other_kinds=self.inline, people_only=True)
            free -= len(heavy)
            room_for_bots_only = max(1, self.jobs - 1) - self.busy_bots_only
            if free > 0 and room_for_bots_only > 0:
                heavy += await self.room.run(store.claim_jobs, self.name, lease, limit=min(free, room_for_bots_only),
                                             other_kinds=self.inline)
        for job in quick + heavy:
            pooled = job in heavy
            if pooled:
                self.busy += 1
                self.busy_bots_only += not job.people
                self._holding.add((job.table_id, job.deal_no, job.idx))
            task = asyncio.get_running_loop().create_task(self._play(job, pooled))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return len(quick) + len(heavy)

    def _free(self, job: Job) -> None:
        """The job's bot has chosen (or failed): its pool process may take another job."""
        key = (job.table_id, job.deal_no, job.idx)
        if key in self._holding:
            self._holding.discard(key)
            self.busy -= 1
            self.busy_bots_only -= not job.people
            self.wake()

    # ------------------------------------------------------------ one job
    def holds(self, tid: str) -> bool:
        """Whether a job of table ``tid`` is being played here (its table must stay in memory until it is)."""
        return tid in self._playing

    async def _play(self, job: Job, pooled: bool) -> None:
        tid = job.table_id
        self._playing[tid] = self._playing.get(tid, 0) + 1
        try:
            await self._play_one(job, pooled)
        finally:
            if self._playing[tid] <= 1:
                del self._playing[tid]
            else:
                self._playing[tid] -= 1

    async def _play_one(self, job: Job, pooled: bool) -> None:
        try:
            await self._play_job(job, pooled)
        except (Stale, TableBroken) as e:
            log.info("bot job at table %s dropped: %s", job.table_id, e)
            await self._quietly(self.room.store.drop_job, job)
        except Unavailable as e:
            log.warning("bot job at table %s waits: %s", job.table_id, e)
            await self._quietly(self.room.store.release_job, job, self.name, time.time() + 1)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot job at table %s failed; it will be tried again", job.table_id)
            await self._quietly(self.room.store.release_job, job, self.name, time.time() + 1)
        finally:
            if pooled:
                self._free(job)

    async def _quietly(self, fn: Any, *args: Any) -> None:
        try:
            await self.room.run(fn, *args)
        except StoreError as e:  # the lease will lapse and the job be claimed again
            log.warning("bot job at table %s not updated: %s", args[0].table_id, e)

    async def _fits(self, t: Table, job: Job) -> bool:
        """Whether ``job`` still fits table ``t``, brought up to date first (the caller holds ``t.lock``); a
        job that no longer fits is dropped."""
        if t.dirty or t.position != (job.deal_no, job.idx):
            await self.room.sync(t)
        fits = t.position == (job.deal_no, job.idx) and (
            (job.seat == -1 and t.deal.over and not t.match.over and not t.human_seats())
            or (job.seat >= 0 and t.deal.turn == job.seat))
        if not fits:
            await self.room.run(self.room.store.drop_job, job)
        return fits

    async def _empty_for(self, t: Table, seat: int) -> float:
        """Seconds until ``seat`` of ``t`` has been empty for the table's takeover time (0: it has)."""
        if any(c.seat == seat for c in t.conns):
            return max(t.takeover or 0.0, 1.0)
        away = await self.room.run(self.room.store.away_for, t.id, seat)
        return max(0.0, (t.takeover or 0.0) - away)

    @staticmethod
    def _quick(job: Job, deal: ct.Deal, kind: str, seed: int) -> str:
        """The choice of a bot without search, made here (a bot that fails every time plays its first legal
        action; before that, the failure lets the job be tried again)."""
        try:
            return ct.bots.load(kind, seed=seed).choose(deal, job.seat)
        except Exception:
            if job.attempts < 3:
                raise
            log.exception("bot at table %s seat %s fails every time; playing its first legal action",
                          job.table_id, job.seat)
            return deal.legal()[0]

    @staticmethod
    def following(t: Table) -> Callable[[ct.Deal, int], tuple[int, str] | None]:
        """The move that follows at once in ``deal`` at position ``idx``: a bot's without search (its own
        seat's, not a stand-in's), chosen as its job would choose it."""
        deal_no = t.deal_no

        def move(deal: ct.Deal, idx: int) -> tuple[int, str] | None:
            seat = deal.turn
            if seat is None or t.seats[seat].kind not in INLINE:
                return None
            try:
                seed = bot_seed(t.seed, deal_no, idx, seat, deal.deck)
                action = ct.bots.load(t.seats[seat].kind, seed=seed).choose(deal, seat)
            except Exception:  # its own job will try again, and say why
                return None
            return (seat, action) if deal.why_not(action, seat) is None else None

        return move

    @staticmethod
    def _legal(t: Table, job: Job, action: str) -> str:
        if t.deal.why_not(action, job.seat) is None:
            return action
        log.error("bot at table %s seat %s chose illegal %r", t.id, job.seat, action)
        return t.deal.legal()[0]

    async def _play_job(self, job: Job, pooled: bool) -> None:
        t = await self.room.table(job.table_id)
        if t is None:
            await self.room.run(self.room.store.drop_job, job)
            return
        async with t.lock:
            if not await self._fits(t, job):
                return
            if job.seat == -1:  # a table of bots only deals on by itself
                await self.room.deal_next(t)
                return
            kind = t.seats[job.seat].kind
            if job.kind == STANDIN:  # a person's seat: played by a bot only once it has been empty long enough
                wait = await self._empty_for(t, job.seat)
                if wait > 0:
                    await self.room.run(self.room.store.release_job, job, self.name, time.time() + wait)
                    return
                kind = STAND_IN_BOT
            seed = bot_seed(t.seed, job.deal_no, job.idx, job.seat, t.deal.deck)
            if not pooled and self.room.bot_delay <= 0:
                # A bot without search moves at once, on the table as it is (and the bots without search after
                # it, at a table with people: Room.commit), in one write.
                action = self._quick(job, t.deal, kind, seed)
                await self.room.commit(t, job.seat, self._legal(t, job, action),
                                       run_at=None if job.people else time.time())
                return
            record, snapshot = t.deal.record(), t.deal.clone()
        loop = asyncio.get_running_loop()
        started = loop.time()
        action = await self._choose(job, pooled, record, snapshot, kind, seed)
        spent = loop.time() - started
        self._free(job)
        wait = self.room.bot_delay - spent
        if wait > 0:
            await asyncio.sleep(wait)
        async with t.lock:
            if not await self._fits(t, job):
                return
            # A table of bots only waits as long as its bot thought before its next move: at most half a worker.
            run_at = None if job.people else time.time() + spent
            await self.room.commit(t, job.seat, self._legal(t, job, action),
                                   bot_seconds=spent if spent >= 0.001 else 0.0, run_at=run_at)
        if run_at is not None:  # be back when the table's pause is over, not at the next poll
            loop.call_later(spent, self.wake)

    async def _choose(self, job: Job, pooled: bool, record: Any, snapshot: ct.Deal, kind: str, seed: int) -> str:
        """The bot's action: searched in a worker process (``pooled``) or chosen here on ``snapshot``. A bot that
        fails every time (three attempts) plays its first legal action; a dead worker process raises
        :class:`Unavailable`, after the pool is let go."""
        loop = asyncio.get_running_loop()
        try:
            if pooled:
                try:
                    return await loop.run_in_executor(self._pool(), choose, record, job.seat, kind, seed,
                                                      self.seconds)
                except BrokenProcessPool:
                    log.error("a bot worker process died; starting new ones (table %s will be tried again)",
                              job.table_id)
                    broken, self.pool = self.pool, None
                    if broken is not None:
                        broken.shutdown(wait=False, cancel_futures=True)
                    raise Unavailable("the bot's worker process died") from None
            return self._quick(job, snapshot, kind, seed)
        except Unavailable:
            raise
        except Exception:
            if job.attempts < 3:
                raise
            log.exception("bot at table %s seat %s fails every time; playing its first legal action",
                          job.table_id, job.seat)
            return snapshot.legal()[0]
