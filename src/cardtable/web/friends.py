"""The meeting room's part of the store: friends added by name, invitations to a seat, the seat links a
creator's account keeps, who is online, and quick-play tables (found, and filled with bots when their wait is
over). Mixed into :class:`~cardtable.web.store.Store`; every write is one transaction, on both backends.

A seat link is a secret: the store otherwise keeps only its hash. The links a logged-in creator made for other
people's seats are kept as they are (``seat_links``) so that the creator finds them on another device, and only
until each is opened: the first opening deletes the copy.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import Connection, and_, delete, func, insert, select, update

from . import schema as s

__all__ = ["ONLINE", "FriendRecords", "FriendRow", "InvitationRow"]

ONLINE = 40.0
"""Seconds an account counts as online after a page of the room last told the server it was open."""
PRESENT = 25.0  # as records.PRESENT: a seat's heartbeat


class _Database(Protocol):
    backend: str

    def read(self, snapshot: bool = False) -> AbstractContextManager[Connection]: ...

    def write(self) -> AbstractContextManager[Connection]: ...


@dataclass(frozen=True)
class FriendRow:
    id: str
    name: str
    online: bool


@dataclass(frozen=True)
class InvitationRow:
    id: str
    table_id: str
    seat: int
    from_account: str
    from_name: str
    to_account: str
    to_name: str
    created: float
    status: str
    game: str


class FriendRecords:
    """Friends, invitations, kept seat links, who is online, quick play (mixed into the store)."""

    # ------------------------------------------------------------ online
    def note_seen(self: _Database, account_ids: Sequence[str], now: float | None = None) -> None:
        """These accounts have a page of the room open now."""
        if not account_ids:
            return
        with self.write() as conn:
            conn.execute(update(s.accounts).where(s.accounts.c.id.in_(sorted(set(account_ids))))
                         .values(seen=time.time() if now is None else now))

    # ----------------------------------------------------------- friends
    def add_friend(self: _Database, account_id: str, friend_id: str) -> bool:
        """``account_id`` adds ``friend_id``; False if it had already."""
        f = s.friends.c
        with self.write() as conn:
            if conn.execute(select(f.friend_id).where(f.account_id == account_id, f.friend_id == friend_id)).first():
                return False
            conn.execute(insert(s.friends).values(account_id=account_id, friend_id=friend_id, created=time.time()))
        return True

    def remove_friend(self: _Database, account_id: str, friend_id: str) -> bool:
        f = s.friends.c
        with self.write() as conn:
            done = conn.execute(delete(s.friends).where(f.account_id == account_id, f.friend_id == friend_id))
        return bool(done.rowcount)

    def friend_count(self: _Database, account_id: str) -> int:
        with self.read() as conn:
            return int(conn.execute(select(func.count()).select_from(s.friends)
                                    .where(s.friends.c.account_id == account_id)).scalar() or 0)

    def is_friend(self: _Database, account_id: str, friend_id: str) -> bool:
        f = s.friends.c
        with self.read() as conn:
            return conn.execute(select(f.friend_id).where(f.account_id == account_id,
                                                          f.friend_id == friend_id)).first() is not None

    def friends_of(self: _Database, account_id: str, now: float | None = None) -> list[FriendRow]:
        """The accounts ``account_id`` added, by name, each online or not (a page of the room open lately, or a
        seat of theirs connected)."""
        now = time.time() if now is None else now
        f, ac, st = s.friends.c, s.accounts.c, s.seats.c
        seated = (select(st.account_id).where(st.account_id == ac.id, st.away == 0, st.seen > now - PRESENT)
                  .exists())
        q = (select(ac.id, ac.name, ac.seen, seated.label("seated")).join(s.friends, f.friend_id == ac.id)
             .where(f.account_id == account_id).order_by(ac.name_key))
        with self.read() as conn:
            return [FriendRow(r.id, r.name, bool(r.seated) or (r.seen is not None and now - r.seen < ONLINE))
                    for r in conn.execute(q)]

    # ------------------------------------------------------- invitations
    def invite(self: _Database, tid: str, seat: int, from_account: str, to_account: str) -> str:
        """A pending invitation (it replaces the inviter's pending one to the same person at this table)."""
        i = s.invitations.c
        iid = secrets.token_hex(8)
        with self.write() as conn:
            conn.execute(update(s.invitations).where(i.table_id == tid, i.from_account == from_account,
                                                     i.to_account == to_account, i.status == "pending")
                         .values(status="gone"))
            conn.execute(insert(s.invitations).values(id=iid, table_id=tid, seat=seat, from_account=from_account,
                                                      to_account=to_account, created=time.time(), status="pending"))
        return iid

    def pending_from(self: _Database, account_id: str) -> int:
        i = s.invitations.c
        with self.read() as conn:
            return int(conn.execute(select(func.count()).select_from(s.invitations)
                                    .where(i.from_account == account_id, i.status == "pending")).scalar() or 0)

    def _invitations(self: _Database, where: Any) -> list[InvitationRow]:
        i, t = s.invitations.c, s.tables.c
        fa, ta = s.accounts.alias("fa"), s.accounts.alias("ta")
        q = (select(i.id, i.table_id, i.seat, i.from_account, fa.c.name.label("from_name"), i.to_account,
                    ta.c.name.label("to_name"), i.created, i.status, t.game)
             .join(fa, fa.c.id == i.from_account).join(ta, ta.c.id == i.to_account).join(s.tables, t.id == i.table_id)
             .where(where).order_by(i.created))
        with self.read() as conn:
            return [InvitationRow(*r) for r in conn.execute(q)]

    def invitations_to(self: _Database, account_id: str) -> list[InvitationRow]:
        """The pending invitations addressed to ``account_id`` at unfinished tables."""
        i = s.invitations.c
        return FriendRecords._invitations(self, and_(i.to_account == account_id, i.status == "pending",
                                                     s.tables.c.finished == 0))

    def invitation(self: _Database, iid: str) -> InvitationRow | None:
        found = FriendRecords._invitations(self, s.invitations.c.id == iid)
        return found[0] if found else None

    def answer_invitation(self: _Database, iid: str, to_account: str, status: str) -> bool:
        """Mark a pending invitation addressed to ``to_account`` accepted, declined or gone; False if it is not
        pending, or not theirs."""
        i = s.invitations.c
        with self.write() as conn:
            done = conn.execute(update(s.invitations).where(i.id == iid, i.to_account == to_account,
                                                            i.status == "pending").values(status=status))
        return done.rowcount == 1

    # ------------------------------------------------------- seat links
    def seat_links(self: _Database, account_id: str, tid: str | None = None) -> list[tuple[str, int, str]]:
        """(table, seat, token) of the links kept for ``account_id`` (at ``tid``), of unfinished tables."""
        k, t = s.seat_links.c, s.tables.c
        q = (select(k.table_id, k.seat, k.token).join(s.tables, t.id == k.table_id)
             .where(k.account_id == account_id, t.finished == 0).order_by(t.created.desc(), k.seat))
        if tid is not None:
            q = q.where(k.table_id == tid)
        with self.read() as conn:
            return [(r.table_id, r.seat, r.token) for r in conn.execute(q)]

    def drop_link(self: _Database, tid: str, seat: int) -> None:
        """A seat's link was opened: the creator's copy goes."""
        k = s.seat_links.c
        with self.write() as conn:
            conn.execute(delete(s.seat_links).where(k.table_id == tid, k.seat == seat))

    # -------------------------------------------------------- quick play
    def forming(self: _Database, game: str, players: int | None) -> list[str]:
        """Quick-play tables of ``game`` (with ``players``) still waiting for players, oldest first."""
        t = s.tables.c
        q = select(t.id).where(t.game == game, t.public == 1, t.finished == 0, t.fill_at.is_not(None))
        if players is not None:
            q = q.where(t.players == players)
        with self.read() as conn:
            return [r[0] for r in conn.execute(q.order_by(t.created))]

    def fill_due(self: _Database, now: float | None = None) -> list[str]:
        """Quick-play tables whose wait for players is over."""
        t = s.tables.c
        with self.read() as conn:
            return [r[0] for r in conn.execute(select(t.id).where(
                t.fill_at.is_not(None), t.fill_at <= (time.time() if now is None else now)))]

    def fill_seats(self: _Database, tid: str, kind: str) -> list[int] | None:
        """Bots of ``kind`` take the seats of ``tid`` still without a person, and the table's wait ends; the seats
        filled, or ``None`` if its wait had ended already (another process got there first)."""
        t, st = s.tables.c, s.seats.c
        with self.write() as conn:
            done = conn.execute(update(s.tables).where(t.id == tid, t.fill_at.is_not(None)).values(fill_at=None))
            if done.rowcount != 1:
                return None
            free = [r.seat for r in conn.execute(select(st.seat).where(
                st.table_id == tid, st.kind == "human", st.token_hash.is_(None)).order_by(st.seat))]
            if free:
                conn.execute(update(s.seats).where(st.table_id == tid, st.seat.in_(free)).values(kind=kind))
        return free
