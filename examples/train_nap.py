"""Train a small policy for Nap against the heuristic bot (REINFORCE, a linear softmax in NumPy).

    python examples/train_nap.py --episodes 3000      # a few minutes on a CPU
    python examples/train_nap.py --episodes 40        # the smoke test CI runs

It uses only the Gymnasium adapter (`cardtable.rl.gymnasium.SingleSeatEnv`): observations are the encoding
of the learner's view, actions are tokens with an exact mask, the reward is the learner's settlement in chips.
It prints the learning curve: the mean reward per deal over each block of episodes.
"""

from __future__ import annotations

import argparse

import numpy as np

from cardtable.rl.gymnasium import SingleSeatEnv


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=3000)
    ap.add_argument("--block", type=int, default=200, help="episodes per line of the learning curve")
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--opponents", default="heuristic")
    args = ap.parse_args()

    env = SingleSeatEnv("nap", seat=0, opponents=args.opponents, players=4, reward_scale=0.1,
                        opponent_params={"playouts": 2} if args.opponents == "heuristic" else None,
                        illegal="raise")
    rng = np.random.default_rng(args.seed)
    n_obs = env.observation_space["observation"].shape[0]
    n_act = env.action_space.n
    w = np.zeros((n_act, n_obs), dtype=np.float64)
    baseline = 0.0
    block: list[float] = []
    print(f"episodes {args.episodes}, observation {n_obs} floats, {n_act} action tokens")
    for ep in range(1, args.episodes + 1):
        obs, _ = env.reset(seed=args.seed * 1_000_003 + ep)
        steps: list[tuple[np.ndarray, np.ndarray, int]] = []
        done, total = False, 0.0
        while not done:
            x = obs["observation"].astype(np.float64)
            mask = obs["action_mask"].astype(bool)
            logits = w @ x
            logits[~mask] = -np.inf
            p = np.exp(logits - logits[mask].max())
            p /= p.sum()
            a = int(rng.choice(n_act, p=p))
            steps.append((x, p, a))
            obs, reward, done, _, _ = env.step(a)
            total += reward
        advantage = total - baseline
        baseline += 0.05 * (total - baseline)
        for x, p, a in steps:
            grad = -np.outer(p, x)
            grad[a] += x
            w += args.lr * advantage * grad
        block.append(total / env.reward_scale)
        if ep % args.block == 0 or ep == args.episodes:
            print(f"episodes {ep - len(block) + 1:>5}-{ep:<5} mean chips per deal {np.mean(block):+.3f}")
            block = []


if __name__ == "__main__":
    main()
