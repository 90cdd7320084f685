"""The command line in the reader's language: ``cardtable --lang de`` (or ``$CARDTABLE_LANG``) words the
terminal's own text (the domain ``room`` of the catalogues) and the engine's words (the domain ``cardtable``),
and writes amounts in the language's way with Babel's number formats.

>>> _ = set_language("de"); amount(1234), amount(-2, sign=True), amount(3, sign=True)
('1.234', '-2', '+3')
>>> _ = set_language("en"); tr("deal {deal} — dealer: {player}", deal=1, player="Ann")
'deal 1 — dealer: Ann'
"""

from __future__ import annotations

from typing import Any

from babel.numbers import format_decimal

from cardtable.core.i18n import DEFAULT, LANGUAGES, Msg, translate

__all__ = ["amount", "current", "engine", "set_language", "tr", "trn"]

_lang = [DEFAULT]


def set_language(lang: str | None) -> str:
    """Use ``lang`` (``de``, ``sv``, ``de-AT``...; English for none). Raises ``ValueError`` for a language
    without a catalogue, naming those there are."""
    code = (lang or DEFAULT).strip().lower().replace("_", "-").split("-")[0]
    if code not in LANGUAGES:
        raise ValueError(f"no words in {lang!r}: the languages are {', '.join(LANGUAGES)}")
    _lang[0] = code
    return code


def current() -> str:
    """The language in use."""
    return _lang[0]


def engine(text: Any) -> str:
    """A message (the engine's or the terminal's) in the language in use; other text as it is."""
    if not isinstance(text, Msg) or _lang[0] == DEFAULT:
        return str(text)
    out = translate(text, _lang[0], "room")
    return out if out != str(text) else translate(text, _lang[0], "cardtable")


def tr(msgid: str, /, **args: Any) -> str:
    """The terminal's own sentence ``msgid`` (its ``{name}`` placeholders from ``args``) in the language in use."""
    return engine(Msg(msgid, **args))


def trn(singular: str, plural: str, n: int, /, **args: Any) -> str:
    """A sentence that counts (``{n}`` is ``n``), in the form the language gives ``n``."""
    return engine(Msg(singular, plural, n, **{"n": n, **args}))


def amount(x: Any, sign: bool = False) -> str:
    """A number as the language writes it (``1.234`` in German); a fraction (``"1/2"``) as it is."""
    if isinstance(x, bool) or not isinstance(x, int | float):
        return str(x)
    return format_decimal(x, format="+#,##0.##;-#,##0.##" if sign else None, locale=_lang[0])
