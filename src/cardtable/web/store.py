"""Persistence of web tables in SQLite: tables, seats, deals, an append-only action log, results.

Every acknowledged action is committed before anyone is told of it, so a restart — even a
``kill -9`` — loses nothing: a table is rebuilt by replaying each deal's log from its recorded pack.

>>> import tempfile, os
>>> store = Store(os.path.join(tempfile.mkdtemp(), "t.db"))
>>> tid = store.create_table("nap", 4, {"misery": False}, seed=1, max_deals=8,
...                          seats=[("human", "Ann", "h1"), ("random", "bot", None)] + [("random", "bot", None)] * 2)
>>> store.table(tid).game, [s.kind for s in store.seats(tid)]
('nap', ['human', 'random', 'random', 'random'])
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["ActionRow", "DealRow", "SeatRow", "Store", "TableRow", "hash_token", "new_token"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    max_deals INTEGER,
    created REAL NOT NULL,
    totals TEXT NOT NULL DEFAULT '[]',
    deals_done INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS deals (
    table_id TEXT NOT NULL REFERENCES tables(id),
    deal_no INTEGER NOT NULL,
    deck TEXT NOT NULL,
    dealer INTEGER NOT NULL,
    carry TEXT,
    result TEXT,
    PRIMARY KEY (table_id, deal_no)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL,
    deal_no INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, deal_no, idx)
);
CREATE TRIGGER IF NOT EXISTS actions_append_only_u BEFORE UPDATE ON actions
    BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS actions_append_only_d BEFORE DELETE ON actions
    BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
"""


def new_token() -> str:
    """An unguessable seat token (128 bits)."""
    return secrets.token_urlsafe(16)


def hash_token(token: str) -> str:
    """What the database keeps of a token: its SHA-256, so a copied database grants no seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    max_deals: int | None
    created: float
    totals: list[Any]
    deals_done: int
    finished: bool


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str
    name: str
    token_hash: str | None


@dataclass(frozen=True)
class DealRow:
    deal_no: int
    deck: str
    dealer: int
    carry: dict[str, Any] | None
    result: dict[str, Any] | None


@dataclass(frozen=True)
class ActionRow:
    idx: int
    seat: int
    action: str


class Store:
    """One SQLite file; every write is one committed transaction.

    The connection is used from one thread at a time (the server's event loop).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        # WAL + NORMAL: a committed transaction survives the process being killed (not a power cut).
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def _tx(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        cur = self.db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            for sql, args in statements:
                cur.execute(sql, args)
        except BaseException:
            cur.execute("ROLLBACK")
            raise
        cur.execute("COMMIT")

    # ----------------------------------------------------------- tables
    def create_table(self, game: str, players: int, options: dict[str, Any], *, seed: int, max_deals: int | None,
                     seats: Sequence[tuple[str, str, str | None]]) -> str:
        """A new table; ``seats`` are (kind, name, token or None). Returns the table id."""
        tid = secrets.token_hex(6)
        stmts: list[tuple[str, Sequence[Any]]] = [(
            "INSERT INTO tables (id, game, players, options, seed, max_deals, created, totals) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (tid, game, players, json.dumps(options), seed, max_deals, time.time(), json.dumps([0] * players)))]
        for i, (kind, name, token) in enumerate(seats):
            stmts.append(("INSERT INTO seats (table_id, seat, kind, name, token_hash) VALUES (?, ?, ?, ?, ?)",
                          (tid, i, kind, name, hash_token(token) if token else None)))
        self._tx(stmts)
        return tid

    def table(self, tid: str) -> TableRow | None:
        row = self.db.execute("SELECT id, game, players, options, seed, max_deals, created, totals, deals_done, "
                              "finished FROM tables WHERE id = ?", (tid,)).fetchone()
        if row is None:
            return None
        return TableRow(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5], row[6], json.loads(row[7]),
                        row[8], bool(row[9]))

    def table_ids(self, unfinished_only: bool = False) -> list[str]:
        sql = "SELECT id FROM tables" + (" WHERE finished = 0" if unfinished_only else "") + " ORDER BY created"
        return [r[0] for r in self.db.execute(sql)]

    def seats(self, tid: str) -> list[SeatRow]:
        return [SeatRow(*r) for r in self.db.execute(
            "SELECT seat, kind, name, token_hash FROM seats WHERE table_id = ? ORDER BY seat", (tid,))]

    # ------------------------------------------------------------ deals
    def start_deal(self, tid: str, deal_no: int, deck: str, dealer: int, carry: dict[str, Any] | None) -> None:
        self._tx([("INSERT INTO deals (table_id, deal_no, deck, dealer, carry) VALUES (?, ?, ?, ?, ?)",
                   (tid, deal_no, deck, dealer, json.dumps(carry) if carry else None))])

    def deals(self, tid: str) -> list[DealRow]:
        return [DealRow(r[0], r[1], r[2], json.loads(r[3]) if r[3] else None, json.loads(r[4]) if r[4] else None)
                for r in self.db.execute("SELECT deal_no, deck, dealer, carry, result FROM deals "
                                         "WHERE table_id = ? ORDER BY deal_no", (tid,))]

    def actions(self, tid: str, deal_no: int) -> list[ActionRow]:
        return [ActionRow(*r) for r in self.db.execute(
            "SELECT idx, seat, action FROM actions WHERE table_id = ? AND deal_no = ? ORDER BY idx", (tid, deal_no))]

    def append_action(self, tid: str, deal_no: int, idx: int, seat: int, action: str,
                      finished: tuple[dict[str, Any], list[Any], bool] | None = None) -> None:
        """Log one action; when it ends the deal, ``finished`` = (result, match totals, match over)
        is written in the same transaction."""
        stmts: list[tuple[str, Sequence[Any]]] = [(
            "INSERT INTO actions (table_id, deal_no, idx, seat, action, at) VALUES (?, ?, ?, ?, ?, ?)",
            (tid, deal_no, idx, seat, action, time.time()))]
        if finished is not None:
            result, totals, over = finished
            stmts.append(("UPDATE deals SET result = ? WHERE table_id = ? AND deal_no = ?",
                          (json.dumps(result), tid, deal_no)))
            stmts.append(("UPDATE tables SET totals = ?, deals_done = deals_done + 1, finished = ? WHERE id = ?",
                          (json.dumps(totals), int(over), tid)))
        self._tx(stmts)
