"""Several processes on one database: bot moves as jobs, who created a table, bot time spent, change notices.

- ``bot_jobs``: at most one pending bot move per table, claimed under a lease (``FOR UPDATE SKIP LOCKED`` on
  PostgreSQL); a move is then an ordinary append to the log.
- ``tables.creator`` (the limit on a creator's tables of bots only) and ``tables.bot_seconds``.
- PostgreSQL only: every new action sends ``NOTIFY cardtable, '<table id> <deal> <actions so far>'`` (a new
  deal: ``'<table id> <deal> 0'``) and every new bot job ``NOTIFY cardtable_jobs``, delivered when the
  transaction commits, so each process pushes moves made elsewhere to its own sockets (and skips its own).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

PG_NOTIFY = [
    "CREATE OR REPLACE FUNCTION cardtable_notify_action() RETURNS trigger LANGUAGE plpgsql AS "
    "$$ BEGIN PERFORM pg_notify('cardtable', NEW.table_id || ' ' || NEW.deal_no || ' ' || (NEW.idx + 1)); "
    "RETURN NULL; END $$",
    "CREATE OR REPLACE FUNCTION cardtable_notify_deal() RETURNS trigger LANGUAGE plpgsql AS "
    "$$ BEGIN PERFORM pg_notify('cardtable', NEW.table_id || ' ' || NEW.deal_no || ' 0'); RETURN NULL; END $$",
    "CREATE TRIGGER actions_notify AFTER INSERT ON actions FOR EACH ROW EXECUTE FUNCTION cardtable_notify_action()",
    "CREATE TRIGGER deals_notify AFTER INSERT ON deals FOR EACH ROW EXECUTE FUNCTION cardtable_notify_deal()",
    "CREATE OR REPLACE FUNCTION cardtable_notify_job() RETURNS trigger LANGUAGE plpgsql AS "
    "$$ BEGIN PERFORM pg_notify('cardtable_jobs', NEW.table_id); RETURN NULL; END $$",
    "CREATE TRIGGER bot_jobs_notify AFTER INSERT ON bot_jobs FOR EACH ROW EXECUTE FUNCTION cardtable_notify_job()",
]


def upgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.add_column(sa.Column("creator", sa.Text))
        t.add_column(sa.Column("bot_seconds", sa.Float, nullable=False, server_default="0"))
    op.create_table(
        "bot_jobs",
        sa.Column("table_id", sa.Text, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("deal_no", sa.Integer, nullable=False),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("people", sa.Integer, nullable=False),
        sa.Column("run_at", sa.Float, nullable=False),
        sa.Column("claimed_by", sa.Text),
        sa.Column("lease_until", sa.Float),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("bot_jobs_ready", "bot_jobs", ["people", "run_at"])
    op.create_index("tables_creator", "tables", ["creator", "finished"])
    if op.get_bind().dialect.name == "postgresql":
        for sql in PG_NOTIFY:
            op.execute(sql)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for trig, table in (("actions_notify", "actions"), ("deals_notify", "deals"), ("bot_jobs_notify", "bot_jobs")):
            op.execute(f"DROP TRIGGER IF EXISTS {trig} ON {table}")
        op.execute("DROP FUNCTION IF EXISTS cardtable_notify_action()")
        op.execute("DROP FUNCTION IF EXISTS cardtable_notify_deal()")
        op.execute("DROP FUNCTION IF EXISTS cardtable_notify_job()")
    op.drop_index("tables_creator", "tables")
    op.drop_table("bot_jobs")
    with op.batch_alter_table("tables") as t:
        t.drop_column("bot_seconds")
        t.drop_column("creator")
