"""The Solo family's cards and contracts: the 36-card pack's ranking and card points, the games that may be
bid as data (:class:`Contract`), and the options of their tariffs, each declared once.

See the package text for the rules as implemented and their sources.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import PACK_36, SUIT_NAMES, SUITS
from ...core.cutting import first_dealer_option
from ...core.dealing import DealPlan
from ...core.i18n import _
from ...core.options import Option
from ...core.tricks import TrickRules

__all__ = ["CARD_POINTS", "COUNTERS", "FOUR_HAND", "HEARTS", "MISERE_GOAL", "PLAN", "RANK_OF", "SEED", "SIX_BID_TARIFF",
           "SPREAD_EXPOSE", "SUIT_WORDS", "Contract", "card_points", "card_words", "rules_for", "six_bid_games"]

SEED = "seed 001_50a7678b5606f88b.txt"
FIRST_DEALER = first_dealer_option(
    "low", source=f"{SEED} Six-Bid Solo, 'Beginning of the Game': 'The selection of the "
                  "dealer ... as provided under the General Rules'; docs/decisions.md (cutting, low "
                  "deals)")
"""Six-Bid Solo's first dealer, also its variants' ('played the same as Six-Bid Solo')."""
PLAN = DealPlan(rounds=(4, 3, 4), widows=(("widow", 1, 3),))
"""'four-three-widow-four': the widow is put aside after the round of three."""

_POWER_OF = {r: i for i, r in enumerate("6789JQKTA")}
POWER = tuple(_POWER_OF[c[0]] for c in PACK_36.code_of)
"""Rank in suit: ace (high), ten, king, queen, jack, nine, eight, seven, six."""
_VALUE = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
CARD_POINTS = _VALUE
"""The card points of each rank (others count nothing)."""
POINTS = tuple(_VALUE.get(c[0], 0) for c in PACK_36.code_of)
_BY_VALUE = tuple((v, sum(1 << i for i, c in enumerate(PACK_36.code_of) if c[0] == r)) for r, v in _VALUE.items())
COUNTERS = sum(m for _x, m in _BY_VALUE)
HEARTS = 1
SUIT_WORDS = dict(zip(SUIT_NAMES, SUITS))
_RANK_WORDS = dict(zip("AKQJT9876", ("ace", "king", "queen", "jack", "ten", "nine", "eight", "seven", "six")))
RANK_OF = {w: r for r, w in _RANK_WORDS.items()}


def card_words(code: str) -> str:
    """A card in words, as the call of Call Solo names it (the card may be one the caller cannot see).

    >>> card_words("TC")
    'ten of clubs'
    """
    return f"{_RANK_WORDS[code[0]]} of {SUIT_NAMES[SUITS.index(code[1])]}"


def card_points(mask: int) -> int:
    """Card points in a set of cards (A 11, T 10, K 4, Q 3, J 2).

    >>> card_points(PACK_36.mask("AS TS 6S JH"))
    23
    """
    return sum(v * (mask & m).bit_count() for v, m in _BY_VALUE)


def rules_for(trump: int | None) -> TrickRules:
    """Follow suit; unable to follow, trump if able (no need to trump high)."""
    return TrickRules(PACK_36, trump, power=POWER, trump_when_void=True)


@dataclass(frozen=True)
class Contract:
    """A game that may be bid, as data.

    kind: ``rate`` (chips per point over or under 60; 60 is no score), ``flat`` (``value`` if
    the bidder takes ``need`` points), ``misere`` (``value`` if he avoids counting cards).
    trump: fixed suit letter, ``""`` for no trumps, ``None`` when the bidder names one of
    ``choices`` after winning the bidding. widow: ``counts`` (set aside, counted for the
    bidder), ``out`` (not counted), ``take`` (picked up, three discarded, discards counted).
    """

    word: str
    name: str
    kind: str
    value: int
    trump: str | None = None
    choices: str = "SDC"
    widow: str = "counts"
    value_hearts: int | None = None
    need: int = 61
    need_hearts: int | None = None
    tie_at_60: bool = True
    spread: bool = False
    call: bool = False
    collect_two: bool = False
    pot: str | None = None

    def target(self, trump: int | None) -> int:
        """Points the bidder must take in a ``flat`` game."""
        return self.need_hearts if trump == HEARTS and self.need_hearts is not None else self.need

    def flat_value(self, trump: int | None) -> int:
        """What a ``flat`` or ``misere`` game wins or loses per opponent."""
        return self.value_hearts if trump == HEARTS and self.value_hearts is not None else self.value


def _tariff(name: str, default: int, doc: str, source: str) -> Option:
    return Option(name, int, default, range(1, 1001), doc=doc, source=source)


FOUR_HAND = Option("four_hand_solo_loss", str, "pay_three", ("pay_three", "pay_two"),
                   doc=_("more than three at the table: a failed simple or heart solo pays everyone else at the "
                         "table (all three at four; all four at Frog's five), or only the two active"),
                   source="seed 001 Six-Bid Solo scoring; SB-GAP-5")
MISERE_GOAL = Option("misere_goal", str, "no_counters", ("no_counters", "no_tricks"),
                     doc=_("Misère: avoid taking any counting card (Scarne), or any trick"),
                     source="seed 001 'avoid taking any counting cards'; SB-GAP-2")
SPREAD_EXPOSE = Option("spread_expose", str, "after_lead", ("after_lead", "after_first_trick_cards"),
                       doc=_("Spread Misère: the hand is shown after the opening lead, or once the other two have "
                             "played to the first trick"),
                       source="seed 001 'exposes his whole hand face up after the opening lead'; SB-GAP-3")
SIX_BID_TARIFF = (
    _tariff("solo_rate", 2, _("Solo: chips per point over or under 60"),
            source=f"{SEED} Six-Bid table: '2 for each point'"),
    _tariff("heart_solo_rate", 3, _("Heart Solo: chips per point over or under 60"),
            source=f"{SEED} Six-Bid table: '3 for each point'"),
    _tariff("misere", 30, _("Misère: chips won or lost per opponent"),
            source="SB-GAP-1 (traditional tariff; default 30)"),
    _tariff("guarantee_solo", 40, _("Guarantee Solo: chips won or lost per opponent"), source="SB-GAP-1"),
    _tariff("spread_misere", 60, _("Spread Misère: chips won or lost per opponent"), source="SB-GAP-1"),
    _tariff("call_solo_hearts", 150, _("Call Solo with hearts trumps: chips per opponent"), source="SB-GAP-1"),
    _tariff("call_solo_other", 100, _("Call Solo with another trump: chips per opponent"), source="SB-GAP-1"),
)


def six_bid_games(misere: int, guarantee: int, spread: int, call_hearts: int, call_other: int) -> list[Contract]:
    """Misère, Guarantee Solo, Spread Misère and Call Solo (low to high), with flat values."""
    return [
        Contract("misere", _("Misère"), "misere", misere, trump="", widow="out"),
        Contract("guarantee-solo", _("Guarantee Solo"), "flat", guarantee, choices=SUITS, need=80, need_hearts=74,
                 tie_at_60=False),
        Contract("spread-misere", _("Spread Misère"), "misere", spread, trump="", widow="out", spread=True),
        Contract("call-solo", _("Call Solo"), "flat", call_other, choices=SUITS, value_hearts=call_hearts, need=120,
                 tie_at_60=False, call=True),
    ]

