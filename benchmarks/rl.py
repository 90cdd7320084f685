"""Speed of the research adapters (not a test): prints figures, each the median of several rounds.

    python benchmarks/rl.py                  # everything (about two minutes)
    python benchmarks/rl.py --seconds 2 --rounds 5

- OpenSpiel: ``cardtable_nap`` (flat actions, and tokens) against OpenSpiel's own C++ ``euchre``, both stepped
  from Python by the same loop (``benchmarks/playout.py: openspiel_random_deal``: chance outcomes and legal
  actions drawn with ``random.choice``), alternated round by round, in CPU time; the ratio of deals/s.
- PettingZoo: Nap (four hands) complete-action steps/s through ``env("nap", actions="flat")`` as a user
  steps it (``agent_iter``/``last``/``step`` with a random legal action from the mask; the default
  observations, the view encoded), with ``direct=True`` (written from the deal), and through ``raw_env``;
  token steps/s for comparison; the share of a step spent making the observation.
- Batch: :class:`cardtable.rl.batch.NapBatch` with N = 1,000 deals: steps/s (one action in every deal a
  step) of the environment alone and with a random policy drawing from the masks in NumPy.
- Gymnasium: ``SingleSeatEnv("nap", actions="flat")`` against random opponents, learner steps/s.

The first line gives the load average: the machine is shared, so compare figures of one run.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from playout import openspiel_random_deal


def rounds(fn: Callable[[float], float], seconds: float, n: int) -> float:
    return statistics.median(fn(seconds) for _ in range(n))


def openspiel_ratio(seconds: float, n: int) -> dict[str, float]:
    import pyspiel

    from cardtable.rl import openspiel as cos

    cos.register("nap")
    euchre = pyspiel.load_game("euchre")
    out: dict[str, float] = {}
    for actions in ("flat", "tokens"):
        nap = pyspiel.load_game("cardtable_nap", {"actions": actions})
        rng = random.Random(1)
        ratios, eu_rates, nap_rates = [], [], []
        for _ in range(n):
            rates = []
            for game in (nap, euchre):
                t, deals = time.process_time(), 0
                while time.process_time() - t < seconds:
                    openspiel_random_deal(game, rng)
                    deals += 1
                rates.append(deals / (time.process_time() - t))
            nap_rates.append(rates[0])
            eu_rates.append(rates[1])
            ratios.append(rates[0] / rates[1])
        out[f"openspiel cardtable_nap ({actions}) deals/s"] = statistics.median(nap_rates)
        out[f"openspiel euchre deals/s (alternated with {actions})"] = statistics.median(eu_rates)
        out[f"ratio cardtable_nap ({actions}) / euchre"] = statistics.median(ratios)
    return out


def pettingzoo_steps(seconds: float, n: int) -> dict[str, float]:
    from cardtable.rl.pettingzoo import CardTableEnv, env, raw_env

    def run(make: Callable[[], Any], secs: float) -> float:
        e = make()
        rng = random.Random(0)
        e.reset(seed=0)  # (the encoder and the action space are built once per configuration, not timed)
        steps, t = 0, time.process_time()
        while time.process_time() - t < secs:
            e.reset(seed=rng.randrange(1 << 30))
            for _agent in e.agent_iter():
                obs, _, term, trunc, _ = e.last()
                if term or trunc:
                    e.step(None)
                    continue
                ids = np.flatnonzero(obs["action_mask"])
                e.step(int(ids[rng.randrange(len(ids))]))
                steps += 1
        return steps / (time.process_time() - t)

    out = {
        "pettingzoo nap env(actions='flat') steps/s (the view encoded)": rounds(
            lambda s: run(lambda: env("nap", actions="flat"), s), seconds, n),
        "pettingzoo nap env(actions='flat', direct=True) steps/s (written from the deal)": rounds(
            lambda s: run(lambda: env("nap", actions="flat", direct=True), s), seconds, n),
        "pettingzoo nap raw_env(actions='flat', direct=True) steps/s": rounds(
            lambda s: run(lambda: raw_env("nap", actions="flat", direct=True), s), seconds, n),
        "pettingzoo nap env(actions='tokens') token steps/s": rounds(
            lambda s: run(lambda: env("nap", actions="tokens"), s), seconds, n),
    }
    spent = [0.0]
    original = CardTableEnv.observe

    def timed(self: Any, *args: Any, **kwargs: Any) -> Any:
        t = time.process_time()
        try:
            return original(self, *args, **kwargs)
        finally:
            spent[0] += time.process_time() - t

    CardTableEnv.observe = timed  # type: ignore[method-assign]
    try:
        t = time.process_time()
        run(lambda: env("nap", actions="flat"), seconds)
        total = time.process_time() - t
    finally:
        CardTableEnv.observe = original  # type: ignore[method-assign]
    out["observation share of a flat step (CPU time in observe: the observation vector and the mask)"] = \
        spent[0] / total
    return out


def batch_steps(seconds: float, n: int) -> dict[str, float]:
    from cardtable.rl.batch import NapBatch

    out = {}
    for gid in ("nap", "seven-card-nap"):
        env = NapBatch(gid, n=1000, seed=1)
        rng = np.random.default_rng(0)

        def pick(mask: np.ndarray, rng: np.random.Generator = rng) -> np.ndarray:
            return (rng.random(mask.shape) * mask).argmax(axis=1)  # type: ignore[no-any-return]

        def run(secs: float, policy_inside: bool, env: NapBatch = env) -> float:
            _, mask, _ = env.reset()
            steps, spent, t = 0, 0.0, time.process_time()
            while time.process_time() - t < secs:
                t0 = time.process_time()
                actions = pick(mask)
                spent += time.process_time() - t0
                _, mask, _, _, _ = env.step(actions)
                steps += env.n
            return steps / (time.process_time() - t - (0.0 if policy_inside else spent))

        out[f"batch {gid} N=1000 steps/s (environment)"] = rounds(lambda s, r=run: r(s, False), seconds, n)
        out[f"batch {gid} N=1000 steps/s (with a random policy in NumPy)"] = rounds(lambda s, r=run: r(s, True),
                                                                                   seconds, n)
    return out


def gymnasium_steps(seconds: float, n: int) -> dict[str, float]:
    from cardtable.rl.gymnasium import SingleSeatEnv

    def run(secs: float) -> float:
        e = SingleSeatEnv("nap", actions="flat", observation="vector", opponents="random")
        e.reset(seed=0)
        rng = random.Random(0)
        steps, t = 0, time.process_time()
        while time.process_time() - t < secs:
            ids = np.flatnonzero(e.action_masks())
            _, _, done, _, _ = e.step(int(ids[rng.randrange(len(ids))]))
            steps += 1
            if done:
                e.reset()
        return steps / (time.process_time() - t)

    return {"gymnasium SingleSeatEnv nap flat, random opponents, learner steps/s": rounds(run, seconds, n)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    ap.add_argument("--rounds", type=int, default=5, help="rounds per figure (median)")
    args = ap.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    from cardtable import _pure

    print("core:", "compiled" if _pure.compiled() else "plain Python")
    figures: dict[str, float] = {}
    for part in (openspiel_ratio, pettingzoo_steps, batch_steps, gymnasium_steps):
        figures.update(part(args.seconds, args.rounds))
    for k, v in figures.items():
        print(f"{k}: {v:,.3f}" if v < 10 else f"{k}: {v:,.0f}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
