"""The batch environment steps Nap deals in the compiled kernel exactly as the engine plays them, and shows each
seat only what its view shows."""

from __future__ import annotations

import numpy as np
import pytest

import cardtable as ct
from cardtable.rl.batch import NapBatch, observe_view


@pytest.mark.parametrize(("gid", "players"), [("nap", 4), ("nap", 2), ("seven-card-nap", 5)])
def test_batch_deals_replay_through_the_engine(gid: str, players: int) -> None:
    # Every deal the batch plays (random legal actions) is replayed through the public API from its pack order:
    # at every step the seat to act, the legal actions (the mask) and the observation (against the same layout
    # computed from deal.view(seat)) agree, and so do the settlements when deals end.
    n = 6
    env = NapBatch(gid, n=n, players=players, seed=3)
    obs, mask, seat = env.reset()
    rng = np.random.default_rng(0)
    game = ct.load(gid, players=players)
    deals = [_engine_deal(env, game, i) for i in range(n)]
    finished = 0
    for _ in range(120):
        for i in range(n):
            d = deals[i]
            assert d.turn == seat[i]
            assert sorted(env.flat.ids(d.legal())) == sorted(np.flatnonzero(mask[i]).tolist())
            assert np.array_equal(obs[i], observe_view(env, d.view(d.turn)))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        for i in range(n):
            deals[i].act(env.flat.text(int(actions[i])))
        obs, mask, seat, rewards, done = env.step(actions)
        for i in np.flatnonzero(done):
            assert deals[i].over and list(rewards[i]) == [float(x) for x in deals[i].result().deltas]
            deals[i] = _engine_deal(env, game, i)
            finished += 1
    assert finished >= n
    bad = np.array([int(np.flatnonzero(m == 0)[0]) for m in mask])
    before = env.hands.copy()
    with pytest.raises(ValueError, match=r"illegal actions in \d+ deals .*nothing was played"):
        env.step(bad)
    assert np.array_equal(env.hands, before)


def _engine_deal(env: NapBatch, game: ct.Game, i: int) -> ct.Deal:
    """The engine's deal of the batch's deal ``i`` as it stands before anyone acted: its pack order (the dealt
    hands, in the kernel's dealing order) and its dealer."""
    p, dealer = env.players, int(env.scal[i, 7])
    hands = [[c for c in range(52) if env.hands[i, s] >> c & 1] for s in range(p)]
    order: list[int] = []
    for k in range(game.variant.hand_size):  # dealt singly from the dealer's left
        for j in range(p):
            order.append(hands[(dealer + 1 + j) % p][k])
    order += [c for c in range(52) if c not in order]
    return game.deal(deck=[game.pack.code_of[c] for c in order], dealer=dealer)


def test_batch_refuses_what_it_does_not_play() -> None:
    with pytest.raises(ValueError, match="default options"):
        NapBatch("spoil-five", n=2)
    with pytest.raises(ValueError, match="default options"):
        NapBatch("nap", n=2, players=4) if False else NapBatch.__new__(NapBatch).__init__("three-card-loo", 2)
    with pytest.raises(ValueError, match="one action per deal"):
        NapBatch("nap", n=3).step([0, 0])
