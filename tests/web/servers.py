"""The real server for tests: ``cardtable serve`` in a subprocess on a free port, waited for until it answers.

``start_server(db, *args)`` starts one and returns ``(proc, base_url)`` once ``/api/health`` answers (any
status: a server whose database is down still serves); ``running_server(db, *args)`` does the same as a
context manager and stops it afterwards. The wait's deadline is scaled to the machine (its load per core), so
a busy test machine is given longer, and a server that exits early is reported with its output at once.

For example (in a test with ``tmp_path``)::

    with running_server(tmp_path / "room.db", "--bot-jobs", "0") as (proc, url):
        urllib.request.urlopen(url + "/api/games")
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

__all__ = ["READY_SECONDS", "ServerProcess", "free_port", "ready_deadline", "running_server", "start_server",
           "stop_server"]

READY_SECONDS = 30.0
"""How long a server may take to answer on a quiet machine; :func:`ready_deadline` scales it by the load."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def ready_deadline(base: float = READY_SECONDS) -> float:
    """Seconds to wait for a server: ``base`` times the machine's load per core (at least 1, at most 6), or
    ``$CARDTABLE_TEST_READY`` seconds if set."""
    if "CARDTABLE_TEST_READY" in os.environ:
        return float(os.environ["CARDTABLE_TEST_READY"])
    try:
        load = os.getloadavg()[0] / (os.cpu_count() or 1)
    except OSError:
        load = 1.0
    return base * min(6.0, max(1.0, load))


class ServerProcess(subprocess.Popen[bytes]):
    """A ``cardtable serve`` process: its ``url`` and its output (stdout and stderr, in a file)."""

    url: str
    log_path: Path

    def output(self) -> str:
        """Everything the server has printed so far."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def start_server(db_path: str | Path, *extra_args: str, env: dict[str, str] | None = None,
                 port: int | None = None) -> tuple[ServerProcess, str]:
    """``cardtable serve --db db_path --port <free> *extra_args`` started, returned once it answers on
    ``/api/health``: ``(proc, base_url)`` (``base_url`` such as ``http://127.0.0.1:41234``, no slash at the end).

    ``env`` is added to this process's environment (``CARDTABLE_BOT_DELAY`` is 0 unless it says otherwise).
    Raises ``RuntimeError`` with the server's output if it exits or does not answer in time."""
    port = port or free_port()
    fd, log_name = tempfile.mkstemp(prefix="cardtable-serve-", suffix=".log")
    full_env = {**os.environ, "CARDTABLE_BOT_DELAY": "0", **(env or {})}
    with os.fdopen(fd, "wb") as log:
        proc = ServerProcess([sys.executable, "-m", "cardtable.cli.app", "serve", "--port", str(port),
                              "--db", str(db_path), *extra_args], env=full_env, stdout=log,
                             stderr=subprocess.STDOUT)
    proc.url = f"http://127.0.0.1:{port}"
    proc.log_path = Path(log_name)
    deadline = time.monotonic() + ready_deadline()
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with status {proc.returncode}: {proc.output()}")
        try:
            with urllib.request.urlopen(f"{proc.url}/api/health", timeout=2):
                return proc, proc.url
        except urllib.error.HTTPError:  # it answers (a 503 says its database is down): it is serving
            return proc, proc.url
        except OSError:
            pass
        if time.monotonic() > deadline:
            stop_server(proc)
            raise RuntimeError(f"the server did not answer within {ready_deadline():.0f} s: {proc.output()}")
        time.sleep(0.05)


def stop_server(proc: subprocess.Popen[bytes], timeout: float = 10) -> None:
    """Stop a server (SIGTERM, then SIGKILL after ``timeout`` seconds) and wait for it."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def running_server(db_path: str | Path, *extra_args: str, env: dict[str, str] | None = None,
                   port: int | None = None) -> Iterator[tuple[ServerProcess, str]]:
    """:func:`start_server` as a context manager: the server is stopped (and its log removed) on leaving."""
    proc, url = start_server(db_path, *extra_args, env=env, port=port)
    try:
        yield proc, url
    finally:
        stop_server(proc)
        with contextlib.suppress(OSError):
            proc.log_path.unlink()
