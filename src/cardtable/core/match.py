"""A match: successive deals with the dealer rotating, pools carried and totals kept.

>>> import cardtable as ct
>>> m = ct.Match(ct.load("nap", players=3), seed=5, deals=2)
>>> bot = ct.bots.load("random", seed=1)
>>> while not m.over:
...     d = m.next_deal()
...     while not d.over:
...         d.act(bot.choose(d, d.turn))
...     _ = m.record(d)
>>> len(m.results), sum(m.totals), m.chips == m.totals
(2, 0, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import IllegalAction

if TYPE_CHECKING:
    from .chips import Amount, Settlement
    from .deal import Deal
    from .game import Game

__all__ = ["Match"]


class Match:
    """Plays successive deals of ``game``.

    ``deals`` caps the number of deals; the game's own target (``game.match_over``) also
    ends the match. Deal ``i`` is shuffled from ``seed * 1_000_003 + i`` so that a match is
    reproducible from its seed.
    """

    def __init__(self, game: Game, seed: int | None = None, deals: int | None = None, dealer: int = 0) -> None:
        self.game = game
        self.seed = seed
        self.max_deals = deals
        self.dealer = dealer
        self.carry: dict[str, Any] | None = None
        self.totals: list[Amount] = [0] * game.players
        self.chips: list[Amount] = [0] * game.players
        """Chips won or lost by each seat so far: the totals of a chips game, or the chips a game scored in
        points plays for (its settlements' ``chips``)."""
        self.results: list[Settlement] = []
        self.current: Deal | None = None

    @property
    def over(self) -> bool:
        """True when the deal cap or the game's target is reached."""
        if self.max_deals is not None and len(self.results) >= self.max_deals:
            return True
        return bool(self.results) and self.game.match_over(self.totals, len(self.results))

    def next_deal(self, deck: str | None = None) -> Deal:
        """The next deal, dealt by the right dealer with the carried pools."""
        if self.over:
            raise IllegalAction("the match is over")
        seed = None if self.seed is None else self.seed * 1_000_003 + len(self.results)
        self.current = self.game.deal(seed=seed, deck=deck, dealer=self.dealer, carry=self.carry)
        return self.current

    def record(self, deal: Deal) -> Settlement:
        """Add a finished deal's settlement to the totals and move the deal on."""
        res = deal.result()
        for i, d in enumerate(res.deltas):
            self.totals[i] += d
        for i, c in enumerate(res.chip_deltas() or ()):
            self.chips[i] += c
        self.results.append(res)
        self.carry = deal.carry
        self.dealer = self.game.next_dealer(deal)
        self.current = None
        return res
