"""The room's commands: ``serve`` (the web app), ``bots`` (bot workers anywhere), ``db`` (upgrade, check, copy).

Registered on the main ``cardtable`` command by :func:`register`; the web extra is imported only when one of
them runs.
"""

from __future__ import annotations

import asyncio
import importlib
import os
import signal
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

__all__ = ["WS_MAX_SIZE", "register"]

WS_MAX_SIZE = 1 << 20
"""The transport's frame limit (1 MiB): frames over the protocol's own limit but under this get an error
frame and the connection carries on; a larger one is closed by uvicorn (code 1009) as a flood."""

console = Console()
err = Console(stderr=True)

DbOption = Annotated[str | None, typer.Option(
    "--db", help="the tables' database: a SQLite file (default: cardtable.db in the user data directory) or a "
                 "PostgreSQL URL, postgresql://user:password@host/dbname")]


def say(text: str) -> None:
    """One line on standard error, never wrapped (so a script or a test can read it whole)."""
    err.print(text, highlight=False, soft_wrap=True)


def fail(text: str) -> NoReturn:
    """Stop with ``error: text`` on one line and exit status 2."""
    say(f"[red]error:[/] {escape(text)}")
    raise typer.Exit(2)


def _web(module: str) -> Any:
    try:
        return importlib.import_module(f"cardtable.web.{module}")
    except ImportError as e:
        fail(f"the web app needs the 'web' extra: pip install 'cardtable[web]' ({e})")


def default_db() -> str:
    import platformdirs

    return os.path.join(platformdirs.user_data_dir("cardtable"), "cardtable.db")


def open_store(db: str | None, durability: str = "normal", upgrade: bool = True) -> Any:
    """The store, or exit with one clear line saying why it cannot be opened."""
    store_mod = _web("store")
    try:
        return store_mod.Store(db or default_db(), durability=durability, upgrade=upgrade)
    except (store_mod.StoreError, ValueError) as e:
        fail(str(e))


def serve(host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0 for every interface)")] = "127.0.0.1",
          port: Annotated[int, typer.Option(help="port")] = 8000,
          db: DbOption = None,
          workers: Annotated[int, typer.Option(
              help="web processes sharing the port (PostgreSQL only: with SQLite one process serves every table)")]
          = 1,
          bot_jobs: Annotated[int, typer.Option(
              help="bot worker processes run by each web process (0: none; run `cardtable bots` elsewhere)")] = 2,
          bot_seconds: Annotated[float, typer.Option(help="the most an IS-MCTS bot may think per move")] = 1.0,
          bot_tables: Annotated[int, typer.Option(
              help="unfinished tables of bots only one creator may have at once (0: no limit)")] = 2,
          durability: Annotated[str, typer.Option(
              help="normal: nothing acknowledged is lost if the process is killed; full: nor in a power cut "
                   "(SQLite synchronous=FULL)")] = "normal",
          lease: Annotated[float | None, typer.Option(
              help="seconds a claimed bot job is held before another worker may take it")] = None) -> None:
    """Serve the web app: tables for people and bots, saved in SQLite or PostgreSQL."""
    try:
        import uvicorn
    except ImportError as e:
        fail(f"the web app needs the 'web' extra: pip install 'cardtable[web]' ({e})")
    web = _web("app")
    if durability not in ("normal", "full"):
        fail(f"--durability is normal or full, not {durability!r}")
    store = open_store(db, durability)
    if workers < 1:
        fail(f"--workers is a number of processes from 1, not {workers}")
    if workers > 1 and store.backend != "postgresql":
        fail(f"--workers {workers} needs a PostgreSQL database (--db postgresql://...): with SQLite one process "
             "serves every table, since no other process could learn of its moves")
    env = {"CARDTABLE_DB": db or default_db(), "CARDTABLE_BOT_JOBS": str(bot_jobs),
           "CARDTABLE_BOT_SECONDS": str(bot_seconds), "CARDTABLE_BOT_TABLES": str(bot_tables),
           "CARDTABLE_DURABILITY": durability, **({"CARDTABLE_LEASE": str(lease)} if lease is not None else {})}
    os.environ.update(env)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    procs = f", {workers} processes" if workers > 1 else ""
    console.print(f"cardtable serving on [bold]http://{shown}:{port}/[/] (tables saved in {store.shown}{procs}); "
                  "Ctrl-C stops", highlight=False, soft_wrap=True)
    for problem in store.check():
        say(f"[yellow]warning:[/] the database is damaged: {problem}. Tables it touches answer 409 with the "
            "reason; the others keep working.")
    if workers == 1:
        application = web.create_app(store=store)  # settings from the environment set above
        uvicorn.run(application, host=host, port=port, log_level="warning", ws_max_size=WS_MAX_SIZE,
                    timeout_graceful_shutdown=5, proxy_headers=False)  # X-Forwarded-For believed from no one
    else:
        store.close()
        uvicorn.run("cardtable.web.app:create_app", factory=True, workers=workers, host=host, port=port,
                    log_level="warning", ws_max_size=WS_MAX_SIZE, timeout_graceful_shutdown=5, proxy_headers=False)


def bots(db: DbOption = None,
         jobs: Annotated[int, typer.Option(help="bot worker processes")] = 2,
         bot_seconds: Annotated[float, typer.Option(help="the most an IS-MCTS bot may think per move")] = 1.0,
         lease: Annotated[float | None, typer.Option(
             help="seconds a claimed job is held before another worker may take it")] = None) -> None:
    """Run bot workers on a room's PostgreSQL database (any machine; as many as you like)."""
    store = open_store(db)
    if store.backend != "postgresql":
        fail("bot workers outside `cardtable serve` need a PostgreSQL database (--db postgresql://...); with "
             "SQLite, `serve` runs the bots itself (--bot-jobs)")
    if jobs < 1:
        fail(f"--jobs is a number of processes from 1, not {jobs}")
    room_mod, work_mod, notify_mod = _web("room"), _web("botwork"), _web("notify")
    delay = float(os.environ.get("CARDTABLE_BOT_DELAY", "0.6"))

    async def main() -> None:
        room = room_mod.Room(store, bot_delay=delay)
        workers = work_mod.BotWorkers(room, jobs, seconds=bot_seconds, lease=lease)
        room.workers = workers

        def up() -> None:
            store.reset()  # the connections from before an outage are dead
            workers.wake()

        listener = notify_mod.Listener(store.url, on_table=room.notice, on_job=workers.wake, on_up=up,
                                       on_down=lambda why: None)
        workers.start_pool()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        tasks = [loop.create_task(listener.run()), loop.create_task(workers.run())]
        console.print(f"cardtable bot workers: {jobs} processes on {store.shown} (worker {workers.name}); "
                      "Ctrl-C stops", highlight=False, soft_wrap=True)
        await stop.wait()
        for t in tasks:
            t.cancel()
        await workers.close()
        room.close()
        store.close()

    asyncio.run(main())


db_app = typer.Typer(help="The room's database: upgrade its schema, check it, copy it to PostgreSQL.",
                     no_args_is_help=True)


@db_app.command("upgrade")
def db_upgrade(db: DbOption = None) -> None:
    """Bring the database's schema to this version of cardtable (nothing is lost; safe to repeat)."""
    store = open_store(db, upgrade=False)
    before, after = store.upgrade()
    store.close()
    if before == after:
        console.print(f"{store.shown}: already at schema revision {after}", highlight=False)
    else:
        console.print(f"{store.shown}: upgraded from schema revision {before or '(empty)'} to {after}",
                      highlight=False)


@db_app.command("check")
def db_check(db: DbOption = None) -> None:
    """Look for damage (SQLite's quick_check; on PostgreSQL, the schema and the log's consistency)."""
    store = open_store(db, upgrade=False)
    problems = store.check()
    store.close()
    if not problems:
        console.print(f"{store.shown}: no damage found", highlight=False)
        return
    for p in problems:
        say(f"[red]damaged:[/] {p}")
    raise typer.Exit(1)


@db_app.command("copy")
def db_copy(source: Annotated[str, typer.Option("--from", help="the room to copy: a SQLite file (or any URL)")],
            target: Annotated[str, typer.Option("--to", help="an empty database: postgresql://user:pw@host/name")]
            ) -> None:
    """Copy a room (every table, seat, deal and logged action) into an empty database, e.g. SQLite to PostgreSQL.

    The source is first upgraded to the current schema; the copy is one transaction, checked row for row."""
    src = open_store(source)
    dst = open_store(target)
    store_mod = _web("store")
    try:
        copied = src.copy_to(dst)
    except store_mod.StoreError as e:
        fail(str(e))
    if dst.counts() != src.counts():
        say(f"[red]error:[/] the copy in {dst.shown} does not match {src.shown}: {dst.counts()} rows, "
            f"expected {src.counts()}")
        raise typer.Exit(1)
    console.print(f"copied {src.shown} to {dst.shown}: " + ", ".join(f"{n} {name}" for name, n in copied.items()),
                  highlight=False, soft_wrap=True)
    src.close()
    dst.close()


def register(app: typer.Typer) -> None:
    """Add ``serve``, ``bots`` and ``db`` to the ``cardtable`` command."""
    app.command("serve")(serve)
    app.command("bots")(bots)
    app.add_typer(db_app, name="db")
