"""Flat actions: one fixed id for every complete action of a game configuration.

A game's actions follow a few *templates*: a bare card (``"QH"``), fixed words (``"pass"``, ``"bid 3"``,
``"misery"``), and words with a set of cards (``"exchange 5H 2C"``: the template ``exchange # #``). The
flat action space of a configuration lists every template its options allow with every choice of cards for
it (a set of ``k`` distinct cards of the game's pack), and numbers them in this order:

- ids ``0 … c-1`` are the bare cards, in the order ``cards`` (spades, hearts, diamonds, clubs; ace high;
  the joker last): the id of a card play is the same in every configuration of a game;
- then each further template in the order of the game's entry in :data:`~cardtable.rl.flat_table.TABLE`:
  those of the default options first, then those only an option produces (skipped where the configuration
  does not set it), so turning an option on adds ids after the default ones and moves none; a template with
  ``k`` card slots takes ``C(c, k)`` ids, its card sets numbered in colexicographic order of their card
  indices.

The table (``cardtable/rl/flat_table.py``) is part of the package and only ever grows: a template found
later is appended, so no id of an existing action moves between versions (``tests/rl/test_flat.py`` pins
some). Cards are those of every player count's pack, so a game's space is the same for every player count
(a card the configuration's pack lacks, or an action never allowed at this table, is simply never legal):
one policy can play every table of a game.

Configurations whose complete actions are too many to number usefully (more than :data:`LIMIT`: choosing
any set of up to five cards to exchange from a 52-card pack, Coon Can's melds with jokers standing for
cards) have no flat space; :func:`flat_reason` says why, and the environments refuse ``actions="flat"``
for them with that reason (their token mode stays).

>>> fa = flat_actions("nap")
>>> fa.id("AS"), fa.id("2C"), fa.id("bid 2"), fa.id("pass"), fa.text(53)
(0, 51, 52, 56, 'bid 3')
"""

from __future__ import annotations

import random
from functools import cache
from math import comb
from typing import Any

import cardtable as ct

from .actions import card_order, detokenize, tokenize
from .flat_table import TABLE

__all__ = ["LIMIT", "SLOT", "FlatActions", "flat_actions", "flat_reason"]

SLOT = "#"
"""A card slot in a template."""

LIMIT = 50_000
"""The most ids a flat space may have; larger ones stay token-only."""


class FlatActions:
    """The flat action ids of one game id (see the module text)."""

    def __init__(self, game_id: str, cards: list[str], templates: list[list[str]]) -> None:
        self.game_id = game_id
        self.cards = list(cards)
        self.cindex = {c: i for i, c in enumerate(self.cards)}
        self.templates = [tuple(t) for t in templates]
        self.tindex = {t: i for i, t in enumerate(self.templates)}
        self.offsets: list[int] = []
        n = 0
        for t in self.templates:
            self.offsets.append(n)
            n += comb(len(self.cards), t.count(SLOT))
        self.n = n
        self._ids: dict[str, int] = {}

    key: tuple[str, Options] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return (flat_actions, self.key) if self.key else super().__reduce__()

    def __len__(self) -> int:
        return self.n

    def id(self, action: str) -> int:
        """The id of an action text; a clear error for an action outside the space."""
        i = self._ids.get(action)
        if i is not None:
            return i
        toks = tokenize(action)
        key = tuple(SLOT if t in self.cindex else t for t in toks)
        ti = self.tindex.get(key)
        if ti is None:
            raise ValueError(f"{self.game_id}: the action {action!r} has no flat id (its form is not in the "
                             f"game's table of {len(self.templates)} action forms)")
        idx = sorted(self.cindex[t] for t in toks if t in self.cindex)
        if len(set(idx)) != len(idx):
            raise ValueError(f"{self.game_id}: the action {action!r} names a card twice: it has no flat id")
        i = self.offsets[ti] + sum(comb(c, k + 1) for k, c in enumerate(idx))
        if len(self._ids) < 1_000_000:
            self._ids[action] = i
        return i

    def text(self, i: int) -> str:
        """The canonical text of an id (its cards in the canonical order)."""
        if not 0 <= i < self.n:
            raise ValueError(f"{self.game_id}: flat action ids are 0 to {self.n - 1}, not {i}")
        ti = max(k for k, off in enumerate(self.offsets) if off <= i)
        t = self.templates[ti]
        rank, k = i - self.offsets[ti], t.count(SLOT)
        idx = []
        for slot in range(k, 0, -1):  # colexicographic unranking
            c = slot - 1
            while comb(c + 1, slot) <= rank:
                c += 1
            idx.append(c)
            rank -= comb(c, slot)
        cards = iter(self.cards[c] for c in sorted(idx))
        return detokenize([next(cards) if tok == SLOT else tok for tok in t])

    def ids(self, legal: list[str]) -> list[int]:
        """The ids of a list of actions (the legal ones of a position)."""
        get = self._ids.get
        out = []
        for a in legal:
            i = get(a)
            out.append(self.id(a) if i is None else i)
        return out


Options = tuple[tuple[str, Any], ...]


def _allowed(requires: list[dict[str, Any]] | None, options: dict[str, Any]) -> bool:
    return not requires or any(all(options.get(k) == v for k, v in r.items()) for r in requires)


def _space(game_id: str, options: dict[str, Any]) -> tuple[list[str], list[list[str]]] | str:
    entry = TABLE.get(game_id)
    if entry is None:
        return f"{game_id} is not in the flat action table"
    if "tokens_only" in entry:
        return str(entry["tokens_only"])
    cards = list(entry["cards"])
    templates = [list(t) for t, req in entry["templates"] if _allowed(req, options)]
    size = sum(comb(len(cards), t.count(SLOT)) for t in templates)
    if size > LIMIT:
        k = max(t.count(SLOT) for t in templates)
        words = sorted({t[0] for t in templates if t.count(SLOT) == k})
        return (f"{size:,} complete actions with these options: '{' '.join(words)}' takes any set of up to {k} "
                f"of {len(cards)} cards")
    return cards, templates


def flat_reason(game_id: str, options: dict[str, Any] | None = None) -> str | None:
    """Why a configuration (a game id and its options, defaults omitted) has no flat action space, or None."""
    sp = _space(game_id, dict(ct.load(game_id, **(options or {})).options.as_dict()))
    return sp if isinstance(sp, str) else None


@cache
def flat_actions(game_id: str, options: Options = ()) -> FlatActions:
    """The flat action space of a configuration (its options as sorted items: defaults may be omitted); a
    clear error (``ValueError``) where it has none."""
    opts = dict(ct.load(game_id, **dict(options)).options.as_dict())
    sp = _space(game_id, opts)
    if isinstance(sp, str):
        raise ValueError(f"{game_id} has no flat action space ({sp}); use actions='tokens'")
    fa = FlatActions(game_id, *sp)
    fa.key = (game_id, options)
    return fa


# ------------------------------------------------------------------------------------- building the table
def _configurations(game_id: str) -> list[tuple[dict[str, Any], ct.Game]]:
    """(the options flipped from their defaults, the game) for every player count and single option flip."""
    from .actions import _option_variants

    info = ct.game_info(game_id)
    out = []
    for players in range(info.min_players, info.max_players + 1):
        try:
            ct.load(game_id, players=players)
        except ct.RulesError:
            continue
        out += [(v, ct.load(game_id, players=players, **v)) for v in _option_variants(game_id, players, {})]
    return out


def discover(game_id: str, deals: int = 40, seed: int = 2027
             ) -> tuple[list[str], dict[tuple[str, ...], list[dict[str, Any]] | None], bool]:
    """What seeded random and heuristic play of every configuration (every player count, each option flipped
    from its default) shows: the cards, each action template with the option settings it needs (None: seen
    with the default options), and whether a pack repeats cards. A template with ``k`` card slots seen for
    several ``k`` is completed with every count between the least and the most seen."""
    rng = random.Random(seed)
    cards: set[str] = set()
    seen: dict[tuple[str, ...], list[dict[str, Any]] | None] = {}
    repeats = False
    heuristic = ct.bots.load("heuristic", seed=seed)
    for flipped, g in _configurations(game_id):
        codes = set(g.pack.code_of)
        cards |= codes
        repeats |= len(codes) < g.pack.size
        found: set[tuple[str, ...]] = set()
        for i in range(deals):
            d = g.deal(seed=seed + i, dealer=i % g.players)
            steps = 0
            while not d.over and steps < 3000:
                legal = d.legal()
                for a in legal:
                    found.add(tuple(SLOT if t in codes else t for t in tokenize(a)))
                d.act(heuristic.choose(d, d.turn) if i % 4 == 3 else rng.choice(legal))
                steps += 1
        by_shape: dict[tuple[tuple[str, ...], tuple[str, ...]], set[int]] = {}
        for t in found:
            k = t.count(SLOT)
            if k > 1 and SLOT * k in "".join(t):  # one run of slots: a set of cards
                first = t.index(SLOT)
                by_shape.setdefault((t[:first], t[first + k:]), set()).add(k)
        for (head, tail), ks in by_shape.items():
            found |= {(*head, *(SLOT,) * k, *tail) for k in range(min(ks), max(ks) + 1)}
        for t in found:
            if not flipped:
                seen[t] = None
            elif seen.get(t, []) is not None:
                reqs = seen.setdefault(t, [])
                assert reqs is not None
                if flipped not in reqs:
                    reqs.append(flipped)
    return sorted(cards, key=card_order), seen, repeats


def _template_order(t: tuple[str, ...]) -> tuple[Any, ...]:
    return (t != (SLOT,), t.count(SLOT), [(0, int(x), "") if x.isdigit() else (1, 0, x) for x in t])


def build_entry(game_id: str, old: dict[str, Any] | None = None, deals: int = 40) -> dict[str, Any]:
    """The table entry of a game: the old one with any newly seen template appended (ids never move)."""
    cards, seen, repeats = discover(game_id, deals)
    multi = [t for t in seen if t.count(SLOT) > 1]
    if repeats and multi:
        return {"tokens_only": "its actions take sets of cards from a pack with repeated cards"}
    if any(SLOT * t.count(SLOT) not in "".join(t) for t in multi):
        return {"tokens_only": "some actions name cards in an order that matters (a joker standing for a "
                               "card, a card laid off onto a numbered meld)"}
    if old and "templates" in old:
        known = {tuple(t): req for t, req in old["templates"]}
        for t, req in seen.items():  # an old template seen with other options too: widen what it needs
            if t in known and known[t] is not None:
                known[t] = None if req is None else [*known[t], *(r for r in req if r not in known[t])]
        cards = list(old["cards"]) + [c for c in cards if c not in old["cards"]]
        ordered = [[list(t), known[t]] for t in map(tuple, (t for t, _ in old["templates"]))]
        ordered += [[list(t), seen[t]] for t in sorted((t for t in seen if t not in known), key=_template_order)]
    else:
        # the bare card first, then what every configuration has, then what only an option brings
        ordered = [[list(t), seen[t]] for t in sorted(seen, key=lambda t: (seen[t] is not None, _template_order(t)))]
        if ordered[0][0] != [SLOT]:
            ordered.insert(0, [[SLOT], None])
    return {"cards": cards, "templates": ordered}


def main() -> None:
    """Rebuild ``flat_table.py`` (keeping every existing id) and print each game's default size or reason."""
    import argparse
    import pathlib
    import pprint

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("games", nargs="*")
    ap.add_argument("--deals", type=int, default=40)
    args = ap.parse_args()
    table = dict(TABLE)
    for gid in args.games or [g.id for g in ct.games()]:
        table[gid] = build_entry(gid, TABLE.get(gid), args.deals)
        print(gid, table[gid].get("tokens_only") or len(table[gid]["templates"]), flush=True)
    path = pathlib.Path(__file__).with_name("flat_table.py")
    body = pprint.pformat(dict(sorted(table.items())), width=118, compact=True, sort_dicts=False)
    path.write_text("# ruff: noqa: E501\n"
                    '"""The flat action table of every game id: built by ``python -m cardtable.rl.flat``, which '
                    'only appends\n(see :mod:`cardtable.rl.flat`). Do not reorder: the order is the ids."""\n\n'
                    "from typing import Any\n\nTABLE: dict[str, dict[str, Any]] = " + body + "\n")


if __name__ == "__main__":
    main()
