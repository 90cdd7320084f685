"""The room in the reader's language: the language a request is answered in (address, browser setting,
Accept-Language), the pages worded as they are served, the scripts' catalogue as JSON, the words a
connection is sent, and the rules page's own words."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

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


def test_the_servers_refusals_in_the_requests_language(client: TestClient) -> None:
    de = {"Accept-Language": "de-DE,de;q=0.9"}
    bad = {"game": "schafkopf", "players": 4, "options": {"settlement": "x"}}
    en = client.post("/api/tables", json=bad)
    r = client.post("/api/tables", json=bad, headers=de)
    assert en.status_code == r.status_code == 400 and r.headers["content-language"] == "de"
    assert en.json() == {"error": "schafkopf: option settlement must be one of 'player_account', 'each_opponent', "
                                  "not 'x'"}  # English as it was
    assert r.json() == {"error": "schafkopf: die Option settlement muss eins von 'player_account', 'each_opponent' "
                                 "sein, nicht 'x'"}
    sv = client.post("/api/tables?lang=sv", json={**bad, "options": {"tariff": 1}}, headers=de).json()["error"]
    assert sv.startswith("schafkopf: okänt alternativ 'tariff'; alternativen är: ")  # the address comes first
    game = client.post("/api/tables", json={**bad, "game": "whist"}, headers=de).json()["error"]
    assert game.startswith("unbekanntes Spiel 'whist'; ")
    seats = client.post("/api/tables", json={"game": "nap", "players": 4, "speed": "warp"}, headers=de).json()
    assert seats["error"].startswith("speed ist das Tempo der Bots, eines von: ") and seats["error"].endswith("'warp'")

    wrong = {"name": "Nobody", "password": "not the password"}
    assert client.post("/api/login", json=wrong).json() == {"error": "wrong name or password"}
    r = client.post("/api/login", json=wrong, headers=de)
    assert r.status_code == 401 and r.json() == {"error": "falscher Name oder falsches Passwort"}
    short = client.post("/api/register", json={"name": "Greta", "password": "kurz"}, headers={"Accept-Language": "sv"})
    assert short.status_code == 400 and short.json()["error"].startswith("ett lösenord har ")


def test_a_refusal_for_too_many_requests_keeps_its_fields(db: Path) -> None:
    from cardtable.web.app import create_app

    with TestClient(create_app(db, bot_delay=0, limits={"login": "1/minute"})) as c:
        wrong = {"name": "Nobody", "password": "not the password"}
        c.post("/api/login", json=wrong)
        r = c.post("/api/login", json=wrong, headers={"Accept-Language": "de"})
        assert r.status_code == 429 and r.headers["retry-after"].isdigit()
        said = r.json()["error"]
        assert said.startswith("zu viele Anfragen: höchstens 1 pro Minute von einer Adresse; versuch es in ")
        assert said.endswith(" noch einmal") and ("Sekunde" in said or "Minute" in said.split(";")[1])
        en = c.post("/api/login", json=wrong).json()["error"]
        assert en.startswith("too many requests: at most 1 per minute from one address; try again in ")


def test_the_refusal_before_a_socket_opens(client: TestClient) -> None:
    with client.websocket_connect("/ws/0123456789ab?lang=de") as ws:
        frame = ws.receive_json()
    assert frame == {"type": "error", "error": "kein Tisch '0123456789ab'; leg auf der Startseite einen an"}
    r = client.post("/api/login", json={}, headers={"Origin": "https://evil.example", "Accept-Language": "sv"})
    assert r.status_code == 403 and r.json()["error"].startswith("nekad: den här förfrågan kom från en sida ")


def test_the_pages_card_names_in_german_and_swedish(client: TestClient) -> None:
    # cards.js names a French-suited card from the room's words: "{rank} of {suit}" with the rank's and the suit's
    # words, the engine's own translations ("Pik-Dame", "spader dam")
    asked = set(re.findall(r'\bt\("([^"]+)"', (STATIC / "cards.js").read_text(encoding="utf-8")))
    assert {"{rank} of {suit}", "Queen", "spades", "Joker as the {card}", "a card face down"} <= asked
    de, sv = (client.get(f"/api/words/{lang}").json()["words"] for lang in ("de", "sv"))
    assert all(de.get(w) and sv.get(w) for w in asked)
    assert de["{rank} of {suit}"].format(rank=de["Queen"], suit=de["spades"]) == "Pik-Dame"
    assert sv["{rank} of {suit}"].format(rank=sv["Queen"], suit=sv["spades"]) == "spader dam"
    assert de["Joker as the {card}"] == "Joker als {card}"
