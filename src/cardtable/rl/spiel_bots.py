"""OpenSpiel's own search and CFR bots playing cardtable deals, for comparison with ``cardtable.bots``.

Each has ``choose(deal, seat)`` as the bots of ``cardtable.bots`` do, and decides through the OpenSpiel game
of the adapter (:mod:`cardtable.rl.openspiel`, flat actions where the game has them): the position is the
deal itself (an OpenSpiel state at that point of play), so OpenSpiel's algorithm sees exactly what the seat
sees — its information-state string, and determinisations by ``resample_from_infostate`` (``deal.sample``).

- :class:`SpielISMCTS`: OpenSpiel's Python IS-MCTS (``open_spiel.python.algorithms.ismcts``) with random
  rollouts, searching for ``seconds`` a decision (its simulation loop stopped by the clock, so that it can be
  compared at equal time per decision);
- :class:`SpielPolicy`: a policy given as a table of action probabilities by information state, e.g. the
  average policy of outcome-sampling MCCFR trained by :func:`train_mccfr` (uniform where a state was never
  visited, as OpenSpiel's ``AveragePolicy``).

>>> import cardtable as ct
>>> d = ct.load("nap", players=3).deal(seed=2)
>>> SpielISMCTS("nap", 3, seconds=0.05, seed=1).choose(d, d.turn) in d.legal()
True
"""

from __future__ import annotations

import json
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import cardtable as ct

from . import openspiel as cos
from .flat import flat_reason

__all__ = ["SpielISMCTS", "SpielPolicy", "position", "spiel_game", "train_mccfr"]


def spiel_game(game_id: str, players: int, options: dict[str, Any] | None = None) -> pyspiel.Game:
    """The adapter's OpenSpiel game of a configuration (flat actions where the game has them)."""
    cos.register(game_id)
    actions = "flat" if flat_reason(game_id, options) is None else "tokens"
    return pyspiel.load_game(cos.short_name(game_id), {"players": players, "actions": actions,
                                                       "options": json.dumps(options or {})})


def position(game: pyspiel.Game, deal: ct.Deal) -> cos.CardTableState:
    """An OpenSpiel state of ``game`` standing at ``deal`` (a copy: the deal is not touched)."""
    state: cos.CardTableState = game.new_initial_state()
    state.deal = deal.clone()
    state.order = list(range(state.g.dealt))
    state.left = []
    state._next()
    return state


class _TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's IS-MCTS with its simulations bounded by the clock as well as by their number."""

    seconds = 1.0
    simulations = 0

    def run_search(self, state: Any) -> Any:
        # OpenSpiel's loop (ismcts.ISMCTSBot.run_search), with the clock as a second bound
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline, n = time.perf_counter() + self.seconds, 0
        root = self._root_node
        while n < self._max_simulations and (root.total_visits <= 0 or time.perf_counter() < deadline):
            self.run_simulation(self.sample_root_state(state))
            n += 1
        self.simulations = n
        if self._allow_inconsistent_action_sets:
            return self.get_final_policy(state, self.filter_illegals(self._root_node, state.legal_actions()))
        return self.get_final_policy(state, self._root_node)


class SpielISMCTS:
    """OpenSpiel's Python IS-MCTS (random rollouts, UCT constant ``c``) at ``seconds`` a decision."""

    def __init__(self, game_id: str, players: int, seconds: float = 1.0, seed: int = 0, c: float = 1.5,
                 options: dict[str, Any] | None = None, max_simulations: int = 10**9) -> None:
        self.game = spiel_game(game_id, players, options)
        rng = np.random.RandomState(seed % 2**32)
        self.bot = _TimedISMCTS(self.game, mcts.RandomRolloutEvaluator(1, rng), c, max_simulations,
                                random_state=rng, final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
        self.bot.seconds = seconds

    def choose(self, deal: ct.Deal, seat: int) -> str:
        legal = deal.legal()
        if len(legal) == 1:
            return legal[0]
        state = position(self.game, deal)
        action = int(self.bot.step(state))
        text = state.entry.push(action)
        while text is None:  # token mode: the bot keeps entering its action
            state.apply_action(action)
            action = int(self.bot.step(state))
            text = state.entry.push(action)
        return text


class SpielPolicy:
    """A tabular policy (information-state string → {action id: probability}), uniform where unknown."""

    def __init__(self, game_id: str, players: int, table: Any, seed: int = 0,
                 options: dict[str, Any] | None = None) -> None:
        self.game = spiel_game(game_id, players, options)
        self.table = table
        self.rng = np.random.RandomState(seed % 2**32)
        self.known = 0
        self.asked = 0

    def choose(self, deal: ct.Deal, seat: int) -> str:
        legal = deal.legal()
        if len(legal) == 1:
            return legal[0]
        state = position(self.game, deal)
        self.asked += 1
        probs = self.table.action_probabilities(state, seat)
        self.known += state.information_state_string(seat) in getattr(self.table, "_infostates", {})
        actions, p = zip(*probs.items())
        p_arr = np.asarray(p, float)
        action = int(actions[self.rng.choice(len(actions), p=p_arr / p_arr.sum())])
        text = state.entry.push(action)
        if text is None:
            raise ValueError("a tabular policy over tokens: use a game with flat actions")
        return text


def train_mccfr(game_id: str, players: int, seconds: float, options: dict[str, Any] | None = None
                ) -> tuple[Any, int, int]:
    """Outcome-sampling MCCFR (OpenSpiel's Python solver) for ``seconds``: (average policy, iterations,
    information states visited)."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = spiel_game(game_id, players, options)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    deadline, n = time.perf_counter() + seconds, 0
    while time.perf_counter() < deadline:
        solver.iteration()
        n += 1
    return solver.average_policy(), n, len(solver._infostates)
