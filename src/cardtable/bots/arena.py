"""Playing many deals with bots: simulations and duplicate duels.

Every deal is seeded by its index (``deal_seed(seed, i)``), never by the worker that plays
it, so results are the same whatever the number of processes.

>>> res = simulate("nap", ["random"], deals=20, seed=1, players=3)
>>> len(res.per_deal), len(res.mean), res.deals
(20, 3, 20)
>>> d = duel("nap", "random", "random", deals=4, seed=2)
>>> d.deals, len(d.per_deal)
(4, 4)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..catalog import load
from ..core.deal import Deal
from . import load as load_bot

__all__ = ["BotSpec", "DuelResult", "SimResult", "deal_seed", "duel", "mean_ci", "play_deal", "simulate"]

BotSpec = str | tuple[str, dict[str, Any]]
"""A bot kind, or a kind with its parameters: ``("ismcts", {"iterations": 200})``."""


def deal_seed(seed: int, index: int) -> int:
    """The shuffle seed of deal ``index`` of a run seeded ``seed``."""
    return (seed * 1_000_003 + index * 7919 + 17) % (2**63)


def _bot(spec: BotSpec, seed: int) -> Any:
    kind, params = (spec, {}) if isinstance(spec, str) else spec
    return load_bot(kind, **{"seed": seed, **params})


def play_deal(deal: Deal, bots: Sequence[Any], on_action: Callable[[Deal, int, str], None] | None = None) -> Deal:
    """Play ``deal`` to the end, each seat's action chosen by ``bots[seat]``."""
    while not deal.over:
        seat = deal.turn
        assert seat is not None
        action = bots[seat].choose(deal, seat)
        if on_action:
            on_action(deal, seat, action)
        deal.act(action, seat=seat)
    return deal


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation).

    >>> mean_ci([1.0, 3.0])
    (2.0, 1.96)
    """
    n = len(xs)
    if n == 0:
        return 0.0, math.inf
    m = sum(xs) / n
    if n < 2:
        return m, math.inf
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


@dataclass
class SimResult:
    """Per-seat results of a simulation."""

    game: str
    deals: int
    per_deal: list[list[float]] = field(default_factory=list)
    seconds: float = 0.0
    actions: int = 0
    interrupted: bool = False

    @property
    def mean(self) -> list[float]:
        return [mean_ci([d[s] for d in self.per_deal])[0] for s in range(len(self.per_deal[0]))]

    @property
    def ci95(self) -> list[float]:
        return [mean_ci([d[s] for d in self.per_deal])[1] for s in range(len(self.per_deal[0]))]

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds else math.inf


@dataclass
class DuelResult:
    """Bot A's mean result per deal against B, over duplicate deals."""

    game: str
    a: BotSpec
    b: BotSpec
    deals: int
    per_deal: list[float] = field(default_factory=list)
    seconds: float = 0.0
    games: int = 0
    interrupted: bool = False

    @property
    def mean(self) -> float:
        return mean_ci(self.per_deal)[0]

    @property
    def ci95(self) -> float:
        return mean_ci(self.per_deal)[1]

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else math.inf


def _record(deal: Deal, index: int, seed: int) -> dict[str, Any]:
    """One row of a records file: the deal's record with its seed, index and settlement."""
    rec = deal.record()
    res = deal.result()
    rec.update({"index": index, "seed": seed, "deltas": [str(x) for x in res.deltas], "unit": res.unit,
                "lines": list(res.lines)})
    return rec


def _sim_one(args: tuple[str, int | None, dict[str, Any], list[BotSpec], int, int, bool]
             ) -> tuple[list[float], int, dict[str, Any] | None]:
    game_id, players, options, specs, seed, i, keep = args
    game = load(game_id, players=players, **options)
    s = deal_seed(seed, i)
    deal = game.deal(seed=s, dealer=i % game.players)
    bots = [_bot(specs[k % len(specs)], s + k) for k in range(game.players)]
    play_deal(deal, bots)
    row = [float(Fraction(x)) for x in deal.result().deltas]
    return row, len(deal.history), (_record(deal, i, s) if keep else None)


def _duel_one(args: tuple[str, int | None, dict[str, Any], BotSpec, BotSpec, int, int, bool]
              ) -> tuple[float, int, dict[str, Any] | None]:
    """One duplicate deal: A takes each seat in turn with B in the others; A's gain over B in that seat.

    The same deal is also played by B in every seat, and A's result in seat r is compared with B's
    result in seat r there. This cancels the luck of the cards and any bias of the seat (the dealer's
    ante, a partner), and stays fair where chips go to or come from a pool rather than the other seats.
    """
    game_id, players, options, a, b, seed, i, keep = args
    game = load(game_id, players=players, **options)
    s = deal_seed(seed, i)
    base = game.deal(seed=s, dealer=i % game.players)
    play_deal(base, [_bot(b, s + seat) for seat in range(game.players)])
    base_deltas = [float(Fraction(x)) for x in base.result().deltas]
    total = 0.0
    rotations = []
    for r in range(game.players):
        deal = game.deal(seed=s, dealer=i % game.players)
        bots = [_bot(a if seat == r else b, s + seat) for seat in range(game.players)]
        play_deal(deal, bots)
        total += float(Fraction(deal.result().deltas[r])) - base_deltas[r]
        if keep:
            rotations.append(_record(deal, i, s) | {"a_seat": r})
    rec = None
    if keep:
        rec = _record(base, i, s) | {"a_seat": None, "rotations": rotations}
    return total / game.players, game.players + 1, rec


Runner = Callable[[Callable[[Any], Any], list[Any]], Iterator[Any]]
"""Runs a task function over its argument list and yields the results IN ORDER (local processes, Ray…)."""


def _ignore_sigint() -> None:
    """Worker processes leave Ctrl-C to the driver, which stops them (no hang at exit)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def local_runner(jobs: int) -> Runner:
    """The embedded default: this process (``jobs <= 1``) or a pool of local worker processes."""
    def run(fn: Callable[[Any], Any], jobs_args: list[Any]) -> Iterator[Any]:
        if jobs <= 1:
            for a in jobs_args:
                yield fn(a)
            return
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_sigint)
        try:
            chunk = max(1, min(64, len(jobs_args) // (jobs * 8) or 1))
            yield from pool.map(fn, jobs_args, chunksize=chunk)
        finally:
            pool.shutdown(wait=False, cancel_futures=True)
    return run


def _drive(fn: Callable[[Any], Any], args: list[Any], jobs: int, runner: Runner | None,
           progress: Callable[[int], None] | None, on_record: Callable[[dict[str, Any]], None] | None,
           take: Callable[[Any], None]) -> bool:
    """Feed results to ``take`` as they come; returns True if interrupted (Ctrl-C) before the end."""
    run = runner or local_runner(jobs)
    try:
        for out in run(fn, args):
            if on_record is not None and out[-1] is not None:
                on_record(out[-1])  # written before it is counted: a counted deal is never missing
            take(out)
            if progress:
                progress(1)
    except KeyboardInterrupt:
        return True
    return False


def simulate(game_id: str, bots: Sequence[BotSpec], deals: int, seed: int = 0, players: int | None = None,
             options: dict[str, Any] | None = None, jobs: int = 1,
             progress: Callable[[int], None] | None = None, runner: Runner | None = None,
             on_record: Callable[[dict[str, Any]], None] | None = None) -> SimResult:
    """Play ``deals`` independent deals with ``bots`` (repeated round the table) and collect results.

    Results stream in deal order; ``on_record`` receives each deal's record as it finishes. Ctrl-C stops
    the run and returns what was finished (``interrupted`` is then True).
    """
    load(game_id, players=players, **(options or {}))  # validate before starting workers
    args = [(game_id, players, options or {}, list(bots), seed, i, on_record is not None) for i in range(deals)]
    res = SimResult(game_id, deals)
    t = time.perf_counter()

    def take(out: tuple[list[float], int, Any]) -> None:
        res.per_deal.append(out[0])
        res.actions += out[1]

    res.interrupted = _drive(_sim_one, args, jobs, runner, progress, on_record, take)
    res.deals = len(res.per_deal)
    res.seconds = time.perf_counter() - t
    return res


def duel(game_id: str, a: BotSpec, b: BotSpec, deals: int, seed: int = 0, players: int | None = None,
         options: dict[str, Any] | None = None, jobs: int = 1,
         progress: Callable[[int], None] | None = None, runner: Runner | None = None,
         on_record: Callable[[dict[str, Any]], None] | None = None) -> DuelResult:
    """Duplicate deals: each deal played once per seat rotation, A in one seat and B in the others,
    and once with B everywhere; the result is A's mean gain per deal over B in the same seat."""
    load(game_id, players=players, **(options or {}))
    args = [(game_id, players, options or {}, a, b, seed, i, on_record is not None) for i in range(deals)]
    res = DuelResult(game_id, a, b, deals)
    t = time.perf_counter()

    def take(out: tuple[float, int, Any]) -> None:
        res.per_deal.append(out[0])
        res.games += out[1]

    res.interrupted = _drive(_duel_one, args, jobs, runner, progress, on_record, take)
    res.deals = len(res.per_deal)
    res.seconds = time.perf_counter() - t
    return res
