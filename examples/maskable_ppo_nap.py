"""MaskablePPO (sb3-contrib) learning four-hand Nap in seat 0, on the flat-action Gymnasium env, no wrapper.

    pip install torch sb3-contrib        # a CPU build of torch is enough; see docs/research.md
    python examples/maskable_ppo_nap.py --steps 200000 --opponents random

``SingleSeatEnv(..., actions="flat", observation="vector")`` is handed to ``MaskablePPO`` as it is: the
observation is a ``Box``, the action space one ``Discrete`` over Nap's 57 complete actions, and
``action_masks()`` is the hook sb3-contrib calls for the legal ones. The script prints the reward curve —
mean chips per deal of the learner over each block of training deals — and then the trained policy
(deterministic, masked) against the same opponents on a fixed set of evaluation deals, beside a uniformly
random legal policy on the same deals.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from cardtable.rl.gymnasium import SingleSeatEnv


class Curve(BaseCallback):  # type: ignore[misc]
    """Prints the mean reward of each block of finished episodes (deals)."""

    def __init__(self, block: int) -> None:
        super().__init__()
        self.block, self.rewards, self.start = block, [], time.perf_counter()
        self.current = 0.0

    def _on_step(self) -> bool:
        self.current += float(self.locals["rewards"][0])
        if self.locals["dones"][0]:
            self.rewards.append(self.current)
            self.current = 0.0
            if len(self.rewards) % self.block == 0:
                k = len(self.rewards)
                print(f"deals {k - self.block + 1:>6}-{k:<6} mean chips per deal "
                      f"{np.mean(self.rewards[-self.block:]):+.3f}  ({self.num_timesteps:,} steps, "
                      f"{time.perf_counter() - self.start:.0f} s)", flush=True)
        return True


def evaluate(env: SingleSeatEnv, policy: object, deals: int, seed: int) -> float:
    total = 0.0
    rng = np.random.default_rng(seed)
    for i in range(deals):
        obs, _ = env.reset(seed=seed + i)
        done = False
        while not done:
            mask = env.action_masks()
            if policy is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action, _ = policy.predict(obs, action_masks=mask, deterministic=True)  # type: ignore[attr-defined]
            obs, reward, done, _, _ = env.step(int(action))
            total += reward
    return total / deals


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=200_000)
    ap.add_argument("--opponents", default="random")
    ap.add_argument("--block", type=int, default=2000, help="deals per line of the curve")
    ap.add_argument("--eval", type=int, default=2000, help="evaluation deals")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1, help="torch threads (the machine is shared)")
    args = ap.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    env = SingleSeatEnv("nap", players=4, actions="flat", observation="vector", opponents=args.opponents)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=2048, batch_size=256, learning_rate=3e-4,
                        policy_kwargs={"net_arch": [256, 256]}, verbose=0)
    print(f"MaskablePPO on SingleSeatEnv('nap', actions='flat') against {args.opponents} opponents: "
          f"{env.observation_space.shape[0]} observation floats, {env.action_space.n} actions", flush=True)
    model.learn(total_timesteps=args.steps, callback=Curve(args.block))
    test = SingleSeatEnv("nap", players=4, actions="flat", observation="vector", opponents=args.opponents)
    print(f"on {args.eval} evaluation deals: random legal policy {evaluate(test, None, args.eval, 10**6):+.3f} "
          f"chips per deal; trained policy {evaluate(test, model, args.eval, 10**6):+.3f}", flush=True)


if __name__ == "__main__":
    main()
