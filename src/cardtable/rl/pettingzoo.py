"""Every cardtable game as a PettingZoo AEC environment.

>>> from cardtable.rl.pettingzoo import env
>>> e = env("nap", players=4, actions="flat")
>>> e.reset(seed=1)
>>> e.agent_selection in e.agents, e.observation_space("seat_1")["action_mask"].shape == (e.action_space("seat_1").n,)
(True, True)

Agents are ``seat_0`` … ``seat_{n-1}``. ``env()`` is wrapped as PettingZoo's classic environments are
(``OrderEnforcingWrapper``, so ``step()`` before ``reset()`` says so; with ``illegal="end"`` also
``TerminateIllegalWrapper``); ``raw_env`` is the bare environment. Actions (``actions=``):

- ``"flat"``: one ``Discrete`` over the complete actions of the configuration, with fixed ids
  (:mod:`cardtable.rl.flat`); one step is one action. Not for the games whose complete actions are too
  many to number (:func:`cardtable.rl.flat.flat_reason` says why; they raise a clear error);
- ``"tokens"`` (default): an action entered token by token (see :mod:`cardtable.rl.actions`); the agent
  whose turn it is keeps the turn until its action is complete.

Observations are dicts with ``observation`` (the fixed-length encoding of ``view(seat)``,
:mod:`cardtable.rl.encode`, with its true bounds; ``padded=True``: one size for every player count of the
game. For Nap and Seven-Card Nap on their default options with flat actions, ``direct=True`` writes the same
vector straight from the deal by :mod:`cardtable.rl.direct`, slot for slot the encoding of ``view(seat)``
(tested at every step of seeded deals), a PettingZoo step 1.7 times as fast; by default every observation is
the encoding of the seat's view) and ``action_mask``. An action outside the mask raises ``ValueError`` and
changes nothing (``illegal="raise"``, the default), or ends the episode with ``illegal_reward`` for the agent
that made it (``illegal="end"``, as the classic environments do). Rewards are the true settlement deltas at the end of
the deal, times ``reward_scale``; an episode is one deal, or a whole match with ``episode="match"``: deals
follow one another with the dealer rotating and pools and scores carried (each deal's deltas are rewarded as
that deal ends) until the game's target is reached or ``match_deals`` deals are played (default: the target
where the game has one, else one deal dealt by each seat). ``info["settlement"]`` is the settlement of the
deal just ended, until that agent next acts.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator

import cardtable as ct

from .actions import make_entry
from .direct import writer_for
from .encode import encoder

__all__ = ["CardTableEnv", "env", "raw_env"]


def _check(episode: str, reward_scale: Any, render_mode: str | None, match_deals: int | None,
           modes: list[str]) -> None:
    if isinstance(reward_scale, bool) or not isinstance(reward_scale, int | float):
        raise ValueError(f"reward_scale must be a number (the factor applied to the settlement), "
                         f"not {reward_scale!r}")
    if episode not in ("deal", "match"):
        raise ValueError(f"episode must be 'deal' or 'match', not {episode!r}")
    if render_mode not in (None, *modes):
        raise ValueError(f"render_mode must be one of {modes} or None, not {render_mode!r}")
    if match_deals is not None and (episode != "match" or match_deals < 1):
        raise ValueError(f"match_deals (here {match_deals}) is a positive deal count, for episode='match' only")


class CardTableEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment over one game configuration (unwrapped: see :func:`env`)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "cardtable_v1", "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, actions: str = "tokens", episode: str = "deal",
                 reward_scale: float = 1.0, render_mode: str | None = None, match_deals: int | None = None,
                 padded: bool = False, direct: bool = False, **options: Any) -> None:
        super().__init__()
        _check(episode, reward_scale, render_mode, match_deals, self.metadata["render_modes"])
        self.game = ct.load(game_id, players=players, **options)
        self.metadata = {**self.metadata, "name": f"cardtable_{self.game.id.replace('-', '_')}_v1"}
        n = self.game.players
        opts = tuple(sorted(self.game.options.as_dict().items()))
        self.entry = make_entry(actions, self.game, encoder(self.game.id, n, opts).vocab)
        self.actions = actions
        self.encoder = encoder(self.game.id, n, opts, prefix=actions == "tokens", padded=padded)
        self.vocab = self.encoder.vocab
        self._direct = writer_for(self.game, self.encoder) if direct else None
        self.episode, self.reward_scale, self.render_mode = episode, reward_scale, render_mode
        self.match_deals = match_deals if match_deals is not None else (None if self.game.target else n)
        self.possible_agents = [f"seat_{i}" for i in range(n)]
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        self.agents = list(self.possible_agents)
        self.n_actions = len(self.vocab) if actions == "tokens" else self.entry.flat.n  # type: ignore[union-attr]
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=self.encoder.low, high=self.encoder.high, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.n_actions,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.n_actions) for a in self.possible_agents}
        self._zeros = np.zeros(self.n_actions, dtype=np.int8)
        self._rng = random.Random()
        self._caches: list[list[Any]] = [[] for _ in range(n)]
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
        for c in self._caches:
            c.clear()
        if self.deal.over:  # thrown in before anyone acted: settle it as any other deal
            self._deal_over()
        else:
            self._begin_turn()

    def _begin_turn(self) -> None:
        assert self.deal is not None
        if self.deal.turn is not None:
            self.entry.reset(self.deal.legal())
            self.agent_selection = self.possible_agents[self.deal.turn]

    def action_mask(self, agent: str | None = None) -> np.ndarray:
        """The mask of the actions ``agent`` (default: the one to act) may take now."""
        agent = self.agent_selection if agent is None else agent
        assert self.deal is not None
        if self.deal.turn is None or self.possible_agents[self.deal.turn] != agent or self.terminations.get(agent):
            return np.zeros(self.n_actions, dtype=np.int8)
        mask = np.zeros(self.n_actions, dtype=np.int8)
        mask.put(self.entry.allowed(), 1)
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        deal = self.deal
        assert deal is not None
        seat = self._seats.get(agent)
        if seat is None:
            raise ValueError(f"there is no agent {agent!r} at this table; the agents are "
                             f"{', '.join(self.possible_agents)}")
        if self._direct is not None:  # Nap: the same vector, written from the deal (cardtable.rl.direct)
            vec = self._direct.encode(deal, seat, self._caches[seat])
            if seat == deal.turn and not self.terminations[agent]:  # (the usual case: the mask inline)
                mask = self._zeros.copy()
                mask.put(self.entry.allowed(), 1)
                return {"observation": vec, "action_mask": mask}
        else:
            vec = self.encoder.encode(deal.view(seat), self.entry.prefix if deal.turn == seat else None,
                                      self._caches[seat])
        return {"observation": vec, "action_mask": self.action_mask(agent)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        deal = self.deal
        assert deal is not None
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for agents whose episode is over")
        entry = self.entry
        text = entry.push(int(action))  # raises for an action outside the mask, before anything changes
        if self.infos[agent]:
            self.infos[agent] = {}  # the last deal's settlement, seen by now
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if text is not None:
            deal.act(text)
            turn = deal.turn
            if turn is None:
                self._deal_over()
                self._accumulate_rewards()
            else:  # the next turn (no reward until a deal ends: the cleared rewards add nothing)
                entry.reset(deal.legal())
                self.agent_selection = self.possible_agents[turn]

    def _deal_over(self) -> None:
        assert self.deal is not None
        res = self.deal.result()
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = float(res.deltas[i]) * self.reward_scale
        settlement = res.to_json()
        self.infos = {a: {"settlement": settlement} for a in self.agents}
        if self.match is not None:
            self.match.record(self.deal)
            for a in self.agents:
                self.infos[a]["deals"] = len(self.match.results)
            if not self.match.over:
                self._new_deal()
                return
        self.terminations = {a: True for a in self.agents}

    def render(self) -> str | None:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi' or 'human' to the env")
            return None
        if self.deal is None:
            return None
        text = _describe(self.deal)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def _describe(deal: ct.Deal) -> str:
    """A plain text picture of the table, as a spectator sees it."""
    view = deal.public_view()
    lines = [f"{deal.game.name}: {view.get('status') or view.get('phase') or ''}".rstrip(": ")]
    for key, value in view.items():
        if key not in ("status", "history", "events", "game", "players", "legal"):
            lines.append(f"  {key}: {value}")
    if deal.history:
        lines.append("  last actions: " + ", ".join(f"{s}:{a}" for s, a in deal.history[-8:]))
    return "\n".join(lines)


raw_env = CardTableEnv
"""The unwrapped environment (PettingZoo's convention)."""


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, with ``last()``, ``step()``, ``agents`` and ``agent_selection``
    handed straight to the wrapped environment (the same checks, without a lookup through ``__getattr__``)."""

    def last(self, observe: bool = True) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        """PettingZoo's checks, then the wrapped environment's step (one call, not two)."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        """PettingZoo's order-enforcing ``agent_iter``, its iterator reading the wrapped environment directly."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Iterable(self, max_iter)

    # the two attributes every step of an agent_iter loop reads: the same check as the wrapper's __getattr__
    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection  # type: ignore[no-any-return]


class _Iterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _Iterator:
        return _Iterator(self.env, self.max_iter)


class _Iterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's order-enforcing iterator (the same stop condition and check), reading the agents and the
    agent to act from the wrapped environment without a lookup through the wrapper's ``__getattr__``."""

    def __init__(self, env: _OrderEnforcing, max_iter: int) -> None:
        super().__init__(env, max_iter)
        self.inner = env.env

    def __next__(self) -> str:
        inner = self.inner
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        env = self.env
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        return inner.agent_selection  # type: ignore[no-any-return]


def env(game_id: str, players: int | None = None, illegal: str = "raise", illegal_reward: float = -1.0,
        **kwargs: Any) -> AECEnv:
    """The AEC environment of a game id (options as keyword arguments), wrapped as PettingZoo's classic
    environments are: ``TerminateIllegalWrapper`` with ``illegal="end"``, then ``OrderEnforcingWrapper``."""
    if illegal not in ("raise", "end"):
        raise ValueError(f"illegal must be 'raise' or 'end', not {illegal!r}")
    e: AECEnv = CardTableEnv(game_id, players=players, **kwargs)
    if illegal == "end":
        e = wrappers.TerminateIllegalWrapper(e, illegal_reward=illegal_reward)
    return _OrderEnforcing(e)
