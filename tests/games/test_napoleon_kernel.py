"""The compiled Nap playout kernel applies exactly the rules of napoleon.py (issue 9, goal 2).

Each kernel playout records, step by step, the seat to act, its legal actions and the choice; the same deal
is then played through the public API (``deal(deck=...)``, ``legal()``, ``act(text)``) and every step must
agree — the seat to act (so every trick's winner, who leads next), the exact legal set — and so must the
settlement. Done compiled and as plain Python, from new deals and from positions in mid-deal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numba  # noqa: F401  (the extra cardtable[fast]; the kernel is what is tested here)
import numpy as np
import pytest

import cardtable as ct
from cardtable.games import napoleon_kernel as K

GAMES = [("nap", p) for p in range(2, 7)] + [("seven-card-nap", p) for p in (2, 4, 6)]
NAMES = ("_rand", "_nth", "_count", "_run", "_deal", "_bid_mask", "_card_mask", "_winner", "_settle", "_shuffle_deal")


@pytest.fixture(params=["compiled", "python"])
def kernel(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The kernel compiled by numba, or the same functions run as plain Python."""
    if request.param == "python":
        for name in NAMES:
            monkeypatch.setattr(K, name, getattr(K, name).py_func)
    yield request.param


def texts(game: ct.Game, kind: int, mask: int) -> list[str]:
    """The actions a kernel step's legal mask stands for (kind 0: declarations, 1: cards)."""
    if kind == 1:
        return [game.pack.code_of[c] for c in range(52) if mask >> c & 1]
    words = ["pass", *(c.word for c in game.contracts())]
    return [w for i, w in enumerate(words) if mask >> i & 1]


def action(game: ct.Game, kind: int, choice: int) -> str:
    return game.pack.code_of[choice] if kind == 1 else ["pass", *(c.word for c in game.contracts())][choice]


def replay(game: ct.Game, d: ct.Deal, rec: np.ndarray, n: int, deltas: list[int]) -> None:
    """Play the kernel's recorded steps through the public API, checking each one."""
    for seat, kind, mask, choice in rec[:n].tolist():
        assert d.turn == seat
        assert sorted(d.legal()) == sorted(texts(game, kind, mask))
        d.act(action(game, kind, choice))
    assert d.over
    assert list(d.result().deltas) == deltas


@pytest.mark.parametrize(("gid", "players"), GAMES)
def test_new_deals_agree_with_the_public_api(kernel: str, gid: str, players: int) -> None:
    game = ct.load(gid, players=players)
    tricks, wins, loses = K._ladder(game)
    deals = 60 if kernel == "compiled" else 12
    work = np.zeros((5, players), np.int64)
    for i in range(deals):
        st = np.array([1000 + i], np.int64)
        deck, out, rec = np.zeros(52, np.int64), np.zeros(players, np.int64), np.zeros((80, 4), np.int64)
        dealer = i % players
        n = K._deal(players, game.hand_size, dealer, st, tricks, wins, loses, deck, out, rec, work)
        d = game.deal(deck=[game.pack.code_of[c] for c in deck.tolist()], dealer=dealer)
        assert n >= players  # every seat declares (or passes) at least
        replay(game, d, rec, n, out.tolist())


@pytest.mark.parametrize(("gid", "players"), [("nap", 4), ("nap", 3), ("seven-card-nap", 5)])
def test_mid_deal_positions_agree_with_the_public_api(kernel: str, gid: str, players: int) -> None:
    """From every position of random deals (mid-auction, mid-trick), the kernel plays on by the same rules."""
    game = ct.load(gid, players=players)
    tricks, wins, loses = K._ladder(game)
    rng = random.Random(7)
    checked = 0
    for seed in range(12 if kernel == "compiled" else 3):
        d = game.deal(seed=seed, dealer=seed % players)
        while not d.over:
            args = K.state(d)
            assert args is not None
            st = np.array([rng.getrandbits(32) or 1], np.int64)
            out, rec = np.zeros(players, np.int64), np.zeros((80, 4), np.int64)
            n = K._run(*args, tricks, wins, loses, st, out, rec)
            replay(game, d.clone(), rec, n, out.tolist())
            checked += 1
            d.step_random(rng)
    assert checked > 20


def test_rollout_uses_the_kernel_and_leaves_the_deal_unchanged() -> None:
    game = ct.load("nap")
    d = game.deal(seed=3)
    for a in ["bid 2", "pass", "pass", "pass"]:
        d.act(a)
    d.act(d.legal()[0])
    before = (list(d.hands), list(d.history), d.turn, list(d.trick))
    rng = random.Random(1)
    results = [d.rollout(rng) for _ in range(300)]
    assert (list(d.hands), list(d.history), d.turn, list(d.trick)) == before
    declarer = d.declarer
    assert declarer is not None
    # "Two ±2": the declarer of Two wins or loses 2 from each of the three others, and nothing else happens.
    assert {r[declarer] for r in results} == {6, -6}
    assert all(sum(r) == 0 for r in results)
    # The same rng draws give the same playouts: deterministic given a seed.
    assert [d.rollout(random.Random(1)) for _ in range(3)] == [results[0]] * 3


def test_kernel_only_on_default_options() -> None:
    assert K.usable(ct.load("nap")) and K.usable(ct.load("seven-card-nap", players=5))
    assert not K.usable(ct.load("nap", misery=True))
    assert not K.usable(ct.load("nap", purchase=True))
    assert not K.usable(ct.load("three-card-loo"))
    # Off the kernel, rollout and random_results take the ordinary playout path, with the same results.
    g = ct.load("nap", misery=True)
    d = g.deal(seed=1)
    assert d.rollout(random.Random(4)) == list(d.clone().playout(random.Random(4)).result().deltas)
    assert g.random_results(3, seed=2) == ct.Game.random_results(g, 3, seed=2)


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
