"""The database schema of a card room, as SQLAlchemy Core tables (one definition for SQLite and PostgreSQL).

This module describes the schema at the newest revision; the Alembic revisions in ``migrations/versions``
create and change it step by step (see docs/store.md). A new feature adds its table here *and* a revision.

- ``tables``: one row per table (game, options, seed, match totals, who created it, bot time spent);
- ``seats``: the seats, with the SHA-256 of each person's token (never the token);
- ``deals``: each deal's pack, dealer and carried pools, and its settlement once over;
- ``actions``: the append-only log, one row per (table, deal, number): the single source of truth;
- ``bot_jobs``: at most one pending bot move per table, claimed by a bot worker under a lease;
- ``accounts`` and ``sessions``: optional accounts (an argon2 hash of the password, never the password) and
  their logins (the SHA-256 of each session cookie, never the cookie);
- ``chat``: each table's chat, with the position of the game when each line was said (for replays);
- ``ratings``: a rating per player (an account or a bot kind) and game.

Revision 0003 added the public room: ``tables.public`` (listed in the lobby), ``takeover`` (seconds an empty
seat waits before a bot plays for it), ``muted`` (spectators may not chat), ``undos``/``hints`` (help used:
the match is not rated), ``rated``; ``seats.account_id`` and the seat's presence (``seen``, ``away``).
An undo is a row of the action log too (see :mod:`cardtable.web.records`).
Revision 0005 added ``tables.speed``, the bots' speed at the table (slow, normal, fast or instant).
Revision 0006 (PostgreSQL only) sends one change notice per statement that writes actions, not one per action.
Revision 0007 added ``tables.creator_address``, the address a table was created from (the limit of tables of
bots only counts per address as well as per creator).
Revision 0008 added ``tables.pack``, the pack the table's cards are drawn in (``auto``, ``french``, ``four-colour``
or ``german``), chosen by its creator; each browser may draw them in its own.
Revision 0009 added ``tables.between``, how the table goes on to the next deal: when every person at it is ready
(``ready``) or after a countdown shown to all (``countdown``).
"""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, MetaData, PrimaryKeyConstraint, Table, Text

__all__ = ["accounts", "actions", "bot_jobs", "chat", "deals", "metadata", "ratings", "seats", "sessions", "tables"]

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
    Column("public", Integer, nullable=False, server_default="0"),  # 1: listed in the lobby
    Column("takeover", Float),  # seconds an empty person's seat waits before a bot plays for it (NULL: never)
    Column("muted", Integer, nullable=False, server_default="0"),  # 1: spectators may not chat
    Column("undos", Integer, nullable=False, server_default="0"),
    Column("hints", Integer, nullable=False, server_default="0"),
    Column("rated", Integer, nullable=False, server_default="0"),  # 1 rated, -1 not rateable, 0 not yet
    Column("speed", Text, nullable=False, server_default="normal"),  # the bots' speed: slow, normal, fast, instant
    Column("creator_address", Text),  # the address it was created from ("addr:<ip>"; revision 0007)
    Column("pack", Text, nullable=False, server_default="auto"),  # the cards' look: auto, french, four-colour, german
    Column("between", Text, nullable=False, server_default="ready"),  # the next deal: ready or countdown (0009)
)
Index("tables_creator", tables.c.creator, tables.c.finished)
Index("tables_creator_address", tables.c.creator_address, tables.c.finished)

seats = Table(
    "seats", metadata,
    Column("table_id", Text, ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", Text, nullable=False),
    Column("name", Text, nullable=False),
    Column("token_hash", Text),
    Column("account_id", Text),  # the account sitting here, if the person was logged in
    Column("seen", Float),  # when a connection of this seat was last known open (or closed, when away)
    Column("away", Integer, nullable=False, server_default="1"),  # 1: no connection since ``seen``
    PrimaryKeyConstraint("table_id", "seat"),
)
Index("seats_account", seats.c.account_id)

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

accounts = Table(
    "accounts", metadata,
    Column("id", Text, primary_key=True),
    Column("name", Text, nullable=False),  # as shown
    Column("name_key", Text, nullable=False, unique=True),  # case-folded: "Ann" and "ann" are one name
    Column("pw_hash", Text, nullable=False),  # argon2id, with its salt and parameters
    Column("created", Float, nullable=False),
    Column("lang", Text),  # the language its pages are worded in (none: the browser's; 0010)
)

sessions = Table(
    "sessions", metadata,
    Column("token_hash", Text, primary_key=True),
    Column("account_id", Text, ForeignKey("accounts.id"), nullable=False),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)
Index("sessions_account", sessions.c.account_id)

chat = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", Text, ForeignKey("tables.id"), nullable=False),
    Column("deal_no", Integer, nullable=False),  # where the game was when it was said
    Column("idx", Integer, nullable=False),
    Column("at", Float, nullable=False),
    Column("seat", Integer),  # NULL: a spectator
    Column("name", Text, nullable=False),
    Column("account_id", Text),
    Column("kind", Text, nullable=False, server_default="say"),  # say, or notice (the table's own lines)
    Column("text", Text, nullable=False),
)
Index("chat_table", chat.c.table_id, chat.c.id)

ratings = Table(
    "ratings", metadata,
    Column("subject", Text, nullable=False),  # "account:<id>" or "bot:<kind>"
    Column("game", Text, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False, server_default="0"),
    Column("updated", Float, nullable=False),
    PrimaryKeyConstraint("subject", "game"),
)
