"""The heuristic bot: rules of thumb for card play, hand strength for declarations, and a small
flat Monte Carlo look-ahead for every other decision.

It sees only what its seat sees: it decides on ``deal.sample(seat, rng)`` — a deal consistent
with the seat's view in which everything hidden is made up — and reads from it only the
seat's own hand and public state (the rules, the trick, the contract).

Card play (any trick game, through the core's TrickRules and the deal's ``side`` /
``wants_tricks`` hooks): win a trick cheaply when an opponent holds it (with the cheapest
winning card when last to play, the strongest otherwise), throw the lowest card when a
partner holds it or it cannot be won; lead the strongest card when seeking tricks; when
avoiding tricks (Misery, Least), play the highest card that still loses. What the game counts
and what each side wants come from the aim the game declares (``deal.aim``,
:mod:`cardtable.core.aims`), not from a list of games: where tricks count card points (Schafkopf,
Solo) the card play is :func:`point_play` — bank points on sure tricks, add points to a partner's
sure trick, throw the fewest points on a lost one; where the tricks played while the stock lasts
count nothing but its top card (German Whist's first half), :func:`prize_play` goes for a prize worth
having as cheaply as it can and loses the others with its lowest card.

Declarations where a bid counts tricks (``bid N``, ``nap`` …): bid on the trick estimate of the
hand (top cards and the length of the longest suit as trumps). The rules of thumb the aim calls for
(:func:`cardtable.bots.heuristics.policy_for`: entering a pool, robbing, stops, layouts, melds,
ace-ten bids) take the decisions they know; every other one is judged by a few playouts of each
option.

>>> import cardtable as ct
>>> d = ct.load("nap", players=4).deal(seed=3)
>>> ct.bots.load("heuristic", seed=1).choose(d, d.turn) in d.legal()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache

from ..core.cards import Pack, bits, is_card_code
from ..core.deal import Deal
from ..core.tricks import TrickDeal
from .heuristics import policy_for

__all__ = ["HeuristicBot", "card_points", "estimate_tricks", "fast_policy", "point_play", "prize_play",
           "trick_play"]


@cache
def _point_table(pack: Pack, points: tuple[tuple[str, int], ...]) -> tuple[int, ...]:
    table = dict(points)
    return tuple(0 if code.startswith("JK") else table.get(code[0], 0) for code in pack.code_of)


def card_points(d: Deal) -> Sequence[int] | None:
    """The card points of every card index of the deal's pack where its aim counts card points, else None."""
    aim = d.aim
    if aim.counts != "card points":
        return None
    return _point_table(d.pack, tuple(sorted(aim.card_points.items())))


def _strength(d: TrickDeal, card: int) -> tuple[int, int]:
    r = d.ranking()
    return (1 if r.suit_of[card] == r.trump else 0, r.power[card])


def trick_play(d: TrickDeal, seat: int, legal: list[str]) -> str:
    """Choose a card in a trick game by rules of thumb (``d`` may be a determinisation)."""
    values = card_points(d)
    if values is not None:
        return point_play(d, seat, legal, values)
    hand = d.hands[seat]
    cards = {}
    for a in legal:
        c = d.pack.parse_in(a, hand)
        if c is not None:
            cards[a] = c
    if not cards:
        return legal[0]
    by_strength = sorted(cards, key=lambda a: _strength(d, cards[a]))
    if d.aim.stock_prize and d.stock:
        return prize_play(d, cards, by_strength)
    want = d.wants_tricks(seat)
    if not d.trick:
        if want:
            return by_strength[-1]
        r = d.ranking()
        plain = [a for a in by_strength if r.suit_of[cards[a]] != r.trump]
        return (plain or by_strength)[0]
    rules = d.ranking()
    trick = d.trick
    best_i = rules.winner(trick)
    best = trick[best_i]
    led = rules.suit_of[trick[0]]
    winners = [a for a in by_strength if rules.beats(cards[a], best, led)]
    losers = [a for a in by_strength if a not in winners]
    last = len(trick) == len(d.in_play) - 1
    partner_holds = d.side(d.trick_seats[best_i]) == d.side(seat)
    if want:
        if winners and not partner_holds:
            return winners[0] if last or len(winners) == 1 else winners[-1]
        return (losers or by_strength)[0]
    if losers:
        return losers[-1]
    return by_strength[-1]


def prize_play(d: TrickDeal, cards: dict[str, int], by_strength: list[str]) -> str:
    """A trick that counts nothing but is played for the stock's top card (the aim's ``stock_prize``): go for a
    prize worth having (a trump, or a ten or better) with the cheapest card that wins it, leading the highest
    plain card; else lose it with the lowest card, keeping the strong ones for the tricks that count."""
    rules = d.ranking()
    prize = d.stock[-1]
    worth = rules.suit_of[prize] == rules.trump or d.pack.rank[prize] >= 10
    if not d.trick:
        if not worth:
            return by_strength[0]
        plain = [a for a in by_strength if rules.suit_of[cards[a]] != rules.trump]
        return (plain or by_strength)[-1 if plain else 0]
    best = d.trick[rules.winner(d.trick)]
    led = rules.suit_of[d.trick[0]]
    winners = [a for a in by_strength if rules.beats(cards[a], best, led)]
    if worth and winners:
        return winners[0]
    losers = [a for a in by_strength if a not in winners]
    return (losers or by_strength)[0]


def _declarer(d: Deal) -> int | None:
    """The seat that made the contract, if any: the game's ``declarer_seat()``."""
    decl = d.declarer_seat()
    return decl if isinstance(decl, int) else None


def point_play(d: TrickDeal, seat: int, legal: list[str], pts: Sequence[int]) -> str:
    """Card play where tricks are worth their card points (Schafkopf, Solo), by rules of thumb.

    Sure of the trick (last to play, or no unseen card can beat the card): win it with a ten or
    an ace if one is sure (banking it), else with the cheapest sure card; unsure, go for it only
    when the trick holds 10 points or more. A partner's sure trick: add points to it
    ("schmieren", a trump only when it is worth it). A trick that cannot be won: throw the card
    with fewest points. The declaring side leads its top trumps to
    draw the others' trumps; anyone leads a sure winner (with most points), else a low card. A
    seat avoiding tricks (Least, Misère) throws its highest-point losers; the defenders of a
    Misère lead low and load the declarer's tricks with counting cards.
    """
    pack, hand = d.pack, d.hands[seat]
    index_of = pack.index_of
    cards: dict[str, int] = {}
    for a in legal:
        c = index_of.get(a) if index_of else pack.parse_in(a, hand)
        if c is not None:
            cards[a] = c
    if not cards:
        return legal[0]
    p = _PointSeat(d, seat, cards, pts)
    return _point_follow(p) if d.trick else _point_lead(p)


class _PointSeat:
    """What :func:`point_play` weighs at one decision of ``seat``: its playable cards (action -> card),
    the card points, the cards it has not seen and the contract's declarer."""

    def __init__(self, d: TrickDeal, seat: int, cards: dict[str, int], pts: Sequence[int]) -> None:
        rules = d.ranking()
        self.d, self.seat, self.cards, self.pts, self.ranks = d, seat, cards, pts, rules
        self.suit_of, self.power, self.trump, self.tmask = rules.suit_of, rules.power, rules.trump, rules.trump_mask
        self.decl = _declarer(d)
        self.unseen = d.pack.full & ~d.played & ~d.hands[seat]
        if seat == self.decl:
            self.unseen &= ~getattr(d, "discards", 0)  # the declarer knows what he put away
        self.want = d.wants_tricks(seat)

    def strength(self, c: int) -> tuple[int, int]:
        return (1 if self.suit_of[c] == self.trump else 0, self.power[c])

    def strong(self, a: str) -> tuple[int, int]:
        """Sort key of an action: its card's strength."""
        return self.strength(self.cards[a])

    def cheap(self, a: str) -> tuple[int, tuple[int, int]]:
        """Sort key of an action: its card's points, then its strength."""
        c = self.cards[a]
        return (self.pts[c], self.strength(c))

    def defends_misere(self) -> bool:
        """Whether the seat defends against a declarer who is avoiding tricks (Misère)."""
        decl = self.decl
        return decl is not None and decl != self.seat and not self.d.wants_tricks(decl)

    def safe(self, c: int, led: int, opps: list[int]) -> bool:
        """No unseen card held by ``opps`` can beat ``c`` in a trick led in ``led`` (voids shown count)."""
        if not opps:
            return True
        rules, power, unseen, voids, tmask = self.ranks, self.power, self.unseen, self.d.voids, self.tmask
        s = self.suit_of[c]
        p = power[c]
        above = 0
        for u in bits(unseen & rules.suit_mask[s]):
            if power[u] > p:
                above |= 1 << u
        if above and any(above & ~voids[o] for o in opps):
            return False
        if s != self.trump and unseen & tmask:
            # a plain card may be trumped by an opponent shown void in the led suit, or likely void
            left = (unseen & rules.suit_mask[led]).bit_count()
            for o in opps:
                if not voids[o] & tmask and (voids[o] & rules.suit_mask[led] or left < len(opps)):
                    return False
        return True


def _point_follow(p: _PointSeat) -> str:
    """A card to a trick already led (:func:`point_play`)."""
    d, rules, seat = p.d, p.ranks, p.seat
    trick, tseats = d.trick, d.trick_seats
    side = d.side(seat)
    rest = [s for s in d.in_play if s != seat and s not in tseats]
    opps_after = [s for s in rest if d.side(s) != side]
    best_i = d.best_i if d.best_by is rules else rules.winner(trick)
    best = trick[best_i]
    led = p.suit_of[trick[0]]
    acts = list(p.cards)
    winners = [a for a in acts if rules.beats(p.cards[a], best, led)]
    losers = [a for a in acts if a not in winners]
    if not p.want:  # Least, or the Misère declarer: throw points onto others' tricks
        if losers:
            return max(losers, key=p.cheap)
        if not rest:  # the trick is his: as few points as may be, the strongest card going
            return min(acts, key=lambda a: (p.pts[p.cards[a]], -p.power[p.cards[a]]))
        return max(acts, key=p.strong)
    if p.defends_misere():
        if tseats[best_i] == p.decl:
            return max(losers or acts, key=p.cheap)
        return (min if p.decl in rest else max)(acts, key=p.strong)
    if d.side(tseats[best_i]) == side:
        return _point_partner_holds(p, acts, winners, losers, p.safe(best, led, opps_after), led, opps_after)
    sure = [a for a in winners if p.safe(p.cards[a], led, opps_after)]
    if sure:  # bank a ten or an ace if one wins for certain, else the cheapest certain winner
        return min(sure, key=lambda a: (-(p.pts[p.cards[a]] >= 10), p.strong(a)))
    if winners and sum(p.pts[c] for c in trick) >= 10:
        return max(winners, key=p.strong)
    return min(losers or winners, key=p.cheap)


def _point_partner_holds(p: _PointSeat, acts: list[str], winners: list[str], losers: list[str], held_safe: bool,
                         led: int, opps_after: list[int]) -> str:
    """A card to a trick a partner holds (``held_safe``: for certain)."""
    pts, cards = p.pts, p.cards
    if held_safe:  # schmieren: the most points, a trump only if it is worth it
        return max(losers or acts, key=lambda a: (pts[cards[a]] - (6 if p.suit_of[cards[a]] == p.trump else 0),
                                                 -p.power[cards[a]]))
    sure = [a for a in winners if p.safe(cards[a], led, opps_after)]
    if sure:
        return min(sure, key=lambda a: (-(pts[cards[a]] >= 10), p.strong(a)))
    return min(acts, key=p.cheap)


def _point_lead(p: _PointSeat) -> str:
    """The lead of :func:`point_play`."""
    d, seat, cards, pts = p.d, p.seat, p.cards, p.pts
    suit_of, trump, tmask = p.suit_of, p.trump, p.tmask
    acts = list(cards)
    plain = [a for a in acts if suit_of[cards[a]] != trump]
    if not p.want:
        return min(plain or acts, key=p.strong)
    if p.defends_misere():  # defending a Misère: lead low
        return min(acts, key=p.strong)
    side = d.side(seat)
    opps = [s for s in d.in_play if d.side(s) != side]
    hand = d.hands[seat]
    trumps = [a for a in acts if suit_of[cards[a]] == trump]
    declaring = p.decl is not None and d.side(p.decl) == side
    if declaring and trumps and trump is not None and p.unseen & tmask:
        top = max(trumps, key=p.strong)
        if p.safe(cards[top], trump, opps):
            return top  # draw trumps with the master
        if (hand & tmask).bit_count() >= (p.unseen & tmask).bit_count():
            return min(trumps, key=p.cheap)
    sure = [a for a in plain if p.safe(cards[a], suit_of[cards[a]], opps)]
    if sure:
        return max(sure, key=lambda a: (pts[cards[a]], -p.power[cards[a]]))
    if plain:
        length = {s: (hand & p.ranks.suit_mask[s]).bit_count() for s in {suit_of[cards[a]] for a in plain}}
        return min(plain, key=lambda a: (pts[cards[a]] >= 10, length[suit_of[cards[a]]], pts[cards[a]], p.strong(a)))
    return min(acts, key=p.cheap)


def estimate_tricks(d: Deal, seat: int) -> float:
    """Tricks the hand should take with its longest suit as trumps (a rough count)."""
    pack, hand = d.pack, d.hands[seat]
    by_suit: dict[int, list[int]] = {}
    for c in bits(hand):
        by_suit.setdefault(pack.suit[c], []).append(pack.rank[c])
    if not by_suit:
        return 0.0
    trump = max(by_suit, key=lambda s: (len(by_suit[s]), sum(by_suit[s])))
    est = 0.0
    for s, ranks in by_suit.items():
        ranks.sort(reverse=True)
        for i, r in enumerate(ranks):
            top = 14 - i  # the rank that would be "master" given the higher cards held
            if s == trump:
                est += 1.0 if r >= top - 1 else (0.55 if r >= 10 else 0.35)
            else:
                est += 0.85 if r == 14 else (0.4 if r == 13 and len(ranks) > 1 else 0.0)
    return est


def declare(d: Deal, seat: int, legal: list[str]) -> str | None:
    """Trick-count declarations (``bid N``, ``nap``, ``misery``…) from the hand's estimate."""
    words = {"nap": 5, "wellington": 5, "blucher": 5}
    tricks = {a: int(a.split()[1]) if a.startswith("bid ") and a.split()[1].isdigit() else words.get(a)
              for a in legal}
    bids = {a: n for a, n in tricks.items() if n is not None}
    if not bids:
        return None
    hand_size = d.hands[seat].bit_count()
    est = estimate_tricks(d, seat) * 5 / max(hand_size, 5)
    ok = [a for a, n in bids.items() if n <= est + (0.3 if n < 5 else -0.2)]
    if "misery" in legal and all(d.pack.rank[c] <= 8 for c in bits(d.hands[seat])):
        return "misery"
    if ok:
        return max(ok, key=lambda a: (bids[a], -legal.index(a)))
    return "pass" if "pass" in legal else min(bids, key=lambda a: bids[a])


def fast_policy(d: Deal, seat: int, rng: random.Random) -> str:
    """The cheap policy used in playouts: rules of thumb in trick play, random otherwise."""
    legal = d.legal(claims=False)
    if len(legal) == 1:
        return legal[0]
    if isinstance(d, TrickDeal) and d.phase == "play" and d.ranking() is not None \
            and all(map(is_card_code, legal)):
        return trick_play(d, seat, legal)
    thumb = policy_for(d.aim, d.family)
    if thumb is not None:
        choice = thumb(d, seat, legal, rng)
        if choice is not None:
            return choice
    return rng.choice(legal)


def playout(d: Deal, rng: random.Random, policy: Callable[[Deal, int, random.Random], str] = fast_policy,
            limit: int = 3000) -> Deal:
    """Play a (determinised) deal to its end with ``policy``."""
    n = 0
    while not d.over and n < limit:
        seat = d.turn
        assert seat is not None
        d.act(policy(d, seat, rng))
        n += 1
    return d


def reward(d: Deal, seat: int) -> float:
    """A finished deal's result for ``seat`` as a float."""
    return float(d.result().deltas[seat])


class HeuristicBot:
    """Fast, sensible play; see the module text."""

    def __init__(self, seed: int | None = None, playouts: int = 6, max_options: int = 12) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.max_options = max_options

    def choose(self, deal: Deal, seat: int) -> str:
        if deal.turn != seat:
            raise ValueError(f"it is seat {deal.turn}'s turn, not seat {seat}'s")
        legal = deal.legal(claims=False)
        if len(legal) == 1:
            return legal[0]
        d = deal.sample(seat, self.rng)
        if isinstance(d, TrickDeal) and d.phase == "play" and d.ranking() is not None \
                and all(map(is_card_code, legal)):
            return trick_play(d, seat, legal)
        thumb = policy_for(deal.aim, deal.family)
        if thumb is not None:
            choice = thumb(d, seat, legal, self.rng)
            if choice is not None:
                return choice
        if deal.aim.bids == "tricks":
            choice = declare(d, seat, legal)
            if choice is not None:
                return choice
        return self.look_ahead(deal, seat, legal)

    def look_ahead(self, deal: Deal, seat: int, legal: list[str]) -> str:
        """Judge each option by a few playouts on fresh samples (flat Monte Carlo)."""
        bids = [a for a in legal if a.startswith("bid ") and a[4:].isdigit()]
        if len(bids) > 3:  # a long ladder of point bids: judge only the three lowest (and the rest)
            low = sorted(bids, key=lambda a: int(a[4:]))[:3]
            legal = [a for a in legal if a not in bids or a in low]
        options = legal if len(legal) <= self.max_options else self.rng.sample(legal, self.max_options)
        scores: dict[str, float] = {}
        for a in options:
            total = 0.0
            for _ in range(self.playouts):
                s = deal.sample(seat, self.rng)
                s.act(a)
                total += reward(playout(s, self.rng), seat)
            scores[a] = total / self.playouts
        best = max(scores.values())
        return next(a for a in options if scores[a] == best)

