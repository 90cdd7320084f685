"""The Loo family's options, each declared once, and the rules a variant fixes where its relatives let
players choose (:func:`fixed_rules`)."""

from __future__ import annotations

from typing import Any

from ...core.i18n import _
from ...core.options import Option
from ...core.tricks import CLAIMS

__all__ = ["RULES_FIXED", "common_options", "five_card_options", "fixed_rules", "flush_options"]

RULES_FIXED: dict[str, Any] = {
    "lead_rule": "three_card_rules", "pam_civil": "absolute", "flush_order": "trump_then_plain",
    "flush_tie": "divide", "flush_loos_passers": True, "flush_paid_to": "pool", "flush_shown": "at_once",
    "defend_pool_hand": "own_or_miss", "deal": "singly", "flush3": False}


def fixed_rules(specs: tuple[Option, ...]) -> dict[str, Any]:
    """The fixed rules of a variant with these options: every rule of Loo it does not offer as an option."""
    offered = {o.name for o in specs}
    return {k: v for k, v in RULES_FIXED.items() if k not in offered}


_ANTE_SRC = "seed 000 Loo: 'an agreed number of units ... divisible by three'; Peel: 'three ... for the deal'"


def common_options(ante: int, penalty: str = "pool_at_start", dealer_antes: str = "only_if_no_loo",
            club_law: bool = False) -> tuple[Option, ...]:
    return (
        Option("ante", int, ante, range(1, 1001), doc=_("what the dealer puts into the pool (a multiple of the "
                                                        "tricks)"),
               source=_ANTE_SRC),
        Option("penalty", str, penalty, ("pool_at_start", "fixed", "cap"),
               doc=_("a looed player pays the pool as it stood at the start of the deal (unlimited loo), a fixed "
                     "sum, or the pool capped at a limit"),
               source="seed 000: 'as many units as there were in it at the beginning of the deal'; L3-GAP-2"),
        Option("penalty_limit", int, 0, range(0, 10001),
               doc=_("the fixed loo or the cap; 0 means twice the ante (Peel: 3 for the deal and 6 for a loo)"),
               source="L3-GAP-2; IL-GAP-2"),
        Option("dealer_antes", str, dealer_antes, ("only_if_no_loo", "always"),
               doc=_("the dealer antes only after a deal in which no one was looed, or every deal"),
               source="seed 000: 'If no player is looed, the next dealer replenishes the pool'; L3-GAP-3"),
        Option("undertrump_required", bool, True,
               doc=_("a void player unable to overtrump must still play a trump"),
               source="seed 002: 'may renounce only if unable to do either'; L3-GAP-4"),
        Option("club_law", bool, club_law, doc=_("when clubs are trumps no one may pass (and there is no miss)"),
               source="seed 000 Irish Loo: 'Club Law'; seed 002 'Variant: No one may pass if clubs are trump'"),
        CLAIMS,
    )


def five_card_options(flush_order: str, pam_civil: str, lead_rule: str) -> tuple[Option, ...]:
    return (
        Option("flush_order", str, flush_order, ("trump_then_plain", "pam_first"),
               doc=_("flush ranking: Hervey's (4 + Pam is a flush of its suit; trump beats plain) or Parlett's (4 "
                     "+ Pam first, then trumps, then plain)"),
               source="L5-GAP-2"),
        Option("pam_civil", str, pam_civil, ("absolute", "unless_only_trump"),
               doc=_("'Pam be civil': Pam may not be played to the trick at all, or not if the holder has another "
                     "trump"),
               source="seed 000: 'debarred from playing it'; seed 002: 'if he has any other trump'; L5-GAP-3"),
        Option("lead_rule", str, lead_rule, ("three_card_rules", "winner_leads_trump"),
               doc=_("lead obligations: the trump Ace and two-trump rules at every lead, or the winner of each "
                     "trick leads a trump to the next if he can (the opening lead free)"),
               source="seed 000 rules 3-4; seed 002 'must lead a trump if possible'; L5-GAP-6"),
    )


_FLUSH = (
    Option("flush_tie", str, "divide", ("divide", "elder_hand"),
           doc=_("exactly equal best flushes divide the pool, or the elder hand wins"),
           source="seed 000: 'exactly equal the pool is divided'; L5-GAP-1"),
    Option("flush_loos_passers", bool, True, doc=_("a flush looes those who passed as well"),
           source="Peel: 'whether they stood or not'; L5-GAP-5"),
)


def flush_options(paid_to: str = "pool", shown: str = "at_once") -> tuple[Option, ...]:
    return (
        Option("flush_shown", str, shown, ("at_once", "after_exchange"),
               doc=_("a flush dealt is shown at once, ending the deal before anyone decides or exchanges; or "
                     "flushes are compared after the exchanges (a flush held at the deal still counts)"),
               source="seed 000: 'must expose his hand at once'; seed 002: 'whether before or after "
                      "exchanging cards'; L5-GAP-5"),
        *_FLUSH,
        Option("flush_paid_to", str, paid_to, ("pool", "holder"),
               doc=_("those looed by a flush pay their loo into the pool (for the next deal), or to the flush "
                     "holder"),
               source="seed 000: 'are looed'; Hoyle: 'divided among the winners at the ensuing deal'; "
                      "seed 002: 'appropriately paid by anyone who does not ... hold either Pam or a flush'; "
                      "Peel: 'receives from each of the players ... the amount of a loo'"),
    )

