"""Doctests of modules that run compiled in this process are collected only from the plain Python run
(``CARDTABLE_PURE=1``, see scripts/test.sh): pytest cannot read docstrings back from a compiled module."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SRC = Path(__file__).parent / "src"


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path.suffix != ".py" or SRC not in collection_path.parents or collection_path.stem == "__init__":
        return None
    name = ".".join(collection_path.relative_to(SRC).with_suffix("").parts)
    spec = importlib.util.find_spec(name)
    return True if spec is not None and spec.origin and not spec.origin.endswith(".py") else None
