"""The schema the web app had before revisions: tables, seats, deals and the append-only action log.

A SQLite room made before revisions existed has exactly this schema; the store marks it as this revision
(``alembic stamp``) and upgrades it from here, so no table is lost.

Revision ID: 0001
Revises:
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

SQLITE_APPEND_ONLY = [
    "CREATE TRIGGER IF NOT EXISTS actions_append_only_u BEFORE UPDATE ON actions "
    "BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END",
    "CREATE TRIGGER IF NOT EXISTS actions_append_only_d BEFORE DELETE ON actions "
    "BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END",
]
PG_APPEND_ONLY = [
    "CREATE OR REPLACE FUNCTION cardtable_append_only() RETURNS trigger LANGUAGE plpgsql AS "
    "$$ BEGIN RAISE EXCEPTION 'the action log is append-only'; END $$",
    "CREATE TRIGGER actions_append_only BEFORE UPDATE OR DELETE ON actions "
    "FOR EACH ROW EXECUTE FUNCTION cardtable_append_only()",
]


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("max_deals", sa.Integer),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("totals", sa.Text, nullable=False, server_default="[]"),
        sa.Column("deals_done", sa.Integer, nullable=False, server_default="0"),
        sa.Column("finished", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.Text, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("token_hash", sa.Text),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    op.create_table(
        "deals",
        sa.Column("table_id", sa.Text, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("deal_no", sa.Integer, nullable=False),
        sa.Column("deck", sa.Text, nullable=False),
        sa.Column("dealer", sa.Integer, nullable=False),
        sa.Column("carry", sa.Text),
        sa.Column("result", sa.Text),
        sa.PrimaryKeyConstraint("table_id", "deal_no"),
    )
    op.create_table(
        "actions",
        sa.Column("table_id", sa.Text, nullable=False),
        sa.Column("deal_no", sa.Integer, nullable=False),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "deal_no", "idx"),
    )
    for sql in SQLITE_APPEND_ONLY if op.get_bind().dialect.name == "sqlite" else PG_APPEND_ONLY:
        op.execute(sql)


def downgrade() -> None:
    for name in ("actions", "deals", "seats", "tables"):
        op.drop_table(name)
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS cardtable_append_only()")
