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
+10/−5, Six +18/−9, Seven +28/−14. 2–6 players, 7 with ``seven_players`` (N-GAP-8).

>>> import cardtable as ct
>>> d = ct.load("nap", players=3).deal(deck="AS 2H 3D KS 4H 5D QS 6H 7D JS 8H 9D TS TH JD " + " ".join(
...     c for c in ct.core.cards.PACK_52.code_of if c not in "AS 2H 3D KS 4H 5D QS 6H 7D JS 8H 9D TS TH JD".split()))
>>> d.view(1)["hand"]
['AS', 'KS', 'QS', 'JS', 'TS']
>>> for a in ["nap", "pass", "pass", "AS", "2H", "3D"]:
...     d.act(a)
>>> d.view(1)["trump"], d.view(1)["tricks_won"]
('S', [0, 1, 0])
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.auction import Auction
from ..core.chips import Ledger, Settlement
from ..core.deal import Zone
from ..core.dealing import DealPlan
from ..core.game import Game
from ..core.options import Option
from ..core.tricks import TrickDeal, TrickRules
from ..errors import RulesError
from . import napoleon_kernel

__all__ = ["Nap", "NapDeal", "SevenCardNap"]

POOL = "nap_pool"
NAMES = {"bid 1": "One", "bid 2": "Two", "bid 3": "Three", "bid 4": "Four", "bid 6": "Six", "bid 7": "Seven"}


@dataclass(frozen=True)
class Contract:
    """A declaration: its word, tricks needed (0 for Misery), and what it wins and loses."""

    word: str
    tricks: int
    win: int
    lose: int

    @property
    def misery(self) -> bool:
        return self.word == "misery"

    @property
    def napish(self) -> bool:
        """Nap, Wellington or Blucher: the declarations that take the pool and may peep."""
        return self.word in ("nap", "wellington", "blucher")


class NapDeal(TrickDeal):
    """A deal of Nap: declarations (with purchases and peeps), then five tricks."""

    game: Nap

    def _start(self, order: list[int]) -> None:
        g = self.game
        # (plan, ladder, speakers per dealer, ladder words, purchase, peep): they depend only on the
        # game's options, so they are worked out once per game
        setup = g.__dict__.get("_setup")
        if setup is None:
            ladder = {c.word: c for c in g.contracts()}
            setup = g.__dict__["_setup"] = (g.plan(), ladder, {}, tuple(ladder), g.options.purchase, g.options.peep)
        dealt = setup[0].deal(order, self.players, self.dealer)
        self.hands, self.stock = dealt.hands, dealt.stock
        self.ladder: dict[str, Contract] = setup[1]
        speakers = setup[2].get(self.dealer)  # from the dealer's left, once round
        if speakers is None:
            speakers = setup[2][self.dealer] = tuple(self.next_seat(self.dealer, i + 1) for i in range(self.players))
        self.auction = Auction(setup[3], speakers)
        pools = self.carry_in.get("pools")
        self.pool_start: int = int(pools.get(POOL, 0)) if pools else 0
        self.paid: list[int] = [0] * self.players
        self.bought: int = 0          # seats that have exchanged this deal (bitmask)
        self.peeked: int = 0          # seats that paid to peek (bitmask)
        self.discards: int = 0
        self.discarded_by: list[int] = [0] * self.players
        self.contract: Contract | None = None
        self.declarer: int | None = None
        self.voids = [0] * self.players
        self.phase = "declare"
        self.turn = self.auction.speaker
        self.purchase, self.peep_mode = setup[4], setup[5]

    _copy_objects = ("auction",)
    card_phases = ("play",)

    # ------------------------------------------------------------------ legal
    def _legal(self) -> list[str]:
        seat = self.turn
        assert seat is not None
        if self.phase == "declare":
            return self._declare_options(seat)
        if self.phase == "peep":
            return [f"discard {c}" for c in self.card_codes(self.hands[seat])]
        return self.legal_cards()

    def _declare_options(self, seat: int) -> list[str]:
        a = self.auction
        # The declarations open to a seat depend only on the high bid and whether it is the dealer
        # with no bid yet made: cached per game (the ladder is fixed by its options).
        key = (a.high, seat == self.dealer, a.holder is None)
        cache = self.game.__dict__.get("_declare_cache")
        if cache is None:
            cache = self.game.__dict__["_declare_cache"] = {}
        bids = cache.get(key)
        if bids is None:
            bids = [b for b in a.options() if b == "pass" or self._bid_allowed(b, seat)]
            if self.game.options.all_pass != "redeal" and seat == self.dealer and a.holder is None:
                bids.remove("pass")
            cache[key] = bids
        if self.peep_mode != "paid_peek_before_bid" and not self.purchase:
            return list(bids)
        extra: list[str] = []
        if self.peep_mode == "paid_peek_before_bid" and not self.peeked >> seat & 1 and self.stock:
            extra.append("peep")
        if self.purchase and not self.bought >> seat & 1 and self.stock:
            cards = self.card_codes(self.hands[seat])
            for k in range(1, min(len(cards), len(self.stock)) + 1):
                extra += ["exchange " + " ".join(s) for s in itertools.combinations(cards, k)]
        return bids + extra

    def _bid_allowed(self, bid: str, seat: int) -> bool:
        high = self.auction.high_bid
        if bid == "bid 1":
            return seat == self.dealer and high is None
        if bid == "wellington":
            return high == "nap"
        if bid == "blucher":
            return high == "wellington"
        return True

    def _explain(self, seat: int, action: str) -> str:
        if self.phase == "declare":
            word = action.split()[0] if action else ""
            if action == "pass":
                low = "Three" if "bid 1" not in self.ladder else "One"
                return f"the dealer must declare at least {low} when everyone else has passed"
            if action in self.ladder:
                high = self.auction.high_bid
                if action == "wellington":
                    return "Wellington may be declared only over a declaration of Nap"
                if action == "blucher":
                    return "Blucher may be declared only over a declaration of Wellington"
                if high is not None and self.auction.rank(action) <= self.auction.rank(high):
                    return f"each declaration must be higher than the last ({high})"
                return "only the dealer, after everyone has passed, may declare One"
            if word == "exchange":
                if not self.purchase:
                    return "exchanging before declaring is Purchase Nap, which is not in play"
                if self.bought >> seat & 1:
                    return "you have already exchanged this deal"
                return f"you may exchange only cards in your hand, at most {len(self.stock)} (cards left in the pack)"
            if word == "peep":
                return "paying to peep needs the option peep=paid_peek_before_bid, once per player"
            if word == "bid" or action in ("misery", "wellington", "blucher"):
                return f"there is no declaration {action!r} here; the declarations are: {', '.join(self.ladder)}"
            return "declare (pass or a higher declaration) first; cards are played after the declarations"
        if self.phase == "peep":
            return "discard one card of your six (the card you took, or one from your hand)"
        return self.explain_play(seat, action)

    # ------------------------------------------------------------------ apply
    def _apply(self, seat: int, action: str) -> None:
        if self.phase == "declare" and (action == "pass" or action in self.ladder):
            self.auction.call(action)
            self._after_call()
            return
        word, *args = action.split()
        if self.phase == "declare":
            if word == "exchange":
                self._exchange(seat, args)
            elif word == "peep":
                self.peeked |= 1 << seat
                self.paid[seat] += 1
            else:
                self.auction.call(action)
                self._after_call()
        elif self.phase == "peep":
            c = self.find_card(args[0], self.hands[seat])
            self.hands[seat] &= ~(1 << c)
            self.discards |= 1 << c
            self.discarded_by[seat] |= 1 << c
            self._begin_play()
        else:
            self.play_card(seat, action)

    def _exchange(self, seat: int, codes: list[str]) -> None:
        out = self.cards_in(codes, self.hands[seat])
        self.hands[seat] &= ~out
        self.discards |= out
        self.discarded_by[seat] |= out
        for _ in codes:
            self.hands[seat] |= 1 << self.stock.pop()
        self.bought |= 1 << seat
        self.paid[seat] += len(codes)

    def _after_call(self) -> None:
        a = self.auction
        if not a.done:
            self.turn = a.speaker
            return
        if a.holder is None:
            self.phase, self.turn = "done", None
            return
        self.declarer, self.contract = a.holder, self.ladder[a.high_bid or ""]
        peeps = (self.peep_mode == "nap_declarer_only" and self.contract.napish) or \
                (self.peep_mode == "paid_peek_before_bid" and self.peeked >> a.holder & 1)
        if peeps and self.stock:
            self.hands[a.holder] |= 1 << self.stock.pop()
            self.phase, self.turn = "peep", a.holder
        else:
            self._begin_play()

    def _begin_play(self) -> None:
        assert self.declarer is not None
        self.start_play(TrickRules.standard(self.pack, None), self.declarer)

    def on_first_lead(self, seat: int, card: int) -> None:
        if self.contract is None or not self.contract.misery or self.game.options.misery_trumps:
            # "the card that he leads determines the trump suit"
            self.rules = TrickRules.standard(self.pack, self.pack.suit[card])

    def side(self, seat: int) -> int:
        return 0 if seat == self.declarer else 1

    def wants_tricks(self, seat: int) -> bool:
        misery = self.contract is not None and self.contract.misery
        return not misery if seat == self.declarer else True

    def trick_done(self, winner: int) -> None:
        if winner == self.declarer and self.contract is not None and self.contract.misery:
            self.turn = None  # the Misery has failed: nothing can change (N-GAP-5)
        elif not any(self.hands):
            self.turn = None
        if self.turn is None:
            self.phase = "done"

    def rollout(self, rng: random.Random) -> list[Any]:
        """A random playout's deltas; from the compiled kernel (napoleon_kernel.py) on the default options."""
        if napoleon_kernel.usable(self.game):
            out = napoleon_kernel.rollout(self, rng)
            if out is not None:
                return out
        return super().rollout(rng)

    # ------------------------------------------------------------- settlement
    def made(self) -> bool:
        """Did the declarer make his contract (meaningful once the deal is over)?"""
        assert self.contract is not None and self.declarer is not None
        won = self.tricks_won[self.declarer]
        return won == 0 if self.contract.misery else won >= self.contract.tricks

    def _settle(self) -> Settlement:
        led = Ledger(self.players, {POOL: self.pool_start} if self.pool_start or self.purchase or
                     self.peep_mode == "paid_peek_before_bid" else {})
        for s in range(self.players):
            if self.paid[s]:
                led.to_pool(s, POOL, self.paid[s], f"seat {s} pays {self.paid[s]} into the pool "
                            f"({'cards bought' if self.bought >> s & 1 else 'a peep'})")
        if self.contract is None or self.declarer is None:
            led.note("everyone passed: the deal is void and the next dealer deals")
            return led.settlement()
        c, d = self.contract, self.declarer
        name = NAMES.get(c.word, c.word.capitalize())
        if self.made():
            led.note(f"seat {d} made {name} ({self.tricks_won[d]} tricks)")
            for s in range(self.players):
                if s != d:
                    led.pay(s, d, c.win, f"seat {s} pays seat {d} {c.win}")
            if c.napish and led.pools.get(POOL):
                led.from_pool(d, POOL, None, f"seat {d} takes the pool of {led.pools[POOL]} for winning {name}")
        else:
            led.note(f"seat {d} failed {name} ({self.tricks_won[d]} tricks)")
            for s in range(self.players):
                if s != d:
                    led.pay(d, s, c.lose, f"seat {d} pays seat {s} {c.lose}")
        return led.settlement()

    def _carry(self) -> dict[str, Any] | None:
        pool = self.result().pools.get(POOL, 0)
        return {"pools": {POOL: pool}} if pool else None

    # ------------------------------------------------------------------ views
    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "high_bid": self.auction.high_bid, "high_bidder": self.auction.holder,
            "declarer": self.declarer, "contract": self.contract.word if self.contract else None,
            "pools": {POOL: self.pool_start + sum(self.paid)} if (self.pool_start or sum(self.paid)) else {},
            "trump": None,
        }
        if self.purchase or self.peep_mode != "off":  # the pack is used only by Purchase and Peep Nap
            v["stock_size"] = len(self.stock)
        v.update(self.trick_view())
        if seat is not None and self.peeked >> seat & 1 and self.phase == "declare" and self.stock:
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

    def _hidden_zones(self, viewer: int) -> list[Zone]:
        zones = super()._hidden_zones(viewer)
        if self.discards:
            zones.append(Zone("discards", self.discards,
                              fixed=self.discarded_by[viewer] if viewer is not None else 0))
        for z in zones:
            if z.key == "stock" and viewer is not None and self.peeked >> viewer & 1 and self.phase == "declare":
                z.fixed = 1 << self.stock[-1]
        return zones

    def _zones(self) -> dict[str, int]:
        return {**super()._zones(), "discards": self.discards}

    def _set_zone(self, key: Any, mask: int, rng: random.Random) -> None:
        if key == "discards":
            self.discards = mask
            return
        top = self.stock[-1] if key == "stock" and self.peeked and self.phase == "declare" else None
        super()._set_zone(key, mask, rng)
        if top is not None and top in self.stock:
            self.stock.remove(top)
            self.stock.append(top)


NAP_BOOK: tuple[str, ...] = (
    "NAPOLEON (NAP). Two to six players, each playing for himself, with the full pack of 52 cards. Each player "
    "is dealt five cards, one at a time (option deal: 3+2 or 2+3).",
    "THE DECLARATIONS. Beginning with the player on the left of the dealer, every player in turn must either "
    "pass or declare to win a number of tricks, each declaration higher than the last, in the order Two, Three, "
    "Four and Nap (all five tricks): 'pass', 'bid 2', 'bid 3', 'bid 4', 'nap'. Each player speaks once. If "
    "everyone passes the deal is void and the next dealer deals (all_pass=dealer_bids_one: the dealer must "
    "declare at least One, worth 1).",
    "THE PLAY. The player who has contracted to win most tricks leads to the first trick, and the suit of the "
    "card he leads is trumps. A player must follow suit if he can; otherwise he may trump or discard. The "
    "highest trump wins the trick, or the highest card of the suit led; the winner leads to the next. All five "
    "tricks are played.",
    "SETTLEMENT. The declarer is paid by, or pays, every other player at the table: Two 2 units either way, "
    "Three 3, Four 4; Nap wins 10 and loses 5. Only the tricks contracted for count: tricks won over, or lost "
    "under, the contract are ignored.",
    "EXTRA DECLARATIONS (each an option, off unless chosen). Misery (misery=true): to lose every trick; it "
    "ranks between Three and Four, is played without trumps (misery_trumps=true: the opening lead's suit is "
    "trumps), ends as soon as the declarer takes a trick, and pays and wins 3. Wellington (wellington=true): "
    "all five tricks at double stakes (+20/-10), declared only over a Nap. Blucher (blucher=true): all five "
    "at triple stakes (+30/-15), declared only over a Wellington (high_bids_scale=peel_modified: +10/-10 and "
    "+10/-15). Peep Nap (peep=nap_declarer_only): the declarer of Nap, Wellington or Blucher takes the top card "
    "of the pack and discards one of his six ('discard <card>'). Purchase Nap (purchase=true): before "
    "declaring, each player may exchange any number of cards for fresh ones from the pack ('exchange 2C 5H'), "
    "paying 1 unit a card into a pool that is carried from deal to deal and taken by the first player to win "
    "a Nap, Wellington or Blucher.",
    "SOURCES. G. F. Hervey's text (seed 000_021e177d957c1434.txt, 'Napoleon'); gaps settled in "
    "RESOLUTIONS.md §2.3 (N-GAP-1 to N-GAP-9).",
)


class Nap(Game):
    """Napoleon (Nap): five cards each, one round of declarations, the declarer's lead names trumps.

    See the module text for the rules as implemented and their sources.
    """

    id = "nap"
    name = "Napoleon"
    family = "napoleon"
    aliases = ("napoleon",)
    min_players, max_players, default_players = 2, 6, 4
    source = "seed 000_021e177d957c1434.txt, 'Napoleon'; RESOLUTIONS.md §2.3"
    deal_class = NapDeal
    hand_size = 5
    rule_book: ClassVar[tuple[str, ...]] = NAP_BOOK
    option_specs = (
        Option("misery", bool, False, doc="allow Misery (lose every trick), ranking between Three and Four",
               source="seed 000 Napoleon: 'Misery is a declaration to lose every trick'"),
        Option("misery_trumps", bool, False, doc="play Misery with the opening lead's suit as trumps",
               source="seed 000: 'some play it with a trump suit'; N-GAP-5"),
        Option("misery_win", int, 3, range(1, 101), doc="what a made Misery wins from each player",
               source="seed 000: 'It pays and wins 3 units'; N-GAP-4"),
        Option("misery_lose", int, 3, range(1, 101), doc="what a failed Misery pays each player",
               source="seed 000; N-GAP-4"),
        Option("wellington", bool, False, doc="allow Wellington: all five at double stakes, only over a Nap",
               source="seed 000: 'Wellington is declaration to win all five tricks at double stakes'; N-GAP-1"),
        Option("blucher", bool, False, doc="allow Blucher: all five at triple stakes, only over a Wellington",
               source="N-GAP-2 (Peel; 1911 EB)"),
        Option("high_bids_scale", str, "double_triple", ("double_triple", "peel_modified"),
               doc="Wellington/Blucher stakes: +20/-10 and +30/-15, or Peel's +10/-10 and +10/-15",
               source="N-GAP-2"),
        Option("peep", str, "off", ("off", "nap_declarer_only", "paid_peek_before_bid"),
               doc="Peep Nap: the Nap declarer may exchange the top card of the pack (or the paid-peek house rule)",
               source="seed 000: 'Peep Nap'; N-GAP-6"),
        Option("purchase", bool, False,
               doc="Purchase Nap: buy replacements before declaring at 1 unit a card into a carried pool",
               source="seed 000: 'Purchase Nap'; N-GAP-7"),
        Option("all_pass", str, "redeal", ("redeal", "dealer_bids_one"),
               doc="when everyone passes: void deal and next dealer deals, or the dealer must declare One",
               source="N-GAP-3"),
        Option("deal", str, "singly", ("singly", "3+2", "2+3"),
               doc="how the five cards are dealt", source="Wikipedia 'dealt out singly'; Scarne 'two ... then three'"),
    )

    def _validate(self) -> None:
        o = self.options
        if o.blucher and not o.wellington:
            raise RulesError(f"{self.id}: blucher needs wellington=true (Blucher is declared only over Wellington)")
        if self.players * self.hand_size + (1 if o.peep != "off" else 0) > 52:
            raise RulesError(f"{self.id}: {self.players} players need more than 52 cards")

    @classmethod
    def rules_text(cls) -> str:
        return "\n\n".join(cls.rule_book)

    def random_results(self, n: int, seed: int = 0) -> list[list[Any]]:
        if napoleon_kernel.usable(self):  # compiled, same rules (tests/games/test_napoleon_kernel.py)
            return napoleon_kernel.random_deals(self, n, seed).tolist()  # type: ignore[no-any-return]
        return super().random_results(n, seed)

    def plan(self) -> DealPlan:
        """How the cards are dealt."""
        rounds = {"singly": (1,) * self.hand_size, "3+2": (3, 2), "2+3": (2, 3)}[self.options.deal]
        return DealPlan(rounds=rounds)

    def contracts(self) -> list[Contract]:
        """The declarations in ascending order, under the chosen options."""
        o = self.options
        w = {"double_triple": (20, 10, 30, 15), "peel_modified": (10, 10, 10, 15)}[o.high_bids_scale]
        out = [Contract("bid 1", 1, 1, 1)] if o.all_pass == "dealer_bids_one" else []
        out += [Contract("bid 2", 2, 2, 2), Contract("bid 3", 3, 3, 3)]
        if o.misery:
            out.append(Contract("misery", 0, o.misery_win, o.misery_lose))
        out += [Contract("bid 4", 4, 4, 4), Contract("nap", 5, 10, 5)]
        if o.wellington:
            out.append(Contract("wellington", 5, w[0], w[1]))
        if o.blucher:
            out.append(Contract("blucher", 5, w[2], w[3]))
        return out


class SevenCardNap(Nap):
    """Seven-Card Napoleon: seven cards each, declarations from Three to Seven; no Wellington or Blucher.

    Seed 000: "a player cannot contract to win less than three tricks. There is no Wellington
    and no Blucher. Misery is optional and, if permitted, ranks between Nap and Six."
    Settlement: Three ±3, Four ±4, Nap +10/−5, Misery +10/−5, Six +18/−9, Seven +28/−14.
    """

    id = "seven-card-nap"
    name = "Seven-Card Napoleon"
    aliases = ("seven-card-napoleon",)
    min_players, max_players, default_players = 2, 6, 4
    source = "seed 000_021e177d957c1434.txt, 'SEVEN CARD NAPOLEON'; RESOLUTIONS.md §2.3 N-GAP-8, N-GAP-9"
    hand_size = 7
    rule_book = (
        "SEVEN-CARD NAPOLEON. Napoleon with seven cards dealt to each player, one at a time; two to six players "
        "(seven with seven_players=true).",
        "THE DECLARATIONS. Beginning on the dealer's left, each player in turn passes or declares, each "
        "declaration higher than the last: Three, Four, Nap (five tricks), Six and Seven ('bid 3', 'bid 4', "
        "'nap', 'bid 6', 'bid 7'). No one may contract for fewer than three tricks, and there is no Wellington "
        "and no Blucher. Misery is optional (misery=true) and ranks between Nap and Six. If everyone passes the "
        "deal is void and the next dealer deals (all_pass=dealer_bids_three: the dealer must declare, at least "
        "Three).",
        NAP_BOOK[2].replace("All five tricks are played.", "All seven tricks are played (a Misery ends as soon as "
                                                           "the declarer takes a trick)."),
        "SETTLEMENT. The declarer is paid by, or pays, every other player at the table: Three 3 units either "
        "way, Four 4; Nap wins 10 and loses 5; Misery wins 10 and loses 5; Six wins 18 and loses 9; Seven wins "
        "28 and loses 14. Tricks over or under the contract are ignored. Peep Nap and Purchase Nap may be "
        "played as in Napoleon (options peep and purchase).",
        "SOURCES. G. F. Hervey's text (seed 000_021e177d957c1434.txt, 'Seven Card Napoleon'); RESOLUTIONS.md §2.3 "
        "(N-GAP-8, N-GAP-9).",
    )
    option_specs = (
        Option("misery", bool, False, doc="allow Misery (lose every trick), ranking between Nap and Six",
               source="seed 000 Seven Card Napoleon: 'Misery is optional and, if permitted, ranks between Nap and "
                      "Six'"),
        *(o for o in Nap.option_specs if o.name not in
          ("misery", "wellington", "blucher", "high_bids_scale", "misery_win", "misery_lose", "deal", "all_pass")),
        Option("all_pass", str, "redeal", ("redeal", "dealer_bids_three"),
               doc="when everyone passes: void deal and next dealer deals, or the dealer must declare (at least "
                   "Three, the lowest contract here)",
               source="N-GAP-3 applied to the seed's 'cannot contract to win less than three tricks'"),
        Option("misery_win", int, 10, range(1, 101), doc="what a made Misery wins from each player",
               source="seed 000 Seven Card Napoleon table: Misery 10 / 5"),
        Option("misery_lose", int, 5, range(1, 101), doc="what a failed Misery pays each player",
               source="seed 000 Seven Card Napoleon table"),
        Option("seven_players", bool, False, doc="allow a seventh player (49 of the 52 cards dealt)",
               source="N-GAP-8"),
    )

    def player_range(self) -> tuple[int, int]:
        return 2, 7 if self.options.seven_players else 6

    def _validate(self) -> None:
        if self.players * self.hand_size + (1 if self.options.peep != "off" else 0) > 52:
            raise RulesError(f"{self.id}: {self.players} players with peep need more than 52 cards")

    def plan(self) -> DealPlan:
        return DealPlan(rounds=(1,) * 7)

    def contracts(self) -> list[Contract]:
        o = self.options
        out = [Contract("bid 3", 3, 3, 3), Contract("bid 4", 4, 4, 4), Contract("nap", 5, 10, 5)]
        if o.misery:
            out.append(Contract("misery", 0, o.misery_win, o.misery_lose))
        return [*out, Contract("bid 6", 6, 18, 9), Contract("bid 7", 7, 28, 14)]


GAMES = (Nap, SevenCardNap)
