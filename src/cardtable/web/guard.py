"""What keeps a room open to strangers safe: security headers, a body limit enforced before a body is read,
and rate limits per client.

- :class:`SecurityHeaders` adds to every HTTP response (pages, the API, static files, errors) a
  Content-Security-Policy that allows no inline script, ``X-Content-Type-Options: nosniff``, frame
  protection (``frame-ancestors 'none'`` and ``X-Frame-Options: DENY``) and ``Referrer-Policy: no-referrer``
  (seat links carry their secret in the address: no other site may see it).
- :class:`BodyLimit` refuses a request body over the limit *before reading it*: a declared
  ``Content-Length`` over the limit is answered 413 at once, and a body sent without one (chunked) is
  counted as it arrives and refused as soon as it passes the limit, so a huge body never sits in memory.
- :class:`SameOrigin` refuses, with 403 and the reason, every state-changing request (``POST``, ``PUT``,
  ``PATCH``, ``DELETE``) and every WebSocket handshake that a page of another site sent: its ``Origin`` is not
  this server's (the request's ``Host``) nor one of the allowed origins (a proxy's public address), or its
  ``Sec-Fetch-Site`` says ``cross-site`` or ``same-site``. A request with neither header (a script, not a
  browser) is served. A write to the API with a body must be ``Content-Type: application/json`` (415
  otherwise): no form of another site can send that without the browser asking first.
- :class:`RateLimits` counts, per client address, table creation, joining, chat, account creation, login,
  hints and replays in moving windows (the ``limits`` library), and the messages of each WebSocket; over a
  limit the answer is 429 with ``Retry-After`` (over a WebSocket, an error with ``retry_after``). Logins are
  counted per name too, from every address together. It also caps the WebSockets one address holds open at
  once. Each process counts for itself: with N processes behind a balancer a client may get up to N times
  the limit (documented in docs/public-room.md).

The client's address is the one the ASGI server gives (:func:`client_address`): ``X-Forwarded-For`` is never
read here; behind a proxy, ``cardtable serve --proxy-headers --forwarded-allow-ips ...`` has uvicorn believe
it from the proxies named, and from no one else.
"""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from cardtable.core.i18n import N_, _, _n

from .lang import asked_language, worded

__all__ = ["CSP", "DEFAULT_LIMITS", "MAX_BODY", "BodyLimit", "RateLimits", "SameOrigin", "SecurityHeaders",
           "client_address", "cross_site", "wait_words"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 16_384
"""The largest request body, in bytes (a table's settings or a login are a few hundred)."""

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
"""No inline or foreign script; styles from our style sheet (a ``style`` attribute set by our own script is
allowed, a ``<style>`` element is not); nothing framed by another site."""

HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]

DEFAULT_LIMITS: dict[str, str] = {
    "create": "10/minute;60/hour",  # new tables
    "join": "30/minute",  # seats taken from the lobby
    "chat": "5/10 seconds;40/minute",  # chat lines
    "register": "5/hour",  # new accounts
    "login": "20/minute;200/hour",  # login attempts from one address (people behind one address share it)
    "login_name": "5/minute;20/hour",  # login attempts for one name, from every address together (cleared by
    # a successful login): a guesser with many addresses gets 20 an hour in all, not 20 from each
    "hint": "12/minute",  # hints and after-deal reviews (each is a search of a second or so)
    "replay": "30/minute",  # replays of a finished deal (every step's view: up to ~1 MB and 50 ms for a long deal)
    "message": "20/second;600/minute",  # messages over one WebSocket (counted per socket, not per address)
    "sockets": "50",  # WebSockets one address holds open at once (a number, not a window)
    "connect": "30/10 seconds;180/minute",  # WebSockets opened (each open or close is news to every watcher)
}
"""What one client address may do, per action (``limits`` notation: several windows separated by ``;``);
``login_name`` counts per account name instead, ``message`` per WebSocket; ``sockets`` is a count of
connections open at once. ``""`` lifts a limit. A refused sign-up (a bad or taken name) is not counted."""

WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def client_address(conn: Any) -> str:
    """The client's address as the ASGI server gives it (``request.client.host``; behind a proxy, the address
    the proxy reports only if the server was told to trust that proxy)."""
    client = getattr(conn, "client", None)
    return client.host if client else "unknown"


def wait_words(seconds: int) -> str:
    """A wait in words for people: seconds under a minute, else minutes (rounded up), else hours.

    >>> wait_words(1), wait_words(42), wait_words(3545), wait_words(3600), wait_words(7300)
    ('1 second', '42 seconds', '60 minutes', '60 minutes', '3 hours')
    """
    if seconds < 60:
        return _n("{n} second", "{n} seconds", seconds, n=seconds)
    minutes = math.ceil(seconds / 60)
    if minutes <= 90:
        return _n("{n} minute", "{n} minutes", minutes, n=minutes)
    hours = math.ceil(minutes / 60)
    return _n("{n} hour", "{n} hours", hours, n=hours)


def _origin_key(origin: str) -> str | None:
    """``scheme://host[:port]`` in lower case, the scheme's default port left out; ``None`` if not an origin."""
    try:
        u = urlsplit(origin.strip())
        port = u.port
    except ValueError:
        return None
    if u.scheme not in ("http", "https") or not u.hostname:
        return None
    default = 443 if u.scheme == "https" else 80
    return f"{u.scheme}://{u.hostname}" + (f":{port}" if port not in (None, default) else "")


def _host_key(host: str) -> str:
    host = host.strip().lower()
    for default in (":80", ":443"):
        host = host.removesuffix(default)
    return host


def cross_site(headers: Any, allowed: Iterable[str] = ()) -> str | None:
    """Why a request with these headers came from a page of another site, or ``None`` if it did not.

    Allowed: no ``Origin`` (a script, or a browser's own navigation), or an ``Origin`` whose host is the
    request's ``Host``, or one of ``allowed`` (such as ``https://cards.example``, a proxy's public address);
    refused: any other ``Origin`` (``null`` too), or ``Sec-Fetch-Site: cross-site`` / ``same-site`` without an
    allowed ``Origin``.

    >>> cross_site({"origin": "http://127.0.0.1:8000", "host": "127.0.0.1:8000"}) is None
    True
    >>> cross_site({"origin": "https://evil.example", "host": "127.0.0.1:8000"})  # doctest: +ELLIPSIS
    'refused: this request came from a page of another site (https://evil.example); ...'
    """
    origin = headers.get("origin")
    fetch_site = (headers.get("sec-fetch-site") or "").strip().lower()
    if origin is not None:
        key = _origin_key(origin)
        if key is not None and (key in {_origin_key(a) for a in allowed}
                                or key.split("://", 1)[1] == _host_key(headers.get("host") or "")):
            return None
        where = origin if key is not None else _("origin {origin}", origin=repr(origin))
    elif fetch_site in ("cross-site", "same-site"):
        where = _("the browser says {said}", said=fetch_site)
    else:
        return None
    return _("refused: this request came from a page of another site ({where}); the room takes changes only "
             "from its own pages, or from scripts that send no Origin", where=where)


async def _json_answer(send: Send, status: int, body: dict[str, Any]) -> None:
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})


class SameOrigin:
    """ASGI middleware: writes and WebSocket handshakes from pages of other sites refused with 403 and the
    reason (:func:`cross_site`); a write to ``/api/`` with a body that is not ``application/json`` refused with
    415. ``allowed``: origins besides the server's own (a proxy's public address)."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = tuple(allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket") or (kind == "http" and scope.get("method") not in WRITES):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        why = cross_site(headers, self.allowed)
        if why is not None:
            why = worded(why, asked_language(scope))
            if kind == "websocket":
                await self._refuse_socket(scope, send, why)
            else:
                await _json_answer(send, 403, {"error": why})
            return
        if kind == "http" and scope.get("path", "").startswith("/api/") and _has_body(headers):
            media = headers.get("content-type", "").split(";")[0].strip().lower()
            if media != "application/json":
                said = _("not {media}", media=media) if media else _("no Content-Type was sent")
                why = _("send JSON with Content-Type: application/json ({said})", said=said)
                await _json_answer(send, 415, {"error": worded(why, asked_language(scope))})
                return
        await self.app(scope, receive, send)

    @staticmethod
    async def _refuse_socket(scope: Scope, send: Send, why: str) -> None:
        """Refuse a handshake: 403 with the reason as JSON where the server can send a body, else a bare 403."""
        if "websocket.http.response" in scope.get("extensions", {}):
            data = json.dumps({"error": why}).encode()
            await send({"type": "websocket.http.response.start", "status": 403,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(data)).encode())]})
            await send({"type": "websocket.http.response.body", "body": data})
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": why[:120]})


def _has_body(headers: dict[str, str]) -> bool:
    length = headers.get("content-length")
    if length is not None:
        return length.strip() not in ("", "0")
    return "transfer-encoding" in headers


class SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP response (``Strict-Transport-Security`` too when
    the request came over HTTPS)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        https = scope.get("scheme") == "https"

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in HEADERS if k not in have]
                if https:
                    extra.append((b"strict-transport-security", b"max-age=31536000"))
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class _TooLarge(Exception):
    pass


async def _refuse_body(scope: Scope, send: Send, limit: int, seen: int | None) -> None:
    said = _n("{n} byte", "{n} bytes", seen, n=seen) if seen is not None else _("more than that")
    why = worded(_("request too large: {said}; the limit is {limit} bytes", said=said, limit=limit),
                 asked_language(scope))
    body = json.dumps({"error": why}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes is refused with 413 before it is read."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = next((v for k, v in scope.get("headers", []) if k.lower() == b"content-length"), None)
        if declared is not None:
            try:
                size = int(declared)
            except ValueError:
                size = -1
            if size < 0 or size > self.limit:  # refused on its header: not one byte of the body is read
                await _refuse_body(scope, send, self.limit, size if size >= 0 else None)
                return
        received = 0
        started = False

        async def counted_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise _TooLarge
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except _TooLarge:
            if not started:
                await _refuse_body(scope, send, self.limit, None)


class RateLimits:
    """Moving-window limits per (action, client). ``limits`` maps an action to its windows (see
    :data:`DEFAULT_LIMITS`; an action missing from it is not limited)."""

    def __init__(self, limits: dict[str, str] | None = None) -> None:
        spec = {**DEFAULT_LIMITS, **(limits or {})}
        sockets = str(spec.pop("sockets", "") or "0")
        if not sockets.isdigit():
            raise ValueError(f'the "sockets" limit is a number of connections open at once, not {sockets!r}')
        self.sockets = int(sockets)
        """WebSockets one address may hold open at once (0: no limit)."""
        self.open: Counter[str] = Counter()
        self.items: dict[str, list[RateLimitItem]] = {k: parse_many(v) for k, v in spec.items() if v}
        self.spec = {k: v for k, v in spec.items() if v}
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    def hit(self, action: str, client: str) -> int | None:
        """Count one ``action`` by ``client``; ``None`` if allowed, else the seconds to wait (for
        ``Retry-After``). A refused attempt is not counted."""
        items = self.items.get(action, [])
        for item in items:
            if not self.limiter.test(item, action, client):
                reset = self.limiter.get_window_stats(item, action, client).reset_time
                return max(1, math.ceil(reset - time.time()))
        for item in items:
            self.limiter.hit(item, action, client)
        return None

    def clear(self, action: str, client: str) -> None:
        """Forget what ``client`` did of ``action`` (a login that succeeded clears the name's failed tries)."""
        for item in self.items.get(action, []):
            self.limiter.clear(item, action, client)

    def open_socket(self, client: str) -> bool:
        """Count a WebSocket of ``client`` opened; False (not counted) if it holds :attr:`sockets` already."""
        if self.sockets and self.open[client] >= self.sockets:
            return False
        self.open[client] += 1
        return True

    def close_socket(self, client: str) -> None:
        self.open[client] -= 1
        if self.open[client] <= 0:
            del self.open[client]

    def describe(self, action: str) -> str:
        """The limit in words, e.g. ``5 per 10 seconds``."""
        def words(i: RateLimitItem) -> str:
            unit = i.GRANULARITY.name
            if unit in PER:
                one, many = PER[unit]
                return _(many, amount=i.amount, n=i.multiples) if i.multiples > 1 else _(one, amount=i.amount)
            return f"{i.amount} per {i.multiples} {unit}s" if i.multiples > 1 else f"{i.amount} per {unit}"

        said: str = ""
        for n, i in enumerate(self.items.get(action, [])):
            said = words(i) if n == 0 else _("{first} and {then}", first=said, then=words(i))
        return said


PER = {
    "second": (N_("{amount} per second"), N_("{amount} per {n} seconds")),
    "minute": (N_("{amount} per minute"), N_("{amount} per {n} minutes")),
    "hour": (N_("{amount} per hour"), N_("{amount} per {n} hours")),
    "day": (N_("{amount} per day"), N_("{amount} per {n} days")),
}
"""A rate limit's window in words, per unit: once (``5 per minute``) and several (``5 per 10 minutes``)."""
