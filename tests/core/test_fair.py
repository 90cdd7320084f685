"""Fair deals: a deal shuffled from a fresh 256-bit key through a keyed generator; seeded deals unchanged."""

from __future__ import annotations

import random

import pytest

import cardtable as ct
from cardtable.core.fair import KEY_BYTES, KeyedRandom, new_key


def deck(d: ct.Deal) -> list[str]:
    return [d.pack.code_of[c] for c in d.deck]


def test_a_key_gives_the_same_deal_and_another_key_another() -> None:
    game = ct.load("michigan", players=4)
    k1, k2 = bytes(32), bytes(31) + b"\x01"
    assert deck(game.deal(key=k1)) == deck(game.deal(key=k1))
    assert deck(game.deal(key=k1)) != deck(game.deal(key=k2))
    # a key changes only the order: the deal is the game's own (the same dealer, hands of the right size)
    d = game.deal(key=k1, dealer=2)
    assert d.dealer == 2 and sorted(deck(d)) == sorted(deck(game.deal(seed=1)))


def test_seeded_deals_are_exactly_as_before() -> None:
    # A seed still shuffles as random.Random(seed).shuffle does (scripts, tests, simulate and duel rely on it).
    game = ct.load("nap", players=4)
    for seed in (0, 1, 2**31 - 1, 123_456_789_000):
        order = list(range(52))
        random.Random(seed).shuffle(order)
        assert list(game.deal(seed=seed).deck) == order


def test_the_keyed_generator_is_not_the_seeded_one() -> None:
    # The order of a keyed deal is not that of any small seed run through the old generator.
    game = ct.load("nap", players=4)
    d = deck(game.deal(key=bytes(32)))
    assert all(deck(game.deal(seed=s)) != d for s in range(2000))
    rng = KeyedRandom(bytes(32))
    draws = [rng.getrandbits(8) for _ in range(4096)]
    assert len(set(draws)) == 256  # every byte value comes up
    assert abs(sum(draws) / len(draws) - 127.5) < 8
    rng.seed()
    assert [rng.getrandbits(8) for _ in range(16)] == draws[:16]  # restarted from the start of its stream
    assert rng.getrandbits(0) == 0 and rng.getrandbits(200) < 2**200


def test_a_fair_match_draws_a_fresh_32_byte_key_for_every_deal() -> None:
    game = ct.load("nap", players=3)
    keys, decks = [], []
    bot = ct.bots.load("random", seed=1)
    for _ in range(2):  # two matches made alike (the same seed, ignored by a fair match)
        m = ct.Match(game, seed=5, deals=4, fair=True)
        while not m.over:
            d = m.next_deal()
            assert m.key is not None and len(m.key) == KEY_BYTES
            assert deck(d) == deck(game.deal(key=m.key, dealer=d.dealer))  # reproducible from its key
            keys.append(m.key)
            decks.append(tuple(deck(d)))
            while not d.over:
                d.act(bot.choose(d, d.turn))
            m.record(d)
        again = ct.replay_match(m.to_record())  # the record keeps the order, so it replays
        assert again.totals == m.totals
        assert m.copy().fair and m.copy().key == m.key
    assert len(set(keys)) == len(keys) == 8
    assert len(set(decks)) == 8
    seeded = ct.Match(game, seed=5, deals=4)
    assert deck(seeded.next_deal()) == deck(game.deal(seed=5 * 1_000_003))  # a seeded match as before


def test_bad_keys_are_refused_clearly() -> None:
    game = ct.load("nap", players=4)
    with pytest.raises(ct.RulesError, match=r"a deal's key is 32 bytes \(secrets.token_bytes\(32\)\), not 16 bytes"):
        game.deal(key=bytes(16))
    with pytest.raises(ct.RulesError, match="not str"):
        game.deal(key="secret")  # type: ignore[arg-type]
    with pytest.raises(ct.RulesError, match="from a number, or from a key, or arranged as a deck: give only one of"):
        game.deal(seed=1, key=new_key())
