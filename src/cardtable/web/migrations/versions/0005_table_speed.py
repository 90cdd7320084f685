"""The bots' speed at a table: ``tables.speed`` (``slow``, ``normal``, ``fast`` or ``instant``), chosen when the
table is made and changed by its creator; every seat's page and the server's pacing of the bots follow it.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.add_column(sa.Column("speed", sa.Text, nullable=False, server_default="normal"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.drop_column("speed")
