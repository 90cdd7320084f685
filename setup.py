"""The optional compiled build: Cython compiles a few core modules to C (``*.pxd`` files beside them
declare the deal classes as extension types). Everything else is in pyproject.toml.

Set ``CARDTABLE_PURE=1`` when installing to skip it; without a C compiler the build is skipped too
(the extensions are optional) and the same modules run as plain Python. At run time,
``CARDTABLE_PURE=1`` imports the plain Python modules even when compiled ones are present.

The build writes ``cardtable/_compiled.json`` beside the compiled modules: the SHA-256 of each source
(``.py`` and ``.pxd``) they were compiled from. ``cardtable._pure`` compares it with the sources found at
run time, so that an edited source is never hidden by an old build, whatever the files' times.
"""

import hashlib
import json
import os

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = ["src/cardtable/core/deal.py", "src/cardtable/core/tricks.py", "src/cardtable/core/cards.py",
            "src/cardtable/core/dealing.py", "src/cardtable/core/auction.py", "src/cardtable/core/game.py",
            "src/cardtable/games/napoleon.py"]
PACKAGE = "src/cardtable"
RECORD = "_compiled.json"


def source_hashes(modules: list[str]) -> dict[str, str]:
    """The sources of compiled modules (``core/deal.py``, ``core/deal.pxd``...) and their SHA-256."""
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

    def run(self) -> None:
        super().run()
        built = [os.path.splitext(ext.sources[0])[0] + ".py" for ext in self.extensions
                 if os.path.isfile(os.path.join(self.build_lib, self.get_ext_filename(ext.name)))]
        if not built:  # nothing compiled (CARDTABLE_PURE=1, no compiler): no record
            return
        text = json.dumps(source_hashes(built), indent=1, sort_keys=True) + "\n"
        folders = [os.path.join(self.build_lib, "cardtable")]
        if self.inplace:
            folders.append(self.get_finalized_command("build_py").get_package_dir("cardtable"))
        for folder in folders:
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, RECORD), "w") as f:
                f.write(text)


ext_modules = []
if not os.environ.get("CARDTABLE_PURE"):
    try:
        from Cython.Build import cythonize
    except ImportError:
        pass
    else:
        try:
            ext_modules = cythonize(COMPILED, quiet=True, compiler_directives={
                "language_level": 3, "binding": False, "annotation_typing": False})
        except Exception as e:  # any failure to translate leaves the plain Python modules
            print(f"cardtable: not compiling the core ({e}); it runs as plain Python")
            ext_modules = []
        for ext in ext_modules:
            ext.optional = True  # no C compiler: the same modules run as plain Python

setup(ext_modules=ext_modules, cmdclass={"build_ext": BuildWithRecord})
