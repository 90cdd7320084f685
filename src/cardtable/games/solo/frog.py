"""Frog and Coeur d'Alene Solo: Six-Bid Solo with other bids (:class:`~.six_bid.SixBidSolo`'s variants that
state only what differs).

See the package text for the rules as implemented and their sources.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.bounds import ActionForm, forms
from ...core.i18n import _
from ...core.options import Option, Options
from ...core.tricks import CLAIMS
from .contracts import (
    FIRST_DEALER,
    FOUR_HAND,
    MISERE_GOAL,
    RANK_OF,
    SEED,
    SIX_BID_TARIFF,
    SPREAD_EXPOSE,
    SUIT_WORDS,
    Contract,
    six_bid_games,
)
from .six_bid import SixBidSolo

__all__ = ["CoeurDAleneSolo", "Frog"]


class Frog(SixBidSolo):
    """Frog (Rana, Sixty Solo): Six-Bid Solo with three bids — Frog, Chico and Grand.

    Seed 001: "Frog lowest. Hearts are trumps. The bidder picks up the widow and then discards
    any three cards face down. He collects or pays for every point he takes in play over or
    under 60. Chico has the same meaning as simple solo in Six-Bid Solo." Grand: FR-GAP-1.
    Three to five at the table, three active (Foster; see "Players" below).
    """

    id = "frog"
    name = "Frog"
    aliases = ("rana", "sixty-solo")
    source = f"{SEED}, 'Frog'; docs/decisions.md"
    max_players = 5
    option_specs = (
        Option("frog_rate", int, 1, range(1, 101), doc=_("Frog: chips per point over or under 60"),
               source=f"{SEED} Frog: 'He collects or pays for every point'"),
        Option("chico_rate", int, 2, range(1, 101), doc=_("Chico (simple solo): chips per point over or under 60"),
               source=f"{SEED} Frog: 'Chico has the same meaning as simple solo'; FR-GAP-3"),
        Option("grand_rate", int, 3, (3, 4), doc=_("Grand (hearts trumps, widow counts): chips per point"),
               source="FR-GAP-1, FR-GAP-2"),
        FOUR_HAND,
        FIRST_DEALER,
        CLAIMS,
    )
    fixed_options = {"misere_goal": "no_counters", "spread_expose": "after_lead"}  # no Misère here

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("chico"), ActionForm("frog"), ActionForm("grand"), ActionForm("pass"),
        *forms("trump {}", ("clubs", "diamonds", "spades")), ActionForm("discard #"),
    )
    # -- end of the declaration

    @classmethod
    def active_seats(cls, players: int, dealer: int) -> tuple[int, ...]:
        """Foster: "If four play, the dealer takes no cards. If five play, he gives cards to the two on
        his left and one on his right" (FR-GAP-3 note)."""
        if players == 5:
            return (dealer + 1) % 5, (dealer + 2) % 5, (dealer + 4) % 5
        return super().active_seats(players, dealer)

    @classmethod
    def contracts(cls, options: Options) -> list[Contract]:
        o = options
        return [
            Contract("frog", _("Frog"), "rate", o.frog_rate, trump="H", widow="take"),
            Contract("chico", _("Chico"), "rate", o.chico_rate, collect_two=True),
            Contract("grand", _("Grand"), "rate", o.grand_rate, trump="H", collect_two=True),
        ]


class CoeurDAleneSolo(SixBidSolo):
    """Coeur d'Alene Solo: each hand a complete game — 61 wins, 60 is a tie, flat stakes.

    Seed 001: "Each hand constitutes a complete game, 61 points being needed to win; excess
    points are not considered. If a bidder makes 60 points, it is rated a tie, and the deal
    passes to the left. The settlements for wins and losses are computed as follows: 1 chip for
    a frog, 2 chips for a simple solo, 3 chips for a heart solo."
    """

    id = "coeur-d-alene-solo"
    name = "Coeur d'Alene Solo"
    aliases = ("coeur-dalene-solo", "coeur-d-alene")
    source = f"{SEED}, 'Coeur D'Alene Solo'; docs/decisions.md"
    option_specs = (
        Option("bids", str, "frog_family", ("frog_family", "six_bid"),
               doc=_("the bids: Frog, Solo, Heart Solo; or these plus Six-Bid's Misère, Guarantee Solo, Spread "
                     "Misère and Call Solo at their flat values"),
               source="CA-GAP-1"),
        Option("frog_value", int, 1, range(1, 101), doc=_("chips won or lost per opponent on a Frog"),
               source=f"{SEED} Coeur d'Alene: '1 chip for a frog'"),
        Option("solo_value", int, 2, range(1, 101), doc=_("chips won or lost per opponent on a simple Solo"),
               source=f"{SEED} Coeur d'Alene: '2 chips for a simple solo'"),
        Option("heart_solo_value", int, 3, range(1, 101), doc=_("chips won or lost per opponent on a Heart Solo"),
               source=f"{SEED} Coeur d'Alene: '3 chips for a heart solo'"),
        *SIX_BID_TARIFF[2:], MISERE_GOAL, SPREAD_EXPOSE, FOUR_HAND,
        FIRST_DEALER,
        CLAIMS,
    )

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("frog"), ActionForm("heart-solo"), ActionForm("pass"), ActionForm("solo"),
        *forms("trump {}", ("clubs", "diamonds", "spades")), ActionForm("discard #"),
        *forms("call {}", sorted(f"{r} of {s}" for r in RANK_OF for s in SUIT_WORDS), {"bids": "six_bid"}),
        ActionForm("call-solo", ({"bids": "six_bid"},)), ActionForm("guarantee-solo", ({"bids": "six_bid"},)),
        ActionForm("misere", ({"bids": "six_bid"},)), ActionForm("spread-misere", ({"bids": "six_bid"},)),
        ActionForm("trump hearts", ({"bids": "six_bid"},)), ActionForm("give #", ({"bids": "six_bid"},)),
    )
    # -- end of the declaration

    @classmethod
    def contracts(cls, options: Options) -> list[Contract]:
        o = options
        out = [
            Contract("frog", _("Frog"), "flat", o.frog_value, trump="H", widow="take"),
            Contract("solo", _("Solo"), "flat", o.solo_value, collect_two=True),
            Contract("heart-solo", _("Heart Solo"), "flat", o.heart_solo_value, trump="H", collect_two=True),
        ]
        if o.bids == "six_bid":
            out += six_bid_games(o.misere, o.guarantee_solo, o.spread_misere, o.call_solo_hearts, o.call_solo_other)
        return out
