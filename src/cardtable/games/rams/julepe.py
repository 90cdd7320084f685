"""Julepe (seed 002, the tail of Parlett's 'Julepe'; docs/decisions.md)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.cards import PACK_40
from ...core.chips import Amount, Ledger, Settlement
from ...core.dealing import DealPlan
from ...core.options import Option
from ...core.pools import PoolDeal, num
from .base import SEED, UNDERTRUMP, PoolGame

__all__ = ["Julepe"]

POT = "pot"
SPANISH = "2456" "7JQK" "3A"
"""Julepe's order, low to high: A 3 K(rey) Q(caballo) J(sota) 7 6 5 4 2 from the top (JU-GAP-1)."""


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
            return "the defender discards one of his six cards: discard <card>"
        if self.phase == "exchange":
            return ("exchange <cards of your hand> or stand (the dealer may 'take <cards>': the turn-up is his "
                    f"first replacement); at most {self.available()} cards can be drawn")
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
        led.to_pool(d, POT, self.game.options.ante, f"seat {d} (dealer) antes {self.game.options.ante}; "
                    f"the pot is {pot}")
        if not self.active:
            led.note("nobody plays: the pot is carried forward")
            return led.settlement()
        if len(self.active) == 1:
            s = self.active[0]
            led.from_pool(s, POT, pot, f"seat {s} alone plays and nobody defends the pack: he takes the pot of {pot} "
                          "without play")
            return led.settlement()
        won = {s: self.tricks_won[s] for s in self.active}
        ok = [s for s in self.active if won[s] >= 2]
        failed = [s for s in self.active if won[s] < 2]
        if self.defender >= 0:
            lone, dfd = self.active[0], self.defender
            if won[dfd] < 2:
                led.from_pool(lone, POT, pot, f"the pack was defended and lost ({won[dfd]} trick(s)): seat {lone} "
                              f"wins the pot of {pot}; the defender, seat {dfd}, pays no julep")
            elif won[lone] >= 2:
                half = num(Fraction(pot, 2))
                led.from_pool(lone, POT, half, f"both succeed ({won[lone]} and {won[dfd]} tricks): seat {lone} wins "
                              f"half the pot ({half}), the other half is carried forward")
            else:
                led.from_pool(dfd, POT, pot, f"the defender, seat {dfd}, wins with {won[dfd]} tricks: he gets the pot "
                              f"of {pot}")
                led.pay(lone, dfd, j, f"seat {lone} failed ({won[lone]} trick(s)) and pays the defender a julep of {j}")
            return led.settlement()
        if not ok:
            for s in failed:
                led.to_pool(s, POT, j, f"all fail: seat {s} ({won[s]} trick(s)) pays a julep of {j} to the pot, "
                            "which is carried forward")
            return led.settlement()
        share = num(Fraction(pot, len(ok)))
        for w in ok:
            led.from_pool(w, POT, share, f"seat {w} won {won[w]} tricks: takes "
                          + (f"the pot of {pot}" if len(ok) == 1 else f"half the pot ({share})"))
            for s in failed:
                part = num(Fraction(j, len(ok)))
                led.pay(s, w, part, f"seat {s} failed ({won[s]} trick(s)) and pays seat {w} "
                        + (f"a julep of {j}" if len(ok) == 1 else f"half a julep ({part})"))
        return led.settlement()

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v["defender"] = self.defender if self.defender >= 0 else None
        return v


class Julepe(PoolGame):
    """Julepe: 4–7 players, the 40-card Spanish pack, play to the right; playing undertakes two tricks.

    The seed keeps only the tail of Parlett's Julepe (the defended pack, the play and the pay-off); the
    head of the rules is docs/decisions.md, from Wikipedia 'Julepe' and gamerules.com/rules/julepe.

    THE DEAL. A 40-card pack (the 52 without 8, 9, 10), ranking A 3 K Q J 7 6 5 4 2 in every suit
    (JU-GAP-1: "as, tres, rey, caballo, sota, siete, seis, cinco, cuatro y dos", nhfournier.es). The
    dealer antes (option ante, default 6, JU-GAP-4 ENGINE DEFAULT) and deals five cards each; the next
    card is turned for trump. Deal, bidding and play go to the RIGHT (JU-GAP-2; the seed: "The first
    active player to the right of the dealer leads"). At most seven players: with eight the 40 cards
    are all dealt and none is left to turn for trump (so docs/decisions.md has four to seven).

    THE BIDDING. Each in turn passes or plays; playing undertakes to win two tricks (Wikipedia).
    Passers throw their hands in face down.

    DEFENDING THE PACK. "If only one player bids, any one player who passed can offer to 'defend the
    pack' by drawing six cards from stock and discarding one": the passers are asked in turn from the
    dealer's right (defend or pass); the first to defend draws six (his old hand stays thrown in) and
    says discard <card>. If nobody defends, the lone player takes the pot without play (JU-GAP-4,
    ENGINE DEFAULT).

    THE EXCHANGE. The players who play discard and draw any number of cards from the stock, once each,
    in turn, the dealer last (exchange <cards> or stand); the dealer may take the trump turn-up as his
    first replacement (take <cards>; the reading in docs/decisions.md of the seed's "...turn-up)"). After a defence
    only the lone player exchanges. "If not enough cards remain, shuffle the cards of those who have
    passed to form a new stock" (then the discards, if even those run out).

    THE PLAY. "The first active player to the right of the dealer leads to the first trick. Players
    must follow suit and head the trick if possible; must trump and overtrump if unable to follow; and
    may renounce only if unable to do either." A player who can follow but not beat the best card of
    the suit plays any card of it; a plain-suit trick already trumped is followed with any card of that
    suit (L3-GAP-5); a void player unable to overtrump must still trump (L3-GAP-4; option
    undertrump_required=false: any card). All five tricks are played.

    PAY-OFF (seed, in full). "An active player who failed to win two tricks pays an agreed stake, the
    julep [option julep, default 6, JU-GAP-4 ENGINE DEFAULT]. If only one player succeeds, he wins the
    pot plus a julep from each active player. If two players win two each, they split the pot and the
    juleps. If all fail, they all pay a julep to the pot, which is then carried forward. If the pack
    was defended and lost, the lone player wins the pot but the defender does not pay a julep. If both
    succeed, the lone player wins half the pot, and the other half is carried forward. If the defender
    wins, he gets the pot plus a julep from the lone player." Two succeeding players halve the pot and
    each failing player's julep (fractions are kept exact). If nobody plays, the pot is carried forward
    and the next dealer antes again (JU-GAP-4).
    """

    id = "julepe"
    name = "Julepe"
    min_players, max_players, default_players = 4, 7, 6
    pack = PACK_40
    source = (f"{SEED}, the tail of 'Julepe'; docs/decisions.md (JU-GAP-1..4, from Wikipedia 'Julepe' and "
              "gamerules.com/rules/julepe); L3-GAP-4")
    deal_class = JulepeDeal
    option_specs = (
        UNDERTRUMP,
        Option("ante", int, 6, range(1, 101), doc="the dealer's ante to the pot each deal",
               source="JU-GAP-4 (ENGINE DEFAULT)"),
        Option("julep", int, 6, range(1, 101), doc="the julep: what a failing active player pays",
               source="seed 002 'an agreed stake, the julep'; JU-GAP-4 (ENGINE DEFAULT size)"),
    )
