"""A table made with the option first_dealer="cards": who drew what is a notice at the head of the chat, and the
first deal is dealt by the seat it names (docs/decisions.md FD-1)."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

import cardtable as ct
from cardtable.core.words import card_symbol

from .conftest import WS, create, server_of, ws_url

pytestmark = pytest.mark.timeout(30)


def test_the_first_dealer_found_with_the_cards_is_told_in_the_chat(client: TestClient) -> None:
    t = create(client, "fan-tan", ["human", "human", "human"], options={"first_dealer": "cards"})
    store = server_of(client).store
    row = store.table(t["id"])
    names = [s["name"] for s in t["seats"]]
    game = ct.load("fan-tan", players=3, names=names, first_dealer="cards")
    draw = ct.Match(game, seed=row.seed).first_draw  # the table's seed finds the same first dealer
    assert draw is not None
    cards = ", ".join(f"{names[s]} {card_symbol(c)}" for s, c in draw.rounds[0])
    assert f"Cutting for the first deal, the lowest card deals (ace low): {cards}" in draw.words(names)
    with client.websocket_connect(ws_url(t, 1)) as raw:
        ws = WS(raw)
        state = ws.state_until(lambda f: True)
        chat = ws.until(lambda f: f["type"] == "chat")
    assert state["view"]["dealer"] == draw.dealer
    assert [(x["kind"], x["text"]) for x in chat["lines"]] == [("notice", draw.words(names))]
    assert store.deals(t["id"])[0].dealer == draw.dealer


def test_no_notice_without_the_option(client: TestClient) -> None:
    t = create(client, "fan-tan", ["human", "human", "human"])
    with client.websocket_connect(ws_url(t, 1)) as raw:
        ws = WS(raw)
        state = ws.state_until(lambda f: True)
        chat = ws.until(lambda f: f["type"] == "chat")
    assert state["view"]["dealer"] == 0 and chat["lines"] == []


def test_the_match_record_keeps_the_draw(client: TestClient) -> None:
    t = create(client, "fan-tan", ["random", "random", "random"], options={"first_dealer": "cards"}, deals=1)
    deadline = time.monotonic() + 20
    while (r := client.get(f"/api/tables/{t['id']}/record")).status_code != 200 and time.monotonic() < deadline:
        time.sleep(0.05)  # the bots play the one deal; the record is given once the match is over
    assert r.status_code == 200, r.text
    record = r.json()
    row = server_of(client).store.table(t["id"])
    game = ct.load("fan-tan", players=3, names=[s["name"] for s in t["seats"]], first_dealer="cards")
    draw = ct.Match(game, seed=row.seed).first_draw
    assert draw is not None and record["first_draw"] == draw.to_record()
    assert record["deals"][0]["dealer"] == draw.dealer
