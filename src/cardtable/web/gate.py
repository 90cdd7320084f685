"""The server's door for connections: how many may be open at once (from one address and in all), how long a
request may take to arrive, and the file limit they need. ``cardtable serve`` gives these to uvicorn.

uvicorn closes an idle keep-alive connection only after a response (``timeout_keep_alive``): a connection that
sends nothing, or trickles its headers a byte at a time (slowloris), is held for ever, and enough of them use
up the process's file descriptors and take the service down. uvicorn has no deadline for a request to arrive
(its issue 157, "timeout unless request headers complete within this time", is still open) and no cap per
address, and an ASGI middleware runs only once a request's headers are complete, too late for either. So the
HTTP protocol uvicorn runs is wrapped here (:class:`GuardedHttp`, given to uvicorn as ``http=``), with the
WebSocket protocol (:class:`GuardedWebSockets`, ``ws=``) so that a connection upgraded to a WebSocket stays
counted until it closes:

- a new connection over the cap from its address, or over the cap in all, is answered ``503`` with the reason
  and closed at once (a proxy's address trusted with ``--forwarded-allow-ips`` has no cap of its own: everyone
  behind it shares it);
- a request must arrive whole (its headers and body) within ``request_timeout`` seconds of the connection's
  start or of the previous response, else ``408`` and the connection is closed; a WebSocket, once open, is
  watched by its own pings instead;
- a request's headers over :data:`MAX_HEADERS` bytes are answered ``431`` and the connection closed.

The settings come from :class:`Limits`, read from the ``CARDTABLE_*`` environment in each server process
(:func:`limits_from_env`) so that every worker of ``serve --workers N`` has them.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import resource
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover - httptools comes with uvicorn[standard]
    HttpToolsProtocol = None  # type: ignore[assignment, misc]

__all__ = ["FILES_KEPT", "MAX_HEADERS", "Gate", "GuardedH11", "GuardedHttp", "GuardedWebSockets", "Limits", "gate",
           "limits_from_env", "raise_file_limit"]

log = logging.getLogger("cardtable.web")

MAX_HEADERS = 65_536
"""The most bytes a request's line and headers may take (a browser's are under 8 KiB)."""

FILES_KEPT = 256
"""File descriptors kept free of connections: the database, the bot workers' pipes, static files, logs."""


@dataclass(frozen=True)
class Limits:
    """``max_connections``: connections open at once in all (HTTP and WebSocket; 0: no cap);
    ``per_address``: from one address (0: no cap); ``request_timeout``: seconds a request may take to arrive
    whole; ``trusted``: addresses or networks of proxies (``*``: any), which have no cap of their own."""

    max_connections: int = 4096
    per_address: int = 128
    request_timeout: float = 10.0
    trusted: frozenset[str] = field(default_factory=frozenset)


def limits_from_env() -> Limits:
    """The limits ``cardtable serve`` set in the environment (``CARDTABLE_MAX_CONNECTIONS``,
    ``CARDTABLE_MAX_PER_ADDRESS``, ``CARDTABLE_REQUEST_TIMEOUT``, ``CARDTABLE_TRUSTED_PROXIES``)."""
    d = Limits()
    env = os.environ
    trusted = env.get("CARDTABLE_TRUSTED_PROXIES", "")
    return Limits(max_connections=int(env.get("CARDTABLE_MAX_CONNECTIONS", d.max_connections)),
                  per_address=int(env.get("CARDTABLE_MAX_PER_ADDRESS", d.per_address)),
                  request_timeout=float(env.get("CARDTABLE_REQUEST_TIMEOUT", d.request_timeout)),
                  trusted=frozenset(a.strip() for a in trusted.split(",") if a.strip()))


def raise_file_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit (each connection is a file); returns the
    soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft == resource.RLIM_INFINITY or soft >= target:
        return int(soft if soft != resource.RLIM_INFINITY else target)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError):  # e.g. above the kernel's nr_open: keep what we have
        return int(soft)
    return int(target)


class Gate:
    """The connections of one server process: counted per address and in all, from their first byte to their
    close (through an upgrade to a WebSocket)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open: Counter[str] = Counter()
        self.held: dict[Any, str] = {}  # transport -> the address it is counted against
        self.refused = 0  # connections refused since the last warning logged
        self._warned = -1e9
        self._trusted: list[Any] = []
        for t in limits.trusted:
            if t == "*":
                self._trusted = ["*"]
                break
            with contextlib.suppress(ValueError):  # a Unix socket's name, say: never a peer address here
                self._trusted.append(ipaddress.ip_network(t, strict=False))

    def trusted(self, address: str) -> bool:
        """Whether ``address`` is a proxy's (no cap of its own)."""
        if not self._trusted:
            return False
        if self._trusted == ["*"]:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in self._trusted)

    @property
    def total(self) -> int:
        return len(self.held)

    def admit(self, transport: Any) -> str | None:
        """Count a new connection; or, over a cap, the reason it is refused (and it is not counted)."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
        lim = self.limits
        if lim.max_connections and self.total >= lim.max_connections:
            return (f"the server is full: {lim.max_connections} connections are open, the most it holds at once; "
                    "try again in a moment")
        if lim.per_address and self.open[address] >= lim.per_address and not self.trusted(address):
            return (f"too many connections from your address: {lim.per_address} are open, the most one address "
                    "may hold at once; close some pages and try again")
        self.held[transport] = address
        self.open[address] += 1
        return None

    def note_refusal(self, why: str) -> None:
        """Log a refusal, at most once a minute (a flood would fill the log), with how many were refused."""
        self.refused += 1
        now = time.monotonic()
        if now - self._warned >= 60:
            log.warning("connections refused: %d since the last note, the last because %s", self.refused, why)
            self.refused, self._warned = 0, now

    def release(self, transport: Any) -> None:
        """The connection closed (safe to call twice)."""
        address = self.held.pop(transport, None)
        if address is None:
            return
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


_GATE: Gate | None = None


def gate() -> Gate:
    """This process's gate (made at the first connection, from the environment)."""
    global _GATE
    if _GATE is None:
        _GATE = Gate(limits_from_env())
    return _GATE


def _answer(transport: Any, status: int, phrase: str, text: str) -> None:
    """A plain-text answer written straight to the socket, and the connection closed."""
    body = (text + "\n").encode()
    transport.write(f"HTTP/1.1 {status} {phrase}\r\ncontent-type: text/plain; charset=utf-8\r\n"
                    f"content-length: {len(body)}\r\nconnection: close\r\n\r\n".encode() + body)
    transport.close()


class _Guard:
    """What the HTTP protocols share: admission, the deadline for a request to arrive, the header cap."""

    transport: Any
    loop: asyncio.AbstractEventLoop
    _refused = False
    _deadline: asyncio.TimerHandle | None = None
    _reading = 0  # bytes of the request being read before its headers were complete (-1: headers complete)
    counts_headers = True  # whether the headers' size is capped here (h11 caps it itself)

    def connection_made(self, transport: Any) -> None:
        why = gate().admit(transport)
        if why is not None:
            self._refused = True
            gate().note_refusal(why)
            _answer(transport, 503, "Service Unavailable", why)
            return
        super().connection_made(transport)  # type: ignore[misc]
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._refused:
            return
        self._disarm()
        gate().release(self.transport)
        super().connection_lost(exc)  # type: ignore[misc]

    def data_received(self, data: bytes) -> None:
        counting = self.counts_headers and self._reading >= 0
        super().data_received(data)  # type: ignore[misc]
        if counting and self._reading >= 0:  # the headers are still not complete after these bytes
            self._reading += len(data)
            if self._reading > MAX_HEADERS and not self.transport.is_closing():
                self._disarm()
                _answer(self.transport, 431, "Request Header Fields Too Large",
                        f"the request's headers are over {MAX_HEADERS} bytes")

    def _arm(self) -> None:
        self._disarm()
        self._reading = 0
        timeout = gate().limits.request_timeout
        if timeout > 0:
            self._deadline = self.loop.call_later(timeout, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _received(self) -> None:
        """The request has arrived whole (or became a WebSocket): no deadline until the next one."""
        self._disarm()
        self._reading = -1

    def _expired(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            _answer(self.transport, 408, "Request Timeout",
                    f"the request did not arrive within {gate().limits.request_timeout:g} seconds")

    def handle_websocket_upgrade(self, *args: Any) -> None:
        self._received()
        super().handle_websocket_upgrade(*args)  # type: ignore[misc]

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        if not self.transport.is_closing() and not getattr(self, "pipeline", None):
            self._arm()  # the next request on this connection has the same time to arrive


class GuardedH11(_Guard, H11Protocol):
    """uvicorn's h11 protocol behind the gate (h11 limits the headers' size itself)."""

    counts_headers = False

    def handle_events(self) -> None:
        super().handle_events()
        import h11

        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED):
            self._received()


if HttpToolsProtocol is not None:
    class GuardedHttpTools(_Guard, HttpToolsProtocol):
        """uvicorn's httptools protocol behind the gate."""

        def on_headers_complete(self) -> None:
            self._reading = -1
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            self._received()
            super().on_message_complete()

    GuardedHttp: type[asyncio.Protocol] = GuardedHttpTools
else:  # pragma: no cover
    GuardedHttp = GuardedH11


_WS: Any = AutoWebSocketsProtocol


class GuardedWebSockets(_WS):  # type: ignore[misc]
    """uvicorn's WebSocket protocol, counted by the gate until the socket closes."""

    def connection_lost(self, exc: Exception | None) -> None:
        gate().release(self.transport)
        super().connection_lost(exc)
