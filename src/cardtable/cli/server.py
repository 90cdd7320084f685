"""The room's commands: ``serve`` (the web app), ``bots`` (bot workers anywhere), ``db`` (upgrade, check, copy).

Registered on the main ``cardtable`` command by :func:`register`; the web extra is imported only when one of
them runs.
"""

from __future__ import annotations

import asyncio
import errno
import importlib
import os
import signal
import socket
from collections.abc import Callable
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


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, or exit with one clear line saying why the port cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        sock = socket.create_server((host, port), family=family, backlog=2048)
    except PermissionError:
        fail(f"port {port} needs special permission on this machine; choose a port from 1024 up with --port")
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            fail(f"port {port} on {host} is already in use by another program: stop it, or choose another port "
                 "with --port")
        if e.errno == errno.EADDRNOTAVAIL or isinstance(e, socket.gaierror):
            fail(f"cannot listen on {host}: it is not an address of this machine (127.0.0.1 is this machine "
                 "alone; 0.0.0.0 every interface)")
        fail(f"cannot listen on {host} port {port}: {e.strerror or e}")
    sock.set_inheritable(True)  # the worker processes of --workers share it
    return sock


HostOption = Annotated[str, typer.Option(help="address to listen on (0.0.0.0 for every interface)")]
PortOption = Annotated[int, typer.Option(help="port (1 to 65535)")]
WorkersOption = Annotated[int, typer.Option(
    help="web processes sharing the port (PostgreSQL only: with SQLite one process serves every table)")]
BotJobsOption = Annotated[int, typer.Option(
    help="bot worker processes run by each web process (0: none; run `cardtable bots` elsewhere)")]
BotSecondsOption = Annotated[float, typer.Option(help="the most an IS-MCTS bot may think per move")]
BotTablesOption = Annotated[int, typer.Option(
    help="unfinished tables of bots only one creator may have at once (0: no limit)")]
DurabilityOption = Annotated[str, typer.Option(
    help="normal: nothing acknowledged is lost if the process is killed; full: nor in a power cut "
         "(SQLite synchronous=FULL)")]
LeaseOption = Annotated[float | None, typer.Option(
    help="seconds a claimed bot job is held before another worker may take it")]
MaxConnectionsOption = Annotated[int, typer.Option(
    help="connections open at once in all, per web process (0: as many as the open-files limit "
                "allows)")]
MaxPerAddressOption = Annotated[int, typer.Option(
    help="connections one address may hold open at once (0: no cap; a trusted proxy has none)")]
RequestTimeoutOption = Annotated[float, typer.Option(
    help="seconds a request may take to arrive whole (headers and body) before the connection "
                "is closed (0: no limit)")]
KeepAliveOption = Annotated[int, typer.Option(help="seconds an idle connection is kept open after a response")]
ProxyHeadersOption = Annotated[bool, typer.Option(
    "--proxy-headers", help="behind a reverse proxy: take the client's address from X-Forwarded-For "
                            "(and the scheme from X-Forwarded-Proto) sent by a trusted proxy")]
ForwardedAllowOption = Annotated[str | None, typer.Option(
    help="the proxies trusted with --proxy-headers: addresses or networks separated by commas, or * "
         "(default with --proxy-headers: 127.0.0.1,::1; giving it implies --proxy-headers)")]


def serve(host: HostOption = "127.0.0.1", port: PortOption = 8000, db: DbOption = None, workers: WorkersOption = 1,
          bot_jobs: BotJobsOption = 2, bot_seconds: BotSecondsOption = 1.0, bot_tables: BotTablesOption = 2,
          durability: DurabilityOption = "normal", lease: LeaseOption = None,
          max_connections: MaxConnectionsOption = 4096, max_per_address: MaxPerAddressOption = 128,
          request_timeout: RequestTimeoutOption = 10.0, keep_alive: KeepAliveOption = 5,
          proxy_headers: ProxyHeadersOption = False, forwarded_allow_ips: ForwardedAllowOption = None) -> None:
    """Serve the web app: tables for people and bots, saved in SQLite or PostgreSQL."""
    try:
        import uvicorn  # noqa: F401  (checked here, used by _run_uvicorn)
        from uvicorn.supervisors import Multiprocess  # noqa: F401
    except ImportError as e:
        fail(f"the web app needs the 'web' extra: pip install 'cardtable[web]' ({e})")
    web, gate = _web("app"), _web("gate")
    _check_serve_flags(port, durability, max_connections, max_per_address, request_timeout, keep_alive, workers)
    trusting = proxy_headers or forwarded_allow_ips is not None
    allowed = (forwarded_allow_ips if forwarded_allow_ips is not None else "127.0.0.1,::1") if trusting else ""
    max_connections = _connection_room(gate, max_connections)
    store = open_store(db, durability)
    if workers > 1 and store.backend != "postgresql":
        fail(f"--workers {workers} needs a PostgreSQL database (--db postgresql://...): with SQLite one process "
             "serves every table, since no other process could learn of its moves")
    env = {"CARDTABLE_DB": db or default_db(), "CARDTABLE_BOT_JOBS": str(bot_jobs),
           "CARDTABLE_BOT_SECONDS": str(bot_seconds), "CARDTABLE_BOT_TABLES": str(bot_tables),
           "CARDTABLE_DURABILITY": durability, **({"CARDTABLE_LEASE": str(lease)} if lease is not None else {}),
           "CARDTABLE_MAX_CONNECTIONS": str(max_connections), "CARDTABLE_MAX_PER_ADDRESS": str(max_per_address),
           "CARDTABLE_REQUEST_TIMEOUT": str(request_timeout), "CARDTABLE_TRUSTED_PROXIES": allowed}
    os.environ.update(env)
    sock = _listen(host, port)
    ready = _ready_line(store, host, port, workers)
    settings: dict[str, Any] = dict(
        host=host, port=port, log_level="warning", ws_max_size=WS_MAX_SIZE, timeout_graceful_shutdown=5,
        http="cardtable.web.gate:GuardedHttp", ws="cardtable.web.gate:GuardedWebSockets",
        timeout_keep_alive=keep_alive, limit_concurrency=max_connections + 1, backlog=2048,
        h11_max_incomplete_event_size=gate.MAX_HEADERS, proxy_headers=trusting, forwarded_allow_ips=allowed)
    _run_uvicorn(web, store, sock, settings, workers, ready)
    say("cardtable stopped")


def _check_serve_flags(port: int, durability: str, max_connections: int, max_per_address: int,
                       request_timeout: float, keep_alive: int, workers: int) -> None:
    """Exit with one clear line if a flag of ``serve`` is out of its range."""
    if not 1 <= port <= 65535:
        fail(f"--port is a port number from 1 to 65535, not {port}")
    if durability not in ("normal", "full"):
        fail(f"--durability is normal or full, not {durability!r}")
    for flag, value in (("--max-connections", max_connections), ("--max-per-address", max_per_address),
                        ("--request-timeout", request_timeout)):
        if value < 0:
            fail(f"{flag} is a number from 0 (no limit), not {value:g}")
    if keep_alive < 1:
        fail(f"--keep-alive is a number of seconds from 1, not {keep_alive}")
    if workers < 1:
        fail(f"--workers is a number of processes from 1, not {workers}")


def _connection_room(gate: Any, max_connections: int) -> int:
    """The connections this process may hold at once: ``max_connections``, lowered (with a warning) to what the
    open-files limit leaves, or all of that for 0."""
    files = gate.raise_file_limit()
    room = max(16, files - gate.FILES_KEPT)
    if max_connections == 0 or max_connections > room:
        if max_connections > room:
            say(f"[yellow]warning:[/] --max-connections {max_connections} lowered to {room}: this process may open "
                f"{files} files (the system's limit) and keeps {gate.FILES_KEPT} for itself")
        max_connections = room
    return max_connections


def _ready_line(store: Any, host: str, port: int, workers: int) -> Callable[[], None]:
    """What says the server is ready: its address and database, and any damage found in the database now."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    procs = f", {workers} processes" if workers > 1 else ""

    def ready() -> None:
        console.print(f"cardtable serving on [bold]http://{shown}:{port}/[/] (tables saved in {store.shown}{procs}); "
                      "Ctrl-C stops", highlight=False, soft_wrap=True)
        for problem in problems:
            say(f"[yellow]warning:[/] the database is damaged: {problem}. Tables it touches answer 409 with the "
                "reason; the others keep working.")

    problems = store.check()
    return ready


def _run_uvicorn(web: Any, store: Any, sock: socket.socket, settings: dict[str, Any], workers: int,
                 ready: Callable[[], None]) -> None:
    """Serve on ``sock`` until stopped: the app in this process, or ``workers`` processes of it."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    class ReadyServer(uvicorn.Server):
        """uvicorn's server, saying it is ready only once it is (the app started, the socket served)."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if not self.should_exit:
                ready()

    # uvicorn stops on SIGINT or SIGTERM, then raises the signal again: these quiet handlers take it then, so
    # the process ends as a program does (its pools and semaphores released), with one line.
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: None)
    try:
        if workers == 1:
            application = web.create_app(store=store)  # settings from the environment set above
            server = ReadyServer(uvicorn.Config(application, **settings))
            server.run(sockets=[sock])
            if not server.started:
                raise typer.Exit(1)
        else:
            store.close()
            config = uvicorn.Config("cardtable.web.app:create_app", factory=True, workers=workers, **settings)
            ready()
            Multiprocess(config, sockets=[sock]).run()
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()


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
