"""Measured points from the files that hold them; the header tells the format.

* the validation runner's CSV (validation/results.py: kernel, symbol, dtype, tile_mxnxk, swizzle,
  regs_per_thread, M, N, K, kernel_time_us, status, device, ...);
* rocprofv3 `--kernel-trace --stats` kernel_stats.csv (Name, Calls, TotalDurationNs, AverageNs, ...);
* Nsight Compute `ncu --csv --page raw` ("Kernel Name", "gpu__time_duration.sum", ...; a units row
  under the header, numbers with thousands separators).
The profiler formats do not say which GEMM a kernel computed: the caller gives the shape, tile and
dtype (`KernelSpec`), and a kernel whose name is one of kernels/'s symbols takes its own.

Also here: the runner's Nsight Compute counter table (validation/results/*/ncu.csv), read as the
profiled kernels with their counter rows, for the shared-memory and DRAM comparisons.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from pathlib import Path

from gemmsim.errors import InputError
from gemmsim.validate.points import KernelSpec, Point, dtype_of, family_of, is_ours, tile_of

RUNTIME_HELPERS = re.compile(r"^__amd_rocclr|^(void )?(at::|cub::|thrust::)|fill|memset|memcpy", re.IGNORECASE)
NCU_TIME_UNITS_US = {"ns": 1e-3, "us": 1.0, "usecond": 1.0, "nsecond": 1e-3, "ms": 1e3, "msecond": 1e3}
GPU_OF_DEVICE = (("h200", "h200"), ("mi355", "mi355x"), ("mi350", "mi350x"), ("mi325", "mi325x"), ("mi300", "mi300x"))


def read_points(path: str | Path, spec: KernelSpec | None = None) -> list[Point]:
    """The measured points of a runner, rocprofv3 or Nsight Compute CSV."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"results file {str(path)!r} does not exist")
    with path.open(newline="") as f:
        rows = list(csv.reader(f))
    if not rows:
        raise InputError(f"{path}: empty file")
    header = [h.strip() for h in rows[0]]
    if {"kernel_time_us", "symbol", "M", "N", "K"} <= set(header):
        return _runner_points(path, header, rows[1:])
    if {"Name", "AverageNs"} <= set(header):
        return _rocprof_points(path, header, rows[1:], _need(spec, path))
    if {"Kernel Name", "gpu__time_duration.sum"} <= set(header):
        return _ncu_points(path, header, rows[1:], _need(spec, path))
    raise InputError(f"{path}: unknown CSV format (expected the runner's columns, rocprofv3 kernel_stats "
                     f"Name/AverageNs, or ncu --csv --page raw 'Kernel Name'/gpu__time_duration.sum)")


def profiled_kernels(ncu_csv: str | Path) -> Iterator[tuple[dict, Point]]:
    """(counter row, Point) for every profiled kernel of ours in the runner's ncu.csv (H200)."""
    path = Path(ncu_csv)
    if not path.is_file():
        raise InputError(f"Nsight Compute table {str(path)!r} does not exist")
    with path.open(newline="") as f:
        for r in csv.DictReader(f):
            symbol = r["symbol"]
            if not is_ours(symbol):
                continue
            tile, swizzle = tile_of(symbol)
            registers = int(r["registers_per_thread"]) if r.get("registers_per_thread") else None
            yield r, Point(symbol, family_of(symbol), dtype_of(symbol, "bf16"), int(r["M"]), int(r["N"]),
                           int(r["K"]), 0.0, "h200", tile, swizzle, registers)


def number(text: str) -> float:
    """A profiler's number, thousands separators allowed."""
    try:
        return float(text.replace(",", "").strip())
    except ValueError:
        raise InputError(f"expected a number, got {text!r}") from None


def _need(spec: KernelSpec | None, path: Path) -> KernelSpec:
    if spec is None:
        raise InputError(f"{path}: a profiler export does not say which GEMM ran; give --shape (and --tile, --dtype, --gpu)")
    return spec


def _runner_points(path: Path, header: list[str], rows: list[list[str]]) -> list[Point]:
    out = []
    for values in rows:
        r = dict(zip(header, values))
        if r.get("status", "ok") != "ok" or not r.get("kernel_time_us"):
            continue
        symbol = r["symbol"]
        tile, swizzle = tile_of(symbol, r.get("tile_mxnxk", ""), r.get("swizzle", "1"))
        out.append(Point(symbol=symbol, family=family_of(symbol), dtype=dtype_of(symbol, r.get("dtype", "")),
                         m=int(r["M"]), n=int(r["N"]), k=int(r["K"]), measured_us=float(r["kernel_time_us"]),
                         gpu=_gpu_for_device(r.get("device", "")), tile=tile, swizzle=swizzle,
                         registers=int(r["regs_per_thread"]) if r.get("regs_per_thread") else None,
                         source=path.name))
    return out


def _rocprof_points(path: Path, header: list[str], rows: list[list[str]], spec: KernelSpec) -> list[Point]:
    out = []
    for values in rows:
        r = dict(zip(header, values))
        if r.get("AverageNs") and _wanted(r["Name"], spec):
            out.append(_spec_point(r["Name"], number(r["AverageNs"]) / 1e3, spec, path, default_gpu="mi300x"))
    return out


def _ncu_points(path: Path, header: list[str], rows: list[list[str]], spec: KernelSpec) -> list[Point]:
    unit_row = rows and not rows[0][header.index("Kernel Name")].strip()
    unit = rows[0][header.index("gpu__time_duration.sum")].strip() if unit_row else "ns"
    if unit not in NCU_TIME_UNITS_US:
        raise InputError(f"{path}: gpu__time_duration.sum in unknown unit {unit!r}")
    out = []
    for values in rows[1:] if unit_row else rows:
        r = dict(zip(header, values))
        if _wanted(r["Kernel Name"], spec):
            out.append(_spec_point(r["Kernel Name"], number(r["gpu__time_duration.sum"]) * NCU_TIME_UNITS_US[unit],
                                   spec, path, default_gpu="h200"))
    return out


def _wanted(name: str, spec: KernelSpec) -> bool:
    """The GEMM kernels of a profile: those matching --kernel, or all but the runtime's helpers."""
    if spec.kernel:
        return re.search(spec.kernel, name) is not None
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


def _gpu_for_device(device: str) -> str:
    d = device.lower()
    for key, name in GPU_OF_DEVICE:
        if key in d:
            return name
    raise InputError(f"device {device!r}: no GPU description for it (expected an H200 or MI300X/MI325X/MI350X/MI355X)")
