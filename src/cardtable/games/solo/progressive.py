"""Progressive Solo (Denver Solo): five bids in suit order, round-and-round bidding with doubling, and the
frog and solo pots (a variant of :class:`~.six_bid.SixBidSolo` that states only what differs).

See the package text for the rules as implemented and their sources.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.bounds import ActionForm
from ...core.i18n import _
from ...core.options import Option, Options
from ...core.tricks import CLAIMS
from .contracts import FIRST_DEALER, FOUR_HAND, SEED, Contract
from .six_bid import SixBidSolo

__all__ = ["ProgressiveSolo"]


class ProgressiveSolo(SixBidSolo):
    """Progressive Solo (Denver Solo): five bids in suit order, doubling, frog and solo pots.

    Seed 001: "There are five standard bids, which rank upward: frog, spade solo, club solo,
    diamond solo, heart solo. The bidding continues around and around, until all players but
    one have passed." Rates per point over or under 60: 1, 2, 3, 4, 5.
    """

    id = "progressive-solo"
    name = "Progressive Solo"
    aliases = ("denver-solo",)
    source = f"{SEED}, 'Progressive Solo'; docs/decisions.md"
    auction_mode = "round"
    option_specs = (
        Option("failed_double_pays", str, "each_opponent_x2", ("each_opponent_x2", "doubler_x2_other_x1"),
               doc=_("a failed doubled bid pays twice to each opponent, or twice to the doubler and once to the "
                     "others (four times when redoubled)"),
               source=f"{SEED} Progressive: 'the bidder loses twice the usual amount to the other players'; PS-GAP-2"),
        Option("pot_ante", int, 1, range(1, 101), doc=_("chips each player puts into a pot when it is fed"),
               source="ENGINE DEFAULT (unsourced): 'each player contributes equally to a frog pot and a solo pot'"),
        Option("pot_feed", str, "when_empty", ("when_empty", "every_deal"),
               doc=_("feed a pot when it is empty at the start of a deal, or feed both pots every deal"),
               source="ENGINE DEFAULT (unsourced)"),
        Option("doubled_bidder_overcalls", bool, False,
               doc=_("the player whose bid was doubled may himself bid higher in his turn (not only pass or "
                     "redouble)"),
               source=f"{SEED} Progressive: 'the doubled or redoubled bid may be overcalled by anyone making a "
                      "higher bid in turn'; PS-GAP-6"),
        FOUR_HAND,
        FIRST_DEALER,
        CLAIMS,
    )
    fixed_options = {"misere_goal": "no_counters", "spread_expose": "after_lead"}  # no Misère here
    RATES = (("frog", _("Frog"), "H", 1), ("spade-solo", _("Spade Solo"), "S", 2),
             ("club-solo", _("Club Solo"), "C", 3),
             ("diamond-solo", _("Diamond Solo"), "D", 4), ("heart-solo", _("Heart Solo"), "H", 5))

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("club-solo"), ActionForm("diamond-solo"), ActionForm("double"),
        ActionForm("frog"), ActionForm("heart-solo"), ActionForm("pass"), ActionForm("redouble"),
        ActionForm("spade-solo"), ActionForm("discard #"),
    )
    has_pots = True
    payment_multiple = 4  # a redoubled bid
    # -- end of the declaration

    @classmethod
    def contracts(cls, options: Options) -> list[Contract]:
        return [Contract(w, n, "rate", rate, trump=t, widow="take" if w == "frog" else "counts",
                         collect_two=w != "frog", pot="frog" if w == "frog" else "solo")
                for w, n, t, rate in cls.RATES]

    def antes(self, pools: dict[str, int]) -> dict[str, int]:
        o = self.game.options
        every = o.pot_feed == "every_deal"
        return {p: o.pot_ante for p in ("frog_pot", "solo_pot") if every or not pools.get(p)}

    def doubled_bidder_overcalls(self) -> bool:
        """PS-GAP-6: by default the doubled bidder may only pass or redouble; the option lets him overcall."""
        return bool(self.game.options.doubled_bidder_overcalls)

    def payers(self, sign: int) -> list[tuple[int, int]]:
        """Doubled and redoubled contracts multiply the payments (PS-GAP-2)."""
        times = (1, 2, 4)[self.auction.doubled]
        doubler = self.auction.doubler
        each = sign < 0 and self.game.options.failed_double_pays == "each_opponent_x2"
        return [(s, times if (s == doubler or each) else 1) for s, _x in super().payers(sign)]

    def describe(self) -> str:
        a = self.auction
        if not a.doubled:
            return super().describe()
        again = _(" and redoubled") if a.doubled == 2 else ""
        return _("{describe} doubled by {player}{again}", describe=super().describe(),
                 player=self.names[a.doubler or 0], again=again)
