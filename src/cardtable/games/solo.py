"""Six-Bid Solo, Frog, Coeur d'Alene Solo and Progressive (Denver) Solo.

Source: seed ``001_50a7678b5606f88b.txt`` (Scarne's text), sections "Six-Bid Solo", "Frog",
"Coeur D'Alene Solo" and "Progressive Solo", with the gaps resolved in
``docs/decisions.md`` (SB-GAP-1 … SB-GAP-7, FR-GAP-1 … FR-GAP-3,
CA-GAP-1, PS-GAP-1 … PS-GAP-4).

The rules as implemented
------------------------
Players. "Three or four players, but only three play at a time." "If four play, the dealer
does not give cards to himself": he sits out the play but shares in the settlement (below).
Frog also takes five (Foster's Frog, FR-GAP-3 note: "If five play, he gives cards to the two
on his left and one on his right"); the two without cards share in the settlement as the
dealer does at four (ENGINE DEFAULT, extending the seed's four-hand rule).

Cards. "A 36-card deck. The cards in each suit rank: ace (high), ten, king, queen, jack, nine,
eight, seven, and six." Card points "as in Skat": ace 11, ten 10, king 4, queen 3, jack 2
(120 in the pack); lower cards count nothing.

Deal. "The rule of the deal is 'four-three-widow-four.' That is, dealer first deals a round
of four at a time, beginning with the player at his left; then a round of three at a time,
then three cards face down for a widow or blind; finally a round of four at a time. Each hand
thus receives 11 cards." Nobody sees the widow until it is used or, at the end, counted.

Bidding (Six-Bid Solo, Frog, Coeur d'Alene). "The hand to the left of the dealer makes the
first bid or pass. Each bid consists in naming one of the six games. If he bids and the next
hand bids more (names a higher-ranking game), these two first settle who can make the higher
bid. Once a player passes, he is out of the bidding. Third player settles with survivor of
first two as to which can make the higher bid." A player speaks again only when overcalled
(SB-GAP-6). "If all pass, there is a new deal by the next dealer in turn": the deal ends with
no payment. Actions: ``pass`` or the game's word (``solo``, ``heart-solo``, ``misere``,
``guarantee-solo``, ``spread-misere``, ``call-solo``; ``frog``, ``chico``, ``grand``).

Six-Bid Solo's games, low to high (tariff SB-GAP-1, every value an option):

* Solo — "the bidder names any suit other than hearts as trumps. The widow is set aside
  untouched, but is added to bidder's cards at the end of play. The bidder does not name his
  trump unless and until his bid proves to be the high one" (action ``trump spades`` …).
  2 chips for each point over or under 60 (``solo_rate``).
* Heart Solo — "Same as simple solo in all respects, but hearts are trumps"; 3 a point
  (``heart_solo_rate``). "In simple solo and heart solo, if each side wins 60 points there
  is no score for the deal."
* Misère — "There are no trumps, and the bidder undertakes to avoid taking any counting
  cards. The widow is set aside and is not used during play or counted afterward." 30 chips
  (``misere``; SB-GAP-1 default 30). ``misere_goal="no_tricks"`` asks for no trick at all
  instead (SB-GAP-2).
* Guarantee Solo — "The bidder guarantees to win a certain minimum of the counting cards: 74
  points if he names hearts as trumps, or 80 if he names another suit. The widow is not used
  during play but is added to the bidder's cards afterward." 40 chips (``guarantee_solo``).
* Spread Misère — "Same as misere with two additions: the bidder exposes his whole hand face
  up after the opening lead, and opening lead is made by the player at the left of bidder."
  The hand shows in every view (key ``exposed``) from the opening lead, or, with
  ``spread_expose="after_first_trick_cards"``, once the other two have played to the first
  trick (SB-GAP-3). 60 chips (``spread_misere``). At four, when the bidder's left is the
  dealer, who holds no cards, the next active player leads (ENGINE DEFAULT).
* Call Solo — "The bidder undertakes to win all 120 points. The widow is not used in play but
  is added to the bidder's tricks at the end. Before the opening lead, the bidder calls for any
  card not in his hand, and the holder of this card must give it to him in exchange for any
  card the bidder chooses to give in return. If the called card is in the widow, there is no
  exchange of cards." The bidder names trumps, then calls in words (``call ace of spades``:
  the card is one he cannot see, so the action names it in words), then gives
  (``give 6C``; only the bidder and the holder see which card) (SB-GAP-7). An opponent's
  trick holding no counting card does not break it (SB-GAP-4). 150 chips with hearts trumps,
  100 with another suit (``call_solo_hearts``, ``call_solo_other``).

Play. "Except in spread misere, the opening lead is invariably made by the player at left of
dealer. Each hand must follow suit to the lead, if able, and if unable to follow suit must
trump, if able. But there is no compulsion to trump high or low." All eleven tricks are
played. "The two other players combine against the bidder."

Settlement. "The bidder, if he makes the required number of points in play, collects the value
of his game from each of the other players; if he fails, he pays a like amount to each other
player. If there are four players, all share in the gains or losses, except that if the bidder
makes simple solo or heart solo he collects only from the two other active players." A failed
Solo or Heart Solo pays all three (SB-GAP-5 literal; ``four_hand_solo_loss="pay_two"`` pays
only the two active players). The exception covers the simple and heart solos of every game
here (Frog's Chico and Grand, Coeur d'Alene's Solo and Heart Solo, Progressive's suit solos);
Frog itself, Misère and the other flat games share with the dealer (ENGINE DEFAULT, our
reading: "simple solo or heart solo" names the solos, not Frog). At Frog's five the two
without cards share as the dealer does at four.

Frog ("Rana", "Sixty Solo"): "played the same as Six-Bid Solo, except that there are only
three possible bids". Frog (lowest): "Hearts are trumps. The bidder picks up the widow and
then discards any three cards face down" (``discard 7C`` three times; the discards count for
him, FR-GAP-3); 1 a point over or under 60 (``frog_rate``). Chico: simple solo (trump any suit
but hearts, widow counts), 2 a point (``chico_rate``). Grand (the lost third bid, FR-GAP-1):
hearts trumps, widow unused but counted for the bidder; 3 a point (``grand_rate``: 3 or 4,
FR-GAP-2). 60 points: no score.

Coeur d'Alene Solo: "Each hand constitutes a complete game, 61 points being needed to win;
excess points are not considered. If a bidder makes 60 points, it is rated a tie" (no
payment; the deal passes to the left). "1 chip for a frog, 2 chips for a simple solo, 3 chips
for a heart solo", won from or paid to each opponent (a loss pays the same flat amount:
ENGINE DEFAULT, CA-GAP-1 note; CA-GAP-1: the bids are Frog < Solo <
Heart Solo; ``bids="six_bid"`` adds Six-Bid's Misère, Guarantee Solo, Spread Misère and Call
Solo with their flat values).

Progressive Solo (Denver Solo): "five standard bids, which rank upward: frog, spade solo, club
solo, diamond solo, heart solo. The bidding continues around and around, until all players but
one have passed. Once a player passes, he may not reenter the bidding." Frog's trumps are
hearts (PS-GAP-1). "Only a frog bidder may take the widow and discard in its place, the
discards counting for him in play. Other bidders do not use the widow, but the cards in it
count for them." "Any player in his turn may double a bid" (``double``); "a doubled player may
redouble" (``redouble``, in his turn). "A double or redouble does not end the bidding. The
doubled or redoubled bid may be overcalled by anyone making a higher bid in turn"; an
overcall cancels the double (PS-GAP-4, engine default). A pass is final for everyone, the holder
of a doubled bid included (PS-GAP-5): if he passes in his turn instead of redoubling he is out of
the bidding; his bid stands and becomes the contract if nobody overcalls it, and if somebody does
he cannot come back. The highest bid made is always the contract. Rates per
point over or under 60: frog 1, spade 2, club 3, diamond 4, heart 5; "if both sides make 60,
it is rated a tie". Doubled: a made bid collects twice the usual from the doubler and the usual from the others;
a failed one pays twice to each opponent (PS-GAP-2; ``failed_double_pays``); redoubled: four
times, by the same plan. "Each player contributes equally to a frog pot and a solo pot. If a
bidder succeeds, he takes the appropriate pot; if he fails, he doubles the value of the pot"
(PS-GAP-3: he pays in its current content). How the pots are fed is not written: every
player at the table puts ``pot_ante`` chips into a pot that is empty at the start of a deal
(``pot_feed="when_empty"``; or into both pots every deal, ``"every_deal"``), ENGINE DEFAULT.

Each variant is one class (:class:`SixBidSolo`, :class:`Frog`, :class:`CoeurDAleneSolo`,
:class:`ProgressiveSolo`): its declaration as class attributes, its phases (bid, trump, call, give,
discard, play) with one checker each, and the few hooks of the core (see docs/developing.md).

>>> import cardtable as ct
>>> d = ct.load("six-bid-solo", players=3).deal(seed=1)
>>> d.turn, d.legal()[:3]
(1, ['pass', 'solo', 'heart-solo'])
>>> for a in ["heart-solo", "pass", "pass"]:
...     d.act(a)
>>> d.view(1)["contract"], d.view(1)["trump"], d.view(1)["phase"], d.turn
('Heart Solo', 'H', 'play', 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.auction import Auction
from ..core.cards import PACK_36, SUIT_NAMES, SUITS
from ..core.chips import Ledger, Settlement
from ..core.deal import Zone
from ..core.dealing import DealPlan
from ..core.game import Game
from ..core.options import Option, Options
from ..core.phases import Phase
from ..core.tricks import TrickDeal, TrickRules
from ..core.views import TRICK_KEYS, Key, Kind
from ..core.words import action_label

__all__ = ["CoeurDAleneSolo", "Contract", "Frog", "ProgressiveSolo", "SixBidSolo", "SoloPhase", "SoloSetup"]

SEED = "seed 001_50a7678b5606f88b.txt"
PLAN = DealPlan(rounds=(4, 3, 4), widows=(("widow", 1, 3),))
"""'four-three-widow-four': the widow is put aside after the round of three."""

_POWER_OF = {r: i for i, r in enumerate("6789JQKTA")}
POWER = tuple(_POWER_OF[c[0]] for c in PACK_36.code_of)
"""Rank in suit: ace (high), ten, king, queen, jack, nine, eight, seven, six."""
_VALUE = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
POINTS = tuple(_VALUE.get(c[0], 0) for c in PACK_36.code_of)
_BY_VALUE = tuple((v, sum(1 << i for i, c in enumerate(PACK_36.code_of) if c[0] == r)) for r, v in _VALUE.items())
COUNTERS = sum(m for _, m in _BY_VALUE)
HEARTS = 1
SUIT_WORDS = dict(zip(SUIT_NAMES, SUITS))
_RANK_WORDS = dict(zip("AKQJT9876", ("ace", "king", "queen", "jack", "ten", "nine", "eight", "seven", "six")))
_RANK_OF = {w: r for r, w in _RANK_WORDS.items()}


def card_words(code: str) -> str:
    """A card in words, as the call of Call Solo names it (the card may be one the caller cannot see).

    >>> card_words("TC")
    'ten of clubs'
    """
    return f"{_RANK_WORDS[code[0]]} of {SUIT_NAMES[SUITS.index(code[1])]}"


def card_points(mask: int) -> int:
    """Card points in a set of cards (A 11, T 10, K 4, Q 3, J 2).

    >>> card_points(PACK_36.mask("AS TS 6S JH"))
    23
    """
    return sum(v * (mask & m).bit_count() for v, m in _BY_VALUE)


def rules_for(trump: int | None) -> TrickRules:
    """Follow suit; unable to follow, trump if able (no need to trump high)."""
    return TrickRules(PACK_36, trump, power=POWER, trump_when_void=True)


@dataclass(frozen=True)
class Contract:
    """A game that may be bid, as data.

    kind: ``rate`` (chips per point over or under 60; 60 is no score), ``flat`` (``value`` if
    the bidder takes ``need`` points), ``misere`` (``value`` if he avoids counting cards).
    trump: fixed suit letter, ``""`` for no trumps, ``None`` when the bidder names one of
    ``choices`` after winning the bidding. widow: ``counts`` (set aside, counted for the
    bidder), ``out`` (not counted), ``take`` (picked up, three discarded, discards counted).
    """

    word: str
    name: str
    kind: str
    value: int
    trump: str | None = None
    choices: str = "SDC"
    widow: str = "counts"
    value_hearts: int | None = None
    need: int = 61
    need_hearts: int | None = None
    tie_at_60: bool = True
    spread: bool = False
    call: bool = False
    collect_two: bool = False
    pot: str | None = None

    def target(self, trump: int | None) -> int:
        """Points the bidder must take in a ``flat`` game."""
        return self.need_hearts if trump == HEARTS and self.need_hearts is not None else self.need

    def flat_value(self, trump: int | None) -> int:
        """What a ``flat`` or ``misere`` game wins or loses per opponent."""
        return self.value_hearts if trump == HEARTS and self.value_hearts is not None else self.value


def _tariff(name: str, default: int, doc: str, source: str) -> Option:
    return Option(name, int, default, range(1, 1001), doc=doc, source=source)


FOUR_HAND = Option("four_hand_solo_loss", str, "pay_three", ("pay_three", "pay_two"),
                   doc="more than three at the table: a failed simple or heart solo pays everyone else at the table "
                       "(all three at four; all four at Frog's five), or only the two active",
                   source="seed 001 Six-Bid Solo scoring; SB-GAP-5")
MISERE_GOAL = Option("misere_goal", str, "no_counters", ("no_counters", "no_tricks"),
                     doc="Misère: avoid taking any counting card (Scarne), or any trick",
                     source="seed 001 'avoid taking any counting cards'; SB-GAP-2")
SPREAD_EXPOSE = Option("spread_expose", str, "after_lead", ("after_lead", "after_first_trick_cards"),
                       doc="Spread Misère: the hand is shown after the opening lead, or once the other two "
                           "have played to the first trick",
                       source="seed 001 'exposes his whole hand face up after the opening lead'; SB-GAP-3")
SIX_BID_TARIFF = (
    _tariff("solo_rate", 2, "Solo: chips per point over or under 60",
            source=f"{SEED} Six-Bid table: '2 for each point'"),
    _tariff("heart_solo_rate", 3, "Heart Solo: chips per point over or under 60",
            source=f"{SEED} Six-Bid table: '3 for each point'"),
    _tariff("misere", 30, "Misère: chips won or lost per opponent", source="SB-GAP-1 (traditional tariff; default 30)"),
    _tariff("guarantee_solo", 40, "Guarantee Solo: chips won or lost per opponent", source="SB-GAP-1"),
    _tariff("spread_misere", 60, "Spread Misère: chips won or lost per opponent", source="SB-GAP-1"),
    _tariff("call_solo_hearts", 150, "Call Solo with hearts trumps: chips per opponent", source="SB-GAP-1"),
    _tariff("call_solo_other", 100, "Call Solo with another trump: chips per opponent", source="SB-GAP-1"),
)


def six_bid_games(misere: int, guarantee: int, spread: int, call_hearts: int, call_other: int) -> list[Contract]:
    """Misère, Guarantee Solo, Spread Misère and Call Solo (low to high), with flat values."""
    return [
        Contract("misere", "Misère", "misere", misere, trump="", widow="out"),
        Contract("guarantee-solo", "Guarantee Solo", "flat", guarantee, choices="SHDC", need=80, need_hearts=74,
                 tie_at_60=False),
        Contract("spread-misere", "Spread Misère", "misere", spread, trump="", widow="out", spread=True),
        Contract("call-solo", "Call Solo", "flat", call_other, choices="SHDC", value_hearts=call_hearts, need=120,
                 tie_at_60=False, call=True),
    ]


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

    See the module text for the rules as implemented and their sources.
    """

    # ---- the declaration
    id = "six-bid-solo"
    name = "Six-Bid Solo"
    family = "solo"
    aliases: ClassVar[tuple[str, ...]] = ("six-bid", "sixbid-solo")
    min_players, max_players, default_players = 3, 4, 3
    pack_used = PACK_36
    source = f"{SEED}, 'Six-Bid Solo'; docs/decisions.md"
    phases = SoloPhase
    card_phases = (PLAY,)
    option_specs: ClassVar[tuple[Option, ...]] = (*SIX_BID_TARIFF, MISERE_GOAL, SPREAD_EXPOSE, FOUR_HAND)
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
    @classmethod
    def contracts(cls, options: Options) -> list[Contract]:
        """The games that may be bid, low to high."""
        o = options
        return [
            Contract("solo", "Solo", "rate", o.solo_rate, collect_two=True),
            Contract("heart-solo", "Heart Solo", "rate", o.heart_solo_rate, trump="H", collect_two=True),
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
        self.auction = Auction(tuple(s.ladder), self.active, mode=self.auction_mode, doubling=not duel)
        self.contract = self.declarer = self.trump = None
        self.called = self.called_from = self.given = -1
        self.pools_in = {k: int(v) for k, v in (self.carry_in.get("pools") or {}).items()}
        self.ante = self.antes(self.pools_in)
        self.phase, self.turn = BID, self.auction.speaker

    # --------------------------------------------------------------- bidding
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
                return f"a call is the one word '{word}', with nothing after it"
            if a.why_not(action) is None:
                return None
        if word in ladder:
            if seat == a.holder:
                return "you hold the highest bid; you speak again only to redouble or pass"
            if a.high_bid is not None:
                return f"each bid must name a higher-ranking game than the last ({ladder[a.high_bid].name})"
        if word == "double" and a.doubling:
            return "a bid may be doubled once, by another player still in the bidding, in his turn"
        if word == "redouble" and a.doubling:
            return "only the player whose bid was doubled may redouble, once, in his turn"
        return f"bid a game ({', '.join(ladder)}) or pass; the cards are played after the bidding"

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
        return f"name the trump suit for {self.contract.name}: {names}"

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
        if len(w) == 4 and w[0] == "call" and w[2] == "of" and w[1] in _RANK_OF and w[3] in SUIT_WORDS:
            return PACK_36.parse(_RANK_OF[w[1]] + SUIT_WORDS[w[3]])
        return None

    def check_call(self, seat: int, action: str) -> str | None:
        c = self._called_card(action)
        if c is not None and not self.hands[seat] >> c & 1:
            return None
        return "Call Solo: call for any card not in your hand, in words (e.g. 'call ace of spades')"

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
        return "give the holder of the called card any card of your hand in exchange (e.g. 'give 6C')"

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
        return "the Frog bidder picks up the widow and discards three cards of his hand, one at a time"

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
                return (1 if not took else -1), f"{took} tricks taken"
            pts = card_points(self.won[d])
            return (1 if not self.won[d] & COUNTERS else -1), f"{pts} points taken"
        pts = self.bidder_points()
        words = f"{pts} points"
        if c.kind == "rate" or (c.tie_at_60 and pts == 60):
            return (pts > 60) - (pts < 60), words
        return (1 if pts >= c.target(self.trump) else -1), words

    def _settle(self) -> Settlement:
        names = self.names
        led = Ledger(self.players, dict(self.pools_in), names=names)
        for pot, amount in self.ante.items():
            for s in range(self.players):
                led.to_pool(s, pot, amount, f"{names[s]} puts {amount} into the {pot.replace('_', ' ')}")
        c, d = self.contract, self.declarer
        if c is None or d is None:
            led.note("everyone passed: no score; the next dealer deals")
            return led.settlement()
        sign, words = self.outcome()
        name = self.describe()
        if sign == 0:
            led.note(f"{names[d]} bid {name} and took 60 points: a tie, no score")
            return led.settlement()
        if c.kind == "rate":
            diff = abs(self.bidder_points() - 60)
            base = c.value * diff
            words += f", {diff} {'over' if sign > 0 else 'under'} 60 at {c.value} a point: {base}"
        else:
            base = c.flat_value(self.trump)
            words += f": {base} a player"
        led.note(f"{names[d]} {'made' if sign > 0 else 'failed'} {name}: {words}")
        for s, times in self.payers(sign):
            if sign > 0:
                led.pay(s, d, base * times)
            else:
                led.pay(d, s, base * times)
        if c.pot:
            pot = f"{c.pot}_pot"
            have = led.pools.get(pot, 0)
            if sign > 0 and have:
                led.from_pool(d, pot, None, f"{names[d]} takes the {c.pot} pot of {have}")
            elif sign < 0 and have:
                led.to_pool(d, pot, have, f"{names[d]} doubles the {c.pot} pot, paying in {have}")
        return led.settlement()

    def describe(self) -> str:
        """The contract in words, with a named trump."""
        c = self.contract
        assert c is not None
        return c.name + (f" ({SUIT_NAMES[self.trump]} trumps)" if self.trump is not None and c.trump is None else "")

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
            return f"Trumps: {action[6:]}"
        if action.startswith("call "):
            return f"Call the {action[5:]}"
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


class Frog(SixBidSolo):
    """Frog (Rana, Sixty Solo): Six-Bid Solo with three bids — Frog, Chico and Grand.

    Seed 001: "Frog lowest. Hearts are trumps. The bidder picks up the widow and then discards
    any three cards face down. He collects or pays for every point he takes in play over or
    under 60. Chico has the same meaning as simple solo in Six-Bid Solo." Grand: FR-GAP-1.
    Three to five at the table, three active (Foster; see "Players" below).
    """

    id = "frog"
    name = "Frog"
    aliases = ("rana", "sixty-solo")
    source = f"{SEED}, 'Frog'; docs/decisions.md"
    max_players = 5
    option_specs = (
        Option("frog_rate", int, 1, range(1, 101), doc="Frog: chips per point over or under 60",
               source=f"{SEED} Frog: 'He collects or pays for every point'"),
        Option("chico_rate", int, 2, range(1, 101), doc="Chico (simple solo): chips per point over or under 60",
               source=f"{SEED} Frog: 'Chico has the same meaning as simple solo'; FR-GAP-3"),
        Option("grand_rate", int, 3, (3, 4), doc="Grand (hearts trumps, widow counts): chips per point",
               source="FR-GAP-1, FR-GAP-2"),
        FOUR_HAND,
    )
    fixed_options = {"misere_goal": "no_counters", "spread_expose": "after_lead"}  # no Misère here

    @classmethod
    def active_seats(cls, players: int, dealer: int) -> tuple[int, ...]:
        """Foster: "If four play, the dealer takes no cards. If five play, he gives cards to the two on
        his left and one on his right" (FR-GAP-3 note)."""
        if players == 5:
            return (dealer + 1) % 5, (dealer + 2) % 5, (dealer + 4) % 5
        return super().active_seats(players, dealer)

    @classmethod
    def contracts(cls, options: Options) -> list[Contract]:
        o = options
        return [
            Contract("frog", "Frog", "rate", o.frog_rate, trump="H", widow="take"),
            Contract("chico", "Chico", "rate", o.chico_rate, collect_two=True),
            Contract("grand", "Grand", "rate", o.grand_rate, trump="H", collect_two=True),
        ]


class CoeurDAleneSolo(SixBidSolo):
    """Coeur d'Alene Solo: each hand a complete game — 61 wins, 60 is a tie, flat stakes.

    Seed 001: "Each hand constitutes a complete game, 61 points being needed to win; excess
    points are not considered. If a bidder makes 60 points, it is rated a tie, and the deal
    passes to the left. The settlements for wins and losses are computed as follows: 1 chip for
    a frog, 2 chips for a simple solo, 3 chips for a heart solo."
    """

    id = "coeur-d-alene-solo"
    name = "Coeur d'Alene Solo"
    aliases = ("coeur-dalene-solo", "coeur-d-alene")
    source = f"{SEED}, 'Coeur D'Alene Solo'; docs/decisions.md"
    option_specs = (
        Option("bids", str, "frog_family", ("frog_family", "six_bid"),
               doc="the bids: Frog, Solo, Heart Solo; or these plus Six-Bid's Misère, Guarantee Solo, "
                   "Spread Misère and Call Solo at their flat values",
               source="CA-GAP-1"),
        Option("frog_value", int, 1, range(1, 101), doc="chips won or lost per opponent on a Frog",
               source=f"{SEED} Coeur d'Alene: '1 chip for a frog'"),
        Option("solo_value", int, 2, range(1, 101), doc="chips won or lost per opponent on a simple Solo",
               source=f"{SEED} Coeur d'Alene: '2 chips for a simple solo'"),
        Option("heart_solo_value", int, 3, range(1, 101), doc="chips won or lost per opponent on a Heart Solo",
               source=f"{SEED} Coeur d'Alene: '3 chips for a heart solo'"),
        *SIX_BID_TARIFF[2:], MISERE_GOAL, SPREAD_EXPOSE, FOUR_HAND,
    )

    @classmethod
    def contracts(cls, options: Options) -> list[Contract]:
        o = options
        out = [
            Contract("frog", "Frog", "flat", o.frog_value, trump="H", widow="take"),
            Contract("solo", "Solo", "flat", o.solo_value, collect_two=True),
            Contract("heart-solo", "Heart Solo", "flat", o.heart_solo_value, trump="H", collect_two=True),
        ]
        if o.bids == "six_bid":
            out += six_bid_games(o.misere, o.guarantee_solo, o.spread_misere, o.call_solo_hearts, o.call_solo_other)
        return out


class ProgressiveSolo(SixBidSolo):
    """Progressive Solo (Denver Solo): five bids in suit order, doubling, frog and solo pots.

    Seed 001: "There are five standard bids, which rank upward: frog, spade solo, club solo,
    diamond solo, heart solo. The bidding continues around and around, until all players but
    one have passed." Rates per point over or under 60: 1, 2, 3, 4, 5.
    """

    id = "progressive-solo"
    name = "Progressive Solo"
    aliases = ("denver-solo",)
    source = f"{SEED}, 'Progressive Solo'; docs/decisions.md"
    auction_mode = "round"
    option_specs = (
        Option("failed_double_pays", str, "each_opponent_x2", ("each_opponent_x2", "doubler_x2_other_x1"),
               doc="a failed doubled bid pays twice to each opponent, or twice to the doubler and once to the others "
                   "(four times when redoubled)",
               source=f"{SEED} Progressive: 'the bidder loses twice the usual amount to the other players'; PS-GAP-2"),
        Option("pot_ante", int, 1, range(1, 101), doc="chips each player puts into a pot when it is fed",
               source="ENGINE DEFAULT (unsourced): 'each player contributes equally to a frog pot and a solo pot'"),
        Option("pot_feed", str, "when_empty", ("when_empty", "every_deal"),
               doc="feed a pot when it is empty at the start of a deal, or feed both pots every deal",
               source="ENGINE DEFAULT (unsourced)"),
        FOUR_HAND,
    )
    fixed_options = {"misere_goal": "no_counters", "spread_expose": "after_lead"}  # no Misère here
    RATES = (("frog", "Frog", "H", 1), ("spade-solo", "Spade Solo", "S", 2), ("club-solo", "Club Solo", "C", 3),
             ("diamond-solo", "Diamond Solo", "D", 4), ("heart-solo", "Heart Solo", "H", 5))

    @classmethod
    def contracts(cls, options: Options) -> list[Contract]:
        return [Contract(w, n, "rate", rate, trump=t, widow="take" if w == "frog" else "counts",
                         collect_two=w != "frog", pot="frog" if w == "frog" else "solo")
                for w, n, t, rate in cls.RATES]

    def antes(self, pools: dict[str, int]) -> dict[str, int]:
        o = self.game.options
        every = o.pot_feed == "every_deal"
        return {p: o.pot_ante for p in ("frog_pot", "solo_pot") if every or not pools.get(p)}

    def payers(self, sign: int) -> list[tuple[int, int]]:
        """Doubled and redoubled contracts multiply the payments (PS-GAP-2)."""
        times = (1, 2, 4)[self.auction.doubled]
        doubler = self.auction.doubler
        each = sign < 0 and self.game.options.failed_double_pays == "each_opponent_x2"
        return [(s, times if (s == doubler or each) else 1) for s, _ in super().payers(sign)]

    def describe(self) -> str:
        a = self.auction
        if not a.doubled:
            return super().describe()
        again = " and redoubled" if a.doubled == 2 else ""
        return f"{super().describe()} doubled by {self.names[a.doubler or 0]}{again}"


GAMES = (SixBidSolo, Frog, CoeurDAleneSolo, ProgressiveSolo)
