"""The optional compiled build: Cython compiles a few core modules to C (``*.pxd`` files beside them
declare the deal classes as extension types). Everything else is in pyproject.toml.

Set ``CARDTABLE_PURE=1`` when installing to skip it; without a C compiler the build is skipped too
(the extensions are optional) and the same modules run as plain Python. At run time,
``CARDTABLE_PURE=1`` imports the plain Python modules even when compiled ones are present.
"""

import os

from setuptools import setup

COMPILED = ["src/cardtable/core/deal.py", "src/cardtable/core/tricks.py", "src/cardtable/core/cards.py",
            "src/cardtable/core/dealing.py", "src/cardtable/core/auction.py", "src/cardtable/core/game.py",
            "src/cardtable/games/napoleon.py"]

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

setup(ext_modules=ext_modules)
