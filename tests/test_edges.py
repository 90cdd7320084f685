"""The edges (web, command line, bots, research adapters) read a deal only through its public contract: the
view, its log of events, the class's declaration and the declared hooks (issue 35, "The view and a public
event log are the only contract"). An AST scan fails on any read of a deal's ``rules`` (the trick rules in
force are ``deal.ranking()``) or of a private attribute of a deal, apart from the short list below."""

from __future__ import annotations

import ast
import pathlib
import re

import cardtable

ROOT = pathlib.Path(cardtable.__file__).parent
EDGES = ("web", "cli", "bots", "rl")

DEAL_LIKE = re.compile(r"^(d|b|deal\w*|\w+_deal|sample\w*|sampled|det\w*|new|clone|copy)$")
"""The names the edges give a deal (or a determinisation of one)."""

ALLOWED: dict[tuple[str, str], str] = {
    ("bots/heuristics/bavarian.py", "setup.rules"):
        "the configured game's ranking of each Bavarian declaration (game.setup), read to value a hand for a "
        "declaration not yet made; the game declares no hook for it yet",
}
"""What cannot move yet: (file, what it reads) -> why."""


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _private(attr: str) -> bool:
    return attr.startswith("_") and not attr.startswith("__")


def reads(source: str) -> list[tuple[int, str]]:
    """The forbidden reads in one module's source: (line, what), ``what`` as ``base.attribute``."""
    out = []
    for n in ast.walk(ast.parse(source)):
        if isinstance(n, ast.Attribute):
            base = _name(n.value) or "?"
            if n.attr == "rules" or (_private(n.attr) and DEAL_LIKE.match(base)):
                out.append((n.lineno, f"{base}.{n.attr}"))
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("getattr", "hasattr") \
                and len(n.args) >= 2 and isinstance(n.args[1], ast.Constant) and isinstance(n.args[1].value, str):
            attr, base = n.args[1].value, _name(n.args[0]) or "?"
            if attr == "rules" or (_private(attr) and DEAL_LIKE.match(base)):
                out.append((n.lineno, f"{base}.{attr}"))
    return out


def test_the_scan_finds_what_it_forbids() -> None:
    source = ("r = d.rules\nx = getattr(deal, 'rules', None)\ny = deal._legal_cache\nz = sampled._events\n"
              "ok = d.ranking()\nfine = self._cache\nalso = view['rules']\n")
    assert reads(source) == [(1, "d.rules"), (2, "deal.rules"), (3, "deal._legal_cache"), (4, "sampled._events")]


def test_edges_read_no_deal_internals() -> None:
    found, used = [], set()
    for pkg in EDGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            for line, what in reads(path.read_text(encoding="utf-8")):
                key = (rel, what)
                if key in ALLOWED:
                    used.add(key)
                else:
                    found.append(f"{rel}:{line}: {what}")
    assert found == [], "edges reading a deal's internals (use the view, its events or a declared hook):\n" + \
        "\n".join(found)
    assert used == set(ALLOWED), f"allowed reads no longer made (drop them from the list): {set(ALLOWED) - used}"
