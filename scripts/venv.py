"""The install check shared by run.sh and test.sh, and the build of the compiled core, in the standard library
only (it imports nothing of the package, so that a start with nothing to do takes a fraction of a second).

    python scripts/venv.py plan EXTRA...     what to do for an install with these extras, one line:
                                             "ok", "deps" (install requirements only) or "build <reason>"
    python scripts/venv.py done EXTRA...     record a whole install (after pip succeeded)
    python scripts/venv.py deps EXTRA...     the requirements of these extras, one a line
    python scripts/venv.py missing EXTRA...  those of them not installed
    python scripts/venv.py installed         the extras installed
    python scripts/venv.py core              the compiled core, one line: "compiled", "compiling <pid>",
                                             "failed <reason>" or "compile <reason>"
    python scripts/venv.py compile           compile the core now (stopping a background build first)
    python scripts/venv.py compile --background   start compiling it in a detached process of low priority

The stamp (.venv/cardtable-install.json) keeps the hash of pyproject.toml and setup.py and the extras
installed with them. The package is installed as plain Python modules (``CARDTABLE_PURE=1``, seconds): again
only on the first install, when one of those files changed or when the virtualenv is broken; an extra not yet
installed only installs its requirements, without installing the package again.

The compiled core is built apart from the install, so that the first start serves at once: ``compile`` copies
the sources into ``build/core/tree`` and hashes that copy *before* compiling it (what is compiled is exactly
what is hashed), runs ``setup.py build_ext`` there (Cython, then the C compiler, one module a core; what is
unchanged since the last build is not compiled again), checks that every module was built, and only then puts
the compiled modules beside the sources: the record of their sources (``_compiled.json``) is removed first
and written last, each module replaced by a rename, so that a build stopped at any point leaves the plain
modules running (``cardtable._pure`` runs compiled modules only with a record that matches their sources).
A source edited while it compiled is not put in place: the next start compiles again. A last check imports the
compiled core and plays a deal; if that fails, the compiled modules are taken away again. Its stamp
(.venv/cardtable-core.json) keeps the hash of what the build read (setup.py, core/compiled.py and the
sources), and whether it succeeded, so that a build that failed is not tried again at every start.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib.machinery
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
STAMP = ROOT / ".venv" / "cardtable-install.json"
CORE_STAMP = ROOT / ".venv" / "cardtable-core.json"
LOCK = ROOT / ".venv" / "cardtable-compile.lock"
LOG = ROOT / ".venv" / "cardtable-compile.log"
BUILD = ROOT / "build" / "core"
TREE = BUILD / "tree"
PACKAGE = ROOT / "src" / "cardtable"
TOP_FILES = ("setup.py", "pyproject.toml", "README.md", "MANIFEST.in")
NICE = 19
"""The background build's niceness (``CARDTABLE_BUILD_NICE`` sets another)."""


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


def _load(path: Path, name: str) -> ModuleType:
    """A module of the package run from its file alone (it imports only the standard library)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def changed_sources(package: Path = PACKAGE) -> list[str]:
    """The compiled modules whose source changed since they were compiled (the check the package makes at
    import, run here on its own file: nothing of the package is imported)."""
    return list(_load(ROOT / "src" / "cardtable" / "_pure.py", "_cardtable_pure").changed_sources(str(package)))


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
    if missing(requirements(extras)):
        return "deps"
    return "ok"


def done(extras: list[str]) -> None:
    stamp = read_stamp()
    before = [str(x) for x in stamp.get("extras", [])] if stamp.get("hash") == want_hash() else []  # type: ignore[union-attr]
    STAMP.write_text(json.dumps({"hash": want_hash(), "extras": sorted({*before, *extras})}) + "\n",
                     encoding="utf-8")

# ------------------------------------------------------------------------------------- the compiled core
def compiled_modules() -> list[str]:
    """The modules the build compiles: core/compiled.py's list and the field copiers it generates."""
    return [*_load(PACKAGE / "core" / "compiled.py", "_cardtable_compiled").MODULES, "cardtable.core._copy"]


def _sources(root: Path) -> dict[str, Path]:
    """The compiled modules' sources under ``root`` (a checkout or the build's copy), by path in the package."""
    out = {}
    for module in compiled_modules():
        for suffix in (".py", ".pxd"):
            path = root / "src" / (module.replace(".", "/") + suffix)
            if path.is_file():
                out[str(path.relative_to(root / "src" / "cardtable"))] = path
    return out


def _hashes(root: Path) -> dict[str, str]:
    return {rel: hashlib.sha256(path.read_bytes()).hexdigest() for rel, path in _sources(root).items()}


def inputs_hash(root: Path = ROOT) -> str:
    """The hash of what a build reads: setup.py, core/compiled.py and the compiled modules' sources."""
    h = hashlib.sha256()
    for path in (root / "setup.py", root / "src" / "cardtable" / "core" / "compiled.py"):
        h.update(path.read_bytes())
    h.update(json.dumps(_hashes(root), sort_keys=True).encode())
    return h.hexdigest()


def _extension(module: str, folder: Path) -> Path:
    return folder / (module.replace(".", "/") + importlib.machinery.EXTENSION_SUFFIXES[0])


def _read_json(path: Path) -> dict[str, object]:
    try:
        got = json.loads(path.read_text(encoding="utf-8"))
        return got if isinstance(got, dict) else {}
    except (OSError, ValueError):
        return {}


def _holder() -> int | None:
    """The process holding the build's lock (a build running), or None."""
    if not LOCK.exists():
        return None
    with open(LOCK, "a+") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            f.seek(0)
            text = f.read().strip()
            return int(text) if text.isdigit() else -1
        fcntl.flock(f, fcntl.LOCK_UN)
    return None


def core(running: bool = True) -> str:
    """The compiled core's state, one line: "compiled", "compiling <pid>", "failed <reason>" or
    "compile <reason>"."""
    if running and (pid := _holder()) is not None:
        return f"compiling {pid}"
    stamp = _read_json(CORE_STAMP)
    want = inputs_hash()
    if stamp.get("inputs") == want and stamp.get("ok") is False:
        return "failed the last build of these sources failed (its log says why)"
    src = ROOT / "src"
    if not all(_extension(m, src).is_file() for m in compiled_modules()):
        return "compile the compiled core is not built yet"
    if not (PACKAGE / "_compiled.json").is_file():
        return "compile the last build did not finish"
    changed = changed_sources()
    if changed:
        return f"compile a compiled module's source changed since it was compiled ({', '.join(changed)})"
    if not stamp:
        return "compile this .venv has not compiled it (a new .venv)"
    if stamp.get("inputs") != want:
        return "compile setup.py or core/compiled.py changed since it was compiled"
    return "compiled"


def say(text: str) -> None:
    print(f"cardtable: {text}", flush=True)


_PROGRESS = [(re.compile(r"(\[\d+/\d+\]) Cythonizing (?:src/)?(\S+)"), r"  translating \2 to C \1"),
             (re.compile(r" -c (?:src/|build/cython/)?(\S+)\.c "), r"  compiling \1 (C)")]


def _snapshot() -> None:
    """Make ``build/core/tree`` a copy of the checkout's sources: changed files written anew (so that they are
    newer than what was built from them), files gone removed; what the build made there stays."""
    wanted: dict[Path, Path] = {TREE / name: ROOT / name for name in TOP_FILES if (ROOT / name).is_file()}
    for path in (ROOT / "src").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts and not _built_file(path):
            wanted[TREE / path.relative_to(ROOT)] = path
    for dest, path in wanted.items():
        data = path.read_bytes()
        if not dest.is_file() or dest.read_bytes() != data:
            dest.parent.mkdir(parents=True, exist_ok=True)
            tmp = dest.with_name(dest.name + ".part")
            tmp.write_bytes(data)
            os.replace(tmp, dest)
    for path in (TREE / "src").rglob("*") if (TREE / "src").exists() else ():
        if path.is_file() and path not in wanted and not _built_file(path) and "__pycache__" not in path.parts:
            path.unlink()


def _built_file(path: Path) -> bool:
    """What a build writes beside the sources (never copied, never removed as a stray source)."""
    return path.suffix in (".c", ".so", ".pyd", ".pyc", ".part") or path.name == "_compiled.json" \
        or ".egg-info" in str(path)


def _c_of(module: str) -> Path | None:
    rel = module.replace(".", "/") + ".c"
    return next((p for p in (TREE / "src" / rel, TREE / "build" / "cython" / rel) if p.is_file()), None)


def _lib() -> Path | None:
    """The build's folder of compiled modules (build/lib.<platform>-<python> in the copy) holding every one."""
    for lib in sorted((TREE / "build").glob("lib.*")):
        if all(_extension(m, lib).is_file() for m in compiled_modules()):
            return lib
    return None


def _whole(lib: Path) -> list[str]:
    """The modules not built by this build: no C, or a compiled module older than its C or its C older than
    its source (an optional extension that failed leaves the last build's module in place)."""
    out = []
    for module in compiled_modules():
        c, built = _c_of(module), _extension(module, lib)
        source = TREE / "src" / (module.replace(".", "/") + ".py")
        if not source.is_file():
            source = TREE / "build" / "cython" / (module.replace(".", "/") + ".pyx")
        if c is None or not built.is_file() or not (source.stat().st_mtime_ns <= c.stat().st_mtime_ns
                                                     <= built.stat().st_mtime_ns):
            out.append(module)
    return out


def _run_build() -> tuple[bool, str]:
    """``setup.py build_ext`` in the copy, its progress named line by line; whether it succeeded, and the
    end of its output."""
    env = {k: v for k, v in os.environ.items() if k != "CARDTABLE_PURE"}
    proc = subprocess.Popen([sys.executable, "setup.py", "build_ext"], cwd=TREE, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    assert proc.stdout is not None
    tail: list[str] = []
    for line in proc.stdout:
        tail = [*tail[-60:], line.rstrip()]
        for pattern, text in _PROGRESS:
            if (m := pattern.search(line)):
                print(m.expand(text), flush=True)
                break
    return proc.wait() == 0, "\n".join(tail)


def _put_in_place(lib: Path, record: dict[str, str]) -> None:
    """The compiled modules beside the sources: the record removed first, each module renamed into place,
    the record written last (with SIGTERM held off, so that a build stopped now finishes this step)."""
    old = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        (PACKAGE / "_compiled.json").unlink(missing_ok=True)
        src = ROOT / "src"
        for module in compiled_modules():
            dest = _extension(module, src)
            tmp = dest.with_name(dest.name + ".part")
            shutil.copyfile(_extension(module, lib), tmp)
            os.chmod(tmp, 0o755)
            os.replace(tmp, dest)
        tmp = PACKAGE / "_compiled.json.part"
        tmp.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(tmp, PACKAGE / "_compiled.json")
    finally:
        signal.signal(signal.SIGTERM, old)


def _take_away() -> None:
    """Back to the plain modules: the record, then the compiled modules, removed."""
    (PACKAGE / "_compiled.json").unlink(missing_ok=True)
    for module in compiled_modules():
        _extension(module, ROOT / "src").unlink(missing_ok=True)


_CHECK = """
import sys, warnings
warnings.simplefilter("error")
import cardtable as ct
from cardtable import _pure
assert _pure.compiled(), "the compiled modules were not imported"
game = ct.load("nap", players=4)
deal = game.deal(seed=1)
while not deal.over:
    deal.act(deal.legal()[-1])
print(sum(deal.result().deltas))
"""


def _check() -> str:
    """Import the compiled core and play a deal in a new process; what went wrong, or ''."""
    env = {k: v for k, v in os.environ.items() if k != "CARDTABLE_PURE"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), *filter(None, [env.get("PYTHONPATH")])])
    done = subprocess.run([sys.executable, "-c", _CHECK], env=env, capture_output=True, text=True, timeout=600)
    if done.returncode == 0 and done.stdout.strip() == "0":
        return ""
    return (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]


def _build_once() -> str:
    """One build; "" when the compiled core is in place, else why not ("changed ..." when a source was edited
    during the build)."""
    say("copying the sources to build/core/tree and hashing them (what is compiled is what is hashed)")
    _snapshot()
    record = _hashes(TREE)
    started = time.monotonic()
    say("translating to C with Cython and compiling with the C compiler, one module a core "
        "(what did not change since the last build is skipped)")
    ok, tail = _run_build()
    lib = _lib()
    missing = _whole(lib) if lib is not None else compiled_modules()
    if not ok or missing:
        print(tail, flush=True)
        return f"the build did not make {', '.join(missing) or 'every module'} (the lines above say why)"
    say(f"built in {time.monotonic() - started:.0f} s")
    if _hashes(ROOT) != record:
        return "changed: a compiled module's source was edited while it compiled; not put in place"
    _put_in_place(lib, record)
    problem = _check()
    if problem:
        _take_away()
        return f"the compiled core did not pass its check ({problem}); taken away"
    return ""


@contextlib.contextmanager
def _locked(background: bool) -> Iterator[bool]:
    """The build's lock; a foreground build stops a background one and waits for its lock. Yields whether
    this process holds it (a background build finding another running does nothing)."""
    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with open(LOCK, "a+") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            f.seek(0)
            pid = f.read().strip()
            if background:
                say(f"a build of the compiled core is already running (process {pid})")
                yield False
                return
            say(f"stopping the background build (process {pid}) to compile here at full speed")
            with contextlib.suppress(ProcessLookupError, PermissionError, ValueError):
                os.killpg(int(pid), signal.SIGTERM)
            fcntl.flock(f, fcntl.LOCK_EX)
        f.seek(0)
        f.truncate()
        f.write(str(os.getpid()))
        f.flush()
        try:
            yield True
        finally:
            f.seek(0)
            f.truncate()
            fcntl.flock(f, fcntl.LOCK_UN)


def compile_core(background: bool = False) -> int:
    """Compile the core and put it in place (see the module's text); 0 when it is in place."""
    with _locked(background) as mine:
        if not mine:
            return 0
        state = core(running=False)
        if state == "compiled":
            say("the compiled core is up to date, nothing to compile")
            return 0
        say(f"compiling the core ({state.split(' ', 1)[1]})")
        problem = _build_once()
        if problem and not problem.startswith("changed") and TREE.exists():
            say(f"{problem}; building again from nothing")
            shutil.rmtree(BUILD)
            problem = _build_once()
        inputs = inputs_hash()
        if problem.startswith("changed"):
            say(problem.removeprefix("changed: ") + " (the next start compiles again)")
            return 0
        CORE_STAMP.write_text(json.dumps({"inputs": inputs, "ok": not problem}) + "\n", encoding="utf-8")
        if problem:
            say(f"{problem}: the plain Python modules keep running")
            return 1
        say("the compiled core is in place: the next start runs it")
        return 0


def start_background() -> None:
    """Start :func:`compile_core` in a detached process of low priority, writing to its log."""
    LOG.parent.mkdir(parents=True, exist_ok=True)
    nice = int(os.environ.get("CARDTABLE_BUILD_NICE", NICE))
    with open(LOG, "w") as log:
        proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "compile", "--detached"],
                                cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True, preexec_fn=lambda: os.nice(nice) and None)
    say(f"the build runs in process {proc.pid} (its log: {LOG.relative_to(ROOT)})")


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
    elif command == "core":
        print(core())
    elif command == "inputs":
        print(inputs_hash())
    elif command == "compile" and args == ["--background"]:
        start_background()
    elif command == "compile":
        sys.exit(compile_core(background=args == ["--detached"]))
    elif command == "installed":
        print(" ".join(str(x) for x in read_stamp().get("extras", [])))  # type: ignore[union-attr]
    else:
        sys.exit(f"unknown command {command!r}: plan, done, deps, missing, installed, core or compile")
