"""The heuristic bot finds its rules of thumb by the aim each game declares, not by lists of families: for the
games of the catalogue it finds exactly the ones the family lists used to give (so their play is unchanged,
benchmarks/bot_histories.py hashes it), and a game of a new family finds them by its aim alone."""

from __future__ import annotations

import pytest

import cardtable as ct
from cardtable.bots.heuristic import card_points
from cardtable.bots.heuristics import acetens, bavarian, fantan, likelihood_for, policy_for, pools, rummy, spoil, stops
from cardtable.catalog import game_class
from cardtable.core.aims import Aim
from cardtable.games.napoleon import Nap

BY_FAMILY_BEFORE = {
    "rummy": rummy.policy, "loo": pools.policy, "rams": pools.policy, "stops": stops.policy,
    "fan-tan": fantan.policy, "spoil five": spoil.policy, "euchre": spoil.policy, "schafkopf": acetens.policy,
    "solo": acetens.policy, "bavarian schafkopf": bavarian.policy,
}
"""The family registry the aim replaced (Bavarian Schafkopf's declarations keep rules of thumb of their own)."""
IDS = [g.id for g in ct.games()]


@pytest.mark.parametrize("gid", IDS)
def test_the_aim_finds_what_the_family_lists_gave(gid: str) -> None:
    cls = game_class(gid)
    assert policy_for(cls.aim, cls.family) is BY_FAMILY_BEFORE.get(cls.family)
    assert (likelihood_for(cls.aim) is fantan.choice_loglik) == (cls.family == "fan-tan")
    assert (cls.aim.bids == "tricks") == (cls.family in ("napoleon", "euchre"))  # Nap's bids, Hasenpfeffer's
    counts = card_points(ct.load(gid).deal(seed=0)) is not None
    assert counts == (cls.family in ("schafkopf", "solo", "bavarian schafkopf"))


def test_a_new_family_gets_the_rules_of_thumb_of_its_aim() -> None:
    # A Nap played for the pool by some other family name: the pool games' rules of thumb, by its aim alone.
    PoolNap = type("PoolNap", (Nap,), {"id": "pool-nap", "aliases": (), "family": "somewhere else",
                                       "aim": Aim("tricks", "pool")})
    assert policy_for(PoolNap.aim) is pools.policy
    assert policy_for(Aim("cards shed", "first out", sheds="stops")) is stops.policy
    assert policy_for(Aim("card points", "target", card_points={"A": 11}, target=61)) is acetens.policy
    assert policy_for(Aim()) is None and likelihood_for(Aim()) is None
