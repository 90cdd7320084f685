"""The server's memory after many finished tables (a benchmark: it prints figures).

Starts ``cardtable serve`` on a free port with a throwaway SQLite database, creates ``--tables`` tables of bots
only (``--game``, random bots, one deal each, at instant speed) ``--batch`` at a time, waits until every one has
finished, waits ``--settle`` seconds more (a finished table nobody watches is let go a minute after it finishes),
asks for one table (the room lets idle tables go as tables are asked for), and prints the resident memory (RSS)
of the server process and the tables it holds (``/api/health``), before and after; then does it again
(``--rounds``): memory the first round's tables were let go of is reused, so it stops growing.

    .venv/bin/python benchmarks/held_tables.py --tables 1000
    PYTHONPATH=<an older checkout>/src .venv/bin/python benchmarks/held_tables.py --tables 1000   # to compare
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from body_limit import rss_mib  # beside this file
from load_web import free_port, started, stopped


def get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, None


def create(base: str, game: str, players: int) -> str:
    req = urllib.request.Request(f"{base}/api/tables", method="POST", headers={"content-type": "application/json"},
                                 data=json.dumps({"game": game, "players": players, "deals": 1, "speed": "instant",
                                                  "seats": [{"kind": "random"}] * players}).encode())
    with urllib.request.urlopen(req, timeout=30) as r:
        return str(json.load(r)["id"])


def held(base: str) -> str:
    body = get(f"{base}/api/health")[1] or {}
    return str(body.get("tables_held", "not reported"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=1000)
    ap.add_argument("--game", default="nap")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--settle", type=float, default=65.0)
    ap.add_argument("--rounds", type=int, default=2, help="rounds of --tables tables each (memory let go is reused)")
    args = ap.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = started([sys.executable, "-m", "cardtable.cli.app", "serve", "--port", str(port), "--db",
                          str(Path(tmp) / "held.db"), "--bot-jobs", "1"], port, CARDTABLE_BOT_DELAY="0",
                         CARDTABLE_BOT_TABLES="0")
        try:
            time.sleep(1)
            print(f"start: RSS {rss_mib(server.pid):.1f} MiB, tables held {held(base)}")
            tids: list[str] = []
            for r in range(1, args.rounds + 1):
                started_at = time.time()
                waiting: list[str] = []
                goal = r * args.tables
                while len(tids) < goal or waiting:
                    while len(tids) < goal and len(waiting) < args.batch:
                        tids.append(create(base, args.game, args.players))
                        waiting.append(tids[-1])
                    time.sleep(0.2)
                    waiting = [t for t in waiting if get(f"{base}/api/tables/{t}/record")[0] != 200]
                took = time.time() - started_at
                print(f"round {r}: {len(tids)} tables finished ({took:.0f} s for this round's {args.tables}): RSS "
                      f"{rss_mib(server.pid):.1f} MiB, tables held {held(base)}")
                time.sleep(args.settle)
                get(f"{base}/api/tables/{tids[-1]}")
                time.sleep(1.5)
                get(f"{base}/api/tables/{tids[-1]}")
                print(f"round {r}, {args.settle:.0f} s later: RSS {rss_mib(server.pid):.1f} MiB (peak "
                      f"{rss_mib(server.pid, 'VmHWM'):.1f}), tables held {held(base)}")
        finally:
            stopped([server])


if __name__ == "__main__":
    main()
