"""The engine's words as messages, in German and Swedish (the ``cardtable`` catalogue).

Every sentence the rules and the core word for players (labels, refusal reasons, settlement lines, phase words,
status lines, card names, option descriptions) is a message (:class:`cardtable.core.i18n.Msg`) whose id is in
the catalogue, translated into German and Swedish; the English text is the message id formatted, unchanged.
"""

from __future__ import annotations

import gettext
import io
import pickle
import re
import string
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import cardtable as ct
from cardtable.core.cards import card_name
from cardtable.core.i18n import Msg, _n, translate
from cardtable.errors import IllegalAction, RulesError

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "src" / "cardtable" / "locale"
sys.path.insert(0, str(ROOT / "benchmarks"))
from words_hash import deal_words  # noqa: E402

KEYWORDS = {"_": None, "_n": (1, 2), "N_": None, "NC_": ((1, "c"), 2)}
"""The extraction keywords of ``babel-engine.cfg``'s command (docs/translating.md)."""


@cache
def pot() -> Any:
    return read_po((LOCALE / "cardtable.pot").open("rb"))


@cache
def po(lang: str) -> Any:
    return read_po((LOCALE / lang / "LC_MESSAGES" / "cardtable.po").open("rb"))


def key(m: Any) -> tuple[str | None, str]:
    msgid = m.id[0] if isinstance(m.id, tuple) else m.id
    return m.context, msgid


def fields(text: str) -> set[str]:
    return {f[1].split("!")[0].split(":")[0] for f in string.Formatter().parse(text) if f[1] is not None}


@cache
def played() -> list[Msg]:
    """Every message met while playing one seeded random deal of every game, arguments included."""
    out: list[Msg] = []

    def walk(m: Any) -> None:
        if isinstance(m, Msg):
            out.append(m)
            for v in m.args.values():
                walk(v)

    for g in ct.games():
        for w in deal_words(g.id, 0, limit=150):
            walk(w)
    return out


def test_the_catalogue_holds_every_message_the_source_marks() -> None:
    # "pybabel extract" with the engine's keywords (over the core, the games and the catalogue of games) finds no
    # message that cardtable.pot lacks, and no stale one.
    src = ROOT / "src" / "cardtable"
    found = set()
    for sub, files in (("core", "**.py"), ("games", "**.py"), (".", "catalog.py")):
        for _file, _line, msg, _comments, context in extract_from_dir(
                src / sub, method_map=[(files, "python")], keywords=KEYWORDS, comment_tags=()):
            found.add((context, msg[0] if isinstance(msg, tuple) else msg))
    have = {key(m) for m in pot() if m.id}
    assert found - have == set(), "messages missing from cardtable.pot: run the extraction (docs/translating.md)"
    assert have - found == set(), "cardtable.pot holds messages the source no longer has"


@pytest.mark.parametrize("lang", ["de", "sv"])
def test_every_message_is_translated_with_its_placeholders(lang: str) -> None:
    cat = po(lang)
    ids = {key(m) for m in pot() if m.id}
    assert {key(m) for m in cat if m.id} == ids
    nplurals = cat.num_plurals
    assert nplurals == 2
    for m in cat:
        if not m.id:
            continue
        assert not m.fuzzy, m.id
        forms = m.string if isinstance(m.id, tuple) else (m.string,)
        source = fields(m.id[0]) | fields(m.id[1]) if isinstance(m.id, tuple) else fields(m.id)
        assert len(forms) == (nplurals if isinstance(m.id, tuple) else 1), m.id
        for form in forms:
            assert form.strip(), f"{lang}: {m.id!r} is not translated"
            assert fields(form) == source, f"{lang}: {form!r} does not keep the placeholders of {m.id!r}"


@pytest.mark.parametrize("lang", ["de", "sv"])
def test_the_compiled_catalogue_is_the_po_file(lang: str) -> None:
    # The committed .mo says what the .po says (compiled after the last edit).
    buf = io.BytesIO()
    write_mo(buf, po(lang))
    fresh = gettext.GNUTranslations(io.BytesIO(buf.getvalue()))
    shipped = gettext.GNUTranslations((LOCALE / lang / "LC_MESSAGES" / "cardtable.mo").open("rb"))
    assert shipped._catalog == fresh._catalog  # type: ignore[attr-defined]


def test_every_message_met_in_play_is_in_the_catalogue() -> None:
    ids = {key(m) for m in pot() if m.id}
    met = played()
    assert len(met) > 10_000  # every game was played: labels, reasons, phases, settlements
    missing = {m.msgid for m in met if (None, m.msgid) not in ids}
    assert missing == set()


@pytest.mark.parametrize("lang", ["de", "sv"])
def test_every_message_met_in_play_reads_in_german_and_swedish(lang: str) -> None:
    cat = gettext.translation("cardtable", LOCALE, languages=[lang])
    seen: set[tuple[str, tuple[tuple[str, str], ...]]] = set()
    for m in played():
        sig = (m.msgid, tuple(sorted((k, type(v).__name__) for k, v in m.args.items())))
        if sig in seen:
            continue
        seen.add(sig)
        form = cat.ngettext(m.msgid, m.plural, m.n or 0) if m.plural is not None else cat.gettext(m.msgid)
        own_words = re.sub(r"\{[^}]*\}", "", m.msgid)  # an arrangement of arguments ("{cards}, {card}") may stay
        if re.search("[A-Za-z]", own_words):
            assert form != m.msgid or m.msgid in SAME_WORDS, f"{lang}: {m.msgid!r} is not translated"
        args = {k: translate(v, lang) if isinstance(v, Msg) else v for k, v in m.args.items()}
        text = form.format(**args)  # raises on a broken placeholder
        assert "{" not in text and "}" not in text, text
        assert translate(m, lang) in (text, text[:1].upper() + text[1:])  # a capitalised count (Fünfzehn)


SAME_WORDS = {"Kontra", "Re", "Solo", "Sauspiel", "Wenz", "Geier", "Farbwenz", "Ramsch", "Sie", "Nap", "Frog",
              "Chico", "Grand", "Misère", "Wellington", "Blucher", "Misery", "{run} Laufende", "{game} in {suit}",
              "{card}: Pam be civil", "{status}, {player} Re",
              "Durchmarsch: {player} pays {player2} {rate}", " Schwarz", " Schneider", "Geier Tout",
              "Farbwenz Tout", "Wenz Tout", "Solo Tout", "joker",
              "{card} (joker)", "Text", "frog", "solo"}
"""Messages whose translation may read as the English does (German game names, bare arrangements, the
Swedish joker)."""


def test_english_is_the_message_id_itself() -> None:
    # The source language needs no catalogue: the text is the id formatted with its arguments.
    for m in played()[:20_000]:
        text = m.plural if m.plural is not None and m.n != 1 else m.msgid
        assert str(m) == text.format(**m.args)
        assert translate(m, "en") == str(m) and translate(m, None) == str(m)


def test_german_and_swedish_plural_forms() -> None:
    # "1 Stich / 2 Stiche; 1 spelmark / 2 spelmarker" (issue 33).
    tricks = [_n("{n} trick", "{n} tricks", n, n=n) for n in (1, 2)]
    assert [translate(t, "de") for t in tricks] == ["1 Stich", "2 Stiche"]
    assert [translate(t, "sv") for t in tricks] == ["1 stick", "2 stick"]
    chips = [_n("{n} chip for the widow", "{n} chips for the widow", n, n=n) for n in (1, 2)]
    assert [translate(c, "sv") for c in chips] == ["1 spelmark för änkan", "2 spelmarker för änkan"]
    assert [translate(c, "de") for c in chips] == ["1 Chip für den Stock", "2 Chips für den Stock"]
    d = ct.load("michigan", lang="de").deal(seed=1)
    from cardtable.core.words import hidden_label
    assert [d.in_language(hidden_label(f"exchange {n}") or "") for n in (1, 3)] == ["Tausche eine Karte",
                                                                                   "Tausche drei Karten"]


def test_card_names_in_the_french_and_the_german_pack() -> None:
    # French pack in German: Kreuz, Pik, Herz, Karo; Ass, König, Dame, Bube. German pack: Eichel, Gras,
    # Herz, Schellen; Sau, König, Ober, Unter, Zehn, Neun, Acht, Sieben.
    assert [translate(card_name(c), "de") for c in ("QC", "JS", "AH", "TD")] == [
        "Kreuz-Dame", "Pik-Bube", "Herz-Ass", "Karo-Zehn"]
    assert [translate(card_name(c), "de", pack="german") for c in ("QC", "JS", "AH", "TD", "7C", "KD")] == [
        "Eichel-Ober", "Gras-Unter", "Herz-Sau", "Schellen-Zehn", "Eichel-Sieben", "Schellen-König"]
    assert [translate(card_name(c), "sv") for c in ("QC", "JS", "AH", "TD")] == [
        "klöver dam", "spader knekt", "hjärter ess", "ruter tia"]
    assert translate(card_name("QC"), "en", pack="german") == "Ober of acorns"
    assert translate(card_name("QC"), "en") == card_name("QC") == "Queen of clubs"
    # A card inside a reason is worded in the pack's words too.
    d = ct.load("bavarian-schafkopf").deal(seed=2)
    label = d.label(d.legal()[0]) if d.phase == "play" else card_name("QC")
    assert isinstance(label, Msg)


def test_a_game_loaded_in_german_words_its_labels_and_reasons() -> None:
    g = ct.load("schafkopf", lang="de")
    d = g.deal(seed=1)
    assert d.legal() == ["pass", "take"]
    assert [d.label(a) for a in d.legal()] == ["Die Blinde nicht nehmen", "Die Blinde nehmen"]
    assert d.label("take", lang="en") == "Take the blind" and d.label("take", lang="sv") == "Ta blinden"
    assert d.why_not("AS") == ("'AS' ist nicht erlaubt: nimm zuerst die Blinde ('take') oder lehne sie ab "
                               "('pass'); die Karten werden danach gespielt. Jetzt erlaubt: pass, take")
    assert d.why_not("AS", lang="en").startswith("'AS' is not allowed: first take the blind")
    with pytest.raises(IllegalAction, match="ist nicht erlaubt"):
        d.act("AS")
    assert d.history == [] and d.legal() == ["pass", "take"]
    # The same game in English by default, and its words stay messages with their ids.
    e = ct.load("schafkopf").deal(seed=1)
    assert e.label("take") == "Take the blind" and isinstance(e.why_not("AS"), Msg)
    assert pickle.loads(pickle.dumps(g)).lang == "de" and "lang='de'" in repr(g)


def test_an_unknown_language_is_refused_clearly() -> None:
    with pytest.raises(RulesError, match=r"lang must be one of 'en', 'de', 'sv' \(or None for English\), not 'fr'"):
        ct.load("nap", lang="fr")
    with pytest.raises(RulesError, match="not 'xx'"):
        ct.rules_text("nap", "xx")


def test_messages_keep_their_id_through_pickling() -> None:
    m = ct.load("nap").deal(seed=3).why_not("AS")
    back = pickle.loads(pickle.dumps(m))
    assert isinstance(back, Msg) and back == m and back.msgid == m.msgid
    assert translate(back, "de") == translate(m, "de") != str(m)


GERMAN_RULES = ("schafkopf", "auction-schafkopf", "bavarian-schafkopf", "bierspiel", "mauscheln", "six-bid-solo",
                "frog", "coeur-d-alene-solo", "progressive-solo")


@pytest.mark.parametrize("game_id", GERMAN_RULES)
def test_german_rules_texts(game_id: str) -> None:
    text = ct.rules_text(game_id, "de")
    english = ct.rules_text(game_id)
    assert text.splitlines()[0] == english.splitlines()[0]  # the game's own name as the title
    assert text.splitlines()[1:3] != english.splitlines()[1:3]
    assert "Stich" in text and "Spiel" in text and "## Quellen und Entscheidungen" in text
    assert text.count("\n## ") == english.count("\n## ")  # the same sections
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings[-2:] == ["## Einstellungen", "## Quellen und Entscheidungen"]
    options = text[text.index("## Einstellungen"):text.index("## Quellen")]
    for o in ct.game_info(game_id).options:  # each option tied to the name a player sets, as in English
        assert f"({o.name})" in options, o.name
    assert "http" in text[text.index("## Quellen"):]


def test_swedish_rules_text_of_norrlandsknack() -> None:
    text = ct.rules_text("norrlandsknack", "sv")
    assert text.splitlines()[0] == "# Norrlandsknack" and text != ct.rules_text("norrlandsknack")
    assert "stick" in text and "knack" in text
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings[-2:] == ["## Inställningar", "## Källor och beslut"]
    for o in ct.game_info("norrlandsknack").options:
        assert f"({o.name})" in text, o.name


def test_a_rules_text_not_translated_says_it_is_in_english() -> None:
    text = ct.rules_text("nap", "de")
    assert text.splitlines()[0] == "*Diese Spielregeln gibt es nur auf Englisch.*"
    assert text.endswith(ct.rules_text("nap"))
    assert ct.rules_text("michigan", "sv").startswith("*De här spelreglerna finns bara på engelska.*")
