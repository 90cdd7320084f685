"""Michigan (Newmarket), the stops family's base.

Source: seed ``004_2edd6d7cae07c8ad.txt`` (Scarne's "Stops" chapter), with the gaps resolved in
``docs/decisions.md`` (MI-GAP-1 … MI-GAP-5). The package text gives the rules as implemented.

:class:`Michigan` is the family's base: Cross-Color, Sequence and Jackpot Michigan (:mod:`.michigan_variants`)
and Boodle, Spin and Pope Joan (:mod:`.boodle`) are variants of it. A
deal's phases are ``stake`` (Boodle's chips before the deal), ``widow`` (the dealer takes the widow or
keeps his hand), ``auction`` (the widow sold), then ``lead`` (begin a suit), ``build`` (the holder of the
next card plays it) and ``restart`` (nobody could begin a suit: the lowest card of the hand). The three
playing phases share one checker, whose rule for cards is :meth:`Michigan.play_cards`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any, ClassVar

from ...core.aims import Aim
from ...core.auction import Auction
from ...core.bounds import ActionForm, DealBounds, forms
from ...core.cards import PACK_52, SUIT_NAMES, SUITS, bits, parse_code
from ...core.cards import card_name as named
from ...core.chips import Ledger, Settlement
from ...core.cutting import first_dealer_option
from ...core.deal import Deal, Zone
from ...core.dealing import DealPlan
from ...core.game import Game
from ...core.i18n import _, lowercased
from ...core.layouts import Layout
from ...core.options import Option, Options
from ...core.phases import Phase
from ...core.views import Key, Kind
from ...errors import CardError

__all__ = ["Michigan", "StopsPhase", "StopsSetup", "card_name"]

SEED = "seed 004_2edd6d7cae07c8ad.txt"
RANK_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
              10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
SUIT_BITS = PACK_52.suit_mask[:4]
BELOW = tuple(((1 << c) - 1) & SUIT_BITS[PACK_52.suit[c]] for c in range(52))
"""The cards of the same suit below each card (the 52-card pack lists each suit 2..A)."""
LOWER_RANKS = tuple(sum(1 << d for d in range(52) if PACK_52.rank[d] < PACK_52.rank[c]) for c in range(52))
assert all(PACK_52.rank[c] == c % 13 + 2 for c in range(52)), "stops relies on the 52-card pack order"
PENALISED = Option(
    "penalised_passes", bool, False,
    doc=_("allow passing while able to play, at the book's penalty: 1 chip to each other player, and making good "
          "the money-card chips the pass kept from others"),
    source=f"{SEED} 'Additional Rules'; issue 6")
"""The option of the whole family: a pass while able to play, at the book's penalty."""
FIRST_DEALER = first_dealer_option(
    "high", source=f"{SEED} Michigan, 'The Deal': 'Players cut for the deal; the highest "
                   "card cut deals the first hand'")
"""Michigan's cut for the first deal, also its variants' and Boodle's ('Follow the rules of Michigan')."""


def card_name(card: int) -> str:
    """A card in words, e.g. ``ace of hearts`` (money-card pools are named so: no code leaks in views)."""
    return f"{RANK_WORDS[PACK_52.rank[card]]} of {SUIT_NAMES[PACK_52.suit[card]]}"


MONEY_WORDS = {card_name(c): lowercased(named(PACK_52.code(c))) for c in range(52)}
"""A money card's pool name as words of a sentence (``the ace of hearts``), translated where shown."""


def money_words(name: str) -> str:
    """The pool ``name`` in words (a message), or the name itself for a pool that is not a card's."""
    return MONEY_WORDS.get(name, name)


def lowest(mask: int) -> int:
    """The lowest card of a one-suit mask (ace high)."""
    return (mask & -mask).bit_length() - 1


class StopsPhase(Phase):
    """The stages of a deal of the stops games."""

    STAKE = "stake"        # Boodle and Spin: each player places his chips on the money cards, before the deal
    WIDOW = "widow"        # Michigan: the dealer takes the widow or keeps his hand
    AUCTION = "auction"    # the right to exchange for the widow is sold
    LEAD = "lead"          # begin a suit (after a stop, or at the start of the play)
    BUILD = "build"        # the holder of the next card plays it
    RESTART = "restart"    # nobody could begin a suit: the turn came back, the lowest card of the hand
    DONE = "done"


STAKE, WIDOW, AUCTION, LEAD, BUILD, RESTART, DONE = StopsPhase


@dataclass(frozen=True)
class StopsSetup:
    """What every deal of one configuration of a stops game needs, worked out once (``game.setup``)."""

    plan: DealPlan
    money_of: dict[int, str]
    """The money cards and the pool each one's chips lie in (named after the card, e.g. ``ace of hearts``)."""
    money_names: tuple[str, ...]
    stake_words: tuple[str, ...]
    """The word naming each money card in a ``stake`` action (its rank)."""
    stake_actions: tuple[str, ...]
    """Every way to place four chips on the money cards (Boodle, Spin)."""
    penalised: bool
    """A pass is allowed to a player able to play, at the book's penalty (option ``penalised_passes``)."""


class Michigan(Deal):
    """Michigan (Newmarket, Chicago, Michigan Boodle, Saratoga): build suits upward; money cards; first out wins.

    See the package text for the rules as implemented and their sources.
    """

    # ---- the declaration
    id = "michigan"
    name = "Michigan"
    family = "stops"
    aim = Aim("cards shed", "first out", sheds="stops")
    aliases: ClassVar[tuple[str, ...]] = ("newmarket", "chicago", "saratoga", "michigan-boodle")
    min_players, max_players, default_players = 3, 8, 4
    source = f"{SEED}, the Stops games (Michigan, heading lost); docs/decisions.md"
    phases = StopsPhase
    first_dealer_rule = "high"  # seed 004 Michigan: "the highest card cut deals the first hand"
    money: ClassVar[tuple[str, ...]] = ("AH", "KC", "QD", "JS")
    """The money cards (codes), in the order their chips are placed."""
    widow_exchange: ClassVar[bool] = True
    """The dealer may take the widow, or sell the right to (Michigan); else it is dead (Boodle)."""
    stakes_at_will: ClassVar[bool] = False
    """Before the deal each player places four chips on the money cards as he pleases (Boodle, Spin); else
    the antes are fixed (:meth:`_antes`)."""
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("dealer_double_ante", bool, False, doc=_("the dealer puts two chips on each money card, the others "
                                                        "one"),
               source="MI-GAP-1 (pagat, Bicycle: dealer 2, others 1; seed: everyone 1)"),
        Option("widow_max_bid", int, 0, range(0, 10001),
               doc=_("the highest bid allowed in the widow auction; 0: no practical ceiling (100, or all the chips "
                     "on the money cards if they are more)"),
               source="MI-GAP-5 (the seed sets no limit)"),
        PENALISED,
        FIRST_DEALER,
    )
    view_keys: ClassVar[tuple[Key, ...]] = (
        Key("layout", Kind.JSON, "each suit's run on the table by its ends: {suit letter: [low code, high code]}"),
        Key("pools", Kind.AMOUNTS, "the chips on each money card (and the sequence or jackpot), by name"),
        Key("money_cards", Kind.WORDS, "the money cards, in words"),
        Key("active_suit", Kind.SUIT, "the suit being built, while its next card is to be played", null=True),
        Key("stopped_suit", Kind.SUIT, "the suit of the last stop: a new suit must be another", null=True),
        Key("widow_size", Kind.INT, "cards in the widow or the dead hand"),
        Key("exchanger", Kind.SEAT, "who exchanged his hand for the widow", null=True),
        Key("known", Kind.SEAT_CARDS, "cards a seat is known to hold (a penalised pass by the holder of the "
            "next card)"),
        Key("known_dead", Kind.CARDS, "cards everyone knows to be in the dead hand (nobody could play them)",
            size="hand"),
        Key("high_bid", Kind.WORD, "the highest bid for the widow so far", null=True, always=False),
        Key("high_bidder", Kind.SEAT, "who made it", null=True, always=False),
        Key("dead_hand", Kind.CARDS, "the hand this seat put face down for the widow", size="hand", always=False),
    )

    # ---- the state of a deal (beside the core's hands, turn and phase)
    setup: StopsSetup
    layout: Layout
    pools: dict[str, int]
    """The chips on each pool now (money cards, the sequence, the jackpot)."""
    pools_start: dict[str, int]
    events: list[tuple[Any, ...]]
    """Payments in order: ("pool", seat, pool, chips, line), ("pay", payer, payee, chips, line),
    ("take", seat, pool, chips, line)."""
    won: dict[str, int]
    """The pools taken this deal, and by whom."""
    table: int
    """Every card played (a mask)."""
    widow: int
    dead: int
    """The dead hand: the widow nobody took, or the hand exchanged for it."""
    dead_known: int
    """Cards of the dead hand everybody knows (nobody could play them)."""
    exchanger: int | None
    auction: Auction | None
    lacks: list[int]
    """Per seat: cards it is known not to hold."""
    known: list[int]
    """Per seat: cards it is known to hold (a penalised pass by the holder of the next card)."""
    active: int
    """The suit of the run being built (-1: none yet)."""
    stopped: int
    """The suit of the last stop (-1: none)."""
    stopper: int
    """Who began the search for a new suit (the turn comes back to him)."""
    last_seat: int
    last_card: int
    offences: list[tuple[int, int, str]]
    """Penalised passes that broke a run: (offender, holder of a money card kept from him, its pool)."""
    winner: int | None

    # ---------------------------------------------------------- configuration
    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), *forms("bid {}", range(1, 11)), ActionForm("keep"), ActionForm("pass"), ActionForm("take"),
        *forms("bid {}", range(11, 101)),
    )

    @classmethod
    def action_forms_of(cls, options: Options) -> tuple[ActionForm, ...]:
        """The bids above 100 that the auction's ceiling allows, after the declared forms: ``widow_max_bid``, or
        the chips on the money cards where more than 100 (at the most players, from empty pools; a match's
        carried pools can raise the ceiling further, and those bids have no flat form)."""
        if not cls.widow_exchange:
            return super().action_forms_of(options)
        top = options.widow_max_bid or cls.pool_chips(cls.player_range(options)[1], options)
        return super().action_forms_of(options) + forms("bid {}", range(101, top + 1))

    @classmethod
    def pool_chips(cls, players: int, options: Options) -> int:
        """The most chips a deal begun from empty pools puts on them: one from each seat on each money card
        (two from the dealer with ``dealer_double_ante``)."""
        return len(cls.money) * (players + bool(getattr(options, "dealer_double_ante", False)))

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """A deal begun from empty pools, whose chips ``pool_chips`` bounds (T). No hand holds more than a
        seat's share of the pack (H). A seat pays at most all of T, the widow's price (the auction's ceiling:
        ``widow_max_bid``, or 100 or T if more), a chip for each card left in its hand, the spin bonus to each
        other seat, and with ``penalised_passes`` a chip to each other seat for each pass and at most T again
        for each money card each pass keeps; a seat gains at most T, the widow's price, the others' cards
        left, and the same penalties from the others. The stakes (a word each), the widow and its auction
        (each bid raises the last by one at least; each seat passes once), then at most 52 cards, with at most
        a pass by each seat and a penalised pass between two cards. The whole pack is dealt."""
        n, t = players, cls.pool_chips(players, options)
        w = (options.widow_max_bid or max(100, t)) if cls.widow_exchange else 0
        h = 52 // n
        spin = getattr(options, "spin_bonus", 0) * (n - 1)
        actions = n * cls.stakes_at_will + (1 + w + n) * cls.widow_exchange + 52 * (n + 2)
        passes = 52 * (n + 1) if options.penalised_passes else 0
        kept = 4 * passes * t
        return DealBounds(actions=actions, least=-(t + w + h + spin + passes * (n - 1) + kept),
                          most=t + w + (n - 1) * h + spin + passes + kept, zero_sum=False, dealt=52)
    # -- end of the declaration

    @classmethod
    def plan(cls, options: Options, players: int) -> DealPlan:
        """All 52 one at a time, the widow first at the dealer's left."""
        return DealPlan(extra_hands=(("widow", 0),), deal_all=True)

    @classmethod
    def configure(cls, game: Game) -> StopsSetup:
        money_of = {PACK_52.parse(c): card_name(PACK_52.parse(c)) for c in cls.money}
        words = tuple(RANK_WORDS[PACK_52.rank[PACK_52.parse(c)]] for c in cls.money)
        return StopsSetup(plan=cls.plan(game.options, game.players), money_of=money_of,
                          money_names=tuple(money_of.values()), stake_words=words,
                          stake_actions=tuple("stake " + " ".join(w) for w in combinations_with_replacement(words, 4)),
                          penalised=game.options.penalised_passes)

    @classmethod
    def hand_limit(cls, game: Game) -> int:
        return -(-52 // (game.players + 1))  # the widow is dealt as one more hand

    # ---------------------------------------------------------------- start
    def _start(self, order: list[int]) -> None:
        s = self.setup = self.game.setup
        n = self.players
        self.layout = Layout(self.pack, up=True)
        carried = dict(self.carry_in.get("pools", {}))
        self.pools = {name: int(carried.pop(name, 0)) for name in s.money_names}
        self.pools.update({k: int(v) for k, v in carried.items()})
        self.pools_start = dict(self.pools)
        self.events = []
        self.won = {}
        self.table = self.widow = self.dead = self.dead_known = 0
        self.exchanger = None
        self.auction = None
        self.lacks = [0] * n
        self.known = [0] * n
        self.active = self.stopped = self.stopper = self.last_seat = self.last_card = -1
        self.offences = []
        self.winner = None
        if self.stakes_at_will:  # the cards wait, in order, until everyone has placed his chips
            self.stock = list(reversed(order))
            self.phase, self.turn = STAKE, self.next_seat(self.dealer)
            return
        self._antes()
        self._deal(order)

    def _antes(self) -> None:
        """MI-GAP-1: one chip from each player on each money card (two from the dealer with the option)."""
        double = self.game.options.dealer_double_ante
        for s in self.seats_from_left():
            k = 2 if double and s == self.dealer else 1
            for name in self.setup.money_names:
                self._to_pool(s, name, k, _("{player} puts {k} on the {card}", player=self.names[s], k=k,
                                            card=money_words(name)))

    def _deal(self, order: list[int]) -> None:
        dealt = self.setup.plan.deal(order, self.players, self.dealer)
        self.hands = dealt.hands
        self.widow = dealt.extras.get("widow", 0) | sum(1 << c for c in dealt.stock)
        self.stock = []
        if self.widow_exchange:
            self.phase, self.turn = WIDOW, self.dealer
        else:
            self.dead, self.widow = self.widow, 0
            self._begin_play()

    def _begin_play(self) -> None:
        leader = self.next_seat(self.dealer)
        self.phase, self.turn, self.stopper, self.stopped = LEAD, leader, leader, -1

    def seats_from_left(self) -> list[int]:
        """Every seat, from the dealer's left round to the dealer."""
        return [self.next_seat(self.dealer, i + 1) for i in range(self.players)]

    # -------------------------------------------------------------- queries
    def next_card(self) -> int:
        """The card that would extend the active run (-1 at the ace)."""
        ext = self.layout.extensions(self.active) if self.active >= 0 else 0
        return lowest(ext) if ext else -1

    def holder(self, card: int) -> int | None:
        """The live hand holding ``card``."""
        for s in range(self.players):
            if self.hands[s] >> card & 1:
                return s
        return None

    def lead_suits(self) -> list[int]:
        """The suits a new sequence may be started in (seed: 'some other suit')."""
        return [s for s in range(4) if s != self.stopped]

    def play_cards(self, seat: int) -> int:
        """The rule of the cards: those ``seat`` may play now (a mask), in the phase of play."""
        hand = self.hands[seat]
        if self.phase == BUILD:
            return 1 << self.next_card()
        if self.phase == RESTART:
            low = min(self.pack.rank[c] for c in bits(hand))
            return sum(1 << c for c in bits(hand) if self.pack.rank[c] == low)
        out = 0
        for s in self.lead_suits():
            if hand & SUIT_BITS[s]:
                out |= 1 << lowest(hand & SUIT_BITS[s])
        return out

    def may_pass(self, seat: int, cards: int) -> bool:
        """The rule of passing, given the cards ``seat`` may play: when he cannot begin a suit, or at the
        book's penalty (option ``penalised_passes``) except when the turn has come back to him."""
        return (self.phase == LEAD and not cards) or (self.phase != RESTART and self.setup.penalised)

    # -------------------------------------------- knowledge a bot may ask for
    def stops_known_to(self, seat: int) -> int:
        """The cards ``seat`` knows no run can be built to (a mask): those on the table, those everyone knows
        to be dead, and the whole dead hand for the seat that put it there."""
        out = self.table | self.dead_known
        return out | self.dead if seat == self.exchanger else out

    def unknown_dead(self, seat: int) -> int:
        """How many cards of the widow or dead hand ``seat`` does not know (its size less the known ones)."""
        if seat == self.exchanger:
            return 0
        return ((self.dead | self.widow) & ~self.dead_known).bit_count()

    def prizes(self) -> dict[int, int]:
        """The money cards still to be won this deal, and the chips on each."""
        return {c: self.pools.get(name, 0) for c, name in self.setup.money_of.items() if name not in self.won}

    def sequence_prize(self) -> int | None:
        """The chips a sequence of money cards would still win this deal (``None``: the game has none)."""
        return None

    # ------------------------------------------- the stakes (Boodle, Spin)
    def options_stake(self, seat: int) -> Iterable[str]:
        return self.setup.stake_actions

    def legal_stake(self, seat: int) -> list[str]:
        """Every placement of the four chips: :meth:`check_stake` refuses only words that are not one."""
        return list(self.setup.stake_actions)

    def check_stake(self, seat: int, action: str) -> str | None:
        if action in self.setup.stake_actions:
            return None
        return (_("place your four chips on the money cards, naming the card of each chip in the order {join}, "
                  "e.g. '{stake_actions}'", join=', '.join(self.setup.stake_words),
                  stake_actions=self.setup.stake_actions[0]))

    def apply_stake(self, seat: int, action: str) -> None:
        words = action.split()[1:]
        for name, word in zip(self.setup.money_names, self.setup.stake_words):
            k = words.count(word)
            if k:
                self._to_pool(seat, name, k, _("{player} puts {k} on the {card}", player=self.names[seat], k=k,
                                               card=money_words(name)))
        if seat == self.dealer:
            self._deal(list(reversed(self.stock)))
        else:
            self.turn = self.next_seat(seat)

    # --------------------------------------------------------- the widow
    def options_widow(self, seat: int) -> Iterable[str]:
        return ("take", "keep")

    def check_widow(self, seat: int, action: str) -> str | None:
        if action in ("take", "keep"):
            return None
        return _("the dealer either takes the widow ('take') or keeps his hand and auctions it ('keep')")

    def apply_widow(self, seat: int, action: str) -> None:
        if action == "take":
            self._exchange(seat)
            self._begin_play()
            return
        order = self.seats_from_left()[:-1]
        top = self.game.options.widow_max_bid or max(100, sum(self.pools.values()))  # MI-GAP-5
        self.auction = Auction(tuple(f"bid {i}" for i in range(1, top + 1)), order, mode="round")
        self.phase, self.turn = AUCTION, self.auction.speaker

    def _exchange(self, seat: int) -> None:
        """``seat`` puts his hand face down, dead, and picks up the widow."""
        self.dead, self.hands[seat], self.widow, self.exchanger = self.hands[seat], self.widow, 0, seat

    # ------------------------------------------------------- the auction
    def options_auction(self, seat: int) -> Iterable[str]:
        assert self.auction is not None
        return ("pass", *self.auction.bids)

    def legal_auction(self, seat: int) -> list[str]:
        """The calls :meth:`check_auction` allows (the auction's own rule, read once)."""
        assert self.auction is not None
        return self.auction.options()

    def check_auction(self, seat: int, action: str) -> str | None:
        a = self.auction
        assert a is not None
        if (action == "pass" or action in a.bids) and a.why_not(action) is None:
            return None
        return (_("bid a number of chips from {high} to {n}, more than the highest bid, or pass ('auction off the "
                  "right to exchange the widow to the highest bidder')", high=a.high + 2, n=len(a.bids)))

    def apply_auction(self, seat: int, action: str) -> None:
        a = self.auction
        assert a is not None
        a.call(action)
        if not a.done:
            self.turn = a.speaker
            return
        if a.holder is None:
            self.dead, self.widow = self.widow, 0  # MI-GAP-4: nobody bids; the widow stays dead
        else:
            price = a.rank(a.high_bid or "") + 1
            self._pay(a.holder, self.dealer, price, _("{player} buys the widow from the dealer, {player2}, for "
                                                      "{price}", player=self.names[a.holder],
                                                      player2=self.names[self.dealer], price=price))
            self._exchange(a.holder)
        self._begin_play()

    # ---------------------------------------------------------- the play
    def options_lead(self, seat: int) -> Iterable[str]:
        """Every card in the hand, the variant's other plays, and pass."""
        yield from self.card_codes(self.hands[seat])
        yield from self.extra_options(seat)
        yield "pass"

    def extra_options(self, seat: int) -> Iterable[str]:
        """A variant's plays beside a card and pass (Spin's ``spin X``)."""
        return ()

    def legal_lead(self, seat: int) -> list[str]:
        """The plays :meth:`check_lead` allows, from the same rules (:meth:`play_cards`, :meth:`may_pass`)."""
        cards = self.play_cards(seat)
        # one card (always so while building): its code, without sorting
        acts = [self.pack.code_of[lowest(cards)]] if cards and not cards & (cards - 1) else self.card_codes(cards)
        acts += self.extra_plays(seat, cards)
        if self.may_pass(seat, cards):
            acts.append("pass")
        return acts

    def extra_plays(self, seat: int, cards: int) -> list[str]:
        """The variant's plays beside a card that are allowed, given the cards ``seat`` may play."""
        return []

    def check_lead(self, seat: int, action: str) -> str | None:
        """The rule of the play: the card :meth:`play_cards` allows, or a pass :meth:`may_pass` allows."""
        word = action.split()[0] if action else ""
        if word == "pass":
            if self.may_pass(seat, self.play_cards(seat)):
                return None
            if self.phase == RESTART:
                return (_("nobody could begin a new suit, so the turn came back to you: play the lowest card in "
                          "your hand ('the turn comes back to the original passer, who then may play the lowest "
                          "card in his hand')"))
            return (_("a player able to play must play ('For failing to play properly in his turn, the player pays "
                      "a penalty'); passing while able needs the option penalised_passes"))
        if word == "spin":
            return self.check_spin(seat, action)
        try:
            c = self.pack.parse_in(parse_code(action), self.hands[seat])
        except CardError:
            return _("play a card code such as '5C', or pass when you cannot play")
        if c is None:
            return _("you do not hold {action}", action=action)
        return self.why_card(seat, action)

    def check_spin(self, seat: int, action: str) -> str | None:
        """The rule of a ``spin`` play (Spin only)."""
        return _("only Spin has the 'spin' play")

    def why_card(self, seat: int, code: str) -> str | None:
        """``None`` if ``seat`` may play the held card ``code`` now, else why not, naming the rule."""
        card = self.find_card(code, self.hands[seat])
        if self.play_cards(seat) >> card & 1:
            return None
        if self.phase == BUILD:
            return (_("the {card} is next in sequence ('whoever holds the next card in sequence plays it')",
                      card=money_words(card_name(self.next_card()))))
        if self.phase == RESTART:
            return _("nobody could begin a new suit: play the lowest card in your hand")
        s = self.pack.suit[card]
        if s not in self.lead_suits():
            return self.why_suit()
        return _("a suit is begun with the lowest card you hold in it ('it must be the lowest card he holds in "
                 "that suit'), here {code}", code=self.pack.code(lowest(self.hands[seat] & SUIT_BITS[s])))

    def why_suit(self) -> str:
        """Why the stopped suit may not be started again."""
        return (_("after a stop the new suit must be other than {suit} ('lead the lowest card he holds in some "
                  "other suit')", suit=SUIT_NAMES[self.stopped]))

    def apply_lead(self, seat: int, action: str) -> None:
        if action == "pass":
            self._pass(seat)
        elif action.startswith("spin "):
            self.apply_spin(seat, action[5:])
        else:
            c = self.find_card(action, self.hands[seat])
            self._place(seat, c)
            if self.turn is not None:
                self._after(seat, c)

    def apply_spin(self, seat: int, code: str) -> None:
        """Spin's play: ``code``, then the ace of diamonds (Spin only)."""
        raise NotImplementedError

    # The three phases of the play share one vocabulary, one rule and one effect.
    options_build = options_restart = options_lead
    legal_build = legal_restart = legal_lead
    check_build = check_restart = check_lead
    apply_build = apply_restart = apply_lead

    def _place(self, seat: int, c: int) -> None:
        """Put ``c`` from ``seat``'s hand on the table: a new run or the next card of the active one."""
        bit = 1 << c
        self.hands[seat] &= ~bit
        self.known[seat] &= ~bit
        self.table |= bit
        if self.phase == BUILD:
            self.layout.play(c)
        else:
            # The lowest card of its suit (lead) or of the hand (restart): nothing lower is held.
            self.lacks[seat] |= LOWER_RANKS[c] if self.phase == RESTART else BELOW[c]
            self.layout.start(c)
            self.active = self.pack.suit[c]
        name = self.setup.money_of.get(c)
        if name is not None and name not in self.won:
            self._take(seat, name, lambda k: _("{player} plays the {card} and takes {k}", player=self.names[seat],
                                               card=money_words(name), k=k))
        self.on_play(seat, c)
        self.last_seat, self.last_card = seat, c
        if not self.hands[seat]:
            self._out(seat)

    def on_play(self, seat: int, card: int) -> None:
        """A hook after each card is played (Sequence Michigan)."""

    def _after(self, seat: int, c: int) -> None:
        """Who plays after ``seat`` played ``c``: the holder of the next card, or a stop."""
        nxt = self.next_card()
        h = self.holder(nxt) if nxt >= 0 else None
        if h is not None:
            self.phase, self.turn = BUILD, h
            return
        if nxt >= 0 and not self.table >> nxt & 1:
            self.dead_known |= 1 << nxt  # nobody holds it: it is in the dead hand, as all now know
        self._stop(seat)

    def _stop(self, seat: int) -> None:
        """A stop: ``seat``, who played last, begins some other suit."""
        self.stopped = self.active
        self.phase, self.turn, self.stopper = LEAD, seat, seat

    def _pass(self, seat: int) -> None:
        able = bool(self.play_cards(seat)) if self.phase == LEAD else True
        if able:
            for o in range(self.players):
                if o != seat:
                    self._pay(seat, o, 1, _("{player} fails to play properly and pays 1 to {player2}",
                                            player=self.names[seat], player2=self.names[o]))
        if self.phase == BUILD:
            self._broken_run(seat)
            self._stop(self.last_seat)
            return
        if not able:
            for s in self.lead_suits():
                self.lacks[seat] |= SUIT_BITS[s]
        t = self.next_seat(seat)
        if t == self.stopper:
            self.phase = RESTART  # "the turn comes back to the original passer"
        self.turn = t

    def _broken_run(self, seat: int) -> None:
        """A penalised pass by the holder of the next card: he is known to hold it; note the money cards it
        keeps from others (seed: 'the offender must make good the loss')."""
        c = self.next_card()
        self.known[seat] |= 1 << c
        while c >= 0:
            h = self.holder(c)
            if h is None:
                break
            name = self.setup.money_of.get(c)
            if name is not None and h != seat:
                self.offences.append((seat, h, name))
            c = c + 1 if self.pack.rank[c] < 14 else -1

    def _out(self, winner: int) -> None:
        """Someone is out: he collects for the cards left, end-of-play payments are made, the deal ends."""
        self.winner = winner
        self.end()
        names = self.names
        for s in range(self.players):
            left = self.hands[s].bit_count()
            if s != winner and left:
                self._pay(s, winner, left, _("{player} pays {player2} {left} for the cards left in hand",
                                             player=names[s], player2=names[winner], left=left))
        for offender, victim, name in self.offences:
            if name not in self.won and self.pools.get(name, 0):
                k = self.pools[name]
                self._pay(offender, victim, k, _("{player} makes good the {k} on the {name} his pass kept from "
                                                 "{player2}; they stay on the card", player=names[offender], k=k,
                                                 name=name, player2=names[victim]))
        self.end_of_play(winner)

    def end_of_play(self, winner: int) -> None:
        """A hook for a variant's payments once somebody is out."""

    # ------------------------------------------------------------- payments
    def _to_pool(self, seat: int, pool: str, chips: int, line: str) -> None:
        self.events.append(("pool", seat, pool, chips, line))
        self.pools[pool] = self.pools.get(pool, 0) + chips

    def _pay(self, payer: int, payee: int, chips: int, line: str) -> None:
        self.events.append(("pay", payer, payee, chips, line))

    def _take(self, seat: int, pool: str, line: Callable[[int], str], chips: int | None = None) -> None:
        have = self.pools.get(pool, 0)
        k = have if chips is None else chips
        self.won[pool] = seat
        if not k:
            return  # nobody put chips on it (Boodle): nothing to take, no settlement line
        self.pools[pool] = have - k
        self.events.append(("take", seat, pool, k, line(k)))

    def _settle(self) -> Settlement:
        led = Ledger(self.players, {k: v for k, v in self.pools_start.items()}, names=self.names)
        for kind, a, b, k, line in self.events:
            if kind == "pool":
                led.to_pool(a, b, k, line)
            elif kind == "pay":
                led.pay(a, b, k, line)
            else:
                led.from_pool(a, b, k, line)
        return led.settlement()

    def _carry(self) -> dict[str, Any] | None:
        return {"pools": {k: v for k, v in self.result().pools.items() if v}}

    # ---------------------------------------------------------------- words, views
    def label(self, action: str) -> str:
        word, *rest = action.split() or [""]
        if word == "take":
            return _("Take the widow")
        if word == "keep":
            return _("Keep my hand and auction the widow")
        if word == "bid" and rest:
            return _("Bid {rest} for the widow", rest=rest[0])
        if word == "stake" and rest:
            by_word = dict(zip(self.setup.stake_words, self.setup.money_names))
            stakes = [_("{k} on the {card}", k=rest.count(w), card=money_words(by_word[w]))
                      for w in dict.fromkeys(rest) if w in by_word]
            out = _("Stake {stake}", stake=stakes[0])
            for more in stakes[1:]:
                out = _("{stakes}, {stake}", stakes=out, stake=more)
            return out
        if word == "spin" and rest:
            return _("Spin: play the {card}, then the ace of diamonds",
                     card=money_words(card_name(self.pack.parse(rest[0]))))
        return super().label(action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {"layout": self.layout.view(), "pools": dict(self.pools),
                             "money_cards": list(self.setup.money_names),
                             "active_suit": SUITS[self.active] if self.active >= 0 and self.phase == BUILD else None,
                             "stopped_suit": SUITS[self.stopped] if self.stopped >= 0 else None,
                             "widow_size": (self.widow | self.dead).bit_count(),
                             "exchanger": self.exchanger,
                             "known": {str(s): self.card_codes(m) for s, m in enumerate(self.known) if m},
                             "known_dead": self.card_codes(self.dead_known & self.dead)}
        if self.auction is not None:
            v["high_bid"], v["high_bidder"] = self.auction.high_bid, self.auction.holder
        if seat is not None and seat == self.exchanger:
            v["dead_hand"] = self.card_codes(self.dead)
        return v

    def status(self, seat: int | None) -> str:
        names = self.names
        if self.winner is not None:
            return _("{player} is out and wins", player=names[self.winner])
        turn = names[self.turn] if self.turn is not None else ""
        texts: dict[str, str] = {
            WIDOW: _("the dealer takes the widow or auctions it"), AUCTION: _("the widow is auctioned"),
            STAKE: _("{player} places his chips on the money cards", player=turn),
            BUILD: _("{player} holds the next card", player=turn),
            RESTART: _("nobody can begin a new suit: {player} plays his lowest card", player=turn)}
        return texts.get(self.phase, _("{player} begins a new suit", player=turn))

    # ------------------------------------------------------ hidden information
    def _hidden_zones(self, viewer: int) -> list[Zone]:
        nxt = self.next_card() if self.phase == BUILD else -1
        zones = []
        for s in range(self.players):
            if s != viewer:
                fixed = self.known[s] | (1 << nxt if s == self.turn and nxt >= 0 else 0)
                zones.append(Zone(("hand", s), self.hands[s], fixed=fixed & self.hands[s], allowed=~self.lacks[s]))
        if self.stock:
            zones.append(Zone("stock", sum(1 << c for c in self.stock)))
        if self.widow:
            zones.append(Zone("widow", self.widow))
        if self.dead and (viewer is None or viewer != self.exchanger):
            zones.append(Zone("dead", self.dead, fixed=self.dead_known & self.dead))
        return zones

    def _set_zone(self, key: Any, mask: int, rng: random.Random) -> None:
        if key == "widow":
            self.widow = mask
        elif key == "dead":
            self.dead = mask
        else:
            super()._set_zone(key, mask, rng)

    def _zones(self) -> dict[str, int]:
        return {**super()._zones(), "widow": self.widow, "dead": self.dead, "table": self.table}
