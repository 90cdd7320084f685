"""The one trick mechanism: ranking and obligations as parameters (issue 2, "Trick-taking as one mechanism").

Each test builds a :class:`TrickRules` as a game does and checks the exact set of playable cards and the
trick winner. The rule each obligation implements is quoted from the seed that needs it.
"""

from __future__ import annotations

from cardtable.core.cards import PACK_25, PACK_32, PACK_52, Pack
from cardtable.core.tricks import TrickRules

S, H, D, C = range(4)


def plays(r: TrickRules, hand: str, trick: str, pack: Pack = PACK_52) -> list[str]:
    cards = [pack.parse(c) for c in trick.split()]
    return sorted(pack.codes(r.plays(pack.mask(hand), cards)))


def winner(r: TrickRules, trick: str, pack: Pack = PACK_52) -> int:
    return r.winner([pack.parse(c) for c in trick.split()])


def test_must_follow_else_free() -> None:
    # Nap (seed 000): "a player must follow suit if he can, otherwise he may discard or trump".
    r = TrickRules(PACK_52, trump=H)
    assert plays(r, "KS 3S 2H 9D", "QS") == ["3S", "KS"]
    assert plays(r, "2H 9D 4C", "QS") == ["2H", "4C", "9D"]
    assert plays(r, "KS 3S 2H", "") == ["2H", "3S", "KS"]  # any lead (lead rules are the game's)


def test_trump_beats_led_suit_and_off_suit_never_wins() -> None:
    r = TrickRules(PACK_52, trump=H)
    assert winner(r, "QS AS 2H KD") == 2
    assert winner(r, "QS AD KS 3C") == 2  # the king of the led suit; the ace of diamonds is a discard
    assert winner(r, "5H 7H AS 6H") == 1


def test_no_trumps() -> None:
    # Nap's Misery: "normally it is played without a trump suit".
    r = TrickRules(PACK_52, trump=None)
    assert winner(r, "4C AS KD 2C") == 0  # only the led suit can win
    assert winner(r, "4C AS KD 5C") == 3
    assert r.trump_mask == 0


def test_head_the_trick_when_following() -> None:
    # Loo (seed 000): "each player must head the trick if he can".
    r = TrickRules(PACK_52, trump=H, head=True, trump_when_void=True, overtrump=True)
    assert plays(r, "KS 3S 9H", "QS") == ["KS"]
    assert plays(r, "JS 3S 9H", "QS") == ["3S", "JS"]  # cannot head: any card of the suit


def test_head_does_not_apply_once_the_trick_is_trumped() -> None:
    # A trumped trick cannot be headed by a card of the led suit: following with any card suffices.
    r = TrickRules(PACK_52, trump=H, head=True, trump_when_void=True, overtrump=True)
    assert plays(r, "KS 3S", "QS 2H") == ["3S", "KS"]


def test_trump_when_void_and_overtrump() -> None:
    # Loo: "if unable to follow suit, he must trump, and overtrump a trumped trick, if able".
    r = TrickRules(PACK_52, trump=H, head=True, trump_when_void=True, overtrump=True)
    assert plays(r, "2H 9H 4C", "QS") == ["2H", "9H"]
    assert plays(r, "2H 9H 4C", "QS 5H") == ["9H"]
    # unable to overtrump: must still play a trump (undertrump) by default...
    assert plays(r, "2H 3H 4C", "QS 5H") == ["2H", "3H"]
    # ...or may discard where the game says so.
    free = TrickRules(PACK_52, trump=H, trump_when_void=True, overtrump=True, undertrump_required=False)
    assert plays(free, "2H 3H 4C", "QS 5H") == ["2H", "3H", "4C"]


def test_trump_anytime_with_a_plain_lead() -> None:
    # Spoil Five (seed 003): a player "may trump even if able to follow suit" (a plain suit led).
    r = TrickRules(PACK_52, trump=D, trump_anytime=True)
    assert plays(r, "KS 3S 4D 9C", "QS") == ["3S", "4D", "KS"]
    # a trump led: trumps must follow
    assert plays(r, "KS 3S 4D 9C", "2D") == ["4D"]


def test_exempt_cards_may_be_withheld() -> None:
    # Spoil Five's renege: the top trumps need not follow a lower trump led. Here: AD is exempt.
    ad = PACK_52.parse("AD")

    def exempt(led: int, hand: int) -> int:
        return 1 << ad if PACK_52.rank[led] < 14 else 0

    r = TrickRules(PACK_52, trump=D, exempt=exempt)
    assert plays(r, "AD KS", "2D") == ["AD", "KS"]  # only the exempt trump: free to renege
    assert plays(r, "AD 3D KS", "2D") == ["3D", "AD"]  # another trump must follow; AD may still be played


def test_effective_suit_and_power_tables() -> None:
    # Schafkopf (seed 001): the queens and jacks belong to the diamond trump suit and outrank the ace.
    pack = PACK_32
    suit_of = list(pack.suit)
    power = list(pack.rank)
    order = ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D", "8D", "7D"]
    for i, code in enumerate(order):
        c = pack.parse(code)
        suit_of[c] = D
        power[c] = 100 - i
    r = TrickRules(pack, trump=D, suit_of=suit_of, power=power)
    # A queen of clubs is a trump: it cannot follow a club lead, and must follow a trump lead.
    assert plays(r, "QC 8C 9S", "AC", pack) == ["8C"]
    assert plays(r, "QC 8C 9S", "7D", pack) == ["QC"]
    assert winner(r, "AD QC JS TD", pack) == 1
    assert winner(r, "AC KC QD", pack) == 2


def test_jokers_count_as_trumps_by_default() -> None:
    # Hasenpfeffer (seed 003): the joker is the highest trump.
    power = list(PACK_25.rank)
    power[PACK_25.parse("JK")] = 99
    r = TrickRules(PACK_25, trump=S, power=power)
    assert winner(r, "AS JK KS", PACK_25) == 1
    assert plays(r, "JK 9H", "TS", PACK_25) == ["JK"]


def test_voids_shown_for_sampling() -> None:
    r = TrickRules(PACK_52, trump=H, trump_when_void=True)
    hand = PACK_52.mask("4C 9D")
    shown = r.voids_shown(hand, [PACK_52.parse("QS")], PACK_52.parse("4C"))
    # a discard on a spade lead shows no spades, and (must trump when void) no hearts either
    assert shown == PACK_52.suit_mask[S] | PACK_52.suit_mask[H]
    assert r.voids_shown(hand, [PACK_52.parse("QS")], PACK_52.parse("2S")) == 0
    assert r.voids_shown(hand, [], PACK_52.parse("4C")) == 0


def shown(r: TrickRules, hand: str, trick: str, card: str) -> list[str]:
    cards = [PACK_52.parse(c) for c in trick.split()]
    return sorted(PACK_52.codes(r.voids_shown(PACK_52.mask(hand), cards, PACK_52.parse(card), heading=True)))


def test_voids_shown_reads_the_duties_to_head_and_overtrump() -> None:
    # Loo (seed 000): "A player must follow suit if he can, and must head the trick if he can. ... if the trick
    # has already been trumped he must overtrump if he can."
    r = TrickRules(PACK_52, trump=H, head=True, trump_when_void=True, overtrump=True)
    assert shown(r, "3S", "QS", "3S") == ["AS", "KS"]            # followed below the queen: no higher spade
    assert shown(r, "3S", "QS JS", "3S") == ["AS", "KS"]         # the best card counts, not the last
    assert shown(r, "KS", "QS", "KS") == []                      # headed: nothing shown
    assert shown(r, "3S", "QS 2H", "3S") == []                   # the trick is trumped: any spade will do
    assert shown(r, "4H", "QS 9H", "4H") == sorted(             # undertrumped: no spade, no trump above the nine
        [*PACK_52.codes(PACK_52.suit_mask[S]), "TH", "JH", "QH", "KH", "AH"])
    assert shown(r, "4C", "QS 9H", "4C") == sorted(             # discarded: no spade, no trump at all
        PACK_52.codes(PACK_52.suit_mask[S] | PACK_52.suit_mask[H]))
    # "may renounce only if unable to do either" (seed 002): free to discard, he may hold low trumps.
    free = TrickRules(PACK_52, trump=H, head=True, trump_when_void=True, overtrump=True, undertrump_required=False)
    assert shown(free, "4C", "QS 9H", "4C") == sorted(
        [*PACK_52.codes(PACK_52.suit_mask[S]), "TH", "JH", "QH", "KH", "AH"])
    # Without heading only the renounce is read, as before.
    assert r.voids_shown(PACK_52.mask("3S"), [PACK_52.parse("QS")], PACK_52.parse("3S")) == 0
