"""Backends that run the arena's per-deal tasks: local processes (default) or Ray tasks in batches.

Every deal is seeded by its index, never by the worker, so any backend and any number of workers give the
same results for the same seed; results are yielded in deal order as they complete.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

from ..bots.arena import Runner, local_runner
from ..errors import RulesError

__all__ = ["BACKENDS", "ray_runner", "runner_for"]

BACKENDS = ("local", "ray")


_LOCAL_OBJECT_STORE = 256 * 1024 * 1024  # deals and results are small; don't reserve 30% of memory


def _run_batch(fn: Callable[[Any], Any], batch: list[Any]) -> list[Any]:
    return [fn(a) for a in batch]


def ray_runner(address: str | None = None, num_cpus: int | None = None, batch_size: int | None = None) -> Runner:
    """Run tasks as Ray tasks in batches: on a local Ray instance when ``address`` is None, else on a cluster.

    ``batch_size`` deals go in one task (default: the work split in about four tasks per CPU, at most 256 deals)
    so that the cost of a task is small beside the deals it plays.
    """
    try:
        import ray
    except ImportError:
        raise RulesError("the ray backend needs Ray: pip install 'cardtable[scale]'") from None

    def run(fn: Callable[[Any], Any], jobs_args: list[Any]) -> Iterator[Any]:
        if not ray.is_initialized():
            if address:
                ray.init(address=address, log_to_driver=False, ignore_reinit_error=True)
            else:
                ray.init(num_cpus=num_cpus or os.cpu_count() or 1, include_dashboard=False, log_to_driver=False,
                         ignore_reinit_error=True, object_store_memory=_LOCAL_OBJECT_STORE)
        cpus = int(ray.cluster_resources().get("CPU", 1))
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
    """The runner of a backend name (``local`` or ``ray``)."""
    if backend == "local":
        return local_runner(jobs)
    if backend == "ray":
        return ray_runner(address=address, num_cpus=jobs if address is None else None)
    raise RulesError(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
