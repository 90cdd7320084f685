"""HTTP pages, the JSON API and the WebSocket endpoint (Starlette handlers over a :class:`~.hub.Server`)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import html
import itertools
import json
import logging
import re
import secrets
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect

import cardtable as ct
from cardtable.core.i18n import LANGUAGES, _
from cardtable.words import OPTION_TITLE, option_words, options_howto, players_words, value_words, with_howto

from .accounts import same_site, session_account
from .guard import MAX_BODY, client_address, wait_words
from .hub import TRY_AGAIN, Conn, LimitReached, Server, bot_kinds
from .lang import LANG_COOKIE, Refusal, asked_language, catalogue, choose, page_html, reason, word, worded
from .packs import GERMAN_FIRST, packs_of_game
from .protocol import ProtocolError, error_frame, load_json
from .room import Table, TableBroken
from .store import Damaged, StoreError, Unavailable

__all__ = ["GUEST_COOKIE", "MAX_BODY", "STATIC", "creator_of", "rules_html"]

log = logging.getLogger("cardtable.web")
STATIC = Path(__file__).parent / "static"
TABLE_ID = re.compile(r"[0-9a-f]{12}")
GUEST_COOKIE = "cardtable_guest"


def _server(request: Request | WebSocket) -> Server:
    return request.app.state.server  # type: ignore[no-any-return]


def creator_of(request: Request, account: Any = None) -> str:
    """Who is creating a table: the account logged in, else the browser's guest cookie (a random token the
    server set), else the client's address."""
    if account is not None:
        return f"account:{account.id}"
    guest = request.cookies.get(GUEST_COOKIE)
    if guest:
        return "guest:" + hashlib.sha256(guest.encode()).hexdigest()[:32]
    return address_of(request)


def address_of(request: Request | WebSocket) -> str:
    """The client's address as a creator (the limit of tables of bots only counts per address as well)."""
    return "addr:" + client_address(request)


def option_json(o: Any, game_id: str | None = None) -> dict[str, Any]:
    allowed: Any = None
    if isinstance(o.allowed, range):
        allowed = {"min": o.allowed.start, "max": o.allowed.stop - 1}
    elif o.allowed is not None:
        allowed = list(o.allowed)
    return {"name": o.name, "type": o.type.__name__, "default": o.default, "allowed": allowed,
            "describe": o.describe_allowed(), "doc": o.doc, "title": option_words(o.name, None, game_id),
            "value_words": {str(v): value_words(v) for v in allowed} if isinstance(allowed, list) else None}


def game_json(info: Any) -> dict[str, Any]:
    return {"id": info.id, "name": info.name, "family": info.family, "min_players": info.min_players,
            "max_players": info.max_players, "default_players": info.default_players,
            "player_counts": list(info.player_counts), "players_text": players_words(info.id),
            "player_counts_by_option": [{"option": n, "value": v, "counts": list(c)}
                                        for n, v, c in info.player_counts_by_option],
            "summary": (info.doc.split("\n\n")[0] if info.doc else ""),
            "packs": list(packs_of_game(info.id)), "german_first": info.id in GERMAN_FIRST,
            "options": [option_json(o, info.id) for o in info.options]}


async def api_games(request: Request) -> JSONResponse:
    lang = await reader_language(request)  # the engine's words (names, options) in the reader's language
    return JSONResponse(worded({"games": [game_json(g) for g in ct.games()], "bots": bot_kinds()}, lang),
                        headers={"Vary": "Accept-Language, Cookie"})


def _error(status: int, text: str, **headers: str) -> JSONResponse:
    """A refusal, its reason worded in the request's language when it is a message."""
    return Refusal({"error": text}, status, headers or None)


def store_trouble(e: StoreError, what: str) -> str:
    """The reason a database error gives a person (the details, such as the file, go to the log)."""
    if isinstance(e, Damaged):
        return _("the room's database is damaged where it would be written, so {what}; nothing was saved. "
                 "Tables already playing go on. Try again later", what=what)
    return _("the room's database could not do it just now, so {what}; nothing was saved. Tables already "
             "playing go on. Try again later", what=what)


def _unavailable(e: Exception) -> JSONResponse:
    return _error(503, _("{reason} ({detail})", reason=_(TRY_AGAIN), detail=str(e)), **{"Retry-After": "2"})


_SOCKETS = itertools.count(1)


def client_of(request: Request | WebSocket) -> str:
    """The client's address (behind a proxy, the address the proxy reports, if uvicorn is told to trust it)."""
    return client_address(request)


def too_many(request: Request, action: str) -> JSONResponse | None:
    """A 429 answer if this client has done ``action`` too often just now (and counts this attempt if not)."""
    server = _server(request)
    wait = server.limits.hit(action, client_of(request))
    if wait is None:
        return None
    return Refusal({"error": _("too many requests: at most {limit} from one address; try again in {wait}",
                               limit=server.limits.describe(action), wait=wait_words(wait))},
                   429, {"Retry-After": str(wait)}, account=False)


async def api_create(request: Request) -> Response:
    if (refused := too_many(request, "create")) is not None:
        return refused
    raw = await request.body()
    if len(raw) > MAX_BODY:
        return _error(413, _("request too large: {size} bytes; the limit is {limit}", size=len(raw), limit=MAX_BODY))
    try:
        body = load_json(raw)
    except ProtocolError as e:
        return _error(400, reason(e))
    server = _server(request)
    if server.db_down is not None:
        return _unavailable(Exception(server.db_down))
    account = await session_account(request)
    guest = None if request.cookies.get(GUEST_COOKIE) else secrets.token_urlsafe(16)  # a new browser
    creator = (creator_of(request, account) if guest is None or account is not None
               else "guest:" + hashlib.sha256(guest.encode()).hexdigest()[:32])
    try:
        out = await server.create(body, creator, account, address=address_of(request))
    except LimitReached as e:
        return _error(429, reason(e), **{"Retry-After": "60"})
    except Unavailable as e:
        return _unavailable(e)
    except StoreError as e:  # a damaged page, say: the room goes on, this table cannot be made
        log.error("a table could not be created: %s", e)
        return _error(503, store_trouble(e, _("this table could not be made")), **{"Retry-After": "30"})
    except (ValueError, TypeError) as e:
        return _error(400, reason(e))
    response = JSONResponse(out, status_code=201)
    if guest is not None:
        response.set_cookie(GUEST_COOKIE, guest, max_age=365 * 86400, httponly=True, samesite="lax",
                            secure=request.url.scheme == "https")
    return response


async def _table_or_error(request: Request) -> Table | JSONResponse:
    tid = request.path_params["tid"]
    try:
        t = await _server(request).table(tid) if TABLE_ID.fullmatch(tid) else None
    except TableBroken as e:
        return _error(409, reason(e))
    except Unavailable as e:
        return _unavailable(e)
    if t is None:
        return _error(404, _("no table {table}", table=repr(tid)))
    return t


async def api_record(request: Request) -> Response:
    t = await _table_or_error(request)
    if isinstance(t, JSONResponse):
        return t
    if not t.match_over:
        return _error(409, _("the match is still being played; its record (every hand of every deal) can be "
                             "downloaded when it ends. Finished deals can be replayed from the score sheet."))
    server = _server(request)
    try:
        record = await server.run(server.record, t)
    except Unavailable as e:
        return _unavailable(e)
    return Response(json.dumps(record, indent=1), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="cardtable-{t.id}.json"'})


async def api_table(request: Request) -> JSONResponse:
    t = await _table_or_error(request)
    if isinstance(t, JSONResponse):
        return t
    return JSONResponse(t.meta())


async def api_health(request: Request) -> JSONResponse:
    """For a load balancer: 200 when this process can reach its database, 503 (with why) when it cannot."""
    server = _server(request)
    body: dict[str, Any] = {"database": server.store.backend, "damage": server.store.damage,
                            "tables_held": len(server.tables), "max_tables": server.max_tables}
    if server.db_down is None:
        try:
            await server.run(server.store.table, "-")
        except Unavailable as e:
            body["error"] = str(e)
            return JSONResponse(body, status_code=503)
        return JSONResponse({**body, "ok": True})
    return JSONResponse({**body, "error": server.db_down}, status_code=503)


async def reader_language(request: Request | WebSocket) -> str:
    """The language a request is answered in (:func:`.lang.choose`): the address, the browser's setting, the
    account's, then ``Accept-Language``."""
    cookie = request.cookies.get(LANG_COOKIE)
    query = request.query_params.get("lang")
    account_lang = None
    if not query and not cookie:
        account = await session_account(request) if isinstance(request, Request) or same_site(request) else None
        account_lang = getattr(account, "lang", None)
    return choose(query, cookie, account_lang, request.headers.get("accept-language"))


async def _page(request: Request, name: str) -> Response:
    lang = await reader_language(request)
    return HTMLResponse(page_html(STATIC / name, lang), headers={"Vary": "Accept-Language, Cookie",
                                                                   "Content-Language": lang})


async def home(request: Request) -> Response:
    return await _page(request, "index.html")


async def table_page(request: Request) -> Response:
    return await _page(request, "table.html")


async def room_page(request: Request) -> Response:
    """The account page, a player's profile and the leaderboard (one page; its script reads the address)."""
    return await _page(request, "room.html")


async def api_words(request: Request) -> Response:
    """The room's words in a language, for the page's scripts (``static/i18n.js``)."""
    lang = request.path_params["lang"]
    if lang not in LANGUAGES:
        return _error(404, _("no words in {lang}; the languages are {languages}", lang=repr(lang),
                             languages=", ".join(LANGUAGES)))
    return JSONResponse(catalogue(lang), headers={"Cache-Control": "max-age=300"})


RULES_MD = MarkdownIt("commonmark", {"html": False}).enable("table")
"""The rules texts' Markdown: raw HTML in a text is shown as text, never passed through."""


def rules_for_the_web(info: ct.GameInfo) -> str:
    """A game's rules text, its options section saying how a table's form chooses them."""
    text = ct.catalog.game_class(info.id).rules_text()
    return with_howto(web_words(text, info), options_howto(info.id, info.options, "web"))


def web_words(text: str, info: ct.GameInfo) -> str:
    """The rules text's options section as the web form words it: each option by its name only (the id in
    brackets is for the command line's -o) and each value in words ("peel modified", not its id)."""
    head, sep, options = text.partition("\n## Options\n")
    if not sep:
        return text
    options = OPTION_TITLE.sub(lambda m: f"- **{m['title']}**", options)
    for o in info.options:
        for v in o.allowed if isinstance(o.allowed, tuple | list) else ():
            if isinstance(v, str) and "_" in v:
                options = re.sub(rf"\b{re.escape(v)}\b", value_words(v), options)
    return head + sep + options


def rules_html(game_id: str, lang: str = "en") -> str:
    """The rules page of a game: its rules text (the same as ``cardtable rules``) rendered as HTML; the page's
    own words in ``lang`` (the rules text is the game's, in English where it has no translation)."""
    info = ct.game_info(game_id)
    e = html.escape
    name = str(word(info.name, lang))
    title = word(_("{game} — rules", game=name), lang)
    play = word(_("Play {game}", game=name), lang)
    return (f"<!doctype html><html lang='{e(lang)}'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{e(title)}</title><link rel='icon' href='/static/favicon.svg' type='image/svg+xml'>"
            f"<link rel='stylesheet' href='/static/style.css'></head>"
            f"<body class='rules-page'><header class='bar'><a href='/'>cardtable</a></header><main>"
            f"<article class='rules-text'>{RULES_MD.render(rules_for_the_web(info))}</article>"
            f"<p><a class='button' href='/?game={e(info.id)}'>{e(play)}</a></p></main></body></html>")


async def rules_page(request: Request) -> Response:
    try:
        return HTMLResponse(rules_html(request.path_params["game"], await reader_language(request)))
    except ct.RulesError as e:
        return HTMLResponse(f"<!doctype html><p>{html.escape(str(e))}</p>", status_code=404)


# ------------------------------------------------------------ WebSocket
async def _writer(conn: Conn, where: str = "") -> None:
    """Send the connection's queued frames, in order. If sending fails (a fault of ours, not the client's), the
    error is logged and the socket closed with 1011, so the page reconnects rather than wait for frames."""
    try:
        while True:
            text = await conn.queue.get()
            if text is None:
                await conn.ws.close(code=1008, reason="too slow to read")
                return
            await conn.ws.send_text(text)
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("%s: could not send a frame to %s; closing the connection", where or "a table", conn.client)
        with contextlib.suppress(Exception):
            await conn.ws.close(code=1011, reason="the server could not send an update; reconnect")


async def ws_table(ws: WebSocket) -> None:
    server = _server(ws)
    await ws.accept()
    client = client_of(ws)
    wait = server.limits.hit("connect", client)
    if wait is not None:  # a client opening and closing sockets in a loop (each open costs every watcher)
        await ws.send_json(worded(error_frame(_("too many connections opened from your address just now (at most "
                                                "{limit}); wait {wait}", limit=server.limits.describe("connect"),
                                                wait=wait_words(wait)), retry_after=wait), asked_language(ws.scope)))
        await ws.close(code=1013, reason="too many connections opened just now")
        return
    if not server.limits.open_socket(client):
        await ws.send_json(worded(error_frame(_("too many connections from your address (at most {n} open at "
                                                "once); close some pages and try again", n=server.limits.sockets),
                                              retry=True), asked_language(ws.scope)))
        await ws.close(code=1013, reason="too many connections")
        return
    try:
        await _serve_socket(server, ws, client)
    finally:
        server.limits.close_socket(client)


async def _serve_socket(server: Server, ws: WebSocket, client: str) -> None:
    t = await _open_table(server, ws)
    if t is None:
        return
    token = ws.query_params.get("token")
    offered = server.offered(t)  # a seat link opened for the first time may change what is offered
    seated, seat = await _link_seat(server, ws, t, token)
    if not seated:
        return
    account = await session_account(ws) if same_site(ws) else None
    if account is not None:
        seat = await server.seat_of_account(t, seat, account)
    lang = choose(ws.query_params.get("lang"), ws.cookies.get(LANG_COOKIE), getattr(account, "lang", None),
                  ws.headers.get("accept-language"))
    conn = Conn(ws, seat, client=client, account=account, lang=lang)
    socket_key = f"{client} socket {next(_SOCKETS)}"  # the message limit counts per WebSocket
    writer = asyncio.get_running_loop().create_task(_writer(conn, f"table {t.id}"))
    server.connected(t, conn, offered)  # the newcomer's state; the others a presence frame at most
    await server.attach(t, conn)
    try:
        await _read_messages(server, ws, t, conn, socket_key)
    except WebSocketDisconnect:
        pass
    finally:
        server.disconnected(t, conn)
        writer.cancel()
        await server.detach(t, conn)


async def _refuse(ws: WebSocket, why: Any, **extra: Any) -> None:
    """A refusal before the socket is joined to its table, worded in the language the client asked for."""
    await ws.send_json(worded(error_frame(why, **extra), asked_language(ws.scope)))


async def _open_table(server: Server, ws: WebSocket) -> Table | None:
    """The table the socket's address names, or ``None`` once the client is told why not and the socket closed."""
    tid = ws.path_params["tid"]
    try:
        t = await server.table(tid) if TABLE_ID.fullmatch(tid) else None
    except TableBroken as e:
        await _refuse(ws, reason(e))
        await ws.close(code=4409)
        return None
    except Unavailable as e:
        await _refuse(ws, _("{reason} ({detail})", reason=_(TRY_AGAIN), detail=str(e)), retry=True)
        await ws.close(code=1013, reason="try again later")
        return None
    if t is None:
        await _refuse(ws, _("no table {table}; create one on the home page", table=repr(tid)))
        await ws.close(code=4404)
        return None
    return t


async def _link_seat(server: Server, ws: WebSocket, t: Table, token: str | None) -> tuple[bool, int | None]:
    """The seat a link's token opens (``None``: a spectator), with ``True``; or ``False`` once the client is told
    why the link opens nothing and the socket closed."""
    try:
        seat = server.seat_for(t, token)
    except ValueError as e:
        await _refuse(ws, reason(e))
        await ws.close(code=4403)
        return False, None
    if seat is not None and token and not await server.open_seat(t, seat, token):
        await _refuse(ws, _("someone took this seat from the lobby before its link was opened, so the link opens "
                            "it no more; you can watch, or take a free seat"))
        await ws.close(code=4403)
        return False, None
    return True, seat


async def _read_messages(server: Server, ws: WebSocket, t: Table, conn: Conn, socket_key: str) -> None:
    """Handle the client's messages until it goes (or its table cannot be shown to it any more)."""
    while True:
        msg = await ws.receive()
        if msg["type"] == "websocket.disconnect":
            return
        wait = server.limits.hit("message", socket_key)
        if wait is not None:
            conn.send(error_frame(_("too many messages (at most {limit} on one connection); wait {wait}",
                                    limit=server.limits.describe("message"), wait=wait_words(wait)),
                                  retry_after=wait))
            continue
        try:
            await server.handle(t, conn, msg.get("text") if msg.get("text") is not None else msg.get("bytes"))
        except Exception:  # a fault of ours: logged, the client told, the connection and the table go on
            log.exception("table %s: a message from %s failed", t.id, conn.client)
            conn.send(error_frame(_("the server failed to handle that message (the fault is ours, and logged); "
                                    "here is the table as it is"), retry=True))
            try:
                conn.send(t.frame(conn.seat))
            except Exception:
                log.exception("table %s: its state could not be built; closing the connection", t.id)
                with contextlib.suppress(Exception):
                    await ws.close(code=1011, reason="the server could not show this table; reconnect")
                return
