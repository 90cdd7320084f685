"""The install check run.sh and test.sh share (scripts/venv.py), on a copy of the files it reads: a later
start with nothing changed plans nothing, a changed pyproject.toml or setup.py plans an install, and an extra
not yet installed plans only its requirements — never a second install of the package (test.sh after run.sh).
The compiled core's state is decided apart, for each case: not built, being built, a build that did not
finish, an edited source, an edited setup.py, a failed build, and built. The check imports nothing of the
package, and the web app's import makes no password hash."""

from __future__ import annotations

import fcntl
import hashlib
import importlib.machinery
import json
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
    for rel in ("scripts/venv.py", "pyproject.toml", "setup.py"):
        shutil.copy2(ROOT / rel, repo / rel)
    shutil.copytree(ROOT / "src" / "cardtable", repo / "src" / "cardtable", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c", "_compiled.json"))
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


COMPILED = ["core/cards", "core/dealing", "core/auction", "core/deal", "core/tricks", "core/game",
            "games/napoleon", "core/_copy"]


def build_as_the_compile_leaves_it(repo: Path) -> None:
    """What `venv.py compile` leaves: a module beside each source (empty files: the check opens none of
    them), the record of the sources' hashes, and the stamp of what the build read."""
    package = repo / "src" / "cardtable"
    for rel in COMPILED:
        (package / (rel + importlib.machinery.EXTENSION_SUFFIXES[0])).write_bytes(b"")
    record = {rel + ".py": hashlib.sha256((package / (rel + ".py")).read_bytes()).hexdigest()
              for rel in COMPILED if (package / (rel + ".py")).exists()}
    (package / "_compiled.json").write_text(json.dumps(record))
    (repo / ".venv" / "cardtable-core.json").write_text(json.dumps({"inputs": venv(repo, "inputs"), "ok": True}))


def test_the_compiled_core_state_in_each_case(tmp_path: Path) -> None:
    repo = copy(tmp_path)
    package = repo / "src" / "cardtable"
    assert venv(repo, "core") == "compile the compiled core is not built yet"
    build_as_the_compile_leaves_it(repo)
    assert venv(repo, "core") == "compiled"

    # A build stopped while it put the modules in place: the record is removed first and written last.
    record = (package / "_compiled.json").read_text()
    (package / "_compiled.json").unlink()
    assert venv(repo, "core") == "compile the last build did not finish"
    (package / "_compiled.json").write_text(record)

    # A compiled module's source edited since it was compiled: named.
    deal = package / "core" / "deal.py"
    text = deal.read_text()
    deal.write_text(text + "\n# edited\n")
    assert venv(repo, "core") == "compile a compiled module's source changed since it was compiled (core/deal.py)"
    deal.write_text(text)
    assert venv(repo, "core") == "compiled"

    # setup.py (or core/compiled.py, which writes the declarations) edited: compiled again.
    setup = repo / "setup.py"
    setup.write_text(setup.read_text() + "\n# edited\n")
    assert venv(repo, "core") == "compile setup.py or core/compiled.py changed since it was compiled"
    build_as_the_compile_leaves_it(repo)
    assert venv(repo, "core") == "compiled"

    # A build that failed for these very sources is not tried again at every start (run.sh), until they change.
    (repo / ".venv" / "cardtable-core.json").write_text(json.dumps({"inputs": venv(repo, "inputs"), "ok": False}))
    assert venv(repo, "core") == "failed the last build of these sources failed (its log says why)"
    deal.write_text(text + "\n# edited\n")
    assert venv(repo, "core").startswith("compile a compiled module's source changed")
    deal.write_text(text)

    # A build running (it holds the lock, its process id inside): said, whatever else is true.
    with open(repo / ".venv" / "cardtable-compile.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        lock.write("4242")
        lock.flush()
        assert venv(repo, "core") == "compiling 4242"
    assert venv(repo, "core").startswith("failed")


def test_the_plan_of_the_install_ignores_the_compiled_core(tmp_path: Path) -> None:
    # The package is installed as plain modules; an edited compiled source is the compiled core's business
    # (rebuilt in the background), not a reason to install again.
    repo = copy(tmp_path)
    venv(repo, "done", "web")
    deal = repo / "src" / "cardtable" / "core" / "deal.py"
    deal.write_text(deal.read_text() + "\n# edited\n")
    assert venv(repo, "plan", "web") == "ok"
