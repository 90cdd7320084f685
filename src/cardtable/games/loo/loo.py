"""The Loo family's base: :class:`Loo` (Three-Card Loo). Its variants, which change only what differs, are in
:mod:`.variants`.

See the package text for the rules as implemented and their sources.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from ...core.aims import Aim
from ...core.bounds import ActionForm, DealBounds
from ...core.cards import SUITS, bits, card_name
from ...core.chips import Amount, Ledger, Settlement, plain
from ...core.deal import Zone
from ...core.dealing import DealPlan
from ...core.game import Game
from ...core.i18n import _
from ...core.options import Option, Options
from ...core.phases import Phase
from ...core.pools import num
from ...core.tricks import TrickDeal, TrickRules
from ...core.views import TRICK_KEYS, Key, Kind
from ...core.words import action_label, cards_phrase
from .options import common_options, fixed_rules
from .ranking import ACE, KING, PAM, PAM_BIT, FlushKey, flush_key, trick_rules

__all__ = ["Loo", "LooPhase", "LooSetup", "ThreeCardLoo"]

POOL = "pool"
CLUBS = 3


class LooPhase(Phase):
    """The stages of a deal of Loo."""

    ENTER = "enter"        # each in turn passes, plays, or takes the miss (with the dealer's defence of the pool)
    SHOW = "show"          # a flush dealt is shown at once by its holder
    EXCHANGE = "exchange"  # cards exchanged from the stock
    PLAY = "play"          # the tricks (a card, or the Ace of trumps led with "Pam be civil")
    DONE = "done"


ENTER, SHOW, EXCHANGE, PLAY, DONE = LooPhase  # the members, read at module speed on the hot path


def _share(total: Amount, parts: int) -> Amount:
    q = Fraction(total) / parts
    return q.numerator if q.denominator == 1 else q


@dataclass(frozen=True)
class LooSetup:
    """What every deal of one configuration of Loo needs, worked out once per game (``game.setup``)."""

    plan: DealPlan
    rules: tuple[TrickRules, ...]
    """The trick rules for each trump suit (by suit index)."""
    orders: tuple[tuple[int, ...], ...]
    """Per dealer: every seat in the order of play, from the dealer's left."""
    flushes: bool
    """Whether flushes loo the board (Irish Loo: only with ``flush3``)."""
    lead_rule: str
    pam_civil: str
    entering: dict[tuple[bool, bool], tuple[str, ...]] = field(default_factory=dict)
    """Memo: the entering words allowed, by (the dealer must defend the pool, the miss may be taken) — all
    :meth:`Loo.check_enter` depends on in a configured game."""


_ENTER_WORDS = ("pass", "play", "play pool", "take", "take pool")
_OUTCOMES = {"dealer_takes": _("everyone passed to the dealer, who takes the pool"), "all_pass": _("everyone passed"),
             "lone": _("one player alone stood and takes the pool"), "flush": _("a flush looes the board"),
             "play": _("the tricks are played")}
_LABELS = {"pass": _("Pass"), "play": _("Play"), "play pool": _("Play for the pool"), "take": _("Take the miss"),
           "take pool": _("Take the miss and play for the pool"), "show": _("Show your flush"),
           "keep": _("Keep your cards")}


class Loo(TrickDeal):
    """Three-Card Loo: three cards and a miss; pass, play or take the miss; a third of the pool a trick.

    See the package text for the rules as implemented and their sources.
    """

    # ---- the declaration
    id = "three-card-loo"
    name = "Three-Card Loo"
    family = "loo"
    aim = Aim("tricks", "pool")  # each trick takes a share of the pool; a player may stand out
    aliases: ClassVar[tuple[str, ...]] = ("loo", "three-card-lu")
    min_players, max_players, default_players = 3, 10, 6
    source = "seed 000_021e177d957c1434.txt, 'Loo' (Hervey), THREE-CARD LOO; docs/decisions.md"
    phases = LooPhase
    hand_size: ClassVar[int] = 3
    miss_hand: ClassVar[bool] = True
    """A miss is dealt (an extra hand a player may take for his own)."""
    pam: ClassVar[bool] = False
    exchanges: ClassVar[bool] = False
    exchange_after_bidding: ClassVar[bool] = False
    """The exchanges are a round of their own after everyone has decided (else each exchanges as he enters)."""
    flushes: ClassVar[bool] = False
    dealer_protect: ClassVar[bool] = True
    """The dealer's position of L3-GAP-1: he takes the pool when all pass to him, and defends it against one."""
    option_specs = (
        *common_options(3),
        Option("defend_pool_hand", str, "own_or_miss", ("own_or_miss", "miss_only"),
               doc=_("the dealer playing for the pool uses his own hand or the miss, or only the miss (Hoyle)"),
               source="L3-GAP-1"),
    )
    fixed_options = fixed_rules(option_specs)
    view_keys = (
        *TRICK_KEYS,
        Key("trump", Kind.SUIT, "the trump suit, the turn-up's"),
        Key("turn_up", Kind.CARD, "the card turned up for trumps"),
        Key("pools", Kind.AMOUNTS, "the pool as it stands this deal"),
        Key("stock_size", Kind.INT, "cards left in the stock"),
        Key("entered", Kind.SEATS, "who has chosen to play, in the order of play"),
        Key("passed", Kind.SEATS, "who has passed, in the order of play"),
        Key("tricks_won", Kind.PER_SEAT, "the tricks each seat has won"),
        Key("club_law", Kind.BOOL, "whether Club Law binds this deal (clubs are trumps: everyone plays)"),
        Key("miss_size", Kind.INT, "cards in the miss (games with a miss)", always=False),
        Key("miss_taker", Kind.SEAT, "who took the miss (games with a miss)", null=True, always=False),
        Key("playing_for_pool", Kind.SEAT, "the dealer, when he plays for the pool", always=False),
        Key("exposed", Kind.SEAT_CARDS, "the flushes shown", always=False),
        Key("civil", Kind.BOOL, "whether 'Pam be civil' binds the current trick", always=False),
        Key("my_discards", Kind.CARDS, "the cards this seat exchanged away (and the hand it left for the miss)",
            size="hand", always=False),
    )

    # ---- the state of a deal of Loo (beside the core's hands, trick and tricks won)
    setup: LooSetup
    order: tuple[int, ...]
    """Every seat in the order of play, from the dealer's left."""
    dealt: list[int]
    """Each seat's hand as dealt (a flush held at the deal counts, L5-GAP-5)."""
    miss: int
    turn_up: int
    trump: int
    pool_in: Amount
    """The pool carried in from the last deal."""
    ante: int
    pool: Amount
    """The pool at the start of the deal: carried in plus the ante."""
    pos: int
    """How many seats have spoken in the entering."""
    entered: int
    passed: int
    miss_taker: int
    dead: int
    """The miss-taker's own hand, face down."""
    discards: list[int]
    """The cards each seat exchanged away, face down."""
    exposed: int
    for_pool: bool
    civil: bool
    x_round: bool
    """The exchanges are being made in a round of their own."""
    xq: list[int]
    """The seats still to exchange in that round."""
    outcome: str
    """How the deal ended: dealer_takes, all_pass, lone, flush or play."""
    flush_winners: list[int]
    flush_holders: int
    flush_cards: list[int]
    looed: bool
    """Someone was looed (the settlement sets it; the next dealer antes only if not)."""
    club_law: bool
    shown_at_deal: bool
    to_show: list[int]

    # ---------------------------------------------------------- configuration
    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("pass"), ActionForm("play"), ActionForm("play pool"), ActionForm("take"),
        ActionForm("take pool"),
    )

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """A deal begun from an empty pool (the first of a match, or a deal alone): the pool is the dealer's
        ante, and the loo a looed player pays is the fixed sum, or at most that pool (capped or not). A seat
        loses at most the ante and one loo (paid to the pool, or shared among the flush holders); it gains at
        most the pool, and a flush holder paid by the others a loo from each. Each seat decides once (pass,
        play, take the miss; the dealer once more when all pass to him), exchanges once, shows a flush once,
        and plays its cards. Deals with exchanges draw from the stock (the whole pack); others use the hands,
        the miss and the turn-up. A deal that begins with a carried pool can lose more: its loo is that pool
        (unlimited loo)."""
        pool = options.ante
        limit = options.penalty_limit or 2 * options.ante
        loo = limit if options.penalty == "fixed" else pool
        paid = getattr(options, "flush_paid_to", "pool") == "holder"
        dealt = 52 if cls.exchanges else (players + cls.miss_hand) * cls.hand_size + 1
        return DealBounds(actions=players * (3 + cls.hand_size) + 1, least=-(options.ante + loo),
                          most=pool + (players - 1) * loo * paid, zero_sum=False, dealt=dealt)
    # -- end of the declaration

    @classmethod
    def configuration_problem(cls, players: int, options: Options) -> str | None:
        if options.ante % cls.hand_size:
            return f"the ante must be divisible by {cls.hand_size} (a share for each trick), not {options.ante}"
        if (players + (1 if cls.miss_hand else 0)) * cls.hand_size + 1 > 52:
            return f"{players} players need more than 52 cards"
        return None

    @classmethod
    def hand_limit(cls, game: Game) -> int:
        return cls.hand_size

    @classmethod
    def plan(cls, options: Options, players: int) -> DealPlan:
        """One card at a time (the miss after the dealer's own card, Peel), then the turn-up."""
        rounds = {"singly": (1,) * cls.hand_size, "3+2": (3, 2), "2+3": (2, 3)}[options.deal]
        extra = (("miss", players),) if cls.miss_hand else ()
        return DealPlan(rounds=rounds, extra_hands=extra, turn_up=True)

    @classmethod
    def configure(cls, game: Game) -> LooSetup:
        o, n = game.options, game.players
        return LooSetup(plan=cls.plan(o, n), rules=tuple(trick_rules(t, cls.pam, o.undertrump_required)
                                                         for t in range(4)),
                        orders=tuple(tuple((d + i + 1) % n for i in range(n)) for d in range(n)),
                        flushes=cls.flushes or o.flush3, lead_rule=o.lead_rule, pam_civil=o.pam_civil)

    # ------------------------------------------------------------------ deal
    def _start(self, order: list[int]) -> None:
        s = self.setup = self.game.setup
        o, n = self.game.options, self.players
        dealt = s.plan.deal(order, n, self.dealer)
        self.hands, self.stock = dealt.hands, dealt.stock
        self.dealt = list(self.hands)
        self.miss = dealt.extras.get("miss", 0)
        assert dealt.turn_up is not None
        self.turn_up = dealt.turn_up
        self.trump = self.pack.suit[self.turn_up]
        pool_in = num(self.carry_in.get("pools", {}).get(POOL, 0))
        due = o.dealer_antes == "always" or self.carry_in.get("ante_due", True) or not pool_in
        self.pool_in = pool_in
        self.ante = o.ante if due else 0
        self.pool = pool_in + self.ante
        self.order = s.orders[self.dealer]
        self.pos = self.entered = self.passed = self.dead = self.exposed = self.flush_holders = 0
        self.miss_taker = -1
        self.discards = [0] * n
        self.for_pool = self.civil = self.x_round = self.looed = self.shown_at_deal = False
        self.xq, self.flush_winners, self.to_show = [], [], []
        self.outcome = ""
        self.flush_cards = [0] * n
        self.club_law = bool(o.club_law) and self.trump == CLUBS
        self.rules = s.rules[self.trump]
        if s.flushes and o.flush_shown == "at_once" and self._find_flushes():
            # Hervey: a player dealt a flush "must expose his hand at once. He wins the pool" (L5-GAP-5):
            # each holder shows it ('show', his only action), and the deal ends before anyone decides.
            self.shown_at_deal = True
            self.to_show = [p for p in self.order if self.flush_holders >> p & 1]
            self.exposed = 0  # each flush is seen as its holder shows it
            self.phase, self.turn = SHOW, self.to_show[0]
            return
        if self.club_law:
            # Club Law: "if Clubs are trumps everyone must enter the game"; the miss is withdrawn.
            self.entered = (1 << n) - 1
            if self.exchanges:
                self._exchange_round()
            else:
                self._entering_over()
            return
        self.phase, self.turn = ENTER, self.order[0]

    # ------------------------------------------------------------- entering
    def options_enter(self, seat: int) -> Iterable[str]:
        return _ENTER_WORDS

    def _forced_defence(self, seat: int) -> bool:
        """The dealer facing a single player who stands on his own cards may not pass (L3-GAP-1)."""
        return (self.dealer_protect and seat == self.dealer and self.entered.bit_count() == 1
                and self.miss_taker < 0)

    def legal_enter(self, seat: int) -> tuple[str, ...]:
        """The words :meth:`check_enter` allows, memoised per situation."""
        key = (self._forced_defence(seat), bool(self.miss) and self.miss_taker < 0)
        got = self.setup.entering.get(key)
        if got is None:
            got = self.setup.entering[key] = tuple(w for w in _ENTER_WORDS if self.check_enter(seat, w) is None)
        return got

    def check_enter(self, seat: int, action: str) -> str | None:
        """Pass, play or take the miss; the dealer facing a single player plays or plays for the pool."""
        word = action.split()[0] if action else ""
        forced = self._forced_defence(seat)
        if word == "take":
            if not self.miss_hand:
                return _("this game has no miss")
            if not self.miss or self.miss_taker >= 0:
                return _("only the first player to take it may exchange his hand for miss")
        if action == "pass":
            return (_("the dealer must play against a single player who stands on his own cards, or play for the "
                      "pool")) if forced else None
        if action in ("play", "take"):
            return None
        if action in ("play pool", "take pool"):
            if not forced:
                return _("only the dealer facing a single player may play for the pool")
            if action == "play pool" and self.miss_hand and self.game.options.defend_pool_hand == "miss_only":
                return _("the dealer plays for the pool with the miss ('take pool')")
            return None
        if word == "exchange":
            return _("enter the game first ('play'); then you may exchange")
        return _("first say whether you enter: {actions}", actions=", ".join(self.legal()))

    def apply_enter(self, seat: int, action: str) -> None:
        word, *args = action.split()
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
        if self.exchanges and not self.exchange_after_bidding and self.stock:
            self.phase, self.turn = EXCHANGE, seat
        else:
            self._next_enter()

    def _next_enter(self) -> None:
        self.pos += 1
        if self.pos >= self.players:
            if self.exchange_after_bidding:
                self._exchange_round()
            else:
                self._entering_over()
            return
        seat = self.order[self.pos]
        if self.dealer_protect and seat == self.dealer and not self.entered:
            self._entering_over()  # all before the dealer passed: he takes the pool without play (L3-GAP-1)
            return
        self.phase, self.turn = ENTER, seat

    # ------------------------------------------------------------- showing
    def options_show(self, seat: int) -> Iterable[str]:
        return ("show",)

    def check_show(self, seat: int, action: str) -> str | None:
        if action == "show":
            return None
        return _("you were dealt a flush, which you must show at once ('show'): it looes the board")

    def apply_show(self, seat: int, action: str) -> None:
        self.exposed |= self.flush_cards[seat]  # "must expose his hand at once"
        self.to_show.pop(0)
        if self.to_show:
            self.turn = self.to_show[0]
        else:
            self._end_with("flush")

    # ----------------------------------------------------------- exchanging
    def options_exchange(self, seat: int) -> Iterable[str]:
        """Keep, or exchange any set of the hand's cards (display order)."""
        return self._exchanges(seat, self.hands[seat].bit_count())

    def _exchanges(self, seat: int, most: int) -> list[str]:
        cards = self.card_codes(self.hands[seat])
        return ["keep", *("exchange " + " ".join(c) for k in range(1, most + 1)
                          for c in itertools.combinations(cards, k))]

    def legal_exchange(self, seat: int) -> list[str]:
        """What :meth:`check_exchange` allows: sets of at most the cards left in the stock."""
        return self._exchanges(seat, min(self.hands[seat].bit_count(), len(self.stock)))

    def check_exchange(self, seat: int, action: str) -> str | None:
        """One exchange each (Peel: "No second exchange is allowable"), at most the cards left in the stock."""
        word, *cards = action.split() or [""]
        if action == "keep":
            return None
        hand = self.card_codes(self.hands[seat])
        if word == "exchange" and cards and len(set(cards)) == len(cards) and set(cards) <= set(hand) \
                and len(cards) <= len(self.stock):
            return None
        return (_("exchange cards from your hand, at most {n} (the cards left in the stock), or 'keep'",
                  n=len(self.stock)))

    def apply_exchange(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if word == "exchange":
            out = self.cards_in(args, self.hands[seat])
            self.hands[seat] &= ~out
            self.discards[seat] |= out
            for _x in args:
                self.hands[seat] |= 1 << self.stock.pop()
        self._after_exchange()

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
            self.phase, self.turn = EXCHANGE, self.xq[0]
        else:
            self._entering_over()

    def _entering_over(self) -> None:
        """The entering is over: flushes, then an uncontested pool, or the play."""
        if self.setup.flushes and self._find_flushes():
            self._end_with("flush")
            return
        active = [s for s in self.order if self.entered >> s & 1]
        if not active:
            self._end_with("dealer_takes" if self.dealer_protect else "all_pass")
        elif len(active) == 1:
            self._end_with("lone")
        else:
            self.start_play(self.rules, active[0], PLAY)
            self.in_play = active

    def _end_with(self, outcome: str) -> None:
        """End the deal (:meth:`end`), keeping how it ended for the settlement."""
        self.outcome = outcome
        self.end()

    # ---------------------------------------------------------------- flushes
    def _find_flushes(self) -> bool:
        """Find the flushes held now or at the deal (:func:`~.ranking.flush_key`), expose them and note the
        best; whether there is any."""
        pam_first = self.game.options.flush_order == "pam_first"
        keys: dict[int, FlushKey] = {}
        for s in self.order:
            best = None
            for h in (self.hands[s], self.dealt[s]):
                k = flush_key(h, self.hand_size, self.rules, self.pam, pam_first)
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
        if len(winners) > 1 and self.game.options.flush_tie == "elder_hand":
            winners = winners[:1]
        self.flush_winners = winners
        self.flush_holders = sum(1 << s for s in keys)
        return True

    # ------------------------------------------------------------------ play
    def options_play(self, seat: int) -> Iterable[str]:
        """The cards in hand, and the Ace of trumps led with "Pam be civil"."""
        codes = self.card_codes(self.hands[seat])
        return [*codes, *(f"{c} civil" for c in codes)]

    def legal_play(self, seat: int) -> list[str]:
        """What :meth:`check_play` allows: the playable cards, and the civil lead where it may be called."""
        out = self.legal_cards()
        if self._may_call_civil(seat):
            ace = self.pack.code(self._trump_card(ACE))
            if ace in out:
                out.append(f"{ace} civil")
        return out

    def check_play(self, seat: int, action: str) -> str | None:
        """The trick rules (with the lead rules and "Pam be civil"); the Ace of trumps led civilly."""
        if action.endswith(" civil"):
            code = action[:-6]
            if not self._may_call_civil(seat) or code != self.pack.code(self._trump_card(ACE)):
                return _("'Pam be civil' is announced only by the leader of the Ace of trumps while Pam is still out")
            return self.why_card(seat, code)
        return self.why_card(seat, action)

    def apply_play(self, seat: int, action: str) -> None:
        code, *civil = action.split()
        if civil:
            self.civil = True
        c = self.pack.index_of[code]  # one pack, no copies of a card
        hand, trick, before, barred = self.hands[seat], list(self.trick), self.voids[seat], self.civil
        self.play_card(seat, code)  # may end the trick, and with it the civil call
        # What the play shows the player lacks: a void, and a card able to head or overtrump; a barred Pam may
        # lie behind any play to a civil trick.
        shown = self.rules.voids_shown(hand, trick, c, heading=True)
        self.voids[seat] = before | (shown & ~PAM_BIT if barred else shown)

    def _may_call_civil(self, seat: int) -> bool:
        """'Pam be civil' may be announced when leading the trump Ace while Pam may be out against you."""
        return (self.pam and not self.trick and not (self.hands[seat] | self.played) & PAM_BIT
                and self.turn_up != PAM)

    def _trump_card(self, rank: int) -> int:
        return self.pack.parse("AKQJT98765432"[14 - rank] + SUITS[self.trump])

    def lead_rule_text(self) -> str:
        if self.setup.lead_rule == "winner_leads_trump":
            return "the winner of a trick must lead a trump to the next if he can"
        return ("the leader must lead the Ace of trumps (the King if the Ace is turned up), and a trump when "
                "holding two or more (the highest when only two are in the game)")

    def why_card(self, seat: int, code: str) -> str | None:
        why = super().why_card(seat, code)
        if why is not None and code == "JC" and self.civil and self.hands[seat] & PAM_BIT:
            return _("Pam be civil: the holder of Pam may not play it to this trick")
        return why

    def lead_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        r = self.rules
        trumps = hand & r.trump_mask
        if self.setup.lead_rule == "winner_leads_trump":
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
                self.setup.pam_civil == "absolute" or hand & self.rules.trump_mask & ~PAM_BIT):
            return self.rules.plays(hand & ~PAM_BIT, self.trick)  # Pam be civil (L5-GAP-3)
        return self.rules.plays(hand, self.trick)

    def trick_done(self, winner: int) -> None:
        self.civil = False
        if not any(self.hands[s] for s in self.in_play):
            self._end_with("play")

    # ------------------------------------------------------------ settlement
    def penalty(self) -> Amount:
        """What a looed player pays into the pool (L3-GAP-2)."""
        o = self.game.options
        limit: int = o.penalty_limit or 2 * o.ante
        if o.penalty == "fixed":
            return limit
        if o.penalty == "cap":
            return min(self.pool, limit)
        return self.pool

    def _settle(self) -> Settlement:
        names = self.names
        led = Ledger(self.players, {POOL: self.pool_in}, names=names)
        d, p = self.dealer, self.pool
        if self.ante:
            led.to_pool(d, POOL, self.ante, _("{player} (dealer) puts {ante} into the pool", player=names[d],
                                              ante=self.ante))
        looed: list[int] = []
        paid: list[int] = []  # looed by a flush and paid to its holder (flush_paid_to="holder")
        if self.outcome == "dealer_takes":
            led.from_pool(d, POOL, p, _("everyone before the dealer passed: {player} takes the pool of {player2}",
                                        player=names[d], player2=plain(p)))
        elif self.outcome == "all_pass":
            led.note(_("everyone passed: the pool of {player} is carried to the next deal", player=plain(p)))
        elif self.outcome == "lone":
            s = next(s for s in self.order if self.entered >> s & 1)
            led.from_pool(s, POOL, p, _("{player} alone stands and takes the pool of {player2}", player=names[s],
                                        player2=plain(p)))
        elif self.outcome == "flush":
            looed, paid = self._settle_flush(led)
        else:
            unit = _share(p, self.hand_size)
            for s in self.order:
                k = self.tricks_won[s]
                if not self.entered >> s & 1:
                    continue
                if s == d and self.for_pool:
                    led.note(_("{player} played for the pool: the share of his {k} trick(s) stays in the pool",
                               player=names[d], k=k))
                elif k:
                    led.from_pool(s, POOL, unit * k, _("{player} wins {k} trick(s): {unit} from the pool",
                                                       player=names[s], k=k, unit=plain(unit * k)))
                else:
                    looed.append(s)
        fine = self.penalty()
        for s in looed:
            led.to_pool(s, POOL, fine, _("{player} is looed and pays {fine} into the pool", player=names[s],
                                         fine=plain(fine)))
        self.looed = bool(looed)
        if not looed and self.game.options.dealer_antes == "only_if_no_loo":
            led.note(_("the loos went to the flush: the next dealer replenishes the pool") if paid else
                     _("no one was looed: the next dealer replenishes the pool"))
        return led.settlement()

    def _settle_flush(self, led: Ledger) -> tuple[list[int], list[int]]:
        """A flush looes the board: its holder takes the pool; the others are looed, into the pool or paying
        the holder. Returns those looed into the pool and those who paid the holder."""
        o, names, p, ws = self.game.options, self.names, self.pool, self.flush_winners
        for s in ws:
            flush = " ".join(self.card_codes(self.flush_cards[s]))
            led.from_pool(s, POOL, _share(p, len(ws)),
                          _("{player} looes the board with a flush ({flush}) and takes {share}", player=names[s],
                            flush=flush, share=plain(_share(p, len(ws)))))
        exempt = self.flush_holders | sum(1 << s for s in range(self.players) if self.hands[s] & PAM_BIT)
        if self.for_pool:
            exempt |= 1 << self.dealer
        if not o.flush_loos_passers and not self.shown_at_deal:
            exempt |= ~self.entered
        looed = [s for s in self.order if not exempt >> s & 1]
        if o.flush_paid_to != "holder":
            return looed, []
        # Parlett: "is appropriately paid by anyone who does not himself hold either Pam or a flush";
        # Peel: "receives from each of the players ... the amount of a loo".
        fine = self.penalty()
        for s in looed:
            for w in ws:
                part = _share(fine, len(ws))
                led.pay(s, w, part, _("{player} is looed by the flush and pays {player2} {part}", player=names[s],
                                      player2=names[w], part=plain(part)))
        return [], looed

    def _carry(self) -> dict[str, Any] | None:
        pool = self.result().pools.get(POOL, 0)
        return {"pools": {POOL: plain(pool)}, "ante_due": not self.looed}

    # ------------------------------------------------------------ words, views
    def label(self, action: str) -> str:
        got = _LABELS.get(action)
        if got is not None:
            return got
        word, *rest = action.split() or [""]
        if word == "exchange" and rest:
            return _("Exchange {cards} for cards from the stock", cards=cards_phrase(rest))
        if rest == ["civil"]:
            return _("{card}: Pam be civil", card=card_name(word))
        return action_label(action)

    def status(self, seat: int | None) -> str | None:
        if self.turn is None:
            return _OUTCOMES.get(self.outcome, "over")
        who = self.names[self.turn]
        if self.phase == ENTER:
            return _("{who} to pass or play", who=who)
        if self.phase == SHOW:
            return _("{who} was dealt a flush and shows it: it looes the board", who=who)
        if self.phase == EXCHANGE:
            return _("{who} may exchange cards from the stock", who=who)
        return _("{who} to play to the trick", who=who)

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "trump": SUITS[self.trump], "turn_up": self.pack.code(self.turn_up),
            "pools": {POOL: plain(self.pool)}, "stock_size": len(self.stock),
            "entered": [s for s in self.order if self.entered >> s & 1],
            "passed": [s for s in self.order if self.passed >> s & 1],
            "tricks_won": list(self.tricks_won), "club_law": self.club_law,
        }
        if self.miss_hand:
            v["miss_size"] = self.miss.bit_count()
            v["miss_taker"] = self.miss_taker if self.miss_taker >= 0 else None
        if self.for_pool:
            v["playing_for_pool"] = self.dealer
        if self.exposed:
            v["exposed"] = {s: self.card_codes(self.exposed & (self.hands[s] | self.discards[s]))
                            for s in range(self.players) if self.exposed & (self.hands[s] | self.discards[s])}
        if self.phase in (PLAY, DONE) and self.play_started:
            v.update(self.trick_view())
            v["civil"] = self.civil
        if seat is not None and self.discards[seat]:
            v["my_discards"] = self.card_codes(self.discards[seat])
        if seat is not None and seat == self.miss_taker:
            v["my_discards"] = self.card_codes(self.dead | self.discards[seat])
        return v

    def _redact(self, seat: int, action: str, viewer: int | None) -> str:
        if viewer != seat and action.startswith("exchange") and not action[9:].isdigit():
            return f"exchange {len(action.split()) - 1}"
        return action

    # ------------------------------------------------------ hidden information
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

    # ---------------------------------------------- knowledge a bot may ask for
    def trump_suit(self) -> int:
        """The trump suit, known to all from the turn-up (a bot's entering and exchanges weigh trumps)."""
        return self.trump


ThreeCardLoo = Loo
