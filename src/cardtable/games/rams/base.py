"""What the Rams family shares: the declaration base, the per-configuration trick rules and the undertrump switch.

The deal mechanics (pool, turn-up, active seats, exchanges, restocking, hidden side zones) and the
trick obligations are the core's :class:`~cardtable.core.pools.PoolDeal` and
:class:`~cardtable.core.tricks.TrickRules`; this module holds only what the six games declare alike:
:class:`PoolFamily`, the base of each game's class (one class per variant).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...core.aims import Aim
from ...core.chips import Amount
from ...core.game import Game
from ...core.i18n import _
from ...core.options import Option
from ...core.pools import PoolDeal
from ...core.tricks import TrickRules
from ...core.views import TRICK_KEYS, Key, Kind

__all__ = ["PASS", "PLAY", "POOL_KEYS", "SEED", "UNDERTRUMP", "PoolFamily", "PoolSetup"]

SEED = "seed 002_306a4d5946fe0cd1.txt (Parlett)"
UNDERTRUMP = Option("undertrump_required", bool, True,
                    doc=_("a void player unable to overtrump must still play a trump (false: he may then play any "
                          "card)"),
                    source="L3-GAP-4: 'must trump and overtrump ... renounce only if unable to do either'")
PASS, PLAY = 1, 2
"""What a seat said in the bidding (0: not yet spoken)."""

POOL_KEYS: tuple[Key, ...] = (
    *TRICK_KEYS,
    Key("trump", Kind.SUIT, "the trump suit, the turn-up's (None: no turn-up)", null=True),
    Key("turn_up", Kind.CARD, "the card turned up for trumps (None once the dealer has robbed it)", null=True),
    Key("pools", Kind.AMOUNTS, "the pool as it stands this deal"),
    Key("active", Kind.SEATS, "who plays the tricks (once the bidding is over)", size="players"),
    Key("stock_size", Kind.INT, "cards left in the stock"),
    Key("known_cards", Kind.SEAT_CARDS, "cards everyone knows another seat holds (a robbed turn-up)",
        always=False),
)
"""The view keys every game of the family shows (:meth:`PoolDeal._view`)."""


@dataclass(frozen=True)
class PoolSetup:
    """What every deal of one configured game of the family needs (``game.setup``)."""

    rules: dict[int | None, TrickRules] = field(default_factory=dict)
    """Memo: the trick rules per trump suit (they depend on the options), built at the first deal with it."""
    allowed: dict[tuple[Any, ...], tuple[int, ...]] = field(default_factory=dict)
    """Memo: which of a phase's options its checker allows, by position, per situation (:meth:`PoolFamily.allowed`)."""


class PoolFamily(PoolDeal):
    """The base of each game of the family: the shared fields declared, the trick rules per trump memoised
    in ``game.setup``."""

    family = "rams"
    aim = Aim("tricks", "pool")  # each trick takes a share of the pool; a player may stand out
    hand_size: ClassVar[int] = 5

    # ---- the state the family's deals share (set by PoolDeal._common at the start of every deal)
    turnup: int | None
    trump: int | None
    dead: int
    """Hands thrown in or left for the spare, face down."""
    discards: int
    spare: int
    thrown: int
    seen: list[int]
    """Per seat: the cards in hidden zones whose place it knows."""
    known_in: list[int]
    """Per seat: cards everyone knows it holds (a robbed turn-up)."""
    maybe_in: list[int]
    active: list[int]
    """Who plays the tricks."""
    queue: list[int]
    """Who is still to speak in the bidding, in order."""
    pool_start: Amount
    """The pool carried in from the last deal."""

    @classmethod
    def configure(cls, game: Game) -> PoolSetup:
        return PoolSetup()

    @classmethod
    def hand_limit(cls, game: Game) -> int:
        return cls.hand_size

    def make_rules(self) -> TrickRules:
        """Parlett's obligations for this deal's trump (built once per configured game and trump)."""
        memo: dict[int | None, TrickRules] = self.game.setup.rules
        rules = memo.get(self.trump)
        if rules is None:
            suit_of, power = self.card_tables(self.trump)
            rules = memo[self.trump] = TrickRules(
                self.pack, self.trump, suit_of=suit_of, power=power, head=True, trump_when_void=True,
                overtrump=True, undertrump_required=self.game.options.undertrump_required)
        return rules

    def pass_turn(self) -> bool:
        """The seat that spoke leaves the queue and the next in it is to act; False when no one is left."""
        self.queue.pop(0)
        if self.queue:
            self.turn = self.queue[0]
            return True
        return False

    def trump_suit(self) -> int | None:
        """The trump suit, known to all from the turn-up (a bot's bidding and exchanges weigh trumps)."""
        return self.trump

    def allowed(self, seat: int, situation: tuple[Any, ...], options: list[str],
                check: Callable[[int, str], str | None]) -> list[str]:
        """The ``options`` that ``check`` allows, the checker asked once per ``situation``: everything the
        check depends on besides the cards of the hand, from which the options are built (an exchange: the
        phase, the hand's size, the cards that can be drawn). A phase's ``legal_<phase>`` answers from it."""
        memo = self.game.setup.allowed
        got = memo.get(situation)
        if got is None:
            got = memo[situation] = tuple(i for i, a in enumerate(options) if check(seat, a) is None)
        return [options[i] for i in got]

    def exchangeable(self, seat: int, cards: list[str], most: int) -> bool:
        """Whether ``cards`` are one to ``most`` different cards of ``seat``'s hand (an exchange's discards)."""
        if not cards or len(cards) > most or len(set(cards)) != len(cards):
            return False
        hand, index_of = self.hands[seat], self.pack.index_of  # the family's packs hold each card once
        for code in cards:
            c = index_of.get(code)
            if c is None or not hand >> c & 1:
                return False
        return True

