"""Measured against predicted: every point of a results CSV, its error, and how well the simulator ranks.

Inputs (the format is told by the header):
* the validation runner's CSV (validation/results.py: kernel, symbol, dtype, tile_mxnxk, swizzle,
  regs_per_thread, M, N, K, kernel_time_us, status, device, ...);
* rocprofv3 `--kernel-trace --stats` kernel_stats.csv (Name, Calls, TotalDurationNs, AverageNs, ...);
* Nsight Compute `ncu --csv --page raw` ("Kernel Name", "gpu__time_duration.sum", ...; a units row
  under the header, numbers with thousands separators).
The profiler formats do not say which GEMM a kernel computed: the caller gives the shape, tile and
dtype (`KernelSpec`), and a kernel whose name is one of kernels/'s symbols takes its own.

How each point is predicted:
* an H200 ladder kernel -> gemmsim.frontends.sm90.ladder; the matrix-core kernel -> sm90_mma
  (tile and swizzle from the symbol); both on the h200 description; with the SASS listing beside
  the CSV (sass/<symbol>.sass) the hot loop follows the compiled order, address arithmetic
  included as issue-only slots (int32 ladder kernels: the source order padded to the compiled
  issue count, since the listing cannot tell their multiply-add IMADs from the address ones);
* anything else (an AMD row or profile) -> the preshuffle GEMM generator for the given tile, on the
  GPU named by --gpu or the row's device;
* the predicted time is the replay's kernel time plus the description's per-launch overhead
  ([device].launch_overhead_us, calibrated from the copy microbenchmark; 0 where absent), since
  every measured time is event-timed around one launch.

Nothing here is fitted: the figures are what the calibrated descriptions predict.
"""

from __future__ import annotations

import csv
import math
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from gemmsim.errors import ConfigError, InputError

LADDER_SYMBOL = re.compile(r"^(gemm|gemm_tiled|gemm_blocked2x2|gemm_tiled_blocked2x2|gemm_blocked4x4)_(f32|f64|i32)$")
MMA_SYMBOL = re.compile(r"^mma_preshuffle_m(\d+)n(\d+)k(\d+)_swz([01])$")
LADDER_DTYPES = {"f32": "fp32", "f64": "fp64", "i32": "int32"}
WORST_POINTS = 10


@dataclass(frozen=True)
class KernelSpec:
    """What a profiled kernel computed, as its user tells it."""

    shape: tuple[int, int, int]
    dtype: str = "bf16"
    tile: tuple[int, int, int] | None = None
    swizzle: bool = True
    gpu: str | None = None
    kernel: str | None = None      # a regular expression: only kernels whose name matches


RUNTIME_HELPERS = re.compile(r"^__amd_rocclr|^(void )?(at::|cub::|thrust::)|fill|memset|memcpy", re.IGNORECASE)


@dataclass(frozen=True)
class Point:
    """One measured kernel launch."""

    symbol: str
    family: str            # "ladder_fp32", "mma_preshuffle", "preshuffle", ...
    dtype: str
    m: int
    n: int
    k: int
    measured_us: float
    gpu: str
    tile: tuple[int, int, int] | None = None
    swizzle: bool = True
    registers: int | None = None
    source: str = ""

    @property
    def shape(self) -> str:
        return f"{self.m}x{self.n}x{self.k}"

    @property
    def config(self) -> str:
        if self.tile is None:
            return self.symbol
        return f"{'x'.join(map(str, self.tile))} swz{int(self.swizzle)}"


@dataclass
class Compared:
    point: Point
    predicted_us: float
    kernel_us: float        # the replay alone, without the launch overhead
    bottleneck: str

    @property
    def error_pct(self) -> float:
        return 100.0 * (self.predicted_us - self.point.measured_us) / self.point.measured_us


@dataclass
class Report:
    rows: list[Compared]
    mape_pct: float
    median_ape_pct: float
    spearman_by_family: dict[str, float]
    sweep: list[dict] = field(default_factory=list)     # per shape: the matrix-core tile sweep
    conflicts: list[dict] = field(default_factory=list)  # predicted vs Nsight Compute bank conflicts
    skipped: list[str] = field(default_factory=list)     # points no generator could take, and why
    dram: list[dict] = field(default_factory=list)       # predicted vs Nsight Compute DRAM reads

    def to_json(self) -> dict:
        rows = [{**{k: v for k, v in asdict(r.point).items() if k != "tile"},
                 "tile": "x".join(map(str, r.point.tile)) if r.point.tile else None,
                 "predicted_us": round(r.predicted_us, 3), "kernel_us": round(r.kernel_us, 3),
                 "error_pct": round(r.error_pct, 2), "bottleneck": r.bottleneck} for r in self.rows]
        return {"points": len(self.rows), "mape_pct": round(self.mape_pct, 2),
                "median_ape_pct": round(self.median_ape_pct, 2),
                "spearman_by_family": {k: round(v, 4) for k, v in sorted(self.spearman_by_family.items())},
                "tile_sweep": self.sweep, "bank_conflicts": self.conflicts, "rows": rows, "skipped": self.skipped,
                "dram_reads": self.dram,
                "worst": [r["symbol"] + " " + _shape(r) for r in sorted(rows, key=lambda r: -abs(r["error_pct"]))[:WORST_POINTS]]}


def _shape(r: dict) -> str:
    return f"{r['m']}x{r['n']}x{r['k']}"


# ---- reading ------------------------------------------------------------------------------------

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
        gpu = _gpu_for_device(r.get("device", ""))
        tile, swizzle = _tile_of(symbol, r.get("tile_mxnxk", ""), r.get("swizzle", "1"))
        out.append(Point(symbol=symbol, family=_family(symbol, r.get("dtype", "")), dtype=_dtype_of(symbol, r.get("dtype", "")),
                         m=int(r["M"]), n=int(r["N"]), k=int(r["K"]), measured_us=float(r["kernel_time_us"]), gpu=gpu,
                         tile=tile, swizzle=swizzle, registers=int(r["regs_per_thread"]) if r.get("regs_per_thread") else None,
                         source=path.name))
    return out


def _rocprof_points(path: Path, header, rows, spec: KernelSpec) -> list[Point]:
    out = []
    for values in rows:
        r = dict(zip(header, values))
        if r.get("AverageNs") and _wanted(r["Name"], spec):
            out.append(_spec_point(r["Name"], _number(r["AverageNs"]) / 1e3, spec, path, default_gpu="mi300x"))
    return out


def _wanted(name: str, spec: KernelSpec) -> bool:
    """The GEMM kernels of a profile: those matching --kernel, or all but the runtime's helpers."""
    if spec.kernel:
        return re.search(spec.kernel, name) is not None
    return not RUNTIME_HELPERS.search(name)


def _ncu_points(path: Path, header, rows, spec: KernelSpec) -> list[Point]:
    unit_row = rows and not rows[0][header.index("Kernel Name")].strip()
    scale = {"ns": 1e-3, "us": 1.0, "usecond": 1.0, "nsecond": 1e-3, "ms": 1e3, "msecond": 1e3}
    unit = rows[0][header.index("gpu__time_duration.sum")].strip() if unit_row else "ns"
    if unit not in scale:
        raise InputError(f"{path}: gpu__time_duration.sum in unknown unit {unit!r}")
    out = []
    for values in rows[1:] if unit_row else rows:
        r = dict(zip(header, values))
        if not _wanted(r["Kernel Name"], spec):
            continue
        out.append(_spec_point(r["Kernel Name"], _number(r["gpu__time_duration.sum"]) * scale[unit], spec, path,
                               default_gpu="h200"))
    return out


def _spec_point(name: str, measured_us: float, spec: KernelSpec, path: Path, default_gpu: str) -> Point:
    symbol = re.sub(r"\(.*$", "", name.strip())
    tile, swizzle = _tile_of(symbol, "", "1")
    if tile is None:
        tile, swizzle = spec.tile, spec.swizzle
    m, n, k = spec.shape
    dtype = _dtype_of(symbol, spec.dtype)
    return Point(symbol=symbol, family=_family(symbol, dtype), dtype=dtype, m=m, n=n, k=k, measured_us=measured_us,
                 gpu=spec.gpu or default_gpu, tile=tile, swizzle=swizzle, source=path.name)


def _number(text: str) -> float:
    try:
        return float(text.replace(",", "").strip())
    except ValueError:
        raise InputError(f"expected a number, got {text!r}") from None


def _gpu_for_device(device: str) -> str:
    d = device.lower()
    for key, name in (("h200", "h200"), ("mi355", "mi355x"), ("mi350", "mi350x"), ("mi325", "mi325x"), ("mi300", "mi300x")):
        if key in d:
            return name
    raise InputError(f"device {device!r}: no GPU description for it (expected an H200 or MI300X/MI325X/MI350X/MI355X)")


def _tile_of(symbol: str, tile_text: str, swizzle_text: str):
    m = MMA_SYMBOL.match(symbol)
    if m:
        return (int(m.group(1)), int(m.group(2)), int(m.group(3))), m.group(4) == "1"
    if LADDER_SYMBOL.match(symbol):
        return None, False
    if tile_text and tile_text.count("x") == 2 and "x0" not in tile_text:
        return tuple(int(x) for x in tile_text.split("x")), swizzle_text.strip() not in ("0", "False", "false")
    return None, True


def _dtype_of(symbol: str, dtype: str) -> str:
    m = LADDER_SYMBOL.match(symbol)
    if m:
        return LADDER_DTYPES[m.group(2)]
    return LADDER_DTYPES.get(dtype, dtype)


def _family(symbol: str, dtype: str) -> str:
    m = LADDER_SYMBOL.match(symbol)
    if m:
        return f"ladder_{LADDER_DTYPES[m.group(2)]}"
    if MMA_SYMBOL.match(symbol):
        return "mma_preshuffle"
    return "preshuffle"


# ---- predicting ---------------------------------------------------------------------------------

class Predictor:
    """Predicts points, once each (a shape repeats over a CSV's kernels)."""

    def __init__(self, sass_dir: str | Path | None = None):
        self.sass_dir = Path(sass_dir) if sass_dir else None
        self._cache: dict[tuple, object] = {}

    def predict(self, p: Point) -> tuple[float, float, str]:
        """(predicted µs with the launch overhead, kernel µs, bottleneck)."""
        from gemmsim.hw import load_gpu

        prediction = self.prediction(p)
        overhead = load_gpu(p.gpu).launch_overhead_us
        return prediction.time_us + overhead, prediction.time_us, prediction.bottleneck

    def prediction(self, p: Point):
        """The whole Prediction of a point (cached)."""
        from gemmsim.hw import load_gpu

        key = (p.symbol, p.gpu, p.dtype, p.m, p.n, p.k, p.tile, p.swizzle, p.registers)
        if key not in self._cache:
            self._cache[key] = self._prediction(p, load_gpu(p.gpu))
        return self._cache[key]

    def _prediction(self, p: Point, gpu):
        from gemmsim.predict import predict, predict_program

        if gpu.vendor == "nvidia" and (p.family.startswith("ladder_") or p.family == "mma_preshuffle"):
            program, problem = self.sm90_program(p, gpu)
            return predict_program(program, problem, gpu)
        if p.family.startswith("ladder_"):
            raise ConfigError(f"{p.symbol}: no {gpu.arch} instruction stream for the ladder kernels (only sm_90)")
        if p.tile is None:
            raise ConfigError(f"{p.symbol}: no tile known for the preshuffle generator; give --tile")
        from gemmsim.problem import make_config, make_problem

        return predict(make_problem((p.m, p.n, p.k), p.dtype), make_config(p.tile, swizzle=p.swizzle), gpu)

    def sm90_program(self, p: Point, gpu):
        """The sm_90 Program of a point: its hot loop in the compiled order when the SASS listing is
        there (else the source order padded to the compiled issue count, else the source order)."""
        from gemmsim.frontends.sm90 import ladder as sm90_ladder, mma as sm90_mma
        from gemmsim.dtypes import element_bytes
        from gemmsim.frontends.sm90.common import Sm90Problem

        if gpu.vendor != "nvidia":
            raise ConfigError(f"{p.symbol}: the sm_90 streams need an NVIDIA GPU description, got {gpu.name}")
        if p.family == "mma_preshuffle":
            problem = Sm90Problem(p.m, p.n, p.k, "bf16", c_bytes=4)

            def build(**kw):
                return sm90_mma.generate(p.tile, p.swizzle, problem, gpu, registers=p.registers, **kw)
        else:
            kernel = LADDER_SYMBOL.match(p.symbol).group(1)
            problem = Sm90Problem(p.m, p.n, p.k, p.dtype, c_bytes=int(element_bytes(p.dtype)))

            def build(**kw):
                return sm90_ladder.generate(kernel, problem, gpu, registers=p.registers, **kw)
        listing = self.sass_dir / f"{p.symbol}.sass" if self.sass_dir else None
        if listing is None or not listing.is_file():
            return build(), problem
        from gemmsim.frontends.sm90.sass_reader import hot_loop_order

        try:
            return build(order=hot_loop_order(listing)), problem
        except ConfigError:   # int32: the listing cannot tell multiply-add IMADs from address ones
            return build(extra_issue=self.extra_issue(p.symbol, build())), problem

    def extra_issue(self, symbol: str, program) -> int:
        """Issue slots of the compiled hot loop that the generated body lacks (address arithmetic)."""
        if self.sass_dir is None:
            return 0
        listing = self.sass_dir / f"{symbol}.sass"
        if not listing.is_file():
            return 0
        from gemmsim.ir.program import Op, hot_loop
        from gemmsim.frontends.sm90.sass_reader import hot_loop_profile

        issued = hot_loop_profile(listing).issued
        loop = hot_loop(program.waves[0])
        generated = sum(1 for i in loop.body if getattr(i, "op", None) is not Op.WAITCNT) if loop else 0
        return max(0, issued - generated)


# ---- statistics ---------------------------------------------------------------------------------

def spearman(x, y) -> float:
    """Spearman rank correlation (ties get their average rank); nan for fewer than 3 points."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    if len(x) < 3:
        return float("nan")
    rx, ry = _ranks(x), _ranks(y)
    if rx.std() == 0 or ry.std() == 0:
        return float("nan")
    return float(np.corrcoef(rx, ry)[0, 1])


def _ranks(v: np.ndarray) -> np.ndarray:
    order = np.argsort(v, kind="mergesort")
    ranks = np.empty(len(v))
    ranks[order] = np.arange(len(v), dtype=float)
    for value in np.unique(v):
        same = v == value
        ranks[same] = ranks[same].mean()
    return ranks


def build_report(compared: list[Compared], conflicts: list[dict] | None = None,
                 skipped: list[str] | None = None) -> Report:
    errors = np.array([abs(c.error_pct) for c in compared]) if compared else np.array([float("nan")])
    families: dict[str, list[Compared]] = {}
    for c in compared:
        families.setdefault(c.point.family, []).append(c)
    rho = {f: spearman([c.point.measured_us for c in cs], [c.predicted_us for c in cs]) for f, cs in families.items()}
    return Report(compared, float(np.mean(errors)), float(np.median(errors)), rho, tile_sweep(compared), conflicts or [],
                  skipped or [])


def tile_sweep(compared: list[Compared]) -> list[dict]:
    """Per shape of the matrix-core kernel: rank correlation over its configs, and the simulator's pick."""
    shapes: dict[tuple, list[Compared]] = {}
    for c in compared:
        if c.point.family in ("mma_preshuffle", "preshuffle") and c.point.tile is not None:
            shapes.setdefault((c.point.gpu, c.point.m, c.point.n, c.point.k), []).append(c)
    out = []
    for (gpu, m, n, k), cs in sorted(shapes.items()):
        if len(cs) < 3:
            continue
        best = min(cs, key=lambda c: c.point.measured_us)
        pick = min(cs, key=lambda c: c.predicted_us)
        out.append({"gpu": gpu, "shape": f"{m}x{n}x{k}", "configs": len(cs),
                    "spearman": round(spearman([c.point.measured_us for c in cs], [c.predicted_us for c in cs]), 4),
                    "measured_best": best.point.config, "measured_best_us": best.point.measured_us,
                    "simulator_pick": pick.point.config, "pick_measured_us": pick.point.measured_us,
                    "pick_slower_pct": round(100 * (pick.point.measured_us / best.point.measured_us - 1), 2)})
    return out


def compare_points(points: list[Point], predictor: Predictor, skipped: list[str] | None = None) -> list[Compared]:
    """Every point predicted; with `skipped`, a point no generator can take (a ladder kernel on
    AMD, a tile the preshuffle GEMM rejects) is named there instead of stopping the run."""
    out = []
    for p in points:
        try:
            total, kernel, bottleneck = predictor.predict(p)
        except ConfigError as e:
            if skipped is None:
                raise
            skipped.append(f"{p.symbol} {p.shape} on {p.gpu}: {e}")
            continue
        out.append(Compared(p, total, kernel, bottleneck))
    return out


# ---- bank conflicts against Nsight Compute ------------------------------------------------------

def bank_conflicts(ncu_csv: str | Path, predictor: Predictor) -> list[dict]:
    """Per profiled kernel of validation/results/*/ncu.csv: shared-memory load/store instructions,
    wavefronts and bank conflicts, predicted from the Program's lane addresses and measured.

    Predicted wavefronts are the bank-phase cycles of lds_banks (l1tex__data_pipe_lsu_wavefronts_
    mem_shared_op_{ld,st}.sum); predicted conflicts are the wavefronts beyond the ideal ones (per
    phase, its distinct words over the 32 banks), the quantity l1tex__data_bank_conflicts_pipe_lsu_
    mem_shared_op_{ld,st}.sum counts for an instruction's own lanes."""
    from gemmsim.hw import load_gpu

    gpu = load_gpu("h200")
    out = []
    for r, p in _profiled_kernels(ncu_csv):
        program, _ = predictor.sm90_program(p, gpu)
        predicted = shared_counts(program, gpu)
        row = {"symbol": p.symbol, "shape": p.shape}
        for side in ("ld", "st"):
            for what in ("instructions", "wavefronts", "bank_conflicts"):
                row[f"{side}_{what}_predicted"] = predicted[side][what]
                row[f"{side}_{what}_measured"] = int(_number(r[f"shared_{side}_{what}"]))
        out.append(row)
    return out


def _profiled_kernels(ncu_csv: str | Path):
    """(row, Point) for every profiled kernel of ours in an ncu.csv of the runner."""
    path = Path(ncu_csv)
    if not path.is_file():
        raise InputError(f"Nsight Compute table {str(path)!r} does not exist")
    with path.open(newline="") as f:
        for r in csv.DictReader(f):
            symbol = r["symbol"]
            if not (LADDER_SYMBOL.match(symbol) or MMA_SYMBOL.match(symbol)):
                continue
            tile, swizzle = _tile_of(symbol, "", "1")
            registers = int(r["registers_per_thread"]) if r.get("registers_per_thread") else None
            yield r, Point(symbol, _family(symbol, ""), _dtype_of(symbol, "bf16"), int(r["M"]), int(r["N"]),
                           int(r["K"]), 0.0, "h200", tile, swizzle, registers)


def dram_reads(ncu_csv: str | Path, predictor: Predictor) -> list[dict]:
    """Per profiled kernel: the HBM bytes the tile walk predicts the kernel reads, against
    ncu's dram__bytes_read.sum."""
    out = []
    for r, p in _profiled_kernels(ncu_csv):
        if not r.get("dram_read_bytes"):
            continue
        traffic = predictor.prediction(p).traffic
        out.append({"symbol": p.symbol, "shape": p.shape,
                    "dram_read_bytes_predicted": int(round(traffic["hbm_bytes"] - traffic["write_bytes"])),
                    "dram_read_bytes_measured": int(_number(r["dram_read_bytes"]))})
    return out


def dram_summary(rows: list[dict]) -> str:
    ratios = np.array([r["dram_read_bytes_predicted"] / r["dram_read_bytes_measured"] for r in rows
                       if r["dram_read_bytes_measured"] > 0])
    big = np.array([r["dram_read_bytes_predicted"] / r["dram_read_bytes_measured"] for r in rows
                    if r["dram_read_bytes_measured"] >= 100e6])
    return (f"{len(ratios)} kernels: predicted / measured DRAM reads median {np.median(ratios):.3f} "
            f"(range {ratios.min():.2f} .. {ratios.max():.2f}); over 100 MB read ({len(big)} kernels): "
            f"median {np.median(big):.3f}, range {big.min():.2f} .. {big.max():.2f}")


def shared_counts(program, gpu) -> dict[str, dict[str, int]]:
    """Shared-memory instructions, wavefronts and conflict wavefronts of the whole grid."""
    from gemmsim.model.lds_banks import access_cycles
    from gemmsim.ir.program import Loop, Op

    totals = {"ld": {"instructions": 0, "wavefronts": 0, "bank_conflicts": 0},
              "st": {"instructions": 0, "wavefronts": 0, "bank_conflicts": 0}}

    def visit(items, mult):
        for item in items:
            if isinstance(item, Loop):
                visit(item.body, mult * item.trip_count)
            elif item.op in (Op.LDS_READ, Op.LDS_WRITE) and item.lane_offsets is not None:
                side = "ld" if item.op is Op.LDS_READ else "st"
                report = access_cycles(item.lane_offsets, item.width_bits, "read" if side == "ld" else "write", gpu.lds)
                totals[side]["instructions"] += mult
                totals[side]["wavefronts"] += mult * report.cycles
                ideal = ideal_wavefronts(item.lane_offsets, item.width_bits, "read" if side == "ld" else "write", gpu.lds)
                totals[side]["bank_conflicts"] += mult * (report.cycles - ideal)

    blocks = program.grid[0] * program.grid[1]
    for wave in program.waves:
        visit(wave, blocks)
    return totals


def ideal_wavefronts(addresses, width_bits: int, op: str, lds) -> int:
    """Wavefronts an access needs without conflicts: per phase, its distinct words over the banks
    (a 128-bit store of 16 distinct chunks per half-warp moves 256 bytes: 2 wavefronts, no conflict)."""
    dwords = max(32, width_bits) // 32
    total = 0
    for group in lds.lane_phases(op, max(32, width_bits)):
        words = {a // lds.bank_width_bytes + d for lane in group if lane < len(addresses)
                 for a in (addresses[lane],) for d in range(dwords)}
        if words:
            total += -(-len(words) // lds.banks)
    return total


# ---- output -------------------------------------------------------------------------------------

def format_text(report: Report) -> str:
    lines = [f"{'kernel':34s} {'config':16s} {'shape':18s} {'measured_us':>12s} {'predicted_us':>13s} {'error_%':>8s}  bottleneck"]
    for c in report.rows:
        p = c.point
        config = p.config if p.tile else p.dtype
        lines.append(f"{p.symbol:34s} {config:16s} {p.shape:18s} {p.measured_us:12.2f} {c.predicted_us:13.2f} "
                     f"{c.error_pct:8.1f}  {c.bottleneck}")
    lines += ["", f"points {len(report.rows)}   MAPE {report.mape_pct:.1f}%   median |error| {report.median_ape_pct:.1f}%"]
    if report.skipped:
        lines += [f"not predicted ({len(report.skipped)}):"] + [f"  {s}" for s in report.skipped]
    lines += ["", "worst points:"]
    for c in sorted(report.rows, key=lambda c: -abs(c.error_pct))[:WORST_POINTS]:
        lines.append(f"  {c.point.symbol:34s} {c.point.shape:18s} measured {c.point.measured_us:10.2f}  "
                     f"predicted {c.predicted_us:10.2f}  ({c.error_pct:+.1f}%)")
    lines += ["", "Spearman rank correlation (measured vs predicted time) per kernel family:"]
    for fam, rho in sorted(report.spearman_by_family.items()):
        lines.append(f"  {fam:20s} {rho:.3f}")
    if report.sweep:
        lines += ["", "matrix-core tile sweep per shape: rank correlation, measured best, the simulator's pick:"]
        for s in report.sweep:
            lines.append(f"  {s['shape']:18s} spearman {s['spearman']:6.3f}  best {s['measured_best']:18s} "
                         f"{s['measured_best_us']:10.2f} us  pick {s['simulator_pick']:18s} {s['pick_measured_us']:10.2f} us "
                         f"({s['pick_slower_pct']:+.1f}%)")
        rhos = [s["spearman"] for s in report.sweep if not math.isnan(s["spearman"])]
        within = sum(1 for s in report.sweep if s["pick_slower_pct"] <= 5.0)
        lines.append(f"  median spearman {np.median(rhos):.3f}, min {min(rhos):.3f}; pick within 5% of the best: "
                     f"{within} of {len(report.sweep)} shapes")
    if report.dram:
        lines += ["", "DRAM reads, predicted (tile walk) vs Nsight Compute dram__bytes_read.sum:"]
        for r in report.dram:
            lines.append(f"  {r['symbol']:34s} {r['shape']:16s} {r['dram_read_bytes_predicted'] / 1e6:12.1f} MB vs "
                         f"{r['dram_read_bytes_measured'] / 1e6:12.1f} MB")
        lines.append("  " + dram_summary(report.dram))
    if report.conflicts:
        lines += ["", "shared-memory bank conflicts, predicted vs Nsight Compute "
                      "(l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld/st.sum):"]
        for r in report.conflicts:
            lines.append(f"  {r['symbol']:34s} {r['shape']:16s} ld {r['ld_bank_conflicts_predicted']:>11,} vs "
                         f"{r['ld_bank_conflicts_measured']:>11,}   st {r['st_bank_conflicts_predicted']:>9,} vs "
                         f"{r['st_bank_conflicts_measured']:>9,}")
        lines.append("  " + conflict_summary(report.conflicts))
    return "\n".join(lines)


def conflict_summary(rows: list[dict]) -> str:
    def exact(key):
        return sum(1 for r in rows if r[f"{key}_predicted"] == r[f"{key}_measured"])

    same_excess = sum(1 for r in rows for side in ("ld", "st")
                      if r[f"{side}_wavefronts_measured"] - r[f"{side}_wavefronts_predicted"]
                      == r[f"{side}_bank_conflicts_measured"] - r[f"{side}_bank_conflicts_predicted"])
    excess = [(r[f"{side}_bank_conflicts_measured"] - r[f"{side}_bank_conflicts_predicted"]) / max(1, r[f"{side}_wavefronts_measured"])
              for r in rows for side in ("ld", "st")]
    return (f"{len(rows)} kernels: shared load/store instruction counts exact in {exact('ld_instructions')}/{exact('st_instructions')}; "
            f"bank conflicts exact in {exact('ld_bank_conflicts')} (loads) and {exact('st_bank_conflicts')} (stores); "
            f"in {same_excess} of {2 * len(rows)} counts the measured excess of conflicts equals the measured excess of "
            f"wavefronts (conflict-free wavefronts exact); the excess is {100 * min(excess):+.3f}% .. {100 * max(excess):+.3f}% "
            f"of the measured wavefronts")


def plot(report: Report, path: str | Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.5, 6))
    for fam in sorted({c.point.family for c in report.rows}):
        cs = [c for c in report.rows if c.point.family == fam]
        ax.scatter([c.point.measured_us for c in cs], [c.predicted_us for c in cs], s=12, label=fam, alpha=0.8)
    values = [v for c in report.rows for v in (c.point.measured_us, c.predicted_us)]
    lo, hi = min(values) / 1.5, max(values) * 1.5
    ax.plot([lo, hi], [lo, hi], color="gray", lw=1)
    ax.set(xscale="log", yscale="log", xlim=(lo, hi), ylim=(lo, hi), xlabel="measured time (µs)",
           ylabel="predicted time (µs)", title=f"{len(report.rows)} points, MAPE {report.mape_pct:.1f}%")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


# ---- predictions kept in a file (the committed figures, and fast re-reporting) -------------------

PREDICTION_COLUMNS = ("source", "symbol", "dtype", "M", "N", "K", "measured_us", "predicted_us", "kernel_us", "bottleneck")


def _point_key(p: Point) -> tuple:
    return (p.source, p.symbol, p.dtype, p.m, p.n, p.k, f"{p.measured_us:.6g}")


def save_predictions(compared: list[Compared], path: str | Path) -> None:
    with Path(path).open("w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(PREDICTION_COLUMNS)
        for c in compared:
            p = c.point
            w.writerow([p.source, p.symbol, p.dtype, p.m, p.n, p.k, f"{p.measured_us:.6g}", f"{c.predicted_us:.4f}",
                        f"{c.kernel_us:.4f}", c.bottleneck])


def compared_from_file(points: list[Point], path: str | Path) -> list[Compared]:
    """The points with the predictions a --save run wrote (every point must be there)."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"predictions file {str(path)!r} does not exist")
    with path.open(newline="") as f:
        table = {(r["source"], r["symbol"], r["dtype"], int(r["M"]), int(r["N"]), int(r["K"]), r["measured_us"]): r
                 for r in csv.DictReader(f)}
    out = []
    for p in points:
        r = table.get(_point_key(p))
        if r is None:
            raise InputError(f"{path}: no prediction for {p.symbol} {p.shape} ({p.source}); rerun without --predictions")
        out.append(Compared(p, float(r["predicted_us"]), float(r["kernel_us"]), r["bottleneck"]))
    return out


def replace_gpu(p: Point, gpu: str) -> Point:
    from dataclasses import replace

    return replace(p, gpu=gpu)
