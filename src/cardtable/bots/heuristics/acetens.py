"""Rules of thumb for the ace-ten games: Schafkopf (with Least), Auction Schafkopf and the Solo family
(Six-Bid Solo, Frog, Coeur d'Alene Solo, Progressive Solo).

Cards count A 11, T 10, K 4, Q 3, J 2 (the games' declared aim, which makes the card play point-aware:
:func:`cardtable.bots.heuristic.point_play` — bank points on sure tricks, "schmieren" on a partner's
sure trick, throw the card with fewest points on a lost one, the declaring side draws trumps, Misère
ducks). Hands are judged by :func:`estimate`, a linear estimate of the card points the declaring
side takes (features: trumps, top trumps, plain aces and tens, voids, points held), fitted on deals
played out by this heuristic (the coefficients below; residual spread ``sigma``).

* Schafkopf: take the blind when the estimated player's result beats passing (about +0.3: the
  defenders score nothing, Least pays a little); discard (the discards count for the player): a ten
  without its ace first, then points and short suits, making voids; never a trump while a plain
  card is left.
* Auction Schafkopf: bid the points over 60 that maximise ``bid × (2·P(make) − 1)`` with the best
  trump suit; never overcall the partner; name the suit of the best estimate.
* Solo family: every game that may be bid is priced in chips from the estimate (rate games:
  ``rate × (points − 60)`` from each opponent, flat games: ``value × (2·P(make) − 1)``, Misère and
  Spread Misère from the hand's dangerous cards, the pots of Progressive Solo); bid the best if
  it is worth more than passing. Name the trump of the best estimate; Call Solo calls the highest
  trump missing (else the highest counting card missing) and gives the lowest plain card; Frog
  discards as Schafkopf does. Progressive Solo: double a bid holding four of its trumps with the
  ace or ten (or five), redouble one's own bid when it is estimated at 78 points or more.
"""

from __future__ import annotations

import math
import random
from functools import cache, lru_cache
from typing import Any

from ...core.cards import SUIT_NAMES, SUITS, Pack, bits
from ...core.deal import Deal

__all__ = ["estimate", "point_table", "policy"]

VALUE = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


@cache
def point_table(pack: Pack) -> tuple[int, ...]:
    """Card points of every card index of ``pack``."""
    return tuple(VALUE.get(c[0], 0) if c != "JK" else 0 for c in pack.code_of)




# ------------------------------------------------------------------ trump models
# (trump mask, power) per card index: the trumps of a contract and the rank of every card in its suit.
Model = tuple[int, tuple[int, ...]]

_SK_TRUMPS = ("7D", "8D", "9D", "KD", "TD", "AD", "JD", "JH", "JS", "JC", "QD", "QH", "QS", "QC")
_SK_PLAIN = "789KTA"
_AS_PLAIN = "789QKTA"
_SOLO_PLAIN = "6789JQKTA"


@cache
def schafkopf_model(pack: Pack) -> Model:
    """Schafkopf: queens, jacks and diamonds are trumps."""
    tm = 0
    power = []
    for i, c in enumerate(pack.code_of):
        if c in _SK_TRUMPS:
            tm |= 1 << i
            power.append(100 + _SK_TRUMPS.index(c))
        else:
            power.append(_SK_PLAIN.index(c[0]))
    return tm, tuple(power)


@cache
def auction_model(pack: Pack, trump: int, jacks: str = "DHSC") -> Model:
    """Auction Schafkopf: the four jacks, then A T K Q 9 8 7 of the named suit."""
    tm = 0
    power = []
    for i, c in enumerate(pack.code_of):
        if c[0] == "J":
            tm |= 1 << i
            power.append(120 + jacks.index(c[1]))
        else:
            if SUITS.index(c[1]) == trump:
                tm |= 1 << i
            power.append((100 if SUITS.index(c[1]) == trump else 0) + _AS_PLAIN.index(c[0]))
    return tm, tuple(power)


@cache
def solo_model(pack: Pack, trump: int | None) -> Model:
    """The Solo family: a plain trump suit (or none)."""
    tm = pack.suit_mask[trump] if trump is not None else 0
    power = tuple((100 if pack.suit[i] == trump else 0) + _SOLO_PLAIN.index(c[0])
                  for i, c in enumerate(pack.code_of))
    return tm, power


@cache
def _trump_order(model: Model) -> tuple[int, ...]:
    tm, power = model
    return tuple(sorted(bits(tm), key=lambda c: -power[c]))


@lru_cache(maxsize=8192)
def features(pack: Pack, hand: int, model: Model) -> tuple[float, ...]:
    """The hand's features under a trump model (see :data:`COEFFS`); memoised (playouts repeat hands)."""
    tm = model[0]
    pts = point_table(pack)
    trumps = _trump_order(model)
    mine = hand & tm
    top2 = sum(1 for c in trumps[:2] if mine >> c & 1)
    top4 = sum(1 for c in trumps[:4] if mine >> c & 1)
    run = 0
    for c in trumps:
        if not mine >> c & 1:
            break
        run += 1
    aces = tens_guarded = tens_bare = voids = singles = 0
    for s in range(4):
        sm = pack.suit_mask[s] & ~tm
        if not sm:
            continue
        held = hand & sm
        n = held.bit_count()
        if n == 0:
            voids += 1
        elif n == 1:
            singles += 1
        ace = ten = False
        for c in bits(held):
            r = pack.code_of[c][0]
            ace = ace or r == "A"
            ten = ten or r == "T"
        aces += ace
        if ten:
            if ace:
                tens_guarded += 1
            else:
                tens_bare += 1
    points = sum(pts[c] for c in bits(hand))
    return (1.0, mine.bit_count(), top2, top4, min(run, 4), aces, tens_guarded, tens_bare, voids, singles,
            points / 10)


COEFFS: dict[str, tuple[tuple[float, ...], float]] = {
    # name: (coefficients of features(), sigma of the residual), least squares over 3,000 deals played out
    # by this heuristic (fast_policy) with the hand declaring, each trump suit; refit when the play changes.
    # Schafkopf: the player's settlement figure (-6..+6) for taking the blind with this hand (10 cards).
    "schafkopf": ((-6.45, 0.53, -0.04, 0.46, 0.26, 0.7, -0.36, -0.1, 0.9, 0.46, 0.41), 1.89),
    # Auction Schafkopf: the bidding side's card points with this trump (8 cards).
    "auction-schafkopf": ((28.91, 4.28, 0.55, 3.7, 1.4, 5.24, -3.98, -0.75, 7.68, 0.4, 3.27), 21.49),
    # Solo: the bidder's card points, widow counted for him (11 cards).
    "solo": ((9.26, 3.97, 6.52, 3.08, 0.77, 11.16, 5.3, 6.0, 9.92, 0.82, -0.1), 11.12),
    # Frog: the bidder's card points, widow taken and three cards discarded (11 cards before the widow).
    "solo-take": ((13.99, 4.58, 3.92, 1.37, 0.18, 4.97, 1.41, 2.16, 6.95, 3.42, 4.5), 12.03),
}


def estimate(name: str, pack: Pack, hand: int, model: Model) -> float:
    """The fitted linear estimate ``name`` for ``hand`` under ``model``."""
    w, _ = COEFFS[name]
    return sum(a * b for a, b in zip(w, features(pack, hand, model)))


def p_at_least(mean: float, need: float, sigma: float) -> float:
    """P(result >= need) for a normal result of ``mean`` and ``sigma`` (points are integers)."""
    return 0.5 * math.erfc((need - 0.5 - mean) / (sigma * math.sqrt(2)))


# ------------------------------------------------------------------ discards
def discard_choice(pack: Pack, hand: int, model: Model, actions: dict[str, int]) -> str:
    """The card to put away when the discards count for the player: a ten without its ace, points of
    short suits, the last card of a suit (a void); a trump only when nothing else is left."""
    tm, power = model
    pts = point_table(pack)
    plain = {a: c for a, c in actions.items() if not tm >> c & 1}
    if not plain:
        return min(actions, key=lambda a: (power[actions[a]], -pts[actions[a]]))

    def worth(a: str) -> tuple[float, int]:
        c = plain[a]
        sm = pack.suit_mask[pack.suit[c]] & ~tm
        held = hand & sm
        n = held.bit_count()
        r = pack.code_of[c][0]
        has_ace = any(pack.code_of[x][0] == "A" for x in bits(held))
        score = float(pts[c])
        if r == "A":
            score -= 14  # an ace takes its own trick
        elif r == "T":
            score += -4 if has_ace else 6
        score += {1: 7, 2: 2}.get(n, 0)
        return score, -power[c]

    return max(plain, key=worth)


def _cards_of(d: Deal, legal: list[str], word: str, seat: int) -> dict[str, int]:
    out = {}
    n = len(word) + 1
    for a in legal:
        if a.startswith(word):
            c = d.pack.index_of.get(a[n:])
            if c is not None:
                out[a] = c
    return out


# ------------------------------------------------------------------ Schafkopf
PASS_VALUE = 0.3
"""What passing the blind is worth to the three-hand Schafkopf player (the defenders score nothing)."""
BID_SHIFT = 0.0
"""Points added to the Auction Schafkopf estimate before pricing bids (tuned by duels)."""
SOLO_MARGIN = 0.0
"""Expected chips a Solo bid must be worth before it is made (tuned by duels)."""


def schafkopf(d: Any, seat: int, legal: list[str]) -> str | None:
    pack, hand = d.pack, d.hands[seat]
    model = schafkopf_model(pack)
    if d.phase == "pick":
        return "take" if estimate("schafkopf", pack, hand, model) > PASS_VALUE else "pass"
    if d.phase == "discard":
        acts = _cards_of(d, legal, "discard", seat)
        if acts:
            return discard_choice(pack, hand, model, acts)
    return None


def _auction_jacks(d: Any) -> str:
    order = d.game.options.as_dict().get("jack_order", "C>S>H>D")
    return "DHCS" if order == "S>C>H>D" else "DHSC"


def auction_schafkopf(d: Any, seat: int, legal: list[str]) -> str | None:
    pack, hand = d.pack, d.hands[seat]
    jacks = _auction_jacks(d)
    if d.phase == "trump":
        trumps = [a for a in legal if a.startswith("trump ")]
        return max(trumps, key=lambda a: estimate("auction-schafkopf", pack, hand,
                                                  auction_model(pack, SUIT_NAMES.index(a[6:]), jacks)))
    if d.phase != "bid":
        return None
    holder = d.high_bidder()
    if holder is not None and holder % 2 == seat % 2:
        return "pass"  # never overcall the partner
    mean = max(estimate("auction-schafkopf", pack, hand, auction_model(pack, t, jacks)) for t in range(4)) + BID_SHIFT
    sigma = COEFFS["auction-schafkopf"][1]
    best, best_ev = "pass", 0.0
    for a in legal:
        if a.startswith("bid "):
            b = int(a[4:])
            ev = b * (2 * p_at_least(mean, 60 + b, sigma) - 1)
            if ev > best_ev:
                best, best_ev = a, ev
    return best


# ------------------------------------------------------------------ Solo
def _solo_trumps(c: Any) -> str:
    return str(c.choices if c.trump is None else c.trump)


@lru_cache(maxsize=4096)
def misere_danger(pack: Pack, hand: int) -> float:
    """How likely the hand is to be forced to take a counting card at no trumps (0 safe, higher worse):
    for each suit, the high cards not covered by low cards to duck with."""
    danger = 0.0
    for s in range(4):
        held = sorted(_SOLO_PLAIN.index(pack.code_of[c][0]) for c in bits(hand & pack.suit_mask[s]))
        for i, p in enumerate(held):
            # the i-th lowest card of the suit is safe when it is below the i-th lowest the others may hold
            if p > 2 * i + 1:
                danger += (p - 2 * i - 1) / 3
    return danger


def solo_values(d: Any, seat: int, legal: list[str]) -> dict[str, float]:
    """Expected chips of each bid in ``legal`` for ``seat``."""
    pack, hand = d.pack, d.hands[seat]
    pots = d.pots()
    payers = 2
    out: dict[str, float] = {}
    for a in legal:
        c = d.contract_of(a)
        if c is None:
            continue
        kind, widow = c.kind, c.widow
        if kind == "misere":
            # success rates of deals played out by this heuristic: about 0.68 at no danger, 0.15 at 2
            p = max(0.0, 0.68 - 0.28 * misere_danger(pack, hand))
            out[a] = payers * c.value * (2 * p - 1)
            continue
        name = "solo-take" if widow == "take" else "solo"
        sigma = COEFFS[name][1]
        best = -1e9
        for t in _solo_trumps(c):
            ti = SUITS.index(t)
            mean = estimate(name, pack, hand, solo_model(pack, ti))
            if kind == "rate":
                ev = payers * c.value * (mean - 60)
                p = p_at_least(mean, 61, sigma)
            else:
                need = c.target(ti)
                p = p_at_least(mean, need, sigma)
                ev = payers * c.flat_value(ti) * (2 * p - 1)
            if c.pot:
                ev += pots.get(f"{c.pot}_pot", 0) * (2 * p - 1)
            best = max(best, ev)
        out[a] = best
    return out


def solo(d: Any, seat: int, legal: list[str]) -> str | None:
    pack, hand = d.pack, d.hands[seat]
    ph = d.phase
    if ph == "bid":
        holder = d.high_bidder()
        if "redouble" in legal:
            c = d.high_contract()
            if c is not None and c.trump:
                mean = estimate("solo-take" if c.widow == "take" else "solo", pack, hand,
                                solo_model(pack, SUITS.index(c.trump)))
                if mean >= 78:
                    return "redouble"
            return "pass"
        values = solo_values(d, seat, legal)
        if values:
            best = max(values, key=values.__getitem__)
            if values[best] > SOLO_MARGIN:
                return best
        if "double" in legal and holder is not None:
            c = d.high_contract()
            if c is not None and c.trump:
                tm = pack.suit_mask[SUITS.index(c.trump)]
                mine = [pack.code_of[x][0] for x in bits(hand & tm)]
                if (len(mine) >= 4 and ("A" in mine or "T" in mine)) or len(mine) >= 5:
                    return "double"
        return "pass" if "pass" in legal else None
    if ph == "trump":
        c = d.high_contract()
        opts = [a for a in legal if a.startswith("trump ")]

        def value(a: str) -> float:
            t = SUIT_NAMES.index(a[6:])
            mean = estimate("solo-take" if c.widow == "take" else "solo", pack, hand, solo_model(pack, t))
            if c.kind == "flat":
                return float(c.flat_value(t)) * (2 * p_at_least(mean, c.target(t), COEFFS["solo"][1]) - 1)
            return mean
        return max(opts, key=value)
    model = solo_model(pack, d.trump_suit())
    if ph == "call":
        tm, power = model
        pts = point_table(pack)
        rank_of = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T", "nine": "9", "eight": "8",
                   "seven": "7", "six": "6"}

        def wanted(a: str) -> tuple[int, int, int]:
            w = a.split()
            c = pack.index_of[rank_of[w[1]] + SUITS[SUIT_NAMES.index(w[3])]]
            return (1 if tm >> c & 1 else 0, pts[c], power[c])
        return max(legal, key=wanted)
    if ph == "give":
        acts = _cards_of(d, legal, "give", seat)
        tm, power = model
        pts = point_table(pack)
        return min(acts, key=lambda a: (tm >> acts[a] & 1, pts[acts[a]], power[acts[a]]))
    if ph == "discard":
        acts = _cards_of(d, legal, "discard", seat)
        if acts:
            return discard_choice(pack, hand, model, acts)
    return None


def policy(d: Deal, seat: int, legal: list[str], rng: random.Random) -> str | None:
    """Choose an action by rules of thumb, or None to leave it to the caller."""
    gid = d.game.id
    if gid == "schafkopf":
        return schafkopf(d, seat, legal)
    if gid == "auction-schafkopf":
        return auction_schafkopf(d, seat, legal)
    if d.game.family == "solo":
        return solo(d, seat, legal)
    return None
