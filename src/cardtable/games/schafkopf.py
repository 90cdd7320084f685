"""Schafkopf (three-hand, with the blind and Least) and Auction Schafkopf.

Source: seed ``001_50a7678b5606f88b.txt`` (Scarne's text), sections "Schafkopf" and "Auction
Schafskopf", with the gaps resolved in ``docs/decisions.md`` (SK-GAP-1 …
SK-GAP-8) and (AS-GAP-1 … AS-GAP-4).

The rules as implemented: Schafkopf
-----------------------------------
Players. "Three, four, or five players, but only three play at a time." With four at the
table the dealer sits out; with five the dealer and the player at his right sit out, so the
three players to the dealer's left play (SK-GAP-8 leaves this to seating: ENGINE DEFAULT,
after the Skat table, where "the dealer does not give cards to himself"). Those sitting out
neither pay nor receive. The deal passes to the left, so everyone sits out in turn.

Cards. "A 32-card deck." "All queens, jacks, and diamonds are trumps ranking in order club
queen (high), spade queen, heart queen, diamond queen, club jack, spade jack, heart jack,
diamond jack, diamond ace, diamond ten, diamond king, diamond nine, diamond eight, diamond
seven. In each of the three other side suits the cards rank: ace (high), ten, king, nine,
eight, seven." The fourteen trumps are ONE suit for following: "It is important to remember
that all queens, jacks, and diamonds are of the same 'suit'" — a queen of clubs does not
follow a club lead, and it does follow a trump lead.

Card points "whether trump or plain": ace 11, ten 10, king 4, queen 3, jack 2; 120 in all.

Deal. "Each player thus receives 10 cards", two go to the blind: three each, two to the
blind, four each, three each (SK-GAP-1, the Skat deal).

Determining the player. "The player on the left of the dealer has first right to pick up the
blind. If he refuses, the privilege passes to the two others in turn. Whoever picks up the
blind assumes a contract to win a majority of the points for cards, and plays alone against
the other two. The player after picking up the blind must discard two cards face down to
restore his hand to ten cards." Actions: ``take`` or ``pass``; then ``discard 7C`` twice.
The two discards count for the player (SK-GAP-2, as in Skat and Parlett's "including also any
that may be contained in the blind"); only he sees them until the end.

Play. "The hand at dealer's left invariably makes the opening lead. The winner of each trick
leads for the next. Other hands must follow suit to the lead if able. If unable to follow
suit, a hand may trump or discard at will. There is no compulsion to win any trick if able.
The highest trump played, or the highest card of the suit led if no trump is played, wins the
trick."

Scoring. "The player wins game if he takes 61 or more in tricks won in play. If he gathers 91
points or more, he wins Schneider, and if he takes all the tricks he wins Schwarz." Game 2,
Schneider 4, Schwarz 6. "If he fails to make 61, he is debited the appropriate figure. (Four
if he fails to catch 31 points or 6 if he loses all the tricks.)" — so 90 scores 2, 31 loses
2 and 30 loses 4 (SK-GAP-4); a player who takes no trick loses 6 whatever his discards hold
(SK-GAP-5).

Least. "If all three players pass, the hand is played for 'least.' Each plays for himself,
the object being to take as few of the points for cards as possible. The blind is left
untouched until play is completed, when it is added to the last trick and goes to the winner
thereof." "The player who gathers the fewest points scores plus 2, or plus 4 if he wins no
tricks at all. If one player takes all the tricks, he is debited 4" (and nothing else is
scored, SK-GAP-7). "If two players tie for low, the winner is he who did not take the last
trick as between these two, and he gets 2 points. If each player gets 40 points in cards
(triple tie), the winner is the hand that passed third, and he scores 2." When the third
player took the last trick (SK-GAP-6, ENGINE DEFAULT), the tied player whose latest trick came
earlier wins (one with no trick beats one with tricks); option ``least_tie_fallback="no_score"``
scores nothing instead.

Settlement (SK-GAP-3). "Individual accounts are kept, a running total of the items won or lost
by each participant": by default (``settlement="player_account"``) the figures above are
points credited or debited to the one player concerned; the unit is points and the running
totals travel in ``carry["scores"]``. With ``settlement="each_opponent"`` (Parlett) they are
chips won from or paid to each of the two other active players: at Least the winner takes the
figure from each, and a player who took every trick pays 4 to each.

Not modelled: the irregularities (misdeal, wrong discard, looking at the blind, misplay) —
the engine refuses an illegal action instead of penalising it.

Claims and concessions (option ``claims``, off by default; CL-6): "If either side claims to have
won game, all remaining unplayed cards belong to the other side. An opponent who makes an
erroneous claim is charged with the entire loss. If the player concedes loss of game, the
concession must stand." ``claim game`` gives the unplayed cards to the other side and scores the
hand; ``concede`` by the player loses game; ``claim`` (every trick left) is checked by the core.

The rules as implemented: Auction Schafkopf
-------------------------------------------
"Four players, two against two as partners" (seats 0 and 2 against 1 and 3). "The cards are
dealt out four at a time, each hand receiving eight cards" — no blind. "The player at other
hand in turn is allowed one bid. Bidding is by the number of points over 60 that the bidder
(with help of his partner) guarantees to win in play": ``bid 1`` … ``bid 60``, each higher than
the last, or ``pass``; if all pass the next dealer deals (AS-GAP-3, ENGINE DEFAULT).
"The only permanent trumps are club jack (high), spade jack, heart jack, diamond jack. The
winning bidder names the trump" (``trump clubs`` …) "and player at the dealer's left makes the
first lead." The trump suit is the four jacks, then A T K Q 9 8 7 of the named suit; the other
suits rank A T K Q 9 8 7 (AS-GAP-2); ``jack_order="S>C>H>D"`` puts the spade jack first as
Bicycle's page prints it (AS-GAP-1). Follow suit if able, otherwise play anything (AS-GAP-4).
Scoring (AS-GAP-3, ENGINE DEFAULT): the bidding side needs 60 + bid card points; each partner
then scores the bid, else each loses it; the opponents score nothing; the match ends when a
side reaches ``target`` (0: no target).

Each variant is one class (:class:`Schafkopf`, :class:`AuctionSchafkopf`): its declaration as class
attributes, its phases with one checker each, and the few hooks of the core (see docs/developing.md).

>>> import cardtable as ct
>>> d = ct.load("schafkopf").deal(seed=3)
>>> d.turn, d.legal()
(1, ['pass', 'take'])
>>> d.act("take"); d.view(1)["phase"], len(d.view(1)["hand"]), d.label("discard 7C")
('discard', 12, 'Discard the 7♣')
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.aims import Aim
from ..core.auction import Auction
from ..core.bounds import ActionForm, DealBounds, forms
from ..core.cards import PACK_32, SUIT_NAMES, SUITS
from ..core.chips import Ledger, Settlement
from ..core.cutting import first_dealer_option
from ..core.deal import Zone
from ..core.dealing import DealPlan
from ..core.game import Game
from ..core.i18n import _, _n
from ..core.options import Option, Options
from ..core.phases import Phase
from ..core.tricks import CLAIM, CLAIMS, CONCEDE, TrickDeal, TrickRules
from ..core.views import TRICK_KEYS, Key, Kind
from ..core.words import action_label

__all__ = ["AuctionPhase", "AuctionSchafkopf", "AuctionSetup", "Schafkopf", "SchafkopfPhase", "SchafkopfSetup",
           "card_points"]

SEED = "seed 001_50a7678b5606f88b.txt"
FIRST_DEALER = first_dealer_option(
    "low", source=f"{SEED} Schafkopf, 'Beginning of the Game': 'The selection of the dealer "
                  "... as provided under the General Rules'; docs/decisions.md (cutting, low deals)")
DIAMONDS = 2

_VALUE = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
_BY_VALUE = tuple((v, sum(1 << i for i, c in enumerate(PACK_32.code_of) if c[0] == r)) for r, v in _VALUE.items())


def card_points(mask: int) -> int:
    """Card points in a set of cards: ace 11, ten 10, king 4, queen 3, jack 2 (120 in the pack).

    >>> card_points(PACK_32.mask("AS TD QC JH 9H")), card_points(PACK_32.full)
    (26, 120)
    """
    return sum(v * (mask & m).bit_count() for v, m in _BY_VALUE)


def _tricks(n: int) -> str:
    return _n("{n} trick", "{n} tricks", n, n=n)


# --------------------------------------------------------------- Schafkopf's trump suit
TRUMP_ORDER = ("7D", "8D", "9D", "KD", "TD", "AD", "JD", "JH", "JS", "JC", "QD", "QH", "QS", "QC")
"""The fourteen trumps, low to high."""
_PLAIN_POWER = {r: i for i, r in enumerate("789KTA")}
_TRUMP_POWER = {c: 10 + i for i, c in enumerate(TRUMP_ORDER)}
SUIT_OF = tuple(DIAMONDS if c in _TRUMP_POWER else PACK_32.suit[i] for i, c in enumerate(PACK_32.code_of))
"""All queens, jacks and diamonds are of the same 'suit' (the trump suit, indexed as diamonds)."""
POWER = tuple(_TRUMP_POWER.get(c, _PLAIN_POWER.get(c[0], 0)) for c in PACK_32.code_of)
RULES = TrickRules(PACK_32, DIAMONDS, suit_of=SUIT_OF, power=POWER)
"""Follow suit if able (the 14 trumps are one suit); otherwise trump or discard at will."""
TRUMPS = RULES.trump_mask
PLAN = DealPlan(rounds=(3, 4, 3), widows=(("blind", 0, 2),))
"""SK-GAP-1: three each, two to the blind, four each, three each."""


class SchafkopfPhase(Phase):
    """The stages of a deal of Schafkopf."""

    PICK = "pick"        # the blind offered to each active player in turn
    DISCARD = "discard"  # the player discards two cards face down
    PLAY = "play"        # the ten tricks (or Least)
    DONE = "done"


PICK, DISCARD, PLAY, DONE = SchafkopfPhase

CLAIM_GAME = "claim game"
"""A side's claim to have won game (seed 001, 'Claims and Concessions')."""


@dataclass(frozen=True)
class SchafkopfSetup:
    """What every deal of one configuration of Schafkopf needs (``game.setup``)."""

    active: tuple[tuple[int, ...], ...]
    """Per dealer: the three who play, from the dealer's left (ENGINE DEFAULT seating, SK-GAP-8)."""
    player_account: bool
    """The figures are points on the player's own account (else chips from each opponent, SK-GAP-3)."""
    least_tie_fallback: str


class Schafkopf(TrickDeal):
    """Schafkopf (Sheepshead), three-hand: the blind, 61 to win, Schneider and Schwarz, or Least.

    See the module text for the rules as implemented and their sources.
    """

    # ---- the declaration
    id = "schafkopf"
    name = "Schafkopf"
    family = "schafkopf"
    aim = Aim("card points", "target", card_points=_VALUE, target=61)  # the player's side needs 61 of the 120
    aliases = ("sheepshead", "schafskopf")
    min_players, max_players, default_players = 3, 5, 3
    pack_used = PACK_32
    source = f"{SEED}, 'Schafkopf'; docs/decisions.md"
    unit = "points"
    phases = SchafkopfPhase
    first_dealer_rule = "low"  # seed 001: "as provided under the General Rules" (docs/decisions.md)
    card_phases = (PLAY,)
    option_specs = (
        Option("settlement", str, "player_account", ("player_account", "each_opponent"),
               doc=_("individual accounts credited or debited with the figures (points), or chips won from or paid "
                     "to each opponent"),
               source=f"{SEED} 'Individual accounts are kept'; Parlett; SK-GAP-3"),
        Option("least_tie_fallback", str, "latest_trick", ("latest_trick", "no_score"),
               doc=_("Least, two tie for low and the third took the last trick: the one whose latest trick came "
                     "earlier wins 2, or nobody scores"),
               source="SK-GAP-6 (ENGINE DEFAULT, unsourced)"),
        FIRST_DEALER,
        CLAIMS,
    )
    view_keys = (
        *TRICK_KEYS,
        Key("trump", Kind.SUIT, "the trump suit: diamonds, with all queens and jacks"),
        Key("active", Kind.SEATS, "the three who play this deal (the others sit out)", size=3),
        Key("declarer", Kind.SEAT, "the player who took the blind", null=True),
        Key("contract", Kind.WORD, "what is played: Schafkopf (a player took the blind) or Least (all passed)",
            values=("Schafkopf", "Least"), null=True),
        Key("widow_size", Kind.INT, "cards in the blind"),
        Key("scores", Kind.PER_SEAT, "each seat's running account before this deal (settlement in points)",
            always=False),
        Key("card_points", Kind.PER_SEAT, "the card points each seat has taken in tricks", always=False),
        Key("discards", Kind.CARDS, "the player's two discards: to him, and to all once the deal is over",
            size=2, always=False),
    )

    # ---- the state of a deal (beside the core's hands, trick and tricks won)
    setup: SchafkopfSetup
    active: list[int]
    blind: int
    discards: int
    player: int | None
    """The active player who took the blind (``None`` before, and at Least)."""
    least: bool
    offers: int
    """How many have been offered the blind."""
    latest: list[int]
    """The index of each seat's latest trick (Least ties)."""
    tricks_played: int
    scores_in: list[int]

    # ---------------------------------------------------------- configuration
    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("pass"), ActionForm("take"), ActionForm("discard #"),
    )

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """Three play, whatever the table: each says take or pass once, the player discards two cards one at a
        time, then ten tricks of three. The largest figure is 6 (Schwarz, or all the tricks lost), credited on
        one account, or paid to or by each of the two others (``each_opponent``: 12 at most, and zero-sum).
        The whole pack is dealt."""
        each = options.settlement == "each_opponent"
        return DealBounds(actions=3 + 2 + 30, least=-12 if each else -6, most=12 if each else 6, zero_sum=each,
                          dealt=32)
    # -- end of the declaration

    def ranking(self) -> TrickRules | None:
        """The fixed ranking of Schafkopf's cards (all queens and jacks trumps with the diamonds), before the play
        as during it: the order a hand is shown in."""
        return super().ranking() or RULES

    @classmethod
    def unit_of(cls, options: Options) -> str:
        return "points" if options.settlement == "player_account" else "chips"

    @classmethod
    def configure(cls, game: Game) -> SchafkopfSetup:
        n = game.players
        return SchafkopfSetup(active=tuple(tuple((d + 1 + i) % n for i in range(3)) for d in range(n)),
                              player_account=game.options.settlement == "player_account",
                              least_tie_fallback=game.options.least_tie_fallback)

    # ------------------------------------------------------------------ deal
    def _start(self, order: list[int]) -> None:
        self.setup = self.game.setup
        self.active = list(self.setup.active[self.dealer])
        dealt = PLAN.deal(order, 3, 2)
        for i, s in enumerate(self.active):
            self.hands[s] = dealt.hands[i]
        self.blind = dealt.extras["blind"]
        self.discards = 0
        self.player = None
        self.least = False
        self.offers = 0
        self.latest = [-1] * self.players
        self.tricks_played = 0
        self.scores_in = list(self.carry_in.get("scores") or [0] * self.players)
        self.phase, self.turn = PICK, self.active[0]

    # ------------------------------------------------------- the blind offered
    def options_pick(self, seat: int) -> Iterable[str]:
        return ("pass", "take")

    def check_pick(self, seat: int, action: str) -> str | None:
        if action in ("pass", "take"):
            return None
        return _("first take the blind ('take') or refuse it ('pass'); the cards are played afterwards")

    def apply_pick(self, seat: int, action: str) -> None:
        self.offers += 1
        if action == "take":
            self.player = seat
            self.hands[seat] |= self.blind
            self.blind = 0
            self.phase = DISCARD
        elif self.offers == 3:
            self.least = True  # "if all three pass, the hand must be played at 'least'"
            self._begin_play()
        else:
            self.turn = self.active[self.offers]

    # ----------------------------------------------------------- the discards
    def options_discard(self, seat: int) -> Iterable[str]:
        return (f"discard {c}" for c in self.card_codes(self.hands[seat]))

    def check_discard(self, seat: int, action: str) -> str | None:
        c = PACK_32.index_of.get(action[8:]) if action.startswith("discard ") else None
        if c is not None and self.hands[seat] >> c & 1:  # any card of his hand
            return None
        return (_("the player who picks up the blind must discard two cards of his hand face down, one at a time "
                  "(e.g. 'discard 7C')"))

    def apply_discard(self, seat: int, action: str) -> None:
        c = self.find_card(action[8:], self.hands[seat])
        self.hands[seat] &= ~(1 << c)
        self.discards |= 1 << c
        if self.discards.bit_count() == 2:
            self._begin_play()

    # --------------------------------------------------------------- playing
    def _begin_play(self) -> None:
        # "The hand at dealer's left invariably makes the opening lead."
        self.start_play(RULES, self.active[0], PLAY)
        self.in_play = self.active

    def trick_done(self, winner: int) -> None:
        self.latest[winner] = self.tricks_played
        self.tricks_played += 1
        if not self.hands[winner]:
            if self.blind:  # Least: "it is added to the last trick and goes to the winner thereof"
                self.won[winner] |= self.blind
                self.blind = 0
            self.end()

    # --------------------------------------------------- claims and concessions
    def claim_options(self, seat: int) -> tuple[str, ...]:
        """Not at Least (each for himself, and no game to claim); otherwise the core's claim of the rest and
        concession, and the text's claim of game: "If either side claims to have won game, all remaining
        unplayed cards belong to the other side"."""
        if self.least:
            return ()
        got = super().claim_options(seat)
        return (CLAIM, CLAIM_GAME, *got[1:]) if got else ()

    def claim_refusal(self, seat: int, action: str) -> str | None:
        if action == CLAIM_GAME:
            return None  # settled by the text's rule, whatever the cards
        return super().claim_refusal(seat, action)

    def apply_claim(self, seat: int, action: str) -> None:
        if action != CLAIM_GAME:
            super().apply_claim(seat, action)
            return
        self.claimed_by, self.claim_hand, self.claim_word = seat, self.hands[seat], action
        # "all remaining unplayed cards belong to the other side"
        other = next(s for s in self.active if self.side(s) != self.side(seat))
        self.award_rest(other)

    # ---------------------------------------------- knowledge a bot may ask for
    def side(self, seat: int) -> int:
        if self.least or self.player is None:
            return seat
        return 0 if seat == self.player else 1

    def wants_tricks(self, seat: int) -> bool:
        return not self.least

    def declarer_seat(self) -> int | None:
        return self.player

    # ------------------------------------------------------------- settlement
    def player_points(self) -> int:
        """The player's card points: his tricks and his two discards (SK-GAP-2)."""
        assert self.player is not None
        return card_points(self.won[self.player] | self.discards)

    def _award(self, led: Ledger, seat: int, amount: int, line: str) -> None:
        """Credit (or debit) ``seat`` with ``amount``: on his account, or from each other active player."""
        if self.setup.player_account:
            led.score(seat, amount, _("{line}: {amount:+d} to {player}", line=line, amount=amount,
                                      player=self.names[seat]))
            return
        led.note(line)
        for o in self.active:
            if o != seat:
                if amount > 0:
                    led.pay(o, seat, amount)
                else:
                    led.pay(seat, o, -amount)

    def _settle(self) -> Settlement:
        led = Ledger(self.players, unit=self.game.unit, names=self.names)
        if self.least:
            self._settle_least(led)
        else:
            self._settle_player(led)
        return led.settlement()

    def _settle_player(self, led: Ledger) -> None:
        p = self.player
        assert p is not None
        pts, tricks = self.player_points(), self.tricks_won[p]
        by, names = self.claimed_by, self.names
        if by >= 0 and self.claim_word == CLAIM_GAME:
            led.note(_("{player} claimed game for his side: the cards not yet played went to the other side",
                       player=names[by]) if by == p else
                     _("{player} claimed game for their side: the cards not yet played went to the other side",
                       player=names[by]))
        elif by == p and self.claim_word == CONCEDE:
            # "If the player concedes loss of game, the concession must stand."
            amount, what = (-6, _("lost all the tricks")) if tricks == 0 else \
                (-4, _("failed to catch 31")) if pts < 31 else (-2, _("conceded loss of game"))
            self._award(led, p, amount, _("{player} conceded loss of game with {points} points (his discards "
                                          "included) in {tricks}: {what}", player=names[p], points=pts,
                                          tricks=_tricks(tricks), what=what))
            return
        if tricks == 10:
            amount, what = 6, _("Schwarz (all the tricks)")
        elif pts >= 91:
            amount, what = 4, _("Schneider (91 or more)")
        elif pts >= 61:
            amount, what = 2, _("Game (61 or more)")
        elif tricks == 0:
            amount, what = -6, _("lost all the tricks")
        elif pts < 31:
            amount, what = -4, _("failed to catch 31")
        else:
            amount, what = -2, _("failed to make 61")
        line = _("{player} took {points} points (his discards included) in {tricks}: {what}", player=names[p],
                 points=pts, tricks=_tricks(tricks), what=what)
        if amount > 0 and by >= 0 and by != p and self.claim_word == CLAIM_GAME:
            # "An opponent who makes an erroneous claim is charged with the entire loss."
            if self.setup.player_account:
                self._award(led, p, amount, _("{line}; {player}'s claim was wrong", line=line, player=names[by]))
            else:
                led.note(_("{line}; {player}'s claim was wrong, so he pays the whole of it", line=line,
                           player=names[by]))
                led.pay(by, p, 2 * amount)
            return
        self._award(led, p, amount, line)

    def _settle_least(self, led: Ledger) -> None:
        act, names = self.active, self.names
        pts = {s: card_points(self.won[s]) for s in act}
        for s in act:
            led.note(_("Least: {player} took {points} points in {tricks}", player=names[s], points=pts[s],
                       tricks=_tricks(self.tricks_won[s])))
        sweeper = next((s for s in act if self.tricks_won[s] == 10), None)
        if sweeper is not None:  # "If one player takes all the tricks, he is debited 4" (SK-GAP-7)
            self._award(led, sweeper, -4, _("{player} took all the tricks at Least", player=names[sweeper]))
            return
        low = min(pts.values())
        lows = [s for s in act if pts[s] == low]
        if len(lows) == 1:
            w = lows[0]
            none = self.tricks_won[w] == 0
            what = " and no trick" if none else ""
            self._award(led, w, 4 if none else 2, _("{player} took the fewest points{what}", player=names[w],
                                                    what=what))
        elif len(lows) == 3:  # "the winner is the hand that passed third"
            self._award(led, act[2], 2, _("a triple tie at 40: {player}, who passed third, wins",
                                          player=names[act[2]]))
        else:
            a, b = lows
            last = self.tricks_played - 1
            if self.latest[a] == last or self.latest[b] == last:
                w = b if self.latest[a] == last else a
                self._award(led, w, 2, _("{player} and {player2} tie for low; {player3} did not take the last trick",
                                         player=names[a], player2=names[b], player3=names[w]))
            elif self.setup.least_tie_fallback == "latest_trick":
                w = a if self.latest[a] < self.latest[b] else b
                self._award(led, w, 2, _("{player} and {player2} tie for low; {player3} did not take the later "
                                         "trick as between these two", player=names[a], player2=names[b],
                                         player3=names[w]))
            else:
                led.note(_("{player} and {player2} tie for low and neither took the last trick: no score",
                           player=names[a], player2=names[b]))

    def _carry(self) -> dict[str, Any] | None:
        if not self.setup.player_account:
            return None
        deltas = self.result().deltas
        return {"scores": [int(a + d) for a, d in zip(self.scores_in, deltas)]}

    # ------------------------------------------------------------ words, views
    def label(self, action: str) -> str:
        if action == "take":
            return _("Take the blind")
        if action == "pass" and self.phase == PICK:
            return _("Pass the blind")
        if action == CLAIM_GAME:
            return _("Claim game (the cards not yet played go to the other side)")
        return action_label(action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "active": list(self.active), "declarer": self.player, "trump": "D",
            "contract": "Least" if self.least else ("Schafkopf" if self.player is not None else None),
            "widow_size": self.blind.bit_count(),
        }
        if self.setup.player_account:
            v["scores"] = list(self.scores_in)
        v.update(self.trick_view())
        if self.play_started:
            v["card_points"] = [card_points(m) for m in self.won]
        if self.discards and (self.over or seat == self.player):
            v["discards"] = self.card_codes(self.discards)
        return v

    def _redact(self, seat: int, action: str, viewer: int | None) -> str:
        if viewer != seat and action.startswith("discard"):
            return "discard"
        return action

    # ------------------------------------------------------ hidden information
    def _hidden_zones(self, viewer: int) -> list[Zone]:
        zones = [Zone(("hand", s), self.hands[s], allowed=~self.voids[s])
                 for s in self.active if s != viewer and self.hands[s]]
        if self.blind:
            zones.append(Zone("blind", self.blind))
        if self.discards and not self.over:
            zones.append(Zone("discards", self.discards, fixed=self.discards if viewer == self.player else 0))
        return zones

    def _set_zone(self, key: Any, mask: int, rng: random.Random) -> None:
        if key == "blind":
            self.blind = mask
        elif key == "discards":
            self.discards = mask
        else:
            super()._set_zone(key, mask, rng)

    def _zones(self) -> dict[str, int]:
        return {**super()._zones(), "blind": self.blind, "discards": self.discards}


# ----------------------------------------------------------------- Auction Schafkopf
JACK_ORDERS = {"C>S>H>D": "DHSC", "S>C>H>D": "DHCS"}
"""The four jacks, low to high, by option (AS-GAP-1)."""
_AUCTION_PLAIN = {r: i for i, r in enumerate("789QKTA")}
BIDS = tuple(f"bid {n}" for n in range(1, 61))
TRUMP_WORDS = tuple(f"trump {n}" for n in SUIT_NAMES)


def auction_rules(trump: int, jack_order: str) -> TrickRules:
    """The four jacks, then A T K Q 9 8 7 of the named suit, as one trump suit (AS-GAP-2); follow suit only."""
    jacks = JACK_ORDERS[jack_order]
    suit_of = [trump if c[0] == "J" else PACK_32.suit[i] for i, c in enumerate(PACK_32.code_of)]
    power = [20 + jacks.index(c[1]) if c[0] == "J" else _AUCTION_PLAIN[c[0]] for c in PACK_32.code_of]
    return TrickRules(PACK_32, trump, suit_of=suit_of, power=power)


class AuctionPhase(Phase):
    """The stages of a deal of Auction Schafkopf."""

    BID = "bid"      # one bid each
    TRUMP = "trump"  # the winning bidder names the trump suit
    PLAY = "play"    # the eight tricks
    DONE = "done"


BID, TRUMP, A_PLAY, A_DONE = AuctionPhase


@dataclass(frozen=True)
class AuctionSetup:
    """What every deal of one configuration of Auction Schafkopf needs (``game.setup``)."""

    rules: tuple[TrickRules, ...]
    """The trick rules per trump suit named (with the chosen order of the jacks)."""
    speakers: tuple[tuple[int, ...], ...]
    """Per dealer: the seats in the order they bid, from the dealer's left."""


class AuctionSchafkopf(TrickDeal):
    """Auction Schafkopf: four in partnerships, eight cards each, one bid each, the jacks permanent trumps.

    Seed 001: "Four players, two against two as partners. ... Bidding is by the number of points
    over 60 that the bidder (with help of his partner) guarantees to win in play. The only
    permanent trumps are club jack (high), spade jack, heart jack, diamond jack. The winning
    bidder names the trump and player at the dealer's left makes the first lead."
    """

    # ---- the declaration
    id = "auction-schafkopf"
    name = "Auction Schafkopf"
    family = "schafkopf"
    aim = Aim("card points", "target", card_points=_VALUE, target=61)  # the player's side needs 61 of the 120
    aliases = ("auction-schafskopf", "auction-sheepshead")
    min_players, max_players, default_players = 4, 4, 4
    pack_used = PACK_32
    source = f"{SEED}, 'Auction Schafskopf'; docs/decisions.md"
    unit = "points"
    phases = AuctionPhase
    first_dealer_rule = "low"  # seed 001: "played the same as regular Schafskopf" (docs/decisions.md)
    card_phases = (A_PLAY,)
    option_specs = (
        Option("jack_order", str, "C>S>H>D", tuple(JACK_ORDERS),
               doc=_("the order of the four jack trumps: club jack high (Scarne), or spade jack high (Bicycle)"),
               source=f"{SEED} 'club jack (high), spade jack, heart jack, diamond jack'; AS-GAP-1"),
        Option("target", int, 0, range(0, 1001),
               doc=_("the match ends when a side's running score reaches this total (0: no target)"),
               source="AS-GAP-3 'game to an agreed total' (ENGINE DEFAULT, unsourced)"),
        FIRST_DEALER,
        CLAIMS,
    )
    view_keys = (
        *TRICK_KEYS,
        Key("trump", Kind.SUIT, "the trump suit named by the winning bidder (None until then)", null=True),
        Key("teams", Kind.JSON, "the partnerships: seats 0 and 2 against 1 and 3"),
        Key("high_bid", Kind.WORD, "the highest bid so far (its action word)", null=True),
        Key("high_bidder", Kind.SEAT, "who made it", null=True),
        Key("declarer", Kind.SEAT, "who won the bidding", null=True),
        Key("contract", Kind.TEXT, "the card points the bidding side must take ('65 points')", null=True),
        Key("scores", Kind.PER_SEAT, "each seat's running score before this deal"),
        Key("card_points", Kind.PER_SEAT, "the card points each seat has taken in tricks", always=False),
    )

    # ---- the state of a deal
    setup: AuctionSetup
    auction: Auction
    declarer: int | None
    bid: int
    """The winning bid: points over 60."""
    trump: int | None
    scores_in: list[int]

    # ---------------------------------------------------------- configuration
    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), *forms("bid {}", range(1, 61)), ActionForm("pass"),
        *forms("trump {}", ("clubs", "diamonds", "hearts", "spades")),
    )

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """Points: the bidding side scores its bid, or loses it (60 at most). Each bid raises the last (60
        bids at most), each seat passes once, trumps are named, then eight tricks of four; the whole pack is
        dealt."""
        return DealBounds(actions=60 + 4 + 1 + 32, least=-60, most=60, zero_sum=False, dealt=32)
    # -- end of the declaration

    def ranking(self) -> TrickRules | None:
        """The fixed ranking of Schafkopf's cards (all queens and jacks trumps with the diamonds), before the play
        as during it: the order a hand is shown in."""
        return super().ranking() or RULES

    @classmethod
    def target_of(cls, options: Options) -> int | None:
        return options.target or None

    @classmethod
    def configure(cls, game: Game) -> AuctionSetup:
        n = game.players
        return AuctionSetup(rules=tuple(auction_rules(t, game.options.jack_order) for t in range(4)),
                            speakers=tuple(tuple((d + i + 1) % n for i in range(n)) for d in range(n)))

    # ------------------------------------------------------------------ deal
    def _start(self, order: list[int]) -> None:
        self.setup = self.game.setup
        self.hands = DealPlan(rounds=(4, 4)).deal(order, self.players, self.dealer).hands
        self.auction = Auction(BIDS, self.setup.speakers[self.dealer])
        self.declarer = None
        self.bid = 0
        self.trump = None
        self.scores_in = list(self.carry_in.get("scores") or [0] * self.players)
        self.phase, self.turn = BID, self.auction.speaker

    # --------------------------------------------------------------- bidding
    def options_bid(self, seat: int) -> Iterable[str]:
        return ("pass", *BIDS)

    def legal_bid(self, seat: int) -> list[str]:
        """The options :meth:`check_bid` allows: the auction's own (``Auction.options`` is its rule)."""
        return self.auction.options()

    def check_bid(self, seat: int, action: str) -> str | None:
        if self.auction.why_not(action) is None:
            return None
        high = self.auction.high_bid
        if action.startswith("bid") and high is not None:
            return _("each player has one bid, which must be higher than the last ({high} points over 60)", high=high)
        return _("bid the points over 60 your side will take ('bid 1' to 'bid 60') or pass, once each")

    def apply_bid(self, seat: int, action: str) -> None:
        a = self.auction
        a.call(action)
        if not a.done:
            self.turn = a.speaker
        elif a.holder is None:
            self.end()  # all pass: the next dealer deals (AS-GAP-3)
        else:
            self.declarer, self.bid = a.holder, int((a.high_bid or "bid 0")[4:])
            self.phase, self.turn = TRUMP, a.holder

    # ---------------------------------------------------------- naming trumps
    def options_trump(self, seat: int) -> Iterable[str]:
        return TRUMP_WORDS

    def check_trump(self, seat: int, action: str) -> str | None:
        if action in TRUMP_WORDS:
            return None
        return _("the winning bidder names the trump suit: 'trump spades', 'trump hearts', 'trump diamonds' or "
                 "'trump clubs'")

    def apply_trump(self, seat: int, action: str) -> None:
        self.trump = SUIT_NAMES.index(action[6:])
        # "player at the dealer's left makes the first lead"
        self.start_play(self.setup.rules[self.trump], self.next_seat(self.dealer), A_PLAY)

    def trick_done(self, winner: int) -> None:
        if not self.hands[winner]:
            self.end()

    # ---------------------------------------------- knowledge a bot may ask for
    def side(self, seat: int) -> int:
        return seat % 2

    def declarer_seat(self) -> int | None:
        return self.declarer

    def high_bidder(self) -> int | None:
        """Who holds the highest bid so far (``None``: nobody has bid)."""
        return self.auction.holder

    # ------------------------------------------------------------ settlement
    def side_points(self, seat: int) -> int:
        """Card points taken by ``seat`` and his partner."""
        return card_points(self.won[seat] | self.won[(seat + 2) % 4])

    def _settle(self) -> Settlement:
        led = Ledger(self.players, unit="points", names=self.names)
        d = self.declarer
        if d is None:
            led.note(_("everyone passed: no score; the next dealer deals"))
            return led.settlement()
        p, names = (d + 2) % 4, self.names
        pts, need = self.side_points(d), 60 + self.bid
        made = pts >= need
        led.note(_("{player} and {player2} bid {bid} over 60 and took {points} of the {need} points needed: "
                   "{result}", player=names[d], player2=names[p], bid=self.bid, points=pts, need=need,
                   result=_("made") if made else _("failed")))
        for s in (d, p):
            led.score(s, self.bid if made else -self.bid, _("{player} scores {value}", player=names[s],
                                                            value=self.bid if made else -self.bid))
        return led.settlement()

    def _carry(self) -> dict[str, Any] | None:
        deltas = self.result().deltas
        return {"scores": [int(a + d) for a, d in zip(self.scores_in, deltas)]}

    # ------------------------------------------------------------ words, views
    def label(self, action: str) -> str:
        if action.startswith("bid ") and action[4:].isdigit():  # a bid of n undertakes 60 + n card points
            points = 60 + int(action[4:])
            return _("{points} points: your side takes {points} or more of the 120", points=points)
        if action.startswith("trump "):
            return _("Trumps: {suit}", suit=SUIT_NAMES[SUIT_NAMES.index(action[6:])])
        return action_label(action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        a = self.auction
        v: dict[str, Any] = {
            "teams": [[0, 2], [1, 3]], "high_bid": a.high_bid, "high_bidder": a.holder,
            "declarer": self.declarer, "contract": f"{60 + self.bid} points" if self.declarer is not None else None,
            "trump": None if self.trump is None else SUITS[self.trump], "scores": list(self.scores_in),
        }
        v.update(self.trick_view())
        if self.play_started:  # not when everyone passed
            v["card_points"] = [card_points(m) for m in self.won]
        return v


GAMES = (Schafkopf, AuctionSchafkopf)
