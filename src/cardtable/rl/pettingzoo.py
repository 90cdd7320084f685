"""Every cardtable game as a PettingZoo AEC environment.

>>> from cardtable.rl.pettingzoo import env
>>> e = env("nap", players=4)
>>> e.reset(seed=1)
>>> e.agent_selection in e.agents, e.observation_space("seat_1")["action_mask"].shape == (e.action_space("seat_1").n,)
(True, True)

Agents are ``seat_0`` … ``seat_{n-1}``. An action is entered token by token (see :mod:`cardtable.rl.actions`):
the agent whose turn it is keeps the turn until its action is complete. Observations are dicts with
``observation`` (the fixed-length encoding of ``view(seat)``, :mod:`cardtable.rl.encode`) and ``action_mask``.
A token outside the mask raises ``ValueError`` and changes nothing. Rewards are the true settlement deltas at
the end of the deal, times ``reward_scale``; an episode is one deal, or a whole match with
``episode="match"``: deals follow one another with the dealer rotating and pools and scores carried (each
deal's deltas are rewarded as that deal ends) until the game's target is reached or ``match_deals`` deals
are played (default: the target where the game has one, else one deal dealt by each seat).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import cardtable as ct

from .actions import ActionEntry
from .encode import encoder

__all__ = ["CardTableEnv", "env"]


class CardTableEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment over one game configuration."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, episode: str = "deal", reward_scale: float = 1.0,
                 render_mode: str | None = None, match_deals: int | None = None, **options: Any) -> None:
        super().__init__()
        if isinstance(reward_scale, bool) or not isinstance(reward_scale, int | float):
            raise ValueError(f"reward_scale must be a number (the factor applied to the settlement), "
                             f"not {reward_scale!r}")
        if episode not in ("deal", "match"):
            raise ValueError(f"episode must be 'deal' or 'match', not {episode!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        if match_deals is not None and (episode != "match" or match_deals < 1):
            raise ValueError(f"match_deals (here {match_deals}) is a positive deal count, for episode='match' only")
        self.game = ct.load(game_id, players=players, **options)
        self.metadata = {**self.metadata, "name": f"cardtable_{self.game.id}"}
        n = self.game.players
        self.encoder = encoder(self.game.id, n, tuple(sorted(self.game.options.as_dict().items())))
        self.vocab = self.encoder.vocab
        self.episode, self.reward_scale, self.render_mode = episode, reward_scale, render_mode
        self.match_deals = match_deals if match_deals is not None else (None if self.game.target else n)
        self.possible_agents = [f"seat_{i}" for i in range(n)]
        self.agents = list(self.possible_agents)
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=-1e6, high=1e6, shape=(self.encoder.size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(len(self.vocab),), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(len(self.vocab)) for a in self.possible_agents}
        self._rng = random.Random()
        self.entry = ActionEntry(self.vocab)
        self.deal: ct.Deal | None = None
        self.match: ct.Match | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ---------------------------------------------------------------- episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.match = ct.Match(self.game, seed=self._rng.randrange(2**62), deals=self.match_deals,
                              dealer=self._rng.randrange(self.game.players)) if self.episode == "match" else None
        self.agent_selection = self.possible_agents[0]
        self._new_deal()
        self._accumulate_rewards()

    def _new_deal(self) -> None:
        if self.match is not None:
            self.deal = self.match.next_deal()
        else:
            self.deal = self.game.deal(seed=self._rng.randrange(2**62), dealer=self._rng.randrange(self.game.players))
        if self.deal.over:  # thrown in before anyone acted: settle it as any other deal
            self._deal_over()
        else:
            self._begin_turn()

    def _begin_turn(self) -> None:
        assert self.deal is not None
        if self.deal.turn is not None:
            self.entry.reset(self.deal.legal())
            self.agent_selection = self.possible_agents[self.deal.turn]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.deal is not None
        seat = self.possible_agents.index(agent)
        mine = self.deal.turn == seat
        vec = self.encoder.encode(self.deal.view(seat), self.entry.prefix if mine else None)
        mask = np.zeros(len(self.vocab), dtype=np.int8)
        if mine and not self.terminations.get(agent, False):
            mask[self.entry.allowed()] = 1
        return {"observation": vec, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.deal is not None
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for agents whose episode is over")
        text = self.entry.push(int(action))  # raises for a token outside the mask, before anything changes
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if text is not None:
            self.deal.act(text, seat=self.deal.turn)
            if self.deal.over:
                self._deal_over()
            else:
                self._begin_turn()
        self._accumulate_rewards()

    def _deal_over(self) -> None:
        assert self.deal is not None
        res = self.deal.result()
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = float(res.deltas[i]) * self.reward_scale
        self.infos = {a: {"settlement": res.to_json()} for a in self.agents}
        if self.match is not None:
            self.match.record(self.deal)
            for a in self.agents:
                self.infos[a]["deals"] = len(self.match.results)
            if not self.match.over:
                self._new_deal()
                return
        self.terminations = {a: True for a in self.agents}

    def render(self) -> str | None:
        if self.deal is None:
            return None
        text = f"{self.deal!r}\n{self.deal.public_view()}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game_id: str, players: int | None = None, **kwargs: Any) -> CardTableEnv:
    """The AEC environment of a game id (options as keyword arguments)."""
    return CardTableEnv(game_id, players=players, **kwargs)
