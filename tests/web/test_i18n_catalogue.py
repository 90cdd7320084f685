"""The catalogues are complete and current: every message of the room's words (and of the engine's, once its
catalogue is there) has a German and a Swedish translation, none fuzzy, with the same placeholders as its id;
each compiled .mo says what its .po says; the template holds every message the sources ask for (nothing added
to a page or a script without being extracted); and the scripts put no English words on the page that are not
asked for through ``t()``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from cardtable.core.i18n import LANGUAGES, LOCALE

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "cardtable" / "web" / "static"
MAPPINGS = {"room": ROOT / "babel.cfg", "cardtable": ROOT / "babel-engine.cfg"}
DOMAINS = [d for d in MAPPINGS if (LOCALE / f"{d}.pot").exists()]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def messages(path: Path) -> dict[Any, Any]:
    with path.open("rb") as f:
        cat = read_po(f)
    return {m.id: m for m in cat if m.id}


def test_the_room_domain_has_its_template() -> None:
    assert "room" in DOMAINS  # the engine's domain is checked too as soon as its template exists


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(domain: str, lang: str) -> None:
    template = messages(LOCALE / f"{domain}.pot")
    po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
    assert po.exists(), f"{po.relative_to(ROOT)} is missing"
    found = messages(po)
    problems = []
    for msgid in template:
        m = found.get(msgid)
        if m is None:
            problems.append(f"missing: {msgid!r}")
            continue
        forms = list(m.string) if isinstance(m.string, tuple | list) else [m.string]
        if not all(forms):
            problems.append(f"not translated: {msgid!r}")
        if m.fuzzy:
            problems.append(f"fuzzy: {msgid!r}")
        ids = msgid if isinstance(msgid, tuple) else (msgid,)
        want = set().union(*(placeholders(i) for i in ids))
        for form in forms:
            if form and placeholders(form) != want:
                problems.append(f"placeholders differ: {msgid!r} -> {form!r}")
    assert problems == []
    assert set(found) == set(template), "the .po has messages the template no longer has: run the update"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_is_up_to_date(domain: str, lang: str) -> None:
    base = LOCALE / lang / "LC_MESSAGES" / domain
    with base.with_suffix(".mo").open("rb") as f:
        compiled = {tuple(m.id) if isinstance(m.id, list) else m.id: m.string for m in read_mo(f) if m.id}
    written = {k: m.string for k, m in messages(base.with_suffix(".po")).items()}

    def same(a: Any) -> Any:
        return tuple(a) if isinstance(a, tuple | list) else a

    assert {k: same(v) for k, v in compiled.items()} == {k: same(v) for k, v in written.items()}


def test_the_template_holds_every_message_the_sources_ask_for() -> None:
    with MAPPINGS["room"].open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    asked = set()
    for _file, _line, msgid, _comments, _context in extract_from_dir(str(ROOT), method_map, options_map):
        if msgid:
            asked.add(msgid if isinstance(msgid, str) else msgid[0])
    template = {k if isinstance(k, str) else k[0] for k in messages(LOCALE / "room.pot")}
    assert asked - template == set(), "run `bash scripts/translations.sh all` and translate the new messages"
    assert template - asked == set(), "the template has messages no source asks for: extract again"


# ------------------------------------------------------------ the scripts' words
CALL = re.compile(r"\btn?\(\"((?:[^\"\\]|\\.)*)\"")
SHOWN = [  # where a script writes words a person reads: any literal with letters there must come from t()
    re.compile(r"\.(?:textContent|title|placeholder)\s*=\s*([\"'`])((?:(?!\1).)*[A-Za-z](?:(?!\1).)*)\1"),
    re.compile(r"[\"']?(?:aria-label|title|placeholder)[\"']?\s*:\s*([\"'`])((?:(?!\1).)*[A-Za-z](?:(?!\1).)*)\1"),
    re.compile(r"\bel\(\"\w+\",\s*\{[^{}]*\},\s*([\"'`])((?:(?!\1).)*[A-Za-z](?:(?!\1).)*)\1"),
    re.compile(r"\b(?:notify\(|setConn\(|fact\(|openPanel\(\"\w+\",)\s*([\"'`])((?:(?!\1).)*[A-Za-z](?:(?!\1).)*)\1"),
    re.compile(r"\blabel:\s*([\"'`])((?:(?!\1).)*[A-Za-z](?:(?!\1).)*)\1"),
]


def words_of(literal: str) -> str:
    """A literal's own words: without its template's values (``${...}``, nested ones too) and the room's name."""
    out, depth, i = [], 0, 0
    while i < len(literal):
        if literal.startswith("${", i):
            depth += 1
            i += 2
            continue
        if depth and literal[i] == "{":
            depth += 1
        elif depth and literal[i] == "}":
            depth -= 1
        elif not depth:
            out.append(literal[i])
        i += 1
    return "".join(out).replace("cardtable", "")


def script_literals() -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(STATIC.glob("*.js")):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if line.lstrip().startswith("//"):
                continue
            for pattern in SHOWN:
                for m in pattern.finditer(line):
                    if re.search(r"[A-Za-z]{2,}", words_of(m.group(2))):
                        found.append((path.name, n, m.group(2)))
    return found


def test_the_scan_finds_an_unwrapped_string() -> None:
    # the scan itself: a line as a script might write it, once with t() and once without
    assert any(p.search('el("button", { type: "button" }, "Next deal")') for p in SHOWN)
    assert any(p.search('$("conn").textContent = "closed";') for p in SHOWN)
    assert not any(p.search('el("button", { type: "button" }, t("Next deal"))') for p in SHOWN)
    assert words_of("${a ? `x ${t('y')}` : ''} · cardtable") == " · "


def test_no_script_writes_english_words_without_asking_for_them() -> None:
    assert script_literals() == []


def test_every_word_a_script_asks_for_is_in_the_template() -> None:
    template = {k if isinstance(k, str) else k[0] for k in messages(LOCALE / "room.pot")}
    asked = {m.group(1) for path in STATIC.glob("*.js") for m in CALL.finditer(path.read_text())}
    assert len(asked) > 250
    assert asked - template == set()
