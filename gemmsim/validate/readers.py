"""Measured points from the files that hold them; the header tells the format.

* the validation runner's CSV (validation/results.py: kernel, symbol, dtype, tile_mxnxk, swizzle,
  regs_per_thread, M, N, K, kernel_time_us, status, device, ...);
* rocprofv3 `--kernel-trace --stats` kernel_stats.csv (Name, Calls, TotalDurationNs, AverageNs, ...);
* Nsight Compute `ncu --csv --page raw` ("Kernel Name", "gpu__time_duration.sum", ...; a units row
  under the header, numbers with thousands separators).
The profiler formats do not say which GEMM a kernel computed: the caller gives the shape, tile and
dtype (`KernelSpec`), and a kernel whose name is one of kernels/'s symbols takes its own.
Every cell is read through gemmsim.validate.rows: the first one out of its column's domain stops
the read with its file, line, column and value.

Also here: the runner's Nsight Compute counter table (validation/results/*/ncu.csv), read as the
profiled kernels with their counter rows, for the shared-memory and DRAM comparisons.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from gemmsim.errors import InputError
from gemmsim.validate.points import KernelSpec, Point, dtype_of, family_of, is_ours, tile_of
from gemmsim.validate.rows import Row, Table, read_table

RUNTIME_HELPERS = re.compile(r"^__amd_rocclr|^(void )?(at::|cub::|thrust::)|fill|memset|memcpy", re.IGNORECASE)
NCU_TIME_UNITS_US = {"ns": 1e-3, "us": 1.0, "usecond": 1.0, "nsecond": 1e-3, "ms": 1e3, "msecond": 1e3}
GPU_OF_DEVICE = (("h200", "h200"), ("mi355", "mi355x"), ("mi350", "mi350x"), ("mi325", "mi325x"), ("mi300", "mi300x"))
RUNNER_COLUMNS = ("symbol", "M", "N", "K", "kernel_time_us")
TILE_TEXT = re.compile(r"^\d+x\d+x\d+$")
SWIZZLE_TEXTS = ("0", "1", "True", "False", "true", "false")


def read_points(path: str | Path, spec: KernelSpec | None = None) -> list[Point]:
    """The measured points of a runner, rocprofv3 or Nsight Compute CSV."""
    table = read_table(path, "results file")
    header = set(table.header)
    if {"kernel_time_us", "symbol"} <= header:
        return _runner_points(table)
    if {"Name", "AverageNs"} <= header:
        return _rocprof_points(table, _need(spec, table.path))
    if {"Kernel Name", "gpu__time_duration.sum"} <= header:
        return _ncu_points(table, _need(spec, table.path))
    raise InputError(f"{table.path}: unknown CSV format (expected the runner's columns, rocprofv3 kernel_stats "
                     f"Name/AverageNs, or ncu --csv --page raw 'Kernel Name'/gpu__time_duration.sum)")


def profiled_kernels(ncu_csv: str | Path, counters: tuple[str, ...] = ()) -> Iterator[tuple[Row, Point]]:
    """(counter row, Point) for every profiled kernel of ours in the runner's ncu.csv (H200);
    the table must have the `counters` columns."""
    table = read_table(ncu_csv, "Nsight Compute table")
    table.require(("symbol", "M", "N", "K", *counters), "the runner's Nsight Compute table")
    for r in table.rows:
        symbol = r.text("symbol")
        if not is_ours(symbol):
            continue
        tile, swizzle = tile_of(symbol)
        yield r, Point(symbol, family_of(symbol), dtype_of(symbol, "bf16"), *_dims(r), 0.0, "h200", tile, swizzle,
                       r.optional_positive_int("registers_per_thread"))


def _need(spec: KernelSpec | None, path: Path) -> KernelSpec:
    if spec is None:
        raise InputError(f"{path}: a profiler export does not say which GEMM ran; give --shape (and --tile, --dtype, --gpu)")
    return spec


def _dims(r: Row) -> tuple[int, int, int]:
    return r.positive_int("M"), r.positive_int("N"), r.positive_int("K")


def _runner_points(table: Table) -> list[Point]:
    table.require(RUNNER_COLUMNS, "a runner CSV")
    out = []
    for r in table.rows:
        if r.get("status", "ok") != "ok" or not r.get("kernel_time_us"):
            continue       # a failed or skipped run: nothing measured
        symbol = r.text("symbol")
        tile_text, swizzle_text = r.get("tile_mxnxk"), r.get("swizzle", "1")
        if tile_text and not TILE_TEXT.match(tile_text):
            raise r.error("tile_mxnxk", "is not a tile MxNxK")
        if swizzle_text not in SWIZZLE_TEXTS:
            raise r.error("swizzle", f"is not one of {', '.join(SWIZZLE_TEXTS)}")
        tile, swizzle = tile_of(symbol, tile_text, swizzle_text)
        out.append(Point(symbol=symbol, family=family_of(symbol), dtype=_row_dtype(r, symbol), **_shape(r),
                         measured_us=r.positive_number("kernel_time_us"), gpu=_gpu_for_device(r),
                         tile=tile, swizzle=swizzle, registers=r.optional_positive_int("regs_per_thread"),
                         source=table.path.name))
    return out


def _shape(r: Row) -> dict[str, int]:
    m, n, k = _dims(r)
    return {"m": m, "n": n, "k": k}


def _row_dtype(r: Row, symbol: str) -> str:
    try:
        return dtype_of(symbol, r.get("dtype"))
    except InputError:
        raise r.error("dtype", "is not a dtype gemmsim knows") from None


def _rocprof_points(table: Table, spec: KernelSpec) -> list[Point]:
    out = []
    for r in table.rows:
        name = r.text("Name")
        if r.get("AverageNs") and _wanted(name, spec):
            out.append(_spec_point(name, r.positive_number("AverageNs") / 1e3, spec, table.path, default_gpu="mi300x"))
    return out


def _ncu_points(table: Table, spec: KernelSpec) -> list[Point]:
    rows = table.rows
    unit_row = bool(rows) and not rows[0].get("Kernel Name")
    unit = rows[0].get("gpu__time_duration.sum") if unit_row else "ns"
    if unit not in NCU_TIME_UNITS_US:
        raise InputError(f"{table.path}:{rows[0].line}: gpu__time_duration.sum in unknown unit {unit!r}")
    out = []
    for r in rows[1:] if unit_row else rows:
        name = r.text("Kernel Name")
        if _wanted(name, spec):
            out.append(_spec_point(name, r.positive_number("gpu__time_duration.sum") * NCU_TIME_UNITS_US[unit],
                                   spec, table.path, default_gpu="h200"))
    return out


def _wanted(name: str, spec: KernelSpec) -> bool:
    """The GEMM kernels of a profile: those matching --kernel, or all but the runtime's helpers."""
    if spec.kernel:
        return spec.kernel_pattern.search(name) is not None
    return not RUNTIME_HELPERS.search(name)


def _spec_point(name: str, measured_us: float, spec: KernelSpec, path: Path, default_gpu: str) -> Point:
    symbol = re.sub(r"\(.*$", "", name.strip())
    tile, swizzle = tile_of(symbol)
    if tile is None:
        tile, swizzle = spec.tile, spec.swizzle
    m, n, k = spec.shape
    dtype = dtype_of(symbol, spec.dtype)
    return Point(symbol=symbol, family=family_of(symbol), dtype=dtype, m=m, n=n, k=k, measured_us=measured_us,
                 gpu=spec.gpu or default_gpu, tile=tile, swizzle=swizzle, source=path.name)


def _gpu_for_device(r: Row) -> str:
    d = r.get("device").lower()
    for key, name in GPU_OF_DEVICE:
        if key in d:
            return name
    raise r.error("device", "names no GPU gemmsim describes (expected an H200 or MI300X/MI325X/MI350X/MI355X)")
