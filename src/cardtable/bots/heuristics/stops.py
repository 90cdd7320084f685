"""Rules of thumb for the stops family (Michigan and its variants, Boodle, Spin, Pope Joan).

Only the seat's own hand and public state are read: the layout and the cards on the table, the dead
cards everybody knows (all of the dead hand for the seat that put it there), the pools, the number
of cards in each hand; the game's knowledge through its declared methods (``stops_known_to``,
``unknown_dead``, ``prizes``, ``sequence_prize`` of :class:`~cardtable.games.stops.Michigan`).
Building on a run is forced; the rules are for the other decisions.

* Beginning a suit (after a stop, or the lowest card when the turn came back): each possible card
  is valued by a linear score of the run it starts (weights fitted on Monte Carlo values of every
  lead in Michigan deals played out by these rules, then checked by duplicate self-play):
  the cards shed at once and the money chips among them; keeping the lead when the run ends at a
  stop (the ace, a card already played, a known dead card) — worth little with a full hand, much
  with a few cards, plus the value of the best lead that may then follow (none left that may be
  begun: bad); else one's own cards and money cards further up the suit, discounted for each card
  someone else must play in between (a lead *toward* money cards held), and regaining the lead
  when one of them is followed by a stop; a card nobody else can ever build to (a two, a card
  above a stop), which only one's own lead gets rid of; the chance that the next card is dead.
  A run that empties the hand is always chosen.
* Widow (Michigan's dealer): exchange when the hand lacks money cards and aces and is scattered
  (a linear estimate of the gain, fitted on Monte Carlo values of take against keep); else keep
  and sell it. The taker also learns the dead hand, so knows its stops.
* Widow auction: bid the lowest bid while that estimated gain exceeds the price; else pass.
* Boodle and Spin stakes: all four chips on the jack (of the money cards, the one most often
  played: about 78% of deals against 62-69%).
* Spin: spin only when playing the card alone would hand the turn on (the next card is not one's
  own, nor a known stop) and at most seven cards are left besides it (earlier the ace of diamonds
  is worth more kept), or to go out.
* Penalised passes: never pass while able to play.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...games.stops import Michigan

__all__ = ["lead_value", "policy"]

FEATURES = ("run", "keep", "keep_x_size", "keep_next", "money_run", "later", "later_money", "regain",
            "orphan", "handover", "maybe_dead")
"""What a lead is judged on (see :func:`lead_features`)."""
WEIGHTS = (0.14, 2.7, -0.37, 0.425, 0.27, 0.36, 1.2, 2.8, 1.0, 0.15, 3.4)
"""Weights of :data:`FEATURES`, fitted (least squares within each position) on Monte Carlo values of
every possible lead in positions of Michigan played out by these rules."""
DECAY = 0.6
"""Discount per card held by another seat between a run and the next card of one's own."""
SEQUENCE_CARDS = (20, 21, 22)
"""Sequence Michigan's nine, ten and jack of hearts (card ids of the 52-card pack)."""
OUT = 10.0
"""The base value of a lead that empties the hand (as the next lead of a chain)."""
DEAD_END = -3.0
"""The base value of keeping the lead with no suit left that may be begun."""
_SUITS = tuple(0x1FFF << (13 * s) for s in range(4))
_ALL = (1 << 52) - 1


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _suit_end(c: int) -> int:
    """The ace of ``c``'s suit (the 52-card pack lists each suit 2..A)."""
    return c - c % 13 + 12


def _next_leads(d: Michigan, suit: int) -> int:
    """The cards of the suits one may begin after a stop in ``suit``."""
    if d.game.id == "cross-color-michigan":
        return _SUITS[2] | _SUITS[3] if suit in (1, 2) else _SUITS[0] | _SUITS[1]
    return _ALL & ~_SUITS[suit]


class _Table:
    """The public state a lead is judged on, read once per decision through the game's declared methods."""

    __slots__ = ("dead_share", "fewest", "prizes", "sequence", "stops")

    def __init__(self, d: Michigan, seat: int) -> None:
        hand = d.hands[seat]
        self.stops: int = d.stops_known_to(seat)
        unseen = _ALL & ~hand & ~self.stops
        self.dead_share = d.unknown_dead(seat) / max(1, unseen.bit_count())
        """The chance that a card one does not see is in the dead hand."""
        self.prizes: dict[int, int] = d.prizes()
        """The money cards still to be won, and their chips."""
        self.sequence: int | None = d.sequence_prize()
        self.fewest = min((d.hands[s].bit_count() for s in range(d.players) if s != seat), default=1)
        """The fewest cards another seat holds (hand sizes are public)."""


def _features(t: _Table, d: Michigan, hand: int, c: int, depth: int) -> tuple[float, ...] | None:
    prizes, stops = t.prizes, t.stops
    size = hand.bit_count()
    end = _suit_end(c)
    x, k, money_run = c, 0, 0.0
    while x <= end and hand >> x & 1:  # the run shed at once
        k += 1
        money_run += prizes.get(x, 0)
        x += 1
    if k >= size:
        return None
    if t.sequence is not None and any(c <= SEQUENCE_CARDS[i] and SEQUENCE_CARDS[i + 1] < x for i in (0, 1)):
        money_run += t.sequence  # two of the sequence played in order
    keep = x > end or bool(stops >> x & 1)
    later = later_money = regain = handover = maybe_dead = keep_next = 0.0
    if keep:
        rest = hand & ~(((1 << x) - 1) & ~((1 << c) - 1))
        if depth > 0:
            allowed = rest & _next_leads(d, c // 13)
            if not allowed:
                keep_next = DEAD_END
            else:
                keep_next = max(_value(t, d, rest, _lowest(allowed & m), depth - 1) for m in _SUITS if allowed & m)
    else:
        w = 1.0
        maybe_dead = t.dead_share
        while x <= end and not stops >> x & 1:  # one's own cards further up, each gap a chance of a stop
            if hand >> x & 1:
                later += w
                later_money += w * prizes.get(x, 0)
                if x == end or stops >> (x + 1) & 1:
                    regain = w
            else:
                w *= DECAY
            x += 1
        handover = 1.0 / max(1, t.fewest)
    orphan = 1.0 if c % 13 == 0 or stops >> (c - 1) & 1 else 0.0
    return (float(k), float(keep), keep * size, keep_next, money_run, later, later_money, regain, orphan, handover,
            maybe_dead)


def _value(t: _Table, d: Michigan, hand: int, c: int, depth: int) -> float:
    f = _features(t, d, hand, c, depth)
    if f is None:
        return OUT
    return sum(w * x for w, x in zip(WEIGHTS, f))


def lead_features(d: Michigan, seat: int, c: int) -> tuple[float, ...] | None:
    """The features of beginning a suit with ``c`` (:data:`FEATURES`), or ``None`` when the run it
    starts empties the hand (out). ``keep_next`` is the value of the best lead that may follow when
    the lead is kept (one step on)."""
    return _features(_Table(d, seat), d, d.hands[seat], c, 1)


def lead_value(d: Michigan, seat: int, c: int) -> float:
    """How good beginning a suit with card ``c`` is for ``seat`` (see the module text)."""
    f = lead_features(d, seat, c)
    if f is None:
        return 1000.0
    return sum(w * x for w, x in zip(WEIGHTS, f))


def _card_of(d: Michigan, code: str, hand: int) -> int | None:
    return d.pack.parse_in(code, hand)


def policy(d: Michigan, seat: int, legal: list[str], rng: random.Random) -> str | None:
    """Choose a stops action by rules of thumb, or None to leave it to the caller."""
    phase = d.phase
    hand = d.hands[seat]
    if phase == "widow":
        return "take" if exchange_gain(d, seat) > 0 else "keep"
    if phase == "auction":
        return _auction(d, seat, legal)
    if phase == "stake":
        return _stake(d, legal)
    cards = [a for a in legal if a != "pass" and not a.startswith("spin ")]
    if not cards:
        return legal[0] if len(legal) == 1 else None
    spins = [a for a in legal if a.startswith("spin ")]
    if phase == "build":
        card = cards[0]
        if spins:
            return _spin_or_play(d, seat, card, spins)
        return card
    # lead / restart: value each card.
    best, best_v = None, -1e9
    table = _Table(d, seat)
    for a in cards:
        c = _card_of(d, a, hand)
        if c is None:
            continue
        f = _features(table, d, hand, c, 1)
        v = 1000.0 if f is None else sum(w * x for w, x in zip(WEIGHTS, f))
        if v > best_v:
            best, best_v = a, v
    if best is None:
        return None
    if spins:
        s = "spin " + best
        if s in spins:
            return _spin_or_play(d, seat, best, spins)
    return best


# ---------------------------------------------------------------- widow, auction, stakes, spin
_TWOS = sum(1 << (s * 13) for s in range(4))
_ACES = sum(1 << (s * 13 + 12) for s in range(4))

EXCHANGE_BASE = 2.3
"""Chips a weak hand (no money card, no ace, average runs) gains by exchanging for the widow."""
MONEY_KEEP = 0.8
"""Share of a money card's chips a hand holding it should expect (kept by not exchanging)."""
ACE_KEEP = 1.4
"""Chips an ace is worth to its hand (it ends a run: a stop that keeps the lead)."""
START_W = 0.3
"""Chips per run start (a card whose next lower card is not in the hand) above the average."""


def exchange_gain(d: Michigan, seat: int) -> float:
    """Chips ``seat`` should gain by exchanging its hand for the widow (a linear estimate fitted on
    Monte Carlo evaluations of deals played out by these rules): a hand without money cards or aces,
    and with scattered cards, gains; money cards and aces are worth keeping."""
    hand = d.hands[seat]
    chips = sum(k for c, k in d.prizes().items() if hand >> c & 1)
    starts = (hand & ~((hand << 1) & ~_TWOS)).bit_count()
    return (EXCHANGE_BASE - MONEY_KEEP * chips - ACE_KEEP * (hand & _ACES).bit_count()
            + START_W * (starts - 0.75 * hand.bit_count()))


def _auction(d: Michigan, seat: int, legal: list[str]) -> str:
    """Bid the lowest bid while the widow is worth more than its price."""
    bids = [a for a in legal if a.startswith("bid ")]
    if not bids:
        return "pass"
    low = min(bids, key=lambda a: int(a[4:]))
    if int(low[4:]) < exchange_gain(d, seat) or "pass" not in legal:
        return low
    return "pass"


def _stake(d: Michigan, legal: list[str]) -> str:
    word = STAKE_WORD.get(d.game.id, "jack")
    want = "stake " + " ".join([word] * 4)
    return want if want in legal else legal[0]


STAKE_WORD = {"boodle": "jack", "spin": "jack"}
"""The money card most often played (measured on self-play)."""


def _spin_or_play(d: Michigan, seat: int, card: str, spins: list[str]) -> str:
    """Spin with ``card`` when playing it alone would hand the turn to another seat."""
    s = "spin " + card
    if s not in spins:
        return card
    hand = d.hands[seat]
    c = _card_of(d, card, hand)
    if c is None:
        return card
    rest = hand & ~(1 << c)
    if rest.bit_count() <= 1:
        return s  # the ace of diamonds is the last card: out at once
    nxt = c + 1 if c % 13 != 12 else -1
    stops = d.stops_known_to(seat)
    if nxt < 0 or rest >> nxt & 1 or stops >> nxt & 1:
        return card  # the turn stays anyway
    return s if rest.bit_count() <= SPIN_SIZE else card


SPIN_SIZE = 7
"""Spin (to keep the turn) only with at most this many cards left besides the one played: earlier the
ace of diamonds is worth more kept for later."""
