"""The meeting room's HTTP API: quick play, friends, invitations by name, and the creator's kept seat links.

Every write takes JSON only and is refused from another site's page (as the rest of the API); each is limited
per client address (``quickplay``) or per account (``friend``, ``invite``: see
:data:`~cardtable.web.guard.DEFAULT_LIMITS`). An account sees only its own friends, its own invitations and its
own kept links; an invitation is answered only by the account it is addressed to (any other is told there is
no such invitation, as if it did not exist).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

import cardtable as ct

from .accounts import _error, _json_body, _limited, check_name, session_account
from .pages import GUEST_COOKIE, address_of, creator_of
from .quickplay import MAX_FRIENDS
from .store import Unavailable

__all__ = ["api_accept", "api_decline", "api_friend_add", "api_friend_remove", "api_invite", "api_links",
           "api_quickplay", "api_social"]


def _server(request: Request) -> Any:
    return request.app.state.server


def _game_name(game: str) -> str:
    try:
        return ct.game_info(game).name
    except ValueError:
        return game


async def _account_or_401(request: Request) -> Any:
    account = await session_account(request)
    if account is None:
        return _error(401, "log in first: friends and invitations are for accounts (the account page)")
    return account


async def api_quickplay(request: Request) -> Response:
    """``POST /api/quickplay {"game": "nap", "players"?: 4, "name"?: "Ann"}``: a seat at a public table of the
    game waiting for players, or a new one; answers the seat's link."""
    body = await _json_body(request)
    if isinstance(body, JSONResponse):
        return body
    if (refused := _limited(request, "quickplay")) is not None:
        return refused
    unknown = sorted(set(body) - {"game", "players", "name"})
    if unknown:
        return _error(400, f"unknown field {unknown[0]!r}; quick play takes game, players and name")
    server = _server(request)
    account = await session_account(request)
    if server.db_down is not None:
        return _error(503, f"try again in a moment ({server.db_down})", **{"Retry-After": "2"})
    creator = creator_of(request, account) if request.cookies.get(GUEST_COOKIE) or account else address_of(request)
    try:
        out = await server.quickplay(body.get("game"), body.get("players"), body.get("name"), account, creator,
                                     address_of(request))
    except (ValueError, ct.RulesError) as e:
        return _error(400 if "already sit" not in str(e) else 409, str(e))
    except Unavailable as e:
        return _error(503, f"try again in a moment ({e})", **{"Retry-After": "2"})
    return JSONResponse(out, status_code=201 if out["created"] else 200)


async def api_social(request: Request) -> Response:
    """``GET /api/social``: the logged-in account's friends (online or not), the invitations waiting for it,
    and the seat links it keeps; it also notes the account online (the home page asks every few seconds)."""
    account = await session_account(request)
    if account is None:
        return JSONResponse({"account": None, "friends": [], "invitations": [], "links": []})
    server = _server(request)
    await server.run(server.store.note_seen, [account.id])
    friends = await server.run(server.store.friends_of, account.id)
    invitations = await server.run(server.store.invitations_to, account.id)
    links = await server.run(server.store.seat_links, account.id)
    return JSONResponse({
        "account": {"name": account.name},
        "friends": [{"name": f.name, "online": f.online} for f in friends],
        "invitations": [{"id": i.id, "table": i.table_id, "seat": i.seat + 1, "from": i.from_name,
                         "game": _game_name(i.game), "watch": f"/t/{i.table_id}"} for i in invitations],
        "links": await _links(server, links)})


async def _links(server: Any, links: list[tuple[str, int, str]]) -> list[dict[str, Any]]:
    out = []
    for tid, seat, token in links:
        seats = await server.run(server.store.seats, tid)
        row = await server.run(server.store.table, tid)
        out.append({"table": tid, "game": _game_name(row.game) if row else "", "seat": seat,
                    "name": seats[seat].name if seat < len(seats) else "", "url": f"/t/{tid}?token={token}"})
    return out


async def api_links(request: Request) -> Response:
    """``GET /api/tables/<id>/links``: the links of the other people's seats the logged-in creator keeps for this
    table (not yet opened), in the shape the table's Invite panel reads."""
    account = await _account_or_401(request)
    if isinstance(account, JSONResponse):
        return account
    server = _server(request)
    tid = request.path_params["tid"]
    links = await server.run(server.store.seat_links, account.id, tid)
    return JSONResponse({"id": tid, "seats": [{"seat": x["seat"], "name": x["name"], "url": x["url"]}
                                              for x in await _links(server, links)]})


async def _friend_name(request: Request) -> tuple[Any, Any, str] | JSONResponse:
    account = await _account_or_401(request)
    if isinstance(account, JSONResponse):
        return account
    body = await _json_body(request)
    if isinstance(body, JSONResponse):
        return body
    try:
        _, key = check_name(body.get("name"))
    except ValueError as e:
        return _error(400, f"a friend is added by the name of their account: {e}")
    if (refused := _limited(request, "friend", f"account:{account.id}")) is not None:
        return refused
    server = _server(request)
    friend = await server.run(server.store.account_by_name, key)
    if friend is None:
        return _error(404, f"no account is called {body.get('name')!r}")
    return account, friend, key


async def api_friend_add(request: Request) -> Response:
    """``POST /api/friends {"name": "Bea"}``: add an account to your friends (they are not told)."""
    got = await _friend_name(request)
    if isinstance(got, JSONResponse):
        return got
    account, friend, _ = got
    server = _server(request)
    if friend.id == account.id:
        return _error(400, "you cannot add yourself as a friend")
    if await server.run(server.store.friend_count, account.id) >= MAX_FRIENDS:
        return _error(409, f"you have {MAX_FRIENDS} friends, the most one account may have")
    added = await server.run(server.store.add_friend, account.id, friend.id)
    return JSONResponse({"friend": friend.name, "added": added}, status_code=201 if added else 200)


async def api_friend_remove(request: Request) -> Response:
    """``POST /api/friends/remove {"name": "Bea"}``: take an account off your friends."""
    got = await _friend_name(request)
    if isinstance(got, JSONResponse):
        return got
    account, friend, _ = got
    server = _server(request)
    removed = await server.run(server.store.remove_friend, account.id, friend.id)
    return JSONResponse({"friend": friend.name, "removed": removed})


async def api_invite(request: Request) -> Response:
    """``POST /api/invitations {"table": id, "seat": n (from 1), "to": "Bea"}``: invite a friend to a free seat of
    a table you sit at."""
    account = await _account_or_401(request)
    if isinstance(account, JSONResponse):
        return account
    body = await _json_body(request)
    if isinstance(body, JSONResponse):
        return body
    if (refused := _limited(request, "invite", f"account:{account.id}")) is not None:
        return refused
    try:
        out = await _server(request).invite(account, body.get("table"), body.get("seat"), body.get("to"))
    except LookupError as e:
        return _error(404, str(e))
    except PermissionError as e:
        return _error(403, str(e))
    except ValueError as e:
        return _error(409, str(e))
    return JSONResponse(out, status_code=201)


async def api_accept(request: Request) -> Response:
    """``POST /api/invitations/<id>/accept``: take the seat an invitation to you offers; answers its link."""
    account = await _account_or_401(request)
    if isinstance(account, JSONResponse):
        return account
    body = await _json_body(request) if await request.body() else {}
    if isinstance(body, JSONResponse):
        return body
    try:
        out = await _server(request).accept(account, request.path_params["iid"])
    except LookupError as e:
        return _error(404, str(e))
    except ValueError as e:
        return _error(409, str(e))
    return JSONResponse(out)


async def api_decline(request: Request) -> Response:
    """``POST /api/invitations/<id>/decline``: say no to an invitation to you."""
    account = await _account_or_401(request)
    if isinstance(account, JSONResponse):
        return account
    body = await _json_body(request) if await request.body() else {}
    if isinstance(body, JSONResponse):
        return body
    try:
        await _server(request).decline(account, request.path_params["iid"])
    except LookupError as e:
        return _error(404, str(e))
    return JSONResponse({"declined": True})
