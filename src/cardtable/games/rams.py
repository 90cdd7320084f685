"""Rams, Rounce, Bierspiel, Mauscheln (Mousel), Julepe and Norrlandsknack.

Source: seed ``002_306a4d5946fe0cd1.txt`` (David Parlett, *Penguin Book of Card Games*), with the gaps
resolved in ``shared/rules/RESOLUTIONS.md`` §2.2 (shared trick obligations), §2.10 (Julepe, JU-GAP-*),
§2.11 (Rams, RA-GAP-*), §2.12 (Mauscheln, MA-GAP-*) and §2.13 (Norrlandsknack, NK-GAP-*).

The family: "enter or pass, then win tricks for a share of the pool". Five cards each (four in
Mauscheln), the next card turned for trumps; each player in turn passes (drops out) or plays.

Trick play (Rams, Rounce, Bierspiel, Mauscheln, Julepe): "Players must follow suit and head the trick if
possible; must trump and overtrump if unable to follow; and may renounce only if unable to do either.
The trick is taken by the highest card of the suit led, or by the highest trump if any are played, and
the winner of each trick leads to the next." A void player who cannot overtrump must still trump
(L3-GAP-4; option ``undertrump_required``); a plain-suit trick already trumped is followed with any card
of the suit (L3-GAP-5). These obligations are the core's ``TrickRules(head, trump_when_void, overtrump)``.

Rams (3–5 players, 32 cards AKQJT987)
-------------------------------------
"Ante five to the pool, deal five each (3+2) plus a spare hand of five, and turn the next for trump" —
the dealer antes the five each deal (gambiter.com/denexa.com Rams: "the dealer puts five counters in the
pool"). "Each in turn may pass or undertake to win at least one trick; but when the pool contains only
five units nobody may pass." Words: ``pass``, ``play``, ``take`` (the spare hand), ``rams``.
"One player only may exchange his hand for the spare, sight unseen, but must then play" (RA-GAP-3: first
come, first served; after ``take`` he says ``play`` or ``rams``). "Rams is a bid to win all five tricks,
and obliges everyone else to play" (earlier passers come back in). "If everybody passes, dealer receives
five chips from the player on his right and there is no play. If only one player before him offers to
play, dealer himself may not pass. Dealer may take the trump turn-up in exchange for any unwanted card"
(after the bidding, if he plays: ``rob <card>`` or ``pass``). If the dealer alone plays he takes the
whole pool without play (as Loo's dealer takes the pool, L3-GAP-1; inference).
"The first active player left of dealer leads" (RA-GAP-3: also under a Rams bid).
"Each won trick earns one-fifth of the pool. A player who takes none adds five for the next deal. A
successful rams bid wins the pool plus five from each opponent. If lost, the bidder doubles the pool and
pays five to each (nothing extra for the player who took the trick that ended the play)" — play stops at
the first trick the bidder loses.

Rounce: "using 52 cards" (RA-GAP-2: same rules, A–2, up to 9 players). Bierspiel: "7 is always the
second-highest trump" (RA-GAP-1: the trump seven, just below the trump Ace; option
``bierspiel_seven="fixed_7D"``: the 7D is always a trump in that place).

Mauscheln / Mousel (3–5 players, 32 cards)
------------------------------------------
"The dealer stakes an amount divisible by four [option ``stake``], then deals four cards each, in twos,
and turns the next for trump. Each in turn may pass or declare 'Diddle', thereby undertaking to win two
tricks. As soon as someone offers to diddle, each in turn may pass, in which case they drop out, or 'Join
in', which is an undertaking to win at least one" (every other player in turn from the diddler's left,
earlier passers included). "If no one offers to diddle, the deal passes round" (MA-GAP-3: the pot is
carried, the next dealer adds his stake). "If someone diddles but no one joins in, the diddler wins the
pot without play. Otherwise, each active player may now make any number of discards and receive the same
number from the top of the stock. If it runs out, make a new stock from the cards of those who passed, or
from discards if necessary" (``exchange <cards>`` or ``stand``, once each, MA-GAP-4). "The diddler leads
any card to the first trick ... Each won trick earns one-quarter of the pot. An active player who took
none, or the diddler if he took only one, pays the value of the pot. If the diddler took none, he pays
double" — into the pot for the next deal (MA-GAP-4). Variants (options): ``blind_diddle`` — "If the
turn-up is an Ace or other high card [A or K: ENGINE DEFAULT], the dealer may diddle before looking at his
cards ... when his turn comes to exchange, he may look at his cards, discard, and include the turn-up in
his replacements" (first word ``diddle`` or ``pass`` to the dealer); ``belli`` — "The 7, called Belli,
is the second-highest trump, and its holder pays a premium if he loses it to the trump Ace" (MA-GAP-1:
``7D`` always a trump, or ``trump_seven``); ``flush_redeal`` — "A player dealt a flush (four of the same
suit) must pay a premium, throw his hand in, and be dealt a new one". Premiums (MA-GAP-2, ENGINE
DEFAULT): a quarter of the pot (``premium="stake"``: the dealer's stake), the flush premium to the pot,
the Belli premium to the Ace's player. ``cards=52``: "32 or 52c".

Julepe (4–7 players, 40-card Spanish pack, counter-clockwise)
-------------------------------------------------------------
Head of the rules (§2.10): the dealer antes (``ante``); five each; next card turned for trump; cards rank
A 3 K Q J 7 6 5 4 2 (JU-GAP-1); deal, bidding and play go to the right (JU-GAP-2). Each in turn passes or
plays — playing undertakes two tricks. Those who play discard and draw any number from the stock in turn,
the dealer last, who may take the turn-up as one of his replacements (``take <cards>``; inference of §2.10).
"If not enough cards remain, shuffle the cards of those who have passed to form a new stock."
"Defending the pack: If only one player bids, any one player who passed can offer to 'defend the pack' by
drawing six cards from stock and discarding one" (his old hand is thrown in; ``defend`` then
``discard <card>``). If nobody plays the pot is carried; if one plays and nobody defends he takes the pot
without play (JU-GAP-4, ENGINE DEFAULT). "The first active player to the right of the dealer leads".
"Pay-off: An active player who failed to win two tricks pays an agreed stake, the julep [``julep``]. If
only one player succeeds, he wins the pot plus a julep from each active player. If two players win two
each, they split the pot and the juleps. If all fail, they all pay a julep to the pot, which is then
carried forward. If the pack was defended and lost, the lone player wins the pot but the defender does
not pay a julep. If both succeed, the lone player wins half the pot, and the other half is carried
forward. If the defender wins, he gets the pot plus a julep from the lone player."

Norrlandsknack (3–5 players, 52 cards; unit: points)
---------------------------------------------------
"Each player stakes one chip to the pot at start of play, but not at each deal. Each also starts with a
10-point score and deducts one for each trick won. The winner is the first to reach zero." "Deal a batch
of three to each player, turn the next for trump, then two more each" (NK-GAP-3). "In the first deal,
each in turn either knocks, thereby undertaking to win at least one trick, or says, 'I lurk'" — everyone
plays; "as soon as someone knocks there follows a draw. Each in turn, starting with eldest, may make any
number of discards and then draw the same number of replacements from stock. Dealer must take the trump
turn-up before discarding, and correspondingly draws one card fewer" (``exchange <cards>``/``stand``).
"On subsequent deals, a player can only pass, not lurk ... When someone knocks, the other players –
including any who have passed – must decide whether they will join in or drop out" (``join``/``drop``;
no draw). A knocker whom nobody joins takes the five tricks without play (ENGINE DEFAULT). "If all pass,
the same dealer redeals. After three pass-outs, the deal passes on." Option ``auction_after_three``: "It
is also usual to bid, join in or drop out when three cards have been dealt to each and a trump-card is
turned. The last two cards are then not dealt til the auction is over."
"Eldest leads the trump Ace if he has it, otherwise any card. Players must follow suit if possible,
otherwise may play any card." "When at least one player is down to one point ... Trumps must always be
led, if possible" (enforced). Scoring (NK-GAP-1): −1 per trick; a knocker (later deals: also a joiner)
who wins no trick is loafed: his score becomes max(score + 5, 10) and he adds one chip to the pot; in the
first deal only a knocker can be loafed (NK-GAP-2). "The pot is won by (or divided between) the first
player(s) to reach zero points", which ends the match. Deltas are points gained towards zero (10 − score),
so the match target is 10; running scores, the pot and pass-outs are carried.

>>> import cardtable as ct
>>> d = ct.load("rams", players=3).deal(seed=1)
>>> d.turn, d.legal()
(1, ['play', 'take', 'rams'])
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.cards import PACK_32, PACK_40, PACK_52
from ..core.chips import Amount, Ledger, Settlement
from ..core.dealing import DealPlan
from ..core.game import Game
from ..core.options import Option
from ..core.pools import PoolDeal, num, plain
from ..core.tricks import TrickRules

__all__ = ["Bierspiel", "Julepe", "Mauscheln", "Norrlandsknack", "Rams", "Rounce"]

SEED = "seed 002_306a4d5946fe0cd1.txt (Parlett)"
UNDERTRUMP = Option("undertrump_required", bool, True,
                    doc="a void player unable to overtrump must still play a trump",
                    source="L3-GAP-4: 'must trump and overtrump ... renounce only if unable to do either'")


class PoolGame(Game):
    """Common declaration of the family."""

    family = "rams"
    deal_class: Any


# ====================================================================== Rams
PASS, PLAY, RAMS = 1, 2, 3
STAKE = 5


class RamsDeal(PoolDeal):
    """A deal of Rams: bidding (pass, play, take the spare, rams), the dealer's rob, five tricks."""

    game: Rams

    def _start(self, order: list[int]) -> None:
        n = self.players
        plan = DealPlan(rounds=(3, 2), extra_hands=(("spare", n),), turn_up=True)
        dealt = plan.deal(order, n, self.dealer)
        self._common(dealt.hands, dealt.stock, dealt.turn_up)
        self.spare = dealt.extras["spare"]
        self.pool = self.pool_start + STAKE
        self.said = [0] * n
        self.taker = -1
        self.bidder = -1
        self.queue = self.seats_from(self.dealer)
        self.phase, self.turn = "bid", self.queue[0]

    def _legal(self) -> list[str]:
        seat = self.turn
        assert seat is not None
        if self.phase == "bid":
            if seat == self.taker and not self.said[seat]:
                return ["play"] if self.bidder >= 0 else ["play", "rams"]
            out = ["pass"] if self.may_pass(seat) else []
            out.append("play")
            if self.taker < 0:
                out.append("take")
            if self.bidder < 0:
                out.append("rams")
            return out
        if self.phase == "rob":
            return ["pass"] + [f"rob {c}" for c in self.card_codes(self.hands[seat])]
        return self.legal_cards()

    def may_pass(self, seat: int) -> bool:
        if self.bidder >= 0 or self.pool == STAKE:
            return False  # "when the pool contains only five units nobody may pass"; a Rams bid obliges all
        if seat == self.dealer:
            playing = sum(1 for s in range(self.players) if s != seat and self.said[s] >= PLAY)
            return playing != 1  # "If only one player before him offers to play, dealer himself may not pass"
        return True

    def _explain(self, seat: int, action: str) -> str:
        if self.phase == "bid":
            if action == "pass":
                if self.bidder >= 0:
                    return "a Rams bid obliges everyone else to play"
                if seat == self.taker:
                    return "a player who takes the spare hand must then play"
                if self.pool == STAKE:
                    return "when the pool contains only five units nobody may pass"
                return "if only one player before him offers to play, the dealer may not pass"
            if action == "take":
                return "one player only may exchange his hand for the spare"
            if action == "rams":
                return "someone has already bid Rams"
            return "say pass, play, take (the spare hand) or rams; cards are played after the bidding"
        if self.phase == "rob":
            return "the dealer may take the turn-up in exchange for a card of his hand (rob <card>) or pass"
        return self.explain_play(seat, action)

    def _apply(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if self.phase == "bid":
            if word == "take":
                self.taker = seat
                self.dead |= self.hands[seat]
                self.seen[seat] |= self.hands[seat]
                self.hands[seat], self.spare = self.spare, 0
                return
            self.said[seat] = {"pass": PASS, "play": PLAY, "rams": RAMS}[word]
            if word == "rams":
                self.bidder = seat
                for s in range(self.players):
                    if self.said[s] == PASS:
                        self.said[s] = PLAY
            self.queue.pop(0)
            if self.queue:
                self.turn = self.queue[0]
            else:
                self.end_bidding()
        elif self.phase == "rob":
            if word == "rob":
                c = self.find_card(args[0], self.hands[seat])
                self.hands[seat] = self.hands[seat] & ~(1 << c) | 1 << self.turnup
                self.known_in[seat] |= 1 << self.turnup
                self.discards |= 1 << c
                self.seen[seat] |= 1 << c
                self.turnup = None
            self.begin_play(self.first_active_after(self.dealer))
        else:
            self.play_card(seat, action)

    def end_bidding(self) -> None:
        self.active = [s for s in range(self.players) if self.said[s] >= PLAY]
        self.throw_in_passers()
        if len(self.active) <= 1:
            self.finish()  # all passed, or the dealer alone plays and takes the pool without play
        elif self.dealer in self.active and self.turnup is not None:
            self.phase, self.turn = "rob", self.dealer
        else:
            self.begin_play(self.first_active_after(self.dealer))

    def card_tables(self, trump: int | None) -> tuple[list[int], list[int]]:
        suit_of, power = super().card_tables(trump)
        c = self.second_trump(trump)
        if c is not None:
            suit_of[c], power[c] = trump, 27  # just below the trump Ace (28)
        return suit_of, power

    def second_trump(self, trump: int | None) -> int | None:
        """The card ranking second in trumps whatever its rank (Bierspiel's seven); none in Rams."""
        return None

    def side(self, seat: int) -> int:
        return 0 if seat == self.bidder else 1 if self.bidder >= 0 else seat

    def trick_done(self, winner: int) -> None:
        if (self.bidder >= 0 and winner != self.bidder) or not any(self.hands[s] for s in self.in_play):
            self.finish()  # a Rams bid stops at the first lost trick

    def pool_now(self) -> Amount:
        return self.pool

    def _settle(self) -> Settlement:
        n, d, pool = self.players, self.dealer, self.pool
        led = Ledger(n, {POOL: self.pool_start})
        led.to_pool(d, POOL, STAKE, f"seat {d} (dealer) antes {STAKE}")
        if not self.active:
            right = (d - 1) % n
            led.pay(right, d, STAKE, f"everybody passed: seat {d} (dealer) receives {STAKE} from seat {right}")
        elif len(self.active) == 1:
            s = self.active[0]
            led.from_pool(s, POOL, pool, f"seat {s} alone plays and takes the pool of {pool} without play")
        elif self.bidder >= 0:
            b = self.bidder
            if self.tricks_won[b] == 5:
                led.from_pool(b, POOL, pool, f"seat {b} made Rams and wins the pool of {pool}")
                for s in range(n):
                    if s != b:
                        led.pay(s, b, STAKE, f"seat {s} pays seat {b} {STAKE}")
            else:
                led.to_pool(b, POOL, pool, f"seat {b} lost Rams and doubles the pool ({pool})")
                for s in range(n):
                    if s != b:
                        led.pay(b, s, STAKE, f"seat {b} pays seat {s} {STAKE}")
        else:
            for s in self.active:
                t = self.tricks_won[s]
                if t:
                    led.from_pool(s, POOL, num(Fraction(pool * t, 5)), f"seat {s} takes {t}/5 of the pool")
                else:
                    led.to_pool(s, POOL, STAKE, f"seat {s} took no trick and adds {STAKE} for the next deal")
        return led.settlement()

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v.update(spare_size=self.spare.bit_count(), declarer=self.bidder if self.bidder >= 0 else None,
                 contract="rams" if self.bidder >= 0 else None, spare_taken_by=self.taker if self.taker >= 0 else None)
        return v


POOL = "pool"


class Rams(PoolGame):
    """Rams: 32 cards, pass or play for fifths of the pool, the spare hand, and the Rams bid of all five."""

    id = "rams"
    name = "Rams"
    aliases = ("rammes",)
    min_players, max_players, default_players = 3, 5, 4
    pack = PACK_32
    source = f"{SEED}, 'Rams'; RESOLUTIONS.md §2.11 (RA-GAP-1..3), §2.2 (L3-GAP-4, L3-GAP-5)"
    deal_class = RamsDeal
    option_specs: tuple[Option, ...] = (UNDERTRUMP,)


class Rounce(Rams):
    """Rounce: Rams "using 52 cards" (RA-GAP-2: the same rules, cards A–2, up to nine players)."""

    id = "rounce"
    name = "Rounce"
    aliases = ()
    max_players = 9
    pack = PACK_52
    source = f"{SEED}, 'Rams' ('Variant games include Rounce, using 52 cards'); RESOLUTIONS.md §2.11 RA-GAP-2"


class BierspielDeal(RamsDeal):
    game: Bierspiel

    def second_trump(self, trump: int | None) -> int | None:
        if trump is None:
            return None
        code = "7D" if self.game.options.bierspiel_seven == "fixed_7D" else "7" + "SHDC"[trump]
        return self.pack.parse(code)


class Bierspiel(Rams):
    """Bierspiel: Rams "in which 7 is always the second-highest trump" (RA-GAP-1: the trump seven)."""

    id = "bierspiel"
    name = "Bierspiel"
    aliases = ()
    source = f"{SEED}, 'Rams' ('Bierspiel, in which 7 is always the second-highest trump'); RA-GAP-1"
    deal_class = BierspielDeal
    option_specs = (UNDERTRUMP, Option(
        "bierspiel_seven", str, "trump_seven", ("trump_seven", "fixed_7D"),
        doc="which 7 is second-highest trump: the seven of trumps, or the 7D always (as Mauscheln's Belli)",
        source="RA-GAP-1"))


# ================================================================ Mauscheln
POT = "pot"


class MauschelnDeal(PoolDeal):
    """A deal of Mauscheln: diddle or pass, join in or drop out, one exchange each, four tricks."""

    game: Mauscheln
    pool_key = POT

    def _start(self, order: list[int]) -> None:
        n, o = self.players, self.game.options
        dealt = DealPlan(rounds=(2, 2), turn_up=True).deal(order, n, self.dealer)
        self._common(dealt.hands, dealt.stock, dealt.turn_up)
        self.pot = self.pool_start + o.stake
        self.premiums: list[tuple[int, int, Amount, str]] = []  # payer, payee (-1: the pot), amount, why
        self.diddler = -1
        self.blind = self.blind_diddled = False
        self.joined: list[int] = []
        if o.flush_redeal:
            self.redeal_flushes()
        self.queue = self.seats_from(self.dealer)
        self.phase, self.turn = "bid", self.queue[0]
        if o.blind_diddle and self.pack.rank[self.turnup] >= 13:
            self.phase, self.turn, self.blind = "blind", self.dealer, True

    def premium(self) -> Amount:
        """MA-GAP-2 (ENGINE DEFAULT): a quarter of the pot, or the dealer's stake."""
        return num(Fraction(self.pot, 4)) if self.game.options.premium == "quarter_pot" else self.game.options.stake

    def redeal_flushes(self) -> None:
        """Variant 3: a hand of four of one suit pays a premium, is thrown in face up and replaced."""
        for s in self.seats_from(self.dealer):
            h = self.hands[s]
            while any(h == h & m for m in self.pack.suit_mask[:4]) and len(self.stock) >= 4:
                self.premiums.append((s, -1, self.premium(), f"seat {s} was dealt a flush"))
                self.thrown |= h
                self.hands[s] = 0
                self.draw(s, 4)
                h = self.hands[s]

    def own_hand_hidden(self, viewer: int) -> bool:
        return self.blind and viewer == self.dealer

    def card_tables(self, trump: int | None) -> tuple[list[int], list[int]]:
        suit_of, power = super().card_tables(trump)
        belli = self.game.options.belli
        if belli != "off" and trump is not None:
            c = self.pack.parse("7D" if belli == "7D" else "7" + "SHDC"[trump])
            suit_of[c], power[c] = trump, 27  # Belli: second-highest trump, under the Ace (28)
        return suit_of, power

    def _legal(self) -> list[str]:
        seat = self.turn
        assert seat is not None
        if self.phase in ("blind", "bid"):
            return ["pass", "diddle"]
        if self.phase == "join":
            return ["pass", "join"]
        if self.phase == "exchange":
            return ["stand", *self.exchange_options(seat)]
        return self.legal_cards()

    def _explain(self, seat: int, action: str) -> str:
        if self.phase in ("blind", "bid"):
            return "say pass or diddle (undertake two tricks)"
        if self.phase == "join":
            return "someone diddles: say join (undertake one trick) or pass (drop out)"
        if self.phase == "exchange":
            return f"exchange cards of your hand (at most {self.available()} can be drawn), or stand"
        return self.explain_play(seat, action)

    def _apply(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if self.phase == "blind":
            if word == "diddle":
                self.start_join(seat)
            else:
                self.blind = False
                self.phase = "bid"
                self.turn = self.queue[0]
        elif self.phase == "bid":
            if word == "diddle":
                self.start_join(seat)
                return
            self.queue.pop(0)
            if self.queue:
                self.turn = self.queue[0]
            else:
                self.finish()  # "If no one offers to diddle, the deal passes round"
        elif self.phase == "join":
            if word == "join":
                self.joined.append(seat)
            self.queue.pop(0)
            if self.queue:
                self.turn = self.queue[0]
            else:
                self.start_exchange()
        elif self.phase == "exchange":
            first = None
            if args and seat == self.dealer and self.diddler == seat and self.game.options.blind_diddle \
                    and self.turnup is not None and self.blind_diddled:
                first, self.turnup = self.turnup, None  # the blind diddler includes the turn-up
            if args:
                self.exchange(seat, args, first)
            self.queue.pop(0)
            self.next_exchanger()
        else:
            self.play_card(seat, action)

    def start_join(self, seat: int) -> None:
        self.diddler = seat
        self.blind_diddled = self.blind
        self.queue = [s for s in self.seats_from(seat) if s != seat]
        self.phase, self.turn = "join", self.queue[0]

    def start_exchange(self) -> None:
        if not self.joined:
            self.blind = False
            self.finish()  # "If someone diddles but no one joins in, the diddler wins the pot without play"
            return
        self.active = sorted([self.diddler, *self.joined])
        self.throw_in_passers()
        self.queue = [s for s in self.seats_from(self.dealer) if s in self.active]
        self.phase = "exchange"
        self.next_exchanger()

    def next_exchanger(self) -> None:
        if not self.queue:
            self.begin_play(self.diddler)  # "The diddler leads any card to the first trick"
            return
        self.turn = self.queue[0]
        if self.turn == self.dealer:
            self.blind = False  # "when his turn comes to exchange, he may look at his cards"

    def trick_done(self, winner: int) -> None:
        trick = [c for _, c in self.last_trick]
        belli = [c for c in trick if self.rules.power[c] == 27 and self.rules.suit_of[c] == self.trump]
        ace = [s for s, c in self.last_trick if self.rules.power[c] == 28 and self.rules.suit_of[c] == self.trump]
        if belli and ace:
            holder = next(s for s, c in self.last_trick if c == belli[0])
            self.premiums.append((holder, ace[0], self.premium(), f"seat {holder} lost Belli to the trump Ace"))
        super().trick_done(winner)
        if self.turn is None:
            self.phase = "done"

    def pool_now(self) -> Amount:
        return self.pot

    def _settle(self) -> Settlement:
        d, pot, stake = self.dealer, self.pot, self.game.options.stake
        led = Ledger(self.players, {POT: self.pool_start})
        led.to_pool(d, POT, stake, f"seat {d} (dealer) stakes {stake}")
        for payer, payee, amount, why in self.premiums:
            if payee < 0:
                led.to_pool(payer, POT, amount, f"{why}: pays a premium of {amount} to the pot")
            else:
                led.pay(payer, payee, amount, f"{why}: pays seat {payee} a premium of {amount}")
        if self.diddler < 0:
            led.note("no one offered to diddle: the pot is carried to the next deal")
        elif not self.joined:
            led.from_pool(self.diddler, POT, pot, f"seat {self.diddler} diddles, no one joins: takes the pot")
        else:
            for s in self.active:
                t = self.tricks_won[s]
                if t:
                    led.from_pool(s, POT, num(Fraction(pot * t, 4)), f"seat {s} takes {t}/4 of the pot")
                need = 2 if s == self.diddler else 1
                if t < need:
                    times = 2 if s == self.diddler and t == 0 else 1
                    led.to_pool(s, POT, pot * times, f"seat {s} took {t} trick(s) and pays {pot * times} to the pot")
        return led.settlement()

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v.update(declarer=self.diddler if self.diddler >= 0 else None, joined=list(self.joined),
                 contract="diddle" if self.diddler >= 0 else None)
        return v


class Mauscheln(PoolGame):
    """Mauscheln (Mousel): diddle for two tricks, others join in for one; quarter-pot tricks."""

    id = "mauscheln"
    name = "Mauscheln"
    aliases = ("mousel",)
    min_players, max_players, default_players = 3, 5, 4
    pack = PACK_32
    source = f"{SEED}, 'Mauscheln, Mousel'; RESOLUTIONS.md §2.12 (MA-GAP-1..4), §2.2 L3-GAP-4"
    deal_class = MauschelnDeal
    option_specs = (
        UNDERTRUMP,
        Option("stake", int, 4, range(4, 101, 4), doc="the dealer's stake each deal (divisible by four)",
               source="seed 002: 'The dealer stakes an amount divisible by four'"),
        Option("cards", int, 32, (32, 52), doc="the pack: 32 cards (AKQJT987) or 52", source="seed 002: '32 or 52c'"),
        Option("blind_diddle", bool, False, doc="variant 1: on an Ace or King turned, the dealer may diddle blind "
               "and takes the turn-up among his replacements", source="seed 002 Mauscheln variant 1"),
        Option("belli", str, "off", ("off", "7D", "trump_seven"),
               doc="variant 2: Belli (the 7D, or the trump seven) is second-highest trump; its holder pays a "
               "premium if he loses it to the trump Ace", source="seed 002 variant 2; MA-GAP-1"),
        Option("flush_redeal", bool, False, doc="variant 3: a hand dealt four of a suit pays a premium to the "
               "pot, is thrown in and replaced", source="seed 002 variant 3"),
        Option("premium", str, "quarter_pot", ("quarter_pot", "stake"),
               doc="the size of the Belli and flush premiums", source="MA-GAP-2 (ENGINE DEFAULT)"),
    )

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        if self.options.cards == 52:
            self.pack = PACK_52  # type: ignore[misc]


# =================================================================== Julepe
SPANISH = "2456" "7JQK" "3A"
"""Julepe's order, low to high: A 3 K(rey) Q(caballo) J(sota) 7 6 5 4 2 (JU-GAP-1)."""


class JulepeDeal(PoolDeal):
    """A deal of Julepe: pass or play (two tricks), defending the pack, exchanges, five tricks, to the right."""

    game: Julepe
    pool_key = POT

    def _start(self, order: list[int]) -> None:
        self.direction = -1  # JU-GAP-2: deal, bidding and play go to the right
        dealt = DealPlan(rounds=(5,), turn_up=True).deal(order, self.players, self.dealer, direction=-1)
        self._common(dealt.hands, dealt.stock, dealt.turn_up)
        self.pot = self.pool_start + self.game.options.ante
        self.defender = -1
        self.queue = self.seats_from(self.dealer)
        self.phase, self.turn = "bid", self.queue[0]

    def card_tables(self, trump: int | None) -> tuple[list[int], list[int]]:
        return list(self.pack.suit), [SPANISH.index("23456789TJQKA"[r - 2]) for r in self.pack.rank]

    def _legal(self) -> list[str]:
        seat = self.turn
        assert seat is not None
        if self.phase == "bid":
            return ["pass", "play"]
        if self.phase == "defend":
            return ["pass", "defend"]
        if self.phase == "defend_discard":
            return [f"discard {c}" for c in self.card_codes(self.hands[seat])]
        if self.phase == "exchange":
            out = ["stand", *self.exchange_options(seat)]
            if seat == self.dealer and self.turnup is not None:
                out += self.exchange_options(seat, "take", cap=self.available() + 1)
            return out
        return self.legal_cards()

    def _explain(self, seat: int, action: str) -> str:
        if self.phase == "bid":
            return "say pass or play (undertake to win two tricks)"
        if self.phase == "defend":
            return "only one player bid: say defend (draw six, discard one) or pass"
        if self.phase == "defend_discard":
            return "the defender discards one of his six cards"
        if self.phase == "exchange":
            return ("exchange cards of your hand (the dealer may 'take' the turn-up as a replacement), or stand; "
                    f"at most {self.available()} cards can be drawn")
        return self.explain_play(seat, action)

    def _apply(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if self.phase == "bid":
            if word == "play":
                self.active.append(seat)
            self.queue.pop(0)
            if self.queue:
                self.turn = self.queue[0]
            else:
                self.end_bidding()
        elif self.phase == "defend":
            self.queue.pop(0)
            if word == "defend":
                self.defender = seat
                self.throw_in_passers()  # his old hand too
                self.draw(seat, 6)
                self.phase = "defend_discard"
            elif self.queue:
                self.turn = self.queue[0]
            else:
                self.finish()  # nobody defends: the lone player takes the pot (JU-GAP-4)
        elif self.phase == "defend_discard":
            c = self.find_card(args[0], self.hands[seat])
            self.hands[seat] &= ~(1 << c)
            self.discards |= 1 << c
            self.seen[seat] |= 1 << c
            self.active.append(seat)
            self.start_exchange([self.active[0]])
        elif self.phase == "exchange":
            if word == "take":
                first, self.turnup = self.turnup, None
                self.exchange(seat, args, first)
            elif word == "exchange":
                self.exchange(seat, args)
            self.queue.pop(0)
            self.next_exchanger()
        else:
            self.play_card(seat, action)

    def end_bidding(self) -> None:
        if len(self.active) == 1:
            self.queue = [s for s in self.seats_from(self.dealer) if s not in self.active and self.hands[s]]
            self.phase, self.turn = "defend", self.queue[0]
            return
        self.throw_in_passers()
        if not self.active:
            self.finish()  # nobody plays: the pot is carried (JU-GAP-4)
        else:
            self.start_exchange([s for s in self.seats_from(self.dealer) if s in self.active])

    def start_exchange(self, order: list[int]) -> None:
        self.throw_in_passers()
        self.queue = order
        self.phase = "exchange"
        self.next_exchanger()

    def next_exchanger(self) -> None:
        if self.queue:
            self.turn = self.queue[0]
        else:  # "The first active player to the right of the dealer leads"
            self.begin_play(self.first_active_after(self.dealer))

    def side(self, seat: int) -> int:
        return seat

    def pool_now(self) -> Amount:
        return self.pot

    def _settle(self) -> Settlement:
        d, pot, j = self.dealer, self.pot, self.game.options.julep
        led = Ledger(self.players, {POT: self.pool_start})
        led.to_pool(d, POT, self.game.options.ante, f"seat {d} (dealer) antes {self.game.options.ante}")
        if not self.active:
            led.note("nobody plays: the pot is carried forward")
            return led.settlement()
        if len(self.active) == 1:
            s = self.active[0]
            led.from_pool(s, POT, pot, f"seat {s} alone plays, nobody defends: takes the pot of {pot} without play")
            return led.settlement()
        won = {s: self.tricks_won[s] for s in self.active}
        ok = [s for s in self.active if won[s] >= 2]
        failed = [s for s in self.active if won[s] < 2]
        if self.defender >= 0:
            lone, dfd = self.active[0], self.defender
            if won[dfd] < 2:
                led.from_pool(lone, POT, pot, f"the pack was defended and lost: seat {lone} wins the pot; "
                              f"the defender seat {dfd} pays no julep")
            elif won[lone] >= 2:
                half = num(Fraction(pot, 2))
                led.from_pool(lone, POT, half, f"both succeed: seat {lone} wins half the pot ({half}), "
                              "the other half is carried forward")
            else:
                led.from_pool(dfd, POT, pot, f"the defender seat {dfd} wins the pot")
                led.pay(lone, dfd, j, f"seat {lone} pays the defender a julep of {j}")
            return led.settlement()
        if not ok:
            for s in failed:
                led.to_pool(s, POT, j, f"all fail: seat {s} pays a julep of {j} to the pot")
            return led.settlement()
        for w in ok:
            led.from_pool(w, POT, num(Fraction(pot, len(ok))), f"seat {w} won {won[w]} tricks: takes "
                          + ("the pot" if len(ok) == 1 else "half the pot"))
            for s in failed:
                led.pay(s, w, num(Fraction(j, len(ok))), f"seat {s} failed and pays seat {w} "
                        + ("a julep" if len(ok) == 1 else "half a julep"))
        return led.settlement()

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v["defender"] = self.defender if self.defender >= 0 else None
        return v


class Julepe(PoolGame):
    """Julepe: the Spanish member, 40 cards, counter-clockwise; playing undertakes two tricks; the julep."""

    id = "julepe"
    name = "Julepe"
    min_players, max_players, default_players = 4, 7, 6
    pack = PACK_40
    source = (f"{SEED}, the tail of 'Julepe'; RESOLUTIONS.md §2.10 (JU-GAP-1..4, from Wikipedia 'Julepe' and "
              "gamerules.com/rules/julepe); §2.2 L3-GAP-4")
    deal_class = JulepeDeal
    option_specs = (
        UNDERTRUMP,
        Option("ante", int, 6, range(1, 101), doc="the dealer's ante to the pot each deal",
               source="JU-GAP-4 (ENGINE DEFAULT)"),
        Option("julep", int, 6, range(1, 101), doc="the julep: what a failing active player pays",
               source="seed 002 'an agreed stake, the julep'; JU-GAP-4 (ENGINE DEFAULT size)"),
    )


# =========================================================== Norrlandsknack
KNOCK, LURK = 2, 3


class KnackDeal(PoolDeal):
    """A deal of Norrlandsknack: knock/lurk (first deal) or knock/join/drop, the first-deal draw, tricks."""

    game: Norrlandsknack
    pool_key = POT

    def _start(self, order: list[int]) -> None:
        n, c = self.players, self.carry_in
        three = self.game.options.auction_after_three
        plan = DealPlan(rounds=(3,) if three else (3, 2), widows=(("turnup", 0, 1),))
        dealt = plan.deal(order, n, self.dealer)
        self._common(dealt.hands, dealt.stock, dealt.extras["turnup"].bit_length() - 1)
        self.new_game = not c.get("scores") or min(c["scores"]) <= 0
        self.scores: list[int] = [10] * n if self.new_game else list(c["scores"])
        self.first = self.new_game or bool(c.get("first"))
        self.passouts = 0 if self.new_game else int(c.get("passouts", 0))
        self.pot = (0 if self.new_game else self.pool_start) + (n if self.new_game else 0)
        self.to_deal = 2 if three else 0
        self.said = [0] * n
        self.knocker = -1
        self.queue = self.seats_from(self.dealer)
        self.phase, self.turn = "bid", self.queue[0]

    def make_rules(self) -> TrickRules:
        """'Players must follow suit if possible, otherwise may play any card.'"""
        return TrickRules(self.pack, self.trump)

    def lead_mask(self, seat: int) -> int:
        hand, trumps = self.hands[seat], self.hands[seat] & self.pack.suit_mask[self.trump]
        if not self.played:  # "Eldest leads the trump Ace if he has it"
            ace = trumps & self.pack.mask("A" + "SHDC"[self.trump])
            if ace:
                return ace
        if trumps and any(self.scores[s] - self.tricks_won[s] <= 1 for s in range(self.players)):
            return trumps  # down to one point: "Trumps must always be led, if possible"
        return hand

    def lead_rule_text(self) -> str:
        return ("eldest must lead the trump Ace if he has it; once a player is down to one point, trumps must "
                "always be led if possible")

    def _legal(self) -> list[str]:
        seat = self.turn
        assert seat is not None
        if self.phase == "bid":
            return ["knock", "lurk"] if self.first else ["pass", "knock"]
        if self.phase == "join":
            return ["drop", "join"]
        if self.phase == "draw":
            if seat == self.dealer:  # he has taken the turn-up: discards one or more, draws one fewer
                return self.exchange_options(seat, cap=min(6, len(self.stock) + 1))
            return ["stand", *self.exchange_options(seat)]
        return self.legal_cards()

    def _explain(self, seat: int, action: str) -> str:
        if self.phase == "bid":
            return "in the first deal knock or lurk; later deals knock or pass"
        if self.phase == "join":
            return "someone has knocked: join in or drop out"
        if self.phase == "draw":
            return "discard and draw (exchange <cards>) or stand; the dealer, holding the turn-up, must discard"
        return self.explain_play(seat, action)

    def _apply(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if self.phase == "bid":
            self.said[seat] = {"knock": KNOCK, "lurk": LURK, "pass": PASS}[word]
            self.queue.pop(0)
            if word == "knock":
                self.knocker = seat
                self.knocked()
            elif self.queue:
                self.turn = self.queue[0]
            else:
                self.finish()  # a pass-out: "If all pass, the same dealer redeals"
        elif self.phase == "join":
            self.said[seat] = KNOCK if word == "join" else PASS
            self.queue.pop(0)
            if self.queue:
                self.turn = self.queue[0]
            else:
                self.deal_rest()
                self.active = [s for s in range(self.players) if self.said[s] == KNOCK]
                self.throw_in_passers()
                if len(self.active) == 1:
                    self.finish()  # nobody joins: the knocker takes the five tricks (ENGINE DEFAULT)
                else:
                    self.begin_play(self.first_active_after(self.dealer))
        elif self.phase == "draw":
            if args:
                if seat == self.dealer:
                    out = self.cards_in(args, self.hands[seat])
                    self.hands[seat] &= ~out
                    self.draw(seat, len(args) - 1)
                    self.discards |= out
                    self.seen[seat] |= out
                    self.maybe_in[seat] = self.known_in[seat] & ~self.seen[seat]
                    self.known_in[seat] = 0
                else:
                    self.exchange(seat, args)
            self.queue.pop(0)
            self.next_drawer()
        else:
            self.play_card(seat, action)

    def knocked(self) -> None:
        if self.first:  # "as soon as someone knocks there follows a draw"; everyone else lurks
            for s in range(self.players):
                self.said[s] = self.said[s] or LURK
            self.deal_rest()
            self.active = list(range(self.players))
            self.queue = self.seats_from(self.dealer)
            self.phase = "draw"
            self.next_drawer()
        else:
            self.queue = [s for s in self.seats_from(self.knocker) if s != self.knocker]
            self.phase, self.turn = "join", self.queue[0]

    def deal_rest(self) -> None:
        """With the auction after three cards, the last two are dealt now."""
        for _ in range(self.to_deal):
            for s in self.seats_from(self.dealer):
                self.draw(s, 1)
        self.to_deal = 0

    def next_drawer(self) -> None:
        if not self.queue:
            self.begin_play(self.first_active_after(self.dealer))
            return
        self.turn = self.queue[0]
        if self.turn == self.dealer and self.turnup is not None:
            self.hands[self.dealer] |= 1 << self.turnup  # "Dealer must take the trump turn-up before discarding"
            self.known_in[self.dealer] |= 1 << self.turnup
            self.turnup = None

    def loafable(self, seat: int) -> bool:
        """First deal: only a knocker; later: every knocker and joiner (NK-GAP-1, NK-GAP-2)."""
        return seat == self.knocker if self.first else self.said[seat] == KNOCK

    def new_scores(self) -> tuple[list[int], list[bool]]:
        tricks = list(self.tricks_won) if self.phase != "bid" and hasattr(self, "tricks_won") else [0] * self.players
        if len(self.active) == 1:
            tricks[self.active[0]] = 5
        out, loafed = [], []
        for s in range(self.players):
            loaf = bool(self.active) and s in self.active and self.loafable(s) and tricks[s] == 0
            out.append(max(self.scores[s] + 5, 10) if loaf else max(self.scores[s] - tricks[s], 0))
            loafed.append(loaf)
        return out, loafed

    def pool_now(self) -> Amount:
        return self.pot

    def _settle(self) -> Settlement:
        led = Ledger(self.players, {POT: self.pot}, unit="points")
        if self.new_game:
            led.note(f"a new game: each player stakes one chip; the pot holds {self.pot}")
        if not self.active:
            led.note(f"all passed: pass-out {self.passouts + 1}" + (", the same dealer redeals"
                     if self.passouts + 1 < 3 else ", the deal passes on"))
            return led.settlement()
        new, loafed = self.new_scores()
        for s in range(self.players):
            if loafed[s]:
                led.pools[POT] += 1
                led.score(s, self.scores[s] - new[s], f"seat {s} won no trick and is loafed: score {self.scores[s]} "
                          f"-> {new[s]}, and adds a chip to the pot")
            elif new[s] != self.scores[s]:
                led.score(s, self.scores[s] - new[s], f"seat {s}: score {self.scores[s]} -> {new[s]}")
        zero = [s for s in range(self.players) if new[s] == 0]
        if zero:
            pot = led.pools[POT]
            led.pools[POT] = 0
            led.note(f"seat(s) {', '.join(map(str, zero))} reached zero and win the pot of {pot} chips"
                     + (" between them" if len(zero) > 1 else ""))
        return led.settlement()

    def _carry(self) -> dict[str, Any] | None:
        passout = not self.active
        new = self.scores if passout else self.new_scores()[0]
        return {"scores": new, "pools": {POT: plain(self.result().pools[POT])},
                "first": self.first and passout, "passouts": (self.passouts + 1) % 3 if passout else 0}

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v.update(scores=list(self.scores), declarer=self.knocker if self.knocker >= 0 else None,
                 first_deal=self.first, lurkers=[s for s in range(self.players) if self.said[s] == LURK])
        return v


class Norrlandsknack(PoolGame):
    """Norrlandsknack (Norseman's Knock): count down from ten; knock, lurk, join or drop; loafing."""

    id = "norrlandsknack"
    name = "Norrlandsknack"
    aliases = ("norsemans-knock",)
    min_players, max_players, default_players = 3, 5, 4
    pack = PACK_52
    unit = "points"
    target = 10
    source = f"{SEED}, 'Norrlandsknack'; RESOLUTIONS.md §2.13 (NK-GAP-1..3, Parlett's next page)"
    deal_class = KnackDeal
    option_specs = (
        Option("auction_after_three", bool, False, doc="bid, join in or drop out after three cards each and the "
               "turn-up; the last two cards are dealt after the auction",
               source="seed 002: 'It is also usual to bid, join in or drop out when three cards have been dealt'"),
    )

    def next_dealer(self, deal: Any) -> int:
        """'If all pass, the same dealer redeals. After three pass-outs, the deal passes on.'"""
        if not deal.active and deal.passouts + 1 < 3:
            return int(deal.dealer)
        return super().next_dealer(deal)


GAMES = (Rams, Rounce, Bierspiel, Mauscheln, Julepe, Norrlandsknack)
