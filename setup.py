"""The optional compiled build: Cython compiles the modules ``cardtable.core.compiled.MODULES`` lists to C.

Their classes and methods marked in the source (``cardtable/core/compiled.py``) become extension types with
their declared fields in the object; the Cython declarations (``.pxd`` files), and the field copiers that
``Deal.clone`` uses (``cardtable.core._copy``), are written from those marks into ``build/cython`` here, at
build time — the ``.py`` files are the only source. Everything else is in pyproject.toml.

Set ``CARDTABLE_PURE=1`` when installing to skip it; without a C compiler the build is skipped too
(the extensions are optional) and the same modules run as plain Python. At run time,
``CARDTABLE_PURE=1`` imports the plain Python modules even when compiled ones are present.

The build writes ``cardtable/_compiled.json`` beside the compiled modules: the SHA-256 of each source
they were compiled from, read before Cython reads them (a source edited during the build is recorded as it
was, so the build shows stale at once). ``cardtable._pure`` compares it with the sources found at run time,
so that an edited source is never hidden by an old build, whatever the files' times.

A checkout's first start (scripts/run.sh) installs the package with ``CARDTABLE_PURE=1`` and compiles in
the background with ``scripts/venv.py compile``, which runs ``setup.py build_ext`` on a copy of the sources.
"""

import hashlib
import importlib.util
import json
import os
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent
SRC = HERE / "src"
PXD = HERE / "build" / "cython"
PACKAGE = "src/cardtable"
RECORD = "_compiled.json"
HASHED: dict[str, str] = {}
"""The SHA-256 of the compiled modules' sources, taken before they are translated (see the record)."""


def source_hashes(modules: list[str]) -> dict[str, str]:
    """The sources of compiled modules (``core/deal.py``...) and their SHA-256."""
    out = {}
    for py in modules:
        for path in (py, py[:-3] + ".pxd"):
            if os.path.isfile(path):
                with open(path, "rb") as f:
                    out[os.path.relpath(path, PACKAGE).replace(os.sep, "/")] = hashlib.sha256(f.read()).hexdigest()
    return out


class BuildWithRecord(build_ext):
    """build_ext, then the record of the sources of the modules it built, beside them (and in the source tree
    for an editable install, where the built modules are copied)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:  # the modules compiled side by side, one a core (at most four)
            self.parallel = min(os.cpu_count() or 1, 4)

    def run(self) -> None:
        super().run()
        built = [os.path.splitext(ext.sources[0])[0] + ".py" for ext in self.extensions
                 if os.path.isfile(os.path.join(self.build_lib, self.get_ext_filename(ext.name)))]
        if not built:  # nothing compiled (CARDTABLE_PURE=1, no compiler): no record
            return
        stems = {os.path.relpath(os.path.splitext(py)[0], PACKAGE).replace(os.sep, "/") for py in built}
        record = {rel: digest for rel, digest in HASHED.items() if rel.rsplit(".", 1)[0] in stems}
        text = json.dumps(record, indent=1, sort_keys=True) + "\n"
        folders = [os.path.join(self.build_lib, "cardtable")]
        if self.inplace:
            folders.append(self.get_finalized_command("build_py").get_package_dir("cardtable"))
        for folder in folders:
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, RECORD), "w") as f:
                f.write(text)


def _write(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` unless it already holds it; return whether it changed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


def write_declarations() -> tuple[list[Extension], bool]:
    """Write the ``.pxd`` files of the compiled modules and their generated field copiers; return what to
    compile (the listed modules, and ``cardtable.core._copy``) and whether any declaration changed (then
    every module is compiled again: the extension types' layouts depend on one another)."""
    spec = importlib.util.spec_from_file_location("_compiled", SRC / "cardtable" / "core" / "compiled.py")
    assert spec is not None and spec.loader is not None
    compiled = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(compiled)  # stdlib only: the package itself is not imported
    paths = {m: SRC / (m.replace(".", "/") + ".py") for m in compiled.MODULES}
    HASHED.update(source_hashes([str(p.relative_to(HERE)) for p in paths.values()]))  # before Cython reads them
    sources = {m: p.read_text(encoding="utf-8") for m, p in paths.items()}
    changed = False
    wanted = {PXD / (module.replace(".", "/") + ".pxd"): text
              for module, text in compiled.declarations(sources).items()}
    for path, text in wanted.items():
        changed |= _write(path, text)
    for stale in PXD.rglob("*.pxd") if PXD.exists() else ():
        if stale.name != "__init__.pxd" and stale not in wanted:  # a class no longer marked (another checkout)
            stale.unlink()
            changed = True
    for folder in {(PXD / m.replace(".", "/")).parent for m in compiled.MODULES} | {PXD / "cardtable"}:
        _write(folder / "__init__.pxd", "")
    copier = PXD / "cardtable" / "core" / "_copy.pyx"
    changed |= _write(copier, compiled.copiers(sources))
    return [Extension(m, [str(p.relative_to(HERE))]) for m, p in paths.items()] + \
        [Extension("cardtable.core._copy", [str(copier.relative_to(HERE))])], changed


ext_modules = []
if not os.environ.get("CARDTABLE_PURE"):
    try:
        from Cython.Build import cythonize
    except ImportError:
        pass
    else:
        try:
            extensions, changed = write_declarations()
            ext_modules = cythonize(extensions, quiet=False, include_path=[str(PXD)], force=changed,
                                    compiler_directives={"language_level": 3, "binding": False,
                                                         "annotation_typing": False})
        except Exception as e:  # any failure to translate leaves the plain Python modules
            print(f"cardtable: not compiling the core ({e}); it runs as plain Python")
            ext_modules = []
        for ext in ext_modules:
            ext.optional = True  # no C compiler: the same modules run as plain Python

setup(ext_modules=ext_modules, cmdclass={"build_ext": BuildWithRecord})
