"""Every cardtable game as an OpenSpiel Python game, registered as ``cardtable_<id>`` (hyphens as ``_``).

>>> import pyspiel
>>> from cardtable.rl import openspiel as cos
>>> names = cos.register_all()
>>> game = pyspiel.load_game("cardtable_nap", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)

Dealing is explicit chance: each chance step picks the next card of the pack from those left (uniformly), and
once the whole pack is ordered the deal is built from it with ``deck=``, so every chance outcome is real.
Players then enter actions token by token (see :mod:`cardtable.rl.actions`); information-state and observation
strings and tensors come from ``view(seat)``; returns are the settlement deltas; ``resample_from_infostate``
uses ``deal.sample``. Game parameters: ``players``, ``dealer`` and ``options`` (a JSON object of the game's
options).

The strings are the seat's view as JSON (with the whole history: perfect recall) and the tokens being entered.
The tensors (information state and observation alike) are the encoding of that view by
:mod:`cardtable.rl.encode`, which summarises the history (cards each seat has shown, per-seat counts of every
action token, the last six actions in order), so two information states that differ only in the order of older
actions can share a tensor; use the strings where exact perfect recall matters (tabular CFR, IS-MCTS do).
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import numpy as np
import pyspiel

import cardtable as ct

from .actions import ActionEntry, Vocabulary
from .encode import Encoder, encoder

__all__ = ["register", "register_all", "short_name"]


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a game id."""
    return "cardtable_" + game_id.replace("-", "_")


class Config:
    """What a game configuration needs, built once per (game id, parameters); shared, never copied."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Config:
        return self

    def __init__(self, game_id: str, players: int, dealer: int, options: str) -> None:
        try:
            parsed = json.loads(options or "{}")
        except json.JSONDecodeError as e:
            parsed = e.msg
        if not isinstance(parsed, dict):
            specs = ct.game_info(game_id).options
            example = json.dumps({specs[0].name: specs[0].default}) if specs else "{}"
            raise ct.RulesError(f"the 'options' parameter must be a JSON object of {game_id}'s options "
                                f"({', '.join(o.name for o in specs) or 'it has none'}), e.g. '{example}'; "
                                f"got {options!r}") from None
        self.ct_game = ct.load(game_id, players=players, **parsed)
        if not 0 <= dealer < self.ct_game.players:
            raise ct.RulesError(f"the 'dealer' parameter must be a seat from 0 to {self.ct_game.players - 1}, "
                                f"not {dealer}")
        self.dealer = dealer
        self.encoder: Encoder = encoder(game_id, self.ct_game.players,
                                        tuple(sorted(self.ct_game.options.as_dict().items())))
        self.vocab: Vocabulary = self.encoder.vocab


@cache
def config(game_id: str, players: int, dealer: int, options: str) -> Config:
    """The cached configuration of a game and its parameters."""
    return Config(game_id, players, dealer, options)


def _config_of(game: pyspiel.Game) -> Config:
    p = game.get_parameters()
    gid = type(game).game_id
    info = ct.game_info(gid)
    return config(gid, int(p.get("players", info.default_players)), int(p.get("dealer", 0)),
                  str(p.get("options", "{}")))


class CardTableGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game over one cardtable configuration."""

    game_id: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        info = ct.game_info(self.game_id)
        cfg = config(self.game_id, int(params.get("players", info.default_players)), int(params.get("dealer", 0)),
                     str(params.get("options", "{}")))
        bound = 10_000.0
        game_info = pyspiel.GameInfo(
            num_distinct_actions=len(cfg.vocab), max_chance_outcomes=cfg.ct_game.pack.size,
            num_players=cfg.ct_game.players, min_utility=-bound, max_utility=bound, utility_sum=None,
            max_game_length=20_000)
        super().__init__(_game_type(self.game_id), game_info, params)

    def new_initial_state(self) -> CardTableState:
        return CardTableState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CardTableObserver:
        return CardTableObserver(self, iig_obs_type)


class CardTableState(pyspiel.State):  # type: ignore[misc]
    """A deal in OpenSpiel's terms: chance steps ordering the pack, then the players' token steps."""

    def __init__(self, game: CardTableGame) -> None:
        super().__init__(game)
        self.g = _config_of(game)
        self.order: list[int] = []
        self.left = list(range(self.g.ct_game.pack.size))
        self.deal: ct.Deal | None = None
        self.entry = ActionEntry(self.g.vocab)

    # -- OpenSpiel API
    def current_player(self) -> int:
        if self.deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.deal.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.deal.turn)  # type: ignore[arg-type]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / len(self.left)
        return [(c, p) for c in self.left]

    def _legal_actions(self, player: int) -> list[int]:
        return self.entry.allowed()

    def _apply_action(self, action: int) -> None:
        if self.deal is None:
            self.left.remove(action)
            self.order.append(action)
            if not self.left:
                pack = self.g.ct_game.pack
                self.deal = self.g.ct_game.deal(deck=[pack.code_of[c] for c in self.order], dealer=self.g.dealer)
                self._begin_turn()
            return
        text = self.entry.push(action)
        if text is not None:
            self.deal.act(text, seat=self.deal.turn)
            self._begin_turn()

    def _begin_turn(self) -> None:
        assert self.deal is not None
        if not self.deal.over:
            self.entry.reset(self.deal.legal())

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.g.ct_game.pack.code_of[action]} (card #{action})"  # copies differ by number
        return self.g.vocab.tokens[action]

    def is_terminal(self) -> bool:
        return self.deal is not None and self.deal.over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.g.ct_game.players
        assert self.deal is not None
        return [float(x) for x in self.deal.result().deltas]

    def information_state_string(self, player: int | None = None) -> str:
        return self._seat_string(self.current_player() if player is None else player)

    def observation_string(self, player: int | None = None) -> str:
        return self._seat_string(self.current_player() if player is None else player)

    def _seat_string(self, player: int) -> str:
        if self.deal is None:
            return f"seat {player}: dealing ({len(self.order)} cards ordered)"
        prefix = " ".join(self.entry.prefix) if self.deal.turn == player else ""
        return json.dumps(self.deal.view(player), sort_keys=True) + (f" | entering: {prefix}" if prefix else "")

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> CardTableState:
        """A state consistent with ``player_id``'s information (``deal.sample``); the tokens of an action being
        entered are kept only when ``player_id`` is the seat entering it (they are private to that seat)."""
        new = self.clone()
        seed = int(probability_sampler() * 2**53) if probability_sampler is not None else len(self.history())
        if self.deal is None:  # still dealing: nobody has seen a card, so any order of as many cards will do
            cards = list(range(self.g.ct_game.pack.size))
            random.Random(seed).shuffle(cards)
            new.order, new.left = cards[:len(self.order)], sorted(cards[len(self.order):])
        else:  # the clone shares nothing mutable with this state
            new.deal = self.deal.sample(player_id, random.Random(seed))
            new.entry.reset(new.deal.legal()) if not new.deal.over else None
            if player_id == self.deal.turn:
                # The tokens entered so far are the acting seat's own; its hand is the same in the sample.
                # Another seat has not seen them (they may name cards only the acting seat holds): in its
                # sample the acting seat starts its action afresh.
                for tok in self.entry.prefix:
                    new.entry.push(self.g.vocab.id(tok))
        return new

    def __str__(self) -> str:
        if self.deal is None:
            return f"dealing: {len(self.order)} of {self.g.ct_game.pack.size} cards ordered"
        return json.dumps(self.deal.public_view(), sort_keys=True)


class CardTableObserver:
    """Observation tensors and strings from ``view(seat)``, in the PyObserver interface."""

    def __init__(self, game: CardTableGame, iig_obs_type: Any) -> None:
        self.game = _config_of(game)
        self.tensor = np.zeros(self.game.encoder.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardTableState, player: int) -> None:
        if state.deal is None:
            self.tensor[:] = 0.0
            return
        prefix = state.entry.prefix if state.deal.turn == player else None
        self.tensor[:] = self.game.encoder.encode(state.deal.view(player), prefix)

    def string_from(self, state: CardTableState, player: int) -> str:
        return state._seat_string(player)


def _game_type(game_id: str) -> pyspiel.GameType:
    info = ct.game_info(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id), long_name=f"cardtable {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players, min_num_players=info.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": info.default_players, "dealer": 0, "options": "{}"})


_REGISTERED: set[str] = set()


def register(game_id: str) -> str:
    """Register one game with OpenSpiel; returns its name."""
    name = short_name(game_id)
    if name in _REGISTERED or name in pyspiel.registered_names():
        _REGISTERED.add(name)
        return name
    cls = type(f"CardTable_{name}", (CardTableGame,), {"game_id": game_id})
    pyspiel.register_game(_game_type(game_id), cls)
    _REGISTERED.add(name)
    return name


def register_all() -> list[str]:
    """Register every catalogue game; returns their OpenSpiel names."""
    return [register(g.id) for g in ct.games()]
