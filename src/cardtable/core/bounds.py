"""What a game declares about the size of its deals: its action forms and its bounds.

Learning libraries ask a game for things the rules know but no single deal shows: every action it can ever
take (to number them once), the longest deal, the most and the least a seat can win or lose in one deal,
whether every deal settles to zero, and how many cards of the pack order a deal depends on. A game states
them in its declaration; nothing is measured.

- :class:`ActionForm`: one form of the game's actions, in the order that numbers them (``"#"`` a card,
  ``"bid 3"``, ``"exchange # #"``: ``#`` stands for one card of the pack), with the option settings that bring
  it (none: every configuration has it). ``Deal.action_forms`` lists them; :func:`forms` writes a word with
  the range of its argument.
- :class:`DealBounds`: what ``Deal.deal_bounds(players, options)`` answers for one configuration.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = ["CARD", "ActionForm", "DealBounds", "forms"]

CARD = "#"
"""A card slot in an action form."""


@dataclass(frozen=True)
class ActionForm:
    """One form of a game's actions: its words with ``#`` for each card it names, and the option settings
    that bring it (any one of them: ``({"purchase": True},)``; empty: every configuration has it)."""

    text: str
    when: tuple[Mapping[str, Any], ...] = ()

    def allowed(self, options: Mapping[str, Any]) -> bool:
        """Whether a configuration with these options has this form."""
        return not self.when or any(all(options.get(k) == v for k, v in w.items()) for w in self.when)


def forms(pattern: str, values: Iterable[Any], *when: Mapping[str, Any]) -> tuple[ActionForm, ...]:
    """The forms of one word over the range of its argument: ``forms("bid {}", range(1, 61))`` is ``bid 1``
    to ``bid 60``; ``forms("exchange {}", (" ".join("#" * k) for k in range(1, 6)), {"purchase": True})``."""
    return tuple(ActionForm(pattern.format(v), tuple(when)) for v in values)


def card_sets(word: str, most: int, *when: Mapping[str, Any], least: int = 1) -> tuple[ActionForm, ...]:
    """A word with a set of ``least`` to ``most`` cards (an exchange, a discard): ``word #`` ... ``word # # #``."""
    return forms(word + " {}", (" ".join(CARD * k) for k in range(least, most + 1)), *when)


@dataclass(frozen=True)
class DealBounds:
    """The bounds of one configuration's deals, as the game declares them (exact, or a proven upper bound).

    actions: the most actions one deal can take (every seat's, from the first to the last).
    least, most: the least and the most one seat can get in one deal (the settlement's delta; a loss is
        negative).
    zero_sum: whether every deal's deltas sum to zero (nothing paid into or out of a pool, no side scoring
        alone).
    dealt: how many cards of the pack order a deal can depend on: the cards dealt where play never draws from
        the stock (the rest of the pack is never seen and never matters), else the whole pack.
    longest_action: the most words and cards in one action (an exchange of five cards: six); ``None``: the
        longest of the game's action forms.
    """

    actions: int
    least: Fraction | int
    most: Fraction | int
    zero_sum: bool
    dealt: int
    longest_action: int | None = None
