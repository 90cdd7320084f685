"""Loo: Three-Card Loo, Five-Card Loo, Irish Loo and Lanterloo (Parlett's Five-card Loo).

Sources: seed ``000_021e177d957c1434.txt``, "Loo" (G. F. Hervey's text: Three-Card, Five-Card
and Irish Loo); seed ``002_306a4d5946fe0cd1.txt``, "Five-card Loo (Lanterloo)" (Parlett); the
gaps resolved in ``docs/decisions.md`` (L3-GAP-1…7, L5-GAP-1…6, IL-GAP-1…2).

The rules as implemented
------------------------
Three-Card Loo. "The first player to deal puts into a pool an agreed number of units ... it
must be one that is divisible by three" (option ``ante``, default 3: Peel's "three counters
for the deal and six for a loo"). "Three cards are then dealt, one card at a time, to each
player, and to an extra hand that is known as miss" (dealt "immediately after dealing his own
card each time", Peel). "The top card of the remainder of the pack is turned up to denote the
trump suit."

Entering. From the dealer's left each player in turn may ``pass`` ("throws his cards face
downwards"), ``play`` ("playing with the cards dealt to him") or ``take`` ("exchanging his cards
for miss and playing with those"); "once a player has chosen to exchange his hand for miss, a
subsequent player is reduced to choosing between playing ... or not playing". "Once a player
has made a decision he must stand by it." The dealer's position (L3-GAP-1, Peel / Hoyle):
all players before the dealer pass: the dealer takes the pool without play; exactly one player
stands on his own cards: the dealer may not pass; he plays (``play`` / ``take``) or "plays for
the pool" (``play pool`` with his own hand, ``take pool`` with the miss; option
``defend_pool_hand``): "he is not looed if he fails to win a trick, and ... leaves in the pool
any amount to which he may be entitled"; one player took miss and all the others (dealer
included) pass: the holder of miss takes the pool. Club Law (option ``club_law``; Peel): when
clubs are trumps "everyone must enter the game" and the miss is withdrawn.

Play. "The player who first chose to play leads to the first trick. Thereafter the player who
wins a trick leads to the next." "1. A player must follow suit if he can, and must head the
trick if he can. 2. If a player cannot follow suit he must trump if he can, and if the trick
has already been trumped he must overtrump if he can" — unable to overtrump, he must still
trump (L3-GAP-4, Parlett: "may renounce only if unable to do either"; option
``undertrump_required``); a player following a trumped trick plays any card of the suit
(L3-GAP-5). "3. If the player on lead holds the Ace of trumps (or the King if the Ace has been
turned up) he must lead it. 4. If the player on lead holds two or more trumps he must lead one
of them, and if there are only two players in the game he must lead the highest." These bind
every lead (L3-GAP-6); rule 3 comes first. The engine never lets a card be played against these
rules, so the revoke penalty (L3-GAP-7) cannot arise.

Settlement. "Those who have won tricks divide the pool between them: one-third of the amount in
it to the winner of each trick" (exact thirds: a pool that does not divide is shared in
fractions). "Those who have not won a trick are looed, and must put into the pool as many units
as there were in it at the beginning of the deal" (``penalty="pool_at_start"``; limited loo,
L3-GAP-2: ``penalty="fixed"`` pays ``penalty_limit``, ``penalty="cap"`` pays the smaller of the
pool and ``penalty_limit``; a limit of 0 means twice the ante, Peel's "six for a loo"). "If no
player is looed, the next dealer replenishes the pool as at the beginning of the game"
(L3-GAP-3; option ``dealer_antes="always"``: the dealer antes every deal). The pool is carried.

Five-Card Loo (Hervey): "1. Every player is dealt five cards ... the number of units paid into
the pool must be divisible by five. 2. There is no miss. 3. A player may exchange cards by
drawing them from the stock. He may exchange any number of cards that he chooses, and once he
has exchanged a card he must enter the game" — here: ``play`` (or the dealer's ``play pool``),
then at once ``exchange <cards>`` or ``keep``. "4. The highest card in the pack is the Jack of
Clubs ... Pam. It ranks as a trump and takes precedence even over the Ace" — Pam is only a
trump, never a club (L5-GAP-4); "if, however, a player leads the Ace of trumps and announces
'Pam be civil' the holder of Pam is debarred from playing it to the trick" (lead ``AH civil``;
``pam_civil="absolute"``, L5-GAP-3: a holder whose only trump is Pam is then void in trumps).
"5. If a player holds five cards of a suit, or four cards of a suit and Pam, he is said to hold
a flush and must expose his hand at once. He wins the pool and all the other players, except
those who may hold flushes or Pam, are looed." A flush dealt is shown at once (L5-GAP-5,
``flush_shown="at_once"``): as the cards are dealt each holder shows his (``show``, his only action)
and the deal ends there, before anyone decides or exchanges, so a flush made later by exchange cannot
beat it; if nobody is dealt a flush, a flush
made by exchange is shown when the entering is over, before the first lead. Option
``flush_shown="after_exchange"`` (Parlett's timing, below): flushes are compared after the
entering and exchanging, a flush held at the deal counting even if broken by exchange. Those who
passed are looed too (Peel: "whether they stood or not"; option ``flush_loos_passers``).
Ranking (L5-GAP-1/2): a trump flush beats a plain flush, then
the highest card(s) win, Pam counting as the highest card; exact equals divide the pool
(``flush_tie="elder_hand"``: the elder, nearest the dealer's left, wins). Hervey's 4 + Pam is a
flush of the four cards' suit (``flush_order="trump_then_plain"``). Those looed by a flush pay
their loo into the pool like any loo ("are looed"; Hoyle: "to be divided among the winners at
the ensuing deal"); option ``flush_paid_to="holder"``: they pay it to the flush holder (Peel:
"receives from each of the players ... the amount of a loo"; this switch is an addition, see
docs/decisions.md). A player holding Pam when the flush is shown, and the dealer playing for the
pool, are not looed by it (ENGINE DEFAULT for the dealer: "he is not looed"). A fifth of the
pool per trick. Engine rules not in the seed: one exchange each, at most the cards left in the
stock (Peel: "No second exchange is allowable"); "Pam be civil" may be announced only by a
leader who does not hold Pam himself while Pam has not been played (ENGINE DEFAULT).

Irish Loo: "Every player is dealt three cards, there is no Pam and no miss, but a player is
allowed to exchange cards by drawing from the stock ... if Clubs are trumps everyone must enter
the game. It is known as Club Law and makes it imperative that the penalty for being looed must
be limited" — Club Law on; the loo capped at twice the ante (IL-GAP-2, ENGINE DEFAULT); no
flushes unless ``flush3`` (IL-GAP-1: three of a suit looes the board). The flushes come from Peel
("virtually the same as the five-card variety"), whose flushes are declared only after all have decided
to stand or pass: they are compared when the exchanges are over (``flush_shown="after_exchange"``; option
``at_once``, Hervey's five-card timing).

Lanterloo (Parlett's Five-card Loo): "From three to ten receive five cards each (3+2 or 2+3)
... Dealer antes five chips to the pot before dealing, and turns the next for trump" (the
dealer antes every deal). "A flush is five cards of the same suit, or four of a suit plus Pam.
The best flush is four of a suit plus Pam, followed by a flush in trumps, then by the
plain-suit flush containing the highest top card or cards. Whoever holds the best flush ...
'looes the board' immediately" (``flush_order="pam_first"``), "whether before or after
exchanging cards": flushes are compared when the exchanges are over, before the first lead, a
flush held at the deal counting even if broken by exchange (``flush_shown="after_exchange"``,
L5-GAP-5). "Each in turn may pass or play,
thereby undertaking to win at least one trick. (Variant: No one may pass if clubs are trump.)
Each active player may discard as many as he likes in return for the same number dealt from the
top of the pack" — a bidding round, then an exchange round (``exchange <cards>`` / ``keep``).
"Eldest leads. If the trump Ace is led (now or subsequently) its leader may say, 'Pam be
civil,' whereupon the holder of J may not play it if he has any other trump"
(``pam_civil="unless_only_trump"``). "The winner of each trick leads to the next, and must lead
a trump if possible" (``lead_rule="winner_leads_trump"``, L5-GAP-6): the duty binds the winners of
tricks, so eldest's opening lead is free (apart from "Pam be civil"). "Each trick earns one-fifth
of the pool." Parlett does not say what a looed player pays: as in Hervey's parent
game, the pool as it stood at the start of the deal (ENGINE DEFAULT from seed 000; options
``penalty`` / ``penalty_limit``). A flush "is deemed to win all five tricks without play, and is
appropriately paid by anyone who does not himself hold either Pam or a flush": the holder takes
the pool and each of the others pays him a loo (``flush_paid_to="holder"``, Peel: "receives from
each of the players ... the amount of a loo"; option ``"pool"``: Hervey's loo into the pool).
Parlett is silent on a deal nobody plays: the pool is carried; a lone player takes the pool
without play (ENGINE DEFAULT).

Every game: 3 to 10 players (Parlett's range for Lanterloo; Hervey's "any reasonable number",
ENGINE DEFAULT for the others).

>>> import cardtable as ct
>>> d = ct.load("three-card-loo", players=3).deal(seed=1)
>>> d.legal()
['pass', 'play', 'take']
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

from ..core.cards import PACK_52, bits
from ..core.chips import Amount, Ledger, Settlement
from ..core.deal import Zone
from ..core.dealing import DealPlan
from ..core.game import Game
from ..core.options import Option
from ..core.tricks import TrickDeal, TrickRules
from ..errors import RulesError

__all__ = ["FiveCardLoo", "IrishLoo", "Lanterloo", "LooDeal", "ThreeCardLoo"]

POOL = "pool"
PAM = PACK_52.parse("JC")
PAM_BIT = 1 << PAM
CLUBS = 3
ACE, KING = 14, 13
_RULES: dict[tuple[int, bool, bool], TrickRules] = {}


def trick_rules(trump: int, pam: bool, undertrump: bool) -> TrickRules:
    """Loo's trick rules for one trump suit: follow and head, trump and overtrump (cached)."""
    key = (trump, pam, undertrump)
    r = _RULES.get(key)
    if r is None:
        suit_of, power = list(PACK_52.suit), list(PACK_52.rank)
        if pam:  # "It ranks as a trump and takes precedence even over the Ace" (L5-GAP-4)
            suit_of[PAM], power[PAM] = trump, 15
        r = TrickRules(PACK_52, trump, suit_of=suit_of, power=power, head=True, trump_when_void=True,
                       overtrump=True, undertrump_required=undertrump)
        _RULES[key] = r
    return r


def _amount(x: Any) -> Amount:
    if isinstance(x, str):
        f = Fraction(x)
        return f.numerator if f.denominator == 1 else f
    return x if isinstance(x, int | Fraction) else 0


def _plain(x: Amount) -> int | str:
    if isinstance(x, Fraction):
        return x.numerator if x.denominator == 1 else str(x)
    return x


def _share(total: Amount, parts: int) -> Amount:
    q = Fraction(total) / parts
    return q.numerator if q.denominator == 1 else q


class LooDeal(TrickDeal):
    """A deal of Loo: entering (pass / play / take the miss), exchanges, flushes, then the tricks."""

    game: Loo

    def _start(self, order: list[int]) -> None:
        g, o, n = self.game, self.game.options, self.players
        dealt = g.plan().deal(order, n, self.dealer)
        self.hands, self.stock = dealt.hands, dealt.stock
        self.dealt: list[int] = list(self.hands)
        self.miss: int = dealt.extras.get("miss", 0)
        assert dealt.turn_up is not None
        self.turn_up: int = dealt.turn_up
        self.trump: int = self.pack.suit[self.turn_up]
        pool_in = _amount(self.carry_in.get("pools", {}).get(POOL, 0))
        due = o.dealer_antes == "always" or self.carry_in.get("ante_due", True) or not pool_in
        self.pool_in: Amount = pool_in
        self.ante: int = o.ante if due else 0
        self.pool: Amount = pool_in + self.ante
        self.order: list[int] = [self.next_seat(self.dealer, i + 1) for i in range(n)]
        self.pos = 0
        self.entered = 0
        self.passed = 0
        self.miss_taker = -1
        self.dead = 0                       # the miss-taker's own hand, face down
        self.discards: list[int] = [0] * n  # cards each seat exchanged away
        self.exchanged: list[int] = [0] * n
        self.exposed = 0
        self.for_pool = False
        self.civil = False
        self.x_round = False
        self.xq: list[int] = []
        self.outcome = ""
        self.flush_winners: list[int] = []
        self.voids = [0] * n
        self.tricks_won = [0] * n
        self.looed = False
        self.flush_holders = 0
        self.flush_cards: list[int] = [0] * n
        self.lead_rule: str = g.rule("lead_rule")
        self.pam_civil: str = g.rule("pam_civil")
        self.flush_order: str = g.rule("flush_order")
        self.flush_tie: str = g.rule("flush_tie")
        self.flush_loos_passers: bool = g.rule("flush_loos_passers")
        self.club_law = bool(o.club_law) and self.trump == CLUBS
        r = trick_rules(self.trump, g.pam, o.undertrump_required)
        self.rules = r
        self.shown_at_deal = False
        self.to_show: list[int] = []
        if g.flushes and g.rule("flush_shown") == "at_once" and self._find_flushes():
            # Hervey: a player dealt a flush "must expose his hand at once. He wins the pool" (L5-GAP-5):
            # each holder shows it ('show', his only action), and the deal ends before anyone decides.
            self.shown_at_deal = True
            self.to_show = [s for s in self.order if self.flush_holders >> s & 1]
            self.exposed = 0  # each flush is seen as its holder shows it
            self.phase, self.turn = "show", self.to_show[0]
            return
        if self.club_law:
            # Club Law: "if Clubs are trumps everyone must enter the game"; the miss is withdrawn.
            self.entered = (1 << n) - 1
            if g.exchanges:
                self._exchange_round()
            else:
                self._close()
            return
        self.phase, self.turn = "enter", self.order[0]

    # ------------------------------------------------------------------ legal
    def _legal(self) -> list[str]:
        seat = self.turn
        assert seat is not None
        if self.phase == "enter":
            return self._enter_options(seat)
        if self.phase == "show":
            return ["show"]
        if self.phase == "exchange":
            cards = self.card_codes(self.hands[seat])
            out = ["keep"]
            for k in range(1, min(len(cards), len(self.stock)) + 1):
                out += ["exchange " + " ".join(c) for c in itertools.combinations(cards, k)]
            return out
        out = self.legal_cards()
        if self._may_call_civil(seat):
            ace = self.pack.code(self._trump_card(ACE))
            if ace in out:
                out.append(f"{ace} civil")
        return out

    def _forced_defence(self, seat: int) -> bool:
        """The dealer facing a single player who stands on his own cards may not pass (L3-GAP-1)."""
        return (self.game.dealer_protect and seat == self.dealer and self.entered.bit_count() == 1
                and self.miss_taker < 0)

    def _enter_options(self, seat: int) -> list[str]:
        miss = bool(self.miss) and self.miss_taker < 0
        if self._forced_defence(seat):
            out = ["play"]
            if self.game.rule("defend_pool_hand") == "own_or_miss" or not self.game.miss:
                out.append("play pool")
            if miss:
                out += ["take", "take pool"]
            return out
        return ["pass", "play", "take"] if miss else ["pass", "play"]

    def _may_call_civil(self, seat: int) -> bool:
        """'Pam be civil' may be announced when leading the trump Ace while Pam may be out against you."""
        return (self.game.pam and not self.trick and not (self.hands[seat] | self.played) & PAM_BIT
                and self.turn_up != PAM)

    def _trump_card(self, rank: int) -> int:
        return self.pack.parse("AKQJT98765432"[14 - rank] + "SHDC"[self.trump])

    def _explain(self, seat: int, action: str) -> str:
        word = action.split()[0] if action else ""
        if self.phase == "show":
            return "you were dealt a flush, which you must show at once ('show'): it looes the board"
        if self.phase == "enter":
            if action == "pass" and self._forced_defence(seat):
                return ("the dealer must play against a single player who stands on his own cards, "
                        "or play for the pool")
            if word == "take":
                return "only the first player to take it may exchange his hand for miss" if self.game.miss \
                    else "this game has no miss"
            if action == "play pool":
                return "only the dealer facing a single player may play for the pool"
            if word == "exchange":
                return "enter the game first ('play'); then you may exchange"
            return "first say whether you enter: " + ", ".join(self._enter_options(seat))
        if self.phase == "exchange":
            return (f"exchange cards from your hand, at most {len(self.stock)} (the cards left in the stock), "
                    "or 'keep'")
        if action.endswith(" civil"):
            return "'Pam be civil' is announced only by the leader of the Ace of trumps while Pam is still out"
        return self.explain_play(seat, action)

    def lead_rule_text(self) -> str:
        if self.lead_rule == "winner_leads_trump":
            return "the winner of a trick must lead a trump to the next if he can"
        return ("the leader must lead the Ace of trumps (the King if the Ace is turned up), and a trump when "
                "holding two or more (the highest when only two are in the game)")

    def explain_play(self, seat: int, action: str) -> str:
        c = self.pack.parse_in(action, self.hands[seat]) if len(action) == 2 else None
        if c == PAM and self.civil:
            return "Pam be civil: the holder of Pam may not play it to this trick"
        return super().explain_play(seat, action)

    # ------------------------------------------------------------------ apply
    def _apply(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if self.phase == "show":
            self.exposed |= self.flush_cards[seat]  # "must expose his hand at once"
            self.to_show.pop(0)
            if self.to_show:
                self.turn = self.to_show[0]
            else:
                self._end("flush")
            return
        if self.phase == "enter":
            self._enter(seat, word, args)
        elif self.phase == "exchange":
            if word == "exchange":
                out = self.cards_in(args, self.hands[seat])
                self.hands[seat] &= ~out
                self.discards[seat] |= out
                self.exchanged[seat] = len(args)
                for _ in args:
                    self.hands[seat] |= 1 << self.stock.pop()
            self._after_exchange()
        else:
            if args == ["civil"]:
                self.civil = True
            self.play_card(seat, word)

    def _enter(self, seat: int, word: str, args: list[str]) -> None:
        if word == "pass":
            self.passed |= 1 << seat
            self._next_enter()
            return
        self.entered |= 1 << seat
        if args == ["pool"]:
            self.for_pool = True
        if word == "take":
            # "exchanging his cards for miss and playing with those"
            self.dead, self.hands[seat], self.miss = self.hands[seat], self.miss, 0
            self.miss_taker = seat
        if self.game.exchanges and not self.game.exchange_after_bidding and self.stock:
            self.phase, self.turn = "exchange", seat
        else:
            self._next_enter()

    def _next_enter(self) -> None:
        self.pos += 1
        if self.pos >= self.players:
            if self.game.exchange_after_bidding:
                self._exchange_round()
            else:
                self._close()
            return
        seat = self.order[self.pos]
        if self.game.dealer_protect and seat == self.dealer and not self.entered:
            self._close()  # all before the dealer passed: he takes the pool without play (L3-GAP-1)
            return
        self.phase, self.turn = "enter", seat

    def _exchange_round(self) -> None:
        self.x_round = True
        self.xq = [s for s in self.order if self.entered >> s & 1]
        self._after_exchange(first=True)

    def _after_exchange(self, first: bool = False) -> None:
        if not self.x_round:
            self._next_enter()
            return
        if not first:
            self.xq.pop(0)
        if self.xq and self.stock:
            self.phase, self.turn = "exchange", self.xq[0]
        else:
            self._close()

    def _close(self) -> None:
        """The entering is over: flushes, then an uncontested pool, or the play."""
        if self.game.flushes and self._find_flushes():
            self._end("flush")
            return
        active = [s for s in self.order if self.entered >> s & 1]
        if not active:
            self._end("dealer_takes" if self.game.dealer_protect else "all_pass")
        elif len(active) == 1:
            self._end("lone")
        else:
            self.start_play(self.rules, active[0])
            self.in_play = active

    def _end(self, outcome: str) -> None:
        self.outcome = outcome
        self.phase, self.turn = "done", None

    # ---------------------------------------------------------------- flushes
    def flush_key(self, hand: int) -> tuple[int, tuple[int, ...]] | None:
        """The rank of a flush held in ``hand`` (higher is better), or ``None``."""
        g = self.game
        if hand.bit_count() != g.hand_size:
            return None
        pam = hand & PAM_BIT if g.pam else 0
        rest = hand & ~pam
        suits = {self.pack.suit[c] for c in bits(rest)}
        if len(suits) != 1:
            return None
        suit = suits.pop()
        r = self.rules
        ranks = tuple(sorted((r.power[c] for c in bits(hand)), reverse=True))
        if pam and self.flush_order == "pam_first":
            cls = 2
        else:
            cls = 1 if suit == self.trump else 0
        return cls, ranks

    def _find_flushes(self) -> bool:
        keys: dict[int, tuple[int, tuple[int, ...]]] = {}
        for s in self.order:
            best = None
            for h in (self.hands[s], self.dealt[s]):
                k = self.flush_key(h)
                if k is not None and (best is None or k > best[0]):
                    best = (k, h)
            if best is not None:
                keys[s] = best[0]
                self.flush_cards[s] = best[1]
                self.exposed |= best[1]  # "must expose his hand"
        if not keys:
            return False
        top = max(keys.values())
        winners = [s for s in self.order if keys.get(s) == top]
        if len(winners) > 1 and self.flush_tie == "elder_hand":
            winners = winners[:1]
        self.flush_winners = winners
        self.flush_holders = sum(1 << s for s in keys)
        return True

    # ------------------------------------------------------------------ play
    def lead_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        r = self.rules
        trumps = hand & r.trump_mask
        if self.lead_rule == "winner_leads_trump":
            # Parlett: "Eldest leads. ... The winner of each trick leads to the next, and must lead a trump
            # if possible": the opening lead is free (L5-GAP-6).
            return (trumps or hand) if self.played else hand
        top = self._trump_card(KING if self.pack.rank[self.turn_up] == ACE and
                               self.pack.suit[self.turn_up] == self.trump else ACE)
        if hand >> top & 1:
            return 1 << top  # rule 3: lead the Ace of trumps (the King if the Ace is turned up)
        if trumps.bit_count() >= 2:  # rule 4
            if len(self.in_play) == 2:
                return 1 << max(bits(trumps), key=r.power.__getitem__)
            return trumps
        return hand

    def play_mask(self, seat: int) -> int:
        if not self.trick:
            return self.lead_mask(seat)
        hand = self.hands[seat]
        if self.civil and hand & PAM_BIT and hand != PAM_BIT and (
                self.pam_civil == "absolute" or hand & self.rules.trump_mask & ~PAM_BIT):
            return self.rules.plays(hand & ~PAM_BIT, self.trick)  # Pam be civil (L5-GAP-3)
        return self.rules.plays(hand, self.trick)

    def play_card(self, seat: int, code: str) -> None:
        c = self.pack.cards_with(code)[0]
        hand, trick, civil, before = self.hands[seat], list(self.trick), self.civil, self.voids[seat]
        super().play_card(seat, code)
        self.voids[seat] = before | self._shown(hand, trick, c, civil)

    def _shown(self, hand: int, trick: list[int], card: int, civil: bool) -> int:
        """Cards a play shows the player lacks: a void, a card able to head or overtrump."""
        if not trick:
            return 0
        r = self.rules
        led, cs = r.suit_of[trick[0]], r.suit_of[card]
        best = trick[r.winner(trick)]
        bs = r.suit_of[best]
        if cs == led:
            shown = r._stronger(r.suit_mask[led], best) if bs == led and r.power[card] < r.power[best] else 0
        else:
            shown = r.suit_mask[led]
            if led != self.trump:
                if cs == self.trump:
                    if bs == self.trump and r.power[card] < r.power[best]:
                        shown |= r._stronger(r.trump_mask, best)
                elif r.undertrump_required or bs != self.trump:
                    shown |= r.trump_mask
                else:
                    shown |= r._stronger(r.trump_mask, best)
        if civil:
            shown &= ~PAM_BIT  # a barred Pam may lie behind any play to a civil trick
        return shown

    def trick_done(self, winner: int) -> None:
        self.civil = False
        if not any(self.hands[s] for s in self.in_play):
            self._end("play")

    def wants_tricks(self, seat: int) -> bool:
        return True

    # ------------------------------------------------------------ settlement
    def penalty(self) -> Amount:
        """What a looed player pays into the pool (L3-GAP-2)."""
        o = self.game.options
        limit = o.penalty_limit or 2 * o.ante
        if o.penalty == "fixed":
            return limit
        if o.penalty == "cap":
            return min(self.pool, limit)
        return self.pool

    def _settle(self) -> Settlement:
        led = Ledger(self.players, {POOL: self.pool_in})
        d, p = self.dealer, self.pool
        if self.ante:
            led.to_pool(d, POOL, self.ante, f"seat {d} (dealer) puts {self.ante} into the pool")
        looed: list[int] = []
        paid: list[int] = []  # looed by a flush and paid to its holder (flush_paid_to="holder")
        if self.outcome == "dealer_takes":
            led.from_pool(d, POOL, p, f"everyone before the dealer passed: seat {d} takes the pool of {_plain(p)}")
        elif self.outcome == "all_pass":
            led.note(f"everyone passed: the pool of {_plain(p)} is carried to the next deal")
        elif self.outcome == "lone":
            s = next(s for s in self.order if self.entered >> s & 1)
            led.from_pool(s, POOL, p, f"seat {s} alone stands and takes the pool of {_plain(p)}")
        elif self.outcome == "flush":
            ws = self.flush_winners
            for s in ws:
                flush = " ".join(self.card_codes(self.flush_cards[s]))
                led.from_pool(s, POOL, _share(p, len(ws)),
                              f"seat {s} looes the board with a flush ({flush}) and takes {_plain(_share(p, len(ws)))}")
            exempt = self.flush_holders | sum(1 << s for s in range(self.players) if self.hands[s] & PAM_BIT)
            if self.for_pool:
                exempt |= 1 << d
            if not self.flush_loos_passers and not self.shown_at_deal:
                exempt |= ~self.entered
            looed = [s for s in self.order if not exempt >> s & 1]
            if self.game.rule("flush_paid_to") == "holder":
                # Parlett: "is appropriately paid by anyone who does not himself hold either Pam or a
                # flush"; Peel: "receives from each of the players ... the amount of a loo".
                fine, paid = self.penalty(), looed
                for s in paid:
                    for w in ws:
                        part = _share(fine, len(ws))
                        led.pay(s, w, part, f"seat {s} is looed by the flush and pays seat {w} {_plain(part)}")
                looed = []
        else:
            unit = _share(p, self.game.hand_size)
            for s in self.order:
                k = self.tricks_won[s]
                if not self.entered >> s & 1:
                    continue
                if s == d and self.for_pool:
                    led.note(f"seat {d} played for the pool: his {k} trick(s) leave their share in the pool")
                elif k:
                    led.from_pool(s, POOL, unit * k, f"seat {s} wins {k} trick(s): {_plain(unit * k)} from the pool")
                else:
                    looed.append(s)
        fine = self.penalty()
        for s in looed:
            led.to_pool(s, POOL, fine, f"seat {s} is looed and pays {_plain(fine)} into the pool")
        self.looed = bool(looed)
        if not looed and self.game.options.dealer_antes == "only_if_no_loo":
            led.note("the loos went to the flush: the next dealer replenishes the pool" if paid else
                     "no one was looed: the next dealer replenishes the pool")
        return led.settlement()

    def _carry(self) -> dict[str, Any] | None:
        pool = self.result().pools.get(POOL, 0)
        return {"pools": {POOL: _plain(pool)}, "ante_due": not self.looed}

    # ------------------------------------------------------------------ views
    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "trump": "SHDC"[self.trump], "turn_up": self.pack.code(self.turn_up),
            "pools": {POOL: _plain(self.pool)}, "stock_size": len(self.stock),
            "entered": [s for s in self.order if self.entered >> s & 1],
            "passed": [s for s in self.order if self.passed >> s & 1],
            "tricks_won": list(self.tricks_won), "club_law": self.club_law,
        }
        if self.game.miss:
            v["miss_size"] = self.miss.bit_count()
            v["miss_taker"] = self.miss_taker if self.miss_taker >= 0 else None
        if self.for_pool:
            v["playing_for_pool"] = self.dealer
        if self.exposed:
            v["exposed"] = {s: self.card_codes(self.exposed & (self.hands[s] | self.discards[s]))
                            for s in range(self.players) if self.exposed & (self.hands[s] | self.discards[s])}
        if self.phase in ("play", "done") and self.play_started:
            v.update(self.trick_view())
            v["civil"] = self.civil
        if seat is not None and self.discards[seat]:
            v["my_discards"] = self.card_codes(self.discards[seat])
        if seat is not None and seat == self.miss_taker:
            v["my_discards"] = self.card_codes(self.dead | self.discards[seat])
        v["status"] = self._status()
        return v

    def _status(self) -> str:
        if self.turn is None:
            return {"dealer_takes": "everyone passed to the dealer, who takes the pool",
                    "all_pass": "everyone passed", "lone": "one player alone stood and takes the pool",
                    "flush": "a flush looes the board", "play": "the tricks are played"}.get(self.outcome, "over")
        if self.phase == "enter":
            return f"seat {self.turn} to pass or play"
        if self.phase == "show":
            return f"seat {self.turn} was dealt a flush and shows it: it looes the board"
        if self.phase == "exchange":
            return f"seat {self.turn} may exchange cards from the stock"
        return f"seat {self.turn} to play to the trick"

    def _redact(self, seat: int, action: str, viewer: int | None) -> str:
        if viewer != seat and action.startswith("exchange") and not action[9:].isdigit():
            return f"exchange {len(action.split()) - 1}"
        return action

    def _hidden_zones(self, viewer: int) -> list[Zone]:
        zones = super()._hidden_zones(viewer)
        for z in zones:
            if isinstance(z.key, tuple):
                z.fixed = z.cards & self.exposed
        if self.miss:
            zones.append(Zone("miss", self.miss))
        if self.dead and viewer != self.miss_taker:
            zones.append(Zone("dead", self.dead))
        for s, m in enumerate(self.discards):
            if m and s != viewer:
                zones.append(Zone(("disc", s), m, fixed=m & self.exposed))
        return zones

    def _set_zone(self, key: Any, mask: int, rng: random.Random) -> None:
        if key == "miss":
            self.miss = mask
        elif key == "dead":
            self.dead = mask
        elif isinstance(key, tuple) and key[0] == "disc":
            self.discards[key[1]] = mask
        else:
            super()._set_zone(key, mask, rng)

    def _zones(self) -> dict[str, int]:
        z = super()._zones()
        z.update({"miss": self.miss, "dead": self.dead, "turn-up": 1 << self.turn_up})
        for s, m in enumerate(self.discards):
            z[f"discards {s}"] = m
        return z


_ANTE_SRC = "seed 000 Loo: 'an agreed number of units ... divisible by three'; Peel: 'three ... for the deal'"


def _common(ante: int, penalty: str = "pool_at_start", dealer_antes: str = "only_if_no_loo",
            club_law: bool = False) -> tuple[Option, ...]:
    return (
        Option("ante", int, ante, range(1, 1001), doc="what the dealer puts into the pool (a multiple of the tricks)",
               source=_ANTE_SRC),
        Option("penalty", str, penalty, ("pool_at_start", "fixed", "cap"),
               doc="a looed player pays the pool as it stood at the start of the deal (unlimited loo), "
                   "a fixed sum, or the pool capped at a limit",
               source="seed 000: 'as many units as there were in it at the beginning of the deal'; L3-GAP-2"),
        Option("penalty_limit", int, 0, range(0, 10001),
               doc="the fixed loo or the cap; 0 means twice the ante (Peel: 3 for the deal and 6 for a loo)",
               source="L3-GAP-2; IL-GAP-2"),
        Option("dealer_antes", str, dealer_antes, ("only_if_no_loo", "always"),
               doc="the dealer antes only after a deal in which no one was looed, or every deal",
               source="seed 000: 'If no player is looed, the next dealer replenishes the pool'; L3-GAP-3"),
        Option("undertrump_required", bool, True,
               doc="a void player unable to overtrump must still play a trump",
               source="seed 002: 'may renounce only if unable to do either'; L3-GAP-4"),
        Option("club_law", bool, club_law, doc="when clubs are trumps no one may pass (and there is no miss)",
               source="seed 000 Irish Loo: 'Club Law'; seed 002 'Variant: No one may pass if clubs are trump'"),
    )


def _five(flush_order: str, pam_civil: str, lead_rule: str) -> tuple[Option, ...]:
    return (
        Option("flush_order", str, flush_order, ("trump_then_plain", "pam_first"),
               doc="flush ranking: Hervey's (4 + Pam is a flush of its suit; trump beats plain) "
                   "or Parlett's (4 + Pam first, then trumps, then plain)",
               source="L5-GAP-2"),
        Option("pam_civil", str, pam_civil, ("absolute", "unless_only_trump"),
               doc="'Pam be civil': Pam may not be played to the trick at all, or not if the holder has another trump",
               source="seed 000: 'debarred from playing it'; seed 002: 'if he has any other trump'; L5-GAP-3"),
        Option("lead_rule", str, lead_rule, ("three_card_rules", "winner_leads_trump"),
               doc="lead obligations: the trump Ace and two-trump rules at every lead, or the winner of each "
                   "trick leads a trump to the next if he can (the opening lead free)",
               source="seed 000 rules 3-4; seed 002 'must lead a trump if possible'; L5-GAP-6"),
    )


_FLUSH = (
    Option("flush_tie", str, "divide", ("divide", "elder_hand"),
           doc="exactly equal best flushes divide the pool, or the elder hand wins",
           source="seed 000: 'exactly equal the pool is divided'; L5-GAP-1"),
    Option("flush_loos_passers", bool, True, doc="a flush looes those who passed as well",
           source="Peel: 'whether they stood or not'; L5-GAP-5"),
)


def _flush(paid_to: str = "pool", shown: str = "at_once") -> tuple[Option, ...]:
    return (
        Option("flush_shown", str, shown, ("at_once", "after_exchange"),
               doc="a flush dealt is shown at once, ending the deal before anyone decides or exchanges; or "
                   "flushes are compared after the exchanges (a flush held at the deal still counts)",
               source="seed 000: 'must expose his hand at once'; seed 002: 'whether before or after "
                      "exchanging cards'; L5-GAP-5"),
        *_FLUSH,
        Option("flush_paid_to", str, paid_to, ("pool", "holder"),
               doc="those looed by a flush pay their loo into the pool (for the next deal), or to the flush holder",
               source="seed 000: 'are looed'; Hoyle: 'divided among the winners at the ensuing deal'; "
                      "seed 002: 'appropriately paid by anyone who does not ... hold either Pam or a flush'; "
                      "Peel: 'receives from each of the players ... the amount of a loo'"),
    )


class Loo(Game):
    """Three-Card Loo: three cards and a miss; pass, play or take the miss; a third of the pool a trick.

    See the module text for the rules as implemented and their sources.
    """

    id = "three-card-loo"
    name = "Three-Card Loo"
    family = "loo"
    aliases = ("loo", "three-card-lu")
    min_players, max_players, default_players = 3, 10, 6
    source = "seed 000_021e177d957c1434.txt, 'Loo' (Hervey), THREE-CARD LOO; docs/decisions.md"
    deal_class = LooDeal
    hand_size = 3
    miss = True
    pam = False
    exchanges = False
    exchange_after_bidding = False
    flushes = False
    dealer_protect = True
    option_specs = (
        *_common(3),
        Option("defend_pool_hand", str, "own_or_miss", ("own_or_miss", "miss_only"),
               doc="the dealer playing for the pool uses his own hand or the miss, or only the miss (Hoyle)",
               source="L3-GAP-1"),
    )
    defaults = {"lead_rule": "three_card_rules", "pam_civil": "absolute", "flush_order": "trump_then_plain",
                "flush_tie": "divide", "flush_loos_passers": True, "flush_paid_to": "pool", "flush_shown": "at_once",
                "defend_pool_hand": "own_or_miss", "deal": "singly", "flush3": False}

    def rule(self, name: str) -> Any:
        """An option's value, or the game's fixed rule where it has no such option."""
        return self.options.values.get(name, self.defaults[name])

    def _validate(self) -> None:
        o = self.options
        if o.ante % self.hand_size:
            raise RulesError(f"{self.id}: the ante must be divisible by {self.hand_size} "
                             f"(a share for each trick), not {o.ante}")
        need = (self.players + (1 if self.miss else 0)) * self.hand_size + 1
        if need > 52:
            raise RulesError(f"{self.id}: {self.players} players need more than 52 cards")

    def plan(self) -> DealPlan:
        """One card at a time (the miss after the dealer's own card, Peel), then the turn-up."""
        rounds = {"singly": (1,) * self.hand_size, "3+2": (3, 2), "2+3": (2, 3)}[self.rule("deal")]
        extra = (("miss", self.players),) if self.miss else ()
        return DealPlan(rounds=rounds, extra_hands=extra, turn_up=True)


ThreeCardLoo = Loo


class FiveCardLoo(Loo):
    """Five-Card Loo (Hervey): five cards, no miss, exchanges that commit, Pam (JC), flushes.

    Seed 000: "FIVE-CARD LOO is a variation of the parent game that differs from it in the
    following five particulars" — five cards and a fifth of the pool per trick; no miss;
    exchanges from the stock; Pam above the Ace of trumps and "Pam be civil"; flushes.
    """

    id = "five-card-loo"
    name = "Five-Card Loo"
    aliases = ("pam-loo",)
    source = "seed 000_021e177d957c1434.txt, 'Loo', FIVE-CARD LOO; docs/decisions.md"
    hand_size = 5
    miss = False
    pam = True
    exchanges = True
    flushes = True
    option_specs = (
        *_common(5),
        *_five("trump_then_plain", "absolute", "three_card_rules"),
        *_flush(),
        Option("deal", str, "singly", ("singly", "3+2", "2+3"), doc="how the five cards are dealt",
               source="Peel: 'either first three, and then two, or one at a time, the latter ... by far the best'"),
    )


class IrishLoo(Loo):
    """Irish Loo: three cards, no Pam and no miss, exchanges from the stock, Club Law, limited loo.

    Seed 000: "Every player is dealt three cards, there is no Pam and no miss, but a player is
    allowed to exchange cards by drawing from the stock ... if Clubs are trumps everyone must
    enter the game ... Club Law ... makes it imperative that the penalty for being looed must be
    limited to a reasonable amount" (cap: twice the ante, IL-GAP-2, ENGINE DEFAULT).
    """

    id = "irish-loo"
    name = "Irish Loo"
    aliases = ()
    source = "seed 000_021e177d957c1434.txt, 'Loo', IRISH LOO; docs/decisions.md"
    miss = False
    exchanges = True
    option_specs = (
        *_common(3, penalty="cap", club_law=True),
        Option("flush3", bool, False, doc="three of a suit looes the board (a trump flush beats a plain one)",
               source="Peel: 'virtually the same as the five-card variety'; IL-GAP-1"),
        *_flush(shown="after_exchange"),
    )

    @property
    def flushes(self) -> bool:  # type: ignore[override]
        return bool(self.options.flush3)


class Lanterloo(Loo):
    """Lanterloo (Parlett's Five-card Loo): 3-10 players, the dealer antes five each deal, Pam and flushes.

    Seed 002: "From three to ten receive five cards each (3+2 or 2+3) from a 52-card pack
    ... Dealer antes five chips to the pot before dealing"; pass or play, then exchanges;
    "the winner of each trick leads to the next, and must lead a trump if possible".
    """

    id = "lanterloo"
    name = "Lanterloo (Five-card Loo)"
    aliases = ("parlett-five-card-loo",)
    source = "seed 002_306a4d5946fe0cd1.txt, 'Five-card Loo (Lanterloo)' (Parlett); docs/decisions.md"
    hand_size = 5
    miss = False
    pam = True
    exchanges = True
    exchange_after_bidding = True
    flushes = True
    dealer_protect = False
    option_specs = (
        *_common(5, dealer_antes="always"),
        *_five("pam_first", "unless_only_trump", "winner_leads_trump"),
        *_flush("holder", "after_exchange"),
        Option("deal", str, "3+2", ("3+2", "2+3"), doc="how the five cards are dealt",
               source="seed 002: 'five cards each (3+2 or 2+3)'"),
    )


GAMES = (ThreeCardLoo, FiveCardLoo, IrishLoo, Lanterloo)
