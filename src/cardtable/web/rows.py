"""What the card room's store reads and writes: its rows (a table, a seat, a deal, an action, a bot job, an
action to append, a table's snapshot) and the errors it raises, worded for the person who runs the room. The
store (:mod:`cardtable.web.store`) exports them all."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["ActionRow", "Append", "Damaged", "DealRow", "Job", "NotADatabase", "SeatRow", "Snapshot", "Stale",
           "StoreError", "TableRow", "Unavailable"]


class StoreError(Exception):
    """A store failure, worded for the person who runs the room."""


class Stale(StoreError):
    """Another process (or request) recorded this position first; reload and try again."""


class Unavailable(StoreError):
    """The database cannot be reached (or is busy) just now; nothing was recorded, try again."""


class Damaged(StoreError):
    """The database file is damaged where this read or write went."""


class NotADatabase(StoreError):
    """The file given is not a database, or the database is not a card room's."""


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    max_deals: int | None
    created: float
    totals: list[Any]
    deals_done: int
    finished: bool
    creator: str | None = None
    bot_seconds: float = 0.0
    public: bool = False
    takeover: float | None = None
    muted: bool = False
    undos: int = 0
    hints: int = 0
    rated: int = 0
    speed: str = "normal"
    pack: str = "auto"  # the pack the cards are drawn in (cardtable.web.packs)
    between: str = "ready"


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str
    name: str
    token_hash: str | None
    account_id: str | None = None
    opened: bool = False  # a connection has opened the seat (its link was used)

    def free(self, listed: bool, creator: int | None) -> bool:
        """Whether a newcomer may take this seat: a person's seat without a link, or, while the table is listed
        in the lobby, one whose link nobody has opened yet (never the creator's)."""
        if self.kind != "human":
            return False
        return self.token_hash is None or (listed and self.seat != creator and not self.opened
                                           and self.account_id is None)


@dataclass(frozen=True)
class DealRow:
    deal_no: int
    deck: str
    dealer: int
    carry: dict[str, Any] | None
    result: dict[str, Any] | None


@dataclass(frozen=True)
class ActionRow:
    idx: int
    seat: int
    action: str


@dataclass(frozen=True)
class Job:
    """A pending bot move: ``seat`` acts at position (``deal_no``, ``idx``); seat -1 deals the next deal."""

    table_id: str
    deal_no: int
    idx: int
    seat: int
    kind: str
    people: bool
    run_at: float = 0.0
    attempts: int = 0
    claimed_by: str | None = None
    lease_until: float | None = None


@dataclass(frozen=True)
class Append:
    """One action to log (see :meth:`Store.append_action`): its position, the seat and action, and what follows
    from it — ``finished`` = (result, match totals, match over) when it ends the deal, the table's next bot
    ``job`` (replacing any pending one), the bot time it took; ``more``: moves that follow it at once."""

    table_id: str
    deal_no: int
    idx: int
    seat: int
    action: str
    finished: tuple[dict[str, Any], list[Any], bool] | None = None
    job: Job | None = None
    bot_seconds: float = 0.0
    more: tuple[tuple[int, str], ...] = ()  # (seat, action) logged after it in the same transaction


@dataclass(frozen=True)
class Snapshot:
    """A table read in one consistent snapshot: its row, seats, deals and every deal's actions."""

    table: TableRow
    seats: list[SeatRow]
    deals: list[DealRow]
    actions: dict[int, list[ActionRow]] = field(default_factory=dict)
