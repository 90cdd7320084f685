"""The web server's room: tables with their WebSocket connections, the protocol's messages, table creation.

Everything sent to a seat is built from ``deal.view(seat)`` (spectators: ``public_view()``); the server
alone decides legality through ``why_not``. A person's action is appended to the log like a bot's
(:meth:`Room.commit`); every change to a table — made here, by a bot worker anywhere, or by another process
(learnt through ``LISTEN/NOTIFY``) — is pushed to this process's sockets by :meth:`Server.changed`.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import cardtable as ct
from cardtable.core.i18n import N_, _, _n
from cardtable.core.words import PLAIN_NAMES
from cardtable.words import first_dealer_line

from . import present
from .assist import Assist
from .guard import RateLimits, wait_words
from .lang import reason, worded
from .packs import pack_choice
from .protocol import Message, ProtocolError, error_frame, frame_text, parse_message, plain
from .records import effective
from .room import BETWEEN, COUNTDOWN, HUMAN, SPEEDS, Room, Table, job_for, logged_deal
from .social import TAKEOVER, PublicRoom, seat_name
from .store import Damaged, SeatRow, Stale, Store, StoreError, Unavailable, hash_token, new_token

__all__ = ["BODY_KEYS", "Conn", "LimitReached", "Server", "bot_kinds"]

log = logging.getLogger("cardtable.web")
SEND_QUEUE = 256
BODY_KEYS = ("game", "players", "options", "seats", "deals", "public", "takeover", "speed", "pack", "between")
TRY_AGAIN = N_("the database cannot be reached just now, so nothing was recorded; try again in a moment "
             "(your table is safe as it was)")


def bot_kinds() -> list[str]:
    """The bot kinds a seat may be given."""
    return list(ct.bots.KINDS)


class LimitReached(ValueError):
    """A creator already has as many tables of a kind as one may have at once."""


@dataclass(eq=False)
class Conn:
    """One WebSocket: its seat (``None`` for a spectator) and a queue drained by one writer task."""

    ws: Any
    seat: int | None
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    client: str = ""  # the client's address (rate limits)
    account: Any = None  # the account logged in on this connection's browser, if any
    lang: str = "en"  # the language its page reads: the engine's and the room's words are sent in it

    def send(self, frame: dict[str, Any] | str) -> None:
        if self.queue.qsize() >= SEND_QUEUE:  # a client that stopped reading is dropped
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(frame if isinstance(frame, str) else frame_text(worded(frame, self.lang)))


class Server(PublicRoom, Assist, Room):
    """The tables of one database as this web process serves them.

    ``max_bot_tables``: unfinished tables of bots only that one creator may have at once (0: no limit).
    """

    def __init__(self, store: Store, *, bot_delay: float = 0.6, max_bot_tables: int = 2,
                 io: Executor | None = None) -> None:
        super().__init__(store, io=io, bot_delay=bot_delay)
        self.max_bot_tables = max_bot_tables
        self.seeded_first_deals = False
        """For tests that need a known deal, set from Python only (no setting, flag or variable reaches it): a new
        table's first deal is shuffled from the table's seed as scripts' matches are, not from a fresh secret key.
        Never set in a room open to players: a seat could then work out every card from its own hand."""
        self.limits = RateLimits()  # per-client rate limits (the app sets its own)
        self.db_down: str | None = None  # why the database cannot be reached, while it cannot
        self._assisting: set[str] = set()  # tables whose hint or review is being searched
        self.countdown = COUNTDOWN  # seconds from a deal's end to the next at a table with a countdown

    def close(self) -> None:
        self.close_assist()
        super().close()

    # -------------------------------------------------------------- hooks
    def changed(self, t: Table, ended: bool) -> None:
        if ended and t.between == "countdown" and not t.match_over and t.next_at is None and t.human_seats():
            self.start_countdown(t)
        self.broadcast(t)
        if ended:
            self.send_sheet(t)
            if t.match_over:
                self.match_ended(t)
        if t.thinking is not None:
            self.send_all(t, {"type": "thinking", "seat": t.thinking})

    def database_down(self, why: str) -> None:
        self.db_down = why

    def database_up(self) -> None:
        """Back after an outage (or at start): new connections, and catch up with every table watched here."""
        if self.db_down is not None:
            self.store.reset()
        self.db_down = None
        for t in list(self.tables.values()):
            self.notice(t.id)  # no position given: always catch up
        self.jobs_queued()

    # ------------------------------------------------------------ creating
    def may_create(self, creator: str, bot_only: bool, address: str | None = None) -> str | None:
        """Why ``creator`` (from ``address``) may not create this table now, or ``None``. A creator — a browser,
        an account — and an address may each have :attr:`max_bot_tables` unfinished tables of bots only: a
        client sending no cookie, or a new one each time, is still counted by its address."""
        if bot_only and self.max_bot_tables:
            n = self.store.bot_only_tables(creator)
            yours = True
            if n < self.max_bot_tables and address is not None:
                n, yours = self.store.bot_only_tables(address, address=True), False
            if n >= self.max_bot_tables:
                if yours:
                    return _("you already have {n} tables of bots only playing (the most at once is {most}); "
                             "wait for one to finish, or take a seat at a new table yourself",
                             n=n, most=self.max_bot_tables)
                return _("your address already has {n} tables of bots only playing (the most at once is {most}); "
                         "wait for one to finish, or take a seat at a new table yourself",
                         n=n, most=self.max_bot_tables)
        return None

    async def create(self, body: Any, creator: str | None = None, account: Any = None,
                     address: str | None = None) -> dict[str, Any]:
        """Create a table from a request body (``creator``: the browser or account creating it, ``address``:
        where from, such as ``addr:10.0.0.7``); raises ``ValueError`` naming what was wrong,
        :class:`LimitReached`, or :class:`~cardtable.web.store.Unavailable`."""
        ask = _read_body(body)
        rows = _seat_rows(ask.seats, account, ask.public)
        bot_only = all(r[0] != HUMAN for r in rows)
        if creator is not None:
            why = await self.run(self.may_create, creator, bot_only, address)
            if why is not None:
                raise LimitReached(why)
        game = ct.load(ask.game.id, players=ask.game.players, names=[r[1] for r in rows],
                       **ask.options)  # names distinct
        seed = secrets.randbelow(2**31)  # the bots' choices (with each deal's secret order: botwork.bot_seed)
        # Every deal from a fresh secret key, never from a seed; the table's seed only cuts for the first dealer
        # (option first_dealer="cards", a public draw), so that the table rebuilt from its log draws the same.
        match = ct.Match(game, seed=seed, deals=ask.deals, fair=not self.seeded_first_deals)
        first = match.next_deal()  # dealt now, so a table of bots plays on without anyone opening it
        rec = first.record()
        seats = [SeatRow(i, r[0], r[1], None) for i, r in enumerate(rows)]
        job = job_for("", seats, 1, first, False, self.run_at(ask.speed), takeover=ask.takeover)
        tid = await self.run(self.store.create_table, game.id, game.players, game.options.as_dict(), seed=seed,
                             max_deals=ask.deals, seats=rows, creator=creator,
                             first_deal=(rec["deck"], rec["dealer"], rec["carry"]), job=job, public=ask.public,
                             takeover=ask.takeover, speed=ask.speed, creator_address=address, pack=ask.pack,
                             between=ask.between)
        await self.first_dealer_notice(tid, match)
        if job is not None:
            self.jobs_queued(job)
        return _created(tid, rows, public=ask.public, takeover=ask.takeover, speed=ask.speed, pack=ask.pack,
                        between=ask.between)

    async def first_dealer_notice(self, tid: str, match: ct.Match) -> None:
        """Option first_dealer="cards": who drew what and who deals first, a notice at the head of the chat."""
        drawn = first_dealer_line(match)
        if drawn is None:
            return
        try:
            await self.run(self.store.add_chat, tid, 1, 0, None, "", None, drawn, "notice")
        except StoreError as e:  # the table stands; its first deal's dealer is in the log all the same
            log.warning("table %s: the first dealer's notice not saved: %s", tid, e)

    # ---------------------------------------------------------- messages
    def _refuse(self, conn: Conn, t: Table, e: StoreError) -> None:
        """Tell a client its action was not recorded, and why."""
        if isinstance(e, Unavailable):
            conn.send(error_frame(_(TRY_AGAIN), retry=True))
        elif isinstance(e, Damaged):
            conn.send(error_frame(f"this table cannot be saved: {e}. Nothing was recorded.", damaged=True))
        else:
            conn.send(error_frame(f"this action could not be saved ({e}); nothing was recorded, try again",
                                  retry=True))

    async def _stale(self, conn: Conn, t: Table, why: str) -> None:
        conn.send(error_frame(why, stale=True))
        try:
            await self.sync(t)
        except StoreError as e:
            self._refuse(conn, t, e)
        conn.send(t.frame(conn.seat))

    async def _fresh(self, t: Table, conn: Conn) -> bool:
        """Bring ``t`` up to date if another process changed it unseen; False (the client told) if that fails."""
        if not t.dirty:
            return True
        try:
            await self.sync(t)
        except StoreError as e:
            self._refuse(conn, t, e)
            return False
        return True

    def _may_change(self, conn: Conn, doing: str) -> bool:
        """Whether ``conn`` may change its table now (a seat, and the database reachable); if not, it is told."""
        if conn.seat is None:
            conn.send(error_frame(f"spectators cannot {doing}; open a seat link to play"))
            return False
        if self.db_down is not None:
            conn.send(error_frame(_(TRY_AGAIN), retry=True))
            return False
        return True

    async def act(self, t: Table, conn: Conn, msg: Message) -> None:
        """A seat proposes an action; an error frame says why it is refused (nothing is logged then)."""
        if not self._may_change(conn, "act"):
            return
        async with t.lock:
            if not await self._fresh(t, conn):
                return
            deal = t.deal
            if (msg.deal is not None and msg.deal != t.deal_no) or (msg.rev is not None and msg.rev != t.logged):
                seen = f"deal {msg.deal}, " if msg.deal is not None else ""
                conn.send(error_frame(f"your table is out of date ({seen}action {msg.rev}; the table is at deal "
                                      f"{t.deal_no}, action {t.logged}); here is the current state",
                                      stale=True))
                conn.send(t.frame(conn.seat))
                return
            assert msg.action is not None
            reason = deal.why_not(msg.action, conn.seat)
            if reason is not None:
                conn.send(error_frame(reason, action=msg.action,
                                      legal=deal.legal() if deal.turn == conn.seat else [],
                                      say=present.reason(deal, reason, [s.name for s in t.seats])))
                return
            try:
                await self.commit(t, conn.seat, msg.action)
            except Stale:
                await self._stale(conn, t, "another player's move was recorded first; here is the current state")
            except StoreError as e:
                self._refuse(conn, t, e)

    async def next_deal(self, t: Table, conn: Conn) -> None:
        if not self._may_change(conn, "deal"):
            return
        async with t.lock:
            if not await self._fresh(t, conn):
                return
            if not t.deal.over:
                who = t.seats[t.deal.turn].name if t.deal.turn is not None else "nobody"
                conn.send(error_frame(_("deal {deal} is still being played; {player} is to act", deal=t.deal_no,
                                        player=who)))
                return
            if t.match.over:
                conn.send(error_frame(_("the match is over; create a new table to play again")))
                return
            assert conn.seat is not None
            t.ready.add(conn.seat)
            if self.waiting_for(t):  # the others see who is ready, and the next deal waits for the rest
                self.broadcast(t)
                return
            try:
                await self.deal_next(t)
            except Stale:
                await self._stale(conn, t, "the next deal was already dealt; here it is")
            except StoreError as e:
                self._refuse(conn, t, e)

    def waiting_for(self, t: Table) -> list[int]:
        """The people's seats, at the table now, that have not said ready for the next deal (bots always are;
        a seat nobody has open does not hold the table up)."""
        return sorted(s for s in self.online(t) if t.seats[s].kind == HUMAN and s not in t.ready)

    def start_countdown(self, t: Table) -> None:
        """A deal ended at a table with a countdown: the next deal starts in :attr:`countdown` seconds (sooner
        if everyone says ready), and every page shows when (``table.next_at``)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not in the server's loop (a table rebuilt by a script): nothing to count down
            return
        t.next_at = time.time() + self.countdown
        deal_no = t.deal_no
        loop.call_later(self.countdown, lambda: loop.create_task(self._countdown_over(t, deal_no)))

    async def _countdown_over(self, t: Table, deal_no: int) -> None:
        async with t.lock:
            if t.deal_no != deal_no or not t.deal.over or t.match.over or self.db_down is not None:
                return
            try:
                await self.deal_next(t)
            except Stale:  # another process dealt it first: this one catches up
                self.notice(t.id)
            except StoreError as e:
                log.warning("table %s: the next deal after the countdown not dealt: %s", t.id, e)

    def finished_deal(self, t: Table, conn: Conn, deal_no: int) -> bool:
        """Whether ``deal_no`` is a finished deal of ``t``; if not, ``conn`` is told which ones are."""
        finished = [r["deal"] for r in t.sheet]
        if deal_no not in finished:
            conn.send(error_frame(f"deal {deal_no} is not a finished deal of this table; finished deals: "
                                  f"{', '.join(map(str, finished)) or 'none yet'}"))
        return deal_no in finished

    async def replay(self, t: Table, conn: Conn, deal_no: int) -> None:
        """A finished deal step by step, each step the view of the asking seat (or the public view)."""
        wait = self.limits.hit("replay", conn.client)
        if wait is not None:
            conn.send(error_frame(f"too many replays just now (at most {self.limits.describe('replay')}); wait "
                                  f"{wait_words(wait)}", retry_after=wait))
            return
        if not self.finished_deal(t, conn, deal_no):
            return
        seat = conn.seat

        names = [s.name for s in t.seats]

        def steps() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
            d = next(r for r in self.store.deals(t.id) if r.deal_no == deal_no)
            log_rows = self.store.actions(t.id, deal_no)
            deal = t.game.deal(deck=d.deck, dealer=d.dealer, carry=d.carry)
            views, shows = [], []
            for a in [None, *effective(log_rows)]:
                if a is not None:
                    deal.act(a.action, seat=a.seat)
                view = deal.view(seat) if seat is not None else deal.public_view()
                views.append(view)
                shows.append(present.show(deal, view, names, owner=steps))
            return views, shows, self.replay_chat(t.id, deal_no, log_rows)

        try:
            views, shows, chat = await self.run(steps)
        except StoreError as e:
            self._refuse(conn, t, e)
            return
        conn.send({"type": "replay", "deal": deal_no, "steps": views, "shows": shows, "chat": chat})

    def record(self, t: Table) -> dict[str, Any]:
        """The whole match record: every deal replayable by :func:`cardtable.replay` (reads the database)."""
        deals = [{**logged_deal(t.game, d, self.store.actions(t.id, d.deal_no)).record(), "result": d.result}
                 for d in self.store.deals(t.id)]
        return {"format": "cardtable-match/1", "table": t.id, "game": t.game.id, "players": t.game.players,
                "options": t.game.options.as_dict(), "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name}
                                                               for s in t.seats],
                "totals": plain(t.match.totals), "deals": deals,
                **({"first_draw": t.match.first_draw.to_record()} if t.match.first_draw is not None else {})}

    # -------------------------------------------------------- the bots' speed
    async def set_speed(self, t: Table, conn: Conn, speed: str) -> None:
        """The creator's seat sets the bots' speed at the table: the server's pause before each bot move and
        the time every seat's page keeps each move and each finished trick in view."""
        creator = min((s.seat for s in t.seats if s.kind == HUMAN), default=None)
        if conn.seat is None or conn.seat != creator:
            conn.send(error_frame(_("only the player who made the table can change the bots' speed")))
            return
        if speed not in SPEEDS:
            conn.send(error_frame(f"the bots' speed is one of: {', '.join(SPEEDS)}; not {speed!r}"))
            return
        # the table settings' one way in: saved, a notice in the chat, everyone shown
        refused = await self._setting(t, conn.seat, "speed", speed, "set", f"the bots' speed to {speed}")
        if refused is not None:
            conn.send(error_frame(refused, retry=True))

    async def refresh(self, t: Table) -> None:
        """The table's seats, settings and chat brought up to date (:meth:`PublicRoom.refresh`), and its bots'
        speed, which another process may have changed."""
        await super().refresh(t)
        try:
            speed = await self.run(self.store.speed, t.id)
        except StoreError as e:
            log.warning("table %s: speed not refreshed: %s", t.id, e)
            return
        if speed != t.speed:
            t.speed = speed
            self.broadcast(t)

    # -------------------------------------------------------- messaging
    def broadcast(self, t: Table) -> None:
        """Send every connection its own state frame."""
        frames: dict[tuple[int | None, str], str] = {}  # one text per seat and language
        for c in list(t.conns):
            if (c.seat, c.lang) not in frames:
                frames[c.seat, c.lang] = frame_text(worded(t.frame(c.seat), c.lang))
            c.send(frames[c.seat, c.lang])

    # ------------------------------------------------------------ presence
    @staticmethod
    def online(t: Table) -> set[int]:
        """The seats of ``t`` with a connection open here."""
        return {c.seat for c in t.conns if c.seat is not None}

    @staticmethod
    def offered(t: Table) -> tuple[list[int], list[int]]:
        """The seats ``t`` offers newcomers, now and if it were listed (what a state frame's ``open`` and
        ``listable`` say)."""
        return t.free_seats(), t.free_seats(listed=True)

    def connected(self, t: Table, conn: Conn, offered_before: tuple[list[int], list[int]] | None = None) -> None:
        """A connection opened at ``t``: it gets the score sheet and its state; the others only a small
        ``presence`` frame, and only if its seat came online (a spectator's coming and going sends nothing).
        ``offered_before``: :meth:`offered` before this connection's link was opened; if opening it changed that
        (a seat link used for the first time), everyone gets the state instead."""
        before = self.online(t)
        t.conns.add(conn)
        self.send_sheet(t, conn)
        if offered_before is not None and self.offered(t) != offered_before:
            self.broadcast(t)
            return
        conn.send(t.frame(conn.seat))
        self.send_presence(t, before, skip=conn)

    def disconnected(self, t: Table, conn: Conn) -> None:
        """A connection closed: the others are told if its seat went offline."""
        before = self.online(t)
        t.conns.discard(conn)
        self.send_presence(t, before)

    def send_presence(self, t: Table, before: set[int], skip: Conn | None = None) -> None:
        """``{"type": "presence", "seat": s, "online": bool}`` to every connection but ``skip``, for each seat
        whose presence changed since ``before`` (what the state frames' ``table.seats[s].online`` says)."""
        now = self.online(t)
        for seat in sorted(before ^ now):
            text = frame_text({"type": "presence", "seat": seat, "online": seat in now})
            for c in list(t.conns):
                if c is not skip:
                    c.send(text)

    def send_all(self, t: Table, frame: dict[str, Any]) -> None:
        texts: dict[str, str] = {}  # one text per language
        for c in list(t.conns):
            if c.lang not in texts:
                texts[c.lang] = frame_text(worded(frame, c.lang))
            c.send(texts[c.lang])

    def send_sheet(self, t: Table, conn: Conn | None = None) -> None:
        frame = {"type": "sheet", "rows": t.sheet, "totals": plain(t.match.totals)}
        if conn is not None:
            conn.send(frame)
        else:
            self.send_all(t, frame)

    def seat_for(self, t: Table, token: str | None) -> int | None:
        """The seat a token opens; ``None`` without a token (a spectator); ``ValueError`` for a bad one."""
        if not token:
            return None
        h = hash_token(token)
        for s in t.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                return s.seat
        raise ValueError(_("this link's token opens no seat at table {table}; ask for a fresh seat link, or watch "
                           "without a token", table=t.id))

    async def handle(self, t: Table, conn: Conn, text: str | bytes | None) -> None:
        try:
            msg = parse_message(text)
        except ProtocolError as e:
            conn.send(error_frame(str(e)))
            return
        if msg.type == "act":
            await self.act(t, conn, msg)
        elif msg.type == "next":
            await self.next_deal(t, conn)
        elif msg.type == "replay":
            assert msg.deal is not None
            await self.replay(t, conn, msg.deal)
        elif msg.type == "sheet":
            self.send_sheet(t, conn)
        elif msg.type == "chat":
            assert msg.text is not None
            await self.say(t, conn, msg.text)
        elif msg.type == "mute":
            await self.mute(t, conn, bool(msg.muted))
        elif msg.type == "public":
            await self.set_public(t, conn, bool(msg.public))
        elif msg.type == "speed":
            await self.set_speed(t, conn, str(msg.speed))
        elif msg.type == "undo":
            await self.undo(t, conn)
        elif msg.type == "hint":
            await self.hint(t, conn)
        elif msg.type == "review":
            assert msg.deal is not None
            await self.review(t, conn, msg.deal)
        else:
            conn.send({"type": "pong"})


@dataclass
class _Asked:
    """What a request body asks for a new table, checked (the seats not yet: :func:`_seat_rows`)."""

    game: Any
    options: dict[str, Any]
    seats: list[Any]
    deals: int | None
    public: bool
    takeover: float | None
    speed: str
    pack: Any
    between: str


def _read_body(body: Any) -> _Asked:
    """The table a request body asks for; raises ``ValueError`` naming what was wrong."""
    if not isinstance(body, dict):
        raise ValueError(_("the body is a JSON object: {example}",
                           example='{"game": "nap", "players": 4, "options": {}, '
                                   '"seats": [{"kind": "human"}, {"kind": "heuristic"}, ...]}'))
    unknown = sorted(set(body) - set(BODY_KEYS))
    if unknown:
        raise ValueError(_("unknown field {field} in the table; fields are: {fields}", field=repr(unknown[0]),
                           fields=", ".join(BODY_KEYS)))
    game_id = body.get("game")
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise ValueError(_("options must be an object of name: value, not {given}", given=repr(options)))
    if "players" in options:
        raise ValueError(_("the number of players is the field 'players', not an option"))
    players = body.get("players")
    game = ct.load(game_id, players=players, **options)  # RulesError names the bad part
    seats_in = body.get("seats")
    if seats_in is None:
        seats_in = [{"kind": HUMAN}] + [{"kind": "heuristic"}] * (game.players - 1)
    if not isinstance(seats_in, list) or len(seats_in) != game.players:
        raise ValueError(_n("seats must be a list of {n} seat, each {seat} with kind one of: {kinds}",
                            "seats must be a list of {n} seats, each {seat} with kind one of: {kinds}",
                            game.players, n=game.players, seat='{"kind": ...}',
                            kinds=", ".join([HUMAN, *bot_kinds()])))
    deals = body.get("deals")
    if deals is not None and (not isinstance(deals, int) or isinstance(deals, bool) or not 1 <= deals <= 100):
        raise ValueError(_("deals must be a whole number from 1 to 100 (or absent for the game's own end), "
                           "not {given}", given=repr(deals)))
    if deals is None and not game.ends_by_itself:
        deals = 2 * game.players  # no end of its own: each player deals twice, as `cardtable play`
    public = body.get("public", False)
    if not isinstance(public, bool):
        raise ValueError(_("public is true (listed in the lobby, free seats taken there) or false "
                           "(by link only)"))
    takeover = body.get("takeover")
    low, high = TAKEOVER
    if takeover is not None and (not isinstance(takeover, int | float) or isinstance(takeover, bool)
                                 or not low <= takeover <= high):
        raise ValueError(_("takeover is the seconds from {low} to {high} an empty person's seat waits before "
                           "a bot plays for it (or absent: never), not {given}", low=low, high=high,
                           given=repr(takeover)))
    speed = body.get("speed", "normal")
    if speed not in SPEEDS:
        raise ValueError(_("speed is the bots' speed, one of: {speeds}; not {given}", speeds=", ".join(SPEEDS),
                           given=repr(speed)))
    pack = pack_choice(body.get("pack"), game)
    between = body.get("between", "ready")
    if between not in BETWEEN:
        raise ValueError(_("between is how the table goes on to the next deal: 'ready' (when every person at "
                           "the table is ready) or 'countdown' (after a countdown shown to all); not {given}",
                           given=repr(between)))
    return _Asked(game, options, seats_in, deals, public, takeover, speed, pack, between)


def _seat_rows(seats_in: list[Any], account: Any, public: bool) -> list[tuple[str, str, str | None, str | None]]:
    """The seats' rows (kind, name, token, account): unnamed seats take plain first names, the creator's seat (the
    first person's) the account's name; raises ``ValueError`` naming the seat that was wrong."""
    rows: list[tuple[str, str, str | None, str | None]] = []
    given = {s.get("name").strip() for s in seats_in if isinstance(s, dict) and isinstance(s.get("name"), str)}
    if account is not None:  # the creator's seat may take the account's name
        given.add(account.name)
    spare = [n for n in PLAIN_NAMES if n not in given] + [f"Player {k}" for k in range(1, 11)]

    def plain(i: int) -> str:
        """The seat's own plain name (the engine's: Ann for the first seat...), or the next one not taken."""
        own = PLAIN_NAMES[i] if i < len(PLAIN_NAMES) else None
        pick = own if own is not None and own in spare else spare[0]
        spare.remove(pick)
        return pick

    for i, s in enumerate(seats_in):
        extra = sorted(set(s) - {"kind", "name"}) if isinstance(s, dict) else []
        if extra:
            raise ValueError(_("seat {n}: unknown field {field}; a seat has 'kind' and optionally 'name'",
                               n=i + 1, field=repr(extra[0])))
        kind = s.get("kind") if isinstance(s, dict) else None
        if kind not in (HUMAN, *bot_kinds()):
            raise ValueError(_("seat {n}: kind must be one of {kinds}, not {given}", n=i + 1,
                               kinds=", ".join([HUMAN, *bot_kinds()]), given=repr(kind)))
        name = s.get("name") if isinstance(s, dict) else None
        mine = kind == HUMAN and not any(r[0] == HUMAN for r in rows)  # the creator sits at the first
        if mine and account is not None and (name is None or (isinstance(name, str) and not name.strip())):
            name = account.name
        blank = name is None or (isinstance(name, str) and not name.strip())
        try:  # unnamed seats take plain first names, as the engine calls seats without names
            name = seat_name(name, plain(i) if blank else "")
        except ValueError as e:
            raise ValueError(_("seat {n}: {reason}", n=i + 1, reason=reason(e))) from None
        # At a public table only the creator's seat has a link now; the others are free, taken in the lobby.
        token = new_token() if kind == HUMAN and (mine or not public) else None
        rows.append((kind, name, token, account.id if mine and account is not None else None))
    return rows


def _created(tid: str, rows: list[tuple[str, str, str | None, str | None]], **settings: Any) -> dict[str, Any]:
    """The answer to a table's creation: its address, its settings and each seat's link (or that it is open)."""
    return {"id": tid, "url": f"/t/{tid}", "spectate": f"/t/{tid}", **settings,
            "seats": [{"seat": i, "kind": k, "name": n, **({"token": tok, "url": f"/t/{tid}?token={tok}"}
                                                           if tok else {"open": True} if k == HUMAN else {})}
                      for i, (k, n, tok, _) in enumerate(rows)]}
