"""Fits of the memory system under load, from the loaded and mlp microbenchmarks (issue 12).

    python -m validation.analyses.memfit validation/results/h200/microbench_memory.csv --compute-units 132

The rows come from `python -m validation.microbench --only loaded,mlp` (microbench.hip's
loaded_chase and mlp_loads<U>); the CSV contract is gemmsim.measurements.microbench's.

Loaded latency (benches loaded_<chase level>_<stream level>, parameter blocks = the chaser's + the
streamers'). A pointer chase sees the latency of one request while the streamers keep the
memory busy. Per series:
  * unloaded latency: the median of the rows with no streamer (blocks = 1);
  * slope, ns per TB/s: Theil-Sen (median of pairwise slopes, scipy.stats.theilslopes) of latency
    against the bandwidth in use, over the loaded rows up to LINEAR_FRACTION of the series' highest
    bandwidth (past it the queue grows without bound, which no line describes), with its
    intercept (the loaded floor) and the 95 % interval of the slope.

Memory-level parallelism (benches mlp_<level>_s<SMs>_b<blocks per SM>_u<loads>, parameter threads).
Each point is (bytes in flight per SM, bandwidth per SM). Little's law gives bandwidth =
in flight / latency until something saturates at P; the fit is that corner, bandwidth =
min(in flight / L, P), by least squares on log bandwidth with a soft-L1 loss (scipy's
least_squares: a point off the corner counts, but not quadratically). Per series it gives L (the
latency the loads see while nothing saturates), P (the plateau per SM) and the knee P x L, the
bytes per SM in flight at which the series saturates; `saturation` is the smallest measured
in-flight figure that reaches SATURATION_FRACTION of P. With few SMs busy the plateau is the SM's
own limit; with all of them it is the memory's, shared.
"""

from __future__ import annotations

import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from gemmsim.errors import InputError
from gemmsim.measurements.microbench import Row, read_microbench
from validation.analyses.command import fit_command

LINEAR_FRACTION = 0.8        # loaded rows used for the slope: bandwidth <= this x the series' highest
SATURATION_FRACTION = 0.95   # `saturation`: the least in-flight bytes reaching this fraction of P
MIN_POINTS = 3               # a fit needs at least this many points
LOADED = re.compile(r"^loaded_([a-z0-9]+)_([a-z0-9]+)$")
MLP = re.compile(r"^mlp_([a-z0-9]+)_s(\d+)_b(\d+)_u(\d+)$")


@dataclass(frozen=True)
class LoadedFit:
    """Latency of one chase level under streaming load of one level."""

    chase: str
    stream: str
    unloaded_ns: float
    floor_ns: float                 # Theil-Sen intercept: the loaded latency extrapolated to no load
    slope_ns_per_tb_per_s: float
    slope_low: float                # 95 % interval of the slope
    slope_high: float
    fitted_up_to_tb_per_s: float    # the highest bandwidth among the rows of the slope
    points: int
    peak_tb_per_s: float            # the highest bandwidth of the series
    latency_at_peak_ns: float
    max_residual_ns: float          # largest |measured - fitted| over the rows of the slope

    @property
    def name(self) -> str:
        return f"loaded_{self.chase}_{self.stream}"


@dataclass(frozen=True)
class MlpFit:
    """Bandwidth per SM vs bytes in flight per SM for one (level, SMs, blocks per SM) series."""

    level: str
    sms: int
    blocks_per_sm: int
    latency_ns: float               # L: in flight / bandwidth below the corner
    plateau_gb_per_s_per_sm: float  # P
    knee_bytes_per_sm: float        # P x L
    saturation_bytes_per_sm: int    # least measured in-flight bytes reaching SATURATION_FRACTION x P
    points: int
    max_residual: float             # largest |log(measured / fitted)|

    @property
    def name(self) -> str:
        return f"mlp_{self.level}_s{self.sms}_b{self.blocks_per_sm}"


@dataclass(frozen=True)
class MemFit:
    loaded: tuple[LoadedFit, ...]
    mlp: tuple[MlpFit, ...]
    compute_units: int

    def loaded_series(self, chase: str, stream: str) -> LoadedFit:
        for f in self.loaded:
            if (f.chase, f.stream) == (chase, stream):
                return f
        raise InputError(f"no loaded_{chase}_{stream} rows in the microbenchmark file")

    def mlp_series(self, level: str, sms: int, blocks_per_sm: int = 1) -> MlpFit:
        for f in self.mlp:
            if (f.level, f.sms, f.blocks_per_sm) == (level, sms, blocks_per_sm):
                return f
        raise InputError(f"no mlp_{level}_s{sms}_b{blocks_per_sm}_* rows in the microbenchmark file")

    def few_sm_series(self, level: str) -> MlpFit:
        """The series with the fewest SMs, one block each: the SM's own limit."""
        mine = [f for f in self.mlp if f.level == level and f.blocks_per_sm == 1 and f.sms < self.compute_units]
        if not mine:
            raise InputError(f"no mlp_{level} series on fewer than {self.compute_units} SMs (the per-SM limit needs one)")
        return min(mine, key=lambda f: f.sms)


# ---- loaded latency ------------------------------------------------------------------------------

def fit_loaded(chase: str, stream: str, latency_ns: dict[int, float], bandwidth: dict[int, float]) -> LoadedFit:
    """latency_ns by blocks (1 = no streamer), bandwidth (GB/s) by blocks (> 1)."""
    from scipy.stats import theilslopes

    name = f"loaded_{chase}_{stream}"
    if 1 not in latency_ns:
        raise InputError(f"{name}: no unloaded row (blocks=1, latency_ns)")
    loaded = sorted((bandwidth[b] / 1e3, latency_ns[b]) for b in latency_ns if b > 1 and b in bandwidth)
    if not loaded:
        raise InputError(f"{name}: no loaded rows (blocks > 1 with both latency_ns and stream_bandwidth_gb_per_s)")
    peak_bw, at_peak = max(loaded)
    linear = [(bw, lat) for bw, lat in loaded if bw <= LINEAR_FRACTION * peak_bw]
    if len(linear) < MIN_POINTS:
        raise InputError(f"{name}: {len(linear)} loaded rows up to {LINEAR_FRACTION:g} x the peak bandwidth "
                         f"({peak_bw:.3g} TB/s); the slope needs {MIN_POINTS}")
    x, y = np.array([p[0] for p in linear]), np.array([p[1] for p in linear])
    slope, intercept, low, high = theilslopes(y, x, alpha=0.95)
    residual = float(np.max(np.abs(y - (intercept + slope * x))))
    return LoadedFit(chase, stream, float(latency_ns[1]), float(intercept), float(slope), float(low), float(high),
                     float(x.max()), len(linear), peak_bw, at_peak, residual)


# ---- memory-level parallelism ---------------------------------------------------------------------

def corner(in_flight: np.ndarray, latency_ns: float, plateau: float) -> np.ndarray:
    """Bandwidth per SM (GB/s = bytes per ns) with `in_flight` bytes outstanding: min(X / L, P)."""
    return np.minimum(in_flight / latency_ns, plateau)


def fit_mlp(level: str, sms: int, blocks_per_sm: int, points: list[tuple[float, float]]) -> MlpFit:
    """points: (bytes in flight per SM, bandwidth per SM in GB/s)."""
    from scipy.optimize import least_squares

    name = f"mlp_{level}_s{sms}_b{blocks_per_sm}"
    if len(points) < MIN_POINTS:
        raise InputError(f"{name}: {len(points)} points; the fit needs {MIN_POINTS}")
    x = np.array([p[0] for p in points], dtype=float)
    y = np.array([p[1] for p in points], dtype=float)
    # start: the latency of the least-loaded point, the plateau of the most-loaded
    start = np.log([float(np.median(x[x <= np.min(x) * 2] / y[x <= np.min(x) * 2])), float(np.max(y))])

    def residual(p: np.ndarray) -> np.ndarray:
        return np.log(corner(x, math.exp(p[0]), math.exp(p[1]))) - np.log(y)

    fit = least_squares(residual, start, loss="soft_l1", f_scale=0.05)
    latency, plateau = math.exp(fit.x[0]), math.exp(fit.x[1])
    reached = sorted(xi for xi, yi in zip(x, y) if yi >= SATURATION_FRACTION * plateau)
    saturation = int(reached[0]) if reached else 0
    return MlpFit(level, sms, blocks_per_sm, latency, plateau, plateau * latency, saturation, len(points),
                  float(np.max(np.abs(residual(fit.x)))))


# ---- the file ---------------------------------------------------------------------------------------

def fit_rows(rows: list[Row], compute_units: int) -> MemFit:
    """Every loaded and mlp series of the rows."""
    if compute_units < 1:
        raise InputError(f"--compute-units {compute_units}: must be a positive integer")
    lat: dict[tuple[str, str], dict[int, float]] = {}
    bw: dict[tuple[str, str], dict[int, float]] = {}
    mlp: dict[tuple[str, int, int], dict[tuple[int, int], dict[str, float]]] = {}
    for r in rows:
        m = LOADED.match(r.bench)
        if m and r.param_name == "blocks":
            key = (m[1], m[2])
            if r.metric == "latency_ns":
                lat.setdefault(key, {})[int(r.param_value)] = r.value
            elif r.metric == "stream_bandwidth_gb_per_s":
                bw.setdefault(key, {})[int(r.param_value)] = r.value
            continue
        m = MLP.match(r.bench)
        if m and r.param_name == "threads":
            sms = int(m[2])
            if sms > compute_units:
                raise InputError(f"{r.bench}: {sms} SMs, more than --compute-units {compute_units}")
            series = mlp.setdefault((m[1], sms, int(m[3])), {})
            series.setdefault((int(r.param_value), int(m[4])), {})[r.metric] = r.value
    if not lat and not mlp:
        raise InputError("no loaded_* or mlp_* rows (python -m validation.microbench --only loaded,mlp writes them)")
    loaded = tuple(fit_loaded(c, s, lat[(c, s)], bw.get((c, s), {})) for c, s in sorted(lat))
    fits = []
    for (level, sms, per_sm), series in sorted(mlp.items()):
        points = []
        for (threads, loads), metrics in sorted(series.items()):
            if "bandwidth_gb_per_s" not in metrics:
                continue
            expected = per_sm * threads * loads * 16
            recorded = metrics.get("bytes_in_flight_per_sm", expected)
            if recorded != expected:
                raise InputError(f"mlp_{level}_s{sms}_b{per_sm}_u{loads} threads={threads}: bytes_in_flight_per_sm "
                                 f"{recorded:g} is not blocks x threads x loads x 16 = {expected}")
            points.append((float(expected), metrics["bandwidth_gb_per_s"] / sms))
        fits.append(fit_mlp(level, sms, per_sm, points))
    return MemFit(loaded, tuple(fits), compute_units)


def fit_file(path: str | Path, compute_units: int) -> MemFit:
    return fit_rows(read_microbench(path), compute_units)


def report(fit: MemFit, clock_mhz: float | None = None) -> str:
    lines = ["loaded latency (pointer chase beside streaming loads):",
             f"  {'series':18s} {'unloaded':>9s} {'floor':>7s} {'slope ns/(TB/s)':>22s} {'fitted to':>10s} "
             f"{'peak TB/s':>9s} {'at peak':>8s} {'max res':>8s}"]
    for f in fit.loaded:
        lines.append(f"  {f.name:18s} {f.unloaded_ns:7.1f}ns {f.floor_ns:5.1f}ns {f.slope_ns_per_tb_per_s:7.2f} "
                     f"[{f.slope_low:6.2f}, {f.slope_high:6.2f}] {f.fitted_up_to_tb_per_s:6.2f}TB/s "
                     f"{f.peak_tb_per_s:9.3f} {f.latency_at_peak_ns:6.1f}ns {f.max_residual_ns:6.1f}ns")
    lines += ["memory-level parallelism (bandwidth per SM = min(bytes in flight / L, P)):",
              f"  {'series':18s} {'L ns':>7s} {'P GB/s/SM':>10s} {'knee P x L':>11s} {'95 % of P at':>13s} {'max |log res|':>13s}"]
    for f in fit.mlp:
        per_clk = f" ({f.plateau_gb_per_s_per_sm * 1e3 / clock_mhz:.1f} B/clk)" if clock_mhz else ""
        lines.append(f"  {f.name:18s} {f.latency_ns:7.1f} {f.plateau_gb_per_s_per_sm:10.2f} {f.knee_bytes_per_sm:9.0f} B "
                     f"{f.saturation_bytes_per_sm:11d} B {f.max_residual:13.3f}{per_clk}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    def report_of(rows: list[Row], args) -> str:
        clocks = sorted({r.clock_mhz for r in rows})
        return report(fit_rows(rows, args.compute_units), float(np.median(clocks)) if clocks else None)

    return fit_command("memfit", __doc__, "microbench_memory.csv (python -m validation.microbench --only loaded,mlp)",
                       report_of, argv,
                       lambda p: p.add_argument("--compute-units", type=int, required=True,
                                                help="SMs/CUs of the GPU the rows were measured on"))


if __name__ == "__main__":
    sys.exit(main())
