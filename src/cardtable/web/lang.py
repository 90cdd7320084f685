"""The room in the reader's language: which language a request asks for, the pages' own words, the
JavaScript's catalogue, and the engine's words in a frame worded again per connection.

The words live in gettext catalogues (:mod:`cardtable.core.i18n`): the domain ``room`` holds the web pages, their
JavaScript and the command line; the domain ``cardtable`` the engine's words. A language is chosen, first to
last, by the address (``?lang=de``), the browser's setting (the ``cardtable_lang`` cookie, which the page's
Settings panel writes beside its local storage), the account's setting, then the browser's ``Accept-Language``.

The static pages (``static/*.html``) are written in English; each text between tags and each ``placeholder``,
``title``, ``aria-label`` and ``alt`` attribute is a message of the ``room`` domain (found by
:func:`extract_html`, the Babel extractor named in ``babel.cfg``), put in the reader's language when the page is
served. The scripts ask for their words with ``t()``/``tn()`` (``static/i18n.js``), from ``/api/words/<lang>``.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse
from starlette.types import Receive, Scope, Send

from cardtable.core.i18n import DEFAULT, LANGUAGES, LOCALE, Msg, pick_language, translate

__all__ = ["LANG_COOKIE", "Refusal", "asked_language", "catalogue", "choose", "extract_html", "page_html", "reason",
           "word", "worded"]

LANG_COOKIE = "cardtable_lang"
TEXT_ATTRS = ("placeholder", "title", "aria-label", "alt")
"""The attributes of a page's elements that a person reads (or hears from a screen reader)."""
SKIP = ("script", "style")


def choose(query: str | None = None, cookie: str | None = None, account: str | None = None,
           accept: str | None = None) -> str:
    """The language of a request: the address's ``?lang=``, the browser's cookie, the account's setting, then
    ``Accept-Language``; the first that names a language with a catalogue (English otherwise).

    >>> choose(None, None, None, "de-DE,de;q=0.9"), choose("sv", "de", None, "de"), choose("xx", None, "de", None)
    ('de', 'sv', 'de')
    """
    for said in (query, cookie, account):
        if said and (lang := said.strip().lower().split("-")[0]) in LANGUAGES:
            return lang
    return pick_language(accept)


def word(text: Any, lang: str | None) -> Any:
    """``text`` in ``lang`` if it is a message (:class:`~cardtable.core.i18n.Msg`): the room's own words first,
    then the engine's. Anything else passes unchanged."""
    if not isinstance(text, Msg) or not lang or lang == DEFAULT:
        return text
    out = translate(text, lang, "room")
    if out == str(text):
        out = translate(text, lang, "cardtable")
    return out


def worded(obj: Any, lang: str | None) -> Any:
    """A frame (dicts, lists, strings) with every message in it worded in ``lang``: what a connection is sent.
    English frames are returned as they are (the messages *are* their English text)."""
    if not lang or lang == DEFAULT:
        return obj
    return _walk(obj, lang)


def asked_language(scope: Scope) -> str:
    """The language a request or a socket's handshake asks for by itself (:func:`choose` without the account's
    setting, which needs the database): what a refusal sent before the room looks further is worded in."""
    conn = HTTPConnection(scope)
    return choose(conn.query_params.get("lang"), conn.cookies.get(LANG_COOKIE), None,
                  conn.headers.get("accept-language"))


def reason(e: BaseException) -> Any:
    """Why an exception was raised, as a message when it was raised with one (to be worded for each reader),
    else as its text."""
    said = e.args[0] if len(e.args) == 1 else None
    return said if isinstance(said, Msg) else str(e)


class Refusal(JSONResponse):
    """A JSON answer (``{"error": reason, ...}``) worded in the language of the request it answers when it is
    sent: the address's ``?lang=``, the browser's setting, the account's (unless ``account=False``: a refusal
    for too many requests looks nothing up), then ``Accept-Language``. Its other fields are sent unchanged."""

    def __init__(self, content: dict[str, Any], status_code: int, headers: dict[str, str] | None = None,
                 account: bool = True) -> None:
        super().__init__(content, status_code=status_code, headers=headers)
        self.said = content
        self.account = account

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and _has_words(self.said):
            if self.account and "app" in scope:
                from .pages import reader_language

                lang = await reader_language(Request(scope))
            else:
                lang = asked_language(scope)
            if lang != DEFAULT:
                self.body = self.render(worded(self.said, lang))
                self.headers["content-length"] = str(len(self.body))
                self.headers["content-language"] = lang
        await super().__call__(scope, receive, send)


def _has_words(obj: Any) -> bool:
    """Whether ``obj`` (a frame) holds a message to word."""
    if isinstance(obj, Msg):
        return True
    if isinstance(obj, dict):
        return any(_has_words(v) for v in obj.values())
    return isinstance(obj, list | tuple) and any(_has_words(v) for v in obj)


_PLAIN = frozenset({str, int, float, bool, type(None)})


def _walk(obj: Any, lang: str) -> Any:
    """``obj`` with its messages worded; a part without any is returned as it is (not copied)."""
    kind = type(obj)
    if kind in _PLAIN:
        return obj
    if kind is Msg:
        return word(obj, lang)
    if kind is dict:
        out = None
        for k, v in obj.items():
            w = _walk(v, lang)
            if w is not v:
                if out is None:
                    out = dict(obj)
                out[k] = w
        return obj if out is None else out
    if kind is list or kind is tuple:
        if kind is list and all(type(v) in _PLAIN for v in obj):  # a hand, a row of numbers: nothing to word
            return obj
        new = [_walk(v, lang) for v in obj]
        return new if any(a is not b for a, b in zip(new, obj)) or kind is tuple else obj
    if isinstance(obj, Msg):
        return word(obj, lang)
    return obj


# ------------------------------------------------------------ the JavaScript's catalogue
@functools.cache
def catalogue(lang: str) -> dict[str, Any]:
    """The ``room`` words of ``lang`` for the page's scripts: ``{"lang", "plural", "words": {msgid: text}}``;
    a message that counts maps its singular id to its forms (``["{n} Stich", "{n} Stiche"]``). English: none."""
    from babel.messages.mofile import read_mo

    words: dict[str, Any] = {}
    plural = "(n != 1)"
    path = LOCALE / lang / "LC_MESSAGES" / "room.mo"
    if lang in LANGUAGES and lang != DEFAULT and path.exists():
        with path.open("rb") as f:
            cat = read_mo(f)
        plural = cat.plural_expr
        for m in cat:
            if not m.id or not m.string:
                continue
            if isinstance(m.id, tuple | list):
                forms = list(m.string)
                if all(forms):
                    words[m.id[0]] = forms
            else:
                words[m.id] = m.string
    return {"lang": lang if lang in LANGUAGES else DEFAULT, "plural": plural, "words": words}


# ------------------------------------------------------------ the static pages
class _Texts(HTMLParser):
    """The words of a page: each text between tags and each read attribute, with where it is in the file."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, int, str, str]] = []  # (line, column, "text" or attribute, its words)
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in SKIP:
            self.skip += 1
        line, col = self.getpos()
        for k, v in attrs:
            if k in TEXT_ATTRS and v and _worded(v):
                self.found.append((line, col, k, v))

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIP and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip and _worded(data):
            line, col = self.getpos()
            self.found.append((line, col, "text", data))


def _worded(text: str) -> bool:
    return any(c.isalpha() for c in text)


def _msgid(text: str) -> str:
    return " ".join(text.split())


def page_texts(source: str) -> list[tuple[int, str]]:
    """The messages of a page, each with its line: ``[(line, msgid)]``."""
    p = _Texts()
    p.feed(source)
    p.close()
    return [(line, _msgid(text)) for line, _col, _kind, text in p.found]


def extract_html(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                 options: dict[str, Any]) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """A Babel extractor for the static pages (``[cardtable.web.lang.extract_html: **.html]`` in babel.cfg)."""
    for line, msgid in page_texts(fileobj.read().decode(options.get("encoding", "utf-8"))):
        yield line, None, msgid, []


def translate_page(source: str, lang: str) -> str:
    """A page with its words in ``lang`` and ``<html lang>`` saying so."""
    p = _Texts()
    p.feed(source)
    p.close()
    lines = source.splitlines(keepends=True)
    starts = [0]
    for ln in lines:
        starts.append(starts[-1] + len(ln))
    edits: list[tuple[int, int, str]] = []
    for line, col, kind, text in p.found:
        at = starts[line - 1] + col
        said = word(Msg(_msgid(text)), lang)
        if kind == "text":
            raw = source[at:source.index("<", at) if "<" in source[at:] else len(source)]
            lead, trail = raw[:len(raw) - len(raw.lstrip())], raw[len(raw.rstrip()):]
            edits.append((at, at + len(raw), lead + html.escape(said, quote=False) + trail))
        else:
            end = source.index(">", at)
            tag = source[at:end]
            for quote in ('"', "'"):
                old = f"{kind}={quote}{html.escape(text, quote=False)}{quote}"
                if old in tag:
                    k = at + tag.index(old)
                    edits.append((k, k + len(old), f'{kind}="{html.escape(said)}"'))
                    break
    out = source
    for a, b, new in sorted(edits, reverse=True):
        out = out[:a] + new + out[b:]
    return out.replace('<html lang="en">', f'<html lang="{lang}">', 1)


@functools.cache
def page_html(path: Path, lang: str) -> str:
    """A static page in ``lang`` (made once per page and language)."""
    source = path.read_text(encoding="utf-8")
    return translate_page(source, lang) if lang != DEFAULT else source


def catalogue_files(domain: str = "room") -> dict[str, Path]:
    """The compiled catalogues of ``domain`` there are: ``{lang: path}``."""
    return {p.parent.parent.name: p for p in sorted(Path(LOCALE).glob(f"*/LC_MESSAGES/{domain}.mo"))}
