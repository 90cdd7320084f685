"""Golden move-generation counts ("perft", as python-chess keeps per variant): from fixed deals, the number
of legal action sequences to each depth. Any unintended change in what ``legal()`` offers, or in where an
action leads, changes a count. After an intended rule change, regenerate the file:

    python tests/games/test_perft.py --write
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

import cardtable as ct

DATA = Path(__file__).parent / "data" / "perft.json"
POSITIONS = ("1", "2", "3+10", "4+25")
"""A deal's seed, and ``+k``: after k random legal actions (seeded by the deal's seed), into the play."""
NODE_BUDGET = 100_000


def perft(deal: ct.Deal, depth: int) -> int:
    """Leaf count of the tree of legal actions to ``depth`` (a finished deal is a leaf)."""
    if depth == 0 or deal.over:
        return 1
    total = 0
    for a in deal.legal():
        child = deal.clone()
        child.act(a)
        total += perft(child, depth - 1)
    return total


def position(gid: str, key: str) -> ct.Deal:
    seed, _, steps = key.partition("+")
    deal = ct.load(gid).deal(seed=int(seed))
    rng = random.Random(int(seed))
    for _ in range(int(steps or 0)):
        if deal.over:
            break
        deal.act(rng.choice(deal.legal()))
    return deal


def counts(gid: str, key: str) -> list[int]:
    """Counts for depths 1, 2, ... while the tree stays under the node budget."""
    out: list[int] = []
    depth = 1
    while True:
        n = perft(position(gid, key), depth)
        out.append(n)
        if n * max(1, n // max(1, out[-2] if len(out) > 1 else 1)) > NODE_BUDGET or depth >= 6:
            return out
        depth += 1


def golden() -> dict[str, dict[str, list[int]]]:
    return {g.id: {k: counts(g.id, k) for k in POSITIONS} for g in ct.games()}


EXPECTED: dict[str, dict[str, list[int]]] = json.loads(DATA.read_text()) if DATA.exists() else {}


@pytest.mark.parametrize("gid", [g.id for g in ct.games()])
def test_perft_counts_match_the_golden_file(gid: str) -> None:
    assert gid in EXPECTED, f"{gid} has no perft counts: run python tests/games/test_perft.py --write"
    for key, want in EXPECTED[gid].items():
        deal = position(gid, key)
        got = [perft(deal, d) for d in range(1, len(want) + 1)]
        assert got == want, f"{gid} position {key}: legal-sequence counts changed"


if __name__ == "__main__" and "--write" in sys.argv:
    data = golden()
    DATA.write_text("{\n" + ",\n".join(f" {json.dumps(k)}: {json.dumps(data[k])}" for k in sorted(data)) + "\n}\n")
    print(f"wrote {DATA}")
