"""The server's memory when a client sends a huge request body (a benchmark: it prints figures).

Starts ``cardtable serve`` on a free port with a throwaway database, reads the resident memory (RSS) of the
server process, sends ``--mib`` MiB to ``POST /api/tables`` — once with a declared ``Content-Length``, once
chunked (no length declared) — and reads the RSS again after each and its peak (``VmHWM``: the body may be
freed by the time the answer comes, the peak shows what it cost), with the answer's status.

    .venv/bin/python benchmarks/body_limit.py --mib 200
"""

from __future__ import annotations

import argparse
import socket
import sys
import tempfile
import time
from pathlib import Path

from load_web import free_port, started  # beside this file


def rss_mib(pid: int, field: str = "VmRSS") -> float:
    """The process's resident memory now (``VmRSS``) or at its peak so far (``VmHWM``), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no {field}")


def send(port: int, mib: int, chunked: bool) -> str:
    """Send the body as fast as the server takes it; returns the status line (or what stopped the send)."""
    chunk = b"x" * (1 << 20)
    head = (f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            + ("Transfer-Encoding: chunked\r\n" if chunked else f"Content-Length: {mib << 20}\r\n") + "\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(head.encode())
        sent = 0
        try:
            for _ in range(mib):
                s.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n" if chunked else chunk)
                sent += 1
            if chunked:
                s.sendall(b"0\r\n\r\n")
        except OSError as e:
            stopped = f" (the server closed the connection after {sent} MiB: {type(e).__name__})"
        else:
            stopped = f" (all {sent} MiB sent)"
        try:
            answer = s.recv(200).split(b"\r\n")[0].decode()
        except OSError as e:
            answer = f"no answer: {type(e).__name__}"
    return answer + stopped


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mib", type=int, default=200)
    args = ap.parse_args()
    port = free_port()
    db = Path(tempfile.mkdtemp()) / "body.db"
    p = started([sys.executable, "-m", "cardtable.cli.app", "serve", "--port", str(port), "--db", str(db),
                 "--bot-jobs", "0"], port, CARDTABLE_BOT_JOBS="0")
    try:
        base, peak0 = rss_mib(p.pid), rss_mib(p.pid, "VmHWM")
        print(f"server RSS at rest: {base:.1f} MiB (peak so far {peak0:.1f} MiB)")
        for chunked in (False, True):
            start = time.perf_counter()
            answer = send(port, args.mib, chunked)
            took = time.perf_counter() - start
            time.sleep(0.5)
            now, peak = rss_mib(p.pid), rss_mib(p.pid, "VmHWM")
            kind = "chunked (no length declared)" if chunked else "Content-Length declared"
            print(f"{args.mib} MiB body, {kind}: {answer}; {took:.2f} s; RSS {now:.1f} MiB "
                  f"(+{now - base:.1f}), peak {peak:.1f} MiB (+{peak - peak0:.1f} over the peak before)")
            peak0 = max(peak0, peak)
    finally:
        p.kill()
        p.wait()


if __name__ == "__main__":
    main()
