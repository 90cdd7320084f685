"""Every playout kernel plays exactly the rules: what it did, traced step by step, replays through the public API.

A game may provide a compiled playout kernel (``cardtable.core.kernel``) for random playouts. It is an
accelerator, never an authority: for every game that has one, new deals and playouts from positions in
mid-deal are traced by the kernel — the seat to act, the legal actions it saw, its choice, the deltas — and
replayed with ``deal(deck=...)``, ``legal()``, ``act()`` and ``result()``: every step must agree.
"""

from __future__ import annotations

import random

import pytest

import cardtable as ct
from cardtable.core.deal import Deal
from cardtable.core.kernel import Trace

KERNEL_IDS = [g.id for g in ct.games() if issubclass(c := ct.catalog.game_class(g.id), Deal) and c.kernel is not None]
CASES = [(g, n) for g in KERNEL_IDS for n in range(ct.game_info(g).min_players, ct.game_info(g).max_players + 1)]


def replay_trace(deal: ct.Deal, trace: Trace) -> None:
    """Play a kernel's trace through the public API from ``deal``, checking every step and the deltas."""
    for step in trace.steps:
        assert deal.turn == step.seat
        assert sorted(deal.legal()) == sorted(step.legal)
        deal.act(step.action)
    assert deal.over
    assert list(deal.result().deltas) == list(trace.deltas)


def new_deals(game: ct.Game, deals: int) -> int:
    kernel = game.variant.kernel
    assert kernel is not None and kernel.covers(game)
    for i in range(deals):
        trace = kernel.trace_deal(game, 1000 + i, i % game.players)
        assert trace.deck is not None and len(trace.steps) >= game.players  # every seat speaks at least
        replay_trace(game.deal(deck=list(trace.deck), dealer=trace.dealer), trace)
    return deals


def positions(game: ct.Game, deals: int) -> int:
    """From every position of random deals (mid-auction, mid-trick), the kernel plays on by the same rules."""
    kernel = game.variant.kernel
    assert kernel is not None
    rng = random.Random(7)
    checked = 0
    for seed in range(deals):
        d = game.deal(seed=seed, dealer=seed % game.players)
        while not d.over:
            trace = kernel.trace_rollout(d, rng.getrandbits(32))
            assert trace is not None
            replay_trace(d.clone(), trace)
            checked += 1
            d.step_random(rng)
    return checked


@pytest.mark.parametrize(("gid", "players"), CASES)
def test_new_deals_agree_with_the_public_api(gid: str, players: int) -> None:
    new_deals(ct.load(gid, players=players), 40)


@pytest.mark.parametrize("gid", KERNEL_IDS)
def test_mid_deal_positions_agree_with_the_public_api(gid: str) -> None:
    assert positions(ct.load(gid), 10) > 20


@pytest.mark.parametrize("gid", KERNEL_IDS)
def test_the_engine_answers_from_the_kernel_only_where_it_covers(gid: str) -> None:
    game = ct.load(gid)
    d = game.deal(seed=3)
    assert d.has_kernel
    before = (list(d.hands), list(d.history), d.turn)
    assert len(d.rollout(random.Random(1))) == game.players and (list(d.hands), list(d.history), d.turn) == before
    # An option the kernel does not cover: the engine's own playout path, with the same answers as it.
    spec = next(o for o in game.option_specs if o.type is bool)
    other = ct.load(gid, **{spec.name: not spec.default})
    o = other.deal(seed=1)
    assert not o.has_kernel
    assert o.rollout(random.Random(4)) == list(o.clone().playout(random.Random(4)).result().deltas)
    rng = random.Random(2)
    expected = [list(other.deal(seed=rng.getrandbits(64), dealer=i % other.players).playout(rng).result().deltas)
                for i in range(3)]
    assert other.random_results(3, seed=2) == expected
