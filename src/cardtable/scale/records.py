"""Game records as data: one row per deal (game id, options, seed, pack order, dealer, actions, settlement),
written as JSON Lines or Parquet while a run goes on, so an interrupted run loses nothing written.

Columns (what :func:`cardtable.bots.arena.simulate` and ``duel`` write): ``index`` (deal number in the run),
``game``, ``players``, ``options`` (a JSON object), ``seed`` (the deal's shuffle seed), ``deck`` (the pack
order, top first), ``dealer``, ``carry`` (what the deal started with, or null), ``actions`` (``[[seat,
action], ...]``), ``deltas`` (exact, as text: ``"1/3"`` where a pool divides unevenly), ``deltas_float``
(the same as numbers, for analysis), ``unit`` and ``lines`` (the settlement in words); a duel adds
``a_seat`` (null for the all-B deal of the row) and ``rotations`` (the same deal with A in each seat).

In Parquet the scalar columns are typed (integers, strings), ``actions`` is a list of ``{seat, action}``
structs, ``deltas_float`` a list of doubles, ``lines`` a list of strings, and the nested ``options``,
``carry`` and ``rotations`` are JSON text (decoded again by :func:`read_records`). In pandas or Polars:
``pd.read_parquet(path)`` / ``pl.read_parquet(path)`` or ``pd.read_json(path, lines=True)``.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
>>> with RecordWriter(path) as w:
...     w.write({"game": "nap", "index": 0, "actions": [[1, "pass"]], "deltas": ["1/2", "-1/2"]})
>>> [(r["game"], r["deltas_float"]) for r in read_records(path)]
[('nap', [0.5, -0.5])]
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..errors import RulesError

__all__ = ["RecordWriter", "read_records"]

FORMATS = (".jsonl", ".parquet")
_JSON_META = b"cardtable.json_columns"


def _format(path: str | Path) -> str:
    suffix = Path(path).suffix.lower()
    if suffix == ".json":
        suffix = ".jsonl"
    if suffix not in FORMATS:
        raise RulesError(f"records file {str(path)!r}: use a name ending in .jsonl or .parquet")
    return suffix


def _with_floats(row: dict[str, Any]) -> dict[str, Any]:
    if "deltas" in row and "deltas_float" not in row:
        row = {**row, "deltas_float": [float(Fraction(str(d))) for d in row["deltas"]]}
    return row


def _schema_of(rows: list[dict[str, Any]]) -> tuple[Any, list[str]]:
    """The Parquet schema of the first rows: typed where the column is known, JSON text where nested."""
    import pyarrow as pa

    known = {"index": pa.int64(), "players": pa.int64(), "seed": pa.int64(), "dealer": pa.int64(),
             "a_seat": pa.int64(), "game": pa.string(), "deck": pa.string(), "unit": pa.string(),
             "actions": pa.list_(pa.struct([("seat", pa.int64()), ("action", pa.string())])),
             "deltas": pa.list_(pa.string()), "deltas_float": pa.list_(pa.float64()), "lines": pa.list_(pa.string())}
    keys = list(dict.fromkeys(k for r in rows for k in r))
    fields, json_cols = [], []
    for k in keys:
        if k in known:
            fields.append(pa.field(k, known[k]))
            continue
        values = [r[k] for r in rows if r.get(k) is not None]
        if values and all(isinstance(v, bool) for v in values):
            fields.append(pa.field(k, pa.bool_()))
        elif values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            fields.append(pa.field(k, pa.int64()))
        elif values and all(isinstance(v, float | int) and not isinstance(v, bool) for v in values):
            fields.append(pa.field(k, pa.float64()))
        elif values and all(isinstance(v, str) for v in values):
            fields.append(pa.field(k, pa.string()))
        else:  # nested (options, carry, rotations) or only ever null: JSON text
            fields.append(pa.field(k, pa.string()))
            json_cols.append(k)
    schema = pa.schema(fields, metadata={_JSON_META: json.dumps(json_cols).encode()})
    return schema, json_cols


class RecordWriter:
    """Streams rows to ``path`` (``.jsonl`` line by line, flushed; ``.parquet`` in row groups of ``batch``
    rows, and whatever is left on :meth:`close`, which also runs on Ctrl-C through ``with``)."""

    def __init__(self, path: str | Path, batch: int = 500) -> None:
        self.path = Path(path)
        self.kind = _format(path)
        if batch < 1:
            raise RulesError(f"batch must be at least 1 row, not {batch}")
        if not self.path.parent.is_dir():
            raise RulesError(f"records file {str(path)!r}: no directory {str(self.path.parent)!r}")
        self.batch = batch
        self.rows: list[dict[str, Any]] = []
        self.count = 0
        self._writer: Any = None
        self._file: Any = None
        self._schema: Any = None
        self._json: list[str] = []
        if self.kind == ".jsonl":
            self._file = self.path.open("w", encoding="utf-8")
        else:
            try:
                import pyarrow  # noqa: F401
            except ImportError:
                raise RulesError("Parquet records need pyarrow: pip install 'cardtable[scale]'") from None

    def write(self, row: dict[str, Any]) -> None:
        """Add one deal's row."""
        row = _with_floats(row)
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
        if self._schema is None:
            self._schema, self._json = _schema_of(self.rows)
            self._writer = pq.ParquetWriter(self.path, self._schema)
        columns: dict[str, list[Any]] = {}
        for f in self._schema:
            values = [r.get(f.name) for r in self.rows]
            if f.name in self._json:
                values = [None if v is None else json.dumps(v) for v in values]
            elif f.name == "actions":
                values = [None if v is None else [{"seat": s, "action": a} for s, a in v] for v in values]
            columns[f.name] = values
        extra = {k for r in self.rows for k in r} - set(self._schema.names)
        if extra:
            raise RulesError(f"records file {str(self.path)!r}: a row has columns the first rows did not have "
                             f"({', '.join(sorted(extra))}); write one kind of row per file")
        try:
            table = pa.table(columns, schema=self._schema)
        except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError) as e:
            raise RulesError(f"records file {str(self.path)!r}: a row does not fit the columns of the first rows "
                             f"({e}); write one kind of row per file") from None
        self._writer.write_table(table)
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
    """The rows of a records file, as written (nested columns decoded, ``actions`` as ``[[seat, action]]``)."""
    kind = _format(path)
    if not Path(path).is_file():
        raise RulesError(f"no records file at {str(path)!r}")
    if kind == ".jsonl":
        with Path(path).open(encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if line.strip():
                    try:
                        row = json.loads(line)
                    except json.JSONDecodeError as e:
                        raise RulesError(f"{path}: line {n} is not a JSON record ({e.msg})") from None
                    if not isinstance(row, dict):
                        raise RulesError(f"{path}: line {n} is not a JSON object")
                    yield row
        return
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise RulesError("Parquet records need pyarrow: pip install 'cardtable[scale]'") from None
    try:
        pf = pq.ParquetFile(path)
    except Exception as e:  # pyarrow raises ArrowInvalid and OSError subclasses for damaged files
        raise RulesError(f"{path} is not a readable Parquet file ({e})") from None
    meta = pf.schema_arrow.metadata or {}
    json_cols = set(json.loads(meta.get(_JSON_META, b"[]")))
    for batch in pf.iter_batches():
        for row in batch.to_pylist():
            for k in json_cols & row.keys():
                if row[k] is not None:
                    row[k] = json.loads(row[k])
            if row.get("actions") is not None:
                row["actions"] = [[a["seat"], a["action"]] for a in row["actions"]]
            yield row
