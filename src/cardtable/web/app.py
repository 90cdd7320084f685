"""The web app: tables for people and bots, played over WebSockets, saved in SQLite.

Everything sent to a seat is built from ``deal.view(seat)`` (spectators: ``public_view()``); the
server alone decides legality through ``why_not``/``act``. Each acknowledged action is committed to
the append-only log before it is broadcast; a table is rebuilt after a restart by replaying its log
(:func:`cardtable.replay` on each recorded pack). Bots choose in a thread pool, on a clone of the
deal, so a slow search never blocks the event loop or other tables.

Run it with ``cardtable serve``, or ``uvicorn --factory cardtable.web.app:create_app``.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hmac
import html
import json
import logging
import os
import re
import secrets
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import cardtable as ct

from .protocol import Message, ProtocolError, error_frame, parse_message, plain
from .store import SeatRow, Store, hash_token, new_token

__all__ = ["Server", "Table", "TableBroken", "create_app"]

log = logging.getLogger("cardtable.web")
STATIC = Path(__file__).parent / "static"
HUMAN = "human"
MAX_NAME = 24
MAX_BODY = 16_384
SEND_QUEUE = 256
TABLE_ID = re.compile(r"[0-9a-f]{12}")
BODY_KEYS = ("game", "players", "options", "seats", "deals")


def bot_kinds() -> list[str]:
    """The bot kinds a seat may be given."""
    return list(ct.bots.KINDS)


class TableBroken(ValueError):
    """A saved table whose log the engine no longer accepts (the text says which table and why)."""


@dataclass(eq=False)
class Conn:
    """One WebSocket: its seat (``None`` for a spectator) and a queue drained by one writer task."""

    ws: WebSocket
    seat: int | None
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)

    def send(self, frame: dict[str, Any] | str) -> None:
        if self.queue.qsize() >= SEND_QUEUE:  # a client that stopped reading is dropped
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(frame if isinstance(frame, str) else json.dumps(frame))


@dataclass(eq=False)
class Table:
    """A table in memory: the match, the current (or last finished) deal, the seats and the connections."""

    id: str
    game: ct.Game
    match: ct.Match
    deal: ct.Deal
    deal_no: int
    seats: list[SeatRow]
    bots: dict[int, Any]
    sheet: list[dict[str, Any]]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    thinking: int | None = None
    task: asyncio.Task[None] | None = None

    @property
    def match_over(self) -> bool:
        return self.deal.over and self.match.over

    def human_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == HUMAN]

    def meta(self) -> dict[str, Any]:
        """What everyone may know of the table (no tokens)."""
        online = {c.seat for c in self.conns if c.seat is not None}
        info = self.game.info
        return {"id": self.id, "game": info.id, "name": info.name, "family": info.family,
                "players": self.game.players, "unit": self.game.unit, "options": self.game.options.as_dict(),
                "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "online": s.seat in online}
                          for s in self.seats]}

    def frame(self, seat: int | None) -> dict[str, Any]:
        """The ``state`` frame for ``seat``: the table, the match and ``deal.view(seat)``."""
        view = self.deal.view(seat) if seat is not None else self.deal.public_view()
        return {"type": "state", "table": self.meta(), "you": seat, "deal": self.deal_no,
                "rev": len(self.deal.history), "view": view, "thinking": self.thinking,
                "match": {"deals_done": len(self.match.results), "max_deals": self.match.max_deals,
                          "target": self.game.target, "totals": plain(self.match.totals),
                          "over": self.match_over}}


class Server:
    """All tables of one database, loaded on first use, and the bots' thread pool."""

    def __init__(self, db: str | Path, bot_delay: float = 0.6, ismcts_seconds: float = 1.0,
                 bot_threads: int = 4) -> None:
        self.store = Store(db)
        self.bot_delay = bot_delay
        self.ismcts_seconds = ismcts_seconds
        self.pool = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="cardtable-bot")
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}

    def close(self) -> None:
        for t in self.tables.values():
            if t.task:
                t.task.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    # ----------------------------------------------------------- tables
    def _bot(self, kind: str, seed: int) -> Any:
        params: dict[str, Any] = {"seed": seed}
        if kind == "ismcts":
            params["seconds"] = self.ismcts_seconds
        return ct.bots.load(kind, **params)

    def create(self, body: Any) -> dict[str, Any]:
        """Create a table from a request body; raises ``ValueError`` naming what was wrong."""
        if not isinstance(body, dict):
            raise ValueError('the body is a JSON object: {"game": "nap", "players": 4, "options": {}, '
                             '"seats": [{"kind": "human"}, {"kind": "heuristic"}, ...]}')
        unknown = sorted(set(body) - set(BODY_KEYS))
        if unknown:
            raise ValueError(f"unknown field {unknown[0]!r} in the table; fields are: {', '.join(BODY_KEYS)}")
        game_id = body.get("game")
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise ValueError(f"options must be an object of name: value, not {options!r}")
        if "players" in options:
            raise ValueError("the number of players is the field 'players', not an option")
        players = body.get("players")
        game = ct.load(game_id, players=players, **options)  # RulesError names the bad part
        seats_in = body.get("seats")
        if seats_in is None:
            seats_in = [{"kind": HUMAN}] + [{"kind": "heuristic"}] * (game.players - 1)
        if not isinstance(seats_in, list) or len(seats_in) != game.players:
            raise ValueError(f"seats must be a list of {game.players} seats, each {{\"kind\": ...}} with kind "
                             f"one of: {', '.join([HUMAN, *bot_kinds()])}")
        deals = body.get("deals")
        if deals is not None and (not isinstance(deals, int) or isinstance(deals, bool) or not 1 <= deals <= 100):
            raise ValueError(f"deals must be a whole number from 1 to 100 (or absent for the game's own end), "
                             f"not {deals!r}")
        if deals is None and game.target is None and type(game).match_over is ct.Game.match_over:
            deals = 2 * game.players  # no end of its own: each player deals twice, as `cardtable play`
        rows: list[tuple[str, str, str | None]] = []
        for i, s in enumerate(seats_in):
            extra = sorted(set(s) - {"kind", "name"}) if isinstance(s, dict) else []
            if extra:
                raise ValueError(f"seat {i}: unknown field {extra[0]!r}; a seat has 'kind' and optionally 'name'")
            kind = s.get("kind") if isinstance(s, dict) else None
            if kind not in (HUMAN, *bot_kinds()):
                raise ValueError(f"seat {i}: kind must be one of {', '.join([HUMAN, *bot_kinds()])}, not {kind!r}")
            name = s.get("name") if isinstance(s, dict) else None
            if name is None or (isinstance(name, str) and not name.strip()):
                name = f"Player {i}" if kind == HUMAN else f"Bot {i}"  # seat numbers as the engine's lines
            if not isinstance(name, str) or len(name) > MAX_NAME or not name.isprintable():
                raise ValueError(f"seat {i}: a name is printable text of at most {MAX_NAME} characters")
            rows.append((kind, name.strip(), new_token() if kind == HUMAN else None))
        seed = secrets.randbelow(2**31)
        tid = self.store.create_table(game.id, game.players, game.options.as_dict(), seed=seed, max_deals=deals,
                                      seats=rows)
        return {"id": tid, "url": f"/t/{tid}", "spectate": f"/t/{tid}",
                "seats": [{"seat": i, "kind": k, "name": n, **({"token": tok, "url": f"/t/{tid}?token={tok}"}
                                                               if tok else {})}
                          for i, (k, n, tok) in enumerate(rows)]}

    async def table(self, tid: str) -> Table | None:
        """The table ``tid``, rebuilt from the database on first use; ``None`` if there is none."""
        if tid in self.tables:
            return self.tables[tid]
        if not TABLE_ID.fullmatch(tid):
            return None
        lock = self._loading.setdefault(tid, asyncio.Lock())
        async with lock:
            if tid not in self.tables:
                try:
                    t = self._load(tid)
                except ValueError as e:  # the engine refuses the logged actions: say so, change nothing
                    log.error("table %s cannot be rebuilt from its log: %s", tid, e)
                    raise TableBroken(f"table {tid} cannot be rebuilt from its saved log ({e}); its log is kept "
                                      "unchanged in the database, but it cannot be played here") from e
                if t is None:
                    return None
                self.tables[tid] = t
                self._kick(t)
        return self.tables[tid]

    def _load(self, tid: str) -> Table | None:
        row = self.store.table(tid)
        if row is None:
            return None
        game = ct.load(row.game, players=row.players, **row.options)
        match = ct.Match(game, seed=row.seed, deals=row.max_deals)
        seats = self.store.seats(tid)
        bots = {s.seat: self._bot(s.kind, row.seed + s.seat) for s in seats if s.kind != HUMAN}
        sheet: list[dict[str, Any]] = []
        deal: ct.Deal | None = None
        deals = self.store.deals(tid)
        for d in deals:
            record = {"game": row.game, "players": row.players, "options": row.options, "deck": d.deck,
                      "dealer": d.dealer, "carry": d.carry,
                      "actions": [[a.seat, a.action] for a in self.store.actions(tid, d.deal_no)]}
            deal = ct.replay(record)
            if deal.over:
                match.record(deal)
                sheet.append(self._sheet_row(d.deal_no, deal, match))
        t = Table(tid, game, match, deal if deal is not None else match.next_deal(), len(deals) or 1, seats, bots,
                  sheet)
        if deal is None:
            self._log_deal_start(t)
        return t

    def _log_deal_start(self, t: Table) -> None:
        rec = t.deal.record()
        self.store.start_deal(t.id, t.deal_no, rec["deck"], rec["dealer"], rec["carry"])

    @staticmethod
    def _sheet_row(deal_no: int, deal: ct.Deal, match: ct.Match) -> dict[str, Any]:
        return {"deal": deal_no, "dealer": deal.dealer, "result": deal.public_view()["result"],
                "totals": plain(match.totals)}

    # ---------------------------------------------------------- actions
    def _commit(self, t: Table, seat: int, action: str) -> bool:
        """Apply a checked action on a copy, log it, then make the copy current (all or nothing)."""
        deal = t.deal.clone()
        deal.act(action, seat=seat)
        s, a = deal.history[-1]
        finished = None
        match = t.match
        if deal.over:
            match = copy.copy(t.match)
            match.totals = list(t.match.totals)
            match.results = list(t.match.results)
            match.record(deal)
            row = self._sheet_row(t.deal_no, deal, match)
            finished = (row, plain(match.totals), match.over)
        self.store.append_action(t.id, t.deal_no, len(deal.history) - 1, s, a,
                                 finished=(finished[0], finished[1], finished[2]) if finished else None)
        t.deal, t.match = deal, match
        if finished:
            t.sheet.append(finished[0])
        return finished is not None

    def _start_next(self, t: Table) -> None:
        match = copy.copy(t.match)
        deal = match.next_deal()
        rec = deal.record()
        self.store.start_deal(t.id, t.deal_no + 1, rec["deck"], rec["dealer"], rec["carry"])
        t.match, t.deal, t.deal_no = match, deal, t.deal_no + 1

    async def act(self, t: Table, conn: Conn, msg: Message) -> None:
        """A seat proposes an action; an error frame says why it is refused (nothing is logged then)."""
        if conn.seat is None:
            conn.send(error_frame("spectators cannot act; open a seat link to play"))
            return
        async with t.lock:
            deal = t.deal
            if msg.rev is not None and msg.rev != len(deal.history):
                conn.send(error_frame(f"your table is out of date (action {msg.rev}, the table is at "
                                      f"{len(deal.history)}); here is the current state", stale=True))
                conn.send(t.frame(conn.seat))
                return
            assert msg.action is not None
            reason = deal.why_not(msg.action, conn.seat)
            if reason is not None:
                conn.send(error_frame(reason, action=msg.action,
                                      legal=deal.legal() if deal.turn == conn.seat else []))
                return
            ended = self._commit(t, conn.seat, msg.action)
        self.broadcast(t)
        if ended:
            self.send_sheet(t)
        self._kick(t)

    async def next_deal(self, t: Table, conn: Conn) -> None:
        if conn.seat is None:
            conn.send(error_frame("spectators cannot deal; open a seat link to play"))
            return
        async with t.lock:
            if not t.deal.over:
                conn.send(error_frame(f"deal {t.deal_no} is still being played; seat {t.deal.turn} is to act"))
                return
            if t.match.over:
                conn.send(error_frame("the match is over; create a new table to play again"))
                return
            self._start_next(t)
        self.broadcast(t)
        self.send_sheet(t)
        self._kick(t)

    async def replay(self, t: Table, conn: Conn, deal_no: int) -> None:
        """A finished deal step by step, each step the view of the asking seat (or the public view)."""
        finished = [r["deal"] for r in t.sheet]
        if deal_no not in finished:
            conn.send(error_frame(f"deal {deal_no} is not a finished deal of this table; finished deals: "
                                  f"{', '.join(map(str, finished)) or 'none yet'}"))
            return
        d = next(r for r in self.store.deals(t.id) if r.deal_no == deal_no)
        acts = self.store.actions(t.id, deal_no)
        seat = conn.seat

        def steps() -> list[dict[str, Any]]:
            deal = t.game.deal(deck=d.deck, dealer=d.dealer, carry=d.carry)
            out = [deal.view(seat) if seat is not None else deal.public_view()]
            for a in acts:
                deal.act(a.action, seat=a.seat)
                out.append(deal.view(seat) if seat is not None else deal.public_view())
            return out

        views = await asyncio.get_running_loop().run_in_executor(self.pool, steps)
        conn.send({"type": "replay", "deal": deal_no, "steps": views})

    def record(self, t: Table) -> dict[str, Any]:
        """The whole match record: every deal replayable by :func:`cardtable.replay`."""
        deals = []
        for d in self.store.deals(t.id):
            deals.append({"game": t.game.id, "players": t.game.players, "options": t.game.options.as_dict(),
                          "deck": d.deck, "dealer": d.dealer, "carry": d.carry,
                          "actions": [[a.seat, a.action] for a in self.store.actions(t.id, d.deal_no)],
                          "result": d.result})
        return {"format": "cardtable-match/1", "table": t.id, "game": t.game.id, "players": t.game.players,
                "options": t.game.options.as_dict(), "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name}
                                                               for s in t.seats],
                "totals": plain(t.match.totals), "deals": deals}

    # ------------------------------------------------------------- bots
    def _kick(self, t: Table) -> None:
        """Start the bot driver of ``t`` if a bot is to act (or a bots-only table is between deals)."""
        if t.task is not None and not t.task.done():
            return
        if t.match_over:
            return
        needs = (t.deal.turn in t.bots) if not t.deal.over else not t.human_seats()
        if needs:
            t.task = asyncio.get_running_loop().create_task(self._drive(t))

    async def _drive(self, t: Table) -> None:
        loop = asyncio.get_running_loop()
        while True:
            async with t.lock:
                if t.match_over:
                    return
                if t.deal.over:
                    if t.human_seats():
                        return
                    self._start_next(t)  # bots only: deal on by themselves
                    self.broadcast(t)
                    self.send_sheet(t)
                    continue
                seat = t.deal.turn
                if seat not in t.bots:
                    return
                snapshot, rev = t.deal.clone(), len(t.deal.history)
                t.thinking = seat
            self.send_all(t, {"type": "thinking", "seat": seat})
            started = loop.time()
            try:
                action = await loop.run_in_executor(self.pool, t.bots[seat].choose, snapshot, seat)
            except Exception:  # a bot bug must not stop the table
                log.exception("bot at table %s seat %s failed; playing its first legal action", t.id, seat)
                action = snapshot.legal()[0]
            wait = self.bot_delay - (loop.time() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            async with t.lock:
                t.thinking = None
                if len(t.deal.history) != rev or t.deal.turn != seat:
                    continue
                if t.deal.why_not(action, seat) is not None:
                    log.error("bot at table %s seat %s chose illegal %r", t.id, seat, action)
                    action = t.deal.legal()[0]
                ended = self._commit(t, seat, action)
            self.broadcast(t)
            if ended:
                self.send_sheet(t)

    # -------------------------------------------------------- messaging
    def broadcast(self, t: Table) -> None:
        """Send every connection its own state frame."""
        frames: dict[int | None, str] = {}
        for c in list(t.conns):
            if c.seat not in frames:
                frames[c.seat] = json.dumps(t.frame(c.seat))
            c.send(frames[c.seat])

    def send_all(self, t: Table, frame: dict[str, Any]) -> None:
        text = json.dumps(frame)
        for c in list(t.conns):
            c.send(text)

    def send_sheet(self, t: Table, conn: Conn | None = None) -> None:
        frame = {"type": "sheet", "rows": t.sheet, "totals": plain(t.match.totals)}
        if conn is not None:
            conn.send(frame)
        else:
            self.send_all(t, frame)

    def seat_for(self, t: Table, token: str | None) -> int | None:
        """The seat a token opens; ``None`` without a token (a spectator); ``ValueError`` for a bad one."""
        if not token:
            return None
        h = hash_token(token)
        for s in t.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                return s.seat
        raise ValueError(f"this link's token opens no seat at table {t.id}; ask for a fresh seat link, "
                         "or watch without a token")

    async def handle(self, t: Table, conn: Conn, text: str | bytes | None) -> None:
        try:
            msg = parse_message(text)
        except ProtocolError as e:
            conn.send(error_frame(str(e)))
            return
        if msg.type == "act":
            await self.act(t, conn, msg)
        elif msg.type == "next":
            await self.next_deal(t, conn)
        elif msg.type == "replay":
            assert msg.deal is not None
            await self.replay(t, conn, msg.deal)
        elif msg.type == "sheet":
            self.send_sheet(t, conn)
        else:
            conn.send({"type": "pong"})


# ----------------------------------------------------------------- HTTP
def _server(request: Request | WebSocket) -> Server:
    return request.app.state.server  # type: ignore[no-any-return]


def option_json(o: Any) -> dict[str, Any]:
    allowed: Any = None
    if isinstance(o.allowed, range):
        allowed = {"min": o.allowed.start, "max": o.allowed.stop - 1}
    elif o.allowed is not None:
        allowed = list(o.allowed)
    return {"name": o.name, "type": o.type.__name__, "default": o.default, "allowed": allowed,
            "describe": o.describe_allowed(), "doc": o.doc}


def game_json(info: Any) -> dict[str, Any]:
    return {"id": info.id, "name": info.name, "family": info.family, "min_players": info.min_players,
            "max_players": info.max_players, "default_players": info.default_players,
            "summary": (info.doc.split("\n\n")[0] if info.doc else ""),
            "options": [option_json(o) for o in info.options]}


async def api_games(request: Request) -> JSONResponse:
    return JSONResponse({"games": [game_json(g) for g in ct.games()], "bots": bot_kinds()})


def _error(status: int, text: str) -> JSONResponse:
    return JSONResponse({"error": text}, status_code=status)


async def api_create(request: Request) -> JSONResponse:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        return _error(413, f"request too large: {len(raw)} bytes; the limit is {MAX_BODY}")
    try:
        body = json.loads(raw)
    except ValueError as e:
        return _error(400, f"malformed JSON: {e}")
    try:
        out = _server(request).create(body)
    except (ValueError, TypeError) as e:
        return _error(400, str(e))
    return JSONResponse(out, status_code=201)


async def _table_or_error(request: Request) -> Table | JSONResponse:
    try:
        t = await _server(request).table(request.path_params["tid"])
    except TableBroken as e:
        return _error(409, str(e))
    if t is None:
        return _error(404, f"no table {request.path_params['tid']!r}")
    return t


async def api_record(request: Request) -> Response:
    t = await _table_or_error(request)
    if isinstance(t, JSONResponse):
        return t
    if not t.match_over:
        return _error(409, "the match is still being played; its record (every hand of every deal) can be "
                           "downloaded when it ends. Finished deals can be replayed from the score sheet.")
    body = json.dumps(_server(request).record(t), indent=1)
    return Response(body, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="cardtable-{t.id}.json"'})


async def api_table(request: Request) -> JSONResponse:
    t = await _table_or_error(request)
    if isinstance(t, JSONResponse):
        return t
    return JSONResponse(t.meta())


def _page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html")


async def home(request: Request) -> Response:
    return _page("index.html")


async def table_page(request: Request) -> Response:
    return _page("table.html")


RULES_MD = MarkdownIt("commonmark", {"html": False}).enable("table")
"""The rules texts' Markdown: raw HTML in a text is shown as text, never passed through."""


def rules_html(game_id: str) -> str:
    """The rules page of a game: its rules text (the same as ``cardtable rules``) rendered as HTML."""
    info = ct.game_info(game_id)
    e = html.escape
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{e(info.name)} — rules</title><link rel='icon' href='/static/favicon.svg' type='image/svg+xml'>"
            f"<link rel='stylesheet' href='/static/style.css'></head>"
            f"<body class='rules-page'><header class='bar'><a href='/'>cardtable</a></header><main>"
            f"<article class='rules-text'>{RULES_MD.render(ct.catalog.game_class(game_id).rules_text())}</article>"
            f"<p><a class='button' href='/?game={e(info.id)}'>Play {e(info.name)}</a></p></main></body></html>")


async def rules_page(request: Request) -> Response:
    try:
        return HTMLResponse(rules_html(request.path_params["game"]))
    except ct.RulesError as e:
        return HTMLResponse(f"<!doctype html><p>{html.escape(str(e))}</p>", status_code=404)


# ------------------------------------------------------------ WebSocket
async def _writer(conn: Conn) -> None:
    while True:
        text = await conn.queue.get()
        if text is None:
            await conn.ws.close(code=1008, reason="too slow to read")
            return
        await conn.ws.send_text(text)


async def ws_table(ws: WebSocket) -> None:
    server = _server(ws)
    await ws.accept()
    try:
        t = await server.table(ws.path_params["tid"])
    except TableBroken as e:
        await ws.send_json(error_frame(str(e)))
        await ws.close(code=4409)
        return
    if t is None:
        await ws.send_json(error_frame(f"no table {ws.path_params['tid']!r}; create one on the home page"))
        await ws.close(code=4404)
        return
    try:
        seat = server.seat_for(t, ws.query_params.get("token"))
    except ValueError as e:
        await ws.send_json(error_frame(str(e)))
        await ws.close(code=4403)
        return
    conn = Conn(ws, seat)
    writer = asyncio.get_running_loop().create_task(_writer(conn))
    t.conns.add(conn)
    server.send_sheet(t, conn)
    server.broadcast(t)  # the newcomer's state, and everyone sees who is online
    try:
        while True:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                break
            await server.handle(t, conn, msg.get("text") if msg.get("text") is not None else msg.get("bytes"))
    except WebSocketDisconnect:
        pass
    finally:
        t.conns.discard(conn)
        writer.cancel()
        server.broadcast(t)


# ------------------------------------------------------------------ app
def create_app(db: str | Path | None = None, bot_delay: float | None = None, ismcts_seconds: float = 1.0,
               bot_threads: int = 4) -> Starlette:
    """The ASGI app. ``db`` defaults to ``$CARDTABLE_DB``; ``bot_delay`` (seconds a bot's move takes at
    least, so people can follow) to ``$CARDTABLE_BOT_DELAY`` or 0.6."""
    db = db if db is not None else os.environ.get("CARDTABLE_DB", "cardtable.db")
    delay = bot_delay if bot_delay is not None else float(os.environ.get("CARDTABLE_BOT_DELAY", "0.6"))
    server = Server(db, bot_delay=delay, ismcts_seconds=ismcts_seconds, bot_threads=bot_threads)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        server.close()

    app = Starlette(routes=[
        Route("/", home),
        Route("/t/{tid}", table_page),
        Route("/rules/{game}", rules_page),
        Route("/api/games", api_games),
        Route("/api/tables", api_create, methods=["POST"]),
        Route("/api/tables/{tid}", api_table),
        Route("/api/tables/{tid}/record", api_record),
        WebSocketRoute("/ws/{tid}", ws_table),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=lifespan)
    app.state.server = server
    return app
