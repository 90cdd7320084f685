"""The research adapters pass their libraries' own conformance tests, for every game id."""

from __future__ import annotations

import json
import re
import warnings

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from open_spiel.python.algorithms import ismcts, mcts
from pettingzoo.test import api_test, seed_test

import cardtable as ct
from cardtable.rl import openspiel as cos
from cardtable.rl.actions import ActionEntry, tokenize, vocabulary
from cardtable.rl.flat import flat_reason
from cardtable.rl.gymnasium import SingleSeatEnv
from cardtable.rl.pettingzoo import env

GAME_IDS = [g.id for g in ct.games()]
FLAT_IDS = [g for g in GAME_IDS if flat_reason(g) is None]
MODES = [(g, "tokens") for g in GAME_IDS] + [(g, "flat") for g in FLAT_IDS]
cos.register_all()


def test_the_games_without_a_flat_space_are_the_documented_ones() -> None:
    # docs/research.md names them and says why: any set of cards to exchange from the pack, or melds from two
    # packs with jokers standing for cards.
    assert sorted(set(GAME_IDS) - set(FLAT_IDS)) == ["coon-can", "five-card-loo", "julepe", "lanterloo",
                                                     "mauscheln", "norrlandsknack"]


@pytest.mark.parametrize(("gid", "actions"), MODES)
def test_pettingzoo_api_and_seed(gid: str, actions: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Dict observations with action masks are PettingZoo's own convention
        api_test(env(gid, actions=actions), num_cycles=1000)
        seed_test(lambda: env(gid, actions=actions), num_cycles=300)


@pytest.mark.parametrize(("gid", "actions"), MODES)
def test_gymnasium_single_seat_checker(gid: str, actions: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (it warns of the unbounded count slots)
        check_env(SingleSeatEnv(gid, actions=actions), skip_render_check=True)  # the default: heuristic opponents


@pytest.mark.parametrize(("gid", "actions"), MODES)
def test_openspiel_random_sim_with_serialisation(gid: str, actions: str) -> None:
    game = pyspiel.load_game(cos.short_name(gid), {"actions": actions})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_openspiel_ismcts_plays_a_full_deal(gid: str) -> None:
    game = pyspiel.load_game(cos.short_name(gid), {"actions": "flat" if gid in FLAT_IDS else "tokens"})
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 1.5, 4, random_state=rng,
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            state.apply_action(bot.step(state))
    assert len(state.returns()) == game.num_players()


def entered(entry: ActionEntry, legal: list[str]) -> set[str]:
    """Every action that can be entered token by token, from every token the entry allows at each step."""
    reached: set[str] = set()

    def walk(prefix: list[int]) -> None:
        entry.reset(legal)
        text = None
        for t in prefix:
            text = entry.push(t)
        if text is not None:
            reached.add(text)
            return
        for t in entry.allowed():
            walk([*prefix, t])

    walk([])
    return reached


def test_masks_are_exactly_the_legal_actions() -> None:
    # Entering every legal action token by token reproduces legal(); nothing else can be entered.
    deal = ct.load("nap", players=4, purchase=True).deal(seed=4)
    vocab = vocabulary("nap", 4, tuple(sorted(deal.game.options.as_dict().items())))
    entry = ActionEntry(vocab)
    assert entered(entry, deal.legal()) == set(deal.legal())
    entry.reset(deal.legal())
    with pytest.raises(ValueError, match="not legal"):
        entry.push(vocab.id("QH"))
    assert tokenize("meld 7H JK=7S") == ["meld", "7H", "JK", "=", "7S"]


def test_openspiel_options_parameter_and_resample() -> None:
    game = pyspiel.load_game("cardtable_nap", {"players": 3, "options": json.dumps({"misery": True})})
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[rng.randint(len(state.chance_outcomes()))][0])
    names = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    assert "misery" in names
    player = state.current_player()
    sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(player) == state.information_state_string(player)


def test_training_example_runs_with_a_tiny_budget() -> None:
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "examples" / "train_nap.py"
    out = subprocess.run([sys.executable, str(script), "--episodes", "6", "--block", "3", "--eval", "4"],
                         capture_output=True, text=True, timeout=300, check=True)
    lines = out.stdout.splitlines()
    assert "3 heuristic bots" in lines[0] and "random legal policy" in lines[1] and "heuristic bot" in lines[1]
    assert re.match(r"deals +1-3 +mean chips per deal [+-]\d", lines[2])
    assert re.match(r"deals +4-6 +mean chips per deal [+-]\d", lines[3])
    assert lines[4].startswith("trained policy (greedy) on the 4 evaluation deals")
