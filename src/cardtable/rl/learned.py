"""The learned bot: a small neural network per game, played in NumPy on the seat's own observation.

The network reads the observation vector of :mod:`cardtable.rl.encode` (built from ``deal.view(seat)``
only) and scores every action of the game's flat action space (:mod:`cardtable.rl.flat`); the legal
actions of the position are the mask, so it never picks an illegal one. It has two heads over one trunk of
two ReLU layers: a *policy* (logits, first trained to copy the heuristic bot) and an *action value* (the
expected chips of the deal for the acting seat after each action, regressed on the deals' final results
in the manner of DouZero's Deep Monte-Carlo). Which head plays is chosen by the training (the one that won
the duplicate duel against the heuristic bot); ``head=`` overrides it.

Weights ship in the package (``cardtable/rl/weights/<game>.npz``) with a JSON sidecar saying how they were
trained: command, seed, CPU seconds, commit, date, the duel figures. Training needs torch
(``pip install 'cardtable[learn]'`` and ``cardtable train GAME``); playing needs NumPy only.

>>> import cardtable as ct
>>> bot = ct.bots.load("learned", seed=1)
>>> d = ct.load("nap").deal(seed=4)
>>> bot.choose(d, d.turn) in d.legal()
True
"""

from __future__ import annotations

import hashlib
import json
import random
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import RulesError
from .encode import Encoder, encoder
from .flat import FlatActions, flat_actions

__all__ = ["BLEND", "HEADS", "LearnedBot", "Network", "head_scores", "layout_digest", "load_network", "shipped_games"]

HEADS = ("auto", "policy", "value", "blend")
"""``policy``: the action the policy head rates highest; ``value``: the highest expected result; ``blend``: the
highest expected result among the actions the policy gives at least :data:`BLEND` of its top probability (the
value head only chooses between the moves the policy finds plausible); ``auto``: whichever the training kept
for that game (its sidecar's ``head``)."""

BLEND = 0.25


def head_scores(p: np.ndarray, q: np.ndarray, head: str) -> np.ndarray:
    """What a head maximises over the legal actions, from their policy probabilities ``p`` and values ``q``."""
    if head == "value":
        return q
    if head == "blend":
        return np.where(p >= BLEND * p.max(), q, -np.inf)
    return p


def layout_digest(enc: Encoder) -> str:
    """A short fingerprint of an encoder's layout: weights only fit the layout they were trained on."""
    text = ";".join(f"{name}:{s.start}:{s.stop}" for name, s in enc.slices.items())
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Network:
    """The weights of one game's network and its forward pass (NumPy, float32)."""

    def __init__(self, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
        self.layers = [(arrays[f"w{i}"].astype(np.float32), arrays[f"b{i}"].astype(np.float32))
                       for i in range(int(meta["layers"]))]
        self.policy = (arrays["wp"].astype(np.float32), arrays["bp"].astype(np.float32))
        self.value = (arrays["wq"].astype(np.float32), arrays["bq"].astype(np.float32))
        self.meta = meta

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Policy logits and action values (in chips) for a batch of observations ``x`` (rows)."""
        h = x
        for w, b in self.layers:
            h = np.maximum(h @ w + b, 0.0)
        logits = h @ self.policy[0] + self.policy[1]
        q = (h @ self.value[0] + self.value[1]) * float(self.meta.get("value_scale", 1.0))
        return logits, q


@cache
def _weights_dir() -> Path:
    return Path(str(resources.files("cardtable.rl") / "weights"))


def shipped_games() -> list[str]:
    """The game ids with weights shipped in the package."""
    d = _weights_dir()
    return sorted(p.stem for p in d.glob("*.npz") if p.with_suffix(".json").exists()) if d.is_dir() else []


@cache
def _load(path: str, mtime: int) -> Network:
    p = Path(path)
    meta = json.loads(p.with_suffix(".json").read_text())
    with np.load(p) as z:
        arrays = {k: z[k] for k in z.files}
    return Network(arrays, meta)


def load_network(game_id: str, weights: str | Path | None = None) -> Network:
    """The network of ``game_id``: the shipped one, or the ``.npz`` file (or a directory holding
    ``<game>.npz``) given as ``weights``; a clear error naming the games that have weights."""
    if weights is None:
        p = _weights_dir() / f"{game_id}.npz"
        if not p.exists():
            have = ", ".join(shipped_games()) or "none"
            raise RulesError(f"the learned bot has no trained weights for {game_id!r}; games with weights: {have} "
                             f"(train some with: cardtable train {game_id})")
    else:
        p = Path(weights)
        if p.is_dir():
            p = p / f"{game_id}.npz"
        if not p.exists() or not p.with_suffix(".json").exists():
            raise RulesError(f"no weights for the learned bot at {str(p)!r} (a .npz file with its .json beside it)")
    net = _load(str(p), p.stat().st_mtime_ns)
    if net.meta.get("game") != game_id:
        raise RulesError(f"the weights at {str(p)!r} were trained for {net.meta.get('game')!r}, not {game_id!r}")
    return net


class LearnedBot:
    """Plays the action its network rates best among the legal ones (see the module text).

    ``head``: ``auto`` (the one the training kept), ``policy``, ``value`` or ``blend`` (see :data:`HEADS`).
    ``weights``: a ``.npz`` file (or a directory of them) written by ``cardtable train``, instead of the
    shipped weights. ``seed``: only breaks exact ties. The network is trained for one table (its player
    count and options, in the sidecar); another table is refused with a clear error.
    """

    def __init__(self, seed: int | None = None, head: str = "auto", weights: str | None = None) -> None:
        if head not in HEADS:
            raise ValueError(f"head must be one of {', '.join(HEADS)}, not {head!r}")
        if weights is not None and not Path(weights).exists():
            raise ValueError(f"no weights file or folder at {weights!r}")
        self.head = head
        self.weights = weights
        self.rng = random.Random(seed)
        self._game: tuple[str, int, tuple[tuple[str, Any], ...]] | None = None
        self._parts: tuple[Network, Encoder, FlatActions, str] | None = None

    def _setup(self, deal: Any) -> tuple[Network, Encoder, FlatActions, str]:
        game = deal.game
        opts = tuple(sorted(game.options.as_dict().items()))
        key = (game.id, game.players, opts)
        if self._parts is not None and self._game == key:
            return self._parts
        net = load_network(game.id, self.weights)
        meta = net.meta
        if meta["players"] != game.players or json.dumps(dict(opts), sort_keys=True, default=str) != meta["options"]:
            raise RulesError(f"the learned bot for {game.id!r} was trained for {meta['players']} players with the "
                             f"options {meta['options']}; this table has {game.players} players with "
                             f"{json.dumps(dict(opts), sort_keys=True, default=str)}")
        enc = encoder(game.id, game.players, opts, prefix=False)
        if layout_digest(enc) != meta["layout"] or enc.size != meta["inputs"]:
            raise RulesError(f"the learned bot's weights for {game.id!r} fit an observation layout this version "
                             f"no longer has (its views changed): train them again with cardtable train {game.id}")
        head = meta.get("head", "policy") if self.head == "auto" else self.head
        self._game, self._parts = key, (net, enc, flat_actions(game.id, opts), head)
        return self._parts

    def scores(self, deal: Any, seat: int) -> tuple[list[str], np.ndarray, np.ndarray]:
        """The legal actions of ``seat`` with the policy's probabilities and the value head's expected
        chips for each (what the bot decides on)."""
        if deal.turn != seat:
            raise ValueError(f"it is seat {deal.turn}'s turn, not seat {seat}'s")
        net, enc, flat, _ = self._setup(deal)
        view = deal.view(seat)
        legal = deal.legal(claims=False)  # the seat's legal actions (its view's), without claims or concessions
        ids = np.array(flat.ids(legal), dtype=np.int64)
        logits, q = net.forward(enc.encode(view)[None, :])
        lg = logits[0, ids]
        p = np.exp(lg - lg.max())
        return legal, p / p.sum(), q[0, ids]

    def choose(self, deal: Any, seat: int) -> str:
        legal, p, q = self.scores(deal, seat)
        if len(legal) == 1:
            return legal[0]
        score = head_scores(p, q, self._parts[3] if self._parts is not None else "policy")
        best = np.flatnonzero(score >= score.max() - 1e-9)
        return legal[int(best[0]) if len(best) == 1 else self.rng.choice(list(best))]
