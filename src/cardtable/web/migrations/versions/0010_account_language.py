"""The language an account reads the room in: ``accounts.lang`` (``de``, ``sv``; none: the browser's), set in
the Settings panel while logged in, so that the account's pages are worded alike in any browser.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as t:
        t.add_column(sa.Column("lang", sa.Text))


def downgrade() -> None:
    with op.batch_alter_table("accounts") as t:
        t.drop_column("lang")
