"""A room people can meet in: friends, invitations by name, the creator's seat links kept for their account,
quick-play tables that fill with bots after a countdown, and a turn clock.

- ``friends``: one row per (account, friend) an account added by name (one way: adding someone tells them
  nothing, and only the account that added them sees the row);
- ``invitations``: an account's invitation of a friend to a free seat of a table it sits at (pending, accepted,
  declined or gone);
- ``seat_links``: the links of the seats a logged-in creator made for other people, kept for the creator's
  account until each is opened (then the link is the invitee's, and the copy is deleted);
- ``accounts.seen``: when the account last had a page of the room open (who of one's friends is online);
- ``tables.clock``: seconds a person has for a move at a public table before the stand-in bot plays it;
- ``tables.fill_at``: a quick-play table's moment when bots take the seats still empty.

On PostgreSQL a seat's kind changing (a bot taking an empty seat) and a table's clock or fill time changing
notify every process, as the other settings do.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

PG_UP = [
    "DROP TRIGGER IF EXISTS seats_notify ON seats",
    "CREATE TRIGGER seats_notify AFTER UPDATE OF name, token_hash, account_id, kind ON seats "
    "FOR EACH ROW EXECUTE FUNCTION cardtable_notify_room()",
    "DROP TRIGGER IF EXISTS tables_notify ON tables",
    "CREATE TRIGGER tables_notify AFTER UPDATE OF muted, public, takeover, clock, fill_at ON tables "
    "FOR EACH ROW EXECUTE FUNCTION cardtable_notify_room_t()",
]
PG_DOWN = [
    "DROP TRIGGER IF EXISTS seats_notify ON seats",
    "CREATE TRIGGER seats_notify AFTER UPDATE OF name, token_hash, account_id ON seats "
    "FOR EACH ROW EXECUTE FUNCTION cardtable_notify_room()",
    "DROP TRIGGER IF EXISTS tables_notify ON tables",
    "CREATE TRIGGER tables_notify AFTER UPDATE OF muted, public, takeover ON tables "
    "FOR EACH ROW EXECUTE FUNCTION cardtable_notify_room_t()",
]


def upgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.add_column(sa.Column("clock", sa.Float))
        t.add_column(sa.Column("fill_at", sa.Float))
    op.create_index("tables_fill_at", "tables", ["fill_at"])
    with op.batch_alter_table("accounts") as t:
        t.add_column(sa.Column("seen", sa.Float))
    op.create_table(
        "friends",
        sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("friend_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("account_id", "friend_id"),
    )
    op.create_table(
        "invitations",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("table_id", sa.Text, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("from_account", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("to_account", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.Text, nullable=False, server_default="pending"),
    )
    op.create_index("invitations_to", "invitations", ["to_account", "status"])
    op.create_index("invitations_from", "invitations", ["from_account", "status"])
    op.create_table(
        "seat_links",
        sa.Column("table_id", sa.Text, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("token", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    op.create_index("seat_links_account", "seat_links", ["account_id"])
    if op.get_bind().dialect.name == "postgresql":
        for sql in PG_UP:
            op.execute(sql)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for sql in PG_DOWN:
            op.execute(sql)
    op.drop_index("seat_links_account", "seat_links")
    op.drop_table("seat_links")
    op.drop_index("invitations_from", "invitations")
    op.drop_index("invitations_to", "invitations")
    op.drop_table("invitations")
    op.drop_table("friends")
    with op.batch_alter_table("accounts") as t:
        t.drop_column("seen")
    op.drop_index("tables_fill_at", "tables")
    with op.batch_alter_table("tables") as t:
        t.drop_column("fill_at")
        t.drop_column("clock")
