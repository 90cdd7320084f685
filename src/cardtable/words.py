"""The table's presentation of the engine's words, shared by the web table (:mod:`cardtable.web.present`) and
the command line (:mod:`cardtable.cli`): engine lines with seats called by their names ("Ann failed Two (0
tricks): Ann pays Bea 2"), "You" with its verbs, a refusal worded for the player, and a lay-off naming the meld
by its owner. The words themselves (each action's label, cards, phases) have one source, the engine's
:mod:`cardtable.core.words`: the game's ``label`` hook through :func:`cardtable.core.words.label`.

>>> import cardtable as ct
>>> d = ct.load("spoil-five").deal(seed=1)
>>> label(d, "rob 7H"), label(d, "discard"), label(ct.load("nap").deal(seed=1), "bid 2")
('Rob with the 7♥', 'Discard a card', 'Two')
>>> in_names("seat 3 failed Four (1 tricks); seats 0 and 2 pay; Seats 1, 3 and 0", ["Ann", "Bea", "Cal", "Dee"])
'Dee failed Four (1 trick); Ann and Cal pay; Bea, Dee and Ann'
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.core import words
from cardtable.core.deal import Deal
from cardtable.core.i18n import Msg
from cardtable.core.match import Match

__all__ = ["first_dealer_line", "for_you", "in_names", "keep", "label", "meld_owners", "options_howto", "reason",
           "sentence", "with_howto"]

MELD = re.compile(r" on meld (\d+)")


def keep(text: str, english: str, rewrite: Callable[[str], str] | None = None) -> str:
    """``english``, this module's rewording of ``text`` (seats by their names, "You" with its verbs), still
    carrying ``text``'s message id and arguments if it is a message, so that an edge can word it in another
    language (:func:`cardtable.core.i18n.translate`): the rewriting, which knows English only, runs on the
    English text and on the arguments' words (``rewrite``), never on a translation.

    >>> from cardtable.core.i18n import _
    >>> m = keep(_("{who} wins", who="seat 1"), "Bea wins", lambda s: s.replace("seat 1", "Bea"))
    >>> m, m.msgid, m.args
    ('Bea wins', '{who} wins', {'who': 'Bea'})
    """
    if not isinstance(text, Msg) or english is text:
        return english
    args = {k: (keep(v, rewrite(v), rewrite) if isinstance(v, Msg) else rewrite(v) if isinstance(v, str) else v)
            if rewrite is not None else v for k, v in text.args.items()}
    out = str.__new__(Msg, english)
    out.msgid, out.plural, out.n, out.args = text.msgid, text.plural, text.n, args
    return out


def label(deal: Deal, action: str, view: dict[str, Any] | None = None, names: Sequence[str] = ()) -> str:
    """The label of an action at this table (:func:`cardtable.core.words.label`); a lay-off names the meld by its
    owner ("on Ann's run") when the view shows the melds."""
    return meld_owners(words.label(deal, action), view, names)


def meld_owners(text: str, view: dict[str, Any] | None, names: Sequence[str]) -> str:
    """An engine label with the meld it lays off on named by its owner and kind where ``view`` shows that meld
    (the one part of a label that depends on the view)."""
    m = MELD.search(text)
    melds = (view or {}).get("melds")
    if m and isinstance(melds, list) and names:
        meld = next((x for x in melds if str(x.get("id")) == m[1]), None)
        if meld is not None and isinstance(meld.get("owner"), int) and 0 <= meld["owner"] < len(names):
            owner = names[meld["owner"]]
            whose = "your" if owner == "You" else f"{owner}'s"  # the person playing at the terminal
            return keep(text, text.replace(m[0], f" on {whose} {meld.get('kind') or 'meld'}"))
    return text


# ------------------------------------------------------------ names in text
SEATS_AND = re.compile(r"\b[Ss]eats ((?:\d+, )*\d+,? and \d+)\b")
SEAT = re.compile(r"\b([Ss])eat (\d+)\b")
PLURAL = re.compile(r"\b(\d+) (trick|card|chip|point)(?:s?\(s\)|s)?(?![a-z])")
QUOTED_HOWTO = re.compile(r"\s*\([^()]*'[^()]*<[^()]*\)")
QUOTED = re.compile(r"'([a-z][a-z -]*)'")


def in_names(text: str, names: Sequence[str]) -> str:
    """An engine line with seats called by their names and counts in plain English (``1 trick``)."""
    original = text

    def name(i: str) -> str:
        k = int(i)
        return names[k] if 0 <= k < len(names) else f"player {k + 1}"

    text = SEATS_AND.sub(lambda m: re.sub(r"\d+", lambda d: name(d[0]), m[1]), text)
    text = SEAT.sub(lambda m: name(m[2]), text)
    text = re.sub(r"\byou and (\w+) and (\w+)\b", r"you, \1 and \2", text)
    text = PLURAL.sub(lambda m: f"{m[1]} {m[2]}{'' if m[1] == '1' else 's'}", text)
    text = QUOTED_HOWTO.sub("", text)
    text = QUOTED.sub(lambda m: m[1].capitalize(), text)
    return keep(original, text, lambda s: in_names(s, names))


YOU_FORM = {"is": "are", "was": "were", "has": "have", "goes": "go", "does": "do"}
"""The verbs whose form with "you" is not the third person's without its ``s``."""
NOT_VERBS = frozenset({"plus", "thus", "this", "us", "its", "as", "has-been"})
YOU_CLAUSE = re.compile(r"(?<![\w,] )\b(You|you)\b(?P<rest>[^;:.!?(]*(?:\([^)]*\))?)")
""""You" and the rest of its clause (up to the next ``;``, ``:`` or full stop, a bracket included)."""
VERB_AFTER = re.compile(r"(?P<lead>^ |(?<=\w) and )(?P<verb>[a-z]+s)\b")
HIS = re.compile(r"\b(his|him|himself)\b")
HIS_FORM = {"his": "your", "him": "you", "himself": "yourself"}


def _second_person(verb: str) -> str:
    """``holds`` -> ``hold``, ``passes`` -> ``pass``, ``carries`` -> ``carry``, ``is`` -> ``are``."""
    if verb in YOU_FORM:
        return YOU_FORM[verb]
    if verb in NOT_VERBS or verb.endswith("ss") or len(verb) < 3:
        return verb
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb[:-1]


def for_you(text: str) -> str:
    """A line in names where one seat is called "You", worded in the second person: the verbs that follow it
    agree (``You hold``, ``You are out and win``), "You's" is "your" and, in its clause, "his" is "your".

    >>> for_you("Anna pays You 2; You pays Ben 1; You is out")
    'Anna pays you 2; You pay Ben 1; You are out'
    >>> for_you("You holds the next card; You is out and wins")
    'You hold the next card; You are out and win'
    >>> for_you("You took 42 points (his discards included); lay off on You's set")
    'You took 42 points (your discards included); lay off on your set'
    >>> for_you("You places his chips on the money cards. Bea passes")
    'You place your chips on the money cards. Bea passes'
    """
    original = text
    text = re.sub(r"\bYou's\b", "your", text)
    text = re.sub(r"^your\b", "Your", text)
    text = re.sub(r"(?<=[\w,] )You\b", "you", text)

    def clause(m: re.Match[str]) -> str:
        rest = VERB_AFTER.sub(lambda v: v["lead"] + _second_person(v["verb"]), m["rest"])
        return m[1] + HIS.sub(lambda h: HIS_FORM[h[1]], rest)

    return keep(original, YOU_CLAUSE.sub(clause, text))


NOT_ALLOWED = re.compile(r"^'(?P<action>[^']*)' is not allowed: ")
LEGAL_NOW = re.compile(r"\s*Legal now: .*$", re.S)
QUOTED_ACTION = re.compile(r"\s*\('[^']*'\)")


def reason(deal: Deal, text: str, names: Sequence[str]) -> str:
    """Why an action was refused, for the player: the action by its label, without the list of legal actions
    (the table shows them) or the actions' typed forms.

    >>> import cardtable as ct
    >>> d = ct.load("coon-can", players=2).deal(seed=1)
    >>> reason(d, d.why_not("discard 2C", d.turn), ["Ann", "Bea"])
    'Discard 2♣ is not allowed now: first take the top card of the stock or of the discard pile.'
    """
    original = text
    m = NOT_ALLOWED.match(text)
    if m:
        text = f"{label(deal, m['action'])} is not allowed now: {text[m.end():]}"
    text = QUOTED_ACTION.sub("", LEGAL_NOW.sub("", text)).strip()
    text = in_names(text, names)
    return keep(original, text if text.endswith((".", "!", "?")) else text + ".", lambda s: in_names(s, names))


def sentence(text: str) -> str:
    return keep(text, text[:1].upper() + text[1:])


def first_dealer_line(match: Match, names: Sequence[str] | None = None) -> str | None:
    """How the match's first dealer was found with the cards, in the seats' ``names`` (default: the game's),
    "You" with its verbs; ``None`` when the first player simply deals first.

    >>> import cardtable as ct
    >>> game = ct.load("fan-tan", players=3, first_dealer="cards")
    >>> first_dealer_line(ct.Match(game, seed=1), ["Ann", "You", "Cal"])
    'Cutting for the first deal, the lowest card deals (ace low): Ann 10♣, you 9♦, Cal Q♥. The first dealer is you.'
    """
    if match.first_draw is None:
        return None
    return for_you(match.first_draw.words(list(names) if names is not None else match.game.names))


# ------------------------------------------------------------ choosing options
def example_option(options: Sequence[Any]) -> tuple[str, str] | None:
    """An option and a value other than its default, to show how one is chosen: a choice of words first
    (``peep``, ``nap_declarer_only``), else a number, else a switch."""
    for o in options:
        if o.type is str and o.allowed:
            return o.name, next(str(v) for v in o.allowed if v != o.default)
    for o in options:
        if o.type is int:
            allowed = o.allowed if isinstance(o.allowed, range | list | tuple) else None
            value = next((v for v in allowed if v != o.default), None) if allowed else o.default + 1
            if value is not None:
                return o.name, str(value)
    for o in options:
        if o.type is bool:
            return o.name, "false" if o.default else "true"
    return None


def options_howto(game_id: str, options: Sequence[Any], where: str) -> str:
    """How a player chooses the options, in the words of ``where`` ("terminal" or "web"), with an example
    from the game's own options; empty if it has none.

    >>> import cardtable as ct
    >>> options_howto("nap", ct.game_info("nap").options, "terminal")  # doctest: +ELLIPSIS
    'To choose an option, ... `cardtable play nap -o high_bids_scale=peel_modified`. ...'
    """
    example = example_option(options)
    if example is None:
        return ""
    name, value = example
    if where == "web":
        return ("To choose an option, set it in the form that creates a table (Play, on the home page): each "
                f"option below is there under its name, for example {name} set to {value}; an option left alone "
                "keeps its default.")
    return ("To choose an option, name it and its value after -o when you start the game, once for each "
            f"option: for example `cardtable play {game_id} -o {shlex.quote(f'{name}={value}')}`. An option not "
            "named keeps its default.")


def with_howto(text: str, howto: str) -> str:
    """A rules text with ``howto`` as the first paragraph of its options section."""
    heading = "\n## Options\n"
    if not howto or heading not in text:
        return text
    return text.replace(heading, f"{heading}\n{howto}\n", 1)
