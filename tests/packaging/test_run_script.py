"""The README's main command, ``bash scripts/run.sh``, run as a new user would on a fresh clone: every start
serves the home page; the first installs into ``.venv``, a later one with nothing changed installs nothing
(pip does not run: the installed package's record and the compiled modules are untouched), and an edited
compiled source, a changed pyproject.toml or a broken virtualenv makes the next start install again. Its
arguments reach ``cardtable serve`` (a port and a database of the test's own)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = [pytest.mark.packaging, pytest.mark.timeout(1500)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(repo: Path, env: dict[str, str], *args: str) -> tuple[subprocess.Popen[str], Path]:
    log = Path(tempfile.mkstemp(suffix=".log", dir=repo.parent)[1])
    with open(log, "w") as out:
        proc = subprocess.Popen(["bash", "scripts/run.sh", *args], cwd=repo, env=env, stdout=out,
                                stderr=subprocess.STDOUT, text=True, start_new_session=True)
    return proc, log


def stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(30)


def serve(repo: Path, env: dict[str, str], db: Path) -> tuple[str, float]:
    """Start the script, wait for the home page (200), stop it; its output and the seconds to the page."""
    port = free_port()
    started = time.perf_counter()
    proc, log = start(repo, env, "--port", str(port), "--db", str(db))
    try:
        while True:
            if proc.poll() is not None:
                pytest.fail(f"run.sh exited with {proc.returncode}:\n{log.read_text()[-4000:]}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    assert page.status == 200 and "cardtable" in page.read().decode().lower()
                    break
            except OSError:
                time.sleep(0.5)
        seconds = time.perf_counter() - started
    finally:
        stop(proc)
    return log.read_text(), seconds


def installed_marks(repo: Path) -> dict[str, int]:
    """The modification times of what an install writes: the package's record in the virtualenv and the
    compiled modules beside the sources."""
    site = repo / ".venv" / "lib"
    files = [*site.glob("python3*/site-packages/cardtable-*.dist-info/RECORD"), *(repo / "src").rglob("*.so")]
    return {str(f): f.stat().st_mtime_ns for f in files}


def test_run_serves_every_start_and_installs_only_when_needed(repo_copy: Path, user_env: dict[str, str]) -> None:
    db = repo_copy.parent / "tables.db"
    user_env = {**user_env, "COLUMNS": "400"}  # the serving line unwrapped
    first, first_s = serve(repo_copy, user_env, db)
    assert "installing into .venv (the first start)" in first and f"(tables saved in {db})" in first, first[-3000:]
    # The first start shows what it does while it installs: the steps, that it takes minutes, each module.
    assert "step 1 of 2: the dependencies" in first and "step 2 of 2: building cardtable" in first
    assert "this takes minutes" in first
    assert "  compiling cardtable/core/deal (C)" in first and "  translating cardtable/core/deal.py to C" in first
    assert db.exists()
    marks = installed_marks(repo_copy)
    assert any(m.endswith("RECORD") for m in marks) and any(m.endswith(".so") for m in marks)

    for _ in range(2):  # later starts, nothing changed: served, nothing installed
        later, later_s = serve(repo_copy, user_env, db)
        assert "nothing to install" in later and "installing" not in later, later[-3000:]
        assert installed_marks(repo_copy) == marks
    print(f"run.sh: first start {first_s:.1f} s, a later start {later_s:.1f} s (to the home page's 200)")

    # test.sh after run.sh: the same .venv and install; another extra installs its requirements only, the
    # package is not built (compiled) again.
    more = subprocess.run(["bash", "-c", "set -euo pipefail; source scripts/install.sh; install_cardtable web test"],
                          cwd=repo_copy, env=user_env, capture_output=True, text=True, timeout=1200)
    assert more.returncode == 0, more.stdout[-3000:] + more.stderr[-3000:]
    assert "installing what the extras web test need (the package itself is already built)" in more.stdout
    assert "compiling" not in more.stdout and installed_marks(repo_copy) == marks
    later, _ = serve(repo_copy, user_env, db)
    assert "nothing to install" in later, later[-3000:]

    # An edited compiled source, a changed pyproject.toml, a broken virtualenv (a dependency gone): the next
    # start installs again. Each is stopped as soon as it says so, before pip changes anything (it builds
    # first), and undone; the stamp is written only after a whole install.
    for path, reason in [(repo_copy / "src" / "cardtable" / "core" / "deal.py", "a compiled module's source changed"),
                         (repo_copy / "pyproject.toml", "pyproject.toml or setup.py changed")]:
        text = path.read_text()
        path.write_text(text + "\n# edited\n")
        assert f"installing into .venv ({reason})" in start_until_installing(repo_copy, user_env, db)
        path.write_text(text)
    starlette = next((repo_copy / ".venv" / "lib").glob("python3*/site-packages/starlette"))
    starlette.rename(starlette.with_name("starlette-away"))
    assert "installing into .venv (.venv is broken)" in start_until_installing(repo_copy, user_env, db)


def start_until_installing(repo: Path, env: dict[str, str], db: Path) -> str:
    """Start the script, stop it as soon as it says it installs; its output."""
    proc, log = start(repo, env, "--port", str(free_port()), "--db", str(db))
    try:
        deadline = time.monotonic() + 120
        while "installing into .venv" not in log.read_text() and time.monotonic() < deadline:
            assert proc.poll() is None, log.read_text()
            time.sleep(0.05)
    finally:
        stop(proc)
    return log.read_text()
