"""A people's table while idle connections are held open (a benchmark: it prints figures).

Starts ``cardtable serve`` on a free port with a throwaway database under a soft limit of ``--files`` open
files (as after ``ulimit -n``), opens ``--idle`` TCP connections that send nothing, from 127.0.0.2 upwards
(``--per-address`` each, under the server's cap per address), then two people play ``--actions`` moves of Nap
over WebSockets from 127.0.0.1, and prints how long each move took to be acknowledged (from sending it to the
acting seat's next state frame), with no idle connection and with them, and how many of the idle ones the
server still held.

    .venv/bin/python benchmarks/idle_connections.py --idle 2000 --actions 40
"""

from __future__ import annotations

import argparse
import json
import resource
import socket
import statistics
import sys
import tempfile
import time
import urllib.request
from typing import Any

from load_web import free_port, started  # beside this file
from websockets.sync.client import connect


def table(url: str) -> dict[str, Any]:
    req = urllib.request.Request(url + "/api/tables", method="POST", headers={"content-type": "application/json"},
                                 data=json.dumps({"game": "nap", "players": 2, "seats": [{"kind": "human"}] * 2})
                                 .encode())
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)  # type: ignore[no-any-return]


def play(url: str, t: dict[str, Any], actions: int) -> list[float]:
    """Seconds from each move sent to its acknowledgement, for ``actions`` moves (next deals asked for)."""
    base = url.replace("http", "ws") + f"/ws/{t['id']}?token="
    waits: list[float] = []
    with connect(base + t["seats"][0]["token"]) as a, connect(base + t["seats"][1]["token"]) as b:
        socks, latest = [a, b], [{}, {}]  # type: ignore[var-annotated]

        def state(i: int, deal: int, rev: int) -> dict[str, Any]:
            while (latest[i].get("deal", 0), latest[i].get("rev", -1)) < (deal, rev):
                f = json.loads(socks[i].recv(timeout=30))
                if f["type"] == "state":
                    latest[i] = f
            return latest[i]  # type: ignore[no-any-return]

        f = state(0, 1, 0)
        while len(waits) < actions:
            if f["view"]["over"]:
                socks[0].send(json.dumps({"type": "next"}))
                f = state(0, f["deal"] + 1, 0)
                continue
            mine = state(f["view"]["turn"], f["deal"], f["rev"])
            started_at = time.perf_counter()
            socks[mine["you"]].send(json.dumps({"type": "act", "action": mine["view"]["legal"][-1],
                                                "rev": mine["rev"]}))
            f = state(mine["you"], mine["deal"], mine["rev"] + 1)
            waits.append(time.perf_counter() - started_at)
    return waits


def held(socks: list[socket.socket]) -> int:
    n = 0
    for s in socks:
        try:
            s.recv(1, socket.MSG_PEEK)
        except BlockingIOError:
            n += 1
        except OSError:
            pass
    return n


def figures(label: str, waits: list[float]) -> str:
    ms = sorted(w * 1000 for w in waits)
    return (f"{label}: {len(ms)} moves, median {statistics.median(ms):.1f} ms, p90 {ms[int(len(ms) * 0.9)]:.1f} ms, "
            f"slowest {ms[-1]:.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--idle", type=int, default=2000, help="idle connections held")
    ap.add_argument("--per-address", type=int, default=100, help="idle connections from each address")
    ap.add_argument("--actions", type=int, default=40, help="moves played each time")
    ap.add_argument("--files", type=int, default=1024, help="the server's soft limit of open files at start")
    ap.add_argument("--timeout", type=float, default=60, help="the server's --request-timeout")
    ap.add_argument("--before", action="store_true", help="serve without the connection flags (code before them)")
    args = ap.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard < args.idle + 100:
        sys.exit(f"this process may open {hard} files at most: too few for {args.idle} connections")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(args.files, hard), hard))
        try:
            p = started([sys.executable, "-m", "cardtable.cli.app", "serve", "--port", str(port), "--db",
                         f"{tmp}/room.db", "--bot-jobs", "0",
                         *([] if args.before else ["--request-timeout", str(args.timeout)])], port)
        finally:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        idle: list[socket.socket] = []
        try:
            print(figures("no idle connection", play(url, table(url), args.actions)))
            begun = time.monotonic()
            for i in range(args.idle):
                s = socket.create_connection(("127.0.0.1", port), timeout=10,
                                             source_address=(f"127.0.0.{2 + i // args.per_address}", 0))
                s.setblocking(False)
                idle.append(s)
            print(f"{args.idle} idle connections opened in {time.monotonic() - begun:.2f} s "
                  f"(server started under a soft limit of {args.files} open files)")
            try:
                waits = play(url, table(url), args.actions)
            except Exception as e:  # the server no longer serves
                print(f"with {args.idle} idle connections held the table could not play: {type(e).__name__}: {e}")
            else:
                print(figures(f"{args.idle} idle connections held", waits))
            print(f"still held by the server after the moves: {held(idle)} of {args.idle}")
        finally:
            for s in idle:
                s.close()
            p.terminate()
            p.wait(timeout=30)


if __name__ == "__main__":
    main()
