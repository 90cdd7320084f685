"""Napoleon (Nap) and Seven-Card Napoleon.

Source: seed ``000_021e177d957c1434.txt``, section "Napoleon" (G. F. Hervey's text), with
the gaps resolved in ``shared/rules/RESOLUTIONS.md`` §2.3 (N-GAP-1 … N-GAP-9).

The rules as implemented
------------------------
"It is played with the full pack of fifty-two cards, by any number of players up to six
each playing for himself. Each player is dealt five cards" — one at a time by default
(the old game "consists simply of five cards dealt out singly"; option ``deal``: 2+3 or 3+2).

"Beginning with the player on the left of the dealer, every player in turn must either
pass or declare to win a specified number of tricks in the ascending order: Two, Three,
Four and Nap". One round only; each declaration must be higher than the last.
Actions: ``pass``, ``bid 2``, ``bid 3``, ``bid 4``, ``nap`` and, with the options,
``misery``, ``wellington``, ``blucher``; ``exchange <cards>`` (Purchase Nap), ``peep``
(paid peek), ``discard <card>`` (the peep exchange); in play, a card code.

"The player who has contracted to win most tricks leads to the first trick and the card
that he leads determines the trump suit ... a player must follow suit if he can, otherwise
he may discard or trump". All tricks are played, except that a Misery ends as soon as the
declarer takes a trick (N-GAP-5).

"Stakes are paid only on the number of tricks contracted for": Two ±2, Three ±3, Four ±4,
Nap +10/−5, "to, and received from, all players at the table" (N-GAP-8: every other seat).

All pass (N-GAP-3): the deal is void and the next dealer deals (``all_pass="redeal"``), or
the dealer must declare at least One, which scores ±1 (``all_pass="dealer_bids_one"``).

Options (seed "extraordinary declarations"):

* ``misery`` — "a declaration to lose every trick. It ranks between the declaration of Three
  and Four ... normally it is played without a trump suit, some play it with a trump suit,
  determined as in the parent game by the opening lead" (``misery_trumps``). "It pays and
  wins 3 units" (``misery_win`` / ``misery_lose``, N-GAP-4).
* ``wellington`` — all five tricks at double stakes, declarable only over a Nap (N-GAP-1);
  ``blucher`` — triple stakes, only over a Wellington (N-GAP-2). ``high_bids_scale``
  chooses +20/−10 and +30/−15 (``double_triple``) or Peel's +10/−10 and +10/−15.
* ``peep`` — "Peep Nap sanction the player who has declared Nap (or Wellington or Blucher
  ...) to exchange the top card of the pack for a card in his own hand": the declarer takes
  the top card and discards one of his six (``nap_declarer_only``). The house rule of
  N-GAP-6 (``paid_peek_before_bid``): before declaring, a player may pay 1 unit into the
  pool to look at the top card; if he becomes the declarer he may exchange it.
* ``purchase`` — "each player before declaring [may] exchange any number of cards in his
  hand for fresh cards, by paying into a pool 1 unit for every card exchanged. The pool is
  carried forward from deal to deal and taken by the first player to win Nap (or Wellington
  or Blucher)" (N-GAP-7: at his turn, before his declaration).

Seven-Card Napoleon: "seven cards are dealt to each player, and a player cannot contract to
win less than three tricks. There is no Wellington and no Blucher. Misery is optional and,
if permitted, ranks between Nap and Six": Three ±3, Four ±4, Nap (five) +10/−5, Misery
+10/−5, Six +18/−9, Seven +28/−14. 2–6 players, 7 with ``seven_players`` (N-GAP-8). Peep and
Purchase Nap belong to the declarations of all five tricks and above: a Nap, Six or Seven declarer may
peep, and a made Nap, Six or Seven takes the purchase pool (N-GAP-10).

Each variant is one class (:class:`Nap`, :class:`SevenCardNap`): its declaration as class attributes, its
phases (declare, peep, play) with one checker each, and the few hooks of the core (see docs/developing.md).

>>> import cardtable as ct
>>> d = ct.load("nap", players=3).deal(deck="AS 2H 3D KS 4H 5D QS 6H 7D JS 8H 9D TS TH JD " + " ".join(
...     c for c in ct.core.cards.PACK_52.code_of if c not in "AS 2H 3D KS 4H 5D QS 6H 7D JS 8H 9D TS TH JD".split()))
>>> d.view(1)["hand"]
['AS', 'KS', 'QS', 'JS', 'TS']
>>> for a in ["nap", "pass", "pass", "AS", "2H", "3D"]:
...     d.act(a)
>>> d.view(1)["trump"], d.view(1)["tricks_won"], d.label("nap")
('S', [0, 1, 0], 'Nap')
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..core.aims import Aim
from ..core.auction import Auction
from ..core.bounds import ActionForm, DealBounds, card_sets, forms
from ..core.chips import Ledger, Settlement
from ..core.deal import Zone
from ..core.dealing import DealPlan
from ..core.game import Game
from ..core.i18n import _, _n
from ..core.options import Option, Options
from ..core.phases import Phase
from ..core.tricks import CLAIMS, TrickDeal, TrickRules
from ..core.views import TRICK_KEYS, Key, Kind
from ..core.words import action_label, cards_phrase
from .napoleon_kernel import NapKernel

__all__ = ["Contract", "Nap", "NapPhase", "NapSetup", "SevenCardNap"]

POOL = "nap_pool"


class NapPhase(Phase):
    """The stages of a deal of Nap."""

    DECLARE = "declare"  # one round of declarations (with Purchase Nap's exchanges and the paid peep)
    PEEP = "peep"        # the Peep Nap declarer discards one of his six cards
    PLAY = "play"        # the tricks
    DONE = "done"


DECLARE, PEEP, PLAY, DONE = NapPhase  # the members, read at module speed on the hot path


def _tricks(n: int) -> str:
    """``1 trick``, ``3 tricks``."""
    return _n("{n} trick", "{n} tricks", n, n=n)


@dataclass(frozen=True)
class Contract:
    """A declaration: its word (the action), its name in words, tricks needed (0 for Misery), and what it
    wins and loses from each other player."""

    word: str
    name: str
    tricks: int
    win: int
    lose: int
    misery: bool = field(init=False)
    """A declaration to lose every trick."""
    napish: bool = field(init=False)
    """A declaration of all five tricks or more (Nap, Wellington, Blucher; at Seven-Card Napoleon Nap, Six and
    Seven, N-GAP-10): the declarations that may peep and take the pool."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "misery", self.word == "misery")
        object.__setattr__(self, "napish", self.tricks >= 5)


@dataclass(frozen=True)
class NapSetup:
    """What every deal of one configuration of Nap needs, worked out once per game (``game.setup``)."""

    plan: DealPlan
    ladder: dict[str, Contract]
    """The declarations by word, lowest first."""
    speakers: tuple[tuple[int, ...], ...]
    """Per dealer: the seats in the order they speak, from the dealer's left."""
    words: tuple[str, ...]
    """The declarations' words, lowest first (the auction's bids)."""
    purchase: bool
    peep: str
    misery_trumps: bool
    extras: bool
    """Actions beside the declarations: Purchase Nap's exchanges or the paid peep."""
    forced: bool
    """When everyone else has passed, the dealer must declare (``all_pass`` other than ``redeal``)."""
    declarations: dict[tuple[int, bool, bool], tuple[str, ...]] = field(default_factory=dict)
    """Memo: the declarations allowed, by (highest bid, speaker is the dealer, no bid yet) — all they depend on."""



class Nap(TrickDeal):  # compiled
    """Napoleon (Nap): five cards each, one round of declarations, the declarer's lead names trumps.

    See the module text for the rules as implemented and their sources.
    """

    # ---- the declaration
    id = "nap"
    name = "Napoleon"
    family = "napoleon"
    aim = Aim("tricks", "bid", bids="tricks")  # the declarer takes the tricks he bid; the others stop him
    aliases = ("napoleon",)
    min_players, max_players, default_players = 2, 6, 4
    source = "seed 000_021e177d957c1434.txt, 'Napoleon'; RESOLUTIONS.md §2.3"
    hand_size: ClassVar[int] = 5
    phases = NapPhase
    card_phases = (PLAY,)
    kernel = NapKernel(ids=("nap", "seven-card-nap"))  # these two games exactly, not a variant inheriting it
    option_specs = (
        Option("misery", bool, False, doc=_("allow Misery (lose every trick), ranking between Three and Four"),
               source="seed 000 Napoleon: 'Misery is a declaration to lose every trick'"),
        Option("misery_trumps", bool, False, doc=_("play Misery with the opening lead's suit as trumps"),
               source="seed 000: 'some play it with a trump suit'; N-GAP-5"),
        Option("misery_win", int, 3, range(1, 101), doc=_("what a made Misery wins from each player"),
               source="seed 000: 'It pays and wins 3 units'; N-GAP-4"),
        Option("misery_lose", int, 3, range(1, 101), doc=_("what a failed Misery pays each player"),
               source="seed 000; N-GAP-4"),
        Option("wellington", bool, False, doc=_("allow Wellington: all five at double stakes, only over a Nap"),
               source="seed 000: 'Wellington is declaration to win all five tricks at double stakes'; N-GAP-1"),
        Option("blucher", bool, False, doc=_("allow Blucher: all five at triple stakes, only over a Wellington"),
               source="N-GAP-2 (Peel; 1911 EB)"),
        Option("high_bids_scale", str, "double_triple", ("double_triple", "peel_modified"),
               doc=_("Wellington/Blucher stakes: +20/-10 and +30/-15, or Peel's +10/-10 and +10/-15"),
               source="N-GAP-2"),
        Option("peep", str, "off", ("off", "nap_declarer_only", "paid_peek_before_bid"),
               doc=_("Peep Nap: the Nap declarer may exchange the top card of the pack (or the paid-peek house "
                     "rule)"),
               source="seed 000: 'Peep Nap'; N-GAP-6"),
        Option("purchase", bool, False,
               doc=_("Purchase Nap: buy replacements before declaring at 1 unit a card into a carried pool"),
               source="seed 000: 'Purchase Nap'; N-GAP-7"),
        Option("all_pass", str, "redeal", ("redeal", "dealer_bids_one"),
               doc=_("when everyone passes: void deal and next dealer deals, or the dealer must declare One"),
               source="N-GAP-3"),
        Option("deal", str, "singly", ("singly", "3+2", "2+3"),
               doc=_("how the five cards are dealt"),
               source="Wikipedia 'dealt out singly'; Scarne 'two ... then three'"),
        CLAIMS,
    )
    view_keys = (
        *TRICK_KEYS,
        Key("trump", Kind.SUIT, "the trump suit, named by the declarer's first lead (None until then, and in a "
            "Misery without trumps)", null=True),
        Key("high_bid", Kind.WORD, "the highest declaration so far (its action word)", null=True),
        Key("high_bidder", Kind.SEAT, "who made it", null=True),
        Key("declarer", Kind.SEAT, "who won the declarations", null=True),
        Key("contract", Kind.WORD, "the declaration the declarer plays (its action word)", null=True),
        Key("pools", Kind.AMOUNTS, "the Nap pool, when there is one (Purchase Nap, the paid peep, a carried pool)"),
        Key("stock_size", Kind.INT, "cards left in the pack (Purchase and Peep Nap only)", always=False),
        Key("peeked", Kind.CARD, "the top card of the pack, to a seat that paid to peep at it", always=False),
        Key("my_discards", Kind.CARDS, "the cards this seat exchanged or discarded", size="hand", always=False),
    )

    # ---- the state of a deal of Nap (beside the core's hands, trick and tricks won)
    setup: NapSetup
    auction: Auction
    pool_start: int
    paid: list[int]
    """Units each seat paid into the pool this deal (cards bought, a peep)."""
    bought: int
    """Seats that have exchanged cards this deal (a bitmask)."""
    peeked: int
    """Seats that paid to peep (a bitmask)."""
    discards: int
    discarded_by: list[int]
    contract: Contract | None
    declarer: int | None

    # ---------------------------------------------------------- configuration
    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), *forms("bid {}", range(2, 5)), ActionForm("nap"), ActionForm("pass"),
        ActionForm("bid 1", ({"all_pass": "dealer_bids_one"},)), ActionForm("misery", ({"misery": True},)),
        ActionForm("peep", ({"peep": "paid_peek_before_bid"},)), ActionForm("wellington", ({"wellington": True},)),
        ActionForm("discard #", ({"peep": "nap_declarer_only"}, {"peep": "paid_peek_before_bid"},)),
        *card_sets("exchange", 5, {"purchase": True}), ActionForm("blucher", ({"blucher": True},)),
    )

    @classmethod
    def action_forms_of(cls, options: Options) -> tuple[ActionForm, ...]:
        """The declared forms, and after them any declaration of the ladder they do not name (a variant's
        new contract, such as a Six, needs no form of its own)."""
        have = {f.text for f in cls.action_forms}
        return super().action_forms_of(options) + tuple(
            ActionForm(c.word) for c in cls.contracts(options) if c.word not in have)

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """Exact from the rules: each seat speaks once (one declaration or pass; with Purchase Nap an exchange
        first, with the paid peep a peep), the peeping declarer discards once, then every card is played. A
        made contract wins its ``win`` from each other seat, a failed one pays its ``lose`` to each; into the
        pool each seat pays at most a card bought for each card of its hand and 1 for a peep, and the
        declarer of a Nap may take all of it (a deal from an empty pool: what a pool pays out was paid in
        by the deals of the same match)."""
        contracts = cls.contracts(options)
        paid_peep = options.peep == "paid_peek_before_bid"
        per_seat = cls.hand_size * options.purchase + paid_peep
        pool = players * per_seat
        speaks = 1 + options.purchase + paid_peep
        return DealBounds(
            actions=players * speaks + (options.peep != "off") + players * cls.hand_size,
            least=-max((players - 1) * max(c.lose for c in contracts), max(c.win for c in contracts)) - per_seat,
            most=max((players - 1) * max(c.win for c in contracts), max(c.lose for c in contracts)) + pool,
            zero_sum=pool == 0,
            dealt=52 if options.purchase else players * cls.hand_size + (options.peep != "off"))
    # -- end of the declaration

    @classmethod
    def player_range(cls, options: Options) -> tuple[int, int]:
        return cls.min_players, cls.max_players

    @classmethod
    def configuration_problem(cls, players: int, options: Options) -> str | None:
        if options.blucher and not options.wellington:
            return "blucher needs wellington=true (Blucher is declared only over Wellington)"
        if players * cls.hand_size + (1 if options.peep != "off" else 0) > 52:
            return f"{players} players need more than 52 cards"
        return None

    @classmethod
    def hand_limit(cls, game: Game) -> int:
        return cls.hand_size + 1  # the Peep Nap declarer holds six (eight at Seven-Card) before his discard

    @classmethod
    def contracts(cls, options: Options) -> list[Contract]:
        """The declarations in ascending order, under the chosen options."""
        w = {"double_triple": (20, 10, 30, 15), "peel_modified": (10, 10, 10, 15)}[options.high_bids_scale]
        out = [Contract("bid 1", _("One"), 1, 1, 1)] if options.all_pass == "dealer_bids_one" else []
        out += [Contract("bid 2", _("Two"), 2, 2, 2), Contract("bid 3", _("Three"), 3, 3, 3)]
        if options.misery:
            out.append(Contract("misery", _("Misery"), 0, options.misery_win, options.misery_lose))
        out += [Contract("bid 4", _("Four"), 4, 4, 4), Contract("nap", _("Nap"), 5, 10, 5)]
        if options.wellington:
            out.append(Contract("wellington", _("Wellington"), 5, w[0], w[1]))
        if options.blucher:
            out.append(Contract("blucher", _("Blucher"), 5, w[2], w[3]))
        return out

    @classmethod
    def plan(cls, options: Options) -> DealPlan:
        """How the cards are dealt."""
        return DealPlan(rounds={"singly": (1,) * cls.hand_size, "3+2": (3, 2), "2+3": (2, 3)}[options.deal])

    @classmethod
    def configure(cls, game: Game) -> NapSetup:
        o, n = game.options, game.players
        ladder = {c.word: c for c in cls.contracts(o)}
        return NapSetup(plan=cls.plan(o), ladder=ladder, words=tuple(ladder),
                        speakers=tuple(tuple((d + i + 1) % n for i in range(n)) for d in range(n)),
                        purchase=o.purchase, peep=o.peep, misery_trumps=o.misery_trumps,
                        extras=o.purchase or o.peep == "paid_peek_before_bid",
                        forced=o.all_pass != "redeal")

    # ------------------------------------------------------------------ deal
    def _start(self, order: list[int]) -> None:
        s = self.setup = self.game.setup
        dealt = s.plan.deal(order, self.players, self.dealer)
        self.hands, self.stock = dealt.hands, dealt.stock
        self.auction = Auction(s.words, s.speakers[self.dealer])
        pools = self.carry_in.get("pools")
        self.pool_start = int(pools.get(POOL, 0)) if pools else 0
        self.paid = [0] * self.players
        self.bought = self.peeked = self.discards = 0
        self.discarded_by = [0] * self.players
        self.contract = self.declarer = None
        self.phase = DECLARE
        self.turn = self.auction.speaker

    # ------------------------------------------------------------ declaring
    def options_declare(self, seat: int) -> Iterable[str]:
        """Pass, the declarations, the paid peep, and every purchase of cards."""
        yield "pass"
        yield from self.setup.ladder
        yield from self._extras(seat)

    def _extras(self, seat: int) -> Iterable[str]:
        if self.setup.peep == "paid_peek_before_bid":
            yield "peep"
        if self.setup.purchase and self.stock:
            cards = self.card_codes(self.hands[seat])
            for k in range(1, min(len(cards), len(self.stock)) + 1):
                yield from ("exchange " + " ".join(x) for x in itertools.combinations(cards, k))

    def legal_declare(self, seat: int) -> tuple[str, ...] | list[str]:
        """The options :meth:`check_declare` allows, the declarations memoised per auction situation."""
        a = self.auction
        key = (a.high, seat == self.dealer, a.holder is None)
        bids = self.setup.declarations.get(key)
        if bids is None:
            bids = self.setup.declarations[key] = tuple(
                w for w in ("pass", *self.setup.ladder) if self.check_declare(seat, w) is None)
        if not self.setup.extras:
            return bids
        return [*bids, *(x for x in self._extras(seat) if self.check_declare(seat, x) is None)]

    def check_declare(self, seat: int, action: str) -> str | None:
        """The rule of the declarations (with Purchase Nap's exchanges and the paid peep)."""
        ladder = self.setup.ladder
        if action == "pass":
            if self.setup.forced and seat == self.dealer and self.auction.holder is None:
                low = ladder[next(iter(ladder))].name
                return _("the dealer must declare at least {low} when everyone else has passed", low=low)
            return None
        if action in ladder:
            return self._why_not_declare(seat, action)
        word = action.split()[0] if action else ""
        if word == "exchange":
            return self._why_not_purchase(seat, action.split()[1:])
        if action == "peep":
            if self.setup.peep != "paid_peek_before_bid":
                return _("paying to peep at the top card is not part of this game")
            if self.peeked >> seat & 1:
                return _("you have already peeped this deal")
            return None if self.stock else _("the pack is empty")
        if word == "bid" or action in ("misery", "wellington", "blucher"):
            names = ", ".join(c.name for c in ladder.values())
            return _("there is no declaration {action!r} here; the declarations are: {names}", action=action,
                     names=names)
        return _("declare (pass or a higher declaration) first; cards are played after the declarations")

    def _why_not_declare(self, seat: int, word: str) -> str | None:
        high = self.auction.high_bid
        if word == "wellington" and high != "nap":
            return _("Wellington may be declared only over a declaration of Nap")
        if word == "blucher" and high != "wellington":
            return _("Blucher may be declared only over a declaration of Wellington")
        if self.auction.why_not(word) is not None and high is not None:
            return _("each declaration must be higher than the last ({name})", name=self.setup.ladder[high].name)
        if word == "bid 1" and not (seat == self.dealer and high is None):
            return _("only the dealer, after everyone has passed, may declare One")
        return None

    def _why_not_purchase(self, seat: int, codes: list[str]) -> str | None:
        if not self.setup.purchase:
            return _("exchanging before declaring is Purchase Nap, which is not in play")
        if self.bought >> seat & 1:
            return _("you have already exchanged this deal")
        hand = self.card_codes(self.hands[seat])
        if not codes or len(set(codes)) != len(codes) or not set(codes) <= set(hand) or len(codes) > len(self.stock):
            return _("you may exchange only cards in your hand, at most {n} (cards left in the pack)",
                     n=len(self.stock))
        return None

    def apply_declare(self, seat: int, action: str) -> None:
        if action == "pass" or action in self.setup.ladder:
            self.auction.call(action)
            self._after_call()
            return
        word, *cards = action.split()
        if word == "exchange":
            out = self.cards_in(cards, self.hands[seat])
            self.hands[seat] &= ~out
            self.discards |= out
            self.discarded_by[seat] |= out
            for _x in cards:
                self.hands[seat] |= 1 << self.stock.pop()
            self.bought |= 1 << seat
            self.paid[seat] += len(cards)
        else:  # peep
            self.peeked |= 1 << seat
            self.paid[seat] += 1

    def _after_call(self) -> None:
        a = self.auction
        if not a.done:
            self.turn = a.speaker
        elif a.holder is None:
            self.end()
        else:
            self.declarer, self.contract = a.holder, self.setup.ladder[a.high_bid or ""]
            peeps = (self.setup.peep == "nap_declarer_only" and self.contract.napish) or \
                    (self.setup.peep == "paid_peek_before_bid" and self.peeked >> a.holder & 1)
            if peeps and self.stock:
                self.hands[a.holder] |= 1 << self.stock.pop()
                self.phase, self.turn = PEEP, a.holder
            else:
                self._begin_play()

    # --------------------------------------------------------------- peeping
    def options_peep(self, seat: int) -> Iterable[str]:
        return (f"discard {c}" for c in self.card_codes(self.hands[seat]))

    def check_peep(self, seat: int, action: str) -> str | None:
        word, *cards = action.split() or [""]
        if word == "discard" and len(cards) == 1 and cards[0] in self.card_codes(self.hands[seat]):
            return None
        return _("discard one card of your six (the card you took, or one from your hand)")

    def apply_peep(self, seat: int, action: str) -> None:
        c = self.find_card(action.split()[1], self.hands[seat])
        self.hands[seat] &= ~(1 << c)
        self.discards |= 1 << c
        self.discarded_by[seat] |= 1 << c
        self._begin_play()

    # --------------------------------------------------------------- playing
    def _begin_play(self) -> None:
        assert self.declarer is not None
        self.start_play(TrickRules.standard(self.pack, None), self.declarer, PLAY)

    def on_first_lead(self, seat: int, card: int) -> None:
        if self.contract is None or not self.contract.misery or self.setup.misery_trumps:
            # "the card that he leads determines the trump suit"
            self.rules = TrickRules.standard(self.pack, self.pack.suit[card])

    def trick_done(self, winner: int) -> None:
        if winner == self.declarer and self.contract is not None and self.contract.misery:
            self.end()  # the Misery has failed: nothing can change (N-GAP-5)
        elif not any(self.hands):
            self.end()

    # ---------------------------------------------- knowledge a bot may ask for
    def side(self, seat: int) -> int:
        return 0 if seat == self.declarer else 1

    def wants_tricks(self, seat: int) -> bool:
        misery = self.contract is not None and self.contract.misery
        return not misery if seat == self.declarer else True

    def declarer_seat(self) -> int | None:
        return self.declarer

    # ------------------------------------------------------------ settlement
    def made(self) -> bool:
        """Did the declarer make his contract (meaningful once the deal is over)?"""
        assert self.contract is not None and self.declarer is not None
        won = self.tricks_won[self.declarer]
        return won == 0 if self.contract.misery else won >= self.contract.tricks

    def _settle(self) -> Settlement:
        s, names = self.setup, self.names
        led = Ledger(self.players, {POOL: self.pool_start} if self.pool_start or s.purchase or
                     s.peep == "paid_peek_before_bid" else {}, names=names)
        for p in range(self.players):
            if self.paid[p]:
                why = "for the cards bought" if self.bought >> p & 1 else "for a peep"
                led.to_pool(p, POOL, self.paid[p], _("{player} pays {paid} into the pool {why}", player=names[p],
                                                     paid=self.paid[p], why=why))
        if self.contract is None or self.declarer is None:
            led.note(_("everyone passed: the deal is void and the next dealer deals"))
            return led.settlement()
        c, d = self.contract, self.declarer
        if self.made():
            led.note(_("{player} made {name} ({tricks})", player=names[d], name=c.name,
                       tricks=_tricks(self.tricks_won[d])))
            for p in range(self.players):
                if p != d:
                    led.pay(p, d, c.win)
            if c.napish and led.pools.get(POOL):
                led.from_pool(d, POOL, None, _("{player} takes the pool of {pools} for winning {name}",
                                               player=names[d], pools=led.pools[POOL], name=c.name))
        else:
            led.note(_("{player} failed {name} ({tricks})", player=names[d], name=c.name,
                       tricks=_tricks(self.tricks_won[d])))
            for p in range(self.players):
                if p != d:
                    led.pay(d, p, c.lose)
        return led.settlement()

    def _carry(self) -> dict[str, Any] | None:
        pool = self.result().pools.get(POOL, 0)
        return {"pools": {POOL: pool}} if pool else None

    # ------------------------------------------------------------ words, views
    def label(self, action: str, lang: str | None = None) -> str:
        # (``lang`` here as well as by the core's wrapping of the hook: this class may be compiled, and a
        # compiled class is not wrapped)
        return self.in_language(self._words(action), lang)

    def _words(self, action: str) -> str:
        contract = self.setup.ladder.get(action)
        if contract is not None:
            return contract.name
        word, *cards = action.split() or [""]
        if word == "exchange":
            return _("Exchange {cards} for cards from the pack", cards=cards_phrase(cards))
        if word == "peep":
            return _("Pay 1 to peep at the top card of the pack")
        if word == "discard" and cards:
            return _("Discard {cards}", cards=cards_phrase(cards))
        return action_label(action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "high_bid": self.auction.high_bid, "high_bidder": self.auction.holder,
            "declarer": self.declarer, "contract": self.contract.word if self.contract else None,
            "pools": {POOL: self.pool_start + sum(self.paid)} if (self.pool_start or sum(self.paid)) else {},
            "trump": None,
        }
        if self.setup.purchase or self.setup.peep != "off":  # the pack is used only by Purchase and Peep Nap
            v["stock_size"] = len(self.stock)
        v.update(self.trick_view())
        if seat is not None and self.peeked >> seat & 1 and self.phase == DECLARE and self.stock:
            v["peeked"] = self.pack.code(self.stock[-1])
        if seat is not None and self.discarded_by[seat]:
            v["my_discards"] = self.card_codes(self.discarded_by[seat])
        return v

    def _redact(self, seat: int, action: str, viewer: int | None) -> str:
        if viewer == seat:
            return action
        if action.startswith("exchange"):
            return f"exchange {len(action.split()) - 1}"
        if action.startswith("discard"):
            return "discard"
        return action

    # ------------------------------------------------------ hidden information
    def _hidden_zones(self, viewer: int) -> list[Zone]:
        zones = super()._hidden_zones(viewer)
        if self.discards:
            zones.append(Zone("discards", self.discards,
                              fixed=self.discarded_by[viewer] if viewer is not None else 0))
        for z in zones:
            if z.key == "stock" and viewer is not None and self.peeked >> viewer & 1 and self.phase == DECLARE:
                z.fixed = 1 << self.stock[-1]
        return zones

    def _zones(self) -> dict[str, int]:
        return {**super()._zones(), "discards": self.discards}

    def _set_zone(self, key: Any, mask: int, rng: random.Random) -> None:
        if key == "discards":
            self.discards = mask
            return
        top = self.stock[-1] if key == "stock" and self.peeked and self.phase == DECLARE else None
        super()._set_zone(key, mask, rng)
        if top is not None and top in self.stock:
            self.stock.remove(top)
            self.stock.append(top)


class SevenCardNap(Nap):
    """Seven-Card Napoleon: seven cards each, declarations from Three to Seven; no Wellington or Blucher.

    Seed 000: "a player cannot contract to win less than three tricks. There is no Wellington
    and no Blucher. Misery is optional and, if permitted, ranks between Nap and Six."
    Settlement: Three ±3, Four ±4, Nap +10/−5, Misery +10/−5, Six +18/−9, Seven +28/−14.
    """

    id = "seven-card-nap"
    name = "Seven-Card Napoleon"
    aliases = ("seven-card-napoleon",)
    source = "seed 000_021e177d957c1434.txt, 'SEVEN CARD NAPOLEON'; RESOLUTIONS.md §2.3 N-GAP-8, N-GAP-9"
    hand_size = 7
    option_specs = (
        Option("misery", bool, False, doc=_("allow Misery (lose every trick), ranking between Nap and Six"),
               source="seed 000 Seven Card Napoleon: 'Misery is optional and, if permitted, ranks between Nap and "
                      "Six'"),
        *(o for o in Nap.option_specs if o.name not in
          ("misery", "wellington", "blucher", "high_bids_scale", "misery_win", "misery_lose", "deal", "all_pass")),
        Option("all_pass", str, "redeal", ("redeal", "dealer_bids_three"),
               doc=_("when everyone passes: void deal and next dealer deals, or the dealer must declare (at least "
                     "Three, the lowest contract here)"),
               source="N-GAP-3 applied to the seed's 'cannot contract to win less than three tricks'"),
        Option("misery_win", int, 10, range(1, 101), doc=_("what a made Misery wins from each player"),
               source="seed 000 Seven Card Napoleon table: Misery 10 / 5"),
        Option("misery_lose", int, 5, range(1, 101), doc=_("what a failed Misery pays each player"),
               source="seed 000 Seven Card Napoleon table"),
        Option("seven_players", bool, False, doc=_("allow a seventh player (49 of the 52 cards dealt)"),
               source="N-GAP-8"),
    )

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), *forms("bid {}", range(3, 5)), *forms("bid {}", range(6, 8)), ActionForm("nap"),
        ActionForm("pass"), ActionForm("misery", ({"misery": True},)),
        ActionForm("peep", ({"peep": "paid_peek_before_bid"},)),
        ActionForm("discard #", ({"peep": "nap_declarer_only"}, {"peep": "paid_peek_before_bid"},)),
        *card_sets("exchange", 7, {"purchase": True}),
    )
    # -- end of the declaration

    @classmethod
    def player_range(cls, options: Options) -> tuple[int, int]:
        return 2, 7 if options.seven_players else 6

    @classmethod
    def configuration_problem(cls, players: int, options: Options) -> str | None:
        if players * cls.hand_size + (1 if options.peep != "off" else 0) > 52:
            return f"{players} players with peep need more than 52 cards"
        return None

    @classmethod
    def plan(cls, options: Options) -> DealPlan:
        return DealPlan(rounds=(1,) * 7)

    @classmethod
    def contracts(cls, options: Options) -> list[Contract]:
        out = [Contract("bid 3", _("Three"), 3, 3, 3), Contract("bid 4", _("Four"), 4, 4, 4),
               Contract("nap", _("Nap"), 5, 10, 5)]
        if options.misery:
            out.append(Contract("misery", _("Misery"), 0, options.misery_win, options.misery_lose))
        return [*out, Contract("bid 6", _("Six"), 6, 18, 9), Contract("bid 7", _("Seven"), 7, 28, 14)]


GAMES = (Nap, SevenCardNap)
