"""Flat actions: one fixed id for every complete action of a game configuration.

A game's actions follow a few *templates*: a bare card (``"QH"``), fixed words (``"pass"``, ``"bid 3"``,
``"misery"``), and words with a set of cards (``"exchange 5H 2C"``: the template ``exchange # #``). The
flat action space of a configuration lists every template its options allow with every choice of cards for
it (a set of ``k`` distinct cards of the game's pack), and numbers them in this order:

- ids ``0 … c-1`` are the bare cards, in the order ``cards`` (spades, hearts, diamonds, clubs; ace high;
  the joker last): the id of a card play is the same in every configuration of a game;
- then each further template in the order of the game's declaration (``Deal.action_forms``,
  :mod:`cardtable.core.bounds`): those of every configuration first, then those only an option brings
  (skipped where the configuration does not set it), so turning an option on adds ids after the default
  ones and moves none; a template with ``k`` card slots takes ``C(c, k)`` ids, its card sets numbered in
  colexicographic order of their card indices.

The declaration only ever grows at its end: a new form is appended, so no id of an existing action moves
between versions (``tests/rl/test_flat.py`` pins some). Cards are those of every pack the game plays with,
so a game's space is the same for every player count (a card the configuration's pack lacks, or an action
never allowed at this table, is simply never legal): one policy can play every table of a game.

Configurations whose complete actions are too many to number usefully (more than :data:`LIMIT`: choosing
any set of up to five cards to exchange from a 52-card pack, Coon Can's melds with jokers standing for
cards) have no flat space (counted from the declared forms, or the game's ``flat_refusal``);
:func:`flat_reason` says why, and the environments refuse ``actions="flat"``
for them with that reason (their token mode stays).

>>> fa = flat_actions("nap")
>>> fa.id("AS"), fa.id("2C"), fa.id("bid 2"), fa.id("pass"), fa.text(53)
(0, 51, 52, 56, 'bid 3')
"""

from __future__ import annotations

from functools import cache
from math import comb
from typing import Any

import cardtable as ct

from .actions import card_order, detokenize, tokenize

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


@cache
def _cards(game_id: str) -> tuple[str, ...]:
    """The cards of every pack the game plays with (each option setting's), in the canonical order."""
    from .actions import _option_variants

    info = ct.game_info(game_id)
    codes: set[str] = set()
    for variant in _option_variants(game_id, info.default_players, {}):
        codes |= set(ct.load(game_id, **variant).pack.code_of)
    return tuple(sorted(codes, key=card_order))


def _space(game_id: str, options: dict[str, Any]) -> tuple[list[str], list[list[str]]] | str:
    """The cards and the action forms of a configuration, from the game's declaration (``action_forms``,
    ``flat_refusal``), or why it has no flat space."""
    game = ct.load(game_id, **options)
    cls = game.variant
    if cls.flat_refusal:
        return cls.flat_refusal
    cards = list(_cards(game_id))
    templates = [tokenize(f.text) for f in cls.action_forms_of(game.options)]
    size = sum(comb(len(cards), t.count(SLOT)) for t in templates)
    if size > LIMIT:
        k = max(t.count(SLOT) for t in templates)
        words = sorted({t[0] for t in templates if t.count(SLOT) == k})
        return (f"{size:,} complete actions with these options: '{' '.join(words)}' takes any set of up to {k} "
                f"of {len(cards)} cards")
    return cards, templates


def flat_reason(game_id: str, options: dict[str, Any] | None = None) -> str | None:
    """Why a configuration (a game id and its options, defaults omitted) has no flat action space, or None."""
    sp = _space(game_id, dict(options or {}))
    return sp if isinstance(sp, str) else None


@cache
def flat_actions(game_id: str, options: Options = ()) -> FlatActions:
    """The flat action space of a configuration (its options as sorted items: defaults may be omitted); a
    clear error (``ValueError``) where it has none."""
    sp = _space(game_id, dict(options))
    if isinstance(sp, str):
        raise ValueError(f"{game_id} has no flat action space ({sp}); use actions='tokens'")
    fa = FlatActions(game_id, *sp)
    fa.key = (game_id, options)
    return fa
