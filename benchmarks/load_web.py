"""Load benchmark of the web app (prints figures; never pass/fail).

Starts ``cardtable serve`` in a subprocess on a free port with a temporary SQLite file, creates N tables
(one scripted person and bots at each), connects one WebSocket client per table, and plays for a while.
Latency of an action = from sending ``act`` to receiving the state frame that acknowledges it (the
action validated, committed to SQLite and broadcast). Bots move with no artificial delay.

    .venv/bin/python benchmarks/load_web.py --tables 50 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "CARDTABLE_BOT_DELAY": "0"}
    p = subprocess.Popen([sys.executable, "-m", "cardtable.cli.app", "serve", "--port", str(port), "--db", str(db)],
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return p
        except OSError:
            time.sleep(0.1)
    p.kill()
    raise SystemExit("the server did not start")


def create_table(base: str, game: str, players: int, bot: str) -> str:
    body = {"game": game, "players": players, "deals": 100,
            "seats": [{"kind": "human"}] + [{"kind": bot}] * (players - 1)}
    req = urllib.request.Request(f"{base}/api/tables", data=json.dumps(body).encode(), method="POST",
                                 headers={"content-type": "application/json"})
    out = json.load(urllib.request.urlopen(req))
    return f"/ws/{out['id']}?token={out['seats'][0]['token']}"


async def play(url: str, until: float, latencies: list[float], held: list[int], seed: int) -> None:
    rng = random.Random(seed)
    async with connect(url, max_size=None) as ws:
        held[0] += 1
        pending: tuple[int, int, float] | None = None
        while time.perf_counter() < until:
            try:
                f = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.01, until - time.perf_counter())))
            except TimeoutError:
                break
            if f["type"] == "error":
                held[2] += 1
            if f["type"] != "state":
                continue
            if pending and (f["deal"], f["rev"]) > pending[:2]:
                latencies.append(time.perf_counter() - pending[2])
                pending = None
            v = f["view"]
            if pending:
                continue
            if v["over"]:
                if f["match"]["over"]:
                    break
                await ws.send(json.dumps({"type": "next"}))
                pending = (f["deal"], f["rev"], time.perf_counter())
            elif v["turn"] == f["you"]:
                await ws.send(json.dumps({"type": "act", "action": rng.choice(v["legal"]), "rev": f["rev"]}))
                pending = (f["deal"], f["rev"], time.perf_counter())
        held[1] += 1


async def run(base: str, urls: list[str], seconds: float) -> tuple[list[float], list[int], float]:
    latencies: list[float] = []
    held = [0, 0, 0]  # connected, played to the end of the run, error frames received
    start = time.perf_counter()
    until = start + seconds
    await asyncio.gather(*(play(base.replace("http", "ws") + u, until, latencies, held, i) for i, u in enumerate(urls)))
    return latencies, held, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--game", default="nap")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bot", default="random")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = start_server(Path(tmp) / "load.db", port)
        base = f"http://127.0.0.1:{port}"
        try:
            urls = [create_table(base, args.game, args.players, args.bot) for _ in range(args.tables)]
            latencies, held, took = asyncio.run(run(base, urls, args.seconds))
        finally:
            server.terminate()
            server.wait()
    if not latencies:
        raise SystemExit("no action was acknowledged")
    q = statistics.quantiles(latencies, n=100)
    print(f"web load: {args.tables} tables of {args.game} ({args.players} seats: 1 scripted client + "
          f"{args.players - 1} {args.bot} bots), {took:.1f} s")
    print(f"  tables held: {held[0]} connected, {held[1]} played to the end of the run; "
          f"{held[2]} error frames")
    print(f"  client actions acknowledged: {len(latencies)} ({len(latencies) / took:,.0f}/s)")
    print(f"  action latency: p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
