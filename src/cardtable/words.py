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

import functools
import re
import shlex
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.core import words
from cardtable.core.deal import Deal
from cardtable.core.i18n import Msg
from cardtable.core.match import Match

__all__ = ["amount_words", "ante_lines", "first_dealer_line", "for_you", "in_names", "keep", "label",
           "left_in_pools_line", "meld_owners", "option_titles", "option_words", "options_howto", "options_words",
           "players_words", "pool_words", "reason", "sentence", "value_words", "with_howto"]

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


ANTE = re.compile(r"^(?P<who>.+?) puts (?P<n>\d+) on the (?P<card>.+)$")


def ante_lines(lines: list[str]) -> list[str]:
    """The settlement's lines with the antes on the money cards said in one line (Michigan's sixteen
    "Bea puts 1 on the ace of hearts" lines: "Everyone puts 1 on each money card ...")."""
    antes = [ANTE.match(line) for line in lines]
    firsts = [m for m in antes if m]
    if len(firsts) < 4:
        return lines
    cards = list(dict.fromkeys(m["card"] for m in firsts))
    who = list(dict.fromkeys(m["who"] for m in firsts))
    each = {m["n"] for m in firsts}
    if len(each) == 1 and len(firsts) == len(cards) * len(who):
        said = (f"{', '.join(who[:-1])} and {who[-1]} each put {each.pop()} on each money card "
                f"(the {', '.join(cards[:-1])} and {cards[-1]})")
    else:
        said = "; ".join(f"{w} puts " + ", ".join(f"{m['n']} on the {m['card']}" for m in firsts if m["who"] == w)
                         for w in who)
    first = next(i for i, m in enumerate(antes) if m)
    return [*lines[:first], said, *(line for line, m in zip(lines[first:], antes[first:]) if not m)]


def amount_words(x: Any) -> str:
    """An amount in figures a player reads: ``7``, ``−3``, ``1 3/4``, ``−1/2``.

    >>> from fractions import Fraction
    >>> amount_words(7), amount_words(-3), amount_words(Fraction(7, 4)), amount_words(Fraction(-1, 2))
    ('7', '−3', '1 3/4', '−1/2')
    """
    from fractions import Fraction

    f = Fraction(x)
    sign, f = ("−" if f < 0 else ""), abs(f)
    whole, part = divmod(f.numerator, f.denominator)
    if not part:
        return f"{sign}{whole}"
    return f"{sign}{whole} {part}/{f.denominator}" if whole else f"{sign}{part}/{f.denominator}"


POOL_WORDS = {
    "pool": "the pool",  # Loo, Rams, Spoil Five...
    "pot": "the pot",  # Julepe, Mauscheln, Fan-Tan...
    "nap_pool": "the Nap pool",
    "coon_can_pool": "the pool",
    "frog_pot": "the Frog pot",
    "solo_pot": "the solo pot",
    "jackpot": "the jackpot",
    "sequence": "the sequence pool",
}
"""The pools the games keep between deals, by the key their results name them with, in the words of their rules
text (a money card's pool is named by its card: "the ace of hearts")."""

CARD_NAME = re.compile(r"^(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of "
                       r"(spades|hearts|diamonds|clubs)$")


def pool_words(key: str) -> str:
    """A pool in plain words, with its article: ``the pot``, ``the Frog pot``, ``the ace of hearts``.

    >>> pool_words("frog_pot"), pool_words("pot"), pool_words("nine of diamonds")
    ('the Frog pot', 'the pot', 'the nine of diamonds')
    """
    if key in POOL_WORDS:
        return POOL_WORDS[key]
    if CARD_NAME.match(key):
        return f"the {key}"
    return f"the {key.replace('_', ' ')}"  # a pool no game declares yet (tests check every game's are declared)


OPTION_TITLE = re.compile(r"^- \*\*(?P<title>[^*\n]+)\*\* \((?P<name>[a-z0-9_]+)\)", re.M)
"""An option's entry in a rules text's options section: ``- **Stakes of Wellington and Blucher** (high_bids_scale)``."""


@functools.cache
def option_titles(game_id: str) -> dict[str, str]:
    """The options' names as the game's rules text declares them (``high_bids_scale``: "Stakes of Wellington and
    Blucher"); an option the text does not name is absent."""
    from cardtable import catalog

    text = catalog.game_class(game_id).rules_text()
    return {m["name"]: m["title"] for m in OPTION_TITLE.finditer(text)}


def value_words(value: Any) -> str:
    """An option's value in words: ``on``, ``off``, ``peel modified``, ``3+2``, ``5``."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value).replace("_", " ")


def option_words(name: str, value: Any = None, game_id: str | None = None) -> str:
    """An option, or an option set to a value, in words a card player reads (never its id): its name as the
    game's rules text declares it, else its id's words: ``high bids scale``, ``misery on``, ``Stakes of
    Wellington and Blucher: peel modified``.

    >>> option_words("high_bids_scale"), option_words("misery", True)
    ('high bids scale', 'misery on')
    >>> option_words("high_bids_scale", "peel_modified", "nap")
    'Stakes of Wellington and Blucher: peel modified'
    """
    said = (option_titles(game_id).get(name) if game_id else None) or name.replace("_", " ")
    if value is None:
        return said
    if isinstance(value, bool):
        return f"{said} {value_words(value)}"
    return f"{said}: {value_words(value)}"


def _idle(name: str, options: dict[str, Any], specs: dict[str, Any]) -> bool:
    """An option that only matters while a switch is on (``misery_win`` with ``misery``), the switch off."""
    head = name.split("_", 1)[0]
    return head != name and head in specs and specs[head].type is bool and not options.get(head, specs[head].default)


def options_words(game_id: str, options: dict[str, Any]) -> str:
    """The options a table plays with that differ from the game's defaults, in words ("misery on, misery win: 5");
    an option that only matters while a switch is on is left out while it is off; "" with the standard rules.

    >>> options_words("nap", {"misery": False, "misery_win": 5, "high_bids_scale": "peel_modified"})
    'Stakes of Wellington and Blucher: peel modified'
    >>> options_words("nap", {"misery": True, "misery_win": 5})
    'Misery on, What Misery wins: 5'
    """
    from cardtable import catalog

    specs = {o.name: o for o in catalog.game_info(game_id).options}
    return ", ".join(option_words(k, v, game_id) for k, v in options.items()
                     if k in specs and v != specs[k].default and not _idle(k, options, specs))


def players_words(game_id: str) -> str:
    """How many play the game, options in words: ``2 to 6 (2 to 7 with the option “A seventh player”)``.

    >>> players_words("seven-card-nap")
    '2 to 6 (2 to 7 with the option “A seventh player”)'
    """
    from cardtable import catalog
    from cardtable.core.game import players_text

    info = catalog.game_info(game_id)
    def chosen(name: str, v: Any) -> str:
        said = option_words(name, None, game_id)
        return f"the option “{said}”" if v is True else f"“{said}” set to {value_words(v)}"

    extra = "; ".join(f"{players_text(c)} with {chosen(name, v)}" for name, v, c in info.player_counts_by_option)
    return players_text(info.player_counts) + (f" ({extra})" if extra else "")


def left_in_pools_line(match: Match, names: Sequence[str]) -> str | None:
    """What becomes of the chips left in the pools when the match ends (shared out equally), with the final
    totals, in the players' names; ``None`` before the end or with nothing left.

    >>> import cardtable as ct
    >>> m = ct.Match(ct.load("pope-joan", players=4), seed=3, deals=4)
    >>> while not m.over:
    ...     d = m.next_deal()
    ...     while not d.over: d.act(d.legal()[0])
    ...     _ = m.record(d)
    >>> left_in_pools_line(m, ["Ann", "Bea", "Cal", "Dee"]) is not None
    True
    """
    left = match.left_in_pools()
    if not left:
        return None
    total = sum(left.values())
    where = ", ".join(f"{n} on {pool_words(k)}" if CARD_NAME.match(k) else f"{n} in {pool_words(k)}"
                      for k, n in left.items())
    share = amount_words(match.shares()[0])
    finals = ", ".join(f"{names[s] if s < len(names) else f'Player {s + 1}'} {amount_words(t)}"
                       for s, t in enumerate(match.final_totals()))
    chips = "chip" if total == 1 else "chips"
    return (f"The match is over: the {total} {chips} left ({where}) are shared out equally, {share} to each "
            f"player. Final totals: {finals}.")


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
                f"option below is there under its name, for example {option_words(name, None, game_id)} set to "
                f"{value_words(value)}; an option left alone keeps its default.")
    return ("To choose an option, name it and its value after -o when you start the game, once for each "
            f"option: for example `cardtable play {game_id} -o {shlex.quote(f'{name}={value}')}`. An option not "
            "named keeps its default.")


def with_howto(text: str, howto: str) -> str:
    """A rules text with ``howto`` as the first paragraph of its options section."""
    heading = "\n## Options\n"
    if not howto or heading not in text:
        return text
    return text.replace(heading, f"{heading}\n{howto}\n", 1)
