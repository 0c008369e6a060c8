"""Measured points from the files that hold them; the header tells the format.

* the validation runner's CSV (validation/results.py: kernel, symbol, dtype, tile_mxnxk, swizzle,
  regs_per_thread, M, N, K, kernel_time_us, status, device, ...);
* rocprofv3 `--kernel-trace --stats` kernel_stats.csv (Name, Calls, TotalDurationNs, AverageNs, ...),
  `--kernel-trace` kernel_trace.csv and `--output-format json` results (the median dispatch of each
  kernel name; gemmsim.measurements.rocprof reads them);
* Nsight Compute `ncu --csv --page raw` ("Kernel Name", "gpu__time_duration.sum", ...; a units row
  under the header, numbers with thousands separators).
The profiler formats do not say which GEMM a kernel computed: the caller gives the shape, tile and
dtype (`KernelSpec`); a kernel whose name is one of kernels/'s symbols takes its own, and a name
that writes its tile (FlyDSL kernel_gemm_preshuffle_fp8_64x256x128, Tensile MT128x128x64, CK
256x128x128x64_..., parsed by gemmsim.kernel_names) gives the tile (and FlyDSL the dtype) without --tile.
Every cell is read through gemmsim.measurements.rows: the first one out of its column's domain stops
the read with its file, line, column and value.

Also here: the runner's Nsight Compute counter table (validation/results/*/ncu.csv), read as the
profiled kernels with their counter rows, for the shared-memory and DRAM comparisons.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from gemmsim.errors import InputError
from gemmsim.kernel_names import dtype_in_name, parse_macro_tile
from gemmsim.measurements import rocprof
from gemmsim.measurements.points import KernelSpec, MeasuredPoint, dtype_of, family_of, is_ours, tile_of
from gemmsim.measurements.rows import Row, Table, read_table

RUNTIME_HELPERS = re.compile(r"^__amd_rocclr|^(void )?(at::|cub::|thrust::)|fill|memset|memcpy", re.IGNORECASE)
NCU_TIME_UNITS_US = {"ns": 1e-3, "us": 1.0, "usecond": 1.0, "nsecond": 1e-3, "ms": 1e3, "msecond": 1e3}
GPU_OF_DEVICE = (("h200", "h200"), ("mi355", "mi355x"), ("mi350", "mi350x"), ("mi325", "mi325x"), ("mi300", "mi300x"))
RUNNER_COLUMNS = ("symbol", "M", "N", "K", "kernel_time_us")
TILE_TEXT = re.compile(r"^\d+x\d+x\d+$")
SWIZZLE_TEXTS = ("0", "1", "True", "False", "true", "false")


def read_points(path: str | Path, spec: KernelSpec | None = None, gpu: str | None = None) -> list[MeasuredPoint]:
    """The measured points of a runner, rocprofv3 or Nsight Compute CSV, or rocprofv3 JSON. `gpu` (compare's
    --gpu) is the GPU a runner CSV's rows are predicted on, its device column then unread (a device gemmsim
    does not describe, an H100, is predicted as the GPU named)."""
    if Path(path).suffix.lower() == ".json":
        dispatches, _ = rocprof.read_results_json(path)
        return _trace_points(dispatches, _need(spec, Path(path)), Path(path))
    table = read_table(path, "results file")
    header = set(table.header)
    if {"kernel_time_us", "symbol"} <= header:
        return _runner_points(table, gpu)
    if set(rocprof.TRACE_COLUMNS) <= header and "Counter_Name" not in header:
        return _trace_points(rocprof.dispatches_from_table(table), _need(spec, table.path), table.path)
    if set(rocprof.COUNTER_COLUMNS) <= header:
        return []          # counters, no times: gemmsim.measurements.amd_counters reads them
    if {"Name", "AverageNs"} <= header:
        return _rocprof_points(table, _need(spec, table.path))
    if {"Kernel Name", "gpu__time_duration.sum"} <= header:
        return _ncu_points(table, _need(spec, table.path))
    raise InputError(f"{table.path}: unknown CSV format (expected the runner's columns, rocprofv3 kernel_stats "
                     f"Name/AverageNs, kernel_trace Kernel_Name/Start_Timestamp/End_Timestamp or counter_collection "
                     f"Counter_Name/Counter_Value, or ncu --csv --page raw 'Kernel Name'/gpu__time_duration.sum)")


def profiled_kernels(ncu_csv: str | Path, counters: tuple[str, ...] = ()) -> Iterator[tuple[Row, MeasuredPoint]]:
    """(counter row, MeasuredPoint) for every profiled kernel of ours in the runner's ncu.csv (H200);
    the table must have the `counters` columns."""
    table = read_table(ncu_csv, "Nsight Compute table")
    table.require(("symbol", "M", "N", "K", *counters), "the runner's Nsight Compute table")
    for r in table.rows:
        symbol = r.text("symbol")
        if not is_ours(symbol):
            continue
        tile, swizzle = tile_of(symbol)
        yield r, MeasuredPoint(symbol, family_of(symbol), dtype_of(symbol, "bf16"), *_dims(r), 0.0, "h200", tile, swizzle,
                       r.optional_positive_int("registers_per_thread"))


def _need(spec: KernelSpec | None, path: Path) -> KernelSpec:
    if spec is None:
        raise InputError(f"{path}: a profiler export does not say which GEMM ran; give --shape (and --tile, --dtype, --gpu)")
    return spec


def _dims(r: Row) -> tuple[int, int, int]:
    return r.positive_int("M"), r.positive_int("N"), r.positive_int("K")


def _runner_points(table: Table, gpu: str | None = None) -> list[MeasuredPoint]:
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
        out.append(MeasuredPoint(symbol=symbol, family=family_of(symbol), dtype=_row_dtype(r, symbol), **_shape(r),
                         measured_us=r.positive_number("kernel_time_us"), gpu=gpu or _gpu_for_device(r),
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


def _rocprof_points(table: Table, spec: KernelSpec) -> list[MeasuredPoint]:
    out = []
    for r in table.rows:
        name = r.text("Name")
        if r.get("AverageNs") and is_profiled_gemm(name, spec):
            out.append(profiled_point(name, r.positive_number("AverageNs") / 1e3, spec, table.path, default_gpu="mi300x"))
    return out


def _trace_points(dispatches: list, spec: KernelSpec, path: Path) -> list[MeasuredPoint]:
    """One point per GEMM kernel name of a trace: its median dispatch time. A trace is one GEMM
    shape (--shape): a name launched with several grid sizes ran several shapes and is refused."""
    grids = rocprof.grids_by_kernel(dispatches)
    out = []
    for name, median_us, _ in rocprof.median_by_kernel(dispatches):
        if not is_profiled_gemm(name, spec):
            continue
        if len(grids[name]) > 1:
            raise InputError(f"{path}: {kernel_symbol(name)} ran with {len(grids[name])} grid sizes (several GEMM "
                             f"shapes); compare takes one --shape per profile: profile one shape, or pick with --kernel")
        out.append(profiled_point(name, median_us, spec, path, default_gpu="mi300x"))
    return out


def _ncu_points(table: Table, spec: KernelSpec) -> list[MeasuredPoint]:
    rows = table.rows
    unit_row = bool(rows) and not rows[0].get("Kernel Name")
    unit = rows[0].get("gpu__time_duration.sum") if unit_row else "ns"
    if unit not in NCU_TIME_UNITS_US:
        raise InputError(f"{table.path}:{rows[0].line}: gpu__time_duration.sum in unknown unit {unit!r}")
    out = []
    for r in rows[1:] if unit_row else rows:
        name = r.text("Kernel Name")
        if is_profiled_gemm(name, spec):
            out.append(profiled_point(name, r.positive_number("gpu__time_duration.sum") * NCU_TIME_UNITS_US[unit],
                                   spec, table.path, default_gpu="h200"))
    return out


def is_profiled_gemm(name: str, spec: KernelSpec) -> bool:
    """The GEMM kernels of a profile: those matching --kernel, or all but the runtime's helpers."""
    if spec.kernel:
        return spec.kernel_pattern.search(name) is not None
    return not RUNTIME_HELPERS.search(name)


def profiled_point(name: str, measured_us: float, spec: KernelSpec, path: Path, default_gpu: str) -> MeasuredPoint:
    symbol = kernel_symbol(name)
    tile, swizzle = tile_of(symbol)
    if tile is None:
        tile, swizzle = spec.tile or named_tile(symbol), spec.swizzle
    m, n, k = spec.shape
    dtype = dtype_of(symbol, dtype_in_name(symbol) or spec.dtype)
    return MeasuredPoint(symbol=symbol, family=family_of(symbol), dtype=dtype, m=m, n=n, k=k, measured_us=measured_us,
                 gpu=spec.gpu or default_gpu, tile=tile, swizzle=swizzle, source=path.name)


def kernel_symbol(name: str) -> str:
    """A profiler's kernel name without its argument list ("void f<int>(float*)" -> "void f<int>")."""
    return re.sub(r"\(.*$", "", name.strip())


AMD_NAME_FAMILIES = ("flydsl", "tensile", "ck")   # the AMD GEMMs whose named tile the preshuffle generator takes


def named_tile(symbol: str) -> tuple[int, int, int] | None:
    """The M x N x K tile an AMD GEMM kernel's name writes (FlyDSL, Tensile, CK), or None. Tensile
    names it along the BLAS library's m and n (gemmsim.kernel_names): give --shape the same way."""
    tile = parse_macro_tile(symbol)
    if tile is None or not tile.k or tile.family not in AMD_NAME_FAMILIES:
        return None
    return tile.m, tile.n, tile.k


def _gpu_for_device(r: Row) -> str:
    d = r.get("device").lower()
    for key, name in GPU_OF_DEVICE:
        if key in d:
            return name
    raise r.error("device", "names no GPU gemmsim describes (expected an H200 or MI300X/MI325X/MI350X/MI355X)")
