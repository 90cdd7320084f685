"""The public room's part of the store: the lobby, seats taken and their presence, accounts and logins, chat,
undo, help used, ratings and the results behind statistics. Mixed into :class:`~cardtable.web.store.Store`,
so it is one interface on both backends; every write is one transaction.

An **undo** is a row of the action log like any action, appended under the same unique (table, deal,
number) key, so it races with a bot's move or a person's exactly as two moves do (one wins, the other is
stale), and every process learns of it through the log's own notice. Its text is ``#undo <k>``: the deal
goes on from its first ``k`` actions. :func:`effective` reads a deal's log into the actions in force;
nothing is ever deleted.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import Connection, and_, delete, func, insert, or_, select, update

from . import schema as s
from .ratings import amount

if TYPE_CHECKING:
    from .store import ActionRow, Job

__all__ = ["UNDO", "AccountRow", "ChatRow", "LobbyRow", "NameTaken", "RoomRecords", "effective", "undo_text",
           "undone_to"]

UNDO = "#undo"
"""How an undo is written in the action log (no action of any game starts with ``#``)."""


def undo_text(keep: int) -> str:
    """The log text of an undo that keeps the deal's first ``keep`` actions."""
    return f"{UNDO} {keep}"


def undone_to(action: str) -> int | None:
    """How many actions an undo row keeps; ``None`` for an ordinary action.

    >>> undone_to("#undo 3"), undone_to("QH")
    (3, None)
    """
    if not action.startswith(UNDO + " "):
        return None
    return int(action.split()[1])


def effective(rows: Sequence[ActionRow]) -> list[ActionRow]:
    """The actions of a deal's log that are in force: each undo row takes back what followed its ``k``-th.

    >>> from cardtable.web.store import ActionRow
    >>> log = [ActionRow(0, 1, "pass"), ActionRow(1, 2, "bid 2"), ActionRow(2, 2, "#undo 1"),
    ...        ActionRow(3, 2, "bid 3")]
    >>> [a.action for a in effective(log)]
    ['pass', 'bid 3']
    """
    out: list[ActionRow] = []
    for r in rows:
        keep = undone_to(r.action)
        if keep is None:
            out.append(r)
        else:
            del out[keep:]
    return out


class NameTaken(ValueError):
    """An account of that name exists already."""


@dataclass(frozen=True)
class AccountRow:
    id: str
    name: str
    created: float
    pw_hash: str = ""
    lang: str | None = None  # the language the account reads the room in (None: the browser's)


@dataclass(frozen=True)
class ChatRow:
    id: int
    deal_no: int
    idx: int
    at: float
    seat: int | None
    name: str
    kind: str
    text: str

    def frame(self) -> dict[str, Any]:
        """As sent to a client (the text is data: the page shows it as text, never as markup)."""
        return {"id": self.id, "deal": self.deal_no, "rev": self.idx, "at": self.at, "seat": self.seat,
                "name": self.name, "kind": self.kind, "text": self.text}


@dataclass(frozen=True)
class LobbyRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    created: float
    takeover: float | None
    seats: list[dict[str, Any]]  # seat, kind, name, open
    last_active: float
    present: bool


class _Database(Protocol):
    backend: str

    def read(self, snapshot: bool = False) -> AbstractContextManager[Connection]: ...

    def write(self) -> AbstractContextManager[Connection]: ...


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


PRESENT = 25.0
"""Seconds a seat counts as present after its last heartbeat (a process refreshes every 10 seconds)."""


class RoomRecords:
    """The public room's reads and writes (mixed into the store)."""

    # ------------------------------------------------------------- lobby
    def lobby(self: _Database, now: float | None = None) -> list[LobbyRow]:
        """Public unfinished tables with at least one free seat, oldest first (the caller drops abandoned ones)."""
        from .store import SeatRow

        now = time.time() if now is None else now
        t, st, a = s.tables.c, s.seats.c, s.actions.c
        q = (select(t.id, t.game, t.players, t.options, t.created, t.takeover,
                    select(func.max(a.at)).where(a.table_id == t.id).scalar_subquery().label("last_action"))
             .where(t.public == 1, t.finished == 0).order_by(t.created))
        out: list[LobbyRow] = []
        with self.read(snapshot=True) as conn:
            rows = conn.execute(q).all()
            seats: dict[str, list[Any]] = {}
            if rows:
                for r in conn.execute(select(s.seats).where(st.table_id.in_([x.id for x in rows]))
                                      .order_by(st.table_id, st.seat)):
                    seats.setdefault(r.table_id, []).append(r)
        for r in rows:
            ss = seats.get(r.id, [])
            creator = min((x.seat for x in ss if x.kind == "human"), default=None)
            free = {x.seat for x in ss if SeatRow(x.seat, x.kind, x.name, x.token_hash, x.account_id,
                                                  x.seen is not None).free(True, creator)}
            if not free:
                continue
            present = any(x.kind == "human" and not x.away and x.seen and now - x.seen < PRESENT for x in ss)
            last = max([r.created, r.last_action or 0.0, *[x.seen or 0.0 for x in ss]])
            out.append(LobbyRow(r.id, r.game, r.players, json.loads(r.options), r.created, r.takeover,
                                [{"seat": x.seat, "kind": x.kind, "name": x.name, "open": x.seat in free} for x in ss],
                                last, present))
        return out

    def claim_seat(self: _Database, tid: str, seat: int, token: str, name: str, account_id: str | None,
                   creator: int | None = None) -> bool:
        """Give free seat ``seat`` to a newcomer (``token`` opens it from now on); False if it was taken first.
        A seat is free without a link, or (the table listed in the lobby) with a link nobody has opened, unless
        it is the ``creator``'s: the newcomer's token replaces that link, which opens the seat no more."""
        st = s.seats.c
        listed = select(s.tables.c.id).where(s.tables.c.id == tid, s.tables.c.public == 1).exists()
        unopened = and_(listed, st.seen.is_(None), st.account_id.is_(None), st.seat != (-1 if creator is None
                                                                                         else creator))
        with self.write() as conn:
            if account_id is not None and conn.execute(
                    select(st.seat).where(st.table_id == tid, st.account_id == account_id)).first():
                return False  # one seat per account at a table
            if conn.execute(select(st.seat).where(st.table_id == tid, st.name == name, st.seat != seat)).first():
                return False  # seats' names differ (the engine's lines tell them apart by name)
            done = conn.execute(update(s.seats).where(st.table_id == tid, st.seat == seat, st.kind == "human",
                                                      or_(st.token_hash.is_(None), unopened))
                                .values(token_hash=_hash(token), name=name, account_id=account_id,
                                        seen=time.time()))  # taken by a person: never offered again
            return done.rowcount == 1

    def open_seat(self: _Database, tid: str, seat: int, token: str) -> bool:
        """A seat's link is opened: note the seat present (so the lobby no longer offers it) if ``token`` still
        opens it; False if the seat was taken from the lobby meanwhile (its link replaced)."""
        st = s.seats.c
        with self.write() as conn:
            done = conn.execute(update(s.seats).where(st.table_id == tid, st.seat == seat,
                                                      st.token_hash == _hash(token))
                                .values(seen=time.time(), away=0))
            return done.rowcount == 1

    def bind_seat(self: _Database, tid: str, seat: int, account_id: str) -> bool:
        """Note that ``account_id`` sits at ``seat`` (opened by its link) unless another account does, or the
        account sits elsewhere at this table; True if the seat is (now) the account's."""
        st = s.seats.c
        with self.write() as conn:
            other = conn.execute(select(st.seat).where(st.table_id == tid, st.account_id == account_id)).first()
            if other is not None:
                return bool(other.seat == seat)
            done = conn.execute(update(s.seats).where(st.table_id == tid, st.seat == seat, st.account_id.is_(None))
                                .values(account_id=account_id))
            return done.rowcount == 1

    def set_muted(self: _Database, tid: str, muted: bool) -> None:
        with self.write() as conn:
            conn.execute(update(s.tables).where(s.tables.c.id == tid).values(muted=int(muted)))

    def presence(self: _Database, seats: Sequence[tuple[str, int]], away: bool, now: float | None = None) -> None:
        """Note the seats (table, seat) as connected now (``away`` False), or as just left."""
        if not seats:
            return
        st = s.seats.c
        by_table: dict[str, list[int]] = {}
        for tid, seat in seats:
            by_table.setdefault(tid, []).append(seat)
        with self.write() as conn:
            for tid, nums in by_table.items():
                conn.execute(update(s.seats).where(st.table_id == tid, st.seat.in_(nums))
                             .values(seen=time.time() if now is None else now, away=int(away)))

    def away_for(self: _Database, tid: str, seat: int, now: float | None = None) -> float:
        """Seconds seat ``seat`` has had no connection anywhere (0 while one is open; since the table was made
        for a seat nobody ever took)."""
        now = time.time() if now is None else now
        st = s.seats.c
        with self.read() as conn:
            r = conn.execute(select(st.seen, st.away, s.tables.c.created).join(s.tables, s.tables.c.id == st.table_id)
                             .where(st.table_id == tid, st.seat == seat)).first()
        if r is None:
            return 0.0
        if r.seen is None:
            return now - r.created
        if not r.away and now - r.seen < PRESENT:
            return 0.0
        return now - r.seen

    # ---------------------------------------------------------- accounts
    def create_account(self: _Database, name: str, name_key: str, pw_hash: str) -> AccountRow:
        """A new account; :class:`NameTaken` if the name (case-folded) exists."""
        from .store import Stale

        aid = secrets.token_hex(8)
        row = AccountRow(aid, name, time.time(), pw_hash)
        try:
            with self.write() as conn:
                if conn.execute(select(s.accounts.c.id).where(s.accounts.c.name_key == name_key)).first():
                    raise NameTaken(name)
                conn.execute(insert(s.accounts).values(id=aid, name=name, name_key=name_key, pw_hash=pw_hash,
                                                       created=row.created))
        except Stale:  # the same name, registered meanwhile
            raise NameTaken(name) from None
        return row

    def account_by_name(self: _Database, name_key: str) -> AccountRow | None:
        c = s.accounts.c
        with self.read() as conn:
            r = conn.execute(select(s.accounts).where(c.name_key == name_key)).first()
        return AccountRow(r.id, r.name, r.created, r.pw_hash, r.lang) if r is not None else None

    def set_password(self: _Database, account_id: str, pw_hash: str) -> None:
        """Replace a stored hash (argon2's parameters were raised since it was made)."""
        with self.write() as conn:
            conn.execute(update(s.accounts).where(s.accounts.c.id == account_id).values(pw_hash=pw_hash))

    def new_session(self: _Database, account_id: str, token: str, ttl: float) -> None:
        now = time.time()
        with self.write() as conn:
            conn.execute(insert(s.sessions).values(token_hash=_hash(token), account_id=account_id, created=now,
                                                   expires=now + ttl))

    def session_account(self: _Database, token: str) -> AccountRow | None:
        """The account a session cookie is logged in as (``None``: unknown or expired)."""
        se, ac = s.sessions.c, s.accounts.c
        with self.read() as conn:
            r = conn.execute(select(ac.id, ac.name, ac.created, ac.lang).join(s.sessions, se.account_id == ac.id)
                             .where(se.token_hash == _hash(token), se.expires > time.time())).first()
        return AccountRow(r.id, r.name, r.created, lang=r.lang) if r is not None else None

    def set_account_lang(self: _Database, account_id: str, lang: str | None) -> None:
        """The language the account reads the room in (``None``: the browser's)."""
        with self.write() as conn:
            conn.execute(update(s.accounts).where(s.accounts.c.id == account_id).values(lang=lang))

    def end_session(self: _Database, token: str) -> None:
        with self.write() as conn:
            conn.execute(delete(s.sessions).where(s.sessions.c.token_hash == _hash(token)))

    def account_tables(self: _Database, account_id: str, limit: int = 100) -> list[dict[str, Any]]:
        """The tables where the account has a seat, newest first."""
        t, st = s.tables.c, s.seats.c
        q = (select(t.id, t.game, t.players, t.created, t.finished, t.deals_done, t.max_deals, t.totals, t.undos,
                    t.hints, st.seat).join(s.seats, st.table_id == t.id)
             .where(st.account_id == account_id).order_by(t.created.desc()).limit(limit))
        with self.read() as conn:
            return [{"id": r.id, "game": r.game, "players": r.players, "created": r.created,
                     "finished": bool(r.finished), "deals_done": r.deals_done, "max_deals": r.max_deals,
                     "totals": json.loads(r.totals), "seat": r.seat, "assisted": bool(r.undos or r.hints)}
                    for r in conn.execute(q)]

    def account_results(self: _Database, account_id: str) -> Iterator[tuple[str, int, dict[str, Any], bool]]:
        """Every finished deal the account played: (game, seat, the deal's sheet row, match finished)."""
        t, st, d = s.tables.c, s.seats.c, s.deals.c
        q = (select(t.game, st.seat, d.result, t.finished, t.id).select_from(s.seats)
             .join(s.tables, t.id == st.table_id).join(s.deals, d.table_id == st.table_id)
             .where(st.account_id == account_id, d.result.is_not(None)).order_by(t.created, d.deal_no))
        with self.read() as conn:
            rows = conn.execute(q).all()
        for r in rows:
            yield r.game, r.seat, json.loads(r.result), bool(r.finished)

    def account_matches(self: _Database, account_id: str) -> list[tuple[str, int, list[Any], bool]]:
        """Every finished match of the account: (game, seat, final totals, help used)."""
        t, st = s.tables.c, s.seats.c
        q = (select(t.game, st.seat, t.totals, t.undos, t.hints).join(s.seats, st.table_id == t.id)
             .where(st.account_id == account_id, t.finished == 1))
        with self.read() as conn:
            return [(r.game, r.seat, json.loads(r.totals), bool(r.undos or r.hints)) for r in conn.execute(q)]

    # -------------------------------------------------------------- chat
    def add_chat(self: _Database, tid: str, deal_no: int, idx: int, seat: int | None, name: str,
                 account_id: str | None, text: str, kind: str = "say") -> ChatRow:
        at = time.time()
        with self.write() as conn:
            cid = conn.execute(insert(s.chat).values(table_id=tid, deal_no=deal_no, idx=idx, at=at, seat=seat,
                                                     name=name, account_id=account_id, kind=kind, text=text)
                               .returning(s.chat.c.id)).scalar_one()
        return ChatRow(int(cid), deal_no, idx, at, seat, name, kind, text)

    def chat(self: _Database, tid: str, since: int = 0, limit: int = 200) -> list[ChatRow]:
        """The table's chat after line ``since`` (the last ``limit`` lines)."""
        c = s.chat.c
        with self.read() as conn:
            rows = conn.execute(select(s.chat).where(c.table_id == tid, c.id > since)
                                .order_by(c.id.desc()).limit(limit)).all()
        return [ChatRow(r.id, r.deal_no, r.idx, r.at, r.seat, r.name, r.kind, r.text) for r in reversed(rows)]

    def set_public(self: _Database, tid: str, public: bool) -> None:
        with self.write() as conn:
            conn.execute(update(s.tables).where(s.tables.c.id == tid).values(public=int(public)))

    def set_speed(self: _Database, tid: str, speed: str) -> None:
        with self.write() as conn:
            conn.execute(update(s.tables).where(s.tables.c.id == tid).values(speed=speed))

    def speed(self: _Database, tid: str) -> str:
        """The bots' speed at the table (``normal`` for a table that is not there)."""
        with self.read() as conn:
            return conn.execute(select(s.tables.c.speed).where(s.tables.c.id == tid)).scalar() or "normal"

    def settings(self: _Database, tid: str) -> tuple[bool, bool]:
        """The table's (spectators muted, listed in the lobby)."""
        t = s.tables.c
        with self.read() as conn:
            row = conn.execute(select(t.muted, t.public).where(t.id == tid)).first()
        return (bool(row.muted), bool(row.public)) if row is not None else (False, False)

    # ------------------------------------------------------ undo, help
    def append_undo(self: _Database, tid: str, deal_no: int, idx: int, seat: int, keep: int, *, job: Job | None,
                    reopen: tuple[list[Any], int] | None = None) -> None:
        """Log an undo at position ``idx`` of the deal (keeping its first ``keep`` actions), count it, and set
        the table's next bot job; ``reopen`` = (match totals, deals done) when the undo takes back the action
        that ended the deal (its settlement is withdrawn). :class:`Stale` if that position is taken."""
        from .store import Store

        t = s.tables.c
        with self.write() as conn:
            conn.execute(insert(s.actions).values(table_id=tid, deal_no=deal_no, idx=idx, seat=seat,
                                                  action=undo_text(keep), at=time.time()))
            values: dict[str, Any] = {"undos": t.undos + 1}
            if reopen is not None:
                totals, done = reopen
                values.update(totals=json.dumps(totals), deals_done=done, finished=0)
                conn.execute(update(s.deals).where(s.deals.c.table_id == tid, s.deals.c.deal_no == deal_no)
                             .values(result=None))
            conn.execute(update(s.tables).where(t.id == tid).values(**values))
            Store._set_job(conn, tid, job)

    def note_hint(self: _Database, tid: str) -> None:
        with self.write() as conn:
            conn.execute(update(s.tables).where(s.tables.c.id == tid).values(hints=s.tables.c.hints + 1))

    # ----------------------------------------------------------- ratings
    def unrated(self: _Database) -> list[str]:
        """Finished matches whose ratings are not yet settled."""
        t = s.tables.c
        with self.read() as conn:
            return [r[0] for r in conn.execute(select(t.id).where(t.finished == 1, t.rated == 0))]

    def rate_match(self: _Database, tid: str,
                   update_ratings: Callable[[str, list[tuple[str, float]], dict[str, tuple[float, float]]],
                                            dict[str, tuple[float, float]]]) -> bool:
        """Settle the ratings of a finished match once (whichever process gets there first).

        Each seat is a subject: ``account:<id>`` or ``bot:<kind>``. A match with help (undo, hints) or a guest's
        seat is marked not rateable. ``update_ratings(game, [(subject, total) per seat], {subject: (mu,
        sigma)})`` returns the new (mu, sigma) of each subject. True if ratings were changed."""
        t, st, r = s.tables.c, s.seats.c, s.ratings.c
        with self.write() as conn:
            row = conn.execute(select(s.tables).where(t.id == tid, t.finished == 1, t.rated == 0)
                               .with_for_update()).first()
            if row is None:
                return False
            seats = conn.execute(select(s.seats).where(st.table_id == tid).order_by(st.seat)).all()
            subjects = [f"bot:{x.kind}" if x.kind != "human" else
                        (f"account:{x.account_id}" if x.account_id else None) for x in seats]
            if row.undos or row.hints or None in subjects:
                conn.execute(update(s.tables).where(t.id == tid).values(rated=-1))
                return False
            totals = [amount(v) for v in json.loads(row.totals)]
            known = {x.subject: (x.mu, x.sigma) for x in conn.execute(
                select(s.ratings).where(r.game == row.game, r.subject.in_(set(subjects))).with_for_update())}
            new = update_ratings(row.game, [(str(subj), tot) for subj, tot in zip(subjects, totals)], known)
            now = time.time()
            for subj, (mu, sigma) in new.items():
                if subj in known:
                    conn.execute(update(s.ratings).where(and_(r.subject == subj, r.game == row.game))
                                 .values(mu=mu, sigma=sigma, matches=r.matches + 1, updated=now))
                else:
                    conn.execute(insert(s.ratings).values(subject=subj, game=row.game, mu=mu, sigma=sigma,
                                                          matches=1, updated=now))
            conn.execute(update(s.tables).where(t.id == tid).values(rated=1))
        return True

    def leaderboard(self: _Database, game: str, limit: int = 50) -> list[dict[str, Any]]:
        """A game's ratings, best first (by the conservative mu - 3 sigma), with account names: the best
        ``limit``, and every bot kind rated in the game wherever it stands."""
        r, ac = s.ratings.c, s.accounts.c
        best = (r.mu - 3 * r.sigma).desc()
        q = select(s.ratings).where(r.game == game).order_by(best).limit(limit)
        with self.read() as conn:
            rows = conn.execute(q).all()
            seen = {x.subject for x in rows}
            rows += [x for x in conn.execute(select(s.ratings).where(r.game == game, r.subject.like("bot:%"))
                                             .order_by(best)) if x.subject not in seen]
            ids = [x.subject.removeprefix("account:") for x in rows if x.subject.startswith("account:")]
            names = {a.id: a.name for a in conn.execute(select(ac.id, ac.name).where(ac.id.in_(ids)))} if ids else {}
        return [{"subject": x.subject, "name": names.get(x.subject.removeprefix("account:")), "mu": x.mu,
                 "sigma": x.sigma, "matches": x.matches} for x in rows]

    def subject_ratings(self: _Database, subject: str) -> dict[str, dict[str, Any]]:
        r = s.ratings.c
        with self.read() as conn:
            return {x.game: {"mu": x.mu, "sigma": x.sigma, "matches": x.matches}
                    for x in conn.execute(select(s.ratings).where(r.subject == subject))}

