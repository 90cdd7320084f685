"""What keeps a room open to strangers safe: security headers, a body limit enforced before a body is read,
and rate limits per client.

- :class:`SecurityHeaders` adds to every HTTP response (pages, the API, static files, errors) a
  Content-Security-Policy that allows no inline script, ``X-Content-Type-Options: nosniff``, frame
  protection (``frame-ancestors 'none'`` and ``X-Frame-Options: DENY``) and ``Referrer-Policy: no-referrer``
  (seat links carry their secret in the address: no other site may see it).
- :class:`BodyLimit` refuses a request body over the limit *before reading it*: a declared
  ``Content-Length`` over the limit is answered 413 at once, and a body sent without one (chunked) is
  counted as it arrives and refused as soon as it passes the limit, so a huge body never sits in memory.
- :class:`RateLimits` counts, per client address, table creation, joining, chat, account creation, login,
  hints and replays in moving windows (the ``limits`` library), and the messages of each WebSocket; over a
  limit the answer is 429 with ``Retry-After`` (over a WebSocket, an error with ``retry_after``). It also
  caps the WebSockets one address holds open at once. Each process counts for itself: with N processes
  behind a balancer a client may get up to N times the limit (documented in docs/public-room.md).
"""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

__all__ = ["CSP", "DEFAULT_LIMITS", "MAX_BODY", "BodyLimit", "RateLimits", "SecurityHeaders"]

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
    "login": "10/minute;60/hour",  # login attempts (a password guesser gets 60 an hour)
    "hint": "12/minute",  # hints and after-deal reviews (each is a search of a second or so)
    "replay": "30/minute",  # replays of a finished deal (every step's view: up to ~1 MB and 50 ms for a long deal)
    "message": "20/second;600/minute",  # messages over one WebSocket (counted per socket, not per address)
    "sockets": "50",  # WebSockets one address holds open at once (a number, not a window)
    "connect": "30/10 seconds;180/minute",  # WebSockets opened (each open or close is news to every watcher)
}
"""What one client address may do, per action (``limits`` notation: several windows separated by ``;``);
``sockets`` is a count of connections open at once. ``""`` lifts a limit."""


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


async def _refuse_body(send: Send, limit: int, seen: int | None) -> None:
    said = f"{seen} bytes" if seen is not None else "more than that"
    body = json.dumps({"error": f"request too large: {said}; the limit is {limit} bytes"}).encode()
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
                await _refuse_body(send, self.limit, size if size >= 0 else None)
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
                await _refuse_body(send, self.limit, None)


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
            return f"{i.amount} per {i.multiples} {unit}s" if i.multiples > 1 else f"{i.amount} per {unit}"

        return " and ".join(words(i) for i in self.items.get(action, []))
