"""Alembic's environment for the card room: run on the connection the store hands over (see Store.upgrade)."""

from __future__ import annotations

from alembic import context


def run() -> None:
    context.configure(connection=context.config.attributes["connection"], target_metadata=None,
                      render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # run by Alembic (not when merely imported, e.g. by doctest collection)
    run()
