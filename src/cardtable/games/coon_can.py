"""Coon Can (Double Rum): the rummy of the seeds, with its joker rules.

Source: seed ``000_021e177d957c1434.txt``, section "Coon Can" (G. F. Hervey's text), with the
gaps resolved in ``docs/decisions.md`` (CC-GAP-1 … CC-GAP-8). Melds are the
shared :mod:`cardtable.core.melds`.

The rules as implemented
------------------------
"Coon Can is known as Double Rum ... played with two packs of cards shuffled together with
two Jokers" (106 cards). "The game may be played by any number of players up to eight; each
plays for himself" (2–8). "Ten cards are dealt face downwards to each player" (one at a time,
as Foster's Double-Pack Rum). "The rest of the pack (the stock) is placed face downwards ... and
the top card of it is turned face upwards ... to start the discard pile."

"The object of the game is to get rid of all the cards held, by melding them face upwards on
the table, either in sets of three or more of the same rank, or in sequences of three or more
of the same suit, the Ace either high or low but not round-the-corner. A Joker may be used to
represent any card that the holder chooses." A set may repeat a card (``KS KS KD``) and a meld
may hold both jokers, as long as it is a valid set or sequence with them substituted; a
sequence never holds the same card twice (CC-GAP-5). A sequence may run from the low ace to
the high ace (both aces of the suit), which never turns the corner.

"Each player, beginning with the one on the left of the dealer, plays in turn. ... he must take
into his hand either the top card of the stock or the top card of the discard pile, and
discard a card". "If he chooses to meld he must do so between drawing a card and discarding
one, and ... he may add cards to melds that he has already made, and to those of his
opponents." The seed forbids returning the card just drawn only once the stock is exhausted,
so before that a player may discard the discard pile's card he took.

Jokers (CC-GAP-1): "A joker may be moved from one end of a meld to the other, provided the
player has the natural card to replace it. If, for example, a sequence is: 6♠ 7♠ 8♠ Joker, a
player who holds a 9♠ may play it in [place] of the Joker and transfer the Joker to represent
the 5♠. Once moved, however, a Joker cannot be moved a second time ... Nor can a Joker be moved
if it is in the interior of sequence". A joker whose other end would be off the sequence (past
an ace) cannot move (CC-GAP-3); a joker in a set never moves (CC-GAP-4, ENGINE DEFAULT). Jokers
that can no longer move are shown "crosswise" (``crosswise`` in each meld of the view). Option
``joker_move="foster_extend"`` (CC-GAP-2, Foster) also lets the player add the card one beyond
the other end, the joker filling the gap (``6♣ 7♣ Joker`` + ``4♣`` → ``4♣ Joker(5♣) 6♣ 7♣``).

"The game is won by the player who is first to meld all his cards." He goes out when his hand
becomes empty, by a meld, a lay-off or the discard (CC-GAP-6); option
``go_out_requires_discard`` demands a final discard. "The remaining players pay him the same
number of units as the pip value of the unmelded cards left in their hands - a Joker counting
15, an Ace 11, the court cards 10 each, and all other cards their pip values" (CC-GAP-8).

"Rarely it happens that the stock will be exhausted before the game has been won. In this
event the game continues and the players draw cards from the discard pile, discarding a
different card to that drawn" (a different physical card: a second copy of the same code may
go; a player left holding only the card he drew may discard it, ENGINE DEFAULT). "If this
proves insufficient to finish the game, the pip values of the hands are counted and placed into
a pool to be scored by the winner of the next hand." CC-GAP-7 (ENGINE DEFAULT): the hand ends
without a winner when a full cycle of turns begun with an empty stock passes with no card
melded, laid off or played to move a joker; each player then pays his own pip total into the
pool ``coon_can_pool``, carried to the next deal, whose winner takes it besides his payments.

Actions
-------
(CARDS, CARD and N stand for the cards, a card and a meld number.)

* ``draw stock``, ``draw discard`` — take the top card of the stock or of the discard pile.
* ``meld CARDS`` — lay down a new meld: a sequence from low to high, a set as its naturals
  (spades, hearts, diamonds, clubs) then its jokers; a joker is written ``JK=CARD`` (the card it
  stands for), e.g. ``meld 5S 6S 7S``, ``meld JK=5S 6S 7S``, ``meld 7H 7D JK=7S``. ``legal()``
  lists every meld the hand can make, each once. The cards may be written in any order.
* ``layoff CARD to N`` — add one card to meld N on the table, one's own or an opponent's (melds
  are numbered from 1 in the order laid), e.g. ``layoff 8S to 2``, ``layoff JK=9S to 2``; an
  ace (or a joker standing for one) that fits both ends of a sequence from 2 to K adds ``low``
  or ``high``.
* ``move joker N with CARD`` — play the natural card and move the end joker of sequence N to
  the other end, where it is fixed.
* ``discard CARD`` — end the turn.

Several cards are melded or laid off in several steps, each one a legal action (so ``legal()``
never lists combinations of melds). A joker in a set is written by the first suit the set lacks
(S, H, D, C; spades once all four are there): in a set only its rank matters, since it never
moves (CC-GAP-4), and the engine does not list four spellings of one meld. A joker named with
another suit of the set's rank (``meld 7H 7D JK=7C``, ``layoff JK=7H to 1``) is accepted and
recorded in that canonical spelling (``meld 7H 7D JK=7S``).

Rule decisions not in the seed
------------------------------
* Dealing one card at a time: Foster's *Complete Hoyle*, Double-Pack Rum (docs/decisions.md).
* Natural card required to move a joker (seed), Foster's extension an option: CC-GAP-2.
* A joker that has no room at the other end (past an ace) cannot move: CC-GAP-3.
* A joker in a set never moves and is shown crosswise: CC-GAP-4, ENGINE DEFAULT (unsourced).
* Sets may repeat a card; any number of jokers in a meld: CC-GAP-5 (Bicycle Double Rum; Foster).
* Going out by meld, lay-off or discard; option ``go_out_requires_discard``: CC-GAP-6 (Foster's
  Cooncan, http://www.rummy-games.com/rules/cooncan/cooncan-description3.html: the player must
  discard "unless he can get rid of all his cards in combinations of his own, or by adding to
  those laid out by others").
* Jokers left in hand count 15: CC-GAP-8 (seed).
* The end of an exhausted hand (a full cycle with nothing to the table) and every player paying
  his own pips to the pool: CC-GAP-7, ENGINE DEFAULT (unsourced).
* Before the stock is exhausted a player may throw back the discard he took: the seed states
  the restriction only for the exhausted stock. Once it is exhausted, a second copy of the drawn
  card's code counts as "a different card", and a player left holding only the card he drew may
  discard it (and so go out): ENGINE DEFAULT (unsourced).
* A hand that reaches 500 turns without a winner ends as an exhausted one does (CC-GAP-7): only
  play that goes round in circles gets there — before the stock is exhausted players may take the
  discard and throw it back for ever — a hand played to win lasts a few dozen turns. ENGINE
  DEFAULT (unsourced), so that every deal ends.
* Laying off to an opponent's meld needs no meld of one's own first (the seed sets no condition).
* A sequence may run from the low ace to the high ace (both aces of a double pack): it does not
  turn the corner (engine reading of "the Ace either high or low but not round-the-corner").

>>> import cardtable as ct
>>> from cardtable.core.cards import PACK_106
>>> top = "6S 2H 7S 3H 8S 4H JK 5H KC 9S 2C 7C 2D 8C 3D 9C 4D TC 5D JC KD"
>>> rest = [PACK_106.code(c) for c in range(106) if not PACK_106.mask(top) >> c & 1]
>>> d = ct.load("coon-can", players=2).deal(deck=" ".join(top.split() + rest), dealer=1)
>>> d.act("draw stock"); d.act("meld 6S 7S 8S JK=9S"); d.act("discard 2C")
>>> d.act("draw discard"); d.act("move joker 1 with 9S")
>>> d.view(0)["melds"][0]["cards"], d.view(0)["melds"][0]["crosswise"]
(['JK=5S', '6S', '7S', '8S', '9S'], [0])
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..core.aims import Aim
from ..core.bounds import DealBounds
from ..core.cards import PACK_52, PACK_106, bits
from ..core.chips import Ledger, Settlement
from ..core.deal import Deal, Zone
from ..core.dealing import DealPlan
from ..core.game import Game
from ..core.i18n import _
from ..core.melds import SET, Meld, MeldRules, stand_code
from ..core.options import Option, Options
from ..core.phases import Phase
from ..core.views import Key, Kind
from ..core.words import action_label, card_symbol

__all__ = ["CoonCan", "CoonCanPhase", "CoonCanSetup", "pip_value"]

POOL = "coon_can_pool"
TURN_LIMIT = 500
"""Turns after which a hand without a winner ends as an exhausted hand does (ENGINE DEFAULT)."""


def cards(mask: int) -> str:
    """'1 card', '3 cards'."""
    n = mask.bit_count()
    return f"{n} card" if n == 1 else f"{n} cards"
HAND = 10


_ONE_PACK = (1 << 52) - 1
_RULES = MeldRules(PACK_106)
"""Sets and sequences of three or more, the ace high or low, jokers wild."""
assert PACK_106.code_of[:52] == PACK_106.code_of[52:104] == PACK_52.code_of and PACK_106.code_of[104:] == ("JK", "JK")


def _discard_actions(hand: int) -> list[str]:
    """``discard <code>`` for each distinct code of a hand of the 106-card pack, in display order
    (the two packs folded onto one 52-card mask, whose display order is memoised; jokers last).

    >>> _discard_actions(PACK_106.mask("2C JK 7S AS 7S JK"))
    ['discard AS', 'discard 7S', 'discard 2C', 'discard JK']
    """
    out = [f"discard {c}" for c in PACK_52.display_codes((hand | hand >> 52) & _ONE_PACK)]
    if hand >> 104:
        out.append("discard JK")
    return out


def _card_words(text: str) -> str:
    """A card of an action in words: ``7♠``, ``the joker as 5♠`` (``JK=5S``).

    >>> _card_words("TS"), _card_words("JK=5S")
    ('10♠', 'the joker as 5♠')
    """
    code, _x, stands = text.partition("=")
    return _("the joker as {card}", card=card_symbol(stands)) if stands else card_symbol(code)


def pip_value(rank: int) -> int:
    """Pip value of a card left in hand: joker (rank 0) 15, ace 11, courts 10, others their pips.

    >>> [pip_value(r) for r in (0, 14, 13, 11, 10, 2)]
    [15, 11, 10, 10, 10, 2]
    """
    if rank == 0:
        return 15
    return 11 if rank == 14 else min(rank, 10)


class CoonCanPhase(Phase):
    """The stages of a hand of Coon Can: each turn a draw, then melding and the discard."""

    DRAW = "draw"  # take the top card of the stock or of the discard pile
    PLAY = "play"  # meld, lay off, move a joker; the discard ends the turn
    DONE = "done"


DRAW, PLAY, DONE = CoonCanPhase


@dataclass(frozen=True)
class CoonCanSetup:
    """What every hand of one configuration needs, worked out once per game (``game.setup``)."""

    plan: DealPlan
    rules: MeldRules
    """Sets and sequences of three or more, the ace high or low, jokers wild."""
    extend: bool
    """Foster's joker move: the card beyond the other end may move an end joker too (CC-GAP-2)."""
    need_discard: bool
    """A player goes out only by discarding his last card (CC-GAP-6)."""
    draws: dict[tuple[bool, bool], tuple[str, ...]] = field(default_factory=dict)
    """Memo: the draws allowed, by (stock left, discard pile left) — all they depend on."""


Move = tuple[int, Meld | None, int, bool]
"""A melding action: (meld index or -1 for a new meld, the new meld or None for a lay-off, the card laid off,
at the low end)."""


class CoonCan(Deal):
    """Coon Can (Double Rum): two packs and two jokers, ten cards each, sets and sequences, the joker move.

    See the module text for the rules as implemented and their sources.
    """

    # ---- the declaration
    id = "coon-can"
    name = "Coon Can"
    family = "rummy"
    aim = Aim("cards shed", "first out", sheds="melds")
    aliases = ("double-rum", "cooncan")
    min_players, max_players, default_players = 2, 8, 4
    pack_used = PACK_106
    source = "seed 000_021e177d957c1434.txt, 'Coon Can'; docs/decisions.md (CC-GAP-1..8)"
    phases = CoonCanPhase
    # -- the declaration learning libraries read (core/bounds.py)
    flat_refusal = ("its actions take sets of cards from a pack with repeated cards, and name cards in an order "
                    "that matters (a joker standing for a card, a card laid off onto a numbered meld)")

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """A deal lasts at most its limit of turns; in a turn a seat draws, melds, lays off or moves a joker
        (each play but a joker move puts a card of its hand down, a joker move puts a natural card down for
        the joker: at most twice the eleven cards it can hold, and the two jokers), and discards. A hand
        holds at most eleven cards, worth at most 15 each: a seat pays at most that, to the winner or into
        the pool; the winner gains it from each other seat (a deal begun from an empty pool). An action names
        at most its word, a meld's number and eleven cards, each with what a joker stands for (three tokens).
        Play draws from the stock: the whole pack."""
        most_pips = (HAND + 1) * 15
        return DealBounds(actions=TURN_LIMIT * (2 + 2 * (HAND + 1) + 2), least=-most_pips,
                          most=(players - 1) * most_pips, zero_sum=False, dealt=cls.pack_used.size,
                          longest_action=2 + 3 * (HAND + 1))
    # -- end of the declaration
    option_specs = (
        Option("joker_move", str, "natural_only", ("natural_only", "foster_extend"),
               doc=_("moving an end joker: only by playing the natural card it stands for, or also (Foster) by "
                     "adding the card beyond the other end"),
               source="seed 000 Coon Can: 'provided the player has the natural card to replace it'; CC-GAP-2"),
        Option("go_out_requires_discard", bool, False,
               doc=_("a player goes out only by discarding his last card (else also by melding or laying it off)"),
               source="CC-GAP-6"),
    )
    view_keys = (
        Key("melds", Kind.JSON, "the melds on the table: [{id, owner, kind, cards, jokers, crosswise}]"),
        Key("stock_size", Kind.INT, "cards left in the stock"),
        Key("pools", Kind.AMOUNTS, "the pool carried from an exhausted hand, if any"),
        Key("discard_top", Kind.CARD, "the top card of the discard pile", null=True),
        Key("discard_pile", Kind.CARDS, "the discard pile, bottom first", size="pack"),
        Key("known_cards", Kind.SEAT_CARDS, "cards other seats are known to hold (taken from the discard pile)"),
        Key("exhausted", Kind.BOOL, "whether the stock is exhausted"),
        Key("winner", Kind.SEAT, "the seat that melded all its cards", null=True),
    )

    # ---- the state of a hand (beside the core's hands and stock)
    setup: CoonCanSetup
    discard: list[int]
    """The discard pile, top last."""
    melds: list[Meld]
    fits: list[int]
    """Per meld: the cards that could be laid off to it or move its joker."""
    known: list[int]
    """Cards each seat is known to hold (taken from the discard pile)."""
    pool_start: int
    drawn: int
    """The card taken from the discard pile this turn (-1: none)."""
    dry_turn: bool
    """This turn began with the stock exhausted."""
    progressed: bool
    """A card went to the table this turn."""
    idle: int
    """Consecutive dry turns with no card to the table."""
    turns: int
    """Turns completed (for TURN_LIMIT)."""
    winner: int | None
    moves: dict[str, Move] | None
    """Memo of the melding actions open to the seat to play (None: not worked out since the last action)."""

    # ---------------------------------------------------------- configuration
    @classmethod
    def configure(cls, game: Game) -> CoonCanSetup:
        o = game.options
        return CoonCanSetup(plan=DealPlan(rounds=(1,) * HAND, turn_up=True), rules=_RULES,
                            extend=o.joker_move == "foster_extend", need_discard=o.go_out_requires_discard)

    # ------------------------------------------------------------------ deal
    def _start(self, order: list[int]) -> None:
        s = self.setup = self.game.setup
        dealt = s.plan.deal(order, self.players, self.dealer)
        self.hands, self.stock = dealt.hands, dealt.stock
        assert dealt.turn_up is not None
        self.discard = [dealt.turn_up]
        self.melds = []
        self.fits = []
        self.known = [0] * self.players
        self.pool_start = int(self.carry_in.get("pools", {}).get(POOL, 0))
        self.drawn = -1
        self.dry_turn = self.progressed = False
        self.idle = self.turns = 0
        self.winner = None
        self.moves = None
        self.phase = DRAW
        self.turn = self.next_seat(self.dealer)

    # --------------------------------------------------------------- drawing
    def options_draw(self, seat: int) -> Iterable[str]:
        return ("draw stock", "draw discard")

    def check_draw(self, seat: int, action: str) -> str | None:
        """The rule of the draw: the top card of the stock, or of the discard pile."""
        if action == "draw stock":
            return None if self.stock else _("the stock is exhausted: draw the top card of the discard pile")
        if action == "draw discard" and self.discard:
            return None
        return _("first take the top card of the stock ('draw stock') or of the discard pile ('draw discard')")

    def legal_draw(self, seat: int) -> tuple[str, ...]:
        """The draws :meth:`check_draw` allows, memoised per (stock left, discard pile left)."""
        key = (bool(self.stock), bool(self.discard))
        got = self.setup.draws.get(key)
        if got is None:
            got = self.setup.draws[key] = tuple(a for a in self.options_draw(seat) if self.check_draw(seat, a) is None)
        return got

    def apply_draw(self, seat: int, action: str) -> None:
        self.moves = None
        if action == "draw stock":
            self.hands[seat] |= 1 << self.stock.pop()
            self.drawn, self.dry_turn = -1, False
        else:
            c = self.discard.pop()
            self.hands[seat] |= 1 << c
            self.known[seat] |= 1 << c
            self.drawn, self.dry_turn = c, not self.stock
        self.phase = PLAY

    # --------------------------------------------------------------- playing
    def melding(self, seat: int) -> dict[str, Move]:
        """The melds, lay-offs and joker moves open to ``seat`` now (the meld rules of :mod:`..core.melds`;
        with ``go_out_requires_discard`` a card is kept for the discard), worked out once per position."""
        moves = self.moves
        if moves is not None:
            return moves
        hand = self.hands[seat]
        s = self.setup
        keep = 1 if s.need_discard else 0
        moves = {}
        rules = s.rules
        for text, m in rules.named_melds(hand, seat):
            if not keep or hand & ~m.mask():
                moves["meld " + text] = (-1, m, 0, False)
        if hand.bit_count() > keep:
            near = [i for i, f in enumerate(self.fits) if hand & f]  # melds this hand can touch
            for i in near:
                for text, end, card, low in rules.layoff_cards(self.melds[i], hand):
                    moves[f"layoff {text} to {i + 1} {end}" if end else f"layoff {text} to {i + 1}"] = \
                        (i, None, card, low)
            for i in near:
                for text, new in rules.joker_moves(self.melds[i], hand, s.extend):
                    moves[f"move joker {i + 1} with {text}"] = (i, new, 0, False)
        self.moves = moves
        return moves

    def discardable(self, seat: int) -> int:
        """The cards ``seat`` may discard: any in hand, but with the stock exhausted not the card drawn from the
        discard pile ("discarding a different card to that drawn"), unless it is the only one left."""
        hand = self.hands[seat]
        if self.dry_turn and hand != 1 << self.drawn:
            hand &= ~(1 << self.drawn)
        return hand

    def options_play(self, seat: int) -> Iterable[str]:
        """Every meld, lay-off and joker move the hand can make, and a discard of each card held."""
        yield from self.melding(seat)
        yield from _discard_actions(self.hands[seat])

    def legal_play(self, seat: int) -> list[str]:
        """The melding actions and the allowed discards (:meth:`check_play`'s, without asking it each one)."""
        return [*self.melding(seat), *_discard_actions(self.discardable(seat))]

    def check_play(self, seat: int, action: str) -> str | None:
        """The rule of the play after the draw: a meld, lay-off or joker move the meld rules allow, or a
        discard (a different card to that drawn, once the stock is exhausted)."""
        word, *args = action.split() or [""]
        hand = self.hands[seat]
        if word == "discard":
            c = self.pack.parse_in(args[0], hand) if len(args) == 1 else None
            if c is None:
                return _("you may discard only a card in your hand")
            if self.pack.parse_in(args[0], self.discardable(seat)) is not None:
                return None
            return _("with the stock exhausted you must discard a different card to that drawn")
        if action in self.melding(seat):
            return None
        if word == "draw":
            return _("you have drawn this turn: meld, lay off, or discard to end the turn")
        keep = "you must keep a card to discard: a player goes out only by discarding (go_out_requires_discard)"
        need_discard = self.setup.need_discard
        if word == "meld":
            try:
                m = self.setup.rules.parse(args, hand)
            except ValueError as e:
                return str(e)
            if need_discard and m.mask() == hand:
                return keep
            return _("write the meld as 'meld {text}'", text=self.setup.rules.text(m))
        if need_discard and word in ("layoff", "move") and hand.bit_count() == 1:
            return keep
        if word == "layoff":
            return self._why_not_layoff(args)
        if word == "move":
            return self._why_not_move(args)
        return _("after drawing: meld, lay off ('layoff 8S to 2'), move a joker, or discard")

    def canonical_action(self, action: str) -> str:
        """As the base class, and a meld written in any order (``meld 7S 5S 6S``), or a joker in a
        set named by any suit of its rank (``meld 7H 7D JK=7C``, ``layoff JK=7H to 1``), is
        read as the legal action that lays down the same cards (in a set only a joker's rank
        matters: it never moves, CC-GAP-4)."""
        a = super().canonical_action(action)
        words = a.split()
        if self.turn is None or self.phase != PLAY or len(words) < 2 or words[0] not in ("meld", "layoff"):
            return a
        legal = self.legal()
        if a in legal:
            return a
        rules = self.setup.rules
        if words[0] == "meld":
            try:
                alt = "meld " + rules.text(rules.parse(words[1:], self.hands[self.turn]))
            except ValueError:
                return a
            return alt if alt in legal else a
        meld = self._meld_arg(words[3]) if len(words) == 4 and words[2] == "to" else None
        code = words[1].partition("=")[2]
        if meld is not None and meld.kind == SET and words[1].startswith("JK=") and len(code) == 2 \
                and code[0] == stand_code(meld.stands[0])[0]:
            alt = next((x for x in legal if x.startswith("layoff JK=") and x.endswith(f" to {words[3]}")), a)
            return alt
        return a

    def _meld_arg(self, text: str) -> Meld | None:
        return self.melds[int(text) - 1] if text.isdigit() and 0 < int(text) <= len(self.melds) else None

    def _ids(self) -> str:
        return f"the melds are numbered 1 to {len(self.melds)}" if self.melds else "there is no meld on the table yet"

    def _why_not_layoff(self, args: list[str]) -> str:
        if len(args) < 3 or args[1] != "to" or self._meld_arg(args[2]) is None:
            return _("write 'layoff <card> to <meld id>' ({ids})", ids=self._ids())
        return _("{args} does not fit meld {args2}: a set takes its rank, a sequence the next card at either end",
                 args=args[0], args2=args[2])

    def _why_not_move(self, args: list[str]) -> str:
        m = self._meld_arg(args[1]) if len(args) == 4 else None
        if m is None or args[0] != "joker" or args[2] != "with":
            return _("write 'move joker <meld id> with <card>' ({ids})", ids=self._ids())
        if m.kind == SET:
            return _("a joker in a set is never moved")
        rules = self.setup.rules
        last = len(m.cards) - 1
        ends = [i for i in (0, last) if rules.is_wild(m.cards[i])]
        if not ends:
            inner = any(rules.is_wild(c) for c in m.cards)
            return (_("a joker in the interior of a sequence cannot be moved") if inner
                    else _("that meld has no joker at an end"))
        if all(m.moved >> m.cards[i] & 1 for i in ends):
            return _("once moved, a joker cannot be moved a second time")
        beyond = " (or, with Foster's joker move, the card beyond the other end)" if self.setup.extend else ""
        return (_("you need the natural card the end joker stands for{beyond}, and room at the other end (never "
                  "round the corner)", beyond=beyond))

    def apply_play(self, seat: int, action: str) -> None:
        if action.startswith("discard"):
            self.moves = None
            self._discard(seat, action[8:])
            return
        index, meld, card, low = self.melding(seat)[action]
        self.moves = None
        rules = self.setup.rules
        if meld is None:  # a lay-off
            meld, cards = rules.lay_off(self.melds[index], card, low), 1 << card
        else:
            cards = meld.mask() if index < 0 else meld.mask() & ~self.melds[index].mask()
        fits = rules.fits(meld, self.setup.extend)
        if index < 0:
            self.melds.append(meld)
            self.fits.append(fits)
        else:
            self.melds[index] = meld
            self.fits[index] = fits
        self._take(seat, cards)
        self.progressed = True
        if not self.hands[seat]:
            self._over(seat)

    def _take(self, seat: int, cards: int) -> None:
        """Cards leave a hand; what others knew of that hand is updated (one copy per card)."""
        self.hands[seat] &= ~cards
        known = self.known[seat]
        if not known:
            return
        code_of, copies = self.pack.code_of, self.pack.cards_with
        for c in bits(cards):
            if known >> c & 1:
                known ^= 1 << c
            else:
                for twin in copies(code_of[c]):
                    if known >> twin & 1:
                        known ^= 1 << twin
                        break
        self.known[seat] = known

    def _discard(self, seat: int, code: str) -> None:
        c = self.find_card(code, self.discardable(seat))
        self._take(seat, 1 << c)
        self.discard.append(c)
        if not self.hands[seat]:
            self._over(seat)
            return
        if self.dry_turn:
            self.idle = 0 if self.progressed else self.idle + 1
            if self.idle >= self.players:  # CC-GAP-7: a full cycle with nothing melded
                self._over(None)
                return
        self.turns += 1
        if self.turns >= TURN_LIMIT:  # play that never ends (the discard taken and thrown back): as CC-GAP-7
            self._over(None)
            return
        self.progressed = False
        self.phase, self.turn = DRAW, self.next_seat(seat)

    def _over(self, winner: int | None) -> None:
        """The hand ends: ``winner`` melded all his cards (``None``: an exhausted hand, CC-GAP-7)."""
        self.winner = winner
        self.end()

    # ------------------------------------------------------------- settlement
    def pips(self, seat: int) -> int:
        """Pip value of the cards in a hand."""
        rank = self.pack.rank
        return sum(pip_value(rank[c]) for c in bits(self.hands[seat]))

    def _settle(self) -> Settlement:
        names = self.names
        led = Ledger(self.players, {POOL: self.pool_start} if self.pool_start else {}, names=names)
        w = self.winner
        if w is None:
            if self.turns >= TURN_LIMIT:
                led.note(_("{TURN_LIMIT} turns passed without a winner: the hands' pip values go into the pool for "
                           "the winner of the next hand", TURN_LIMIT=TURN_LIMIT))
            else:
                led.note(_("the stock is exhausted and a full round passed with nothing melded: the hands' pip "
                           "values go into the pool for the winner of the next hand"))
            total = self.pool_start
            for s in range(self.players):
                n = self.pips(s)
                if n:
                    total += n
                    led.to_pool(s, POOL, n, _("{player} puts {n} into the pool (pip value of {cards})",
                                              player=names[s], n=n, cards=cards(self.hands[s])))
            carried = f" ({self.pool_start} of it from earlier hands)" if self.pool_start else ""
            led.note(_("the pool now holds {total}{carried}", total=total, carried=carried))
            return led.settlement()
        led.note(_("{player} has gone out, every card melded", player=names[w]))
        for s in range(self.players):
            if s != w:
                n = self.pips(s)
                led.pay(s, w, n, _("{player} pays {player2} {n} (pip value of {cards} left)", player=names[s],
                                   player2=names[w], n=n, cards=cards(self.hands[s])))
        if self.pool_start:
            led.from_pool(w, POOL, None, _("{player} takes the pool of {pool_start} from the last hand",
                                           player=names[w], pool_start=self.pool_start))
        return led.settlement()

    def _carry(self) -> dict[str, Any] | None:
        pool = self.result().pools.get(POOL, 0)
        return {"pools": {POOL: pool}} if pool else None

    # ------------------------------------------------------------------ views
    def _view(self, seat: int | None) -> dict[str, Any]:
        rules = self.setup.rules
        melds = []
        for i, m in enumerate(self.melds):
            texts = [rules.card_text(c, st) for c, st in zip(m.cards, m.stands)]
            melds.append({"id": i + 1, "owner": m.owner, "kind": m.kind, "cards": texts,
                          "jokers": {str(j): t for j, t in enumerate(texts) if "=" in t},
                          "crosswise": rules.crosswise(m)})
        pools = {POOL: self.pool_start} if self.pool_start else {}
        v: dict[str, Any] = {
            "melds": melds, "stock_size": len(self.stock), "pools": pools,
            "discard_top": self.pack.code(self.discard[-1]) if self.discard else None,
            "discard_pile": [self.pack.code(c) for c in self.discard],
            "known_cards": {str(s): self.card_codes(k) for s, k in enumerate(self.known) if k and s != seat},
            "exhausted": not self.stock, "winner": self.winner,
        }
        return v

    def status(self, seat: int | None) -> str | None:
        if self.turn is None:
            return None
        who = self.names[self.turn]
        if self.phase == DRAW:
            return _("{player} to draw; the stock is exhausted", player=who) if not self.stock else \
                _("{player} to draw", player=who)
        return _("{player} to meld, lay off or discard; the stock is exhausted", player=who) if not self.stock else \
            _("{player} to meld, lay off or discard", player=who)

    def label(self, action: str) -> str:
        word, *args = action.split() or [""]
        if action == "draw stock":
            return _("Draw from the stock")
        if action == "draw discard":
            return _("Take the top card of the discard pile")
        if word == "meld":
            words = _card_words(args[0]) if args else ""
            for a in args[1:]:
                words = _("{cards}, {card}", cards=words, card=_card_words(a))
            return _("Meld {cards}", cards=words)
        if word == "layoff" and len(args) >= 3:
            end = (_(" (at the low end)") if args[3] == "low" else _(" (at the high end)") if args[3] == "high"
                   else _(" (at the {end} end)", end=args[3])) if len(args) > 3 else ""
            return _("Lay off {card_words} on meld {args}{end}", card_words=_card_words(args[0]), args=args[2],
                     end=end)
        if word == "move" and len(args) == 4:
            return _("Move the joker of meld {args}, playing {card_words}", args=args[1],
                     card_words=_card_words(args[3]))
        if word == "discard" and len(args) == 1:
            return _("Discard {card_words}", card_words=_card_words(args[0]))
        return action_label(action)

    def _hidden_zones(self, viewer: int) -> list[Zone]:
        zones = [Zone(("hand", s), self.hands[s], fixed=self.known[s])
                 for s in range(self.players) if s != viewer]
        if self.stock:
            zones.append(Zone("stock", sum(1 << c for c in self.stock)))
        return zones

    def _set_zone(self, key: Any, mask: int, rng: random.Random) -> None:
        self.moves = None
        super()._set_zone(key, mask, rng)

    def _zones(self) -> dict[str, int]:
        table = 0
        for m in self.melds:
            table |= m.mask()
        return {**super()._zones(), "discard": sum(1 << c for c in self.discard), "melds": table}


GAMES = (CoonCan,)
