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
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, ClassVar

from .cards import NO_SUIT, Pack, bits
from .deal import Deal, Zone, _copied

__all__ = ["TrickDeal", "TrickRules"]


_BIT: tuple[int, ...] = tuple(1 << i for i in range(256))
"""``1 << c`` for every card index (a table, so that a compiled build may hold ``c`` as a C integer)."""


class TrickRules:
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

    def __init__(self, pack: Pack, trump: int | None = None, *, suit_of: Sequence[int] | None = None,
                 power: Sequence[int] | None = None, follow: bool = True, head: bool = False,
                 trump_when_void: bool = False, overtrump: bool = False, undertrump_required: bool = True,
                 trump_anytime: bool = False, exempt: Callable[[int, int], int] | None = None) -> None:
        self.pack = pack
        self.trump = trump
        if suit_of is None:
            suit_of = [trump if s == NO_SUIT and trump is not None else s for s in pack.suit]
        self.suit_of: list[int] = list(suit_of)
        self.power: list[int] = list(pack.rank if power is None else power)
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

    def beats(self, card: int, best: int, led: int) -> bool:
        """Does ``card`` beat ``best`` in a trick whose led effective suit is ``led``?"""
        s, bs = self.suit_of[card], self.suit_of[best]
        if s == bs:
            return self.power[card] > self.power[best]
        return s == self.trump

    def winner(self, cards: Sequence[int]) -> int:
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

    def plays(self, hand: int, trick: Sequence[int], best_i: int | None = None) -> int:
        """Mask of the cards of ``hand`` that may be played to ``trick`` (lead rules aside).

        ``best_i``: the index of the winning card so far, when the caller keeps it.
        """
        if not trick:
            return hand
        led = self.suit_of[trick[0]]
        if self.plain:
            return hand & self.suit_mask[led] or hand
        best = trick[self.winner(trick) if best_i is None else best_i]
        follow = hand & self.suit_mask[led]
        if follow and self.follow:
            obliged = follow & ~self.exempt(trick[0], hand) if self.exempt else follow
            if obliged:
                allowed = follow
                if self.head and self.suit_of[best] == led:
                    beaters = self._stronger(follow, best)
                    if beaters:
                        allowed = beaters
                if self.trump_anytime and led != self.trump:
                    allowed |= hand & self.trump_mask
                return allowed
            return hand
        trumps = hand & self.trump_mask
        if self.trump_when_void and trumps and led != self.trump:
            if self.overtrump and self.suit_of[best] == self.trump:
                over = self._stronger(trumps, best)
                if over:
                    return over
                return trumps if self.undertrump_required else hand
            return trumps
        return hand

    def voids_shown(self, hand_before: int, trick: Sequence[int], card: int) -> int:
        """Cards a player is shown not to hold by playing ``card`` to ``trick`` (for sampling)."""
        if not trick or not self.follow:
            return 0
        led = self.suit_of[trick[0]]
        if self.suit_of[card] == led:
            return 0
        if self.trump_anytime and self.suit_of[card] == self.trump:
            return 0
        shown = self.suit_mask[led]
        if self.exempt:
            shown &= ~self.exempt(trick[0], hand_before)
        if self.trump_when_void and led != self.trump and self.suit_of[card] != self.trump:
            shown |= self.trump_mask
        return shown


class TrickDeal(Deal):
    """A deal with a trick-play phase: the trick, tricks won, voids shown, last trick.

    A game calls :meth:`start_play` once the contract is known, supplies
    :meth:`lead_mask` for its lead obligations, and reacts in :meth:`trick_done`.
    """

    rules: TrickRules
    card_phases: ClassVar[tuple[str, ...]] = ()
    """Phases in which the legal actions are exactly :meth:`legal_cards` and applying one is
    :meth:`play_card` (a game declares it; tests/core/test_playout_path.py checks it by replaying
    playouts through the public API). There the playout path draws a card from :meth:`play_mask`
    and plays its index with :meth:`play_index`, building no action text lists."""

    def start_play(self, rules: TrickRules, leader: int) -> None:
        """Begin the play of the cards with ``leader`` to lead."""
        self.rules = rules
        self.phase = "play"
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.best_i: int = 0
        self.best_by: TrickRules | None = None
        self.last_trick: list[tuple[int, int]] = []
        self.tricks_won: list[int] = [0] * self.players
        self.won: list[int] = [0] * self.players
        self.played: int = 0
        self.voids: list[int] = [0] * self.players
        self.leader = leader
        self.turn = leader
        self.in_play: list[int] = list(range(self.players))

    def legal(self) -> list[str]:
        """Every legal action; in :attr:`card_phases`, the playable cards straight from :meth:`play_mask`."""
        lc = self._legal_cache
        if lc is None:
            if self.turn is None:
                return []
            if self.phase in self._card_phases:
                lc = self._legal_cache = self.pack.display_codes(self.play_mask(self.turn))
            else:
                lc = self._legal_cache = self._legal()
        return list(lc)

    def act(self, action: str, seat: int | None = None) -> None:
        """Apply one action (see :meth:`Deal.act`); a card in :attr:`card_phases` goes straight to
        :meth:`play_index`, which is what applying it means there."""
        who = self.turn
        if self.phase in self._card_phases and who is not None and (seat is None or seat == who):
            c = self.pack.index_of.get(action) if isinstance(action, str) else None
            if c is not None:
                lc = self._legal_cache
                if (action in lc) if lc is not None else (self.play_mask(who) >> c & 1):
                    self._legal_cache = None
                    self.history.append((who, action))
                    self._trick_play(who, c)
                    return
        Deal.act(self, action, seat)

    def _copy_fields(self, new: Deal) -> None:
        Deal._copy_fields(self, new)
        t: TrickDeal = new  # type: ignore[assignment]
        t.rules, t.best_i, t.best_by, t.played = self.rules, self.best_i, self.best_by, self.played
        t.leader, t.in_play = self.leader, _copied(self.in_play)
        t.last_trick, t.tricks_won, t.won = _copied(self.last_trick), _copied(self.tricks_won), _copied(self.won)
        t.voids, t.trick, t.trick_seats = _copied(self.voids), _copied(self.trick), _copied(self.trick_seats)

    def side(self, seat: int) -> int:
        """The side ``seat`` plays for (partners share a side); for bots. Default: each for himself."""
        return seat

    def wants_tricks(self, seat: int) -> bool:
        """Whether ``seat`` is trying to win tricks (False for a Misery declarer, say); for bots."""
        return True

    def lead_mask(self, seat: int) -> int:
        """Cards ``seat`` may lead (default: any)."""
        return self.hands[seat]

    def play_mask(self, seat: int) -> int:
        """Cards ``seat`` may play now."""
        if not self.trick:
            return self.lead_mask(seat)
        rules = self.rules
        return rules.plays(self.hands[seat], self.trick, self.best_i if self.best_by is rules else None)

    def legal_cards(self) -> list[str]:
        """The legal card plays as codes, in display order, one per distinct code."""
        seat = self.turn
        assert seat is not None
        pack = self.pack
        codes = pack.display_codes(self.play_mask(seat))
        return list(dict.fromkeys(codes)) if pack.has_duplicates else list(codes)

    def explain_play(self, seat: int, action: str) -> str:
        """The reason a card may not be played (the rule), for ``_explain``."""
        c = self.pack.parse_in(action, self.hands[seat]) if len(action) == 2 else None
        if c is None:
            return f"{action} is not a card in your hand" if len(action) == 2 else "play a card from your hand"
        if self.trick:
            led = self.rules.suit_of[self.trick[0]]
            names = ("spades", "hearts", "diamonds", "clubs", "jokers")
            if self.hands[seat] & self.rules.suit_mask[led] and self.rules.suit_of[c] != led:
                what = "trumps" if led == self.rules.trump else names[led]
                return f"you must follow suit ({what} were led)"
            if self.rules.head and self.rules.suit_of[c] == led:
                return "you must head the trick (play a higher card of the led suit) when you can"
            if self.rules.trump_when_void:
                return "unable to follow, you must trump (and overtrump a trumped trick) when you can"
        return self.lead_rule_text()

    def on_first_lead(self, seat: int, card: int) -> None:
        """Called as ``seat`` leads ``card`` to the first trick of the play, before it is played (Nap's
        first lead names trumps here); the default does nothing."""

    def lead_rule_text(self) -> str:
        """Words for the game's lead obligation (shown when an illegal lead is tried)."""
        return "that card may not be played now"

    def play_card(self, seat: int, code: str) -> None:
        """Play the card with ``code`` from ``seat``'s hand; finish the trick when complete."""
        self._trick_play(seat, self.find_card(code, self.hands[seat]))

    def play_index(self, seat: int, c: int) -> None:
        """Play card index ``c`` (known legal) from ``seat``'s hand; finish the trick when complete.

        The winning card so far is kept as the trick grows (``best_i``, valid for ``best_by``).
        """
        self._trick_play(seat, c)

    def _trick_play(self, seat: int, c: int) -> None:
        """:meth:`play_index` itself (a C function in the compiled build, which the core's own paths call)."""
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
        winner = self.trick_seats[self.best_i if self.best_by is self.rules else self.rules.winner(trick)]
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

    def step_random(self, rng: random.Random) -> str:
        """The playout path; in :attr:`card_phases` it draws a card index from :meth:`play_mask`."""
        if self.phase not in self.card_phases or self.pack.has_duplicates:
            return super().step_random(rng)
        seat = self.turn
        assert seat is not None
        mask = self.play_mask(seat)
        for _ in range(int(rng.random() * mask.bit_count())):
            mask &= mask - 1
        c = (mask & -mask).bit_length() - 1
        code = self.pack.code_of[c]
        self._legal_cache = None
        self.history.append((seat, code))
        self._trick_play(seat, c)
        return code

    def playout(self, rng: random.Random, limit: int = 100_000) -> TrickDeal:
        """Play to the end with uniformly random legal actions (see :meth:`step_random`)."""
        n = 0
        phases = self.card_phases if not self.pack.has_duplicates else ()
        code_of, random_ = self.pack.code_of, rng.random
        while self.turn is not None and n < limit:
            n += 1
            if self.phase not in phases:
                self.step_random(rng)
                continue
            seat = self.turn
            mask = self.play_mask(seat)
            for _ in range(int(random_() * mask.bit_count())):
                mask &= mask - 1
            c = (mask & -mask).bit_length() - 1
            self._legal_cache = None
            self.history.append((seat, code_of[c]))
            self._trick_play(seat, c)
        return self

    def next_in_play(self, seat: int) -> int:
        """The next seat still in the play after ``seat``."""
        s = self.next_seat(seat)
        while s not in self.in_play:
            s = self.next_seat(s)
        return s

    def trick_done(self, winner: int) -> None:
        """Called after each trick; set ``self.turn = None`` to end the deal."""
        if not any(self.hands[s] for s in self.in_play):
            self.turn = None

    def trick_view(self) -> dict[str, Any]:
        """The public part of trick play for views."""
        if self.phase not in ("play", "done") or getattr(self, "rules", None) is None:
            return {}
        code = self.pack.code
        t = self.rules.trump
        return {
            "trump": None if t is None else "SHDC"[t],
            "trick": [[s, code(c)] for s, c in zip(self.trick_seats, self.trick)],
            "last_trick": [[s, code(c)] for s, c in self.last_trick],
            "tricks_won": list(self.tricks_won),
            "leader": self.leader,
        }

    def _zones(self) -> dict[str, int]:
        z = super()._zones()
        if getattr(self, "won", None) is not None:
            z["trick"] = sum(1 << c for c in self.trick)
            for s, m in enumerate(self.won):
                z[f"won {s}"] = m
        return z

    def _hidden_zones(self, viewer: int) -> list[Zone]:
        zones = super()._hidden_zones(viewer)
        if getattr(self, "voids", None) is not None:
            for z in zones:
                if isinstance(z.key, tuple) and z.key[0] == "hand":
                    z.allowed = ~self.voids[z.key[1]]
        return zones
