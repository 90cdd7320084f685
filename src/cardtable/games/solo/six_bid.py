"""Six-Bid Solo, the Solo family's base (:class:`SixBidSolo`): the deal, the bidding, naming trumps, Call Solo's
call and exchange, Frog's discards, the play and the settlement. Frog, Coeur d'Alene Solo and Progressive Solo
(:mod:`.frog`, :mod:`.progressive`) are variants of it.

See the package text for the rules as implemented and their sources.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from ...core.aims import Aim
from ...core.auction import Auction
from ...core.bounds import ActionForm, DealBounds, forms
from ...core.cards import PACK_36, SUIT_NAMES, SUITS
from ...core.chips import Ledger, Settlement
from ...core.deal import Zone
from ...core.game import Game
from ...core.i18n import _
from ...core.options import Option, Options
from ...core.phases import Phase
from ...core.tricks import CLAIMS, TrickDeal, TrickRules
from ...core.views import TRICK_KEYS, Key, Kind
from ...core.words import action_label
from .contracts import (
    CARD_POINTS,
    COUNTERS,
    FIRST_DEALER,
    FOUR_HAND,
    MISERE_GOAL,
    PLAN,
    RANK_OF,
    SEED,
    SIX_BID_TARIFF,
    SPREAD_EXPOSE,
    SUIT_WORDS,
    Contract,
    card_points,
    card_words,
    rules_for,
    six_bid_games,
)

__all__ = ["SixBidSolo", "SoloPhase", "SoloSetup"]


POT_WORDS = {"frog": _("frog"), "solo": _("solo"), "frog_pot": _("frog pot"), "solo_pot": _("solo pot")}
"""Progressive Solo's pots in words, by name (a pool's name is its key in views)."""


class SoloPhase(Phase):
    """The stages of a deal of the Solo family."""

    BID = "bid"          # the bidding
    TRUMP = "trump"      # the winning bidder names the trump suit (games without a fixed trump)
    CALL = "call"        # Call Solo: the bidder calls for a card
    GIVE = "give"        # Call Solo: the bidder gives a card in exchange
    DISCARD = "discard"  # Frog: the bidder discards three cards after taking the widow
    PLAY = "play"        # the eleven tricks
    DONE = "done"


BID, TRUMP, CALL, GIVE, DISCARD, PLAY, DONE = SoloPhase


@dataclass(frozen=True)
class SoloSetup:
    """What every deal of one configuration of a Solo game needs (``game.setup``)."""

    ladder: dict[str, Contract]
    """The games that may be bid, by bid word, low to high."""
    active: tuple[tuple[int, ...], ...]
    """Per dealer: the three who play, from the dealer's left."""
    rules: dict[int | None, TrickRules]
    """The trick rules per trump suit (``None``: no trumps)."""


class SixBidSolo(TrickDeal):
    """Six-Bid Solo: 36 cards, three active players, six games from Solo to Call Solo.

    See the package text for the rules as implemented and their sources.
    """

    # ---- the declaration
    id = "six-bid-solo"
    name = "Six-Bid Solo"
    family = "solo"
    aim = Aim("card points", "target", card_points=CARD_POINTS, target=61)  # more than half of the 120
    aliases: ClassVar[tuple[str, ...]] = ("six-bid", "sixbid-solo")
    min_players, max_players, default_players = 3, 4, 3
    pack_used = PACK_36
    source = f"{SEED}, 'Six-Bid Solo'; docs/decisions.md"
    phases = SoloPhase
    card_phases = (PLAY,)
    option_specs: ClassVar[tuple[Option, ...]] = (*SIX_BID_TARIFF, MISERE_GOAL, SPREAD_EXPOSE, FOUR_HAND,
                                                  FIRST_DEALER, CLAIMS)
    first_dealer_rule = "low"  # seed 001: "as provided under the General Rules" (docs/decisions.md)
    auction_mode: ClassVar[str] = "duel"
    """How the bidding goes: ``duel`` (the two first settle who bids higher, then the third) or ``round``
    (round and round, with doubling: Progressive Solo)."""
    view_keys = (
        *TRICK_KEYS,
        Key("active", Kind.SEATS, "the three who play this deal (the others sit out)", size=3),
        Key("high_bid", Kind.WORD, "the highest bid so far (its action word)", null=True),
        Key("high_bidder", Kind.SEAT, "who made it", null=True),
        Key("declarer", Kind.SEAT, "who won the bidding", null=True),
        Key("contract", Kind.TEXT, "the game the declarer plays, in words", null=True),
        Key("trump", Kind.SUIT, "the trump suit (None: not named yet, or no trumps)", null=True),
        Key("widow_size", Kind.INT, "cards in the widow"),
        Key("doubled", Kind.INT, "0, or 1 for a doubled and 2 for a redoubled bid (Progressive Solo)",
            always=False),
        Key("doubler", Kind.SEAT, "who doubled the bid (Progressive Solo)", null=True, always=False),
        Key("pools", Kind.AMOUNTS, "the frog and solo pots (Progressive Solo)", always=False),
        Key("called", Kind.CARD, "the card the Call Solo bidder called for", always=False),
        Key("card_points", Kind.PER_SEAT, "the card points each seat has taken in tricks", always=False),
        Key("exposed", Kind.SEAT_CARDS, "the Spread Misère bidder's hand, face up", always=False),
        Key("discards", Kind.CARDS, "the Frog bidder's discards, to him", size=3, always=False),
        Key("given", Kind.CARD, "the card the Call Solo bidder gave in exchange, to him", always=False),
        Key("widow", Kind.CARDS, "the widow (or the Frog discards), shown once the deal is over", size=3,
            always=False),
    )

    # ---- the state of a deal (beside the core's hands, trick and tricks won)
    setup: SoloSetup
    active: list[int]
    widow: int
    discards: int
    auction: Auction
    contract: Contract | None
    declarer: int | None
    trump: int | None
    called: int
    """The card called in Call Solo (-1: none)."""
    called_from: int
    """Its holder, -2 for the widow (-1: none called)."""
    given: int
    """The card the bidder gave in return (-1: none)."""
    pools_in: dict[str, int]
    ante: dict[str, int]
    """Chips each player puts into each pot this deal."""

    # ---------------------------------------------------------- configuration
    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), *forms("call {}", sorted(f"{r} of {s}" for r in RANK_OF for s in SUIT_WORDS)),
        ActionForm("call-solo"), ActionForm("guarantee-solo"), ActionForm("heart-solo"), ActionForm("misere"),
        ActionForm("pass"), ActionForm("solo"), ActionForm("spread-misere"),
        *forms("trump {}", ("clubs", "diamonds", "hearts", "spades")), ActionForm("give #"),
    )

    has_pots: ClassVar[bool] = False
    """Whether the seats feed pots (Progressive Solo's frog and solo pots)."""
    payment_multiple: ClassVar[int] = 1
    """The most a payment is multiplied by (Progressive Solo's redouble: 4)."""

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """From the tariff: a game paid by the point pays at most its rate times 60 (the bidder takes 0 to
        120 points, 60 scoring nothing), a flat game its value (with hearts, its hearts value); each other
        seat pays it to a made bid, or is paid it by a failed one, times the most a payment is multiplied by.
        With pots (Progressive Solo) each seat feeds each of the two pots, a made bid takes its pot and a
        failed one doubles it (a deal from empty pots: each holds what the seats fed this deal). Each seat
        bids, or doubles and redoubles, at most twice the games that may be bid and passes once; then a
        call, trumps, the widow's discards and exchange, and every card played."""
        base = max(c.value * 60 if c.kind == "rate" else max(c.value, c.value_hearts or 0)
                   for c in cls.contracts(options))
        pay = base * cls.payment_multiple
        ante = getattr(options, "pot_ante", 0) if cls.has_pots else 0
        pot = players * ante
        return DealBounds(
            actions=players + 2 * len(cls.contracts(options)) + 2 + 6 + cls.pack_of(options).size,
            least=-(pay * max(players - 1, 1) + 2 * ante + pot), most=pay * (players - 1) + pot,
            zero_sum=not cls.has_pots, dealt=cls.pack_of(options).size)
    # -- end of the declaration

    @classmethod
    def contracts(cls, options: Options) -> list[Contract]:
        """The games that may be bid, low to high."""
        o = options
        return [
            Contract("solo", _("Solo"), "rate", o.solo_rate, collect_two=True),
            Contract("heart-solo", _("Heart Solo"), "rate", o.heart_solo_rate, trump="H", collect_two=True),
            *six_bid_games(o.misere, o.guarantee_solo, o.spread_misere, o.call_solo_hearts, o.call_solo_other),
        ]

    @classmethod
    def active_seats(cls, players: int, dealer: int) -> tuple[int, ...]:
        """The three who play, from the dealer's left ("If four play, the dealer does not give cards to himself")."""
        return tuple((dealer + 1 + i) % players for i in range(3))

    @classmethod
    def hand_limit(cls, game: Game) -> int:
        return 14  # the Frog bidder with the widow, before his three discards

    @classmethod
    def configure(cls, game: Game) -> SoloSetup:
        return SoloSetup(ladder={c.word: c for c in cls.contracts(game.options)},
                         active=tuple(cls.active_seats(game.players, d) for d in range(game.players)),
                         rules={t: rules_for(t) for t in (None, *range(4))})

    def antes(self, pools: dict[str, int]) -> dict[str, int]:
        """Chips each player puts into each pot this deal (Progressive Solo only)."""
        return {}

    # ------------------------------------------------------------------ deal
    def _start(self, order: list[int]) -> None:
        s = self.setup = self.game.setup
        self.active = list(s.active[self.dealer])
        dealt = PLAN.deal(order, 3, 2)
        for i, seat in enumerate(self.active):
            self.hands[seat] = dealt.hands[i]
        self.widow = dealt.extras["widow"]
        self.discards = 0
        duel = self.auction_mode == "duel"
        self.auction = Auction(tuple(s.ladder), self.active, mode=self.auction_mode, doubling=not duel,
                               own_overcall=self.doubled_bidder_overcalls())
        self.contract = self.declarer = self.trump = None
        self.called = self.called_from = self.given = -1
        self.pools_in = {k: int(v) for k, v in (self.carry_in.get("pools") or {}).items()}
        self.ante = self.antes(self.pools_in)
        self.phase, self.turn = BID, self.auction.speaker

    # --------------------------------------------------------------- bidding
    def doubled_bidder_overcalls(self) -> bool:
        """Whether the maker of a doubled or redoubled bid may overcall it himself (Progressive Solo's option)."""
        return False

    def options_bid(self, seat: int) -> Iterable[str]:
        yield "pass"
        yield from self.setup.ladder
        if self.auction.doubling:
            yield from ("double", "redouble")

    def legal_bid(self, seat: int) -> list[str]:
        """The options :meth:`check_bid` allows: the auction's own (``Auction.options`` is its rule)."""
        return self.auction.options()

    def check_bid(self, seat: int, action: str) -> str | None:
        a, ladder = self.auction, self.setup.ladder
        word = action.split()[0] if action else ""
        calls = ("pass", "double", "redouble") if a.doubling else ("pass",)
        if word in calls or word in ladder:
            if action != word:
                return _("a call is the one word '{word}', with nothing after it", word=word)
            if a.why_not(action) is None:
                return None
        if word in ladder:
            if seat == a.holder and not a.own_overcall:
                return _("you hold the highest bid; you speak again only to redouble or pass")
            if a.high_bid is not None:
                return _("each bid must name a higher-ranking game than the last ({name})",
                         name=ladder[a.high_bid].name)
        if word == "double" and a.doubling:
            return _("a bid may be doubled once, by another player still in the bidding, in his turn")
        if word == "redouble" and a.doubling:
            return _("only the player whose bid was doubled may redouble, once, in his turn")
        return _("bid a game ({join}) or pass; the cards are played after the bidding", join=', '.join(ladder))

    def apply_bid(self, seat: int, action: str) -> None:
        a = self.auction
        a.call(action)
        if not a.done:
            self.turn = a.speaker
            return
        if a.holder is None:
            self.end()  # "If all pass, there is a new deal by the next dealer in turn"
            return
        self.declarer, self.contract = a.holder, self.setup.ladder[a.high_bid or ""]
        t = self.contract.trump
        if t is None:
            self.phase, self.turn = TRUMP, a.holder
            return
        self.trump = SUITS.index(t) if t else None
        self._after_trump()

    # ---------------------------------------------------------- naming trumps
    def options_trump(self, seat: int) -> Iterable[str]:
        assert self.contract is not None
        return [f"trump {SUIT_NAMES[SUITS.index(t)]}" for t in self.contract.choices]

    def check_trump(self, seat: int, action: str) -> str | None:
        if action in self.options_trump(seat):
            return None
        assert self.contract is not None
        names = ", ".join(SUIT_NAMES[SUITS.index(t)] for t in self.contract.choices)
        return _("name the trump suit for {name}: {names}", name=self.contract.name, names=names)

    def apply_trump(self, seat: int, action: str) -> None:
        self.trump = SUITS.index(SUIT_WORDS[action[6:]])
        self._after_trump()

    def _after_trump(self) -> None:
        c, d = self.contract, self.declarer
        assert c is not None and d is not None
        if c.call:
            self.phase, self.turn = CALL, d
        elif c.widow == "take":
            self.hands[d] |= self.widow
            self.widow = 0
            self.phase, self.turn = DISCARD, d
        else:
            self._begin_play()

    # ------------------------------------------------- Call Solo: call, give
    def options_call(self, seat: int) -> Iterable[str]:
        return (f"call {card_words(c)}" for c in self.card_codes(PACK_36.full & ~self.hands[seat]))

    @staticmethod
    def _called_card(action: str) -> int | None:
        """The card a call names (``call ace of spades``), or ``None``."""
        w = action.split()
        if len(w) == 4 and w[0] == "call" and w[2] == "of" and w[1] in RANK_OF and w[3] in SUIT_WORDS:
            return PACK_36.parse(RANK_OF[w[1]] + SUIT_WORDS[w[3]])
        return None

    def check_call(self, seat: int, action: str) -> str | None:
        c = self._called_card(action)
        if c is not None and not self.hands[seat] >> c & 1:
            return None
        return _("Call Solo: call for any card not in your hand, in words (e.g. 'call ace of spades')")

    def apply_call(self, seat: int, action: str) -> None:
        c = self._called_card(action)
        assert c is not None
        self.called = c
        if self.widow >> c & 1:
            self.called_from = -2  # "If the called card is in the widow, there is no exchange"
            self._begin_play()
            return
        holder = next(s for s in self.active if self.hands[s] >> c & 1)
        self.called_from = holder
        self.hands[holder] &= ~(1 << c)
        self.hands[seat] |= 1 << c
        self.phase = GIVE

    @staticmethod
    def _names_card(action: str, word: str, mask: int) -> bool:
        """Whether ``action`` is ``word`` followed by one card of ``mask``."""
        c = PACK_36.index_of.get(action[len(word):]) if action.startswith(word) else None
        return c is not None and bool(mask >> c & 1)

    def options_give(self, seat: int) -> Iterable[str]:
        return (f"give {c}" for c in self.card_codes(self.hands[seat] & ~(1 << self.called)))

    def check_give(self, seat: int, action: str) -> str | None:
        if self._names_card(action, "give ", self.hands[seat] & ~(1 << self.called)):  # any card but the called
            return None
        return _("give the holder of the called card any card of your hand in exchange (e.g. 'give 6C')")

    def apply_give(self, seat: int, action: str) -> None:
        c = self.find_card(action[5:], self.hands[seat])
        self.hands[seat] &= ~(1 << c)
        self.hands[self.called_from] |= 1 << c
        self.given = c
        self._begin_play()

    # ---------------------------------------------------- Frog: the discards
    def options_discard(self, seat: int) -> Iterable[str]:
        return (f"discard {c}" for c in self.card_codes(self.hands[seat]))

    def check_discard(self, seat: int, action: str) -> str | None:
        if self._names_card(action, "discard ", self.hands[seat]):
            return None
        return _("the Frog bidder picks up the widow and discards three cards of his hand, one at a time")

    def apply_discard(self, seat: int, action: str) -> None:
        c = self.find_card(action[8:], self.hands[seat])
        self.hands[seat] &= ~(1 << c)
        self.discards |= 1 << c
        if self.discards.bit_count() == 3:
            self._begin_play()

    # --------------------------------------------------------------- playing
    def _begin_play(self) -> None:
        c, d = self.contract, self.declarer
        assert c is not None and d is not None
        if c.spread:
            lead = self.active[(self.active.index(d) + 1) % 3]
        else:
            lead = self.active[0]
        self.start_play(self.setup.rules[self.trump], lead, PLAY)
        self.in_play = self.active

    def trick_done(self, winner: int) -> None:
        if not self.hands[winner]:
            self.end()

    # ---------------------------------------------- knowledge a bot may ask for
    def side(self, seat: int) -> int:
        return 0 if seat == self.declarer else 1

    def wants_tricks(self, seat: int) -> bool:
        return not (seat == self.declarer and self.contract is not None and self.contract.kind == "misere")

    def declarer_seat(self) -> int | None:
        return self.declarer

    def contract_of(self, word: str | None) -> Contract | None:
        """The game a bid word names (``None``: not a game of this variant)."""
        return self.setup.ladder.get(word or "")

    def high_bidder(self) -> int | None:
        """Who holds the highest bid so far (``None``: nobody has bid)."""
        return self.auction.holder

    def high_contract(self) -> Contract | None:
        """The game of the highest bid so far (once the bidding is over, the contract)."""
        return self.contract_of(self.auction.high_bid)

    def trump_suit(self) -> int | None:
        """The trump suit's index once known (``None``: not named yet, or no trumps)."""
        return self.trump

    def pots(self) -> dict[str, int]:
        """The pots (Progressive Solo) as they stand: carried in, with this deal's antes."""
        return {k: self.pools_in.get(k, 0) + self.ante.get(k, 0) * self.players for k in {*self.pools_in, *self.ante}}

    # ------------------------------------------------------------- settlement
    def bidder_points(self) -> int:
        """Card points of the bidder's tricks, with the widow or discards where they count."""
        c, d = self.contract, self.declarer
        assert c is not None and d is not None
        extra = {"counts": self.widow, "take": self.discards}.get(c.widow, 0)
        return card_points(self.won[d] | extra)

    def outcome(self) -> tuple[int, str]:
        """(sign, words): +1 made, -1 failed, 0 no score; for a finished, bid deal."""
        c, d = self.contract, self.declarer
        assert c is not None and d is not None
        if c.kind == "misere":
            if self.game.options.misere_goal == "no_tricks":
                took = self.tricks_won[d]
                return (1 if not took else -1), _("{n} tricks taken", n=took)
            pts = card_points(self.won[d])
            return (1 if not self.won[d] & COUNTERS else -1), _("{points} points taken", points=pts)
        pts = self.bidder_points()
        words = _("{points} points", points=pts)
        if c.kind == "rate" or (c.tie_at_60 and pts == 60):
            return (pts > 60) - (pts < 60), words
        return (1 if pts >= c.target(self.trump) else -1), words

    def _settle(self) -> Settlement:
        names = self.names
        led = Ledger(self.players, dict(self.pools_in), names=names)
        for pot, amount in self.ante.items():
            for s in range(self.players):
                led.to_pool(s, pot, amount, _("{player} puts {amount} into the {pot}", player=names[s],
                                              amount=amount, pot=POT_WORDS.get(pot, pot.replace("_", " "))))
        c, d = self.contract, self.declarer
        if c is None or d is None:
            led.note(_("everyone passed: no score; the next dealer deals"))
            return led.settlement()
        sign, words = self.outcome()
        name = self.describe()
        if sign == 0:
            led.note(_("{player} bid {name} and took 60 points: a tie, no score", player=names[d], name=name))
            return led.settlement()
        if c.kind == "rate":
            diff = abs(self.bidder_points() - 60)
            base = c.value * diff
            words = (_("{words}, {diff} over 60 at {rate} a point: {base}", words=words, diff=diff, rate=c.value,
                       base=base) if sign > 0 else
                     _("{words}, {diff} under 60 at {rate} a point: {base}", words=words, diff=diff, rate=c.value,
                       base=base))
        else:
            base = c.flat_value(self.trump)
            words = _("{words}: {base} a player", words=words, base=base)
        led.note(_("{player} made {contract}: {words}", player=names[d], contract=name, words=words) if sign > 0
                 else _("{player} failed {contract}: {words}", player=names[d], contract=name, words=words))
        for s, times in self.payers(sign):
            if sign > 0:
                led.pay(s, d, base * times)
            else:
                led.pay(d, s, base * times)
        if c.pot:
            pot = f"{c.pot}_pot"
            have = led.pools.get(pot, 0)
            if sign > 0 and have:
                led.from_pool(d, pot, None, _("{player} takes the {pot} pot of {have}", player=names[d],
                                              pot=POT_WORDS.get(c.pot, c.pot), have=have))
            elif sign < 0 and have:
                led.to_pool(d, pot, have, _("{player} doubles the {pot} pot, paying in {have}", player=names[d],
                                            pot=POT_WORDS.get(c.pot, c.pot), have=have))
        return led.settlement()

    def describe(self) -> str:
        """The contract in words, with a named trump."""
        c = self.contract
        assert c is not None
        if self.trump is not None and c.trump is None:
            return _("{contract} ({suit} trumps)", contract=c.name, suit=SUIT_NAMES[self.trump])
        return c.name

    def payers(self, sign: int) -> list[tuple[int, int]]:
        """(seat, multiple) for each seat paying or paid: the opponents, and a sitting-out dealer."""
        c, d = self.contract, self.declarer
        assert c is not None and d is not None
        seats = [s for s in range(self.players) if s != d]
        if self.players > 3 and c.collect_two and \
                (sign > 0 or self.game.options.four_hand_solo_loss == "pay_two"):
            seats = [s for s in seats if s in self.active]
        return [(s, 1) for s in seats]

    def _carry(self) -> dict[str, Any] | None:
        pools = self.result().pools
        return {"pools": dict(pools)} if pools else None

    # ------------------------------------------------------------ words, views
    def label(self, action: str) -> str:
        contract = self.setup.ladder.get(action)
        if contract is not None:
            return contract.name
        if action.startswith("trump "):
            return _("Trumps: {suit}", suit=SUIT_NAMES[SUIT_NAMES.index(action[6:])])
        if action.startswith("call "):
            return _("Call the {action}", action=action[5:])
        return action_label(action)

    def exposed_seat(self) -> int | None:
        """The Spread Misère bidder once his hand is face up."""
        c = self.contract
        if c is None or not c.spread or self.phase not in (PLAY, DONE):
            return None
        k = 2 if self.game.options.spread_expose == "after_first_trick_cards" else 1
        return self.declarer if self.played.bit_count() >= k else None

    def _view(self, seat: int | None) -> dict[str, Any]:
        c = self.contract
        v: dict[str, Any] = {
            "active": list(self.active), "high_bid": self.auction.high_bid, "high_bidder": self.auction.holder,
            "declarer": self.declarer, "contract": c.name if c else None,
            "trump": None if self.trump is None else SUITS[self.trump], "widow_size": self.widow.bit_count(),
        }
        if self.auction.doubling:
            v["doubled"] = self.auction.doubled
            v["doubler"] = self.auction.doubler
        pools = dict(self.result().pools) if self.over else self.pots()
        if pools:
            v["pools"] = pools
        if self.called >= 0:
            v["called"] = PACK_36.code(self.called)
        v.update(self.trick_view())
        if self.play_started:
            v["card_points"] = [card_points(m) for m in self.won]
        e = self.exposed_seat()
        if e is not None:
            v["exposed"] = {e: self.card_codes(self.hands[e])}
        if seat is not None and seat == self.declarer and self.discards:
            v["discards"] = self.card_codes(self.discards)
        if seat is not None and seat == self.declarer and self.given >= 0:
            v["given"] = PACK_36.code(self.given)
        if self.over and (self.widow or self.discards):
            v["widow"] = self.card_codes(self.widow | self.discards)
        return v

    def _redact(self, seat: int, action: str, viewer: int | None) -> str:
        if viewer == seat:
            return action
        if action.startswith("discard"):
            return "discard"
        if action.startswith("give") and viewer != self.called_from:
            return "give"
        return action

    # ------------------------------------------------------ hidden information
    def _hidden_zones(self, viewer: int) -> list[Zone]:
        exposed = self.exposed_seat()
        d = self.declarer
        zones = []
        for s in range(self.players):
            if s in (viewer, exposed):
                continue
            z = Zone(("hand", s), self.hands[s], allowed=~self.voids[s])
            if s == d and self.called >= 0:
                z.fixed = self.hands[s] & 1 << self.called  # the called card is known to be his
            if viewer == d and s == self.called_from and self.given >= 0:
                z.fixed = self.hands[s] & 1 << self.given
            zones.append(z)
        if self.widow and not self.over:
            fixed = 1 << self.called if self.called_from == -2 else 0
            zones.append(Zone("widow", self.widow, fixed=fixed))
        if self.discards and not self.over:
            zones.append(Zone("discards", self.discards, fixed=self.discards if viewer == d else 0))
        return zones

    def _set_zone(self, key: Any, mask: int, rng: random.Random) -> None:
        if key == "widow":
            self.widow = mask
        elif key == "discards":
            self.discards = mask
        else:
            super()._set_zone(key, mask, rng)

    def _zones(self) -> dict[str, int]:
        return {**super()._zones(), "widow": self.widow, "discards": self.discards}
