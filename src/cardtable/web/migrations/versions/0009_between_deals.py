"""How a table goes on to the next deal: ``tables.between``, ``ready`` (when every person at the table has said
ready; bots always are) or ``countdown`` (after a countdown shown to all, or sooner once everyone is ready). Set by
the table's creator; tables made before go on when everyone is ready.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.add_column(sa.Column("between", sa.Text, nullable=False, server_default="ready"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.drop_column("between")
