"""Malformed actions, for every game id at every player count it accepts: junk words, card codes, numbers
and separators put around and inside each legal action (and in place of its words). Each one must be
refused with a ``ValueError`` subclass (``IllegalAction``) carrying a reason, and change nothing: every
seat's view, the spectator's, the history and the turn stay as they were. An action the mutation left
legal (``"  as "`` for ``"AS"``) must be one ``legal()`` lists once canonical.

This is the test that keeps crash paths such as the Solo games' ``act("solo x")`` (a ``KeyError`` from
the wording of the reason) from coming back.
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

import cardtable as ct
from cardtable.core.cards import PACK_52

from .test_all_games import CASES

SEPARATORS = (" ", " ", " ", "  ", "\t", ",", ", ", ";", "=", "-", "\n")
JUNK = ("", "x", "zz", "of", "ace", "the", "and", "0", "-1", "+3", "1.5", "31", "999", "1e9", "10" * 12, "nan",
        "=", "==", "AS=2C", "JK=", "=QH", ",", ";", "..", "'", '"', "[", "}", "é", "\x00", "♠", "♥10", "10h", "1H",
        "11S", "AX", "TT", "A", "Q", "JK", "jk", "JKR")
NOT_TEXT: tuple[object, ...] = (None, 5, 1.5, ["AS"], b"pass", ("pass",), {"action": "pass"})


@cache
def vocabulary() -> tuple[str, ...]:
    """Every word any game's legal actions use (bid words, suits, card words), from a few random deals."""
    words: set[str] = set()
    for info in ct.games():
        deal = ct.load(info.id).deal(seed=1)
        rng = random.Random(1)
        while not deal.over:
            legal = deal.legal()
            for a in legal:
                words.update(a.split())
            deal.act(rng.choice(legal))
    return tuple(sorted(words))


def mutants(action: str, rng: random.Random, n: int = 10) -> list[str]:
    """``n`` random corruptions of ``action``, and a few systematic ones."""
    pool = JUNK + vocabulary() + PACK_52.code_of
    words = action.split()
    out = [action + action, action[:-1], action[1:], f"{action} {action}", words[0], " ".join(words[1:]),
           action.replace(" ", ""), f"{action} {rng.choice(pool)}", f"{rng.choice(pool)} {action}"]
    for _ in range(n):
        ws = list(words)
        for _ in range(rng.randint(1, 2)):
            junk = rng.choice(pool)
            how = rng.randrange(4)
            if how == 0:
                ws.append(junk)
            elif how == 1:
                ws.insert(0, junk)
            elif how == 2:
                ws.insert(rng.randrange(len(ws) + 1), junk)
            elif ws:
                ws[rng.randrange(len(ws))] = junk
        out.append(rng.choice(SEPARATORS).join(ws))
    return out


def snapshot(deal: ct.Deal) -> str:
    views = [deal.view(s) for s in range(deal.players)] + [deal.public_view()]
    return json.dumps([views, deal.history, deal.turn, deal.legal()])


def check_position(deal: ct.Deal, rng: random.Random, per_action: int) -> int:
    """Try the mutants of up to 30 legal actions; returns how many were refused."""
    legal = deal.legal()
    before = snapshot(deal)
    turn, length = deal.turn, len(deal.history)
    refused = 0
    for a in rng.sample(legal, min(30, len(legal))):
        for m in mutants(a, rng, per_action):
            reason = deal.why_not(m)
            if reason is None:  # still legal after normalising (case, spacing, card order)
                assert deal.canonical_action(m) in legal, (m, legal)
                continue
            assert isinstance(reason, str) and reason.strip(), (deal.game.id, m)
            with pytest.raises(ValueError) as err:
                deal.act(m)
            assert isinstance(err.value, ct.IllegalAction), (deal.game.id, m, err.value)
            assert str(err.value).strip(), (deal.game.id, m)
            assert (deal.turn, len(deal.history)) == (turn, length), (deal.game.id, m)
            refused += 1
    for thing in NOT_TEXT:
        with pytest.raises(ct.IllegalAction):
            deal.act(thing)  # type: ignore[arg-type]
        assert deal.why_not(thing)  # type: ignore[arg-type]
    assert snapshot(deal) == before, f"{deal.game.id}: a refused action changed the deal"
    return refused


@pytest.mark.parametrize("gid,n", CASES)
def test_malformed_actions_are_refused_with_a_reason_and_change_nothing(gid: str, n: int) -> None:
    game = ct.load(gid, players=n)
    rng = random.Random(f"{gid}/{n}")
    refused = 0
    for seed in range(2):
        deal = game.deal(seed=seed, dealer=seed % n)
        steps = 0
        while not deal.over:
            if steps < 40 or steps % 5 == 0:  # every early decision (the bidding), then a sample of the play
                refused += check_position(deal, rng, per_action=6)
            deal.act(rng.choice(deal.legal()))
            steps += 1
    assert refused > 0


@pytest.mark.parametrize("gid", [g.id for g in ct.games()])
def test_bid_words_with_anything_after_them_are_refused(gid: str) -> None:
    # The Solo games' crash path: a one-word call followed by anything ("solo x", "frog frog") fell into the
    # wording of the reason and raised KeyError instead of IllegalAction.
    deal = ct.load(gid).deal(seed=3)
    for a in deal.legal():
        for tail in (" x", " " + a, " 1", " AS"):
            if deal.why_not(a + tail) is None:
                continue
            with pytest.raises(ct.IllegalAction):
                deal.act(a + tail)
