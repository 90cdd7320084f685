"""A variant's rules text states only what differs from its base's: composed, it is whole and unmarked."""

from __future__ import annotations

from importlib import resources

import pytest

import cardtable as ct
from cardtable.core.rulestext import base_of, compose
from cardtable.errors import RulesError

RULES = resources.files("cardtable.games") / "rules"


def own_text(game_id: str) -> str:
    return (RULES / f"{game_id}.md").read_text(encoding="utf-8")


VARIANTS = [i.id for i in ct.catalog.games() if base_of(own_text(i.id))]


def test_variants_state_only_what_differs() -> None:
    # the Michigan, Fan-Tan, Rams, Forty-Five and Solo families' variants build on their base's text
    assert {"rounce", "cross-color-michigan", "jackpot-michigan", "twenty-five", "five-or-nine"} <= set(VARIANTS)
    assert len(own_text("rounce").splitlines()) < len(own_text("rams").splitlines()) / 2


@pytest.mark.parametrize("game_id", VARIANTS)
def test_a_variant_composed_has_its_base_sections_and_no_marker(game_id: str) -> None:
    text = ct.catalog.game_class(game_id).rules_text()
    assert "<!--" not in text
    assert text.startswith("# ") and text.splitlines()[0] == own_text(game_id).splitlines()[0]
    base = ct.catalog.game_class(base_of(own_text(game_id))).rules_text()
    dropped = {line[3:] for line, nxt in zip(own_text(game_id).splitlines(), own_text(game_id).splitlines()[1:])
               if line.startswith("## ") and "dropped" in nxt}
    for heading in (line for line in base.splitlines() if line.startswith("## ")):
        assert (heading in text) != (heading[3:] in dropped), heading


def test_composition_refuses_what_it_cannot_place() -> None:
    base = "# A\n\nA game.\n\n## Play\n\nPlay.\n"
    load = {"a": base}.__getitem__
    with pytest.raises(RulesError, match="after a section its base has not: 'Bidding'"):
        compose("# B\n<!-- base: a -->\n\nB.\n\n## Robbing\n<!-- after: Bidding -->\n\nRob.\n", load)
    with pytest.raises(RulesError, match="adds to or drops a section its base has not: 'Scores'"):
        compose("# B\n<!-- base: a -->\n\nB.\n\n## Scores\n<!-- more -->\n\nMore.\n", load)
    with pytest.raises(RulesError, match="in a circle"):
        compose("# A\n<!-- base: a -->\n\nA.\n", {"a": "# A\n<!-- base: a -->\n\nA.\n"}.__getitem__)
    dropped = compose("# B\n<!-- base: a -->\n\nB.\n\n## Play\n<!-- dropped -->\n", load)
    assert dropped == "# B\n\nB.\n"
