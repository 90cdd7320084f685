"""IS-MCTS keeps its time budget in the positions that used to break it (issue 20).

Timings proper are in ``benchmarks/bot_time.py``; this test only holds the bot to a generous bound (ten
times the budget, so that a busy machine does not fail it) where it once overran by seconds or minutes:
Irish Loo and Lanterloo with many players, whose hidden cards lie in up to nineteen places (sampling them
was exponential in that number), Coon Can's long playouts, Fan-Tan's inferred determinisations, Michigan's
auction of a hundred bids and Five-Card Loo's thirty-two exchanges. A position is found by play: the first
decision with at least ``want`` legal actions in the phase named, after ``skip`` such decisions.
"""

from __future__ import annotations

import random
import time

import pytest

import cardtable as ct

BUDGET = 0.2
BOUND = 2.0

POSITIONS = [
    # game, players, options, phase, least legal actions, decisions of that kind to skip
    ("irish-loo", 10, {}, "play", 2, 12),
    ("irish-loo", 9, {}, "play", 2, 8),
    ("lanterloo", 10, {}, "play", 2, 15),
    ("five-card-loo", 8, {}, "exchange", 32, 0),
    ("coon-can", 4, {}, "play", 5, 2),
    ("fan-tan", 6, {}, "play", 2, 6),
    ("michigan", 4, {}, "auction", 100, 0),
    ("spoil-five", 10, {}, "play", 2, 10),
]


def position(gid: str, players: int, options: dict, phase: str, want: int, skip: int) -> ct.Deal:
    game = ct.load(gid, players=players, **options)
    for seed in range(50):
        deal = game.deal(seed=seed)
        rng = random.Random(seed)
        seen = 0
        while not deal.over:
            if deal.phase == phase and len(deal.legal()) >= want:
                if seen == skip:
                    return deal
                seen += 1
            legal = deal.legal()
            keep = [a for a in legal if a not in ("pass", "take")] if deal.phase in ("enter", "widow") else legal
            deal.act(rng.choice(keep or legal))
    raise AssertionError(f"no {phase} position with {want} actions in {gid}")


@pytest.mark.parametrize("gid,players,options,phase,want,skip", POSITIONS)
def test_ismcts_answers_within_its_budget_on_hard_positions(gid: str, players: int, options: dict, phase: str,
                                                            want: int, skip: int) -> None:
    deal = position(gid, players, options, phase, want, skip)
    bot = ct.bots.load("ismcts", seconds=BUDGET, seed=1)
    before = deal.record()
    start = time.perf_counter()
    action = bot.choose(deal, deal.turn)
    took = time.perf_counter() - start
    assert action in deal.legal()
    assert deal.record() == before   # the search works on copies
    assert took < BOUND, f"{gid}: ismcts(seconds={BUDGET}) took {took:.2f} s"
