"""The typed result of a prediction: the simulated time and why, one small record per section.

A Prediction carries the same head as the roofline (time, TFLOPS, % of peak, bottleneck, clock)
so a table, a test or a notebook can put the bound and the replay side by side,
and then the evidence the replay gathered, each section a frozen record: what limited the steady
state, the LDS conflicts, the hot loop's instruction mix, tile and wave quantization, occupancy,
memory traffic and what was replayed versus extrapolated.

`Prediction.to_dict()` and `to_json()` give what `gemmsim predict --json` prints (gemmsim.jsonable
serializes field by field). The analytics records a prediction shares with other commands
(roofline, dimension efficiency, occupancy, problem) carry more than a prediction reports; their
fields below list the keys written, so the prediction's JSON keeps its keys.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum

from gemmsim.analytics.bottlenecks import Bottleneck
from gemmsim.analytics.dimeff import DimEfficiency
from gemmsim.analytics.hot_loop import HotLoopMix
from gemmsim.analytics.occupancy import Occupancy
from gemmsim.analytics.roofline import Roofline
from gemmsim.analytics.streamk import RoundCost, StreamKPlan
from gemmsim.jsonable import JSON, JSON_NONE, plain, versioned
from gemmsim.problem import Problem


class ClockSource(StrEnum):
    """Where a prediction's clock came from (`Prediction.clock_source`), as the report and the JSON write it."""

    GIVEN = "given"              # the user measured the clock and said so
    LOAD_MODEL = "load model"    # gemmsim.model.clock's power-limited clock
    SUSTAINED = "sustained"      # the GPU file's one clock per dtype

    __repr__ = str.__repr__   # shown as the plain string it is, as the API's examples show it


# The keys a prediction writes of the records it shares with other commands (properties allowed).
ROOFLINE_KEYS = ("time_us", "tflops", "pct_of_peak", "bottleneck", "clock_mhz", "compute_us", "memory_us", "flops",
                 "compulsory_bytes", "bandwidth", "bandwidth_bytes_per_s")
DIM_EFFICIENCY_KEYS = ("num_tiles", "waves", "slots_per_cu", "slots_per_wave", "tile_eff", "wq_eff", "dim_eff",
                       "tile_m", "tile_n")
OCCUPANCY_KEYS = ("waves_per_simd", "workgroups_per_cu", "limited_by")
PROBLEM_KEYS = ("m", "n", "k", "dtype", "flops")


@dataclass(frozen=True)
class Evidence:
    """What the steady state of the hot loop says about the bottleneck (gemmsim.model.bottleneck)."""

    steady_state_utilization: dict[str, float]   # unit -> busy fraction of the steady-state window
    stalls: dict                                 # per-wave stall cycles, detailed and grouped, and fractions
    largest_wait: str                            # the counter or barrier waves wait on most
    steady_state_round: str                      # "full" or "partial": the kind of round read
    mfma_count_per_workgroup: float
    mfma_busy_cycles_per_workgroup: float
    instructions_per_workgroup: float


@dataclass(frozen=True)
class LdsConflicts:
    """Extra LDS cycles spent on bank conflicts."""

    per_workgroup_per_k_tile: float
    per_workgroup: float
    total: float


@dataclass(frozen=True)
class Traffic:
    """The tile walk's memory traffic over the whole kernel and the replayed CU's share of the path."""

    l2_hit_rate: float
    read_bytes: float
    write_bytes: float
    hbm_bytes: float
    cu_bytes_per_cycle: float
    load_latency_cycles: float


@dataclass(frozen=True)
class RoundSummary:
    """One kind of round as replayed on its busiest CU."""

    workgroups_on_cu: int
    busy_cus: int
    cycles: float
    cycles_per_iteration: float | None           # None when every iteration was replayed
    simulated_iterations: tuple[int, ...]
    extrapolated_iterations: int
    instructions_simulated: int


@dataclass(frozen=True)
class Simulation:
    """What was replayed and what was extrapolated."""

    hot_loop_trips: int
    full_rounds: int
    full_round: RoundSummary | None
    partial_round: RoundSummary | None
    cycles: float
    instructions_simulated: int
    split_k_reduction_cycles: float = 0.0   # split-K's second pass (model/gpu.py), part of cycles


@dataclass(frozen=True)
class KernelSummary:
    """Which kernel ran where."""

    program: str
    source: str
    gpu: str
    arch: str
    grid: tuple[int, int]
    tile: str
    k_tiles: int


@dataclass(frozen=True)
class Prediction:
    """The simulated kernel time and why."""

    time_us: float
    tflops: float
    pct_of_peak: float           # of the spec peak (peak clock)
    bottleneck: Bottleneck
    clock_mhz: float             # engine clock the replay ran at (see clock_source)
    pct_of_clock_peak: float     # of the peak at the sustained clock (= kernel-wide MFMA utilization)
    mfma_utilization: float
    memory_activity: float       # kernel-wide busy share of the CUs' memory paths (with the MFMA share, sets the clock)
    evidence: Evidence
    lds_conflict_cycles: LdsConflicts
    # the hot loop's instruction mix with the guide's verdicts (None without a hot loop: written {})
    hot_loop: HotLoopMix | None = field(metadata={JSON_NONE: {}})
    # tile and wave quantization with the occupancy's slots per CU
    dim_efficiency: DimEfficiency = field(metadata={JSON: DIM_EFFICIENCY_KEYS})
    occupancy: Occupancy = field(metadata={JSON: OCCUPANCY_KEYS})
    traffic: Traffic
    simulation: Simulation
    roofline_us: float
    # the strict bound (spec HBM bandwidth): the replay never beats it
    roofline: Roofline = field(metadata={JSON: ROOFLINE_KEYS})
    problem: Problem = field(metadata={JSON: PROBLEM_KEYS})
    kernel: KernelSummary
    # replayed CU spans, if recorded (not written: `gemmsim predict --trace` writes them)
    timeline: list | None = field(default=None, repr=False, compare=False, metadata={JSON: False})
    clock_source: ClockSource = ClockSource.SUSTAINED  # where clock_mhz came from

    def to_dict(self) -> dict:
        """What `gemmsim predict --json` prints: every field but the timeline, floats to 6 significant
        digits, and `schema_version` (docs/json_schema.md)."""
        return versioned(plain(self))

    def to_json(self) -> str:
        """`to_dict()` as the text `gemmsim predict --json` prints (keys sorted, indented)."""
        return json.dumps(self.to_dict(), indent=2, sort_keys=True)


@dataclass(frozen=True)
class StreamKPrediction:
    """A tile under a stream-K schedule (gemmsim.analytics.streamk) beside the data-parallel replay
    it was priced from: `gemmsim predict --schedule`."""

    schedule: str                # "stream-k" or "dp+sk"
    time_us: float               # the stream-K schedule
    data_parallel_us: float      # the replayed data-parallel kernel (data_parallel.time_us)
    fixup_us: float              # on the slowest stream-K worker's path: extra pieces, partial tiles, waits
    load_us: float               # on that path: what more busy CUs add to a workgroup's fixed time and its K tiles
    floor_us: float              # the data-parallel HBM traffic over the achievable HBM bandwidth
    clock_mhz: float             # of the stream-K workers (between the data-parallel and the loaded round's)
    plan: StreamKPlan
    data_parallel: Prediction
    loaded: RoundCost | None = None   # the round with every CU busy, where the streamed round left some idle
    searched_tiles: int = 0      # tiles priced under the schedule when none was given (0: the tile was given)
    data_parallel_best_tile: str | None = None   # then the data-parallel search's best tile and time
    data_parallel_best_us: float | None = None

    @property
    def speedup(self) -> float:
        return self.data_parallel_us / self.time_us

    def to_dict(self) -> dict:
        """What `gemmsim predict --schedule ... --json` prints (docs/json_schema.md)."""
        return versioned({**plain(self), "speedup": plain(self.speedup)})

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=True)
