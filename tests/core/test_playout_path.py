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
