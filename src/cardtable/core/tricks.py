"""Trick-taking, written once: how cards rank, what must be played, who wins.

:class:`TrickRules` is built for one trump suit from two per-card tables — the
*effective suit* (Pam, the ace of hearts, Schafkopf's queens and jacks belong to the
trump suit) and the *power* within that suit — and from the obligations as flags:
follow suit, head the trick, trump when void, overtrump, trump even when able to
follow, and cards exempt from following (Spoil Five's reneging).

>>> from cardtable.core.cards import PACK_52
>>> r = TrickRules(PACK_52, trump=1, head=True, trump_when_void=True, overtrump=True)
>>> hand = PACK_52.mask("KS 3S 2H 9H")
>>> PACK_52.codes(r.plays(hand, [PACK_52.parse("QS")]))   # follow and head: only the king
['KS']
>>> PACK_52.codes(r.plays(hand, [PACK_52.parse("QD")]))   # void in diamonds: must trump
['2H', '9H']
>>> r.winner([PACK_52.parse(c) for c in ("QD", "AD", "2H")])   # the trump wins
2
>>> r.why(hand, [PACK_52.parse("QS")], PACK_52.parse("3S"))   # the reason comes from the same rule
'you must head the trick (play a higher card of the led suit) when you can'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, cast

from .cards import NO_SUIT, SUIT_NAMES, SUITS, Pack, bits
from .deal import Deal, Zone
from .i18n import _
from .options import Option
from .views import BASE_KEYS, TRICK_KEYS

__all__ = ["CLAIM", "CLAIMS", "CLAIM_REFUSED", "CONCEDE", "TrickDeal", "TrickRules"]

CLAIM, CONCEDE = "claim", "concede"
"""The actions of a claim of the rest of the tricks and of a concession of them (``claims`` option on)."""

CLAIMS = Option(
    "claims", bool, False,
    doc=_("players may claim the rest of the tricks, or concede them, when it is their turn to lead; their hand is "
          "then shown to all, and a claim stands only if no way the others could play would beat it"),
    source="docs/decisions.md 'Claims and concessions' (ENGINE DEFAULT: off)")
"""The option a trick game lists (in its ``option_specs``) to offer claims and concessions."""

CLAIM_REFUSED = "the claim does not hold against every way the others could play; play on"
"""The reason a claim is refused: it names no card the claimant may not see."""

CLAIM_TOO_EARLY = ("with this many cards still to play the claim cannot be checked against every way the others "
                   "could play; play on a trick or two and claim then")

CLAIM_SEARCH_LIMIT = 6_000
"""The most moves the check of a claim tries (a claim made so early that it needs more is refused)."""


def _owner(method: Any) -> str:
    """The class that defines ``method`` (by its qualified name, which a compiled method keeps too)."""
    return str(getattr(method, "__qualname__", "")).rpartition(".")[0]


class _TooMany(Exception):
    """The check of a claim needs more moves than :data:`CLAIM_SEARCH_LIMIT`."""


_BIT: tuple[int, ...] = tuple(1 << i for i in range(256))
"""``1 << c`` for every card index (a table, so that a compiled build may hold ``c`` as a C integer)."""

_PLAIN: dict[Pack, TrickRules] = {}


def _plain_rules(pack: Pack) -> TrickRules:  # compiled
    """Following suit without trumps: a trick deal's rules until its play begins (one per pack)."""
    got = _PLAIN.get(pack)
    if got is None:
        got = _PLAIN[pack] = TrickRules(pack)
    return got


# What limited the cards that may be played to a trick (TrickRules.obligation), for the reason given.
FREE, FOLLOW, HEAD, TRUMP = range(4)


class TrickRules:  # compiled
    """Ranking and obligations of trick play for one trump suit (``None``: no trumps).

    suit_of: effective suit of each card (default: printed suit; jokers count as trumps).
    power: strength of each card within its effective suit (default: rank, ace high).
    follow: must follow the led suit if able.
    head: when following, must beat the best card of the led suit if able (not once trumped).
    trump_when_void: unable to follow, must trump if able.
    overtrump: when trumping a trumped trick, must beat the best trump if able.
    undertrump_required: unable to overtrump, must still play a trump (else free).
    trump_anytime: may trump even when able to follow a plain suit (Spoil Five family).
    exempt: ``exempt(led_card, hand)`` gives the cards of the led suit that need not follow.
    """

    pack: Pack
    trump: int | None
    suit_of: list[int]
    power: list[int]
    suit_mask: list[int]
    trump_mask: int
    follow: bool
    head: bool
    trump_when_void: bool
    overtrump: bool
    undertrump_required: bool
    trump_anytime: bool
    exempt: Callable[[int, int], int] | None
    plain: bool

    def __init__(self, pack: Pack, trump: int | None = None, *, suit_of: Sequence[int] | None = None,
                 power: Sequence[int] | None = None, follow: bool = True, head: bool = False,
                 trump_when_void: bool = False, overtrump: bool = False, undertrump_required: bool = True,
                 trump_anytime: bool = False, exempt: Callable[[int, int], int] | None = None) -> None:
        self.pack = pack
        self.trump = trump
        if suit_of is None:
            suit_of = [trump if s == NO_SUIT and trump is not None else s for s in pack.suit]
        self.suit_of = list(suit_of)
        self.power = list(pack.rank if power is None else power)
        self.suit_mask = [0] * 5
        for c, s in enumerate(self.suit_of):
            self.suit_mask[s] |= 1 << c
        self.trump_mask = self.suit_mask[trump] if trump is not None else 0
        self.follow, self.head = follow, head
        self.trump_when_void, self.overtrump = trump_when_void, overtrump
        self.undertrump_required, self.trump_anytime = undertrump_required, trump_anytime
        self.exempt = exempt
        self.plain = follow and not (head or trump_when_void or trump_anytime or exempt)
        """Follow suit if able, else play anything: the commonest obligation, given a fast path."""

    @staticmethod
    @cache
    def standard(pack: Pack, trump: int | None) -> TrickRules:
        """Shared rules for plain must-follow play with ``trump`` (built once per pack and trump)."""
        return TrickRules(pack, trump)

    def beats(self, card: int, best: int, led: int) -> bool:  # compiled
        """Does ``card`` beat ``best`` in a trick whose led effective suit is ``led``?"""
        s, bs = self.suit_of[card], self.suit_of[best]
        if s == bs:
            return self.power[card] > self.power[best]
        return s == self.trump

    def winner(self, cards: Sequence[int]) -> int:  # compiled
        """Index (in play order) of the card that wins the trick."""
        led = self.suit_of[cards[0]]
        best = 0
        for i in range(1, len(cards)):
            if self.beats(cards[i], cards[best], led):
                best = i
        return best

    def _stronger(self, hand: int, best: int) -> int:
        """The cards of ``hand`` in ``best``'s effective suit that beat it."""
        s, p, power = self.suit_of[best], self.power[best], self.power
        return sum(1 << c for c in bits(hand & self.suit_mask[s]) if power[c] > p)

    def obligation(self, hand: int, trick: Sequence[int],
                   best_i: int | None = None) -> tuple[int, int]:  # compiled
        """The cards of ``hand`` that may be played to ``trick`` (lead rules aside), and which obligation
        limits them (``FREE``, ``FOLLOW``, ``HEAD`` or ``TRUMP``): the one rule behind :meth:`plays` and
        :meth:`why`. ``best_i``: the index of the winning card so far, when the caller keeps it."""
        if not trick:
            return hand, FREE
        led = self.suit_of[trick[0]]
        best = trick[self.winner(trick) if best_i is None else best_i]
        follow = hand & self.suit_mask[led]
        if follow and self.follow:
            obliged = follow & ~self.exempt(trick[0], hand) if self.exempt else follow
            if not obliged:
                return hand, FREE
            allowed, rule = follow, FOLLOW
            if self.head and self.suit_of[best] == led:
                beaters = self._stronger(follow, best)
                if beaters:
                    allowed, rule = beaters, HEAD
            if self.trump_anytime and led != self.trump:
                allowed |= hand & self.trump_mask
            return allowed, rule
        trumps = hand & self.trump_mask
        if self.trump_when_void and trumps and led != self.trump:
            if self.overtrump and self.suit_of[best] == self.trump:
                over = self._stronger(trumps, best)
                if over:
                    return over, TRUMP
                return (trumps, TRUMP) if self.undertrump_required else (hand, FREE)
            return trumps, TRUMP
        return hand, FREE

    def plays(self, hand: int, trick: Sequence[int], best_i: int | None = None) -> int:  # compiled
        """Mask of the cards of ``hand`` that may be played to ``trick`` (lead rules aside).

        ``best_i``: the index of the winning card so far, when the caller keeps it.
        """
        if not trick:
            return hand
        if self.plain:  # follow suit if able: the obligation's commonest case, answered at once
            return hand & self.suit_mask[self.suit_of[trick[0]]] or hand
        return self.obligation(hand, trick, best_i)[0]

    def why(self, hand: int, trick: Sequence[int], card: int, best_i: int | None = None) -> str | None:
        """``None`` if ``card`` (in ``hand``) may be played to ``trick``, else the obligation it breaks, in words."""
        allowed, rule = self.obligation(hand, trick, best_i)
        if allowed >> card & 1:
            return None
        led = self.suit_of[trick[0]]
        if rule in (FOLLOW, HEAD) and self.suit_of[card] != led:
            what = _("trumps") if led == self.trump else (*SUIT_NAMES, _("jokers"))[led]
            if self.trump_anytime and led != self.trump and self.trump is not None:
                return _("you must follow suit ({suit} were led) or trump", suit=what)
            return _("you must follow suit ({suit} were led)", suit=what)
        if rule == HEAD:
            return _("you must head the trick (play a higher card of the led suit) when you can")
        return _("unable to follow, you must trump (and overtrump a trumped trick) when you can")

    def voids_shown(self, hand_before: int, trick: Sequence[int], card: int,
                    heading: bool = False) -> int:  # compiled
        """Cards a player is shown not to hold by playing ``card`` to ``trick`` (for sampling).

        ``heading``: read the duties to head and to overtrump as well: a card weaker than the best of its suit
        shows that no stronger card of that suit was held (unable to overtrump, a player free to discard
        shows only that he held no stronger trump). Without it, only a renounce is read.

        >>> from cardtable.core.cards import PACK_52
        >>> r = TrickRules(PACK_52, trump=1, head=True, trump_when_void=True, overtrump=True)
        >>> hand, trick = PACK_52.mask("3S 2H"), [PACK_52.parse("QS")]
        >>> r.voids_shown(hand, trick, PACK_52.parse("3S")), PACK_52.codes(r.voids_shown(hand, trick,
        ...     PACK_52.parse("3S"), heading=True))
        (0, ['KS', 'AS'])
        """
        if not trick or not self.follow:
            return 0
        led, suit = self.suit_of[trick[0]], self.suit_of[card]
        if suit == led:
            if heading and self.head:
                best = trick[self.winner(trick)]
                if self.suit_of[best] == led and self.power[card] < self.power[best]:
                    return self._stronger(self.suit_mask[led], best)
            return 0
        if self.trump_anytime and suit == self.trump:
            return 0
        shown = self.suit_mask[led]
        if self.exempt:
            shown &= ~self.exempt(trick[0], hand_before)
        if self.trump_when_void and led != self.trump:
            if heading and self.overtrump:
                best = trick[self.winner(trick)]
                if self.suit_of[best] == self.trump:
                    if suit != self.trump:  # a discard on a trumped trick
                        return shown | (self.trump_mask if self.undertrump_required
                                         else self._stronger(self.trump_mask, best))
                    if self.power[card] < self.power[best]:  # an undertrump: unable to overtrump
                        shown |= self._stronger(self.trump_mask, best)
                    return shown
            if suit != self.trump:
                shown |= self.trump_mask
        return shown


class TrickDeal(Deal):  # compiled
    """A deal with a trick-play phase: the trick, tricks won, voids shown, last trick.

    A game calls :meth:`start_play` once the contract is known, supplies :meth:`lead_mask` for its lead
    obligations, and reacts in :meth:`trick_done`. A phase listed in ``card_phases`` is played by the core:
    its legal actions are :meth:`play_mask`'s cards, the reason for any other card comes from
    :meth:`why_card` (the trick rules' own :meth:`TrickRules.why`), and playing one is :meth:`_play_index`.
    """

    core_view_keys = (*BASE_KEYS, *TRICK_KEYS)

    rules: TrickRules
    """The contract's trick rules (before the play: plain following without trumps)."""
    best_i: int
    best_by: TrickRules | None
    played: int
    leader: int | None
    in_play: list[int]
    trick: list[int]
    trick_seats: list[int]
    last_trick: list[tuple[int, int]]
    tricks_won: list[int]
    won: list[int]
    voids: list[int]
    play_phase: str
    """The phase of the trick play (given to :meth:`start_play`): where claims are offered."""
    claimed_by: int
    """The seat that last claimed or conceded the rest of the tricks (-1: nobody)."""
    claim_hand: int
    """The hand that seat showed to all as it claimed or conceded."""
    claim_word: str
    """What it said: ``claim``, ``concede`` (or a game's own, such as Schafkopf's ``claim game``)."""

    def _init_fields(self) -> None:  # compiled; cdef
        n = self.players
        self.play_phase, self.claimed_by, self.claim_hand, self.claim_word = "", -1, 0, ""
        self.rules = _plain_rules(self.pack)
        self.trick, self.trick_seats, self.best_i, self.best_by = [], [], 0, None
        self.last_trick, self.tricks_won, self.won, self.played = [], [0] * n, [0] * n, 0
        self.voids, self.leader, self.in_play = [0] * n, None, list(range(n))

    def start_play(self, rules: TrickRules, leader: int, phase: str = "play") -> None:
        """Begin the play of the cards with ``leader`` to lead (the trick fields start afresh)."""
        self._init_fields()
        self.rules = rules
        self.phase = phase
        self.play_phase = phase
        self.leader = leader
        self.turn = leader

    @property
    def play_started(self) -> bool:
        """Whether the play of the cards has begun (:meth:`start_play`)."""
        return self.leader is not None

    def ranking(self) -> TrickRules | None:
        """The trick rules by which the cards rank now, for showing a hand in order: the contract's, once trumps
        are known or the play has begun (``None`` before)."""
        rules = self.rules
        return rules if rules.trump is not None or self.phase == "play" else None

    def lead_mask(self, seat: int) -> int:  # compiled
        """Cards ``seat`` may lead (default: any)."""
        return self.hands[seat]

    def play_mask(self, seat: int) -> int:  # compiled
        """Cards ``seat`` may play now."""
        if not self.trick:
            return self.lead_mask(seat)
        rules = self.rules
        return rules.plays(self.hands[seat], self.trick, self.best_i if self.best_by is rules else None)

    def why_card(self, seat: int, code: str) -> str | None:
        """``None`` if ``seat`` may play ``code`` now, else the rule it breaks: the trick rules' own reason
        (:meth:`TrickRules.why`), or the game's lead obligation (:meth:`lead_rule_text`)."""
        c = self.pack.parse_in(code, self.hands[seat]) if len(code) == 2 else None
        if c is None:
            if len(code) == 2:
                return _("{code} is not a card in your hand", code=code)
            return _("play a card from your hand")
        if self.play_mask(seat) >> c & 1:
            return None
        if not self.trick:
            return self.lead_rule_text()
        return self.rules.why(self.hands[seat], self.trick, c, self.best_i if self.best_by is self.rules else None) \
            or self.lead_rule_text()

    def legal_cards(self) -> list[str]:
        """The legal card plays as codes, in display order, one per distinct code."""
        seat = self.turn
        assert seat is not None
        pack = self.pack
        codes = pack.display_codes(self.play_mask(seat))
        return list(dict.fromkeys(codes)) if pack.has_duplicates else list(codes)

    def on_first_lead(self, seat: int, card: int) -> None:
        """Called as ``seat`` leads ``card`` to the first trick of the play, before it is played (Nap's
        first lead names trumps here); the default does nothing."""

    def lead_rule_text(self) -> str:
        """Words for the game's lead obligation (shown when an illegal lead is tried)."""
        return "that card may not be played now"

    def play_card(self, seat: int, code: str) -> None:
        """Play the card with ``code`` from ``seat``'s hand; finish the trick when complete."""
        self._play_index(seat, self.find_card(code, self.hands[seat]))

    def _play_index(self, seat: int, c: int) -> None:  # compiled; cdef; seat c n players step as Py_ssize_t
        """Play card index ``c`` (known legal) from ``seat``'s hand; finish the trick when complete.

        The winning card so far is kept as the trick grows (``best_i``, valid for ``best_by``).
        """
        hands = self.hands
        hand = hands[seat]
        trick = self.trick
        if not trick and not self.played:
            self.on_first_lead(seat, c)
        rules = self.rules
        if trick:
            led = rules.suit_of[trick[0]]
            if rules.suit_of[c] != led:  # following shows no void
                self.voids[seat] |= rules.suit_mask[led] if rules.plain else rules.voids_shown(hand, trick, c)
            if self.best_by is not rules:
                self.best_i, self.best_by = rules.winner(trick), rules
            best = trick[self.best_i]
            if type(rules) is TrickRules:  # rules.beats, inlined
                suit_of = rules.suit_of
                s, bs = suit_of[c], suit_of[best]
                beats = rules.power[c] > rules.power[best] if s == bs else s == rules.trump
            else:
                beats = rules.beats(c, best, led)
            if beats:
                self.best_i = len(trick)
        else:
            self.best_i, self.best_by = 0, rules
        bit = _BIT[c]
        hands[seat] = hand & ~bit
        self.played |= bit
        trick.append(c)
        self.trick_seats.append(seat)
        n = len(self.in_play)
        if len(trick) < n:
            players = self.players
            step = self.direction
            self.turn = (seat + step) % players if n == players else self.next_in_play(seat)
            return
        bi = self.best_i if self.best_by is self.rules else self.rules.winner(trick)
        winner = self.trick_seats[bi]
        self._events.append((len(self.history), "won", winner, self.pack.code_of[trick[bi]], bi, None, None))
        self.tricks_won[winner] += 1
        m = 0
        for x in trick:
            m |= 1 << x
        self.won[winner] |= m
        self.last_trick = list(zip(self.trick_seats, trick))
        self.trick, self.trick_seats = [], []
        self.best_by = None
        self.leader = winner
        self.turn = winner
        self.trick_done(winner)

    def next_in_play(self, seat: int) -> int:
        """The next seat still in the play after ``seat``."""
        s = self.next_seat(seat)
        while s not in self.in_play:
            s = self.next_seat(s)
        return s

    def trick_done(self, winner: int) -> None:
        """Called after each trick; end the deal (:meth:`end`) when it is over. Default: when the hands are empty."""
        if not any(self.hands[s] for s in self.in_play):
            self.turn = None

    def trick_view(self) -> dict[str, Any]:
        """The public part of trick play for views (:data:`~cardtable.core.views.TRICK_KEYS`)."""
        v: dict[str, Any] = {}
        if self.phase in ("play", "done") and self.play_started:
            code = self.pack.code
            t = self.rules.trump
            v = {
                "trump": None if t is None else SUITS[t],
                "trick": [[s, code(c)] for s, c in zip(self.trick_seats, self.trick)],
                "last_trick": [[s, code(c)] for s, c in self.last_trick],
                "tricks_won": list(self.tricks_won),
                "leader": self.leader,
            }
        if self.claimed_by >= 0:  # the hand shown to all as its holder claimed or conceded
            v["claim"] = {"seat": self.claimed_by, "action": self.claim_word,
                          "hand": self.card_codes(self.claim_hand)}
        return v

    # ------------------------------------------------------------ claims and concessions
    def claim_options(self, seat: int) -> tuple[str, ...]:
        """At the start of a trick, to the seat to lead while it holds two cards or more (the last card is
        simply played): ``claim`` (the rest of the tricks), and ``concede`` where the others in the play are
        one side, who would take them."""
        if self.trick or self.phase != self.play_phase or seat != self.turn or self.hands[seat].bit_count() < 2:
            return ()
        if len(self._other_sides(seat)) == 1:
            return (CLAIM, CONCEDE)
        return (CLAIM,)

    def claim_unavailable(self, seat: int, action: str) -> str | None:
        if action not in (CLAIM, CONCEDE) or not self.play_phase or self.phase != self.play_phase:
            return None
        if not self._claims:
            return _("claiming or conceding the rest of the tricks is not played at this table (the game's claims "
                     "option)")
        if self.trick or not self.hands[seat]:
            return _("you may claim or concede the rest of the tricks only at the start of a trick, when you lead")
        if self.hands[seat].bit_count() < 2:
            return _("with one card left there is nothing to claim or concede: play it")
        return _("there is no one side to concede the rest of the tricks to: each plays for himself")

    def _other_sides(self, seat: int) -> dict[int, int]:
        """The sides in the play other than ``seat``'s, each with its first seat after ``seat`` in play order."""
        mine, s = self.side(seat), seat
        out: dict[int, int] = {}
        for _x in range(self.players):
            s = self.next_seat(s)
            if s in self.in_play and self.side(s) != mine:
                out.setdefault(self.side(s), s)
        return out

    def claim_refusal(self, seat: int, action: str) -> str | None:
        """A claim stands only if ``seat``'s side wins every trick still to be played (loses every one, when it
        is not trying to win tricks) whatever the others play: checked against every way they could play
        (:meth:`claim_holds`). A concession always stands."""
        if action != CLAIM:
            return None
        try:
            return None if self.claim_holds(seat) else CLAIM_REFUSED
        except _TooMany:
            return CLAIM_TOO_EARLY

    def claim_holds(self, seat: int) -> bool:
        """Whether ``seat``'s side takes every trick still to be played (none, if ``seat`` is not trying to win
        tricks) however the others play: an exhaustive search in which the claimant chooses his cards and every
        other seat (a partner too) may play any legal card, remembered by position at the start of each trick.
        Raises :class:`_TooMany` past :data:`CLAIM_SEARCH_LIMIT` moves tried."""
        side, want = self.side(seat), self.wants_tricks(seat)
        players = range(self.players)
        against = [s for s in players if (self.side(s) == side) != want]  # a trick won by one breaks the claim
        memo: dict[Any, bool] = {}
        budget = [CLAIM_SEARCH_LIMIT]

        def order(d: TrickDeal, acts: list[str]) -> list[str]:
            # Strong cards first: the claimant's likeliest winners, the others' likeliest refutations.
            r, index = d.rules, d.pack.index_of
            trump = r.trump

            def strength(a: str) -> tuple[int, int]:
                c = index.get(a)
                return (0, 0) if c is None else (r.suit_of[c] == trump, r.power[c])
            return sorted(acts, key=strength, reverse=True)

        def holds(d: TrickDeal) -> bool:
            if d.turn is None:
                return True
            key = None
            if not d.trick:
                if want and d.turn == seat and d.unbeatable(seat):
                    return True
                key = (tuple(d.hands), d.turn, str(d.phase), tuple(d.tricks_won), id(d.rules))
                got = memo.get(key)
                if got is not None:
                    return got
            ours = d.turn == seat
            result = not ours  # the claimant needs one good card; every card of every other seat must fail
            for a in order(d, d.distinct_plays(d.legal(claims=False))):
                budget[0] -= 1
                if budget[0] < 0:
                    raise _TooMany
                nxt = cast(TrickDeal, d.clone())
                nxt.act(a)
                good = all(nxt.tricks_won[s] == d.tricks_won[s] for s in against) and holds(nxt)
                if good == ours:
                    result = good
                    break
            if key is not None:
                memo[key] = result
            return result

        return holds(self)

    def distinct_plays(self, acts: list[str]) -> list[str]:
        """``acts`` with one card of each run of touching cards (the same suit, and no card still in another
        hand or on the trick between them): which of them is played changes no trick's winner. Only where the
        game's obligations look at suits and ranks alone (its own lead and play rules, no reneging)."""
        cls = type(self)
        if _owner(cls.play_mask) != "TrickDeal" or _owner(cls.lead_mask) != "TrickDeal" \
                or self.rules.exempt is not None:
            return acts
        index = self.pack.index_of
        cards = [index.get(a) for a in acts]
        if None in cards or self.pack.has_duplicates:
            return acts
        rules, seat = self.rules, self.turn
        live = 0
        for s in self.in_play:
            if s != seat:
                live |= self.hands[s]
        for c in self.trick:
            live |= 1 << c
        suit_of, power = rules.suit_of, rules.power
        mine = sorted((suit_of[c], power[c], a) for c, a in zip(cards, acts))  # type: ignore[index]
        keep: list[str] = []
        for i, (s, p, a) in enumerate(mine):
            nxt = mine[i + 1] if i + 1 < len(mine) else None
            if nxt is not None and nxt[0] == s and not any(
                    suit_of[x] == s and p < power[x] < nxt[1] for x in bits(live & rules.suit_mask[s])):
                continue  # the next card up is as good: keep that one
            keep.append(a)
        return keep

    def unbeatable(self, seat: int) -> bool:
        """Whether no card left in another hand in the play could beat any of ``seat``'s cards led to a trick
        (``seat`` then wins every trick left from the lead). Only once the first card is played, when the
        trick rules are known (Nap's first lead names trumps)."""
        if not self.played:
            return False
        rules, outside = self.rules, 0
        for s in self.in_play:
            if s != seat:
                outside |= self.hands[s]
        out = list(bits(outside))
        for c in bits(self.hands[seat]):
            led = rules.suit_of[c]
            if any(rules.beats(x, c, led) for x in out):
                return False
        return True

    def apply_claim(self, seat: int, action: str) -> None:
        """Show ``seat``'s hand to all and give the rest of the tricks to its side (a claim that holds) or to
        the others (a concession), as if they were played out: the game's own ending of each trick runs."""
        self.claimed_by, self.claim_hand, self.claim_word = seat, self.hands[seat], action
        others = self._other_sides(seat)
        other = next(iter(others.values())) if others else seat
        takes = (action == CLAIM) == self.wants_tricks(seat)
        self.award_rest(seat if takes else other)

    def award_rest(self, winner: int) -> None:
        """Give every trick still to be played to ``winner``, one at a time (each seat in the play gives a card
        to it), calling :meth:`trick_done` after each, until the deal ends or the game asks something else.
        Which cards make up these tricks is not shown (the last trick shown stays the last one played)."""
        while self.turn is not None and self.phase == self.play_phase and not self.trick:
            s, cards = self.turn, 0
            for _x in range(self.players):
                if s in self.in_play and self.hands[s]:
                    hand = self.hands[s]
                    low = hand & -hand
                    self.hands[s] = hand & ~low
                    cards |= low
                s = self.next_seat(s)
            if not cards:
                break
            self.played |= cards
            self.tricks_won[winner] += 1
            self.won[winner] |= cards
            self.best_by = None
            self.leader = self.turn = winner
            self.trick_done(winner)
        self._legal_cache = None

    def _zones(self) -> dict[str, int]:
        z = super()._zones()
        z["trick"] = sum(1 << c for c in self.trick)
        for s, m in enumerate(self.won):
            z[f"won {s}"] = m
        return z

    def _hidden_zones(self, viewer: int) -> list[Zone]:
        zones = super()._hidden_zones(viewer)
        for z in zones:
            if isinstance(z.key, tuple) and z.key[0] == "hand":
                z.allowed = ~self.voids[z.key[1]]
                if z.key[1] == self.claimed_by:  # shown to all with a claim, and play went on
                    z.fixed = z.cards & self.claim_hand
        return zones
