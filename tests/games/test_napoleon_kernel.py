"""Nap's compiled playout kernel (napoleon_kernel.py) — as plain Python too, and in the engine's numbers.

``tests/core/test_kernels.py`` replays the kernel's traces through the public API for every game that has a
kernel, compiled; here the same replays run on the kernel's functions as plain Python (so that a numba
difference cannot hide), and the results of many random deals are checked against Nap's stakes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numba  # noqa: F401  (the extra cardtable[fast]; the kernel is what is tested here)
import pytest

import cardtable as ct
from cardtable.games import napoleon_kernel as K

from ..core.test_kernels import new_deals, positions

NAMES = ("_rand", "_nth", "_count", "_declarations", "_run", "_deal", "_bid_mask", "_card_mask", "_winner", "_settle",
         "_shuffle_deal")


@pytest.fixture
def plain_python(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The kernel's functions run as plain Python rather than compiled by numba."""
    for name in NAMES:
        monkeypatch.setattr(K, name, getattr(K, name).py_func)
    yield


@pytest.mark.parametrize(("gid", "players"), [("nap", 2), ("nap", 4), ("nap", 6), ("seven-card-nap", 5)])
def test_the_plain_python_kernel_agrees_with_the_public_api(plain_python: None, gid: str, players: int) -> None:
    game = ct.load(gid, players=players)
    new_deals(game, 12)
    assert positions(game, 3) > 20


def test_rollout_from_the_play_pays_the_contract() -> None:
    game = ct.load("nap")
    d = game.deal(seed=3)
    for a in ["bid 2", "pass", "pass", "pass"]:
        d.act(a)
    d.act(d.legal()[0])
    before = (list(d.hands), list(d.history), d.turn, list(d.trick))
    rng = random.Random(1)
    results = [d.rollout(rng) for _ in range(300)]
    assert (list(d.hands), list(d.history), d.turn, list(d.trick)) == before
    declarer = d.declarer_seat()
    assert declarer is not None
    # "Two ±2": the declarer of Two wins or loses 2 from each of the three others, and nothing else happens.
    assert {r[declarer] for r in results} == {6, -6}
    assert all(sum(r) == 0 for r in results)
    # The same rng draws give the same playouts: deterministic given a seed.
    assert [d.rollout(random.Random(1)) for _ in range(3)] == [results[0]] * 3


def test_kernel_only_on_default_options() -> None:
    kernel = ct.catalog.game_class("nap").kernel
    assert kernel is not None
    assert kernel.covers(ct.load("nap")) and kernel.covers(ct.load("seven-card-nap", players=5))
    assert not kernel.covers(ct.load("nap", misery=True))
    assert not kernel.covers(ct.load("nap", purchase=True))


def test_random_results_of_new_deals() -> None:
    game = ct.load("nap")
    a = game.random_results(5000, seed=9)
    assert a == game.random_results(5000, seed=9) and len(a) == 5000
    assert all(sum(r) == 0 for r in a)
    # The stakes of Nap's ladder (Two 2, Three 3, Four 4, Nap +10/-5) paid by or to each of three others.
    assert {max(abs(x) for x in r) for r in a} <= {0, 6, 9, 12, 15, 30}
    assert {max(abs(x) for x in r) for r in a} >= {6, 9, 12, 15}
    voids = sum(1 for r in a if not any(r))
    # Four random speakers all pass with probability 1/5 * 1/5 * 1/5 * 1/5 (uniform over pass and 4 bids),
    # plus the rare made/lost ties that net zero (none in Nap): about 8 in 5000.
    assert 0 < voids < 40
