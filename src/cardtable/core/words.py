"""Plain words for people at the table, from one source: seat names, card names, the labels of actions and
the words for a deal's phases. The rules, the web table and the command line all word things through here.

Every seat has a name, given to the game (``ct.load(..., names=[...])``), a deal or a match; without one,
the seats are called by plain names (:data:`PLAIN_NAMES`). Settlement lines, reasons and logs use them.

An action's label is the game's (its ``label`` hook, falling back on :func:`action_label`); :func:`label` is
the one entry point, which also words the forms another seat's log shows in place of a private move
(``exchange 2``, ``discard``), so that a label never names a card the reader may not see.

>>> seat_names(3)
('Ann', 'Bea', 'Cal')
>>> seat_names(2, ["North", "South"])
('North', 'South')
>>> cards_phrase(["2C", "5H"]), cards_phrase(["TS"])
('the 2♣ and 5♥', 'the 10♠')
>>> action_label("rob 7H"), action_label("pass"), action_label("QS")
('Rob with the 7♥', 'Pass', 'Queen of spades')
>>> action_label("exchange 2"), action_label("discard"), card_symbol("JK=6D")
('Exchange two cards', 'Discard a card', '6♦ (joker)')
>>> phase_words("bid"), phase_words("play")
('Bidding', 'Playing the tricks')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from ..errors import RulesError
from .cards import JOKER, SUIT_SYMBOLS, SUITS, card_name, is_card_code
from .i18n import N_, Msg, _, _n

__all__ = ["ACTION_WORDS", "PHASE_WORDS", "PLAIN_NAMES", "action_label", "card_symbol", "cards_phrase",
           "hidden_label", "label", "number_word", "phase_words", "possessive", "seat_names"]

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
    """A card as people write it: ``10♠``, ``Q♥``, ``joker``; ``6♦ (joker)`` for a joker standing for the 6♦
    (``JK=6D`` in a meld)."""
    if code.startswith(JOKER + "="):
        return _("{card} (joker)", card=card_symbol(code[3:]))
    if code == JOKER:
        return _("joker")
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_SYMBOLS[SUITS.index(code[1])]


def cards_phrase(codes: Iterable[str]) -> str:
    """Cards in a sentence: ``the 2♣ and 5♥``, ``the 10♠, J♠ and Q♠``."""
    shown = [card_symbol(c) for c in codes]
    if len(shown) > 1:
        return _("the {cards} and {card}", cards=", ".join(shown[:-1]), card=shown[-1])
    return _("the {card}", card=shown[0]) if shown else _("nothing")


NUMBERS = tuple(_(w) for w in (
    N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"),
    N_("nine"), N_("ten"), N_("eleven"), N_("twelve"), N_("thirteen"), N_("fourteen"), N_("fifteen"),
    N_("sixteen"), N_("seventeen"), N_("eighteen"), N_("nineteen"), N_("twenty")))


TENS = {25: _("twenty-five"), 30: _("thirty")}


def number_word(n: int) -> str:
    """A count in words up to twenty, and the bids of five above (``three``, ``twenty-five``); else figures."""
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else TENS.get(n, str(n))


COUNTED = ("exchange", "take", "give", "discard")
"""The moves another seat's log shows as a count (``exchange 2``) or the bare word (``discard``) when their
cards are private to the mover."""


def hidden_label(action: str) -> str | None:
    """The label of a move as another seat sees it, its cards withheld (``Exchange two cards``, ``Discard a
    card``), or ``None`` when ``action`` is not such a form."""
    word, *args = action.split() or [""]
    if word not in COUNTED or len(args) > 1:
        return None
    if not args:
        return HIDDEN_ONE[word] if word != "take" else None
    if not args[0].isdigit():
        return None
    n = int(args[0])
    return HIDDEN_SOME[word](n, number_word(n))


HIDDEN_ONE = {"exchange": _("Exchange a card"), "give": _("Give a card"), "discard": _("Discard a card")}
HIDDEN_SOME: dict[str, Callable[[int, str], Msg]] = {
    "exchange": lambda n, w: _n("Exchange {number} card", "Exchange {number} cards", n, number=w),
    "take": lambda n, w: _n("Take {number} card", "Take {number} cards", n, number=w),
    "give": lambda n, w: _n("Give {number} card", "Give {number} cards", n, number=w),
    "discard": lambda n, w: _n("Discard {number} card", "Discard {number} cards", n, number=w),
}
"""The labels of the counted moves, as another seat's log shows them."""


class Labelled(Protocol):
    def label(self, action: str) -> str: ...


def _chips_for_the_widow(n: int) -> str:
    return _n("{n} chip for the widow", "{n} chips for the widow", n, n=n)


BID_MEANINGS: dict[str, Callable[[int], str]] = {
    game: _chips_for_the_widow for game in ("michigan", "cross-color-michigan", "sequence-michigan", "jackpot-michigan")
}
"""What a numbered bid (``bid 85``) means, by game id, where the game's own label gives only the number:
Michigan's auction of the widow is for chips."""


def label(deal: Labelled, action: str) -> str:
    """The label of ``action`` at ``deal``: the game's own words (``deal.label``); for a move whose cards the
    reader may not see (as another seat's log shows it), the count or the bare word in words; a numbered bid
    by its meaning where :data:`BID_MEANINGS` states one."""
    hidden = hidden_label(action)
    if hidden is not None:
        return hidden
    word, *args = action.split() or [""]
    game = getattr(getattr(deal, "game", None), "id", None)
    if word == "bid" and len(args) == 1 and args[0].isdigit() and game in BID_MEANINGS:
        return BID_MEANINGS[game](int(args[0]))
    return deal.label(action)


PHASE_WORDS = {
    "auction": _("Bidding"), "bid": _("Bidding"), "declare": _("Declaring"), "call": _("Calling a card"),
    "trump": _("Naming trumps"), "blind": _("Taking the blind"), "pick": _("Picking up the blind"),
    "widow": _("The widow"), "exchange": _("Exchanging cards"), "discard": _("Discarding"),
    "defend": _("Defending the pack"), "defend_discard": _("Discarding for the pack"), "give": _("Giving a card"),
    "peep": _("Peeping"), "rob": _("Robbing"), "enter": _("Passing or playing"), "join": _("Joining in"),
    "show": _("Showing"), "stake": _("Staking"), "lead": _("Leading"), "play": _("Playing the tricks"),
    "jink": _("Jinking"), "build": _("Building"), "draw": _("Drawing"), "restart": _("Starting again"),
    "done": _("Deal over"), "ask": _("Ask"), "kontra": _("Kontra"), "re": _("Re"),
}
"""A deal's phases in words, by the phase's name (its value in views and records)."""


def phase_words(phase: object) -> str:
    """A phase in words (``Bidding``); a phase without words of its own by its name, plainly."""
    name = str(phase)
    return PHASE_WORDS.get(name, name.replace("_", " ").capitalize())


ACTION_WORDS = {
    "claim": _("Claim the rest of the tricks"),
    "concede": _("Concede the rest of the tricks"),
}
"""Actions of several games whose label is a phrase of its own rather than the word capitalised."""


def action_label(action: str) -> str:
    """A default label for an action text, in words: a card is named (``Queen of spades``); otherwise the
    word is capitalised and any cards follow it (``Rob with the 7♥`` for ``rob 7H``). A game words its own
    actions (its ``label`` hook) and falls back on this."""
    words = action.split()
    if not words:
        return action
    if action in ACTION_WORDS:
        return ACTION_WORDS[action]
    hidden = hidden_label(action)
    if hidden is not None:
        return hidden
    if len(words) == 1 and is_card_code(words[0]):
        return card_name(words[0])
    cards = [w for w in words[1:] if is_card_code(w)]
    head: str = VERBS.get(words[0]) or words[0].capitalize()
    rest = " ".join(w for w in words[1:] if not is_card_code(w))
    if cards and not rest:
        if words[0] == "rob":
            return _("Rob with {cards}", cards=cards_phrase(cards))
        return _("{verb} {cards}", verb=head, cards=cards_phrase(cards))
    if not rest and not cards:
        return head
    if not cards:
        return _("{verb} {rest}", verb=head, rest=rest)
    return _("{verb} {rest} {cards}", verb=head, rest=rest, cards=cards_phrase(cards))


VERBS: dict[str, Msg] = {
    "pass": _("Pass"), "take": _("Take"), "bid": _("Bid"), "call": _("Call"), "trump": _("Trump"),
    "discard": _("Discard"), "exchange": _("Exchange"), "stand": _("Stand"), "play": _("Play"), "lead": _("Lead"),
    "rob": _("Rob"), "draw": _("Draw"), "knock": _("Knock"), "give": _("Give"), "keep": _("Keep"), "stay": _("Stay"),
    "buy": _("Buy"), "fold": _("Fold"), "drop": _("Drop"), "jink": _("Jink"), "peep": _("Peep"), "show": _("Show"),
    "stake": _("Stake"), "join": _("Join"), "enter": _("Enter"), "build": _("Build"), "meld": _("Meld"),
    "lay": _("Lay"), "go": _("Go"), "double": _("Double"), "redouble": _("Redouble"), "claim": _("Claim"),
    "concede": _("Concede"),
    "pick": _("Pick"), "declare": _("Declare"), "defend": _("Defend"), "accept": _("Accept"), "refuse": _("Refuse"),
    "solo": _("Solo"), "ante": _("Ante"),
}
"""The first words of actions, capitalised as a default label begins (``Pass``, ``Bid``)."""
