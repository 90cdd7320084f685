"""The web app: tables for people and bots, played over WebSockets, saved in SQLite or PostgreSQL.

Modules: :mod:`.store` (the database: one interface, SQLite or PostgreSQL, Alembic revisions),
:mod:`.room` (tables rebuilt from the log, checked appends), :mod:`.hub` (connections and the protocol),
:mod:`.botwork` (bot moves as jobs, chosen in worker processes), :mod:`.notify` (PostgreSQL LISTEN/NOTIFY),
:mod:`.pages` (HTTP and WebSocket handlers), :mod:`.protocol` (what a client may send).

Run it with ``cardtable serve``, or ``uvicorn --factory cardtable.web.app:create_app`` (configured by the
``CARDTABLE_*`` environment variables below; give uvicorn ``--no-proxy-headers`` unless a proxy of yours is in
front, or it believes ``X-Forwarded-For`` from 127.0.0.1 and rate limits count the address a client names).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from .accounts import (
    api_join,
    api_leaderboard,
    api_listing,
    api_lobby,
    api_login,
    api_logout,
    api_me,
    api_register,
    api_set_lang,
    api_user,
)
from .botwork import BotWorkers
from .guard import MAX_BODY, BodyLimit, RateLimits, SameOrigin, SecurityHeaders
from .hub import Server
from .pages import (
    RULES_MD,
    STATIC,
    api_create,
    api_games,
    api_health,
    api_record,
    api_table,
    api_words,
    home,
    room_page,
    rules_html,
    rules_page,
    store_trouble,
    table_page,
    ws_table,
)
from .room import MAX_TABLES, Table, TableBroken
from .store import Store, StoreError

__all__ = ["RULES_MD", "STATIC", "Server", "Table", "TableBroken", "create_app", "rules_html", "settings_from_env"]

log = logging.getLogger("cardtable.web")
GC_THRESHOLDS = (50_000, 20, 100)
"""The server's garbage-collector thresholds. Every move builds frames, views and copies of deals — many
short-lived objects — beside the long-lived tables in memory; at CPython's default (700, 10, 10) a young
collection ran every few frames and the collector took about a third of the process's CPU under load
(measured with benchmarks/load_web.py: 1.9–2.2 ms of CPU per client action, 1.3 ms with these)."""


def _env(name: str, default: str) -> str:
    return os.environ.get(name, default)


def settings_from_env() -> dict[str, str]:
    """The ``CARDTABLE_*`` settings in force (what ``cardtable serve`` passes to its worker processes)."""
    return {k: v for k, v in os.environ.items() if k.startswith("CARDTABLE_")}


async def _store_failed(request: Request, e: Exception) -> JSONResponse:
    """A database error no handler expected (a damaged page, say): 503 with the reason, never a 500; the
    process goes on serving."""
    log.error("%s %s: the database failed: %s", request.method, request.url.path, e)
    why = store_trouble(e, "this was not done") if isinstance(e, StoreError) else "this was not done"
    return JSONResponse({"error": why}, status_code=503, headers={"Retry-After": "30"})


class App(Starlette):
    """Starlette with the security headers outermost, so that every response has them (errors too)."""

    def build_middleware_stack(self) -> Any:
        return SecurityHeaders(super().build_middleware_stack())


def create_app(db: str | Path | None = None, bot_delay: float | None = None, ismcts_seconds: float | None = None,
               bot_jobs: int | None = None, durability: str | None = None, max_bot_tables: int | None = None,
               lease: float | None = None, store: Store | None = None, limits: dict[str, str] | None = None,
               max_body: int | None = None, allowed_origins: Sequence[str] | None = None,
               max_tables: int | None = None) -> Starlette:
    """The ASGI app. Each setting defaults to its environment variable, then to the value shown:

    ``db`` ``$CARDTABLE_DB`` (``cardtable.db``; a file for SQLite or a ``postgresql://`` URL);
    ``bot_delay`` ``$CARDTABLE_BOT_DELAY`` (0.6: seconds a bot's move waits at a table of normal speed, so people
    can follow; a table's speed scales it, from slow to instant);
    ``ismcts_seconds`` ``$CARDTABLE_BOT_SECONDS`` (1.0: the most an IS-MCTS move may think);
    ``bot_jobs`` ``$CARDTABLE_BOT_JOBS`` (2: bot worker processes run by this process; 0: none here);
    ``durability`` ``$CARDTABLE_DURABILITY`` (``normal`` or ``full``);
    ``max_bot_tables`` ``$CARDTABLE_BOT_TABLES`` (2: unfinished tables of bots only per creator; 0: no limit);
    ``lease`` ``$CARDTABLE_LEASE`` (seconds a claimed bot job is held; default from the search time);
    ``limits`` ``$CARDTABLE_LIMITS`` (a JSON object: rate limits per client replacing those of
    :data:`~cardtable.web.guard.DEFAULT_LIMITS`, e.g. ``{"chat": "5/10 seconds"}``; ``""`` lifts one);
    ``max_body`` ``$CARDTABLE_MAX_BODY`` (16384: the largest request body in bytes, refused before it is read);
    ``allowed_origins`` ``$CARDTABLE_ORIGINS`` (origins separated by commas or spaces, such as
    ``https://cards.example``: the public address of a proxy in front, from whose pages writes and WebSockets are
    taken besides the server's own; by default none).
    ``max_tables`` ``$CARDTABLE_MAX_TABLES`` (2000: the most tables held in memory; idle ones beyond it, and
    finished ones nobody watches for a minute, are let go and rebuilt from the log when next wanted).
    ``$CARDTABLE_HINT_SECONDS`` (1.0 at most) and ``$CARDTABLE_REVIEW_SECONDS`` (0.3): the IS-MCTS search time of
    a hint, and of each decision in the review of a deal.

    Opening the store upgrades its schema and checks it for damage (found damage is logged and reported at
    ``/api/health``; the tables it touches answer 409). Raises ``StoreError`` (e.g. ``NotADatabase``).
    """
    db = db if db is not None else _env("CARDTABLE_DB", "cardtable.db")
    delay = bot_delay if bot_delay is not None else float(_env("CARDTABLE_BOT_DELAY", "0.6"))
    seconds = ismcts_seconds if ismcts_seconds is not None else float(_env("CARDTABLE_BOT_SECONDS", "1.0"))
    jobs = bot_jobs if bot_jobs is not None else int(_env("CARDTABLE_BOT_JOBS", "2"))
    durability = durability or _env("CARDTABLE_DURABILITY", "normal")
    limit = max_bot_tables if max_bot_tables is not None else int(_env("CARDTABLE_BOT_TABLES", "2"))
    lease_s = lease if lease is not None else (float(os.environ["CARDTABLE_LEASE"]) if "CARDTABLE_LEASE" in os.environ
                                               else None)
    if store is None:  # a store handed in was opened and checked by the caller
        store = Store(db, durability=durability)
        for problem in store.check():
            log.error("database %s: %s", store.shown, problem)
    rates = limits if limits is not None else json.loads(_env("CARDTABLE_LIMITS", "{}"))
    body_limit = max_body if max_body is not None else int(_env("CARDTABLE_MAX_BODY", str(MAX_BODY)))
    origins = (list(allowed_origins) if allowed_origins is not None
               else _env("CARDTABLE_ORIGINS", "").replace(",", " ").split())
    server = _server(store, delay, limit, max_tables, rates, seconds, jobs, lease_s)
    app = App(routes=_routes(), middleware=[Middleware(BodyLimit, limit=body_limit),
                                            Middleware(SameOrigin, allowed=origins)],
              exception_handlers={StoreError: _store_failed}, lifespan=_lifespan(server, store))
    app.state.server = server
    app.state.allowed_origins = tuple(origins)
    return app


def _server(store: Store, delay: float, limit: int, max_tables: int | None, rates: dict[str, str], seconds: float,
            jobs: int, lease_s: float | None) -> Server:
    """The room serving ``store``, with its limits, its search times and its bot workers (none if ``jobs`` is 0)."""
    server = Server(store, bot_delay=delay, max_bot_tables=limit)
    server.max_tables = max_tables if max_tables is not None else int(_env("CARDTABLE_MAX_TABLES", str(MAX_TABLES)))
    server.limits = RateLimits(rates)
    server.assist_seconds = float(_env("CARDTABLE_HINT_SECONDS", str(min(seconds, 1.0))))
    server.review_seconds = float(_env("CARDTABLE_REVIEW_SECONDS", str(min(seconds, 0.3))))
    if jobs > 0:
        server.workers = BotWorkers(server, jobs, seconds=seconds, lease=lease_s)
    return server


def _lifespan(server: Server, store: Store) -> Any:
    """The app's lifespan: the listener (PostgreSQL), the bot workers and the room's own tasks run while it serves,
    then are stopped and the room and store closed."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        gc.freeze()  # what was loaded at start (modules, games) lives as long as the process: never scanned again
        gc.set_threshold(*GC_THRESHOLDS)
        tasks: list[asyncio.Task[None]] = []
        if store.backend == "postgresql":
            from .notify import Listener

            listener = Listener(store.url, on_table=server.notice, on_job=server.jobs_queued,
                                on_up=server.database_up, on_down=server.database_down, on_room=server.room_notice)
            tasks.append(asyncio.get_running_loop().create_task(listener.run()))
        if server.workers is not None:
            server.workers.start_pool()
            tasks.append(asyncio.get_running_loop().create_task(server.workers.run()))
        tasks.append(asyncio.get_running_loop().create_task(server.heartbeat()))
        tasks.append(asyncio.get_running_loop().create_task(server.rate_pending()))
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            if server.workers is not None:
                await server.workers.close()
            server.close()
            store.close()

    return lifespan


def _routes() -> list[BaseRoute]:
    """The app's pages, API and WebSocket."""
    return [
        Route("/", home),
        Route("/t/{tid}", table_page),
        Route("/rules/{game}", rules_page),
        Route("/api/games", api_games),
        Route("/api/words/{lang}", api_words),
        Route("/api/health", api_health),
        Route("/api/tables", api_create, methods=["POST"]),
        Route("/api/tables/{tid}", api_table),
        Route("/api/tables/{tid}/record", api_record),
        Route("/api/tables/{tid}/join", api_join, methods=["POST"]),
        Route("/api/tables/{tid}/public", api_listing, methods=["POST"]),
        Route("/api/lobby", api_lobby),
        Route("/api/register", api_register, methods=["POST"]),
        Route("/api/login", api_login, methods=["POST"]),
        Route("/api/logout", api_logout, methods=["POST"]),
        Route("/api/me", api_me),
        Route("/api/me/lang", api_set_lang, methods=["POST"]),
        Route("/api/users/{name}", api_user),
        Route("/api/leaderboard/{game}", api_leaderboard),
        Route("/account", room_page),
        Route("/u/{name}", room_page),
        Route("/leaderboard", room_page),
        WebSocketRoute("/ws/{tid}", ws_table),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
