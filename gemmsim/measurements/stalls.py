"""Stall reasons side by side: the model's against Nsight Compute's warp-state statistics.

Nsight Compute (validation/results/h200/stalls.csv, the runner's stalls pass) reports, per stall
reason, the warp-cycles the warps of a sub-partition (SMSP) spent stalled on it per instruction
issued there (smsp__average_warps_issue_stalled_<reason>_per_issue_active.ratio); 'selected' is
1 per issued instruction, and all reasons add up to the warp-cycles per issued instruction
(smsp__average_warp_latency_per_inst_issued). The model books every cycle a warp (a 'wave') does
not issue to one reason (gemmsim.model.stalls.STALL_REASONS) over the steady state of the hot loop;
its SIMD is the SMSP. Dividing a reason's stall cycles per warp by the instructions a warp issues
in the same window gives the same unit. The window's issue cycles per warp (the window less all
stall cycles) stand for its issued instructions: one per cycle, or an instruction's issue cycles.

The mapping (MODEL_TO_NCU, from the table of reasons in gemmsim.model.stalls), from what a model
reason means on sm_90:

| model reason | ncu category | why |
|---|---|---|
| vmcnt | long_scoreboard | waiting on a global load's result (L1TEX scoreboard) |
| lg_queue | lg_throttle | the LSU's queue for global/local memory is full |
| vmem_slots | other (ncu's misc) | the warp has vmcnt_max global loads in flight: the inflight microbenchmark's kernels that let more than about 60 be in flight stall 0.9-1.5 cycles per instruction on misc, the others none |
| lgkmcnt | short_scoreboard | waiting on a shared-memory result (MIO scoreboard) |
| lgkm_slots | mio_throttle | the MIO (shared-memory) instruction queue is full |
| barrier | barrier | waiting for the CTA's other warps at BAR.SYNC |
| issue_port | not_selected | another warp of the SMSP took the issue slot |
| mfma_pipe, valu_pipe | math_pipe_throttle | the tensor / FMA pipe is busy |
| wait | wait | the stall count of the previous instruction's control bits (a fixed-latency result) |
| dependency | wait | the same wait where the stream has no control bits: the replay's register scoreboard (code outside the compiled hot loop) |
| (every issued instruction) | selected | 1 per issued instruction on both sides |

With control bits (the compiled hot loop), a wait on a scoreboard barrier is booked as vmcnt when a
global access raised the barrier and as lgkmcnt otherwise (shared memory, S2R, LDC).

Reasons the replay may add (named like ncu's: wait, long_scoreboard, short_scoreboard, ...) map
onto themselves; any other model reason, and ncu's reasons the model has no counterpart for
(dispatch_stall, no_instruction, branch_resolving, drain, imc_miss, membar, misc, sleeping,
tex_throttle, gmma), count as 'other'.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from pathlib import Path

from gemmsim.errors import ConfigError, InputError
from gemmsim.model.stalls import MODEL_TO_NCU
from gemmsim.measurements.predictor import Predictor
from gemmsim.measurements.points import MeasuredPoint, dtype_of, family_of, is_ours, tile_of
from gemmsim.measurements.rows import read_table

# the categories compared, in report order; 'selected' is not a stall and is never the largest
CATEGORIES = ("long_scoreboard", "short_scoreboard", "mio_throttle", "lg_throttle", "barrier",
              "math_pipe_throttle", "wait", "not_selected", "other", "selected")
STALL_CATEGORIES = tuple(c for c in CATEGORIES if c != "selected")
# coarser: which unit the warps wait on, whether at issue (a full queue) or for a result
COARSE = {"global memory": ("long_scoreboard", "lg_throttle"), "shared memory": ("short_scoreboard", "mio_throttle"),
          "barrier": ("barrier",), "pipes and issue": ("math_pipe_throttle", "wait", "not_selected"),
          "other": ("other",)}
STALL_PREFIX = "stall_"
REQUIRED_COLUMNS = ("symbol", "M", "N", "K", "warp_cycles_per_issued_inst", "stall_selected")
GAPS_SHOWN = 10


def category_of_model(reason: str) -> str:
    """The ncu category of a model stall reason; a reason named like an ncu category maps onto
    itself, and an unknown one is 'other'."""
    if reason in MODEL_TO_NCU:
        return MODEL_TO_NCU[reason]
    return reason if reason in STALL_CATEGORIES else "other"


def category_of_ncu(reason: str) -> str:
    """The category of an ncu stall reason (the stall_<reason> column without its prefix)."""
    return reason if reason in CATEGORIES else "other"


def predicted_categories(breakdown: dict) -> tuple[dict[str, float], float]:
    """(warp-cycles per issued instruction by category, total) from a Prediction's stall
    breakdown (evidence.stalls: per-wave stall cycles over the steady-state window)."""
    per_wave = breakdown["cycles_per_wave"]
    window = float(breakdown["window_cycles"])
    stalled = sum(max(0.0, v) for v in per_wave.values())
    issued = max(1.0, float(breakdown.get("instructions_per_wave") or window - stalled))
    out = dict.fromkeys(CATEGORIES, 0.0)
    for reason, cycles in per_wave.items():
        out[category_of_model(reason)] += max(0.0, cycles) / issued
    out["selected"] = 1.0
    return out, sum(out.values())


def measured_categories(row) -> tuple[dict[str, float], float]:
    """(warp-cycles per issued instruction by category, ncu's total) of one stalls.csv row."""
    out = dict.fromkeys(CATEGORIES, 0.0)
    for column in row.cells:
        if column.startswith(STALL_PREFIX) and row.get(column):
            out[category_of_ncu(column[len(STALL_PREFIX):])] += row.non_negative_number(column)
    return out, row.non_negative_number("warp_cycles_per_issued_inst")


def largest(categories: dict[str, float]) -> str:
    """The stall category with the most cycles ('selected' excluded); ties by name."""
    return max(STALL_CATEGORIES, key=lambda c: (categories.get(c, 0.0), c))


def largest_coarse(categories: dict[str, float]) -> str:
    """The COARSE group with the most stall cycles; ties by name."""
    sums = {g: sum(categories.get(c, 0.0) for c in cs) for g, cs in COARSE.items()}
    return max(sums, key=lambda g: (sums[g], g))


@dataclass(frozen=True)
class StallPoint:
    """One profiled kernel at one shape: stall cycles per issued instruction by category."""

    symbol: str
    shape: str
    predicted: dict[str, float]
    measured: dict[str, float]
    predicted_total: float
    measured_total: float

    @property
    def largest_predicted(self) -> str:
        return largest(self.predicted)

    @property
    def largest_measured(self) -> str:
        return largest(self.measured)

    @property
    def agrees(self) -> bool:
        return self.largest_predicted == self.largest_measured

    @property
    def agrees_coarse(self) -> bool:
        """The largest agrees once queue-full and result waits of one unit count together (COARSE)."""
        return largest_coarse(self.predicted) == largest_coarse(self.measured)

    def gap(self, category: str) -> float:
        """Predicted less measured cycles per issued instruction."""
        return self.predicted[category] - self.measured[category]


@dataclass(frozen=True)
class StallSummary:
    points: int
    points_agreeing: int
    kernels: int
    kernels_agreeing: int           # largest category of the kernel's mean over its shapes
    mean_gap: dict[str, float]      # category -> mean (predicted - measured) over points
    mean_abs_gap: dict[str, float]
    biggest_gaps: list[tuple[StallPoint, str, float]]   # (point, category, predicted - measured)
    largest_pairs: dict[tuple[str, str], int]           # (measured, predicted) largest -> points
    skipped: list[str]
    points_agreeing_coarse: int = 0                     # the largest COARSE group agrees
    median_total_ratio: float = 0.0                     # predicted / measured warp-cycles per instruction

    @property
    def point_share(self) -> float:
        return self.points_agreeing / self.points if self.points else 0.0

    @property
    def kernel_share(self) -> float:
        return self.kernels_agreeing / self.kernels if self.kernels else 0.0


def read_stalls(stalls_csv: str | Path):
    """The rows of a stalls.csv with their Points (kernels of ours only)."""
    table = read_table(stalls_csv, "stalls table")
    table.require(REQUIRED_COLUMNS, "the runner's stalls table (validation/results/h200/stalls.csv)")
    out = []
    for r in table.rows:
        symbol = r.text("symbol")
        if not is_ours(symbol):
            continue
        tile, swizzle = tile_of(symbol)
        point = MeasuredPoint(symbol, family_of(symbol), dtype_of(symbol, "bf16"), r.positive_int("M"), r.positive_int("N"),
                      r.positive_int("K"), 0.0, "h200", tile, swizzle, r.optional_positive_int("registers_per_thread"))
        out.append((r, point))
    if not out:
        raise InputError(f"{table.path}: no profiled kernel of kernels/ in the stalls table")
    return out


def compare_stalls(stalls_csv: str | Path, predictor: Predictor, kernel=None,
                   skipped: list[str] | None = None) -> list[StallPoint]:
    """Every profiled point of the table (whose symbol matches `kernel`, a compiled regular
    expression, if given): predicted and measured stall cycles per issued instruction."""
    out = []
    for row, p in read_stalls(stalls_csv):
        if kernel is not None and not kernel.search(p.symbol):
            continue
        measured, measured_total = measured_categories(row)
        try:
            prediction = predictor.prediction(p)
        except ConfigError as e:
            if skipped is None:
                raise
            skipped.append(f"{p.symbol} {p.shape}: {e}")
            continue
        predicted, predicted_total = predicted_categories(prediction.evidence.stalls)
        out.append(StallPoint(p.symbol, p.shape, predicted, measured, predicted_total, measured_total))
    return sorted(out, key=lambda sp: sp.symbol)   # per kernel, its shapes in the table's order


def summarize(points: list[StallPoint], skipped: list[str] | None = None) -> StallSummary:
    by_kernel: dict[str, list[StallPoint]] = {}
    for sp in points:
        by_kernel.setdefault(sp.symbol, []).append(sp)
    kernels_agreeing = sum(largest(_mean(sps, "predicted")) == largest(_mean(sps, "measured"))
                           for sps in by_kernel.values())
    n = max(1, len(points))
    gaps = [(sp, c, sp.gap(c)) for sp in points for c in STALL_CATEGORIES]
    pairs: dict[tuple[str, str], int] = {}
    for sp in points:
        key = (sp.largest_measured, sp.largest_predicted)
        pairs[key] = pairs.get(key, 0) + 1
    return StallSummary(
        points=len(points), points_agreeing=sum(sp.agrees for sp in points),
        kernels=len(by_kernel), kernels_agreeing=kernels_agreeing,
        mean_gap={c: sum(sp.gap(c) for sp in points) / n for c in CATEGORIES},
        mean_abs_gap={c: sum(abs(sp.gap(c)) for sp in points) / n for c in CATEGORIES},
        biggest_gaps=sorted(gaps, key=lambda g: (-abs(g[2]), g[0].symbol, g[0].shape, g[1]))[:GAPS_SHOWN],
        largest_pairs=dict(sorted(pairs.items(), key=lambda kv: (-kv[1], kv[0]))),
        skipped=list(skipped or []),
        points_agreeing_coarse=sum(sp.agrees_coarse for sp in points),
        median_total_ratio=statistics.median(sp.predicted_total / sp.measured_total for sp in points
                                             if sp.measured_total > 0) if points else 0.0)


def _mean(points: list[StallPoint], side: str) -> dict[str, float]:
    return {c: sum(getattr(sp, side)[c] for sp in points) / len(points) for c in CATEGORIES}
