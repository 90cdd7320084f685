"""The three kinds of error cardtable raises, all :class:`ValueError` subclasses.

Each message says what was wrong and what is allowed.
"""

from __future__ import annotations

__all__ = ["CardError", "IllegalAction", "RulesError"]


class CardError(ValueError):
    """A card code or pack text could not be read (``"1X"``, ``"ZZ"``)."""


class RulesError(ValueError):
    """An unknown game, a player count out of range, an unknown option or a bad option value."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the deal is left unchanged."""
