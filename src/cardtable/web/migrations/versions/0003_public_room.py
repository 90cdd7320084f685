"""The public room: lobby settings, accounts and logins, chat, ratings, seat presence.

- ``tables``: ``public``, ``takeover``, ``muted``, ``undos``, ``hints``, ``rated``;
- ``seats``: ``account_id``, ``seen``, ``away``;
- ``accounts``, ``sessions``, ``chat``, ``ratings``;
- PostgreSQL only: a new chat line, or a change to a table's seats or settings, sends
  ``NOTIFY cardtable_room, '<table id>'`` so every process refreshes what its sockets show. (An undo is a row
  of the action log, announced by the log's own trigger of revision 0002.)

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

PG_NOTIFY = [
    "CREATE OR REPLACE FUNCTION cardtable_notify_room() RETURNS trigger LANGUAGE plpgsql AS "
    "$$ BEGIN PERFORM pg_notify('cardtable_room', NEW.table_id); RETURN NULL; END $$",
    "CREATE TRIGGER chat_notify AFTER INSERT ON chat FOR EACH ROW EXECUTE FUNCTION cardtable_notify_room()",
    # seats: a seat taken from the lobby or by a login (not the presence heartbeat, which changes nothing shown)
    "CREATE TRIGGER seats_notify AFTER UPDATE OF name, token_hash, account_id ON seats "
    "FOR EACH ROW EXECUTE FUNCTION cardtable_notify_room()",
    "CREATE OR REPLACE FUNCTION cardtable_notify_room_t() RETURNS trigger LANGUAGE plpgsql AS "
    "$$ BEGIN PERFORM pg_notify('cardtable_room', NEW.id); RETURN NULL; END $$",
    "CREATE TRIGGER tables_notify AFTER UPDATE OF muted, public, takeover ON tables "
    "FOR EACH ROW EXECUTE FUNCTION cardtable_notify_room_t()",
]


def upgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.add_column(sa.Column("public", sa.Integer, nullable=False, server_default="0"))
        t.add_column(sa.Column("takeover", sa.Float))
        t.add_column(sa.Column("muted", sa.Integer, nullable=False, server_default="0"))
        t.add_column(sa.Column("undos", sa.Integer, nullable=False, server_default="0"))
        t.add_column(sa.Column("hints", sa.Integer, nullable=False, server_default="0"))
        t.add_column(sa.Column("rated", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("seats") as t:
        t.add_column(sa.Column("account_id", sa.Text))
        t.add_column(sa.Column("seen", sa.Float))
        t.add_column(sa.Column("away", sa.Integer, nullable=False, server_default="1"))
    op.create_index("seats_account", "seats", ["account_id"])
    op.create_table(
        "accounts",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("name_key", sa.Text, nullable=False, unique=True),
        sa.Column("pw_hash", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.Text, primary_key=True),
        sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("sessions_account", "sessions", ["account_id"])
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.Text, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("deal_no", sa.Integer, nullable=False),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("account_id", sa.Text),
        sa.Column("kind", sa.Text, nullable=False, server_default="say"),
        sa.Column("text", sa.Text, nullable=False),
    )
    op.create_index("chat_table", "chat", ["table_id", "id"])
    op.create_table(
        "ratings",
        sa.Column("subject", sa.Text, nullable=False),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("subject", "game"),
    )
    if op.get_bind().dialect.name == "postgresql":
        for sql in PG_NOTIFY:
            op.execute(sql)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for trig, table in (("chat_notify", "chat"), ("seats_notify", "seats"), ("tables_notify", "tables")):
            op.execute(f"DROP TRIGGER IF EXISTS {trig} ON {table}")
        op.execute("DROP FUNCTION IF EXISTS cardtable_notify_room()")
        op.execute("DROP FUNCTION IF EXISTS cardtable_notify_room_t()")
    for name in ("ratings", "chat", "sessions", "accounts"):
        op.drop_table(name)
    op.drop_index("seats_account", "seats")
    with op.batch_alter_table("seats") as t:
        for col in ("away", "seen", "account_id"):
            t.drop_column(col)
    with op.batch_alter_table("tables") as t:
        for col in ("rated", "hints", "undos", "muted", "takeover", "public"):
            t.drop_column(col)
