"""No function at the edges of the program — the web room, the command line, the bots and the learned bot's
trainer — runs over 60 lines (from its ``def`` to its last line: signature, docstring and body): a longer one is
split into helpers whose names say what they do (issue 35, "smaller")."""

from __future__ import annotations

import ast
import pathlib

import pytest

import cardtable

ROOT = pathlib.Path(cardtable.__file__).parent
EDGES = ("web", "cli", "bots", "rl")
MOST_LINES = 60
ALLOWED: set[str] = set()
"""Functions let run longer, as ``package/module.py:name`` — none now; one added here says in a comment why."""


def long_functions(folder: pathlib.Path) -> list[str]:
    """Every function under ``folder`` over :data:`MOST_LINES` lines and not allowed, with its line and length."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                where = f"{path.relative_to(folder.parent).as_posix()}:{node.name}"
                if lines > MOST_LINES and where not in ALLOWED:
                    found.append(f"{where} (line {node.lineno}, {lines} lines)")
    return found


@pytest.mark.parametrize("edge", EDGES)
def test_no_function_runs_over_60_lines(edge: str) -> None:
    assert long_functions(ROOT / edge) == [], f"split these into helpers of at most {MOST_LINES} lines each"


def test_the_check_names_a_long_function_and_passes_a_short_one(tmp_path: pathlib.Path) -> None:
    (tmp_path / "pkg").mkdir()
    body = "\n".join(f"        x{i} = {i}" for i in range(MOST_LINES - 2))
    (tmp_path / "pkg" / "m.py").write_text(f"class C:\n    async def long(self):\n        '''doc'''\n{body}\n"
                                           f"\n\ndef short():\n    return 1\n")
    lines = long_functions(tmp_path / "pkg")
    assert lines == [], lines  # 60 lines exactly: allowed
    body = "\n".join(f"    x{i} = {i}" for i in range(MOST_LINES - 2))
    (tmp_path / "pkg" / "m.py").write_text(f"def long():\n    '''doc'''\n{body}\n    return 0\n")
    assert long_functions(tmp_path / "pkg") == ["pkg/m.py:long (line 1, 61 lines)"]
