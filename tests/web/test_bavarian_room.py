"""Bavarian Schafkopf in the room with the Hochzeit on: four people at the table over the WebSocket protocol."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.testclient import TestClient

import cardtable as ct

from .conftest import WS, card_tokens, create, hidden_codes, server_of, ws_url
from .test_ws import replay_steps, unordered_legal


def choose(deal: ct.Deal, legal: list[str], rng: random.Random) -> str:
    """The scripted people: whoever holds exactly one trump wants to play and offers a Hochzeit, the first
    asked takes it, the others pass; everything after that at random."""
    seat, trumps = deal.turn, deal.trumps  # type: ignore[attr-defined]
    assert seat is not None
    one = (deal.hands[seat] & trumps).bit_count() == 1
    if deal.phase == "ask":
        return "play" if one else "pass"
    if deal.phase == "declare":
        return "hochzeit" if "hochzeit" in legal else legal[0]
    if deal.phase == "wed":
        return "accept" if "accept" in legal else "pass"
    return rng.choice(legal)


@pytest.mark.timeout(180)  # deals are thrown in until one seat holds a single trump (one deal in six or so)
def test_a_hochzeit_is_played_in_the_room_and_no_frame_shows_the_exchanged_cards(client: TestClient) -> None:
    t = create(client, "bavarian-schafkopf", ["human"] * 4, deals=80, options={"hochzeit": True})
    rng = random.Random(34)
    socks = [client.websocket_connect(ws_url(t, s)) for s in range(4)]
    socks.append(client.websocket_connect(ws_url(t, None)))
    seats: list[int | None] = [0, 1, 2, 3, None]
    clients = [WS(s.__enter__()) for s in socks]
    wedded = False
    try:
        state = clients[0].state_until(lambda x: True)
        table = server_of(client).tables[t["id"]]  # (loaded when the first seat connects)
        while True:
            key = (state["deal"], state["rev"])
            for c in clients:  # every connection sees every step
                def ready(x: dict[str, Any], k: tuple[int, int] = key) -> bool:
                    return (x["deal"], x["rev"]) == k and all(s["online"] for s in x["table"]["seats"])

                if not (c.state and ready(c.state)):
                    c.until(lambda _, c=c, ready=ready: c.state is not None and ready(c.state))
            v = clients[0].state["view"]
            if v["over"]:
                wedded = any(a.startswith("give ") for _, a in table.deal.history)
                if wedded or clients[0].state["match"]["over"]:
                    break
                for c in clients[:4]:  # the next deal starts when every person at the table is ready
                    c.send({"type": "next"})
            else:
                me = clients[v["turn"]]
                me.act(choose(table.deal, me.state["view"]["legal"], rng))
            state = clients[0].state_until(lambda x, k=key: (x["deal"], x["rev"]) != k)
    finally:
        for s in socks:
            s.__exit__(None, None, None)
    assert wedded, "no seat held a single trump in 80 deals"
    records = list(table.match.records)  # the finished deals as the server keeps them (the match goes on)
    if len(records) < table.deal_no:
        records.append(table.deal.record())
    steps = [replay_steps(d) for d in records]
    last = steps[-1][-1]
    off, by = last.wed_offerer, last.wed_by  # type: ignore[attr-defined]
    assert by is not None and last.result().lines[0].startswith("Hochzeit: ")
    gave = next(a for s, a in last.history if a.startswith("give "))
    seen_give = {seat: set() for seat in seats}
    for seat, c in zip(seats, clients):
        for f in c.frames:
            if f["type"] != "state":
                continue
            d = steps[f["deal"] - 1][f["rev"]]
            want = d.view(seat) if seat is not None else d.public_view()
            assert unordered_legal(f["view"]) == unordered_legal(want), (seat, f["deal"], f["rev"])
            assert not card_tokens(f) & hidden_codes(d, seat), (seat, f["deal"], f["rev"])
            if f["deal"] == len(steps) and not f["view"]["over"]:
                seen_give[seat] |= {a for _, a in f["view"]["history"] if a.startswith("give")}
    # the card given back is named to the two who exchanged it, while the deal is played
    assert seen_give[off] == seen_give[by] == {gave}
    assert all(seen_give[s] == {"give"} for s in seats if s not in (off, by))
