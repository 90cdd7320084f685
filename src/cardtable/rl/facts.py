"""What the OpenSpiel adapter states about each game: measured once, kept in :mod:`cardtable.rl.facts_table`.

OpenSpiel asks a game for its longest possible play, its utility bounds, whether it is zero-sum, and how
many chance outcomes it has. The rules engine does not declare these, so they are measured by seeded play
(uniformly random legal actions, and the heuristic bot) over every player count and each option flipped
from its default, and written to a table that ships with the package (``python -m cardtable.rl.facts``):

For the default options and for each option flipped from its default (``"default"``, ``"misery=True"``...):

- ``dealt[players]``: how many cards of the pack order a deal uses — the least ``k`` such that reordering the
  pack beyond its first ``k`` cards changes nothing in any deal played (no view, no legal action, no
  settlement). OpenSpiel's chance nodes deal those ``k`` cards only; games that draw from a stock during
  play use the whole pack;
- ``actions[players]`` / ``tokens[players]``: the most actions (complete, and as tokens) seen in one deal;
- ``deltas[players]``: the least and greatest settlement delta seen for one seat in one deal;
- ``zero_sum``: whether every deal's deltas summed to zero (no chips into or out of pools, no scores for
  one side only).

Bounds given to OpenSpiel are these figures with a margin (:data:`MARGIN`); the tests play fresh deals and
check that none goes beyond them. They are measurements, not proofs: the game's own declaration will replace
them when the engine declares them.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import cardtable as ct

from .actions import tokenize

__all__ = ["MARGIN", "config_facts", "facts", "measure"]

MARGIN = 2.0
"""The factor between what was measured and what OpenSpiel is told (lengths and utility bounds)."""


def facts(game_id: str) -> dict[str, Any]:
    """The measured facts of a game id (see the module text)."""
    from .facts_table import FACTS

    got = FACTS.get(game_id)
    if got is None:
        raise ValueError(f"{game_id} has no measured facts: run python -m cardtable.rl.facts {game_id}")
    return got


def _play(deal: ct.Deal, choose: Any) -> list[Any]:
    """What a deal played by ``choose`` shows: the seat to act and its legal actions at every step, every
    seat's view at the start and at the end, the settlement."""
    seen: list[Any] = [[deal.view(s) for s in range(deal.players)]]
    while not deal.over:
        legal = deal.legal()
        seen.append((deal.turn, legal))
        deal.act(choose(deal, legal))
    seen.append([deal.view(s) for s in range(deal.players)])
    seen.append(deal.result().deltas)
    return seen


def _uses(game: ct.Game, k: int, seeds: range) -> bool:
    """Whether some deal of ``seeds`` depends on the pack order beyond its first ``k`` cards."""
    for seed in seeds:
        order = list(range(game.pack.size))
        rng = random.Random(seed)
        rng.shuffle(order)
        codes = [game.pack.code_of[c] for c in order]
        tail = codes[k:]
        random.Random(seed + 1).shuffle(tail)

        def chooser(seed: int = seed) -> Any:
            r = random.Random(seed + 7)
            return lambda d, legal: legal[r.randrange(len(legal))]

        a = _play(game.deal(deck=codes, dealer=seed % game.players), chooser())
        b = _play(game.deal(deck=codes[:k] + tail, dealer=seed % game.players), chooser())
        if a != b:
            return True
    return False


def _key(variant: dict[str, Any]) -> str:
    return ",".join(f"{k}={v!r}" for k, v in sorted(variant.items())) or "default"


def measure(game_id: str, deals: int = 100, seed: int = 4242) -> dict[str, Any]:
    """Measure the facts of a game id (see the module text): for the default options and for each option
    flipped from its default (keys ``"default"``, ``"misery=True"``...)."""
    from .actions import _option_variants

    info = ct.game_info(game_id)
    out: dict[str, Any] = {}
    heuristic = ct.bots.load("heuristic", seed=seed)
    for players in range(info.min_players, info.max_players + 1):
        try:
            ct.load(game_id, players=players)
        except ct.RulesError:
            continue
        some = {info.min_players, info.default_players, info.max_players}
        for variant in _option_variants(game_id, players, {}):
            if variant and players not in some:
                continue  # an option at the least, the usual and the most players (see config_facts)
            g = ct.load(game_id, players=players, **variant)
            f = out.setdefault(_key(variant), {"dealt": {}, "actions": {}, "tokens": {}, "deltas": {},
                                               "zero_sum": True})
            seeds = range(seed, seed + 10)
            known = out.get("default", {}).get("dealt", {}).get(players)
            # the least k such that nothing depends on the order beyond k cards (an option rarely changes it:
            # the default's k is tried first)
            lo, hi = (known, known) if known and not _uses(g, known, seeds) else (1, g.pack.size)
            while lo < hi:
                mid = (lo + hi) // 2
                if _uses(g, mid, seeds):
                    lo = mid + 1
                else:
                    hi = mid
            f["dealt"][players] = hi
            rng = random.Random(seed)
            for i in range(deals):
                d = g.deal(seed=seed + i, dealer=i % players)
                n_tokens = 0
                while not d.over:
                    a = heuristic.choose(d, d.turn) if i % 10 == 9 else rng.choice(d.legal())
                    n_tokens += len(tokenize(a)) + (1 if _needs_end(d.legal(), a) else 0)
                    d.act(a)
                f["actions"][players] = max(f["actions"].get(players, 0), len(d.history))
                f["tokens"][players] = max(f["tokens"].get(players, 0), n_tokens)
                ds = [Fraction(x) for x in d.result().deltas]
                f["zero_sum"] &= sum(ds) == 0
                lo_hi = f["deltas"].setdefault(players, [math.inf, -math.inf])
                lo_hi[0], lo_hi[1] = min(lo_hi[0], float(min(ds))), max(lo_hi[1], float(max(ds)))
    return out


def config_facts(game: ct.Game) -> dict[str, Any]:
    """The facts of one configuration: its options' entry (the default one, or the one option flipped); with
    several options flipped, the widest of their entries."""
    per = facts(game.id)
    now = game.options.as_dict()
    flipped = {o.name: now[o.name] for o in ct.game_info(game.id).options if now[o.name] != o.default}
    keys = [_key({k: v}) for k, v in flipped.items()] if len(flipped) > 1 else [_key(flipped)]
    entries = [per["default"]] + [per[k] for k in keys if k in per]
    if _key(flipped) != "default" and len(entries) == 1:
        entries += list(per.values())  # a setting not measured: every entry's widest figures
    n = game.players

    def at(e: dict[str, Any], key: str) -> Any:
        """The figure at this player count, else at the nearest count above measured (they grow with it)."""
        counts = sorted(e[key])
        return e[key][next((c for c in counts if c >= n), counts[-1])]

    return {"dealt": max(at(e, "dealt") for e in entries), "actions": max(at(e, "actions") for e in entries),
            "tokens": max(at(e, "tokens") for e in entries),
            "deltas": (min(at(e, "deltas")[0] for e in entries), max(at(e, "deltas")[1] for e in entries)),
            "zero_sum": all(e["zero_sum"] for e in entries)}


def _needs_end(legal: list[str], action: str) -> bool:
    """Whether entering ``action`` token by token takes an ``<end>`` token (another legal action extends it)."""
    toks = tokenize(action)
    return any(len(t := tokenize(other)) > len(toks) and t[:len(toks)] == toks for other in legal)


def main() -> None:
    """Measure the facts of the given game ids (default: all) and rewrite ``facts_table.py``."""
    import argparse
    import pathlib
    import pprint

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("games", nargs="*")
    ap.add_argument("--deals", type=int, default=100)
    args = ap.parse_args()
    try:
        from .facts_table import FACTS
    except ImportError:  # pragma: no cover - the first build
        FACTS = {}
    table = dict(FACTS)
    for gid in args.games or [g.id for g in ct.games()]:
        table[gid] = measure(gid, args.deals)
        print(gid, table[gid], flush=True)
        path = pathlib.Path(__file__).with_name("facts_table.py")
        body = pprint.pformat(dict(sorted(table.items())), width=118, compact=True)
        path.write_text('# ruff: noqa: E501\n"""Measured facts of every game id, built by '
                        '``python -m cardtable.rl.facts`` (see :mod:`cardtable.rl.facts`)."""\n\n'
                        "from typing import Any\n\n"
                        "FACTS: dict[str, dict[str, Any]] = " + body + "\n")


if __name__ == "__main__":
    main()
