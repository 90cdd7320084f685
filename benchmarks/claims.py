"""Claim-check benchmark (not a test): the time the engine takes to judge a claim of the rest of the tricks
(``deal.why_not("claim")``: the search against every way the others could play), per game, at every lead of
random deals with the ``claims`` option on; prints the median, the 99th percentile and the worst case, with
the number of cards then in the claimant's hand, and how many claims held, were refused, or were refused as
too early to check (past the search's limit of positions).

A person waits for this answer at the table, so the goal is well under a second everywhere.

    python benchmarks/claims.py                       # every game with the option
    python benchmarks/claims.py nap schafkopf --deals 50
    CARDTABLE_PURE=1 python benchmarks/claims.py      # the plain Python core
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import cardtable as ct
from cardtable.core.tricks import CLAIM_REFUSED


def measure(gid: str, deals: int, seed: int) -> None:
    game = ct.load(gid, claims=True)
    rng = random.Random(seed)
    times: list[tuple[float, int]] = []
    held = refused = early = 0
    for i in range(deals):
        d = game.deal(seed=rng.getrandbits(32), dealer=i % game.players)
        while not d.over:
            if "claim" in d.legal() and d._is_claim(d.turn, "claim"):
                cards = d.hands[d.turn].bit_count()
                t = time.perf_counter()
                why = d.why_not("claim")
                times.append((time.perf_counter() - t, cards))
                if why is None:
                    held += 1
                elif why == CLAIM_REFUSED:
                    refused += 1
                else:
                    early += 1
            d.act(rng.choice(d.legal(claims=False)))
    ms = sorted(t * 1000 for t, _ in times)
    worst, at = max(times)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"{gid:20} {len(ms):5} claims  median {statistics.median(ms):7.2f} ms  p99 {p99:8.2f} ms  "
          f"worst {worst * 1000:8.1f} ms ({at} cards)  held {held}, refused {refused}, too early {early}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    ids = a.games or [g.id for g in ct.games() if any(o.name == "claims" for o in g.options)]
    for gid in ids:
        measure(gid, a.deals, a.seed)


if __name__ == "__main__":
    main()
