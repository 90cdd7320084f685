"""The address a table was created from: ``tables.creator_address`` (``addr:<ip>``), beside ``creator`` (the
browser's cookie or the account). The limit of unfinished tables of bots only counts per address as well, so
a client sending no cookie, or a new one each time, cannot get round it. Tables made before have none.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.add_column(sa.Column("creator_address", sa.Text))
    op.create_index("tables_creator_address", "tables", ["creator_address", "finished"])


def downgrade() -> None:
    op.drop_index("tables_creator_address", "tables")
    with op.batch_alter_table("tables") as t:
        t.drop_column("creator_address")
