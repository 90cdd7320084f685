"""What the games of the family share: the five-card deal with its turn-up and robbing, Spoil Five
play, running scores by side, and the options they have in common."""

from __future__ import annotations

import random
from typing import Any

from ...core.chips import Ledger, Settlement
from ...core.deal import Zone
from ...core.dealing import DealPlan
from ...core.options import Option
from ...core.tricks import TrickDeal
from .ranking import family_rules

__all__ = ["ROB_COMPULSORY", "SEED", "FiveCardDeal", "ScoresMixin"]

SEED = "seed 003_30d3d4dac9c6032b.txt"


class FiveCardDeal(TrickDeal):
    """Five cards each (3 then 2), the turn-up for trumps, robbing, Spoil Five play.

    Subclasses set up their pools or scores in :meth:`_init_scores` and decide in
    :meth:`after_trick` when the deal ends.
    """

    game: Any
    robbing = True

    def _start(self, order: list[int]) -> None:
        pack, n = self.pack, self.players
        dealt = DealPlan(rounds=(3, 2), turn_up=self.robbing).deal(order, n, self.dealer)
        self.hands, self.stock = dealt.hands, dealt.stock
        self.up = -1 if dealt.turn_up is None else dealt.turn_up
        self.up_mask = 0 if self.up < 0 else 1 << self.up
        self.discards = 0
        self.discarded_by = [0] * n
        self.known = [0] * n            # cards everyone knows a seat holds (robbed turn-up, declared ace)
        self.robber = self.declared = self.rob_pending = self.barred = -1
        self.ace_waits = False          # the dealer took the turned-up ace but has not yet put a card out for it
        self.demoted = False
        self.started = 0                # seats that have played a card (bitmask)
        self._init_scores()
        if not self.robbing:
            return
        self.trump = pack.suit[self.up]
        self.ace = pack.parse("A" + "SHDC"[self.trump])
        if self.up == self.ace:
            self.phase, self.turn = "rob", self.dealer
            self.rules = family_rules(pack, self.trump)
        else:
            self.start_play(family_rules(pack, self.trump), self.next_seat(self.dealer))
            self._ace_status()

    def _init_scores(self) -> None:
        """Set up pools or running scores (subclasses)."""

    def ace_penalty(self) -> str:
        """What befalls an unannounced trump ace (option ``unannounced_ace``; Scarne's rule without it)."""
        return str(getattr(self.game.options, "unannounced_ace", "lowest_trump"))

    def rob_compulsory(self) -> bool:
        """Option ``rob_compulsory`` (1911 EB: robbing is compulsory); off where the game has no robbing."""
        return bool(getattr(self.game.options, "rob_compulsory", False))

    def _ace_status(self) -> None:
        """Who may still rob, and whether an undeclared trump ace has lost its rank (from the hands)."""
        if not self.robbing or self.up == self.ace or self.robber >= 0 or self.declared >= 0:
            return
        holder = next((s for s in range(self.players) if self.hands[s] >> self.ace & 1), -1)
        if holder < 0:
            if not self.played >> self.ace & 1:
                self.rob_pending, self.demoted, self.barred = -1, False, -1
            return
        late = bool(self.started >> holder & 1)
        self.rob_pending = -1 if late else holder
        penalty = self.ace_penalty()
        self.demoted = late and penalty == "lowest_trump"
        self.barred = holder if late and penalty == "cannot_win_pool" else -1
        self.rules = family_rules(self.pack, self.trump, self.demoted)

    # ------------------------------------------------------------------ legal
    def _legal(self) -> list[str]:
        seat = self.turn
        assert seat is not None
        compulsory = self.rob_compulsory()
        if self.phase == "rob":
            # 1911 EB: "If the turn-up is an ace, the dealer must 'rob'" (option rob_compulsory) before the lead;
            # Scarne: "He can either discard when playing to the first trick, or he can leave the ace there
            # until ready to play it" ('rob' now, 'rob <card>' at a turn of his, at the latest to play the ace).
            robs = [f"rob {c}" for c in self.card_codes(self.hands[seat])]
            return robs + ([] if compulsory else ["rob", "decline"])
        if seat == self.dealer and self.ace_waits:
            return self.legal_cards() + [f"rob {c}" for c in self.card_codes(self.hands[seat])]
        if seat == self.rob_pending:
            # Any card of his hand but the ace itself: giving up the ace for the turn-up would gain nothing.
            robs = [f"rob {c}" for c in self.card_codes(self.hands[seat] & ~(1 << self.ace))]
            if compulsory:
                return robs
            keep = self.rules
            if self.ace_penalty() == "lowest_trump":
                self.rules = family_rules(self.pack, self.trump, True)  # playing now = not declaring
            cards = self.legal_cards()
            self.rules = keep
            return cards + robs + ["decline"]
        return self.legal_cards()

    def _explain(self, seat: int, action: str) -> str:
        word = action.split()[0] if action else ""
        compulsory = self.rob_compulsory()
        if self.phase == "rob":
            if compulsory:
                return "the ace is turned up and robbing is compulsory (option rob_compulsory): the dealer " \
                       "must first 'rob <card>', putting out a card of his hand for the ace"
            return "the ace is turned up: the dealer must first declare 'rob' (taking the ace, putting a card " \
                   "out for it later), 'rob <card>' (putting that card out now) or 'decline' ('he must declare " \
                   "whether or not he is exchanging for the ace')"
        if seat == self.dealer and self.ace_waits:
            if word == "decline":
                return "you have taken the ace: put out a card for it ('rob <card>') when you wish to"
            if word == "rob":
                return "put out a card of your hand for the ace: 'rob <card>'"
            if self.pack.parse_in(action, self.up_mask) is not None:
                return "the ace is still on the table: put out a card for it first ('rob <card>'), then play it"
        if word in ("rob", "decline"):
            if seat == self.rob_pending and word == "rob" and self.hands[seat] >> self.ace & 1 and \
                    action == f"rob {self.pack.code(self.ace)}":
                return "rob with another card of your hand: giving up the ace itself for the turn-up gains nothing"
            if seat == self.rob_pending and word == "decline":
                return "robbing is compulsory (option rob_compulsory): rob the turn-up"
            if seat == self.rob_pending:
                return "rob by discarding a card of your hand for the turn-up"
            return "only the holder of the ace of trumps may rob the turn-up or have it turned down, at his " \
                   "first turn to play"
        if seat == self.rob_pending and compulsory:
            return "you hold the ace of trumps and robbing is compulsory (option rob_compulsory): " \
                   "'rob <card>' before you play"
        return self.explain_play(seat, action)

    def explain_play(self, seat: int, action: str) -> str:
        c = self.pack.parse_in(action, self.hands[seat]) if len(action) == 2 else None
        if c is None or not self.trick:
            return super().explain_play(seat, action)
        r = self.rules
        if r.suit_of[self.trick[0]] == r.trump:
            return "a trump was led and you hold a trump you must play (only the five and jack of trumps and " \
                   "the ace of hearts may be withheld, and only when a lower trump is led)"
        return "you must follow suit or trump ('Each player in turn must follow suit, or he may play a trump " \
               "even if able to follow suit')"

    # ------------------------------------------------------------------ apply
    def _apply(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if word == "rob" and not args:  # the dealer takes the ace and will put a card out for it later
            self.robber, self.ace_waits = seat, True
            self.start_play(self.rules, self.next_seat(self.dealer))
        elif word == "rob":
            self.ace_waits = False
            c = self.find_card(args[0], self.hands[seat])
            self.hands[seat] = (self.hands[seat] & ~(1 << c)) | self.up_mask
            self.discards |= 1 << c
            self.discarded_by[seat] |= 1 << c
            self.known[seat] |= self.up_mask
            self.up_mask, self.robber, self.rob_pending = 0, seat, -1
            if self.phase == "rob":
                self.start_play(self.rules, self.next_seat(self.dealer))
        elif word == "decline":
            if self.phase == "rob":
                self.start_play(self.rules, self.next_seat(self.dealer))
            else:
                self.declared, self.rob_pending = seat, -1
                self.known[seat] |= 1 << self.ace
        else:
            self._play(seat, action)

    def _play(self, seat: int, code: str) -> None:
        self.started |= 1 << seat
        if seat == self.rob_pending:
            self._ace_status()
        self.known[seat] &= ~self.pack.mask([code])
        self.play_card(seat, code)

    def trick_done(self, winner: int) -> None:
        self.after_trick(winner)

    def after_trick(self, winner: int) -> None:
        """What happens after a trick (default: play all five)."""
        if not self.hands[winner]:
            self._end()

    def _end(self) -> None:
        self.phase, self.turn = "done", None

    # ------------------------------------------------------------ information
    def _redact(self, seat: int, action: str, viewer: int | None) -> str:
        if viewer != seat and action.startswith(("rob ", "discard ")):
            return action.split()[0]
        return action

    def _zones(self) -> dict[str, int]:
        return {**super()._zones(), "turn_up": self.up_mask, "discards": self.discards}

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

    def sample(self, seat: int, rng: random.Random | int | None = None) -> FiveCardDeal:
        new = super().sample(seat, rng)
        assert isinstance(new, FiveCardDeal)
        new._ace_status()  # the sampled holder of the trump ace may be one who has already played
        return new

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {"trump": None}
        if self.robbing:
            v.update(trump="SHDC"[self.trump], turn_up=self.pack.code(self.up), robbed_by=self.robber,
                     turned_down=self.declared if self.declared >= 0 else None)
        v.update(self.trick_view())
        if seat is not None and self.discarded_by[seat]:
            v["my_discards"] = self.card_codes(self.discarded_by[seat])
        status = self.status(seat)
        if status:
            v["status"] = status
        return v

    def status(self, seat: int | None) -> str:
        """One line saying what the table is waiting for, in the seat's own words (nothing hidden)."""
        me = seat is not None and seat == self.turn
        if self.phase == "rob":
            if me:
                if self.rob_compulsory():
                    return (f"The {self.pack.code(self.up)} is turned up and you must rob it: 'rob <card>' puts "
                            "that card face down and takes the ace")
                return (f"The {self.pack.code(self.up)} is turned up: you may rob it ('rob <card>' puts that card "
                        "face down and takes the ace) or 'decline'")
            return "The dealer says whether he robs the turned-up ace"
        if self.ace_waits and me:
            return (f"You have taken the {self.pack.code(self.up)}, which waits on the table: put out a card for it "
                    "('rob <card>') whenever you like, and before you play it")
        if self.ace_waits:
            return f"The dealer has taken the {self.pack.code(self.up)} and will put out a card for it"
        if me and seat == self.rob_pending and self.rob_compulsory():
            return (f"You hold the ace of trumps and must rob the {self.pack.code(self.up)}: "
                    "'rob <card>' discards a card for it")
        if me and seat == self.rob_pending:
            late = ("your ace becomes the lowest trump" if self.ace_penalty() == "lowest_trump"
                    else "you cannot win the pool this deal")
            return (f"You hold the ace of trumps: rob the {self.pack.code(self.up)} ('rob <card>' discards a card "
                    f"for it) or 'decline' to have it turned down; if you play without either, {late}")
        return ""


class ScoresMixin:
    """Running scores per side, kept in carry; a side's points are each member's delta."""

    players: int
    carry_in: dict[str, Any]
    game: Any
    bidder: int
    tricks_won: list[int]

    def _init_scores(self) -> None:
        c = self.carry_in
        self.nsides: int = self.game.sides()
        fresh = not c.get("scores") or c.get("winner") is not None or len(c["scores"]) != self.nsides
        self.scores: list[int] = [0] * self.nsides if fresh else [int(x) for x in c["scores"]]
        self.bidder = -1
        self.game_winner: int | None = None

    def side(self, seat: int) -> int:
        return seat % self.nsides

    def points(self) -> list[int]:
        """Each side's points for this deal."""
        raise NotImplementedError

    def members(self, t: int) -> str:
        """'seat 1' or 'seats 0 and 2': the seats of side ``t``, for settlement lines."""
        seats = [str(s) for s in range(self.players) if self.side(s) == t]
        return f"seat {seats[0]}" if len(seats) == 1 else f"seats {', '.join(seats[:-1])} and {seats[-1]}"

    def side_tricks(self) -> list[int]:
        """Tricks taken by each side."""
        got = [0] * self.nsides
        for s in range(self.players):
            got[self.side(s)] += self.tricks_won[s]
        return got

    def point_lines(self, pts: list[int]) -> list[str]:
        """Why each side scored what it did (the rule, in words)."""
        return []

    def _settle(self) -> Settlement:
        pts = self.points()
        led = Ledger(self.players, unit="points")
        for s in range(self.players):
            if pts[self.side(s)]:
                led.score(s, pts[self.side(s)])
        for line in self.point_lines(pts):
            led.note(line)
        for t in range(self.nsides):
            led.note(f"{self.members(t)}: {pts[t]:+d} points, now {self.scores[t] + pts[t]}")
        new = [a + b for a, b in zip(self.scores, pts)]
        target = self.game.target
        reached = [t for t in range(self.nsides) if new[t] >= target]
        if reached:
            bid_side = self.side(self.bidder) if self.bidder >= 0 else -1
            order = self.game.options.as_dict().get("tie_order", "bidder_first")
            if len(reached) > 1 and bid_side in reached and order == "bidder_first":
                self.game_winner = bid_side
            else:
                self.game_winner = max(reached, key=lambda t: (new[t], t == bid_side))
            led.note(f"the side of seat {self.game_winner} reaches {new[self.game_winner]} and wins the game")
        self.new_scores = new
        return led.settlement()

    def _carry(self) -> dict[str, Any] | None:
        self.result()  # type: ignore[attr-defined]
        return {"scores": self.new_scores, "winner": self.game_winner}

    def score_view(self) -> dict[str, Any]:
        """Scores and teams for the view."""
        teams = [[s for s in range(self.players) if self.side(s) == t] for t in range(self.nsides)]
        return {"scores": list(self.scores), "teams": teams}

    def score_status(self, seat: int | None) -> str:
        """The running score in words: 'Score: you and seat 2 have 15, seats 1 and 3 have 10; game is 45'."""
        parts = []
        for t in range(self.nsides):
            name = self.members(t)
            if seat is not None and self.side(seat) == t:
                rest = [str(s) for s in range(self.players) if self.side(s) == t and s != seat]
                name = "you" + (" and seat" + ("s " if len(rest) > 1 else " ") + " and ".join(rest) if rest else "")
            parts.append(f"{name} {'has' if name.startswith('seat ') else 'have'} {self.scores[t]}")
        if seat is not None:
            mine = self.side(seat)
            parts.insert(0, parts.pop(mine))
        return "Score: " + ", ".join(parts) + f"; game is {self.game.target}"


ROB_COMPULSORY = Option(
    "rob_compulsory", bool, False,
    doc="robbing is compulsory: the dealer must take a turned-up ace, and the holder of the trump ace must rob "
        "at his first turn",
    source="SF-GAP-4 (1911 EB: 'the dealer must rob ... a player who holds the ace of trumps must rob')")
