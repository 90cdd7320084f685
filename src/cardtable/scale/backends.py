"""Backends that run the arena's per-deal tasks: local processes (default) or Ray tasks in batches.

Every deal is seeded by its index, never by the worker, so any backend and any number of workers give the
same results for the same seed; results are yielded in deal order as they complete.
"""

from __future__ import annotations

import os
import signal
import socket
from collections.abc import Callable, Iterator
from typing import Any

from ..bots.arena import Runner, local_runner
from ..errors import RulesError

__all__ = ["BACKENDS", "interruptible", "ray_runner", "runner_for"]

BACKENDS = ("local", "ray")


_LOCAL_OBJECT_STORE = 256 * 1024 * 1024  # deals and results are small; don't reserve 30% of memory
_CONNECT_TIMEOUT = 10.0


def _run_batch(fn: Callable[[Any], Any], batch: list[Any]) -> list[Any]:
    return [fn(a) for a in batch]


def _check_reachable(address: str) -> None:
    """Fail fast, with the address in the message, when nothing listens there (Ray itself waits for minutes)."""
    if address == "auto":
        return
    hostport = address.split("://", 1)[-1]
    host, sep, port = hostport.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise RulesError(f"Ray address {address!r}: expected HOST:PORT (e.g. 10.0.0.5:6379), ray://HOST:PORT, "
                         f"or auto (the cluster in RAY_ADDRESS or started on this machine with 'ray start')")
    try:
        socket.create_connection((host, int(port)), timeout=_CONNECT_TIMEOUT).close()
    except OSError as e:
        raise RulesError(f"cannot reach a Ray cluster at {address!r} ({e.strerror or e}); start one with "
                         f"'ray start --head' or check the address") from None


def ray_runner(address: str | None = None, num_cpus: int | None = None, batch_size: int | None = None,
               connect: bool = True) -> Runner:
    """Run tasks as Ray tasks in batches: on a new local Ray instance when ``address`` is None (``num_cpus``
    CPUs, default all), else on the cluster at ``address`` (``HOST:PORT``, ``ray://HOST:PORT`` or ``auto``).

    ``batch_size`` deals go in one task (default: the work split in about four tasks per CPU of the cluster,
    at most 256 deals) so that the cost of a task is small beside the deals it plays. With ``connect`` (the
    default) Ray is started or reached now, so that a bad address is a clear error before any work starts.
    """
    try:
        import ray
    except ImportError:
        raise RulesError("the ray backend needs Ray: pip install 'cardtable[scale]'") from None
    if batch_size is not None and batch_size < 1:
        raise RulesError(f"batch_size must be at least 1, not {batch_size}")
    if num_cpus is not None and num_cpus < 1:
        raise RulesError(f"a local Ray needs at least 1 CPU, not {num_cpus}")

    def init() -> None:
        if ray.is_initialized():
            return
        if address:
            _check_reachable(address)
            try:
                ray.init(address=address, log_to_driver=False)
            except (ConnectionError, RuntimeError, ValueError) as e:
                raise RulesError(f"cannot join the Ray cluster at {address!r}: {e}") from None
        else:  # "local": a new instance even if a cluster runs on this machine (RAY_ADDRESS is for --address)
            ray.init(address="local", num_cpus=num_cpus or os.cpu_count() or 1, include_dashboard=False,
                     log_to_driver=False, object_store_memory=_LOCAL_OBJECT_STORE)

    if connect:
        init()

    def run(fn: Callable[[Any], Any], jobs_args: list[Any]) -> Iterator[Any]:
        init()
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = batch_size or max(1, min(256, len(jobs_args) // (cpus * 4) or 1))
        task = ray.remote(_run_batch)
        refs = [task.remote(fn, jobs_args[i:i + size]) for i in range(0, len(jobs_args), size)]
        try:
            for ref in refs:
                yield from ray.get(ref)
        except BaseException:  # Ctrl-C or the consumer stopped early: stop what has not finished
            _, pending = ray.wait(refs, num_returns=len(refs), timeout=0)
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
    return run


def runner_for(backend: str, jobs: int, address: str | None = None) -> Runner:
    """The runner of a backend name: ``local`` (``jobs`` processes) or ``ray`` (a local Ray with ``jobs``
    CPUs, or the cluster at ``address``)."""
    if backend not in BACKENDS:
        raise RulesError(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
    if jobs < 1:
        raise RulesError(f"jobs must be at least 1, not {jobs}")
    if backend == "local":
        if address:
            raise RulesError(f"--address {address} is for the ray backend: add --backend ray")
        return local_runner(jobs)
    return ray_runner(address=address, num_cpus=jobs if not address else None)


def interruptible(runner: Runner) -> Runner:
    """A runner that Ctrl-C (SIGINT) stops cleanly between two results.

    While it waits for the next result, Ctrl-C raises ``KeyboardInterrupt`` at once (unfinished work is
    cancelled by the runner); while the consumer handles a result (counting it, writing its record, moving the
    progress bar), Ctrl-C only asks to stop, and ``KeyboardInterrupt`` is raised when it asks for the next one,
    so that every result counted is also written. Worker processes forked meanwhile ignore Ctrl-C: the driver
    stops them. Use it from the main thread (signal handlers live there); elsewhere the runner is unchanged.
    """
    def run(fn: Callable[[Any], Any], jobs_args: list[Any]) -> Iterator[Any]:
        import threading

        if threading.current_thread() is not threading.main_thread():
            yield from runner(fn, jobs_args)
            return
        driver, state = os.getpid(), {"waiting": False, "stop": False}

        def on_sigint(signum: int, frame: Any) -> None:
            if os.getpid() != driver:  # a forked worker: the driver stops it
                return
            if state["waiting"] or state["stop"]:  # waiting, or a second Ctrl-C: stop now
                raise KeyboardInterrupt
            state["stop"] = True

        previous = signal.signal(signal.SIGINT, on_sigint)
        inner = runner(fn, jobs_args)
        try:
            while True:
                if state["stop"]:
                    raise KeyboardInterrupt
                state["waiting"] = True
                try:
                    out = next(inner)
                except StopIteration:
                    return
                finally:
                    state["waiting"] = False
                yield out
        finally:
            try:
                inner.close()  # type: ignore[attr-defined]
            finally:
                signal.signal(signal.SIGINT, previous)
    return run
