"""Fan-Tan (Sevens, Parliament, Card Dominoes), Play or Pay, Five or Nine (Domino Whist), Domino Fan-Tan.

Source: seed ``004_2edd6d7cae07c8ad.txt`` (Scarne's "Stops" chapter; the Fan-Tan and Play or
Pay headings are lost), with the gaps resolved in ``docs/decisions.md``
(FT-GAP-1 … FT-GAP-4, PP-GAP-1, PP-GAP-2). The layout is :mod:`cardtable.core.layouts`.

The rules as implemented
------------------------
Fan-Tan: "Two to eight players, but four makes the best game. A regular 52-card deck. The
cards rank in this order; ace (low), two, three, ... king (high)." "Each player puts one or
more chips in a pool before each deal" (option ``ante``, default 1). "Each player, beginning at
dealer's left and going clockwise, is dealt one card at a time per round until the complete
pack is exhausted. It does not matter if ... some receive one card more than the others."
FT-GAP-1 (Bicycle): with ``short_hand_extra_ante`` each player with fewer cards antes one chip
more. "Players cut for the deal, lowest card dealing the first hand": the cut is not modelled (a
match's first dealer is given, seat 0 by default); "in subsequent hands the turn to deal rotates
in a clockwise direction", to the left.

"The player at dealer's left makes the first play. If he holds any seven, he may lay it face up
in the center of the table. If he has no seven, he passes his turn." "Any player in turn may
play a seven; or, he may play a six or eight of the same suit as a seven already on the table
... any player when his turn comes may play a card in next higher rank on the eight pile or a
card in next lower rank on the six pile. The ace is the last card played on the six pile ...
the king is the last card played on the eight pile." One card per turn; the turn always moves
to the left. "If a player has no eligible card to play, he passes his turn and must put one
chip into a pool." Actions: a card code, or ``pass``.

"The first player to get rid of all his cards is the winner and takes the pot. Other players
also pay him one chip for each card that they have left in their hands, no one being permitted
to play after the winner has put down his last card."

Irregularities (option ``penalised_passes``, off by default: the software then simply refuses a
pass while a card is playable, FT-GAP-3). When on, ``pass`` is always legal and a player who
passes holding an eligible card pays the seed's penalty: "A player who passes when he holds an
eligible card must pay three chips as penalty to the pot" — instead of the ordinary chip
(FT-GAP-4, ENGINE DEFAULT; ``pass_chip_with_penalty`` adds it). "If he passes when he could play
a seven, he must pay not only the three-chip penalty but an additional five chips to the holder
of the eight of the same suit and five chips to the holder of the six. If he holds the seven and
the next card (or cards in sequence to it, up or down), but does not play the seven, he pays
the five-chip penalty to the player who holds the next card in sequence": FT-GAP-2, in each
direction the holder of the first card beyond the offender's unbroken run from the seven; none
when the run reaches the ace or the king, or (Domino Fan-Tan) when that card is in the stock.
The payments are made for each seven he could have played (ENGINE DEFAULT). Cards so revealed
are public from then on. So that every deal ends, a player able to play may not pass when all
the others have passed since the last card was played (ENGINE DEFAULT).

Play or Pay (``play-or-pay``), "played the same as Fan-Tan except": "The player at dealer's
left begins with any card, not necessarily a seven. The players following in turn must build
higher in sequence on that card. If a player cannot play a card, he pays a chip to the pot. If
a player holds more than one card in sequence, he continues to play, collecting a chip from
each other player for each card played." PP-GAP-1 (ENGINE DEFAULT reading, option
``run_bonus``): one chip from each other player for each card after the first in one
continuous turn. "Cards may be played 'around the corner.' That is, in sequence past the king
(queen, king, ace, deuce). The player who plays the last card of a suit is then privileged to
play a card to begin a new suit" — he then starts a new turn with any card. One suit is active
at a time and the turn moves to the left after each turn (PP-GAP-2). The only pass penalty
is the three chips (there is no seven).

Five or Nine (``five-or-nine``, Domino Whist): "the same as Fan-Tan except that the first card
played must be a five or a nine. The first card played determines rank or layout for that deal
... the set cards (five or nine) must be built up and down in suit to the limits of king and ace
respectively." A player with no eligible card pays one chip (docs/decisions.md); with
``penalised_passes`` the seven's penalties apply to the set rank once it is fixed (ENGINE
DEFAULT, docs/decisions.md).

Domino Fan-Tan (``domino-fan-tan``): two players; "Each player is dealt 17 cards, and the rest
of the pack is placed face down to form a stock. If a player cannot play in his turn, he puts
a chip into the pot and draws the top card of the stock. If he still cannot play, he puts another
chip into the pot and draws the next card of the stock. This continues until he is able to play.
When the stock is exhausted the hands are played out." Action ``draw`` (pay and draw; the turn
stays); once the stock is gone, ``pass``. The winner takes the pot and a chip per card left in
the other hand (docs/decisions.md).

>>> import cardtable as ct
>>> from cardtable.core.cards import PACK_52
>>> top = "7S 2H 8S 3H 6S 4H"
>>> rest = [c for c in PACK_52.code_of if c not in top.split()]
>>> d = ct.load("fan-tan", players=2).deal(deck=" ".join(top.split() + rest), dealer=1)
>>> d.legal()  # seat 0, at dealer's left, may lay a seven
['7S', '7H', '7C']
>>> d.act("7S"); d.legal()  # seat 1 holds neither 6S nor 8S, but a seven
['7D']
>>> d.act("7D"); d.legal()
['8S', '6S', '7H', '7C', '8D', '6D']
>>> d.view(0)["layout"], d.view(0)["pools"]
({'S': ['7S', '7S'], 'D': ['7D', '7D']}, {'pot': 2})

Each variant is one class (:class:`FanTan`, :class:`PlayOrPay`, :class:`FiveOrNine`, :class:`DominoFanTan`): its
declaration as class attributes, one phase (play) with one checker, and the few hooks where the variants
differ: which cards the layout takes (``eligible``), where a card goes (``place``), who plays next
(``turn_after_play``) and the word of a player who cannot play (``unable_word``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ..core.aims import Aim
from ..core.bounds import ActionForm, DealBounds
from ..core.cards import PACK_52, SUIT_NAMES, SUITS, bits, parse_code
from ..core.chips import Ledger, Settlement
from ..core.cutting import first_dealer_option
from ..core.deal import Deal, Zone
from ..core.dealing import DealPlan
from ..core.game import Game
from ..core.i18n import _
from ..core.layouts import Layout
from ..core.options import Option, Options
from ..core.phases import Phase
from ..core.views import Key, Kind
from ..core.words import action_label
from ..errors import CardError

__all__ = ["DominoFanTan", "FanTan", "FanTanPhase", "FanTanSetup", "FiveOrNine", "PlayOrPay"]

POT = "pot"
SEED = "seed 004_2edd6d7cae07c8ad.txt"
FIRST_DEALER = first_dealer_option(
    "low", source=f"{SEED} Fan-Tan, 'The Deal': 'Players cut for the deal, lowest card "
                  "dealing the first hand'; the rank: 'ace (low)'")
RANK_NAMES = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
              9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
UNABLE = ("pass", "draw")
"""The words of a turn without a card: a pass, or (Domino Fan-Tan) paying and drawing from the stock."""


class FanTanPhase(Phase):
    """The stages of a deal of the Fan-Tan family."""

    PLAY = "play"  # one card a turn on the layout, or a pass (a draw, at Domino Fan-Tan)
    DONE = "done"


PLAY, DONE = FanTanPhase


@dataclass(frozen=True)
class FanTanSetup:
    """What every deal of one configuration needs, worked out once per game (``game.setup``)."""

    plan: DealPlan
    layout: Layout
    """The empty layout; each deal builds on a copy."""
    ante: int
    extra_ante: bool
    """Each player dealt fewer cards antes one chip more (FT-GAP-1)."""
    penalised: bool
    """Passing while able to play is allowed, at the book's penalties."""
    pass_chip: bool
    """A penalised pass pays the ordinary chip as well (FT-GAP-4)."""
    run_bonus: str = "none"
    """Play or Pay's chips for a run (PP-GAP-1)."""


class FanTan(Deal):
    """Fan-Tan (Sevens, Parliament, Card Dominoes): sevens open the suits, built down to the ace and up to the king.

    See the module text for the rules as implemented and their sources.
    """

    # ---- the declaration
    id = "fan-tan"
    name = "Fan-Tan"
    family = "fan-tan"
    aim = Aim("cards shed", "first out", sheds="layout")
    aliases: ClassVar[tuple[str, ...]] = ("sevens", "parliament", "card-dominoes")
    min_players, max_players, default_players = 2, 8, 4
    source = f"{SEED}, Fan-Tan (heading lost); docs/decisions.md"
    phases = FanTanPhase
    first_dealer_rule = "low"  # seed 004 Fan-Tan: "Players cut for the deal, lowest card dealing the first hand"
    stock_cards: ClassVar[bool] = False
    """Whether the cards not dealt form a stock the players draw from (Domino Fan-Tan)."""
    layout_args: ClassVar[dict[str, Any]] = {"ace_low": True, "up": True, "down": True, "start_rank": 7}
    """How the layout is built (:class:`~cardtable.core.layouts.Layout`)."""
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("ante", int, 1, range(1, 11), doc=_("chips each player puts in the pot before each deal"),
               source=f"{SEED}: 'Each player puts one or more chips in a pool before each deal'"),
        Option("penalised_passes", bool, False,
               doc=_("allow passing while able to play, at the book's penalties (3 chips to the pot; 5-chip "
                     "payments for a withheld seven)"),
               source=f"{SEED} 'Additional Rules'; FT-GAP-2, FT-GAP-3; issue 6"),
        Option("pass_chip_with_penalty", bool, False,
               doc=_("a penalised pass pays the ordinary chip as well as the 3-chip penalty"),
               source="FT-GAP-4 (ENGINE DEFAULT: the penalty replaces the chip)"),
        Option("short_hand_extra_ante", bool, False,
               doc=_("each player dealt fewer cards antes one chip more"),
               source="FT-GAP-1 (Bicycle: 'customary for each player with fewer cards to ante one additional chip')"),
        FIRST_DEALER,
    )
    view_keys: ClassVar[tuple[Key, ...]] = (
        Key("layout", Kind.JSON, "the layout: {suit letter: [low card, high card]} of each suit begun"),
        Key("pools", Kind.AMOUNTS, "the pot"),
        Key("paid", Kind.PER_SEAT, "chips each seat has paid this deal (antes, passes, penalties)"),
        Key("known", Kind.SEAT_CARDS, "cards a seat is known to hold (revealed by a penalty)"),
        Key("stock_size", Kind.INT, "cards left in the stock (Domino Fan-Tan)", always=False),
    )

    # ---- the state of a deal (beside the core's hands and stock)
    setup: FanTanSetup
    layout: Layout
    pot_start: int
    pot: int
    payments: list[tuple[int, int, int, str]]
    """(payer, payee or -1 for the pot, chips, why), in the order they were made."""
    lacks: list[int]
    """Cards each seat has shown it does not hold (it passed while they were eligible)."""
    known: list[int]
    """Cards each seat is publicly known to hold (revealed by a penalty)."""
    winner: int | None
    """The seat that went out first (``None`` while the deal goes on)."""
    run: int
    """Cards played in sequence by the seat to play, this turn (Play or Pay)."""
    passes: int
    """Passes since the last card was played."""

    # ---------------------------------------------------------- configuration
    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("pass"),
    )

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """The deal ends only when a seat goes out, and it takes the pot: every chip goes to the pot or to a
        seat, so every deal is zero-sum. Between two cards each seat passes at most once (a penalised pass only
        while fewer than all the others have passed; a round of passes by every seat changes nothing, so if
        one could follow another the deal would never end), so a seat passes at most 53 times; with a stock,
        each draw takes one of its cards. A seat pays its ante (one more for a short
        hand), for each pass a chip, or with ``penalised_passes`` 3 (and a chip) and 5 to the holder of each
        card it kept back (two for each of the four cards of the opening rank), a chip for each draw, run
        bonuses of at most 2 to each other seat's card, and a chip a card left in its hand; the seat that goes
        out gains at most all of these from the others."""
        n, ante = players, options.ante + 1
        per_pass = 4 + 40 if options.penalised_passes else 1
        draws = 52 - 17 * n if cls.stock_cards else 0
        hand = 52 if cls.stock_cards else -(-52 // n)
        run = 2 if getattr(options, "run_bonus", "none") != "none" else 0
        lose = ante + 53 * per_pass + draws + hand + run * 52
        return DealBounds(actions=52 + 53 * n + draws, least=-lose, most=(n - 1) * lose, zero_sum=True, dealt=52)
    # -- end of the declaration

    @classmethod
    def plan(cls, options: Options) -> DealPlan:
        """How the cards are dealt: one at a time from dealer's left until the pack is exhausted."""
        return DealPlan(deal_all=True)

    @classmethod
    def configure(cls, game: Game) -> FanTanSetup:
        o = game.options
        return FanTanSetup(plan=cls.plan(o), layout=Layout(game.pack, **cls.layout_args), ante=o.ante,
                           extra_ante=o.short_hand_extra_ante, penalised=o.penalised_passes,
                           pass_chip=o.pass_chip_with_penalty)

    # ------------------------------------------------------------------ deal
    def _start(self, order: list[int]) -> None:
        s = self.setup = self.game.setup
        n = self.players
        dealt = s.plan.deal(order, n, self.dealer)
        self.hands, self.stock = dealt.hands, dealt.stock
        self.layout = s.layout.copy()
        self.pot_start = int(self.carry_in.get("pools", {}).get(POT, 0))
        self.pot = self.pot_start
        self.payments = []
        self.lacks = [0] * n
        self.known = [0] * n
        self.winner = None
        self.run = self.passes = 0
        most = max(h.bit_count() for h in self.hands)
        for seat in (self.next_seat(self.dealer, i + 1) for i in range(n)):
            ante = s.ante + (1 if s.extra_ante and self.hands[seat].bit_count() < most else 0)
            self._pay(seat, -1, ante, _("{player} antes {ante} to the pot", player=self.names[seat], ante=ante))
        self.phase = PLAY
        self.turn = self.next_seat(self.dealer)

    # ------------------------------------------------------------ the rules
    def eligible(self) -> int:
        """Every card that may be played now, whoever holds it."""
        return self.layout.wanted

    def playable(self, seat: int) -> int:
        """The cards ``seat`` may play now: those it holds that the layout takes."""
        return self.hands[seat] & self.eligible()

    def opening_rank(self) -> int | None:
        """The rank that opens a suit (the seven), for the pass penalties; ``None`` if none."""
        return self.layout.start_rank

    def place(self, seat: int, card: int) -> None:
        """Put a played card on the layout."""
        self.layout.play(card)

    def turn_after_play(self, seat: int, card: int) -> int:
        """Who plays after ``seat`` played ``card`` (Fan-Tan: always the next seat)."""
        return self.next_seat(seat)

    def unable_word(self) -> str:
        """The action of a player who cannot play."""
        return "pass"

    def not_buildable(self, card: int) -> str:
        """Why ``card``, held, does not go on the layout now (the variant's building rule in words)."""
        s = self.pack.suit[card]
        if not self.layout.is_open(s):
            return (f"a suit is opened only by its {RANK_NAMES[self.opening_rank() or 7]} "
                    "('Any player in turn may play a seven')")
        return ("cards are built in suit, down from the seven to the ace and up to the king, one rank at a time "
                "('a card in next higher rank on the eight pile or ... next lower rank on the six pile')")

    # --------------------------------------------------------------- playing
    def options_play(self, seat: int) -> Iterable[str]:
        """The cards in hand, a pass and a draw."""
        yield from self.card_codes(self.hands[seat])
        yield from UNABLE

    def legal_play(self, seat: int) -> list[str]:
        """The playable cards and the word :meth:`check_play` allows without a card (the hot path)."""
        able = self.playable(seat)
        acts = self.card_codes(able)
        for word in UNABLE:
            if self._why_not_unable(word, able) is None:
                acts.append(word)
        return acts

    def check_play(self, seat: int, action: str) -> str | None:
        """The rule of a turn: a card the layout takes, else a pass (or a draw) when allowed."""
        if action in UNABLE:
            return self._why_not_unable(action, self.playable(seat))
        try:
            code = parse_code(action)
        except CardError:
            return _("play a card code such as '7S', or pass when you cannot play")
        return self.why_card(seat, code)

    def why_card(self, seat: int, code: str) -> str | None:
        c = self.pack.parse_in(code, self.hands[seat])
        if c is None:
            return _("you do not hold {code}", code=code)
        return None if self.playable(seat) >> c & 1 else self.not_buildable(c)

    def _why_not_unable(self, word: str, able: int) -> str | None:
        """Whether the seat to play, able to play the cards ``able``, may pass (``word`` ``pass``) or pay and
        draw (``draw``) now, as a reason."""
        if able:
            if word == "pass" and self.setup.penalised:
                if self.passes < self.players - 1:
                    return None
                return (_("everyone else has passed since the last card was played: a player able to play must now "
                          "play, so that the deal ends"))
            if self.setup.penalised:
                return _("a player able to play does not draw; he plays, or passes at the penalty")
            return (_("a player with an eligible card must play it; passing while able, at the book's penalty, "
                      "needs the option penalised_passes"))
        if word == self.unable_word():
            return None
        if word == "pass":
            return _("you cannot play: draw from the stock (pay a chip and draw until able to play)")
        if self.stock_cards:
            return _("with the stock exhausted the hands are played out: pass")
        return _("there is no stock to draw from in this game: a player who cannot play passes")

    def apply_play(self, seat: int, action: str) -> None:
        if action in UNABLE:
            self._pass(seat, action)
            return
        c = self.find_card(action, self.hands[seat])
        bit = 1 << c
        self.hands[seat] &= ~bit
        self.known[seat] &= ~bit
        self.passes = 0
        self.place(seat, c)
        if not self.hands[seat]:
            # "no one being permitted to play after the winner has put down his last card"
            self.winner = seat
            self.end()
            return
        self.turn = self.turn_after_play(seat, c)

    def _pass(self, seat: int, action: str) -> None:
        able = self.playable(seat)
        if able:
            self._penalty(seat, able)
        else:
            self.lacks[seat] |= self.eligible()
            self._pay(seat, -1, 1, _("{player} cannot play and pays 1 chip to the pot before drawing from the stock",
                                     player=self.names[seat]) if action == "draw" else
                      _("{player} cannot play and pays 1 chip to the pot", player=self.names[seat]))
        if action == "draw":
            # Domino Fan-Tan: "draws the top card of the stock ... This continues until he is able to play."
            self.hands[seat] |= 1 << self.stock.pop()
            self.lacks[seat] = 0
            return
        self.run = 0
        self.passes += 1
        self.turn = self.next_seat(seat)

    def _penalty(self, seat: int, able: int) -> None:
        names = self.names
        self._pay(seat, -1, 3, _("{player} passes holding an eligible card: 3 chips penalty to the pot",
                                 player=names[seat]))
        if self.setup.pass_chip:
            self._pay(seat, -1, 1, _("{player} also pays the chip for passing", player=names[seat]))
        r = self.opening_rank()
        if r is None:
            return
        lay, pack, hand = self.layout, self.pack, self.hands[seat]
        for c in bits(able):
            if pack.rank[c] != r:
                continue
            s = pack.suit[c]
            self.known[seat] |= 1 << c
            for step in (-1, 1):
                p = lay.pos[c] + step
                while 0 <= p < lay.span and hand & lay.cards_at(s, p):
                    self.known[seat] |= hand & lay.cards_at(s, p)
                    p += step
                if not 0 <= p < lay.span:
                    continue
                nxt = lay.cards_at(s, p)
                holder = next((h for h in range(self.players) if self.hands[h] & nxt), None)
                if holder is None:
                    continue  # the card is in the stock: no holder to pay (FT-GAP-2)
                self.known[holder] |= nxt
                self._pay(seat, holder, 5, _("{player} did not play the {RANK_NAMES} of {suit}: 5 chips to "
                                             "{player2}, who holds {code}", player=names[seat],
                                             RANK_NAMES=RANK_NAMES[r], suit=SUIT_NAMES[s], player2=names[holder],
                                             code=pack.code((nxt & -nxt).bit_length() - 1)))

    def _pay(self, payer: int, payee: int, chips: int, line: str) -> None:
        self.payments.append((payer, payee, chips, line))
        if payee < 0:
            self.pot += chips

    # ---------------------------------------------- knowledge a bot may ask for
    def new_layout(self) -> Layout:
        """An empty layout of this configuration (to replay the public play on)."""
        return self.setup.layout.copy()

    def begins_suit(self) -> bool:
        """Whether the next card played begins a suit of the player's choice (Play or Pay)."""
        return False

    # ----------------------------------------------------------- settlement
    def _settle(self) -> Settlement:
        names = self.names
        led = Ledger(self.players, {POT: self.pot_start}, names=names)
        for payer, payee, chips, line in self.payments:
            if payee < 0:
                led.to_pool(payer, POT, chips, line)
            else:
                led.pay(payer, payee, chips, line)
        w = self.winner
        if w is None:
            led.note(_("nobody went out"))
            return led.settlement()
        led.from_pool(w, POT, None, _("{player} goes out first and takes the pot of {get}", player=names[w],
                                      get=led.pools.get(POT, 0)))
        for s in range(self.players):
            left = self.hands[s].bit_count()
            if s != w and left:
                led.pay(s, w, left, _("{player} pays {player2} {left} for the cards left in hand", player=names[s],
                                      player2=names[w], left=left))
        return led.settlement()

    def _carry(self) -> dict[str, Any] | None:
        pot = self.result().pools.get(POT, 0)
        return {"pools": {POT: pot}} if pot else None

    # ------------------------------------------------------------ words, views
    def label(self, action: str) -> str:
        if action == "draw":
            return _("Pay a chip and draw from the stock")
        return action_label(action)

    def status(self, seat: int | None) -> str:
        if self.winner is not None:
            return _("{player} is out and wins", player=self.names[self.winner])
        return _("{player} to play; the pot holds {pot}", player=self.names[self.turn or 0], pot=self.pot)

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {"layout": self.layout.view(), "pools": {POT: self.pot},
                             "paid": [sum(p[2] for p in self.payments if p[0] == s) for s in range(self.players)],
                             "known": {str(s): self.card_codes(m) for s, m in enumerate(self.known) if m}}
        if self.stock_cards:
            v["stock_size"] = len(self.stock)
        return v

    # ------------------------------------------------------ hidden information
    def _hidden_zones(self, viewer: int) -> list[Zone]:
        zones = [Zone(("hand", s), self.hands[s], fixed=self.known[s] & self.hands[s], allowed=~self.lacks[s])
                 for s in range(self.players) if s != viewer]
        if self.stock:
            zones.append(Zone("stock", sum(1 << c for c in self.stock)))
        return zones

    def _zones(self) -> dict[str, int]:
        return {**super()._zones(), "layout": self.layout.played}


class PlayOrPay(FanTan):
    """Play or Pay: any first card, built upward round the corner; a chip a card for runs; pay when unable.

    Seed 004: "The player at dealer's left begins with any card, not necessarily a seven. The players
    following in turn must build higher in sequence on that card." See the module text.
    """

    id = "play-or-pay"
    name = "Play or Pay"
    aliases = ()
    source = f"{SEED}, Play or Pay (heading lost); docs/decisions.md"
    layout_args = {"ace_low": True, "up": True, "wrap": True}
    option_specs = (
        *FanTan.option_specs,
        Option("run_bonus", str, "after_first", ("after_first", "every_card", "none"),
               doc=_("chips from each other player for a run: each card after the first, every card of a run of "
                     "two or more, or none"),
               source=f"{SEED}: 'collecting a chip from each other player for each card played'; PP-GAP-1"),
    )
    view_keys = (
        *FanTan.view_keys,
        Key("active_suit", Kind.SUIT, "the suit being built (None: the next card begins a new suit)", null=True),
    )

    active: int
    """The suit being built (-1: the next card begins a new suit)."""

    @classmethod
    def configure(cls, game: Game) -> FanTanSetup:
        return replace(super().configure(game), run_bonus=game.options.run_bonus)

    def _start(self, order: list[int]) -> None:
        self.active = -1
        super()._start(order)

    def eligible(self) -> int:
        if self.active < 0:
            return self.pack.full  # "begins with any card" / "privileged to play a card to begin a new suit"
        return self.layout.extensions(self.active)

    def opening_rank(self) -> int | None:
        return None

    def begins_suit(self) -> bool:
        return self.active < 0

    def place(self, seat: int, card: int) -> None:
        s = self.pack.suit[card]
        if self.active < 0:
            self.layout.start(card)
            self.active = s
            self.run = 0
        else:
            self.layout.play(card)
        self.run += 1
        bonus = self.setup.run_bonus
        due = {"after_first": 1 if self.run >= 2 else 0, "none": 0,
               "every_card": 2 if self.run == 2 else 1 if self.run > 2 else 0}[bonus]
        if due:
            for other in range(self.players):
                if other != seat:
                    self._pay(other, seat, due, _("{player} pays {player2} {due} for a card played in sequence",
                                                  player=self.names[other], player2=self.names[seat], due=due))

    def turn_after_play(self, seat: int, card: int) -> int:
        s = self.pack.suit[card]
        if self.layout.complete(s):
            self.active = -1  # "The player who plays the last card of a suit is then privileged ..."
            self.run = 0
            return seat
        if self.hands[seat] & self.layout.extensions(s):
            return seat  # "If a player holds more than one card in sequence, he continues to play"
        self.run = 0
        return self.next_seat(seat)

    def not_buildable(self, card: int) -> str:
        need = self.pack.codes(self.eligible())
        return _("build upward in sequence on the {suit} ('The players following in turn must build higher in "
                 "sequence on that card'); the next card is {cards}", suit=SUIT_NAMES[self.active],
                 cards=" or ".join(need))

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v["active_suit"] = SUITS[self.active] if self.active >= 0 else None
        return v


FIVES_NINES = sum(1 << c for c in range(52) if PACK_52.rank[c] in (5, 9))
"""The fives and nines of the 52-card pack."""


class FiveOrNine(FanTan):
    """Five or Nine (Domino Whist): the first card must be a five or a nine, and that rank opens every suit.

    Seed 004: "the first card played must be a five or a nine. The first card played determines rank or
    layout for that deal." See the module text.
    """

    id = "five-or-nine"
    name = "Five or Nine"
    aliases = ("domino-whist",)
    source = f"{SEED}, 'Five or Nine'; docs/decisions.md"
    layout_args = {"ace_low": True, "up": True, "down": True}

    def eligible(self) -> int:
        if self.layout.start_rank is None:
            return FIVES_NINES  # "the first card played must be a five or a nine"
        return self.layout.wanted

    def place(self, seat: int, card: int) -> None:
        if self.layout.start_rank is None:
            self.layout.set_start_rank(self.pack.rank[card])  # "The first card played determines rank"
        self.layout.play(card)

    def not_buildable(self, card: int) -> str:
        if self.layout.start_rank is None:
            return "the first card played must be a five or a nine"
        r = RANK_NAMES[self.layout.start_rank]
        if not self.layout.is_open(self.pack.suit[card]):
            return f"a suit is opened only by its {r}, the rank the first card set"
        return f"cards are built in suit, up from the {r} to the king and down to the ace, one rank at a time"


class DominoFanTan(FanTan):
    """Domino Fan-Tan: two players, 17 cards each, drawing from the stock (a chip a card) until able to play.

    See the module text.
    """

    id = "domino-fan-tan"
    name = "Domino Fan-Tan"
    aliases = ()
    min_players, max_players, default_players = 2, 2, 2
    source = f"{SEED}, 'Domino Fan-Tan'; docs/decisions.md"
    stock_cards = True
    option_specs = tuple(o for o in FanTan.option_specs if o.name != "short_hand_extra_ante")
    fixed_options = {"short_hand_extra_ante": False}  # "Each player is dealt 17 cards": no short hands

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("draw"), ActionForm("pass"),
    )
    # -- end of the declaration

    @classmethod
    def plan(cls, options: Options) -> DealPlan:
        """Seventeen cards each, one at a time; the rest is the stock."""
        return DealPlan(rounds=(1,) * 17)

    def unable_word(self) -> str:
        return "draw" if self.stock else "pass"


GAMES = (FanTan, PlayOrPay, FiveOrNine, DominoFanTan)
