"""Fair deals at the web room: every deal is shuffled from a fresh 256-bit key, never from a seed a seat could
search for, and nothing a seat receives before a deal's end holds its key, its pack order or the table's seed.

The old scheme (deal *i* of a table shuffled by ``random.Random(seed * 1_000_003 + i)``, ``seed < 2**31``) let a
seated player search every seed from its own first hand and learn every card of the match; here the same search
on a reduced space (``seed < 2**16``) finds the seed of a table dealt the old way and nothing for a table now.
"""

from __future__ import annotations

import base64
import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from websockets.sync.client import connect

import cardtable as ct
import cardtable.core.match as match_module
import cardtable.web.hub as hub_module

from .conftest import create, free_port, server_of, ws_url
from .test_kill import start, state

pytestmark = pytest.mark.timeout(300)
SPACE = 2**16
"""The reduced seed space searched (the old scheme's was 2**31: the same search, 32,768 times longer)."""


@pytest.fixture
def keys(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bytes]]:
    """Every deal key the room draws, as it draws it (the real ``secrets`` keys, only noted)."""
    drawn: list[bytes] = []
    real = match_module.new_key

    def noted() -> bytes:
        k = real()
        drawn.append(k)
        return k

    monkeypatch.setattr(match_module, "new_key", noted)
    yield drawn


def old_search(game: ct.Game, hand: list[str], space: int = SPACE, dealer: int = 0) -> list[int]:
    """The seated cheater's search: every seed below ``space`` whose first deal, dealt the old way, gives seat 0
    exactly ``hand``."""
    want = 0
    for code in hand:
        want |= 1 << game.pack.index_of[code]
    return [s for s in range(space) if game.deal(seed=s * 1_000_003, dealer=dealer).hands[0] == want]


def first_state(ws: Any, texts: list[str] | None = None) -> dict[str, Any]:
    while True:
        text = ws.receive_text()
        if texts is not None:
            texts.append(text)
        f: dict[str, Any] = json.loads(text)
        if f["type"] == "state":
            return f


def finished_record(c: TestClient, tid: str, timeout: float = 120) -> dict[str, Any]:
    deadline = time.time() + timeout
    while time.time() < deadline:
        r = c.get(f"/api/tables/{tid}/record")
        if r.status_code == 200:
            return r.json()  # type: ignore[no-any-return]
        assert r.status_code == 409, r.text
        time.sleep(0.05)
    raise AssertionError(f"table {tid} did not finish")


def secrets_in(text: str, key: bytes, seed: int, deck: str) -> list[str]:
    """Which forms of a deal's key, the table's seed or the deal's pack order appear in ``text``."""
    forms = {"key (hex)": key.hex(), "key (base64)": base64.b64encode(key).decode(),
             "key (url base64)": base64.urlsafe_b64encode(key).decode().rstrip("="),
             "key (bytes)": json.dumps(list(key)), "seed": str(seed), "pack order": deck,
             "pack order (first 12)": " ".join(deck.split()[:12]),
             "pack order (list)": json.dumps(deck.split()[:12])[:-1]}
    return [name for name, form in forms.items() if form in text]


def test_two_tables_made_alike_never_share_a_deal_and_each_deal_has_a_fresh_key(
        client: TestClient, keys: list[bytes]) -> None:
    game = ct.load("nap", players=3)
    tables = [create(client, "nap", ["random"] * 3, deals=5, speed="instant") for _ in range(2)]
    records = [finished_record(client, t["id"]) for t in tables]
    decks = [(d["deck"], d["dealer"]) for r in records for d in r["deals"]]
    assert len(decks) == 10
    assert len({deck for deck, _ in decks}) == 10  # no two deals alike, within a table or across the two
    # Every deal came from its own 32-byte key from the operating system's randomness (256 bits; all distinct),
    # and the stored pack order is the one that key gives: the key, not any seed, made the deal.
    assert len(keys) == 10 and len(set(keys)) == 10 and all(len(k) == 32 for k in keys)
    made = {" ".join(game.pack.code_of[c] for c in game.deal(key=k).deck) for k in keys}
    assert made == {deck for deck, _ in decks}
    # and the table's seed (kept for the bots' choices) made none of them the old way
    for t in tables:
        seed = server_of(client).store.table(t["id"]).seed
        old = {" ".join(game.pack.code_of[c] for c in game.deal(seed=seed * 1_000_003 + i).deck) for i in range(5)}
        assert not old & made


def test_nothing_a_seat_receives_before_the_deal_ends_holds_its_key_order_or_seed(
        client: TestClient, keys: list[bytes]) -> None:
    t = create(client, "nap", ["human", "heuristic", "heuristic", "heuristic"], deals=1, public=True,
               speed="instant")
    hub = server_of(client)
    key = keys[0]
    texts = [json.dumps(t)]
    with client.websocket_connect(ws_url(t, 0)) as ws, client.websocket_connect(ws_url(t, None)) as watcher:
        first = first_state(ws, texts)
        table = hub.tables[t["id"]]
        seed = table.seed
        deck = " ".join(table.deal.pack.code_of[c] for c in table.deal.deck)
        texts += [client.get(path).text for path in (f"/api/tables/{t['id']}", "/api/lobby",
                                                     f"/api/tables/{t['id']}/record", f"/t/{t['id']}")]
        assert client.get(f"/api/tables/{t['id']}/record").status_code == 409  # no record while it is played
        f = first
        while not f.get("view", {}).get("over"):
            if f["type"] == "state" and f["view"]["turn"] == 0:
                ws.send_text(json.dumps({"type": "act", "action": f["view"]["legal"][0], "rev": f["rev"]}))
            f = json.loads(ws.receive_text())
            if not (f["type"] == "state" and f["view"]["over"]):
                texts.append(json.dumps(f))
        for _ in range(3):
            texts.append(watcher.receive_text())
    assert len(texts) > 10 and all(secrets_in(x, key, seed, deck) == [] for x in texts)
    # once the deal is over its order is everyone's to see (the record download): the check above could fail
    record = finished_record(client, t["id"])
    assert secrets_in(json.dumps(record), key, seed, deck) == ["pack order", "pack order (first 12)"]


def test_the_seed_search_fails_even_with_the_tables_seeds_drawn_from_a_reduced_space(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The room's table seeds drawn below 2**16 (a space searched in seconds): the old scheme dealt from them,
    so seat 0's first hand gave its table's seed away; now no seed reproduces a hand, and the seed the table
    holds (the bots') is not the deal's."""
    real = hub_module.secrets.randbelow
    monkeypatch.setattr(hub_module.secrets, "randbelow", lambda n: real(min(n, SPACE)))
    # Michigan: ten cards in a hand of four, so no other seed below 2**16 deals the same hand by chance
    # (with Nap's five cards one in forty tables would find a stranger's seed that does).
    game = ct.load("michigan", players=4)
    for _ in range(2):
        t = create(client, "michigan", ["human", "heuristic", "heuristic", "heuristic"], deals=1)
        with client.websocket_connect(ws_url(t, 0)) as ws:
            hand = first_state(ws)["view"]["hand"]
        seed = server_of(client).store.table(t["id"]).seed
        assert seed < SPACE
        assert old_search(game, hand) == []  # the old scheme: [seed]


def test_the_old_seed_search_finds_an_old_table_and_nothing_on_the_real_server(tmp_path: Path) -> None:
    """A seated player's search against a real ``cardtable serve`` process: from seat 0's first hand in its
    first state frame, every seed below 2**16 with the old derivation. It finds nothing, while the same search
    finds the seed of a match dealt the old way from a seed below 2**16 (the control)."""
    game = ct.load("michigan", players=4)  # ten cards a hand: no chance match among 2**16 seeds
    control_seed = 40_961
    old_hand = ct.Match(game, seed=control_seed).next_deal().view(0)["hand"]
    assert old_search(game, old_hand) == [control_seed]  # the attack works on the old scheme

    port = free_port()
    p = start(tmp_path / "fair.db", port)
    try:
        hands = []
        for _ in range(2):  # two tables made alike
            req = urllib.request.Request(
                f"http://127.0.0.1:{port}/api/tables", method="POST",
                data=json.dumps({"game": "michigan", "players": 4, "seats": [{"kind": "human"}] * 4}).encode(),
                headers={"content-type": "application/json"})
            t = json.load(urllib.request.urlopen(req))
            with connect(f"ws://127.0.0.1:{port}/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
                hands.append(state(ws)["view"]["hand"])
    finally:
        p.terminate()
        p.wait()
    assert hands[0] != hands[1]
    for hand in hands:
        assert len(hand) == 10
        assert old_search(game, hand) == []  # no seed of the old scheme reproduces the hand


def test_a_bots_seed_comes_from_the_deals_secret_order_not_the_table_seed_alone() -> None:
    """A table's seed is kept for the life of the table; were the bots' seeds made from it alone, a seat that
    learnt it could replay a bot's choices for each hand it might hold and so read its hand. Each bot seed also
    hashes the deal's pack order, secret until the deal is over."""
    from cardtable.web.botwork import bot_seed

    game = ct.load("nap", players=4)
    a, b = game.deal(key=bytes(32)).deck, game.deal(key=bytes(31) + b"\x01").deck
    assert bot_seed(7, 1, 3, 2, a) == bot_seed(7, 1, 3, 2, a)  # the same position: the same choice anywhere
    assert bot_seed(7, 1, 3, 2, a) != bot_seed(7, 1, 3, 2, b)  # another deal's order: another seed
    assert len({bot_seed(7, 1, i, 2, a) for i in range(100)}) == 100
    assert all(0 <= bot_seed(s, 1, 3, 2, a) < 2**31 for s in (0, 2**31 - 1))  # fits the seeds bots take
    assert bot_seed(7, 1, 3, 2) == (7 * 1_000_003 + 1 * 10_007 + 3 * 101 + 2) % 2**31  # no order: as before
