"""The install check run.sh and test.sh share (scripts/venv.py), on a copy of the files it reads: a later
start with nothing changed plans nothing, a changed pyproject.toml or setup.py plans a build, and an extra
not yet installed plans only its requirements — never a second build of the package (test.sh after run.sh).
The check imports nothing of the package, and the web app's import makes no password hash."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def copy(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    (repo / "src" / "cardtable").mkdir(parents=True)
    (repo / ".venv").mkdir()
    for rel in ("scripts/venv.py", "pyproject.toml", "setup.py", "src/cardtable/_pure.py"):
        shutil.copy2(ROOT / rel, repo / rel)
    return repo


def venv(repo: Path, *args: str) -> str:
    done = subprocess.run([sys.executable, str(repo / "scripts" / "venv.py"), *args], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_later_start_plans_nothing_and_an_edit_plans_a_build(tmp_path: Path) -> None:
    repo = copy(tmp_path)
    assert venv(repo, "plan", "web") == "build the first start"
    venv(repo, "done", "web")
    assert venv(repo, "plan", "web") == "ok"  # this interpreter has the web extra's requirements
    pyproject = repo / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + "\n# edited\n")
    assert venv(repo, "plan", "web") == "build pyproject.toml or setup.py changed"


def test_a_new_extra_installs_its_requirements_without_a_build(tmp_path: Path) -> None:
    repo = copy(tmp_path)
    pyproject = repo / "pyproject.toml"
    text = pyproject.read_text().replace("[project.optional-dependencies]\n",
                                         '[project.optional-dependencies]\nextra1 = ["cardtable[web]", '
                                         '"no-such-distribution-here>=1"]\n')
    pyproject.write_text(text)
    venv(repo, "done", "web")
    # Only the requirement not installed; the package is not built again (the 'test.sh after run.sh' case).
    assert venv(repo, "plan", "web", "extra1") == "deps"
    assert venv(repo, "missing", "web", "extra1") == "no-such-distribution-here>=1"
    assert "starlette>=0.37" in venv(repo, "deps", "extra1").splitlines()  # extras of extras, resolved
    venv(repo, "done", "extra1")
    assert venv(repo, "installed") == "extra1 web"


def test_the_check_is_cheap_and_imports_nothing_of_the_package(tmp_path: Path) -> None:
    repo = copy(tmp_path)
    venv(repo, "done", "web")
    started = time.perf_counter()
    probe = subprocess.run([sys.executable, "-X", "importtime", str(repo / "scripts" / "venv.py"), "plan", "web"],
                           capture_output=True, text=True, timeout=60)
    seconds = time.perf_counter() - started
    assert probe.stdout.strip() == "ok"
    imported = [line.rsplit("|", 1)[-1].strip() for line in probe.stderr.splitlines() if "|" in line]
    assert not [m for m in imported if m.split(".")[0] in ("cardtable", "starlette", "argon2", "sqlalchemy")]
    print(f"install check: {seconds:.2f} s")


def test_importing_the_accounts_makes_no_password_hash() -> None:
    code = ("import argon2\n"
            "calls = []\n"
            "real = argon2.PasswordHasher.hash\n"
            "argon2.PasswordHasher.hash = lambda self, *a, **k: calls.append(1) or real(self, *a, **k)\n"
            "import cardtable.web.accounts\n"
            "print(len(calls))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0"
