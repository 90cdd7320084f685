"""Rams, Rounce and Bierspiel (seed 002, Parlett's 'Rams'; docs/decisions.md).

Names. Parlett's heading is "Rams (Rammes, Ramsch, Rounce, Bierspiel)": Rounce and Bierspiel, which he
describes apart, have their own ids; ``rammes`` and ``ramsch`` load Rams itself (``ct.load("ramsch")``).
Skat players call a different game Ramsch (all play to take the fewest card points); the catalogue has no
Skat, so the alias hides no other game.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from ...core.bounds import ActionForm, DealBounds
from ...core.cards import PACK_32, PACK_52, SUITS
from ...core.chips import Amount, Ledger, Settlement
from ...core.dealing import DealPlan
from ...core.i18n import _, _n
from ...core.options import Option, Options
from ...core.phases import Phase
from ...core.pools import num
from ...core.tricks import CLAIMS
from ...core.views import Key, Kind
from .base import PASS, PLAY, POOL_KEYS, SEED, UNDERTRUMP, PoolFamily

__all__ = ["POOL", "Bierspiel", "Rams", "RamsPhase", "Rounce"]

RAMS = 3
STAKE = 5
POOL = "pool"


class RamsPhase(Phase):
    """The stages of a deal of Rams."""

    BID = "bid"    # each in turn: pass, play, take (the spare hand) or rams
    ROB = "rob"    # the dealer, if he plays, may take the turn-up for a card of his hand
    PLAY = "play"  # the tricks
    DONE = "done"


BID, ROB, PLAY_CARDS, DONE = RamsPhase

_WORDS = ("pass", "play", "take", "rams")
_LABELS = {
    "pass": _("Pass"), "play": _("Play"), "take": _("Take the spare hand"), "rams": _("Bid Rams (all five tricks)"),
}


class Rams(PoolFamily):
    """Rams (Rammes): 3–5 players, 32 cards A K Q J T 9 8 7; pass or play for fifths of the pool.

    THE DEAL. "Ante five to the pool, deal five each (3+2) plus a spare hand of five, and turn the
    next for trump." The dealer antes the five at every deal (gambiter.com and denexa.com 'Rams':
    "the dealer puts five counters in the pool"); the pool is carried from deal to deal. The spare
    hand is dealt in rotation after the dealer.

    THE BIDDING. From the dealer's left each in turn says pass, play, take or rams. "Each in turn
    may pass or undertake to win at least one trick [play]; but when the pool contains only five
    units nobody may pass." "One player only may exchange his hand for the spare, sight unseen, but
    must then play" [take: his own hand goes face down out of play, unseen by the others; he then says
    play or rams]. RA-GAP-3: the first to ask gets the spare. "Rams is a bid to win all five tricks
    [rams], and obliges everyone else to play": players who passed before the bid come back in, and
    the later ones may only play (or take the spare). "If only one player before him offers to
    play, dealer himself may not pass."

    ALL PASS. "If everybody passes, dealer receives five chips from the player on his right and there
    is no play"; the pool stays for the next deal. Default (all_pass="dealer_paid"): "everybody"
    means everyone before the dealer, who then has no turn (engine reading: were the dealer to speak,
    he would always play alone for the pool and the seed's payment could never happen). Option
    all_pass="dealer_may_play": the dealer still speaks; if he plays alone he takes the pool without
    play (as Loo's dealer takes the pool when all pass to him, L3-GAP-1; an inference).

    THE ROB. "Dealer may take the trump turn-up in exchange for any unwanted card": if he plays, after
    the bidding he says rob <card> (the card goes face down out of play; everyone sees him take the
    turn-up) or pass.

    THE PLAY. "The first active player left of dealer leads" (also after a Rams bid, RA-GAP-3).
    "Players must follow suit and head the trick if possible; must trump and overtrump if unable to
    follow; and may renounce only if unable to do either. The trick is taken by the highest card of
    the suit led, or by the highest trump if any are played, and the winner of each trick leads to
    the next." A player who can follow but not beat the best card of the suit plays any card of it;
    a plain-suit trick already trumped is followed with any card of that suit (L3-GAP-5). A void
    player who cannot overtrump must still trump (L3-GAP-4; option undertrump_required=false: he may
    then play any card). The seed sets no lead obligation: any card may be led.

    SETTLEMENT. "Each won trick earns one-fifth of the pool. A player who takes none adds five for
    the next deal. A successful rams bid wins the pool plus five from each opponent. If lost, the
    bidder doubles the pool and pays five to each (nothing extra for the player who took the trick
    that ended the play)": a Rams bid is played only until the bidder loses a trick, and the doubled
    pool is carried to the next deal.
    """

    id = "rams"
    name = "Rams"
    aliases: ClassVar[tuple[str, ...]] = ("rammes", "ramsch")  # seed 002: "Rams (Rammes, Ramsch, Rounce, Bierspiel)"
    min_players, max_players, default_players = 3, 5, 4
    pack_used = PACK_32
    source = f"{SEED}, 'Rams'; docs/decisions.md (RA-GAP-1..3, L3-GAP-4, L3-GAP-5)"
    phases = RamsPhase
    card_phases = (PLAY_CARDS,)
    option_specs: ClassVar[tuple[Option, ...]] = (
        UNDERTRUMP,
        Option("all_pass", str, "dealer_paid", ("dealer_paid", "dealer_may_play"),
               doc=_("when all before the dealer pass: no play and the dealer receives five from his right-hand "
                     "player (dealer_paid), or the dealer still speaks and may play alone to take the pool "
                     "(dealer_may_play)"),
               source="seed 002 'If everybody passes, dealer receives five chips from the player on his right' "
               "(ENGINE reading of 'everybody')"),
        CLAIMS,
    )

    view_keys = (
        *POOL_KEYS,
        Key("spare_size", Kind.INT, "cards in the spare hand (none once taken)"),
        Key("declarer", Kind.SEAT, "who bid Rams", null=True),
        Key("contract", Kind.WORD, "rams once someone has bid it", values=("rams",), null=True),
        Key("spare_taken_by", Kind.SEAT, "who took the spare hand", null=True),
    )

    # ---- the state of a deal of Rams (beside the family's pool, turn-up and active seats)
    pool: Amount
    """The pool of this deal: carried in plus the dealer's five."""
    said: list[int]
    """What each seat said in the bidding: 0 (not yet), PASS, PLAY or RAMS."""
    taker: int
    """Who took the spare hand (-1: no one)."""
    bidder: int
    """Who bid Rams (-1: no one)."""

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("pass"), ActionForm("play"), ActionForm("rams"), ActionForm("take"),
        ActionForm("rob #"),
    )

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """A deal begun from an empty pool (alone, or the first of a match): the pool is the dealer's stake of
        five. A lost Rams costs its bidder the pool again and five to each other seat, beside his ante when
        he deals; a made one wins the pool and five from each other seat. Each seat speaks once, the dealer
        may rob the turn-up and a seat take the spare, then five tricks. The cards dealt are the hands, the
        spare and the turn-up. A deal that begins with a carried pool can cost more (a lost Rams doubles it)."""
        pool = STAKE
        return DealBounds(actions=players * 7 + 2, least=-(STAKE + pool + STAKE * (players - 1)),
                          most=pool + STAKE * (players - 1), zero_sum=False, dealt=(players + 1) * 5 + 1)
    # -- end of the declaration

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
        self.phase, self.turn = BID, self.queue[0]

    # ------------------------------------------------------------------ bid
    def options_bid(self, seat: int) -> tuple[str, ...]:
        return _WORDS

    def check_bid(self, seat: int, action: str) -> str | None:
        if action == "pass":
            if self.bidder >= 0:
                return _("a Rams bid obliges everyone else to play")
            if seat == self.taker:
                return _("a player who takes the spare hand must then play")
            if self.pool == STAKE:
                return _("when the pool contains only five units nobody may pass")
            if seat == self.dealer and sum(1 for s in range(self.players)
                                           if s != seat and self.said[s] >= PLAY) == 1:
                return _("if only one player before him offers to play, the dealer may not pass")
            return None
        if action == "take":
            return _("one player only may exchange his hand for the spare, and it has been taken") \
                if self.taker >= 0 else None
        if action == "rams":
            return _("someone has already bid Rams") if self.bidder >= 0 else None
        if action == "play":
            return None
        return _("say pass, play, take (the spare hand) or rams; cards are played after the bidding")

    def apply_bid(self, seat: int, action: str) -> None:
        if action == "take":
            self.taker = seat
            self.dead |= self.hands[seat]
            self.seen[seat] |= self.hands[seat]
            self.hands[seat], self.spare = self.spare, 0
            return
        self.said[seat] = {"pass": PASS, "play": PLAY, "rams": RAMS}[action]
        if action == "rams":
            self.bidder = seat
            for s in range(self.players):
                if self.said[s] == PASS:
                    self.said[s] = PLAY  # "obliges everyone else to play": earlier passers come back in
        self.queue.pop(0)
        if self.queue == [self.dealer] and self.dealer_has_no_turn():
            self.queue.pop(0)
        if self.queue:
            self.turn = self.queue[0]
        else:
            self.end_bidding()

    def dealer_has_no_turn(self) -> bool:
        """All before the dealer passed (``all_pass="dealer_paid"``): no play, the dealer is paid five."""
        return self.game.options.all_pass == "dealer_paid" and all(
            self.said[s] == PASS for s in range(self.players) if s != self.dealer)

    def end_bidding(self) -> None:
        self.active = [s for s in range(self.players) if self.said[s] >= PLAY]
        self.throw_in_passers()
        if len(self.active) <= 1:
            self.end()  # all passed, or (all_pass="dealer_may_play") the dealer alone plays: no play
        elif self.dealer in self.active and self.turnup is not None:
            self.phase, self.turn = ROB, self.dealer
        else:
            self.begin_play(self.first_active_after(self.dealer))

    # ------------------------------------------------------------------ rob
    def options_rob(self, seat: int) -> list[str]:
        return ["pass"] + [f"rob {c}" for c in self.card_codes(self.hands[seat])]

    def check_rob(self, seat: int, action: str) -> str | None:
        word, *args = action.split()
        if action == "pass" or (word == "rob" and len(args) == 1
                                and self.pack.parse_in(args[0], self.hands[seat]) is not None):
            return None
        return _("the dealer may take the turn-up in exchange for a card of his hand (rob <card>) or pass")

    def apply_rob(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if word == "rob":
            assert self.turnup is not None
            c = self.find_card(args[0], self.hands[seat])
            self.hands[seat] = self.hands[seat] & ~(1 << c) | 1 << self.turnup
            self.known_in[seat] |= 1 << self.turnup
            self.discards |= 1 << c
            self.seen[seat] |= 1 << c
            self.turnup = None
        self.begin_play(self.first_active_after(self.dealer))

    # ---------------------------------------------------------------- play
    def card_tables(self, trump: int | None) -> tuple[list[int], list[int]]:
        suit_of, power = super().card_tables(trump)
        c = self.second_trump(trump)
        if c is not None and trump is not None:
            suit_of[c], power[c] = trump, 27  # just below the trump Ace (28)
        return suit_of, power

    def second_trump(self, trump: int | None) -> int | None:
        """The card ranking second in trumps whatever its rank (Bierspiel's seven); none in Rams."""
        return None

    def trick_done(self, winner: int) -> None:
        if (self.bidder >= 0 and winner != self.bidder) or not any(self.hands[s] for s in self.in_play):
            self.end()  # a Rams bid stops at the first lost trick

    # ------------------------------------------------- what a bot may ask
    def side(self, seat: int) -> int:
        return 0 if seat == self.bidder else 1 if self.bidder >= 0 else seat

    def declarer_seat(self) -> int | None:
        return self.bidder if self.bidder >= 0 else None

    # ---------------------------------------------------------- settlement
    def pool_now(self) -> Amount:
        return self.pool

    def _settle(self) -> Settlement:
        n, d, pool, name = self.players, self.dealer, self.pool, self.names
        led = Ledger(n, {POOL: self.pool_start}, names=self.names)
        led.to_pool(d, POOL, STAKE, _("{name} (dealer) antes {STAKE}; the pool is {pool}", name=name[d],
                                      STAKE=STAKE, pool=pool))
        if not self.active:
            right = (d - 1) % n
            led.pay(right, d, STAKE, _("everybody passed: {name} (dealer) receives {STAKE} from {name2} on his "
                                       "right; no play, the pool of {pool} stays for the next deal", name=name[d],
                                       STAKE=STAKE, name2=name[right], pool=pool))
        elif len(self.active) == 1:
            s = self.active[0]
            led.from_pool(s, POOL, pool, _("{name} (dealer) alone plays and takes the pool of {pool} without play",
                                           name=name[s], pool=pool))
        elif self.bidder >= 0:
            b = self.bidder
            if self.tricks_won[b] == 5:
                led.from_pool(b, POOL, pool, _("{name} made Rams (all five tricks) and wins the pool of {pool}",
                                               name=name[b], pool=pool))
                for s in range(n):
                    if s != b:
                        led.pay(s, b, STAKE)
            else:
                led.to_pool(b, POOL, pool, _("{name} lost Rams at trick {sum} and doubles the pool ({pool} + "
                                             "{pool})", name=name[b], sum=sum(self.tricks_won), pool=pool))
                for s in range(n):
                    if s != b:
                        led.pay(b, s, STAKE)
        else:
            for s in self.active:
                t = self.tricks_won[s]
                if t:
                    share = num(Fraction(pool * t, 5))
                    led.from_pool(s, POOL, share, _n("{name} won {t} trick: {t}/5 of the pool of {pool} = {share}",
                                                     "{name} won {t} tricks: {t}/5 of the pool of {pool} = {share}",
                                                     t, name=name[s], t=t, pool=pool, share=share))
                else:
                    led.to_pool(s, POOL, STAKE, _("{name} won no trick and adds {STAKE} for the next deal",
                                                  name=name[s], STAKE=STAKE))
        return led.settlement()

    # ---------------------------------------------------------------- view
    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v.update(spare_size=self.spare.bit_count(), declarer=self.declarer_seat(),
                 contract="rams" if self.bidder >= 0 else None, spare_taken_by=self.taker if self.taker >= 0 else None)
        return v

    def status(self, seat: int | None) -> str | None:
        if self.phase == BID and self.pool == STAKE:
            return _("the pool holds only five: nobody may pass")
        if self.bidder >= 0 and self.phase != DONE:
            return _("{player} has bid Rams: everyone plays; play stops at the first trick he loses",
                     player=self.names[self.bidder])
        return None

    def label(self, action: str) -> str:
        return _LABELS.get(action) or super().label(action)


class Rounce(Rams):
    """Rounce: Rams with the full 52-card pack, for three to nine players.

    Seed: Rams "using 52 cards" (RA-GAP-2: the same rules, cards ranking A K Q J T 9 8 7 6 5 4 3 2, for
    three to nine players; other books deal Rounce differently). The rules of Rams follow.
    """

    id = "rounce"
    name = "Rounce"
    aliases = ()
    max_players = 9
    pack_used = PACK_52
    source = f"{SEED}, 'Rams' ('Variant games include Rounce, using 52 cards'); docs/decisions.md RA-GAP-2"


class Bierspiel(Rams):
    """Bierspiel: Rams with the seven of trumps as the second-highest trump.

    Seed: Rams "in which 7 is always the second-highest trump". RA-GAP-1: the seven of the trump suit
    ranks just below the trump Ace (bierspiel_seven="trump_seven"); option bierspiel_seven="fixed_7D": the
    7D is always a trump, just below the trump Ace, whatever suit is trumps (like Mauscheln's Belli); it
    then no longer belongs to diamonds. The rules of Rams follow.
    """

    id = "bierspiel"
    name = "Bierspiel"
    aliases = ()
    source = f"{SEED}, 'Rams' ('Bierspiel, in which 7 is always the second-highest trump'); RA-GAP-1"
    option_specs = (*Rams.option_specs, Option(
        "bierspiel_seven", str, "trump_seven", ("trump_seven", "fixed_7D"),
        doc=_("which 7 is second-highest trump: the seven of trumps, or the 7D always (as Mauscheln's Belli)"),
        source="RA-GAP-1"))

    def second_trump(self, trump: int | None) -> int | None:
        if trump is None:
            return None
        code = "7D" if self.game.options.bierspiel_seven == "fixed_7D" else "7" + SUITS[trump]
        return self.pack.parse(code)
