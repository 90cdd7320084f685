"""The pack a table's cards are drawn in: which games may have the German-suited pack, the creator's choice
saved with the table and sent to every seat, bad choices refused with what is allowed, and old rooms upgraded."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import cardtable as ct
from cardtable.web.app import create_app
from cardtable.web.packs import GERMAN_FIRST, packs_for
from cardtable.web.store import Store

from .conftest import create, server_of, ws_url

DATA = Path(__file__).parent / "data"
FRENCH = ["french", "four-colour"]
ALL = ["french", "four-colour", "german"]


def table_of(ws: Any) -> dict[str, Any]:
    """The table as the first state frame on ``ws`` describes it."""
    while True:
        frame = ws.receive_json()
        if frame["type"] == "state":
            return frame["table"]  # type: ignore[no-any-return]


@pytest.mark.parametrize(("game", "packs"), [
    ("schafkopf", ALL), ("bavarian-schafkopf", ALL), ("bierspiel", ALL),  # 32 cards
    ("six-bid-solo", ALL), ("frog", ALL),  # 36 cards
    ("nap", FRENCH),  # 52 cards
    ("hasenpfeffer", FRENCH),  # 25 cards with a joker
    ("julepe", FRENCH),  # the 40-card Spanish pack
    ("coon-can", FRENCH),  # two packs and jokers
])
def test_the_german_pack_is_for_games_of_32_or_36_cards_without_jokers(game: str, packs: list[str]) -> None:
    assert list(packs_for(ct.load(game))) == packs


def test_the_schafkopf_family_is_that_of_its_two_modules() -> None:
    from cardtable.games import bavarian, schafkopf

    assert {g.id for g in (*schafkopf.GAMES, *bavarian.GAMES)} == GERMAN_FIRST
    assert all("german" in packs_for(ct.load(g)) for g in GERMAN_FIRST)


def test_the_catalogue_says_each_games_packs(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert games["schafkopf"]["packs"] == ALL and games["schafkopf"]["german_first"] is True
    assert games["bierspiel"]["packs"] == ALL and games["bierspiel"]["german_first"] is False
    assert games["nap"]["packs"] == FRENCH and games["nap"]["german_first"] is False


def test_the_creators_pack_is_saved_and_sent_to_every_seat(client: TestClient) -> None:
    t = create(client, "schafkopf", ["human", "human", "random", "random"], pack="german")
    assert t["pack"] == "german"
    for seat in (0, 1, None):
        with client.websocket_connect(ws_url(t, seat)) as ws:
            table = table_of(ws)
            assert (table["pack"], table["packs"], table["german_first"]) == ("german", ALL, True)
    assert server_of(client).store.table(t["id"]).pack == "german"
    plain = create(client, "nap", ["human", "random", "random"])
    assert plain["pack"] == "auto"
    with client.websocket_connect(ws_url(plain, 0)) as ws:
        table = table_of(ws)
        assert (table["pack"], table["packs"], table["german_first"]) == ("auto", FRENCH, False)


def test_a_table_rebuilt_from_the_database_keeps_its_pack(tmp_path: Path) -> None:
    db = tmp_path / "room.db"
    with TestClient(create_app(db, bot_delay=0)) as c:
        t = create(c, "six-bid-solo", ["human", "random", "random"], pack="four-colour")
    with TestClient(create_app(db, bot_delay=0)) as c, c.websocket_connect(ws_url(t, 0)) as ws:
        assert table_of(ws)["pack"] == "four-colour"


@pytest.mark.parametrize(("game", "pack", "words"), [
    ("nap", "german", "the German-suited pack is for games of 32 or 36 cards without jokers; Napoleon is played "
                      "with the 52-card pack; choose one of: auto, french, four-colour"),
    ("schafkopf", "green", "pack is the cards' look, one of: auto, french, four-colour, german; not 'green'"),
    ("schafkopf", 3, "pack is the cards' look, one of: auto, french, four-colour, german; not 3"),
])
def test_a_pack_the_game_cannot_have_is_refused_saying_what_is_allowed(client: TestClient, game: str,
                                                                       pack: object, words: str) -> None:
    store = server_of(client).store
    before = store.table_ids()
    bots = 2 if game == "nap" else 3
    r = client.post("/api/tables", json={"game": game, "players": bots + 1,
                                         "seats": [{"kind": "human"}] + [{"kind": "random"}] * bots, "pack": pack})
    assert r.status_code == 400
    assert words in r.json()["error"]
    assert store.table_ids() == before  # nothing made


def test_tables_of_an_old_room_are_left_to_each_page(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    shutil.copy(DATA / "room-before-scale-out.sqlite", db)
    store = Store(db)  # upgraded to the newest revision
    ids = store.table_ids()
    assert ids and {store.table(tid).pack for tid in ids} == {"auto"}
    store.close()
