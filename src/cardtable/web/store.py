"""The card room's store: one interface, two backends — SQLite (embedded, the default) and PostgreSQL (by URL).

Written with SQLAlchemy Core and a connection pool; the schema is in :mod:`cardtable.web.schema` and its
versions are Alembic revisions shipped in ``cardtable/web/migrations`` (a room made before revisions is
recognised and upgraded in place). Every write is one transaction. The action log is the single source of
truth: an action is appended under the unique key (table, deal, number), so when two processes propose a
move for the same position exactly one commits and the other gets :class:`Stale`.

>>> import tempfile, os
>>> store = Store(os.path.join(tempfile.mkdtemp(), "t.db"))
>>> tid = store.create_table("nap", 4, {"misery": False}, seed=1, max_deals=8,
...                          seats=[("human", "Ann", "h1"), ("random", "bot", None)] + [("random", "bot", None)] * 2)
>>> store.table(tid).game, [s.kind for s in store.seats(tid)]
('nap', ['human', 'random', 'random', 'random'])
>>> store.close()
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Connection,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    or_,
    select,
    text,
    update,
)
from sqlalchemy import exc as sa_exc
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import URL, make_url

from . import schema as s
from .records import RoomRecords
from .rows import (
    ActionRow,
    Append,
    Damaged,
    DealRow,
    Job,
    NotADatabase,
    SeatRow,
    Snapshot,
    Stale,
    StoreError,
    TableRow,
    Unavailable,
)

__all__ = ["DURABILITY", "ActionRow", "Append", "Damaged", "DealRow", "Job", "NotADatabase", "SeatRow", "Snapshot",
           "Stale", "Store", "StoreError", "TableRow", "Unavailable", "database_url", "hash_token", "new_token"]

DURABILITY = ("normal", "full")
"""``normal``: a committed action survives the process being killed (SQLite WAL + ``synchronous=NORMAL``);
``full``: it also survives a power cut or an operating-system crash (``synchronous=FULL``: the log is synced
to disk at every commit). PostgreSQL always commits with its own ``synchronous_commit=on``."""

MIGRATE_LOCK = 0x63617264  # PostgreSQL advisory lock held while the schema is upgraded ("card")


def new_token() -> str:
    """An unguessable seat token (128 bits)."""
    return secrets.token_urlsafe(16)


def hash_token(token: str) -> str:
    """What the database keeps of a token: its SHA-256, so a copied database grants no seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def database_url(db: str | Path) -> URL:
    """The SQLAlchemy URL of ``db``: a PostgreSQL URL (``postgresql://user:pw@host/name``, driven by psycopg 3),
    a ``sqlite:///`` URL, or a plain file path (SQLite).

    >>> database_url("postgresql://u:pw@db.example/room").render_as_string(hide_password=True)
    'postgresql+psycopg://u:***@db.example/room'
    >>> database_url("rooms/cardtable.db").drivername
    'sqlite'
    """
    text_ = str(db)
    if text_.startswith(("postgresql:", "postgresql+", "postgres:")):
        url = make_url(text_.replace("postgres:", "postgresql:", 1) if text_.startswith("postgres:") else text_)
        return url.set(drivername="postgresql+psycopg")
    if text_.startswith("sqlite:"):
        return make_url(text_)
    return URL.create("sqlite", database=text_)


def _seat_rows(conn: Connection, tid: str) -> list[SeatRow]:
    return [SeatRow(r.seat, r.kind, r.name, r.token_hash, r.account_id, r.seen is not None)
            for r in conn.execute(select(s.seats).where(s.seats.c.table_id == tid).order_by(s.seats.c.seat))]


# Statements built once, with bound parameters: SQLAlchemy compiles each once and only binds values after.
_J = s.bot_jobs.c
INSERT_JOB = insert(s.bot_jobs)
DELETE_JOB = delete(s.bot_jobs).where(_J.table_id == bindparam("b_tid"))
DELETE_JOBS = delete(s.bot_jobs).where(_J.table_id.in_(bindparam("b_tids", expanding=True)))
FINISH_DEAL = (update(s.deals).where(s.deals.c.table_id == bindparam("b_tid"), s.deals.c.deal_no == bindparam("b_deal"))
               .values(result=bindparam("b_result")))
FINISH_TABLE = update(s.tables).where(s.tables.c.id == bindparam("b_tid")).values(
    totals=bindparam("b_totals"), deals_done=s.tables.c.deals_done + 1, finished=bindparam("b_over"))
ADD_BOT_SECONDS = update(s.tables).where(s.tables.c.id == bindparam("b_tid")).values(
    bot_seconds=s.tables.c.bot_seconds + bindparam("b_seconds"))
RELEASE_JOB = (update(s.bot_jobs).where(_J.table_id == bindparam("b_tid"), _J.claimed_by == bindparam("b_worker"),
                                         _J.deal_no == bindparam("b_deal"), _J.idx == bindparam("b_idx"))
               .values(claimed_by=None, lease_until=None, run_at=bindparam("b_at")))
DROP_JOB = delete(s.bot_jobs).where(_J.table_id == bindparam("b_tid"), _J.deal_no == bindparam("b_deal"),
                                    _J.idx == bindparam("b_idx"))
LAST_DEAL = select(func.max(s.deals.c.deal_no)).where(s.deals.c.table_id == bindparam("b_tid"))
ACTIONS_FROM = (select(s.actions.c.idx, s.actions.c.seat, s.actions.c.action)
                .where(s.actions.c.table_id == bindparam("b_tid"), s.actions.c.deal_no == bindparam("b_deal"),
                       s.actions.c.idx >= bindparam("b_idx")).order_by(s.actions.c.idx))


def _json(value: str | None) -> Any:
    return json.loads(value) if value else None


def _table_row(r: Any) -> TableRow:
    return TableRow(r.id, r.game, r.players, json.loads(r.options), r.seed, r.max_deals, r.created,
                    json.loads(r.totals), r.deals_done, bool(r.finished), r.creator, r.bot_seconds, bool(r.public),
                    r.takeover, bool(r.muted), r.undos, r.hints, r.rated, r.speed, r.pack, r.between)


def _job_row(r: Any) -> Job:
    return Job(r.table_id, r.deal_no, r.idx, r.seat, r.kind, bool(r.people), r.run_at, r.attempts, r.claimed_by,
               r.lease_until)


def _job_values(job: Job, claimed_by: str | None = None, lease_until: float | None = None) -> dict[str, Any]:
    return {"table_id": job.table_id, "deal_no": job.deal_no, "idx": job.idx, "seat": job.seat, "kind": job.kind,
            "people": int(job.people), "run_at": job.run_at, "claimed_by": claimed_by, "lease_until": lease_until,
            "attempts": 1 if claimed_by else 0, "created": time.time()}


class Store(RoomRecords):
    """A card room's database. Thread-safe: every call takes a pooled connection for one transaction.

    ``db`` is a file path or ``sqlite:///`` URL (SQLite) or a ``postgresql://`` URL. The schema is brought to
    the newest revision on opening unless ``upgrade=False``.
    """

    def __init__(self, db: str | Path, *, durability: str = "normal", upgrade: bool = True, pool_size: int = 8,
                 connect_timeout: float = 3.0) -> None:
        if durability not in DURABILITY:
            raise ValueError(f"durability is one of {', '.join(DURABILITY)}, not {durability!r}")
        self.url = database_url(db)
        self.backend = self.url.get_backend_name()
        if self.backend not in ("sqlite", "postgresql"):
            raise NotADatabase(f"{self.shown}: cardtable stores tables in SQLite or PostgreSQL only")
        self.durability = durability
        self.damage: list[str] = []
        self._claims: dict[Any, Any] = {}  # claim statements by shape
        self._local = threading.local()  # each thread keeps one connection (checked out once, not per call)
        self.generation = 0  # bumped by reset(): connections of an older generation are not used again
        if self.backend == "sqlite":
            path = self.url.database or ""
            if path and path != ":memory:":
                self._sqlite_file_problem(Path(path))  # before our connections touch (or set WAL on) it
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self.engine = create_engine(self.url, connect_args={"check_same_thread": False, "timeout": 10},
                                        pool_size=pool_size, max_overflow=pool_size)
            self._sqlite_events("FULL" if durability == "full" else "NORMAL")
        else:
            self.engine = create_engine(self.url, pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=True,
                                        pool_timeout=connect_timeout + 2,
                                        connect_args={"connect_timeout": max(1, round(connect_timeout)),
                                                      "application_name": "cardtable"})
        try:
            with self.engine.connect() as conn:
                conn.execute(text("SELECT 1")).all()
                if self.backend == "sqlite":
                    conn.execute(text("SELECT count(*) FROM sqlite_master")).all()  # "file is not a database"
                else:  # another application's database, or a newer cardtable's, is refused before any write
                    from alembic.runtime.migration import MigrationContext

                    problem = self.schema_problem(inspect(conn).get_table_names(),
                                                  MigrationContext.configure(conn).get_current_revision())
                    if problem is not None:
                        raise NotADatabase(problem)
        except StoreError:
            self.engine.dispose()
            raise
        except sa_exc.DBAPIError as e:
            self.engine.dispose()
            raise self._translate(e, opening=True) from None
        if upgrade:
            try:
                self.upgrade()
            except StoreError:
                self.engine.dispose()
                raise
        dialect_insert = sqlite_insert if self.backend == "sqlite" else pg_insert
        a = s.actions.c
        self._insert_actions = (dialect_insert(s.actions).on_conflict_do_nothing()
                                .returning(a.table_id, a.deal_no, a.idx))

    # ------------------------------------------------------------ plumbing
    @property
    def shown(self) -> str:
        """The database for messages (no password)."""
        if self.url.get_backend_name() == "sqlite":
            return self.url.database or ":memory:"
        return self.url.render_as_string(hide_password=True).replace("+psycopg", "")

    def _sqlite_events(self, synchronous: str) -> None:
        @event.listens_for(self.engine, "connect")
        def connect(dbapi_conn: Any, record: Any) -> None:
            dbapi_conn.isolation_level = None  # transactions are begun below, as SQLAlchemy's docs advise
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            # WAL + NORMAL: a committed transaction survives the process being killed; FULL: a power cut too.
            cur.execute(f"PRAGMA synchronous={synchronous}")
            cur.execute("PRAGMA busy_timeout=10000")
            cur.close()

        @event.listens_for(self.engine, "begin")
        def begin(conn: Connection) -> None:
            # A write takes the write lock at once (no deadlock upgrading a read lock); a read shares.
            conn.exec_driver_sql("BEGIN" if getattr(self._local, "reading", False) else "BEGIN IMMEDIATE")

    def _translate(self, e: BaseException, opening: bool = False) -> StoreError:
        """A driver error as one of the store's errors, in words."""
        orig = getattr(e, "orig", e)
        msg = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
        if isinstance(e, sa_exc.IntegrityError):
            return Stale(f"already recorded by another process ({msg})")
        if self.backend == "sqlite":
            low = msg.lower()
            if "file is not a database" in low or "not a database" in low:
                return NotADatabase(f"{self.shown} is not a cardtable database (SQLite says: {msg})")
            if "malformed" in low or "corrupt" in low:
                return Damaged(f"the database {self.shown} is damaged ({msg})")
            if "locked" in low or "busy" in low or isinstance(e, sa_exc.OperationalError):
                return Unavailable(f"the database {self.shown} could not be written just now ({msg})")
            return Damaged(f"the database {self.shown} answered with an error ({msg})")
        if isinstance(e, sa_exc.OperationalError | sa_exc.InterfaceError) or getattr(e, "connection_invalidated",
                                                                                      False):
            what = "cannot be reached" if opening or "connect" in msg.lower() else "failed"
            return Unavailable(f"the database {self.shown} {what} ({msg})")
        if isinstance(e, sa_exc.ProgrammingError) and "does not exist" in msg:
            return NotADatabase(f"{self.shown} is not a cardtable database at the expected version ({msg})")
        return StoreError(f"the database {self.shown} refused: {msg}")

    def _connection(self) -> Connection:
        """This thread's connection (a new one after :meth:`reset` or a failure)."""
        held = getattr(self._local, "held", None)
        if held is not None:
            generation, conn = held
            if generation == self.generation and not conn.closed and not conn.invalidated:
                return conn
            self._local.held = None
            with contextlib.suppress(Exception):  # closing a broken connection may fail too
                conn.close()
        conn = self.engine.connect()
        self._local.held = (self.generation, conn)
        return conn

    def _failed(self, conn: Connection, e: BaseException) -> StoreError:
        """After a failed transaction: drop the connection unless the database only refused the statement."""
        if not isinstance(e, sa_exc.IntegrityError):
            self._local.held = None
            with contextlib.suppress(Exception):  # closing a broken connection may fail too
                conn.invalidate()
        return self._translate(e)

    def reset(self) -> None:
        """Forget every pooled connection (after the database restarted: they are all dead)."""
        self.generation += 1
        self.engine.dispose(close=False)

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """One write transaction; driver errors come out as :class:`StoreError` subclasses."""
        try:
            conn = self._connection()
        except sa_exc.DBAPIError as e:
            raise self._translate(e, opening=True) from e
        except sa_exc.TimeoutError as e:  # no pooled connection came free
            raise Unavailable(f"the database {self.shown} is overloaded: no connection came free ({e})") from e
        try:
            with conn.begin():
                yield conn
        except sa_exc.DBAPIError as e:
            raise self._failed(conn, e) from e

    @contextmanager
    def read(self, snapshot: bool = False) -> Iterator[Connection]:
        """One read transaction (``snapshot``: every statement sees the same moment, also on PostgreSQL)."""
        try:
            conn = self._connection()
        except sa_exc.DBAPIError as e:
            raise self._translate(e, opening=True) from e
        except sa_exc.TimeoutError as e:
            raise Unavailable(f"the database {self.shown} is overloaded: no connection came free ({e})") from e
        self._local.reading = True
        try:
            with conn.begin():
                self._local.reading = False
                if snapshot and self.backend == "postgresql":
                    conn.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                yield conn
        except sa_exc.DBAPIError as e:
            raise self._failed(conn, e) from e
        finally:
            self._local.reading = False

    def close(self) -> None:
        held = getattr(self._local, "held", None)
        if held is not None:
            with contextlib.suppress(Exception):  # closing a broken connection may fail too
                held[1].close()
            self._local.held = None
        self.engine.dispose()

    # ------------------------------------------------------------ versions
    def _sqlite_file_problem(self, path: Path) -> None:
        """Refuse, in one line, a path that is not a cardtable database: a directory, another application's
        SQLite file (left exactly as it was: it is read, never written), or a room of a newer cardtable."""
        if path.is_dir():
            raise NotADatabase(f"{self.shown} is a directory, not a database file; give the path of a file in it, "
                               f"such as {path / 'cardtable.db'}")
        if not path.is_file() or path.stat().st_size == 0:
            return  # a new (or empty) file: ours to make
        try:
            with contextlib.closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
                names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
                rev = None
                if "alembic_version" in names:
                    got = conn.execute("SELECT version_num FROM alembic_version").fetchone()
                    rev = got[0] if got else None
        except sqlite3.DatabaseError as e:
            if "not a database" in str(e).lower():
                raise NotADatabase(f"{self.shown} is not a cardtable database (SQLite says: {e})") from None
            return  # locked or busy: the ordinary opening below says so
        problem = self.schema_problem(names, rev)
        if problem is not None:
            raise NotADatabase(problem)

    def schema_problem(self, names: Sequence[str], rev: str | None) -> str | None:
        """Why a database holding the tables ``names`` at Alembic revision ``rev`` is not one this cardtable can
        open (``None``: it is empty, or a room of this cardtable or an older one)."""
        if rev is not None:
            from alembic.script import ScriptDirectory
            from alembic.util import CommandError

            try:
                ScriptDirectory.from_config(self._alembic()).get_revision(rev)
                return None
            except (CommandError, KeyError):
                from .. import __version__

                return (f"{self.shown} is at schema revision {rev!r}, which this cardtable ({__version__}, newest "
                        f"revision {self.head()!r}) does not know: it was made by a newer cardtable (upgrade "
                        "cardtable to open it) or by another application; it was left unchanged")
        foreign = sorted(n for n in names if n != "alembic_version" and not n.startswith("sqlite_"))
        if not foreign or "tables" in names:  # empty, or a room made before revisions (its first revision)
            return None
        shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5 else "")
        return (f"{self.shown} holds another application's data (tables {shown}), not a cardtable room; "
                "cardtable left it unchanged: give a new file or an empty database")

    def _alembic(self) -> Any:
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", "cardtable.web:migrations")
        return cfg

    def head(self) -> str:
        """The newest schema revision this code knows."""
        from alembic.script import ScriptDirectory

        return str(ScriptDirectory.from_config(self._alembic()).get_current_head())

    def revision(self) -> str | None:
        """The database's schema revision (``None``: empty; ``"0001"`` too for a room made before revisions)."""
        from alembic.runtime.migration import MigrationContext

        with self.read() as conn:
            rev = MigrationContext.configure(conn).get_current_revision()
            if rev is None and "tables" in inspect(conn).get_table_names():
                return "0001"
        return rev

    def upgrade(self, to: str = "head") -> tuple[str | None, str | None]:
        """Bring the schema to ``to``; returns (revision before, after). Several processes may call this at
        once: on PostgreSQL an advisory lock lets one upgrade while the others wait, then find nothing to do."""
        from alembic import command
        from alembic.runtime.migration import MigrationContext

        cfg = self._alembic()
        with self.write() as conn:
            if self.backend == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATE_LOCK})
            before = MigrationContext.configure(conn).get_current_revision()
            problem = self.schema_problem(inspect(conn).get_table_names(), before)
            if problem is not None:  # another application's database, or a newer cardtable's: not touched
                raise NotADatabase(problem)
            cfg.attributes["connection"] = conn
            if before is None and "tables" in inspect(conn).get_table_names():
                command.stamp(cfg, "0001")  # a room made before revisions had exactly the first revision's schema
                before = "0001"
            command.upgrade(cfg, to)
            after = MigrationContext.configure(conn).get_current_revision()
        return before, after

    def check(self) -> list[str]:
        """Look for damage; returns what is wrong, in words (empty: nothing found), and remembers it.

        SQLite: ``PRAGMA quick_check``. PostgreSQL (which checksums and recovers its own files): the schema
        is at this code's revision, and every logged action belongs to a recorded deal of a known table."""
        problems: list[str] = []
        try:
            with self.read() as conn:
                if self.backend == "sqlite":
                    rows = [r[0] for r in conn.exec_driver_sql("PRAGMA quick_check(100)")]
                    if rows != ["ok"]:
                        found = [line for r in rows for line in str(r).splitlines() if not line.startswith("***")]
                        more = f" (and {len(found) - 3} more)" if len(found) > 3 else ""
                        problems.append(f"SQLite's integrity check found damage: {'; '.join(found[:3])}{more}")
                orphans = conn.execute(
                    select(func.count()).select_from(s.actions.outerjoin(
                        s.deals, (s.actions.c.table_id == s.deals.c.table_id)
                        & (s.actions.c.deal_no == s.deals.c.deal_no))).where(s.deals.c.table_id.is_(None))).scalar()
                if orphans:
                    problems.append(f"{orphans} logged actions belong to no recorded deal")
            rev, head = self.revision(), self.head()
            if rev != head:
                problems.append(f"the schema is at revision {rev}, this program needs {head} "
                                "(run: cardtable db upgrade)")
        except Damaged as e:
            problems.append(str(e))
        except sa_exc.DatabaseError as e:
            problems.append(str(self._translate(e)))
        self.damage = problems
        return problems

    # ------------------------------------------------------------- tables
    def create_table(self, game: str, players: int, options: dict[str, Any], *, seed: int, max_deals: int | None,
                     seats: Sequence[tuple[str, str, str | None] | tuple[str, str, str | None, str | None]],
                     creator: str | None = None, first_deal: tuple[str, int, dict[str, Any] | None] | None = None,
                     job: Job | None = None, public: bool = False, takeover: float | None = None,
                     speed: str = "normal", creator_address: str | None = None, pack: str = "auto",
                     between: str = "ready") -> str:
        """A new table; ``seats`` are (kind, name, token or None[, account id]); ``first_deal`` = (deck, dealer,
        carry) is logged with it, and ``job`` (the first bot move, its table id filled in here); ``public``: listed
        in the lobby; ``takeover``: seconds an empty person's seat waits before a bot plays for it; ``speed``: the
        bots' speed; ``creator_address``: the address it was created from; ``pack``: the pack its cards are drawn
        in; ``between``: how the table goes on to the next deal (``ready`` or ``countdown``). Returns the table
        id."""
        tid = secrets.token_hex(6)
        with self.write() as conn:
            conn.execute(insert(s.tables).values(
                id=tid, game=game, players=players, options=json.dumps(options), seed=seed, max_deals=max_deals,
                created=time.time(), totals=json.dumps([0] * players), creator=creator, public=int(public),
                takeover=takeover, speed=speed, creator_address=creator_address, pack=pack,
                between=between))
            conn.execute(insert(s.seats), [{"table_id": tid, "seat": i, "kind": seat[0], "name": seat[1],
                                            "token_hash": hash_token(seat[2]) if seat[2] else None,
                                            "account_id": seat[3] if len(seat) > 3 else None}
                                           for i, seat in enumerate(seats)])
            if first_deal is not None:
                deck, dealer, carry = first_deal
                conn.execute(insert(s.deals).values(table_id=tid, deal_no=1, deck=deck, dealer=dealer,
                                                    carry=json.dumps(carry) if carry else None))
            if job is not None:
                conn.execute(insert(s.bot_jobs).values(_job_values(Job(tid, *_job_fields(job)))))
        return tid

    def table(self, tid: str) -> TableRow | None:
        with self.read() as conn:
            r = conn.execute(select(s.tables).where(s.tables.c.id == tid)).first()
        return _table_row(r) if r is not None else None

    def table_ids(self, unfinished_only: bool = False) -> list[str]:
        q = select(s.tables.c.id).order_by(s.tables.c.created)
        if unfinished_only:
            q = q.where(s.tables.c.finished == 0)
        with self.read() as conn:
            return [r[0] for r in conn.execute(q)]

    def seats(self, tid: str) -> list[SeatRow]:
        with self.read() as conn:
            return _seat_rows(conn, tid)

    def bot_only_tables(self, creator: str, address: bool = False) -> int:
        """How many unfinished tables of bots only ``creator`` has (``address``: created from the address
        ``creator``, whoever created them)."""
        people = select(s.seats.c.table_id).where(s.seats.c.table_id == s.tables.c.id, s.seats.c.kind == "human")
        who = s.tables.c.creator_address if address else s.tables.c.creator
        q = select(func.count()).select_from(s.tables).where(
            who == creator, s.tables.c.finished == 0, ~people.exists())
        with self.read() as conn:
            return int(conn.execute(q).scalar() or 0)

    # -------------------------------------------------------------- deals
    def start_deal(self, tid: str, deal_no: int, deck: str, dealer: int, carry: dict[str, Any] | None,
                   job: Job | None = None) -> None:
        """Log the start of deal ``deal_no``; :class:`Stale` if it is already logged. Replaces the table's
        pending bot job by ``job``."""
        with self.write() as conn:
            conn.execute(insert(s.deals).values(table_id=tid, deal_no=deal_no, deck=deck, dealer=dealer,
                                                carry=json.dumps(carry) if carry else None))
            self._set_job(conn, tid, job)

    def deals(self, tid: str) -> list[DealRow]:
        with self.read() as conn:
            return self._deals(conn, tid)

    @staticmethod
    def _deals(conn: Connection, tid: str) -> list[DealRow]:
        return [DealRow(r.deal_no, r.deck, r.dealer, _json(r.carry), _json(r.result)) for r in conn.execute(
            select(s.deals).where(s.deals.c.table_id == tid).order_by(s.deals.c.deal_no))]

    def actions(self, tid: str, deal_no: int, since: int = 0) -> list[ActionRow]:
        """The logged actions of a deal, from number ``since`` on."""
        with self.read() as conn:
            return self._actions(conn, tid, deal_no, since)

    @staticmethod
    def _actions(conn: Connection, tid: str, deal_no: int, since: int = 0) -> list[ActionRow]:
        a = s.actions.c
        return [ActionRow(r.idx, r.seat, r.action) for r in conn.execute(
            select(a.idx, a.seat, a.action).where(a.table_id == tid, a.deal_no == deal_no, a.idx >= since)
            .order_by(a.idx))]

    def load(self, tid: str) -> Snapshot | None:
        """Everything of one table, read in one snapshot; ``None`` if there is no such table."""
        with self.read(snapshot=True) as conn:
            r = conn.execute(select(s.tables).where(s.tables.c.id == tid)).first()
            if r is None:
                return None
            seats = _seat_rows(conn, tid)
            deals = self._deals(conn, tid)
            acts: dict[int, list[ActionRow]] = {d.deal_no: [] for d in deals}
            a = s.actions.c
            for x in conn.execute(select(a.deal_no, a.idx, a.seat, a.action).where(a.table_id == tid)
                                  .order_by(a.deal_no, a.idx)):
                acts.setdefault(x.deal_no, []).append(ActionRow(x.idx, x.seat, x.action))
        return Snapshot(_table_row(r), seats, deals, acts)

    def since(self, tid: str, deal_no: int, idx: int) -> tuple[int, list[ActionRow]]:
        """What is new at a table for a process that knows deal ``deal_no`` up to action ``idx``: the number
        of the table's last deal, and the actions of ``deal_no`` from ``idx`` on."""
        with self.read(snapshot=True) as conn:
            last = conn.execute(LAST_DEAL, {"b_tid": tid}).scalar()
            rows = conn.execute(ACTIONS_FROM, {"b_tid": tid, "b_deal": deal_no, "b_idx": idx})
            return int(last or 0), [ActionRow(r.idx, r.seat, r.action) for r in rows]

    def append_action(self, tid: str, deal_no: int, idx: int, seat: int, action: str,
                      finished: tuple[dict[str, Any], list[Any], bool] | None = None, *, job: Job | None = None,
                      bot_seconds: float = 0.0, more: Sequence[tuple[int, str]] = ()) -> None:
        """Log action number ``idx`` of a deal, in one transaction with what follows from it: ``more`` (seat,
        action) logged after it (bots' moves made at once); when the last ends the deal, ``finished`` = (result,
        match totals, match over); the table's next bot ``job`` (replacing any pending one); the bot time it
        took. :class:`Stale` if one of those numbers is already logged."""
        problem = self.append_actions([Append(tid, deal_no, idx, seat, action, finished, job, bot_seconds,
                                              tuple(more))])[0]
        if problem is not None:
            raise problem

    def append_actions(self, items: Sequence[Append]) -> list[StoreError | None]:
        """Log several tables' actions in one transaction (a group commit), each under its own unique key and
        with what follows from it, as :meth:`append_action`. Returns, item by item, ``None`` (logged) or the
        error that kept it out: :class:`Stale` when its position was already logged (the other items are
        logged all the same). At most one item per table."""
        if len({i.table_id for i in items}) != len(items):
            raise ValueError("a group of appends holds at most one action per table")
        # In table order: two processes' groups then take their rows' locks in the same order (no deadlock).
        ordered = sorted(items, key=lambda i: i.table_id)
        try:
            with self.write() as conn:
                done = self._append_actions(conn, ordered)
        except Unavailable as e:
            done = [e] * len(items)
        except StoreError as e:
            # Something other than a position already taken failed the group: each alone, so it fails only itself.
            done = [e] if len(items) == 1 else [self.append_actions([i])[0] for i in ordered]
        by_table = {i.table_id: d for i, d in zip(ordered, done)}
        return [by_table[i.table_id] for i in items]

    def _append_actions(self, conn: Connection, items: Sequence[Append]) -> list[StoreError | None]:
        now = time.time()
        # ON CONFLICT DO NOTHING: a position already logged (by another process) leaves its item out, not the
        # group; RETURNING names the rows that went in (rendered as one multi-row INSERT).
        logged = {(r.table_id, r.deal_no, r.idx) for r in conn.execute(self._insert_actions, [
            {"table_id": i.table_id, "deal_no": i.deal_no, "idx": i.idx + k, "seat": who, "action": what,
             "at": now} for i in items for k, (who, what) in enumerate([(i.seat, i.action), *i.more])])}
        went_in = [sum((i.table_id, i.deal_no, i.idx + k) in logged for k in range(1 + len(i.more))) for i in items]
        if any(0 < n < 1 + len(i.more) for i, n in zip(items, went_in)):
            # An action and the moves after it go in together or not at all: part of them taken means the
            # whole item is stale, and the rest of the group is written again without it (each alone).
            raise Stale("part of a run of actions was already recorded by another process")
        won = [i for i in items if (i.table_id, i.deal_no, i.idx) in logged]
        if won:
            ended = [i for i in won if i.finished is not None]
            if ended:
                conn.execute(FINISH_DEAL, [{"b_tid": i.table_id, "b_deal": i.deal_no,
                                            "b_result": json.dumps(i.finished[0])} for i in ended if i.finished])
                conn.execute(FINISH_TABLE, [{"b_tid": i.table_id, "b_totals": json.dumps(i.finished[1]),
                                             "b_over": int(i.finished[2])} for i in ended if i.finished])
            timed = [i for i in won if i.bot_seconds]
            if timed:
                conn.execute(ADD_BOT_SECONDS, [{"b_tid": i.table_id, "b_seconds": i.bot_seconds} for i in timed])
            conn.execute(DELETE_JOBS, {"b_tids": [i.table_id for i in won]})
            jobs = [_job_values(Job(i.table_id, *_job_fields(i.job)), i.job.claimed_by, i.job.lease_until)
                    for i in won if i.job is not None]
            if jobs:
                conn.execute(INSERT_JOB, jobs)
        return [None if (i.table_id, i.deal_no, i.idx) in logged else
                Stale(f"action {i.idx} of deal {i.deal_no} of table {i.table_id} was already recorded by another "
                      "process") for i in items]

    # --------------------------------------------------------------- jobs
    @staticmethod
    def _set_job(conn: Connection, tid: str, job: Job | None) -> None:
        conn.execute(DELETE_JOB, {"b_tid": tid})
        if job is not None:
            conn.execute(INSERT_JOB, _job_values(Job(tid, *_job_fields(job)), job.claimed_by, job.lease_until))

    def ensure_job(self, job: Job) -> bool:
        """Queue ``job`` unless its table has one pending; True if it was queued."""
        try:
            with self.write() as conn:
                if conn.execute(select(s.bot_jobs.c.table_id).where(s.bot_jobs.c.table_id == job.table_id)).first():
                    return False
                conn.execute(insert(s.bot_jobs).values(_job_values(job)))
        except Stale:  # queued meanwhile by another process
            return False
        return True

    def claim_jobs(self, worker: str, lease: float, *, limit: int = 1, kinds: Sequence[str] | None = None,
                   other_kinds: Sequence[str] | None = None, people_only: bool = False) -> list[Job]:
        """Claim up to ``limit`` ready jobs for ``worker`` for ``lease`` seconds: tables with people first,
        then the longest waiting (one job per table, so tables take turns). On PostgreSQL the rows are picked
        with ``SELECT … FOR UPDATE SKIP LOCKED``, so workers anywhere never claim the same job; on SQLite the
        write lock orders them. ``kinds``/``other_kinds``: only these bot kinds / all but these."""
        key = (tuple(kinds) if kinds is not None else None, tuple(other_kinds) if other_kinds is not None else None,
               people_only)
        stmt = self._claims.get(key)
        if stmt is None:
            stmt = self._claims[key] = self._claim_statement(*key)
        now = time.time()
        with self.write() as conn:
            rows = conn.execute(stmt, {"b_now": now, "b_until": now + lease, "b_worker": worker, "b_limit": limit})
            return sorted((_job_row(r) for r in rows), key=lambda j: (not j.people, j.run_at))

    @staticmethod
    def _claim_statement(kinds: tuple[str, ...] | None, other_kinds: tuple[str, ...] | None,
                         people_only: bool) -> Any:
        j = s.bot_jobs.c
        ready = select(j.table_id).where(j.run_at <= bindparam("b_now"),
                                         or_(j.lease_until.is_(None), j.lease_until < bindparam("b_now")))
        if kinds is not None:
            ready = ready.where(j.kind.in_(kinds))
        if other_kinds is not None:
            ready = ready.where(j.kind.not_in(other_kinds))
        if people_only:
            ready = ready.where(j.people == 1)
        ready = ready.order_by(j.people.desc(), j.run_at).limit(bindparam("b_limit")).with_for_update(skip_locked=True)
        return (update(s.bot_jobs).where(j.table_id.in_(ready.scalar_subquery()))
                .values(claimed_by=bindparam("b_worker"), lease_until=bindparam("b_until"), attempts=j.attempts + 1)
                .returning(*s.bot_jobs.c))

    def release_job(self, job: Job, worker: str, retry_at: float | None = None) -> None:
        """Give a claimed job back (to be claimed again from ``retry_at``, by default at once)."""
        with self.write() as conn:
            conn.execute(RELEASE_JOB, {"b_tid": job.table_id, "b_worker": worker, "b_deal": job.deal_no,
                                       "b_idx": job.idx, "b_at": retry_at or time.time()})

    def drop_job(self, job: Job) -> None:
        """Remove a job that no longer fits its table (the position moved on)."""
        with self.write() as conn:
            conn.execute(DROP_JOB, {"b_tid": job.table_id, "b_deal": job.deal_no, "b_idx": job.idx})

    def jobs(self) -> list[Job]:
        """Every pending job (for inspection)."""
        with self.read() as conn:
            return [_job_row(r) for r in conn.execute(select(s.bot_jobs).order_by(s.bot_jobs.c.run_at))]

    # --------------------------------------------------------------- copy
    def counts(self) -> dict[str, int]:
        """Rows per table of the schema."""
        with self.read() as conn:
            return {t.name: int(conn.execute(select(func.count()).select_from(t)).scalar() or 0)
                    for t in s.metadata.sorted_tables}

    def copy_to(self, other: Store, batch: int = 2000) -> dict[str, int]:
        """Copy every row into ``other`` (an empty room at the same revision) in one transaction; returns the
        rows copied per table."""
        if other.table_ids():
            raise StoreError(f"{other.shown} already holds tables; copy into an empty database")
        copied: dict[str, int] = {}
        with self.read(snapshot=True) as src, other.write() as dst:
            for t in s.metadata.sorted_tables:
                n = 0
                result = src.execute(select(t)).mappings()
                while chunk := result.fetchmany(batch):
                    dst.execute(insert(t), [dict(r) for r in chunk])
                    n += len(chunk)
                copied[t.name] = n
        return copied


def _job_fields(job: Job) -> tuple[Any, ...]:
    """A job's fields after its table id."""
    return (job.deal_no, job.idx, job.seat, job.kind, job.people, job.run_at)
