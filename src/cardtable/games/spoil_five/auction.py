"""Auction Forty-Five: bids to 30 with the dealer's "I hold", trumps named, discards and
replacements, 5 a trick and 5 for the highest trump, game 120."""

from __future__ import annotations

from typing import Any

from ...core.options import Option
from .base import SEED
from .forty_five import FortyFive, FortyFiveDeal
from .ranking import SUIT_WORDS, family_rules

__all__ = ["AuctionDeal", "AuctionFortyFive"]


class AuctionDeal(FortyFiveDeal):
    """Auction Forty-Five: ``pass`` / ``bid 15`` … ``bid 30`` / ``hold``, ``trump hearts``,
    ``discard <card>`` … ``done``, then the play; no turn-up and no robbing."""

    robbing = False

    def _init_scores(self) -> None:
        super()._init_scores()
        n = self.players
        self.order = [self.next_seat(self.dealer, i + 1) for i in range(n)]
        self.queue = list(self.order)
        self.high, self.bidder, self.passed = 0, -1, 0
        self.dropped = 0   # cards discarded by the seat now discarding
        self.best = (0, -1)  # (power, winner of its trick) of the highest trump played (A45-GAP-4)
        self.best_card = -1
        self.phase, self.turn = "bid", self.queue.pop(0)

    def _min_bid(self, seat: int) -> int:
        low = int(self.game.options.min_bid)
        return max(low, 20) if self.scores[self.side(seat)] >= 100 else low

    def _legal(self) -> list[str]:
        seat = self.turn
        assert seat is not None
        if self.phase == "bid":
            out = [] if self._forced(seat) else ["pass"]
            low = max(self._min_bid(seat), self.high + 5)
            if seat == self.dealer and self.high and self.bidder != seat and self.high >= self._min_bid(seat):
                out.append("hold")
            return out + [f"bid {b}" for b in range(low, 31, 5)]
        if self.phase == "trump":
            return [f"trump {w}" for w in SUIT_WORDS]
        if self.phase == "discard":
            out = ["done"]
            if self.dropped < len(self.stock):
                out += [f"discard {c}" for c in self.card_codes(self.hands[seat])]
            return out
        return self.legal_cards()

    def _forced(self, seat: int) -> bool:
        return seat == self.dealer and self.high == 0 and self.game.options.all_pass == "dealer_forced_min"

    def _explain(self, seat: int, action: str) -> str:
        if self.phase == "bid":
            low = self._min_bid(seat)
            if action == "hold":
                if seat != self.dealer:
                    return "only the dealer may say 'I hold', taking the last bid at its value"
                if not self.high:
                    return "there is no bid to hold"
                return "your side has 100 or more and may not bid (or hold) less than 20"
            if action == "pass":
                return "everyone else passed: the dealer must bid"
            return f"bids go in fives from {low} up to 30, each higher than the last ({self.high or 'none yet'})" \
                   + ("; a side at 100 or more may not bid less than 20" if low == 20 else "")
        if self.phase == "trump":
            return "the high bidder names the trump suit: 'trump hearts' and so on"
        if self.phase == "discard":
            return "discard cards of your hand one at a time ('discard 7C'), then 'done'; no more than the " \
                   f"pack can replace ({len(self.stock)} cards are left in it)"
        return super()._explain(seat, action)

    def _apply(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if self.phase == "bid":
            self._bid(seat, word, args)
        elif self.phase == "trump":
            self.trump = SUIT_WORDS.index(args[0])
            self.rules = family_rules(self.pack, self.trump)
            self.phase, self.turn = "discard", self.order[0]
        elif self.phase == "discard":
            if word == "discard":
                c = self.find_card(args[0], self.hands[seat])
                self.hands[seat] &= ~(1 << c)
                self.discards |= 1 << c
                self.discarded_by[seat] |= 1 << c
                self.dropped += 1
                return
            for _ in range(self.dropped):  # "dealer restores his hand to five cards from the top of the pack"
                self.hands[seat] |= 1 << self.stock.pop()
            self.dropped = 0
            if seat == self.dealer:
                self.start_play(self.rules, self.next_seat(self.bidder))
            else:
                self.turn = self.next_seat(seat)
        else:
            self._play(seat, action)

    def _bid(self, seat: int, word: str, args: list[str]) -> None:
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
            self._end()  # all passed: the deal is thrown in (A45-GAP-2)
        else:
            self.phase, self.turn = "trump", self.bidder

    def _play(self, seat: int, code: str) -> None:
        c = self.find_card(code, self.hands[seat])
        p = self.rules.power[c]
        if self.rules.suit_of[c] == self.rules.trump and p > self.best[0]:
            self.best = (p, -2 - len(self.trick_seats))  # resolved to the trick's winner in trick_done
            self.best_card = c
        super()._play(seat, code)

    def trick_done(self, winner: int) -> None:
        if self.best[1] <= -2:
            self.best = (self.best[0], winner)
        super().trick_done(winner)

    def made_points(self) -> list[int]:
        """What each side took: 5 a trick and 5 more for the trick holding the highest trump played."""
        got = [5 * t for t in self.side_tricks()]
        if self.best[1] >= 0:
            got[self.side(self.best[1])] += 5  # "the highest trump in play counts an additional 5"
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
        if self.best[1] >= 0:
            lines.append(f"the highest trump played, {self.pack.code(self.best_card)}, is worth 5 more to "
                         f"{self.members(self.side(self.best[1]))}")
        for t in range(self.nsides):
            took = f"{self.members(t)} took {tricks[t]} trick{'s' * (tricks[t] != 1)} for {got[t]}"
            if t != b:
                lines.append(took + " (the opponents always score their tricks)")
            elif self.high == 30 and pts[t] < 0:
                lines.append(f"{took}, not all five tricks the bid of 30 asks for: they go back 30")
            elif pts[t] < 0:
                lines.append(f"{took}, short of the bid of {self.high}: they go back {self.high}")
            elif self.high == 30:
                lines.append(f"{self.members(t)} took all five tricks, making the bid of 30, which is worth 60")
            else:
                lines.append(f"{took}, making the bid of {self.high}: they score all they took")
        return lines

    def status(self, seat: int | None) -> str:
        me = seat is not None and seat == self.turn
        if self.phase == "bid":
            if not self.high:
                return "Bidding: nobody has bid yet; bids go in fives up to 30"
            line = f"Bidding: {self.high} by seat {self.bidder}"
            if self.bidder == self.dealer:
                line += " (the dealer holds)"
            if me and seat == self.dealer and self.bidder != seat:
                line += f"; as dealer you may 'hold' (take the bid at {self.high}) or bid higher"
            return line
        if self.phase == "trump":
            return f"You won the bid at {self.high}: name trumps" if me else \
                f"Seat {self.bidder} won the bid at {self.high} and names trumps"
        if self.phase == "discard":
            if me:
                return ("Discard the cards you do not want one at a time, then 'done': the dealer gives you "
                        "as many new cards from the pack")
            return f"Seat {self.turn} discards and draws"
        return super().status(seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        if self.phase in ("bid", "trump", "discard"):
            v["trump"] = None if self.phase != "discard" else "SHDC"[self.trump]
        v.update(high_bid=self.high or None, high_bidder=self.bidder if self.bidder >= 0 else None,
                 declarer=self.bidder if self.phase not in ("bid",) and self.bidder >= 0 else None,
                 contract=f"bid {self.high}" if self.high and self.phase != "bid" else None,
                 stock_size=len(self.stock))
        return v


class AuctionFortyFive(FortyFive):
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
    deal_class = AuctionDeal
    option_specs = (
        Option("min_bid", int, 15, (5, 10, 15, 20), doc="the lowest bid",
               source="A45-GAP-2 (Nova Scotia practice: 15)"),
        Option("all_pass", str, "redeal", ("redeal", "dealer_forced_min"),
               doc="when all pass: throw the deal in (the deal passes left), or the dealer must bid",
               source="A45-GAP-2 (ENGINE DEFAULT)"),
        Option("tie_order", str, "bidder_first", ("bidder_first", "higher_total"),
               doc="both sides reaching 120 in one deal: the bidding side wins, or the higher total",
               source="A45-GAP-3"),
    )

    def sides(self) -> int:
        return 2
