"""Bavarian Schafkopf: four players, the Sauspiel with a called ace, Wenz, Solo, Kontra and Re.

Sources: the "Offizielle Schafkopfordnung" of the Bayerischer Schafkopf-Verein (1989), the Schafkopfschule's
rules, bayerisch-schafkopf.de's "Schafkopf-Regeln", and Parlett's *Penguin Book of Card Games* for the English
terms and the tariff, schafkopfhaie.de for the Hochzeit; the decisions where they differ or are silent are in
docs/decisions.md (BS-1 ... BS-14)
and in the rules text for players (``games/rules/bavarian-schafkopf.md``).

The rules as implemented
------------------------
Cards: the 32-card pack; in Bavarian words clubs are Eichel (acorns), spades Gras (leaves), hearts Herz,
diamonds Schellen (bells); the ace is the Sau, the queen the Ober, the jack the Unter. Card points A 11, 10 10,
K 4, O 3, U 2 (120 in all). Eight each, dealt four and four from the dealer's left.

The normal trumps (Sauspiel, heart Solo, Ramsch): the four Obers (acorns, leaves, hearts, bells), the four
Unters in the same order, then hearts A 10 K 9 8 7; the plain suits A 10 K 9 8 7. A Solo names its trump suit
in place of hearts; a Wenz has only the four Unters as trumps (the plain suits A 10 K O 9 8 7); with the options,
a Geier only the Obers, a Farbwenz the Unters and a suit. Follow suit (trumps are one suit) if able, else any card.

The bidding (BS-1): from the dealer's left each says "play" or "pass" once. Of those who want to play, the
first names his game; the others in turn must name a higher game or give way, and an earlier player may claim
a game equal to a later one's (forehand priority) or give way; when all others have given way, the holder
names the called ace or the trump suit. Order: Sauspiel < Geier = Farbwenz < Wenz < Solo < the Touts < Sie.
All pass: the cards are thrown in (default), Ramsch is played, or each pays into the Stock, which the next game
won takes (option ``all_pass``, BS-9, BS-13). The Sie (all four Obers and Unters) is laid down and scored at four
times a Solo (BS-12).

Sauspiel: call the ace of acorns, leaves or bells whose suit the caller holds (a plain card), not holding the
ace himself. The called ace must be played when its suit is first led; its holder may lead that suit with
another card only with four or more of the suit (running away); he may not throw it on another suit before
the suit has been led, except in the last trick (BS-3). The partner is hidden until the ace falls (or he gives
Re).

Kontra and Re (BS-4): before the first card, the defenders in turn from the dealer's left may give Kontra
(in a Sauspiel every seat but the caller is asked, and the hidden partner may only pass); after a Kontra the
player's side may give Re. Each doubles.

Scoring (BS-5..BS-8): the player's side wins with 61 (60 loses); Schneider at 91 (the losers have 30 or
less; 31 is Schneider free); Schwarz with every trick. Value: base (Sauspiel 10, Solo 50) + 10 Schneider
+ 10 Schwarz + 10 a Laufender (from three, from two in Wenz and Geier), doubled by Kontra and Re. A Tout must
take every trick and counts double (without Schneider and Schwarz). Sauspiel: each loser pays one winner the
value; Solo: the soloist wins or pays it from or to each of the three.

Hochzeit (option ``hochzeit``, BS-14): a player holding exactly one trump may name a Hochzeit, ranking above
the Sauspiel and below the games played alone. When it stands the others are asked in turn from his left
("accept" or "pass"); the first who accepts takes the trump face down and gives back a card that is not a
trump ("give 9C", seen only by the two); they are partners known to all and it is paid as a Sauspiel. Nobody
accepting is as if everyone had passed.

Hidden information: the holder of the called ace is hidden until it falls. The views show him to himself only
(then to all once the ace is played or he gives Re); ``sample`` places the ace only where it may lie (not with
the caller or a Kontra's giver, not with a seat that played another card to the first lead of its suit; with the
runner once he ran away) and redraws samples in which a caller could not have called (no card of the called
suit, no suit to call, or a runner without four of the suit); ``side()`` follows the sampled cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.aims import Aim
from ..core.bounds import ActionForm, DealBounds
from ..core.cards import NO_SUIT, PACK_32, SUIT_NAMES, SUITS, bit_list
from ..core.chips import Ledger, Settlement
from ..core.deal import Zone
from ..core.dealing import DealPlan
from ..core.game import Game
from ..core.i18n import _, _n
from ..core.options import Option, Options
from ..core.phases import Phase
from ..core.tricks import TrickDeal, TrickRules
from ..core.views import TRICK_KEYS, Key, Kind
from ..core.words import action_label, cards_phrase

__all__ = [
    "KINDS",
    "BavarianPhase",
    "BavarianSchafkopf",
    "BavarianSetup",
    "GameKind",
    "bavarian_rules",
    "card_points",
]

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
SRC = ("Offizielle Schafkopfordnung (Bayerischer Schafkopf-Verein, 1989); Schafkopfschule; "
          "bayerisch-schafkopf.de; Parlett; schafkopfhaie.de (the Hochzeit); decisions BS-1 to BS-14")

BAVARIAN_SUIT = {SPADES: _("leaves"), HEARTS: _("hearts"), DIAMONDS: _("bells"), CLUBS: _("acorns")}
"""The Bavarian names of the suits (Gras, Herz, Schellen, Eichel) in English, as pagat gives them."""
GERMAN_SUIT = {SPADES: "Gras", HEARTS: "Herz", DIAMONDS: "Schellen", CLUBS: "Eichel"}

_VALUE = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
_POINTS = tuple(_VALUE.get(c[0], 0) for c in PACK_32.code_of)


def card_points(mask: int) -> int:
    """Card points (Augen) in a set of cards: Sau 11, ten 10, king 4, Ober 3, Unter 2; 120 in the pack.

    >>> card_points(PACK_32.mask("AS TD QC JH 9H")), card_points(PACK_32.full)
    (26, 120)
    """
    return sum(_POINTS[c] for c in range(32) if mask >> c & 1)


_FACE_ORDER = {"D": 0, "H": 1, "S": 2, "C": 3}
"""Obers and Unters rank acorns (clubs) high, then leaves (spades), hearts, bells (diamonds)."""


def bavarian_rules(trumps: str, suit: int | None) -> TrickRules:
    """The trick rules of a game: ``trumps`` is "normal" (Obers, Unters and ``suit``), "wenz" (Unters, and
    ``suit`` for a Farbwenz) or "geier" (Obers, and ``suit``); follow suit, trumps being one suit.

    >>> r = bavarian_rules("normal", HEARTS)
    >>> [PACK_32.code(c) for c in sorted(range(32), key=lambda c: -r.power[c]) if r.suit_of[c] == HEARTS][:9]
    ['QC', 'QS', 'QH', 'QD', 'JC', 'JS', 'JH', 'JD', 'AH']
    """
    faces = {"normal": "QJ", "wenz": "J", "geier": "Q"}[trumps]
    plain = "789" + "".join(r for r in "QJ" if r not in faces)[::-1] + "KTA"
    tsuit = NO_SUIT if suit is None else suit
    suit_of, power = [], []
    for i, code in enumerate(PACK_32.code_of):
        r, s = code[0], PACK_32.suit[i]
        if r in faces:
            suit_of.append(tsuit)
            power.append(100 + 10 * (len(faces) - faces.index(r)) + _FACE_ORDER[code[1]])
        else:
            suit_of.append(tsuit if s == suit else s)
            power.append(plain.index(r) + (50 if s == suit else 0))
    return TrickRules(PACK_32, tsuit, suit_of=suit_of, power=power)


@dataclass(frozen=True)
class GameKind:
    """One of the games a player may announce."""

    word: str
    """The action word (``sauspiel``, ``wenz``, ``solo tout`` ...)."""
    name: str
    rank: int
    """Its place in the order of precedence (higher beats lower; equal: the earlier player, BS-1)."""
    trumps: str
    """"normal", "wenz" or "geier" (see :func:`bavarian_rules`)."""
    suited: bool
    """The player names a suit: the trump suit of a Solo or Farbwenz."""
    solo: bool
    """One against three (every game but the Sauspiel)."""
    tout: bool
    laufende_from: int
    option: str | None
    """The option that offers it (``None``: always offered)."""


KINDS = (
    GameKind("sauspiel", _("Sauspiel"), 1, "normal", False, False, False, 3, None),
    GameKind("hochzeit", _("Hochzeit"), 2, "normal", False, False, False, 3, "hochzeit"),
    GameKind("geier", _("Geier"), 3, "geier", False, True, False, 2, "geier"),
    GameKind("farbwenz", _("Farbwenz"), 3, "wenz", True, True, False, 2, "farbwenz"),
    GameKind("wenz", _("Wenz"), 4, "wenz", False, True, False, 2, None),
    GameKind("solo", _("Solo"), 5, "normal", True, True, False, 3, None),
    GameKind("geier tout", _("Geier Tout"), 6, "geier", False, True, True, 2, "geier tout"),
    GameKind("farbwenz tout", _("Farbwenz Tout"), 6, "wenz", True, True, True, 2, "farbwenz tout"),
    GameKind("wenz tout", _("Wenz Tout"), 7, "wenz", False, True, True, 2, "tout"),
    GameKind("solo tout", _("Solo Tout"), 8, "normal", True, True, True, 3, "tout"),
    GameKind("sie", _("Sie"), 9, "normal", False, True, True, 3, "sie"),
)
KIND_OF = {k.word: k for k in KINDS}
HOCHZEIT = KIND_OF["hochzeit"]
"""The Hochzeit (option ``hochzeit``, BS-14): a two-handed game like the Sauspiel, the partner found by the single
trump instead of a called ace."""
FACES = PACK_32.mask("QC QS QH QD JC JS JH JD")
"""The four Obers and the four Unters: holding all eight is a Sie."""
CALL_WORDS = tuple(f"call {SUIT_NAMES[s]}" for s in (CLUBS, SPADES, DIAMONDS))
TRUMP_WORDS = tuple(f"trump {SUIT_NAMES[s]}" for s in (CLUBS, SPADES, HEARTS, DIAMONDS))
SAMPLE_TRIES = 200
"""Samples drawn (rejecting those in which a caller could not have called his ace) before one is kept anyway."""
PLAN = DealPlan(rounds=(4, 4))
"""Eight each, four and four, from the dealer's left."""


class BavarianPhase(Phase):
    """The stages of a deal of Bavarian Schafkopf."""

    ASK = "ask"          # each says whether he wants to play
    DECLARE = "declare"  # those who want to play name their games by precedence
    CALL = "call"        # the winner calls his ace or names the trump suit
    WED = "wed"          # Hochzeit: the others in turn may take the offered trump
    GIVE = "give"        # Hochzeit: who took it gives back a card that is not a trump
    KONTRA = "kontra"    # the defenders may double
    RE = "re"            # the player's side may redouble
    PLAY = "play"        # the eight tricks
    DONE = "done"


ASK, DECLARE, CALL, WED, GIVE, KONTRA, RE, PLAY, DONE = BavarianPhase


@dataclass(frozen=True)
class BavarianSetup:
    """What every deal of one configuration needs (``game.setup``)."""

    kinds: tuple[GameKind, ...]
    """The games on offer under the options."""
    rules: dict[tuple[str, int | None], TrickRules]
    """The trick rules by (trumps, suit)."""
    sauspiel: int
    solo: int
    laufende: int
    schneider: int
    all_pass: str
    kontra: bool


class BavarianSchafkopf(TrickDeal):
    """Bavarian Schafkopf by the Schafkopfordnung: Sauspiel, Wenz, Solo (and as options Geier, Farbwenz, Tout),
    Kontra and Re, Laufende, Schneider and Schwarz; all pass: a new deal or Ramsch."""

    # ---- the declaration
    id = "bavarian-schafkopf"
    name = "Bavarian Schafkopf"
    family = "bavarian schafkopf"
    aliases = ("schafkopfen", "bayerischer-schafkopf", "sauspiel")
    min_players = max_players = default_players = 4
    pack_used = PACK_32
    source = SRC
    unit = "chips"
    phases = BavarianPhase
    card_phases = (PLAY,)
    aim = Aim("card points", "target", card_points=_VALUE, target=61)  # the player's side needs 61 of the 120
    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that numbers
    # them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("pass"), ActionForm("play"),
        *(ActionForm(k.word) for k in KINDS if k is not HOCHZEIT),
        *(ActionForm(w) for w in CALL_WORDS), *(ActionForm(w) for w in TRUMP_WORDS), ActionForm("kontra"),
        ActionForm("re"), ActionForm("hochzeit"), ActionForm("accept"), ActionForm("give #"),
    )

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """An upper bound from the rules: each seat says "play" or "pass" once, then each who wants to play names
        at most each game once (eleven games), the winner calls an ace or names a suit (or, offering a Hochzeit,
        the three others take it or pass and the one who takes it gives a card back), each seat has at most one
        Kontra or pass and one Re or pass, and the 32 cards are played. A game is worth at most a Solo's tariff
        (or a Sauspiel's, if higher), Schneider and Schwarz, and fourteen Laufende, times four for the Sie, twice
        for a Tout and four times for Kontra and Re, from or to each of three opponents; everyone passing
        puts the Sauspiel tariff into the Stock (a deal from an empty Stock: what it pays out was paid in by
        the deals of the same match). The whole pack is dealt."""
        base = max(options.tariff_solo, options.tariff_sauspiel)
        value = (base + 2 * options.tariff_schneider + 14 * options.tariff_laufende) * 4 * 2 * 4
        stake = options.tariff_sauspiel if options.all_pass == "stock" else 0
        return DealBounds(actions=players + players * len(KINDS) + 1 + (players - 1) + 1 + 2 * players + 32,
                          least=-3 * value - stake, most=3 * value, zero_sum=options.all_pass != "stock", dealt=32)
    # -- end of the declaration
    option_specs = (
        Option("tariff_sauspiel", int, 10, range(1, 1001),
               doc=_("what a Sauspiel (and a lost Ramsch) is worth: each loser pays one winner this much"),
               source="Parlett, 'a typical tariff of 10 and 50 Pfennig'; BS-7"),
        Option("tariff_solo", int, 50, range(1, 5001),
               doc=_("what a Solo, Wenz, Geier or Farbwenz is worth from or to each opponent"),
               source="Parlett; BS-7"),
        Option("tariff_laufende", int, 10, range(0, 1001),
               doc=_("what each Laufender (runner) adds to the value"), source="Parlett, 'Runners'; BS-6"),
        Option("tariff_schneider", int, 10, range(0, 1001),
               doc=_("what Schneider adds to the value, and Schwarz as much again"), source="Parlett; BS-5"),
        Option("all_pass", str, "redeal", ("redeal", "ramsch", "stock"),
               doc=_("when everyone passes: the cards are thrown in and the next dealer deals, Ramsch is played, "
                     "or each pays the Sauspiel tariff into the Stock, which the next game won takes"),
               source="Schafkopfordnung 2.2 (thrown in); Ramsch and the Stock as played in many rounds; BS-9, BS-13"),
        Option("kontra", bool, True, doc=_("Kontra and Re may be given"), source="Schafkopfordnung 4.2; BS-4"),
        Option("tout", bool, True, doc=_("Wenz Tout and Solo Tout may be announced"),
               source="Schafkopfordnung 1.3; BS-8"),
        Option("sie", bool, True, doc=_("a player holding all four Obers and all four Unters may announce the Sie"),
               source="Schafkopfordnung 1.3; Parlett 'Sie. Win or lose quadruple'; BS-12"),
        Option("geier", bool, False, doc=_("the Geier (only the Obers trumps) may be announced"),
               source="kartenspiele.net 'Schafkopf'; BS-10"),
        Option("farbwenz", bool, False, doc=_("the Farbwenz (the Unters and a suit trumps) may be announced"),
               source="BS-10"),
        Option("hochzeit", bool, False,
               doc=_("a player holding exactly one trump may offer a Hochzeit: the first of the others who takes "
                     "the trump gives back a card that is not a trump and becomes his partner, as in a Sauspiel"),
               source="schafkopfhaie.de 'Anleitung', 'Der Hochzeiter'; Wikipedia 'Schafkopf'; BS-14"),
    )
    view_keys = (
        *TRICK_KEYS,
        Key("wanting", Kind.SEATS, "who said they want to play", size="players"),
        Key("high_game", Kind.TEXT, "the highest game named so far in the bidding", null=True),
        Key("high_bidder", Kind.SEAT, "who named it", null=True),
        Key("declarer", Kind.SEAT, "the player (None before the bidding ends, and at Ramsch)", null=True),
        Key("contract", Kind.TEXT, "the game being played, in words (with the called ace or the trump suit)",
            null=True),
        Key("partner", Kind.SEAT, "the called ace's holder: shown to him, and to everyone once the ace falls "
                                  "or he gives Re; in a Hochzeit, who took it, shown to all", null=True),
        Key("kontra", Kind.SEAT, "who gave Kontra", null=True),
        Key("re", Kind.SEAT, "who gave Re", null=True),
        Key("multiplier", Kind.INT, "the doubling of the value by Kontra and Re: 1, 2 or 4"),
        Key("pools", Kind.AMOUNTS, "the Stock as it stands this deal (when everyone's passing feeds it)",
            always=False),
    )

    # ---- the state of a deal
    setup: BavarianSetup
    speakers: list[int]
    asked: int
    wanting: list[int]
    candidates: list[int]
    high: int
    holder: int | None
    kind: GameKind | None
    suit: int | None
    declarer: int | None
    partner: int | None
    ace: int
    """The called ace's card index (-1: no ace called)."""
    called_plain: int
    """The plain cards (not trumps) of the called suit."""
    searched: bool
    """Whether the called suit has been led (the called ace's rules then lapse)."""
    runner: int | None
    """Who led the called suit first keeping the ace (ran away), if anyone did."""
    re_by: int | None
    kontra_by: int | None
    doublers: list[int]
    ramsch: bool
    dealt: list[int]
    given: list[int]
    """The cards each seat has played to finished tricks."""
    stock_in: int
    """The Stock carried into this deal (option all_pass "stock")."""
    wed_offerer: int | None
    """Who offered a Hochzeit (kept when nobody took it)."""
    wed_by: int | None
    """Who took the Hochzeit (the partner)."""
    wed_trump: int
    """The trump the Hochzeit passed to its taker (-1: none)."""
    wed_card: int
    """The card the taker gave back (-1: none yet)."""
    wed_asked: list[int]
    """The seats asked in turn whether they take the Hochzeit."""

    # ---------------------------------------------------------- configuration
    @classmethod
    def configure(cls, game: Game) -> BavarianSetup:
        o = game.options
        on = {"geier": o.geier, "farbwenz": o.farbwenz, "tout": o.tout, "geier tout": o.geier and o.tout,
              "farbwenz tout": o.farbwenz and o.tout, "sie": o.sie, "hochzeit": o.hochzeit}
        kinds = tuple(k for k in KINDS if k.option is None or on[k.option])
        rules = {(t, s): bavarian_rules(t, s) for t in ("normal", "wenz", "geier") for s in (None, *range(4))}
        return BavarianSetup(kinds=kinds, rules=rules, sauspiel=o.tariff_sauspiel, solo=o.tariff_solo,
                             laufende=o.tariff_laufende, schneider=o.tariff_schneider, all_pass=o.all_pass,
                             kontra=o.kontra)

    @classmethod
    def hand_limit(cls, game: Game) -> int:
        return 8

    # ------------------------------------------------------------------ deal
    def _start(self, order: list[int]) -> None:
        self.setup = self.game.setup
        self.hands = PLAN.deal(order, 4, self.dealer).hands
        self.dealt = list(self.hands)
        self.given = [0] * 4
        self.speakers = [(self.dealer + 1 + i) % 4 for i in range(4)]
        self.asked = 0
        self.wanting, self.candidates = [], []
        self.high, self.holder, self.kind, self.suit = 0, None, None, None
        self.declarer = self.partner = None
        self.ace, self.called_plain, self.searched, self.runner = -1, 0, False, None
        self.kontra_by = self.re_by = None
        self.doublers = []
        self.ramsch = False
        self.stock_in = int((self.carry_in.get("pools") or {}).get("stock", 0))
        self.wed_offerer = self.wed_by = None
        self.wed_trump = self.wed_card = -1
        self.wed_asked = []
        self.phase, self.turn = ASK, self.speakers[0]

    @property
    def forehand(self) -> int:
        """The player on the dealer's left: he speaks first and leads to the first trick."""
        return self.speakers[0]

    # ------------------------------------------------------------- asking
    def options_ask(self, seat: int) -> Iterable[str]:
        return ("pass", "play")

    def check_ask(self, seat: int, action: str) -> str | None:
        if action in ("pass", "play"):
            return None
        return _("first say whether you want to play ('play', Ich spiele) or not ('pass', Weiter)")

    def apply_ask(self, seat: int, action: str) -> None:
        if action == "play":
            self.wanting.append(seat)
        self.asked += 1
        if self.asked < 4:
            self.turn = self.speakers[self.asked]
            return
        if self.wanting:
            self.candidates = list(self.wanting)
            self.phase, self.turn = DECLARE, self.candidates[0]
        else:
            self._no_game()

    def _no_game(self) -> None:
        """Nobody plays (everyone passed, or nobody took a Hochzeit): the cards are thrown in, or Ramsch is
        played, or the Stock is fed at the settlement (option all_pass, BS-9, BS-13)."""
        self.declarer = self.partner = None
        if self.setup.all_pass == "ramsch":
            self.ramsch = True
            self.start_play(self.setup.rules[("normal", HEARTS)], self.forehand, PLAY)
        else:
            self.end()  # thrown in: the next dealer deals (BS-9)

    # ------------------------------------------------------------- declaring
    def options_declare(self, seat: int) -> Iterable[str]:
        return ("pass", *(k.word for k in self.setup.kinds))

    def callable_suits(self, seat: int, hand: int | None = None) -> list[int]:
        """The suits whose ace ``seat`` may call (holding ``hand``, by default his hand): he holds a plain card
        of the suit and not its ace."""
        rules = self.setup.rules[("normal", HEARTS)]
        if hand is None:
            hand = self.hands[seat]
        out = []
        for s in (CLUBS, SPADES, DIAMONDS):
            ace = PACK_32.index_of["A" + SUITS[s]]
            if not hand >> ace & 1 and hand & rules.suit_mask[s]:
                out.append(s)
        return out

    def _earlier(self, a: int, b: int) -> bool:
        return self.speakers.index(a) < self.speakers.index(b)

    def check_declare(self, seat: int, action: str) -> str | None:
        if action == "pass":
            if self.holder is None:
                return _("you said you want to play: name your game")
            return None
        kind = KIND_OF.get(action)
        if kind is None or kind not in self.setup.kinds:
            words = ", ".join(k.word for k in self.setup.kinds)
            return _("name a game ({words}) or give way ('pass')", words=words)
        if self.holder is not None and (kind.rank < self.high or (kind.rank == self.high
                                                                  and not self._earlier(seat, self.holder))):
            assert self.kind is not None
            return (_("{player} has named a {name}: name a higher game (an equal one only if you spoke before him) "
                      "or give way", player=self.names[self.holder], name=self.kind.name))
        if kind.word == "sie" and self.hands[seat] & FACES != FACES:
            return _("a Sie needs all four Obers and all four Unters")
        if kind.word == "sauspiel" and not self.callable_suits(seat):
            return (_("to play a Sauspiel you must hold a card (not a trump) of a suit other than hearts whose ace "
                      "you do not hold"))
        if kind is HOCHZEIT and (self.hands[seat] & self.trumps).bit_count() != 1:
            return _("a Hochzeit may be offered only holding exactly one trump (an Ober, an Unter or a heart)")
        return None

    @property
    def trumps(self) -> int:
        """The trumps of the Sauspiel (and of the Hochzeit): the Obers, the Unters and the hearts."""
        return self.setup.rules[("normal", HEARTS)].trump_mask

    def apply_declare(self, seat: int, action: str) -> None:
        if action == "pass":
            self.candidates.remove(seat)
            nxt = self._next_candidate(seat)
        else:
            self.kind = KIND_OF[action]
            self.high, self.holder = self.kind.rank, seat
            nxt = self._next_candidate(seat)
        if nxt is None:
            assert self.holder is not None and self.kind is not None
            self.declarer = self.holder
            if self.kind.word == "sie":  # laid down: it takes every trick, nothing is played (BS-12)
                self.end()
            elif self.kind is HOCHZEIT:  # the others in turn, from his left, may take his trump (BS-14)
                d = self.declarer
                self.wed_offerer = d
                self.wed_asked = [(d + k) % 4 for k in range(1, 4)]
                self.phase, self.turn = WED, self.wed_asked[0]
            elif self.kind.suited or not self.kind.solo:  # a suit to name, or an ace to call
                self.phase, self.turn = CALL, self.holder
            else:
                self._contract_fixed(None)
        else:
            self.turn = nxt

    def _next_candidate(self, seat: int) -> int | None:
        """The next who still wants to play, after ``seat`` round the table, other than the holder."""
        order = self.speakers
        i = order.index(seat)
        for k in range(1, 5):
            s = order[(i + k) % 4]
            if s in self.candidates and s != self.holder:
                return s
        return None

    # ----------------------------------------------------- calling, trumps
    def options_call(self, seat: int) -> Iterable[str]:
        assert self.kind is not None
        return TRUMP_WORDS if self.kind.suited else CALL_WORDS

    def check_call(self, seat: int, action: str) -> str | None:
        assert self.kind is not None
        if self.kind.suited:
            if action in TRUMP_WORDS:
                return None
            return _("name the trump suit of your {name}: 'trump clubs' (acorns), 'trump spades' (leaves), 'trump "
                     "hearts' or 'trump diamonds' (bells)", name=self.kind.name)
        if action in CALL_WORDS and SUIT_NAMES.index(action[5:]) in self.callable_suits(seat):
            return None
        calls = ", ".join(f"'call {SUIT_NAMES[s]}'" for s in self.callable_suits(seat))
        return _("call the ace of a suit other than hearts of which you hold a card (not a trump) and whose ace "
                 "you do not hold: {calls}", calls=calls)

    def apply_call(self, seat: int, action: str) -> None:
        self._contract_fixed(SUIT_NAMES.index(action.split()[1]))

    def _contract_fixed(self, suit: int | None) -> None:
        kind = self.kind
        assert kind is not None and self.declarer is not None
        if kind.solo:
            self.suit = suit if kind.suited else None
        else:  # the Sauspiel: hearts are trumps, the suit is the called ace's
            self.suit = suit
            self.ace = PACK_32.index_of["A" + SUITS[suit]]  # type: ignore[index]
            rules = self.setup.rules[("normal", HEARTS)]
            self.called_plain = rules.suit_mask[suit]  # type: ignore[index]
            self.partner = next(s for s in range(4) if self.hands[s] >> self.ace & 1)
        self._to_doubling()

    def _to_doubling(self) -> None:
        """The game is fixed: Kontra (option ``kontra``), else the play."""
        if self.setup.kontra:
            # in a Sauspiel every seat but the caller (the hidden partner among them); in a Hochzeit, whose
            # partner is known, the two others
            public = self.wed_by is not None
            self.doublers = [s for s in self.speakers if s != self.declarer and not (public and s == self.partner)]
            self.phase, self.turn = KONTRA, self.doublers[0]
        else:
            self._begin_play()

    # ------------------------------------------------------------ the Hochzeit
    def options_wed(self, seat: int) -> Iterable[str]:
        return ("pass", "accept")

    def check_wed(self, seat: int, action: str) -> str | None:
        if action == "pass":
            return None
        if action == "accept":
            if not self.hands[seat] & ~self.trumps:
                return _("you hold only trumps: you would have no card that is not a trump to give back")
            return None
        assert self.declarer is not None
        return _("take {player}'s Hochzeit ('accept': you take the trump and give back a card that is not a trump) "
                 "or leave it ('pass')", player=self.names[self.declarer])

    def apply_wed(self, seat: int, action: str) -> None:
        d = self.declarer
        assert d is not None
        if action == "accept":  # the single trump goes to him face down (BS-14)
            t = self.hands[d] & self.trumps
            self.hands[d] &= ~t
            self.hands[seat] |= t
            self.wed_trump = t.bit_length() - 1
            self.wed_by = self.partner = seat
            self.phase, self.turn = GIVE, seat
            return
        i = self.wed_asked.index(seat)
        if i + 1 < len(self.wed_asked):
            self.turn = self.wed_asked[i + 1]
            return
        self.kind, self.high, self.holder = None, 0, None  # nobody takes it: as if everyone had passed (BS-14)
        self._no_game()

    def options_give(self, seat: int) -> Iterable[str]:
        return (f"give {c}" for c in self.card_codes(self.hands[seat] & ~self.trumps))

    def check_give(self, seat: int, action: str) -> str | None:
        c = PACK_32.index_of.get(action[5:]) if action.startswith("give ") else None
        if c is not None and self.hands[seat] >> c & 1 and not self.trumps >> c & 1:
            return None
        cards = ", ".join(self.card_codes(self.hands[seat] & ~self.trumps))
        return _("give back one of your cards that is not a trump, face down (e.g. '{example}'): {cards}",
                 example=f"give {cards.split(', ')[0]}", cards=cards)

    def apply_give(self, seat: int, action: str) -> None:
        c = PACK_32.index_of[action[5:]]
        d = self.declarer
        assert d is not None
        self.hands[seat] &= ~(1 << c)
        self.hands[d] |= 1 << c
        self.wed_card = c
        self._to_doubling()

    def trick_rules(self) -> TrickRules:
        """The trick rules of the game announced."""
        kind = self.kind
        if kind is None or self.ramsch:
            return self.setup.rules[("normal", HEARTS)]
        if not kind.solo or (kind.trumps == "normal" and not kind.suited):  # a Sauspiel; a Sie as a heart Solo
            return self.setup.rules[("normal", HEARTS)]
        return self.setup.rules[(kind.trumps, self.suit)]

    def _begin_play(self) -> None:
        self.start_play(self.trick_rules(), self.forehand, PLAY)

    # ------------------------------------------------------ Kontra and Re
    def player_side(self) -> set[int]:
        """The player and, in a Sauspiel, the holder of the called ace (as this deal's cards lie)."""
        if self.declarer is None:
            return set()
        return {self.declarer} if self.partner is None else {self.declarer, self.partner}

    def options_kontra(self, seat: int) -> Iterable[str]:
        return ("pass", "kontra")

    def check_kontra(self, seat: int, action: str) -> str | None:
        if action == "pass":
            return None
        if action == "kontra" and seat not in self.player_side():
            return None
        if action == "kontra" and self.wed_by is not None:
            return _("only the player's opponents may give Kontra; you took the Hochzeit")
        if action == "kontra":
            return _("only the player's opponents may give Kontra; you hold the called ace")
        return _("give Kontra ('kontra'), doubling the game, or let it stand ('pass')")

    def apply_kontra(self, seat: int, action: str) -> None:
        if action == "kontra":
            self.kontra_by = seat
            assert self.declarer is not None
            # Re: the player, and in a Sauspiel every other seat but the Kontra's (the hidden partner among them)
            if self.partner is None:
                self.doublers = [self.declarer]
            elif self.wed_by is not None:  # the Hochzeit's two, known to all
                self.doublers = [s for s in self.speakers if s in self.player_side()]
            else:
                self.doublers = [s for s in self.speakers if s != seat]
            self.phase, self.turn = RE, self.doublers[0]
            return
        i = self.doublers.index(seat)
        if i + 1 < len(self.doublers):
            self.turn = self.doublers[i + 1]
        else:
            self._begin_play()

    def options_re(self, seat: int) -> Iterable[str]:
        return ("pass", "re")

    def check_re(self, seat: int, action: str) -> str | None:
        if action == "pass":
            return None
        if action == "re" and seat in self.player_side():
            return None
        if action == "re":
            return _("only the player's side may answer Kontra with Re")
        return _("answer the Kontra with Re ('re'), doubling again, or let it stand ('pass')")

    def apply_re(self, seat: int, action: str) -> None:
        if action == "re":
            self.re_by = seat
            self._begin_play()
            return
        i = self.doublers.index(seat)
        if i + 1 < len(self.doublers):
            self.turn = self.doublers[i + 1]
        else:
            self._begin_play()

    @property
    def multiplier(self) -> int:
        """1, doubled by a Kontra and again by a Re."""
        return (2 if self.kontra_by is not None else 1) * (2 if self.re_by is not None else 1)

    # ------------------------------------------------------------ the play
    def _holds_ace_unsearched(self, seat: int) -> bool:
        return self.ace >= 0 and not self.searched and bool(self.hands[seat] >> self.ace & 1)

    def play_mask(self, seat: int) -> int:
        m = super().play_mask(seat)
        if not self._holds_ace_unsearched(seat):
            return m
        hand, bit = self.hands[seat], 1 << self.ace
        if not self.trick:  # lead: the called suit only with the ace, unless with four or more (running away)
            if (hand & self.called_plain).bit_count() < 4:
                m &= ~(self.called_plain & ~bit)
            return m
        if self.rules.suit_of[self.trick[0]] == self.suit:  # the suit is searched: the ace must fall
            return bit
        if hand.bit_count() > 1:  # not thrown on another suit before the last trick
            m &= ~bit
        return m

    def why_card(self, seat: int, code: str) -> str | None:
        c = PACK_32.index_of.get(code)
        if c is None or not self.hands[seat] >> c & 1 or self.play_mask(seat) >> c & 1:
            return super().why_card(seat, code)
        if not TrickDeal.play_mask(self, seat) >> c & 1:
            return super().why_card(seat, code)
        if not self.trick:
            return (_("you hold the called ace: you may lead its suit only with the ace itself, unless you hold "
                      "four or more cards of the suit (running away)"))
        if self.rules.suit_of[self.trick[0]] == self.suit:
            return _("the called ace must be played when its suit is first led")
        return _("the called ace may not be thrown on another suit before its suit has been led, except in the "
                 "last trick")

    def trick_done(self, winner: int) -> None:
        for s, c in self.last_trick:
            self.given[s] |= 1 << c
        if self.ace >= 0 and not self.searched and self.rules.suit_of[self.last_trick[0][1]] == self.suit:
            self.searched = True
            if not self.played >> self.ace & 1:
                self.runner = self.last_trick[0][0]  # he ran away: led the suit, keeping the ace
        kind = self.kind
        if kind is not None and kind.tout and not self.ramsch and winner != self.declarer:
            self.end()  # the Tout is lost with the first trick it gives away
            return
        if not self.hands[winner]:
            self.end()

    # ---------------------------------------------- knowledge a bot may ask for
    def side(self, seat: int) -> int:
        if self.declarer is None or self.ramsch:
            return seat
        return 0 if seat in self.player_side() else 1

    def declarer_seat(self) -> int | None:
        return self.declarer

    def partner_public(self) -> bool:
        """Whether everyone knows the partner: he took a Hochzeit, the called ace has been played, or he gave Re."""
        if self.wed_by is not None:
            return True
        return self.ace >= 0 and (bool(self.played >> self.ace & 1) or
                                  (self.re_by is not None and self.re_by != self.declarer))

    # ------------------------------------------------------------ settlement
    def laufende(self) -> int:
        """The Laufende: the unbroken run of top trumps one side held (counted from three, from two in Wenz
        and Geier, else none)."""
        kind = self.kind
        assert kind is not None and self.declarer is not None
        rules = self.trick_rules()
        order = sorted((c for c in range(32) if rules.suit_of[c] == rules.trump), key=lambda c: -rules.power[c])
        side = self.player_side()
        mine = 0
        for s in side:
            mine |= self.dealt[s]
        held = mine if mine >> order[0] & 1 else PACK_32.full & ~mine
        run = 0
        for c in order:
            if not held >> c & 1:
                break
            run += 1
        return run if run >= kind.laufende_from else 0

    def _settle(self) -> Settlement:
        stock = self.setup.all_pass == "stock"
        led = Ledger(4, pools={"stock": self.stock_in} if stock else None, unit="chips", names=self.names)
        if self.ramsch:
            self._settle_ramsch(led)
        elif self.declarer is None and stock:  # BS-13: each pays the Sauspiel tariff into the Stock
            t = self.setup.sauspiel
            led.note(_("{why}: each pays into the Stock and the next dealer deals", why=self._why_no_game()))
            for s in self.speakers:
                led.to_pool(s, "stock", t, _("{player} pays {t} into the Stock", player=self.names[s], t=t))
        elif self.declarer is None:
            led.note(_("{why}: the cards are thrown in and the next dealer deals", why=self._why_no_game()))
        else:
            self._settle_game(led)
        return led.settlement()

    def _why_no_game(self) -> str:
        if self.wed_offerer is not None:
            return _("nobody took {player}'s Hochzeit", player=self.names[self.wed_offerer])
        return _("everyone passed")

    def _settle_stock(self, led: Ledger, win: bool) -> None:
        """BS-13: a game won takes the Stock (shared by the two of a Sauspiel); a game lost pays as much again
        into it (each of the two half)."""
        side = sorted(self.player_side())
        share = self.stock_in // len(side)
        for s in side:
            if win:
                led.from_pool(s, "stock", share, _("{player} takes {share} from the Stock", player=self.names[s],
                                                   share=share))
            else:
                led.to_pool(s, "stock", share, _("{player} pays {share} into the Stock", player=self.names[s],
                                                 share=share))

    def _carry(self) -> dict[str, Any] | None:
        if self.setup.all_pass != "stock":
            return None
        return {"pools": {"stock": int(self.result().pools.get("stock", 0))}}

    def _settle_game(self, led: Ledger) -> None:
        kind, st, names = self.kind, self.setup, self.names
        assert kind is not None and self.declarer is not None
        side = self.player_side()
        others = [s for s in self.speakers if s not in side]
        won = 0
        for s in side:
            won |= self.won[s]
        pts, tricks = card_points(won), sum(self.tricks_won[s] for s in side)
        ordered = sorted(side, key=self.speakers.index)
        who = names[ordered[0]] if len(ordered) == 1 else \
            _("{player} and {player2}", player=names[ordered[0]], player2=names[ordered[1]])
        run = self.laufende()
        base = st.solo if kind.solo else st.sauspiel
        if kind.word == "sie":
            win, value = True, 4 * (base + run * st.laufende)
            led.note(_("Sie: {who} holds all four Obers and all four Unters and takes every trick", who=who))
        elif kind.tout:
            win = tricks == 8 and not self._tout_lost()
            value = 2 * (base + run * st.laufende)
            led.note(_("{game}: {who} took every trick", game=self.contract_text(), who=who) if win
                     else _("{game}: {who} gave a trick away", game=self.contract_text(), who=who))
        else:
            win = pts >= 61
            schneider = pts >= 91 if win else pts <= 30
            schwarz = tricks == 8 if win else tricks == 0
            value = base + (st.schneider if schneider else 0) + (st.schneider if schwarz else 0) + run * st.laufende
            extra = _(" Schwarz") if schwarz else (_(" Schneider") if schneider else "")
            result = _("won{extra}", extra=extra) if win else _("lost{extra}", extra=extra)
            led.note(_n("{game}: {who} took {points} points in {n} trick: {result}",
                        "{game}: {who} took {points} points in {n} tricks: {result}", tricks,
                        game=self.contract_text(), who=who, points=pts, n=tricks, result=result))
        if run:
            led.note(_("{run} Laufende", run=run))
        if self.multiplier > 1:
            led.note(_("Kontra and Re: four times the value") if self.re_by is not None else _("Kontra: double the "
                                                                                            "value"))
        value *= self.multiplier
        if kind.solo:
            d = self.declarer
            for o in others:
                if win:
                    led.pay(o, d, value, _("{player} pays {player2} {value}", player=names[o], player2=names[d],
                                           value=value))
                else:
                    led.pay(d, o, value, _("{player} pays {player2} {value}", player=names[d], player2=names[o],
                                           value=value))
        else:
            winners, losers = (sorted(side), others) if win else (others, sorted(side))
            for w, lo in zip(winners, losers):
                led.pay(lo, w, value, _("{player} pays {player2} {value}", player=names[lo], player2=names[w],
                                        value=value))
        if self.stock_in:
            self._settle_stock(led, win)

    def _tout_lost(self) -> bool:
        return any(self.tricks_won[s] for s in range(4) if s not in self.player_side())

    def _settle_ramsch(self, led: Ledger) -> None:
        names, rate = self.names, self.setup.sauspiel
        pts = [card_points(m) for m in self.won]
        for s in self.speakers:
            n = self.tricks_won[s]
            led.note(_n("Ramsch: {player} took {points} points in {n} trick",
                        "Ramsch: {player} took {points} points in {n} tricks", n, player=names[s], points=pts[s], n=n))
        sweeper = next((s for s in range(4) if self.tricks_won[s] == 8), None)
        if sweeper is not None:  # Durchmarsch: all the tricks win
            for o in self.speakers:
                if o != sweeper:
                    led.pay(o, sweeper, rate, _("Durchmarsch: {player} pays {player2} {rate}", player=names[o],
                                                player2=names[sweeper], rate=rate))
            return
        top = max(pts)
        losers = [s for s in self.speakers if pts[s] == top]
        if len(losers) > 1:  # BS-9: the tie goes against the one with more tricks
            most = max(self.tricks_won[s] for s in losers)
            losers = [s for s in losers if self.tricks_won[s] == most]
        for lo in losers:
            for o in self.speakers:
                if o not in losers:
                    led.pay(lo, o, rate, _("{player} took the most points and pays {player2} {rate}",
                                           player=names[lo], player2=names[o], rate=rate))

    # ------------------------------------------------------------ words, views
    def contract_text(self) -> str | None:
        """The game in words: "Sauspiel with the acorn ace", "Solo in bells", "Wenz", "Ramsch"."""
        if self.ramsch:
            return _("Ramsch")
        kind = self.kind
        if kind is None or self.declarer is None or (self.phase == CALL and self.turn is not None):
            return None
        if kind is HOCHZEIT:
            return _("Hochzeit")
        if not kind.solo:
            assert self.suit is not None
            return _("Sauspiel with the {suit} ace", suit=BAVARIAN_SUIT[self.suit])
        if kind.suited:
            assert self.suit is not None
            return _("{game} in {suit}", game=kind.name, suit=BAVARIAN_SUIT[self.suit])
        return kind.name

    def label(self, action: str) -> str:
        # (the same words whatever the phase: the log shows earlier actions in the words of their own time)
        if action == "play":
            return _("I want to play (Ich spiele)")
        if action == "pass":
            return _("Pass (Weiter)")
        if action == "hochzeit":
            return _("Hochzeit (offer your one trump for a partner)")
        if action == "accept":
            return _("Take the Hochzeit (take the trump, give back a card that is not a trump)")
        if action == "give":
            return _("Give back a card (face down)")
        if action.startswith("give "):
            return _("Give back {cards} (face down)", cards=cards_phrase([action[5:]]))
        if action in KIND_OF:
            return KIND_OF[action].name
        if action.startswith("call "):
            s = SUIT_NAMES.index(action[5:])
            return _("Call the {bavarian} ace ({german}-Sau, the ace of {suit})",
                     bavarian=BAVARIAN_SUIT[s], german=GERMAN_SUIT[s], suit=SUIT_NAMES[s])
        if action.startswith("trump "):
            s = SUIT_NAMES.index(action[6:])
            return _("Trumps: {bavarian} ({german}, {suit})", bavarian=BAVARIAN_SUIT[s],
                     german=GERMAN_SUIT[s], suit=SUIT_NAMES[s])
        if action == "kontra":
            return _("Kontra (double)")
        if action == "re":
            return _("Re (double again)")
        return action_label(action)

    def status(self, seat: int | None) -> str | None:
        text = self.contract_text()
        if text is None or self.declarer is None:
            return text
        out = _("{player} plays a {game}", player=self.names[self.declarer], game=text)
        if self.wed_by is not None:
            out = _("{player} plays a Hochzeit with {partner}", player=self.names[self.declarer],
                    partner=self.names[self.wed_by])
        elif self.kind is HOCHZEIT:
            out = _("{player} offers a Hochzeit", player=self.names[self.declarer])
        if self.kontra_by is not None:
            out = _("{status}; {player} gave Kontra", status=out, player=self.names[self.kontra_by])
        if self.re_by is not None:
            out = _("{status}, {player} Re", status=out, player=self.names[self.re_by])
        return out

    def trick_view(self) -> dict[str, Any]:
        if not self.play_started:
            return {}
        code = PACK_32.code
        t = self.rules.trump
        return {
            "trump": None if t is None or t == NO_SUIT else SUITS[t],
            "trick": [[s, code(c)] for s, c in zip(self.trick_seats, self.trick)],
            "last_trick": [[s, code(c)] for s, c in self.last_trick],
            "tricks_won": list(self.tricks_won),
            "leader": self.leader,
        }

    def _view(self, seat: int | None) -> dict[str, Any]:
        partner = None
        if self.partner is not None and (self.partner_public() or seat == self.partner or self.over):
            partner = self.partner
        v: dict[str, Any] = {
            "wanting": list(self.wanting),
            "high_game": None if self.kind is None else self.kind.name, "high_bidder": self.holder,
            "declarer": self.declarer, "contract": self.contract_text(),
            "partner": partner, "kontra": self.kontra_by, "re": self.re_by, "multiplier": self.multiplier,
        }
        if self.setup.all_pass == "stock":
            v["pools"] = {"stock": self.stock_in}
        v.update(self.trick_view())
        return v

    # ------------------------------------------------------ hidden information
    def cleared(self) -> int:
        """Seats (a bit each) known not to hold the called ace: the caller, the Kontra's giver, and whoever
        played another card to the first trick of the called suit (the ace must fall there)."""
        if self.ace < 0:
            return 0
        out = 1 << self.declarer if self.declarer is not None else 0
        if self.kontra_by is not None:
            out |= 1 << self.kontra_by
        if self.trick and not self.searched and self.rules.suit_of[self.trick[0]] == self.suit:
            for s in self.trick_seats[1:]:
                out |= 1 << s
        if self.searched and not self.played >> self.ace & 1:
            # the suit was led and the ace did not fall: its leader ran away with it
            for s in range(4):
                out |= 1 << s
            assert self.runner is not None
            out &= ~(1 << self.runner)
        return out

    def _hidden_zones(self, viewer: int) -> list[Zone]:
        zones = super()._hidden_zones(viewer)
        sie = self._sie_of()
        if sie is not None and sie != viewer:
            for z in zones:
                if z.key[1] == sie:
                    z.fixed |= FACES
        if HOCHZEIT in self.setup.kinds:
            zones = self._wed_zones(viewer, zones)
        if self.ace < 0 or self.played >> self.ace & 1 or self.hands[viewer] >> self.ace & 1:
            return zones
        bit = 1 << self.ace
        public = self.partner_public()
        cleared = self.cleared()
        for z in zones:
            s = z.key[1]
            if public and s == self.partner:
                z.fixed |= bit
            elif public or cleared >> s & 1:
                z.allowed &= ~bit
        return zones

    def _wed_zones(self, viewer: int, zones: list[Zone]) -> list[Zone]:
        """What a Hochzeit tells (BS-14). Its offerer held exactly one trump: before anyone took it, his hidden
        hand is split into that one trump and seven cards that are not trumps (unless he has played his trump:
        then none is left); once it is taken he holds no trump at all. The offerer knows which trump the taker
        holds, and the taker which card he gave back, while those lie in the hand."""
        off, trumps = self.wed_offerer, self.trumps
        named = {s for s, a in self.history if a == "hochzeit"}  # each held exactly one trump
        if not named:
            return zones
        out = []
        for z in zones:
            s = z.key[1]
            if s in named and not (s == off and self.wed_by is not None) and not self._played_by(s) & trumps:
                out.append(Zone(z.key, z.cards & ~trumps, allowed=z.allowed & ~trumps))
                out.append(Zone(("wed", s), z.cards & trumps, allowed=z.allowed & trumps))
                continue
            if s in named:  # his one trump given away or played
                z.allowed &= ~trumps
                if s == off and viewer == self.wed_by and self.wed_card >= 0:
                    z.fixed |= z.cards & 1 << self.wed_card
            elif s == self.wed_by and viewer == off:
                z.fixed |= z.cards & 1 << self.wed_trump
            out.append(z)
        return out

    def _set_zone(self, key: Any, mask: int, rng: random.Random) -> None:
        if key[0] == "wed":  # the offerer's one trump, beside the rest of his hand (set first)
            self.hands[key[1]] |= mask
        else:
            super()._set_zone(key, mask, rng)

    def _played_by(self, seat: int) -> int:
        """The cards ``seat`` has played (to finished tricks and to this one)."""
        out = self.given[seat]
        for s, c in zip(self.trick_seats, self.trick):
            if s == seat:
                out |= 1 << c
        return out

    def _redact(self, seat: int, action: str, viewer: int | None) -> str:
        # the card given back for a Hochzeit's trump is seen only by the two who exchange
        if action.startswith("give ") and viewer != seat and viewer != self.wed_offerer:
            return "give"
        return action

    def sample(self, seat: int, rng: random.Random | int | None = None) -> BavarianSchafkopf:
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        new: BavarianSchafkopf = super().sample(seat, rng)  # type: ignore[assignment]
        for _x in range(SAMPLE_TRIES):  # what zones cannot say: the caller held a card of the called suit
            new._wed_cards(seat, rng)
            if new._could_call(seat):
                break
            new = super().sample(seat, rng)  # type: ignore[assignment]
        new._after_sample()
        return new

    def _wed_cards(self, viewer: int, rng: random.Random) -> None:
        """In a sample: which trump the Hochzeit passed and which card came back, where ``viewer`` did not see
        them, drawn among the cards the sample gives the two (the taker's trumps, the offerer's other cards)."""
        if self.wed_by is None:
            return
        off, by = self.wed_offerer, self.wed_by
        assert off is not None
        if viewer != by and viewer != off:
            mine = self._played_by(by) | self.hands[by]
            if not mine >> self.wed_trump & 1 and mine & self.trumps:
                self.wed_trump = rng.choice(bit_list(mine & self.trumps))
            theirs = self._played_by(off) | self.hands[off]
            if self.wed_card >= 0 and not theirs >> self.wed_card & 1:
                self.wed_card = rng.choice(bit_list(theirs & ~self.trumps))

    def _could_call(self, viewer: int) -> bool:
        """Whether this deal's cards let every seat but ``viewer`` have done what it did: a seat that named a
        Sauspiel held a suit to call, the caller a card (not a trump) of the called suit, and a holder of the
        called ace who ran away four or more cards of its suit."""
        dealt = self._as_dealt()
        d = self.declarer
        if self.ace >= 0 and d is not None and d != viewer and not dealt[d] & self.called_plain:
            return False
        r = self.runner
        if r is not None and r != viewer and (dealt[r] & self.called_plain).bit_count() < 4:
            return False  # he ran away: he held four or more of the suit
        by = self.wed_by
        if by is not None and by != viewer and not (self._played_by(by) | self.hands[by]) >> self.wed_trump & 1:
            return False  # who took the Hochzeit holds (or played) the trump it passed him
        named = {s for s, a in self.history if a == "sauspiel"}
        return all(self.callable_suits(s, dealt[s]) for s in named if s != viewer)

    def _sie_of(self) -> int | None:
        """The seat that named a Sie (and so holds all the Obers and Unters), if one did."""
        return next((s for s, a in self.history if a == "sie"), None)

    def _as_dealt(self) -> list[int]:
        """Each seat's cards as dealt: those in his hand and those he has played."""
        in_trick = [0] * 4
        for s, c in zip(self.trick_seats, self.trick):
            in_trick[s] |= 1 << c
        out = [self.hands[s] | self.given[s] | in_trick[s] for s in range(4)]
        off, by = self.wed_offerer, self.wed_by
        if off is not None and by is not None:  # undo the Hochzeit's exchange
            t, g = 1 << self.wed_trump, (1 << self.wed_card if self.wed_card >= 0 else 0)
            out[off] = out[off] & ~g | t
            out[by] = out[by] & ~t | g
        return out

    def _after_sample(self) -> None:
        """Recompute what the sampled cards decide: who holds the called ace, and the hands as dealt."""
        self.dealt = self._as_dealt()
        if self.ace >= 0 and not self.played >> self.ace & 1:
            self.partner = next(s for s in range(4) if self.hands[s] >> self.ace & 1)


GAMES = (BavarianSchafkopf,)
