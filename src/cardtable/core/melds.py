"""Melds, written once for the rummy family: sets and sequences, with wild cards.

A *set* is three or more cards of one rank; a *sequence* three or more cards of one suit in
rank order. The ace is high or low in a sequence (``A 2 3`` and ``Q K A``) but never round
the corner (``K A 2``). A wild card (a joker) stands for any card its holder chooses, and
the meld records what it stands for: its *stand* is a position and a suit.

Positions: ``1`` is the ace low, ``2`` … ``13`` the pip and court ranks, ``14`` the ace high.
A stand is encoded as the int ``position * 4 + suit`` (suits as in :mod:`cardtable.core.cards`),
so a sequence is simply consecutive positions of one suit. A :class:`Meld` is an immutable
tuple (cheap to share between clones); laying off or moving a joker returns a new meld.

Text: a natural card is its code, a joker ``JK=<code it stands for>``. A sequence is written
from low to high, a set as its naturals (spades, hearts, diamonds, clubs) then its jokers.

>>> from cardtable.core.cards import PACK_106
>>> rules = MeldRules(PACK_106)
>>> hand = PACK_106.mask("6S 7S 8S JK 9H")
>>> sorted(rules.text(m) for m in rules.melds_in(hand))[:4]
['6S 7S 8S', '6S 7S 8S JK=9S', '6S 7S JK=8S', '6S JK=7S 8S']
>>> run = rules.parse("6S 7S 8S JK=9S", hand)
>>> [(card, rules.text(new)) for card, new in rules.joker_moves(run, PACK_106.mask("9S"))]
[('9S', 'JK=5S 6S 7S 8S 9S')]
>>> moved = rules.joker_moves(run, PACK_106.mask("9S"))[0][1]
>>> rules.joker_moves(moved, PACK_106.mask("5S")), rules.crosswise(moved)
([], [0])
>>> rules.parse("KS AS 2S", PACK_106.mask("KS AS 2S"))
Traceback (most recent call last):
...
ValueError: a sequence may not go round the corner (K A 2): the ace is high or low, not both

Sets may repeat a card of a double pack, and a set's joker is named by its rank (the engine
gives it the first suit the set lacks):

>>> rules.text(rules.parse("KS KS KD", PACK_106.mask("KS KS KD")))
'KS KS KD'
>>> [t for t, _, _ in rules.layoffs(rules.parse("7H 7D JK=7S", PACK_106.mask("7H 7D JK")),
...                                  PACK_106.mask("7C JK 8H"))]
['7C', 'JK=7C']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product
from typing import NamedTuple

from .cards import JOKER, NO_SUIT, RANKS, SUITS, Pack, bits, parse_code

__all__ = ["RUN", "SET", "Meld", "MeldRules", "stand_code"]

SET = "set"
RUN = "sequence"


def stand_code(stand: int) -> str:
    """The card code a stand (``position * 4 + suit``) names.

    >>> stand_code(1 * 4 + 0), stand_code(14 * 4 + 1), stand_code(10 * 4 + 3)
    ('AS', 'AH', 'TC')
    """
    pos = stand >> 2
    return RANKS[(14 if pos == 1 else pos) - 2] + SUITS[stand & 3]


class Meld(NamedTuple):
    """A meld on the table: its kind, its physical cards, what each stands for.

    ``cards[i]`` stands for ``stands[i]`` (a natural card for itself); a sequence's cards are
    in position order. ``moved`` is the mask of jokers that were moved once and are fixed.
    """

    kind: str
    cards: tuple[int, ...]
    stands: tuple[int, ...]
    moved: int = 0
    owner: int = -1

    @property
    def low(self) -> int:
        """Lowest position (a sequence's low end; a set's rank)."""
        return self.stands[0] >> 2

    @property
    def high(self) -> int:
        """Highest position."""
        return self.stands[-1] >> 2

    @property
    def suit(self) -> int:
        """A sequence's suit (meaningless for a set)."""
        return self.stands[0] & 3

    def mask(self) -> int:
        """The mask of the meld's physical cards."""
        m = 0
        for c in self.cards:
            m |= 1 << c
        return m


class MeldRules:
    """The meld rules of one game, as data.

    pack: the pack; ``wild``: mask of wild cards (default: the pack's jokers).
    min_set, min_run: shortest set and sequence. ace_low, ace_high: where the ace may stand
    in a sequence (never both ends of a wrap: sequences never go round the corner).
    A meld must hold at least one natural card.

    >>> from cardtable.core.cards import PACK_52
    >>> MeldRules(PACK_52).parse("AS 2S 3S", PACK_52.full).low
    1
    """

    def __init__(self, pack: Pack, *, wild: int | None = None, min_set: int = 3, min_run: int = 3,
                 ace_low: bool = True, ace_high: bool = True) -> None:
        self.pack = pack
        self.wild = pack.suit_mask[NO_SUIT] if wild is None else wild
        self.min_set, self.min_run = min_set, min_run
        self.lo_pos = 1 if ace_low else 2
        self.hi_pos = 14 if ace_high else 13
        self._rank, self._suit = pack.rank, pack.suit
        # Natural cards by stand (position * 4 + suit) and by rank, for the hot paths.
        self._at_stand: list[tuple[int, ...]] = [() for _ in range(15 * 4)]
        self._rank_mask = [0] * 15
        self._stand_mask = [0] * (15 * 4)
        self._memo: dict[tuple[int, int], tuple[tuple[str, Meld], ...]] = {}
        for c in range(pack.size):
            if not self.wild >> c & 1 and self._rank[c]:
                self._rank_mask[self._rank[c]] |= 1 << c
                for p in self._stand_positions(c):
                    self._at_stand[p * 4 + self._suit[c]] += (c,)
                    self._stand_mask[p * 4 + self._suit[c]] |= 1 << c
        # Each suit's natural cards as blocks of consecutive indices of consecutive ranks
        # (shift, width mask, first rank): a hand's ranks in a suit are then a few shifts.
        self._blocks: list[list[tuple[int, int, int]]] = [[] for _ in range(4)]
        for suit in range(4):
            cards = [c for c in bits(pack.suit_mask[suit] & ~self.wild) if self._rank[c]]
            start = 0
            for i in range(1, len(cards) + 1):
                if i == len(cards) or cards[i] != cards[i - 1] + 1 \
                        or self._rank[cards[i]] != self._rank[cards[i - 1]] + 1:
                    self._blocks[suit].append((cards[start], (1 << (i - start)) - 1, self._rank[cards[start]]))
                    start = i
        self._all_blocks = [(suit, *b) for suit in range(4) for b in self._blocks[suit]]

    def _natural(self, stand: int, hand: int) -> int | None:
        """A natural card of ``hand`` that is the card ``stand`` names, or ``None``."""
        for c in self._at_stand[stand]:
            if hand >> c & 1:
                return c
        return None

    # ------------------------------------------------------------------ basics
    def is_wild(self, card: int) -> bool:
        """Is this physical card wild?"""
        return bool(self.wild >> card & 1)

    def positions(self, card: int) -> tuple[int, ...]:
        """The sequence positions a natural card may take (an ace: low and/or high)."""
        r = self._rank[card]
        if r == 14:
            return tuple(p for p in (1, 14) if self.lo_pos <= p <= self.hi_pos)
        return (r,)

    def text(self, meld: Meld) -> str:
        """The meld written as text (``JK=<code>`` for a wild card)."""
        return " ".join(self.card_text(c, s) for c, s in zip(meld.cards, meld.stands))

    def card_text(self, card: int, stand: int) -> str:
        """One card of a meld as text."""
        code = self.pack.code_of[card]
        return f"{code}={stand_code(stand)}" if self.wild >> card & 1 else code

    def crosswise(self, meld: Meld) -> list[int]:
        """Indices of the wild cards that may never move: all of a set's (CC-GAP-4), a
        sequence's interior ones and those already moved once."""
        last = len(meld.cards) - 1
        return [i for i, c in enumerate(meld.cards) if self.wild >> c & 1
                and (meld.kind == SET or 0 < i < last or meld.moved >> c & 1)]

    @staticmethod
    def _free_suit(have: set[int]) -> int:
        """The suit a set's new joker names: the first (S H D C) the set lacks, else spades."""
        s = next((s for s in range(4) if s not in have), 0)
        have.add(s)
        return s

    def make_set(self, rank: int, naturals: Sequence[int], jokers: Sequence[int], owner: int = -1) -> Meld:
        """A set of ``rank`` from natural cards and jokers (not validated).

        >>> from cardtable.core.cards import PACK_106
        >>> r = MeldRules(PACK_106)
        >>> sevens, jokers = [*PACK_106.cards_with("7D"), *PACK_106.cards_with("7S")], list(PACK_106.cards_with("JK"))
        >>> r.text(r.make_set(7, sevens, jokers))
        '7S 7S 7D 7D JK=7H JK=7C'
        """
        nat = sorted(naturals, key=lambda c: (self._suit[c], c))
        have = {self._suit[c] for c in nat}
        stands = [rank * 4 + self._suit[c] for c in nat] + [rank * 4 + self._free_suit(have) for _ in jokers]
        return Meld(SET, (*nat, *jokers), tuple(stands), 0, owner)

    def _set_add(self, meld: Meld, card: int) -> Meld:
        """A set with one more card; the jokers keep what they stand for, the naturals stay in
        order (suit, then card)."""
        rank = meld.low
        cards, stands = meld.cards, meld.stands
        if self.wild >> card & 1:
            stand = rank * 4 + self._free_suit({st & 3 for st in stands})
            return meld._replace(cards=(*cards, card), stands=(*stands, stand))
        suit, wild = self._suit, self.wild
        key = (suit[card], card)
        i = 0
        while i < len(cards) and not wild >> cards[i] & 1 and (suit[cards[i]], cards[i]) < key:
            i += 1
        return meld._replace(cards=(*cards[:i], card, *cards[i:]),
                             stands=(*stands[:i], rank * 4 + suit[card], *stands[i:]))

    # -------------------------------------------------------------- validation
    def check(self, meld: Meld) -> str | None:
        """Why ``meld`` is not a valid meld, or ``None``.

        >>> from cardtable.core.cards import PACK_52
        >>> r = MeldRules(PACK_52)
        >>> r.check(r.make_set(7, [PACK_52.parse("7S"), PACK_52.parse("7H")], []))
        'a set needs at least 3 cards'
        >>> r.check(r.parse("5S 6S 7S", PACK_52.full)) is None
        True
        """
        cards, stands = meld.cards, meld.stands
        if len(cards) != len(stands) or len(set(cards)) != len(cards):
            return "a meld holds each card once, and each card stands for one card"
        if all(self.wild >> c & 1 for c in cards):
            return "a meld needs at least one natural card"
        for c, st in zip(cards, stands):
            if not self.wild >> c & 1 and (self._suit[c] != st & 3 or (st >> 2) not in self._stand_positions(c)):
                return f"{self.pack.code_of[c]} can only stand for itself"
        if meld.kind == SET:
            if len(cards) < self.min_set:
                return f"a set needs at least {self.min_set} cards"
            if len({st >> 2 for st in stands}) != 1:
                return "a set is cards of one rank"
            return None
        if len(cards) < self.min_run:
            return f"a sequence needs at least {self.min_run} cards"
        suit, low = stands[0] & 3, stands[0] >> 2
        if any(st != (low + i) * 4 + suit for i, st in enumerate(stands)):
            return f"a sequence is consecutive cards of one suit: {' '.join(map(stand_code, stands))} is not"
        if low < self.lo_pos or low + len(stands) - 1 > self.hi_pos:
            return "the ace may not stand there in a sequence"
        return None

    def _stand_positions(self, card: int) -> tuple[int, ...]:
        r = self._rank[card]
        return (1, 14) if r == 14 else (r,)

    def parse(self, text: str | Sequence[str], hand: int) -> Meld:
        """Read a meld written as text from the cards of ``hand``; ``ValueError`` with the rule if invalid.

        Naturals are taken from ``hand`` (repeated codes take further copies); ``JK=<code>``
        names what a wild card stands for.
        """
        words = text.split() if isinstance(text, str) else list(text)
        used = 0
        named: list[tuple[int, str]] = []
        for w in words:
            code, _, stand = w.partition("=")
            code = parse_code(code)
            c = self.pack.parse_in(code, hand & ~used)
            if c is None:
                raise ValueError(f"{code} is not in your hand (or all its copies are used)")
            used |= 1 << c
            if self.wild >> c & 1:
                if not stand:
                    raise ValueError(f"say what the {code} stands for, e.g. {code}=7S")
                named.append((c, parse_code(stand)))
            else:
                if stand:
                    raise ValueError(f"{code} is a natural card and stands only for itself")
                named.append((c, code))
        if len(named) < min(self.min_set, self.min_run):
            raise ValueError(f"a meld needs at least {min(self.min_set, self.min_run)} cards")
        if any(n == JOKER for _, n in named):
            raise ValueError("a wild card must stand for a natural card")
        ranks = {n[0] for _, n in named}
        suits = {n[1] for _, n in named}
        if len(ranks) == 1:
            rank = RANKS.index(named[0][1][0]) + 2
            nat = [c for c, _ in named if not self.wild >> c & 1]
            meld = self.make_set(rank, nat, [c for c, _ in named if self.wild >> c & 1])
        elif len(suits) != 1:
            raise ValueError("a meld is a set (one rank) or a sequence (one suit): these cards mix suits and ranks")
        else:
            meld = self._parse_run(named)
        why = self.check(meld)
        if why:
            raise ValueError(why)
        return meld

    def _parse_run(self, named: list[tuple[int, str]]) -> Meld:
        suit = SUITS.index(named[0][1][1])
        pos = [RANKS.index(n[0]) + 2 for _, n in named]
        aces = [i for i, p in enumerate(pos) if p == 14]
        if aces and self.lo_pos == 1 and 2 in pos:  # an ace next to a two is low
            if 13 in pos and len(aces) == 1:
                raise ValueError("a sequence may not go round the corner (K A 2): the ace is high or low, not both")
            pos[aces[0]] = 1
        order = sorted(range(len(named)), key=lambda i: pos[i])
        if [pos[i] for i in order] != list(range(pos[order[0]], pos[order[0]] + len(pos))):
            raise ValueError("a sequence is consecutive cards of one suit, each once")
        return Meld(RUN, tuple(named[i][0] for i in order), tuple(pos[i] * 4 + suit for i in order))

    # ------------------------------------------------------------- enumeration
    def melds_in(self, hand: int, owner: int = -1) -> list[Meld]:
        """Every distinct valid meld (by text) that can be made from ``hand``, sets first."""
        return [m for _, m in self.named_melds(hand, owner)]

    def named_melds(self, hand: int, owner: int = -1) -> tuple[tuple[str, Meld], ...]:
        """:meth:`melds_in` with each meld's text: ``((text, meld), ...)``.

        Results are memoised per (hand, owner): search bots ask about the same hands often.
        """
        key = (hand, owner)
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) > 200_000:
                self._memo.clear()
            found = self._memo[key] = tuple((self.text(m), m) for m in self._find(hand, owner))
        return found

    def _find(self, hand: int, owner: int) -> list[Meld]:
        """The melds of ``hand``: a bit-parallel test first (most hands have none), then the sets
        of the ranks and the sequences of the suits that pass it."""
        wild = hand & self.wild
        nat = hand ^ wild
        nj = wild.bit_count()
        pms = [0, 0, 0, 0]
        # by_rank[k]: bit r set when the hand holds at least k + 1 naturals of rank r.
        if self.min_set == 3:
            c1 = c2 = c3 = 0
            for suit, shift, width, first in self._all_blocks:
                v = nat >> shift & width
                if v:
                    v <<= first
                    pms[suit] |= v
                    c3 |= c2 & v
                    c2 |= c1 & v
                    c1 |= v
            by_rank = [c1, c2, c3]
        else:
            by_rank = [0] * self.min_set
            for suit, shift, width, first in self._all_blocks:
                v = nat >> shift & width
                if v:
                    v <<= first
                    pms[suit] |= v
                    for k in range(self.min_set - 1, 0, -1):
                        by_rank[k] |= by_rank[k - 1] & v
                    by_rank[0] |= v
        set_ranks = by_rank[max(1, self.min_set - nj) - 1]
        runs = []
        for suit in range(4):
            pm = pms[suit]
            if pm:
                if pm >> 14 & 1:
                    pm = self._positions_of(pm)
                if (pm & pm >> 1 & pm >> 2 if nj == 0 and self.min_run == 3 else self._may_run(pm, nj)):
                    runs.append(suit)
        out: list[Meld] = []
        if not set_ranks and not runs:
            return out
        jokers = list(bits(wild))
        for rank in bits(set_ranks):
            out.extend(self._sets_of(rank, nat & self._rank_mask[rank], jokers, owner))
        for suit in runs:
            out.extend(self._runs_of(suit, nat & self.pack.suit_mask[suit], jokers, owner))
        return out

    def _sets_of(self, rank: int, m: int, jokers: list[int], owner: int) -> Iterator[Meld]:
        """The sets of ``rank`` from its naturals ``m`` and some of ``jokers``."""
        suits: list[list[int]] = [[], [], [], []]
        for c in bits(m):
            suits[self._suit[c]].append(c)
        least = max(1, self.min_set - len(jokers))
        for counts in product(*(range(len(s) + 1) for s in suits)):
            n = sum(counts)
            if n < least:
                continue
            # The naturals in (suit, card) order, as make_set would sort them.
            chosen = tuple(c for s, k in zip(suits, counts) for c in s[:k])
            stands = tuple(rank * 4 + i for i, k in enumerate(counts) for _ in range(k))
            lacking = [rank * 4 + i for i, k in enumerate(counts) if not k]
            for j in range(max(0, self.min_set - n), len(jokers) + 1):
                extra = tuple(lacking[:j]) if j <= len(lacking) else \
                    tuple(lacking) + (rank * 4,) * (j - len(lacking))
                yield Meld(SET, (*chosen, *jokers[:j]), (*stands, *extra), 0, owner)

    def _positions_of(self, pm: int) -> int:
        """Rank bits of a suit as sequence positions: the ace (bit 14) also or only low (bit 1)."""
        if pm >> 14 & 1:
            if self.lo_pos == 1:
                pm |= 2
            if self.hi_pos < 14:
                pm ^= 1 << 14
        return pm

    def _may_run(self, pm: int, nj: int) -> bool:
        """Could positions ``pm`` with ``nj`` wild cards make a sequence? (Some window of
        ``min_run`` positions must hold ``min_run - nj`` naturals: a necessary condition.)"""
        if not pm:
            return False
        need = self.min_run - nj
        if need <= 1:
            return True
        if need == self.min_run:
            m = pm
            for k in range(1, need):
                m &= pm >> k
            return m != 0
        ps = [p for p in range(self.lo_pos, self.hi_pos + 1) if pm >> p & 1]
        return any(ps[i + need - 1] - ps[i] < self.min_run for i in range(len(ps) - need + 1))

    def _runs_of(self, suit: int, mask: int, jokers: list[int], owner: int) -> Iterator[Meld]:
        """The sequences of ``suit`` from its naturals ``mask`` and some of ``jokers``."""
        nj = len(jokers)
        at: dict[int, list[int]] = {}
        for c in bits(mask):
            for p in self.positions(c):
                at.setdefault(p, []).append(c)
        for low in range(self.lo_pos, self.hi_pos - self.min_run + 2):
            if not nj and low not in at:
                continue
            missing: list[int] = []
            for high in range(low, self.hi_pos + 1):
                if high not in at:
                    missing.append(high)
                    if len(missing) > nj:
                        break
                if high - low + 1 < self.min_run:
                    continue
                yield from self._fill_run(suit, low, high, at, missing, jokers, owner)

    def _fill_run(self, suit: int, low: int, high: int, at: dict[int, list[int]], missing: list[int],
                  jokers: list[int], owner: int) -> Iterator[Meld]:
        natural = [p for p in range(low, high + 1) if p in at]
        for extra in range(len(jokers) - len(missing) + 1):
            for chosen in combinations(natural, extra):
                wild_at = set(missing).union(chosen)
                if len(wild_at) == high - low + 1:
                    continue
                cards, used, ji = [], 0, 0
                for p in range(low, high + 1):
                    if p in wild_at:
                        cards.append(jokers[ji])
                        ji += 1
                        continue
                    c = next((c for c in at[p] if not used >> c & 1), None)
                    if c is None:  # both ace positions of a whole-suit run need two aces
                        break
                    used |= 1 << c
                    cards.append(c)
                else:
                    yield Meld(RUN, tuple(cards), tuple(p * 4 + suit for p in range(low, high + 1)), 0, owner)

    # ---------------------------------------------------------------- lay-off
    def fits(self, meld: Meld, extend: bool = False) -> int:
        """Mask of the pack's cards that :meth:`layoffs` or :meth:`joker_moves` (with ``extend``)
        could play to ``meld``: a hand holding none of them has nothing to do with it.

        >>> from cardtable.core.cards import PACK_106
        >>> r = MeldRules(PACK_106)
        >>> PACK_106.codes(r.fits(r.parse("6S 7S 8S JK=9S", PACK_106.full)))
        ['5S', '9S', 'TS', '5S', '9S', 'TS', 'JK', 'JK']
        """
        if meld.kind == SET:
            return self._rank_mask[meld.low] | self.wild
        at = self._stand_mask
        suit, low, high = meld.suit, meld.low, meld.high
        out = 0
        if low > self.lo_pos:
            out |= at[(low - 1) * 4 + suit] | self.wild
        if high < self.hi_pos:
            out |= at[(high + 1) * 4 + suit] | self.wild
        cards, last = meld.cards, len(meld.cards) - 1
        for i, other, beyond in ((0, high + 1, high + 2), (last, low - 1, low - 2)):
            j = cards[i]
            if self.wild >> j & 1 and not meld.moved >> j & 1 and self.lo_pos <= other <= self.hi_pos:
                out |= at[meld.stands[i]]
                if extend and self.lo_pos <= beyond <= self.hi_pos:
                    out |= at[beyond * 4 + suit]
        return out

    def layoffs(self, meld: Meld, hand: int) -> list[tuple[str, str, Meld]]:
        """Ways to add one card of ``hand`` to ``meld``: ``(card text, end, new meld)``.

        ``end`` is ``""``, or ``"low"``/``"high"`` when one card fits both ends of a sequence
        (an ace on a sequence from 2 to K). One entry per distinct text.
        """
        return [(t, end, self.lay_off(meld, card, low)) for t, end, card, low in self.layoff_cards(meld, hand)]

    def layoff_cards(self, meld: Meld, hand: int) -> list[tuple[str, str, int, bool]]:
        """:meth:`layoffs` without building the new melds: ``(card text, end, card, at the low end)``;
        :meth:`lay_off` builds the chosen one."""
        out: list[tuple[str, str, int, bool]] = []
        code_of = self.pack.code_of
        wild = hand & self.wild
        joker = (wild & -wild).bit_length() - 1 if wild else -1
        if meld.kind == SET:
            rank = meld.low
            for suit in range(4):  # one entry per code, in suit order (S H D C)
                c = self._natural(rank * 4 + suit, hand)
                if c is not None:
                    out.append((code_of[c], "", c, False))
            if joker >= 0:
                stand = rank * 4 + self._free_suit({st & 3 for st in meld.stands})
                out.append((f"{code_of[joker]}={stand_code(stand)}", "", joker, False))
            return out
        suit = meld.suit
        if meld.low > self.lo_pos:
            stand = (meld.low - 1) * 4 + suit
            nat = self._natural(stand, hand)
            if nat is not None:
                out.append((code_of[nat], "low", nat, True))
            if joker >= 0:
                out.append((f"{code_of[joker]}={stand_code(stand)}", "low", joker, True))
        if meld.high < self.hi_pos:
            stand = (meld.high + 1) * 4 + suit
            nat = self._natural(stand, hand)
            if nat is not None:
                out.append((code_of[nat], "high", nat, False))
            if joker >= 0:
                out.append((f"{code_of[joker]}={stand_code(stand)}", "high", joker, False))
        if len(out) > 2 or (len(out) == 2 and out[0][0] == out[1][0]):
            texts = [t for t, _, _, _ in out]
            return [(t, e if texts.count(t) > 1 else "", c, low) for t, e, c, low in out]
        return [(t, "", c, low) for t, _, c, low in out]

    def lay_off(self, meld: Meld, card: int, low: bool = False) -> Meld:
        """``meld`` with ``card`` added (at the low end of a sequence if ``low``); not validated."""
        if meld.kind == SET:
            return self._set_add(meld, card)
        return self._extend(meld, card, low)

    @staticmethod
    def _extend(meld: Meld, card: int, low: bool) -> Meld:
        if low:
            return meld._replace(cards=(card, *meld.cards), stands=(meld.stands[0] - 4, *meld.stands))
        return meld._replace(cards=(*meld.cards, card), stands=(*meld.stands, meld.stands[-1] + 4))

    # ------------------------------------------------------------ joker moves
    def joker_moves(self, meld: Meld, hand: int, extend: bool = False) -> list[tuple[str, Meld]]:
        """Ways to move a wild card from one end of a sequence to the other: ``(card, new meld)``.

        The player puts the natural card the end joker stands for in its place, and the joker
        goes to the other end, where it is fixed (it "cannot be moved a second time"). With
        ``extend`` (Foster's rule) he may instead add the card one beyond the other end, the
        joker filling the gap. An interior, moved, or set joker never moves; nor does one whose
        other end is off the sequence (no round the corner).
        """
        if meld.kind != RUN:
            return []
        out: list[tuple[str, Meld]] = []
        last = len(meld.cards) - 1
        suit = meld.suit
        for i in (0, last):
            j = meld.cards[i]
            if not self.wild >> j & 1 or meld.moved >> j & 1:
                continue
            rest = meld._replace(cards=meld.cards[1:] if i == 0 else meld.cards[:-1],
                                 stands=meld.stands[1:] if i == 0 else meld.stands[:-1], moved=meld.moved | 1 << j)
            other = meld.high + 1 if i == 0 else meld.low - 1
            if not self.lo_pos <= other <= self.hi_pos:
                continue
            # The natural card in the joker's place, the joker to the other end.
            nat = self._natural(meld.stands[i], hand)
            if nat is not None:
                put = self._extend(rest, nat, i == 0)
                out.append((self.pack.code_of[nat], self._extend(put, j, i != 0)))
            beyond = other + 1 if i == 0 else other - 1
            if extend and self.lo_pos <= beyond <= self.hi_pos:
                far = self._natural(beyond * 4 + suit, hand)
                if far is not None:
                    put = self._extend(rest, j, i != 0)
                    out.append((self.pack.code_of[far], self._extend(put, far, i != 0)))
        return out

