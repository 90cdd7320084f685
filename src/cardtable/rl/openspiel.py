"""Every cardtable game as an OpenSpiel Python game, registered as ``cardtable_<id>`` (hyphens as ``_``).

>>> import pyspiel
>>> from cardtable.rl import openspiel as cos
>>> names = cos.register_all()
>>> game = pyspiel.load_game("cardtable_nap", {"players": 3, "actions": "flat"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()), game.num_distinct_actions()
(True, 52, 57)

Game parameters: ``players``, ``dealer``, ``options`` (a JSON object of the game's options), ``actions``
(``"tokens"``, the default, or ``"flat"``: one action id per complete action, :mod:`cardtable.rl.flat`) and
``match_deals`` (0, the default: one deal; ``k``: a match of up to ``k`` deals, the dealer rotating and pools
and scores carried, ending early at the game's target; the returns are the match totals).

Dealing is explicit chance, and deals only the cards a deal depends on: one chance step per card, uniform over
the cards left, for the first ``k`` cards of the pack order, ``k`` being what the game declares (the hands,
widows and turn-up; the whole pack where play draws from a stock: ``Deal.deal_bounds``); the rest of the
pack follows in a fixed order nobody can see. The deal is then built from that order with ``deck=``.
Players then act (complete actions, or tokens: see :mod:`cardtable.rl.actions`).

The metadata is the game's declaration (:mod:`cardtable.rl.facts`), not a measurement: ``max_game_length``
is the cards dealt plus the longest deal in actions (or in tokens: each action at most its longest form's
tokens and an ``<end>``), the utility bounds the least and the most a seat can get in a deal (times the deals
of a match), and the game is ``ZERO_SUM`` where the game declares every deal zero-sum, else
``GENERAL_SUM``. Observations follow the requested type (``pyspiel.IIGObservationType``): the seat's view
(``private_info=SINGLE_PLAYER``, the default), the spectator's view (``NONE``), every seat's view
(``ALL_PLAYERS``: perfect information), or only what the seat sees beyond the spectator (``public_info=
False``); with ``perfect_recall`` (the information state) the tensor adds every action of the deal in order
as the seat saw it (its tokens), the string the seat's views at the end of the earlier deals of a match.
Tensors come from :mod:`cardtable.rl.encode`; strings are JSON. ``resample_from_infostate`` uses
``deal.sample``; games and states pickle (a state as its game and action history).
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import numpy as np
import pyspiel

import cardtable as ct

from .actions import ActionEntry, FlatEntry, make_entry, tokenize
from .encode import Encoder, encoder
from .facts import config_facts

__all__ = ["register", "register_all", "short_name"]

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

ROW_TOKENS = 24
"""Tokens per action in the perfect-recall history block (longer actions raise a clear error)."""


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a game id."""
    return "cardtable_" + game_id.replace("-", "_")


class Config:
    """What a game configuration needs, built once per (game id, parameters); shared, never copied."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Config:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return config, self.args

    def __init__(self, game_id: str, players: int, dealer: int, options: str, actions: str, match_deals: int) -> None:
        self.args = (game_id, players, dealer, options, actions, match_deals)
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
        if actions not in ("tokens", "flat"):
            raise ct.RulesError(f"the 'actions' parameter must be 'tokens' or 'flat', not {actions!r}")
        if match_deals < 0:
            raise ct.RulesError(f"the 'match_deals' parameter is a number of deals (0: one deal), not {match_deals}")
        self.dealer, self.actions, self.match_deals = dealer, actions, match_deals
        n = self.ct_game.players
        opts = tuple(sorted(self.ct_game.options.as_dict().items()))
        self.vocab = encoder(game_id, n, opts).vocab
        try:
            self.entry: ActionEntry | FlatEntry = make_entry(actions, self.ct_game, self.vocab)
        except ValueError as e:
            raise ct.RulesError(str(e)) from None
        self.encoder: Encoder = encoder(game_id, n, opts, prefix=actions == "tokens")
        self.n_actions = len(self.vocab) if actions == "tokens" else self.entry.flat.n  # type: ignore[union-attr]
        f = config_facts(self.ct_game)
        self.facts = f
        pack = self.ct_game.pack
        self.dealt = f["dealt"]
        self.deals = max(1, match_deals)
        per_deal = self.dealt + (f["actions"] if actions == "flat" else f["tokens"])
        self.max_length = per_deal * self.deals
        self.rows = f["actions"]
        lo, hi = f["deltas"]
        self.bounds = (min(lo, 0.0) * self.deals, max(hi, 0.0) * self.deals)
        self.codes = list(pack.code_of)
        # the chance outcomes (card, 1/k) with k cards left, made once: a chance node lists those of its cards
        self.outcomes = [[(c, 1.0 / max(k, 1)) for c in range(pack.size)] for k in range(pack.size + 1)]

    def new_entry(self) -> ActionEntry | FlatEntry:
        if self.actions == "flat":
            return FlatEntry(self.entry.flat)  # type: ignore[union-attr]
        return ActionEntry(self.vocab)


@cache
def config(game_id: str, players: int, dealer: int, options: str, actions: str = "tokens",
           match_deals: int = 0) -> Config:
    """The cached configuration of a game and its parameters."""
    return Config(game_id, players, dealer, options, actions, match_deals)


def _params(game_id: str, p: dict[str, Any]) -> tuple[Any, ...]:
    info = ct.game_info(game_id)
    return (game_id, int(p.get("players", info.default_players)), int(p.get("dealer", 0)),
            str(p.get("options", "{}")), str(p.get("actions", "tokens")), int(p.get("match_deals", 0)))


def _load(game_id: str, params: dict[str, Any]) -> pyspiel.Game:
    register(game_id)
    return pyspiel.load_game(short_name(game_id), params)


def _restore(game: pyspiel.Game, history: list[int]) -> CardTableState:
    state = game.new_initial_state()
    for a in history:
        state.apply_action(a)
    return state  # type: ignore[no-any-return]


class CardTableGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game over one cardtable configuration."""

    game_id: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        cfg = config(*_params(self.game_id, params))
        self.cfg = cfg
        game_info = pyspiel.GameInfo(
            num_distinct_actions=cfg.n_actions, max_chance_outcomes=cfg.ct_game.pack.size,
            num_players=cfg.ct_game.players, min_utility=cfg.bounds[0], max_utility=cfg.bounds[1],
            utility_sum=0.0 if cfg.facts["zero_sum"] else None, max_game_length=cfg.max_length)
        super().__init__(_game_type(self.game_id, cfg.facts["zero_sum"]), game_info, params)

    def __reduce__(self) -> tuple[Any, ...]:
        return _load, (self.game_id, dict(self.get_parameters()))

    def max_chance_nodes_in_history(self) -> int:
        """The cards dealt, per deal (OpenSpiel's C++ side, which a Python game cannot tell, assumes the
        whole game length)."""
        return int(self.cfg.dealt * self.cfg.deals)

    def new_initial_state(self) -> CardTableState:
        return CardTableState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CardTableObserver:
        return CardTableObserver(self, iig_obs_type)


class CardTableState(pyspiel.State):  # type: ignore[misc]
    """A deal (or a match) in OpenSpiel's terms: chance steps ordering the cards dealt, then the players'."""

    def __init__(self, game: CardTableGame) -> None:
        super().__init__(game)
        self.g: Config = game.cfg
        self.entry = self.g.new_entry()
        self.match = ct.Match(self.g.ct_game, deals=self.g.match_deals, dealer=self.g.dealer) \
            if self.g.match_deals else None
        self.past: list[list[dict[str, Any]]] = []  # each seat's view at the end of the earlier deals
        self.totals = [0.0] * self.g.ct_game.players
        self._begin_dealing()

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore, (self.get_game(), self.history())

    def _begin_dealing(self) -> None:
        self.order: list[int] = []
        self.left = list(range(self.g.ct_game.pack.size))
        self.deal: ct.Deal | None = None
        self._player = _CHANCE

    # -- OpenSpiel API (the calls a Python loop makes most are answered here, without the round trip through
    # the C++ State; C++ callers reach the same answers through the hooks with a leading underscore)
    def current_player(self) -> int:
        return self._player

    def is_chance_node(self) -> bool:
        return self._player == _CHANCE

    def is_terminal(self) -> bool:
        return self._player == _TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        row = self.g.outcomes[len(self.left)]
        return [row[c] for c in self.left]

    def legal_actions(self, player: int | None = None) -> list[int]:
        p = self._player
        if p >= 0:
            return list(self.entry.allowed()) if player is None or player == p else []
        if p == _CHANCE:
            return list(self.left) if player is None or player == _CHANCE else []
        return []

    def _legal_actions(self, player: int) -> list[int]:
        return self.entry.allowed()

    def _apply_action(self, action: int) -> None:
        deal = self.deal
        if deal is not None:
            text = self.entry.push(action)
            if text is not None:
                deal.act(text)
                if deal.turn is not None:  # the deal goes on (the usual case, inline)
                    self.entry.reset(deal.legal())
                    self._player = deal.turn
                else:
                    self._next()
            return
        self.left.remove(action)
        order = self.order
        order.append(action)
        if len(order) == self.g.dealt:
            g = self.g.ct_game
            if self.match is None and not g.pack.has_duplicates:
                # the pack order as card numbers, every card once: what Game.deal makes of a deck of codes
                self.deal = g.variant(g, order + self.left, self.g.dealer, None, None)
            else:
                deck = list(map(self.g.codes.__getitem__, order + self.left))  # the rest: unseen
                self.deal = self.match.next_deal(deck=" ".join(deck)) if self.match is not None \
                    else g.deal(deck=deck, dealer=self.g.dealer)
            self._next()

    def _next(self) -> None:
        deal = self.deal
        assert deal is not None
        if not deal.over:
            self.entry.reset(deal.legal())
            self._player = deal.turn  # type: ignore[assignment]
            return
        deltas = deal.result().deltas
        self.totals = [t + float(d) for t, d in zip(self.totals, deltas)]
        if self.match is not None:
            self.match.record(deal)
            if not self.match.over:
                self.past.append([deal.view(s) for s in range(deal.players)])
                self._begin_dealing()
                return
        self._player = _TERMINAL

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.g.codes[action]} (card #{action})"  # copies differ by number
        if self.g.actions == "flat":
            return self.entry.flat.text(action)  # type: ignore[union-attr]
        return self.g.vocab.tokens[action]

    def returns(self) -> list[float]:
        if self._player != _TERMINAL:
            return [0.0] * self.g.ct_game.players
        return list(self.totals)

    def information_state_string(self, player: int | None = None) -> str:
        return self._seat_string(self.current_player() if player is None else player, recall=True)

    def observation_string(self, player: int | None = None) -> str:
        return self._seat_string(self.current_player() if player is None else player, recall=False)

    def _seat_string(self, player: int, recall: bool, kind: str = "single") -> str:
        past = f"earlier deals: {json.dumps([p[player] for p in self.past], sort_keys=True)} | " \
            if recall and self.past else ""
        if self.deal is None:
            return f"{past}seat {player}: dealing ({len(self.order)} cards dealt)"
        prefix = " ".join(self.entry.prefix) if self.deal.turn == player else ""
        return past + json.dumps(_view(self.deal, player, kind), sort_keys=True) + \
            (f" | entering: {prefix}" if prefix else "")

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
            new.entry = self.g.new_entry()
            if not new.deal.over:
                new.entry.reset(new.deal.legal())
                if player_id == self.deal.turn:
                    # The tokens entered so far are the acting seat's own; its hand is the same in the sample.
                    # Another seat has not seen them (they may name cards only the acting seat holds): in its
                    # sample the acting seat starts its action afresh.
                    for tok in self.entry.prefix:
                        new.entry.push(self.g.vocab.id(tok))
        return new

    def __str__(self) -> str:
        if self.deal is None:
            return f"dealing: {len(self.order)} of {self.g.dealt} cards dealt"
        return json.dumps(self.deal.public_view(), sort_keys=True)


def _view(deal: ct.Deal, player: int, kind: str) -> dict[str, Any]:
    """What an observation of ``kind`` shows ``player``: its view, the spectator's, the part of its view the
    spectator does not see, or (perfect information) every seat's view."""
    if kind == "single":
        return deal.view(player)
    public = {**deal.public_view(), "seat": player}
    if kind == "public":
        return public
    view = deal.view(player)
    if kind == "private":
        private = {k: v for k, v in view.items() if public.get(k) != v}
        if "history" in private:  # the actions the seat sees otherwise than the spectator
            ph = public.get("history") or []
            private["history"] = [h for i, h in enumerate(view["history"]) if i >= len(ph) or ph[i] != h]
        return {**private, "seat": player}
    n = deal.players
    return {"seats": [deal.view((player + k) % n) for k in range(n)]}


class CardTableObserver:
    """Observation tensors and strings of the requested type (``pyspiel.IIGObservationType``), in the
    PyObserver interface: see the module text."""

    def __init__(self, game: CardTableGame, iig_obs_type: Any) -> None:
        self.cfg = game.cfg
        t = iig_obs_type
        self.recall = bool(t is not None and t.perfect_recall)
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER if t is None else t.private_info
        public = True if t is None else t.public_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            self.kind = "all"
        elif private == pyspiel.PrivateInfoType.NONE:
            self.kind = "public"
        else:
            self.kind = "single" if public else "private"
        enc = self.cfg.encoder
        n = self.cfg.ct_game.players
        views = n if self.kind == "all" else 1
        self.history_size = self.rows_size() if self.recall else 0
        self.tensor = np.zeros(enc.size * views + self.history_size, dtype=np.float32)
        self.dict = {"observation": self.tensor[:enc.size * views]}
        if self.recall:
            self.dict["history"] = self.tensor[enc.size * views:]

    def rows_size(self) -> int:
        return self.cfg.rows * (self.cfg.ct_game.players + ROW_TOKENS)

    def set_from(self, state: CardTableState, player: int) -> None:
        self.tensor[:] = 0.0
        deal = state.deal
        if deal is None:
            return
        enc = self.cfg.encoder
        prefix = state.entry.prefix if deal.turn == player and self.kind in ("single", "private", "all") else None
        if self.kind == "all":
            n = deal.players
            for k in range(n):
                seat = (player + k) % n
                self.tensor[k * enc.size:(k + 1) * enc.size] = enc.encode(
                    deal.view(seat), state.entry.prefix if deal.turn == seat else None)
        else:
            self.tensor[:enc.size] = enc.encode(_view(deal, player, self.kind), prefix)
        if self.recall:
            self._history(deal, player)

    def _history(self, deal: ct.Deal, player: int) -> None:
        """Every action of the deal in order, as ``player`` saw it: the seat (relative) one-hot, then the
        action's tokens as (vocabulary id + 1) / vocabulary size."""
        n, vocab = deal.players, self.cfg.vocab
        width = n + ROW_TOKENS
        rows = self.tensor[len(self.tensor) - self.history_size:]
        history = deal.view(player).get("history") or []
        if len(history) > self.cfg.rows:
            raise ValueError(f"a deal of {len(history)} actions: the history block holds {self.cfg.rows}")
        for k, (seat, action) in enumerate(history):
            row = k * width
            rows[row + (seat - player) % n] = 1.0
            toks = tokenize(action)
            if len(toks) > ROW_TOKENS:
                raise ValueError(f"an action of {len(toks)} tokens: the history block holds {ROW_TOKENS}")
            for j, tok in enumerate(toks):
                rows[row + n + j] = (vocab.id(tok) + 1) / len(vocab)

    def string_from(self, state: CardTableState, player: int) -> str:
        return state._seat_string(player, self.recall, self.kind)


def _game_type(game_id: str, zero_sum: bool) -> pyspiel.GameType:
    info = ct.game_info(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id), long_name=f"cardtable {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players, min_num_players=info.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": info.default_players, "dealer": 0, "options": "{}",
                                 "actions": "tokens", "match_deals": 0})


_REGISTERED: set[str] = set()


def register(game_id: str) -> str:
    """Register one game with OpenSpiel; returns its name."""
    name = short_name(game_id)
    if name in _REGISTERED or name in pyspiel.registered_names():
        _REGISTERED.add(name)
        return name
    cls_name = f"CardTable_{name}"
    cls = type(cls_name, (CardTableGame,), {"game_id": game_id, "__module__": __name__})
    globals()[cls_name] = cls  # importable by name, so that games pickle
    pyspiel.register_game(_game_type(game_id, config_facts(ct.load(game_id))["zero_sum"]), cls)
    _REGISTERED.add(name)
    return name


def register_all() -> list[str]:
    """Register every catalogue game; returns their OpenSpiel names."""
    return [register(g.id) for g in ct.games()]
