"""``cardtable serve --db FILE`` with a file that is not a cardtable room: refused in one clear line, the file
left exactly as it was (a real ``cardtable serve`` process for each case)."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import cardtable as ct
from cardtable.web.store import Store

from .conftest import free_port

pytestmark = pytest.mark.timeout(120)


def serve(db: str | Path) -> subprocess.CompletedProcess[str]:
    """Run ``cardtable serve --db db``; one that starts serving instead of refusing is stopped after 20 s."""
    env = {**os.environ, "CARDTABLE_BOT_DELAY": "0", "COLUMNS": "300"}
    try:
        return subprocess.run([sys.executable, "-m", "cardtable.cli.app", "serve", "--port", str(free_port()),
                               "--db", str(db), "--bot-jobs", "0"], env=env, capture_output=True, text=True,
                              timeout=20)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"cardtable serve --db {db} did not refuse it: it served (output {e.stdout!r} {e.stderr!r})")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def refused(p: subprocess.CompletedProcess[str], *words: str) -> str:
    """The one line a refusal prints: exit status 2, ``error: ...`` on standard error, no traceback."""
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
    lines = [line for line in p.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, p.stderr
    assert "Traceback" not in p.stderr + p.stdout and "cardtable serving" not in p.stdout
    line = lines[0]
    assert line.startswith("error: "), line
    for w in words:
        assert w in line, line
    return line


def test_another_applications_sqlite_file_is_refused_and_left_unchanged(tmp_path: Path) -> None:
    other = tmp_path / "notes.sqlite"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
        conn.execute("INSERT INTO notes (body) VALUES ('buy milk')")
    conn.close()
    before = digest(other)
    line = refused(serve(other), str(other), "another application's data", "notes, users", "unchanged")
    assert "cardtable room" in line
    assert digest(other) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.sqlite"]  # no journal files left beside it


def test_a_file_that_is_not_a_database_is_refused_and_left_unchanged(tmp_path: Path) -> None:
    junk = tmp_path / "photo.db"
    junk.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40)
    before = digest(junk)
    refused(serve(junk), str(junk), "is not a cardtable database (SQLite says: file is not a database)")
    assert digest(junk) == before


def test_a_directory_is_refused_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "rooms"
    folder.mkdir()
    refused(serve(folder), str(folder), "is a directory, not a database file", str(folder / "cardtable.db"))
    assert list(folder.iterdir()) == []


def test_a_room_of_a_newer_cardtable_says_which_version_is_needed(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    store = Store(db)
    store.create_table("nap", 2, {}, seed=1, max_deals=1, seats=[("human", "Ann", "t"), ("random", "Bea", None)])
    head = store.head()
    store.close()
    with sqlite3.connect(db) as conn:  # as a later cardtable's migration would leave it
        conn.execute("UPDATE alembic_version SET version_num = '0099_from_the_future'")
    conn.close()
    before = digest(db)
    refused(serve(db), str(db), "'0099_from_the_future'", "newer cardtable", f"({ct.__version__}, newest "
            f"revision {head!r})", "upgrade cardtable")
    assert digest(db) == before


def test_an_empty_file_and_an_older_room_still_open(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    Store(empty).close()  # an empty file becomes a room
    assert Store(empty).revision() is not None


def test_another_applications_postgresql_database_is_refused(pg_url: str) -> None:
    import psycopg

    plain = pg_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute("CREATE TABLE invoices (id serial PRIMARY KEY, total numeric)")
    refused(serve(plain), "another application's data", "invoices", "unchanged")
    with psycopg.connect(plain, autocommit=True) as conn:
        names = [r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
    assert names == ["invoices"]  # no schema written into it
