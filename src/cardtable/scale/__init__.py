"""Scale-out for simulations and duels: a Ray backend and game records as data (JSON Lines, Parquet).

The embedded default needs nothing (local processes, in :mod:`cardtable.bots.arena`); Ray and pyarrow are
the optional extra ``cardtable[scale]``.
"""

from .backends import interruptible, ray_runner, runner_for
from .records import RecordWriter, read_records

__all__ = ["RecordWriter", "interruptible", "ray_runner", "read_records", "runner_for"]
