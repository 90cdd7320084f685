"""Mauscheln / Mousel (seed 002, Parlett's 'Mauscheln, Mousel'; docs/decisions.md)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from ...core.bounds import ActionForm, DealBounds, card_sets
from ...core.cards import PACK_32, PACK_52, SUITS, Pack
from ...core.chips import Amount, Ledger, Settlement
from ...core.dealing import DealPlan
from ...core.i18n import _, _n
from ...core.options import Option, Options
from ...core.phases import Phase
from ...core.pools import num
from ...core.views import Key, Kind
from .base import POOL_KEYS, SEED, UNDERTRUMP, PoolFamily

__all__ = ["POT", "Mauscheln", "MauschelnPhase"]

POT = "pot"


class MauschelnPhase(Phase):
    """The stages of a deal of Mauscheln."""

    BLIND = "blind"        # variant 1: the dealer may diddle before looking at his cards
    BID = "bid"            # each in turn: pass or diddle (two tricks)
    JOIN = "join"          # after a diddle: join in (one trick) or pass (drop out)
    EXCHANGE = "exchange"  # once each: discard and draw, or stand
    PLAY = "play"          # the tricks
    DONE = "done"


BLIND, BID, JOIN, EXCHANGE, PLAY, DONE = MauschelnPhase

_LABELS = {"pass": _("Pass"), "diddle": _("Diddle (two tricks)"), "join": _("Join in (one trick)"), "stand": _("Stand")}


class Mauscheln(PoolFamily):
    """Mauscheln (Mousel): 3–5 players, 32 cards A K Q J T 9 8 7; diddle for two tricks, join in for one.

    THE DEAL. "The dealer stakes an amount divisible by four [option stake, default 4], then deals four
    cards each, in twos, and turns the next for trump." Play goes to the left. The dealer stakes at
    every deal and the pot is carried (MA-GAP-3, MA-GAP-4). Option cards=52 ("32 or 52c"): the full
    pack ranking A down to 2.

    THE BIDDING. "Each in turn may pass or declare 'Diddle', thereby undertaking to win two tricks.
    As soon as someone offers to diddle, each in turn may pass, in which case they drop out, or 'Join
    in', which is an undertaking to win at least one": after a diddle every other player, from the
    diddler's left and including those who passed before it, says join or pass (engine reading: a
    pass before any diddle only declines to diddle). "If no one offers to diddle, the deal passes
    round" (MA-GAP-3: the cards are thrown in, the pot is carried and the next dealer adds his stake,
    de.wiki.li 'Mauscheln'). "If someone diddles but no one joins in, the diddler wins the pot without
    play."

    THE EXCHANGE. "Otherwise, each active player may now make any number of discards and receive the
    same number from the top of the stock. If it runs out, make a new stock from the cards of those
    who passed, or from discards if necessary." Once each (MA-GAP-4), from the dealer's left:
    exchange <cards> or stand; discards go face down out of play; a new stock is shuffled.

    THE PLAY. "The diddler leads any card to the first trick. Players must follow suit and head the
    trick if possible; must trump and overtrump if unable to follow; and may renounce only if unable
    to do either." A player who can follow but not beat the best card of the suit plays any card of
    it; a plain-suit trick already trumped is followed with any card of that suit (L3-GAP-5); a void
    player unable to overtrump must still trump (L3-GAP-4; option undertrump_required=false: any card).

    SETTLEMENT. "Each won trick earns one-quarter of the pot. An active player who took none, or the
    diddler if he took only one, pays the value of the pot. If the diddler took none, he pays double."
    The value is the pot as it stood for the deal (the stake included), paid into the pot for the
    next deal (MA-GAP-4).

    VARIANT 1 (blind_diddle). "If the turn-up is an Ace or other high card, the dealer may diddle
    before looking at his cards. In this case, when his turn comes to exchange, he may look at his
    cards, discard, and include the turn-up in his replacements." A high card is an Ace or a King
    (ENGINE DEFAULT); the dealer is asked first (diddle or pass) and cannot see his hand until his
    exchange; if he discards, the turn-up is his first replacement.

    VARIANT 2 (belli). "The 7, called Belli, is the second-highest trump, and its holder pays a
    premium if he loses it to the trump Ace." MA-GAP-1: belli="7D" (the Schellen seven of the German
    pack: always a trump, just below the trump Ace, whatever suit is trumps) or belli="trump_seven";
    belli="off" (default) plays without it.

    VARIANT 3 (flush_redeal). "A player dealt a flush (four of the same suit) must pay a premium, throw
    his hand in, and be dealt a new one": the hand is shown and put aside, four new cards come from the
    top of the stock, before the bidding; the premium is in this deal's pot at once (the pot shown, the
    trick shares and an uncontested diddle include it).

    PREMIUMS (MA-GAP-2, ENGINE DEFAULT): a quarter of the pot (premium="quarter_pot") or the dealer's
    stake (premium="stake"); the flush premium goes to the pot, the Belli premium to the player of the
    trump Ace.
    """

    id = "mauscheln"
    name = "Mauscheln"
    aliases: ClassVar[tuple[str, ...]] = ("mousel",)
    min_players, max_players, default_players = 3, 5, 4
    pack_used = PACK_32
    source = f"{SEED}, 'Mauscheln, Mousel'; docs/decisions.md (MA-GAP-1..4, L3-GAP-4)"
    pool_key = POT
    phases = MauschelnPhase
    card_phases = (PLAY,)
    hand_size = 4
    option_specs: ClassVar[tuple[Option, ...]] = (
        UNDERTRUMP,
        Option("stake", int, 4, range(4, 101), doc=_("the dealer's stake each deal: a multiple of four"),
               source="seed 002: 'The dealer stakes an amount divisible by four'"),
        Option("cards", int, 32, (32, 52), doc=_("the pack: 32 cards (AKQJT987) or 52"),
               source="seed 002: '32 or 52c'"),
        Option("blind_diddle", bool, False, doc=_("variant 1: on an Ace or King turned, the dealer may diddle "
                                                  "blind and takes the turn-up among his replacements"),
               source="seed 002 Mauscheln variant 1; 'high card' = A or K is an ENGINE DEFAULT"),
        Option("belli", str, "off", ("off", "7D", "trump_seven"),
               doc=_("variant 2: Belli (the 7D, or the trump seven) is second-highest trump; its holder pays a "
                     "premium if he loses it to the trump Ace"), source="seed 002 variant 2; MA-GAP-1"),
        Option("flush_redeal", bool, False, doc=_("variant 3: a hand dealt four of a suit pays a premium to the "
                                                  "pot, is thrown in and replaced"), source="seed 002 variant 3"),
        Option("premium", str, "quarter_pot", ("quarter_pot", "stake"),
               doc=_("the size of the Belli and flush premiums"), source="MA-GAP-2 (ENGINE DEFAULT)"),
    )

    view_keys = (
        *POOL_KEYS,
        Key("thrown", Kind.CARDS, "the flushes thrown in face up (variant 3)", size="pack", always=False),
        Key("declarer", Kind.SEAT, "who diddled", null=True),
        Key("joined", Kind.SEATS, "who joined in", size="players"),
        Key("contract", Kind.WORD, "diddle once someone has diddled", values=("diddle",), null=True),
    )

    # ---- the state of a deal of Mauscheln (beside the family's pool, turn-up and active seats)
    pot: Amount
    """The pot of this deal: carried in, plus the dealer's stake, plus any flush premiums (variant 3)."""
    premiums: list[tuple[int, int, Amount, str]]
    """Premiums due: payer, payee (-1: the pot), amount, why."""
    diddler: int
    """Who diddled (-1: no one)."""
    blind: bool
    """The dealer has not yet looked at his cards (variant 1)."""
    blind_diddled: bool
    joined: list[int]

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("diddle"), ActionForm("join"), ActionForm("pass"), ActionForm("stand"),
        *card_sets("exchange", 4),
    )

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """A deal begun from an empty pot: the pot is the dealer's stake. With ``flush_redeal`` every hand
        thrown in and replaced takes four cards of the stock and pays a premium into the pot (a quarter of
        the pot, or the stake), so the pot grows at most by that much for each; Belli lost to the Ace costs
        one premium more, paid to the Ace's holder. A diddler with no trick pays twice the pot; a seat gains
        at most the pot and the Belli premium. Each seat speaks, joins or stands, and exchanges, at most
        three actions, the dealer one more for the turn-up, then four tricks. Exchanges draw from the stock."""
        stake, size = options.stake, cls.pack_of(options).size
        redeals = (size - 4 * players - 1) // 4 if options.flush_redeal else 0
        quarter = options.premium == "quarter_pot"
        pot = Fraction(stake) * (Fraction(5, 4) ** redeals if quarter else 1 + redeals)
        belli = pot / 4 if quarter else Fraction(stake)
        return DealBounds(actions=players * 7 + 2 + 4 * redeals, least=-(3 * pot + belli), most=pot + belli,
                          zero_sum=False, dealt=size)
    # -- end of the declaration

    @classmethod
    def pack_of(cls, options: Options) -> Pack:
        return PACK_52 if options.cards == 52 else PACK_32

    @classmethod
    def configuration_problem(cls, players: int, options: Options) -> str | None:
        if options.stake % 4:
            return ("option stake must be a multiple of four from 4 to 100 (the dealer 'stakes an amount "
                    f"divisible by four'), not {options.stake}")
        return None

    def _start(self, order: list[int]) -> None:
        n, o = self.players, self.game.options
        dealt = DealPlan(rounds=(2, 2), turn_up=True).deal(order, n, self.dealer)
        self._common(dealt.hands, dealt.stock, dealt.turn_up)
        self.pot = self.pool_start + o.stake
        self.premiums = []
        self.diddler = -1
        self.blind = self.blind_diddled = False
        self.joined = []
        if o.flush_redeal:
            self.redeal_flushes()
        self.queue = self.seats_from(self.dealer)
        self.phase, self.turn = BID, self.queue[0]
        if o.blind_diddle and self.turnup is not None and self.pack.rank[self.turnup] >= 13:
            self.phase, self.turn, self.blind = BLIND, self.dealer, True

    def premium(self) -> Amount:
        """MA-GAP-2 (ENGINE DEFAULT): a quarter of the pot, or the dealer's stake."""
        stake: int = self.game.options.stake
        return num(Fraction(self.pot, 4)) if self.game.options.premium == "quarter_pot" else stake

    def redeal_flushes(self) -> None:
        """Variant 3: a hand of four of one suit pays a premium into the pot ("into the pot ... before the
        bidding": the pot of this deal grows by it), is thrown in face up and replaced. Every flush of a deal
        pays the same premium, worked out from the pot as staked (before any premium)."""
        amount = self.premium()
        for s in self.seats_from(self.dealer):
            h = self.hands[s]
            while any(h == h & m for m in self.pack.suit_mask[:4]) and len(self.stock) >= 4:
                self.premiums.append((s, -1, amount, _("{player} was dealt a flush", player=self.names[s])))
                self.pot += amount
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
            c = self.pack.parse("7D" if belli == "7D" else "7" + SUITS[trump])
            suit_of[c], power[c] = trump, 27  # Belli: second-highest trump, under the Ace (28)
        return suit_of, power

    # ------------------------------------------------------ blind, bid, join
    def options_blind(self, seat: int) -> tuple[str, ...]:
        return ("pass", "diddle")

    def check_blind(self, seat: int, action: str) -> str | None:
        if action in ("pass", "diddle"):
            return None
        return _("the dealer may diddle blind (before looking at his cards) or pass")

    def apply_blind(self, seat: int, action: str) -> None:
        if action == "diddle":
            self.start_join(seat)
        else:
            self.blind = False
            self.phase = BID
            self.turn = self.queue[0]

    def options_bid(self, seat: int) -> tuple[str, ...]:
        return ("pass", "diddle")

    def check_bid(self, seat: int, action: str) -> str | None:
        return None if action in ("pass", "diddle") else _("say pass or diddle (undertake two tricks)")

    def apply_bid(self, seat: int, action: str) -> None:
        if action == "diddle":
            self.start_join(seat)
        elif not self.pass_turn():
            self.end()  # "If no one offers to diddle, the deal passes round"

    def start_join(self, seat: int) -> None:
        self.diddler = seat
        self.blind_diddled = self.blind
        self.queue = [s for s in self.seats_from(seat) if s != seat]
        self.phase, self.turn = JOIN, self.queue[0]

    def options_join(self, seat: int) -> tuple[str, ...]:
        return ("pass", "join")

    def check_join(self, seat: int, action: str) -> str | None:
        if action in ("pass", "join"):
            return None
        return _("someone diddles: say join (undertake one trick) or pass (drop out)")

    def apply_join(self, seat: int, action: str) -> None:
        if action == "join":
            self.joined.append(seat)
        if not self.pass_turn():
            self.start_exchange()

    # ------------------------------------------------------------- exchange
    def start_exchange(self) -> None:
        if not self.joined:
            self.blind = False
            self.end()  # "If someone diddles but no one joins in, the diddler wins the pot without play"
            return
        self.active = sorted([self.diddler, *self.joined])
        self.throw_in_passers()
        self.queue = [s for s in self.seats_from(self.dealer) if s in self.active]
        self.phase = EXCHANGE
        self.next_exchanger()

    def next_exchanger(self) -> None:
        if not self.queue:
            self.begin_play(self.diddler)  # "The diddler leads any card to the first trick"
            return
        self.turn = self.queue[0]
        if self.turn == self.dealer:
            self.blind = False  # "when his turn comes to exchange, he may look at his cards"

    def options_exchange(self, seat: int) -> list[str]:
        return ["stand", *self.exchange_options(seat)]

    def legal_exchange(self, seat: int) -> list[str]:
        situation = (EXCHANGE, self.hands[seat].bit_count(), self.available())
        return self.allowed(seat, situation, self.options_exchange(seat), self.check_exchange)

    def check_exchange(self, seat: int, action: str) -> str | None:
        word, *args = action.split()
        if action == "stand" or (word == "exchange" and self.exchangeable(seat, args, self.available())):
            return None
        return (_("exchange <cards of your hand> (at most {available} can be drawn), or stand; each active player "
                  "exchanges once", available=self.available()))

    def apply_exchange(self, seat: int, action: str) -> None:
        args = action.split()[1:]
        first = None
        if args and seat == self.dealer == self.diddler and self.blind_diddled and self.turnup is not None:
            first, self.turnup = self.turnup, None  # the blind diddler includes the turn-up
        if args:
            self.exchange(seat, args, first)
        self.queue.pop(0)
        self.next_exchanger()

    # ---------------------------------------------------------------- play
    def trick_done(self, winner: int) -> None:
        trick = [c for _x, c in self.last_trick]
        belli = [c for c in trick if self.rules.power[c] == 27 and self.rules.suit_of[c] == self.trump]
        ace = [s for s, c in self.last_trick if self.rules.power[c] == 28 and self.rules.suit_of[c] == self.trump]
        if belli and ace:
            holder = next(s for s, c in self.last_trick if c == belli[0])
            self.premiums.append((holder, ace[0], self.premium(),
                                  _("{player} lost Belli to the trump Ace", player=self.names[holder])))
        if not any(self.hands[s] for s in self.in_play):
            self.end()

    def side(self, seat: int) -> int:
        return seat

    def declarer_seat(self) -> int | None:
        return self.diddler if self.diddler >= 0 else None

    # ---------------------------------------------------------- settlement
    def pool_now(self) -> Amount:
        return self.pot

    def _settle(self) -> Settlement:
        d, pot, stake, name = self.dealer, self.pot, self.game.options.stake, self.names
        led = Ledger(self.players, {POT: self.pool_start}, names=self.names)
        staked = num(self.pool_start + stake)
        led.to_pool(d, POT, stake, _("{name} (dealer) stakes {stake}; the pot is {staked}", name=name[d],
                                     stake=stake, staked=staked))
        for payer, payee, amount, why in self.premiums:
            if payee < 0:
                staked = num(staked + amount)
                led.to_pool(payer, POT, amount, _("{why}: pays a premium of {amount} to the pot; the pot is "
                                                  "{staked}", why=why, amount=amount, staked=staked))
            else:
                led.pay(payer, payee, amount, _("{why}: pays {name} a premium of {amount}", why=why,
                                                name=name[payee], amount=amount))
        if self.diddler < 0:
            led.note(_("no one offered to diddle: the pot is carried to the next deal"))
        elif not self.joined:
            led.from_pool(self.diddler, POT, pot, _("{name} diddles and no one joins in: he takes the pot of {pot} "
                                                    "without play", name=name[self.diddler], pot=pot))
        else:
            for s in self.active:
                t = self.tricks_won[s]
                who = _("{player} (diddler)", player=name[s]) if s == self.diddler else \
                    _("{player} (joined in)", player=name[s])
                if t:
                    share = num(Fraction(pot * t, 4))
                    led.from_pool(s, POT, share, _n("{who} won {t} trick: {t}/4 of the pot of {pot} = {share}",
                                                    "{who} won {t} tricks: {t}/4 of the pot of {pot} = {share}",
                                                    t, who=who, t=t, pot=pot, share=share))
                need = 2 if s == self.diddler else 1
                if t < need:
                    times = 2 if s == self.diddler and t == 0 else 1
                    what = _("double the pot") if times == 2 else _("the value of the pot")
                    led.to_pool(s, POT, pot * times, _n("{who} won {t} trick and pays {what}, {pot}, into the pot",
                                                        "{who} won {t} tricks and pays {what}, {pot}, into the pot",
                                                        t, who=who, t=t, what=what, pot=pot * times))
        return led.settlement()

    # ---------------------------------------------------------------- view
    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v.update(declarer=self.declarer_seat(), joined=list(self.joined),
                 contract="diddle" if self.diddler >= 0 else None)
        return v

    def label(self, action: str) -> str:
        return _LABELS.get(action) or super().label(action)
