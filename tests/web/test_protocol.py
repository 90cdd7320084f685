"""The protocol's parser, without a server (the store: test_store.py)."""

from __future__ import annotations

import pytest

from cardtable.web.protocol import MAX_FRAME, Message, ProtocolError, parse_message, plain


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
