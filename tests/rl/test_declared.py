"""The bounds and action forms each game declares (``Deal.deal_bounds``, ``Deal.action_forms``) hold in play.

Random play of every game id, at every player count, with its default options, each option flipped and the
options pushed to their extremes (the largest stakes and tariffs), never goes beyond what the game declares:
the length of a deal, a seat's least and most, zero-sum where declared, every legal action with a flat id
inside the space, no action longer than the declared longest, and no deal depending on the pack's order
beyond the cards it declares dealt. A game outside the catalogue (a 24-card Nap) works in both adapters with
nothing generated for it.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

import cardtable as ct
from cardtable.rl.actions import tokenize
from cardtable.rl.facts import declared_bounds, longest_action
from cardtable.rl.flat import flat_actions, flat_reason

GAME_IDS = [g.id for g in ct.games()]
BIG = 200
"""The largest number option value played (the bounds grow with a stake in proportion: 200 shows a formula
as well as 10,000, which would make a widow auction of 10,000 bids)."""


def settings(game_id: str) -> list[dict[str, Any]]:
    """The default options, each option flipped or set to each of its values (numbers: their least and
    most, up to :data:`BIG`), every number option at its most together (the largest stakes: the bounds'
    extreme), and that with every yes-or-no rule on."""
    out: list[dict[str, Any]] = [{}]
    most: dict[str, Any] = {}
    every: dict[str, Any] = {}
    for o in ct.game_info(game_id).options:
        if o.name == "claims":  # claiming is for tables of people: the learning adapters play every card out
            continue
        if o.type is bool:
            every[o.name] = True
        if o.type is bool:
            values: list[Any] = [not o.default]
        elif isinstance(o.allowed, range):
            top = o.allowed[-1] if o.allowed[-1] <= BIG else max(v for v in o.allowed[:BIG + 1] if v <= BIG)
            values = [o.allowed[0], top]
            most[o.name] = top
        else:
            values = [v for v in (o.allowed or []) if v != o.default]
        out += [{o.name: v} for v in values if v != o.default]
    if most:
        out.append(most)
    if every:
        out.append({**every, **most})  # every rule on at the largest stakes (Nap's Wellington and Blucher...)
    return out


def configurations(game_id: str) -> list[ct.Game]:
    """Every valid (player count, setting) of a game id."""
    info = ct.game_info(game_id)
    games = []
    for players in range(info.min_players, info.max_players + 1):
        for s in settings(game_id):
            try:
                games.append(ct.load(game_id, players=players, **s))
            except ct.RulesError:
                continue
    return games


def check_random_play(game: ct.Game, deals: int, rng: random.Random) -> None:
    """Random deals of one configuration stay within its declared bounds (see the module text)."""
    b = declared_bounds(game)
    opts = {k: v for k, v in game.options.as_dict().items()}
    flat = None if flat_reason(game.id, _settable(game)) else flat_actions(game.id, tuple(sorted(
        _settable(game).items())))
    longest = longest_action(game)
    where = f"{game.id} with {game.players} players, options {_settable(game)}"
    for i in range(deals):
        d = game.deal(seed=rng.randrange(2**32), dealer=i % game.players)
        while not d.over:
            legal = d.legal()
            if flat is not None:
                assert all(0 <= k < len(flat) for k in flat.ids(legal)), where
            assert all(len(tokenize(a)) <= longest for a in legal), f"{where}: an action longer than declared"
            d.act(rng.choice(legal))
        assert len(d.history) <= b.actions, f"{where}: {len(d.history)} actions, declared at most {b.actions}"
        deltas = [Fraction(x) for x in d.result().deltas]
        assert all(b.least <= x <= b.most for x in deltas), \
            f"{where}: deltas {deltas}, declared {b.least}..{b.most}"
        assert not b.zero_sum or sum(deltas) == 0, f"{where}: declared zero-sum, settled {deltas}"
    assert opts  # every game has options (first_dealer at least)


def _settable(game: ct.Game) -> dict[str, Any]:
    """The options of a configured game that differ from their defaults (what a record or a flat key names)."""
    now = game.options.as_dict()
    return {o.name: now[o.name] for o in ct.game_info(game.id).options if now[o.name] != o.default}


def depends_beyond(game: ct.Game, k: int, seed: int) -> bool:
    """Whether a random deal of ``game`` shows anything different when the pack beyond its first ``k`` cards
    is reordered (the views, the legal actions at every step, the settlement)."""
    rng = random.Random(seed)
    order = list(game.pack.code_of)
    rng.shuffle(order)
    tail = order[k:]
    rng.shuffle(tail)

    def play(deck: list[str]) -> list[Any]:
        r = random.Random(seed + 1)
        d = game.deal(deck=deck, dealer=seed % game.players)
        seen: list[Any] = []
        while not d.over:
            legal = d.legal()
            seen.append((d.turn, legal, [d.view(s) for s in range(d.players)]))
            d.act(r.choice(legal))
        return [*seen, [d.view(s) for s in range(d.players)], d.result().deltas]

    return play(order) != play(order[:k] + tail)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_random_play_stays_within_the_declared_bounds(gid: str) -> None:
    rng = random.Random(gid)
    games = configurations(gid)
    assert games
    for game in games:
        check_random_play(game, 12, rng)
    for game in games[:3]:  # the most deals at the default options of the smallest tables
        check_random_play(game, 60, rng)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_nothing_beyond_the_cards_declared_dealt_matters(gid: str) -> None:
    info = ct.game_info(gid)
    for players in sorted({info.min_players, info.default_players, info.max_players}):
        try:
            game = ct.load(gid, players=players)
        except ct.RulesError:
            continue
        k = declared_bounds(game).dealt
        assert 0 < k <= game.pack.size
        if k == game.pack.size:
            continue  # the whole pack: nothing lies beyond it
        assert not any(depends_beyond(game, k, seed) for seed in range(4)), f"{gid}: {players} players"


# ----------------------------------------------------------------------------- a game outside the catalogue
def _nap24() -> type[ct.Deal]:
    from cardtable.catalog import game_class
    from cardtable.core.cards import Pack, _codes

    class Nap24(game_class("nap")):  # type: ignore[misc,valid-type]
        """Nap with the 24 cards from nine to ace, for two to four."""

        id, name, aliases, max_players = "nap-24", "Nap with 24 cards", (), 4
        source = "a variant made for this test"
        pack_used = Pack("24-card", _codes("9TJQKA"))

    return Nap24


@pytest.fixture
def nap24(monkeypatch: pytest.MonkeyPatch) -> type[ct.Deal]:
    """A 24-card Nap registered for one test (nothing generated for it, no table entry anywhere)."""
    from cardtable import catalog

    cls = _nap24()
    monkeypatch.setitem(catalog._classes(), cls.id, cls)
    return cls


def test_a_new_game_plays_in_both_adapters_with_nothing_generated(nap24: type[ct.Deal]) -> None:
    import pyspiel
    from pettingzoo.test import api_test

    from cardtable.rl import openspiel as cos
    from cardtable.rl.pettingzoo import env

    game = ct.load("nap-24", players=3)
    assert game.pack.size == 24
    # its flat space: its own 24 cards, then Nap's words, ids as Nap's after the cards
    fa = flat_actions("nap-24")
    assert len(fa) == 24 + 5 and fa.id("AS") == 0 and fa.id("9C") == 23 and fa.text(24) == "bid 2"
    b = declared_bounds(game)
    assert (b.actions, b.dealt, b.least, b.most, b.zero_sum) == (3 + 15, 15, -10, 20, True)
    check_random_play(game, 40, random.Random(24))
    # OpenSpiel: the stated metadata is the declaration's, and random play stays within it
    cos.register("nap-24")
    g = pyspiel.load_game("cardtable_nap_24", {"players": 3, "actions": "flat"})
    assert (g.num_distinct_actions(), g.max_chance_outcomes(), g.max_game_length()) == (29, 24, 15 + 18)
    assert (g.min_utility(), g.max_utility()) == (-10.0, 20.0)
    assert g.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    pyspiel.random_sim_test(g, num_sims=5, serialize=False, verbose=False)
    # PettingZoo: flat actions over the 24 cards, the API test passes
    e = env("nap-24", players=3, actions="flat")
    api_test(e, num_cycles=200)
    e.reset(seed=3)
    assert e.action_space(e.agent_selection).n == 29
    played = 0
    rng = random.Random(5)
    for _agent in e.agent_iter():
        obs, _reward, term, trunc, _info = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = [i for i, m in enumerate(obs["action_mask"]) if m]
        assert legal and all(i < 29 for i in legal)
        e.step(rng.choice(legal))
        played += 1
    assert 0 < played <= 18  # one deal: three declarations (or passes) and fifteen cards at most


def test_forms_the_measured_table_missed_have_ids_now() -> None:
    # Two options together (Wellington and Blucher): random play of single option flips never met Blucher;
    # the declaration names it, appended after the forms already numbered (whose ids stay).
    nap = flat_actions("nap", (("blucher", True), ("wellington", True)))
    assert [nap.id(a) for a in ("pass", "wellington", "blucher")] == [56, 57, 58]
    d = ct.load("nap", players=3, wellington=True, blucher=True).deal(seed=1, dealer=0)
    d.act("nap")
    d.act("wellington")
    assert "blucher" in d.legal() and nap.text(nap.id("blucher")) == "blucher"


def test_the_worked_example_variant_has_its_new_declaration_numbered() -> None:
    # docs/developing.md's Six-Card Napoleon adds a Six to Nap's ladder and declares no action forms: its
    # flat space is Nap's, with the Six after them; its bounds are Nap's rules for six cards.
    from cardtable.core.game import Game

    from ..core.test_variants import SixCardNap

    six = SixCardNap.action_forms_of(Game(4, variant=SixCardNap).options)
    assert [f.text for f in six][:6] == ["#", "bid 2", "bid 3", "bid 4", "nap", "pass"] and six[-1].text == "bid 6"
    b = SixCardNap.deal_bounds(4, Game(4, variant=SixCardNap).options)
    assert (b.actions, b.dealt) == (4 + 24, 24)
