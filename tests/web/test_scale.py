"""Several real processes on one PostgreSQL database: two ``cardtable serve`` and ``cardtable bots`` workers.

People at one table on different processes see each other's moves; two processes racing for one move (one
wins); ``kill -9`` of a serve process and of a bot worker; PostgreSQL restarted under them. After each, every
acknowledged action is found again in the table's record.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from cardtable.web.store import Store

from .conftest import ROOT, free_port

pytestmark = pytest.mark.timeout(120)
SCRIPT = str(ROOT / "scripts" / "pg_cluster.sh")


class Proc:
    """A ``cardtable`` command in a subprocess, its output in a file (shown when a test fails)."""

    def __init__(self, args: list[str], log: Path, **env: str) -> None:
        self.log = log
        self.out = open(log, "ab")  # noqa: SIM115 (closed in stop)
        self.p = subprocess.Popen([sys.executable, "-m", "cardtable.cli.app", *args], stdout=self.out,
                                  stderr=subprocess.STDOUT, env={**os.environ, "CARDTABLE_BOT_DELAY": "0", **env})

    def kill9(self) -> None:
        os.kill(self.p.pid, signal.SIGKILL)
        self.p.wait()

    def stop(self) -> None:
        if self.p.poll() is None:
            self.p.terminate()
            try:
                self.p.wait(10)
            except subprocess.TimeoutExpired:
                self.kill9()
        self.out.close()


class Serve(Proc):
    def __init__(self, db: str, log: Path, *extra: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        super().__init__(["serve", "--db", db, "--port", str(self.port), *extra], log)
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(self.url + "/api/health", timeout=1)
                return
            except OSError:
                if time.time() > deadline or self.p.poll() is not None:
                    self.stop()
                    raise RuntimeError(f"serve did not start: {log.read_text()}") from None
                time.sleep(0.1)

    @contextlib.contextmanager
    def seat(self, table: dict[str, Any], seat: int) -> Iterator[Client]:
        with connect(f"ws://127.0.0.1:{self.port}/ws/{table['id']}?token={table['seats'][seat]['token']}") as ws:
            yield Client(ws)


@pytest.fixture
def procs() -> Iterator[list[Proc]]:
    """Processes started by a test; stopped after it (their logs are shown when it fails)."""
    started: list[Proc] = []
    yield started
    for p in started:
        p.stop()
    for p in started:
        sys.stderr.write(f"--- {p.log.name}\n{p.log.read_text()[-4000:]}\n")


def create(server: Serve, kinds: list[str], **body: Any) -> dict[str, Any]:
    data = json.dumps({"game": "nap", "players": len(kinds), "seats": [{"kind": k} for k in kinds], **body})
    req = urllib.request.Request(server.url + "/api/tables", method="POST", data=data.encode(),
                                 headers={"content-type": "application/json"})
    return json.load(urllib.request.urlopen(req))  # type: ignore[no-any-return]


def key(f: dict[str, Any]) -> tuple[int, int]:
    """A state's position: (deal, actions so far)."""
    return f["deal"], f["rev"]


class Client:
    """One seat's socket; remembers the latest state it was sent, so a wait is for a *state* of the table."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.last: dict[str, Any] | None = None

    def frame(self, timeout: float) -> dict[str, Any]:
        f: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        if f["type"] == "state":
            self.last = f
        return f

    def state(self, pred: Callable[[dict[str, Any]], bool] = lambda f: True, timeout: float = 30) -> dict[str, Any]:
        """The table's state as this seat sees it, once ``pred`` holds."""
        with contextlib.suppress(TimeoutError):
            while True:  # what has already arrived
                self.frame(timeout=0)
        deadline = time.time() + timeout
        while self.last is None or not pred(self.last):
            self.frame(timeout=max(0.1, deadline - time.time()))
        return self.last

    def act(self, action: str, f: dict[str, Any] | None = None) -> dict[str, Any]:
        """Send ``action`` in state ``f`` (the latest); the state acknowledging it, or the error refusing it."""
        f = f or self.state()
        self.ws.send(json.dumps({"type": "act", "action": action, "rev": f["rev"], "deal": f["deal"]}))
        deadline = time.time() + 30
        while True:
            x = self.frame(timeout=max(0.1, deadline - time.time()))
            if x["type"] == "error" or (x["type"] == "state" and key(x) > key(f)):
                return x


def logged(db: str, tid: str) -> list[tuple[int, int, int, str]]:
    """Every logged action of a table: (deal, number, seat, action)."""
    store = Store(db, upgrade=False)
    try:
        return [(d.deal_no, a.idx, a.seat, a.action) for d in store.deals(tid) for a in store.actions(tid, d.deal_no)]
    finally:
        store.close()


def test_people_on_two_processes_and_a_bot_worker_play_one_table(pg_url: str, tmp_path: Path,
                                                                 procs: list[Proc]) -> None:
    a = Serve(pg_url, tmp_path / "a.log", "--bot-jobs", "0")
    procs.append(a)
    b = Serve(pg_url, tmp_path / "b.log", "--bot-jobs", "0")
    procs.append(b)
    procs.append(Proc(["bots", "--db", pg_url, "--jobs", "1"], tmp_path / "bots.log"))
    t = create(a, ["human", "human", "heuristic", "random"], deals=2)
    acked: list[tuple[int, int, int, str]] = []
    with a.seat(t, 0) as c0, b.seat(t, 1) as c1:  # seat 0 on process A, seat 1 on process B
        seats = {0: c0, 1: c1}
        after = (0, -1)
        while True:
            # Where a person is to act (or the deal is over), both processes show the same table: the moves made
            # on the other process and by the bot worker were pushed to each.
            f0 = c0.state(lambda x, k=after: key(x) > k and (x["view"]["turn"] in seats or x["view"]["over"]))
            at = key(f0)
            f1 = c1.state(lambda x, k=at: key(x) >= k)
            assert key(f1) == key(f0) and f1["view"]["history"] == f0["view"]["history"]
            if f0["match"]["over"]:
                break
            if f0["view"]["over"]:
                c0.ws.send(json.dumps({"type": "next"}))
            else:
                seat = f0["view"]["turn"]
                move = seats[seat].last["view"]["legal"][-1]  # type: ignore[index]
                ack = seats[seat].act(move)
                assert ack["type"] == "state", ack
                acked.append((*key(f0), seat, move))
            after = key(f0)
def test_two_processes_racing_for_one_move_exactly_one_wins(pg_url: str, tmp_path: Path, procs: list[Proc]) -> None:
    """The same seat open on two processes; both send a move for the same position at the same moment."""
    a = Serve(pg_url, tmp_path / "a.log", "--bot-jobs", "0")
    procs.append(a)
    b = Serve(pg_url, tmp_path / "b.log", "--bot-jobs", "0")
    procs.append(b)
    t = create(a, ["human", "human"], deals=20)
    races = 0
    with a.seat(t, 1) as x, b.seat(t, 1) as y, a.seat(t, 0) as z:
        after = (0, -1)
        while races < 4:
            cur = z.state(lambda f, k=after: key(f) > k)
            after = key(cur)
            if cur["view"]["over"]:  # (a deal where all pass is soon over): both people ready on process A
                z.ws.send(json.dumps({"type": "next"}))
                x.ws.send(json.dumps({"type": "next"}))
                continue
            if cur["view"]["turn"] == 0:
                assert z.act(cur["view"]["legal"][0])["type"] == "state"
                continue
            fx, fy = x.state(lambda f, k=after: key(f) >= k), y.state(lambda f, k=after: key(f) >= k)
            assert key(fx) == key(fy) == after
            go = threading.Barrier(2)
            answers: dict[str, dict[str, Any]] = {}

            def race(c: Client, name: str, move: str, f: dict[str, Any], go: threading.Barrier = go,
                     answers: dict[str, dict[str, Any]] = answers) -> None:
                """Send ``move``; the answer is the error refusing it or the state with it in the log (a state
                with the other process's move first is only the news that comes before the refusal)."""
                go.wait()
                answer = c.act(move, f)
                while answer["type"] != "error" and not (answer["type"] == "state" and key(answer) > key(f) and
                                                          answer["view"]["history"][f["rev"]] == [1, move]):
                    answer = c.frame(timeout=30)
                answers[name] = answer

            legal = fx["view"]["legal"]
            if len(legal) < 2:  # one move only: nothing to race for
                assert x.act(legal[0])["type"] == "state"
                continue
            threads = [threading.Thread(target=race, args=(x, "a", legal[0], fx)),
                       threading.Thread(target=race, args=(y, "b", legal[-1], fy))]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            assert sorted(f["type"] for f in answers.values()) == ["error", "state"], answers
            loser = next(f for f in answers.values() if f["type"] == "error")
            assert loser.get("stale") is True, loser  # and the loser's process sends it the state again
            winner = next(n for n, f in answers.items() if f["type"] == "state")
            log = logged(pg_url, t["id"])
            assert [r[3] for r in log if r[:2] == after] == [legal[0] if winner == "a" else legal[-1]]
            races += 1
def test_kill_9_of_a_serve_process_loses_nothing_acknowledged(pg_url: str, tmp_path: Path,
                                                              procs: list[Proc]) -> None:
    a = Serve(pg_url, tmp_path / "a.log")
    procs.append(a)
    b = Serve(pg_url, tmp_path / "b.log")
    procs.append(b)
    t = create(a, ["human", "human", "random", "random"])
    acked: list[tuple[int, int, int, str]] = []
    with a.seat(t, 0) as c0, a.seat(t, 1) as c1:
        seats = {0: c0, 1: c1}
        after = (0, -1)
        while len(acked) < 5:
            f = c0.state(lambda x, k=after: key(x) > k and (x["view"]["turn"] in seats or x["view"]["over"]))
            after = key(f)
            if f["view"]["over"]:  # everyone passed: deal again, once both people are ready
                c0.ws.send(json.dumps({"type": "next"}))
                c1.ws.send(json.dumps({"type": "next"}))
                continue
            seat = f["view"]["turn"]
            at = key(f)
            mine = seats[seat].state(lambda x, k=at: key(x) >= k)
            move = mine["view"]["legal"][0]
            assert seats[seat].act(move)["type"] == "state"
            acked.append((*key(mine), seat, move))
        a.kill9()  # at once after the last acknowledgement
    with b.seat(t, 0) as c:  # the page reconnects to the other process: nothing acknowledged is missing
        again = c.state()
    assert key(again) >= (acked[-1][0], acked[-1][1] + 1)
    history = again["view"]["history"]
    assert all(history[i] == [seat, move] for d, i, seat, move in acked if d == again["deal"])
    assert set(acked) <= set(logged(pg_url, t["id"]))


def test_kill_9_of_a_bot_worker_its_tables_go_on(pg_url: str, tmp_path: Path, procs: list[Proc]) -> None:
    a = Serve(pg_url, tmp_path / "a.log", "--bot-jobs", "0")
    procs.append(a)
    w1 = Proc(["bots", "--db", pg_url, "--jobs", "1", "--lease", "2", "--bot-seconds", "4"], tmp_path / "w1.log")
    procs.append(w1)
    t = create(a, ["ismcts", "human"])
    store = Store(pg_url, upgrade=False)
    try:
        with a.seat(t, 1) as c:
            f = c.state()
            assert f["view"]["turn"] == 1
            assert c.act(f["view"]["legal"][0])["type"] == "state"  # now the IS-MCTS bot searches for 4 s
            deadline = time.time() + 20
            while not any(j.claimed_by for j in store.jobs()):
                assert time.time() < deadline, "worker 1 never claimed the job"
                time.sleep(0.05)
            assert f":{w1.p.pid}:" in store.jobs()[0].claimed_by  # type: ignore[operator]
            w1.kill9()  # mid-search
            w2 = Proc(["bots", "--db", pg_url, "--jobs", "1", "--lease", "2", "--bot-seconds", "0.2"],
                      tmp_path / "w2.log")
            procs.append(w2)
            moved = c.state(lambda x: x["rev"] == 2)  # worker 2 takes the job when the lease lapses
            assert moved["view"]["history"][1][0] == 0
    finally:
        store.close()
    assert [r[2] for r in logged(pg_url, t["id"])] == [1, 0]


@pytest.fixture
def own_cluster() -> Iterator[tuple[str, str]]:
    """A PostgreSQL cluster of this test's own (to stop and start without disturbing other tests): its
    database URL and its directory."""
    where = tempfile.mkdtemp(prefix="cardtable-pg-")  # not under pytest's own temp dir: its owner alone enters
    out = subprocess.run(["bash", SCRIPT, "start", where], check=True, capture_output=True, text=True).stdout
    env = dict(line.removeprefix("export ").split("=", 1) for line in out.splitlines() if line.startswith("export "))
    try:
        yield env["CARDTABLE_TEST_PG"], where
    finally:
        subprocess.run(["bash", SCRIPT, "stop", where], check=False)


def test_postgresql_restarted_actions_meanwhile_get_try_again(own_cluster: tuple[str, str], tmp_path: Path,
                                                               procs: list[Proc]) -> None:
    pg_url, cluster = own_cluster
    a = Serve(pg_url, tmp_path / "a.log", "--bot-jobs", "1")
    procs.append(a)
    t = create(a, ["human", "human", "random"])
    script = SCRIPT
    acked: list[tuple[int, int, int, str]] = []
    with a.seat(t, 0) as c0, a.seat(t, 1) as c1:
        seats = {0: c0, 1: c1}
        f = c0.state(lambda x: x["view"]["turn"] in seats)
        mover = seats[f["view"]["turn"]]
        mine = mover.state(lambda x: key(x) >= key(f))
        refused = key(mine)
        subprocess.run(["bash", script, "down", cluster], check=True)
        try:
            answer = mover.act(mine["view"]["legal"][0])
            assert answer["type"] == "error" and answer.get("retry") is True, answer
            assert "try again" in answer["error"] and "nothing was recorded" in answer["error"]
            with pytest.raises(urllib.error.HTTPError) as health:
                urllib.request.urlopen(a.url + "/api/health", timeout=5)
            assert health.value.code == 503
        finally:
            subprocess.run(["bash", script, "up", cluster], check=True)
        deadline = time.time() + 30
        while True:  # the process reconnects by itself
            try:
                urllib.request.urlopen(a.url + "/api/health", timeout=5)
                break
            except urllib.error.HTTPError:
                assert time.time() < deadline, "the server did not reconnect"
                time.sleep(0.2)
        after = (0, -1)
        while len(acked) < 6:  # try again: accepted, and play goes on (the bot's too)
            f = c0.state(lambda x, k=after: key(x) > k and (x["view"]["turn"] in seats or x["view"]["over"]))
            if f["view"]["over"]:
                break
            seat = f["view"]["turn"]
            at = key(f)
            mine = seats[seat].state(lambda x, k=at: key(x) >= k)
            ack = seats[seat].act(mine["view"]["legal"][0])
            assert ack["type"] == "state", ack
            acked.append((*key(mine), seat, mine["view"]["legal"][0]))
            after = key(f)
    assert acked[0][:2] == refused  # the refused action left no trace: the retry was at the same position
    assert set(acked) <= set(logged(pg_url, t["id"]))
