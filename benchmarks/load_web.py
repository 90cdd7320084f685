"""Load benchmark of the web app (prints figures; never pass/fail).

Starts ``cardtable serve`` — one process on a temporary SQLite file, or ``--processes N`` processes (each on
its own port, as N machines behind a load balancer) on a fresh PostgreSQL database — creates N tables (one
scripted person and bots at each), connects one WebSocket client per table (spread over the processes in
turn) and plays for a while. Latency of an action = from sending ``act`` to receiving the state frame that
acknowledges it (the action checked, committed to the log and broadcast). Bots move with no artificial delay.

A client counts as connected once its table's first state has arrived (the server has opened its seat). The
run starts when the last one has; every client plays from then on, but the figures count only what happens
after a warm-up (``--warm``, 5 s by default; its own figures are printed too): hundreds of tables starting at
the same instant is a burst no room sees in steady play.

By default the client acts the instant it may (a closed loop: the server's saturated throughput and the latency
under it). ``--think S`` makes each client wait, before each of its actions, a random time with mean ``S``
seconds (exponential), as a person would: the latency at a human pace, reported separately.

    .venv/bin/python benchmarks/load_web.py --tables 200 --seconds 20
    .venv/bin/python benchmarks/load_web.py --tables 500 --backend postgresql --processes 2 [--pg URL]
    .venv/bin/python benchmarks/load_web.py --tables 500 --think 2     # people taking ~2 s per action

For PostgreSQL, ``--pg`` (or ``$CARDTABLE_TEST_PG``) is a server to create the throwaway database on; without
either, a throwaway cluster is started for the run (scripts/pg_cluster.sh).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def started(cmd: list[str], port: int, **env: str) -> subprocess.Popen[bytes]:
    """``cmd`` started with ``env`` added, once it answers on ``port``."""
    # Many tables and sockets from one address, each socket as fast as the server answers: those limits lifted.
    env = {"CARDTABLE_LIMITS": '{"create": "", "sockets": "", "message": "", "connect": ""}', **env}
    p = subprocess.Popen(cmd, env={**os.environ, **env}, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    for _ in range(1200):  # up to 2 minutes on a busy machine
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return p
        except OSError:
            time.sleep(0.1)
    p.kill()
    raise SystemExit("the server did not start")


def cpu_seconds(pids: list[int]) -> float | None:
    """CPU time (user + system) the processes ``pids`` have used so far (Linux; ``None`` elsewhere)."""
    try:
        total = 0
        for pid in pids:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rpartition(")")[2].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (clock ticks)
        return total / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def database_backends(url: str) -> list[int]:
    """The process ids of the PostgreSQL backends connected to the database ``url`` (the servers' pools)."""
    import psycopg
    from sqlalchemy.engine import make_url

    u = make_url(url)
    with psycopg.connect(u.render_as_string(hide_password=False)) as conn:
        return [r[0] for r in conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> "
                                           "pg_backend_pid()", (u.database,))]


def stopped(servers: list[subprocess.Popen[bytes]]) -> None:
    """Stop the servers (killed if they take over 20 s)."""
    for s in servers:
        s.terminate()
    for s in servers:
        try:
            s.wait(timeout=20)
        except subprocess.TimeoutExpired:
            s.kill()
            s.wait()


def start_server(db: str, port: int, *extra: str) -> subprocess.Popen[bytes]:
    # Every client connects from 127.0.0.1: no cap per address on connections either.
    return started([sys.executable, "-m", "cardtable.cli.app", "serve", "--port", str(port), "--db", db,
                    "--max-per-address", "0", *extra], port, CARDTABLE_BOT_DELAY="0")


@contextlib.contextmanager
def postgres_database(admin: str | None) -> Iterator[str]:
    """A fresh database on ``admin``'s server (or on a throwaway cluster), dropped afterwards."""
    import psycopg
    from sqlalchemy.engine import make_url

    cluster = None
    if admin is None:
        cluster = tempfile.mkdtemp(prefix="cardtable-pg-")
        out = subprocess.run(["bash", str(ROOT / "scripts" / "pg_cluster.sh"), "start", cluster], check=True,
                             capture_output=True, text=True).stdout
        admin = next(line.split("=", 1)[1] for line in out.splitlines() if "CARDTABLE_TEST_PG=" in line)
    url = make_url(admin)
    name = f"load_{secrets.token_hex(4)}"
    with psycopg.connect(url.render_as_string(hide_password=False), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(url.render_as_string(hide_password=False), autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        if cluster:
            subprocess.run(["bash", str(ROOT / "scripts" / "pg_cluster.sh"), "stop", cluster], check=False)


def create_table(base: str, game: str, players: int, bot: str) -> str:
    body = {"game": game, "players": players, "deals": 100,
            "seats": [{"kind": "human"}] + [{"kind": bot}] * (players - 1)}
    req = urllib.request.Request(f"{base}/api/tables", data=json.dumps(body).encode(), method="POST",
                                 headers={"content-type": "application/json"})
    out = json.load(urllib.request.urlopen(req))
    return f"/ws/{out['id']}?token={out['seats'][0]['token']}"


async def play(url: str, clock: dict[str, Any], latencies: list[float], held: list[int], seed: int,
               think: float = 0.0) -> None:
    """One table's client: connects, waits until every client has (the run starts then), plays until it ends.
    Latencies of actions sent during the warm-up go to ``clock["warm_latencies"]``."""
    rng = random.Random(seed)

    async def thought() -> None:  # never past the end of the run
        if think > 0:
            await asyncio.sleep(min(rng.expovariate(1 / think), max(0.0, clock["until"] - time.perf_counter())))

    async with connect(url, max_size=None, open_timeout=120) as ws:
        waiting = [orjson.loads(await ws.recv())]  # a client is in once its table's first state has come
        while waiting[-1]["type"] != "state":
            waiting.append(orjson.loads(await ws.recv()))
        held[0] += 1
        if held[0] == clock["clients"]:  # the last one in starts the run
            clock["start"] = time.perf_counter()
            clock["measured"] = clock["start"] + clock["warm"]
            clock["until"] = clock["measured"] + clock["seconds"]
            clock["ready"].set()
        await clock["ready"].wait()
        until = clock["until"]
        pending: tuple[int, int, float] | None = None
        while time.perf_counter() < until or pending:  # an action sent in time is waited for (its latency counts)
            try:
                f = waiting.pop(0) if waiting else orjson.loads(await asyncio.wait_for(
                    ws.recv(), timeout=30 if pending else max(0.01, until - time.perf_counter())))
            except TimeoutError:
                break
            if f["type"] == "error":
                held[2] += 1
            if f["type"] != "state":
                continue
            if pending and (f["deal"], f["rev"]) > pending[:2]:
                (latencies if pending[2] >= clock["measured"] else clock["warm_latencies"]).append(
                    time.perf_counter() - pending[2])
                pending = None
            v = f["view"]
            if pending:
                continue
            if v["over"] and f["match"]["over"]:
                break
            if not v["over"] and v["turn"] != f["you"]:
                continue
            await thought()
            if time.perf_counter() >= until:
                break
            if v["over"]:
                await ws.send(json.dumps({"type": "next"}))
            else:
                await ws.send(json.dumps({"type": "act", "action": rng.choice(v["legal"]), "rev": f["rev"],
                                          "deal": f["deal"]}))
            pending = (f["deal"], f["rev"], time.perf_counter())
        held[1] += 1


async def run(bases: list[str], urls: list[str], seconds: float, think: float = 0.0, warm: float = 5.0,
              mark: Any = None) -> tuple[list[float], list[float], list[int], float]:
    """(latencies measured, latencies of the warm-up, held, seconds measured); ``mark(name)`` is called when the
    measured window opens ("start") and when it closes ("end")."""
    latencies: list[float] = []
    held = [0, 0, 0]  # connected, played to the end of the run, error frames received
    # The run starts once every client is connected (1,000 handshakes take a while on a busy machine).
    clock: dict[str, Any] = {"clients": len(urls), "seconds": seconds, "warm": warm, "ready": asyncio.Event(),
                             "warm_latencies": []}

    async def window() -> None:
        await clock["ready"].wait()
        for name, at in (("start", clock["measured"]), ("end", clock["until"])):
            await asyncio.sleep(max(0.0, at - time.perf_counter()))
            if mark is not None:
                mark(name)

    await asyncio.gather(window(), *(play(bases[i % len(bases)].replace("http", "ws") + u, clock, latencies, held, i,
                                          think) for i, u in enumerate(urls)))
    return latencies, clock["warm_latencies"], held, seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--game", default="nap")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bot", default="random")
    ap.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    ap.add_argument("--processes", type=int, default=1, help="serve processes (PostgreSQL only beyond 1)")
    ap.add_argument("--pg", default=os.environ.get("CARDTABLE_TEST_PG"), help="a PostgreSQL server's URL")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a client waits before each action (exponential; 0: acts at once)")
    ap.add_argument("--warm", type=float, default=5.0,
                    help="seconds played before the figures start counting (the connection burst settles)")
    ap.add_argument("--bot-jobs", type=int, default=1, help="bot worker processes per serve process")
    ap.add_argument("--before", help="a directory holding an older web package as 'oldweb' (SQLite, one process; "
                                     "see benchmarks/bot_starvation.py)")
    args = ap.parse_args()
    if args.processes > 1 and args.backend != "postgresql":
        raise SystemExit("several processes need --backend postgresql")
    load = os.getloadavg()
    with contextlib.ExitStack() as stack:
        if args.backend == "sqlite":
            db = str(Path(stack.enter_context(tempfile.TemporaryDirectory())) / "load.db")
        else:
            db = stack.enter_context(postgres_database(args.pg))
        servers, bases = [], []
        try:
            for _ in range(args.processes):
                port = free_port()
                if args.before:
                    servers.append(started([sys.executable, "-m", "uvicorn", "--factory", "oldweb.app:create_app",
                                            "--port", str(port), "--log-level", "warning"], port,
                                           PYTHONPATH=args.before, CARDTABLE_DB=db, CARDTABLE_BOT_DELAY="0"))
                else:
                    servers.append(start_server(db, port, "--bot-jobs", str(args.bot_jobs)))
                bases.append(f"http://127.0.0.1:{port}")
            urls = [create_table(bases[i % len(bases)], args.game, args.players, args.bot)
                    for i in range(args.tables)]
            backends: list[int] = database_backends(db) if args.backend == "postgresql" else []
            marks: dict[str, float | None] = {}

            def mark(name: str) -> None:
                marks[f"cpu {name}"] = cpu_seconds([s.pid for s in servers])
                marks[f"clients {name}"] = cpu_seconds([os.getpid()])
                marks[f"db {name}"] = cpu_seconds(backends)

            latencies, warm_latencies, held, took = asyncio.run(run(bases, urls, args.seconds, args.think, args.warm,
                                                                    mark))
            cpu_before, db_before = marks.get("cpu start"), marks.get("db start")
            cpu_after, db_after = marks.get("cpu end"), marks.get("db end")
        finally:
            stopped(servers)
    if not latencies:
        raise SystemExit("no action was acknowledged")
    q = statistics.quantiles(latencies, n=100)
    after = os.getloadavg()
    print(f"web load: {args.tables} tables of {args.game} ({args.players} seats: 1 scripted client + "
          f"{args.players - 1} {args.bot} bots), {'the older server, ' if args.before else ''}{args.backend}, "
          f"{args.processes} serve process"
          f"{'es' if args.processes > 1 else ''}, {took:.1f} s measured after {args.warm:g} s of warm-up, "
          + (f"clients think {args.think:g} s on average (a human pace)" if args.think > 0
             else "clients act at once (saturated)"))
    print(f"  tables held: {held[0]} connected, {held[1]} played to the end of the run; "
          f"{held[2]} error frames")
    print(f"  client actions acknowledged: {len(latencies)} ({len(latencies) / took:,.0f}/s)")
    if cpu_before is not None and cpu_after is not None:
        used = cpu_after - cpu_before
        per = used / len(latencies) * 1000
        print(f"  serve processes' CPU: {used:.1f} s ({used / took:.2f} cores), {per:.2f} ms per client action "
              "(with the bots' moves it led to)")
    if marks.get("clients start") is not None and marks.get("clients end") is not None:
        used = marks["clients end"] - marks["clients start"]  # type: ignore[operator]
        print(f"  the clients' own CPU (this process, on the same machine): {used / took:.2f} cores")
    if backends and db_before is not None and db_after is not None:
        used = db_after - db_before
        print(f"  PostgreSQL backends' CPU: {used:.1f} s ({used / took:.2f} cores), "
              f"{used / len(latencies) * 1000:.2f} ms per client action")
    print(f"  action latency: p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms")
    if warm_latencies:
        w = sorted(warm_latencies)
        print(f"  warm-up (not counted above): {len(w)} actions, p50 {w[len(w) // 2] * 1000:.1f} ms, "
              f"p99 {w[min(len(w) - 1, len(w) * 99 // 100)] * 1000:.1f} ms, max {w[-1] * 1000:.1f} ms")
    print(f"  load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, after {after[0]:.2f} {after[1]:.2f} "
          f"{after[2]:.2f}")


if __name__ == "__main__":
    main()
