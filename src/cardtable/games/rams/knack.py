"""Norrlandsknack (seed 002, Parlett's 'Norrlandsknack', cut off; docs/decisions.md)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from ...core.bounds import ActionForm, DealBounds, card_sets
from ...core.cards import PACK_52, SUITS
from ...core.chips import Amount, Ledger, Settlement
from ...core.dealing import DealPlan
from ...core.i18n import _
from ...core.options import Option, Options
from ...core.phases import Phase
from ...core.pools import num, plain
from ...core.tricks import CLAIMS, TrickRules
from ...core.views import Key, Kind
from .base import PASS, POOL_KEYS, SEED, PoolFamily

__all__ = ["KnackPhase", "Norrlandsknack"]

POT = "pot"
KNOCK, LURK = 2, 3
START = 10


class KnackPhase(Phase):
    """The stages of a deal of Norrlandsknack."""

    BID = "bid"    # knock or lurk (first deal), knock or pass (later deals)
    JOIN = "join"  # later deals: after a knock, each other player joins or drops
    DRAW = "draw"  # first deal: discards and replacements, the dealer taking the turn-up
    PLAY = "play"  # the tricks
    DONE = "done"


BID, JOIN, DRAW, PLAY, DONE = KnackPhase

_LABELS = {
    "knock": _("Knock"), "lurk": _("Lurk"), "pass": _("Pass"), "join": _("Join in"), "drop": _("Drop out"),
    "stand": _("Stand"),
}


class Norrlandsknack(PoolFamily):
    """Norrlandsknack (Norseman's Knock): 3–5 players, 52 cards; count down from ten points to zero.

    THE GAME. "Each player stakes one chip to the pot at start of play, but not at each deal. Each also
    starts with a 10-point score and deducts one for each trick won. The winner is the first to reach
    zero." The match ends at the deal in which someone reaches zero. Settlement deltas are points
    gained towards zero (10 minus the score), so the match target is 10; the chips (the stakes, a chip
    for each loaf, the pot to the winner) are settled apart from the points, as the settlement's chips,
    so a match totals each player's chips too. The scores, the pot of chips, whether it is still the
    first deal and the pass-outs are carried from deal to deal.

    THE DEAL. "Deal a batch of three to each player, turn the next for trump, then two more each"
    (NK-GAP-3: the seed's order, not Wikipedia's five then the turn-up). Cards rank A high to 2.
    Option auction_after_three: "It is also usual to bid, join in or drop out when three cards have
    been dealt to each and a trump-card is turned. The last two cards are then not dealt til the
    auction is over."

    THE FIRST DEAL. "Each in turn either knocks, thereby undertaking to win at least one trick, or
    says, 'I lurk'. Lurking means to play in hope of winning a trick, as there is no penalty for
    failing to do so at this stage." The bidding ends at the first knock and everyone plays (those
    who have not spoken lurk, as Wikipedia 'Norseman's knock' has it: "As soon as any player knocks,
    the bidding ends"). If all lurk it is a pass-out (de.wikipedia 'Norrlandsknack': "Wenn alle
    lauern, müssen die Karten von demselben Spieler wieder gegeben werden"). "As soon as someone
    knocks there follows a draw. Each in turn, starting with eldest, may make any number of discards
    and then draw the same number of replacements from stock. Dealer must take the trump turn-up
    before discarding, and correspondingly draws one card fewer to restore his hand to five"
    (exchange <cards> or stand; the dealer must discard at least one).

    LATER DEALS. "A player can only pass, not lurk ... When someone knocks, the other players –
    including any who have passed – must decide whether they will join in or drop out": after the
    first knock every other player in turn from the knocker's left says join or drop. There is no
    draw. A knocker whom nobody joins takes the five tricks without play (ENGINE DEFAULT).

    PASS-OUTS. "If all pass, the same dealer redeals. After three pass-outs, the deal passes on." A
    first deal passed out stays a first deal.

    THE PLAY. "Eldest leads the trump Ace if he has it, otherwise any card" (the first active player
    left of the dealer leads). "Players must follow suit if possible, otherwise may play any card.
    The trick is taken by the highest card of the suit led, or by the highest trump if any are
    played, and the winner of each trick leads to the next. When at least one player is down to one
    point ... Trumps must always be led, if possible": the rule holds as soon as any player's score,
    less the tricks he has won this deal, is one or less, and the engine enforces it (so the seed's
    loaf for failing to lead a trump cannot arise, NK-GAP-1).

    SCORE (NK-GAP-1, from Parlett's next page, provisional). One point off for each trick won. "If a
    knocker wins no trick, he is said to be given a loaf, or just 'loafed'. This entails adding five
    to his score, or raising it to 10 if that would make it more. A player who joins in, but who wins
    no trick, is also loafed. But this does not apply to the first deal, when everyone may join in for
    nothing – here, only a knocker can be loafed [lurkers never are, NK-GAP-2]. Each time a player is
    loafed, he adds one chip to the pot. The pot is won by (or divided between) the first player(s) to
    reach zero points."
    """

    id = "norrlandsknack"
    name = "Norrlandsknack"
    aliases: ClassVar[tuple[str, ...]] = ("norsemans-knock",)
    min_players, max_players, default_players = 3, 5, 4
    pack_used = PACK_52
    unit = "points"
    target = START
    source = f"{SEED}, 'Norrlandsknack'; docs/decisions.md (NK-GAP-1..3, Parlett's next page)"
    pool_key = POT
    phases = KnackPhase
    card_phases = (PLAY,)
    hand_size = 6
    """The dealer holds six cards once he has taken the turn-up, before his discard."""
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("auction_after_three", bool, False, doc=_("bid, join in or drop out after three cards each and the "
                                                         "turn-up; the last two cards are dealt after the auction"),
               source="seed 002: 'It is also usual to bid, join in or drop out when three cards have been dealt'"),
        CLAIMS,
    )

    view_keys = (
        *POOL_KEYS,
        Key("scores", Kind.PER_SEAT, "each seat's score, counting down to zero (less the tricks won this deal)"),
        Key("declarer", Kind.SEAT, "who knocked", null=True),
        Key("first_deal", Kind.BOOL, "whether this is the first deal of the game (lurking allowed)"),
        Key("lurkers", Kind.SEATS, "who lurks (first deal)", size="players"),
    )

    # ---- the state of a deal of Norrlandsknack (beside the family's pool, turn-up and active seats)
    new_game: bool
    """This deal begins a game: everyone stakes a chip and starts at ten."""
    scores: list[int]
    """Each seat's score at the start of the deal."""
    first: bool
    """The first deal of the game (lurk instead of pass, a draw, only a knocker loafed)."""
    passouts: int
    """Pass-outs in a row before this deal."""
    pot: Amount
    to_deal: int
    """Cards each still to receive (auction after three: two)."""
    said: list[int]
    """What each seat said: 0 (not yet), PASS, KNOCK or LURK."""
    knocker: int
    """Who knocked (-1: no one)."""

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("knock"), ActionForm("lurk"), ActionForm("stand"), *card_sets("exchange", 6),
        ActionForm("pass"), ActionForm("join"), ActionForm("drop"),  # the later deals of a match
    )

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """Points: a seat's score falls by its tricks (at most the five played), and a loafed seat's rises to
        at least the starting ten, by five at least: from a score of zero, by ten, the most. Each seat knocks,
        lurks or passes, joins or drops, and exchanges, the dealer takes the turn-up, then five tricks.
        Exchanges draw from the stock: the whole pack."""
        return DealBounds(actions=players * (3 + cls.hand_size) + 1, least=-START, most=5, zero_sum=False,
                          dealt=cls.pack_of(options).size)
    # -- end of the declaration

    def _start(self, order: list[int]) -> None:
        n, c = self.players, self.carry_in
        three = self.game.options.auction_after_three
        plan = DealPlan(rounds=(3,) if three else (3, 2), widows=(("turnup", 0, 1),))
        dealt = plan.deal(order, n, self.dealer)
        self._common(dealt.hands, dealt.stock, dealt.extras["turnup"].bit_length() - 1)
        self.new_game = not c.get("scores") or min(c["scores"]) <= 0
        self.scores = [START] * n if self.new_game else list(c["scores"])
        self.first = self.new_game or bool(c.get("first"))
        self.passouts = 0 if self.new_game else int(c.get("passouts", 0))
        self.pot = self.pool_start + (n if self.new_game else 0)  # "Each player stakes one chip ... at start"
        self.to_deal = 2 if three else 0
        self.said = [0] * n
        self.knocker = -1
        self.queue = self.seats_from(self.dealer)
        self.phase, self.turn = BID, self.queue[0]

    def make_rules(self) -> TrickRules:
        """'Players must follow suit if possible, otherwise may play any card.'"""
        return TrickRules.standard(self.pack, self.trump)

    def running(self, seat: int) -> int:
        """``seat``'s score with the tricks won so far in this deal deducted."""
        won = self.tricks_won[seat]
        return max(self.scores[seat] - won, 0)

    def trumps_rule(self) -> bool:
        """'When at least one player is down to one point ... Trumps must always be led, if possible.'"""
        return any(self.running(s) <= 1 for s in range(self.players))

    def lead_mask(self, seat: int) -> int:
        trump = self.trump
        assert trump is not None  # a card is always turned for trumps
        hand, trumps = self.hands[seat], self.hands[seat] & self.pack.suit_mask[trump]
        if not self.played:  # "Eldest leads the trump Ace if he has it"
            ace = trumps & self.pack.mask("A" + SUITS[trump])
            if ace:
                return ace
        if trumps and self.trumps_rule():
            return trumps
        return hand

    def lead_rule_text(self) -> str:
        return ("eldest must lead the trump Ace if he has it; once a player is down to one point, trumps must "
                "always be led if possible")

    # ------------------------------------------------------------------ bid
    def options_bid(self, seat: int) -> tuple[str, ...]:
        return ("knock", "lurk") if self.first else ("pass", "knock")

    def check_bid(self, seat: int, action: str) -> str | None:
        if action == "knock" or action == ("lurk" if self.first else "pass"):
            return None
        return _("in the first deal say knock or lurk; in later deals knock or pass")

    def apply_bid(self, seat: int, action: str) -> None:
        self.said[seat] = {"knock": KNOCK, "lurk": LURK, "pass": PASS}[action]
        if action == "knock":
            self.queue.pop(0)
            self.knocker = seat
            self.knocked()
        elif not self.pass_turn():
            self.end()  # a pass-out: "If all pass, the same dealer redeals"

    # ----------------------------------------------------------------- join
    def options_join(self, seat: int) -> tuple[str, ...]:
        return ("drop", "join")

    def check_join(self, seat: int, action: str) -> str | None:
        return None if action in ("drop", "join") else _("someone has knocked: join (in) or drop (out)")

    def apply_join(self, seat: int, action: str) -> None:
        self.said[seat] = KNOCK if action == "join" else PASS
        if not self.pass_turn():
            self.deal_rest()
            self.active = [s for s in range(self.players) if self.said[s] == KNOCK]
            self.throw_in_passers()
            if len(self.active) == 1:
                self.end()  # nobody joins: the knocker takes the five tricks (ENGINE DEFAULT)
            else:
                self.begin_play(self.first_active_after(self.dealer))

    # ----------------------------------------------------------------- draw
    def options_draw(self, seat: int) -> list[str]:
        if seat == self.dealer:  # he has taken the turn-up: discards one or more, draws one fewer
            return self.exchange_options(seat, cap=min(6, len(self.stock) + 1))
        return ["stand", *self.exchange_options(seat)]

    def legal_draw(self, seat: int) -> list[str]:
        situation = (DRAW, self.hands[seat].bit_count(), seat == self.dealer, len(self.stock), self.available())
        return self.allowed(seat, situation, self.options_draw(seat), self.check_draw)

    def check_draw(self, seat: int, action: str) -> str | None:
        word, *args = action.split()
        if seat == self.dealer:
            if word == "exchange" and self.exchangeable(seat, args, min(6, len(self.stock) + 1)):
                return None
            return _("the dealer, holding the turn-up, must discard (exchange <cards>) and draws one card fewer")
        if action == "stand" or (word == "exchange" and self.exchangeable(seat, args, self.available())):
            return None
        return _("discard and draw (exchange <cards of your hand>) or stand")

    def apply_draw(self, seat: int, action: str) -> None:
        args = action.split()[1:]
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

    def knocked(self) -> None:
        if self.first:  # "as soon as someone knocks there follows a draw"; everyone else lurks
            for s in range(self.players):
                self.said[s] = self.said[s] or LURK
            self.deal_rest()
            self.active = list(range(self.players))
            self.queue = self.seats_from(self.dealer)
            self.phase = DRAW
            self.next_drawer()
        else:
            self.queue = [s for s in self.seats_from(self.knocker) if s != self.knocker]
            self.phase, self.turn = JOIN, self.queue[0]

    def deal_rest(self) -> None:
        """With the auction after three cards, the last two are dealt now."""
        for _x in range(self.to_deal):
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
        """The scores after this deal, and who was loafed."""
        tricks = list(self.tricks_won)
        if len(self.active) == 1:
            tricks[self.active[0]] = 5
        out, loafed = [], []
        for s in range(self.players):
            loaf = s in self.active and self.loafable(s) and tricks[s] == 0
            out.append(max(self.scores[s] + 5, START) if loaf else max(self.scores[s] - tricks[s], 0))
            loafed.append(loaf)
        return out, loafed

    def pool_now(self) -> Amount:
        return self.pot

    def _settle(self) -> Settlement:
        # The points are the game's score; the chips (the stake, the loaves, the pot) are settled as chips.
        name = self.names
        led = Ledger(self.players, {POT: self.pool_start}, unit="points", names=self.names)
        if self.new_game:  # "Each player stakes one chip to the pot at start of play, but not at each deal"
            for s in range(self.players):
                led.chips_to_pool(s, POT, 1)
            led.note(_("a new game: each player stakes one chip; the pot holds {pot}", pot=self.pot))
        if not self.active:
            n = self.passouts + 1
            led.note(_("all passed: pass-out {passouts}, the same dealer redeals", passouts=n) if n < 3 else
                     _("all passed: pass-out {passouts}, the deal passes on", passouts=n))
            return led.settlement()
        if len(self.active) == 1:
            led.note(_("nobody joins in: {name} takes the five tricks without play", name=name[self.active[0]]))
        new, loafed = self.new_scores()
        for s in range(self.players):
            if loafed[s]:  # "Each time a player is loafed, he adds one chip to the pot"
                led.chips_to_pool(s, POT, 1)
                led.score(s, self.scores[s] - new[s], _("{name} won no trick and is loafed: score {scores} -> "
                                                        "{new}, and adds a chip to the pot", name=name[s],
                                                        scores=self.scores[s], new=new[s]))
            elif new[s] != self.scores[s]:
                led.score(s, self.scores[s] - new[s], _("{name}: score {scores} -> {new}", name=name[s],
                                                        scores=self.scores[s], new=new[s]))
        zero = [s for s in range(self.players) if new[s] == 0]
        if zero:  # "The pot is won by (or divided between) the first player(s) to reach zero points"
            pot = led.pools[POT]
            share = num(Fraction(pot, len(zero)))
            for s in zero:
                led.chips_from_pool(s, POT, share)
            if len(zero) == 1:
                led.note(_("{name} reached zero first and wins the game and the pot of {pot} chips",
                           name=name[zero[0]], pot=pot))
            else:
                led.note(_("{join} reached zero together, win the game and divide the pot of {pot} chips ({share} "
                           "each)", join=' and '.join(name[s] for s in zero), pot=pot, share=plain(share)))
        return led.settlement()

    def _carry(self) -> dict[str, Any] | None:
        passout = not self.active
        new = self.scores if passout else self.new_scores()[0]
        return {"scores": new, "pools": {POT: plain(self.result().pools[POT])},
                "first": self.first and passout, "passouts": (self.passouts + 1) % 3 if passout else 0}

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        scores = self.new_scores()[0] if self.turn is None and self.active else \
            [self.running(s) for s in range(self.players)]
        v.update(scores=scores, declarer=self.knocker if self.knocker >= 0 else None,
                 first_deal=self.first, lurkers=[s for s in range(self.players) if self.said[s] == LURK])
        return v

    def status(self, seat: int | None) -> str | None:
        if self.phase == PLAY and self.trumps_rule():
            return _("a player is down to one point: trumps must always be led if possible")
        return None

    def label(self, action: str) -> str:
        return _LABELS.get(action) or super().label(action)

    def next_dealer(self) -> int:
        """'If all pass, the same dealer redeals. After three pass-outs, the deal passes on.'"""
        if not self.active and self.passouts + 1 < 3:
            return self.dealer
        return super().next_dealer()
