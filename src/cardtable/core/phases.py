"""Phases: a game's stages as an enum, and for each one the handlers that run it.

A game lists its phases as a :class:`Phase` enum (the value is the name shown in views and records) and
writes, for each phase in which a seat chooses among words (bids, exchanges...), three methods named
after it — as OpenSpiel's games switch on their phase in ``LegalActions`` and ``ApplyAction``:

``options_<phase>(seat)``
    the actions of the phase's vocabulary worth asking about for ``seat`` (no rule applied here);
``check_<phase>(seat, action)``
    the rule: ``None`` if ``action`` is allowed, else the reason in words (PokerKit's ``verify_*``). It is
    the only place the rule is written: ``legal()`` keeps the options it allows, ``why_not()`` returns its
    reason and ``act()`` refuses what it refuses;
``apply_<phase>(seat, action)``
    the effect of an allowed action.

An optional ``legal_<phase>(seat)`` may replace the filtering where it is hot (it must still answer from
``check_<phase>``, e.g. memoised). A phase listed in the game's ``card_phases`` needs none of these: its
actions are exactly the playable cards, which the core offers, checks and plays itself (``play_mask``,
``why_card``). The phase whose value is ``"done"`` ends the deal and has no handlers.

>>> class Demo(Phase):
...     BID = "bid"
...     DONE = "done"
>>> Demo.BID == "bid", f"{Demo.BID}", Demo("done") is Demo.DONE
(True, 'bid', True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

__all__ = ["DONE", "DONE_OF", "HANDLERS", "Phase", "PhaseHandlers", "done_phase", "handlers"]

DONE = "done"
"""The value of the phase that ends every deal."""


class Phase(StrEnum):
    """Base of a game's phase enum. Members are strings, so views, records and old code read them as text."""


@dataclass(frozen=True)
class PhaseHandlers:
    """The methods that run one phase (unbound functions of the deal class)."""

    options: Callable[[Any, int], Iterable[str]]
    check: Callable[[Any, int, str], str | None]
    apply: Callable[[Any, int, str], None]
    legal: Callable[[Any, int], Sequence[str]] | None = None


HANDLERS: dict[type, dict[str, PhaseHandlers]] = {}
"""The handler tables, per deal class, built on first use by :func:`handlers`."""


def handlers(cls: type) -> dict[str, PhaseHandlers]:
    """The handlers of every word phase of a deal class, found once per class by their names.

    Raises ``TypeError`` naming what is missing, so a phase without its rule cannot go unnoticed.
    """
    table = HANDLERS.get(cls)
    if table is None:
        table = {}
        phases: type[Phase] | None = getattr(cls, "phases", None)
        cards = set(getattr(cls, "card_phases", ()))
        for p in phases or ():
            if p.value == DONE or p in cards:
                continue
            found = {role: getattr(cls, f"{role}_{p.value}", None) for role in ("options", "check", "apply", "legal")}
            missing = [f"{role}_{p.value}" for role in ("options", "check", "apply") if found[role] is None]
            if missing:
                raise TypeError(f"{cls.__name__}: phase {p.value!r} has no {' or '.join(missing)}")
            table[p.value] = PhaseHandlers(found["options"], found["check"], found["apply"],  # type: ignore[arg-type]
                                           found["legal"])
        HANDLERS[cls] = table
    return table


DONE_OF: dict[type, str] = {}
"""Per deal class: the member of its phases that ends the deal (:func:`done_phase`)."""


def done_phase(cls: type) -> str:
    """The member of a deal class's phases that ends the deal."""
    got = DONE_OF.get(cls)
    if got is None:
        got = DONE_OF[cls] = cls.phases(DONE)  # type: ignore[attr-defined]
    return got
