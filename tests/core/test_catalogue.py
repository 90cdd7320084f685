"""The catalogue's integrity: a game's identity (id, aliases, playout kernel) is its own, never inherited.

A variant made by subclassing a game inherits every class attribute. Its rules may be meant to differ from its
base's in one hook, but its identity must not silently be its base's: an alias inherited from Nap would make
``ct.game_info("napoleon")`` the variant, and a kernel inherited from Nap would play its random playouts by
Nap's rules (52 cards) whatever the variant's pack.
"""

from __future__ import annotations

import subprocess
import sys
from typing import ClassVar

import pytest

import cardtable as ct
from cardtable.catalog import _check_aliases, game_class
from cardtable.core.cards import Pack
from cardtable.core.game import Game
from cardtable.core.options import Options
from cardtable.games.napoleon import Nap

RANKS_24 = ["A", "K", "Q", "J", "T", "9"]
PACK_24 = Pack("24 cards, nine to ace", [r + s for s in "SHDC" for r in RANKS_24])


class Nap24(Nap):
    """Napoleon with a 24-card pack (a contributor's variant: not in the catalogue)."""

    id = "nap-24"
    name = "Napoleon with 24 cards"
    aliases = ()
    hand_size: ClassVar[int] = 5

    @classmethod
    def pack_of(cls, options: Options) -> Pack:
        return PACK_24


def test_an_inherited_alias_is_refused() -> None:
    class Careless(Nap):
        id, name = "careless-nap", "A careless Nap variant"

    with pytest.raises(TypeError, match=r"Careless: the aliases \('napoleon',\) are inherited from Nap"):
        _check_aliases({"nap": Nap, "careless-nap": Careless})


def test_an_alias_used_twice_is_refused() -> None:
    class Twin(Nap):
        id, name, aliases = "twin-nap", "Twin", ("napoleon",)

    with pytest.raises(TypeError, match="Twin: the alias 'napoleon' names Nap already"):
        _check_aliases({"nap": Nap, "twin-nap": Twin})

    class Shadow(Nap):
        id, name, aliases = "shadow-nap", "Shadow", ("nap",)  # an alias that is another game's id

    with pytest.raises(TypeError, match="Shadow: the alias 'nap' names Nap already"):
        _check_aliases({"nap": Nap, "shadow-nap": Shadow})


def test_the_catalogue_has_each_alias_once_and_napoleon_is_nap() -> None:
    aliases = [a for g in ct.games() for a in g.aliases]
    ids = [g.id for g in ct.games()]
    assert len(set(aliases)) == len(aliases) and not set(aliases) & set(ids)
    assert ct.game_info("napoleon").id == "nap"
    _check_aliases({g.id: game_class(g.id) for g in ct.games()})  # the real catalogue passes its own check


def test_a_kernel_plays_only_the_games_it_names() -> None:
    """Nap's kernel names Nap and Seven-Card Nap; the 24-card variant inherits the attribute but is played by the
    rules, so its random playouts deal 24 cards."""
    kernel = Nap.kernel
    assert kernel is not None and kernel.ids == ("nap", "seven-card-nap")
    game = Game(4, variant=Nap24)
    assert game.kernel is None
    deal = game.deal(seed=3)
    assert sum(h.bit_count() for h in deal.hands) == 20 and deal.pack.size == 24
    deltas = game.random_results(20, seed=1)
    assert len(deltas) == 20 and all(sum(d) == 0 for d in deltas)
    for g in ct.games():  # every kernel in the catalogue names only games of the catalogue, its own among them
        k = game_class(g.id).kernel
        if k is not None and g.id in k.ids:
            assert set(k.ids) <= set(ids := [x.id for x in ct.games()]), ids


def test_the_kernel_still_plays_nap_where_numba_is() -> None:
    from cardtable.games.napoleon_kernel import HAVE_NUMBA

    assert (ct.load("nap").kernel is not None) == HAVE_NUMBA
    assert (ct.load("seven-card-nap").kernel is not None) == HAVE_NUMBA


def test_a_game_module_imports_by_its_dotted_name() -> None:
    """``import cardtable.games.napoleon as n`` works although ``ct.games`` is also the catalogue (called)."""
    code = ("import cardtable.games.napoleon as n, cardtable as ct; "
            "print(n.Nap.id, len(ct.games()), ct.games.napoleon is n)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["nap", str(len(ct.games())), "True"]
    with pytest.raises(AttributeError, match="no module 'whist'"):
        ct.games.whist  # noqa: B018
