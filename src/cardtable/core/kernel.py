"""The playout-kernel door: an accelerator a game may provide for random playouts, and nothing else.

A search bot with random playouts, and a simulation of many random deals, spend their time playing deals
out at random. A game may provide a :class:`PlayoutKernel` (its class attribute ``kernel``) that does this
faster, in compiled code, for the configurations it covers; the engine then answers
:meth:`Game.random_results <cardtable.core.game.Game.random_results>` and
:meth:`Deal.rollout <cardtable.core.deal.Deal.rollout>` from it. A kernel is not a place to read the rules
from: the game's rules layer is the authority, and a kernel must make exactly the choices the rules allow,
with exactly their outcome. It proves it by *tracing* what it did — every seat to act, the legal actions it
saw, the one it took, and the deltas — so that ``tests/core/test_kernels.py`` can replay each trace through
the public API (``deal(deck=...)``, ``legal()``, ``act()``, ``result()``) for every game that has a kernel.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .deal import Deal
    from .game import Game

__all__ = ["PlayoutKernel", "Step", "Trace"]


@dataclass(frozen=True)
class Step:
    """One decision a kernel made: the seat to act, the legal actions it saw (any order), the one it took."""

    seat: int
    legal: tuple[str, ...]
    action: str


@dataclass(frozen=True)
class Trace:
    """A kernel playout written out: the pack order and dealer of a new deal (``deck`` is ``None`` for a
    playout from a given position), every step, and the settlement deltas it found."""

    deck: tuple[str, ...] | None
    dealer: int
    steps: tuple[Step, ...]
    deltas: tuple[int, ...]


class PlayoutKernel:
    """Base of a game's playout kernel: by default it covers nothing, and the engine plays out by the rules.

    A kernel names the game ids it plays (``ids``): a variant that inherits the attribute from a game the kernel
    plays is not played by it (a 24-card Nap is not Nap), whatever its options.
    """

    def __init__(self, ids: tuple[str, ...] = ()) -> None:
        self.ids = tuple(ids)
        """The ids of the games this kernel plays, exactly."""

    def plays(self, game: Game) -> bool:
        """Whether the kernel plays this configured game: its id is one the kernel names, and :meth:`covers`."""
        return game.id in self.ids and self.covers(game)

    def covers(self, game: Game) -> bool:
        """Whether the kernel plays this configured game of one of its ids (its options, player count, pack)."""
        return False

    def random_results(self, game: Game, n: int, seed: int) -> list[list[Any]]:
        """Deltas of ``n`` new random deals (dealers in rotation), each played out with random legal actions."""
        raise NotImplementedError

    def rollout(self, deal: Deal, rng: random.Random) -> list[Any] | None:
        """Deltas of one random playout from ``deal`` (left unchanged), or ``None`` when not covered here."""
        return None

    def trace_deal(self, game: Game, seed: int, dealer: int) -> Trace:
        """One new deal shuffled from ``seed`` and played out, written out step by step (for the replay tests)."""
        raise NotImplementedError

    def trace_rollout(self, deal: Deal, seed: int) -> Trace | None:
        """One playout from ``deal``, written out step by step, or ``None`` when not covered here."""
        return None

