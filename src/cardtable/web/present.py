"""What the table page shows in words and order, built beside ``deal.view(seat)`` for the ``show`` key of a
state frame: the seats' names, each legal action's label, the deal's moves as a log in words (with who won
each trick), the settlement and status lines in names, the hand in the game's own order, each seat's part in
the deal, and the layout rows in full.

The wording of actions lives here, once: :func:`label` asks the game (``deal.label``) where the game words its
own actions, and otherwise words them itself. Everything comes from the seat's own view, except facts that are
public to every seat (who won a trick, with which card), which a shadow replay of the deal reads off the
public trick record.

>>> label_of("bid 2", "nap"), label_of("rob 7H", "spoil-five"), label_of("QS", "nap")
('Two', 'Rob with the 7♥', 'Queen of spades')
>>> label_of("exchange 2", "five-card-loo"), label_of("meld 5D JK=6D 7D", "coon-can")
('Exchange two cards', 'Meld the 5♦, 6♦ (joker) and 7♦')
>>> in_names("seat 3 failed Four (1 tricks); seats 0 and 2 pay; Seats 1, 3 and 0", ["Ann", "Bea", "Cal", "Dee"])
'Dee failed Four (1 trick); Ann and Cal pay; Bea, Dee and Ann'
"""

from __future__ import annotations

import functools
import itertools
import re
import sys
import weakref
from collections.abc import Sequence
from typing import Any

import cardtable as ct
from cardtable.core.tricks import TrickDeal, TrickRules

__all__ = ["DEFAULT_NAMES", "card_name", "in_names", "label_of", "show"]

DEFAULT_NAMES = ("Ann", "Bea", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
"""A seat's name when its player gives none (the engine's plain names)."""

SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAME = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine", "8": "eight",
             "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two"}
RANK_OF_NAME = {v: k for k, v in RANK_NAME.items()}
NUMBER = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
          "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")
TENS = {20: "twenty", 25: "twenty-five", 30: "thirty"}
CARD = re.compile(r"^(?:[AKQJT98765432][SHDC]|JK)$")


def is_card(word: str) -> bool:
    return bool(CARD.match(word))


def card_name(code: str) -> str:
    """``Queen of spades``, ``Joker``."""
    if code == "JK":
        return "Joker"
    return f"{RANK_NAME[code[0]]} of {SUIT_NAME[code[1]]}".capitalize()


def card_symbol(code: str) -> str:
    """``Q♠``, ``10♥``, ``6♦ (joker)`` for a joker standing for a card."""
    if code.startswith("JK="):
        return f"{card_symbol(code[3:])} (joker)"
    if code == "JK":
        return "joker"
    return ("10" if code[0] == "T" else code[0]) + SUIT_SYMBOL[code[1]]


def cards_phrase(codes: Sequence[str]) -> str:
    """``the 2♣ and 5♥``."""
    shown = [card_symbol(c) for c in codes]
    if len(shown) > 1:
        return "the " + ", ".join(shown[:-1]) + " and " + shown[-1]
    return "the " + shown[0] if shown else "nothing"


def number_word(n: int) -> str:
    if 0 <= n < len(NUMBER):
        return NUMBER[n]
    return TENS.get(n, str(n))


def _card_words(text: str) -> str | None:
    """``ace of spades`` → ``AS`` (a card named in words, as Six-Bid Solo's calls)."""
    m = re.fullmatch(r"(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of "
                     r"(spades|hearts|diamonds|clubs)", text)
    if not m:
        return None
    return RANK_OF_NAME[m[1]] + next(k for k, v in SUIT_NAME.items() if v == m[2])


# The meaning of a numbered bid, by game: what the number stands for in words.
BIDS: dict[str, Any] = {
    "auction-schafkopf": lambda n: f"{60 + n} points: your side takes {60 + n} or more of the 120",
    "auction-forty-five": lambda n: number_word(n).capitalize(),
    "hasenpfeffer": lambda n: f"{number_word(n).capitalize()} trick{'s' if n != 1 else ''} for your side",
}
for _g in ("michigan", "cross-color-michigan", "sequence-michigan", "jackpot-michigan"):
    BIDS[_g] = lambda n: f"{n} chip{'s' if n != 1 else ''} for the widow"

# Words of actions that mean something of their own in a family.
WORDS: dict[str, dict[str, str]] = {
    "loo": {"play": "Play", "take": "Take the miss", "play pool": "Play for the pool",
            "take pool": "Take the miss, for the pool", "keep": "Keep your cards"},
    "rams": {"play": "Play", "take": "Take the widow", "rams": "Rams: win every trick", "stand": "Stand",
             "join": "Join in", "diddle": "Diddle", "knock": "Knock", "lurk": "Lurk"},
    "spoil five": {"decline": "Decline", "hold": "Hold", "done": "Done discarding"},
    "schafkopf": {"take": "Pick up the blind"},
    "stops": {"take": "Take the widow", "keep": "Keep your hand"},
    "rummy": {"draw stock": "Draw from the stock", "draw discard": "Take the discard"},
    "fan-tan": {"draw": "Draw from the stock"},
}
TRUMP_WORDS = {"misere": "Misère", "spread-misere": "Spread misère"}


@functools.cache
def _family(game_id: str) -> str:
    try:
        return ct.game_info(game_id).family
    except ct.RulesError:
        return ""


@functools.lru_cache(maxsize=8192)
def label_of(action: str, game_id: str, redacted_count: bool = True) -> str:
    """An action in plain words, by this module's own wording (:func:`label` asks the game first)."""
    family_words = WORDS.get(_family(game_id), {})
    if action in family_words:
        return family_words[action]
    words = action.split()
    if not words:
        return action
    head, args = words[0], words[1:]
    if len(words) == 1 and is_card(head):
        return card_name(head)
    if head == "bid" and len(args) == 1 and args[0].isdigit():
        n = int(args[0])
        meaning = BIDS.get(game_id)
        return meaning(n) if meaning else number_word(n).capitalize()
    if head in ("exchange", "take", "give", "discard") and len(args) == 1 and args[0].isdigit() and redacted_count:
        n = int(args[0])
        return f"{head.capitalize()} {number_word(n)} card{'s' if n != 1 else ''}"
    if head in ("give", "discard", "exchange") and not args:  # a move whose cards this seat may not see
        return f"{head.capitalize()} a card"
    if head == "trump" and len(args) == 1:
        return f"{args[0].capitalize()} are trumps"
    if head == "call" and args:
        code = _card_words(" ".join(args))
        return f"Call the {' '.join(args)}" if code else " ".join(words).capitalize()
    if head == "stake" and args:
        counts = {a: args.count(a) for a in dict.fromkeys(args)}
        return "Stake " + ", ".join(f"{n} on the {a}" for a, n in counts.items())
    if head == "layoff" and args:
        rest = " ".join(args[1:]).replace("to ", "on meld ")
        return f"Lay off {cards_phrase([args[0]])} {rest}".strip()
    if head == "move" and len(args) >= 4:  # move joker N with CARD
        return f"Move the joker of meld {args[1]} with {cards_phrase(args[3:])}"
    cards = [w for w in args if is_card(w) or w.startswith("JK=")]
    rest = [w for w in args if w not in cards]
    if cards and not rest:
        joiner = " with " if head in ("rob", "spin") else " "
        return f"{head.capitalize()}{joiner}{cards_phrase(cards)}"
    if head in TRUMP_WORDS and not args:
        return TRUMP_WORDS[head]
    return " ".join(words).replace("-", " ").capitalize() if "-" in action else " ".join(words).capitalize()


def label(deal: ct.Deal, action: str, view: dict[str, Any] | None = None, names: Sequence[str] = ()) -> str:
    """The label of an action at this table: the game's own words where it has them, else :func:`label_of`
    (a lay-off names the meld by its owner when the view shows the melds)."""
    own = getattr(type(deal), "label", None)
    if own is not None and own is not getattr(ct.Deal, "label", None):
        return str(deal.label(action))  # type: ignore[attr-defined]
    text = label_of(action, deal.game.id)
    m = re.search(r" on meld (\d+)", text)
    melds = (view or {}).get("melds")
    if m and isinstance(melds, list) and names:
        meld = next((x for x in melds if str(x.get("id")) == m[1]), None)
        if meld is not None and isinstance(meld.get("owner"), int) and 0 <= meld["owner"] < len(names):
            text = text.replace(m[0], f" on {names[meld['owner']]}'s {meld.get('kind') or 'meld'}")
    return text


# ------------------------------------------------------------ names in text
SEATS_AND = re.compile(r"\b[Ss]eats ((?:\d+, )*\d+,? and \d+)\b")
SEAT = re.compile(r"\b([Ss])eat (\d+)\b")
PLURAL = re.compile(r"\b(\d+) (trick|card|chip|point)(?:s?\(s\)|s)?(?![a-z])")
QUOTED_HOWTO = re.compile(r"\s*\([^()]*'[^()]*<[^()]*\)")
QUOTED = re.compile(r"'([a-z][a-z -]*)'")


def in_names(text: str, names: Sequence[str]) -> str:
    """An engine line with seats called by their names and counts in plain English (``1 trick``)."""
    def name(i: str) -> str:
        k = int(i)
        return names[k] if 0 <= k < len(names) else f"player {k + 1}"

    text = SEATS_AND.sub(lambda m: re.sub(r"\d+", lambda d: name(d[0]), m[1]), text)
    text = SEAT.sub(lambda m: name(m[2]), text)
    text = re.sub(r"\byou and (\w+) and (\w+)\b", r"you, \1 and \2", text)
    text = PLURAL.sub(lambda m: f"{m[1]} {m[2]}{'' if m[1] == '1' else 's'}", text)
    text = QUOTED_HOWTO.sub("", text)
    text = QUOTED.sub(lambda m: m[1].capitalize(), text)
    return text


NOT_ALLOWED = re.compile(r"^'(?P<action>[^']*)' is not allowed: ")
LEGAL_NOW = re.compile(r"\s*Legal now: .*$", re.S)
QUOTED_ACTION = re.compile(r"\s*\('[^']*'\)")


def reason(deal: ct.Deal, text: str, names: Sequence[str]) -> str:
    """Why an action was refused, for the player: the action by its label, without the list of legal actions
    (the table shows them) or the actions' typed forms.

    >>> import cardtable as ct
    >>> d = ct.load("coon-can", players=2).deal(seed=1)
    >>> reason(d, d.why_not("discard 2C", d.turn), ["Ann", "Bea"])
    'Discard the 2♣ is not allowed now: first take the top card of the stock or of the discard pile.'
    """
    m = NOT_ALLOWED.match(text)
    if m:
        text = f"{label(deal, m['action'])} is not allowed now: {text[m.end():]}"
    text = QUOTED_ACTION.sub("", LEGAL_NOW.sub("", text)).strip()
    text = in_names(text, names)
    return text if text.endswith((".", "!", "?")) else text + "."


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------ hand order
def _rank_order(deal: ct.Deal) -> dict[str, int]:
    """Each card code's place in the game's rank order for building (ace low in the Fan-Tan family)."""
    layout = getattr(deal, "layout", None)
    pack = deal.pack
    out: dict[str, int] = {}
    for c in range(pack.size):
        code = pack.code(c)
        if layout is not None and hasattr(layout, "pos"):
            out[code] = layout.pos[c]
        else:
            out[code] = pack.rank[c]
    return out


SUIT_RING = "SHCD"  # black, red, black, red: neighbouring suits differ in colour


def _suit_sequence(first: str | None, present: set[str]) -> list[str]:
    """The suits in hand order: ``first`` (the trump or the turn-up's suit) leading, then the others so that
    neighbouring suits differ in colour wherever they can (♠ ♥ ♣ ♦ when nothing leads).

    >>> _suit_sequence(None, {"S", "H", "D"}), _suit_sequence("D", {"S", "H", "D", "C"})
    (['H', 'S', 'D'], ['D', 'S', 'H', 'C'])
    """
    def clashes(order: tuple[str, ...]) -> int:
        return sum((a in "HD") == (b in "HD") for a, b in itertools.pairwise(order))

    ring = {s: i for i, s in enumerate(SUIT_RING)}
    options = [p for p in itertools.permutations(sorted(present, key=ring.__getitem__))
               if first not in present or p[0] == first]
    return list(min(options, key=lambda p: (clashes(p), [ring[s] for s in p]))) if options else []


def hand_groups(deal: ct.Deal, view: dict[str, Any]) -> list[list[str]]:
    """The hand in the game's order, as groups: the trumps (by their power), then the other suits with colours
    alternating, strongest first in trick games; by suit and rank upward in building and melding games."""
    hand = [c for c in view.get("hand") or [] if isinstance(c, str)]
    if not hand:
        return []
    pack = deal.pack
    rules = getattr(deal, "rules", None)
    if rules is None:  # before the play: a game's fixed trick rules, where its module declares them (Schafkopf)
        fixed = getattr(sys.modules.get(type(deal).__module__), "RULES", None)
        rules = fixed if isinstance(fixed, TrickRules) and fixed.pack is pack else None
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
            return "SHDC"[s] if s < 4 else "*"

        def power(code: str) -> int:
            c = index.get(code)
            return rules.power[c] if c is not None else 99
        first = "SHDC"[rules.trump] if rules.trump is not None else first
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
def roles(deal: ct.Deal, view: dict[str, Any], names: Sequence[str]) -> list[list[str]]:
    """Each seat's part in the deal, in words (declarer and contract, partner, in or out...)."""
    n = deal.players
    out: list[list[str]] = [[] for _ in range(n)]

    def seats(key: str) -> list[int]:
        v = view.get(key)
        if isinstance(v, list):
            return [s for s in v if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n]
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n:
            return [v]
        return []

    contract = view.get("contract")
    for s in seats("declarer"):
        word = label(deal, contract) if isinstance(contract, str) else None
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
                      ("winner", "Went out")):
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
class _Shadow:
    """A replay of one deal's full history, kept in step, to read public facts (who won each trick)."""

    def __init__(self, deal: ct.Deal) -> None:
        rec = deal.record()
        self.key = (rec["deck"], rec["dealer"], repr(rec.get("carry")))
        self.deal = deal.game.deal(deck=rec["deck"], dealer=rec["dealer"], carry=rec.get("carry"))
        self.done = 0
        self.won: dict[int, tuple[int, str]] = {}
        """After history entry ``i``: (winner, winning card) of the trick it completed."""

    def follow(self, history: Sequence[tuple[int, str]]) -> None:
        d = self.deal
        for i in range(self.done, len(history)):
            before = list(getattr(d, "tricks_won", None) or [])
            seat, action = history[i]
            d.act(action, seat=seat)
            after = list(getattr(d, "tricks_won", None) or [])
            if before and after and after != before:
                winner = next(s for s in range(len(after)) if after[s] != before[s])
                rules = getattr(d, "rules", None)
                last = list(getattr(d, "last_trick", None) or [])
                card = ""
                if last and rules is not None:
                    cards = [c for _, c in last]
                    card = d.pack.code(cards[rules.winner(cards)])
                self.won[i] = (winner, card)
        self.done = len(history)


_SHADOWS: weakref.WeakKeyDictionary[Any, _Shadow] = weakref.WeakKeyDictionary()


def _shadow(owner: Any, deal: ct.Deal) -> _Shadow | None:
    if owner is None or not isinstance(deal, TrickDeal):
        return None
    try:
        sh = _SHADOWS.get(owner)
        rec = deal.record()
        key = (rec["deck"], rec["dealer"], repr(rec.get("carry")))
        if sh is None or sh.key != key or sh.done > len(deal.history) or \
                [tuple(h) for h in deal.history[:sh.done]] != [tuple(h) for h in sh.deal.history]:
            sh = _SHADOWS[owner] = _Shadow(deal)
        sh.follow(deal.history)
        return sh
    except (TypeError, ValueError):  # an owner that cannot be weakly referenced, or a deal that will not replay
        return None


def moves(deal: ct.Deal, view: dict[str, Any], owner: Any = None, names: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The deal so far as this seat saw it: each move with its label; after a trick, who won it and with what."""
    sh = _shadow(owner, deal)
    out: list[dict[str, Any]] = []
    for i, (seat, action) in enumerate(view.get("history") or []):
        entry: dict[str, Any] = {"seat": seat, "act": action, "say": label(deal, action, view, names)}
        if sh is not None and i in sh.won:
            entry["won"], entry["with"] = sh.won[i]
        out.append(entry)
    return out


# ------------------------------------------------------------ the whole block
def layout_rows(deal: ct.Deal, view: dict[str, Any]) -> dict[str, list[str]] | None:
    """Every layout row in full, low to high ({suit: [codes]}), where the view has a layout of runs."""
    layout = getattr(deal, "layout", None)
    if not isinstance(view.get("layout"), dict) or layout is None or not hasattr(layout, "rows"):
        return None
    return layout.rows()  # type: ignore[no-any-return]


def show(deal: ct.Deal, view: dict[str, Any], names: Sequence[str], owner: Any = None) -> dict[str, Any]:
    """The ``show`` block of a state frame for the seat whose ``view`` this is."""
    out: dict[str, Any] = {
        "names": list(names),
        "labels": {a: label(deal, a, view, names) for a in view.get("legal") or []},
        "log": moves(deal, view, owner, names),
        "hand": hand_groups(deal, view),
        "roles": roles(deal, view, names),
    }
    if isinstance(view.get("status"), str):
        out["status"] = _sentence(in_names(view["status"], names))
    contract = view.get("contract")
    if isinstance(contract, str):
        out["contract"] = label(deal, contract)
    if isinstance(view.get("high_bid"), str):
        out["high_bid"] = label(deal, view["high_bid"])
    result = view.get("result")
    if isinstance(result, dict):
        out["lines"] = [_sentence(in_names(line, names)) for line in result.get("lines") or []]
    rows = layout_rows(deal, view)
    if rows is not None:
        out["layout"] = rows
        layout = getattr(deal, "layout", None)
        if layout is not None and not getattr(layout, "wrap", False):
            ranks = [""] * layout.span
            for c, p in enumerate(layout.pos):
                if p >= 0:
                    ranks[p] = deal.pack.code(c)[0]
            out["layout_ranks"] = ranks
    return out
