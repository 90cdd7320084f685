"""The database schema of a card room, as SQLAlchemy Core tables (one definition for SQLite and PostgreSQL).

This module describes the schema at the newest revision; the Alembic revisions in ``migrations/versions``
create and change it step by step (see docs/store.md). A new feature adds its table here *and* a revision.

- ``tables``: one row per table (game, options, seed, match totals, who created it, bot time spent);
- ``seats``: the seats, with the SHA-256 of each person's token (never the token);
- ``deals``: each deal's pack, dealer and carried pools, and its settlement once over;
- ``actions``: the append-only log, one row per (table, deal, number): the single source of truth;
- ``bot_jobs``: at most one pending bot move per table, claimed by a bot worker under a lease.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, MetaData, PrimaryKeyConstraint, Table, Text

__all__ = ["actions", "bot_jobs", "deals", "metadata", "seats", "tables"]

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", Text, primary_key=True),
    Column("game", Text, nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("seed", Integer, nullable=False),
    Column("max_deals", Integer),
    Column("created", Float, nullable=False),
    Column("totals", Text, nullable=False, server_default="[]"),  # JSON
    Column("deals_done", Integer, nullable=False, server_default="0"),
    Column("finished", Integer, nullable=False, server_default="0"),
    Column("creator", Text),  # who created it (a guest's hashed cookie, or an address; later an account)
    Column("bot_seconds", Float, nullable=False, server_default="0"),  # bot thinking time spent at this table
)
Index("tables_creator", tables.c.creator, tables.c.finished)

seats = Table(
    "seats", metadata,
    Column("table_id", Text, ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", Text, nullable=False),
    Column("name", Text, nullable=False),
    Column("token_hash", Text),
    PrimaryKeyConstraint("table_id", "seat"),
)

deals = Table(
    "deals", metadata,
    Column("table_id", Text, ForeignKey("tables.id"), nullable=False),
    Column("deal_no", Integer, nullable=False),
    Column("deck", Text, nullable=False),
    Column("dealer", Integer, nullable=False),
    Column("carry", Text),  # JSON
    Column("result", Text),  # JSON, once the deal is over
    PrimaryKeyConstraint("table_id", "deal_no"),
)

actions = Table(
    "actions", metadata,
    Column("table_id", Text, nullable=False),
    Column("deal_no", Integer, nullable=False),
    Column("idx", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "deal_no", "idx"),
)

bot_jobs = Table(
    "bot_jobs", metadata,
    Column("table_id", Text, ForeignKey("tables.id"), primary_key=True),
    Column("deal_no", Integer, nullable=False),
    Column("idx", Integer, nullable=False),  # the position the move is for: len(history) of that deal
    Column("seat", Integer, nullable=False),  # -1: deal the next deal (a table of bots only)
    Column("kind", Text, nullable=False),  # the bot kind, or "deal"
    Column("people", Integer, nullable=False),  # 1 when the table has a person's seat: served first
    Column("run_at", Float, nullable=False),  # not before (epoch seconds)
    Column("claimed_by", Text),
    Column("lease_until", Float),  # a claim lapses then, and any worker may take the job again
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("created", Float, nullable=False),
)
Index("bot_jobs_ready", bot_jobs.c.people, bot_jobs.c.run_at)
