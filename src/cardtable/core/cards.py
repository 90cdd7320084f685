"""Cards, packs and card sets.

A card is a small int: its index in its :class:`Pack` (a *physical* card, so the two
copies of ``7S`` in a double pack are different cards with the same code). A set of
cards is an int bitmask over those indices; :class:`CardSet`-like helpers here work on
plain ints so that hot paths stay cheap.

>>> PACK_52.parse("10h")
21
>>> PACK_52.code(21)
'TH'
>>> PACK_52.codes(PACK_52.mask("AS KS 2C"))  # index order
['KS', 'AS', '2C']
>>> parse_code("♠q")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.errors.CardError: '♠q' is not a card code: write rank then suit, ...
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..errors import CardError
from .i18n import NC_, _, pack_words

__all__ = [
    "GERMAN_PACK",
    "JOKER",
    "PACK_25",
    "PACK_32",
    "PACK_36",
    "PACK_40",
    "PACK_52",
    "PACK_106",
    "RANKS",
    "RANK_WORDS",
    "SUITS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "Pack",
    "bit_list",
    "bits",
    "card_name",
    "is_card_code",
    "parse_code",
]

SUITS = "SHDC"
"""Suit letters; a card's suit is its index here (0 spades, 1 hearts, 2 diamonds, 3 clubs)."""
RANKS = "23456789TJQKA"
"""Rank letters; a card's rank number is ``RANKS.index(r) + 2`` (2..14, ace 14)."""
SUIT_NAMES = (_("spades"), _("hearts"), _("diamonds"), _("clubs"))
"""Suit names in words, by suit index (``SUIT_NAMES[1]`` is ``"hearts"``): messages, so that they are worded
in the reader's language (and in a German-suited pack's own words, :data:`GERMAN_PACK`)."""
SUIT_SYMBOLS = "♠♥♦♣"
RANK_NAMES = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
              11: "jack", 12: "queen", 13: "king", 14: "ace"}
"""Rank names in words, by rank number (2..14)."""
RANK_WORDS = {2: _("Two"), 3: _("Three"), 4: _("Four"), 5: _("Five"), 6: _("Six"), 7: _("Seven"), 8: _("Eight"),
              9: _("Nine"), 10: _("Ten"), 11: _("Jack"), 12: _("Queen"), 13: _("King"), 14: _("Ace")}
"""Rank names as a card's name begins (``Queen`` of spades), by rank number: messages."""
GERMAN_PACK = pack_words("german", {
    "spades": NC_("german pack", "leaves"), "hearts": NC_("german pack", "hearts"),
    "diamonds": NC_("german pack", "bells"), "clubs": NC_("german pack", "acorns"),
    "Ace": NC_("german pack", "Ace"), "King": NC_("german pack", "King"), "Queen": NC_("german pack", "Ober"),
    "Jack": NC_("german pack", "Unter"), "Ten": NC_("german pack", "Ten"), "Nine": NC_("german pack", "Nine"),
    "Eight": NC_("german pack", "Eight"), "Seven": NC_("german pack", "Seven"), "Six": NC_("german pack", "Six"),
    "{rank} of {suit}": NC_("german pack", "{rank} of {suit}"),
})
"""The German-suited pack's own words for the French pack's suits and ranks, in English (the catalogues word
them as the pack does: Gras, Herz, Schellen, Eichel; Sau, König, Ober, Unter …), used when a reader's cards
are German-suited (``translate(text, lang, pack="german")``): clubs are acorns (Eichel), spades leaves (Gras),
hearts hearts (Herz), diamonds bells (Schellen); the queen is the Ober, the jack the Unter, the ace the Sau.

>>> from .i18n import translate
>>> [translate(card_name(c), lang, pack=p) for c, lang, p in (("QC", "en", "german"), ("QC", "de", "german"),
...                                                             ("QC", "de", None), ("TH", "sv", None))]
['Ober of acorns', 'Eichel-Ober', 'Kreuz-Dame', 'hjärter tia']"""
JOKER = "JK"
NO_SUIT = 4
"""The suit index of a joker."""
DISPLAY_SUITS = (0, 1, 3, 2, 4)
"""The order suits are shown in: spades, hearts, clubs, diamonds (the colours alternate), then jokers. Within
a suit, high rank first. Every display order in the engine comes from this tuple."""

_SUIT_ALIASES = {**{s: s for s in SUITS}, **dict(zip(SUIT_SYMBOLS, SUITS)),
                 "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_HINT = ("write rank then suit, e.g. 'QS', '10H', 'Q♠'; ranks A K Q J T(10) 9-2, "
         "suits S H D C (♠ ♥ ♦ ♣), joker JK")


def parse_code(text: str) -> str:
    """Return the canonical code of one card written forgivingly.

    >>> [parse_code(t) for t in ["qh", "10♣", "JK", "joker", "T♦"]]
    ['QH', 'TC', 'JK', 'JK', 'TD']
    """
    t = text.strip()
    up = t.upper()
    if up in ("JK", "JOKER", "XJ", "🃏"):
        return JOKER
    if len(t) >= 2:
        rank, suit = up[:-1], _SUIT_ALIASES.get(up[-1]) or _SUIT_ALIASES.get(t[-1])
        if rank == "10":
            rank = "T"
        if len(rank) == 1 and rank in RANKS and suit:
            return rank + suit
    raise CardError(f"{text!r} is not a card code: {_HINT}")


def bits(mask: int) -> Iterator[int]:
    """Yield the indices of the set bits of ``mask``, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_CHUNK = 12
_CHUNK_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(_CHUNK) if b >> i & 1) for b in range(1 << _CHUNK))


def bit_list(mask: int) -> list[int]:
    """The indices of the set bits of ``mask`` as a list, lowest first (table lookups: fast for
    big masks such as a stock).

    >>> bit_list(0b10110 | 1 << 40)
    [1, 2, 4, 40]
    """
    out: list[int] = []
    base = 0
    low = (1 << _CHUNK) - 1
    while mask:
        b = mask & low
        if b:
            if base:
                out += [base + i for i in _CHUNK_BITS[b]]
            else:
                out += _CHUNK_BITS[b]
        mask >>= _CHUNK
        base += _CHUNK
    return out


def is_card_code(text: str) -> bool:
    """Whether an action's text is one card code (rank and suit letter, or the joker), as ``legal()`` writes a
    card to play.

    >>> is_card_code("QS"), is_card_code("JK"), is_card_code("pass"), is_card_code("bid 3")
    (True, True, False, False)
    """
    return text == JOKER or (len(text) == 2 and text[1] in SUITS)


def card_name(code: str) -> str:
    """A card in words, for people: ``"Queen of spades"``, ``"Ten of clubs"``, ``"the joker"``.

    >>> card_name("QS"), card_name("TC"), card_name("JK")
    ('Queen of spades', 'Ten of clubs', 'the joker')
    """
    if code == JOKER:
        return _("the joker")
    return _("{rank} of {suit}", rank=RANK_WORDS[RANKS.index(code[0]) + 2], suit=SUIT_NAMES[SUITS.index(code[1])])


class Pack:  # compiled
    """A pack as data: the codes of its physical cards, with rank and suit tables.

    Card ``i`` has code ``codes[i]``, suit index ``suit[i]`` (4 for a joker) and rank
    number ``rank[i]`` (2..14, 0 for a joker). ``parse`` maps a code to the first
    physical card with that code; ``parse_in(code, mask)`` to the first one in a set.

    >>> PACK_32.size, PACK_25.codes(PACK_25.full)[-1], PACK_106.size
    (32, 'JK', 106)
    """

    name: str
    code_of: tuple[str, ...]
    size: int
    full: int
    suit: tuple[int, ...]
    rank: tuple[int, ...]
    _index: dict[str, list[int]]
    has_duplicates: bool
    index_of: dict[str, int]
    display_rank: tuple[int, ...]
    suit_mask: tuple[int, ...]
    _display_suits: tuple[int, ...] | None
    _display_codes: dict[int, tuple[str, ...]]
    _runs: list[tuple[int, int, tuple[tuple[str, ...], ...]]] | None

    def __init__(self, name: str, codes: Sequence[str]) -> None:
        self.name = name
        self.code_of = tuple(codes)
        self.size = len(self.code_of)
        self.full = (1 << self.size) - 1
        self.suit = tuple(NO_SUIT if c == JOKER else SUITS.index(c[1]) for c in codes)
        self.rank = tuple(0 if c == JOKER else RANKS.index(c[0]) + 2 for c in codes)
        self._index = {}
        for i, c in enumerate(self.code_of):
            self._index.setdefault(c, []).append(i)
        self.has_duplicates = len(self._index) < self.size
        self.index_of = {} if self.has_duplicates else {c: i for i, c in enumerate(self.code_of)}
        """Canonical code -> card index, for single packs (empty for a double pack)."""
        self.display_rank = tuple(
            (DISPLAY_SUITS.index(self.suit[i]) * 16 + 15 - self.rank[i]) * 2 for i in range(self.size))
        """Each card's place in display order (:data:`DISPLAY_SUITS`, high rank first; copies tie)."""
        self.suit_mask = tuple(sum(1 << i for i in range(self.size) if self.suit[i] == s) for s in range(5))
        # When every suit's cards lie at indices of strictly rising rank (all single packs), display
        # order is: the suits in display order, each read from its highest bit down — no sort.
        self._display_suits = tuple(self.suit_mask[s] for s in DISPLAY_SUITS if self.suit_mask[s])
        for m in self._display_suits:
            ranks = [self.rank[i] for i in bits(m)]
            if ranks != sorted(set(ranks)):
                self._display_suits = None
                break
        self._display_codes = {}
        self._runs = None

    def _suit_runs(self) -> list[tuple[int, int, tuple[tuple[str, ...], ...]]] | None:
        """Per display suit (when each lies on consecutive indices of rising rank): its shift, its
        width mask and the codes in display order of every subset of it (built on first use)."""
        if self._runs is None and self._display_suits is not None:
            runs = []
            for sm in self._display_suits:
                shift = (sm & -sm).bit_length() - 1
                width = sm.bit_count()
                if sm >> shift != (1 << width) - 1 or width > 14:
                    return None
                codes = self.code_of[shift:shift + width]
                table = tuple(tuple(codes[i] for i in range(width - 1, -1, -1) if b >> i & 1)
                              for b in range(1 << width))
                runs.append((shift, (1 << width) - 1, table))
            self._runs = runs
        return self._runs

    def __repr__(self) -> str:
        return f"<Pack {self.name}: {self.size} cards>"

    def code(self, card: int) -> str:
        """The code of one card index."""
        return self.code_of[card]

    def codes(self, cards: int | Iterable[int]) -> list[str]:
        """Codes of a mask (in index order) or of a sequence of indices (in its order)."""
        seq = bits(cards) if isinstance(cards, int) else cards
        return [self.code_of[c] for c in seq]

    def parse(self, text: str) -> int:
        """The first physical card with this code; :class:`CardError` if the pack has none."""
        code = parse_code(text)
        found = self._index.get(code)
        if not found:
            raise CardError(f"{code} is not in the {self.name} pack")
        return found[0]

    def parse_in(self, text: str, mask: int) -> int | None:
        """The first physical card with this code inside ``mask``, or ``None``."""
        for i in self._index.get(parse_code(text), ()):
            if mask >> i & 1:
                return i
        return None

    def cards_with(self, code: str) -> list[int] | tuple[()]:
        """The physical cards with a canonical ``code`` (no parsing; empty if none)."""
        return self._index.get(code, ())

    def in_display_order(self, mask: int) -> list[int]:
        """The cards of a mask in display order (:data:`DISPLAY_SUITS`, high rank first).

        >>> PACK_25.codes(PACK_25.in_display_order(PACK_25.mask("9D JK AS TC QH")))
        ['AS', 'QH', 'TC', '9D', 'JK']
        """
        if self._display_suits is None:
            return sorted(bits(mask), key=self.display_rank.__getitem__)
        out: list[int] = []
        for sm in self._display_suits:
            m = mask & sm
            while m:
                c = m.bit_length() - 1
                out.append(c)
                m ^= 1 << c
        return out

    def display_codes(self, mask: int) -> tuple[str, ...]:  # compiled
        """The codes of a mask in display order (memoised for small masks: hands, legal plays).

        >>> PACK_106.display_codes(PACK_106.mask("7S 2C 7S"))
        ('7S', '7S', '2C')
        """
        got = self._display_codes.get(mask)
        if got is None:
            runs = self._runs if self._runs is not None else self._suit_runs()
            if runs is not None:
                got = ()
                for shift, width, table in runs:
                    part = mask >> shift & width
                    if part:
                        got += table[part]
            else:
                code = self.code_of
                got = tuple([code[c] for c in self.in_display_order(mask)])
            if mask.bit_count() <= 13:
                if len(self._display_codes) >= 50_000:
                    self._display_codes.clear()
                self._display_codes[mask] = got
        return got

    def mask(self, text: str | Iterable[str]) -> int:
        """A mask from codes; for a double pack a repeated code takes the next copy.

        >>> PACK_106.codes(PACK_106.mask("7S 7S"))
        ['7S', '7S']
        """
        words = text.split() if isinstance(text, str) else list(text)
        m = 0
        for w in words:
            code = parse_code(w)
            for i in self._index.get(code, ()):
                if not m >> i & 1:
                    m |= 1 << i
                    break
            else:
                raise CardError(f"{code} is not in the {self.name} pack (or all its copies are used)")
        return m

    def parse_order(self, text: str | Sequence[str]) -> list[int]:
        """Read an arranged pack, top card first: every card of the pack exactly once.

        >>> PACK_32.parse_order("AS KS")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardtable.errors.CardError: an arranged deck must hold the whole 32-card pack (32 cards); got 2; ...
        """
        if not isinstance(text, str) and not self.has_duplicates:
            # a list of canonical codes, every card once (as programs arrange a pack): no parsing needed
            try:
                fast = [self.index_of[w] for w in text]
            except (KeyError, TypeError):
                fast = []
            if len(fast) == self.size and len(set(fast)) == self.size:
                return fast
        words = text.split() if isinstance(text, str) else list(text)
        order: list[int] = []
        used = 0
        for w in words:
            code = parse_code(w)
            for i in self._index.get(code, ()):
                if not used >> i & 1:
                    used |= 1 << i
                    order.append(i)
                    break
            else:
                extra = "is not in" if code not in self._index else "appears too often in"
                raise CardError(f"{code} {extra} the {self.name} pack")
        if len(order) != self.size:
            missing = self.codes(self.full & ~used)
            more = " ..." if len(missing) > 10 else ""
            raise CardError(f"an arranged deck must hold the whole {self.name} pack ({self.size} cards); "
                            f"got {len(order)}; missing: {' '.join(missing[:10])}{more}")
        return order


def _codes(ranks: str, jokers: int = 0, copies: int = 1) -> list[str]:
    one = [r + s for s in SUITS for r in ranks]
    return one * copies + [JOKER] * jokers


PACK_52 = Pack("52-card", _codes(RANKS))
PACK_32 = Pack("32-card", _codes("789TJQKA"))
PACK_36 = Pack("36-card", _codes("6789TJQKA"))
PACK_40 = Pack("40-card Spanish", _codes("234567JQKA"))
PACK_25 = Pack("25-card", _codes("9TJQKA", jokers=1))
PACK_106 = Pack("106-card double", _codes(RANKS, jokers=2, copies=2))
