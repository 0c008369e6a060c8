"""Typed results: the roofline bound and the simulated prediction, side by side (STYLE.md §6, §11).

Both carry the same head (time, TFLOPS, % of peak, bottleneck, clock) so a table, a test or a
notebook can put them next to each other; the Prediction adds the evidence the replay gathered.
JSON output is deterministic: keys sorted, floats rounded to 6 significant digits.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

BOTTLENECKS = ("mfma", "lds", "vmem_bandwidth", "latency")


def _clean(value):
    if isinstance(value, float):
        return float(f"{value:.6g}")
    if isinstance(value, dict):
        return {str(k): _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


def to_json_text(obj, leave_out: tuple[str, ...] = ()) -> str:
    data = {k: v for k, v in asdict(obj).items() if k not in leave_out}
    return json.dumps(_clean(data), indent=2, sort_keys=True)


@dataclass(frozen=True)
class Roofline:
    """The lower bound: the larger of compulsory HBM traffic at peak bandwidth and FLOPs at peak rate."""

    time_us: float
    tflops: float
    pct_of_peak: float          # of the spec peak (peak clock)
    bottleneck: str             # "mfma" or "vmem_bandwidth"
    clock_mhz: float            # the sustained clock the compute bound assumes
    compute_us: float
    memory_us: float
    flops: int
    compulsory_bytes: float

    def to_json(self) -> str:
        return to_json_text(self)


@dataclass(frozen=True)
class Prediction:
    """The simulated kernel time and why."""

    time_us: float
    tflops: float
    pct_of_peak: float           # of the spec peak (peak clock)
    bottleneck: str              # one of BOTTLENECKS
    clock_mhz: float             # sustained clock the replay ran at
    pct_of_clock_peak: float     # of the peak at the sustained clock (= kernel-wide MFMA utilization)
    mfma_utilization: float
    evidence: dict               # steady-state unit utilizations and stall breakdown
    lds_conflict_cycles: dict    # per workgroup per K tile, per workgroup, total
    hot_loop: dict               # instruction mix with the guide's verdicts
    dim_efficiency: dict         # tile and wave quantization (TraceLens definitions)
    occupancy: dict
    traffic: dict                # L2 / Infinity Cache / HBM, bandwidth share and latency per CU
    simulation: dict             # what was replayed and what was extrapolated
    roofline_us: float
    roofline: Roofline
    problem: dict = field(default_factory=dict)
    kernel: dict = field(default_factory=dict)
    timeline: list | None = field(default=None, repr=False, compare=False)   # replayed CU spans, if recorded

    def to_json(self) -> str:
        return to_json_text(self, leave_out=("timeline",))
