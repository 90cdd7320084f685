"""Rules of thumb for Bavarian Schafkopf: which game to announce, which ace to call, when to double.

The card play is the ace-ten games' point play (:func:`cardtable.bots.heuristic.point_play`, which its declared aim,
card points, gives), on a determinisation in which the hidden partner is whoever the sample gave the called ace.

Hands are judged by counting, under each game's trumps: trumps held, Obers and Unters among them, the top
trumps in an unbroken run, plain aces (and tens guarded by them) and voids. A game is announced when its count
clears the threshold below (tuned by duels against the random bot); of those that do, the highest-valued.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...core.cards import SUIT_NAMES, bits
from ...core.deal import Deal
from ...core.tricks import TrickRules

__all__ = ["hand_count", "policy"]

THRESHOLD = {"sauspiel": 6.0, "solo": 11.5, "wenz": 8.5, "geier": 9.0, "farbwenz": 11.5,
             "solo tout": 17.0, "wenz tout": 13.5, "geier tout": 14.0, "farbwenz tout": 17.0}
"""The hand count a game needs before it is announced."""
HOCHZEIT_ACES = 2
"""Plain aces a hand of one trump needs before it offers a Hochzeit (the partner brings the trumps)."""
WED_AT = 6.0
"""The count (under the Sauspiel's trumps) at which a player takes a Hochzeit offered him."""
KONTRA_AT = 8.5
"""The count (under the player's trumps) at which a defender gives Kontra."""
RE_AT = 12.0
_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


def hand_count(rules: TrickRules, hand: int, code_of: Sequence[str]) -> float:
    """A rough count of a hand's strength under ``rules``: about one point a trump, more for the top ones and a
    run from the top, plus plain aces, guarded tens and voids."""
    trump = rules.trump
    tm = rules.trump_mask
    order = sorted(bits(tm), key=lambda c: -rules.power[c])
    mine = hand & tm
    score = float(mine.bit_count())
    for i, c in enumerate(order[:8]):
        if mine >> c & 1:
            score += max(0.0, 1.2 - 0.15 * i)
    run = 0
    for c in order:
        if not mine >> c & 1:
            break
        run += 1
    score += 0.5 * run
    for s in range(4):
        if s == trump:
            continue
        held = [code_of[c][0] for c in bits(hand & rules.suit_mask[s])]
        if not held:
            score += 0.8 if mine else 0.0
        elif "A" in held:
            score += 1.2 + (0.6 if "T" in held else 0.0)
        elif held == ["T"]:
            score -= 0.4
    return score


def _counts(d: Any, seat: int, legal: list[str]) -> dict[str, float]:
    """Each game of ``legal`` with the count of its best suit, minus its threshold."""
    hand, rules, code_of = d.hands[seat], d.setup.rules, d.pack.code_of
    out: dict[str, float] = {}
    for a in legal:
        if a in ("pass", "sie"):
            continue
        if a == "hochzeit":
            r = rules[("normal", 1)]
            aces = sum(1 for s in (0, 2, 3) if hand >> d.pack.index_of["A" + "SHDC"[s]] & 1)
            out[a] = float(aces - HOCHZEIT_ACES) + 0.01 * hand_count(r, hand, code_of)
            continue
        trumps = a.split()[0]
        base = {"sauspiel": "normal", "solo": "normal", "wenz": "wenz", "farbwenz": "wenz", "geier": "geier"}[trumps]
        suited = trumps in ("solo", "farbwenz")
        suits = range(4) if suited else [1 if base == "normal" else None]
        best = max(hand_count(rules[(base, s)], hand, code_of) for s in suits)
        out[a] = best - THRESHOLD[a]
    return out


def _best_suit(d: Any, seat: int, base: str) -> int:
    hand, rules, code_of = d.hands[seat], d.setup.rules, d.pack.code_of
    return max(range(4), key=lambda s: hand_count(rules[(base, s)], hand, code_of))


def policy(d: Deal, seat: int, legal: list[str], rng: random.Random) -> str | None:
    """Choose an action by rules of thumb, or None to leave it to the caller."""
    b: Any = d
    ph = b.phase
    if "sie" in legal:
        return "sie"  # it cannot lose
    if ph == "ask":
        games = [k.word for k in b.setup.kinds if k.word != "sie" and b.check_declare(seat, k.word) is None]
        counts = _counts(b, seat, games)
        return "play" if max(counts.values()) >= 0 else "pass"
    if ph == "declare":
        counts = _counts(b, seat, legal)
        good = [a for a in counts if counts[a] >= 0]
        if good:
            return max(good, key=lambda a: (legal.index(a), counts[a]))
        if "pass" in legal:
            return "pass"
        return max(counts, key=counts.__getitem__)
    if ph == "call":
        if legal[0].startswith("trump "):
            base = "wenz" if b.kind.trumps == "wenz" else "normal"
            return f"trump {SUIT_NAMES[_best_suit(b, seat, base)]}"
        # call the ace of the suit he holds fewest of (a void to come, trumps to use)
        hand, r = b.hands[seat], b.setup.rules[("normal", 1)]
        return min(legal, key=lambda a: (hand & r.suit_mask[SUIT_NAMES.index(a[5:])]).bit_count())
    if ph == "wed":  # take the Hochzeit with a hand that would play a Sauspiel (and gains a trump)
        if "accept" in legal and hand_count(b.setup.rules[("normal", 1)], b.hands[seat], b.pack.code_of) >= WED_AT:
            return "accept"
        return "pass"
    if ph == "give":  # give back the card worth least, from the shortest plain suit
        hand, r = b.hands[seat], b.setup.rules[("normal", 1)]

        def cost(a: str) -> tuple[int, int]:
            c = b.pack.index_of[a[5:]]
            return (_POINTS.get(a[5], 0), (hand & r.suit_mask[r.suit_of[c]]).bit_count())
        return min(legal, key=cost)
    if ph in ("kontra", "re") and len(legal) > 1:
        count = hand_count(b.trick_rules(), b.hands[seat], b.pack.code_of)
        word = legal[1]
        return word if count >= (KONTRA_AT if ph == "kontra" else RE_AT) else "pass"
    return None
