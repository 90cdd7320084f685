"""Forty-Five and Twenty-Five: Spoil Five's play and robbing in partnerships, scored in points."""

from __future__ import annotations

from typing import Any, ClassVar

from ...core.bounds import ActionForm, DealBounds
from ...core.i18n import _, _n
from ...core.options import Option, Options
from ...core.tricks import CLAIMS
from .base import FIRST_DEALER, ROB_COMPULSORY, SCORE_KEYS, SEED, FiveCardDeal, ScoresMixin

__all__ = ["FortyFive", "TwentyFive"]


class FortyFive(ScoresMixin, FiveCardDeal):
    """Forty-Five: Spoil Five for 2, 4 (2 v 2) or 6 (3 v 3); 5 or 10 a deal (or 5 a trick net); game 45.

    Actions: a card code; ``rob <card>`` / ``decline`` (robbing the trump).
    """

    id = "forty-five"
    name = "Forty-Five"
    aliases: ClassVar[tuple[str, ...]] = ("forty-fives", "45")
    min_players, max_players, default_players = 2, 6, 4
    # "for two, four (two against two), or six (three against three) players"
    player_counts: ClassVar[tuple[int, ...]] = (2, 4, 6)
    unit = "points"
    target = 45
    source = f"{SEED}, Forty-Five paragraph (heading lost); docs/decisions.md (45-GAP-1..3)"
    option_specs: ClassVar[tuple[Option, ...]] = (
        ROB_COMPULSORY,
        Option("deal_scoring", str, "five_ten", ("five_ten", "per_trick_net"),
               doc=_("5 for three or four tricks and 10 for five, or 5 a trick less the other side's"),
               source="seed 003: 'side taking three or four tricks scores 5 points ... Sometimes each trick "
                      "counts 5 points'"),
        FIRST_DEALER,
        CLAIMS,
    )
    # No pool to forfeit: an unannounced ace always becomes the lowest trump (Scarne); a tie at the target
    # has no bidder to prefer.
    fixed_options: ClassVar[dict[str, Any]] = {
        "unannounced_ace": "lowest_trump", "tie_order": "bidder_first"}
    view_keys = (*(FiveCardDeal.view_keys or ()), *SCORE_KEYS)

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("decline"), ActionForm("rob #"), ActionForm("rob"),
    )

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """Points, one side's: 5 a trick for a seat playing alone (at most 25); 5, or 10 for all five tricks
        (``five_ten``); or 5 a trick less 5 for each of the others' (``per_trick_net``: 25 at most, and never
        below -25). Robbing the turn-up is the only action beside the five tricks; the cards dealt are the
        hands and the turn-up."""
        individual = getattr(options, "scoring", "") == "five_per_trick_individual"
        net = getattr(options, "deal_scoring", "five_ten") == "per_trick_net"
        return DealBounds(actions=players * 2 + 5 * players, least=-25 if net and not individual else 0,
                          most=25 if net or individual else 10, zero_sum=False, dealt=5 * players + 1)
    # -- end of the declaration

    def trick_done(self, winner: int) -> None:
        if self.setup.individual and self.scores[winner] + 5 * self.tricks_won[winner] >= (self.game.target or 0):
            self.end()  # Parlett's Twenty-Five: the first to 25 wins at once
        elif not self.hands[winner]:
            self.end()

    def points(self) -> list[int]:
        tricks = self.side_tricks()
        if self.setup.individual:
            return [5 * t for t in tricks]
        best = max(range(self.nsides), key=tricks.__getitem__)
        out = [0] * self.nsides
        if self.game.options.deal_scoring == "five_ten":
            out[best] = 10 if tricks[best] == 5 else 5
        else:
            out[best] = 5 * (tricks[best] - (5 - tricks[best]))
        assert sum(1 for x in out if x) <= 1  # 45-GAP-3: only the side with most tricks scores
        return out

    def point_lines(self, pts: list[int]) -> list[str]:
        tricks = self.side_tricks()
        if self.setup.individual:
            return [_n("{players} took {n} trick: 5 a trick", "{players} took {n} tricks: 5 a trick", tricks[t],
                       players=self.members(t), n=tricks[t]) for t in range(self.nsides) if tricks[t]]
        best = max(range(self.nsides), key=tricks.__getitem__)
        took = _("{players} took {n} tricks", players=self.members(best), n=tricks[best])
        if self.game.options.deal_scoring == "five_ten":
            return [_("{took}: five tricks score 10", took=took) if tricks[best] == 5 else
                    _("{took}: three or four tricks score 5", took=took)]
        return [_("{took} to {other}: 5 a trick, less the other side's, = {won} - {lost}", took=took,
                  other=5 - tricks[best], won=5 * tricks[best], lost=5 * (5 - tricks[best]))]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {**super()._view(seat), **self.score_view()}

    def status(self, seat: int | None) -> str:
        return self.joined_status(super().status(seat), seat)


class TwentyFive(FortyFive):
    """Twenty-Five: Forty-Five played to 25 (or Parlett's individual game of 5 a trick).

    Actions: a card code; ``rob <card>`` / ``decline`` (robbing the trump).
    """

    id = "twenty-five"
    name = "Twenty-Five"
    aliases = ("25",)
    target = 25
    source = f"{SEED}, Twenty-Five line (heading lost); docs/decisions.md"
    option_specs = (
        *FortyFive.option_specs,
        Option("scoring", str, "forty_five_rules", ("forty_five_rules", "five_per_trick_individual"),
               doc=_("Scarne's Forty-Five to 25, or Parlett's individual game (2 to 10 players): 5 a trick, first "
                     "to 25"),
               source="docs/decisions.md (Parlett's Twenty-Five)"),
    )

    @classmethod
    def individual_of(cls, options: Options) -> bool:
        return bool(options.scoring == "five_per_trick_individual")

    @classmethod
    def player_range(cls, options: Options) -> tuple[int, int]:
        # Parlett's individual game: "Any number can play as individuals", "as few as two or as many as ten"
        # (pagat, Twenty-Five); the seed's partnership game keeps Forty-Five's 2, 4 or 6.
        return (2, 10) if cls.individual_of(options) else (2, 6)

    @classmethod
    def player_counts_of(cls, options: Options) -> tuple[int, ...]:
        return () if cls.individual_of(options) else cls.player_counts

    @classmethod
    def configuration_problem(cls, players: int, options: Options) -> str | None:
        if cls.individual_of(options) and options.deal_scoring != "five_ten":
            return "option deal_scoring applies only with scoring='forty_five_rules'; the individual game " \
                   "(scoring='five_per_trick_individual') scores 5 a trick"
        return None
