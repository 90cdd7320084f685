"""The pack a table's cards are drawn in: ``tables.pack`` (``auto``, ``french``, ``four-colour`` or ``german``),
chosen when the table is made; each browser may draw the cards in its own pack instead. Tables made before are
``auto`` (German cards for the Schafkopf family when the page is in German, French ones otherwise).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.add_column(sa.Column("pack", sa.Text, nullable=False, server_default="auto"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.drop_column("pack")
