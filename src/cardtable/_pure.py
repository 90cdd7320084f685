"""Which modules run compiled: the plain Python source when asked, or when the compiled file is stale.

The compiled build (setup.py) puts extension modules beside a few ``.py`` files, and Python prefers
them. A finder placed first on ``sys.meta_path`` loads the ``.py`` file instead when
``CARDTABLE_PURE`` is set (and not ``0``) — for profilers, debuggers and the tests that compare both —
and when the ``.py`` (or its ``.pxd``) is newer than the compiled file, so that an edit is never hidden
by an old build (with a warning: reinstall to compile it again).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

ENV = "CARDTABLE_PURE"


def pure_wanted() -> bool:
    """Whether ``CARDTABLE_PURE`` asks for the plain Python modules."""
    return os.environ.get(ENV, "0") not in ("", "0")


class PureFinder:
    """Find a compiled ``cardtable`` module as its ``.py`` source when wanted or when it is stale."""

    @classmethod
    def find_spec(cls, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not name.startswith("cardtable.") or not path:
            return None
        leaf = name.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, leaf + ".py")
            if not os.path.isfile(source):
                continue
            built = [os.path.join(folder, leaf + s) for s in importlib.machinery.EXTENSION_SUFFIXES]
            built = [b for b in built if os.path.isfile(b)]
            if not built:
                return None
            if not pure_wanted():
                pxd = os.path.join(folder, leaf + ".pxd")
                newest = max(os.path.getmtime(p) for p in (source, pxd) if os.path.isfile(p))
                if newest <= os.path.getmtime(built[0]):
                    return None
                warnings.warn(f"{name}: the source is newer than its compiled module; running the source "
                              f"(reinstall, e.g. pip install -e ., to compile it again)", stacklevel=2)
            return importlib.util.spec_from_file_location(name, source)
        return None


def install() -> None:
    """Put :class:`PureFinder` first on ``sys.meta_path`` (once)."""
    if PureFinder not in sys.meta_path:
        sys.meta_path.insert(0, PureFinder)  # type: ignore[arg-type]


def compiled() -> bool:
    """Whether the core's deal classes run compiled in this process."""
    from .core import deal

    return bool(deal.__file__) and not str(deal.__file__).endswith(".py")


install()
