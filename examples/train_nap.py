"""Train a small policy for Nap against the heuristic bot (REINFORCE, a linear softmax in NumPy).

    python examples/train_nap.py                        # 20,000 deals: about a minute on one CPU
    python examples/train_nap.py --episodes 6 --eval 4  # the smoke test CI runs

It uses only the Gymnasium adapter (`cardtable.rl.gymnasium.SingleSeatEnv`): the learner holds seat 0 of a
four-hand Nap table whose other three seats are the heuristic bot; observations are the encoding of the
learner's view, actions are tokens with an exact mask, the reward is the learner's settlement in chips.

It prints, honestly: what three reference policies score in the learner's seat on a fixed set of evaluation
deals (uniformly random legal tokens; never bid and play cards at random; the heuristic bot itself); the
learning curve (mean chips per deal over each block of training deals); and the trained policy (greedy) on
the same evaluation deals. A linear policy learns quickly not to overbid, then improves slowly: expect it near
"always pass" and well below the heuristic bot. It is a starting point, not a strong player.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

import cardtable as ct
from cardtable.rl.gymnasium import SingleSeatEnv

Policy = Callable[[SingleSeatEnv, dict[str, np.ndarray]], int]


def evaluate(env: SingleSeatEnv, policy: Policy, seeds: range) -> float:
    """Mean chips per deal of ``policy`` in the learner's seat over the deals of ``seeds``."""
    total = 0.0
    for seed in seeds:
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, reward, done, _, _ = env.step(policy(env, obs))
            total += reward / env.reward_scale
    return total / len(seeds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=20000, help="training deals")
    ap.add_argument("--block", type=int, default=2000, help="deals per line of the learning curve")
    ap.add_argument("--eval", type=int, default=1000, help="evaluation deals (the same ones for every policy)")
    ap.add_argument("--lr", type=float, default=0.02)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    env = SingleSeatEnv("nap", seat=0, opponents="heuristic", players=4, reward_scale=0.1, illegal="raise")
    rng = np.random.default_rng(args.seed)
    n_obs, n_act = env.observation_space["observation"].shape[0], env.action_space.n
    w = np.zeros((n_act, n_obs))
    eval_seeds = range(10**9, 10**9 + args.eval)  # never used in training

    def probabilities(obs: dict[str, np.ndarray]) -> np.ndarray:
        mask, x = obs["action_mask"].astype(bool), obs["observation"]
        nz = np.flatnonzero(x)  # observations are sparse: use only their non-zero features
        logits = np.where(mask, w[:, nz] @ x[nz], -np.inf)
        p = np.exp(logits - logits[mask].max())
        return p / p.sum()

    def random_legal(env: SingleSeatEnv, obs: dict[str, np.ndarray]) -> int:
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    bot, chosen = ct.bots.load("heuristic", seed=1), [0]

    def heuristic(env: SingleSeatEnv, obs: dict[str, np.ndarray]) -> int:  # the bot's action, token by token
        assert env.deal is not None
        if not env.entry.prefix:
            chosen[:] = env.vocab.encode(bot.choose(env.deal, env.seat))
        return chosen[len(env.entry.prefix)]

    def pass_then_random(env: SingleSeatEnv, obs: dict[str, np.ndarray]) -> int:  # never bid, play at random
        legal = np.flatnonzero(obs["action_mask"])
        return env.vocab.id("pass") if env.vocab.id("pass") in legal else int(rng.choice(legal))

    def greedy(env: SingleSeatEnv, obs: dict[str, np.ndarray]) -> int:
        return int(np.argmax(probabilities(obs)))

    print(f"Nap, 4 hands, learner in seat 0 against 3 heuristic bots; observation {n_obs} floats, "
          f"{n_act} action tokens")
    print(f"references on {args.eval} evaluation deals, chips per deal: random legal policy "
          f"{evaluate(env, random_legal, eval_seeds):+.3f}; always pass, random cards "
          f"{evaluate(env, pass_then_random, eval_seeds):+.3f}; heuristic bot "
          f"{evaluate(env, heuristic, eval_seeds):+.3f}")
    t0, baseline, block = time.perf_counter(), 0.0, []
    for ep in range(1, args.episodes + 1):
        obs, _ = env.reset(seed=args.seed * 1_000_003 + ep)
        steps, done, total = [], False, 0.0
        while not done:
            p = probabilities(obs)
            a = int(rng.choice(n_act, p=p))
            nz = np.flatnonzero(obs["observation"])
            steps.append((nz, obs["observation"][nz].astype(np.float64), p, a))
            obs, reward, done, _, _ = env.step(a)
            total += reward
        advantage, baseline = total - baseline, baseline + 0.02 * (total - baseline)
        for nz, x, p, a in steps:  # gradient of log softmax: (onehot(a) - p) x^T
            w[a, nz] += args.lr * advantage * x
            w[:, nz] -= args.lr * advantage * np.outer(p, x)
        block.append(total / env.reward_scale)
        if ep % args.block == 0 or ep == args.episodes:
            print(f"deals {ep - len(block) + 1:>6}-{ep:<6} mean chips per deal {np.mean(block):+.3f}  "
                  f"({time.perf_counter() - t0:.0f} s)", flush=True)
            block = []
    print(f"trained policy (greedy) on the {args.eval} evaluation deals: "
          f"{evaluate(env, greedy, eval_seeds):+.3f} chips per deal")


if __name__ == "__main__":
    main()
