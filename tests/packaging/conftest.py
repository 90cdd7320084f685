"""Fixtures of the packaging tests: a throwaway copy of the repository, and the environment of a new user."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def repo_copy(tmp_path: Path) -> Path:
    """The repository's files as a fresh clone has them (plus any not yet committed), without the build
    products, the virtualenv or the caches of this checkout."""
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, check=True).stdout.decode().split("\0")
    dest = tmp_path / "cardtable"
    for rel in filter(None, files):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    return dest


@pytest.fixture
def user_env() -> dict[str, str]:
    """This process's environment without what points into this checkout's virtualenv or asks for plain
    Python modules."""
    env = {k: v for k, v in os.environ.items() if k not in ("CARDTABLE_PURE", "VIRTUAL_ENV", "PYTHONPATH")}
    venv_bin = str(Path(sys.prefix) / "bin")
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != venv_bin)
    return env
