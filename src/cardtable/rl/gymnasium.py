"""One learning seat against bots, as a Gymnasium environment.

>>> from cardtable.rl.gymnasium import SingleSeatEnv
>>> e = SingleSeatEnv("nap", seat=0, opponents="heuristic", players=4)
>>> obs, info = e.reset(seed=3)
>>> sorted(obs), int(obs["action_mask"].sum()) > 0
(['action_mask', 'observation'], True)

The learner enters its actions token by token (see :mod:`cardtable.rl.actions`); the other seats are played
by bots (``cardtable.bots``) between the learner's turns. The reward is the learner's settlement delta at the
end of the deal (times ``reward_scale``); an episode is one deal. An illegal token (one outside
``action_mask``) is never replaced by another: with ``illegal="end"`` (the default, as Gymnasium's checker
steps with unmasked samples) it ends the episode with reward ``illegal_reward`` and the reason in
``info["illegal_action"]``, the deal untouched; with ``illegal="raise"`` it raises ``ValueError``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import cardtable as ct

from .actions import ActionEntry
from .encode import encoder

__all__ = ["SingleSeatEnv"]


class SingleSeatEnv(gymnasium.Env):  # type: ignore[misc]
    """A single-agent view of a game: seat ``seat`` learns, bots play the rest."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game_id: str, seat: int = 0, opponents: str = "heuristic", players: int | None = None,
                 reward_scale: float = 1.0, opponent_params: dict[str, Any] | None = None,
                 render_mode: str | None = None, illegal: str = "end", illegal_reward: float = -10.0,
                 **options: Any) -> None:
        if isinstance(reward_scale, bool) or not isinstance(reward_scale, int | float):
            raise ValueError(f"reward_scale must be a number (the factor applied to the settlement), "
                             f"not {reward_scale!r}")
        if illegal not in ("end", "raise"):
            raise ValueError(f"illegal must be 'end' or 'raise', not {illegal!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.illegal, self.illegal_reward = illegal, illegal_reward
        self.game = ct.load(game_id, players=players, **options)
        if not 0 <= seat < self.game.players:
            raise ValueError(f"seat must be from 0 to {self.game.players - 1}, not {seat}")
        self.seat, self.opponents, self.reward_scale = seat, opponents, reward_scale
        self.opponent_params = dict(opponent_params or {})
        ct.bots.load(opponents, **self.opponent_params)  # validate now
        self.encoder = encoder(self.game.id, self.game.players, tuple(sorted(self.game.options.as_dict().items())))
        self.vocab = self.encoder.vocab
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low=-1e6, high=1e6, shape=(self.encoder.size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(len(self.vocab),), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(len(self.vocab))
        self.render_mode = render_mode
        self.entry = ActionEntry(self.vocab)
        self.deal: ct.Deal | None = None
        self._ended = False

    def _obs(self) -> dict[str, np.ndarray]:
        assert self.deal is not None
        mine = self.deal.turn == self.seat
        mask = np.zeros(len(self.vocab), dtype=np.int8)
        if mine:
            mask[self.entry.allowed()] = 1
        vec = self.encoder.encode(self.deal.view(self.seat), self.entry.prefix if mine else None)
        return {"observation": vec, "action_mask": mask}

    def _play_bots(self) -> None:
        assert self.deal is not None
        while not self.deal.over and self.deal.turn != self.seat:
            seat = self.deal.turn
            assert seat is not None
            self.deal.act(self.bots[seat].choose(self.deal, seat), seat=seat)
        if not self.deal.over:
            self.entry.reset(self.deal.legal())

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self._ended = False
        deal_seed = int(self.np_random.integers(2**62))
        self.bots = {s: ct.bots.load(self.opponents, seed=deal_seed + s, **self.opponent_params)
                     for s in range(self.game.players) if s != self.seat}
        self.deal = self.game.deal(seed=deal_seed, dealer=int(self.np_random.integers(self.game.players)))
        self._play_bots()
        while self.deal.over:  # a deal thrown in before the learner acts: deal again
            self.deal = self.game.deal(seed=int(self.np_random.integers(2**62)),
                                       dealer=int(self.np_random.integers(self.game.players)))
            self._play_bots()
        return self._obs(), {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        assert self.deal is not None
        if self.deal.over or self._ended:
            raise ValueError("the episode is over: call reset()")
        try:
            text = self.entry.push(int(action))
        except ValueError as e:
            if self.illegal == "raise":
                raise
            self._ended = True
            return self._obs(), self.illegal_reward, True, False, {"illegal_action": str(e)}
        reward, info = 0.0, {}
        if text is not None:
            self.deal.act(text, seat=self.seat)
            self._play_bots()
        if self.deal.over:
            res = self.deal.result()
            reward = float(res.deltas[self.seat]) * self.reward_scale
            info = {"settlement": res.to_json()}
        return self._obs(), reward, self.deal.over, False, info

    def render(self) -> str | None:
        return None if self.deal is None else str(self.deal.view(self.seat))
