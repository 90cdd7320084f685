"""Flat actions: fixed ids for the complete actions of a configuration, exact masks, clear refusals."""

from __future__ import annotations

import random

import numpy as np
import pytest

import cardtable as ct
from cardtable.rl.actions import FlatEntry
from cardtable.rl.flat import LIMIT, flat_actions, flat_reason

GAME_IDS = [g.id for g in ct.games()]
FLAT_IDS = [g for g in GAME_IDS if flat_reason(g) is None]


def test_pinned_ids_do_not_move() -> None:
    # The table only ever grows (new forms are appended), so these ids hold in every later version.
    nap = flat_actions("nap")
    assert [nap.id(a) for a in ["AS", "KS", "2S", "AH", "2C", "bid 2", "bid 3", "bid 4", "nap", "pass"]] == \
        [0, 1, 12, 13, 51, 52, 53, 54, 55, 56]
    assert len(nap) == 57
    irish = flat_actions("irish-loo")
    assert [irish.id(a) for a in ["keep", "pass", "play", "play pool", "exchange AS", "exchange 2C"]] == \
        [52, 53, 54, 55, 56, 107]
    assert irish.id("exchange KS AS") == irish.id("exchange AS KS") == 108  # a set: order does not matter
    assert irish.text(108) == "exchange AS KS" and len(irish) == 23_534
    spoil = flat_actions("spoil-five")
    assert spoil.id("JH") == 16 and spoil.id("jink") == 54 and spoil.text(spoil.id("rob 5H") - 1) == "rob 6H"


def test_options_add_their_forms_after_the_default_ones() -> None:
    # Nap with misery and Wellington: the default configuration's ids unchanged, the new words numbered next.
    default = flat_actions("nap")
    more = flat_actions("nap", (("misery", True), ("wellington", True)))
    assert all(more.id(default.text(i)) == i for i in range(len(default)))
    assert [more.text(i) for i in range(len(default), len(more))] == ["misery", "wellington"]
    # with every card set to exchange, the space is too large: a clear refusal, the token mode stays
    with pytest.raises(ValueError, match=r"nap has no flat action space \(2,893,\d+ complete actions with these "
                                         r"options: 'exchange' takes any set of up to 5 of 52 cards\); use "
                                         r"actions='tokens'"):
        flat_actions("nap", (("purchase", True),))


@pytest.mark.parametrize("gid", GAME_IDS)
def test_flat_space_or_reason(gid: str) -> None:
    reason = flat_reason(gid)
    if reason is None:
        assert 0 < len(flat_actions(gid)) <= LIMIT
    else:
        assert "cards" in reason
        with pytest.raises(ValueError, match="use actions='tokens'"):
            flat_actions(gid)


@pytest.mark.parametrize("gid", FLAT_IDS)
def test_every_legal_action_has_one_id_and_back(gid: str) -> None:
    # Along fresh playouts of every player count (seeds the table was not built from): every legal action has
    # an id, distinct actions have distinct ids, the id's text names the same action (its cards as a set), and
    # the entry gives back exactly the legal action for its id and refuses every other id.
    info = ct.game_info(gid)
    rng = random.Random(gid)
    for players in range(info.min_players, info.max_players + 1):
        try:
            game = ct.load(gid, players=players)
        except ct.RulesError:
            continue
        fa = flat_actions(gid)
        entry = FlatEntry(fa)
        for i in range(3):
            deal = game.deal(seed=90_000 + i, dealer=i % players)
            while not deal.over:
                legal = deal.legal()
                ids = fa.ids(legal)
                assert len(set(ids)) == len(ids), f"{gid}: two legal actions share an id"
                for a, k in zip(legal, ids):
                    assert sorted(fa.text(k).split()) == sorted(a.split())
                entry.reset(legal)
                k = rng.randrange(len(legal))
                assert entry.push(ids[k]) == legal[k]
                mask = np.zeros(len(fa), bool)
                mask[entry.allowed()] = True
                other = int(np.flatnonzero(~mask)[rng.randrange(int((~mask).sum()))])
                with pytest.raises(ValueError, match=r"is not legal now; allowed: "):
                    entry.push(other)
                deal.act(legal[k])
