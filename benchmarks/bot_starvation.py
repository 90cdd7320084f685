"""Do bots starve people? People's wait per turn beside tables of IS-MCTS bots only (prints figures).

Starts the server on a temporary SQLite file with no bot delay, creates ``--bot-only`` tables of Nap with
four IS-MCTS bots (each by a different creator, watched by a spectator so they play on the old server too)
and ``--people`` tables where a scripted person plays against three heuristic bots. A person's *wait* for a
turn is the time from sending an action (or "next deal") to the state where it is their turn again: the
three bots' moves plus the server's overhead. Run it with ``--bot-only 0`` for the unloaded figure.

    .venv/bin/python benchmarks/bot_starvation.py --bot-only 4 --people 8 --seconds 40

``--before DIR`` runs the same against an older web app: a copy of its ``cardtable/web`` package as
``DIR/oldweb`` (e.g. ``git archive <commit> src/cardtable/web | tar -x -C DIR`` then
``mv DIR/src/cardtable/web DIR/oldweb``), served by uvicorn with the engine installed here.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from load_web import free_port, started, stopped  # beside this file
from websockets.asyncio.client import connect


def start(db: Path, port: int, before: str | None) -> subprocess.Popen[bytes]:
    env = {"CARDTABLE_BOT_DELAY": "0", "CARDTABLE_DB": str(db)}
    if before:
        return started([sys.executable, "-m", "uvicorn", "--factory", "oldweb.app:create_app", "--port", str(port),
                        "--log-level", "warning"], port, PYTHONPATH=before, **env)
    # Every table is made from this one address, which the limit of tables of bots only counts too: lifted.
    return started([sys.executable, "-m", "cardtable.cli.app", "serve", "--port", str(port), "--db", str(db),
                    "--bot-tables", "0"], port, **env)


def tree_cpu(pid: int) -> float:
    """CPU seconds used so far by process ``pid`` and every process under it (the server, its bot workers):
    the work a turn costs, which a shared machine's load does not change as it changes waiting times."""
    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    used: dict[int, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        p = int(stat.parent.name)
        parent[p] = int(fields[1])
        used[p] = sum(int(x) for x in fields[11:15]) / tick  # utime stime cutime cstime
    tree, grew = {pid}, True
    while grew:
        more = {p for p, pp in parent.items() if pp in tree} - tree
        grew = bool(more)
        tree |= more
    return sum(used.get(p, 0.0) for p in tree)


def create(base: str, seats: list[str]) -> dict[str, Any]:
    body = {"game": "nap", "players": len(seats), "deals": 100, "seats": [{"kind": k} for k in seats]}
    req = urllib.request.Request(f"{base}/api/tables", data=json.dumps(body).encode(), method="POST",
                                 headers={"content-type": "application/json",
                                          "cookie": f"cardtable_guest={secrets.token_urlsafe(8)}"})  # a new creator
    return json.load(urllib.request.urlopen(req))  # type: ignore[no-any-return]


async def watch(url: str, until: float, moves: list[int]) -> None:
    """A spectator of a table of bots: counts the moves it sees."""
    async with connect(url, max_size=None) as ws:
        while time.perf_counter() < until:
            try:
                f = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.01, until - time.perf_counter())))
            except TimeoutError:
                break
            if f["type"] == "state":
                moves[0] += 1


async def person(url: str, until: float, waits: list[float], seed: int = 1) -> None:
    rng = random.Random(seed)
    async with connect(url, max_size=None) as ws:
        sent: float | None = None
        while time.perf_counter() < until:
            try:
                f = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.01, until - time.perf_counter())))
            except TimeoutError:
                break
            if f["type"] != "state":
                continue
            v = f["view"]
            mine = v["over"] or v["turn"] == f["you"]
            if not mine:
                continue
            if sent is not None:
                waits.append(time.perf_counter() - sent)
            if v["over"]:
                if f["match"]["over"]:
                    break
                await ws.send(json.dumps({"type": "next"}))
            else:
                await ws.send(json.dumps({"type": "act", "action": rng.choice(v["legal"]), "rev": f["rev"],
                                          "deal": f["deal"]}))
            sent = time.perf_counter()


async def run(ws_base: str, bots: list[dict[str, Any]], tables: list[dict[str, Any]], warm: float,
              seconds: float, server: int) -> tuple[list[float], int, float]:
    moves = [0]
    start = time.perf_counter()
    watchers = [asyncio.create_task(watch(f"{ws_base}/ws/{t['id']}", start + warm + seconds, moves)) for t in bots]
    await asyncio.sleep(warm)  # the searches are under way
    waits: list[float] = []
    until = time.perf_counter() + seconds
    cpu = tree_cpu(server)
    await asyncio.gather(*(person(f"{ws_base}/ws/{t['id']}?token={t['seats'][0]['token']}", until, waits, i)
                           for i, t in enumerate(tables, 1)))
    cpu = tree_cpu(server) - cpu
    await asyncio.gather(*watchers)
    return waits, moves[0], cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot-only", type=int, default=4, help="tables of four IS-MCTS bots beside the person's")
    ap.add_argument("--people", type=int, default=1, help="tables of a person and three heuristic bots")
    ap.add_argument("--seconds", type=float, default=40.0)
    ap.add_argument("--warm", type=float, default=3.0, help="seconds the bots play before the person starts")
    ap.add_argument("--before", help="a directory holding an older web package as 'oldweb'")
    args = ap.parse_args()
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = start(Path(tmp) / "room.db", port, args.before)
        base = f"http://127.0.0.1:{port}"
        try:
            bots = [create(base, ["ismcts"] * 4) for _ in range(args.bot_only)]
            tables = [create(base, ["human", "heuristic", "heuristic", "heuristic"]) for _ in range(args.people)]
            waits, moves, cpu = asyncio.run(run(base.replace("http", "ws"), bots, tables, args.warm, args.seconds,
                                                server.pid))
        finally:
            stopped([server])
    after = os.getloadavg()
    if not waits:
        raise SystemExit("no person ever got a turn")
    waits.sort()
    q = statistics.quantiles(waits, n=100) if len(waits) > 1 else [waits[0]] * 99
    print(f"bot starvation: {'old server ' + args.before if args.before else 'this server'}, {args.bot_only} tables "
          f"of 4 IS-MCTS bots beside {args.people} people's tables (each 3 heuristic bots), {args.seconds:.0f} s")
    print(f"  people's wait per turn over {len(waits)} turns: p50 {statistics.median(waits) * 1000:.1f} ms, "
          f"p90 {q[89] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms, worst {waits[-1] * 1000:.1f} ms")
    print(f"  the server's CPU time (all its processes) while the people played: {cpu:.1f} s, "
          f"{cpu / len(waits) * 1000:.1f} ms per person's turn")
    print(f"  bot-only tables: {moves} states seen by their spectators ({moves / (args.seconds + args.warm):.1f}/s)")
    print(f"  load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, after {after[0]:.2f} {after[1]:.2f} "
          f"{after[2]:.2f}")


if __name__ == "__main__":
    main()
