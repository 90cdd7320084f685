"""Plain words for people at the table: seat names, card names, and the labels of actions.

Every seat has a name, given to the game (``ct.load(..., names=[...])``), a deal or a match; without one,
the seats are called by plain names (:data:`PLAIN_NAMES`). Settlement lines, reasons and logs use them.

>>> seat_names(3)
('Ann', 'Bea', 'Cal')
>>> seat_names(2, ["North", "South"])
('North', 'South')
>>> cards_phrase(["2C", "5H"]), cards_phrase(["TS"])
('the 2♣ and 5♥', 'the 10♠')
>>> action_label("rob 7H"), action_label("pass"), action_label("QS")
('Rob with the 7♥', 'Pass', 'Queen of spades')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import RulesError
from .cards import JOKER, SUIT_SYMBOLS, SUITS, card_name, is_card_code

__all__ = ["PLAIN_NAMES", "action_label", "card_symbol", "cards_phrase", "possessive", "seat_names"]

PLAIN_NAMES = ("Ann", "Bea", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
"""The seats' names when none are given: seat 0 is Ann, seat 1 Bea, and so on."""
MAX_NAME = 40


def seat_names(players: int, names: Sequence[str] | None = None) -> tuple[str, ...]:
    """The seats' names: ``names`` checked (one per seat, distinct, printable), or the plain names."""
    if names is None:
        if players > len(PLAIN_NAMES):
            return tuple(f"Player {i + 1}" for i in range(players))
        return PLAIN_NAMES[:players]
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise RulesError(f"names must be a list of {players} seat names, not {names!r}")
    out = tuple(names)
    if len(out) != players:
        raise RulesError(f"names must give one name for each of the {players} seats, not {len(out)}")
    for n in out:
        if not isinstance(n, str) or not n.strip() or len(n) > MAX_NAME or not n.isprintable():
            raise RulesError(f"a seat's name is printable text of 1 to {MAX_NAME} characters, not {n!r}")
    if len(set(out)) != players:
        raise RulesError(f"the seats' names must differ from one another: {', '.join(out)}")
    return out


def possessive(name: str) -> str:
    """``Bea's``, ``Jo's``."""
    return f"{name}'s"


def card_symbol(code: str) -> str:
    """A card as people write it: ``10♠``, ``Q♥``, ``joker``."""
    if code == JOKER:
        return "joker"
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_SYMBOLS[SUITS.index(code[1])]


def cards_phrase(codes: Iterable[str]) -> str:
    """Cards in a sentence: ``the 2♣ and 5♥``, ``the 10♠, J♠ and Q♠``."""
    shown = [card_symbol(c) for c in codes]
    if len(shown) > 1:
        return "the " + ", ".join(shown[:-1]) + " and " + shown[-1]
    return "the " + shown[0] if shown else "nothing"


def action_label(action: str) -> str:
    """A default label for an action text, in words: a card is named (``Queen of spades``); otherwise the
    word is capitalised and any cards follow it (``Rob with the 7♥`` for ``rob 7H``). A game words its own
    actions (its ``label`` hook) and falls back on this."""
    words = action.split()
    if not words:
        return action
    if len(words) == 1 and is_card_code(words[0]):
        return card_name(words[0])
    cards = [w for w in words[1:] if is_card_code(w)]
    head = words[0].capitalize()
    rest = " ".join(w for w in words[1:] if not is_card_code(w))
    if cards and not rest:
        joiner = " with " if words[0] == "rob" else " "
        return f"{head}{joiner}{cards_phrase(cards)}"
    return " ".join(x for x in (head, rest) if x) + (f" {cards_phrase(cards)}" if cards else "")
