"""What the table says at a deal's and a match's end, over the WebSocket protocol against the app: the antes on
the money cards in one line, and the chips left in the pools when the match ends."""

from __future__ import annotations

import random
import re
import secrets
import time
from fractions import Fraction
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.core import match as match_module

from .conftest import WS, create, server_of, ws_url


@pytest.fixture(autouse=True)
def same_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same deals and bots' choices at every run (the deals' keys counted up, the table's seed fixed)."""
    keys = iter(range(1, 10_000))
    monkeypatch.setattr(match_module, "new_key", lambda: next(keys).to_bytes(32, "big"))
    monkeypatch.setattr(secrets, "randbelow", lambda k: 12345 % k)


def play_to_the_end(client: TestClient, t: dict[str, object], seed: str) -> dict[str, object]:
    """The person at the first seat plays at random until the deal is over: its last state frame."""
    rng = random.Random(seed)
    with client.websocket_connect(ws_url(t, 0)) as raw:
        ws = WS(raw)
        while True:
            f = ws.my_turn_or_over()
            if f["view"]["over"]:
                return f
            ws.act(rng.choice(f["view"]["legal"]))


def test_michigan_says_its_antes_in_one_line(client: TestClient) -> None:
    # seed 004_2edd6d7cae07c8ad.txt, Michigan: "before every deal each player places one chip on each money card" —
    # sixteen antes at four players, said in one line before the result, as the command line says them.
    t = create(client, "michigan", ["human", "random", "random", "random"], deals=1)
    f = play_to_the_end(client, t, "michigan-antes")
    engine = f["view"]["result"]["lines"]
    assert sum(" puts 1 on the " in line for line in engine) == 16
    lines = f["show"]["lines"]
    assert not [line for line in lines if re.search(r" puts \d+ on the ", line)], lines
    antes = [line for line in lines if "each put 1 on each money card" in line]
    assert len(antes) == 1 and lines.index(antes[0]) == 0, lines
    names = [x["name"] for x in f["table"]["seats"]]
    who = re.match(r"(.+) each put 1 on each money card \(the ", antes[0])
    assert who and sorted(re.split(r", | and ", who[1])) == sorted(names), antes[0]
    assert len(lines) == len(engine) - 15


def test_the_chips_left_in_the_pools_are_shared_out_at_the_match_end(client: TestClient) -> None:
    # The rules of Pope Joan (rules text, "The end of a deal": "Chips left on the money cards are carried to the
    # next deal") say nothing of the chips left when the match ends: they are shared out equally
    # (docs/decisions.md, "Chips left in the pools at a match's end"), and the table says so.
    t = create(client, "pope-joan", ["human", "random", "random", "random"], deals=1)
    f = play_to_the_end(client, t, "pope-joan-left")
    match = f["match"]
    table = server_of(client).tables[t["id"]]
    left = {k: v for k, v in table.deal.result().pools.items() if v}
    assert match["over"] and left, "chips are left on the money cards"
    total = sum(left.values())
    final = [Fraction(x) for x in match["final"]]
    assert final == [Fraction(x) + Fraction(total, 4) for x in match["totals"]]
    assert sum(final) == 0  # nothing drops out: every chip staked ends with a player
    assert f"the {total} chips left (" in match["left"] and "shared out equally" in match["left"]
    names = [s["name"] for s in f["table"]["seats"]]
    assert all(n in match["left"] for n in names)


def play_deal(srv: Any, tid: str, seats: dict[int, WS], seed: str) -> dict[int, dict[str, Any]]:
    """The people at ``seats`` play at random until the deal is over: each seat's last state frame."""
    rng = random.Random(seed)
    while True:
        t = srv.tables[tid]
        for ws in seats.values():  # every seat sees the table as it is
            while ws.state is None or (ws.state["deal"], ws.state["rev"]) != (t.deal_no, t.logged):
                ws.recv()
        if t.deal.over:
            return {s: ws.state for s, ws in seats.items() if ws.state is not None}
        turn = t.deal.turn
        if turn in seats:
            seats[turn].act(rng.choice(t.deal.legal()))
        time.sleep(0.01)


def test_the_next_deal_waits_until_every_person_is_ready(client: TestClient) -> None:
    # One person's "Next deal" no longer moves the table on while the other still reads the settlement: the
    # next deal starts when every person at the table has said ready (bots always are).
    t = create(client, "nap", ["human", "human", "random", "random"], deals=2)
    srv = server_of(client)
    with client.websocket_connect(ws_url(t, 0)) as r0, client.websocket_connect(ws_url(t, 1)) as r1:
        s0, s1 = WS(r0), WS(r1)
        s0.state_until(lambda f: True)
        s1.state_until(lambda f: True)
        play_deal(srv, t["id"], {0: s0, 1: s1}, "ready")
        s0.send({"type": "next"})
        f1 = s1.state_until(lambda f: f["table"]["ready"] == [0])  # Bea sees that Ann is ready
        assert f1["deal"] == 1 and f1["view"]["over"] and f1["table"]["between"] == "ready"
        assert srv.tables[t["id"]].deal_no == 1  # still the settlement of deal 1
        s1.send({"type": "next"})
        f0 = s0.state_until(lambda f: f["deal"] == 2)
        assert not f0["view"]["over"] and f0["table"]["ready"] == []


def test_a_countdown_starts_the_next_deal_for_everyone(client: TestClient) -> None:
    # The table's creator may pick a countdown instead: shown to all (``next_in``), it starts the next deal
    # with nobody pressing anything.
    t = create(client, "nap", ["human", "human", "random", "random"], deals=2, between="countdown")
    srv = server_of(client)
    srv.countdown = 1.0
    assert srv.store.table(t["id"]).between == "countdown"
    with client.websocket_connect(ws_url(t, 0)) as r0, client.websocket_connect(ws_url(t, 1)) as r1:
        s0, s1 = WS(r0), WS(r1)
        s0.state_until(lambda f: True)
        s1.state_until(lambda f: True)
        frames = play_deal(srv, t["id"], {0: s0, 1: s1}, "countdown")
        shown = [f["table"].get("next_in") for f in frames.values()]
        assert all(isinstance(x, float | int) and 0 < x <= 1.0 for x in shown), shown
        f0 = s0.state_until(lambda f: f["deal"] == 2)
        f1 = s1.state_until(lambda f: f["deal"] == 2)
        assert "next_in" not in f0["table"] and "next_in" not in f1["table"]


def test_a_table_refuses_an_unknown_way_to_the_next_deal(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "nap", "players": 4, "between": "whenever",
                                         "seats": [{"kind": "human"}] + [{"kind": "random"}] * 3})
    assert r.status_code == 400
    assert "'ready'" in r.json()["error"] and "'countdown'" in r.json()["error"] and "whenever" in r.json()["error"]


def test_every_pool_a_game_keeps_is_named_in_plain_words() -> None:
    # Each game's pools (the pot, the Frog pot, a money card...) have words from the game's rules text; a pool's
    # key ("frog_pot") never reaches a player.
    import cardtable as ct
    from cardtable.words import CARD_NAME, POOL_WORDS, pool_words

    seen: dict[str, str] = {}
    for g in ct.games():
        for seed in range(3):
            m = ct.Match(ct.load(g.id), seed=seed, deals=1)
            d = m.next_deal()
            rng = random.Random(seed)
            while not d.over:
                d.act(rng.choice(d.legal()))
            for key in d.result().pools or {}:
                seen[key] = pool_words(key)
    assert "frog_pot" in seen and "pot" in seen and "ace of hearts" in seen, sorted(seen)
    undeclared = [k for k in seen if k not in POOL_WORDS and not CARD_NAME.match(k)]
    assert not undeclared, undeclared
    assert all(w.startswith("the ") and "_" not in w for w in seen.values()), seen
    assert seen["frog_pot"] == "the Frog pot" and seen["solo_pot"] == "the solo pot"


def test_progressive_solo_names_its_pots_at_the_match_end(client: TestClient) -> None:
    # Progressive Solo's rules text: "There are two pots, the frog pot and the solo pot, carried from deal to deal":
    # at the match's end the chips left in them are shared out, and the line names each pot in words.
    t = create(client, "progressive-solo", ["human", "random", "random"], deals=1)
    f = play_to_the_end(client, t, "progressive-solo-left")
    left = f["match"]["left"]
    assert "the Frog pot" in left and "the solo pot" in left and "_" not in left, left
    assert set(f["show"]["pool_words"].values()) == {"the Frog pot", "the solo pot"}
