"""Help against bots: undo, hints and the review of a finished deal — only at a table where every other seat
is a bot, and a match that used any of them is marked and not rated.

- **Undo** takes back the person's last action in the current deal (and the bots' actions after it): an undo
  row is appended to the action log under the same unique (table, deal, number) key as an action (so it races
  safely with a bot's move), the deal is rebuilt from the log without the undone actions, and nothing is
  deleted. Taking back the action that ended a deal withdraws its settlement; once the match is over
  nothing can be taken back.
- A **hint** is the IS-MCTS bot's choice for the person's seat, searched from what that seat may see (the
  bot samples the hidden cards with ``deal.sample(seat)``), with one line in plain words: what the move
  does, how often it takes the trick in the deals the bot imagined, and what it scored there against the
  next best move.
- The **review** of a finished deal searches each of the person's decisions again and lists those where the
  bot's choice scored better, and by how much (in the game's unit, per deal, on average over the deals the
  bot imagined).

Searches run in a process of their own (never on the web process's event loop or under its GIL).
"""

from __future__ import annotations

import asyncio
import logging
import random
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

import cardtable as ct
from cardtable.core.words import label as action_words

from .protocol import error_frame
from .room import HUMAN, Table, job_for, logged_deal
from .store import Stale, StoreError

if TYPE_CHECKING:
    from .hub import Conn

__all__ = ["Assist", "describe", "hint_for", "review_deal"]

log = logging.getLogger("cardtable.web")

RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine", "8": "eight",
              "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_words(code: str, trump: str | None = None) -> str:
    """``"AD"`` → ``"the ace of diamonds"`` (``"the ace of trumps"`` when diamonds are trumps)."""
    if code == "JK":
        return "the joker"
    rank, suit = RANK_WORDS.get(code[0]), SUIT_WORDS.get(code[1:])
    if rank is None or suit is None:
        return code
    return f"the {rank} of {'trumps' if trump == code[1:] else suit}"


def _is_card(action: str) -> bool:
    return action == "JK" or (len(action) == 2 and action[0] in RANK_WORDS and action[1] in SUIT_WORDS)


def describe(deal: ct.Deal, seat: int, action: str) -> str:
    """What ``action`` does, in words, as the seat sees the table (the one place hints word a move): a card
    as it is played to the trick, an action of a known kind by its verb, any other by the game's own label.

    >>> d = ct.load("nap", players=4).deal(seed=1)
    >>> describe(d, d.turn, "bid 3"), describe(d, d.turn, "pass"), describe(d, d.turn, "nap")
    ('bids Three', 'passes', 'calls Nap')
    """
    view = deal.view(seat)
    if _is_card(action):
        trump = view.get("trump")
        words = card_words(action, trump)
        suit = _suit_in_play(deal)
        if suit(action) == "trump" and trump != action[1:]:
            words += " (a trump)"  # a trump by its rank or its place, such as a jack or a queen in Schafkopf
        trick = view.get("trick")
        if trick is None:
            return f"plays {words}"
        if not trick:
            return f"leads {words}"
        if suit(action) == suit(trick[0][1]):
            return f"follows suit with {words}"
        if suit(action) == "trump":
            return f"trumps with {words.removesuffix(' (a trump)')}"
        return f"throws {words}"
    word, *rest = action.split()
    cards = [card_words(x, view.get("trump")) if _is_card(x) else x for x in rest]
    if word == "pass" and not rest:
        return "passes"
    verb = {"bid": "bids", "discard": "discards", "exchange": "exchanges", "meld": "melds", "draw": "draws from the",
            "take": "takes", "play": "plays", "rob": "robs with", "stand": "stands", "drop": "drops",
            "knock": "knocks", "call": "calls"}.get(word)
    if verb is None:  # a word of the game's own, such as Nap's "nap" or "wellington": its label names it
        return f"calls {action_words(deal, action)}"
    if word == "bid":  # a bid as the game names it ("bids Three" in Nap), never its raw number
        said = action_words(deal, action)
        return said[:1].lower() + said[1:].replace("Bid", "bids", 1) if said.lower().startswith("bid") \
            else f"bids {said}"
    return " ".join([verb, *cards]) if cards else verb


def _suit_in_play(deal: ct.Deal) -> Any:
    """A function giving a card's suit as the trick is played: ``"trump"`` for every trump (also those
    trumps by rank, such as the jacks and queens of Schafkopf or the ace of hearts of Spoil Five), else its
    printed suit letter."""
    rules = deal.ranking()  # the trick rules in force, in the play
    mask = rules.trump_mask if rules is not None and getattr(deal, "phase", None) == "play" else 0

    def suit(code: str) -> str:
        if mask:
            try:
                if mask >> rules.pack.parse(code) & 1:
                    return "trump"
            except ValueError:
                pass
        return code[1:]

    return suit


def _trick_odds(deal: ct.Deal, seat: int, action: str, rng: random.Random, samples: int = 20) -> tuple[int, int]:
    """In how many of ``samples`` deals consistent with what the seat sees ``action`` takes the current trick
    (the others playing by the heuristic bot); (0, 0) outside a trick."""
    view = deal.view(seat)
    if "trick" not in view or "tricks_won" not in view or not _is_card(action):
        return 0, 0
    others = ct.bots.load("heuristic", seed=rng.randrange(2**31))
    won = counted = 0
    for _ in range(samples):
        d = deal.sample(seat, rng)
        before = d.view(seat)["tricks_won"][seat]
        d.act(action)
        steps = 0
        while not d.over and d.view(seat)["trick"] and steps < 20:
            turn = d.turn
            assert turn is not None
            d.act(others.choose(d, turn))
            steps += 1
        v = d.view(seat)
        if "tricks_won" not in v or v["trick"]:
            continue
        counted += 1
        won += v["tricks_won"][seat] > before
    return won, counted


def _trumps_left(deal: ct.Deal, seat: int, action: str) -> str | None:
    """For a trump the seat plays in a trick game: how many trumps it keeps and how many it has not seen
    played, from what the seat may see (its hand, the cards played, the number of cards dealt); ``None``
    for any other move."""
    rules = deal.ranking()  # the trick rules in force, in the play
    if getattr(deal, "phase", None) != "play" or rules is None or not rules.trump_mask or not _is_card(action):
        return None
    pack = rules.pack
    hand = deal.hands[seat]  # type: ignore[attr-defined]
    card = pack.parse_in(action, hand)
    if card is None or not rules.trump_mask >> card & 1:
        return None
    played = 0
    for m in deal.won:  # type: ignore[attr-defined]
        played |= m
    for c in deal.trick:  # type: ignore[attr-defined]
        played |= 1 << c
    kept = (hand & ~(1 << card) & rules.trump_mask).bit_count()
    unseen = (rules.trump_mask & ~hand & ~played).bit_count()
    dealt = sum(h.bit_count() for h in deal.hands) + played.bit_count()  # type: ignore[attr-defined]
    where = "" if dealt >= pack.size or not unseen else " (some may be out of play)"
    keep = f"you keep {kept} trump{'s' * (kept != 1)}" if kept else "it is your last trump"
    return f"{keep}, and {unseen} other{'s' * (unseen != 1)} {'are' if unseen != 1 else 'is'} not played yet{where}"


def _amount(x: float, unit: str) -> str:
    return f"{x:+.1f} {unit}"


def hint_for(record: dict[str, Any], seat: int, seconds: float, seed: int) -> dict[str, Any]:
    """The IS-MCTS bot's choice for ``seat`` in the deal rebuilt from ``record``, with a one-line reason (runs
    in a worker process)."""
    deal = ct.replay(record)
    bot = ct.bots.load("ismcts", seconds=seconds, seed=seed)
    action = bot.choose(deal, seat)
    values = bot.stats().get("actions", {})
    words = describe(deal, seat, action)
    unit = deal.game.unit
    parts = []
    trumps = _trumps_left(deal, seat, action)
    if trumps:
        parts.append(trumps)
    won, counted = _trick_odds(deal, seat, action, random.Random(seed))
    if counted:
        if won == counted:
            parts.append("it takes the trick in every deal the bot imagined")
        elif won == 0:
            parts.append("it gives up the trick (none of the deals the bot imagined has it winning)")
        else:
            parts.append(f"it takes the trick in {won} of the {counted} deals the bot imagined")
    if action in values and len(values) > 1:
        mean = values[action]["mean"]
        rest = sorted(((v["mean"], a) for a, v in values.items() if a != action), reverse=True)
        second, other = rest[0]
        parts.append(f"it scored {_amount(mean, unit)} a deal there; the next best move "
                     f"({describe(deal, seat, other)}) scored {_amount(second, unit)}")
    elif len(deal.legal()) == 1:
        parts.append("it is the only legal move")
    else:
        parts.append("the bot's rule of thumb for this kind of decision")
    reason = f"{words[0].upper()}{words[1:]}: {'; '.join(parts)}."
    return {"action": action, "reason": reason,
            "values": {a: round(v["mean"], 3) for a, v in values.items()}}


def review_deal(record: dict[str, Any], seat: int, seconds: float, seed: int, most: int = 12,
                iterations: int | None = None) -> list[dict[str, Any]]:
    """The decisions of ``seat`` in a finished deal where the IS-MCTS bot's choice scored better than the
    one made, best gain first (runs in a worker process; at most ``most`` decisions are searched, each for
    ``seconds``, or ``iterations`` when given: then the review is reproducible)."""
    actions = record["actions"]
    base = {**record, "actions": []}
    found = []
    searched = 0
    for i, (s, played) in enumerate(actions):
        if s != seat or searched >= most:
            continue
        deal = ct.replay({**base, "actions": actions[:i]})
        if len(deal.legal()) < 2:
            continue
        searched += 1
        budget = {"iterations": iterations} if iterations else {"seconds": seconds}
        bot = ct.bots.load("ismcts", seed=seed + i, **budget)
        choice = bot.choose(deal, seat)
        values = bot.stats().get("actions", {})
        if choice == played or played not in values or choice not in values:
            continue
        gain = values[choice]["mean"] - values[played]["mean"]
        spread = max(v["mean"] for v in values.values()) - min(v["mean"] for v in values.values())
        if gain <= max(0.1, 0.05 * spread):
            continue
        found.append({"step": i, "played": played, "better": choice, "gain": round(gain, 2),
                      "text": f"Move {i + 1}: you {_you(describe(deal, seat, played))}; the bot "
                              f"{describe(deal, seat, choice)}, about {gain:.1f} {deal.game.unit} a deal better."})
    found.sort(key=lambda x: -x["gain"])
    return found


def _you(words: str) -> str:
    """``"leads the ace"`` → ``"led the ace"``-like words for "you …": the verb without its third-person s."""
    verb, _, rest = words.partition(" ")
    bare = {"passes": "passed", "leads": "led", "follows": "followed", "trumps": "trumped", "throws": "threw",
            "plays": "played", "bids": "bid", "discards": "discarded", "exchanges": "exchanged", "melds": "melded",
            "draws": "drew", "takes": "took", "robs": "robbed", "stands": "stood", "drops": "dropped",
            "knocks": "knocked", "calls": "called"}.get(verb, verb)
    return f"{bare} {rest}".strip()


class Assist:
    """Undo, hints and reviews for the web server (mixed into ``Server``)."""

    store: Any
    limits: Any
    assist_seconds: float = 1.0
    review_seconds: float = 0.3
    _assist_pool: Executor | None = None
    _assisting: set[str]

    if TYPE_CHECKING:
        async def run(self, fn: Any, *args: Any, **kw: Any) -> Any: ...

        def broadcast(self, t: Table) -> None: ...

        def changed(self, t: Table, ended: bool) -> None: ...

        async def reload(self, t: Table) -> bool: ...

        async def _stale(self, conn: Conn, t: Table, why: str) -> None: ...

        def _refuse(self, conn: Conn, t: Table, e: StoreError) -> None: ...

        async def _fresh(self, t: Table, conn: Conn) -> bool: ...

        def finished_deal(self, t: Table, conn: Conn, deal_no: int) -> bool: ...

    def _pool_for_help(self) -> Executor:
        if self._assist_pool is None:
            from .botwork import process_pool

            self._assist_pool = process_pool(1)
        return self._assist_pool

    def close_assist(self) -> None:
        if self._assist_pool is not None:
            self._assist_pool.shutdown(wait=False, cancel_futures=True)
            self._assist_pool = None

    @staticmethod
    def _against_bots(t: Table, conn: Conn, what: str) -> str | None:
        """Why ``conn`` may not have help here, or ``None``."""
        if conn.seat is None:
            return f"{what} is for the player at the table, not for spectators"
        if any(s.kind == HUMAN for s in t.seats if s.seat != conn.seat):
            return f"{what} is only offered at a table where every other seat is a bot"
        return None

    # -------------------------------------------------------------- undo
    async def undo(self, t: Table, conn: Conn) -> None:
        why = self._against_bots(t, conn, "taking back a move")
        if why is not None:
            conn.send(error_frame(why))
            return
        seat = conn.seat
        assert seat is not None
        async with t.lock:
            if not await self._fresh(t, conn):
                return
            if t.match_over:
                conn.send(error_frame("the match is over; nothing can be taken back"))
                return
            history = t.deal.history
            mine = [i for i, (s, _) in enumerate(history) if s == seat]
            if not mine:
                conn.send(error_frame(f"you have not acted in deal {t.deal_no} yet; there is nothing to take back"))
                return
            keep = mine[-1]
            record = {**t.deal.record(), "actions": [[s, a] for s, a in history[:keep]]}
            deal = ct.replay(record)
            reopen = None
            if t.deal.over:  # its settlement is withdrawn
                before = t.sheet[-2]["totals"] if len(t.sheet) >= 2 else [0] * t.game.players
                reopen = (before, len(t.sheet) - 1)
            job = job_for(t.id, t.seats, t.deal_no, deal, False, idx=t.logged + 1, takeover=t.takeover)
            try:
                await self.run(self.store.append_undo, t.id, t.deal_no, t.logged, seat, keep, job=job, reopen=reopen)
            except Stale:
                await self._stale(conn, t, "the table moved on before the move could be taken back; here it is")
                return
            except StoreError as e:
                self._refuse(conn, t, e)
                return
            await self.reload(t)

    # ------------------------------------------------------------ hints
    async def _search(self, t: Table, conn: Conn, fn: Any, *args: Any) -> Any:
        """Run a search for help in the help process, one per table at a time; ``None`` if refused."""
        wait = self.limits.hit("hint", conn.client)
        if wait is not None:
            conn.send(error_frame(f"too many hints just now (at most {self.limits.describe('hint')}); wait {wait} "
                                  "seconds", retry_after=wait))
            return None
        if t.id in self._assisting:
            conn.send(error_frame("the bot is still thinking about your last question"))
            return None
        self._assisting.add(t.id)
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool_for_help(), fn, *args)
        except Exception as e:
            log.exception("help at table %s failed", t.id)
            conn.send(error_frame(f"the bot could not work that out ({type(e).__name__}); try again"))
            return None
        finally:
            self._assisting.discard(t.id)

    async def _mark_helped(self, t: Table) -> None:
        try:
            await self.run(self.store.note_hint, t.id)
        except StoreError as e:
            log.warning("table %s: a hint was not counted: %s", t.id, e)
        if not t.assisted:
            t.assisted = True
            self.broadcast(t)

    async def hint(self, t: Table, conn: Conn) -> None:
        why = self._against_bots(t, conn, "a hint")
        if why is not None:
            conn.send(error_frame(why))
            return
        if t.deal.over or t.deal.turn != conn.seat:
            conn.send(error_frame("a hint is for your turn"))
            return
        position, record = t.position, t.deal.record()
        out = await self._search(t, conn, hint_for, record, conn.seat, self.assist_seconds,
                                 random.randrange(2**31))
        if out is None:
            return
        await self._mark_helped(t)
        conn.send({"type": "hint", "deal": position[0], "rev": position[1], **out})

    async def review(self, t: Table, conn: Conn, deal_no: int) -> None:
        why = self._against_bots(t, conn, "a review")
        if why is not None:
            conn.send(error_frame(why))
            return
        if not self.finished_deal(t, conn, deal_no):
            return

        def record() -> dict[str, Any]:
            d = next(r for r in self.store.deals(t.id) if r.deal_no == deal_no)
            return logged_deal(t.game, d, self.store.actions(t.id, deal_no)).record()

        try:
            rec = await self.run(record)
        except StoreError as e:
            self._refuse(conn, t, e)
            return
        out = await self._search(t, conn, review_deal, rec, conn.seat, self.review_seconds, random.randrange(2**31))
        if out is None:
            return
        if not t.match_over:
            await self._mark_helped(t)
        conn.send({"type": "review", "deal": deal_no, "moves": out})
