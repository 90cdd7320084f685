"""A plain install runs the compiled core, silently: the source distribution is built from a copy of the
repository as a user would (``python -m build``), the wheel from the build tree of the run's one compiled
build (the first start's background build, :func:`first_start`: what it compiled is reused, nothing is
compiled again), the wheel is installed into a new virtualenv (its dependencies from the pip cache or PyPI),
and the installed package runs compiled with nothing on stderr — also when its ``.py`` files are newer than
its compiled modules, as when a wheel is unpacked."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

from .conftest import FirstStart

pytestmark = [pytest.mark.packaging, pytest.mark.timeout(1500)]


def run(args: list[str | Path], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], env=env, cwd=cwd, capture_output=True, text=True, timeout=1200)


def test_the_built_wheel_installs_compiled_and_silent(repo_copy: Path, user_env: dict[str, str],
                                                       tmp_path: Path, first_start: FirstStart) -> None:
    dist = tmp_path / "dist"
    started = time.perf_counter()
    built = run([sys.executable, "-m", "build", "--sdist", "--outdir", dist, repo_copy], user_env, tmp_path)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    # The wheel from the compiled build's own tree (the sources it compiled, with what it made): the setuptools,
    # wheel and Cython of this environment, no isolation, so that what is up to date is not compiled again.
    tree = first_start.repo / "build" / "core" / "tree"
    built = run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", dist, tree], user_env,
                tmp_path)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    said = built.stdout + built.stderr
    assert "building 'cardtable" not in said and "Cythonizing" not in said and "gcc" not in said, said[-3000:]
    build_s = time.perf_counter() - started
    wheel, = dist.glob("*.whl")
    sdist, = dist.glob("*.tar.gz")

    # The generated C (1–3 MB a module) and declarations are in neither: the source distribution has the
    # sources whose marks the build reads to write them again (core/compiled.py), the wheel the compiled
    # modules (and the field copiers generated from the declarations) and the record of their sources.
    with zipfile.ZipFile(wheel) as w, tarfile.open(sdist) as s:
        wheel_files, sdist_files = w.namelist(), s.getnames()
    assert not [f for f in wheel_files + sdist_files if f.endswith((".c", ".pxd", ".pyx"))]
    assert any(f.endswith("core/compiled.py") for f in sdist_files)
    compiled = [f for f in wheel_files if f.endswith(".so") or f.endswith(".pyd")]
    assert any("core/deal." in f for f in compiled) and any("games/napoleon." in f for f in compiled)
    assert any("core/_copy." in f for f in compiled)
    assert "cardtable/_compiled.json" in wheel_files

    venv = tmp_path / "venv"
    started = time.perf_counter()
    made = run([sys.executable, "-m", "venv", venv], user_env, tmp_path)
    assert made.returncode == 0, made.stderr
    py = venv / "bin" / "python"
    installed = run([py, "-m", "pip", "install", "-q", wheel], user_env, tmp_path)
    assert installed.returncode == 0, installed.stdout[-3000:] + installed.stderr[-3000:]
    install_s = time.perf_counter() - started
    print(f"sdist and wheel (reusing the compiled build) {build_s:.1f} s; new venv and install {install_s:.1f} s")

    def check() -> None:
        listed = run([venv / "bin" / "cardtable", "list"], user_env, tmp_path)
        assert listed.returncode == 0 and "nap" in listed.stdout
        assert listed.stderr == ""
        rules = run([venv / "bin" / "cardtable", "rules", "nap"], user_env, tmp_path)  # the texts are in it
        assert rules.returncode == 0 and "Napoleon" in rules.stdout and rules.stderr == ""
        asked = run([py, "-c", "from cardtable import _pure; print(_pure.compiled())"], user_env, tmp_path)
        assert (asked.stdout, asked.stderr) == ("True\n", "")

    check()
    # Every installed source newer than every compiled module (a wheel unpacks the compiled files first):
    # unchanged sources, so still compiled and silent.
    package = Path(run([py, "-c", "import cardtable, os; print(os.path.dirname(cardtable.__file__))"],
                       user_env, tmp_path).stdout.strip())
    later = time.time() + 60
    for source in package.rglob("*.py"):
        os.utime(source, (later, later))
    check()

    # An installed source edited: one warning, and the plain modules run.
    deal = package / "core" / "deal.py"
    deal.write_text(deal.read_text() + "\n# edited\n")
    asked = run([py, "-c", "from cardtable import _pure; print(_pure.compiled())"], user_env, tmp_path)
    assert asked.stdout == "False\n"
    assert asked.stderr.count("UserWarning") == 1 and "core/deal.py" in asked.stderr
    # CARDTABLE_PURE=1 asks for the plain modules, silently.
    deal.write_text(deal.read_text().removesuffix("\n# edited\n"))
    asked = run([py, "-c", "from cardtable import _pure; print(_pure.compiled())"],
                {**user_env, "CARDTABLE_PURE": "1"}, tmp_path)
    assert (asked.stdout, asked.stderr) == ("False\n", "")
