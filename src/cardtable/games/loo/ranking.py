"""How Loo's cards rank: Pam, the trick rules for each trump suit, and the ranking of flushes.

See the package text for the rules as implemented and their sources.
"""

from __future__ import annotations

from ...core.cards import PACK_52, bits
from ...core.tricks import TrickRules

__all__ = ["ACE", "KING", "PAM", "PAM_BIT", "FlushKey", "flush_key", "trick_rules"]

PAM = PACK_52.parse("JC")
PAM_BIT = 1 << PAM
ACE, KING = 14, 13

FlushKey = tuple[int, tuple[int, ...]]
"""A flush's rank: its class (2 Pam-first, 1 trumps, 0 plain), then its cards' powers, highest first."""


def trick_rules(trump: int, pam: bool, undertrump: bool) -> TrickRules:
    """Loo's trick rules for one trump suit: follow and head, trump and overtrump."""
    suit_of, power = list(PACK_52.suit), list(PACK_52.rank)
    if pam:  # "It ranks as a trump and takes precedence even over the Ace" (L5-GAP-4)
        suit_of[PAM], power[PAM] = trump, 15
    return TrickRules(PACK_52, trump, suit_of=suit_of, power=power, head=True, trump_when_void=True,
                      overtrump=True, undertrump_required=undertrump)


def flush_key(hand: int, size: int, rules: TrickRules, pam: bool, pam_first: bool) -> FlushKey | None:
    """The rank of a flush held in ``hand`` (higher is better), or ``None``: a full hand of ``size`` cards of one
    suit, Pam counting with any suit where the game has Pam; a trump flush beats a plain one, and with
    ``pam_first`` (Parlett) four of a suit plus Pam beats both (L5-GAP-1/2).

    >>> r = trick_rules(1, pam=True, undertrump=True)
    >>> flush_key(PACK_52.mask("AS KS QS 2S JC"), 5, r, pam=True, pam_first=False)
    (0, (15, 14, 13, 12, 2))
    >>> flush_key(PACK_52.mask("AS KS QS 2S JC"), 5, r, pam=True, pam_first=True)[0]
    2
    >>> flush_key(PACK_52.mask("AS KS QS 2S 2H"), 5, r, pam=True, pam_first=False) is None
    True
    """
    if hand.bit_count() != size:
        return None
    pam_held = hand & PAM_BIT if pam else 0
    suits = {PACK_52.suit[c] for c in bits(hand & ~pam_held)}
    if len(suits) != 1:
        return None
    suit = suits.pop()
    ranks = tuple(sorted((rules.power[c] for c in bits(hand)), reverse=True))
    if pam_held and pam_first:
        cls = 2
    else:
        cls = 1 if suit == rules.trump else 0
    return cls, ranks
