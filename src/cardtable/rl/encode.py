"""Fixed-length observation vectors built from ``deal.view(seat)`` only (never from hidden state).

Slices, in order: own hand (count per card code); cards each seat has been seen to play or show (from the
seat's own history); the current trick by position; cards visible elsewhere on the table (turn-up,
layout, melds, exposed hands, discard pile…); trump suit; seat, turn and dealer; phase; numbers (hand
sizes, tricks won, scores, pools, stock) scaled by 1/10; the last six actions' tokens and who made them; the
tokens of the action being entered.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .actions import Vocabulary, tokenize

__all__ = ["Encoder"]

HISTORY = 6
PHASES = 24


def _codes_in(obj: Any, out: list[str]) -> None:
    if isinstance(obj, str):
        out.extend(tokenize(obj))
    elif isinstance(obj, dict):
        for v in obj.values():
            _codes_in(v, out)
    elif isinstance(obj, list | tuple):
        for v in obj:
            _codes_in(v, out)


class Encoder:
    """Observation vectors of one game configuration."""

    SKIP = frozenset({"hand", "history", "legal", "trick", "last_trick", "game", "phase", "status", "result"})

    def __init__(self, players: int, vocab: Vocabulary, codes: list[str]) -> None:
        self.n = players
        self.vocab = vocab
        self.codes = codes
        self.cindex = {c: i for i, c in enumerate(codes)}
        self.phases: dict[str, int] = {}
        c, n, v = len(codes), players, len(vocab)
        sizes = [("hand", c), ("seen", n * c), ("trick", n * c), ("table", c), ("trump", 5), ("seat", n),
                 ("turn", n + 1), ("dealer", n), ("phase", PHASES), ("numbers", 3 * n + 2 + 8),
                 ("history", HISTORY * v), ("history_seat", HISTORY * n), ("prefix", v)]
        self.slices: dict[str, slice] = {}
        pos = 0
        for name, size in sizes:
            self.slices[name] = slice(pos, pos + size)
            pos += size
        self.size = pos

    def _card(self, vec: np.ndarray, start: int, code: str, value: float = 1.0) -> None:
        i = self.cindex.get(code)
        if i is not None:
            vec[start + i] += value

    def encode(self, view: dict[str, Any], prefix: list[str] | None = None) -> np.ndarray:
        """The observation vector of a view (and the tokens entered so far)."""
        vec = np.zeros(self.size, dtype=np.float32)
        sl, n, c = self.slices, self.n, len(self.codes)
        me = view.get("seat") or 0
        for code in view.get("hand") or []:
            self._card(vec, sl["hand"].start, code)
        history = view.get("history") or []
        for s, action in history:
            for tok in tokenize(action):
                self._card(vec, sl["seen"].start + ((s - me) % n) * c, tok)
        for k, (_s, code) in enumerate(view.get("trick") or []):
            if k < n:
                self._card(vec, sl["trick"].start + k * c, code)
        elsewhere: list[str] = []
        for key, val in view.items():
            if key not in self.SKIP:
                _codes_in(val, elsewhere)
        for tok in elsewhere:
            i = self.cindex.get(tok)
            if i is not None:
                vec[sl["table"].start + i] = 1.0
        trump = view.get("trump")
        vec[sl["trump"].start + ("SHDC".index(trump) if isinstance(trump, str) and trump in "SHDC" else 4)] = 1.0
        vec[sl["seat"].start + me % n] = 1.0
        turn = view.get("turn")
        vec[sl["turn"].start + (((turn - me) % n) if isinstance(turn, int) else n)] = 1.0
        vec[sl["dealer"].start + ((view.get("dealer") or 0) - me) % n] = 1.0
        phase = str(view.get("phase"))
        k = self.phases.setdefault(phase, min(len(self.phases), PHASES - 1))
        vec[sl["phase"].start + k] = 1.0
        nums: list[float] = []
        for key in ("hand_sizes", "tricks_won", "scores"):
            vals = view.get(key) or []
            row = [float(x) if isinstance(x, int | float) else 0.0 for x in vals][:n]
            nums += row + [0.0] * (n - len(row))
        pools = view.get("pools") or {}
        nums.append(sum(float(x) for x in pools.values() if isinstance(x, int | float)) if isinstance(pools, dict)
                    else 0.0)
        nums.append(float(view.get("stock_size") or 0))
        nums += [0.0] * 8
        vec[sl["numbers"]] = np.asarray(nums[: sl["numbers"].stop - sl["numbers"].start], dtype=np.float32) / 10.0
        v = len(self.vocab)
        for k, (s, action) in enumerate(history[-HISTORY:]):
            for tok in tokenize(action):
                i = self.vocab.index.get(tok)
                if i is not None:
                    vec[sl["history"].start + k * v + i] = 1.0
            vec[sl["history_seat"].start + k * n + (s - me) % n] = 1.0
        for tok in prefix or []:
            vec[sl["prefix"].start + self.vocab.id(tok)] = 1.0
        return vec
