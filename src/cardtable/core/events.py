"""The public log of a deal's events: what happened at the table, as each seat may see it.

The core records the events as actions are applied: every action (a card played, a call, a bid, an exchange
or a discard) goes into the deal's history, and the trick play adds who won each trick with which card
(:meth:`TrickDeal._play_index <cardtable.core.tricks.TrickDeal._play_index>`). A game adds events of its own
mechanics with :meth:`Deal.add_event <cardtable.core.deal.Deal.add_event>` (a widow taken, a pool paid),
each either public or seen by one seat only, with the words the others see.

A view carries the log as its ``events`` key (:data:`~cardtable.core.views.BASE_KEYS`), built for that seat
by the one view function: another seat's discard appears as ``Ann discards two cards`` does at a table (the
history's redaction), the cards only to Ann. Each event is a small JSON object; :class:`Event` reads one.

>>> Event.of({"kind": "won", "seat": 2, "what": "KS", "index": 1})
Event(kind='won', seat=2, what='KS', index=1)
>>> Event("play", 0, "AS").to_json()
{'kind': 'play', 'seat': 0, 'what': 'AS'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["ACT", "KINDS", "PLAY", "WON", "Event"]

PLAY = "play"
"""A card played (``what``: its code)."""
ACT = "act"
"""Any other action: a call, a bid, an exchange, a discard (``what``: the action as the seat may see it)."""
WON = "won"
"""A trick won (``seat``: the winner; ``what``: the winning card; ``index``: its place in the trick, from 0)."""
KINDS = (PLAY, ACT, WON)
"""The core's kinds; a game's own events have kinds of their own (a word: ``"widow"``, ``"pool"``)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One public event: its kind, the seat it concerns (``None``: the table), what happened and, for a
    trick won, the winning card's index in the trick."""

    kind: str
    seat: int | None
    what: str
    index: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The event as a view holds it."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "what": self.what}
        if self.index is not None:
            out["index"] = self.index
        return out

    @classmethod
    def of(cls, data: dict[str, Any]) -> Event:
        """An event read back from a view."""
        return cls(data["kind"], data.get("seat"), data.get("what", ""), data.get("index"))


def problem(v: Any, players: int) -> str | None:
    """What is wrong with a view's ``events`` value (``None``: it is a list of events)."""
    if not isinstance(v, list):
        return f"{v!r} is not a list of events"
    for e in v:
        if not (isinstance(e, dict) and isinstance(e.get("kind"), str) and isinstance(e.get("what"), str)
                and (e.get("seat") is None or (type(e.get("seat")) is int and 0 <= e["seat"] < players))
                and (e.get("index") is None or type(e.get("index")) is int)
                and set(e) <= {"kind", "seat", "what", "index"}):
            return f"{e!r} is not an event"
    return None
