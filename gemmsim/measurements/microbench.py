"""The rows of a microbenchmark CSV (the contract all microbenchmark writers share).

Columns: bench, param_name, param_value, metric, value, sm_clock_mhz (then device, driver,
command). param_value is a positive integer (a buffer size, a stride, a chain count), except for
the `matrix` bench, where it is the instruction as the GPU description's [[matrix]] table keys it.
A set of measurements is one file (validation/microbench.py writes one), or, as the H200's first,
CUDA-only suite wrote it (validation/results/h200/cuda_suite_2026-11-29/), microbench.csv with
microbench_extra.csv beside it: both are read, and every row remembers its file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gemmsim.errors import InputError
from gemmsim.measurements.rows import read_table

EXTRA_NAME = "microbench_extra.csv"      # read from beside the main file when present
MICROBENCH_COLUMNS = ("bench", "param_name", "param_value", "metric", "value", "sm_clock_mhz")
NAMED_PARAM_BENCHES = ("matrix",)       # benches whose parameter is a name, not a count


@dataclass(frozen=True)
class Row:
    bench: str
    param_name: str
    param_value: int | str
    metric: str
    value: float
    clock_mhz: float
    device: str = ""
    file: str = "microbench.csv"


def read_microbench(path: str | Path) -> list[Row]:
    """The rows of one microbenchmark CSV; every measured value and clock is a positive finite
    number (a latency, a rate, a bandwidth), every parameter an integer >= 0 (0: none, as the epilogue
    bench's launch alone) or, for the matrix bench, an instruction name."""
    if not Path(path).is_file():
        raise InputError(f"microbenchmark file {str(path)!r} does not exist (the measurements are in a checkout of "
                         f"the gemmsim repository, validation/results/; give --microbench)")
    table = read_table(path, "microbenchmark file")
    table.require(MICROBENCH_COLUMNS, "a microbenchmark CSV")
    name = Path(path).name
    rows = []
    for r in table.rows:
        bench = r.text("bench")
        param = r.text("param_value") if bench in NAMED_PARAM_BENCHES else r.count("param_value")
        rows.append(Row(bench, r.text("param_name"), param, r.text("metric"), r.positive_number("value"),
                        r.positive_number("sm_clock_mhz"), r.get("device", ""), name))
    return rows


def read_microbench_set(path: str | Path) -> list[Row]:
    """The rows of `path` and of microbench_extra.csv beside it, if there is one."""
    rows = read_microbench(path)
    extra = Path(path).parent / EXTRA_NAME
    if extra.is_file() and extra.resolve() != Path(path).resolve():
        rows += read_microbench(extra)
    return rows


def has(rows: list[Row], bench: str, metric: str) -> bool:
    return any(r.bench == bench and r.metric == metric for r in rows)


def pick(rows: list[Row], bench: str, metric: str, where=lambda v: True, wanted: str = "") -> list[Row]:
    """The rows of one bench and metric whose parameter passes `where` (`wanted` says it in words),
    by parameter; none is an error."""
    found = sorted((r for r in rows if r.bench == bench and r.metric == metric and where(r.param_value)),
                   key=lambda r: (str(type(r.param_value)), r.param_value))
    if not found:
        raise InputError(f"microbenchmark rows bench={bench} metric={metric}{' with ' + wanted if wanted else ''} are missing")
    return found


def values(rows: list[Row]) -> str:
    """The parameters of the rows, as a source entry names them."""
    return ",".join(str(r.param_value) for r in rows)
