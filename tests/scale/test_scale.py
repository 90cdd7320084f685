"""Scale-out: the same results whatever the backend and worker count; records as data; Ctrl-C keeps what ran."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import cardtable as ct
from cardtable.bots import arena
from cardtable.cli.app import app
from cardtable.scale import RecordWriter, read_records, runner_for


def test_local_results_do_not_depend_on_worker_count() -> None:
    one = arena.simulate("nap", ["random"], 24, seed=5, jobs=1)
    two = arena.simulate("nap", ["random"], 24, seed=5, jobs=2)
    assert one.per_deal == two.per_deal
    d1 = arena.duel("fan-tan", "heuristic", "random", 4, seed=3, jobs=1)
    d2 = arena.duel("fan-tan", "heuristic", "random", 4, seed=3, jobs=2)
    assert d1.per_deal == d2.per_deal


_RAY_SCRIPT = """
import json, ray
from cardtable.bots import arena
from cardtable.scale import runner_for
runner = runner_for("ray", 2)
try:
    out = {"sim": arena.simulate("three-card-loo", ["random"], 30, seed=9, runner=runner).per_deal,
           "duel": arena.duel("nap", "heuristic", "random", 3, seed=1, runner=runner).per_deal}
finally:
    ray.shutdown()
print("RESULT " + json.dumps(out))
"""


def test_ray_backend_equals_local_processes() -> None:
    # Ray runs in its own process: a local Ray instance (two CPUs) started and stopped by the script, so that
    # Ray's own processes and signal handlers never share the test worker.
    proc = subprocess.run([sys.executable, "-c", _RAY_SCRIPT], capture_output=True, text=True, timeout=300)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")]
    assert proc.returncode == 0 and lines, f"Ray run failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr[-4000:]}"
    remote = json.loads(lines[-1][len("RESULT "):])
    local_sim = arena.simulate("three-card-loo", ["random"], 30, seed=9, jobs=2)
    local_duel = arena.duel("nap", "heuristic", "random", 3, seed=1, jobs=1)
    assert remote["sim"] == local_sim.per_deal
    assert remote["duel"] == local_duel.per_deal


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_records_round_trip_and_replay(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"deals{suffix}"
    with RecordWriter(path, batch=7) as w:
        res = arena.simulate("spoil-five", ["random"], 20, seed=2, on_record=w.write)
    rows = list(read_records(path))
    assert [r["index"] for r in rows] == list(range(20))
    for row, deltas in zip(rows, res.per_deal):
        deal = ct.replay(row)
        assert [float(x) for x in deal.result().deltas] == deltas
        assert row["game"] == "spoil-five" and len(row["deck"].split()) == 52


def test_interrupted_run_keeps_what_finished(tmp_path: Path) -> None:
    def runner(fn: Any, args: list[Any]) -> Iterator[Any]:
        for k, a in enumerate(args):
            if k == 5:
                raise KeyboardInterrupt
            yield fn(a)

    path = tmp_path / "part.jsonl"
    with RecordWriter(path) as w:
        res = arena.simulate("nap", ["random"], 50, seed=1, runner=runner, on_record=w.write)
    assert res.interrupted and res.deals == 5 and len(res.per_deal) == 5
    assert len(list(read_records(path))) == 5


def test_bad_backend_and_records_name_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(ct.RulesError, match="unknown backend 'spark'"):
        runner_for("spark", 2)
    with pytest.raises(ct.RulesError, match=r"\.jsonl or \.parquet"):
        RecordWriter(tmp_path / "x.csv")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json}\n")
    with pytest.raises(ct.RulesError, match="line 1 is not a JSON record"):
        list(read_records(bad))


def test_cli_records_and_replay(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    runner = CliRunner()
    out = runner.invoke(app, ["simulate", "nap", "-n", "6", "--jobs", "1", "--records", str(path)], terminal_width=160)
    assert out.exit_code == 0, out.stdout
    out = runner.invoke(app, ["replay", str(path), "--index", "2"], terminal_width=160)
    assert out.exit_code == 0 and "settlement" in out.stdout
    out = runner.invoke(app, ["replay", str(path), "--index", "99"], terminal_width=160)
    assert out.exit_code == 2 and "no deal with index 99" in out.stdout
    out = runner.invoke(app, ["simulate", "nap", "-n", "2", "--backend", "spark"], terminal_width=160)
    assert out.exit_code == 2 and "unknown backend" in out.stdout
