"""Spoil Five and its family: Forty-Five, Twenty-Five, Auction Forty-Five, Hasenpfeffer.

Source: seed ``003_30d3d4dac9c6032b.txt`` (Scarne's text), with the gaps resolved in
``shared/rules/RESOLUTIONS.md`` §2.14–2.17 (SF-GAP-1…7, 45-GAP-1…3, A45-GAP-1…4, HP-GAP-1…3).

The rules as implemented
------------------------
**Rank of cards** (one function, :func:`family_rules`, for all five games). "Of the trump suit,
the five is high, the jack second highest, the ace of hearts third, then the ace, king, queen
in order. The rank of the spot or index cards, trump or not, is expressed 'highest in red,
lowest in black'" (SF-GAP-1):

* hearts trumps (13): ``5H JH AH KH QH TH 9H 8H 7H 6H 4H 3H 2H``
* diamonds trumps (14): ``5D JD AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D``
* spades or clubs trumps (14): ``5x Jx AH Ax Kx Qx 2x 3x 4x 6x 7x 8x 9x Tx``
* plain red suits: ``K Q J T 9 8 7 6 5 4 3 2 A`` ("the diamond ace is lowest of all"; the ace
  of hearts is always a trump); plain black suits: ``K Q J A 2 3 4 5 6 7 8 9 T``.

**Play.** "Each player in turn must follow suit, or he may play a trump even if able to follow
suit. If he cannot follow suit, he may play a trump or throw off any card". "A player must follow
suit to a trump if able to, but ... five and jack of trumps or ace of hearts ... need not follow
suit with such a card if the card led is a trump card of lower rank. But he must follow suit with
such a card if the lead was a trump card of higher rank" (SF-GAP-2: a trump in hand is
*protected* iff it is one of those three and outranks the card led; holding any unprotected trump,
a player must play a trump, any trump; holding only protected trumps, any card; the ace of hearts
led is a trump lead).

**Robbing the trump** (Spoil Five, Forty-Five, Twenty-Five). "Should the turned trump card be an
ace, the dealer may discard any card in his hand face down for it" (also the ace of hearts,
SF-GAP-6); he declares before the first lead: ``rob <card>`` or ``decline``. Otherwise "a player
who does hold the ace of that suit may exchange any card in his hand for the turned-up card when
it is his turn to play" (``rob <card>``) "... he must tell the dealer to turn the trump face down"
(``decline``); "If the holder of the ace of trumps makes a play without exchanging or
identifying himself, his ace becomes the lowest trump in play. And if it should happen to be the
ace of hearts, it loses the privilege" (SF-GAP-4, SF-GAP-7). Options ``unannounced_ace``
(``lowest_trump`` | ``cannot_win_pool``, 1911 EB "cannot go out that hand") and
``rob_compulsory`` (the ace holder must rob at his first turn).

**Spoil Five** pool. "Each player puts one chip in the pool. The pool may be taken by the first
player to win three tricks". Jinking (SF-GAP-3): a player who wins his third trick having won
every trick so far, with tricks to come, says ``claim`` (he takes the pool; the deal ends) or
``jink`` (he leads on and "must win all five (in which case he gets the pool plus one chip from
each other player); if he does not win all five tricks, he does not get the pool" — the deal ends
at the first trick he loses and the pool stays). "After any hand in which the pool is not won,
each player puts in another chip" (SF-GAP-5, option ``spoil_topup``: ``each_player_1`` or Hervey's
``dealer_only``); the pool is carried to the next deal.

**Forty-Five** (45-GAP-1, 45-GAP-2): Spoil Five's play and robbing for 2, 4 (2 v 2) or 6 (3 v 3)
players, partners seated alternately (seats 0, 2, 4 v 1, 3, 5); no pool and no jinking; all five
tricks are played. "Side taking three or four tricks scores 5 points; five tricks, 10 points.
Sometimes each trick counts 5 points, and score of side taking fewest tricks is deducted from that
of side taking most tricks" (option ``deal_scoring``: ``five_ten`` | ``per_trick_net``); "45
points is game". **Twenty-Five**: "played for 25 points; otherwise ... Forty-Five"; option
``scoring="five_per_trick_individual"`` is Parlett's individual game (2–10 players, 5 a trick;
the first to reach 25 wins at once — the deal stops there; decision from Wikipedia/play-25.com
"the first to reach 25 points wins").

**Auction Forty-Five** (4 or 6 players in partnerships; no turn-up, so no robbing). "Bids are in
multiples of 5 points and the highest bid is 30" (``bid 15`` … ``bid 30``, minimum option
``min_bid``, A45-GAP-2). "Each bid must be higher than the preceding bid, except that dealer may
[take] the previous bid without going over, by saying 'I hold'" (``hold``); "if he does, each
player who did not previously pass gets another turn and dealer again may take the bid". "A side
having 100 points or more may not bid less than 20." All pass: the deal is thrown in
(``all_pass="redeal"``, ENGINE DEFAULT) or the dealer must bid the minimum. "The high bidder names
the trump" (``trump hearts``), "then each player discards as many cards as he wishes"
(``discard <card>`` repeated, then ``done``) "and dealer restores his hand to five cards from the
top of the pack" (A45-GAP-1: to each in turn from the dealer's left, as each finishes; a player may
discard no more than the pack can replace). "The player at the left of the high bidder leads".
"Each trick won counts 5 and the highest trump in play counts an additional 5" (A45-GAP-4: the
trick holding the highest trump actually played). "If the high bidder's side makes its bid, it
scores all it makes; if it fails, the amount of the bid is subtracted ... The opposing side always
scores whatever it wins in tricks. A bid of 30 ... is worth 60 if it is made and loses 30 if it
fails. Game is won by the first side to reach 120" (A45-GAP-3, ``tie_order``).

**Hasenpfeffer** (4 players, 2 v 2; 25 cards A K Q J T 9 and the joker). "The joker is the highest
trump", then the euchre bowers (HP-GAP-1: right bower = jack of trumps, left bower = the other jack
of the same colour, which belongs to the trump suit only), then A K Q T 9. "Dealer gives three
cards at a time to each player until all have hands of six cards. The last card is turned face down".
One bid each from the dealer's left (``pass`` or ``bid 1`` … ``bid 6``, each higher, HP-GAP-2). "If
all players pass, the player holding the joker must bid three" (HP-GAP-3, even after passing) "and
name which suit is to be trump. If no one holds the joker, there is a new deal by the same
dealer." "The successful bidder picks up the face-down card ... names the suit ... discards any
one card ... Then he leads". "A player must follow suit if able"; "A player may not play the joker
as long as he can follow to a no-trump suit led" (the joker is a trump, so following suit already
forbids it). Bidder's side making its bid scores 1 a trick, else "set back" by the bid; opponents
always score their tricks; game 10, "If both sides reach 10 points in the same deal, the bidding
side wins."

Points games keep the running scores in ``carry["scores"]`` (one per side); every seat's delta is
its side's points for the deal, so a :class:`~cardtable.Match` total is the side's score.

>>> import cardtable as ct
>>> top = "5H JH AH 2C 3C 4C KH QH 6C 7C TH"
>>> d = ct.load("spoil-five", players=2).deal(deck=top + " " + " ".join(
...     c for c in ct.core.cards.PACK_52.code_of if c not in top.split()), dealer=1)
>>> d.view(0)["trump"], d.view(0)["hand"]
('H', ['AH', 'KH', 'QH', 'JH', '5H'])
>>> d.legal()[-2:]  # the holder of the trump ace may rob at his turn, or turn the card down
['rob 5H', 'decline']
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, ClassVar

from ..core.cards import PACK_25, PACK_52, Pack
from ..core.chips import Ledger, Settlement
from ..core.deal import Zone
from ..core.dealing import DealPlan
from ..core.game import Game
from ..core.options import Option
from ..core.tricks import TrickDeal, TrickRules
from ..errors import RulesError

__all__ = ["AuctionFortyFive", "FortyFive", "Hasenpfeffer", "SpoilFive", "TwentyFive", "family_rules"]

SEED = "seed 003_30d3d4dac9c6032b.txt"
POOL = "pool"
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
HEARTS = 1
RED_PLAIN = "KQJT98765432A"
BLACK_PLAIN = "KQJA23456789T"
EUCHRE_PLAIN = "AKQJT9"


# --------------------------------------------------------------------- ranking
def _spoil_tables(pack: Pack, trump: int, demoted: bool) -> tuple[list[int], list[int], list[int]]:
    """Effective suit, power and protected-trump mask per card for the 52-card family."""
    code, idx = pack.code_of, {c: i for i, c in enumerate(pack.code_of)}
    suit_of, power = list(pack.suit), [0] * pack.size
    for s in range(4):
        plain = RED_PLAIN if s in (1, 2) else BLACK_PLAIN
        for i, r in enumerate(plain):
            if r + "SHDC"[s] in idx:
                power[idx[r + "SHDC"[s]]] = len(plain) - i
    t = "SHDC"[trump]
    rest = [r for r in (RED_PLAIN if trump in (1, 2) else BLACK_PLAIN) if r not in "5JA"]
    order = ["5" + t, "J" + t] + (["AH"] if trump != HEARTS else []) + ["A" + t] + [r + t for r in rest]
    for i, c in enumerate(order):
        power[idx[c]] = 100 + len(order) - i
        suit_of[idx[c]] = trump
    ace = idx["A" + t]
    if demoted:
        power[ace] = 100  # "his ace becomes the lowest trump in play"
    privileged = [idx["5" + t], idx["J" + t]] + ([] if demoted and code[ace] == "AH" else [idx["AH"]])
    protected = [0] * pack.size
    for led in range(pack.size):
        if suit_of[led] == trump:
            protected[led] = sum(1 << c for c in privileged if power[c] > power[led])
    return suit_of, power, protected


def _euchre_tables(pack: Pack, trump: int) -> tuple[list[int], list[int]]:
    """Effective suit and power for Hasenpfeffer: joker, right bower, left bower, A K Q T 9."""
    idx = {c: i for i, c in enumerate(pack.code_of)}
    suit_of, power = list(pack.suit), [0] * pack.size
    for s in range(4):
        for i, r in enumerate(EUCHRE_PLAIN):
            power[idx[r + "SHDC"[s]]] = len(EUCHRE_PLAIN) - i
    t, partner = "SHDC"[trump], "SHDC"[(3, 2, 1, 0)[trump]]
    order = ["JK", "J" + t, "J" + partner] + [r + t for r in "AKQT9"]
    for i, c in enumerate(order):
        power[idx[c]] = 100 + len(order) - i
        suit_of[idx[c]] = trump
    return suit_of, power


@cache
def family_rules(pack: Pack, trump: int, demoted: bool = False) -> TrickRules:
    """The trick rules of the family for ``trump``: ranking and obligations, built once.

    In the 52-card games the power table is the Spoil Five order and ``exempt(led, hand)`` gives
    the trumps protected against ``led`` (the five and jack of trumps and the ace of hearts, when
    they outrank the led trump); ``demoted`` makes the trump ace the lowest trump (SF-GAP-4/7).
    With the 25-card pack (Hasenpfeffer) it is the euchre order and plain must-follow.

    >>> r = family_rules(PACK_52, 3)  # clubs trumps
    >>> PACK_52.codes(r.plays(PACK_52.mask("AH 9D 2C"), [PACK_52.parse("3C")]))   # 2C: a trump must follow
    ['AH', '2C']
    >>> PACK_52.codes(r.plays(PACK_52.mask("AH 9D"), [PACK_52.parse("3C")]))      # AH reneges
    ['AH', '9D']
    >>> PACK_52.codes(r.plays(PACK_52.mask("AH 9D"), [PACK_52.parse("JC")]))      # not to the jack
    ['AH']
    """
    if pack is PACK_25:
        suit_of, power = _euchre_tables(pack, trump)
        return TrickRules(pack, trump, suit_of=suit_of, power=power)
    suit_of, power, protected = _spoil_tables(pack, trump, demoted)
    return TrickRules(pack, trump, suit_of=suit_of, power=power, trump_anytime=True,
                      exempt=lambda led, hand: protected[led])


# ------------------------------------------------------------------ the deals
class FiveCardDeal(TrickDeal):
    """Five cards each (3 then 2), the turn-up for trumps, robbing, Spoil Five play."""

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
        self.demoted = False
        self.started = 0                # seats that have played a card (bitmask)
        self.winner = self.jinker = -1
        self.best = (0, -1)             # (power, trick winner) of the highest trump played
        self.best_card = -1
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
        return str(self.game.options.as_dict().get("unannounced_ace", "lowest_trump"))

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
        if self.phase == "rob":
            return [f"rob {c}" for c in self.card_codes(self.hands[seat])] + ["decline"]
        if self.phase == "jink":
            return ["claim", "jink"]
        if seat == self.rob_pending:
            robs = [f"rob {c}" for c in self.card_codes(self.hands[seat])]
            if self.game.options.rob_compulsory:
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
        if self.phase == "rob":
            return "the ace is turned up: the dealer must first declare 'rob <card>' or 'decline' (seed: " \
                   "'he must declare whether or not he is exchanging for the ace')"
        if self.phase == "jink":
            return "you have won three tricks running: 'claim' the pool or 'jink' for all five (SF-GAP-3)"
        if word in ("rob", "decline"):
            if seat == self.rob_pending and word == "decline":
                return "robbing is compulsory (option rob_compulsory): rob the turn-up"
            if seat == self.rob_pending:
                return "rob by discarding a card of your hand for the turn-up"
            return "only the holder of the ace of trumps may rob the turn-up or have it turned down, at his " \
                   "first turn to play (seed 'Robbing the Trump')"
        return self.explain_play(seat, action)

    def explain_play(self, seat: int, action: str) -> str:
        c = self.pack.parse_in(action, self.hands[seat]) if len(action) == 2 else None
        if c is None or not self.trick:
            return super().explain_play(seat, action)
        r = self.rules
        if r.suit_of[self.trick[0]] == r.trump:
            return "a trump was led and you hold a trump you must play (only the five and jack of trumps and " \
                   "the ace of hearts may be withheld, and only when a lower trump is led: SF-GAP-2)"
        return "you must follow suit or trump ('Each player in turn must follow suit, or he may play a trump " \
               "even if able to follow suit')"

    # ------------------------------------------------------------------ apply
    def _apply(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if word == "rob":
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
        elif word == "claim":
            self.winner = seat
            self._end()
        elif word == "jink":
            self.jinker, self.phase = seat, "play"
        else:
            self._play(seat, action)

    def _play(self, seat: int, code: str) -> None:
        self.started |= 1 << seat
        if seat == self.rob_pending:
            self._ace_status()
        c = self.find_card(code, self.hands[seat])
        p = self.rules.power[c]
        if self.rules.suit_of[c] == self.rules.trump and p > self.best[0]:
            self.best = (p, -2 - len(self.trick_seats))  # resolved to the trick's winner in trick_done
            self.best_card = c
        self.known[seat] &= ~(1 << c)
        self.play_card(seat, code)

    def trick_done(self, winner: int) -> None:
        if self.best[1] <= -2:
            self.best = (self.best[0], winner)
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
                if hasattr(self, "voids"):
                    z.allowed = ~self.voids[z.key[1]]
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
        if new.phase in ("play", "jink"):
            new._ace_status()
        return new

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {"trump": None}
        if self.robbing:
            v.update(trump="SHDC"[self.trump], turn_up=self.pack.code(self.up), robbed_by=self.robber,
                     turned_down=self.declared if self.declared >= 0 else None)
        v.update(self.trick_view())
        if self.phase == "jink":  # between tricks: the table stays on show while the winner decides
            code = self.pack.code
            v.update(trump="SHDC"[self.trump], trick=[], tricks_won=list(self.tricks_won),
                     last_trick=[[s, code(c)] for s, c in self.last_trick], leader=self.leader)
        if self.jinker >= 0:
            v["jinking"] = self.jinker
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
                return (f"The {self.pack.code(self.up)} is turned up: you may rob it ('rob <card>' puts that card "
                        "face down and takes the ace) or 'decline'")
            return "The dealer says whether he robs the turned-up ace"
        if self.phase == "jink":
            if me:
                return ("You have won the first three tricks: 'claim' takes the pool now; 'jink' plays on - win "
                        "all five for the pool and a chip from each player, lose one and the pool stays")
            return f"Seat {self.turn} has won three tricks and chooses to claim the pool or jink"
        if self.jinker >= 0 and self.phase == "play":
            who = "You are" if seat == self.jinker else f"Seat {self.jinker} is"
            return f"{who} jinking: every remaining trick must fall to the jinker, or the pool stays"
        if me and seat == self.rob_pending and self.game.options.rob_compulsory:
            return (f"You hold the ace of trumps and must rob the {self.pack.code(self.up)}: "
                    "'rob <card>' discards a card for it")
        if me and seat == self.rob_pending:
            late = ("your ace becomes the lowest trump" if self.ace_penalty() == "lowest_trump"
                    else "you cannot win the pool this deal")
            return (f"You hold the ace of trumps: rob the {self.pack.code(self.up)} ('rob <card>' discards a card "
                    f"for it) or 'decline' to have it turned down; if you play without either, {late}")
        return ""


class SpoilFiveDeal(FiveCardDeal):
    """Spoil Five: the pool, three tricks take it, jinking, spoils carried."""

    def _init_scores(self) -> None:
        n, o = self.players, self.game.options
        self.pool_start = int(self.carry_in.get("pools", {}).get(POOL, 0))
        if self.pool_start == 0:
            self.ante = [1] * n  # "Each player puts one chip in the pool."
        elif o.spoil_topup == "each_player_1":
            self.ante = [1] * n  # "each player puts in another chip for the next deal"
        else:
            self.ante = [1 if s == self.dealer else 0 for s in range(n)]  # Hervey: only the dealer (SF-GAP-5)

    def after_trick(self, winner: int) -> None:
        won, played = self.tricks_won[winner], sum(self.tricks_won)
        if self.jinker >= 0:
            if winner != self.jinker or not self.hands[winner]:
                self._end()
            return
        if won == 3:
            if winner == self.barred:
                self._end()  # 1911 EB: "cannot go out that hand" — the deal is spoilt
            elif played == 3 and self.hands[winner]:
                self.phase, self.turn = "jink", winner
            else:
                self.winner = winner
                self._end()
        elif not self.hands[winner]:
            self._end()

    def _settle(self) -> Settlement:
        led = Ledger(self.players, {POOL: self.pool_start})
        for s, a in enumerate(self.ante):
            if a:
                led.to_pool(s, POOL, a, f"seat {s} puts {a} in the pool")
        j = self.jinker
        if j >= 0 and self.tricks_won[j] == 5:
            pool = led.from_pool(j, POOL, None)
            led.note(f"seat {j} jinked and won all five tricks: he takes the pool of {pool}")
            for s in range(self.players):
                if s != j:
                    led.pay(s, j, 1, f"seat {s} pays seat {j} 1 for the jink")
        elif j >= 0:
            led.note(f"seat {j} jinked and lost a trick: he does not get the pool, which stays")
        elif self.winner >= 0:
            pool = led.from_pool(self.winner, POOL, None)
            led.note(f"seat {self.winner} won three tricks and takes the pool of {pool}")
        else:
            led.note("nobody won three tricks: the deal is spoilt and the pool stays for the next deal")
        return led.settlement()

    def _carry(self) -> dict[str, Any] | None:
        pool = self.result().pools.get(POOL, 0)
        return {"pools": {POOL: pool}} if pool else None

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v["pools"] = {POOL: self.pool_start + sum(self.ante)}
        return v


class ScoresMixin:
    """Running scores per side, kept in carry; a side's points are each member's delta."""

    players: int
    carry_in: dict[str, Any]
    game: Any
    bidder: int
    tricks_won: list[int]

    def _init_scores(self) -> None:
        c = self.carry_in
        self.nsides = self.game.sides()
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


class FortyFiveDeal(ScoresMixin, FiveCardDeal):
    """Forty-Five / Twenty-Five: Spoil Five's play in partnerships, scored in points."""

    def after_trick(self, winner: int) -> None:
        if self.game.individual and self.scores[winner] + 5 * self.tricks_won[winner] >= self.game.target:
            self._end()  # Parlett's Twenty-Five: the first to 25 wins at once
        elif not self.hands[winner]:
            self._end()

    def points(self) -> list[int]:
        tricks = self.side_tricks()
        if self.game.individual:
            return [5 * t for t in tricks]
        best = max(range(self.nsides), key=tricks.__getitem__)
        out = [0] * self.nsides
        if self.game.options.deal_scoring == "five_ten":
            out[best] = 10 if tricks[best] == 5 else 5
        else:
            out[best] = 5 * (tricks[best] - (5 - tricks[best]))
        assert sum(1 for x in out if x) <= 1  # 45-GAP-3: only the side with most tricks scores
        return out

    def point_lines(self, pts: list[int]) -> list[str]:
        tricks = self.side_tricks()
        if self.game.individual:
            return [f"{self.members(t)} took {tricks[t]} trick{'s' * (tricks[t] != 1)}: 5 a trick"
                    for t in range(self.nsides) if tricks[t]]
        best = max(range(self.nsides), key=tricks.__getitem__)
        took = f"{self.members(best)} took {tricks[best]} tricks"
        if self.game.options.deal_scoring == "five_ten":
            return [f"{took}: {'five tricks score 10' if tricks[best] == 5 else 'three or four tricks score 5'}"]
        return [f"{took} to {5 - tricks[best]}: 5 a trick, less the other side's, "
                f"= {5 * tricks[best]} - {5 * (5 - tricks[best])}"]

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = {**super()._view(seat), **self.score_view()}
        v["status"] = " — ".join(x for x in (v.get("status", ""), self.score_status(seat)) if x)
        return v


class AuctionDeal(FortyFiveDeal):
    """Auction Forty-Five: bidding with 'I hold', trumps named, discards and replacements."""

    robbing = False

    def _init_scores(self) -> None:
        super()._init_scores()
        n = self.players
        self.order = [self.next_seat(self.dealer, i + 1) for i in range(n)]
        self.queue = list(self.order)
        self.high, self.bidder, self.passed = 0, -1, 0
        self.dropped = 0   # cards discarded by the seat now discarding
        self.phase, self.turn = "bid", self.queue.pop(0)

    def _min_bid(self, seat: int) -> int:
        low = self.game.options.min_bid
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
        return (seat == self.dealer and self.high == 0 and self.game.options.all_pass == "dealer_forced_min")

    def _explain(self, seat: int, action: str) -> str:
        if self.phase == "bid":
            if action == "hold":
                return "only the dealer may say 'I hold', taking the last bid at its value"
            if action == "pass":
                return "everyone else passed: the dealer must bid (option all_pass=dealer_forced_min)"
            return f"bids go in fives up to 30, each higher than the last ({self.high}); a side at 100 or " \
                   "more may not bid less than 20"
        if self.phase == "trump":
            return "the high bidder names the trump suit: 'trump hearts' and so on"
        if self.phase == "discard":
            return "discard cards of your hand one at a time ('discard 7C'), then 'done'; no more than the " \
                   "pack can replace"
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
            self.queue = []
        if self.queue:
            self.turn = self.queue.pop(0)
        elif seat != self.dealer and self.bidder != self.dealer and not self.passed >> self.dealer & 1:
            self.turn = self.dealer  # someone outbid the dealer's hold: he may hold again
        elif self.bidder < 0:
            self._end()  # all passed: the deal is thrown in (A45-GAP-2)
        else:
            self.phase, self.turn = "trump", self.bidder

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
        if got[b] >= self.high:
            got[b] = 60 if self.high == 30 else got[b]
        else:
            got[b] = -self.high
        return got

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
            elif pts[t] < 0:
                lines.append(f"{took}, short of the bid of {self.high}: they go back {self.high}")
            elif self.high == 30:
                lines.append(f"{took}, making the bid of 30, which is worth 60")
            else:
                lines.append(f"{took}, making the bid of {self.high}: they score all they took")
        return lines

    def after_trick(self, winner: int) -> None:
        if not self.hands[winner]:
            self._end()

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
                return "all passed: the holder of the joker must bid three (seed; HP-GAP-3)"
            return f"bid a number of tricks higher than {self.high} (up to 6), or pass; one bid each"
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
        elif self.phase == "trump":
            self.trump = SUIT_WORDS.index(args[0])
            self.phase = "discard"
        elif self.phase == "discard":
            c = self.find_card(args[0], self.hands[seat])
            self.hands[seat] &= ~(1 << c)
            self.discards |= 1 << c
            self.discarded_by[seat] |= 1 << c
            self.start_play(family_rules(self.pack, self.trump), seat)
        else:
            self.known[seat] &= ~self.pack.mask([action])
            self.play_card(seat, action)

    def trick_done(self, winner: int) -> None:
        if not self.hands[winner]:
            self.phase, self.turn = "done", None

    def points(self) -> list[int]:
        if self.bidder < 0:
            return [0, 0]
        got = [0, 0]
        for s in range(self.players):
            got[self.side(s)] += self.tricks_won[s]
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


# ------------------------------------------------------------------- the rule book
# What `cardtable rules ID` shows: the rules as implemented, in the words of a rule book (one paragraph a line).
DEAL_3_2 = ("THE DEAL. The deal passes to the left. Each player gets five cards, three at a time round the table and "
            "then two at a time, beginning at the dealer's left.")
RANK_TEXT = (
    "RANK OF THE CARDS. The five of trumps is always the highest trump, the jack of trumps second and the ace "
    "of hearts third, whatever suit is trumps; then come the ace, king and queen of trumps, and the rest run "
    "'highest in red, lowest in black'. Hearts trumps (13 trumps): 5 J A K Q 10 9 8 7 6 4 3 2. Diamonds trumps "
    "(14): 5 J, ace of hearts, A K Q 10 9 8 7 6 4 3 2. Spades or clubs trumps (14): 5 J, ace of hearts, A K Q "
    "2 3 4 6 7 8 9 10 (the ten lowest). In a plain suit the king, queen and jack are high; the red suits then "
    "run 10 down to 2 with the ace of diamonds lowest of all (the ace of hearts is always a trump), and the "
    "black suits run A 2 3 4 5 6 7 8 9 10, the ten lowest.")
PLAY_TEXT = (
    "Each player in turn must follow suit, or he may play a trump even if able to follow suit; if he cannot "
    "follow suit he may trump or throw off any card. When a trump is led a player must play a trump if he can, "
    "except that the five and jack of trumps and the ace of hearts need not be played to a lower trump led "
    "(this is reneging): they must be played when a higher trump is led, and a player who holds any other "
    "trump must play a trump (any one). The ace of hearts led is a trump lead. The highest trump in the trick "
    "wins it, or, if there is none, the highest card of the suit led; the winner leads to the next trick.")
ROB_TEXT = (
    "ROBBING THE TRUMP. If the turned-up card is an ace (the ace of hearts too), the dealer may take it, "
    "discarding any card face down ('rob <card>'), or 'decline'; he says which before the first card is led. "
    "Otherwise the player who holds the ace of trumps may, when it is his turn to play, exchange any card of "
    "his for the turned-up card ('rob <card>'), or say 'decline', telling the dealer to turn the trump face "
    "down and so showing that he holds the ace. If he plays without doing either, his ace becomes the lowest "
    "trump, and if it is the ace of hearts it loses its right to renege.")
FORTY_FIVE_SCORE = (
    "There is no pool and all five tricks are played. The side taking three or four tricks scores 5 points, "
    "five tricks 10. With deal_scoring=per_trick_net each trick counts 5 and the score of the side taking "
    "fewer tricks is deducted: three tricks count 5, four 15 and five 25.")
SOURCES = "SOURCES. Scarne's rules (seed 003_30d3d4dac9c6032b.txt); gaps settled in RESOLUTIONS.md {}."


# ------------------------------------------------------------------- the games
UNANNOUNCED_ACE = Option(
    "unannounced_ace", str, "lowest_trump", ("lowest_trump", "cannot_win_pool"),
    doc="an ace of trumps played at the holder's first turn without robbing or declaring: it becomes "
        "the lowest trump (Scarne), or its holder cannot win the pool (1911 EB)",
    source="seed 003 'his ace becomes the lowest trump in play'; SF-GAP-4, SF-GAP-7")
ROB_COMPULSORY = Option("rob_compulsory", bool, False, doc="the holder of the trump ace must rob at his first turn",
                        source="SF-GAP-4 (1911 EB: robbing is compulsory)")


class RuleBook(Game):
    """A game of this family: ``cardtable rules`` shows its rule book, one paragraph a line."""

    rule_book: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def rules_text(cls) -> str:
        return "\n\n".join(cls.rule_book)


class SpoilFive(RuleBook):
    """Spoil Five (Five Cards, Five Fingers): each for himself, three tricks take the pool.

    Actions: a card code; ``rob <card>`` / ``decline`` (robbing the trump); ``claim`` / ``jink``.
    """

    id = "spoil-five"
    name = "Spoil Five"
    family = "spoil five"
    aliases = ("five-cards", "five-fingers", "spoil-5")
    min_players, max_players, default_players = 2, 10, 5
    pack = PACK_52
    source = f"{SEED}, 'Spoil Five'; RESOLUTIONS.md §2.14 (SF-GAP-1..7)"
    rule_book = (
        "SPOIL FIVE (also Five Cards, Five Fingers). Two to ten players, best five to seven, each playing for "
        "himself, with a pack of 52 cards. The object is to win three of the five tricks, or to stop anyone else "
        "from doing so.",
        DEAL_3_2 + " The next card is turned up: its suit is trumps.", RANK_TEXT, ROB_TEXT,
        "THE PLAY. The player at the dealer's left leads to the first trick. " + PLAY_TEXT,
        "THE POOL. Each player puts one chip in the pool. The first player to win three tricks takes it, and "
        "the deal ends there. A player who wins the first three tricks must say 'claim' (he takes the pool) or "
        "'jink': he leads on, and if he wins all five tricks he takes the pool and one chip from every other "
        "player; if he loses a trick the deal ends and he gets nothing. When nobody wins three tricks (the "
        "deal is spoilt), or a jink fails, the pool stays, and at the next deal each player puts in another "
        "chip (spoil_topup=dealer_only: only the dealer does).",
        SOURCES.format("§2.14 (SF-GAP-1 to SF-GAP-7)"),
    )
    deal_class: Any = SpoilFiveDeal
    option_specs = (
        UNANNOUNCED_ACE,
        ROB_COMPULSORY,
        Option("spoil_topup", str, "each_player_1", ("each_player_1", "dealer_only"),
               doc="after a spoilt deal: each player adds a chip (Scarne), or only the dealer (Hervey)",
               source="seed 003 'each player puts in another chip'; SF-GAP-5"),
    )


class FortyFive(RuleBook):
    """Forty-Five: Spoil Five for 2, 4 (2 v 2) or 6 (3 v 3); 5 or 10 a deal (or 5 a trick net); game 45."""

    id = "forty-five"
    name = "Forty-Five"
    family = "spoil five"
    aliases = ("forty-fives", "45")
    min_players, max_players, default_players = 2, 6, 4
    pack = PACK_52
    unit = "points"
    target: Any = 45
    individual = False
    source = f"{SEED}, Forty-Five paragraph (heading lost); RESOLUTIONS.md §2.15 (45-GAP-1..3)"
    rule_book: ClassVar[tuple[str, ...]] = (
        "FORTY-FIVE. Spoil Five for two players, or for four or six in two partnerships (two against two, "
        "three against three), partners sitting alternately: seats 0, 2, 4 against 1, 3, 5.",
        DEAL_3_2 + " The next card is turned up: its suit is trumps.", RANK_TEXT, ROB_TEXT,
        "THE PLAY. The player at the dealer's left leads to the first trick. " + PLAY_TEXT,
        "SCORING. " + FORTY_FIVE_SCORE + " The first side to reach 45 points wins the game.",
        SOURCES.format("§2.15 (45-GAP-1 to 45-GAP-3)"),
    )
    deal_class: Any = FortyFiveDeal
    option_specs: Any = (
        ROB_COMPULSORY,  # no pool to forfeit: an unannounced ace always becomes the lowest trump (Scarne)
        Option("deal_scoring", str, "five_ten", ("five_ten", "per_trick_net"),
               doc="5 for three or four tricks and 10 for five, or 5 a trick less the other side's",
               source="seed 003: 'side taking three or four tricks scores 5 points ... Sometimes each trick "
                      "counts 5 points'"),
    )

    def _validate(self) -> None:
        if not self.individual and self.players not in (2, 4, 6):
            raise RulesError(f"{self.id} is for 2, 4 (two against two) or 6 (three against three), "
                             f"not {self.players}")

    def sides(self) -> int:
        """Number of sides: partnerships of alternate seats, or each for himself."""
        return self.players if self.individual or self.players == 2 else 2


class TwentyFive(FortyFive):
    """Twenty-Five: Forty-Five played to 25 (or Parlett's individual game of 5 a trick)."""

    id = "twenty-five"
    name = "Twenty-Five"
    aliases = ("25",)
    source = f"{SEED}, Twenty-Five line (heading lost); RESOLUTIONS.md §2.15"
    rule_book = (
        "TWENTY-FIVE. Forty-Five played for 25 points: two players, or four or six in two partnerships, "
        "partners sitting alternately. With scoring=five_per_trick_individual it is Parlett's Twenty-Five: two "
        "to ten players each for himself, 5 points a trick, and the first to reach 25 wins at once, the deal "
        "stopping there.",
        *FortyFive.rule_book[1:4],
        "THE PLAY. The player at the dealer's left leads to the first trick. " + PLAY_TEXT,
        "SCORING. " + FORTY_FIVE_SCORE + " The first side to reach 25 points wins the game.",
        SOURCES.format("§2.15"),
    )
    option_specs = (
        *FortyFive.option_specs,
        Option("scoring", str, "forty_five_rules", ("forty_five_rules", "five_per_trick_individual"),
               doc="the seed's Forty-Five to 25, or Parlett's individual game: 5 a trick, first to 25",
               source="RESOLUTIONS.md §2.15 (Parlett's Twenty-Five)"),
    )

    @property
    def target(self) -> int:  # type: ignore[override]
        return 25

    @property
    def individual(self) -> bool:  # type: ignore[override]
        return bool(self.options.scoring == "five_per_trick_individual")

    def player_range(self) -> tuple[int, int]:
        return (2, 10) if self.options.scoring == "five_per_trick_individual" else (2, 6)


class AuctionFortyFive(FortyFive):
    """Auction Forty-Five (Nova Scotia): bids to 30 with the dealer's 'I hold', game 120.

    Actions: ``pass``, ``bid 15`` … ``bid 30``, ``hold``; ``trump hearts``; ``discard <card>``, ``done``.
    """

    id = "auction-forty-five"
    name = "Auction Forty-Five"
    aliases = ("auction-forty-fives", "auction-45")
    min_players, max_players, default_players = 4, 6, 4
    target = 120
    source = f"{SEED}, 'Auction Forty-Five'; RESOLUTIONS.md §2.16 (A45-GAP-1..4)"
    rule_book = (
        "AUCTION FORTY-FIVE, the national game of Nova Scotia. Four players, two against two, or six, three "
        "against three, partners sitting alternately.",
        DEAL_3_2 + " No card is turned up.",
        "THE BIDDING. Beginning at the dealer's left, each player passes or bids, in fives from 15 (option "
        "min_bid) up to 30, each bid higher than the one before. The dealer may instead take the last bid at "
        "its value by saying 'hold'; then each player who has not passed gets another turn, and the dealer may "
        "hold again. A side with 100 points or more may not bid less than 20. If everyone passes, the deal is "
        "thrown in and passes to the left (all_pass=dealer_forced_min: the dealer must bid).",
        "TRUMPS AND THE DRAW. The high bidder names trumps ('trump hearts'). Then, beginning at the dealer's "
        "left, each player discards as many cards as he wishes, one at a time ('discard 7C'), then says "
        "'done', and the dealer restores his hand to five cards from the top of the pack.",
        RANK_TEXT,
        "THE PLAY. The player at the left of the high bidder leads first. There is no robbing. " + PLAY_TEXT,
        "SCORING. Each trick counts 5, and the trick holding the highest trump played counts 5 more: 30 in "
        "all. If the bidding side makes its bid it scores all it took, and a bid of 30 made scores 60; if it "
        "fails, it goes back by the amount of its bid. The other side always scores what it took. The first "
        "side to reach 120 wins; if both reach it in the same deal, the bidding side wins (tie_order="
        "higher_total: the higher total).",
        SOURCES.format("§2.16 (A45-GAP-1 to A45-GAP-4)"),
    )
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

    def _validate(self) -> None:
        if self.players not in (4, 6):
            raise RulesError(f"{self.id} is for 4 (two against two) or 6 (three against three), not {self.players}")

    def sides(self) -> int:
        return 2


class Hasenpfeffer(RuleBook):
    """Hasenpfeffer: a euchre offshoot for 2 v 2 with the joker as top trump; game 10.

    Actions: ``pass``, ``bid 1`` … ``bid 6``; ``trump hearts``; ``discard <card>``; a card code.
    """

    id = "hasenpfeffer"
    name = "Hasenpfeffer"
    family = "spoil five"
    min_players, max_players, default_players = 4, 4, 4
    pack = PACK_25
    unit = "points"
    target = 10
    source = f"{SEED}, 'Hasenpfeffer'; RESOLUTIONS.md §2.17 (HP-GAP-1..3)"
    rule_book = (
        "HASENPFEFFER, an offshoot of euchre. Four players, two against two, partners sitting opposite: seats "
        "0 and 2 against 1 and 3. The object is to win 10 points, each trick counting 1.",
        "THE CARDS. 25 cards: A K Q J 10 9 of each suit and the joker. The joker is the highest trump, then "
        "the jack of trumps (right bower) and the other jack of the same colour (left bower, a trump and no "
        "longer a card of its own suit), then A K Q 10 9 of trumps. Plain suits rank A K Q J 10 9.",
        "THE DEAL. The dealer gives three cards at a time to each player until all have six. The last card "
        "is laid face down and nobody looks at it.",
        "THE BIDDING. Beginning at the dealer's left, each player has one bid: the number of tricks his side "
        "will take ('bid 1' to 'bid 6'), each higher than the last, or 'pass'. If all pass, the player holding "
        "the joker must bid three (though he has passed) and name trumps; if nobody holds it (it is the "
        "face-down card), the same dealer deals again.",
        "THE PLAY. The high bidder picks up the face-down card without showing it, names trumps ('trump "
        "hearts'), discards one card and leads. A player must follow suit if able; if not, he may trump or play "
        "any card. The joker may not be played while its holder can follow to a plain suit led. The highest "
        "trump wins the trick, or, if there is none, the highest card of the suit led.",
        "SCORING. If the bidding side takes as many tricks as it bid, it scores 1 point a trick; if not, it is "
        "set back by the amount of its bid, even below zero. The other side always scores 1 point a trick. The "
        "first side to reach 10 wins; if both reach 10 in the same deal, the bidding side wins.",
        SOURCES.format("§2.17 (HP-GAP-1 to HP-GAP-3)"),
    )
    deal_class = HasenDeal
    option_specs = ()

    def sides(self) -> int:
        return 2

    def next_dealer(self, deal: Any) -> int:
        """'If no one holds the joker, there is a new deal by the same dealer.'"""
        return int(deal.dealer) if deal.redeal else super().next_dealer(deal)


GAMES = (SpoilFive, FortyFive, TwentyFive, AuctionFortyFive, Hasenpfeffer)
