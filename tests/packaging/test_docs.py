"""The documents stand alone and stay true: the examples of docs/api.md and the README run as written, and
no document points outside the repository."""

from __future__ import annotations

import contextlib
import doctest
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_the_api_document_runs_as_written() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False, report=True,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 40 and result.failed == 0


def test_the_readme_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert len(blocks) >= 2
    for block in blocks:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block, "README.md", "exec"), {})


@pytest.mark.parametrize("doc", DOCUMENTS, ids=lambda p: p.name)
def test_no_document_points_outside_the_repository(doc: Path) -> None:
    text = doc.read_text()
    assert not re.findall(r"\.\./shared|/work/|RESOLUTIONS|API\.md|STYLE\.md|seeds/", text)
    for target in re.findall(r"\]\(([^)#\s]+)", text):  # every link is a page of the web or a file of the repo
        if re.match(r"https?://", target):
            continue
        path = (doc.parent / target).resolve()
        assert ROOT in path.parents and path.exists(), target


def test_the_readme_snippet_plays_a_real_deal() -> None:
    # The first example must show a deal played out (bids, cards, a settlement), not one everyone passed.
    block = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)[0]
    scope: dict[str, object] = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "README.md", "exec"), scope)
    deal = scope["deal"]
    result = deal.result()  # type: ignore[attr-defined]
    assert any(result.deltas) and sum(result.deltas) == 0
    assert sum(1 for _, action in deal.history if action[:1].isalnum() and len(action) == 2) >= 20  # type: ignore
    assert "made" in out.getvalue() or "failed" in out.getvalue()
