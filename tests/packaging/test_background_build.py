"""The build of the compiled core (``scripts/venv.py compile``, run in the background by the first start) never
leaves a broken install: a build killed while it compiles leaves the plain modules running and the next
start's check asking for a build, and so does one stopped while it puts the modules in place; the build that
follows finishes the work. Its sources are hashed before they are compiled, from the copy it compiles: a
source edited during the build is not put in place, and the next check asks for a build again.

Each test starts from a copy of the repository and the build tree of the run's one compiled build (the first
start's, :func:`first_start`), with one compiled source edited, so that the build has one module to compile
again (not all of them) and the interpreter running the tests builds it.
"""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import FirstStart

pytestmark = [pytest.mark.packaging, pytest.mark.timeout(3600)]

PLAY = ("import cardtable as ct\n"
        "from cardtable import _pure\n"
        "deal = ct.load('nap', players=4).deal(seed=3)\n"
        "while not deal.over:\n"
        "    deal.act(deal.legal()[-1])\n"
        "print(_pure.compiled(), sum(deal.result().deltas))\n")


def env_of(repo: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CARDTABLE_PURE", "PYTHONPATH")}
    return {**env, "PYTHONPATH": str(repo / "src"), "CARDTABLE_BUILD_NICE": "0"}


def venv(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "scripts/venv.py", *args], cwd=repo, env=env_of(repo),
                          capture_output=True, text=True, timeout=3000)


def play(repo: Path) -> tuple[str, str]:
    """A deal played by the copy's package in a new process: what it printed (compiled or not, the sum of
    the settlement), and its stderr."""
    done = subprocess.run([sys.executable, "-c", PLAY], cwd=repo, env=env_of(repo), capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip(), done.stderr


def compiled_files(repo: Path) -> list[Path]:
    return sorted((repo / "src").rglob("*" + importlib.machinery.EXTENSION_SUFFIXES[0]))


@pytest.fixture
def seeded(repo_copy: Path, first_start: FirstStart) -> Path:
    """A copy of the repository with the run's build tree, and core/cards.py edited (a comment added)."""
    shutil.copytree(first_start.repo / "build" / "core", repo_copy / "build" / "core",
                    ignore=shutil.ignore_patterns("bdist*", "*.egg-info", "__pycache__"))
    (repo_copy / ".venv").mkdir()
    cards = repo_copy / "src" / "cardtable" / "core" / "cards.py"
    cards.write_text(cards.read_text() + "\n# edited once\n")
    return repo_copy


def wait_for(path: Path, text: str, deadline_s: float = 1200) -> str:
    deadline = time.monotonic() + deadline_s
    while text not in (got := path.read_text() if path.exists() else ""):
        assert time.monotonic() < deadline, f"{text!r} never came:\n{got[-3000:]}"
        time.sleep(0.2)
    return got


def test_an_interrupted_build_leaves_the_plain_modules_running(seeded: Path, first_start: FirstStart) -> None:
    repo = seeded
    assert venv(repo, "core").stdout.strip() == "compile the compiled core is not built yet"
    started = venv(repo, "compile", "--background")
    assert started.returncode == 0 and "the build runs in process" in started.stdout, started.stdout
    log = repo / ".venv" / "cardtable-compile.log"
    wait_for(log, "  compiling cardtable/core/cards (C)")
    pid = int((repo / ".venv" / "cardtable-compile.lock").read_text())
    assert venv(repo, "core").stdout.strip() == f"compiling {pid}"
    os.killpg(pid, signal.SIGKILL)  # the whole build (the C compiler too), with no chance to tidy up
    deadline = time.monotonic() + 120
    while venv(repo, "core").stdout.strip().startswith("compiling"):
        assert time.monotonic() < deadline
        time.sleep(0.2)
    # Nothing was put in place: the plain modules run, silently, and the check asks for a build.
    assert compiled_files(repo) == [] and not (repo / "src" / "cardtable" / "_compiled.json").exists()
    assert play(repo) == ("False 0", "")
    assert venv(repo, "core").stdout.strip() == "compile the compiled core is not built yet"

    # A build stopped while it put the modules in place (every module renamed in, the record not yet written):
    # the plain modules run, with one warning, and the check asks for a build.
    for built in compiled_files(first_start.repo):
        shutil.copy2(built, repo / built.relative_to(first_start.repo))
    out, err = play(repo)
    assert out == "False 0" and err.count("UserWarning") == 1 and "does not match its source" in err
    assert venv(repo, "core").stdout.strip() == "compile the last build did not finish"

    # The next build finishes the work (cards.py compiled again from where the killed one stopped) and the
    # compiled core runs, silently.
    done = venv(repo, "compile")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "the compiled core is in place" in done.stdout
    assert "compiling cardtable/core/cards (C)" in done.stdout
    assert "compiling cardtable/core/deal (C)" not in done.stdout  # unchanged: not compiled again
    assert play(repo) == ("True 0", "")
    assert venv(repo, "core").stdout.strip() == "compiled"


def test_a_source_edited_during_the_build_is_not_put_in_place(seeded: Path) -> None:
    repo = seeded
    cards = repo / "src" / "cardtable" / "core" / "cards.py"
    hashed = cards.read_text()
    out = repo.parent / "compile.out"
    with open(out, "w") as f:
        proc = subprocess.Popen([sys.executable, "scripts/venv.py", "compile"], cwd=repo, env=env_of(repo),
                                stdout=f, stderr=subprocess.STDOUT, text=True)
    try:
        wait_for(out, "  compiling cardtable/core/cards (C)")
        cards.write_text(hashed + "# edited during the build\n")
        assert proc.wait(3000) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    said = out.read_text()
    assert "a compiled module's source was edited while it compiled; not put in place" in said, said[-3000:]
    assert "the next start compiles again" in said
    # What was compiled is what was hashed: the copy as it was before the edit.
    assert (repo / "build" / "core" / "tree" / "src" / "cardtable" / "core" / "cards.py").read_text() == hashed
    assert compiled_files(repo) == [] and play(repo) == ("False 0", "")
    assert venv(repo, "core").stdout.strip() == "compile the compiled core is not built yet"
