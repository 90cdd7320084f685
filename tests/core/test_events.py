"""The public log of events every view carries (issue 35, "The view and a public event log are the only
contract"): the actions as each seat may see them and who won each trick with which card, recorded by the core
as the actions are applied; a game's own events through ``Deal.add_event``."""

from __future__ import annotations

import random

import cardtable as ct
from cardtable.core.events import Event
from cardtable.web import present

from ..games.test_napoleon import HANDS4, play, singly


def _act(seat: int, what: str) -> dict[str, object]:
    return {"kind": "act", "seat": seat, "what": what}


def _play(seat: int, card: str) -> dict[str, object]:
    return {"kind": "play", "seat": seat, "what": card}


def _won(seat: int, card: str, index: int) -> dict[str, object]:
    return {"kind": "won", "seat": seat, "what": card, "index": index}


HANDS = {1: "AH KH 2S 3S 4S", 2: "QH 5S 6S 7S 2C", 3: "5D 6D 7D 8D 9D", 0: "AS KS QS JS 3C"}


def test_calls_plays_and_tricks_won_in_order() -> None:
    # Seed `000` "Napoleon": "the card that he leads determines the trump suit"; "a player must follow suit if
    # he can, otherwise he may discard or trump". Hearts are trumps: the ace and king of hearts take the first
    # two tricks for Bea, and in the third (spades led, no heart played) Ann's ace of spades, the fourth card.
    d = ct.load("nap", players=4).deal(deck=singly(HANDS, 4))
    play(d, "bid 3, pass, pass, pass, AH, QH, 5D, 3C")
    assert d.view(0)["events"] == [
        _act(1, "bid 3"), _act(2, "pass"), _act(3, "pass"), _act(0, "pass"),
        _play(1, "AH"), _play(2, "QH"), _play(3, "5D"), _play(0, "3C"), _won(1, "AH", 0)]
    play(d, "KH, 2C, 6D, JS, 2S, 5S, 7D, AS")
    events = d.view(3)["events"]
    assert events[9:] == [_play(1, "KH"), _play(2, "2C"), _play(3, "6D"), _play(0, "JS"), _won(1, "KH", 0),
                          _play(1, "2S"), _play(2, "5S"), _play(3, "7D"), _play(0, "AS"), _won(0, "AS", 3)]
    # nothing here is private: every seat and a spectator read the same log, and it matches the view schema
    assert all(d.view(s)["events"] == events for s in range(4)) and d.public_view()["events"] == events
    assert d.game.view_schema().problems(d.view(3)) == []
    assert Event.of(events[-1]) == Event("won", 0, "AS", 3)


def test_a_discard_is_seen_as_a_discard_by_the_others() -> None:
    # Seed `000` "Napoleon", Peep Nap: the Nap declarer "exchange[s] the top card of the pack for a card in his
    # own hand" -- the others see that he discarded, not what.
    d = ct.load("nap", players=4, peep="nap_declarer_only").deal(deck=singly(HANDS4, 4, top="AH"))
    play(d, "nap, pass, pass, pass, discard TS")
    assert d.view(1)["events"][-1] == _act(1, "discard TS")
    for viewer in (0, 2, 3):
        assert d.view(viewer)["events"][-1] == _act(1, "discard")
        assert "TS" not in str(d.view(viewer)["events"])
    assert d.public_view()["events"][-1] == _act(1, "discard")
    # a determinisation for Cal keeps the log as Cal saw it
    assert d.sample(2, random.Random(3)).view(2)["events"] == d.view(2)["events"]


def test_a_games_own_events_are_seen_as_it_says() -> None:
    # The hook for a game's own mechanics: public, or seen by one seat with the words the others see instead.
    d = ct.load("nap", players=4).deal(deck=singly(HANDS, 4))
    play(d, "bid 3")
    d.add_event("pool", None, "the pool holds 4 chips")
    d.add_event("widow", 1, "takes the widow: AD KD", seen_by=1, others="takes the widow")
    d.add_event("peek", 2, "sees 9C", seen_by=2)
    play(d, "pass")
    tail = [_act(1, "bid 3"), {"kind": "pool", "seat": None, "what": "the pool holds 4 chips"}]
    assert d.view(1)["events"] == [*tail, {"kind": "widow", "seat": 1, "what": "takes the widow: AD KD"},
                                   _act(2, "pass")]
    assert d.view(2)["events"] == [*tail, {"kind": "widow", "seat": 1, "what": "takes the widow"},
                                   {"kind": "peek", "seat": 2, "what": "sees 9C"}, _act(2, "pass")]
    assert d.public_view()["events"] == [*tail, {"kind": "widow", "seat": 1, "what": "takes the widow"},
                                         _act(2, "pass")]
    assert d.game.view_schema().problems(d.view(2)) == []
    # a determinisation for Ann holds nothing Ann may not see
    sampled = d.sample(0, random.Random(1))
    assert "AD" not in str(sampled.view(1)["events"]) and "9C" not in str(sampled.view(2)["events"])
    assert sampled.view(0)["events"] == d.view(0)["events"]
    # a clone has a log of its own
    c = d.clone()
    c.add_event("pool", None, "one more")
    assert len(c.view(0)["events"]) == len(d.view(0)["events"]) + 1


def test_the_tables_words_name_each_trick_winner_from_the_log() -> None:
    # The table's log says who won each trick and with what, read from the view's events (no replay).
    d = ct.load("nap", players=4).deal(deck=singly(HANDS, 4))
    owner = type("Table", (), {})()
    play(d, "bid 3, pass, pass, pass, AH, QH, 5D, 3C, KH, 2C, 6D, JS, 2S, 5S, 7D")
    names = ["Ann", "Bea", "Cal", "Dee"]
    present.moves(d, d.view(2), owner, names)  # the frames so far, then one more move
    play(d, "AS")
    log = present.moves(d, d.view(2), owner, names)
    won = [(i, e["won"], e["with"]) for i, e in enumerate(log) if "won" in e]
    assert won == [(7, 1, "AH"), (11, 1, "KH"), (15, 0, "AS")]
    fresh = type("Table", (), {})()  # another table's frames, built at once: the same winners
    assert [(i, e["won"], e["with"]) for i, e in enumerate(present.moves(d, d.view(0), fresh, names))
            if "won" in e] == won
