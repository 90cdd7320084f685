"""Hasenpfeffer: a euchre offshoot for 2 v 2 with the joker as top trump; one bid each, the joker
holder's forced bid of three, the face-down card; game 10."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, ClassVar

from ...core.aims import Aim
from ...core.bounds import ActionForm, DealBounds, forms
from ...core.cards import PACK_25, SUITS
from ...core.deal import Zone
from ...core.dealing import DealPlan
from ...core.game import Game
from ...core.i18n import _, _n, capitalized
from ...core.options import Options
from ...core.tricks import CLAIMS, TrickDeal
from ...core.views import TRICK_KEYS, Key, Kind
from ...core.words import number_word
from .base import FIRST_DEALER_CUT, SCORE_KEYS, SEED, BidPhase, BidsMixin, FamilySetup, ScoresMixin, bid_value

__all__ = ["Hasenpfeffer"]

BID, TRUMP, DISCARD, PLAY, DONE = BidPhase


class Hasenpfeffer(BidsMixin, ScoresMixin, TrickDeal):
    """Hasenpfeffer: a euchre offshoot for 2 v 2 with the joker as top trump; game 10.

    Actions: ``pass``, ``bid 1`` … ``bid 6``; ``trump hearts``; ``discard <card>``; a card code.
    """

    id = "hasenpfeffer"
    name = "Hasenpfeffer"
    family = "euchre"  # seed 003: "This old game is another offshoot of Euchre"
    aim = Aim("tricks", "score", bids="tricks")  # the high bidder takes the tricks he bid; tricks score
    min_players, max_players, default_players = 4, 4, 4
    pack_used = PACK_25
    unit = "points"
    target = 10
    source = f"{SEED}, 'Hasenpfeffer'; docs/decisions.md (HP-GAP-1..3)"
    phases = BidPhase
    card_phases = (PLAY,)
    option_specs = (FIRST_DEALER_CUT, CLAIMS)
    first_dealer_rule = "low"  # seed 003 Hasenpfeffer: the General Rules' cut (docs/decisions.md)
    # "If both sides reach 10 points in the same deal, the bidding side wins."
    fixed_options: ClassVar[dict[str, Any]] = {"tie_order": "bidder_first"}
    view_keys = (
        *TRICK_KEYS,
        *BidsMixin.BID_KEYS,
        Key("widow_size", Kind.INT, "the face-down card (1) until the bidder picks it up"),
        Key("my_discards", Kind.CARDS, "the card this seat discarded", size="hand", always=False),
        *SCORE_KEYS,
    )

    # ---- the state of a deal (beside the core's hands, trick and tricks won)
    joker: int
    known: list[int]
    """Cards everyone knows a seat holds (the joker, announced by the forced bid)."""
    discards: int
    discarded_by: list[int]
    spoken: int
    """How many seats have had their one bid."""
    forced: bool
    """All passed: the joker's holder must bid three."""
    redeal: bool
    """Nobody holds the joker: the same dealer deals again."""
    widow_card: int
    """The face-down card, once picked up (-1 before)."""

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), *forms("bid {}", range(1, 7)), ActionForm("pass"),
        *forms("trump {}", ("clubs", "diamonds", "hearts", "spades")), ActionForm("discard #"),
    )

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """Points, one side's: a point a trick (six at most); a bidding side short of its bid is set back by
        the bid (six at most). One bid each, the joker holder's forced bid, trumps named, the bidder's
        discard, then six tricks of four."""
        return DealBounds(actions=players + 3 + 2 + 24, least=-6, most=6, zero_sum=False,
                          dealt=cls.pack_of(options).size)
    # -- end of the declaration

    @classmethod
    def configure(cls, game: Game) -> FamilySetup:
        # "Dealer gives three cards at a time to each player until all have hands of six cards."
        return FamilySetup(plan=DealPlan(rounds=(3, 3)), sides=2, individual=False, rob_compulsory=False,
                           ace_penalty="lowest_trump")

    @classmethod
    def hand_limit(cls, game: Game) -> int:
        return 7  # the bidder's six and the face-down card, before his discard

    def _start(self, order: list[int]) -> None:
        s = self.setup = self.game.setup
        dealt = s.plan.deal(order, self.players, self.dealer)
        self.hands, self.stock = dealt.hands, dealt.stock  # the stock is the one face-down card
        self._init_scores()
        self.joker = self.pack.parse("JK")
        self.known = [0] * self.players
        self.discards, self.discarded_by = 0, [0] * self.players
        self.high, self.spoken, self.forced = 0, 0, False
        self.redeal = False
        self.trump = self.widow_card = -1
        self.phase, self.turn = BID, self.next_seat(self.dealer)

    def next_dealer(self) -> int:
        """'If no one holds the joker, there is a new deal by the same dealer.'"""
        return self.dealer if self.redeal else super().next_dealer()

    # ---------------------------------------------------------------- bidding
    def options_bid(self, seat: int) -> Iterable[str]:
        yield "pass"
        yield from (f"bid {b}" for b in range(1, 7))

    def check_bid(self, seat: int, action: str) -> str | None:
        # One bid each from the dealer's left, each higher (HP-GAP-2); "If all players pass, the player
        # holding the joker must bid three" (HP-GAP-3).
        if self.forced:
            return None if action == "bid 3" else _("all passed: the holder of the joker must bid three")
        if action == "pass" or self.high < bid_value(action) <= 6:
            return None
        if self.high == 6:
            return _("six, every trick, has been bid: you may only pass")
        return _("bid a number of tricks from {high} to 6 (each bid higher than the last), or pass; one bid each",
                 high=self.high + 1)

    def apply_bid(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if word == "bid":
            self.high, self.bidder = int(args[0]), seat
        self.spoken += 1
        if self.forced:
            self.known[seat] |= 1 << self.joker  # he announces the joker
            self.phase = TRUMP
        elif self.spoken < self.players:
            self.turn = self.next_seat(seat)
        elif self.bidder >= 0:
            self.phase, self.turn = TRUMP, self.bidder
        else:
            holder = next((s for s in range(self.players) if self.hands[s] >> self.joker & 1), -1)
            if holder < 0:
                self.redeal = True  # "If no one holds the joker, there is a new deal by the same dealer."
                self.end()
            else:
                self.forced, self.turn = True, holder
        if self.phase == TRUMP:
            self.widow_card = self.stock.pop()
            self.hands[self.bidder] |= 1 << self.widow_card  # "picks up the face-down card"

    # ---------------------------------------------------------- naming trumps
    def apply_trump(self, seat: int, action: str) -> None:
        self.name_trumps(action)  # "The successful bidder picks up the face-down card ... names the suit"
        self.phase = DISCARD

    # -------------------------------------------------------------- discarding
    def options_discard(self, seat: int) -> Iterable[str]:
        return (f"discard {c}" for c in self.card_codes(self.hands[seat]))

    def check_discard(self, seat: int, action: str) -> str | None:
        word, *args = action.split() or [""]
        if word == "discard" and len(args) == 1 and self.pack.parse_in(args[0], self.hands[seat]) is not None:
            return None
        return _("the bidder discards one card of his seven")

    def apply_discard(self, seat: int, action: str) -> None:
        c = self.find_card(action.split()[1], self.hands[seat])
        self.hands[seat] &= ~(1 << c)
        self.discards |= 1 << c
        self.discarded_by[seat] |= 1 << c
        self.start_play(self.rules, seat, PLAY)  # "Then he leads any card"

    # ---------------------------------------------------------------- playing
    def why_card(self, seat: int, code: str) -> str | None:
        why = super().why_card(seat, code)
        if why is not None and self.trick and self.pack.parse_in(code, self.hands[seat]) == self.joker:
            return _("a player may not play the joker as long as he can follow to a no-trump suit led")
        return why

    def trick_done(self, winner: int) -> None:
        if not self.hands[winner]:
            self.end()

    # ------------------------------------------------------------- scoring
    def points(self) -> list[int]:
        if self.bidder < 0:
            return [0, 0]
        got = self.side_tricks()
        b = self.side(self.bidder)
        if got[b] < self.high:
            got[b] = -self.high  # "set back"
        return got

    def point_lines(self, pts: list[int]) -> list[str]:
        if self.bidder < 0:
            return [_("nobody holds the joker (it lay face down): the same dealer deals again")]
        tricks, b = self.side_tricks(), self.side(self.bidder)
        lines = []
        for t in range(self.nsides):
            took = _n("{players} took {n} trick", "{players} took {n} tricks", tricks[t], players=self.members(t),
                      n=tricks[t])
            if t != b:
                lines.append(_("{took}: 1 point each (the opponents always score their tricks)", took=took))
            elif pts[t] < 0:
                lines.append(_("{took}, short of the bid of {bid}: set back {bid}", took=took, bid=self.high))
            else:
                lines.append(_("{took}, making the bid of {bid}: 1 point each", took=took, bid=self.high))
        return lines

    # ------------------------------------------------------------ information
    def label(self, action: str) -> str:
        word, *rest = action.split() or [""]
        if word == "bid" and len(rest) == 1 and rest[0].isdigit():  # a bid is the tricks the side undertakes
            n = int(rest[0])
            return _n("{number} trick for your side", "{number} tricks for your side", n,
                      number=capitalized(number_word(n)))
        return self.bid_label(action) or super().label(action)

    def _redact(self, seat: int, action: str, viewer: int | None) -> str:
        return "discard" if viewer != seat and action.startswith("discard") else action

    def _zones(self) -> dict[str, int]:
        return {**super()._zones(), "discards": self.discards}

    def _hidden_zones(self, viewer: int) -> list[Zone]:
        zones = super()._hidden_zones(viewer)
        for z in zones:
            if isinstance(z.key, tuple):
                z.fixed = self.known[z.key[1]] & z.cards
        if self.discards:
            zones.append(Zone("discards", self.discards, fixed=self.discarded_by[viewer] if viewer is not None else 0))
        return zones

    def _set_zone(self, key: Any, mask: int, rng: random.Random) -> None:
        if key == "discards":
            self.discards = mask
        else:
            super()._set_zone(key, mask, rng)

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {"trump": None, **self.bid_view(), "widow_size": len(self.stock), **self.score_view()}
        v.update(self.trick_view())
        if self.phase == DISCARD:
            v["trump"] = SUITS[self.trump]
        if seat is not None and self.discarded_by[seat]:
            v["my_discards"] = self.card_codes(self.discarded_by[seat])
        return v

    def status(self, seat: int | None) -> str:
        """One line saying what the table is waiting for (the picked-up card only to its taker), and the score."""
        return self.joined_status(self._waiting(seat), seat)

    def _waiting(self, seat: int | None) -> str:
        me = seat is not None and seat == self.turn
        if self.phase == BID:
            if self.forced:
                assert self.turn is not None
                return (_("Everyone passed: you hold the joker and must bid three") if me else
                        _("Everyone passed: {player} holds the joker and must bid three",
                          player=self.names[self.turn]))
            high = _("{bid} by {player}", bid=self.high, player=self.names[self.bidder]) if self.high \
                else _("none yet")
            return _("One bid each, in tricks for your side (1 to 6): high bid {high}", high=high)
        if self.phase in (TRUMP, DISCARD):
            if not me:
                return _("{player} took the face-down card, names trumps and discards one card",
                         player=self.names[self.bidder])
            took = self.pack.code(self.widow_card)
            return _("You took the face-down card ({card}): name trumps, then discard one card", card=took) \
                if self.phase == TRUMP else _("You took the face-down card ({card}): discard one card, then lead",
                                              card=took)
        if self.phase == DONE and self.redeal:
            return _("Nobody holds the joker (it lies face down): the same dealer deals again")
        return ""
