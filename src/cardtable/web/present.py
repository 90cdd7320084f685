"""What the table page shows in words and order, built beside ``deal.view(seat)`` for the ``show`` key of a
state frame: the seats' names, each legal action's label, the deal's moves as a log in words (with who won
each trick), the settlement and status lines in names, the hand in the game's own order, each seat's part in
the deal, and the layout rows in full.

The words themselves come from the engine (:mod:`cardtable.core.words`, through :mod:`cardtable.words`, which
the command line uses too). Everything
comes from the seat's own view: its history, and its public log of events for who won each trick with which
card; the hand's order from the game's declared ranking (``deal.ranking()``).

A table sends every seat a frame after every action, so what its frames have built is kept with the table
(the ``owner``) for the deal in play: each frame words only the moves that are new since the last.
"""

from __future__ import annotations

import functools
import itertools
import weakref
from collections.abc import Callable, Sequence
from typing import Any

import cardtable as ct
from cardtable.core import words
from cardtable.core.cards import SUITS
from cardtable.core.tricks import TrickDeal
from cardtable.words import MELD, ante_lines, in_names, label, meld_owners, pool_words, reason, sentence

__all__ = ["hand_groups", "in_names", "label", "moves", "reason", "roles", "show"]


# ------------------------------------------------------------ hand order
def _rank_order(deal: ct.Deal) -> dict[str, int]:
    """Each card code's place in the game's rank order for building (ace low in the Fan-Tan family)."""
    layout = getattr(deal, "layout", None)
    return _places(deal.pack, layout.pos if layout is not None and hasattr(layout, "pos") else None)


@functools.lru_cache(maxsize=64)  # a pack and a layout's fixed rank order: the same every frame (read only)
def _places(pack: Any, pos: tuple[int, ...] | None) -> dict[str, int]:
    return {pack.code(c): (pos if pos is not None else pack.rank)[c] for c in range(pack.size)}


SUIT_RING = "SHCD"  # black, red, black, red: neighbouring suits differ in colour


def _suit_sequence(first: str | None, present: set[str]) -> list[str]:
    """The suits in hand order: ``first`` (the trump or the turn-up's suit) leading, then the others so that
    neighbouring suits differ in colour wherever they can (♠ ♥ ♣ ♦ when nothing leads).

    >>> _suit_sequence(None, {"S", "H", "D"}), _suit_sequence("D", {"S", "H", "D", "C"})
    (['H', 'S', 'D'], ['D', 'S', 'H', 'C'])
    """
    return list(_suit_order(first, frozenset(present)))


@functools.lru_cache(maxsize=256)  # a few dozen cases in all: every frame asks again
def _suit_order(first: str | None, present: frozenset[str]) -> tuple[str, ...]:
    def clashes(order: tuple[str, ...]) -> int:
        return sum((a in "HD") == (b in "HD") for a, b in itertools.pairwise(order))

    ring = {s: i for i, s in enumerate(SUIT_RING)}
    options = [p for p in itertools.permutations(sorted(present, key=ring.__getitem__))
               if first not in present or p[0] == first]
    return min(options, key=lambda p: (clashes(p), [ring[s] for s in p])) if options else ()


def hand_groups(deal: ct.Deal, view: dict[str, Any]) -> list[list[str]]:
    """The hand in the game's order, as groups: the trumps (by their power), then the other suits with colours
    alternating, strongest first in trick games; by suit and rank upward in building and melding games."""
    hand = [c for c in view.get("hand") or [] if isinstance(c, str)]
    if not hand:
        return []
    pack = deal.pack
    rules = deal.ranking()  # the game's ranking now: the contract's, or a fixed one declared before the play
    trump = view.get("trump")
    turn_up = view.get("turn_up")
    first = trump if isinstance(trump, str) else (turn_up[1] if isinstance(turn_up, str) and len(turn_up) == 2
                                                 else None)
    tricky = isinstance(deal, TrickDeal)
    index = pack.index_of
    if rules is not None and tricky:
        def suit(code: str) -> str:
            c = index.get(code)
            s = rules.suit_of[c] if c is not None else 4
            return SUITS[s] if s < 4 else "*"

        def power(code: str) -> int:
            c = index.get(code)
            return rules.power[c] if c is not None else 99
        # (a trump "suit" of its own, as the Unters alone of a Wenz, is shown first as "*")
        first = SUITS[rules.trump] if rules.trump is not None and rules.trump < 4 else first
    else:
        order = _rank_order(deal)

        def suit(code: str) -> str:
            return code[1] if code != "JK" else "*"

        def power(code: str) -> int:
            return order.get(code, 99)
    groups: dict[str, list[str]] = {}
    for code in hand:
        groups.setdefault(suit(code), []).append(code)
    seq = (["*"] if "*" in groups else []) + _suit_sequence(first, set(groups) - {"*"})
    out = []
    for s in seq:
        cards = sorted(groups[s], key=power, reverse=tricky)
        out.append(cards)
    return out


# ------------------------------------------------------------ roles
def roles(deal: ct.Deal, view: dict[str, Any], names: Sequence[str],
          say: Callable[[str], str] | None = None) -> list[list[str]]:
    """Each seat's part in the deal, in words (declarer and contract, partner, in or out...); ``say``: the
    engine's words for an action (by default :func:`label`)."""
    n = deal.players
    out: list[list[str]] = [[] for _ in range(n)]

    def seats(key: str) -> list[int]:
        v = view.get(key)
        if v is None:
            return []
        if isinstance(v, list):
            return [s for s in v if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n]
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n:
            return [v]
        return []

    contract = view.get("contract")
    for s in seats("declarer"):
        word = (say(contract) if say is not None else label(deal, contract)) if isinstance(contract, str) else None
        out[s].append(f"Declarer · {word}" if word else "Declarer")
    me = view.get("seat")
    teams = view.get("teams") or view.get("partners")
    if isinstance(teams, list) and isinstance(me, int):
        for team in teams:
            if isinstance(team, list) and me in team:
                for s in team:
                    if s != me and isinstance(s, int) and 0 <= s < n:
                        out[s].append("Partner")
    for key, word in (("miss_taker", "Took the miss"), ("robbed_by", "Robbed the turn-up"),
                      ("exchanger", "Took the widow"), ("doubler", "Doubled"), ("defender", "Defends"),
                      ("winner", "Went out"), ("playing_for_pool", "Playing for the pool")):
        for s in seats(key):
            out[s].append(word)
    for key, word in (("entered", "In"), ("joined", "Joined in"), ("lurkers", "Lurking")):
        for s in seats(key):
            if not out[s]:
                out[s].append(word)
    for s in seats("passed"):
        out[s].append("Out")
    return out


# ------------------------------------------------------------ the log
class _Log:
    """One reader's log as far as it has been worded: the view's history entries it covers, and their entries."""

    __slots__ = ("entries", "events", "melded", "play", "seen")

    def __init__(self) -> None:
        self.seen: list[list[Any]] = []
        self.events = 0
        """The view's events read so far."""
        self.play = -1
        """The log entry of the last play or call read from the events."""
        self.entries: list[dict[str, Any]] = []
        self.melded: list[tuple[int, str]] = []
        """The entries whose words name a meld by its owner, from the view (index, the engine's words)."""


class _Seen:
    """What the frames of one owner (a table) have built for its current deal, kept in step with it as it goes
    on, so that a frame words only what is new.

    Kept while the deal is the same one (game, pack order, dealer, carried pools) and its history has only
    grown; an undo (a shorter or different history) or the next deal starts afresh. It holds the engine's words
    for each action and each reader's log (with who won each trick, from the view's events). An action's words
    are the game's and may depend on the deal's phase (Schafkopf's "Pass the blind" while the blind is offered,
    "Pass" after), on nothing else that changes; so the words and the logs are kept by phase. A lay-off's words
    also name the meld's owner from the view: those entries are worded again in every frame. The logs are kept by the
    reader's seat (``None``: a spectator), and a log serves a frame only while it covers the start of that
    frame's view's history exactly: a seat's log never serves another, nor shows a move as it was once seen.
    """

    def __init__(self, deal: ct.Deal) -> None:
        self.game, self.deck, self.dealer, self.carry = deal.game, deal.deck, deal.dealer, dict(deal.carry_in)
        self.history: list[tuple[int, str]] = []
        """The deal's history as far as followed."""
        self.words: dict[tuple[Any, str], str] = {}
        self.logs: dict[tuple[int | None, Any], _Log] = {}

    def same(self, deal: ct.Deal) -> bool:
        """Whether ``deal`` is this deal, its history followed so far unchanged."""
        n, history = len(self.history), deal.history
        return (deal.game is self.game and deal.dealer == self.dealer and deal.deck == self.deck
                and deal.carry_in == self.carry and len(history) >= n and history[:n] == self.history)

    def follow(self, deal: ct.Deal) -> None:
        history = deal.history
        if len(history) == len(self.history):
            return
        self.history.extend(history[len(self.history):])

    def word(self, deal: ct.Deal, action: str) -> str:
        """The engine's words for ``action`` at ``deal`` (:func:`cardtable.core.words.label`), once a phase."""
        key = (deal.phase, action)
        text = self.words.get(key)
        if text is None:
            text = self.words[key] = words.label(deal, action)
        return text

    def log(self, deal: ct.Deal, view: dict[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
        """The log of the reader whose ``view`` this is: what was worded before, and the new moves."""
        history = view.get("history") or []
        key = (view.get("seat"), deal.phase)
        log = self.logs.get(key)
        n = len(log.seen) if log is not None else 0
        if log is None or n > len(history) or history[:n] != log.seen:  # a private move shown otherwise now
            log = self.logs[key] = _Log()
            n = 0
        won = _won(view.get("events") or [], log)
        for i in range(n, len(history)):
            seat, action = history[i]
            text = self.word(deal, action)
            entry: dict[str, Any] = {"seat": seat, "act": action, "say": text}
            if MELD.search(text):
                log.melded.append((i, text))
            if i in won:
                entry["won"], entry["with"] = won[i]
            log.seen.append([seat, action])
            log.entries.append(entry)
        out = [dict(e) for e in log.entries]  # the frame's own: nothing it is given to changes the cache
        for i, text in log.melded:
            out[i]["say"] = meld_owners(text, view, names)
        return out


def _won(events: Sequence[Any], log: _Log) -> dict[int, tuple[Any, str]]:
    """The tricks won among the view's ``events`` that ``log`` has not read yet, by the log entry of the play
    that completed each: (winner, winning card)."""
    out: dict[int, tuple[Any, str]] = {}
    play = log.play
    for e in itertools.islice(events, log.events, None):
        kind = e.get("kind") if isinstance(e, dict) else None
        if kind == "play" or kind == "act":
            play += 1
        elif kind == "won" and play >= 0:
            out[play] = (e.get("seat"), e.get("what", ""))
    log.play, log.events = play, max(log.events, len(events))
    return out


_SEEN: weakref.WeakKeyDictionary[Any, _Seen] = weakref.WeakKeyDictionary()


def _seen(owner: Any, deal: ct.Deal) -> _Seen | None:
    """What ``owner``'s frames have built for ``deal`` so far, brought up to date; ``None`` without an owner, or
    with one that cannot be weakly referenced."""
    if owner is None:
        return None
    try:
        seen = _SEEN.get(owner)
    except TypeError:  # an owner that cannot be weakly referenced: nothing is kept
        return None
    if seen is None or not seen.same(deal):
        seen = _SEEN[owner] = _Seen(deal)
    seen.follow(deal)
    return seen


def moves(deal: ct.Deal, view: dict[str, Any], owner: Any = None, names: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The deal so far as this seat saw it: each move with its label; after a trick, who won it and with what
    (known with an ``owner``: the table whose frames these are, which keeps what its frames have built)."""
    return _moves(deal, view, _seen(owner, deal), names)


def _moves(deal: ct.Deal, view: dict[str, Any], seen: _Seen | None, names: Sequence[str]) -> list[dict[str, Any]]:
    if seen is not None:
        return seen.log(deal, view, names)
    return [{"seat": seat, "act": action, "say": label(deal, action, view, names)}
            for seat, action in view.get("history") or []]


# ------------------------------------------------------------ the whole block
def layout_rows(deal: ct.Deal, view: dict[str, Any]) -> dict[str, list[str]] | None:
    """Every layout row in full, low to high ({suit: [codes]}), where the view has a layout of runs."""
    layout = getattr(deal, "layout", None)
    if not isinstance(view.get("layout"), dict) or layout is None or not hasattr(layout, "rows"):
        return None
    return layout.rows()  # type: ignore[no-any-return]


def show(deal: ct.Deal, view: dict[str, Any], names: Sequence[str], owner: Any = None) -> dict[str, Any]:
    """The ``show`` block of a state frame for the seat whose ``view`` this is."""
    seen = _seen(owner, deal)

    def word(action: str) -> str:
        return seen.word(deal, action) if seen is not None else words.label(deal, action)

    out: dict[str, Any] = {
        "names": list(names),
        "labels": {a: meld_owners(word(a), view, names) for a in view.get("legal") or []},
        "log": _moves(deal, view, seen, names),
        "hand": hand_groups(deal, view),
        "roles": roles(deal, view, names, word),
    }
    if isinstance(view.get("status"), str):
        out["status"] = sentence(in_names(view["status"], names))
    contract = view.get("contract")
    if isinstance(contract, str):
        out["contract"] = word(contract)
    if isinstance(view.get("high_bid"), str):
        out["high_bid"] = word(view["high_bid"])
    result = view.get("result")
    if isinstance(result, dict):
        # the antes on the money cards in one line, then the result (as the command line says them)
        out["lines"] = [sentence(line) for line in ante_lines([in_names(line, names)
                                                                  for line in result.get("lines") or []])]
    pools = dict(view.get("pools") or {}) if isinstance(view.get("pools"), dict) else {}
    if isinstance(result, dict) and isinstance(result.get("pools"), dict):
        pools.update(result["pools"])
    if pools:  # each pool in the words of the game's rules ("the Frog pot"), for the facts and the settlement
        out["pool_words"] = {k: pool_words(k) for k in pools}
    rows = layout_rows(deal, view)
    if rows is not None:
        out["layout"] = rows
        layout = getattr(deal, "layout", None)
        if layout is not None and not getattr(layout, "wrap", False):
            out["layout_ranks"] = list(_ranks(deal.pack, layout.pos, layout.span))
    return out


@functools.lru_cache(maxsize=64)
def _ranks(pack: Any, pos: tuple[int, ...], span: int) -> tuple[str, ...]:
    """The layout's ranks in its order (each position's rank letter)."""
    ranks = [""] * span
    for c, p in enumerate(pos):
        if p >= 0:
            ranks[p] = pack.code(c)[0]
    return tuple(ranks)
