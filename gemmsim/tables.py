"""Writing a table of rows as CSV or Parquet, the format chosen by the file's extension.

Parquet needs pyarrow (`pip install 'gemmsim[parquet]'`); DuckDB, pandas and polars read either.
Used by the sweep's results and the tuning cache's export.
"""

from __future__ import annotations

import csv
from pathlib import Path

from gemmsim.errors import InputError
from gemmsim.files import write_atomically

FORMATS = (".csv", ".parquet")


def check_table_output(out: str | Path) -> None:
    """Refuse an output the writer could not produce, before any work is done."""
    suffix = Path(out).suffix.lower()
    if suffix not in FORMATS:
        raise InputError(f"output {out}: expected a {' or '.join(FORMATS)} file")
    if suffix == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise InputError(f"writing {out} needs pyarrow: pip install 'gemmsim[parquet]' (or write .csv)") from None


def write_table(rows: list[dict], columns: dict[str, type], out: str | Path) -> None:
    """`rows` in their order; `columns` names each column and its Python type (int, float, str, bool),
    which Parquet keeps (a None is a null) and CSV writes as text (a None is empty)."""
    if Path(out).suffix.lower() == ".parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        types = {int: pa.int64(), float: pa.float64(), str: pa.string(), bool: pa.bool_()}
        schema = pa.schema([(name, types[kind]) for name, kind in columns.items()])
        table = pa.Table.from_pylist(rows, schema=schema)
        write_atomically(out, writer=lambda path: pq.write_table(table, path))
        return

    def write_csv(path: Path) -> None:
        with open(path, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(columns), lineterminator="\n")
            writer.writeheader()
            writer.writerows({c: "" if row.get(c) is None else row[c] for c in columns} for row in rows)

    write_atomically(out, writer=write_csv)
