"""One conformance suite over the whole catalogue (after OpenSpiel's RandomSimTest and
PettingZoo's api_test): every game id gets these checks for free.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardtable as ct
from cardtable.core.cards import bits

GAME_IDS = [g.id for g in ct.games()]


def player_counts(info: ct.GameInfo) -> list[int]:
    """The fewest, the most and the default players the game takes (with its default options)."""
    counts = info.player_counts
    return sorted({counts[0], counts[-1], info.default_players})


CASES = [(gid, n) for gid in GAME_IDS for n in player_counts(ct.game_info(gid))]


def play_random(deal: ct.Deal, rng: random.Random, check=None, limit: int = 5000) -> int:
    steps = 0
    while not deal.over:
        legal = deal.legal()
        assert legal, f"legal() is empty before the end: {deal!r}"
        if check:
            check(deal)
        deal.act(rng.choice(legal), seat=deal.turn)
        steps += 1
        assert steps < limit, "a deal did not terminate"
    return steps


def all_cards(deal: ct.Deal) -> list[int]:
    """Every physical card index the deal knows about, via the game's own accounting hook."""
    return deal.card_locations()  # type: ignore[attr-defined]


@pytest.mark.parametrize("gid,n", CASES)
def test_random_play_terminates_and_settles(gid: str, n: int) -> None:
    game = ct.load(gid, players=n)
    rng = random.Random(1)
    carry = None
    for i in range(12):
        deal = game.deal(seed=i, dealer=i % n, carry=carry)
        start_pools = dict((carry or {}).get("pools", {}))
        play_random(deal, rng)
        res = deal.result()
        assert len(res.deltas) == n
        assert res.unit in ("chips", "points")
        if res.unit == "chips":
            # Chips are never created or lost: deltas plus the change in the pools sum to zero.
            total = sum(map(Fraction, res.deltas)) + sum(map(Fraction, res.pools.values())) \
                - sum(map(Fraction, start_pools.values()))
            assert total == 0, (gid, res)
        if res.chips is not None:  # a points game that also plays for chips settles them apart: they balance
            assert len(res.chips) == n and res.balanced(start_pools), (gid, res)
        assert all(isinstance(line, str) for line in res.lines)
        json.dumps(res.to_json())
        carry = deal.carry
        assert carry is None or isinstance(carry, dict)
        json.dumps(carry)


@pytest.mark.parametrize("gid,n", CASES)
def test_every_deal_begins_with_a_decision(gid: str, n: int) -> None:
    # A deal never ends before its first action (a Five-Card Loo flush dealt is shown by its holder's 'show'):
    # a table, a match and a learning environment can count on someone acting in every deal.
    game = ct.load(gid, players=n)
    for seed in range(150):
        deal = game.deal(seed=seed, dealer=seed % n)
        assert not deal.over and deal.legal(), (gid, n, seed)


@pytest.mark.parametrize("gid,n", CASES)
def test_cards_conserved(gid: str, n: int) -> None:
    game = ct.load(gid, players=n)
    deal = game.deal(seed=3)
    rng = random.Random(3)

    def check(d: ct.Deal) -> None:
        locs = d.card_locations()  # type: ignore[attr-defined]
        assert sorted(locs) == list(range(game.pack.size)), f"cards lost or duplicated in {gid}"

    play_random(deal, rng, check)
    check(deal)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_illegal_action_raises_and_changes_nothing(gid: str) -> None:
    game = ct.load(gid)
    deal = game.deal(seed=5)
    rng = random.Random(5)
    bad = ["zz", "bid 99", "exchange QQ", "play", "AS AS", "", "discard"]
    while not deal.over:
        legal = deal.legal()
        before = json.dumps(deal.view(deal.turn)), list(deal.history), deal.turn
        for b in bad + [c for c in ("AS", "2C", "7H", "KD", "JK") if c not in legal]:
            if b in legal:
                continue
            reason = deal.why_not(b)
            assert reason, (gid, b)
            with pytest.raises(ct.IllegalAction):
                deal.act(b)
            assert (json.dumps(deal.view(deal.turn)), list(deal.history), deal.turn) == before
        wrong = (deal.turn + 1) % deal.players
        if wrong != deal.turn:
            with pytest.raises(ct.IllegalAction, match="turn"):
                deal.act(legal[0], seat=wrong)
        deal.act(rng.choice(legal))
    with pytest.raises(ct.IllegalAction):
        deal.act("pass")


@pytest.mark.parametrize("gid", GAME_IDS)
def test_clone_is_independent(gid: str) -> None:
    deal = ct.load(gid).deal(seed=8)
    rng = random.Random(8)
    for _ in range(6):
        if deal.over:
            break
        deal.act(rng.choice(deal.legal()))
    snap = json.dumps([deal.view(s) for s in range(deal.players)])
    copy = deal.clone()
    play_random(copy, random.Random(9))
    assert json.dumps([deal.view(s) for s in range(deal.players)]) == snap


@pytest.mark.parametrize("gid", GAME_IDS)
def test_same_seed_same_deal_and_arranged_deck_reproduces(gid: str) -> None:
    game = ct.load(gid)
    a, b = game.deal(seed=11), game.deal(seed=11)
    assert [a.view(s) for s in range(a.players)] == [b.view(s) for s in range(b.players)]
    rec = a.record()
    c = game.deal(deck=rec["deck"], dealer=rec["dealer"])
    assert [a.view(s) for s in range(a.players)] == [c.view(s) for s in range(c.players)]
    rng = random.Random(2)
    play_random(a, rng)
    again = ct.replay(a.record())
    assert again.history == a.history and again.result().deltas == a.result().deltas


def every_view(game: ct.Game, seeds: int = 3) -> Iterator[tuple[ct.Deal, int | None, dict[str, Any]]]:
    """Every seat's view and the spectator's, at every step of random deals: (deal, seat, view)."""
    for seed in range(seeds):
        deal = game.deal(seed=seed)
        rng = random.Random(seed)
        while True:
            for seat in [*range(deal.players), None]:
                yield deal, seat, deal.view(seat) if seat is not None else deal.public_view()
            if deal.over:
                break
            deal.act(rng.choice(deal.legal()))


@pytest.mark.parametrize("gid", GAME_IDS)
def test_views_are_json_and_leak_nothing(gid: str) -> None:
    game = ct.load(gid)
    for deal, seat, v in every_view(game):
        text = json.dumps(v)
        hidden = deal.hidden_from(seat)  # type: ignore[attr-defined]
        visible = deal.visible_to(seat)  # type: ignore[attr-defined]
        hidden_codes = {game.pack.code(c) for c in bits(hidden)} - {game.pack.code(c) for c in bits(visible)}
        tokens = set(text.replace('"', " ").replace(",", " ").replace("[", " ").replace("]", " ").split())
        leaked = hidden_codes & tokens
        assert not leaked, f"{gid}: seat {seat} sees hidden {leaked} in {text}"


@pytest.mark.parametrize("gid", GAME_IDS)
def test_views_match_the_declared_schema(gid: str) -> None:
    # Every view holds only the keys its game declares, each of its declared kind and size (a game not
    # converted to the declared schema yet is checked on the core's keys only).
    game = ct.load(gid)
    schema = game.view_schema()
    for _, seat, v in every_view(game):
        assert schema.problems(v) == [], (gid, seat, v)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_sample_agrees_with_view(gid: str) -> None:
    game = ct.load(gid)
    deal = game.deal(seed=21)
    rng = random.Random(21)
    steps = 0
    while not deal.over:
        seat = deal.turn
        for k in range(3):
            s = deal.sample(seat, random.Random(k))
            assert s.view(seat) == deal.view(seat), f"{gid}: a sample changes what seat {seat} sees"
            assert s.legal() == deal.legal()
            assert sorted(s.card_locations()) == list(range(game.pack.size))
            play_random(s, random.Random(k))
        deal.act(rng.choice(deal.legal()))
        steps += 1
        if steps > 60:
            break


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gid=st.sampled_from(GAME_IDS), seed=st.integers(0, 10**6), play_seed=st.integers(0, 10**6))
def test_property_random_deals_end_conserving_chips(gid: str, seed: int, play_seed: int) -> None:
    game = ct.load(gid)
    deal = game.deal(seed=seed)
    play_random(deal, random.Random(play_seed))
    res = deal.result()
    if res.unit == "chips":
        start = sum(map(Fraction, (deal.carry_in.get("pools") or {}).values()))
        assert sum(map(Fraction, res.deltas)) + sum(map(Fraction, res.pools.values())) - start == 0


@pytest.mark.parametrize("gid", GAME_IDS)
def test_every_game_takes_exactly_the_player_counts_it_declares(gid: str) -> None:
    # A count the catalogue offers loads and plays; any other is refused with a message listing the counts.
    info = ct.game_info(gid)
    assert info.default_players in info.player_counts
    offered = [(n, {}) for n in info.player_counts]
    offered += [(n, {name: value}) for name, value, counts in info.player_counts_by_option for n in counts]
    every = {n for n, _ in offered}
    assert (info.min_players, info.max_players) == (min(info.player_counts), max(info.player_counts))
    for n, options in offered:
        deal = ct.load(gid, players=n, **options).deal(seed=n)
        play_random(deal, random.Random(n))
        assert len(deal.result().deltas) == n
    for n in range(0, max(every) + 3):
        if n in info.player_counts:
            continue
        with pytest.raises(ct.RulesError) as e:
            ct.load(gid, players=n)
        assert f"{gid} is for {ct.core.game.players_text(info.player_counts)} players, not {n}" in str(e.value)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_info_and_rules_text(gid: str) -> None:
    info = ct.game_info(gid)
    assert info.name and info.family and info.source
    assert info.min_players <= info.default_players <= info.max_players
    assert len(ct.catalog.game_class(gid).rules_text()) > 200
    for o in info.options:
        assert o.doc, f"{gid}: option {o.name} has no doc"
        ct.load(gid, **{o.name: o.default})
    with pytest.raises(ct.RulesError, match="unknown option"):
        ct.load(gid, no_such_option=1)
    with pytest.raises(ct.RulesError):
        ct.load(gid, players=info.max_players + 1)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_match_runs(gid: str) -> None:
    game = ct.load(gid)
    m = ct.Match(game, seed=4, deals=4)
    rng = random.Random(4)
    while not m.over:
        d = m.next_deal()
        play_random(d, rng)
        m.record(d)
    assert len(m.results) == 4


@pytest.mark.parametrize("gid,n", CASES)
@pytest.mark.parametrize("style", ["passive", "first", "last"])
def test_extreme_lines_of_play_keep_views_and_settlement_sound(gid: str, n: int, style: str) -> None:
    # Random play rarely reaches the corners (everyone passes, the lowest or highest bid, the first or last
    # option everywhere). Every seat's view, the spectator's and the settlement must hold up there too.
    game = ct.load(gid, players=n)
    deal = game.deal(seed=3)
    rng = random.Random(3)
    steps = 0
    while not deal.over:
        legal = deal.legal()
        if style == "passive":
            quiet = [a for a in legal if a.split()[0] in ("pass", "drop", "keep", "lurk", "decline", "stand")]
            action = quiet[0] if quiet else rng.choice(legal)
        else:
            action = legal[0] if style == "first" else legal[-1]
        deal.act(action)
        steps += 1
        assert steps < 5000, "a deal did not terminate"
        if steps % 7 == 0 or deal.over:
            for seat in range(n):
                json.dumps(deal.view(seat))
            json.dumps(deal.public_view())
    res = deal.result()
    json.dumps(res.to_json())
    start = sum((Fraction(v) for v in (deal.carry_in or {}).get("pools", {}).values()), Fraction(0))
    if res.unit == "chips":
        assert sum(Fraction(x) for x in res.deltas) + sum(Fraction(v) for v in res.pools.values()) == start
