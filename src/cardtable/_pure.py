"""Which modules run compiled: the plain Python source when asked, when there is no whole build, or when it
is stale.

The compiled build (setup.py, or ``scripts/venv.py compile`` for a checkout) puts extension modules beside a
few ``.py`` files, and Python prefers them. A finder placed first on ``sys.meta_path`` loads the ``.py`` file
instead when ``CARDTABLE_PURE`` is set (and not ``0``) — for profilers, debuggers and the tests that compare
both — and when the build is absent or stale: the build records the SHA-256 of every source it compiled
(``_compiled.json`` beside this module, written last, once every compiled module is in place), and a source
found with another hash (an edit since the build), or a compiled module without a record (a build not
finished), sends every compiled module back to its source, so that an edit is never hidden by an old build.
One warning says so (reinstall to compile again). Hashes, not file times: an installed wheel's files carry
the times of their unpacking.

A process decides once, at its first import of a module of the package: a build that lands while it runs
(the first start's background build) is used from the next process on, never mixed with the plain modules
already imported.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

ENV = "CARDTABLE_PURE"
PACKAGE = os.path.dirname(os.path.abspath(__file__))
RECORD = "_compiled.json"


def pure_wanted() -> bool:
    """Whether ``CARDTABLE_PURE`` asks for the plain Python modules."""
    return os.environ.get(ENV, "0") not in ("", "0")


def changed_sources(package: str = PACKAGE) -> list[str]:
    """What makes the build stale: the compiled modules' sources (paths inside the package) that differ from
    the ones the build compiled, and compiled modules the build did not record.

    A recorded source that is absent (an installed wheel has no ``.pxd`` files) is not a change.
    """
    try:
        with open(os.path.join(package, RECORD), encoding="utf-8") as f:
            record: dict[str, str] = json.load(f)
    except (OSError, ValueError):
        record = {}
    changed = []
    for rel, digest in sorted(record.items()):
        try:
            with open(os.path.join(package, *rel.split("/")), "rb") as f:
                if hashlib.sha256(f.read()).hexdigest() != digest:
                    changed.append(rel)
        except FileNotFoundError:
            continue
    for folder, _, files in os.walk(package):
        for file in files:
            stem, dot, suffix = file.partition(".")
            if dot and "." + suffix in importlib.machinery.EXTENSION_SUFFIXES and stem + ".py" in files:
                rel = os.path.relpath(os.path.join(folder, stem + ".py"), package).replace(os.sep, "/")
                if rel not in record:
                    changed.append(rel)
    return changed


@functools.cache
def _stale(package: str) -> bool:
    """Whether this process runs the plain modules although not asked to: no whole build (no record), or a
    stale one (:func:`changed_sources`, with one warning naming them). Decided once per process."""
    changed = changed_sources(package)
    if changed:
        warnings.warn(f"cardtable: the compiled core does not match its source ({', '.join(changed)}); running "
                      "the plain Python modules (reinstall to compile again; in a checkout, bash scripts/run.sh "
                      "does it)", stacklevel=4)
        return True
    return not os.path.isfile(os.path.join(package, RECORD))


class PureFinder:
    """Find a compiled ``cardtable`` module as its ``.py`` source when wanted, or when the build is absent or
    stale."""

    package = PACKAGE

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
            # The decision is taken at the first module found, compiled or not, and kept (see above).
            if not pure_wanted() and not _stale(cls.package):
                return None
            if not any(os.path.isfile(os.path.join(folder, leaf + s)) for s in importlib.machinery.EXTENSION_SUFFIXES):
                return None
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
