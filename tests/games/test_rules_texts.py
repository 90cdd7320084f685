"""The words players read: each game's rules text, and the reasons, settlement lines and status lines of play.

Issue 19: `cardtable rules ID` (and the web's /rules/ID) is that game's rules only, in plain words a player can
follow at the table, every option described under the name a player sets, sources and decisions in a closing
section; no developer markup anywhere a player looks.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

import cardtable as ct

IDS = [g.id for g in ct.games()]
NAMES = {g.id: g.name for g in ct.games()}

DEV_MARKUP = re.compile("|".join((
    r":(?:class|mod|func|meth|attr):",        # reStructuredText roles
    r"ENGINE DEFAULT",
    r"(?-i:\bGAP\b|GAP-\d)",                   # gap ids such as SF-GAP-2
    r"RESOLUTIONS",
    r"\b\d{3}_[0-9a-f]{16}\b",                 # a seed file's name
    r"\bseeds?\b",                             # "(seed: ...)", "seed 000"
    r"\bissue \d",
    "§",
    r"module text",
    r"shared/|\.py\b|\bdocs/",                 # files of the project
)), re.IGNORECASE)
"""What a player should never read: developer citations and code references."""

TEXT_ONLY = re.compile(r"\bseats? \d|`|\b[a-z_]+=\w|<[a-z]+>")
"""Also absent from a rules text: seat numbers, code, ``name=value`` settings, placeholders."""


def markup(text: str, pattern: re.Pattern[str] = DEV_MARKUP) -> list[str]:
    """The offending bits of ``text``, each with a little context."""
    return [text[max(m.start() - 30, 0):m.end() + 30] for m in pattern.finditer(text)]


@pytest.mark.parametrize("gid", IDS)
def test_rules_text_is_the_games_own_in_plain_words(gid: str) -> None:
    cls = ct.catalog.game_class(gid)
    text = cls.rules_text()
    lines = text.splitlines()
    assert lines[0] == f"# {cls.name}", "the text starts with its own game's name"
    assert not markup(text) and not markup(text, TEXT_ONLY), markup(text) + markup(text, TEXT_ONLY)
    headings = [line for line in lines if line.startswith("#")]
    assert [h for h in headings if not h.startswith("## ")] == [lines[0]], "one game, one title"
    # No section of another game's rules: no heading names another game (other than one within its own name).
    others = [name.lower() for i, name in NAMES.items() if i != gid and name.lower() not in cls.name.lower()]
    assert not [h for h in headings[1:] if any(n in h.lower() for n in others)]
    assert headings[-2:] == ["## Options", "## Sources and decisions"]
    options = text[text.index("## Options"):text.index("## Sources and decisions")]
    for o in cls.info_().options:  # each option in words, tied to the name a player sets
        assert f"({o.name})" in options, f"{gid}: option {o.name} is not described"
    if not cls.info_().options:
        assert "no options" in options
    sources = text[text.index("## Sources and decisions"):]
    assert "http" in sources and "Decisions taken" in sources


# Words that belong to a sibling game's rules only (the old texts printed the whole family).
NOT_HERE = {
    "pope-joan": ("Cross-Color", "Sequence Michigan", "jackpot", "Spin", "widow auction"),
    "boodle": ("Spin", "Pope", "jackpot", "auction"),
    "michigan": ("Cross-Color", "jackpot", "Spin", "Pope"),
    "six-bid-solo": ("Frog", "Chico", "Coeur", "Progressive", "Grand"),
    "frog": ("Misère", "Call Solo", "Progressive", "double"),
    "auction-schafkopf": ("Least", "Schneider"),
    "schafkopf": ("Auction", "bid"),
    "nap": ("Seven", "Six or"),
    "three-card-loo": ("Pam", "flush"),
    "irish-loo": ("Pam be civil",),
    "rams": ("diddle", "julep", "lurk"),
    "mauscheln": ("julep", "spare hand", "lurk"),
    "julepe": ("diddle", "spare hand", "lurk"),
    "norrlandsknack": ("diddle", "julep", "spare hand"),
    "spoil-five": ("Forty-Five", "partners", "120"),
    "hasenpfeffer": ("robbing", "jink", "ace of hearts"),
    "fan-tan": ("round the corner", "stock"),
    "coon-can": ("trick",),
}


@pytest.mark.parametrize("gid", sorted(NOT_HERE))
def test_rules_text_has_no_sibling_rules(gid: str) -> None:
    text = ct.catalog.game_class(gid).rules_text()
    rules = text[:text.index("## Sources and decisions")].lower()
    assert not [w for w in NOT_HERE[gid] if w.lower() in rules]


def test_shared_rules_are_stated_in_place() -> None:
    # What a variant shares with its family is written out, not referred to ("the rules of Rams follow").
    for gid in ("rounce", "bierspiel"):
        text = ct.catalog.game_class(gid).rules_text()
        assert "A Rams bid made (all five tricks) wins the whole pool" in text and "## Robbing the turn-up" in text
    for gid in ("forty-five", "twenty-five", "auction-forty-five"):
        assert "| Clubs or spades | K Q J A 2 3 4 5 6 7 8 9 10 |" in ct.catalog.game_class(gid).rules_text()
    for gid in ("boodle", "spin", "pope-joan"):
        assert "A suit stops when its ace is played" in ct.catalog.game_class(gid).rules_text()


def test_rules_text_is_package_data_read_by_one_loader() -> None:
    # Every game reads games/rules/<id>.md (the loader of Game, and of Deal for a game written as one class
    # per variant); a class cannot substitute a text of its own.
    for gid in IDS:
        cls = ct.catalog.game_class(gid)
        assert all("rules_text" not in k.__dict__ for k in cls.__mro__ if k not in (ct.Game, ct.Deal)), gid
    assert ct.catalog.game_class("napoleon").rules_text() == ct.catalog.game_class("nap").rules_text()


# ------------------------------------------------------------------ the words of play
TRIES = ("xyz", "pass", "play", "take", "keep", "stand", "bid 1", "bid 99", "nap", "misery", "rams", "rob AS",
         "decline", "claim", "jink", "hold", "trump hearts", "diddle", "join", "knock", "lurk", "defend", "double",
         "redouble", "exchange AS", "discard AS", "draw stock", "draw discard", "spin 2C", "stake ace ace ace ace",
         "layoff 5S to 1", "move joker 1 with 9S", "meld 2S 3S 4S", "call ace of spades", "give 6C", "AH civil", "JK")


def words_of_play(gid: str, seed: int) -> list[str]:
    """Every reason, status line and settlement line met in a random match of a few deals."""
    rng = random.Random(seed)
    game = ct.load(gid)
    out: list[str] = []
    m = ct.Match(game, seed=seed, deals=3)
    while not m.over:
        d = m.next_deal()
        while not d.over:
            out += [str(d.view(d.turn).get("status", "")), str(d.public_view().get("status", ""))]
            codes = [game.pack.code_of[c] for c in rng.sample(range(game.pack.size), 4)]
            for a in (*rng.sample(TRIES, 6), *codes):
                why = d.why_not(a)
                if why is not None:
                    out.append(why)
            d.act(rng.choice(d.legal()))
        m.record(d)
        out += d.result().lines
        out.append(str(d.public_view().get("status", "")))
    return out


@pytest.mark.parametrize("gid", IDS)
def test_messages_and_settlement_lines_carry_no_developer_markup(gid: str) -> None:
    bad = [w for seed in range(3) for w in words_of_play(gid, seed) if DEV_MARKUP.search(w)]
    assert not bad, bad[:5]


def test_option_docs_and_summaries_are_plain_words() -> None:
    # The web form shows each option's doc beside its name, and the game's summary (the first paragraph of
    # its class docstring): no citations there either.
    for g in ct.games():
        for o in g.options:
            assert not markup(o.doc) and "=" not in o.doc, (g.id, o.name, o.doc)
        summary = g.doc.split("\n\n")[0]
        assert not markup(summary) and "=" not in summary and "`" not in summary, (g.id, summary)


SOURCE_NAMES = re.compile(r"^(source|SEED|_?[A-Z_]*SRC|NAP_BOOK|rule_book)$")
"""Names whose strings are developer metadata: a game's or an option's ``source``, the seed constants (and
napoleon.py's old rule book, which no interface shows: every rules text is the game's file)."""


def player_strings(path: Path) -> list[tuple[int, str]]:
    """String literals of a module that can reach a player: all but docstrings and ``source`` metadata."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):  # docstrings, and the attribute docstrings under assignments
            for stmt in body:
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                    skip.add(id(stmt.value))
        meta: ast.AST | None = None
        if isinstance(node, ast.keyword) and node.arg == "source":
            meta = node.value
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and SOURCE_NAMES.match(t.id) for t in targets):
                meta = node.value
        if meta is not None:
            skip.update(id(n) for n in ast.walk(meta))
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip]


def test_no_developer_markup_in_the_strings_of_the_rules_modules() -> None:
    # Reasons, settlement notes, status lines and option docs that random play may never reach are checked
    # too, in the source: every string literal of the rules modules but docstrings and source citations.
    root = Path(ct.__file__).parent
    bad = [f"{path.relative_to(root)}:{line}: {text[:80]!r}"
           for path in sorted((*root.glob("games/**/*.py"), *root.glob("core/*.py")))
           for line, text in player_strings(path) if DEV_MARKUP.search(text) and text != "SEED"]
    assert not bad, bad


@pytest.mark.parametrize("gid", IDS)
def test_cardtable_rules_prints_the_text_without_citations(gid: str) -> None:
    # `cardtable rules ID` renders the text (Rich Markdown); no option source or game source is printed.
    from typer.testing import CliRunner

    from cardtable.cli.app import app

    out = CliRunner().invoke(app, ["rules", gid], terminal_width=200)
    assert out.exit_code == 0 and out.stdout.strip().startswith(NAMES[gid]), out.stdout[:200]
    assert not DEV_MARKUP.search(out.stdout) and "#" not in out.stdout.splitlines()[0]
    assert "Sources and decisions" in out.stdout
