"""What a researcher relies on beyond the libraries' checkers: rewards, episodes, illegal actions, bad input."""

from __future__ import annotations

import json
import random
import warnings
from fractions import Fraction

import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test, seed_test

import cardtable as ct
from cardtable.rl import openspiel as cos
from cardtable.rl.gymnasium import SingleSeatEnv
from cardtable.rl.pettingzoo import env, raw_env

cos.register_all()


def _masked_random(mask: np.ndarray, rng: random.Random) -> int:
    return rng.choice(list(np.flatnonzero(mask)))


def _play_out(e: object, rng: random.Random) -> dict[str, float]:
    """Play a PettingZoo AEC episode with random legal tokens; returns each agent's total reward."""
    totals: dict[str, float] = {a: 0.0 for a in e.possible_agents}  # type: ignore[attr-defined]
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        obs, reward, term, trunc, _ = e.last()  # type: ignore[attr-defined]
        totals[agent] += reward
        e.step(None if term or trunc else _masked_random(obs["action_mask"], rng))  # type: ignore[attr-defined]
    return totals


@pytest.mark.parametrize("gid", ["nap", "three-card-loo", "michigan", "coon-can"])
def test_pettingzoo_rewards_are_the_settlement_deltas(gid: str) -> None:
    e = env(gid, reward_scale=0.5)
    e.reset(seed=8)
    totals = _play_out(e, random.Random(1))
    deal = e.deal
    assert deal is not None and deal.over
    deltas = deal.result().deltas
    assert [totals[a] for a in e.possible_agents] == pytest.approx([float(Fraction(d)) * 0.5 for d in deltas])
    assert all(e.terminations.values()) or not e.agents
    # the history the agents entered token by token is a legal deal: it replays to the same settlement
    assert ct.replay(deal.record()).result().deltas == deltas


def test_pettingzoo_illegal_token_raises_and_changes_nothing() -> None:
    e = env("nap", players=4).unwrapped
    e.reset(seed=3)
    assert e.deal is not None
    agent = e.agent_selection
    before = (agent, list(e.entry.prefix), list(e.deal.history), dict(e._cumulative_rewards), dict(e.rewards))
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[5])
    with pytest.raises(ValueError, match=r"is not legal after nothing; allowed: \['bid', 'nap', 'pass'\]"):
        e.step(illegal)
    with pytest.raises(ValueError, match="not legal"):
        e.step(10**6)  # outside the action space
    with pytest.raises(ValueError, match="None is only for agents whose episode is over"):
        e.step(None)
    after = (e.agent_selection, list(e.entry.prefix), list(e.deal.history), dict(e._cumulative_rewards),
             dict(e.rewards))
    assert after == before
    e.step(e.vocab.id("bid"))  # a prefix: the same agent keeps the turn and the mask narrows to the numbers
    assert e.agent_selection == agent and e.entry.prefix == ["bid"]
    assert [e.vocab.tokens[i] for i in np.flatnonzero(e.observe(agent)["action_mask"])] == ["2", "3", "4"]
    e.step(e.vocab.id("3"))
    assert e.deal.history[-1] == (int(agent[5:]), "bid 3") and e.agent_selection != agent


def test_pettingzoo_match_episode_plays_successive_deals() -> None:
    e = env("nap", episode="match", match_deals=3)
    e.reset(seed=2)
    assert e.match is not None
    totals = _play_out(e, random.Random(4))
    match = e.match
    assert len(match.results) == 3
    assert [totals[a] for a in e.possible_agents] == pytest.approx([float(Fraction(t)) for t in match.totals])
    assert len({r.lines[0] for r in match.results}) >= 1 and e.deal is not None and e.deal.over
    # without match_deals: one round (each seat deals once) for a game with no target ...
    e = env("nap", players=3, episode="match")
    e.reset(seed=1)
    _play_out(e, random.Random(2))
    assert e.match is not None and len(e.match.results) == 3
    # ... and the game's own target where it has one
    e = env("forty-five", episode="match")
    e.reset(seed=1)
    _play_out(e, random.Random(2))
    assert e.match is not None and e.match.over and max(e.match.totals) >= e.game.target
    # a deal episode ends with its deal
    e = env("nap")
    e.reset(seed=1)
    _play_out(e, random.Random(2))
    assert e.match is None and e.deal is not None and e.deal.over


@pytest.mark.parametrize("gid", ["nap", "forty-five", "coon-can"])
def test_pettingzoo_match_episode_passes_the_api_and_seed_tests(gid: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(gid, episode="match", match_deals=2), num_cycles=1000)
        seed_test(lambda: env(gid, episode="match", match_deals=2), num_cycles=300)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"episode": "season"}, "episode must be 'deal' or 'match', not 'season'"),
    ({"episode": "match", "match_deals": 0}, "match_deals"),
    ({"match_deals": 3}, "for episode='match' only"),
    ({"render_mode": "rgb_array"}, "render_mode must be one of"),
    ({"players": 9}, "nap is for 2 to 6 players, not 9"),
    ({"misery": "yes please"}, "misery"),
    ({"reward_scale": "x"}, "reward_scale must be a number"),
])
def test_pettingzoo_bad_arguments_are_clear_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        env("nap", **kwargs)


def test_gymnasium_reward_is_the_learner_settlement_and_illegal_actions() -> None:
    e = SingleSeatEnv("nap", seat=1, opponents="heuristic", players=4, reward_scale=2.0)
    rng = random.Random(5)
    obs, _ = e.reset(seed=9)
    done, total = False, 0.0
    while not done:
        obs, reward, done, _, info = e.step(_masked_random(obs["action_mask"], rng))
        total += reward
    assert e.deal is not None and e.deal.over
    assert total == pytest.approx(2.0 * float(Fraction(e.deal.result().deltas[1])))
    assert info["settlement"] == e.deal.result().to_json()
    with pytest.raises(ValueError, match="the episode is over: call reset"):
        e.step(0)
    # illegal="end" (the default, for Gymnasium's checker): the episode ends with the penalty, deal untouched
    obs, _ = e.reset(seed=10)
    history = list(e.deal.history)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[3])
    _, reward, done, _, info = e.step(illegal)
    assert done and reward == -10.0 and "not legal" in info["illegal_action"] and e.deal.history == history
    # illegal="raise": raises, and the episode goes on unchanged
    e = SingleSeatEnv("nap", seat=1, players=4, illegal="raise")
    obs, _ = e.reset(seed=10)
    with pytest.raises(ValueError, match="allowed"):
        e.step(illegal)
    e.step(_masked_random(obs["action_mask"], rng))
    with pytest.raises(ValueError, match="seat must be from 0 to 3, not 4"):
        SingleSeatEnv("nap", seat=4, players=4)
    with pytest.raises(ct.RulesError, match="unknown bot 'champion'"):
        SingleSeatEnv("nap", opponents="champion")
    with pytest.raises(ValueError, match="illegal must be 'end' or 'raise'"):
        SingleSeatEnv("nap", illegal="ignore")


def test_openspiel_tensors_returns_and_parameters() -> None:
    game = pyspiel.load_game("cardtable_spoil_five", {"players": 4, "dealer": 2})
    # the information state adds every action of the deal in order (perfect recall) to the observation
    assert game.information_state_tensor_shape()[0] > game.observation_tensor_shape()[0]
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[rng.randint(len(state.chance_outcomes()))][0])
    assert state.current_player() == 3  # the seat after the dealer
    player = state.current_player()
    view = json.loads(state.information_state_string(player))
    assert view["seat"] == player and len(view["hand"]) == 5
    tensor = np.asarray(state.information_state_tensor(player))
    assert tensor.shape == tuple(game.information_state_tensor_shape()) and tensor.any()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == [float(Fraction(d)) for d in state.deal.result().deltas]
    for params, message in [({"options": "robbing"}, r"JSON object of spoil-five's options \(unannounced_ace, rob"),
                            ({"options": "[1]"}, "JSON object"), ({"dealer": 7}, "dealer"),
                            ({"players": 99}, "players"), ({"options": '{"nonsense": 1}'}, "unknown option")]:
        with pytest.raises(ct.RulesError, match=message):
            pyspiel.load_game("cardtable_spoil_five", params)


def test_openspiel_resample_while_dealing_does_not_leak_the_order() -> None:
    state = pyspiel.load_game("cardtable_nap").new_initial_state()
    for card in range(12):  # 12 of the 20 cards a four-hand deal uses
        state.apply_action(card)
    sample = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert len(sample.order) == 12 and sample.order != state.order and sample.is_chance_node()
    assert sorted(sample.order + sample.left) == list(range(52))
    assert sample.information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize("gid", [g.id for g in ct.games()])
def test_openspiel_resample_for_every_seat_mid_action(gid: str) -> None:
    # The tokens of an action half entered (``exchange 6C``, ``meld 3H``, ``layoff``) are private to the seat
    # entering it: a sample for another seat must not replay them on a deal where that seat holds other cards.
    # For every seat, at positions with and without such a prefix: the sample shows that seat the same
    # information state, and it plays on to the end.
    game = pyspiel.load_game(cos.short_name(gid))
    rng = random.Random(gid)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    mid, checked = 0, 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal() and checked < 40:
            if not state.is_chance_node() and (state.entry.prefix or rng.random() < 0.1):
                mid += bool(state.entry.prefix)
                checked += 1
                for player in range(game.num_players()):
                    sample = state.resample_from_infostate(player, sampler)
                    assert sample.information_state_string(player) == state.information_state_string(player)
                    assert sample.current_player() == state.current_player()
                    while not sample.is_terminal():
                        sample.apply_action(rng.choice(sample.legal_actions()))
                    assert len(sample.returns()) == game.num_players()
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 0 and (mid > 0 or gid not in HALF_ENTERED)


HALF_ENTERED = {"five-card-loo", "irish-loo", "lanterloo", "mauscheln", "julepe", "norrlandsknack", "spin", "coon-can"}
"""The games where the fault showed (a sample for another seat replayed the acting seat's exchange, meld or
spin): here the test must reach positions with a half-entered action."""


# ------------------------------------------------------------------------------------------ flat actions
def test_pettingzoo_flat_actions_one_step_per_action_and_clear_errors() -> None:
    e = env("nap", players=4, actions="flat")
    e.reset(seed=3)
    raw = e.unwrapped
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    assert e.action_space(agent).n == 57 and [raw.entry.flat.text(int(i)) for i in np.flatnonzero(mask)] == \
        ["bid 2", "bid 3", "bid 4", "nap", "pass"]
    with pytest.raises(ValueError, match=r"action 0 \(AS\) is not legal now; allowed: 56 \(pass\), 52 \(bid 2\)"):
        e.step(0)
    e.step(53)  # one step, one complete action
    assert raw.deal.history[-1] == (int(agent[5:]), "bid 3") and e.agent_selection != agent
    with pytest.raises(ValueError, match=r"five-card-loo has no flat action space \(2,893,\d+ complete actions"):
        env("five-card-loo", actions="flat")
    with pytest.raises(ValueError, match="actions must be 'tokens' or 'flat', not 'words'"):
        env("nap", actions="words")


def test_pettingzoo_conventions_order_illegal_end_render() -> None:
    e = env("nap", actions="flat")
    with pytest.raises(AssertionError, match="reset"):  # OrderEnforcingWrapper: step() before reset() says so
        e.step(0)
    assert e.unwrapped is not e and isinstance(e.unwrapped, raw_env)
    # illegal="end": the agent's illegal action ends the episode with the penalty for that agent, 0 for the rest
    e = env("nap", actions="flat", illegal="end", illegal_reward=-5.0)
    e.reset(seed=1)
    agent = e.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(0)
    assert all(e.terminations.values()) and e.rewards[agent] == -5.0
    assert sum(e.rewards.values()) == -5.0 and e.unwrapped.deal.history == []
    # render honours render_mode
    e = env("nap", actions="flat", render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and text.startswith("Napoleon") and "dealer" in text
    e = env("nap", actions="flat")
    e.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert e.render() is None


def test_pettingzoo_match_settlement_is_not_left_in_info_through_the_next_deal() -> None:
    e = env("nap", episode="match", match_deals=2, actions="flat")
    e.reset(seed=4)
    rng = random.Random(2)
    seen_after: dict[str, int] = {}
    for agent in e.agent_iter():
        obs, _, term, trunc, info = e.last()
        if "settlement" in info:
            seen_after[agent] = len(e.unwrapped.deal.history)
            # a settlement is shown only before the agent's first action of the next deal (or at the end)
            assert len(e.unwrapped.deal.history) <= e.unwrapped.game.players or term
        e.step(None if term or trunc else _masked_random(obs["action_mask"], rng))
    assert set(seen_after) == set(e.possible_agents)


def test_padded_observations_are_one_size_for_every_table() -> None:
    sizes = {env("nap", players=p, actions="flat", padded=True).observation_space("seat_0")["observation"].shape
             for p in range(2, 7)}
    assert len(sizes) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("nap", players=3, actions="flat", padded=True), num_cycles=200)


def test_observation_bounds_are_true_and_finite_where_the_value_is() -> None:
    e = env("nap", actions="flat")
    box = e.observation_space("seat_0")["observation"]
    enc = e.unwrapped.encoder
    assert box.low.min() > -1e6 or np.isinf(box.low.min())  # no placeholder bound
    assert np.all(box.high[enc.slices["seat"]] == 1) and np.all(box.high[enc.slices["view.trick"]] <= 4)
    assert np.isinf(box.high[enc.slices["history.cards"]]).all()  # a count with no bound the game declares


# ------------------------------------------------------------------------------------------ Gymnasium
def test_gymnasium_masks_for_maskable_learners_and_match_episodes() -> None:
    e = SingleSeatEnv("nap", players=4, actions="flat", observation="vector", opponents="random")
    obs, info = e.reset(seed=2)
    assert obs.shape == e.observation_space.shape and e.action_space.n == 57
    assert np.array_equal(info["action_mask"], e.action_masks()) and e.action_masks().dtype == bool
    rng = random.Random(1)
    done = False
    while not done:
        obs, _, done, _, info = e.step(int(rng.choice(np.flatnonzero(e.action_masks()))))
        assert np.array_equal(info["action_mask"], e.action_masks())
    assert not e.action_masks().any() and "settlement" in info
    # a match: several deals, each deal's delta rewarded as it ends, the return the learner's match total
    e = SingleSeatEnv("nap", players=4, actions="flat", episode="match", match_deals=3, opponents="random")
    e.reset(seed=5)
    total, done, settled = 0.0, False, 0
    while not done:
        _, reward, done, _, info = e.step(int(rng.choice(np.flatnonzero(e.action_masks()))))
        total += reward
        settled += "settlement" in info
    assert e.match is not None and len(e.match.results) == 3 and settled >= 1
    assert total == pytest.approx(float(e.match.totals[0]))


def test_gymnasium_vector_envs_and_registration() -> None:
    import gymnasium

    fns = [lambda: SingleSeatEnv("nap", actions="flat", observation="vector", opponents="random")] * 2
    for cls in (gymnasium.vector.SyncVectorEnv, gymnasium.vector.AsyncVectorEnv):
        venv = cls(fns)
        obs, infos = venv.reset(seed=3)
        assert obs.shape == (2, venv.single_observation_space.shape[0]) and infos["action_mask"].shape == (2, 57)
        for _ in range(12):
            actions = [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in infos["action_mask"]]
            obs, _, _, _, infos = venv.step(actions)
        venv.close()
    e = gymnasium.make("cardtable/spoil-five-v1", actions="flat", opponents="random")
    obs, info = e.reset(seed=1)
    assert info["action_mask"].sum() > 0


# ------------------------------------------------------------------------------------------ OpenSpiel
def test_openspiel_metadata_is_declared_and_true() -> None:
    import pickle

    from cardtable.rl.facts import config_facts

    game = pyspiel.load_game("cardtable_nap", {"actions": "flat"})
    f = config_facts(ct.load("nap"))
    # Nap's declaration, four players: four declarations and twenty cards; 4 x 5 cards dealt; a Nap won from
    # each of three (+30), a failed Nap paid to each of three (-15) or a Nap paid to its declarer (-10)
    assert (f["dealt"], f["actions"], f["deltas"]) == (20, 24, (-15.0, 30.0))
    assert game.max_game_length() == 20 + 24
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM  # the declarer pays or is paid by all
    assert (game.min_utility(), game.max_utility()) == (-15.0, 30.0)
    state = game.new_initial_state()
    chance = 0
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
        chance += 1
    assert chance == 20 == game.max_chance_nodes_in_history()  # the cards dealt, not the whole pack
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    # pool games are not zero-sum: chips go into a pool the deal does not pay out
    assert pyspiel.load_game("cardtable_three_card_loo").get_type().utility == \
        pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize("gid", [g.id for g in ct.games()])
def test_openspiel_random_play_stays_within_the_stated_metadata(gid: str) -> None:
    from cardtable.rl.flat import flat_reason

    game = pyspiel.load_game(cos.short_name(gid), {"actions": "flat" if flat_reason(gid) is None else "tokens"})
    zero_sum = game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    rng = random.Random(gid)
    for _ in range(4):
        state, length = game.new_initial_state(), 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            length += 1
        returns = state.returns()
        assert length <= game.max_game_length()
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        assert not zero_sum or sum(returns) == pytest.approx(0.0)


def test_openspiel_observation_types_and_match_episodes() -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("cardtable_nap", {"actions": "flat"})
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node() or len(state.deal.history) < 6:
        state.apply_action(rng.choice(state.legal_actions()))
    hand = json.loads(state.observation_string(1))["hand"]
    kinds = {
        "public": pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                             private_info=pyspiel.PrivateInfoType.NONE),
        "private": pyspiel.IIGObservationType(perfect_recall=False, public_info=False,
                                              private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER),
        "all": pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                          private_info=pyspiel.PrivateInfoType.ALL_PLAYERS),
        "recall": pyspiel.IIGObservationType(perfect_recall=True),
    }
    obs = {k: make_observation(game, t) for k, t in kinds.items()}
    for o in obs.values():
        o.set_from(state, 1)
    assert hand[0] not in obs["public"].string_from(state, 1) and hand[0] in obs["private"].string_from(state, 1)
    assert '"pools"' not in obs["private"].string_from(state, 1)  # what the spectator sees is not repeated
    others = json.loads(obs["all"].string_from(state, 1))["seats"]
    assert [v["seat"] for v in others] == [1, 2, 3, 0] and all(v["hand"] for v in others)
    assert obs["all"].tensor.size == 4 * obs["public"].tensor.size
    assert obs["recall"].tensor.size > obs["public"].tensor.size and obs["recall"].dict["history"].any()
    # a match of three deals: chance deals each one, returns are the match totals
    game = pyspiel.load_game("cardtable_nap", {"actions": "flat", "match_deals": 3})
    state, deals = game.new_initial_state(), 0
    while not state.is_terminal():
        was_dealing = state.is_chance_node()
        state.apply_action(rng.choice(state.legal_actions()))
        deals += was_dealing and not state.is_chance_node()
    assert deals == 3 and state.returns() == pytest.approx([float(t) for t in state.match.totals])
