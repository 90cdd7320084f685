"""The direct Nap observations (cardtable.rl.direct) are the encoder's vectors of deal.view(seat), slot for slot."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardtable.rl.pettingzoo import raw_env


@pytest.mark.parametrize("gid", ["nap", "seven-card-nap"])
def test_direct_observations_equal_the_view_encoding_step_by_step(gid: str) -> None:
    fast, slow = raw_env(gid, actions="flat", direct=True), raw_env(gid, actions="flat")
    assert fast._direct is not None and slow._direct is None
    rng = random.Random(7)
    compared = 0
    for _ in range(60):
        seed = rng.randrange(1 << 30)
        fast.reset(seed=seed)
        slow.reset(seed=seed)
        for agent in fast.agent_iter():
            assert agent == slow.agent_selection
            for seat in fast.possible_agents:  # every seat, not only the one to act (their caches interleave)
                a, b = fast.observe(seat), slow.observe(seat)
                assert np.array_equal(a["observation"], b["observation"]), (seed, seat)
                assert np.array_equal(a["action_mask"], b["action_mask"])
                compared += 1
            obs, reward, term, trunc, info = fast.last()
            assert (reward, term, trunc, info) == slow.last()[1:]
            if term or trunc:
                fast.step(None)
                slow.step(None)
                continue
            ids = np.flatnonzero(obs["action_mask"])
            action = int(ids[rng.randrange(len(ids))])
            fast.step(action)
            slow.step(action)
    assert compared > 1000
    assert fast._direct.fallbacks == 0  # every observation was written directly (none left to the view path)


def test_direct_is_only_for_the_default_nap_configurations() -> None:
    assert raw_env("nap", actions="flat", direct=True)._direct is not None  # asked for, where it applies
    assert raw_env("nap", actions="flat")._direct is None  # by default every observation encodes the view
    assert raw_env("nap", actions="tokens", direct=True)._direct is None  # a token being entered is in the observation
    assert raw_env("nap", actions="flat", padded=True, direct=True)._direct is None
    assert raw_env("nap", actions="flat", misery=True, direct=True)._direct is None
    assert raw_env("spoil-five", actions="flat", direct=True)._direct is None
