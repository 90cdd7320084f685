"""Rules of thumb for the Fan-Tan family (Fan-Tan, Play or Pay, Five or Nine, Domino Fan-Tan).

Only the seat's own hand and the public layout are read. One card is played a turn, and a card of
one's own that is playable stays playable (nobody else holds it), so the question is which card to
give up now. The scores below are linear, their weights fitted per game on Monte Carlo values of
every choice in positions played out by these rules, then tuned by duplicate self-play.

* Which playable card (Fan-Tan, Five or Nine, Domino Fan-Tan): hold back a card that unlocks none
  of one's own cards (a reserve: it blocks every card beyond it for the others, and is a sure
  play for a later turn) — above all a seven that opens a suit both ways for the others; hold back
  too a card whose next card is one's own (a run of sure plays that blocks what lies beyond it).
  Play the card that releases the fewest cards to the others, at once and in all, and unlocks
  one's own cards beyond a gap (each card of someone else's in between halves its worth).
* Five or Nine's first card: the rank (five or nine) that leaves the hand's cards closest to the
  opening rank (fewest other cards to wait for), then the best card of that rank as above.
* Play or Pay, beginning a suit (the whole suit is then played round): when every card held is in
  that suit, begin just after the longest stretch of others' cards, so that one's last card comes
  soonest and one goes out; else begin where one holds the card just below (the suit's last card:
  one begins the next suit too), preferring longer runs (a chip from each other player for each
  card after the first) and more runs of one's own in the suit.
* Penalised passes: never pass while able to play. Domino Fan-Tan's draws are forced.
"""

from __future__ import annotations

import math
import random

from ...core.deal import Deal
from ...core.layouts import Layout
from ...games.fan_tan import FanTan

__all__ = ["card_value", "choice_loglik", "policy"]

DECAY = 0.5
"""Discount per card someone else holds between a played card and a card of one's own."""


def _ways(lay: Layout, c: int) -> tuple[int, ...]:
    """The directions (+1 up, -1 down) in which playing ``c`` extends its suit's run."""
    s = lay.pack.suit[c]
    if not lay.count[s]:
        return tuple(w for w, ok in ((1, lay.up), (-1, lay.down)) if ok)
    p = lay.pos[c]
    out = []
    if lay.up and p == (lay.hi[s] + 1) % lay.span:
        out.append(1)
    if lay.down and p == (lay.lo[s] - 1) % lay.span:
        out.append(-1)
    return tuple(out)


FEATURES = ("mine", "mine_next", "others", "release_now", "opener", "reserve")
"""What a playable card is judged on (see :func:`card_features`)."""
WEIGHTS = {
    "fan-tan": (-0.385, -2.115, -0.75, -0.65, 7.67, -4.335),
    "five-or-nine": (-0.27, -4.14, -0.35, -2.27, 4.53, -7.125),
    "domino-fan-tan": (-0.37, -2.39, 0.38, -3.49, 1.74, -2.73),
}
"""Weights of :data:`FEATURES` per game, fitted on Monte Carlo values of every playable card in
positions played out by these rules (minimising the expected regret of a soft choice), then tuned
one at a time by duplicate self-play. Relative to an ace or king that releases nothing, a card
whose next card is one's own and one that releases the next card to others both score lower."""


def card_features(lay: Layout, hand: int, c: int) -> tuple[float, ...]:
    """The features of playing ``c`` on ``lay`` from ``hand`` (:data:`FEATURES`): one's own cards
    it unlocks (each discounted by :data:`DECAY` per card of someone else's before it), the ways
    whose next card is one's own, the other cards it releases (in all, and at once), whether it
    opens a suit (both ways), and whether it is a reserve (unlocks none of one's own)."""
    s = lay.pack.suit[c]
    span = lay.span
    mine_w = 0.0
    mine_next = 0.0
    others = 0
    release_now = 0
    ways = _ways(lay, c)
    for way in ways:
        p = lay.pos[c] + way
        w = 1.0
        first = True
        while 0 <= p < span:
            m = lay.cards_at(s, p)
            if hand & m:
                mine_w += w
                if first:
                    mine_next += 1.0
            else:
                others += 1
                w *= DECAY
                if first:
                    release_now += 1
            first = False
            p += way
    opener = 1.0 if len(ways) > 1 else 0.0
    return (mine_w, mine_next, float(others), float(release_now), opener, 1.0 if mine_w == 0 else 0.0)


def card_value(lay: Layout, hand: int, c: int, game: str = "fan-tan") -> float:
    """How good playing ``c`` is (see the module text)."""
    weights = WEIGHTS.get(game, WEIGHTS["fan-tan"])
    return sum(w * x for w, x in zip(weights, card_features(lay, hand, c)))


def _cost(lay: Layout, hand: int, rank: int) -> int:
    """Cards others hold between the opening ``rank`` and each card of ``hand`` (Five or Nine)."""
    pack = lay.pack
    total = 0
    for s in range(4):
        start = next(c for c in range(len(pack.suit)) if pack.suit[c] == s and pack.rank[c] == rank)
        p0 = lay.pos[start]
        for way in (1, -1):
            gaps = 0 if hand & lay.cards_at(s, p0) else 1
            p = p0 + way
            while 0 <= p < lay.span:
                if hand & lay.cards_at(s, p):
                    total += gaps
                else:
                    gaps += 1
                p += way
    return total


def policy(d: Deal, seat: int, legal: list[str], rng: random.Random) -> str | None:
    """Choose a Fan-Tan family action by rules of thumb, or None to leave it to the caller."""
    cards = [a for a in legal if a not in ("pass", "draw")]
    if not cards:
        return legal[0] if legal else None
    if len(cards) == 1:
        return cards[0]
    assert isinstance(d, FanTan)
    hand = d.hands[seat]
    lay = d.layout
    pack = d.pack
    index = pack.index_of
    if d.begins_suit():
        return _begin_suit(d, seat, cards)
    if lay.start_rank is None and not lay.played:  # Five or Nine's first card
        costs = {r: _cost(lay, hand, r) for r in (5, 9)}
        best_v, best = -1e9, cards[0]
        for a in cards:
            c = index[a]
            r = pack.rank[c]
            trial = lay.copy()
            trial.set_start_rank(r)
            v = -costs[r] + 0.1 * card_value(trial, hand, c, d.game.id)
            if v > best_v:
                best_v, best = v, a
        return best
    gid = d.game.id
    return max(cards, key=lambda a: card_value(lay, hand, index[a], gid))


BEGIN_FEATURES = ("run", "pred", "in_suit", "last_pos", "only_suit_last", "segments")
"""What beginning a suit in Play or Pay is judged on (see :func:`begin_features`)."""
BEGIN_WEIGHTS = (0.6, 5.5, 0.3, 4.2, -88.0, 2.3)
"""Weights of :data:`BEGIN_FEATURES`, fitted (least squares within each position) on Monte Carlo values
of every card that may begin a suit, and checked by duplicate self-play (where they beat the
weights of a regret-minimising fit by 1.3 chips a deal)."""


def begin_features(hand: int, c: int) -> tuple[float, ...]:
    """The features of beginning a suit with ``c`` in Play or Pay (52-card pack, built upward round
    the corner): the run of one's own it starts, holding the card below it (the suit's last card, so
    the next lead), the cards held in the suit, how far round the suit one's last card in it lies,
    that distance when every card held is in this suit (how soon one goes out), and the separate
    runs of one's own met going round from ``c``."""
    s = c // 13
    base = s * 13
    i = c - base
    run = 0
    while run < 13 and hand >> (base + (i + run) % 13) & 1:
        run += 1
    pred = 1.0 if run < 13 and hand >> (base + (i - 1) % 13) & 1 else 0.0
    suit = 0x1FFF << base
    in_suit = (hand & suit).bit_count()
    last = 0
    segments = 0
    prev = False
    for j in range(13):
        mine = bool(hand >> (base + (i + j) % 13) & 1)
        if mine:
            last = j
            if not prev:
                segments += 1
        prev = mine
    only = 1.0 if not hand & ~suit else 0.0
    return (float(run), pred, float(in_suit), last / 12, only * last / 12, float(segments))


def _begin_suit(d: Deal, seat: int, cards: list[str]) -> str:
    """Play or Pay: the card that begins a new suit."""
    hand = d.hands[seat]
    index = d.pack.index_of

    def value(a: str) -> float:
        return sum(w * x for w, x in zip(BEGIN_WEIGHTS, begin_features(hand, index[a])))

    return max(cards, key=value)


TAU = 1.0
"""Temperature of :func:`choice_loglik`: a player is taken to choose card ``c`` with probability
proportional to ``exp(card_value(c) / TAU)``."""


def choice_loglik(d: Deal, seat: int, tau: float = TAU) -> float | None:
    """How likely the other seats' card choices in ``d``'s history are under these rules of thumb,
    with the hands ``d`` gives them (log of the product of a softmax of :func:`card_value` over
    each choice they had); ``None`` for a game this does not model.

    A search weighs its determinisations by it: a player who kept a seven back while playing
    something else probably holds cards beyond it, which a uniform sample ignores. Each seat's
    hand before the play is its hand in ``d`` plus the cards it played since (Fan-Tan and Five or
    Nine, whose hands only shrink); the first card of Five or Nine, a choice of rank, is not
    scored. Only ``d``'s hands and its public history are read.

    >>> import cardtable as ct
    >>> d = ct.load("fan-tan").deal(seed=1)
    >>> choice_loglik(d, 0)  # nothing played yet: nothing to explain
    0.0
    """
    gid = d.game.id
    if gid not in ("fan-tan", "five-or-nine") or not isinstance(d, FanTan) or d.game.options.penalised_passes:
        return None
    pack = d.pack
    index = pack.index_of
    lay = d.new_layout()
    hands = list(d.hands)
    moves = [(s, index[a]) for s, a in d.history if a not in ("pass", "draw")]
    for s, c in moves:
        hands[s] |= 1 << c
    total = 0.0
    for s, c in moves:
        if s != seat and lay.start_rank is not None:
            play = hands[s] & lay.wanted
            if play & (play - 1):
                values = []
                mine = 0.0
                m = play
                while m:
                    low = m & -m
                    x = low.bit_length() - 1
                    m ^= low
                    v = card_value(lay, hands[s], x, gid) / tau
                    values.append(v)
                    if x == c:
                        mine = v
                top = max(values)
                total += mine - top - math.log(sum(math.exp(v - top) for v in values))
        hands[s] &= ~(1 << c)
        if lay.start_rank is None:
            lay.set_start_rank(pack.rank[c])
        lay.play(c)
    return total
