"""What the table says at a deal's and a match's end, over the WebSocket protocol against the app: the antes on
the money cards in one line, and the chips left in the pools when the match ends."""

from __future__ import annotations

import random
import re
import secrets
from fractions import Fraction

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
