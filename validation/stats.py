"""Pure arithmetic of a measurement: run counts, medians, GFLOP/s, errors and tolerances."""
from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

import numpy as np

WARMUPS = 5
MIN_RUNS = 21
# A kernel slower than this per launch gets fewer timed runs (the naive ladder kernels on
# the largest shapes): enough for a median within a fixed time budget, never below 5.
SLOW_RUN_US = 100_000.0
SLOW_POINT_BUDGET_US = 3_000_000.0
MIN_SLOW_RUNS = 5


@dataclass(frozen=True)
class RunPlan:
    warmups: int
    runs: int


def plan_runs(first_run_us: float) -> RunPlan:
    """Warm-ups and timed runs for a kernel whose first (cold) launch took first_run_us."""
    if first_run_us <= SLOW_RUN_US:
        return RunPlan(WARMUPS, MIN_RUNS)
    runs = max(MIN_SLOW_RUNS, int(SLOW_POINT_BUDGET_US // first_run_us))
    return RunPlan(min(WARMUPS, 2), min(runs, MIN_RUNS))


@dataclass(frozen=True)
class TimeSummary:
    median_us: float
    min_us: float
    max_us: float
    runs: int


def summarize(times_us: list[float]) -> TimeSummary:
    if not times_us:
        raise ValueError("no timed runs to summarize")
    return TimeSummary(statistics.median(times_us), min(times_us), max(times_us), len(times_us))


def gflops(m: int, n: int, k: int, time_us: float) -> float:
    """2*M*N*K floating-point operations over time_us, in GFLOP/s."""
    if time_us <= 0:
        raise ValueError(f"time_us must be positive, got {time_us}")
    return 2.0 * m * n * k / (time_us * 1e-6) / 1e9


# Unit round-off of the accumulator each kernel family sums in.
_ACCUMULATOR_EPS = {"f32": float(np.finfo(np.float32).eps), "bf16": float(np.finfo(np.float32).eps),
                    "f64": float(np.finfo(np.float64).eps), "i32": 0.0}


def tolerance(dtype: str, k: int) -> float:
    """Largest accepted ||C - C_ref|| / ||C_ref|| for a K-long dot product.

    Rounding errors of a K-term sum of random-sign terms grow like sqrt(K) * eps (relative to
    the norm of the result); 8x that leaves room for the summation order of tiled kernels and
    for the matrix units' internal accumulation. int32 must be exact. bf16 inputs are exact in
    the reference (it is computed from the same rounded values), so only fp32 accumulation
    error remains.
    """
    if dtype not in _ACCUMULATOR_EPS:
        raise ValueError(f"no tolerance rule for dtype {dtype!r}")
    return 8.0 * _ACCUMULATOR_EPS[dtype] * math.sqrt(max(k, 1))


@dataclass(frozen=True)
class ErrorReport:
    max_abs_err: float
    rel_err: float  # ||out - ref||_F / ||ref||_F
    nonfinite: int  # NaN/Inf elements, e.g. never written over the NaN poison


def compare(out: np.ndarray, ref: np.ndarray) -> ErrorReport:
    if out.shape != ref.shape:
        raise ValueError(f"output shape {out.shape} differs from reference shape {ref.shape}")
    out64 = out.astype(np.float64)
    nonfinite = int(out64.size - np.count_nonzero(np.isfinite(out64)))
    if nonfinite:
        return ErrorReport(math.inf, math.inf, nonfinite)
    diff = out64 - ref
    max_abs = float(np.max(np.abs(diff))) if diff.size else 0.0
    ref_norm = float(np.linalg.norm(ref))
    diff_norm = float(np.linalg.norm(diff))
    rel = diff_norm / ref_norm if ref_norm > 0 else diff_norm
    return ErrorReport(max_abs, rel, 0)


def is_correct(report: ErrorReport, dtype: str, k: int) -> bool:
    if report.nonfinite:
        return False
    if dtype == "i32":
        return report.max_abs_err == 0.0
    return report.rel_err <= tolerance(dtype, k)
