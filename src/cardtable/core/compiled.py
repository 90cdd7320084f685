"""The door to the compiled build: a mark on a few hot classes and methods, and the Cython declarations it means.

The rules are plain Python and run as they are. For speed, ``setup.py`` has Cython compile the modules listed
in :data:`MODULES`. There, a class whose ``class`` line ends with the comment ``# compiled`` becomes an
*extension type* whose fields — the class's annotated attributes, its one declaration of state — live in the
object with C access; a method (or function) whose ``def`` line ends with ``# compiled`` becomes ``cpdef`` (a C
call from compiled code that a game's Python subclass may still override), with ``# compiled; cdef`` it becomes
``cdef`` (internal: no Python subclass may override it), and ``; i j as Py_ssize_t`` gives arguments or locals
C types. At build time :func:`declarations` reads the marks and annotations and writes the ``.pxd`` files
Cython needs; nothing else lists the fields. Without a compiled build the marks are comments.

>>> src = '''
... class Pile:  # compiled
...     cards: list[int]
...     top: int | None
...     face_up: bool
...
...     def peek(self, k: int = 1) -> int:  # compiled; k as Py_ssize_t
...         return self.cards[-k]
... '''
>>> print(declarations({"cardtable.core.pile": src})["cardtable.core.pile"])
# Generated at build time from the marks in cardtable.core.pile (cardtable.core.compiled): do not edit.
cimport cython
<BLANKLINE>
cdef class Pile:
    cdef dict __dict__
    cdef public list cards
    cdef public object top
    cdef public bint face_up
    cpdef peek(self, Py_ssize_t k=*)
<BLANKLINE>
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Mapping
from typing import Any

__all__ = ["MODULES", "copier_of", "copiers", "declarations", "fields", "in_object"]

MODULES = ("cardtable.core.cards", "cardtable.core.dealing", "cardtable.core.auction", "cardtable.core.deal",
           "cardtable.core.tricks", "cardtable.core.game", "cardtable.games.napoleon")
"""The modules Cython compiles (in dependency order), when the package is installed with a C compiler."""


_FIELDS: dict[type, tuple[str, ...]] = {}


def fields(cls: type) -> tuple[str, ...]:
    """The declared fields of ``cls`` and its bases, base first: their annotated attributes.

    Cython keeps no annotations in a compiled class; there its fields are the attributes it holds in the
    object (:func:`in_object`). ``tests/core/test_compiled.py`` checks that both readings agree.

    >>> from cardtable.core.auction import Auction
    >>> fields(Auction)[:3]
    ('bids', 'order', 'mode')
    """
    got = _FIELDS.get(cls)
    if got is None:
        names: dict[str, None] = {}
        for k in reversed(cls.__mro__):
            ann = vars(k).get("__annotations__")
            own = [n for n, t in ann.items() if not str(t).startswith("ClassVar")] if ann is not None \
                else _c_fields(k)
            names.update(dict.fromkeys(own))
        got = _FIELDS[cls] = tuple(names)
    return got


def in_object(cls: type) -> tuple[str, ...]:
    """The fields that a compiled class and its compiled bases hold in the object (none in plain Python)."""
    return tuple(n for k in reversed(cls.__mro__) for n in _c_fields(k))


def _c_fields(k: type) -> list[str]:
    """A compiled class's own fields: Cython makes each an attribute descriptor without a docstring (its
    properties are descriptors too, with their docstrings)."""
    return [n for n, v in vars(k).items()
            if type(v).__name__ == "getset_descriptor" and v.__doc__ is None and not n.startswith("__")]


_COPIERS: dict[type, Any] = {}


def copier_of(cls: type) -> Any:
    """The compiled build's copier of the fields that ``cls``'s compiled bases keep in the object (generated
    from the declarations into ``cardtable.core._copy`` by :func:`copiers`; :meth:`Deal.clone
    <cardtable.core.deal.Deal.clone>` calls it), or ``None`` in plain Python, where every field is in the
    object's ``__dict__``."""
    got = _COPIERS.get(cls, False)
    if got is False:
        got = None
        if in_object(cls):  # compiled
            from ._copy import COPIERS  # type: ignore[import-not-found]

            got = next(COPIERS[k] for k in cls.__mro__ if k in COPIERS)
        _COPIERS[cls] = got
    return got


# ---------------------------------------------------------------------------------------- build time
_MARK = re.compile(r"#\s*compiled\s*(;.*)?$")
_BUILTIN = {"list": "list", "tuple": "tuple", "dict": "dict", "bool": "bint"}


class _Mark:
    """One ``# compiled`` mark: ``cdef`` or not, and the C types it gives names."""

    def __init__(self, text: str) -> None:
        self.cdef = False
        self.types: dict[str, str] = {}
        for item in (x.strip() for x in text.split(";")):
            if item == "cdef":
                self.cdef = True
            elif " as " in item:
                names, ctype = item.rsplit(" as ", 1)
                self.types.update(dict.fromkeys(names.split(), ctype.strip()))
            elif item:
                raise ValueError(f"a '# compiled' mark reads '; cdef' or '; names as ctype', not {item!r}")


def _marks(text: str) -> dict[int, _Mark]:
    """The ``# compiled`` marks of a source, by line."""
    out = {}
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT and (m := _MARK.match(tok.string)):
            out[tok.start[0]] = _Mark(m.group(1) or "")
    return out


def _mark_of(node: ast.FunctionDef | ast.ClassDef, marks: dict[int, _Mark]) -> _Mark | None:
    """The mark on the header lines of a ``def`` or ``class`` (from its first line to its body)."""
    for line in range(node.lineno, node.body[0].lineno):
        if line in marks:
            return marks[line]
    return None


def _field_type(annotation: ast.expr, classes: set[str]) -> str:
    """The Cython type of a field declared with ``annotation`` (containers and bool typed, else object)."""
    text = ast.unparse(annotation).replace("None | ", "").replace(" | None", "")
    head = text.split("[", 1)[0]
    if head in _BUILTIN:
        return _BUILTIN[head]
    return text if text in classes else "object"


def _signature(fn: ast.FunctionDef, mark: _Mark) -> list[str]:
    """The ``.pxd`` lines of one marked function (its ``@cython.locals`` first)."""
    types = dict(mark.types)
    args = fn.args.args
    first_default = len(args) - len(fn.args.defaults)
    parts = []
    for i, a in enumerate(args):
        if i == 0 and a.arg == "self":
            parts.append("self")
            continue
        parts.append(f"{types.pop(a.arg, 'object')} {a.arg}" + ("=*" if i >= first_default else ""))
    rtype = "bint " if fn.returns is not None and ast.unparse(fn.returns) == "bool" else ""
    lines = []
    if types:
        lines.append("@cython.locals(" + ", ".join(f"{k}={v}" for k, v in types.items()) + ")")
    lines.append(f"{'cdef' if mark.cdef else 'cpdef'} {rtype}{fn.name}(" + ", ".join(parts) + ")")
    return lines


def _fields_of(node: ast.ClassDef) -> list[tuple[str, str]]:
    """A class's declared fields: (name, annotation text), ``ClassVar`` left out."""
    return [(item.target.id, ast.unparse(item.annotation)) for item in node.body
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            and not ast.unparse(item.annotation).startswith("ClassVar")]


def _parse(sources: Mapping[str, str]) -> tuple[dict[str, tuple[ast.Module, dict[int, _Mark]]], dict[str, str]]:
    """Each module's tree and marks, and the module of every marked class."""
    parsed = {name: (ast.parse(text), _marks(text)) for name, text in sources.items()}
    home: dict[str, str] = {}
    for name, (tree, marks) in parsed.items():
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and _mark_of(node, marks):
                home[node.name] = name
    return parsed, home


def declarations(sources: Mapping[str, str]) -> dict[str, str]:
    """The ``.pxd`` text of each module (name -> source text): its marked classes, fields and functions."""
    parsed, home = _parse(sources)
    out = {}
    for name, (tree, marks) in parsed.items():
        body: list[str] = []
        used: set[str] = set()
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef | ast.ClassDef) or (mark := _mark_of(node, marks)) is None:
                continue
            if isinstance(node, ast.FunctionDef):
                body += ["", *_signature(node, mark)]
                used.update(mark.types.values())
            else:
                lines, refs = _class(node, marks, home)
                body += ["", *lines]
                used |= refs
        if not body:
            continue
        head = [f"# Generated at build time from the marks in {name} (cardtable.core.compiled): do not edit.",
                "cimport cython"]
        for cls in sorted(used & set(home)):
            if home[cls] != name:
                head.append(f"from {home[cls]} cimport {cls}")
        out[name] = "\n".join(head + body) + "\n"
    return out


_IMMUTABLE = ("int", "str", "bool", "float", "bytes", "tuple")
"""Annotations of values a copy shares; any other object field is copied as ``clone()`` copies it."""


def copiers(sources: Mapping[str, str]) -> str:
    """The source of ``cardtable.core._copy``, the compiled build's field copiers: for each marked class, a
    function copying the fields it holds in the object from one instance to another, lists and dicts one
    level deep (what :meth:`Deal.clone <cardtable.core.deal.Deal.clone>` does field by field in plain
    Python), keyed by the class in ``COPIERS``."""
    parsed, home = _parse(sources)
    copyable = {node.name for tree, _ in parsed.values() for node in tree.body if isinstance(node, ast.ClassDef)
                and node.name in home and any(isinstance(f, ast.FunctionDef) and f.name == "copy" for f in node.body)}
    lines = ["# Generated at build time from the declarations of the compiled classes (cardtable.core.compiled): "
             "do not edit.", "from cardtable.core.deal import _copied"]
    lines += [f"from {home[c]} cimport {c}" for c in home]
    names = []
    for tree, _ in parsed.values():
        for node in tree.body:
            if not (isinstance(node, ast.ClassDef) and node.name in home):
                continue
            base = next((b for b in (ast.unparse(x) for x in node.bases) if b in home), None)
            body = [f"    _copy_{base}(s, d)"] if base else []
            for field, annotation in _fields_of(node):
                kind = _field_type(ast.parse(annotation, mode="eval").body, set(home))
                head = annotation.replace("None | ", "").split("[", 1)[0].split(" |", 1)[0]
                if kind in ("list", "dict") or kind in copyable:
                    value = f"s.{field}.copy() if s.{field} is not None else None"
                elif kind == "object" and head not in _IMMUTABLE:
                    value = f"_copied(s.{field})"
                else:
                    value = f"s.{field}"
                body.append(f"    d.{field} = {value}")
            lines += ["", "", f"cdef _copy_{node.name}({node.name} s, {node.name} d):", *(body or ["    pass"]),
                      "", "", f"def copy_{node.name}({node.name} s, {node.name} d):", f"    _copy_{node.name}(s, d)"]
            names.append(node.name)
    lines += ["", "", "COPIERS = {" + ", ".join(f"{n}: copy_{n}" for n in names) + "}", ""]
    return "\n".join(lines)


def _class(node: ast.ClassDef, marks: dict[int, _Mark], home: dict[str, str]) -> tuple[list[str], set[str]]:
    """The ``cdef class`` block of one marked class, and the compiled classes it refers to."""
    classes = set(home)
    base = next((b for b in (ast.unparse(x) for x in node.bases) if b in classes), None)
    refs = {base} if base else set()
    lines = [f"cdef class {node.name}" + (f"({base})" if base else "") + ":"]
    if base is None:
        lines.append("    cdef dict __dict__")
    by_type: dict[str, list[str]] = {}
    for item in node.body:
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) \
                and not ast.unparse(item.annotation).startswith("ClassVar"):
            by_type.setdefault(_field_type(item.annotation, classes), []).append(item.target.id)
    for t, names in by_type.items():
        lines.append(f"    cdef public {t} " + ", ".join(names))
        refs.add(t)
    for item in node.body:
        if isinstance(item, ast.FunctionDef) and (mark := _mark_of(item, marks)) is not None:
            lines += ["    " + line for line in _signature(item, mark)]
            refs.update(mark.types.values())
    return lines, refs
