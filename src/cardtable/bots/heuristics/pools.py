"""Rules of thumb for the enter-or-pass pool games (Loo, Rams, Mauscheln, Julepe, Norrlandsknack):
enter on trump strength, take the miss or spare hand with a weak hand, rob the turn-up, exchange the
low plain cards, go for Rams only with a near-certain hand."""

from __future__ import annotations

import random

from ...core.cards import bits
from ...core.deal import Deal
from ...games.loo import Loo
from ...games.rams.base import PoolFamily

ENTER = ("play", "diddle", "join", "knock", "stand", "defend")


def strength(d: Deal, seat: int, trump: int | None) -> float:
    """Rough tricks the hand should take with ``trump`` as trumps."""
    pack = d.pack
    est = 0.0
    for c in bits(d.hands[seat]):
        r, s = pack.rank[c], pack.suit[c]
        if s == trump or s == 4:
            est += {14: 1.0, 13: 0.85, 12: 0.65, 11: 0.5}.get(r, 0.35)
        else:
            est += {14: 0.7, 13: 0.3}.get(r, 0.0)
    return est


def weak_cards(d: Deal, seat: int, trump: int | None) -> list[str]:
    """Plain cards below the king, in display order (the ones worth exchanging)."""
    pack = d.pack
    return [pack.code(c) for c in pack.in_display_order(d.hands[seat])
            if pack.suit[c] != trump and pack.suit[c] != 4 and pack.rank[c] < 13]


def policy(d: Deal, seat: int, legal: list[str], rng: random.Random) -> str | None:
    """Choose an entering, exchange or robbing action; None leaves it to the look-ahead."""
    trump = d.trump_suit() if isinstance(d, (Loo, PoolFamily)) else None
    size = max(1, d.hands[seat].bit_count())
    st = strength(d, seat, trump) * 5 / max(size, 3)
    words = {a.split()[0] for a in legal}
    robs = [a for a in legal if a.startswith("rob ")]
    if robs:  # take the turn-up, throwing out the weakest card: a low plain card before any trump
        pack = d.pack

        def worth(a: str) -> tuple[int, int]:
            c = pack.parse_in(a.split()[-1], d.hands[seat])
            if c is None:
                return (2, 0)
            return (1 if pack.suit[c] in (trump, 4) else 0, pack.rank[c])

        return min(robs, key=worth)
    if "rams" in legal and st >= 4.3:
        return "rams"
    exchanges = [a for a in legal if a.startswith("exchange ")]
    if exchanges or "keep" in words:
        want = "exchange " + " ".join(weak_cards(d, seat, trump))
        if want in legal:
            return want
        if exchanges and weak_cards(d, seat, trump):
            best = max(exchanges, key=lambda a: sum(w in weak_cards(d, seat, trump) for w in a.split()[1:])
                       - 2 * sum(w not in weak_cards(d, seat, trump) for w in a.split()[1:]))
            return best
        for word in ("keep", "stand"):
            if word in legal:
                return word
    enter = [a for a in legal if a in ENTER]
    if enter or "pass" in legal or "take" in legal:
        if enter and (st >= 1.1 or "pass" not in legal):
            return enter[0]
        if "pass" in legal:
            return "pass"
    return None
