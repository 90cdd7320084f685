"""Words in the reader's language: messages that remember their id and named arguments.

The engine words everything in English, the source language. A sentence meant for players is made with
:func:`_` (or :func:`_n` when it counts something): the result *is* the English text (a :class:`str`), so
every caller that prints, compares or stores it keeps working, but it also remembers its message id and its
named arguments, so that an edge (the web room, the command line, a script asking ``lang="de"``) can word it
again in the reader's language with :func:`translate`. Arguments that are themselves messages (a card's name,
a phase word) are translated with it.

The catalogues are gettext ``.po`` files under ``cardtable/locale/<lang>/LC_MESSAGES/``, managed with Babel
(``pybabel extract``/``update``/``compile``; see ``docs/translating.md``); the compiled ``.mo`` files are what is
read here, with the standard library's :mod:`gettext`.

>>> m = _("{player} wins the trick", player="Ann")
>>> m, m.msgid, m.args
('Ann wins the trick', '{player} wins the trick', {'player': 'Ann'})
>>> _n("{n} trick", "{n} tricks", 2, n=2)
'2 tricks'
>>> translate(m, "en")
'Ann wins the trick'
>>> translate("plain text, not a message", "de")
'plain text, not a message'
"""

from __future__ import annotations

import functools
import gettext
import types
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["DEFAULT", "LANGUAGES", "NC_", "N_", "Msg", "_", "_n", "capitalized", "lowercased", "pack_words",
           "pick_language", "translate"]

DEFAULT = "en"
"""The source language: message ids are English sentences."""
LANGUAGES = ("en", "de", "sv")
"""The languages with a catalogue (English is the source and needs none)."""
LOCALE = Path(__file__).resolve().parent.parent / "locale"
DOMAINS = ("cardtable", "room")
"""``cardtable``: the engine's words (labels, reasons, settlement lines, phases, options, card names);
``room``: the web pages, their JavaScript and the command line."""


class Msg(str):
    """A sentence in English that remembers its message id and named arguments (and its plural form)."""

    __slots__ = ("args", "msgid", "n", "plural")
    msgid: str
    plural: str | None
    n: int | None
    args: dict[str, Any]

    def __new__(cls, msgid: str, plural: str | None = None, n: int | None = None, /, **args: Any) -> Msg:
        text = plural if plural is not None and n != 1 else msgid
        self = super().__new__(cls, text.format(**args) if args else text)
        self.msgid, self.plural, self.n, self.args = msgid, plural, n, args
        return self

    def format_with(self, args: dict[str, Any]) -> str:
        """The English text with other values for the arguments (words already translated)."""
        text = self.plural if self.plural is not None and self.n != 1 else self.msgid
        return text.format(**args)

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (bots' worker processes) keep the id
        return (_rebuild, (self.msgid, self.plural, self.n, self.args))


def _rebuild(msgid: str, plural: str | None, n: int | None, args: dict[str, Any]) -> Msg:
    return Msg(msgid, plural, n, **args)


def _(msgid: str, /, **args: Any) -> Msg:
    """A message: ``_("{player} wins the trick", player=name)``; its English text is ``msgid`` formatted."""
    return Msg(msgid, **args)


def _n(singular: str, plural: str, n: int, /, **args: Any) -> Msg:
    """A message that counts: ``_n("{n} trick", "{n} tricks", n, n=n)`` (the plural rule is the language's)."""
    return Msg(singular, plural, n, **args)


def N_(msgid: str) -> str:
    """Mark a constant for extraction without making a message (a table's words, translated where shown)."""
    return msgid


class Capitalized(Msg):
    """A message begun with a capital letter in every language (a count that opens a label: ``Fifteen``)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (capitalized, (self.args["word"],))


CAPITAL = N_("{word}")
"""The message id of :func:`capitalized` (the word itself, translated, then capitalised)."""


def capitalized(word: str) -> Msg:
    """``word`` (a message) with a capital first letter, as ``str.capitalize`` in English, in any language.

    >>> translate(capitalized(_("twenty-five")), "en")
    'Twenty-five'
    """
    self = str.__new__(Capitalized, str(word).capitalize())
    self.msgid, self.plural, self.n, self.args = CAPITAL, None, None, {"word": word}
    return self


class Lowercased(Msg):
    """A message begun with a small letter in English, as it reads inside a sentence (``the ace of hearts``);
    other languages keep their own capitals (German nouns: ``Herz-Ass``)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (lowercased, (self.args["word"],))


def lowercased(word: str) -> Msg:
    """``word`` (a message) begun with a small letter in English, as in the middle of a sentence; translated,
    as the language writes it.

    >>> from .cards import card_name
    >>> lowercased(card_name("AH")), translate(lowercased(card_name("AH")), "de")
    ('ace of hearts', 'Herz-Ass')
    """
    text = str(word)
    self = str.__new__(Lowercased, text[:1].lower() + text[1:])
    self.msgid, self.plural, self.n, self.args = CAPITAL, None, None, {"word": word}
    return self


def NC_(context: str, msgid: str) -> str:
    """Mark a constant with a context for extraction (``msgctxt``): a word that reads otherwise in that context,
    such as a card's suit in a German-suited pack (``NC_("german pack", "acorns")``)."""
    return msgid


PACKS: dict[str, dict[str, str]] = {}
"""Per pack (``"german"``): the words (message ids) that the pack words otherwise, and its own word for each,
in English; the catalogues translate those in the context ``"<pack> pack"``."""


def pack_words(pack: str, words: dict[str, str]) -> dict[str, str]:
    """Declare a pack's own words (:data:`PACKS`); returns ``words``."""
    PACKS[pack] = words
    return words


@cache
def _catalogue(lang: str, domain: str) -> gettext.NullTranslations:
    return gettext.translation(domain, LOCALE, languages=[lang], fallback=True)


def translate(text: str, lang: str | None, domain: str = "cardtable", pack: str | None = None) -> str:
    """``text`` in the language ``lang`` (``None`` or ``"en"``: as it is). Plain strings pass unchanged.

    ``pack``: the reader's cards (``"german"``: a German-suited pack), whose own words name the cards' suits
    and ranks (``Eichel-Ober`` rather than ``Kreuz-Dame``), in English too (``Ober of acorns``).
    """
    if not isinstance(text, Msg):
        return str(text)
    own = PACKS.get(pack) if pack else None
    if own is not None and text.msgid in own:
        word = own[text.msgid]
        if lang and lang != DEFAULT:
            word = _catalogue(lang, domain).pgettext(f"{pack} pack", word)
        args = {k: translate(v, lang, domain, pack) if isinstance(v, Msg) else v for k, v in text.args.items()}
        try:
            return word.format(**args) if args else word
        except (KeyError, IndexError, ValueError):
            return str(text)
    if not lang or lang == DEFAULT:
        if own is not None and text.args and any(isinstance(v, Msg) for v in text.args.values()):
            args = {k: translate(v, lang, domain, pack) if isinstance(v, Msg) else v for k, v in text.args.items()}
            return text.format_with(args)
        return str(text)
    cat = _catalogue(lang, domain)
    if text.plural is not None:
        form = cat.ngettext(text.msgid, text.plural, text.n if text.n is not None else 1)
    else:
        form = cat.gettext(text.msgid)
    if not text.args:
        return form
    args = {k: translate(v, lang, domain, pack) if isinstance(v, Msg) else v for k, v in text.args.items()}
    if isinstance(text, Capitalized):
        word = str(args["word"])
        return word[:1].upper() + word[1:]
    try:
        return form.format(**args)
    except (KeyError, IndexError, ValueError):  # a broken translation never breaks the table: English
        return str(text)


def pick_language(accept: str | None, default: str = DEFAULT) -> str:
    """The first language of an ``Accept-Language`` header (or a setting such as ``"de-AT"``) we have.

    >>> pick_language("de-AT,de;q=0.9,en;q=0.5"), pick_language("fr, sv;q=0.8"), pick_language(None)
    ('de', 'sv', 'en')
    """
    if not accept:
        return default
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept.split(",")):
        tag, _sep, rest = part.strip().partition(";")
        q = 1.0
        if rest.strip().startswith("q="):
            try:
                q = float(rest.strip()[2:])
            except ValueError:
                q = 0.0
        ranked.append((-q, i, tag.strip().lower().split("-")[0]))
    for _q, _i, lang in sorted(ranked):
        if lang in LANGUAGES:
            return lang
    return default


def word_labels(variant: type) -> None:
    """Make each of a game class's own ``label(action)`` hooks (its class's and its bases') take ``lang`` too,
    its words translated (``Deal.label``); done once per class, when a game is made around it. Not a class hook
    of the deal: the compiled core's extension class can have none, and this module stays plain Python so that
    the wrapper is a plain function (a method). A hook that already takes ``lang`` (the core's own, a compiled
    game's) is left as it is."""
    for cls in variant.__mro__:
        own = cls.__dict__.get("label")
        if not isinstance(own, types.FunctionType) or getattr(own, "worded", False):
            continue
        code = own.__code__
        if "lang" in code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]:
            continue
        cls.label = _worded(own)  # type: ignore[attr-defined]


def _worded(hook: Any) -> Any:
    """A game's ``label(action)`` hook made to take ``lang`` too, its words translated."""

    @functools.wraps(hook)
    def label(self: Any, action: str, lang: str | None = None) -> str:
        return str(self.in_language(hook(self, action), lang))

    label.worded = True  # type: ignore[attr-defined]
    return label
