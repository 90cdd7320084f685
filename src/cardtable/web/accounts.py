"""Optional accounts, and the public room's HTTP API: the lobby, taking a seat, profiles, the leaderboard.

Guests play by link as before. A person may register a name and a password: the name is unique (compared
case-folded), at most :data:`NAME_LEN` characters of letters, digits, spaces and ``. _ - '``; the password is
kept only as an argon2id hash (``argon2-cffi``: salt and parameters inside the hash; a hash made with weaker
parameters is replaced at the next login). Logging in sets a session cookie — ``HttpOnly``,
``SameSite=Lax``, ``Secure`` when served over HTTPS — whose SHA-256 alone is stored. With it the person
finds their tables, history and statistics from any browser, and sits at their seats without the link.

Writes take JSON only (``Content-Type: application/json``: no cross-site form can send that) and a
cross-site ``Origin`` is refused (:class:`~cardtable.web.guard.SameOrigin`, for every write and WebSocket);
a session cookie sent by a page of another site is never honoured. Logins are limited per address and per
name (from every address together: ``login_name``); a refused sign-up (a bad or taken name, a short
password) does not count towards the sign-up limit.
"""

from __future__ import annotations

import asyncio
import functools
import re
import secrets
import unicodedata
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response

import cardtable as ct
from cardtable.core.i18n import LANGUAGES, _

from .guard import client_address, cross_site, wait_words
from .lang import Refusal, reason
from .protocol import ProtocolError, load_json
from .ratings import MU, SIGMA
from .records import AccountRow, NameTaken
from .store import StoreError, Unavailable

__all__ = ["NAME_LEN", "SESSION_COOKIE", "check_name", "session_account"]

SESSION_COOKIE = "cardtable_session"
SESSION_DAYS = 30
NAME_LEN = 20
PASSWORD_LEN = (8, 200)
NAME_CHARS = re.compile(r"[^\W_]|[ ._\-']")
RESERVED = {"you", "bot", "bots", "spectator", "guest", "admin", "cardtable", "random", "heuristic", "ismcts"}
_hasher = PasswordHasher()


@functools.cache
def _dummy() -> str:
    """A hash verified against when the name is unknown, so that it takes the same time; made at the first
    login, not at import (an argon2 hash takes a second on a slow machine)."""
    return _hasher.hash(secrets.token_hex(8))


def check_name(name: Any) -> tuple[str, str]:
    """A requested account name as (shown, key), or ``ValueError`` saying what is allowed.

    >>> check_name("  Ann   Lee ")
    ('Ann Lee', 'ann lee')
    >>> check_name("<script>")
    Traceback (most recent call last):
    ...
    ValueError: a name may hold letters, digits, spaces and . _ - ' only, not '<'
    """
    if not isinstance(name, str):
        raise ValueError(_("the name is text"))
    shown = " ".join(unicodedata.normalize("NFKC", name).split())
    if not 2 <= len(shown) <= NAME_LEN:
        raise ValueError(_("a name has 2 to {most} characters", most=NAME_LEN))
    bad = next((ch for ch in shown if not NAME_CHARS.fullmatch(ch)), None)
    if bad is not None:
        raise ValueError(_("a name may hold letters, digits, spaces and . _ - ' only, not {bad}", bad=repr(bad)))
    if not shown[0].isalnum():
        raise ValueError(_("a name begins with a letter or a digit"))
    key = shown.casefold()
    if key in RESERVED or key.startswith(("bot ", "player ")):
        raise ValueError(_("{name} is kept for the room's own use; choose another name", name=repr(shown)))
    return shown, key


def _server(conn: HTTPConnection) -> Any:
    return conn.app.state.server


def _error(status: int, text: str, **headers: str) -> JSONResponse:
    """A refusal, its reason worded in the request's language when it is a message."""
    return Refusal({"error": text}, status, headers or None)


def _limited(request: Request, action: str, who: str | None = None) -> JSONResponse | None:
    """A 429 answer if ``who`` (by default the client's address) has done ``action`` too often just now (and
    this attempt counted if not)."""
    limits = _server(request).limits
    wait = limits.hit(action, who if who is not None else client_address(request))
    if wait is None:
        return None
    if who is not None:
        why = _("too many requests: at most {limit} for this name, from every address together; try again in "
                "{wait}", limit=limits.describe(action), wait=wait_words(wait))
    else:
        why = _("too many requests: at most {limit} from one address; try again in {wait}",
                limit=limits.describe(action), wait=wait_words(wait))
    return Refusal({"error": why}, 429, {"Retry-After": str(wait)}, account=False)


def same_site(conn: HTTPConnection) -> bool:
    """False when the request says it comes from a page of another site (its ``Origin`` or ``Sec-Fetch-Site``;
    :func:`~cardtable.web.guard.cross_site`)."""
    return cross_site(conn.headers, getattr(conn.app.state, "allowed_origins", ())) is None


def _cross_site(request: Request) -> JSONResponse | None:
    why = cross_site(request.headers, getattr(request.app.state, "allowed_origins", ()))
    return _error(403, why) if why is not None else None


async def _json_body(request: Request) -> dict[str, Any] | JSONResponse:
    if (refused := _cross_site(request)) is not None:
        return refused
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        return _error(415, _("send JSON with Content-Type: application/json"))
    try:
        body = load_json(await request.body())
    except ProtocolError as e:
        return _error(400, reason(e))
    if not isinstance(body, dict):
        return _error(400, _("the body is a JSON object such as {example}",
                             example='{"name": "Ann", "password": "..."}'))
    return body


async def session_account(conn: HTTPConnection) -> AccountRow | None:
    """The account the request's session cookie is logged in as (``None`` for a guest, or a cookie sent by a
    page of another site)."""
    token = conn.cookies.get(SESSION_COOKIE)
    if not token or len(token) > 100 or not same_site(conn):
        return None
    server = _server(conn)
    try:
        return await server.run(server.store.session_account, token)  # type: ignore[no-any-return]
    except StoreError:
        return None


def _logged_in(request: Request, account: AccountRow) -> JSONResponse:
    return JSONResponse({"account": {"id": account.id, "name": account.name, "lang": account.lang}})


async def _start_session(request: Request, account: AccountRow, status: int = 200) -> Response:
    server = _server(request)
    token = secrets.token_urlsafe(32)
    await server.run(server.store.new_session, account.id, token, SESSION_DAYS * 86400.0)
    response = _logged_in(request, account)
    response.status_code = status
    response.set_cookie(SESSION_COOKIE, token, max_age=SESSION_DAYS * 86400, httponly=True, samesite="lax",
                        secure=request.url.scheme == "https", path="/")
    return response


def _password(body: dict[str, Any]) -> str:
    pw = body.get("password")
    low, high = PASSWORD_LEN
    if not isinstance(pw, str) or not low <= len(pw) <= high:
        raise ValueError(_("a password has {low} to {high} characters", low=low, high=high))
    return pw


async def api_register(request: Request) -> Response:
    body = await _json_body(request)
    if isinstance(body, JSONResponse):
        return body
    try:
        name, key = check_name(body.get("name"))
        pw = _password(body)
    except ValueError as e:
        return _error(400, reason(e))
    server = _server(request)
    if await server.run(server.store.account_by_name, key) is not None:  # a taken name is not counted either
        return _error(409, _("the name {name} is taken; choose another", name=repr(name)))
    if (refused := _limited(request, "register")) is not None:
        return refused
    hashed = await asyncio.to_thread(_hasher.hash, pw)
    try:
        account = await server.run(server.store.create_account, name, key, hashed)
    except NameTaken:
        return _error(409, _("the name {name} is taken; choose another", name=repr(name)))
    except Unavailable as e:
        return _error(503, _("try again in a moment ({detail})", detail=str(e)), **{"Retry-After": "2"})
    return await _start_session(request, account, 201)


async def api_login(request: Request) -> Response:
    if (refused := _limited(request, "login")) is not None:
        return refused
    body = await _json_body(request)
    if isinstance(body, JSONResponse):
        return body
    server = _server(request)
    name, pw = body.get("name"), body.get("password")
    if not isinstance(name, str) or not isinstance(pw, str) or len(pw) > PASSWORD_LEN[1] or len(name) > 200:
        return _error(400, _("send {example}", example='{"name": ..., "password": ...}'))
    key = " ".join(unicodedata.normalize("NFKC", name).split()).casefold()
    if (refused := _limited(request, "login_name", key)) is not None:
        return refused
    found = await server.run(server.store.account_by_name, key)
    try:
        await asyncio.to_thread(_hasher.verify, found.pw_hash if found else _dummy(), pw)
    except (VerificationError, InvalidHashError):
        found = None
    else:
        if found is None:
            pass
        elif _hasher.check_needs_rehash(found.pw_hash):
            await server.run(server.store.set_password, found.id, await asyncio.to_thread(_hasher.hash, pw))
    if found is None:
        return _error(401, _("wrong name or password"))
    server.limits.clear("login_name", key)  # the name's owner is in: the tries before are forgotten
    return await _start_session(request, found)


async def api_logout(request: Request) -> Response:
    if (refused := _cross_site(request)) is not None:
        return refused
    token = request.cookies.get(SESSION_COOKIE)
    server = _server(request)
    if token:
        await server.run(server.store.end_session, token)
    response = JSONResponse({"account": None})
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")
    return response


async def _profile(server: Any, account_id: str) -> dict[str, Any]:
    from .ratings import statistics

    def read() -> tuple[dict[str, Any], dict[str, Any]]:
        stats = statistics(list(server.store.account_results(account_id)), server.store.account_matches(account_id))
        return stats, server.store.subject_ratings(f"account:{account_id}")

    stats, ratings = await server.run(read)
    games = {}
    for game in sorted(set(stats) | set(ratings)):
        try:
            name = ct.game_info(game).name
        except ValueError:
            name = game
        games[game] = {"name": name, **stats.get(game, {}), "rating": _rating(ratings.get(game))}
    return games


def _rating(r: dict[str, Any] | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {"mu": round(r["mu"], 2), "sigma": round(r["sigma"], 2), "ordinal": round(r["mu"] - 3 * r["sigma"], 2),
            "matches": r["matches"]}


async def api_me(request: Request) -> Response:
    account = await session_account(request)
    if account is None:
        return JSONResponse({"account": None})
    server = _server(request)
    tables = await server.run(server.store.account_tables, account.id)
    for t in tables:
        try:
            t["name"] = ct.game_info(t["game"]).name
        except ValueError:
            t["name"] = t["game"]
        t["url"] = f"/t/{t['id']}"
    return JSONResponse({"account": {"id": account.id, "name": account.name, "created": account.created,
                                     "lang": account.lang},
                         "tables": tables, "games": await _profile(server, account.id)})


async def api_set_lang(request: Request) -> Response:
    """``POST /api/me/lang`` ``{"lang": "de"}``: the language the account logged in reads the room in (``null``:
    the browser's). A guest's choice is the browser's alone (its cookie): answered, nothing stored."""
    body = await _json_body(request)
    if isinstance(body, JSONResponse):
        return body
    lang = body.get("lang")
    if lang is not None and lang not in LANGUAGES:
        return _error(400, _("the language is one of {languages} (or null for the browser's); not {given}",
                             languages=", ".join(LANGUAGES), given=repr(lang)))
    account = await session_account(request)
    if account is None:
        return JSONResponse({"account": None, "lang": lang, "kept": "browser"})
    server = _server(request)
    try:
        await server.run(server.store.set_account_lang, account.id, lang)
    except Unavailable as e:
        return _error(503, _("try again in a moment ({detail})", detail=str(e)), **{"Retry-After": "2"})
    return JSONResponse({"account": {"id": account.id, "name": account.name, "lang": lang}, "lang": lang,
                         "kept": "account"})


async def api_user(request: Request) -> Response:
    server = _server(request)
    try:
        _shown, key = check_name(request.path_params["name"])
    except ValueError:
        return _error(404, _("no such player"))
    found = await server.run(server.store.account_by_name, key)
    if found is None:
        return _error(404, _("no such player"))
    return JSONResponse({"name": found.name, "created": found.created, "games": await _profile(server, found.id)})


async def api_leaderboard(request: Request) -> Response:
    game = request.path_params["game"]
    try:
        info = ct.game_info(game)
    except ValueError as e:
        return _error(404, reason(e))
    server = _server(request)
    rows = await server.run(server.store.leaderboard, info.id)
    # Every bot kind is on the board from the start (at the rating every player begins with, no matches yet),
    # so a person sees where they stand against each.
    rated = {r["subject"] for r in rows}
    rows += [{"subject": f"bot:{k}", "name": None, "mu": MU, "sigma": SIGMA, "matches": 0}
             for k in ct.bots.KINDS if f"bot:{k}" not in rated]
    out = []
    for r in rows:
        subject = r["subject"]
        name, bot = (subject.removeprefix("bot:"), True) if subject.startswith("bot:") else (r["name"], False)
        out.append({"name": name, "bot": bot, **(_rating(r) or {})})
    out.sort(key=lambda p: -p["ordinal"])
    return JSONResponse({"game": info.id, "name": info.name, "players": out})


async def api_lobby(request: Request) -> Response:
    return JSONResponse({"tables": await _server(request).lobby()})


async def api_join(request: Request) -> Response:
    if (refused := _cross_site(request)) is not None:
        return refused
    if (refused := _limited(request, "join")) is not None:
        return refused
    body = await _json_body(request) if await request.body() else {}
    if isinstance(body, JSONResponse):
        return body
    seat = body.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        return _error(400, _("seat is a seat number"))
    try:
        out = await _server(request).join(request.path_params["tid"], seat, body.get("name"),
                                          await session_account(request))
    except LookupError as e:
        return _error(404, reason(e))
    except ValueError as e:
        return _error(409, reason(e))
    except Unavailable as e:
        return _error(503, _("try again in a moment ({detail})", detail=str(e)), **{"Retry-After": "2"})
    return JSONResponse(out, status_code=201)


async def api_listing(request: Request) -> Response:
    """``POST /api/tables/<id>/public {"public": true|false, "token"?}``: the creator (by the seat's token, or
    logged in at that seat) lists the table in the lobby or takes it out."""
    body = await _json_body(request)
    if isinstance(body, JSONResponse):
        return body
    public, token = body.get("public"), body.get("token")
    if not isinstance(public, bool):
        return _error(400, _("public is true (list the table in the lobby) or false (by link only)"))
    server = _server(request)
    try:
        t = await server.table(request.path_params["tid"])
    except ValueError as e:  # a table that cannot be read
        return _error(409, reason(e))
    if t is None:
        return _error(404, _("no table {table}", table=repr(request.path_params["tid"])))
    try:
        seat = server.seat_for(t, token if isinstance(token, str) else None)
    except ValueError as e:
        return _error(403, reason(e))
    account = await session_account(request)
    if seat is None and account is not None:
        seat = next((s.seat for s in t.seats if s.account_id == account.id), None)
    refused = await server.list_table(t, seat, public)
    if refused is not None:
        return _error(403 if seat != t.creator_seat else 409, refused)
    return JSONResponse({"id": t.id, "public": t.public, "free": t.free_seats()})
