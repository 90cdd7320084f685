"""What the games of the family share: the five-card deal with its turn-up and robbing, Spoil Five
play, running scores by side, and the options they have in common."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...core.aims import Aim
from ...core.cards import PACK_52, SUIT_NAMES, SUITS, Pack
from ...core.chips import Ledger, Settlement
from ...core.cutting import first_dealer_option
from ...core.deal import Zone
from ...core.dealing import DealPlan
from ...core.game import Game
from ...core.i18n import Msg, _
from ...core.options import Option, Options
from ...core.phases import Phase
from ...core.tricks import TrickDeal, TrickRules
from ...core.views import TRICK_KEYS, Key, Kind
from ...core.words import action_label, cards_phrase
from .ranking import family_rules

__all__ = ["FIRST_DEALER", "FIRST_DEALER_CUT", "ROB_COMPULSORY", "SCORE_KEYS", "SEED", "BidPhase", "BidsMixin",
           "FamilySetup", "FiveCardDeal", "RobPhase", "ScoresMixin", "bid_value"]

SEED = "seed 003_30d3d4dac9c6032b.txt"
FIRST_DEALER = first_dealer_option(
    "jack", source=f"{SEED} Spoil Five, 'The Deal': 'Any player deals cards one at a time "
                   "and face up to each player until a jack is turned'")
"""Spoil Five's deal round for the first dealer, also Forty-Five's, Twenty-Five's and Auction Forty-Five's (played
'in the same manner')."""
FIRST_DEALER_CUT = first_dealer_option(
    "low", source=f"{SEED} Hasenpfeffer: 'The selection of the dealer ... as provided "
                  "under the General Rules'; docs/decisions.md (cutting, low deals)")


class RobPhase(Phase):
    """The stages of a deal with a turn-up (Forty-Five, Twenty-Five)."""

    ROB = "rob"    # the dealer says whether he robs the turned-up ace
    PLAY = "play"  # the tricks (with the holder of the trump ace's rob or decline at his first turn)
    DONE = "done"


ROB, PLAY, DONE = RobPhase  # the members, read at module speed


class BidPhase(Phase):
    """The stages of a deal with bidding and named trumps (Auction Forty-Five, Hasenpfeffer)."""

    BID = "bid"          # the bidding
    TRUMP = "trump"      # the high bidder names the trump suit
    DISCARD = "discard"  # discards (and Auction Forty-Five's replacements)
    PLAY = "play"        # the tricks
    DONE = "done"


@dataclass(frozen=True)
class FamilySetup:
    """What every deal of one configuration needs, worked out once per game (``game.setup``)."""

    plan: DealPlan
    sides: int
    """Partnerships of alternate seats (two or three seats each), or each for himself."""
    individual: bool
    """Each for himself, 5 a trick (Twenty-Five's ``scoring="five_per_trick_individual"``)."""
    rob_compulsory: bool
    ace_penalty: str
    """What befalls an unannounced trump ace: ``lowest_trump`` (Scarne) or ``cannot_win_pool`` (1911 EB)."""
    bids: dict[tuple[Any, ...], tuple[str, ...]] = field(default_factory=dict)
    """Memo: the bids allowed, by all that the bidding's checker reads (Auction Forty-Five)."""


class FiveCardDeal(TrickDeal):
    """Five cards each (3 then 2), the turn-up for trumps, robbing, Spoil Five play.

    A game of the family sets up its pool or scores in :meth:`_init_scores` and decides in
    :meth:`trick_done` when the deal ends. The play is a word phase: beside the cards, the holder of the
    trump ace may ``rob <card>`` or ``decline`` at his first turn, and a dealer who took the turned-up ace
    puts a card out for it (``rob <card>``) when he likes.
    """

    first_dealer_rule = "jack"  # seed 003 Spoil Five, 'The Deal'

    family = "spoil five"
    aim = Aim("tricks", "score")  # tricks score toward the pool or the game; the turn-up may be robbed
    pack_used = PACK_52
    phases: ClassVar[type[Phase] | None] = RobPhase
    robbing: ClassVar[bool] = True
    """A card is turned up for trumps and may be robbed (not at Auction Forty-Five or Hasenpfeffer)."""
    view_keys: ClassVar[tuple[Key, ...]] = (
        *TRICK_KEYS,
        Key("trump", Kind.SUIT, "the trump suit (the turn-up's, or the one named)", null=True),
        Key("turn_up", Kind.CARD, "the card turned up for trumps", always=False),
        Key("robbed_by", Kind.SEAT, "who robbed the turn-up (None: nobody yet)", null=True, always=False),
        Key("turned_down", Kind.SEAT, "the holder of the trump ace who had the turn-up turned down", null=True,
            always=False),
        Key("my_discards", Kind.CARDS, "the cards this seat put out (robbing, discards)", size="hand",
            always=False),
    )

    # ---- the state (beside the core's hands, trick and tricks won)
    setup: FamilySetup
    up: int
    """The turned-up card (-1: none)."""
    up_mask: int
    """The turn-up while it lies on the table (0 once robbed)."""
    trump: int
    ace: int
    """The ace of trumps (-1 before trumps are known)."""
    discards: int
    discarded_by: list[int]
    known: list[int]
    """Cards everyone knows a seat holds (a robbed turn-up, a declared ace, an announced joker)."""
    robber: int
    declared: int
    """The holder of the trump ace who had the turn-up turned down (-1: none)."""
    rob_pending: int
    """The holder of the trump ace who may still rob (-1: none)."""
    barred: int
    """A holder who played without robbing and cannot win the pool (-1: none)."""
    ace_waits: bool
    """The dealer took the turned-up ace but has not yet put a card out for it."""
    demoted: bool
    started: int
    """Seats that have played a card (a bitmask)."""

    # ---------------------------------------------------------- configuration
    @classmethod
    def individual_of(cls, options: Options) -> bool:
        """Whether each plays for himself, 5 a trick (Twenty-Five's individual game)."""
        return False

    @classmethod
    def sides_of(cls, players: int, options: Options) -> int:
        """Number of sides: partnerships of alternate seats (each for himself with two players)."""
        return players if players == 2 or cls.individual_of(options) else 2

    @classmethod
    def plan(cls, options: Options) -> DealPlan:
        """How the cards are dealt: "three at a time, then two at a time", then the turn-up."""
        return DealPlan(rounds=(3, 2), turn_up=cls.robbing)

    @classmethod
    def configure(cls, game: Game) -> FamilySetup:
        o = game.options
        return FamilySetup(plan=cls.plan(o), sides=cls.sides_of(game.players, o),
                           individual=cls.individual_of(o),
                           rob_compulsory=bool(o.rob_compulsory), ace_penalty=str(o.unannounced_ace))

    @classmethod
    def hand_limit(cls, game: Game) -> int:
        return 5  # a robber or a discarder exchanges cards; he never holds more than five

    # ------------------------------------------------------------------ deal
    def _start(self, order: list[int]) -> None:
        s = self.setup = self.game.setup
        n = self.players
        dealt = s.plan.deal(order, n, self.dealer)
        self.hands, self.stock = dealt.hands, dealt.stock
        self.up = -1 if dealt.turn_up is None else dealt.turn_up
        self.up_mask = 0 if self.up < 0 else 1 << self.up
        self.discards = 0
        self.discarded_by = [0] * n
        self.known = [0] * n
        self.robber = self.declared = self.rob_pending = self.barred = -1
        self.ace_waits = self.demoted = False
        self.started = 0
        self.trump = self.ace = -1
        self._init_scores()
        if not self.robbing:
            return
        self.trump = self.pack.suit[self.up]
        self.ace = self.pack.parse("A" + SUITS[self.trump])
        if self.up == self.ace:
            self.phase, self.turn = ROB, self.dealer
            self.rules = family_rules(self.pack, self.trump)
        else:
            self.start_play(family_rules(self.pack, self.trump), self.next_seat(self.dealer), PLAY)
            self._ace_status()

    def _init_scores(self) -> None:
        """Set up the pool or running scores, and the first phase where it is not the turn-up's."""

    def _ace_status(self) -> None:
        """Who may still rob, and whether an undeclared trump ace has lost its rank (from the hands)."""
        if not self.robbing or self.up == self.ace or self.robber >= 0 or self.declared >= 0:
            return
        holder = next((s for s in range(self.players) if self.hands[s] >> self.ace & 1), -1)
        if holder < 0:
            if not self.played >> self.ace & 1:
                self.rob_pending, self.demoted, self.barred = -1, False, -1
            return
        late = bool(self.started >> holder & 1)
        self.rob_pending = -1 if late else holder
        penalty = self.setup.ace_penalty
        self.demoted = late and penalty == "lowest_trump"
        self.barred = holder if late and penalty == "cannot_win_pool" else -1
        self.rules = family_rules(self.pack, self.trump, self.demoted)

    # ---------------------------------------------------- robbing the ace
    def options_rob(self, seat: int) -> Iterable[str]:
        """The dealer's choices over a turned-up ace."""
        yield from (f"rob {c}" for c in self.card_codes(self.hands[seat]))
        yield "rob"
        yield "decline"

    def check_rob(self, seat: int, action: str) -> str | None:
        # Scarne: "Should the turned trump card be an ace, the dealer may discard any card in his hand face
        # down for it ... But he must declare whether or not he is exchanging for the ace"; "He can either
        # discard when playing to the first trick, or he can leave the ace there until ready to play it"
        # ('rob' now, 'rob <card>' at a turn of his). 1911 EB: "the dealer must 'rob'" (rob_compulsory).
        word, *args = action.split() or [""]
        if word == "rob" and len(args) == 1 and self.pack.parse_in(args[0], self.hands[seat]) is not None:
            return None
        if action in ("rob", "decline") and not self.setup.rob_compulsory:
            return None
        if self.setup.rob_compulsory:
            return _("the ace is turned up and robbing is compulsory (option rob_compulsory): the dealer must "
                     "first 'rob <card>', putting out a card of his hand for the ace")
        return _("the ace is turned up: the dealer must first declare 'rob' (taking the ace, putting a card out "
                 "for it later), 'rob <card>' (putting that card out now) or 'decline' ('he must declare whether "
                 "or not he is exchanging for the ace')")

    def apply_rob(self, seat: int, action: str) -> None:
        if action == "rob":  # the dealer takes the ace and will put a card out for it later
            self.robber, self.ace_waits = seat, True
        elif action != "decline":
            self._rob(seat, action.split()[1])
        self.start_play(self.rules, self.next_seat(self.dealer), PLAY)

    def _rob(self, seat: int, code: str) -> None:
        """``seat`` puts ``code`` out face down and takes the turn-up."""
        self.ace_waits = False
        c = self.find_card(code, self.hands[seat])
        self.hands[seat] = (self.hands[seat] & ~(1 << c)) | self.up_mask
        self.discards |= 1 << c
        self.discarded_by[seat] |= 1 << c
        self.known[seat] |= self.up_mask
        self.up_mask, self.robber, self.rob_pending = 0, seat, -1

    # -------------------------------------------------------------- playing
    def may_rob(self, seat: int) -> bool:
        """Whether ``seat`` may put a card out for the turn-up now (the holder of the trump ace at his
        first turn, or the dealer who took the turned-up ace)."""
        return seat == self.rob_pending or (seat == self.dealer and self.ace_waits)

    def _play_rules(self, seat: int) -> TrickRules:
        """The trick rules for ``seat``'s card: for the holder of the trump ace who may still rob, playing
        now is not declaring, so his ace already ranks lowest (Scarne's rule)."""
        if seat == self.rob_pending and self.setup.ace_penalty == "lowest_trump":
            return family_rules(self.pack, self.trump, True)
        return self.rules

    def play_mask(self, seat: int) -> int:
        if seat == self.rob_pending and self.trick:
            return self._play_rules(seat).plays(self.hands[seat], self.trick)
        return super().play_mask(seat)

    def why_card(self, seat: int, code: str) -> str | None:
        c = self.pack.parse_in(code, self.hands[seat]) if len(code) == 2 else None
        if c is None or not self.trick:
            return super().why_card(seat, code)
        return self._play_rules(seat).why(self.hands[seat], self.trick, c)

    def options_play(self, seat: int) -> Iterable[str]:
        """A card of the hand, ``rob <card>`` for each, ``decline``."""
        codes = self.card_codes(self.hands[seat])
        yield from codes
        yield from (f"rob {c}" for c in codes)
        yield "decline"

    def legal_play(self, seat: int) -> Sequence[str]:
        """The options :meth:`check_play` allows: for a seat that may not rob, its playable cards."""
        if not self.may_rob(seat):
            return self.legal_cards()
        return [a for a in self.options_play(seat) if self.check_play(seat, a) is None]

    def check_play(self, seat: int, action: str) -> str | None:
        word, *args = action.split() or [""]
        if word == "rob" and len(args) == 1 and self.may_rob(seat):
            c = self.pack.parse_in(args[0], self.hands[seat])
            if c is None:
                return _("rob by discarding a card of your hand for the turn-up")
            if c == self.ace and seat == self.rob_pending:
                return _("rob with another card of your hand: giving up the ace itself for the turn-up gains nothing")
            return None
        if seat == self.dealer and self.ace_waits:
            if word == "decline":
                return _("you have taken the ace: put out a card for it ('rob <card>') when you wish to")
            if word == "rob":
                return _("put out a card of your hand for the ace: 'rob <card>'")
            if self.pack.parse_in(action, self.up_mask) is not None:
                return _("the ace is still on the table: put out a card for it first ('rob <card>'), then play it")
        if word == "decline" and seat == self.rob_pending:
            return _("robbing is compulsory (option rob_compulsory): rob the turn-up") \
                if self.setup.rob_compulsory else None
        if word in ("rob", "decline"):
            if seat == self.rob_pending:
                return _("rob by discarding a card of your hand for the turn-up")
            return _("only the holder of the ace of trumps may rob the turn-up or have it turned down, at his "
                     "first turn to play")
        if seat == self.rob_pending and self.setup.rob_compulsory:
            return _("you hold the ace of trumps and robbing is compulsory (option rob_compulsory): 'rob <card>' "
                     "before you play")
        return self.why_card(seat, action)

    def apply_play(self, seat: int, action: str) -> None:
        word, *args = action.split()
        if word == "rob":
            self._rob(seat, args[0])
        elif word == "decline":
            # "he must tell the dealer to turn the trump face down": everyone now knows where the ace is
            self.declared, self.rob_pending = seat, -1
            self.known[seat] |= 1 << self.ace
        else:
            self.started |= 1 << seat
            if seat == self.rob_pending:
                self._ace_status()  # "If the holder of the ace of trumps makes a play without exchanging ..."
            self.play_card(seat, action)

    def trick_done(self, winner: int) -> None:
        """After a trick (default: play all five)."""
        if not self.hands[winner]:
            self.end()

    # ----------------------------------------------- knowledge a bot may ask for
    def turn_up(self) -> int:
        """The card turned up for trumps (-1: none)."""
        return self.up

    def cards_seen(self, seat: int) -> int:
        """The cards ``seat`` has seen outside the hidden hands: its own, those played, the turn-up still on
        the table and its own discards (a mask)."""
        return self.hands[seat] | self.played | self.up_mask | self.discarded_by[seat]

    # ------------------------------------------------------------ information
    def label(self, action: str) -> str:
        if action == "rob":
            return _("Rob: take the ace, and put out a card for it later")
        if action == "decline":
            return _("Have the turn-up turned down")
        return action_label(action)

    def _redact(self, seat: int, action: str, viewer: int | None) -> str:
        if viewer != seat and action.startswith(("rob ", "discard ")):
            return action.split()[0]
        return action

    def _zones(self) -> dict[str, int]:
        return {**super()._zones(), "turn_up": self.up_mask, "discards": self.discards}

    def _hidden_zones(self, viewer: int) -> list[Zone]:
        zones = super()._hidden_zones(viewer)
        for z in zones:
            if isinstance(z.key, tuple):
                z.fixed = self.known[z.key[1]] & z.cards
        if self.discards:
            zones.append(Zone("discards", self.discards, fixed=self.discarded_by[viewer] if viewer is not None else 0))
        return zones

    def _set_zone(self, key: Any, mask: int, rng: random.Random) -> None:
        if key == "discards":
            self.discards = mask
        else:
            super()._set_zone(key, mask, rng)

    def sample(self, seat: int, rng: random.Random | int | None = None) -> FiveCardDeal:
        new = super().sample(seat, rng)
        assert isinstance(new, FiveCardDeal)
        new._ace_status()  # the sampled holder of the trump ace may be one who has already played
        return new

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {"trump": None}
        if self.robbing:
            v.update(trump=SUITS[self.trump], turn_up=self.pack.code(self.up),
                     robbed_by=self.robber if self.robber >= 0 else None,
                     turned_down=self.declared if self.declared >= 0 else None)
        v.update(self.trick_view())
        if seat is not None and self.discarded_by[seat]:
            v["my_discards"] = self.card_codes(self.discarded_by[seat])
        return v

    def status(self, seat: int | None) -> str:
        """One line saying what the table is waiting for, in the seat's own words (nothing hidden)."""
        me = seat is not None and seat == self.turn
        up = self.pack.code(self.up) if self.up >= 0 else ""
        if self.phase == ROB:
            if me:
                if self.setup.rob_compulsory:
                    return (_("The {up} is turned up and you must rob it: 'rob <card>' puts that card face down "
                              "and takes the ace", up=up))
                return (_("The {up} is turned up: you may rob it ('rob <card>' puts that card face down and takes "
                          "the ace) or 'decline'", up=up))
            return _("{player}, the dealer, says whether he robs the turned-up ace", player=self.names[self.dealer])
        if self.ace_waits and me:
            return (_("You have taken the {up}, which waits on the table: put out a card for it ('rob <card>') "
                      "whenever you like, and before you play it", up=up))
        if self.ace_waits:
            return _("{player}, the dealer, has taken the {up} and will put out a card for it",
                     player=self.names[self.dealer], up=up)
        if me and seat == self.rob_pending and self.setup.rob_compulsory:
            return (_("You hold the ace of trumps and must rob the {up}: 'rob <card>' discards a card for it", up=up))
        if me and seat == self.rob_pending:
            late = (_("your ace becomes the lowest trump") if self.setup.ace_penalty == "lowest_trump"
                    else _("you cannot win the pool this deal"))
            return (_("You hold the ace of trumps: rob the {up} ('rob <card>' discards a card for it) or 'decline' "
                      "to have it turned down; if you play without either, {late}", up=up, late=late))
        return ""


class ScoresMixin:
    """Running scores per side, kept in carry; a side's points are each member's delta."""

    players: int
    names: tuple[str, ...]
    carry_in: dict[str, Any]
    game: Game
    setup: FamilySetup
    tricks_won: list[int]
    bidder: int
    scores: list[int]
    """Each side's score before this deal."""
    game_winner: int | None
    new_scores: list[int]
    """Each side's score after this deal (set by the settlement)."""

    def _init_scores(self) -> None:
        c, n = self.carry_in, self.setup.sides
        fresh = not c.get("scores") or c.get("winner") is not None or len(c["scores"]) != n
        self.scores = [0] * n if fresh else [int(x) for x in c["scores"]]
        self.new_scores = list(self.scores)
        self.bidder = -1
        self.game_winner = None

    @property
    def nsides(self) -> int:
        """The number of sides."""
        return self.setup.sides

    def side(self, seat: int) -> int:
        return seat % self.setup.sides

    def points(self) -> list[int]:
        """Each side's points for this deal."""
        raise NotImplementedError

    def members(self, t: int, seat: int | None = None) -> str:
        """'Bea' or 'Ann and Cal': the seats of side ``t`` by name (``seat`` itself as 'you')."""
        who: list[str] = [(_("you") if s == seat else self.names[s]) for s in range(self.players) if self.side(s) == t]
        if "you" in who:
            who.insert(0, who.pop(who.index("you")))
        return who[0] if len(who) == 1 else _("{players} and {player}", players=", ".join(who[:-1]), player=who[-1])

    def side_tricks(self) -> list[int]:
        """Tricks taken by each side."""
        got = [0] * self.setup.sides
        for s in range(self.players):
            got[self.side(s)] += self.tricks_won[s]
        return got

    def point_lines(self, pts: list[int]) -> list[str]:
        """Why each side scored what it did (the rule, in words)."""
        return []

    def _settle(self) -> Settlement:
        pts = self.points()
        led = Ledger(self.players, unit="points", names=self.names)
        for s in range(self.players):
            if pts[self.side(s)]:
                led.score(s, pts[self.side(s)])
        for line in self.point_lines(pts):
            led.note(line)
        for t in range(self.nsides):
            led.note(_("{members}: {points:+d} points, now {scores}", members=self.members(t), points=pts[t],
                       scores=self.scores[t] + pts[t]))
        new = [a + b for a, b in zip(self.scores, pts)]
        target = self.game.target
        assert target is not None
        reached = [t for t in range(self.nsides) if new[t] >= target]
        if reached:
            bid_side = self.side(self.bidder) if self.bidder >= 0 else -1
            if len(reached) > 1 and bid_side in reached and self.game.options.tie_order == "bidder_first":
                self.game_winner = bid_side
            else:
                self.game_winner = max(reached, key=lambda t: (new[t], t == bid_side))
            who, score = self.members(self.game_winner), new[self.game_winner]
            led.note(_("{members} reaches {new} and wins the game", members=who, new=score)
                     if self.players == self.nsides else
                     _("{members} reach {new} and win the game", members=who, new=score))
        self.new_scores = new
        return led.settlement()

    def _carry(self) -> dict[str, Any] | None:
        self.result()  # type: ignore[attr-defined]
        return {"scores": self.new_scores, "winner": self.game_winner}

    def score_view(self) -> dict[str, Any]:
        """Scores and teams for the view."""
        teams = [[s for s in range(self.players) if self.side(s) == t] for t in range(self.nsides)]
        return {"scores": list(self.scores), "teams": teams}

    def score_status(self, seat: int | None) -> str:
        """The running score in words: 'Score: you and Cal have 15, Bea and Dee have 10; game is 45'."""
        parts = []
        for t in range(self.nsides):
            name = self.members(t, seat)
            single = name == self.names[next(s for s in range(self.players) if self.side(s) == t)]
            parts.append(_("{players} has {score}", players=name, score=self.scores[t]) if single else
                         _("{players} have {score}", players=name, score=self.scores[t]))
        if seat is not None:
            parts.insert(0, parts.pop(self.side(seat)))
        return _("Score: {scores}; game is {target}", scores=_list(parts), target=self.game.target)

    def joined_status(self, line: str, seat: int | None) -> str:
        """The table's status line, then the running score."""
        score = self.score_status(seat)
        return _("{status} — {score}", status=line, score=score) if line else score


TRUMP_WORDS = tuple(f"trump {w}" for w in SUIT_NAMES)
"""The actions naming trumps: ``trump spades`` ..."""


def bid_value(action: str) -> int:
    """The number of a ``bid <n>`` action (0 for any other action)."""
    word, _x, n = action.partition(" ")
    return int(n) if word == "bid" and n.isdigit() and str(int(n)) == n else 0


class BidsMixin:
    """What the games with bids and named trumps share (Auction Forty-Five, Hasenpfeffer): the high bid,
    the trump suit named by the high bidder, and the view of the bidding."""

    phase: str
    pack: Pack
    high: int
    """The highest bid so far (0: none)."""
    bidder: int
    trump: int
    rules: TrickRules

    BID_KEYS: ClassVar[tuple[Key, ...]] = (
        Key("trump", Kind.SUIT, "the trump suit, once named", null=True),
        Key("high_bid", Kind.INT, "the highest bid so far", null=True),
        Key("high_bidder", Kind.SEAT, "who made it (or holds it)", null=True),
        Key("declarer", Kind.SEAT, "the high bidder, once the bidding is over", null=True),
        Key("contract", Kind.WORD, "the bid to make (its action word), once the bidding is over", null=True),
    )

    def high_bid(self) -> tuple[int, int]:
        """The highest bid so far and the seat holding it (``(0, -1)``: none)."""
        return self.high, self.bidder

    def declarer_seat(self) -> int | None:
        return self.bidder if self.phase != "bid" and self.bidder >= 0 else None

    def options_trump(self, seat: int) -> Iterable[str]:
        return TRUMP_WORDS

    def check_trump(self, seat: int, action: str) -> str | None:
        if action in TRUMP_WORDS:
            return None
        return _("the high bidder names the trump suit: 'trump hearts' and so on")

    def name_trumps(self, action: str) -> None:
        """"The high bidder names the trump": the trump suit and its trick rules."""
        self.trump = SUIT_NAMES.index(action.split()[1])
        self.rules = family_rules(self.pack, self.trump)

    def bid_view(self) -> dict[str, Any]:
        """The bidding for the view (``BID_KEYS`` but the trump)."""
        return {"high_bid": self.high or None, "high_bidder": self.bidder if self.bidder >= 0 else None,
                "declarer": self.declarer_seat(),
                "contract": f"bid {self.high}" if self.high and self.phase != "bid" else None}

    @staticmethod
    def bid_label(action: str) -> str | None:
        """Words for ``trump <suit>`` and ``discard <card>``, or ``None`` for another action."""
        word, *rest = action.split() or [""]
        if word == "trump" and rest:
            suit = SUIT_NAMES[SUIT_NAMES.index(rest[0])] if rest[0] in SUIT_NAMES else rest[0]
            return _("Trumps: {suit}", suit=suit)
        return _("Discard {cards}", cards=cards_phrase(rest)) if word == "discard" and rest else None


def _list(parts: list[str]) -> Msg:
    """Messages joined with commas, as one message (each part translated)."""
    out = parts[0] if isinstance(parts[0], Msg) else _("{text}", text=parts[0])
    for p in parts[1:]:
        out = _("{list}, {item}", list=out, item=p)
    return out  # type: ignore[return-value]


SCORE_KEYS = (
    Key("scores", Kind.JSON, "each side's score before this deal (a list, one per side)"),
    Key("teams", Kind.JSON, "the seats of each side (a list of lists of seats)"),
)
"""The view keys of the games scored by side."""

ROB_COMPULSORY = Option(
    "rob_compulsory", bool, False,
    doc=_("robbing is compulsory: the dealer must take a turned-up ace, and the holder of the trump ace must rob "
          "at his first turn"),
    source="SF-GAP-4 (1911 EB: 'the dealer must rob ... a player who holds the ace of trumps must rob')")
