"""The results CSV: one row per (suite, kernel, shape) point, units in the column names.

Rows are appended and flushed one at a time, so a run that dies loses nothing it measured,
and a re-run resumes: points already recorded (ok or failed) are skipped.
"""
from __future__ import annotations

import csv
import os
from pathlib import Path

COLUMNS = (
    "timestamp_utc", "suite", "device", "backend", "driver", "runtime", "sm_clock_mhz",
    "mem_clock_mhz", "kernel", "symbol", "dtype", "tile_mxnxk", "swizzle", "workgroup",
    "threads", "regs_per_thread", "M", "N", "K", "warmups", "runs", "kernel_time_us", "kernel_time_min_us",
    "kernel_time_max_us", "gflops", "e2e_runs", "e2e_time_us", "e2e_gflops", "correct",
    "max_abs_err", "rel_err", "tolerance", "status", "error", "command",
)
STATUSES = ("ok", "incorrect", "failed", "crashed")
INT_COLUMNS = ("threads", "regs_per_thread", "M", "N", "K", "warmups", "runs", "e2e_runs")
FLOAT_COLUMNS = ("sm_clock_mhz", "mem_clock_mhz", "kernel_time_us", "kernel_time_min_us",
                 "kernel_time_max_us", "gflops", "e2e_time_us", "e2e_gflops", "max_abs_err",
                 "rel_err", "tolerance")


def point_key(row: dict) -> tuple[str, str, int, int, int]:
    return (row["suite"], row["symbol"], int(row["M"]), int(row["N"]), int(row["K"]))


class SchemaError(ValueError):
    pass


def validate_row(row: dict) -> None:
    """Raise SchemaError naming the first column that breaks the schema."""
    missing = [c for c in COLUMNS if c not in row]
    if missing:
        raise SchemaError(f"row lacks columns {missing}")
    for col in INT_COLUMNS:
        try:
            int(row[col])
        except (TypeError, ValueError):
            raise SchemaError(f"column {col}={row[col]!r} is not an integer") from None
    for col in FLOAT_COLUMNS:
        if row[col] in ("", None):
            continue
        try:
            float(row[col])
        except (TypeError, ValueError):
            raise SchemaError(f"column {col}={row[col]!r} is not a number") from None
    if row["status"] not in STATUSES:
        raise SchemaError(f"status {row['status']!r} is not one of {STATUSES}")
    if str(row["correct"]) not in ("True", "False"):
        raise SchemaError(f"correct {row['correct']!r} is not True/False")


def append_row(path: Path, row: dict) -> None:
    """Append one row (writing the header first if the file is new) and flush to disk."""
    validate_row(row)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    new_file = not path.exists() or path.stat().st_size == 0
    with path.open("a", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS, extrasaction="raise")
        if new_file:
            writer.writeheader()
        writer.writerow({c: row[c] for c in COLUMNS})
        f.flush()
        os.fsync(f.fileno())


def read_rows(path: Path) -> list[dict]:
    path = Path(path)
    if not path.exists():
        return []
    with path.open(newline="") as f:
        reader = csv.DictReader(f)
        if reader.fieldnames and tuple(reader.fieldnames) != COLUMNS:
            raise SchemaError(f"{path}: header {reader.fieldnames} differs from the schema")
        return list(reader)


def recorded_keys(path: Path) -> set[tuple[str, str, int, int, int]]:
    """Points already in the file, whatever their status: a resumed run skips them."""
    return {point_key(r) for r in read_rows(path)}
