"""Julepe (seed 002, the tail of Parlett's 'Julepe'; docs/decisions.md)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from ...core.bounds import ActionForm, DealBounds
from ...core.cards import PACK_40
from ...core.chips import Amount, Ledger, Settlement
from ...core.dealing import DealPlan
from ...core.i18n import _
from ...core.options import Option, Options
from ...core.phases import Phase
from ...core.pools import num
from ...core.tricks import CLAIMS
from ...core.views import Key, Kind
from ...core.words import cards_phrase
from .base import POOL_KEYS, SEED, UNDERTRUMP, PoolFamily

__all__ = ["Julepe", "JulepePhase"]

POT = "pot"
SPANISH = "2456" "7JQK" "3A"
"""Julepe's order, low to high: A 3 K(rey) Q(caballo) J(sota) 7 6 5 4 2 from the top (JU-GAP-1)."""


class JulepePhase(Phase):
    """The stages of a deal of Julepe."""

    BID = "bid"                        # each in turn: pass or play (two tricks)
    DEFEND = "defend"                  # one player alone bid: the passers may defend the pack
    DEFEND_DISCARD = "defend_discard"  # the defender, holding six, discards one
    EXCHANGE = "exchange"              # the players exchange once each, the dealer last
    PLAY = "play"                      # the tricks
    DONE = "done"


BID, DEFEND, DEFEND_DISCARD, EXCHANGE, PLAY, DONE = JulepePhase

_LABELS = {"pass": _("Pass"), "play": _("Play (two tricks)"), "defend": _("Defend the pack"), "stand": _("Stand")}


class Julepe(PoolFamily):
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
    pack_used = PACK_40
    source = (f"{SEED}, the tail of 'Julepe'; docs/decisions.md (JU-GAP-1..4, from Wikipedia 'Julepe' and "
              "gamerules.com/rules/julepe); L3-GAP-4")
    pool_key = POT
    phases = JulepePhase
    card_phases = (PLAY,)
    hand_size = 6
    """The defender holds six cards before his discard."""
    option_specs: ClassVar[tuple[Option, ...]] = (
        UNDERTRUMP,
        Option("ante", int, 6, range(1, 101), doc=_("the dealer's ante to the pot each deal"),
               source="JU-GAP-4 (ENGINE DEFAULT)"),
        Option("julep", int, 6, range(1, 101), doc=_("the julep: what a failing active player pays"),
               source="seed 002 'an agreed stake, the julep'; JU-GAP-4 (ENGINE DEFAULT size)"),
        CLAIMS,
    )
    view_keys = (
        *POOL_KEYS,
        Key("defender", Kind.SEAT, "who defends the pack", null=True),
    )

    # ---- the state of a deal of Julepe (beside the family's pool, turn-up and active seats)
    pot: Amount
    """The pot of this deal: carried in plus the dealer's ante."""
    defender: int
    """Who defends the pack (-1: no one)."""

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("defend"), ActionForm("pass"), ActionForm("play"), ActionForm("stand"),
        ActionForm("discard #"), ActionForm("exchange #"), ActionForm("take #"), ActionForm("exchange # #"),
        ActionForm("take # #"), ActionForm("exchange # # #"), ActionForm("take # # #"),
        ActionForm("exchange # # # #"), ActionForm("take # # # #"), ActionForm("exchange # # # # #"),
        ActionForm("take # # # # #"),
    )

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """A deal begun from an empty pot: the pot is the dealer's ante. A seat loses at most its ante and one
        julep (into the pot, or shared among the winners); it wins at most the pot and a julep from each
        other seat. Each seat bids (play, pass, defend or stand: at most two), discards and exchanges, then
        five tricks. Exchanges draw from the stock: the whole pack."""
        a, j = options.ante, options.julep
        return DealBounds(actions=players * 9 + 2, least=-(a + j), most=a + (players - 1) * j, zero_sum=False,
                          dealt=cls.pack_of(options).size)
    # -- end of the declaration

    def _start(self, order: list[int]) -> None:
        self.direction = -1  # JU-GAP-2: deal, bidding and play go to the right
        dealt = DealPlan(rounds=(5,), turn_up=True).deal(order, self.players, self.dealer, direction=-1)
        self._common(dealt.hands, dealt.stock, dealt.turn_up)
        self.pot = self.pool_start + self.game.options.ante
        self.defender = -1
        self.queue = self.seats_from(self.dealer)
        self.phase, self.turn = BID, self.queue[0]

    def card_tables(self, trump: int | None) -> tuple[list[int], list[int]]:
        return list(self.pack.suit), [SPANISH.index("23456789TJQKA"[r - 2]) for r in self.pack.rank]

    # ------------------------------------------------------------------ bid
    def options_bid(self, seat: int) -> tuple[str, ...]:
        return ("pass", "play")

    def check_bid(self, seat: int, action: str) -> str | None:
        return None if action in ("pass", "play") else _("say pass or play (undertake to win two tricks)")

    def apply_bid(self, seat: int, action: str) -> None:
        if action == "play":
            self.active.append(seat)
        if not self.pass_turn():
            self.end_bidding()

    def end_bidding(self) -> None:
        if len(self.active) == 1:
            self.queue = [s for s in self.seats_from(self.dealer) if s not in self.active and self.hands[s]]
            self.phase, self.turn = DEFEND, self.queue[0]
            return
        self.throw_in_passers()
        if not self.active:
            self.end()  # nobody plays: the pot is carried (JU-GAP-4)
        else:
            self.start_exchange([s for s in self.seats_from(self.dealer) if s in self.active])

    # --------------------------------------------------------------- defend
    def options_defend(self, seat: int) -> tuple[str, ...]:
        return ("pass", "defend")

    def check_defend(self, seat: int, action: str) -> str | None:
        if action in ("pass", "defend"):
            return None
        return _("only one player bid: say defend (draw six, discard one) or pass")

    def apply_defend(self, seat: int, action: str) -> None:
        if action == "defend":
            self.queue.pop(0)
            self.defender = seat
            self.throw_in_passers()  # his old hand too
            self.draw(seat, 6)
            self.phase = DEFEND_DISCARD
        elif not self.pass_turn():
            self.end()  # nobody defends: the lone player takes the pot (JU-GAP-4)

    def options_defend_discard(self, seat: int) -> list[str]:
        return [f"discard {c}" for c in self.card_codes(self.hands[seat])]

    def check_defend_discard(self, seat: int, action: str) -> str | None:
        word, *args = action.split()
        if word == "discard" and self.exchangeable(seat, args, 1):
            return None
        return _("the defender discards one of his six cards: discard <card>")

    def apply_defend_discard(self, seat: int, action: str) -> None:
        c = self.find_card(action.split()[1], self.hands[seat])
        self.hands[seat] &= ~(1 << c)
        self.discards |= 1 << c
        self.seen[seat] |= 1 << c
        self.active.append(seat)
        self.start_exchange([self.active[0]])

    # ------------------------------------------------------------- exchange
    def start_exchange(self, order: list[int]) -> None:
        self.throw_in_passers()
        self.queue = order
        self.phase = EXCHANGE
        self.next_exchanger()

    def next_exchanger(self) -> None:
        if self.queue:
            self.turn = self.queue[0]
        else:  # "The first active player to the right of the dealer leads"
            self.begin_play(self.first_active_after(self.dealer))

    def may_take(self, seat: int) -> bool:
        """Whether ``seat`` may take the turn-up as his first replacement: the dealer, while it lies there."""
        return seat == self.dealer and self.turnup is not None

    def options_exchange(self, seat: int) -> list[str]:
        out = ["stand", *self.exchange_options(seat)]
        if self.may_take(seat):
            out += self.exchange_options(seat, "take", cap=self.available() + 1)
        return out

    def legal_exchange(self, seat: int) -> list[str]:
        situation = (EXCHANGE, self.hands[seat].bit_count(), self.available(), self.may_take(seat))
        return self.allowed(seat, situation, self.options_exchange(seat), self.check_exchange)

    def check_exchange(self, seat: int, action: str) -> str | None:
        word, *args = action.split()
        if action == "stand" or (word == "exchange" and self.exchangeable(seat, args, self.available())) or (
                word == "take" and self.may_take(seat) and self.exchangeable(seat, args, self.available() + 1)):
            return None
        return (_("exchange <cards of your hand> or stand (the dealer may 'take <cards>': the turn-up is his first "
                  "replacement); at most {available} cards can be drawn", available=self.available()))

    def apply_exchange(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if word == "take":
            first, self.turnup = self.turnup, None
            self.exchange(seat, args, first)
        elif word == "exchange":
            self.exchange(seat, args)
        self.queue.pop(0)
        self.next_exchanger()

    # ---------------------------------------------------------- settlement
    def pool_now(self) -> Amount:
        return self.pot

    def _settle(self) -> Settlement:
        d, pot, j, name = self.dealer, self.pot, self.game.options.julep, self.names
        led = Ledger(self.players, {POT: self.pool_start}, names=self.names)
        led.to_pool(d, POT, self.game.options.ante, _("{name} (dealer) antes {ante}; the pot is {pot}",
                                                      name=name[d], ante=self.game.options.ante, pot=pot))
        if not self.active:
            led.note(_("nobody plays: the pot is carried forward"))
            return led.settlement()
        if len(self.active) == 1:
            s = self.active[0]
            led.from_pool(s, POT, pot, _("{name} alone plays and nobody defends the pack: he takes the pot of "
                                         "{pot} without play", name=name[s], pot=pot))
            return led.settlement()
        won = {s: self.tricks_won[s] for s in self.active}
        ok = [s for s in self.active if won[s] >= 2]
        failed = [s for s in self.active if won[s] < 2]
        if self.defender >= 0:
            lone, dfd = self.active[0], self.defender
            if won[dfd] < 2:
                led.from_pool(lone, POT, pot, _("the pack was defended and lost ({won} trick(s)): {name} wins the "
                                                "pot of {pot}; the defender, {name2}, pays no julep", won=won[dfd],
                                                name=name[lone], pot=pot, name2=name[dfd]))
            elif won[lone] >= 2:
                half = num(Fraction(pot, 2))
                led.from_pool(lone, POT, half, _("both succeed ({won} and {won2} tricks): {name} wins half the pot "
                                                 "({half}), the other half is carried forward", won=won[lone],
                                                 won2=won[dfd], name=name[lone], half=half))
            else:
                led.from_pool(dfd, POT, pot, _("the defender, {name}, wins with {won} tricks: he gets the pot of "
                                               "{pot}", name=name[dfd], won=won[dfd], pot=pot))
                led.pay(lone, dfd, j, _("{name} failed ({won} trick(s)) and pays the defender a julep of {j}",
                                        name=name[lone], won=won[lone], j=j))
            return led.settlement()
        if not ok:
            for s in failed:
                led.to_pool(s, POT, j, _("all fail: {name} ({won} trick(s)) pays a julep of {j} to the pot, which "
                                         "is carried forward", name=name[s], won=won[s], j=j))
            return led.settlement()
        share = num(Fraction(pot, len(ok)))
        for w in ok:
            takes = _("the pot of {pot}", pot=pot) if len(ok) == 1 else _("half the pot ({share})", share=share)
            led.from_pool(w, POT, share, _("{name} won {won} tricks: takes {takes}", name=name[w], won=won[w],
                                           takes=takes))
            for s in failed:
                part = num(Fraction(j, len(ok)))
                julep = _("a julep of {j}", j=j) if len(ok) == 1 else _("half a julep ({part})", part=part)
                led.pay(s, w, part, _("{name} failed ({won} trick(s)) and pays {name2} {julep}", name=name[s],
                                      won=won[s], name2=name[w], julep=julep))
        return led.settlement()

    # ---------------------------------------------------------------- view
    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v["defender"] = self.defender if self.defender >= 0 else None
        return v

    def label(self, action: str) -> str:
        word, *cards = action.split()
        if word == "take" and cards:
            return _("Exchange {cards}, the turn-up first", cards=cards_phrase(cards))
        return _LABELS.get(action) or super().label(action)
