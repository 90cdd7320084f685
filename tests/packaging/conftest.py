"""Fixtures of the packaging tests: a throwaway copy of the repository, the environment of a new user, and
one fresh clone's first start of ``bash scripts/run.sh`` with its background build, shared by the run."""

from __future__ import annotations

import dataclasses
import fcntl
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def copy_repository(dest: Path) -> Path:
    """The repository's files as a fresh clone has them (plus any not yet committed), without the build
    products, the virtualenv or the caches of this checkout, at ``dest``."""
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, check=True).stdout.decode().split("\0")
    for rel in filter(None, files):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    return dest


def new_user_env() -> dict[str, str]:
    """This process's environment without what points into this checkout's virtualenv or asks for plain
    Python modules."""
    env = {k: v for k, v in os.environ.items() if k not in ("CARDTABLE_PURE", "VIRTUAL_ENV", "PYTHONPATH")}
    venv_bin = str(Path(sys.prefix) / "bin")
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != venv_bin)
    return env


@pytest.fixture
def repo_copy(tmp_path: Path) -> Path:
    """A fresh copy of the repository (:func:`copy_repository`)."""
    return copy_repository(tmp_path / "cardtable")


@pytest.fixture
def user_env() -> dict[str, str]:
    """The environment of a new user (:func:`new_user_env`)."""
    return new_user_env()


@dataclasses.dataclass
class FirstStart:
    """A fresh clone after the first start of ``bash scripts/run.sh`` and its background build."""

    repo: Path
    output: str  # what run.sh printed, to its serving line
    seconds: float  # from the start to the home page's 200
    log: str  # the background build's log, once it finished


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(repo: Path, env: dict[str, str], *args: str) -> tuple[subprocess.Popen[str], Path]:
    """``bash scripts/run.sh ARGS`` in ``repo``, in a session of its own, its output in a file."""
    log = Path(tempfile.mkstemp(suffix=".log", dir=repo.parent)[1])
    with open(log, "w") as out:
        proc = subprocess.Popen(["bash", "scripts/run.sh", *args], cwd=repo, env=env, stdout=out,
                                stderr=subprocess.STDOUT, text=True, start_new_session=True)
    return proc, log


def stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(60)


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


def core_state(repo: Path) -> str:
    """``venv.py core`` run by the clone's own interpreter."""
    done = subprocess.run([str(repo / ".venv" / "bin" / "python"), "scripts/venv.py", "core"], cwd=repo,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def wait_for_the_build(repo: Path, deadline_s: float = 3000) -> str:
    """Wait until no build of the compiled core runs in ``repo``; the core's state then."""
    deadline = time.monotonic() + deadline_s
    while (state := core_state(repo)).startswith("compiling"):
        assert time.monotonic() < deadline, "the background build did not finish"
        time.sleep(2)
    return state


@pytest.fixture(scope="session")
def first_start(tmp_path_factory: pytest.TempPathFactory) -> FirstStart:
    """One fresh clone's first start and background build per test run, shared by the packaging tests of
    every worker (the first to ask makes it, under a lock; the others read what it left), so that the core
    is compiled once per run. The build runs at normal priority here (the tests wait for it)."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    shared = base / "first-start"
    with open(base / "first-start.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = shared / "done.json"
        if done.exists():
            facts = json.loads(done.read_text())
            return FirstStart(shared / "cardtable", facts["output"], facts["seconds"], facts["log"])
        shutil.rmtree(shared, ignore_errors=True)
        repo = copy_repository(shared / "cardtable")
        env = {**new_user_env(), "COLUMNS": "400", "CARDTABLE_BUILD_NICE": "0"}
        output, seconds = serve(repo, env, shared / "tables.db")
        state = wait_for_the_build(repo)
        log = (repo / ".venv" / "cardtable-compile.log").read_text()
        assert state == "compiled", f"{state}\n{log[-4000:]}"
        done.write_text(json.dumps({"output": output, "seconds": seconds, "log": log}))
        return FirstStart(repo, output, seconds, log)
