"""Building layouts, written once: per-suit sequences built from a starting card up and/or down.

The stops games (Michigan, Boodle, Spin, Pope Joan) and the Fan-Tan family (Sevens, Play or
Pay, Five or Nine, Domino Fan-Tan) lay cards out in suit sequences. A :class:`Layout` keeps,
for each suit, the run of ranks built so far (its low and high ends) and maintains
``wanted``: the mask of every card that may be played on it now — the next card above and/or
below each open run, and, when a starting rank is fixed, the card of that rank in each suit
not yet opened. A game asks ``layout.playable(hand)`` and applies a card with ``play``;
opening a run on any other card (Michigan's "lowest card of any suit", Play or Pay's "any
card") is ``start``.

Ranks are read in an order: ace low (``A 2 … K``, Fan-Tan) or ace high (``2 … A``,
Michigan); only ranks present in the pack count, so a 32-card pack builds ``7 8 … A``.
With ``wrap`` a run goes round the corner (``Q K A 2``) until it holds the whole suit.

Fan-Tan: sevens open, build down to the ace and up to the king.

>>> from cardtable.core.cards import PACK_52
>>> lay = Layout(PACK_52, ace_low=True, up=True, down=True, start_rank=7)
>>> hand = PACK_52.mask("7H 8H 6S 2C")
>>> PACK_52.codes(lay.playable(hand))
['7H']
>>> lay.play(PACK_52.parse("7H"))
'start'
>>> PACK_52.codes(lay.playable(hand)), lay.view()
(['8H'], {'H': ['7H', '7H']})
>>> lay.play(PACK_52.parse("8H")), lay.view()["H"]
('up', ['7H', '8H'])

Play or Pay: any first card, build upward round the corner.

>>> lay = Layout(PACK_52, ace_low=True, up=True, wrap=True)
>>> lay.start(PACK_52.parse("QD"))
>>> for code in ("KD", "AD"):
...     _ = lay.play(PACK_52.parse(code))
>>> PACK_52.codes(lay.extensions(2)), lay.count[2], lay.complete(2)
(['2D'], 3, False)

Michigan: ace high, upward only; the ace ends the run (a stop).

>>> lay = Layout(PACK_52, up=True)
>>> lay.start(PACK_52.parse("KS"))
>>> lay.play(PACK_52.parse("AS")), lay.extensions(0), lay.complete(0)
('up', 0, True)
"""

from __future__ import annotations

from .cards import NO_SUIT, SUITS, Pack, bits

__all__ = ["Layout"]


class Layout:
    """Suit sequences built from a start card, up and/or down, optionally round the corner.

    pack: the pack (jokers are never part of a layout).
    ace_low: rank order ``A 2 … K`` (else ``2 … A``).
    up, down: which ways a run grows from its start.
    wrap: runs continue past the end of the order to its beginning (``K A 2``), at most a
        whole suit long.
    start_rank: the rank (2..14) whose cards open a suit that has no run yet; those cards are
        then part of ``wanted``. ``None``: suits are opened only by :meth:`start` (set it
        later with :meth:`set_start_rank`, as Five or Nine does after the first card).

    State is a few small lists of ints, and :meth:`copy` is cheap.
    """

    __slots__ = ("_rank_cards", "_span", "count", "down", "hi", "lo", "pack", "played", "pos", "start_rank",
                 "up", "want", "wanted", "wrap")

    def __init__(self, pack: Pack, *, ace_low: bool = False, up: bool = True, down: bool = False,
                 wrap: bool = False, start_rank: int | None = None) -> None:
        if not (up or down):
            raise ValueError("a layout must build up, down or both")
        self.pack = pack
        self.up, self.down, self.wrap = up, down, wrap
        order = [r for r in range(2, 15) if r in pack.rank]
        if ace_low and 14 in order:
            order = [14, *order[:-1]]
        self._span = len(order)
        where = {r: i for i, r in enumerate(order)}
        self.pos: tuple[int, ...] = tuple(where.get(r, -1) for r in pack.rank)
        """Position of each card in the rank order (-1 for a joker)."""
        cards = [[0] * self._span for _ in range(4)]
        for c, s in enumerate(pack.suit):
            if s != NO_SUIT:
                cards[s][self.pos[c]] |= 1 << c
        self._rank_cards: tuple[tuple[int, ...], ...] = tuple(tuple(row) for row in cards)
        self.lo: list[int] = [-1] * 4
        """Position of each suit's low end (-1: the suit has no run)."""
        self.hi: list[int] = [-1] * 4
        self.count: list[int] = [0] * 4
        """Cards in each suit's run."""
        self.played: int = 0
        """Mask of every card put on the layout."""
        self.want: list[int] = [0] * 4
        self.wanted: int = 0
        """Mask of the cards that may be played now (extensions and start-rank openers)."""
        self.start_rank: int | None = None
        self.set_start_rank(start_rank)

    def copy(self) -> Layout:
        """An independent copy."""
        new = object.__new__(Layout)
        for k in Layout.__slots__:
            setattr(new, k, getattr(self, k))
        new.lo, new.hi, new.count, new.want = self.lo.copy(), self.hi.copy(), self.count.copy(), self.want.copy()
        return new

    # ------------------------------------------------------------- queries
    @property
    def span(self) -> int:
        """How many ranks a suit has (positions run from 0 to ``span - 1``)."""
        return self._span

    def cards_at(self, suit: int, pos: int) -> int:
        """The cards of ``suit`` at position ``pos`` of the rank order.

        >>> from cardtable.core.cards import PACK_52
        >>> PACK_52.codes(Layout(PACK_52, ace_low=True).cards_at(1, 0))
        ['AH']
        """
        return self._rank_cards[suit][pos]

    def playable(self, hand: int) -> int:
        """The cards of ``hand`` that may be played on the layout now."""
        return hand & self.wanted

    def is_open(self, suit: int) -> bool:
        """Has ``suit`` a run?"""
        return self.count[suit] > 0

    def extensions(self, suit: int) -> int:
        """The cards that would extend ``suit``'s run (0 when it has none or is complete)."""
        n = self.count[suit]
        if n == 0 or n >= self._span:
            return 0
        row, span, out = self._rank_cards[suit], self._span, 0
        if self.up:
            nxt = self.hi[suit] + 1
            if nxt < span or self.wrap:
                out |= row[nxt % span]
        if self.down:
            nxt = self.lo[suit] - 1
            if nxt >= 0 or self.wrap:
                out |= row[nxt % span]
        return out

    def complete(self, suit: int) -> bool:
        """Is ``suit``'s run open and unable to grow any further (its last card played)?"""
        return self.count[suit] > 0 and not self.extensions(suit)

    def openers(self, suit: int) -> int:
        """The cards that open ``suit`` at the start rank (0 if open or no start rank is fixed)."""
        if self.count[suit] or self.start_rank is None:
            return 0
        r = self.start_rank
        return sum(1 << c for c in bits(self.pack.suit_mask[suit]) if self.pack.rank[c] == r)

    def lowest(self, hand: int, suit: int) -> int | None:
        """The lowest card of ``suit`` in ``hand`` in this layout's rank order, or ``None``.

        >>> from cardtable.core.cards import PACK_52
        >>> lay = Layout(PACK_52)
        >>> PACK_52.code(lay.lowest(PACK_52.mask("AS 3S 9H"), 0))
        '3S'
        """
        for m in self._rank_cards[suit]:
            if hand & m:
                found = hand & m
                return (found & -found).bit_length() - 1
        return None

    def ends(self, suit: int) -> tuple[int, int] | None:
        """The cards at the low and high ends of ``suit``'s run (first physical copies), or ``None``."""
        if not self.count[suit]:
            return None
        row = self._rank_cards[suit]
        lo, hi = row[self.lo[suit]], row[self.hi[suit]]
        return (lo & -lo).bit_length() - 1, (hi & -hi).bit_length() - 1

    def view(self) -> dict[str, list[str]]:
        """``{suit letter: [low code, high code]}`` for every suit with a run."""
        out: dict[str, list[str]] = {}
        for s in range(4):
            e = self.ends(s)
            if e is not None:
                out[SUITS[s]] = [self.pack.code(e[0]), self.pack.code(e[1])]
        return out

    def rows(self) -> dict[str, list[str]]:
        """Every run in full, ``{suit letter: [codes from the low end to the high end]}`` (round the corner
        where the layout wraps), for showing the layout as it lies on the table.

        >>> from cardtable.core.cards import PACK_52
        >>> lay = Layout(PACK_52, ace_low=True, up=True, down=True, start_rank=7)
        >>> for code in ("7S", "8S", "6S"):
        ...     _ = lay.play(PACK_52.parse(code))
        >>> lay.rows()
        {'S': ['6S', '7S', '8S']}
        """
        out: dict[str, list[str]] = {}
        for s in range(4):
            n = self.count[s]
            if not n:
                continue
            row = self._rank_cards[s]
            cards = []
            for k in range(n):
                m = row[(self.lo[s] + k) % self._span]
                cards.append(self.pack.code((m & -m).bit_length() - 1))
            out[SUITS[s]] = cards
        return out

    # ------------------------------------------------------------- changes
    def set_start_rank(self, rank: int | None) -> None:
        """Fix (or clear) the rank that opens a suit; e.g. Five or Nine after the first card."""
        if rank is not None and not (isinstance(rank, int) and rank in self.pack.rank):
            raise ValueError(f"the pack has no rank {rank!r} (ranks are 2..14, ace 14)")
        self.start_rank = rank
        for s in range(4):
            self._refresh(s)

    def start(self, card: int) -> None:
        """Open ``card``'s suit with a run of that one card (replacing any earlier run, as when
        Michigan restarts a stopped suit)."""
        s, p = self.pack.suit[card], self.pos[card]
        if s == NO_SUIT:
            raise ValueError("a joker cannot be put on a layout")
        self.lo[s] = self.hi[s] = p
        self.count[s] = 1
        self.played |= 1 << card
        self._refresh(s)

    def play(self, card: int) -> str:
        """Put a card of ``wanted`` on the layout; returns ``"start"``, ``"up"`` or ``"down"``.

        Raises ``ValueError`` (changing nothing) for a card that is not wanted.
        """
        if not self.wanted >> card & 1:
            raise ValueError(f"{self.pack.code(card)} does not go on the layout now")
        s, p = self.pack.suit[card], self.pos[card]
        if not self.count[s]:
            self.start(card)
            return "start"
        nxt = self.hi[s] + 1
        if self.wrap:  # round the corner only when wrapping: Fan-Tan's ace goes below the two, not above the king
            nxt %= self._span
        way = "up" if self.up and p == nxt else "down"
        if way == "up":
            self.hi[s] = p
        else:
            self.lo[s] = p
        self.count[s] += 1
        self.played |= 1 << card
        self._refresh(s)
        return way

    def _refresh(self, s: int) -> None:
        self.wanted &= ~self.want[s]
        w = self.extensions(s) if self.count[s] else self.openers(s)
        self.want[s] = w
        self.wanted |= w

    def __repr__(self) -> str:
        runs = " ".join(f"{k}:{a}-{b}" for k, (a, b) in self.view().items()) or "empty"
        return f"<Layout {runs}>"
