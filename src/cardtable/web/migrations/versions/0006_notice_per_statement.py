"""One notice per written group of actions, not one per action.

Until this revision (PostgreSQL only) every new row of the action log sent its own ``NOTIFY cardtable,
'<table id> <deal> <actions so far>'``: a person's action and the three bots' moves logged with it made four
notices, and a group commit of many tables one per row, each delivered to every process. From this revision
the trigger fires once per INSERT statement and sends, for each (table, deal) it wrote, only the last
position reached, the entries joined by ``;`` (``'<id> <deal> <n>;<id> <deal> <n>'``), at most 100 entries to
a notice so that it stays far below PostgreSQL's 8,000-byte limit. A process learns the same thing — where
each table now stands — from far fewer notices.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

from __future__ import annotations

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

PER_STATEMENT = [
    "CREATE OR REPLACE FUNCTION cardtable_notify_actions() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
    "PERFORM pg_notify('cardtable', string_agg(entry, ';')) FROM ("
    " SELECT entry, (row_number() OVER ()) / 100 AS chunk FROM ("
    "  SELECT table_id || ' ' || deal_no || ' ' || (max(idx) + 1) AS entry FROM new_rows"
    "  GROUP BY table_id, deal_no) AS reached) AS numbered "
    "GROUP BY chunk; RETURN NULL; END $$",
    "DROP TRIGGER IF EXISTS actions_notify ON actions",
    "CREATE TRIGGER actions_notify AFTER INSERT ON actions REFERENCING NEW TABLE AS new_rows "
    "FOR EACH STATEMENT EXECUTE FUNCTION cardtable_notify_actions()",
]

PER_ROW = [
    "DROP TRIGGER IF EXISTS actions_notify ON actions",
    "DROP FUNCTION IF EXISTS cardtable_notify_actions()",
    "CREATE TRIGGER actions_notify AFTER INSERT ON actions FOR EACH ROW EXECUTE FUNCTION cardtable_notify_action()",
]


def _run(statements: list[str]) -> None:
    if op.get_bind().dialect.name == "postgresql":
        for sql in statements:
            op.execute(sql)


def upgrade() -> None:
    _run(PER_STATEMENT)


def downgrade() -> None:
    _run(PER_ROW)
