"""``cardtable serve`` starting and stopping as a person runs it: a bad or taken port is one clear line, the
"serving on" line comes once it listens, and Ctrl-C (SIGINT to every process of the group, as a terminal
sends it) or ``kill`` (SIGTERM) stops it with one line, no traceback from the bot workers and no leaked
semaphores (issue 38, "Starting and stopping")."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from .servers import start_server, stop_server

pytestmark = pytest.mark.timeout(120)

SERVE = [sys.executable, "-m", "cardtable.cli.app", "serve"]


def run_serve(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*SERVE, "--db", str(tmp_path / "room.db"), *args], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "CARDTABLE_BOT_JOBS": "0"})


def test_a_port_out_of_range_is_refused_with_one_line(tmp_path: Path) -> None:
    for bad in ("80000", "0", "-1"):
        out = run_serve("--port", bad, "--bot-jobs", "0", tmp_path=tmp_path)
        assert out.returncode == 2, out
        assert "serving on" not in out.stdout
        assert f"--port is a port number from 1 to 65535, not {bad}" in out.stderr
        assert "Traceback" not in out.stderr
    out = run_serve("--max-per-address", "-3", "--bot-jobs", "0", tmp_path=tmp_path)
    assert (out.returncode, out.stderr) == (2, "error: --max-per-address is a number from 0 (no limit), not -3\n")


def test_a_taken_port_is_one_clear_line_and_no_serving_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = run_serve("--port", str(port), "--bot-jobs", "0", tmp_path=tmp_path)
    assert out.returncode != 0
    assert "serving on" not in out.stdout + out.stderr
    lines = [x for x in out.stderr.splitlines() if x.strip()]
    assert lines == [f"error: port {port} on 127.0.0.1 is already in use by another program: stop it, or choose "
                     "another port with --port"], out.stderr


def descendants(pid: int) -> list[int]:
    """Every process started by ``pid``, directly or not (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


def bot_moves(url: str) -> None:
    """A table of a person and an IS-MCTS bot, played until the bot has chosen two moves in its workers."""
    req = urllib.request.Request(f"{url}/api/tables", method="POST", data=json.dumps(
        {"game": "nap", "players": 2, "seats": [{"kind": "human"}, {"kind": "ismcts"}]}).encode(),
        headers={"content-type": "application/json"})
    table = json.load(urllib.request.urlopen(req))
    link = url.replace("http", "ws") + f"/ws/{table['id']}?token={table['seats'][0]['token']}"
    with connect(link) as ws:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            f: dict[str, Any] = json.loads(ws.recv(timeout=60))
            if f["type"] != "state":
                continue
            view = f["view"]
            if sum(1 for seat, _ in view["history"] if seat == 1) >= 2 or view["over"]:
                return
            if view["turn"] == 0:
                ws.send(json.dumps({"type": "act", "action": view["legal"][0], "rev": f["rev"]}))
    raise AssertionError("the IS-MCTS bot did not move")


@pytest.mark.parametrize("how", ["ctrl-c", "kill"])
def test_stopping_prints_one_line_and_no_traceback(tmp_path: Path, how: str) -> None:
    proc, url = start_server(tmp_path / "room.db", "--bot-jobs", "2", "--bot-seconds", "0.2")
    try:
        bot_moves(url)
        group = [proc.pid, *descendants(proc.pid)]
        assert len(group) >= 3  # the bot workers' processes are running
        if how == "ctrl-c":  # a terminal sends SIGINT to every process of its foreground group
            for pid in group:
                os.kill(pid, signal.SIGINT)
        else:
            proc.terminate()
        assert proc.wait(timeout=30) == 0
        deadline = time.monotonic() + 15
        while any(Path(f"/proc/{p}").exists() for p in group[1:]) and time.monotonic() < deadline:
            time.sleep(0.1)
        out = proc.output()
    finally:
        stop_server(proc)
    assert "Traceback" not in out, out
    assert "KeyboardInterrupt" not in out, out
    assert "leaked" not in out, out
    lines = [x for x in out.splitlines() if x.strip()]
    assert lines[0].startswith(f"cardtable serving on {url}/"), out
    assert lines[1:] == ["cardtable stopped"], out


def test_several_processes_on_postgresql_stop_cleanly_too(pg_url: str) -> None:
    """``--workers 2``: uvicorn's worker processes end by SIGTERM from their parent; each one's bot pool is
    shut down and its semaphores released first."""
    proc, url = start_server(pg_url, "--workers", "2", "--bot-jobs", "1", "--bot-seconds", "0.2")
    try:
        bot_moves(url)
        group = [proc.pid, *descendants(proc.pid)]
        for pid in group:
            os.kill(pid, signal.SIGINT)
        assert proc.wait(timeout=60) == 0
        deadline = time.monotonic() + 15
        while any(Path(f"/proc/{p}").exists() for p in group[1:]) and time.monotonic() < deadline:
            time.sleep(0.1)
        out = proc.output()
    finally:
        stop_server(proc)
    assert "Traceback" not in out and "KeyboardInterrupt" not in out and "leaked" not in out, out
    lines = [x for x in out.splitlines() if x.strip()]
    assert lines[0].startswith(f"cardtable serving on {url}/") and "2 processes" in lines[0], out
    assert lines[-1] == "cardtable stopped", out
