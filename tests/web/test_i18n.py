"""The room in the reader's language: the language a request is answered in (address, browser setting,
Accept-Language), the pages worded as they are served, the scripts' catalogue as JSON, the words a
connection is sent, and the rules page's own words."""

from __future__ import annotations

import html
import json

from starlette.testclient import TestClient

from cardtable.core.i18n import Msg, _n
from cardtable.web.hub import Conn
from cardtable.web.lang import choose, page_texts, translate_page, word, worded
from cardtable.web.pages import STATIC

from .conftest import create, ws_url


def test_the_home_page_in_the_browsers_language(client: TestClient) -> None:
    r = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"})
    assert r.status_code == 200 and r.headers["content-language"] == "de"
    assert '<html lang="de">' in r.text
    assert "<h1>Wähle ein Spiel</h1>" in r.text and 'placeholder="Filter: schafkopf, solo, nap…"' in r.text
    assert "Pick a game" not in r.text and "Create table" not in r.text
    assert "Accept-Language" in r.headers["vary"]


def test_the_setting_and_the_address_come_before_the_browser(client: TestClient) -> None:
    client.cookies.set("cardtable_lang", "sv")
    try:
        assert "<h1>Välj ett spel</h1>" in client.get("/", headers={"Accept-Language": "de"}).text
        assert "<h1>Pick a game</h1>" in client.get("/?lang=en", headers={"Accept-Language": "de"}).text
    finally:
        client.cookies.clear()
    assert '<html lang="en">' in client.get("/", headers={"Accept-Language": "fr-FR, fr"}).text  # none of ours


SAME_WORDS = {"cardtable", "Lobby", "lobby", "Normal", "Match"}
"""The pages' words that German or Swedish write as English does."""


def test_every_word_of_every_page_is_translated() -> None:
    for name in ("index.html", "table.html", "room.html"):
        source = (STATIC / name).read_text(encoding="utf-8")
        for lang in ("de", "sv"):
            shown = translate_page(source, lang)
            for _line, msgid in page_texts(source):
                said = word(Msg(msgid), lang)
                assert said != msgid or msgid in SAME_WORDS, (name, lang, msgid)
                assert html.escape(said, quote=False) in shown, (name, lang, msgid)


def test_the_scripts_catalogue(client: TestClient) -> None:
    de = client.get("/api/words/de").json()
    assert de["lang"] == "de" and de["plural"] == "(n != 1)"
    assert de["words"]["Score sheet"] == "Spielliste"
    assert de["words"]["{n} trick"] == ["{n} Stich", "{n} Stiche"]
    sv = client.get("/api/words/sv").json()
    assert sv["words"]["{n} chip"] == ["{n} spelmark", "{n} spelmarker"]
    assert client.get("/api/words/en").json()["words"] == {}  # English is the source: nothing to look up
    r = client.get("/api/words/fr")
    assert r.status_code == 404 and r.json()["error"] == "no words in 'fr'; the languages are en, de, sv"


def test_the_rules_page_in_german(client: TestClient) -> None:
    r = client.get("/rules/schafkopf", headers={"Accept-Language": "de"})
    assert r.status_code == 200 and "<html lang='de'>" in r.text
    assert "Schafkopf spielen</a>" in r.text and "<title>Schafkopf — Regeln</title>" in r.text


def test_choosing_the_language() -> None:
    assert choose(None, None, None, "sv-SE,sv;q=0.9") == "sv"
    assert choose("de-AT", "sv", "sv", "sv") == "de"
    assert choose(None, "xx", "sv", None) == "sv"  # a cookie naming no language of ours is passed over
    assert choose(None, None, None, None) == "en"


def test_a_connection_is_sent_its_own_language() -> None:
    de = Conn(ws=None, seat=0, lang="de")
    en = Conn(ws=None, seat=0)
    frame = {"type": "error", "error": Msg("Score sheet"), "lines": [_n("{n} trick", "{n} tricks", 1, n=1)],
             "said": "plain text stays"}
    de.send(frame)
    en.send(frame)
    assert json.loads(de.queue.get_nowait()) == {"type": "error", "error": "Spielliste", "lines": ["1 Stich"],
                                                 "said": "plain text stays"}
    assert json.loads(en.queue.get_nowait())["error"] == "Score sheet"
    assert worded({"a": (Msg("Stake"),)}, "sv") == {"a": ["Satsa"]}
    assert worded(frame, "en") is frame  # English frames are sent as they are built


def test_a_table_for_german_and_english_connections(client: TestClient) -> None:
    t = create(client, "schafkopf", ["human", "random", "random"])
    with client.websocket_connect(ws_url(t, 0) + "&lang=de") as a, client.websocket_connect(ws_url(t, None)) as b:
        fa = next(f for f in iter(a.receive_json, None) if f["type"] == "state")
        fb = next(f for f in iter(b.receive_json, None) if f["type"] == "state")
        assert fa["show"]["names"] == fb["show"]["names"] and fa["you"] == 0 and fb["you"] is None
        a.send_text(json.dumps({"type": "act", "action": "nonsense", "rev": fa["rev"]}))
        err = next(f for f in iter(a.receive_json, None) if f["type"] == "error")
        assert err["error"]  # refused, with a reason (in German once the engine's catalogue has it)


def test_the_accounts_language(client: TestClient) -> None:
    guest = client.post("/api/me/lang", json={"lang": "sv"})
    assert guest.status_code == 200 and guest.json() == {"account": None, "lang": "sv", "kept": "browser"}
    assert client.post("/api/register", json={"name": "Greta", "password": "kortspel123"}).status_code == 201
    bad = client.post("/api/me/lang", json={"lang": "fr"})
    assert bad.status_code == 400
    assert bad.json()["error"] == "the language is one of en, de, sv (or null for the browser's); not 'fr'"
    assert client.get("/api/me").json()["account"]["lang"] is None  # unchanged
    r = client.post("/api/me/lang", json={"lang": "de"})
    assert r.status_code == 200 and r.json()["kept"] == "account"
    assert client.get("/api/me").json()["account"]["lang"] == "de"
    # a browser with no setting of its own, asking for English: the account's language words the page
    assert '<html lang="de">' in client.get("/", headers={"Accept-Language": "en"}).text
    client.post("/api/logout", json={})
    again = client.post("/api/login", json={"name": "greta", "password": "kortspel123"})
    assert again.json()["account"]["lang"] == "de"  # the page takes it into the browser (account.js)


def test_a_refusal_from_the_room_in_german(client: TestClient) -> None:
    t = create(client, "nap", ["human", "human", "random", "random"])
    with client.websocket_connect(ws_url(t, 1) + "&lang=de") as bea:
        next(f for f in iter(bea.receive_json, None) if f["type"] == "state")
        bea.send_text(json.dumps({"type": "speed", "speed": "fast"}))
        err = next(f for f in iter(bea.receive_json, None) if f["type"] == "error")
        assert err["error"] == "nur der Spieler, der den Tisch angelegt hat, kann das Tempo der Bots ändern"
