"""``TrickRules.plain``: the follow-suit-only shortcut answers exactly as the general rule does.

Nap, Rams and most plain trick games: "must follow suit if able; otherwise may play any card". The
shortcut (``plays`` and the voids a play shows) must give what the general code gives for the same rules.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.cards import PACK_32, PACK_52
from cardtable.core.tricks import TrickRules


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([PACK_52, PACK_32]), st.sampled_from([None, 0, 1, 2, 3]), st.data())
def test_the_plain_shortcut_answers_as_the_general_rule(pack, trump, data) -> None:  # type: ignore[no-untyped-def]
    fast = TrickRules(pack, trump)
    slow = TrickRules(pack, trump)
    assert fast.plain
    slow.plain = False  # the general code path for the same obligations
    cards = data.draw(st.permutations(range(pack.size)))
    n_trick = data.draw(st.integers(0, 3))
    trick, hand = list(cards[:n_trick]), sum(1 << c for c in cards[n_trick:n_trick + 5])
    assert fast.plays(hand, trick) == slow.plays(hand, trick)
    for c in range(pack.size):
        if hand >> c & 1 and trick and fast.suit_of[c] != fast.suit_of[trick[0]]:
            # a card off the suit led shows a void in exactly the led suit
            assert slow.voids_shown(hand, trick, c) == fast.suit_mask[fast.suit_of[trick[0]]]


def test_an_obligation_beyond_following_turns_the_shortcut_off() -> None:
    assert not TrickRules(PACK_52, 1, head=True).plain
    assert not TrickRules(PACK_52, 1, trump_when_void=True).plain
    assert not TrickRules(PACK_52, 1, trump_anytime=True).plain
    assert not TrickRules(PACK_52, 1, follow=False).plain
