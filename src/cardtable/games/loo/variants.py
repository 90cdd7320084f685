"""Loo's variants: Five-Card Loo, Irish Loo and Lanterloo (Parlett's Five-card Loo), each a :class:`~.loo.Loo`
that states only what differs: its data (hand size, miss, Pam, exchanges, flushes) and its options.

See the package text for the rules as implemented and their sources.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.bounds import ActionForm, card_sets
from ...core.i18n import _
from ...core.options import Option
from .loo import Loo
from .options import common_options, five_card_options, fixed_rules, flush_options

__all__ = ["FiveCardLoo", "IrishLoo", "Lanterloo"]


class FiveCardLoo(Loo):
    """Five-Card Loo (Hervey): five cards, no miss, exchanges that commit, Pam (JC), flushes.

    Seed 000: "FIVE-CARD LOO is a variation of the parent game that differs from it in the
    following five particulars" — five cards and a fifth of the pool per trick; no miss;
    exchanges from the stock; Pam above the Ace of trumps and "Pam be civil"; flushes.
    """

    id = "five-card-loo"
    name = "Five-Card Loo"
    aliases = ("pam-loo",)
    source = "seed 000_021e177d957c1434.txt, 'Loo', FIVE-CARD LOO; docs/decisions.md"
    hand_size = 5
    miss_hand = False
    pam = True
    exchanges = True
    flushes = True
    option_specs = (
        *common_options(5),
        *five_card_options("trump_then_plain", "absolute", "three_card_rules"),
        *flush_options(),
        Option("deal", str, "singly", ("singly", "3+2", "2+3"), doc=_("how the five cards are dealt"),
               source="Peel: 'either first three, and then two, or one at a time, the latter ... by far the best'"),
    )
    fixed_options = fixed_rules(option_specs)

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("keep"), ActionForm("pass"), ActionForm("play"), ActionForm("play pool"),
        ActionForm("# civil"), *card_sets("exchange", 5), ActionForm("show"),
    )
    # -- end of the declaration


class IrishLoo(Loo):
    """Irish Loo: three cards, no Pam and no miss, exchanges from the stock, Club Law, limited loo.

    Seed 000: "Every player is dealt three cards, there is no Pam and no miss, but a player is
    allowed to exchange cards by drawing from the stock ... if Clubs are trumps everyone must
    enter the game ... Club Law ... makes it imperative that the penalty for being looed must be
    limited to a reasonable amount" (cap: twice the ante, IL-GAP-2, ENGINE DEFAULT). Flushes only with
    ``flush3`` (IL-GAP-1).
    """

    id = "irish-loo"
    name = "Irish Loo"
    aliases = ()
    source = "seed 000_021e177d957c1434.txt, 'Loo', IRISH LOO; docs/decisions.md"
    miss_hand = False
    exchanges = True
    option_specs = (
        *common_options(3, penalty="cap", club_law=True),
        Option("flush3", bool, False, doc=_("three of a suit looes the board (a trump flush beats a plain one)"),
               source="Peel: 'virtually the same as the five-card variety'; IL-GAP-1"),
        *flush_options(shown="after_exchange"),
    )
    fixed_options = fixed_rules(option_specs)

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("keep"), ActionForm("pass"), ActionForm("play"), ActionForm("play pool"),
        *card_sets("exchange", 3),
    )
    # -- end of the declaration


class Lanterloo(Loo):
    """Lanterloo (Parlett's Five-card Loo): 3-10 players, the dealer antes five each deal, Pam and flushes.

    Seed 002: "From three to ten receive five cards each (3+2 or 2+3) from a 52-card pack
    ... Dealer antes five chips to the pot before dealing"; pass or play, then exchanges;
    "the winner of each trick leads to the next, and must lead a trump if possible".
    """

    id = "lanterloo"
    name = "Lanterloo (Five-card Loo)"
    aliases = ("parlett-five-card-loo",)
    source = "seed 002_306a4d5946fe0cd1.txt, 'Five-card Loo (Lanterloo)' (Parlett); docs/decisions.md"
    hand_size = 5
    miss_hand = False
    pam = True
    exchanges = True
    exchange_after_bidding = True
    flushes = True
    dealer_protect = False
    option_specs = (
        *common_options(5, dealer_antes="always"),
        *five_card_options("pam_first", "unless_only_trump", "winner_leads_trump"),
        *flush_options("holder", "after_exchange"),
        Option("deal", str, "3+2", ("3+2", "2+3"), doc=_("how the five cards are dealt"),
               source="seed 002: 'five cards each (3+2 or 2+3)'"),
    )
    fixed_options = fixed_rules(option_specs)

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("keep"), ActionForm("pass"), ActionForm("play"), ActionForm("# civil"),
        *card_sets("exchange", 5), ActionForm("show", ({"flush_shown": "at_once"},)),
    )
    # -- end of the declaration

