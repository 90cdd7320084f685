"""The install check shared by run.sh and test.sh, in the standard library only (it imports nothing of the
package, so that a start with nothing to do takes a fraction of a second).

    python scripts/venv.py plan EXTRA...     what to do for an install with these extras, one line:
                                             "ok", "deps" (install requirements only) or "build <reason>"
    python scripts/venv.py done EXTRA...     record a whole install (after pip succeeded)
    python scripts/venv.py deps EXTRA...     the requirements of these extras, one a line
    python scripts/venv.py missing EXTRA...  those of them not installed
    python scripts/venv.py installed         the extras installed

The stamp (.venv/cardtable-install.json) keeps the hash of pyproject.toml and setup.py and the extras
installed with them. The package is built (compiled) again only on the first install, when one of those
files changed, when a compiled module's source differs from the one compiled (the build's record) or when
the virtualenv is broken; an extra not yet installed only installs its requirements, without building the
package again.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.metadata
import importlib.util
import json
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAMP = ROOT / ".venv" / "cardtable-install.json"


def want_hash() -> str:
    """The hash of what decides the build: pyproject.toml and setup.py."""
    h = hashlib.sha256()
    for name in ("pyproject.toml", "setup.py"):
        h.update((ROOT / name).read_bytes())
    return h.hexdigest()


def requirements(extras: list[str]) -> list[str]:
    """The requirements of the base package and of ``extras`` (an extra naming ``cardtable[x]`` brings x's)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    optional: dict[str, list[str]] = project.get("optional-dependencies", {})
    out: list[str] = list(project.get("dependencies", []))
    todo, seen = list(extras), set()
    while todo:
        extra = todo.pop()
        if extra in seen:
            continue
        seen.add(extra)
        for req in optional.get(extra, []):
            inner = re.fullmatch(r"cardtable\[([\w,\s-]+)\]", req.strip())
            if inner:
                todo += [x.strip() for x in inner[1].split(",")]
            elif req not in out:
                out.append(req)
    return out


def dist_name(req: str) -> str:
    return re.split(r"[\s\[<>=!~;]", req.strip(), maxsplit=1)[0]


def missing(reqs: list[str]) -> list[str]:
    """The requirements whose distribution is not installed, or whose files are gone (a package deleted)."""
    out = []
    for req in reqs:
        try:
            dist = importlib.metadata.distribution(dist_name(req))
        except importlib.metadata.PackageNotFoundError:
            out.append(req)
            continue
        first = next((f for f in dist.files or () if f.suffix == ".py" and "__init__" in f.name), None)
        if first is not None and not Path(str(first.locate())).exists():
            out.append(req)
    return out


def compiled_stale() -> bool:
    """Whether a compiled module's source differs from the one compiled (the check the package makes at
    import, run here on its own file: nothing of the package is imported)."""
    spec = importlib.util.spec_from_file_location("_cardtable_pure", ROOT / "src" / "cardtable" / "_pure.py")
    assert spec is not None and spec.loader is not None
    pure = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pure)
    return bool(pure.changed_sources(str(ROOT / "src" / "cardtable")))


def read_stamp() -> dict[str, object]:
    try:
        stamp = json.loads(STAMP.read_text(encoding="utf-8"))
        return stamp if isinstance(stamp, dict) else {}
    except (OSError, ValueError):
        return {}


def plan(extras: list[str]) -> str:
    stamp = read_stamp()
    if not stamp:
        return "build the first start"
    if stamp.get("hash") != want_hash():
        return "build pyproject.toml or setup.py changed"
    try:
        importlib.metadata.distribution("cardtable")
    except importlib.metadata.PackageNotFoundError:
        return "build .venv is broken"
    installed = [str(x) for x in stamp.get("extras", [])]  # type: ignore[union-attr]
    if missing(requirements(installed)):
        return "build .venv is broken"
    if compiled_stale():
        return "build a compiled module's source changed"
    if missing(requirements(extras)):
        return "deps"
    return "ok"


def done(extras: list[str]) -> None:
    stamp = read_stamp()
    before = [str(x) for x in stamp.get("extras", [])] if stamp.get("hash") == want_hash() else []  # type: ignore[union-attr]
    STAMP.write_text(json.dumps({"hash": want_hash(), "extras": sorted({*before, *extras})}) + "\n",
                     encoding="utf-8")


if __name__ == "__main__":
    command, *args = sys.argv[1:] or ["plan"]
    if command == "plan":
        print(plan(args))
    elif command == "done":
        done(args)
    elif command == "deps":
        print("\n".join(requirements(args)))
    elif command == "missing":
        print("\n".join(missing(requirements(args))))
    elif command == "installed":
        print(" ".join(str(x) for x in read_stamp().get("extras", [])))  # type: ignore[union-attr]
    else:
        sys.exit(f"unknown command {command!r}: plan, done, deps or installed")
