"""One learning seat against bots, as a Gymnasium environment.

>>> from cardtable.rl.gymnasium import SingleSeatEnv
>>> e = SingleSeatEnv("nap", seat=0, opponents="heuristic", players=4, actions="flat")
>>> obs, info = e.reset(seed=3)
>>> sorted(obs), bool(e.action_masks().any()), (info["action_mask"] == e.action_masks()).all()
(['action_mask', 'observation'], True, np.True_)

The other seats are played by bots (``cardtable.bots``) between the learner's turns. Actions
(``actions=``): ``"flat"``, one ``Discrete`` over the complete actions of the configuration with fixed ids
(:mod:`cardtable.rl.flat`), or ``"tokens"`` (default), an action entered token by token
(:mod:`cardtable.rl.actions`). ``action_masks()`` and ``info["action_mask"]`` give the legal actions, so
sb3-contrib's ``MaskablePPO`` and RLlib's action-masking models need no wrapper; ``observation="vector"``
makes the observation the encoding alone (a ``Box``; the mask then lives in ``action_masks()`` and the info),
``"dict"`` (default) adds ``action_mask`` beside it. ``padded=True``: one observation size for every player
count of the game.

The reward is the learner's settlement delta (times ``reward_scale``) as each deal ends; an episode is one
deal, or a match (``episode="match"``: the dealer rotating, pools and scores carried, until the game's target
or ``match_deals`` deals — in the pool games a single deal's return is biased, its stakes paid into a pool
that only later deals pay out). ``info["settlement"]`` is the settlement of a deal just ended, on that step
only. An illegal action is never replaced by another: with ``illegal="end"`` (the default, as Gymnasium's
checker steps with unmasked samples) it ends the episode with reward ``illegal_reward`` and the reason in
``info["illegal_action"]``, the deal untouched; with ``illegal="raise"`` it raises ``ValueError``.

Registered with Gymnasium as ``cardtable/<game id>-v1`` (``gymnasium.make("cardtable/nap-v1",
actions="flat")``, and so ``gymnasium.make_vec``), and usable in ``SyncVectorEnv`` / ``AsyncVectorEnv``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import cardtable as ct

from .actions import make_entry
from .encode import encoder

__all__ = ["SingleSeatEnv", "register_envs"]


class SingleSeatEnv(gymnasium.Env):  # type: ignore[misc]
    """A single-agent view of a game: seat ``seat`` learns, bots play the rest."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game_id: str, seat: int = 0, opponents: str = "heuristic", players: int | None = None,
                 reward_scale: float = 1.0, opponent_params: dict[str, Any] | None = None,
                 render_mode: str | None = None, illegal: str = "end", illegal_reward: float = -10.0,
                 actions: str = "tokens", observation: str = "dict", episode: str = "deal",
                 match_deals: int | None = None, padded: bool = False, **options: Any) -> None:
        from .pettingzoo import _check

        _check(episode, reward_scale, render_mode, match_deals, self.metadata["render_modes"])
        if illegal not in ("end", "raise"):
            raise ValueError(f"illegal must be 'end' or 'raise', not {illegal!r}")
        if observation not in ("dict", "vector"):
            raise ValueError(f"observation must be 'dict' or 'vector', not {observation!r}")
        self.illegal, self.illegal_reward = illegal, illegal_reward
        self.game = ct.load(game_id, players=players, **options)
        if not 0 <= seat < self.game.players:
            raise ValueError(f"seat must be from 0 to {self.game.players - 1}, not {seat}")
        self.seat, self.opponents, self.reward_scale = seat, opponents, reward_scale
        self.opponent_params = dict(opponent_params or {})
        ct.bots.load(opponents, **self.opponent_params)  # validate now
        n = self.game.players
        opts = tuple(sorted(self.game.options.as_dict().items()))
        self.entry = make_entry(actions, self.game, encoder(self.game.id, n, opts).vocab)
        self.encoder = encoder(self.game.id, n, opts, prefix=actions == "tokens", padded=padded)
        self.vocab = self.encoder.vocab
        self.n_actions = len(self.vocab) if actions == "tokens" else self.entry.flat.n  # type: ignore[union-attr]
        box = spaces.Box(low=self.encoder.low, high=self.encoder.high, dtype=np.float32)
        self.observation_mode = observation
        self.observation_space = box if observation == "vector" else spaces.Dict({
            "observation": box, "action_mask": spaces.Box(low=0, high=1, shape=(self.n_actions,), dtype=np.int8)})
        self.action_space = spaces.Discrete(self.n_actions)
        self.episode = episode
        self.match_deals = match_deals if match_deals is not None else (None if self.game.target else n)
        self.render_mode = render_mode
        self.deal: ct.Deal | None = None
        self.match: ct.Match | None = None
        self._cache: list[Any] = []
        self._ended = False

    # ------------------------------------------------------------------ observations
    def action_masks(self) -> np.ndarray:
        """The legal actions of the learner now (all False once the episode is over): sb3-contrib's hook."""
        mask = np.zeros(self.n_actions, dtype=bool)
        if self.deal is not None and not self.deal.over and not self._ended and self.deal.turn == self.seat:
            mask[self.entry.allowed()] = True
        return mask

    def _obs(self) -> Any:
        assert self.deal is not None
        mine = self.deal.turn == self.seat
        vec = self.encoder.encode(self.deal.view(self.seat), self.entry.prefix if mine else None, self._cache)
        if self.observation_mode == "vector":
            return vec
        return {"observation": vec, "action_mask": self.action_masks().astype(np.int8)}

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), **extra}

    # ------------------------------------------------------------------ episode
    def _new_deal(self) -> None:
        seed = int(self.np_random.integers(2**62))
        self.bots = {s: ct.bots.load(self.opponents, seed=seed + s, **self.opponent_params)
                     for s in range(self.game.players) if s != self.seat}
        if self.match is not None:
            self.deal = self.match.next_deal()
        else:
            self.deal = self.game.deal(seed=seed, dealer=int(self.np_random.integers(self.game.players)))
        self._cache.clear()

    def _play_bots(self) -> None:
        assert self.deal is not None
        while not self.deal.over and self.deal.turn != self.seat:
            seat = self.deal.turn
            assert seat is not None
            self.deal.act(self.bots[seat].choose(self.deal, seat))
        if not self.deal.over:
            self.entry.reset(self.deal.legal())

    def _settle(self) -> tuple[float, dict[str, Any]]:
        """The learner's reward and the settlement of the deal just ended; the next deal of a match (the
        episode ends when the match does or, in a one-deal episode, here)."""
        assert self.deal is not None
        res = self.deal.result()
        reward = float(res.deltas[self.seat]) * self.reward_scale
        extra: dict[str, Any] = {"settlement": res.to_json()}
        if self.match is not None:
            self.match.record(self.deal)
            extra["deals"] = len(self.match.results)
            if not self.match.over:
                self._new_deal()
        return reward, extra

    def _over(self) -> bool:
        assert self.deal is not None
        return self.deal.over and (self.match is None or self.match.over)

    def _advance(self) -> tuple[float, dict[str, Any]]:
        """Let the bots play until the learner must act or the episode ends; the learner's rewards meanwhile."""
        reward, extra = 0.0, {}
        while True:
            self._play_bots()
            assert self.deal is not None
            if not self.deal.over:
                return reward, extra
            r, extra = self._settle()
            reward += r
            if self._over():
                return reward, extra

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        self._ended = False
        self.match = ct.Match(self.game, seed=int(self.np_random.integers(2**62)), deals=self.match_deals,
                              dealer=int(self.np_random.integers(self.game.players))) \
            if self.episode == "match" else None
        self._new_deal()
        while True:
            self._play_bots()
            assert self.deal is not None
            if not self.deal.over:
                return self._obs(), self._info()
            if self.match is None or self.match.over:  # a deal over before the learner acts: deal again
                self._new_deal()
            else:
                self._settle()  # (chips moved before the learner's first turn: part of the match, not rewarded)

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        assert self.deal is not None
        if self._ended or self._over():
            raise ValueError("the episode is over: call reset()")
        try:
            text = self.entry.push(int(action))
        except ValueError as e:
            if self.illegal == "raise":
                raise
            self._ended = True
            return self._obs(), self.illegal_reward, True, False, self._info(illegal_action=str(e))
        reward, extra = 0.0, {}
        if text is not None:
            self.deal.act(text, seat=self.seat)
            reward, extra = self._advance()
        done = self._over()
        self._ended = done
        return self._obs(), reward, done, False, self._info(**extra)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi' or 'human'")
            return None
        if self.deal is None:
            return None
        from .pettingzoo import _describe

        text = _describe(self.deal) + f"\n  learner (seat {self.seat}) holds: {self.deal.view(self.seat).get('hand')}"
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register_envs() -> list[str]:
    """Register every game id with Gymnasium as ``cardtable/<id>-v1``; returns the ids."""
    out = []
    for g in ct.games():
        env_id = f"cardtable/{g.id}-v1"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="cardtable.rl.gymnasium:SingleSeatEnv",
                               kwargs={"game_id": g.id}, disable_env_checker=True)
        out.append(env_id)
    return out


register_envs()
