"""Game records as data: one row per deal (game id, options, seed, pack order, dealer, actions, settlement),
written as JSON Lines or Parquet while a run goes on, so an interrupted run loses nothing written.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
>>> with RecordWriter(path) as w:
...     w.write({"game": "nap", "index": 0, "actions": [[1, "pass"]]})
>>> [r["game"] for r in read_records(path)]
['nap']
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import RulesError

__all__ = ["RecordWriter", "read_records"]

FORMATS = (".jsonl", ".parquet")


def _format(path: str | Path) -> str:
    suffix = Path(path).suffix.lower()
    if suffix == ".json":
        suffix = ".jsonl"
    if suffix not in FORMATS:
        raise RulesError(f"records file {str(path)!r}: use a name ending in .jsonl or .parquet")
    return suffix


class RecordWriter:
    """Streams rows to ``path`` (``.jsonl`` line by line; ``.parquet`` in row groups of ``batch`` rows)."""

    def __init__(self, path: str | Path, batch: int = 500) -> None:
        self.path = Path(path)
        self.kind = _format(path)
        self.batch = batch
        self.rows: list[dict[str, Any]] = []
        self.count = 0
        self._writer: Any = None
        self._file: Any = None
        if self.kind == ".jsonl":
            self._file = self.path.open("w", encoding="utf-8")
        else:
            try:
                import pyarrow  # noqa: F401
            except ImportError:
                raise RulesError("Parquet records need pyarrow: pip install 'cardtable[scale]'") from None

    def write(self, row: dict[str, Any]) -> None:
        """Add one deal's row."""
        self.count += 1
        if self._file is not None:
            self._file.write(json.dumps(row) + "\n")
            self._file.flush()
            return
        self.rows.append(row)
        if len(self.rows) >= self.batch:
            self._flush()

    def _flush(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if not self.rows:
            return
        flat = [{k: (json.dumps(v) if isinstance(v, dict | list) or v is None else v) for k, v in r.items()}
                for r in self.rows]
        keys = sorted({k for r in flat for k in r})
        table = pa.table({k: [None if r.get(k) is None else str(r[k]) for r in flat] for k in keys})
        if self._writer is None:
            self._schema = table.schema
            self._writer = pq.ParquetWriter(self.path, table.schema)
        self._writer.write_table(table.select(self._schema.names).cast(self._schema))
        self.rows = []

    def close(self) -> None:
        """Finish the file."""
        if self._file is not None:
            self._file.close()
            self._file = None
        else:
            self._flush()
            if self._writer is not None:
                self._writer.close()
                self._writer = None

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_records(path: str | Path) -> Iterator[dict[str, Any]]:
    """The rows of a records file, as written (JSON fields decoded)."""
    kind = _format(path)
    if not Path(path).exists():
        raise RulesError(f"no records file at {str(path)!r}")
    if kind == ".jsonl":
        with Path(path).open(encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if line.strip():
                    try:
                        yield json.loads(line)
                    except json.JSONDecodeError as e:
                        raise RulesError(f"{path}: line {n} is not a JSON record ({e.msg})") from None
        return
    import pyarrow.parquet as pq

    for row in pq.read_table(path).to_pylist():
        out: dict[str, Any] = {}
        for k, v in row.items():
            if (isinstance(v, str) and v[:1] in "[{") or v in ("null",):
                with contextlib.suppress(json.JSONDecodeError):
                    v = json.loads(v)
            elif isinstance(v, str) and v.lstrip("-").isdigit():
                v = int(v)
            out[k] = v
        yield out
