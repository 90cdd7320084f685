"""The one ranking of the family: effective suit, power and renege rights from the trump suit.

Every game of the family builds its trick rules with :func:`family_rules`; nothing else in the
package ranks a card or decides what may be played to a trick.
"""

from __future__ import annotations

from functools import cache

from ...core.cards import PACK_25, SUITS, Pack
from ...core.tricks import TrickRules

__all__ = ["HEARTS", "family_rules"]

HEARTS = 1
RED_PLAIN = "KQJT98765432A"
BLACK_PLAIN = "KQJA23456789T"
EUCHRE_PLAIN = "AKQJT9"


def _spoil_tables(pack: Pack, trump: int, demoted: bool) -> tuple[list[int], list[int], list[int]]:
    """Effective suit, power and protected-trump mask (by led card) per card of the 52-card pack."""
    code, idx = pack.code_of, {c: i for i, c in enumerate(pack.code_of)}
    suit_of, power = list(pack.suit), [0] * pack.size
    for s in range(4):
        plain = RED_PLAIN if s in (1, 2) else BLACK_PLAIN  # "highest in red, lowest in black"
        for i, r in enumerate(plain):
            if r + SUITS[s] in idx:
                power[idx[r + SUITS[s]]] = len(plain) - i
    t = SUITS[trump]
    rest = [r for r in (RED_PLAIN if trump in (1, 2) else BLACK_PLAIN) if r not in "5JA"]
    order = ["5" + t, "J" + t] + (["AH"] if trump != HEARTS else []) + ["A" + t] + [r + t for r in rest]
    for i, c in enumerate(order):
        power[idx[c]] = 100 + len(order) - i
        suit_of[idx[c]] = trump
    ace = idx["A" + t]
    if demoted:
        power[ace] = 100  # "his ace becomes the lowest trump in play"
    # SF-GAP-2/7: the 5 and J of trumps and the ace of hearts (unless it is a demoted trump ace).
    privileged = [idx["5" + t], idx["J" + t]] + ([] if demoted and code[ace] == "AH" else [idx["AH"]])
    protected = [0] * pack.size
    for led in range(pack.size):
        if suit_of[led] == trump:
            protected[led] = sum(1 << c for c in privileged if power[c] > power[led])
    return suit_of, power, protected


def _euchre_tables(pack: Pack, trump: int) -> tuple[list[int], list[int]]:
    """Effective suit and power for Hasenpfeffer: joker, right bower, left bower, A K Q T 9."""
    idx = {c: i for i, c in enumerate(pack.code_of)}
    suit_of, power = list(pack.suit), [0] * pack.size
    for s in range(4):
        for i, r in enumerate(EUCHRE_PLAIN):
            power[idx[r + SUITS[s]]] = len(EUCHRE_PLAIN) - i
    t, partner = SUITS[trump], SUITS[(3, 2, 1, 0)[trump]]
    order = ["JK", "J" + t, "J" + partner] + [r + t for r in "AKQT9"]
    for i, c in enumerate(order):
        power[idx[c]] = 100 + len(order) - i
        suit_of[idx[c]] = trump
    return suit_of, power


@cache
def family_rules(pack: Pack, trump: int, demoted: bool = False) -> TrickRules:
    """The trick rules of the family for ``trump``: ranking and obligations, built once.

    In the 52-card games the power table is the Spoil Five order, a player may trump even when
    able to follow a plain suit, and ``exempt(led, hand)`` gives the trumps protected against the
    card ``led`` (the five and jack of trumps and the ace of hearts, when they outrank it);
    ``demoted`` makes the trump ace the lowest trump (SF-GAP-4/7). With the 25-card pack
    (Hasenpfeffer) it is the euchre order with plain must-follow.

    >>> from cardtable.core.cards import PACK_52
    >>> r = family_rules(PACK_52, 3)  # clubs trumps
    >>> PACK_52.codes(r.plays(PACK_52.mask("AH 9D 2C"), [PACK_52.parse("3C")]))   # 2C: a trump must follow
    ['AH', '2C']
    >>> PACK_52.codes(r.plays(PACK_52.mask("AH 9D"), [PACK_52.parse("3C")]))      # AH reneges
    ['AH', '9D']
    >>> PACK_52.codes(r.plays(PACK_52.mask("AH 9D"), [PACK_52.parse("JC")]))      # not to the jack
    ['AH']
    """
    if pack is PACK_25:
        suit_of, power = _euchre_tables(pack, trump)
        return TrickRules(pack, trump, suit_of=suit_of, power=power)
    suit_of, power, protected = _spoil_tables(pack, trump, demoted)
    return TrickRules(pack, trump, suit_of=suit_of, power=power, trump_anytime=True,
                      exempt=lambda led, hand: protected[led])

