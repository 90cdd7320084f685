"""The optional compiled build (setup.py) and the plain Python modules are one implementation.

The build compiles a few core modules (and Nap's) with Cython; the classes marked ``# compiled`` become
extension types whose annotated fields live in the object (core/compiled.py writes the declarations at build
time). ``CARDTABLE_PURE=1`` imports the plain ``.py`` files instead.
These tests check that both run the same rules: the same deals played by the same random policy give
the same histories, views and settlements in a process of each kind.
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import cardtable as ct
from cardtable import _pure
from cardtable.core import compiled
from cardtable.core.auction import Auction
from cardtable.core.cards import Pack
from cardtable.core.deal import Deal
from cardtable.core.tricks import TrickDeal, TrickRules
from cardtable.games.napoleon import Nap


def play_all(deals: int = 8) -> dict[str, list[object]]:
    """Every game id: ``deals`` deals played by a seeded random policy, with every view and the result."""
    out: dict[str, list[object]] = {}
    for info in ct.games():
        game = ct.load(info.id)
        rows: list[object] = []
        for i in range(deals):
            d = game.deal(seed=i, dealer=i % game.players)
            rng = random.Random(i)
            steps = 0
            while not d.over and steps < 3000:
                d.act(rng.choice(d.legal()))
                steps += 1
                if steps % 7 == 0:  # a clone and a sample on the way must not disturb the deal
                    d.clone().legal()
                    d.sample(d.turn if d.turn is not None else 0, rng)
            rows.append({"history": d.history, "views": [d.view(s) for s in range(d.players)],
                         "result": d.result().to_json() if d.over else None})
        out[info.id] = rows
    return out


def run_elsewhere(pure: bool) -> tuple[dict[str, list[object]], bool]:
    env = {**os.environ, "CARDTABLE_PURE": "1" if pure else "0"}
    code = (f"import json, sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); import test_compiled as t; "
            "from cardtable import _pure; print(json.dumps([t.play_all(), _pure.compiled()]))")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600,
                          check=True)
    got, compiled = json.loads(done.stdout)
    return got, compiled


def test_compiled_and_plain_python_play_the_same_deals() -> None:
    here = json.loads(json.dumps(play_all()))
    there, there_compiled = run_elsewhere(pure=_pure.compiled())  # the other kind, when this one is compiled
    assert there_compiled is False or not _pure.compiled()
    assert set(here) == {g.id for g in ct.games()}
    for gid in here:
        assert here[gid] == there[gid], gid


def test_pure_switch_imports_the_python_files() -> None:
    code = ("import importlib; from cardtable import _pure; "
            "print(*(importlib.import_module(m).__file__ for m in ('cardtable.core.deal', 'cardtable.core.tricks', "
            "'cardtable.games.napoleon')), _pure.compiled())")
    env = {**os.environ, "CARDTABLE_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True,
                         timeout=120).stdout.split()
    assert all(f.endswith(".py") for f in out[:3]) and out[3] == "False"


def _source(module: str) -> str:
    """A module's Python source (beside its compiled file, when it runs compiled)."""
    path = Path(importlib.import_module(module).__file__ or "")
    return path.with_name(module.rsplit(".", 1)[1] + ".py").read_text(encoding="utf-8")


def _annotated(cls: type) -> set[str]:
    """The fields a class's source declares (annotations outside ClassVar), with its bases'."""
    out: set[str] = set()
    for k in cls.__mro__[:-1]:
        tree = ast.parse(_source(k.__module__))
        node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == k.__name__)
        out |= {n.target.id for n in node.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
                and not ast.unparse(n.annotation).startswith("ClassVar")}
    return out


COMPILED_CLASSES = (Deal, TrickDeal, TrickRules, Pack, Auction, Nap)


def test_the_fields_are_declared_once_in_the_source() -> None:
    # A compiled class's fields are its annotations: the build writes the .pxd from them, and at run time
    # compiled.fields() reads them back (from the type, where the build keeps them in the object).
    for cls in COMPILED_CLASSES:
        assert set(compiled.fields(cls)) == _annotated(cls), cls.__name__
        assert set(compiled.in_object(cls)) == (_annotated(cls) if _pure.compiled() else set()), cls.__name__


def test_every_field_a_compiled_class_sets_is_declared() -> None:
    # An attribute set on self but not declared would live in the object's __dict__ when compiled: slower,
    # and a second, undeclared kind of state. Every `self.x = ...` in a compiled class names a declared field.
    for cls in COMPILED_CLASSES:
        tree = ast.parse(_source(cls.__module__))
        node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
        set_here = {t.attr for n in ast.walk(node) if isinstance(n, ast.Assign | ast.AugAssign | ast.AnnAssign)
                    for t0 in (n.targets if isinstance(n, ast.Assign) else [n.target])
                    for t in (t0.elts if isinstance(t0, ast.Tuple) else [t0])
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"}
        assert set_here <= _annotated(cls), (cls.__name__, set_here - _annotated(cls))


def test_the_build_declarations_follow_the_source() -> None:
    sources = {m: _source(m) for m in compiled.MODULES}
    pxd = compiled.declarations(sources)
    assert "cdef class Deal:" in pxd["cardtable.core.deal"]
    assert "cdef _play_index(self, Py_ssize_t seat, Py_ssize_t c)" in pxd["cardtable.core.tricks"]
    # A game's own class may be compiled the same way, by the same mark (Nap: its fields in the object too).
    assert "cdef class Nap(TrickDeal):" in pxd["cardtable.games.napoleon"]
    assert "from cardtable.core.tricks cimport TrickDeal" in pxd["cardtable.games.napoleon"]


def test_a_clone_of_a_compiled_deal_is_independent() -> None:
    game = ct.load("nap")
    d = game.deal(seed=3)
    while not d.over and d.phase != "play":
        d.act(d.legal()[-1])
    if d.over:  # everyone passed: pick a deal that reaches the play
        d = game.deal(seed=4)
        while d.phase != "play":
            d.act(d.legal()[-1])
    d.act(d.legal()[0])
    c = d.clone()
    assert c.trick == d.trick and c.trick is not d.trick and c.hands is not d.hands
    c.act(c.legal()[0])
    assert len(c.trick) == len(d.trick) + 1 or c.trick == []
    assert d.history != c.history and len(d.history) + 1 == len(c.history)
    assert type(c) is type(d) and c.rules is d.rules and c.game is d.game


def test_a_stale_build_gives_way_to_its_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A package as the build leaves it: x.py compiled beside it, and the record of the hashes it was compiled
    # from. Staleness is decided by those hashes, whatever the files' times (a wheel unpacks its compiled
    # modules before its sources).
    import hashlib
    import importlib.machinery
    import warnings

    source, built = tmp_path / "x.py", tmp_path / ("x" + importlib.machinery.EXTENSION_SUFFIXES[0])
    source.write_text("A = 1\n")
    built.write_bytes(b"")
    record = tmp_path / _pure.RECORD
    record.write_text(json.dumps({"x.py": hashlib.sha256(b"A = 1\n").hexdigest(), "x.pxd": "absent: not a change"}))
    monkeypatch.delenv("CARDTABLE_PURE", raising=False)
    monkeypatch.setattr(_pure.PureFinder, "package", str(tmp_path))

    def find() -> tuple[object, list[str]]:
        _pure._stale.cache_clear()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            spec = _pure.PureFinder.find_spec("cardtable.x", [str(tmp_path)])
            _pure.PureFinder.find_spec("cardtable.x", [str(tmp_path)])
        return spec and spec.origin, [str(w.message) for w in caught]

    os.utime(source, (3_000, 3_000))
    os.utime(built, (1_000, 1_000))  # the source is newer, but unchanged: the build
    assert _pure.changed_sources(str(tmp_path)) == []
    assert find() == (None, [])
    source.write_text("A = 2\n")  # edited since the build: the source, with one warning naming it
    origin, warned = find()
    assert origin == str(source) and len(warned) == 1 and "(x.py)" in warned[0] and "reinstall" in warned[0]
    source.write_text("A = 1\n")
    monkeypatch.setenv("CARDTABLE_PURE", "1")  # asked for: the source, silently
    assert find() == (str(source), [])
    monkeypatch.delenv("CARDTABLE_PURE")
    record.unlink()  # a compiled module the build did not record: the source
    assert _pure.changed_sources(str(tmp_path)) == ["x.py"]
    assert find()[0] == str(source)
    (tmp_path / "y.py").write_text("B = 2\n")  # nothing compiled: left to Python's own finders
    assert _pure.PureFinder.find_spec("cardtable.y", [str(tmp_path)]) is None


def test_clone_copies_every_declared_field() -> None:
    # clone() copies every declared field (kept in the object when compiled) and every other attribute:
    # every one must come out equal, lists as new lists, in a deal in the middle of a trick.
    game = ct.load("spoil-five")
    d = game.deal(seed=2)
    rng = random.Random(2)
    while not (d.phase == "play" and len(getattr(d, "trick", [])) == 2):
        d.act(rng.choice(d.legal()))
    d.legal()  # a cached legal list too
    c = d.clone()
    for name in compiled.fields(type(d)):
        mine, theirs = getattr(d, name), getattr(c, name)
        assert mine == theirs, name
        if isinstance(mine, list | dict):
            assert mine is not theirs, name
    assert vars(c) == vars(d) and vars(c) is not vars(d)
