"""Auctions, chips and pools, and matches (issue 2: the shared mechanisms every game settles with)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import cardtable as ct
from cardtable.core.auction import Auction
from cardtable.core.chips import Ledger


def test_once_round_auction_each_bid_higher() -> None:
    # Nap (seed 000): "every player in turn must either pass or declare ... in the ascending order".
    a = Auction(("bid 2", "bid 3", "bid 4", "nap"), order=[1, 2, 3, 0])
    assert a.options() == ["pass", "bid 2", "bid 3", "bid 4", "nap"]
    a.call("bid 3")
    assert a.options() == ["pass", "bid 4", "nap"] and a.speaker == 2
    a.call("pass")
    a.call("nap")
    a.call("pass")
    assert a.done and a.holder == 3 and a.high_bid == "nap" and a.speaker is None


def test_once_round_all_pass() -> None:
    a = Auction(("bid 2", "nap"), order=[1, 0])
    a.call("pass")
    a.call("pass")
    assert a.done and a.holder is None and a.high_bid is None


def test_round_and_round_until_all_but_one_pass() -> None:
    # Auction bidding "round and round": a player who passes is out; the last bidder standing wins.
    a = Auction(("b1", "b2", "b3", "b4"), order=[0, 1, 2], mode="round")
    a.call("b1")   # seat 0
    a.call("b2")   # seat 1
    a.call("pass")  # seat 2 is out
    assert not a.done and a.speaker == 0
    a.call("b3")   # seat 0 again
    assert a.speaker == 1
    a.call("pass")  # seat 1 is out: seat 0 holds b3
    assert a.done and a.holder == 0 and a.high_bid == "b3"


def test_auction_copy_is_independent() -> None:
    a = Auction(("b1", "b2"), order=[0, 1], mode="round")
    b = a.copy()
    b.call("b1")
    assert a.high_bid is None and b.high_bid == "b1"


def test_ledger_conserves_chips_with_pools_and_fractions() -> None:
    # Three-Card Loo (seed 000): each trick takes a third of the pool; an uneven pool divides exactly.
    led = Ledger(3, pools={"pool": 4})
    for seat in (0, 1, 2):
        led.from_pool(seat, "pool", Fraction(4, 3), f"seat {seat} takes a third")
    led.to_pool(2, "pool", 3, "seat 2 is looed and pays 3")
    s = led.settlement()
    assert s.deltas == [Fraction(4, 3), Fraction(4, 3), Fraction(-5, 3)]
    assert s.pools == {"pool": 3}
    assert s.balanced(start_pools={"pool": 4})
    assert s.to_json()["deltas"] == ["4/3", "4/3", "-5/3"]
    assert len(s.lines) == 4


def test_unbalanced_settlement_is_detected() -> None:
    led = Ledger(2)
    led.score(0, 5, "points from nowhere")
    assert not led.settlement().balanced()


def test_match_rotates_dealer_carries_pool_and_totals() -> None:
    game = ct.load("nap", players=3, purchase=True)
    m = ct.Match(game, seed=3, deals=3)
    bot = ct.bots.load("random", seed=2)
    dealers = []
    while not m.over:
        d = m.next_deal()
        dealers.append(d.dealer)
        if m.carry:
            assert d.carry_in == m.carry  # the pool passes into the next deal
        while not d.over:
            d.act(bot.choose(d, d.turn))
        m.record(d)
    assert dealers == [0, 1, 2]
    pool = (m.carry or {}).get("pools", {}).get("nap_pool", 0)
    assert sum(m.totals) + pool == 0  # chips only move between the players and the pool
    with pytest.raises(ct.IllegalAction, match="match is over"):
        m.next_deal()


def test_match_stops_at_the_games_target() -> None:
    # Forty-Five (seed 003): "game is 45 points"; the match ends at the target, not after a fixed count.
    game = ct.load("forty-five", players=2)
    m = ct.Match(game, seed=1)
    bot = ct.bots.load("random", seed=1)
    while not m.over:
        d = m.next_deal()
        while not d.over:
            d.act(bot.choose(d, d.turn))
        m.record(d)
        assert len(m.results) < 200
    assert game.match_over(m.totals, len(m.results))
