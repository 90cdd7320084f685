"""The README's main command, ``bash scripts/run.sh``, run as a new user would on a fresh clone: every start
serves the home page. The first installs into ``.venv`` without compiling (the dependencies, then the package
as plain Python modules), serves at once and leaves the compiled core building in a detached background
process whose log names each module; the starts after it run compiled and install nothing (pip does not run,
nothing is compiled: the installed package's record and the compiled modules are untouched), nor does the
test command's install after it (only the test extras' requirements). A changed pyproject.toml or a broken
virtualenv makes the next start install again. Its arguments reach ``cardtable serve`` (a port and a
database of the test's own)."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from .conftest import FirstStart, core_state, free_port, serve, start, stop

pytestmark = [pytest.mark.packaging, pytest.mark.timeout(3600)]


def installed_marks(repo: Path) -> dict[str, int]:
    """The modification times of what an install writes: the package's record in the virtualenv, the
    compiled modules beside the sources and their record."""
    site = repo / ".venv" / "lib"
    files = [*site.glob("python3*/site-packages/cardtable-*.dist-info/RECORD"), *(repo / "src").rglob("*.so"),
             repo / "src" / "cardtable" / "_compiled.json"]
    return {str(f): f.stat().st_mtime_ns for f in files}


def test_the_first_start_serves_at_once_and_compiles_in_the_background(first_start: FirstStart,
                                                                      user_env: dict[str, str]) -> None:
    out, repo = first_start.output, first_start.repo
    assert "installing into .venv (the first start)" in out and "tables saved in" in out, out[-3000:]
    # Each step said; nothing compiled before serving: the build is started in the background, and said so.
    assert "step 1 of 2: the dependencies" in out and "step 2 of 2: cardtable itself, as plain Python modules" in out
    assert "compiling the core with Cython and the C compiler in the background, at low priority" in out
    assert "this start serves the plain Python modules" in out and ".venv/cardtable-compile.log" in out
    assert "translating" not in out and "(C)" not in out
    assert out.index("the build runs in process") < out.index("serving on")
    # The build's log names each module as it goes, and ends with the core in place.
    log = first_start.log
    assert "  translating cardtable/core/deal.py to C" in log and "  compiling cardtable/core/deal (C)" in log
    assert "the compiled core is in place" in log
    assert log.index("hashing them") < log.index("translating")
    print(f"run.sh first start to the home page: {first_start.seconds:.1f} s")

    asked = subprocess.run([str(repo / ".venv" / "bin" / "python"), "-c",
                            "from cardtable import _pure; print(_pure.compiled())"],
                           cwd=repo, env=user_env, capture_output=True, text=True, timeout=300)
    assert (asked.stdout, asked.stderr) == ("True\n", "")


def test_later_starts_and_the_test_install_compile_nothing(first_start: FirstStart, user_env: dict[str, str]) -> None:
    repo = first_start.repo
    db = repo.parent / "tables.db"
    user_env = {**user_env, "COLUMNS": "400"}
    marks = installed_marks(repo)
    assert any(m.endswith("RECORD") for m in marks) and any(m.endswith(".so") for m in marks)
    for _ in range(2):  # later starts, nothing changed: served compiled, nothing installed or compiled
        later, later_s = serve(repo, user_env, db)
        assert "nothing to install" in later and "the compiled core is up to date" in later, later[-3000:]
        assert "installing" not in later and "compiling" not in later
        assert installed_marks(repo) == marks
    print(f"run.sh later start to the home page: {later_s:.1f} s")

    # test.sh after run.sh: the same .venv and install; another extra installs its requirements only, and the
    # compiled core already in place is not compiled again.
    more = subprocess.run(["bash", "-c", "set -euo pipefail; source scripts/install.sh; install_cardtable web test; "
                           "compile_core foreground"],
                          cwd=repo, env=user_env, capture_output=True, text=True, timeout=1800)
    assert more.returncode == 0, more.stdout[-3000:] + more.stderr[-3000:]
    assert "installing what the extras web test need (the package itself is already installed)" in more.stdout
    assert "the compiled core is up to date" in more.stdout
    assert "compiling" not in more.stdout and "Cythonizing" not in more.stdout
    assert installed_marks(repo) == marks
    later, _ = serve(repo, user_env, db)
    assert "nothing to install" in later, later[-3000:]

    # A changed pyproject.toml: the next start installs again. It is stopped as soon as it says so, before pip
    # changes anything, and undone; the stamp is written only after a whole install. A broken virtualenv (a
    # dependency gone) plans an install too (asked of the check itself: the start would make .venv again under
    # the other tests of this clone). An edited compiled source plans a build of the core only
    # (tests/packaging/test_install_plan.py).
    pyproject = repo / "pyproject.toml"
    text = pyproject.read_text()
    pyproject.write_text(text + "\n# edited\n")
    try:
        said = start_until_installing(repo, user_env, db)
        assert "installing into .venv (pyproject.toml or setup.py changed)" in said
    finally:
        pyproject.write_text(text)
    python = str(repo / ".venv" / "bin" / "python")
    starlette = next((repo / ".venv" / "lib").glob("python3*/site-packages/starlette"))
    starlette.rename(starlette.with_name("starlette-away"))
    try:
        planned = subprocess.run([python, "scripts/venv.py", "plan", "web"], cwd=repo, capture_output=True,
                                 text=True, timeout=120)
    finally:
        starlette.with_name("starlette-away").rename(starlette)
    assert planned.stdout.strip() == "build .venv is broken"
    assert core_state(repo) == "compiled"


def start_until_installing(repo: Path, env: dict[str, str], db: Path) -> str:
    """Start the script, stop it as soon as it says it installs; its output."""
    proc, log = start(repo, env, "--port", str(free_port()), "--db", str(db))
    try:
        deadline = time.monotonic() + 300
        while "installing into .venv" not in log.read_text() and time.monotonic() < deadline:
            assert proc.poll() is None, log.read_text()
            time.sleep(0.05)
    finally:
        stop(proc)
    return log.read_text()
