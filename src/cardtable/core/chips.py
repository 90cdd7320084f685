"""Chips, pools and the settlement of a deal.

A :class:`Settlement` lists each seat's gain or loss, the unit, the pools as they stand
after the deal, and one line of explanation per payment. :class:`Ledger` builds one; given the seats'
names, it words a payment itself:

>>> led = Ledger(3, pools={"pool": 3}, names=("Ann", "Bea", "Cal"))
>>> led.pay(1, 0, 2)
>>> led.to_pool(2, "pool", 1, "Cal antes 1")
>>> s = led.settlement()
>>> s.deltas, s.pools, s.balanced(start_pools={"pool": 3}), s.lines
([2, -2, -1], {'pool': 4}, True, ['Bea pays Ann 2', 'Cal antes 1'])

A game scored in points that also plays for chips (Norrlandsknack: a stake to a pot, a chip for each loaf,
the pot to the winner) keeps the chips apart from the points: ``chips_to_pool`` and ``chips_from_pool`` fill
:attr:`Settlement.chips`, which balances with the pools as chip deltas do.

>>> led = Ledger(2, unit="points")
>>> led.score(0, 3, "seat 0 scores 3")
>>> led.chips_to_pool(1, "pot", 1, "seat 1 adds a chip to the pot")
>>> s = led.settlement()
>>> s.deltas, s.chips, s.pools, s.balanced()
([3, 0], [0, -1], {'pot': 1}, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .i18n import _

__all__ = ["Amount", "Ledger", "Settlement", "plain"]

Amount = int | Fraction


def plain(x: Amount) -> Any:
    """A chip amount for JSON: an int when whole, else exact text such as ``"1/3"``.

    >>> plain(Fraction(6, 2)), plain(Fraction(1, 3)), plain(4)
    (3, '1/3', 4)
    """
    if isinstance(x, Fraction):
        return x.numerator if x.denominator == 1 else str(x)
    return x


@dataclass
class Settlement:
    """The outcome of one deal: ``deltas[seat]`` and the words that explain them."""

    deltas: list[Amount]
    unit: str = "chips"
    pools: dict[str, Amount] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    chips: list[Amount] | None = None
    """Each seat's chips won or lost, in a game whose ``deltas`` are points but which also plays for chips
    (``None`` otherwise: in a chips game the deltas are the chips)."""

    def chip_deltas(self) -> list[Amount] | None:
        """The chips each seat won or lost: ``chips``, or the deltas of a chips game; ``None`` if no chips move."""
        if self.chips is not None:
            return self.chips
        return self.deltas if self.unit == "chips" else None

    def balanced(self, start_pools: dict[str, Amount] | None = None) -> bool:
        """True when chips were neither created nor lost (chip deltas plus pool changes sum to zero)."""
        start = sum((Fraction(v) for v in (start_pools or {}).values()), Fraction(0))  # carried text: '3/2'
        moved = self.chip_deltas()
        return sum(moved if moved is not None else self.deltas, Fraction(0)) \
            + sum(self.pools.values(), Fraction(0)) - start == 0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (fractions as text such as ``"1/3"``)."""
        out: dict[str, Any] = {"deltas": [plain(d) for d in self.deltas], "unit": self.unit,
                               "pools": {k: plain(v) for k, v in self.pools.items()}, "lines": list(self.lines)}
        if self.chips is not None:
            out["chips"] = [plain(c) for c in self.chips]
        return out


class Ledger:
    """Collects payments between seats and pools during settlement."""

    def __init__(self, players: int, pools: dict[str, Amount] | None = None, unit: str = "chips",
                 names: tuple[str, ...] | None = None) -> None:
        self.deltas: list[Amount] = [0] * players
        self.pools: dict[str, Amount] = dict(pools or {})
        self.lines: list[str] = []
        self.unit = unit
        self.chips: list[Amount] | None = None
        self.names = names
        """The seats' names: with them, a payment without a line of its own is worded ``Ann pays Bea 2``."""

    def pay(self, payer: int, payee: int, amount: Amount, line: str | None = None) -> None:
        """``payer`` gives ``amount`` to ``payee``."""
        self.deltas[payer] -= amount
        self.deltas[payee] += amount
        if line is None and self.names is not None:
            line = _("{player} pays {player2} {amount}", player=self.names[payer], player2=self.names[payee],
                     amount=plain(amount))
        if line:
            self.lines.append(line)

    def score(self, seat: int, amount: Amount, line: str | None = None) -> None:
        """Points from nowhere (point-scoring games only)."""
        self.deltas[seat] += amount
        if line:
            self.lines.append(line)

    def to_pool(self, seat: int, pool: str, amount: Amount, line: str | None = None) -> None:
        """``seat`` puts ``amount`` into a pool."""
        self._pool(self.deltas, seat, pool, amount, line)

    def from_pool(self, seat: int, pool: str, amount: Amount | None = None, line: str | None = None) -> Amount:
        """``seat`` takes ``amount`` (default: all) from a pool; returns what was taken."""
        return self._pool(self.deltas, seat, pool, None if amount is None else -amount, line)

    def chips_to_pool(self, seat: int, pool: str, amount: Amount, line: str | None = None) -> None:
        """In a points game: ``seat`` puts ``amount`` chips into a pool (its points are untouched)."""
        self._pool(self._chips(), seat, pool, amount, line)

    def chips_from_pool(self, seat: int, pool: str, amount: Amount | None = None, line: str | None = None) -> Amount:
        """In a points game: ``seat`` takes ``amount`` chips (default: all) from a pool; returns what was taken."""
        return self._pool(self._chips(), seat, pool, None if amount is None else -amount, line)

    def _chips(self) -> list[Amount]:
        if self.chips is None:
            self.chips = [0] * len(self.deltas)
        return self.chips

    def _pool(self, column: list[Amount], seat: int, pool: str, amount: Amount | None, line: str | None) -> Amount:
        """``seat`` puts ``amount`` into ``pool`` (a negative amount takes it out, ``None`` takes all), booked
        in ``column``; returns what the seat took."""
        have = self.pools.get(pool, 0)
        put = -have if amount is None else amount
        self.pools[pool] = have + put
        column[seat] -= put
        if line:
            self.lines.append(line)
        return -put

    def note(self, line: str) -> None:
        """An explanation line with no payment."""
        self.lines.append(line)

    def settlement(self) -> Settlement:
        """The finished settlement."""
        deltas = [_exact(d) for d in self.deltas]
        pools = {k: _exact(v) for k, v in self.pools.items()}
        chips = None if self.chips is None else [_exact(c) for c in self.chips]
        return Settlement(deltas, self.unit, pools, list(self.lines), chips)


def _exact(x: Amount) -> Amount:
    """An int where the amount is whole, else the fraction."""
    return x if isinstance(x, Fraction) and x.denominator != 1 else int(x)
