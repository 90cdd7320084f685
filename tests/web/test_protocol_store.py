"""The protocol's parser and the SQLite store, without a server."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardtable.web.protocol import MAX_FRAME, Message, ProtocolError, parse_message, plain
from cardtable.web.store import Store, hash_token


@pytest.mark.parametrize(("text", "says"), [
    ("{not json", "malformed JSON"),
    ("[1, 2]", "a message is a JSON object"),
    ('{"type": "shout"}', "unknown message type 'shout'; types are: act, next, replay, sheet, ping"),
    ('{"action": "QH"}', "unknown message type None"),
    ('{"type": "act"}', "needs 'action'"),
    ('{"type": "act", "action": 7}', "needs 'action'"),
    ('{"type": "act", "action": "QH", "rev": "3"}', "'rev' must be a whole number"),
    ('{"type": "replay"}', "needs 'deal'"),
    ('{"type": "replay", "deal": true}', "'deal' must be a whole number"),
    (b"\x00\x01", "frames must be JSON text, not binary"),
    ('{"type": "act", "action": "' + "x" * MAX_FRAME + '"}', f"the limit is {MAX_FRAME}"),
])
def test_bad_messages_say_what_was_wrong(text: str | bytes, says: str) -> None:
    with pytest.raises(ProtocolError) as e:
        parse_message(text)
    assert says in str(e.value)


def test_good_messages() -> None:
    assert parse_message('{"type": "act", "action": "bid 3", "rev": 4}') == Message("act", action="bid 3", rev=4)
    assert parse_message('{"type": "replay", "deal": 2}') == Message("replay", deal=2)
    assert parse_message('{"type": "next"}') == Message("next")


def test_plain_amounts() -> None:
    from fractions import Fraction

    assert plain({"pool": Fraction(7, 2), "x": [Fraction(4, 2), 3]}) == {"pool": "7/2", "x": [2, 3]}


def test_store_keeps_token_hashes_and_an_append_only_log(tmp_path: Path) -> None:
    store = Store(tmp_path / "t.db")
    tid = store.create_table("nap", 2, {}, seed=3, max_deals=None,
                             seats=[("human", "Ann", "secret-token"), ("random", "Bot 1", None)])
    seats = store.seats(tid)
    assert seats[0].token_hash == hash_token("secret-token")
    raw = store.db.execute("SELECT * FROM seats").fetchall()
    assert "secret-token" not in repr(raw)  # a copied database opens no seat
    assert seats[1].token_hash is None
    store.start_deal(tid, 1, "AS KS", 0, None)
    store.append_action(tid, 1, 0, 1, "pass")
    store.append_action(tid, 1, 1, 0, "bid 2", finished=({"deal": 1}, [2, -2], True))
    assert [(a.seat, a.action) for a in store.actions(tid, 1)] == [(1, "pass"), (0, "bid 2")]
    t = store.table(tid)
    assert t is not None and t.totals == [2, -2] and t.finished and t.deals_done == 1
    assert store.deals(tid)[0].result == {"deal": 1}
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        store.db.execute("UPDATE actions SET action = 'nap'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        store.db.execute("DELETE FROM actions")
    with pytest.raises(sqlite3.IntegrityError):  # one action per index: no silent overwrite
        store.append_action(tid, 1, 1, 0, "nap")
    assert len(store.actions(tid, 1)) == 2
    store.close()
