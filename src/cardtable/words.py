"""Plain words for the table, from one source: each action's label ("Two", "Rob with the 7♥", "Take the miss"),
cards by name ("Queen of spades") and symbol ("Q♠"), and the engine's lines with seats called by their names
("Ann failed Two (0 tricks): Ann pays Bea 2"). The web table (:mod:`cardtable.web.present`) and the command
line (:mod:`cardtable.cli`) both word actions and settlements through this module.

:func:`label` asks the game (``deal.label``) where the game words its own actions, and otherwise words them
by :func:`label_of`.

>>> label_of("bid 2", "nap"), label_of("rob 7H", "spoil-five"), label_of("QS", "nap")
('Two', 'Rob with the 7♥', 'Queen of spades')
>>> label_of("exchange 2", "five-card-loo"), label_of("meld 5D JK=6D 7D", "coon-can")
('Exchange two cards', 'Meld the 5♦, 6♦ (joker) and 7♦')
>>> label_of("rob", "spoil-five"), label_of("show", "five-card-loo"), label_of("bid 85", "michigan")
('Rob the turn-up', 'Show a flush', '85 chips for the widow')
>>> in_names("seat 3 failed Four (1 tricks); seats 0 and 2 pay; Seats 1, 3 and 0", ["Ann", "Bea", "Cal", "Dee"])
'Dee failed Four (1 trick); Ann and Cal pay; Bea, Dee and Ann'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

from cardtable.catalog import game_info
from cardtable.core.deal import Deal
from cardtable.core.words import PLAIN_NAMES
from cardtable.errors import RulesError

__all__ = ["DEFAULT_NAMES", "card_name", "card_symbol", "cards_phrase", "for_you", "in_names", "label", "label_of",
           "reason", "sentence"]

DEFAULT_NAMES = PLAIN_NAMES
"""A seat's name when its player gives none: the engine's plain names."""

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
            "take pool": "Take the miss, for the pool", "keep": "Keep your cards", "show": "Show a flush"},
    "rams": {"play": "Play", "take": "Take the widow", "rams": "Rams: win every trick", "stand": "Stand",
             "join": "Join in", "diddle": "Diddle", "knock": "Knock", "lurk": "Lurk"},
    "spoil five": {"decline": "Decline", "hold": "Hold", "done": "Done discarding", "rob": "Rob the turn-up"},
    "schafkopf": {"take": "Pick up the blind"},
    "stops": {"take": "Take the widow", "keep": "Keep your hand"},
    "rummy": {"draw stock": "Draw from the stock", "draw discard": "Take the discard"},
    "fan-tan": {"draw": "Draw from the stock"},
}
TRUMP_WORDS = {"misere": "Misère", "spread-misere": "Spread misère"}


@functools.cache
def _family(game_id: str) -> str:
    try:
        return game_info(game_id).family
    except RulesError:
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


def label(deal: Deal, action: str, view: dict[str, Any] | None = None, names: Sequence[str] = ()) -> str:
    """The label of an action at this table: the game's own words where it has them, else :func:`label_of`
    (a lay-off names the meld by its owner when the view shows the melds)."""
    own = getattr(type(deal), "label", None)
    words = action.split()
    # a move whose cards another seat may not see, shown as a count or the word alone ('exchange 2', 'discard')
    hidden = (len(words) == 2 and words[1].isdigit()) or action in ("exchange", "discard", "give")
    if own is not None and own is not getattr(Deal, "label", None) and not hidden:
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


YOU_VERB = re.compile(r"(?<!and )\b(You|you) "
                      r"(put|pay|ante|play|win|score|buy|double|take|get|lose|make|is|has|goes)s?\b")
YOU_FORM = {"is": "are", "has": "have", "goes": "go"}


def for_you(text: str) -> str:
    """A line in names where one seat is called "You": the verbs that follow it agree.

    >>> for_you("Anna pays You 2; You pays Ben 1; You is out")
    'Anna pays you 2; You pay Ben 1; You are out'
    """
    text = re.sub(r"(?<=[\w,] )You\b", "you", text)
    return YOU_VERB.sub(lambda m: f"{m[1]} {YOU_FORM.get(m[2], m[2])}", text)


NOT_ALLOWED = re.compile(r"^'(?P<action>[^']*)' is not allowed: ")
LEGAL_NOW = re.compile(r"\s*Legal now: .*$", re.S)
QUOTED_ACTION = re.compile(r"\s*\('[^']*'\)")


def reason(deal: Deal, text: str, names: Sequence[str]) -> str:
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


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]
