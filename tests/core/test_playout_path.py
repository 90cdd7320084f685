"""The playout path (``step_random``/``playout``) applies exactly the rules of the public API."""

from __future__ import annotations

import json
import random

import pytest

import cardtable as ct

GAME_IDS = [g.id for g in ct.games()]


@pytest.mark.parametrize("gid", GAME_IDS)
def test_playout_path_matches_public_api(gid: str) -> None:
    game = ct.load(gid)
    for seed in range(5):
        fast = game.deal(seed=seed)
        slow = game.deal(seed=seed)
        rng = random.Random(seed)
        while not fast.over:
            legal = slow.legal()
            action = fast.step_random(rng)
            assert action in legal
            slow.act(action, seat=slow.turn)
            assert json.dumps([fast.view(s) for s in range(game.players)]) == \
                json.dumps([slow.view(s) for s in range(game.players)])
        assert slow.over and fast.result().deltas == slow.result().deltas


@pytest.mark.parametrize("gid", GAME_IDS)
def test_playout_loop_matches_public_api(gid: str) -> None:
    """``playout()`` (which plays card indices in a game's card phases) against ``act`` of its history."""
    game = ct.load(gid)
    for seed in range(5):
        fast = game.deal(seed=seed).playout(random.Random(100 + seed))
        slow = game.deal(seed=seed)
        for seat, action in fast.history:
            assert action in slow.legal()
            slow.act(action, seat=seat)
        assert fast.over and slow.over
        views = [*range(game.players), None]
        assert json.dumps([fast.view(s) if s is not None else fast.public_view() for s in views]) == \
            json.dumps([slow.view(s) if s is not None else slow.public_view() for s in views])
        assert fast.result().deltas == slow.result().deltas


def test_playout_from_a_clone_leaves_the_original() -> None:
    game = ct.load("nap")
    d = game.deal(seed=3)
    rng = random.Random(3)
    while d.phase != "play":
        d.step_random(rng)
    d.step_random(rng)
    before = json.dumps([d.view(s) for s in range(game.players)])
    d.clone().playout(rng)
    d.sample(d.turn, rng).playout(rng)
    assert json.dumps([d.view(s) for s in range(game.players)]) == before


def test_card_phase_draws_are_uniform_over_legal_cards() -> None:
    """Nap's playout path draws each legal card about equally often (it reads the legal mask)."""
    game = ct.load("nap")
    d = game.deal(seed=11)
    rng = random.Random(11)
    while d.phase != "play":
        d.step_random(rng)
    legal = d.legal()
    counts = dict.fromkeys(legal, 0)
    for _ in range(2000):
        counts[d.clone().step_random(rng)] += 1
    assert set(counts) == set(legal)
    assert min(counts.values()) > 2000 / len(legal) * 0.7


def test_replayed_two_pack_deal_is_identical_card_for_card() -> None:
    # Copies of a code in a double pack must get the same physical ids in a deal and in its replay,
    # so that legal() lists the same actions in the same order (the web app rebuilds tables this way).
    game = ct.load("coon-can", players=3)
    for seed in range(5):
        deal = game.deal(seed=seed)
        rng = random.Random(seed)
        for _ in range(30):
            if deal.over:
                break
            deal.act(rng.choice(deal.legal()))
        again = ct.replay(deal.record())
        assert again.legal() == deal.legal() and again.hands == deal.hands
