"""The Stops family: Michigan (Newmarket), Cross-Color, Sequence and Jackpot Michigan, Boodle, Spin, Pope Joan.

Source: seed ``004_2edd6d7cae07c8ad.txt`` (Scarne's "Stops" chapter; the Michigan and Boodle
headings are lost), with the gaps resolved in ``docs/decisions.md``
(MI-GAP-1 … MI-GAP-4, BO-GAP-1, BO-GAP-2, SP-GAP-1, SP-GAP-2, PJ-GAP-1 … PJ-GAP-4).
The suit sequences are a :class:`cardtable.core.layouts.Layout` (ace high, built upward).

The rules as implemented
------------------------
"A player holding specified eligible card or cards, when his turn comes, may play. Otherwise, he
is 'stopped' and the turn to play passes to the next player. The first to play off all his cards
is the winner."

Michigan (``michigan``; also Newmarket, Chicago, Michigan Boodle, Saratoga): "Three to eight
players. A regular 52-card deck ... ace (high) ... two (low)." "From another pack the following
four cards are removed: ace of hearts, king of clubs, queen of diamonds, and jack of spades. These,
known as 'boodle' or money cards, are placed face up in the center of the table"; "before every
deal each player places one chip on each money card" (MI-GAP-1: option ``dealer_double_ante``,
the dealer puts two). Each money card's chips are a pool named after the card ("ace of hearts"
...), carried from deal to deal: "If a money card is not cleared in one deal, the chips remain on
it until duly won."

"All cards are dealt out, one at a time ... as though an extra hand were in the game ... The extra
hand, or widow, is at the dealer's left and is the first hand dealt to. It does not matter if ... the
pack does not divide evenly." "After dealer looks at his hand, he may exchange it for the widow"
(action ``take``: his own hand goes face down, dead). "If he decides to keep his original hand"
(``keep``) "he must auction off the right to exchange the widow to the highest bidder among the
other players. Dealer collects the amount of the chips of the highest bid." The auction goes round
from the dealer's left (``bid N``, ``pass``; a seat that passes is out); the buyer exchanges at
once. The seed sets no limit (MI-GAP-5): a ceiling exists only because the legal actions are a
finite list, and it is set where no sensible bid reaches it, 100 or all the chips on the money
cards if they are more (option ``widow_max_bid``: a lower ceiling by agreement). MI-GAP-4: if nobody bids the
widow stays dead. "The face-down hand is not used in play." Only the exchanger knows the dead hand.
"Players cut for the deal ... Thereafter the deal rotates to the left": the cut is not modelled (a
match's first dealer is given, seat 0 by default); the deal then passes to the left.

"Player at dealer's left begins by putting face up on the table his lowest card of any suit he
chooses ... it must be the lowest card he holds in that suit" (MI-GAP-3: also after the widow
auction). "If he holds any card, or cards, in next higher rank, he may continue to play. When he
can no longer play, the turn passes to any player who can continue to build up on the suit": the
turn goes straight to the holder of the next card (the stops principle), who must play it. "When the ace is
reached ..., or when no one can play an eligible card on a suit (because the missing card happens
to be in the face-down hand), it is a 'stop.'" (A restarted suit also stops at a card already on
the table.) "The one who played the last card may now lead the lowest card he holds in some other
suit ... If he cannot change the suit, the turn to play passes to his left" (action ``pass``);
MI-GAP-2: each player in turn must start a suit other than the one just stopped, with his lowest
card in it. "If it should happen that no player can begin a new suit, the turn comes back to the
original passer, who then may play the lowest card in his hand" (any card of that lowest rank).
"It is not permitted to spread a pile to inspect played cards": the view shows each suit's run by
its ends only (``layout``), though the action history, like a good memory, lists every card played.

"When a player plays a card that duplicates a money card, he takes all the chips on that card."
"Play ends when any player goes out by getting rid of all his cards. The winner collects a chip
from each other player for every card that player has left in his hand."

Irregularities (option ``penalised_passes``, off by default, issue 6): the software otherwise
refuses a pass while a card may be played. When on, ``pass`` is legal for a player able to play:
"For failing to play properly in his turn, the player pays a penalty of one chip to each of the
others." A holder of the next card who passes stops the suit (the last player then leads a new
suit) and is then known to hold it. "If in not playing properly in his turn a player keeps someone
from winning boodle chips, the offender must make good the loss, but the chips on the boodle card
are carried over": ENGINE DEFAULT reading — the money cards of the run his pass broke (the unbroken
sequence above his card held in live hands) whose holders did not win them this deal are paid, by
the offender to each such holder, the chips then on the card, which stay there.

Cross-Color Michigan: "When a stop has occurred, a player may only start a new suit in a different
color from the last one played"; if nobody can, the turn passes as above and the original passer
plays the lowest card in his hand.

Sequence Michigan: "There is an extra money-card sequence consisting of the nine, ten, and jack of
hearts. A player who holds and plays two cards of this sequence in consecutive order, for example,
ten then jack, collects all the chips on the sequence. New chips are added in each deal" — each
player puts ``sequence_ante`` (ENGINE DEFAULT 1) on the pool ``sequence``.

Jackpot Michigan: "A jackpot is established by having each player ante one chip to a special pool on
each hand of a complete round of dealing. When the deal returns to dealer, who started the round,
the winner of that hand receives the extra bonus of the jackpot." ENGINE DEFAULT (option
``jackpot_pay_on``): antes on N hands (N = players); the winner of hand N+1 takes them, and that
hand's antes start the next round (``hand_n``: the winner of hand N takes all).

Boodle (``boodle``): Michigan except "The money or boodle cards are: ace of hearts, king of diamonds,
queen of spades, and jack of clubs. Before the deal, each player may place his four chips on the
money cards as he pleases, all on one card or some on all" — before the cards are dealt, each player
from the dealer's left names the card for each chip, e.g. ``stake ace ace king jack``. "The deck is
dealt in equal hands to the players, leaving three or more cards for a widow": BO-GAP-1, Foster's
table (3: 15 each, 7 left; 4: 12/4; 5: 9/7; 6: 8/4; 7: 7/3; 8: 6/4; option ``deal_table``), dealt
one at a time, the undealt rest being the widow (BO-GAP-2). "The widow cannot be exchanged or
purchased, and it is set aside, face down, as a dead hand to create stops."

Spin (``spin``, Spinade): Boodle, "except that a player who holds the ace of diamonds may stop any
sequence when his turn comes by playing it and announcing 'Spin.' He then plays his lowest card in
some other suit ... he must, however, play an eligible card before playing the ace of diamonds."
Action ``spin X``: play the eligible card X, then the ace of diamonds, a stop after which he leads
another suit than X's (SP-GAP-2). Played in sequence after the king, the ace of diamonds is an
ordinary ace. SP-GAP-1: option ``spin_bonus`` (3 from each other player, Hervey's Spinado; default 0).

Pope Joan (``pope-joan``): Boodle except "Boodle or money cards: nine and ten of diamonds, jack of
clubs, queen of spades, and king of hearts. Only the dealer puts the chips on the money cards ... one
on the ten of diamonds, two on the jack of clubs, three on the queen of spades, four on the king of
hearts, and five on the nine of diamonds." The seed's "usually" makes these amounts a house choice:
options ``stake_ten_of_diamonds`` … ``stake_nine_of_diamonds`` (0 to 100 chips each), the seed's usual
one to five by default. "A player who is caught at the end of the play with the duplicate of a money card
in his hand must double the chips on that card for the next deal": PJ-GAP-4, he pays in as many chips as
are then on it; the next dealer's stake is added after.

>>> import cardtable as ct
>>> from cardtable.core.cards import PACK_52
>>> d = ct.load("michigan", players=3).deal(seed=3, dealer=2)
>>> d.turn, d.legal()  # the dealer takes the widow or keeps his hand and sells it
(2, ['take', 'keep'])
>>> d.act("keep"); d.turn, d.legal()[:3]
(0, ['pass', 'bid 1', 'bid 2'])
>>> d.view(0)["pools"]
{'ace of hearts': 3, 'king of clubs': 3, 'queen of diamonds': 3, 'jack of spades': 3}
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from typing import Any

from ..core.auction import Auction
from ..core.cards import PACK_52, SUIT_NAMES, bits, parse_code
from ..core.chips import Ledger, Settlement
from ..core.deal import Deal, Zone
from ..core.dealing import DealPlan
from ..core.game import Game
from ..core.layouts import Layout
from ..core.options import Option
from ..errors import CardError

__all__ = ["Boodle", "CrossColorMichigan", "JackpotMichigan", "Michigan", "MichiganDeal", "PopeJoan",
           "SequenceMichigan", "Spin"]

SEED = "seed 004_2edd6d7cae07c8ad.txt"
RANK_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
              10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
SUIT_BITS = PACK_52.suit_mask[:4]
RED = (False, True, True, False)
BELOW = tuple(((1 << c) - 1) & SUIT_BITS[PACK_52.suit[c]] for c in range(52))
"""The cards of the same suit below each card (the 52-card pack lists each suit 2..A)."""
LOWER_RANKS = tuple(sum(1 << d for d in range(52) if PACK_52.rank[d] < PACK_52.rank[c]) for c in range(52))
assert all(PACK_52.rank[c] == c % 13 + 2 for c in range(52)), "stops relies on the 52-card pack order"
SEQUENCE = "sequence"
JACKPOT = "jackpot"
BOODLE_TABLE = {"foster": {3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6},
                "sixteen": {3: 16, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}}


def card_name(card: int) -> str:
    """A card in words, e.g. ``ace of hearts`` (money-card pools are named so: no code leaks in views)."""
    return f"{RANK_WORDS[PACK_52.rank[card]]} of {SUIT_NAMES[PACK_52.suit[card]]}"


def lowest(mask: int) -> int:
    """The lowest card of a one-suit mask (ace high)."""
    return (mask & -mask).bit_length() - 1


class MichiganDeal(Deal):
    """A deal of Michigan: widow exchange or auction, then suits built upward until somebody is out."""

    game: Michigan
    _copy_objects = ("layout", "auction")

    # ---------------------------------------------------------------- start
    def _start(self, order: list[int]) -> None:
        g, n = self.game, self.players
        self.layout = Layout(self.pack, up=True)
        carried = dict(self.carry_in.get("pools", {}))
        self.pools: dict[str, int] = {name: int(carried.pop(name, 0)) for name in g.money_names}
        self.pools.update({k: int(v) for k, v in carried.items()})
        self.pools_start = dict(self.pools)
        self.events: list[tuple[Any, ...]] = []
        """Payments in order: ("pool", seat, pool, chips, line), ("pay", payer, payee, chips, line),
        ("take", seat, pool, chips, line)."""
        self.won: dict[str, int] = {}
        self.table = self.widow = self.dead = self.dead_known = 0
        self.exchanger: int | None = None
        self.auction: Auction | None = None
        self.lacks = [0] * n
        self.known = [0] * n
        self.active = self.stopped = self.stopper = self.last_seat = self.last_card = -1
        self.offences: list[tuple[int, int, str]] = []
        self.winner: int | None = None
        self._antes()
        self._deal(order)

    def _antes(self) -> None:
        """MI-GAP-1: one chip from each player on each money card (two from the dealer with the option)."""
        double = self.game.options.dealer_double_ante
        for s in self.seats_from_left():
            k = 2 if double and s == self.dealer else 1
            for name in self.game.money_names:
                self._to_pool(s, name, k, f"seat {s} puts {k} on the {name}")

    def _deal(self, order: list[int]) -> None:
        dealt = self.game.plan().deal(order, self.players, self.dealer)
        self.hands = dealt.hands
        self.widow = dealt.extras.get("widow", 0) | sum(1 << c for c in dealt.stock)
        self.stock = []
        if self.game.widow_exchange:
            self.phase, self.turn = "widow", self.dealer
        else:
            self.dead, self.widow = self.widow, 0
            self._begin_play()

    def _begin_play(self) -> None:
        leader = self.next_seat(self.dealer)
        self.phase, self.turn, self.stopper, self.stopped = "lead", leader, leader, -1

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

    def card_plays(self, seat: int) -> list[int]:
        """The cards ``seat`` may play now."""
        hand = self.hands[seat]
        if self.phase == "build":
            return [self.next_card()]
        if self.phase == "restart":
            low = min(self.pack.rank[c] for c in bits(hand))
            return [c for c in bits(hand) if self.pack.rank[c] == low]
        return [lowest(hand & SUIT_BITS[s]) for s in self.lead_suits() if hand & SUIT_BITS[s]]

    def extra_actions(self, seat: int, cards: list[int]) -> list[str]:
        """Further actions (Spin's ``spin X``)."""
        return []

    # ---------------------------------------------------------------- legal
    def _legal(self) -> list[str]:
        seat = self.turn
        assert seat is not None
        ph = self.phase
        if ph == "widow":
            return ["take", "keep"]
        if ph == "auction":
            assert self.auction is not None
            return self.auction.options()
        if ph == "stake":
            return list(self.game.stake_actions())
        cards = self.card_plays(seat)
        code = self.pack.code_of
        acts = [code[cards[0]]] if len(cards) == 1 else \
            [code[c] for c in self.pack.in_display_order(sum(1 << c for c in cards))]
        acts += self.extra_actions(seat, cards)
        if (ph == "lead" and not cards) or (ph != "restart" and self.game.options.penalised_passes):
            acts.append("pass")
        return acts

    def _explain(self, seat: int, action: str) -> str:
        ph = self.phase
        if ph == "widow":
            return "the dealer either takes the widow ('take') or keeps his hand and auctions it ('keep')"
        if ph == "auction":
            a = self.auction
            assert a is not None
            return (f"bid a number of chips from {a.high + 2} to {len(a.bids)}, more than the highest bid, or pass "
                    "('auction off the right to exchange the widow to the highest bidder')")
        if ph == "stake":
            return ("place your four chips on the money cards, naming the card of each chip in the order "
                    f"{', '.join(self.game.stake_words())}, e.g. '{self.game.stake_actions()[0]}'")
        word = action.split()[0] if action else ""
        if word == "pass" and ph == "restart":
            return ("nobody could begin a new suit, so the turn came back to you: play the lowest card in your hand "
                    "('the turn comes back to the original passer, who then may play the lowest card in his "
                    "hand')")
        if word == "pass":
            return ("a player able to play must play ('For failing to play properly in his turn, the player pays "
                    "a penalty'); passing while able needs the option penalised_passes")
        if word == "spin":
            return self._explain_spin(seat, action)
        try:
            c = self.pack.parse_in(parse_code(action), self.hands[seat])
        except CardError:
            return "play a card code such as '5C', or pass when you cannot play"
        if c is None:
            return f"you do not hold {action}"
        return self.why_card(seat, c)

    def _explain_spin(self, seat: int, action: str) -> str:
        return "only Spin has the 'spin' play"

    def why_card(self, seat: int, card: int) -> str:
        """Why a held card may not be played now, naming the rule."""
        if self.phase == "build":
            return (f"the {card_name(self.next_card())} is next in sequence ('whoever holds the next card in "
                    "sequence plays it')")
        if self.phase == "restart":
            return "nobody could begin a new suit: play the lowest card in your hand"
        s = self.pack.suit[card]
        if s not in self.lead_suits():
            return self.why_suit()
        return f"a suit is begun with the lowest card you hold in it ('it must be the lowest card he holds in " \
               f"that suit'), here {self.pack.code(lowest(self.hands[seat] & SUIT_BITS[s]))}"

    def why_suit(self) -> str:
        """Why the stopped suit may not be started again."""
        return (f"after a stop the new suit must be other than {SUIT_NAMES[self.stopped]} ('lead the lowest "
                "card he holds in some other suit')")

    # ---------------------------------------------------------------- apply
    def _apply(self, seat: int, action: str) -> None:
        ph = self.phase
        if ph == "widow":
            if action == "take":
                self._exchange(seat)
                self._begin_play()
            else:
                order = self.seats_from_left()[:-1]
                top = self.game.options.widow_max_bid or max(100, sum(self.pools.values()))  # MI-GAP-5
                self.auction = Auction(tuple(f"bid {i}" for i in range(1, top + 1)), order, mode="round")
                self.phase, self.turn = "auction", self.auction.speaker
        elif ph == "auction":
            self._bid(action)
        elif ph == "stake":
            self._stake(seat, action)
        elif action == "pass":
            self._pass(seat)
        elif action.startswith("spin "):
            self._spin(seat, action[5:])
        else:
            c = self.find_card(action, self.hands[seat])
            self._place(seat, c)
            if self.turn is not None:
                self._after(seat, c)

    def _exchange(self, seat: int) -> None:
        """``seat`` puts his hand face down, dead, and picks up the widow."""
        self.dead, self.hands[seat], self.widow, self.exchanger = self.hands[seat], self.widow, 0, seat

    def _bid(self, action: str) -> None:
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
            self._pay(a.holder, self.dealer, price, f"seat {a.holder} buys the widow from the dealer, seat "
                      f"{self.dealer}, for {price}")
            self._exchange(a.holder)
        self._begin_play()

    def _place(self, seat: int, c: int) -> None:
        """Put ``c`` from ``seat``'s hand on the table: a new run or the next card of the active one."""
        bit = 1 << c
        self.hands[seat] &= ~bit
        self.known[seat] &= ~bit
        self.table |= bit
        if self.phase == "build":
            self.layout.play(c)
        else:
            # The lowest card of its suit (lead) or of the hand (restart): nothing lower is held.
            self.lacks[seat] |= LOWER_RANKS[c] if self.phase == "restart" else BELOW[c]
            self.layout.start(c)
            self.active = self.pack.suit[c]
        name = self.game.money_of.get(c)
        if name is not None and name not in self.won:
            self._take(seat, name, f"seat {seat} plays the {name} and takes")
        self.on_play(seat, c)
        self.last_seat, self.last_card = seat, c
        if not self.hands[seat]:
            self._finish(seat)

    def on_play(self, seat: int, card: int) -> None:
        """A hook after each card is played (Sequence Michigan)."""

    def _after(self, seat: int, c: int) -> None:
        """Who plays after ``seat`` played ``c``: the holder of the next card, or a stop."""
        nxt = self.next_card()
        h = self.holder(nxt) if nxt >= 0 else None
        if h is not None:
            self.phase, self.turn = "build", h
            return
        if nxt >= 0 and not self.table >> nxt & 1:
            self.dead_known |= 1 << nxt  # nobody holds it: it is in the dead hand, as all now know
        self._stop(seat)

    def _stop(self, seat: int) -> None:
        """A stop: ``seat``, who played last, begins some other suit."""
        self.stopped = self.active
        self.phase, self.turn, self.stopper = "lead", seat, seat

    def _pass(self, seat: int) -> None:
        able = bool(self.card_plays(seat)) if self.phase == "lead" else True
        if able:
            for o in range(self.players):
                if o != seat:
                    self._pay(seat, o, 1, f"seat {seat} fails to play properly and pays 1 to seat {o}")
        if self.phase == "build":
            self._broken_run(seat)
            self._stop(self.last_seat)
            return
        if not able:
            for s in self.lead_suits():
                self.lacks[seat] |= SUIT_BITS[s]
        t = self.next_seat(seat)
        if t == self.stopper:
            self.phase = "restart"  # "the turn comes back to the original passer"
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
            name = self.game.money_of.get(c)
            if name is not None and h != seat:
                self.offences.append((seat, h, name))
            c = c + 1 if self.pack.rank[c] < 14 else -1

    def _stake(self, seat: int, action: str) -> None:
        words = action.split()[1:]
        for name, word in zip(self.game.money_names, self.game.stake_words()):
            k = words.count(word)
            if k:
                self._to_pool(seat, name, k, f"seat {seat} puts {k} on the {name}")
        if seat == self.dealer:
            self._deal(list(reversed(self.stock)))
        else:
            self.turn = self.next_seat(seat)

    def _spin(self, seat: int, code: str) -> None:
        raise NotImplementedError

    def _finish(self, winner: int) -> None:
        """Someone is out: he collects for the cards left, and end-of-play payments are made."""
        self.winner, self.turn, self.phase = winner, None, "done"
        for s in range(self.players):
            left = self.hands[s].bit_count()
            if s != winner and left:
                self._pay(s, winner, left, f"seat {s} pays seat {winner} {left} for the cards left in hand")
        for offender, victim, name in self.offences:
            if name not in self.won and self.pools.get(name, 0):
                k = self.pools[name]
                self._pay(offender, victim, k, f"seat {offender} makes good the {k} on the {name} his pass kept "
                          f"from seat {victim}; they stay on the card")
        self.end_of_play(winner)

    def end_of_play(self, winner: int) -> None:
        """A hook for a variant's payments once somebody is out."""

    # ------------------------------------------------------------- payments
    def _to_pool(self, seat: int, pool: str, chips: int, line: str) -> None:
        self.events.append(("pool", seat, pool, chips, line))
        self.pools[pool] = self.pools.get(pool, 0) + chips

    def _pay(self, payer: int, payee: int, chips: int, line: str) -> None:
        self.events.append(("pay", payer, payee, chips, line))

    def _take(self, seat: int, pool: str, line: str, chips: int | None = None) -> None:
        have = self.pools.get(pool, 0)
        k = have if chips is None else chips
        self.won[pool] = seat
        if not k:
            return  # nobody put chips on it (Boodle): nothing to take, no settlement line
        self.pools[pool] = have - k
        self.events.append(("take", seat, pool, k, f"{line} {k}"))

    def _settle(self) -> Settlement:
        led = Ledger(self.players, self.pools_start)
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

    # ---------------------------------------------------------------- views
    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {"layout": self.layout.view(), "pools": dict(self.pools),
                             "money_cards": list(self.game.money_names),
                             "active_suit": "SHDC"[self.active] if self.active >= 0 and self.phase == "build" else None,
                             "stopped_suit": "SHDC"[self.stopped] if self.stopped >= 0 else None,
                             "widow_size": (self.widow | self.dead).bit_count(),
                             "exchanger": self.exchanger,
                             "known": {str(s): self.card_codes(m) for s, m in enumerate(self.known) if m},
                             "known_dead": self.card_codes(self.dead_known & self.dead)}
        if self.auction is not None:
            v["high_bid"], v["high_bidder"] = self.auction.high_bid, self.auction.holder
        if seat is not None and seat == self.exchanger:
            v["dead_hand"] = self.card_codes(self.dead)
        v["status"] = self._status()
        return v

    def _status(self) -> str:
        if self.winner is not None:
            return f"seat {self.winner} is out and wins"
        return {"widow": "the dealer takes the widow or auctions it", "auction": "the widow is auctioned",
                "stake": f"seat {self.turn} places his chips on the money cards",
                "build": f"seat {self.turn} holds the next card",
                "restart": f"nobody can begin a new suit: seat {self.turn} plays his lowest card"}.get(
            self.phase, f"seat {self.turn} begins a new suit")

    def _hidden_zones(self, viewer: int) -> list[Zone]:
        nxt = self.next_card() if self.phase == "build" else -1
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


class CrossColorDeal(MichiganDeal):
    """Cross-Color Michigan: after a stop the new suit must be of the other colour."""

    def lead_suits(self) -> list[int]:
        if self.stopped < 0:
            return [0, 1, 2, 3]
        return [s for s in range(4) if RED[s] != RED[self.stopped]]

    def why_suit(self) -> str:
        return (f"after a stop in {SUIT_NAMES[self.stopped]} the new suit must be of the other colour ('a player "
                "may only start a new suit in a different color from the last one played')")


NINE_H, TEN_H, JACK_H = (PACK_52.parse(c) for c in ("9H", "TH", "JH"))


class SequenceDeal(MichiganDeal):
    """Sequence Michigan: the extra money sequence nine, ten, jack of hearts."""

    def _antes(self) -> None:
        super()._antes()
        k = self.game.options.sequence_ante
        for s in self.seats_from_left():
            self._to_pool(s, SEQUENCE, k, f"seat {s} puts {k} on the sequence")

    def on_play(self, seat: int, card: int) -> None:
        # "A player who holds and plays two cards of this sequence in consecutive order ... collects all the chips"
        if card in (TEN_H, JACK_H) and self.last_card == card - 1 and self.last_seat == seat \
                and SEQUENCE not in self.won:
            self._take(seat, SEQUENCE, f"seat {seat} plays two cards of the sequence in order and takes")


class JackpotDeal(MichiganDeal):
    """Jackpot Michigan: antes to the jackpot over a round of deals, paid to a hand's winner."""

    def _antes(self) -> None:
        super()._antes()
        n, o = self.players, self.game.options
        done = int(self.carry_in.get("jackpot_hands", 0))
        self.jackpot_due: int | None = None
        if o.jackpot_pay_on == "hand_n_plus_1" and done >= n:
            self.jackpot_due, done = self.pools.get(JACKPOT, 0), 0
        for s in self.seats_from_left():
            self._to_pool(s, JACKPOT, o.jackpot_ante, f"seat {s} antes {o.jackpot_ante} to the jackpot")
        done += 1
        if o.jackpot_pay_on == "hand_n" and done >= n:
            self.jackpot_due, done = self.pools[JACKPOT], 0
        self.jackpot_hands = done

    def end_of_play(self, winner: int) -> None:
        if self.jackpot_due:
            self._take(winner, JACKPOT, f"the round is over: seat {winner} wins the hand and takes the jackpot of",
                       self.jackpot_due)

    def _carry(self) -> dict[str, Any] | None:
        return {**(super()._carry() or {}), "jackpot_hands": self.jackpot_hands}

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v["jackpot_hands"] = self.jackpot_hands
        v["jackpot_paid_this_hand"] = bool(self.jackpot_due)
        return v


class BoodleDeal(MichiganDeal):
    """Boodle: each player places four chips on the money cards before the deal; no widow exchange."""

    def _antes(self) -> None:
        pass

    def _deal(self, order: list[int]) -> None:
        if self.phase == "deal":  # before the deal: the stakes ("Before the deal, each player may place ...")
            self.stock = list(reversed(order))
            self.phase, self.turn = "stake", self.next_seat(self.dealer)
            return
        super()._deal(order)


AD = PACK_52.parse("AD")
KD = PACK_52.parse("KD")


class SpinDeal(BoodleDeal):
    """Spin: the ace of diamonds stops any sequence, played after an eligible card."""

    def extra_actions(self, seat: int, cards: list[int]) -> list[str]:
        if not self.hands[seat] >> AD & 1:
            return []
        return [f"spin {self.pack.code_of[c]}" for c in self.pack.in_display_order(sum(1 << c for c in cards))
                if c not in (AD, KD)]

    def _explain_spin(self, seat: int, action: str) -> str:
        if not self.hands[seat] >> AD & 1:
            return "only the holder of the ace of diamonds may spin"
        return ("'spin X' plays an eligible card X, then the ace of diamonds ('he must, however, play an "
                "eligible card before playing the ace of diamonds'); after the king of diamonds the ace is simply next")

    def _spin(self, seat: int, code: str) -> None:
        c = self.find_card(code, self.hands[seat])
        self._place(seat, c)
        bonus = self.game.options.spin_bonus
        for o in range(self.players):
            if o != seat and bonus:
                self._pay(o, seat, bonus, f"seat {o} pays seat {seat} {bonus} for the spin")
        self.hands[seat] &= ~(1 << AD)
        self.table |= 1 << AD
        self.last_card = AD
        if not self.hands[seat]:
            if self.turn is not None:
                self._finish(seat)
            return
        self.stopped = self.pack.suit[c]  # "He then plays his lowest card in some other suit"
        self.phase, self.turn, self.stopper = "lead", seat, seat


class PopeJoanDeal(BoodleDeal):
    """Pope Joan: the dealer stakes 1-5 chips; a player caught holding a money card doubles its chips."""

    game: PopeJoan

    def _antes(self) -> None:
        for name, k in zip(self.game.money_names, self.game.dealer_stakes):
            if k:
                self._to_pool(self.dealer, name, k, f"the dealer, seat {self.dealer}, puts {k} on the {name}")

    def _deal(self, order: list[int]) -> None:
        MichiganDeal._deal(self, order)

    def end_of_play(self, winner: int) -> None:
        # "caught at the end of the play with the duplicate of a money card ... must double the chips on that card"
        for s in range(self.players):
            for c, name in self.game.money_of.items():
                if self.hands[s] >> c & 1 and self.pools.get(name, 0):
                    k = self.pools[name]
                    self._to_pool(s, name, k, f"seat {s} is caught holding the {name} and doubles its {k} chips")


class Michigan(Game):
    """Michigan (Newmarket, Chicago, Michigan Boodle, Saratoga): build suits upward; money cards; first out wins.

    See the module text for the rules as implemented and their sources.
    """

    id = "michigan"
    name = "Michigan"
    family = "stops"
    aliases = ("newmarket", "chicago", "saratoga", "michigan-boodle")
    min_players, max_players, default_players = 3, 8, 4
    source = f"{SEED}, the Stops games (Michigan, heading lost); docs/decisions.md"
    deal_class: type[Deal] = MichiganDeal
    money: tuple[str, ...] = ("AH", "KC", "QD", "JS")
    widow_exchange = True
    penalised_option = Option(
        "penalised_passes", bool, False,
        doc="allow passing while able to play, at the book's penalty: 1 chip to each other player, and making good "
            "the money-card chips the pass kept from others",
        source=f"{SEED} 'Additional Rules'; issue 6")
    option_specs: tuple[Option, ...] = (
        Option("dealer_double_ante", bool, False, doc="the dealer puts two chips on each money card, the others one",
               source="MI-GAP-1 (pagat, Bicycle: dealer 2, others 1; seed: everyone 1)"),
        Option("widow_max_bid", int, 0, range(0, 10001),
               doc="the highest bid allowed in the widow auction; 0: no practical ceiling (100, or all the chips "
                   "on the money cards if they are more)",
               source="MI-GAP-5 (the seed sets no limit)"),
        penalised_option,
    )

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.money_of: dict[int, str] = {PACK_52.parse(c): card_name(PACK_52.parse(c)) for c in self.money}
        self.money_names: tuple[str, ...] = tuple(self.money_of.values())
        words = tuple(RANK_WORDS[PACK_52.rank[PACK_52.parse(c)]] for c in self.money)
        self._stake_words = words
        self._stake_actions = tuple("stake " + " ".join(w) for w in combinations_with_replacement(words, 4))

    def plan(self) -> DealPlan:
        """All 52 one at a time, the widow first at the dealer's left."""
        return DealPlan(extra_hands=(("widow", 0),), deal_all=True)

    def stake_words(self) -> tuple[str, ...]:
        """The word naming each money card in a ``stake`` action (its rank)."""
        return self._stake_words

    def stake_actions(self) -> tuple[str, ...]:
        """Every way to place four chips on the money cards."""
        return self._stake_actions


class CrossColorMichigan(Michigan):
    """Cross-Color Michigan: after a stop the new suit must be of the other colour.

    Seed 004: "When a stop has occurred, a player may only start a new suit in a different color from the last
    one played." See the module text.
    """

    id = "cross-color-michigan"
    name = "Cross-Color Michigan"
    aliases = ("cross-colour-michigan",)
    source = f"{SEED}, 'Cross-Color Michigan'; docs/decisions.md"
    deal_class = CrossColorDeal


class SequenceMichigan(Michigan):
    """Sequence Michigan: an extra money sequence, nine-ten-jack of hearts, won by playing two of it in order.

    See the module text.
    """

    id = "sequence-michigan"
    name = "Sequence Michigan"
    aliases = ()
    source = f"{SEED}, 'Sequence Michigan'; docs/decisions.md"
    deal_class = SequenceDeal
    option_specs = (
        *Michigan.option_specs,
        Option("sequence_ante", int, 1, range(1, 11), doc="chips each player adds to the sequence every deal",
               source=f"{SEED}: 'New chips are added in each deal'; amount: ENGINE DEFAULT (docs/decisions.md)"),
    )


class JackpotMichigan(Michigan):
    """Jackpot Michigan: a jackpot ante on each hand of a round of deals, paid to the round's last hand's winner.

    See the module text.
    """

    id = "jackpot-michigan"
    name = "Jackpot Michigan"
    aliases = ()
    source = f"{SEED}, 'Jackpot Michigan'; docs/decisions.md"
    deal_class = JackpotDeal
    option_specs = (
        *Michigan.option_specs,
        Option("jackpot_ante", int, 1, range(1, 11), doc="chips each player antes to the jackpot each hand",
               source=f"{SEED}: 'each player ante one chip to a special pool on each hand'"),
        Option("jackpot_pay_on", str, "hand_n_plus_1", ("hand_n_plus_1", "hand_n"),
               doc="which hand's winner takes the jackpot: the one dealt when the deal returns to the round's first "
                   "dealer (N+1), or the round's last ante hand (N)",
               source="docs/decisions.md (ENGINE DEFAULT on the boundary)"),
    )


class Boodle(Michigan):
    """Boodle: money cards AH KD QS JC, four chips each placed at will, equal hands and a dead widow.

    See the module text.
    """

    id = "boodle"
    name = "Boodle"
    aliases = ()
    source = f"{SEED}, Boodle (heading lost); docs/decisions.md"
    deal_class = BoodleDeal
    money = ("AH", "KD", "QS", "JC")
    widow_exchange = False
    option_specs = (
        Option("deal_table", str, "foster", ("foster", "sixteen"),
               doc="cards each: Foster's table (3 players 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6) or 16 each for three",
               source="BO-GAP-1 (Foster's Complete Hoyle, Pope Joan table)"),
        Michigan.penalised_option,
    )

    def plan(self) -> DealPlan:
        """Equal hands one card at a time (BO-GAP-1); the rest is the dead widow (BO-GAP-2)."""
        return DealPlan(rounds=(1,) * BOODLE_TABLE[self.options.deal_table][self.players])


class Spin(Boodle):
    """Spin (Spinade): Boodle, and the holder of the ace of diamonds may stop any sequence with it.

    See the module text.
    """

    id = "spin"
    name = "Spin"
    aliases = ("spinade",)
    source = f"{SEED}, 'Spinade or Spin'; docs/decisions.md"
    deal_class = SpinDeal
    option_specs = (
        *Boodle.option_specs,
        Option("spin_bonus", int, 0, (0, 3), doc="chips each other player pays the spinner",
               source="SP-GAP-1 (seed: none; Hervey's Spinado, Cassell's, Peel: 3)"),
    )


class PopeJoan(Boodle):
    """Pope Joan (Scarne's form): Boodle with money cards 9D TD JC QS KH staked by the dealer alone.

    See the module text.
    """

    id = "pope-joan"
    name = "Pope Joan"
    aliases = ()
    source = f"{SEED}, 'Pope Joan'; docs/decisions.md (PJ-GAP-1..4)"
    deal_class = PopeJoanDeal
    money = ("TD", "JC", "QS", "KH", "9D")
    option_specs = (
        *Boodle.option_specs,
        *(Option(f"stake_{card_name(PACK_52.parse(c)).replace(' ', '_')}", int, k, range(0, 101),
                 doc=f"the chips the dealer puts on the {card_name(PACK_52.parse(c))} each deal",
                 source=f"{SEED} Pope Joan: 'Only the dealer puts the chips on the money cards, usually one on the "
                        "ten of diamonds, two on the jack of clubs, three on the queen of spades, four on the king "
                        "of hearts, and five on the nine of diamonds'")
          for c, k in zip(("TD", "JC", "QS", "KH", "9D"), (1, 2, 3, 4, 5))),
    )

    @property
    def dealer_stakes(self) -> tuple[int, ...]:
        """The dealer's chips on each money card, in the order of ``money`` (options; the seed's usual 1 to 5)."""
        return tuple(getattr(self.options, "stake_" + name.replace(" ", "_")) for name in self.money_names)


GAMES = (Michigan, CrossColorMichigan, SequenceMichigan, JackpotMichigan, Boodle, Spin, PopeJoan)
