"""Auction Forty-Five: bids to 30 with the dealer's "I hold", trumps named, discards and
replacements, 5 a trick and 5 for the highest trump, game 120."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from ...core.bounds import ActionForm, DealBounds, forms
from ...core.cards import SUITS, bits
from ...core.i18n import _, _n, capitalized
from ...core.options import Option, Options
from ...core.tricks import CLAIMS
from ...core.views import Key, Kind
from ...core.words import number_word
from .base import FIRST_DEALER, SEED, BidPhase, BidsMixin, bid_value
from .forty_five import FortyFive

__all__ = ["AuctionFortyFive"]

BID, TRUMP, DISCARD, PLAY, DONE = BidPhase


class AuctionFortyFive(BidsMixin, FortyFive):
    """Auction Forty-Five (Nova Scotia): bids to 30 with the dealer's 'I hold', game 120.

    Actions: ``pass``, ``bid 15`` … ``bid 30``, ``hold``; ``trump hearts``; ``discard <card>``, ``done``;
    a card code.
    """

    id = "auction-forty-five"
    name = "Auction Forty-Five"
    aliases = ("auction-forty-fives", "auction-45")
    min_players, max_players, default_players = 4, 6, 4
    player_counts = (4, 6)  # "Four players, two against two as partners, or six, three against three"
    target = 120
    source = f"{SEED}, 'Auction Forty-Five'; docs/decisions.md (A45-GAP-1..4)"
    phases = BidPhase
    card_phases = (PLAY,)
    robbing = False
    option_specs = (
        Option("min_bid", int, 15, (5, 10, 15, 20), doc=_("the lowest bid"),
               source="A45-GAP-2 (Nova Scotia practice: 15)"),
        Option("all_pass", str, "redeal", ("redeal", "dealer_forced_min"),
               doc=_("when all pass: throw the deal in (the deal passes left), or the dealer must bid"),
               source="A45-GAP-2 (ENGINE DEFAULT)"),
        Option("tie_order", str, "bidder_first", ("bidder_first", "higher_total"),
               doc=_("both sides reaching 120 in one deal: the bidding side wins, or the higher total"),
               source="A45-GAP-3"),
        FIRST_DEALER,
        CLAIMS,
    )
    # "The high bidder names the trump", so no card is turned up and nobody robs.
    fixed_options: ClassVar[dict[str, Any]] = {
        "unannounced_ace": "lowest_trump", "rob_compulsory": False}
    view_keys = (
        *FortyFive.view_keys,
        *BidsMixin.BID_KEYS,
        Key("stock_size", Kind.INT, "cards left in the pack"),
    )

    # ---- the state of a deal (beside the family's)
    order: list[int]
    """The seats from the dealer's left."""
    queue: list[int]
    """The seats still to speak in this round of the bidding."""
    passed: int
    """Seats that have passed (a bitmask)."""
    dropped: int
    """Cards discarded by the seat now discarding."""

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("bid 15"), ActionForm("bid 20"), ActionForm("bid 25"), ActionForm("bid 30"),
        ActionForm("done"), ActionForm("hold"), ActionForm("pass"),
        *forms("trump {}", ("clubs", "diamonds", "hearts", "spades")), ActionForm("discard #"),
        ActionForm("bid 5", ({"min_bid": 5},)), ActionForm("bid 10", ({"min_bid": 5}, {"min_bid": 10},)),
    )

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """Points, one side's: at most 5 a trick and 5 for the highest trump (30), 60 for a made bid of 30;
        a failed bid loses its value (30 at most). Each bid raises the last or, the dealer's hold, takes it,
        and each seat passes once: at most twice the bids from the lowest to 30, and a pass each (and the
        dealer's forced bid). Then trumps are named, each seat discards at most its five cards and says
        done (the dealer may also take the turn-up), and five tricks. Replacements come from the stock."""
        levels = (30 - options.min_bid) // 5 + 1
        return DealBounds(actions=2 * levels + players + 2 + players * 7 + 5 * players, least=-30, most=60,
                          zero_sum=False, dealt=52)
    # -- end of the declaration

    def _start(self, order: list[int]) -> None:
        super()._start(order)
        n = self.players
        self.order = [self.next_seat(self.dealer, i + 1) for i in range(n)]
        self.queue = list(self.order)
        self.high, self.passed, self.dropped = 0, 0, 0
        self.phase, self.turn = BID, self.queue.pop(0)

    # ---------------------------------------------------------------- bidding
    def _min_bid(self, seat: int) -> int:
        low = int(self.game.options.min_bid)
        return max(low, 20) if self.scores[self.side(seat)] >= 100 else low

    def options_bid(self, seat: int) -> Iterable[str]:
        yield "pass"
        yield "hold"
        yield from (f"bid {b}" for b in range(5, 31, 5))

    def legal_bid(self, seat: int) -> tuple[str, ...]:
        """The options :meth:`check_bid` allows, memoised by all it reads."""
        key = (seat == self.dealer, self.high, self.bidder == seat, self._min_bid(seat))
        got = self.setup.bids.get(key)
        if got is None:
            got = self.setup.bids[key] = tuple(a for a in self.options_bid(seat) if self.check_bid(seat, a) is None)
        return got

    def check_bid(self, seat: int, action: str) -> str | None:
        low = self._min_bid(seat)
        if action == "pass":
            if seat == self.dealer and self.high == 0 and self.game.options.all_pass == "dealer_forced_min":
                return _("everyone else passed: the dealer must bid")
            return None
        if action == "hold":
            # "dealer may [take] the previous bid without going over, by saying 'I hold'"
            if seat != self.dealer:
                return _("only the dealer may say 'I hold', taking the last bid at its value")
            if not self.high:
                return _("there is no bid to hold")
            if self.bidder == seat:
                return _("you hold the bid already")
            if self.high < low:
                return _("your side has 100 or more and may not bid (or hold) less than 20")
            return None
        # "Bids are in multiples of 5 points and the highest bid is 30"; "Each bid must be higher than the
        # preceding bid"; "A side having 100 points or more may not bid less than 20".
        n = bid_value(action)
        if n % 5 == 0 and max(low, self.high + 5) <= n <= 30:
            return None
        return _("bids go in fives from {low} up to 30, each higher than the last ({value})", low=low,
                 value=self.high or 'none yet') \
            + (_("; a side at 100 or more may not bid less than 20") if low == 20 else "")

    def apply_bid(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if word == "pass":
            self.passed |= 1 << seat
        elif word == "hold":
            self.bidder = seat
            self.queue = [s for s in self.order if s != seat and not self.passed >> s & 1]
        else:
            self.high, self.bidder = int(args[0]), seat
        if seat == self.dealer and word != "hold":
            self.queue = []  # the dealer's own bid or pass closes the auction: only a hold reopens it
        if self.queue:
            self.turn = self.queue.pop(0)
        elif seat != self.dealer and self.bidder != self.dealer and not self.passed >> self.dealer & 1:
            self.turn = self.dealer  # someone outbid the dealer's hold: he may hold again
        elif self.bidder < 0:
            self.end()  # all passed: the deal is thrown in (A45-GAP-2)
        else:
            self.phase, self.turn = TRUMP, self.bidder

    # ---------------------------------------------------------- naming trumps
    def apply_trump(self, seat: int, action: str) -> None:
        self.name_trumps(action)  # "The high bidder names the trump, then each player discards"
        self.phase, self.turn = DISCARD, self.order[0]

    # -------------------------------------------------------------- discarding
    def _may_discard(self) -> bool:
        """Whether the pack can replace one more card."""
        return self.dropped < len(self.stock)

    def legal_discard(self, seat: int) -> list[str]:
        """The options :meth:`check_discard` allows: ``done``, and each card of the hand while the pack can
        replace one more."""
        return ["done", *(f"discard {c}" for c in self.card_codes(self.hands[seat]))] if self._may_discard() \
            else ["done"]

    def options_discard(self, seat: int) -> Iterable[str]:
        yield "done"
        yield from (f"discard {c}" for c in self.card_codes(self.hands[seat]))

    def check_discard(self, seat: int, action: str) -> str | None:
        # "each player discards as many cards as he wishes and dealer restores his hand to five cards from the
        # top of the pack" (A45-GAP-1); no more than the pack can replace (engine decision).
        word, *args = action.split() or [""]
        if action == "done":
            return None
        if word == "discard" and len(args) == 1 and self.pack.parse_in(args[0], self.hands[seat]) is not None \
                and self._may_discard():
            return None
        return _("discard cards of your hand one at a time ('discard 7C'), then 'done'; no more than the pack can "
                 "replace ({n} cards are left in it)", n=len(self.stock))

    def apply_discard(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if word == "discard":
            c = self.find_card(args[0], self.hands[seat])
            self.hands[seat] &= ~(1 << c)
            self.discards |= 1 << c
            self.discarded_by[seat] |= 1 << c
            self.dropped += 1
            return
        for _x in range(self.dropped):  # "dealer restores his hand to five cards from the top of the pack"
            self.hands[seat] |= 1 << self.stock.pop()
        self.dropped = 0
        if seat == self.dealer:
            self.start_play(self.rules, self.next_seat(self.bidder), PLAY)  # "The player at the left of the
            # high bidder leads"
        else:
            self.turn = self.next_seat(seat)

    # ------------------------------------------------------------- scoring
    def highest_trump(self) -> tuple[int, int]:
        """The highest trump played and the seat that won its trick (A45-GAP-4), or ``(-1, -1)``."""
        r = self.rules
        trumps = list(bits(self.played & r.trump_mask)) if self.trump >= 0 else []
        if not trumps:
            return -1, -1
        c = max(trumps, key=r.power.__getitem__)
        return c, next(s for s in range(self.players) if self.won[s] >> c & 1)

    def made_points(self) -> list[int]:
        """What each side took: 5 a trick and 5 more for the trick holding the highest trump played."""
        got = [5 * t for t in self.side_tricks()]
        _x, by = self.highest_trump()
        if by >= 0:
            got[self.side(by)] += 5  # "the highest trump in play counts an additional 5"
        return got

    def points(self) -> list[int]:
        if self.bidder < 0:
            return [0] * self.nsides
        got = self.made_points()
        b = self.side(self.bidder)
        if self.high == 30:  # "A bid of 30 (for all five tricks) is worth 60 if it is made" (A45-GAP-5)
            got[b] = 60 if self.made_thirty() else -30
        elif got[b] < self.high:
            got[b] = -self.high
        return got

    def made_thirty(self) -> bool:
        """A bid of 30 is a bid for all five tricks: made when the bidding side takes every trick, even if no
        trump is played and the five for the highest trump goes to nobody (A45-GAP-5)."""
        return self.side_tricks()[self.side(self.bidder)] == 5

    def point_lines(self, pts: list[int]) -> list[str]:
        if self.bidder < 0:
            return ["everyone passed: the deal is thrown in and the deal passes to the left"]
        got, tricks, b = self.made_points(), self.side_tricks(), self.side(self.bidder)
        lines = []
        card, by = self.highest_trump()
        if by >= 0:
            lines.append(_("the highest trump played, {card}, is worth 5 more to {players}",
                           card=self.pack.code(card), players=self.members(self.side(by))))
        for t in range(self.nsides):
            took = _n("{players} took {n} trick for {points}", "{players} took {n} tricks for {points}", tricks[t],
                      players=self.members(t), n=tricks[t], points=got[t])
            if t != b:
                lines.append(_("{took} (the opponents always score their tricks)", took=took))
            elif self.high == 30 and pts[t] < 0:
                lines.append(_("{took}, not all five tricks the bid of 30 asks for: they go back 30", took=took))
            elif pts[t] < 0:
                lines.append(_("{took}, short of the bid of {bid}: they go back {bid}", took=took, bid=self.high))
            elif self.high == 30:
                lines.append(_("{players} took all five tricks, making the bid of 30, which is worth 60",
                               players=self.members(t)))
            else:
                lines.append(_("{took}, making the bid of {bid}: they score all they took", took=took, bid=self.high))
        return lines

    # ------------------------------------------------------------ words, views
    def label(self, action: str) -> str:
        if action == "hold":
            return _("I hold: take the bid at its value")
        if action == "done":
            return _("Done discarding")
        word, *rest = action.split() or [""]
        if word == "bid" and len(rest) == 1 and rest[0].isdigit():
            return capitalized(number_word(int(rest[0])))  # the bid by its value: "Fifteen", "Twenty-five"
        return self.bid_label(action) or super().label(action)

    def status(self, seat: int | None) -> str:
        me = seat is not None and seat == self.turn
        line = ""
        if self.phase == BID:
            if not self.high:
                line = _("Bidding: nobody has bid yet; bids go in fives up to 30")
            else:
                line = _("Bidding: {bid} by {player}", bid=self.high, player=self.names[self.bidder])
                if self.bidder == self.dealer:
                    line = _("{status} (the dealer holds)", status=line)
                if me and seat == self.dealer and self.bidder != seat:
                    line = _("{status}; as dealer you may 'hold' (take the bid at {bid}) or bid higher", status=line,
                             bid=self.high)
        elif self.phase == TRUMP:
            line = _("You won the bid at {bid}: name trumps", bid=self.high) if me else \
                _("{player} won the bid at {bid} and names trumps", player=self.names[self.bidder], bid=self.high)
        elif self.phase == DISCARD:
            assert self.turn is not None
            line = _("Discard the cards you do not want one at a time, then 'done': the dealer gives you as many "
                     "new cards from the pack") if me else \
                _("{player} discards and draws", player=self.names[self.turn])
        return self.joined_status(line, seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        if self.phase in (BID, TRUMP, DISCARD):
            v["trump"] = None if self.phase != DISCARD else SUITS[self.trump]
        v.update(self.bid_view(), stock_size=len(self.stock))
        return v
