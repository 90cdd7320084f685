"""Scale-out: the same results whatever the backend and worker count; records as data; Ctrl-C keeps what ran."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

import cardtable as ct
from cardtable.bots import arena
from cardtable.cli.app import app
from cardtable.scale import RecordWriter, read_records, runner_for

CARDTABLE = str(Path(sys.executable).with_name("cardtable"))
RAY = str(Path(sys.executable).with_name("ray"))


def test_local_results_do_not_depend_on_worker_count() -> None:
    one = arena.simulate("nap", ["random"], 24, seed=5, jobs=1)
    two = arena.simulate("nap", ["random"], 24, seed=5, jobs=2)
    assert one.per_deal == two.per_deal
    d1 = arena.duel("fan-tan", "heuristic", "random", 4, seed=3, jobs=1)
    d2 = arena.duel("fan-tan", "heuristic", "random", 4, seed=3, jobs=2)
    assert d1.per_deal == d2.per_deal
    other = arena.simulate("nap", ["random"], 24, seed=6, jobs=2)
    assert other.per_deal != one.per_deal  # the seed matters (so the equality above says something)


_RAY_SCRIPT = """
import json, ray
from cardtable.bots import arena
from cardtable.scale import runner_for
runner = runner_for("ray", 2)
try:
    assert ray.cluster_resources()["CPU"] == 2
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_cli_on_an_existing_ray_cluster_with_address(tmp_path: Path) -> None:
    # A throwaway Ray cluster (2 CPUs, started by 'ray start --head' in its own session, stopped by its process
    # group only); 'cardtable simulate --backend ray --address' joins it and writes the same deals as local.
    port = _free_port()
    env = {**os.environ, "RAY_AUTH_MODE": "disabled"}  # a local throwaway cluster: no token to share
    ray_tmp = tempfile.mkdtemp(prefix="ct-ray-", dir="/tmp")  # short: Ray's socket paths have a length limit
    head = subprocess.Popen([RAY, "start", "--head", "--block", f"--port={port}", "--num-cpus=2",
                             "--include-dashboard=false", f"--temp-dir={ray_tmp}", "--disable-usage-stats"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True)
    try:
        for _ in range(240):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.5)
        remote, local = tmp_path / "ray.jsonl", tmp_path / "local.parquet"
        out = subprocess.run([CARDTABLE, "simulate", "spoil-five", "-n", "40", "--seed", "3", "--backend", "ray",
                              "--address", f"127.0.0.1:{port}", "--records", str(remote)],
                             capture_output=True, text=True, timeout=300, env=env)
        assert out.returncode == 0, out.stdout + out.stderr[-3000:]
        assert "Connected to Ray cluster" in out.stderr and re.search(r"40/40 [\d,.]+ deals/s done", out.stdout)
    finally:
        os.killpg(head.pid, signal.SIGINT)  # 'ray start --block' then stops what it started (in its session)
        with contextlib.suppress(subprocess.TimeoutExpired):
            head.wait(timeout=120)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(head.pid, signal.SIGKILL)  # anything left in that process group
        shutil.rmtree(ray_tmp, ignore_errors=True)
    out = subprocess.run([CARDTABLE, "simulate", "spoil-five", "-n", "40", "--seed", "3", "--jobs", "1",
                          "--records", str(local)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0
    assert list(read_records(remote)) == list(read_records(local))


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_records_round_trip_and_replay(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"deals{suffix}"
    written: list[dict[str, Any]] = []
    with RecordWriter(path, batch=7) as w:
        res = arena.simulate("progressive-solo", ["random"], 20, seed=2, on_record=lambda r: (written.append(r),
                                                                                                w.write(r)))
    rows = list(read_records(path))
    assert [r["index"] for r in rows] == list(range(20))
    assert [{k: v for k, v in r.items() if k != "deltas_float"} for r in rows] == written  # exactly as written
    for row, deltas in zip(rows, res.per_deal):
        deal = ct.replay(row)
        assert [float(x) for x in deal.result().deltas] == deltas == row["deltas_float"]
        assert row["game"] == "progressive-solo" and len(row["deck"].split()) == 36
        assert row["dealer"] == row["index"] % 3 and row["lines"] == deal.result().lines
    if suffix == ".parquet":  # typed columns for pandas / Polars
        schema = pq.read_schema(path)
        assert schema.field("index").type == pa.int64() and schema.field("seed").type == pa.int64()
        assert schema.field("deltas_float").type == pa.list_(pa.float64())
        assert schema.field("actions").type == pa.list_(pa.struct([("seat", pa.int64()), ("action", pa.string())]))


def test_duel_records_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "duel.parquet"
    written: list[dict[str, Any]] = []
    with RecordWriter(path, batch=2) as w:
        res = arena.duel("nap", "heuristic", "random", 3, seed=4, on_record=lambda r: (written.append(r), w.write(r)))
    rows = list(read_records(path))
    assert [{k: v for k, v in r.items() if k != "deltas_float"} for r in rows] == written
    for row, gain in zip(rows, res.per_deal):
        base = ct.replay(row).result().deltas
        rotations = row["rotations"]
        assert [r["a_seat"] for r in rotations] == [0, 1, 2, 3] and row["a_seat"] is None
        mine = [float(ct.replay(r).result().deltas[r["a_seat"]]) - float(base[r["a_seat"]]) for r in rotations]
        assert sum(mine) / 4 == pytest.approx(gain)


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


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_ctrl_c_on_the_command_line_keeps_every_finished_deal(tmp_path: Path, suffix: str) -> None:
    # A real SIGINT to the whole process group (as Ctrl-C in a terminal), worker processes included.
    path = tmp_path / f"big{suffix}"
    proc = subprocess.Popen([CARDTABLE, "simulate", "nap", "-n", "1000000", "--jobs", "2", "--records", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not path.exists() or path.stat().st_size < 200_000):
            time.sleep(0.2)  # until some deals are written (Parquet: its first row group of 500)
        os.killpg(proc.pid, signal.SIGINT)
        out, _ = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, out
    out = " ".join(out.split())  # undo the console's line wrapping
    m = re.search(r"interrupted: (\d+) of 1000000 deals finished; (\d+) written to", out)
    assert m and m[1] == m[2], out
    assert re.search(rf"Napoleon: {m[1]} deals, bots random", out)
    rows = list(read_records(path))
    assert len(rows) == int(m[1]) > 0 and [r["index"] for r in rows] == list(range(len(rows)))
    for row in (rows[0], rows[-1]):
        assert [str(d) for d in ct.replay(row).result().deltas] == row["deltas"]


def test_bad_backend_and_records_name_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(ct.RulesError, match="unknown backend 'spark'"):
        runner_for("spark", 2)
    with pytest.raises(ct.RulesError, match=r"--address 10\.0\.0\.1:6379 is for the ray backend"):
        runner_for("local", 2, address="10.0.0.1:6379")
    with pytest.raises(ct.RulesError, match="jobs must be at least 1, not 0"):
        runner_for("local", 0)
    with pytest.raises(ct.RulesError, match="expected HOST:PORT"):
        runner_for("ray", 2, address="nowhere")
    t = time.monotonic()
    with pytest.raises(ct.RulesError, match=r"cannot reach a Ray cluster at '127.0.0.1:\d+'"):
        runner_for("ray", 2, address=f"127.0.0.1:{_free_port()}")
    assert time.monotonic() - t < 30  # fails fast (Ray alone waits for minutes)
    with pytest.raises(ct.RulesError, match=r"\.jsonl or \.parquet"):
        RecordWriter(tmp_path / "x.csv")
    with pytest.raises(ct.RulesError, match="no directory"):
        RecordWriter(tmp_path / "missing" / "x.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json}\n")
    with pytest.raises(ct.RulesError, match="line 1 is not a JSON record"):
        list(read_records(bad))
    broken = tmp_path / "broken.parquet"
    broken.write_bytes(b"PAR1 not really")
    with pytest.raises(ct.RulesError, match="is not a readable Parquet file"):
        list(read_records(broken))
    with pytest.raises(ct.RulesError, match="no records file"):
        list(read_records(tmp_path / "none.parquet"))


def flat(result: Any) -> str:
    """The output of a CLI run with the console's line wrapping undone."""
    return " ".join(result.stdout.split())


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_cli_records_progress_and_replay(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"r{suffix}"
    runner = CliRunner()
    out = runner.invoke(app, ["simulate", "nap", "-n", "6", "--jobs", "2", "--records", str(path)],
                        terminal_width=160)
    assert out.exit_code == 0, out.stdout
    assert re.search(r"simulating .* 6/6 [\d,.]+ deals/s done", flat(out))  # the progress bar's last state
    assert len(list(read_records(path))) == 6
    out = runner.invoke(app, ["replay", str(path), "--index", "2"], terminal_width=160)
    assert out.exit_code == 0 and "deal 2, seed" in flat(out) and "settlement" in flat(out).lower()
    out = runner.invoke(app, ["replay", str(path), "--index", "99"], terminal_width=160)
    assert out.exit_code == 2 and "no deal with index 99" in flat(out)
    out = runner.invoke(app, ["replay", str(path), "--rotation", "1"], terminal_width=160)
    assert out.exit_code == 2 and "not a duel record" in flat(out)
    duel = tmp_path / f"d{suffix}"
    out = runner.invoke(app, ["duel", "nap", "heuristic", "random", "-n", "2", "--jobs", "1", "--records", str(duel)],
                        terminal_width=160)
    assert out.exit_code == 0 and re.search(r"dueling .* 2/2 [\d,.]+ deals/s done", flat(out)), out.stdout
    out = runner.invoke(app, ["replay", str(duel), "--index", "1", "--rotation", "3"], terminal_width=160)
    assert out.exit_code == 0 and "deal 1, bot A in seat 3" in flat(out)
    out = runner.invoke(app, ["replay", str(duel), "--rotation", "4"], terminal_width=160)
    assert out.exit_code == 2 and "from 0 to 3, not 4" in flat(out)


def test_cli_scale_options_bad_input(tmp_path: Path) -> None:
    runner = CliRunner()
    for args, message in [(["--backend", "spark"], "unknown backend 'spark'; backends are: local, ray"),
                          (["--address", "10.0.0.1:6379"], "is for the ray backend: add --backend ray"),
                          (["--jobs", "-1"], "--jobs must be 0 (all cores)"),
                          (["--records", str(tmp_path / "x.csv")], "use a name ending in .jsonl or .parquet")]:
        out = runner.invoke(app, ["simulate", "nap", "-n", "2", *args], terminal_width=200)
        assert out.exit_code == 2 and message in flat(out), (args, flat(out))
        out = runner.invoke(app, ["duel", "nap", "random", "random", "-n", "2", *args], terminal_width=200)
        assert out.exit_code == 2 and message in flat(out), (args, flat(out))
    broken = tmp_path / "broken.parquet"
    broken.write_bytes(b"nothing")
    out = runner.invoke(app, ["replay", str(broken)], terminal_width=200)
    assert out.exit_code == 2 and "not a readable Parquet file" in flat(out)
    rec = tmp_path / "one.jsonl"
    rec.write_text(json.dumps({"game": "nap", "index": 0}) + "\n")
    out = runner.invoke(app, ["replay", str(rec)], terminal_width=200)
    assert out.exit_code == 2 and "no action list" in flat(out)


def test_docstring_examples() -> None:
    import doctest

    from cardtable.scale import backends, records

    for module in (records, backends):
        assert doctest.testmod(module).failed == 0
    assert doctest.testmod(records).attempted > 0
