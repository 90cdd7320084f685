"""Bot jobs queued already claimed are not announced.

A move without search (the random bot, dealing on) is queued already claimed by the process that plays it at
once. Announcing it (``NOTIFY cardtable_jobs``) only woke every other process's bot workers to look for work
there was none of: one claim transaction per process for every such move. From this revision (PostgreSQL
only) the trigger fires only for a job nobody has claimed; a claimed job whose worker dies is taken again
when its lease lapses, found by the workers' regular poll.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

from __future__ import annotations

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

TRIGGER = ("CREATE TRIGGER bot_jobs_notify AFTER INSERT ON bot_jobs FOR EACH ROW {when}"
           "EXECUTE FUNCTION cardtable_notify_job()")


def _trigger(when: str) -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS bot_jobs_notify ON bot_jobs")
        op.execute(TRIGGER.format(when=when))


def upgrade() -> None:
    _trigger("WHEN (NEW.claimed_by IS NULL) ")


def downgrade() -> None:
    _trigger("")
