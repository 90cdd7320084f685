"""Ratings and statistics per player and game.

**Ratings** are Weng-Lin Bayesian ratings with the Plackett-Luce model (the ``openskill`` library): each
player has a skill ``mu`` and an uncertainty ``sigma`` (25 and 25/3 to begin with); at the end of a match the
seats are ranked by their match totals (equal totals share a rank) and every player's rating moves by how
surprising that order was. A player is an account or a bot kind (``heuristic``, ``ismcts``, ``random``), so
a person sees where they stand against the bots. Several seats of one bot kind at a table each count as
that kind, and its rating moves by their mean change. Shown, and ordered, by the conservative
``mu - 3 sigma`` (the skill the player has with 99.7% confidence). Matches with an undo or a hint, or with a
guest's seat, are not rated.

**Statistics** come from the deals' settlements: deals and matches played, the mean result per deal with a
95% confidence interval (normal approximation, ``1.96 s / sqrt(n)``), and, in games with a contract, the
contracts the player declared and made (made: the declarer gained on the deal).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

__all__ = ["MU", "SIGMA", "amount", "statistics", "update_ratings"]

MU, SIGMA = 25.0, 25.0 / 3


def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


def update_ratings(game: str, seats: list[tuple[str, float]],
                   known: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """New (mu, sigma) of every player of a finished match. ``seats``: (player, match total) per seat;
    ``known``: the players' ratings before (a player missing starts at ``MU``, ``SIGMA``).

    >>> new = update_ratings("nap", [("account:a", 10), ("bot:heuristic", -5), ("bot:heuristic", -5)], {})
    >>> new["account:a"][0] > 25 > new["bot:heuristic"][0]
    True
    """
    model = _model()
    teams = [[model.rating(mu=known.get(p, (MU, SIGMA))[0], sigma=known.get(p, (MU, SIGMA))[1], name=p)]
             for p, _ in seats]
    order = sorted({total for _, total in seats}, reverse=True)
    ranks = [order.index(total) + 1 for _, total in seats]
    rated = model.rate(teams, ranks=ranks)
    moves: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for (player, _), team in zip(seats, rated):
        moves[player].append((team[0].mu, team[0].sigma))
    out = {}
    for player, new in moves.items():
        mu0, _ = known.get(player, (MU, SIGMA))
        out[player] = (mu0 + sum(m - mu0 for m, _ in new) / len(new), sum(sg for _, sg in new) / len(new))
    return out


def amount(v: Any) -> float:
    """An amount as stored in JSON (an int, or a fraction written ``"1/3"``) as a float."""
    if isinstance(v, str) and "/" in v:
        a, b = v.split("/")
        return int(a) / int(b)
    return float(v)


def statistics(deals: Iterable[tuple[str, int, dict[str, Any], bool]],
               matches: Iterable[tuple[str, int, list[Any], bool]]) -> dict[str, dict[str, Any]]:
    """Per game: ``deals``, ``matches`` (finished), ``won`` (matches ended on the best total), ``mean`` and
    ``ci95`` (per deal), ``unit``, and in games with a contract ``contracts`` and ``made``.

    ``deals``: (game, seat, sheet row, match finished) per finished deal; ``matches``: (game, seat, final
    totals, help used) per finished match."""
    results: dict[str, list[float]] = defaultdict(list)
    unit: dict[str, str] = {}
    bid: dict[str, int] = defaultdict(int)
    made: dict[str, int] = defaultdict(int)
    for game, seat, row, _ in deals:
        result = row.get("result") or {}
        deltas = result.get("deltas") or []
        if seat >= len(deltas):
            continue
        results[game].append(amount(deltas[seat]))
        unit[game] = result.get("unit", "points")
        if row.get("declarer") == seat:
            bid[game] += 1
            made[game] += amount(deltas[seat]) > 0
    played: dict[str, int] = defaultdict(int)
    won: dict[str, int] = defaultdict(int)
    for game, seat, totals, _ in matches:
        played[game] += 1
        nums = [amount(x) for x in totals]
        won[game] += bool(nums) and nums[seat] == max(nums)
    out: dict[str, dict[str, Any]] = {}
    for game in sorted(set(results) | set(played)):
        xs = results.get(game, [])
        n = len(xs)
        mean = sum(xs) / n if n else None
        ci = None
        if n >= 2 and mean is not None:
            var = sum((x - mean) ** 2 for x in xs) / (n - 1)
            ci = 1.96 * math.sqrt(var / n)
        entry: dict[str, Any] = {"deals": n, "matches": played.get(game, 0), "won": won.get(game, 0),
                                 "mean": None if mean is None else round(mean, 3),
                                 "ci95": None if ci is None else round(ci, 3), "unit": unit.get(game, "points")}
        if game in bid:
            entry["contracts"], entry["made"] = bid[game], made[game]
        out[game] = entry
    return out
