"""The WebSocket protocol: what a client may send, and the frames the server answers with.

A client only proposes; the server decides. Messages are JSON objects with a ``type``:

=========  ==========================================  =============================================
type       fields                                      meaning
=========  ==========================================  =============================================
``act``    ``action`` (text), ``rev``, ``deal``        play an action for the client's seat; ``rev`` and
                                                       ``deal`` (optional ints) name the state it was
                                                       chosen in: if the table has moved on, it is refused
``next``   —                                           deal the next deal of the match
``replay`` ``deal`` (int, from 1)                      a finished deal step by step, as this seat saw it
``sheet``  —                                           the score sheet again
``ping``   —                                           keep-alive; answered with ``pong``
``chat``   ``text`` (at most 300 characters)           a line in the table's chat
``mute``   ``muted`` (true or false)                   a player mutes (or unmutes) the spectators' chat
``public`` ``public`` (true or false)                  the table's creator lists it in the lobby or not
``speed``  ``speed`` (slow, normal, fast or instant)   the table's creator sets the bots' speed
``undo``   —                                           take back your last action (against bots only)
``hint``   —                                           what the IS-MCTS bot would play, and why
``review`` ``deal`` (int, from 1)                      after a deal: where the bot would have done better
=========  ==========================================  =============================================

The server sends ``state`` (the table and ``view``: ``deal.view(seat)`` or ``public_view()``, with ``show``:
that view's names, labels, moves and order for the page, :mod:`cardtable.web.present`), ``sheet`` (finished
deals' settlements), ``replay`` (``steps``, their ``shows``, and the chat said during the deal), ``thinking``
(a bot is choosing), ``chat`` (new chat lines and whether spectators are muted), ``hint``, ``review``,
``error`` (what was wrong and what is allowed; ``say``: the same for a player, in words) and ``pong``.

>>> parse_message('{"type": "act", "action": "QH"}')
Message(type='act', action='QH', rev=None, deal=None, text=None, muted=None, public=None, speed=None)
>>> parse_message('{"type": "fly"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.web.protocol.ProtocolError: unknown message type 'fly'; types are: act, next, replay, sheet, ping, ...
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import orjson

__all__ = ["MAX_CHAT", "MAX_DEPTH", "MAX_FRAME", "TYPES", "Message", "ProtocolError", "error_frame", "load_json",
           "parse_message", "plain"]

MAX_FRAME = 4096
"""Largest text frame a client may send, in characters (an action is a few dozen)."""

MAX_DEPTH = 1024
"""The deepest nesting of arrays and objects JSON may have (orjson's own limit; a message needs two)."""

TYPES = ("act", "next", "replay", "sheet", "ping", "chat", "mute", "public", "speed", "undo", "hint", "review")
MAX_CHAT = 300
"""Longest chat line, in characters."""


class ProtocolError(ValueError):
    """A client message that cannot be understood; the text says what was wrong and what is allowed."""


@dataclass(frozen=True)
class Message:
    type: str
    action: str | None = None
    rev: int | None = None
    deal: int | None = None
    text: str | None = None  # a chat line
    muted: bool | None = None
    public: bool | None = None  # the table listed in the lobby (true) or by link only (false)
    speed: str | None = None  # the bots' speed at the table


def _int_field(data: dict[str, Any], name: str, required: bool) -> int | None:
    v = data.get(name)
    if v is None:
        if required:
            raise ProtocolError(f"a {data['type']!r} message needs {name!r}, a whole number")
        return None
    if not isinstance(v, int) or isinstance(v, bool):
        raise ProtocolError(f"{name!r} must be a whole number, not {v!r}")
    return v


def load_json(text: str | bytes) -> Any:
    r"""JSON text (a frame, or a request's body) as Python values, or :class:`ProtocolError` saying what is wrong:
    malformed, nested more than :data:`MAX_DEPTH` deep, or holding half a character (a lone UTF-16 surrogate
    such as ``"\ud800"``, which no text can carry on). orjson parses it: no recursion, so no depth can crash
    the server.

    >>> load_json('{"type": "ping"}')
    {'type': 'ping'}
    >>> load_json("[" * 5000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardtable.web.protocol.ProtocolError: malformed JSON: nested too deeply (at most 1024 levels of [ and {) ...
    >>> load_json('"\\ud800"')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardtable.web.protocol.ProtocolError: malformed JSON: a lone surrogate (half of a character) at character 1; ...
    """
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError as e:
        if "depth" in e.msg or "recursion" in e.msg.lower():
            raise ProtocolError(f"malformed JSON: nested too deeply (at most {MAX_DEPTH} levels of [ and {{) at "
                                f"character {e.pos}") from None
        if "surrogate" in e.msg:
            raise ProtocolError(f"malformed JSON: a lone surrogate (half of a character) at character {e.pos}; "
                                "send whole characters") from None
        if "UTF-8" in e.msg:
            raise ProtocolError(f"malformed JSON: the text is not UTF-8 ({e.msg})") from None
        raise ProtocolError(f"malformed JSON: {e.msg} at character {e.pos}") from None


def parse_message(text: str | bytes | None) -> Message:
    """Check one client frame and return it as a :class:`Message`, or raise :class:`ProtocolError`."""
    if not isinstance(text, str):
        raise ProtocolError("frames must be JSON text, not binary")
    if len(text) > MAX_FRAME:
        raise ProtocolError(f"frame too large: {len(text)} characters; the limit is {MAX_FRAME}")
    data = load_json(text)
    if not isinstance(data, dict):
        raise ProtocolError('a message is a JSON object such as {"type": "act", "action": "QH"}')
    kind = data.get("type")
    if kind not in TYPES:
        raise ProtocolError(f"unknown message type {kind!r}; types are: {', '.join(TYPES)}")
    if kind == "act":
        action = data.get("action")
        if not isinstance(action, str) or not action.strip():
            raise ProtocolError("an 'act' message needs 'action', the action's text such as 'QH' or 'pass'")
        return Message("act", action=action, rev=_int_field(data, "rev", False), deal=_int_field(data, "deal", False))
    if kind in ("replay", "review"):
        return Message(kind, deal=_int_field(data, "deal", True))
    if kind == "chat":
        text_ = data.get("text")
        if not isinstance(text_, str) or not text_.strip():
            raise ProtocolError("a 'chat' message needs 'text', the line to say")
        if len(text_) > MAX_CHAT:
            raise ProtocolError(f"a chat line is at most {MAX_CHAT} characters, not {len(text_)}")
        return Message("chat", text=text_)
    if kind == "mute":
        muted = data.get("muted")
        if not isinstance(muted, bool):
            raise ProtocolError("a 'mute' message needs 'muted': true or false")
        return Message("mute", muted=muted)
    if kind == "public":
        public = data.get("public")
        if not isinstance(public, bool):
            raise ProtocolError("a 'public' message needs 'public': true (listed in the lobby) or false (by link "
                                "only)")
        return Message("public", public=public)
    if kind == "speed":
        speed = data.get("speed")
        if not isinstance(speed, str):
            raise ProtocolError("a 'speed' message needs 'speed': slow, normal, fast or instant")
        return Message("speed", speed=speed)
    return Message(kind)


def plain(x: Any) -> Any:
    """An amount as JSON: ints stay ints, fractions become text such as ``"1/3"``.

    >>> plain(Fraction(6, 3)), plain(Fraction(1, 3)), plain([1, Fraction(1, 2)])
    (2, '1/3', [1, '1/2'])
    """
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    if isinstance(x, list | tuple):
        return [plain(v) for v in x]
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    return x


def frame_text(frame: dict[str, Any]) -> str:
    """A frame as the JSON text sent on the socket (orjson: the server writes thousands a second). Keys that
    are not text become text, as the standard library would write them; a value orjson cannot write (an
    integer beyond 64 bits) falls back to the standard library, which writes any character outside ASCII as an
    escape, so that even a lone surrogate cannot make the text unsendable.

    >>> frame_text({"type": "state", "you": 0, "seats": {1: "Ann"}, "lines": ["Ann wins 3 chips"]})
    '{"type":"state","you":0,"seats":{"1":"Ann"},"lines":["Ann wins 3 chips"]}'
    """
    try:
        return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(frame, separators=(",", ":"))


def error_frame(reason: str, **extra: Any) -> dict[str, Any]:
    """The frame telling a client what was wrong."""
    return {"type": "error", "error": reason, **extra}
