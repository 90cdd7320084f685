"""Finding the first dealer with the cards: dealt face up until a jack turns up, or cut for (low or high deals).

A game whose rules say how the first dealer is found declares ``first_dealer_rule`` (``"jack"``, ``"low"`` or
``"high"``) and the option :func:`first_dealer_option` made for that rule; a :class:`~cardtable.core.match.Match`
of a game configured with ``first_dealer="cards"`` plays the procedure at its start with a pack shuffled from the
match's seed, and keeps who drew what (:class:`FirstDealer`) in its record.

>>> from cardtable.core.cards import PACK_52
>>> cards = [PACK_52.parse(c) for c in "7C 2D 9S QH JD".split()]
>>> f = find_first_dealer("jack", PACK_52, 3, iter(cards))
>>> f.dealer, f.words(["Ann", "Bea", "Cal"])
(1, 'Cards dealt face up to find the first dealer, one to each player in turn until a jack turns up: Ann 7♣, \
Bea 2♦, Cal 9♠, Ann Q♥, Bea J♦. The jack fell to Bea: the first dealer is Bea.')
>>> cut = [PACK_52.parse(c) for c in "7C 3D 3S KH 5S".split()]
>>> g = find_first_dealer("low", PACK_52, 3, iter(cut))
>>> g.dealer, g.rounds
(2, (((0, '7C'), (1, '3D'), (2, '3S')), ((1, 'KH'), (2, '5S'))))
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import RulesError
from .cards import Pack
from .i18n import _
from .options import Option
from .words import card_symbol

__all__ = ["FIRST_DEALER_VALUES", "RULES", "FirstDealer", "cut_rank", "cutting_cards", "find_first_dealer",
           "first_dealer_option"]

RULES = ("jack", "low", "high")
"""How a game's rules find the first dealer: cards dealt face up until a jack turns up; a cut, the lowest card
dealing (ace low); a cut, the highest card dealing (ace high)."""

FIRST_DEALER_VALUES = ("first_player", "cards")
"""The option ``first_dealer``: the first player at the table deals first (the default), or the cards decide."""

_DOCS = {
    "jack": "who deals first: the first player at the table, or (cards) the player who receives the first jack "
            "when cards are dealt face up, one to each player in turn",
    "low": "who deals first: the first player at the table, or (cards) the player who cuts the lowest card, "
           "ace low; players who tie for lowest cut again",
    "high": "who deals first: the first player at the table, or (cards) the player who cuts the highest card, "
            "ace high; players who tie for highest cut again",
}
_HOW = {
    "jack": "Cards dealt face up to find the first dealer, one to each player in turn until a jack turns up",
    "low": "Cutting for the first deal, the lowest card deals (ace low)",
    "high": "Cutting for the first deal, the highest card deals (ace high)",
}


def first_dealer_option(rule: str, source: str) -> Option:
    """The option ``first_dealer`` of a game whose rules find the first dealer by ``rule`` (see :data:`RULES`)."""
    if rule not in RULES:
        raise ValueError(f"a first-dealer rule is one of {', '.join(RULES)}, not {rule!r}")
    return Option("first_dealer", str, "first_player", FIRST_DEALER_VALUES, doc=_DOCS[rule], source=source)


def cut_rank(pack: Pack, card: int, rule: str) -> int:
    """A card's rank in a cut: 2..13 with the ace 1 (``low``) or 14 (``high``); a joker lowest of all (0)."""
    r = pack.rank[card]
    return 1 if r == 14 and rule == "low" else r


@dataclass(frozen=True)
class FirstDealer:
    """Who dealt first and why: the rule, and the cards each seat received or cut, round by round (a round after
    the first is a re-cut among those who tied)."""

    dealer: int
    rule: str
    rounds: tuple[tuple[tuple[int, str], ...], ...]

    def words(self, names: Sequence[str]) -> str:
        """The procedure in plain words, in the seats' names (what the table and the command line show)."""
        def shown(cards: Sequence[tuple[int, str]]) -> str:
            return ", ".join(f"{names[s]} {card_symbol(c)}" for s, c in cards)

        text = f"{_HOW[self.rule]}: {shown(self.rounds[0])}"
        for cards in self.rounds[1:]:
            tied = [names[s] for s, _x in cards]
            text += f"; {', '.join(tied[:-1])} and {tied[-1]} tie and cut again: {shown(cards)}"
        who = names[self.dealer]
        if self.rule == "jack":
            return _("{text}. The jack fell to {who}: the first dealer is {who}.", text=text, who=who)
        return _("{text}. The first dealer is {who}.", text=text, who=who)

    def to_record(self) -> dict[str, Any]:
        """As data for a match record."""
        return {"dealer": self.dealer, "rule": self.rule, "rounds": [[[s, c] for s, c in r] for r in self.rounds]}

    @classmethod
    def from_record(cls, data: Any, players: int) -> FirstDealer:
        """Read back :meth:`to_record`; raises :class:`RulesError` saying what is malformed."""
        try:
            dealer, rule = data["dealer"], data["rule"]
            rounds = tuple(tuple((int(s), str(c)) for s, c in r) for r in data["rounds"])
        except (KeyError, TypeError, ValueError) as e:
            raise RulesError(f"not a first-dealer record (dealer, rule and rounds of [seat, card]): {e}") from None
        if rule not in RULES or not isinstance(dealer, int) or not 0 <= dealer < players or not rounds:
            raise RulesError(f"not a first-dealer record: dealer {dealer!r} (a seat from 0 to {players - 1}), "
                             f"rule {rule!r} (one of {', '.join(RULES)})")
        return cls(dealer, rule, rounds)


def cutting_cards(pack: Pack, seed: int | None) -> Iterator[int]:
    """The cards of ``pack`` in shuffled order, shuffled again each time it is used up, from ``seed`` (the
    match's: the same seed finds the same first dealer; ``None``: unseeded)."""
    rng = random.Random(None if seed is None else f"first dealer {seed}")
    while True:
        order = list(range(pack.size))
        rng.shuffle(order)
        yield from order


def find_first_dealer(rule: str, pack: Pack, players: int, cards: Iterator[int]) -> FirstDealer:
    """Play ``rule`` (:data:`RULES`) among seats ``0..players-1`` with ``cards`` (top first).

    ``jack``: one card face up to each seat in turn from the first, until a jack turns up; its receiver deals.
    ``low``/``high``: each seat in turn cuts (takes the next card); the lowest (ace low) or highest (ace high)
    deals; seats that tie for it cut again, in seat order, from the rest of the cards.
    """
    def next_card() -> int:
        c = next(cards, None)
        if c is None:
            raise RulesError("the cards ran out before the first dealer was found")
        return c

    if rule == "jack":
        dealt: list[tuple[int, str]] = []
        seat = 0
        while True:
            c = next_card()
            dealt.append((seat, pack.code_of[c]))
            if pack.rank[c] == 11:
                return FirstDealer(seat, rule, (tuple(dealt),))
            seat = (seat + 1) % players
    if rule not in ("low", "high"):
        raise ValueError(f"a first-dealer rule is one of {', '.join(RULES)}, not {rule!r}")
    rounds: list[tuple[tuple[int, str], ...]] = []
    cutters = list(range(players))
    while True:
        cut = [(s, next_card()) for s in cutters]
        rounds.append(tuple((s, pack.code_of[c]) for s, c in cut))
        ranks = [cut_rank(pack, c, rule) for _x, c in cut]
        best = min(ranks) if rule == "low" else max(ranks)
        cutters = [s for (s, _x), r in zip(cut, ranks, strict=True) if r == best]
        if len(cutters) == 1:
            return FirstDealer(cutters[0], rule, tuple(rounds))
