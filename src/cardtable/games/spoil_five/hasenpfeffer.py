"""Hasenpfeffer: a euchre offshoot for 2 v 2 with the joker as top trump; one bid each, the joker
holder's forced bid of three, the face-down card; game 10."""

from __future__ import annotations

import random
from typing import Any

from ...core.cards import PACK_25
from ...core.deal import Zone
from ...core.dealing import DealPlan
from ...core.game import Game
from ...core.tricks import TrickDeal
from .base import SEED, ScoresMixin
from .ranking import SUIT_WORDS, family_rules

__all__ = ["HasenDeal", "Hasenpfeffer"]


class HasenDeal(ScoresMixin, TrickDeal):
    """Hasenpfeffer: six each and the face-down card, one bid each, the joker's forced bid."""

    game: Any

    def _start(self, order: list[int]) -> None:
        dealt = DealPlan(rounds=(3, 3)).deal(order, self.players, self.dealer)
        self.hands, self.stock = dealt.hands, dealt.stock  # the stock is the one face-down card
        self._init_scores()
        self.joker = self.pack.parse("JK")
        self.known = [0] * self.players
        self.discards, self.discarded_by = 0, [0] * self.players
        self.high, self.bidder, self.spoken, self.forced = 0, -1, 0, False
        self.redeal = False
        self.trump = -1
        self.phase, self.turn = "bid", self.next_seat(self.dealer)

    def _legal(self) -> list[str]:
        if self.phase == "bid":
            if self.forced:
                return ["bid 3"]
            return ["pass"] + [f"bid {b}" for b in range(self.high + 1, 7)]
        if self.phase == "trump":
            return [f"trump {w}" for w in SUIT_WORDS]
        if self.phase == "discard":
            seat = self.turn
            assert seat is not None
            return [f"discard {c}" for c in self.card_codes(self.hands[seat])]
        return self.legal_cards()

    def _explain(self, seat: int, action: str) -> str:
        if self.phase == "bid":
            if self.forced:
                return "all passed: the holder of the joker must bid three"
            if self.high == 6:
                return "six, every trick, has been bid: you may only pass"
            return f"bid a number of tricks from {self.high + 1} to 6 (each bid higher than the last), or pass; " \
                   "one bid each"
        if self.phase == "trump":
            return "the bidder names the trump suit: 'trump hearts' and so on"
        if self.phase == "discard":
            return "the bidder discards one card of his seven"
        c = self.pack.parse_in(action, self.hands[seat]) if len(action) == 2 else None
        if c == self.joker and self.trick:
            return "a player may not play the joker as long as he can follow to a no-trump suit led"
        return self.explain_play(seat, action)

    def _apply(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if self.phase == "bid":
            self._bid(seat, word, args)
        elif self.phase == "trump":
            self.trump = SUIT_WORDS.index(args[0])
            self.phase = "discard"
        elif self.phase == "discard":
            c = self.find_card(args[0], self.hands[seat])
            self.hands[seat] &= ~(1 << c)
            self.discards |= 1 << c
            self.discarded_by[seat] |= 1 << c
            self.start_play(family_rules(self.pack, self.trump), seat)  # "Then he leads any card"
        else:
            self.known[seat] &= ~self.pack.mask([action])
            self.play_card(seat, action)

    def _bid(self, seat: int, word: str, args: list[str]) -> None:
        if word == "bid":
            self.high, self.bidder = int(args[0]), seat
        self.spoken += 1
        if self.forced:
            self.known[seat] |= 1 << self.joker  # he announces the joker
            self.phase = "trump"
        elif self.spoken < self.players:
            self.turn = self.next_seat(seat)
        elif self.bidder >= 0:
            self.phase, self.turn = "trump", self.bidder
        else:
            holder = next((s for s in range(self.players) if self.hands[s] >> self.joker & 1), -1)
            if holder < 0:
                self.redeal = True  # "If no one holds the joker, there is a new deal by the same dealer."
                self.phase, self.turn = "done", None
            else:
                self.forced, self.turn = True, holder
        if self.phase == "trump":
            self.widow_card = self.stock.pop()
            self.hands[self.bidder] |= 1 << self.widow_card  # "picks up the face-down card"

    def trick_done(self, winner: int) -> None:
        if not self.hands[winner]:
            self.phase, self.turn = "done", None

    def points(self) -> list[int]:
        if self.bidder < 0:
            return [0, 0]
        got = self.side_tricks()
        b = self.side(self.bidder)
        if got[b] < self.high:
            got[b] = -self.high  # "set back"
        return got

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
        v: dict[str, Any] = {"trump": None, "high_bid": self.high or None,
                             "high_bidder": self.bidder if self.bidder >= 0 else None,
                             "declarer": self.bidder if self.phase != "bid" and self.bidder >= 0 else None,
                             "contract": f"bid {self.high}" if self.high and self.phase != "bid" else None,
                             "widow_size": len(self.stock), **self.score_view()}
        v.update(self.trick_view())
        if self.phase == "discard":
            v["trump"] = "SHDC"[self.trump]
        if seat is not None and self.discarded_by[seat]:
            v["my_discards"] = self.card_codes(self.discarded_by[seat])
        v["status"] = " — ".join(x for x in (self.status(seat), self.score_status(seat)) if x)
        return v

    def status(self, seat: int | None) -> str:
        """One line saying what the table is waiting for (the picked-up card only to its taker)."""
        me = seat is not None and seat == self.turn
        if self.phase == "bid":
            if self.forced:
                return ("Everyone passed: you hold the joker and must bid three" if me else
                        f"Everyone passed: seat {self.turn} holds the joker and must bid three")
            high = f"{self.high} by seat {self.bidder}" if self.high else "none yet"
            return f"One bid each, in tricks for your side (1 to 6): high bid {high}"
        if self.phase in ("trump", "discard"):
            if not me:
                return f"Seat {self.bidder} took the face-down card, names trumps and discards one card"
            took = self.pack.code(self.widow_card)
            return f"You took the face-down card ({took}): " + \
                ("name trumps, then discard one card" if self.phase == "trump" else "discard one card, then lead")
        if self.phase == "done" and self.redeal:
            return "Nobody holds the joker (it lies face down): the same dealer deals again"
        return ""

    def point_lines(self, pts: list[int]) -> list[str]:
        if self.bidder < 0:
            return ["nobody holds the joker (it lay face down): the same dealer deals again"]
        tricks, b = self.side_tricks(), self.side(self.bidder)
        lines = []
        for t in range(self.nsides):
            took = f"{self.members(t)} took {tricks[t]} trick{'s' * (tricks[t] != 1)}"
            if t != b:
                lines.append(f"{took}: 1 point each (the opponents always score their tricks)")
            elif pts[t] < 0:
                lines.append(f"{took}, short of the bid of {self.high}: set back {self.high}")
            else:
                lines.append(f"{took}, making the bid of {self.high}: 1 point each")
        return lines


class Hasenpfeffer(Game):
    """Hasenpfeffer: a euchre offshoot for 2 v 2 with the joker as top trump; game 10.

    Actions: ``pass``, ``bid 1`` … ``bid 6``; ``trump hearts``; ``discard <card>``; a card code.
    """

    id = "hasenpfeffer"
    name = "Hasenpfeffer"
    family = "euchre"  # seed 003: "This old game is another offshoot of Euchre"
    min_players, max_players, default_players = 4, 4, 4
    pack = PACK_25
    unit = "points"
    target = 10
    source = f"{SEED}, 'Hasenpfeffer'; docs/decisions.md (HP-GAP-1..3)"
    deal_class = HasenDeal
    option_specs = ()

    def sides(self) -> int:
        return 2

    def next_dealer(self, deal: Any) -> int:
        """'If no one holds the joker, there is a new deal by the same dealer.'"""
        return int(deal.dealer) if deal.redeal else super().next_dealer(deal)
