"""Fit the MIO and LG queues' sizes (gemmsim.model.mio) to the `mio` and `lg` microbenchmarks.

    python -m validation.analyses.miofit validation/results/h200/microbench_shared.csv
    python -m validation.analyses.miofit validation/results/h200/microbench_lg.csv --queue lg

The microbenchmark (mio_timeline) has W warps of one block issue 48 shared loads each, with
`stride` ways of bank conflict, and read the cycle counter after each load; rows give each load's
issue cycle for warp 0 (and warp 4). The fit replays the same issue pattern with the model's
pieces: every warp issues a load when its previous load-and-counter pair is done (the gap of one
warp alone with conflict-free loads), the SM issues such pairs no closer than the gap that 32
warps with conflict-free loads show, the shared pipe serves one wavefront per cycle in arrival
order (`stride` wavefronts per load), and the queue (MioQueue) holds what the pipe has not taken.
It chooses the per-SIMD and shared sizes whose issue cycles are closest to the measured ones
(mean absolute difference, relative to each timeline's span) over the runs in which the queue
fills and the pipe is the limit: two or more warps, 8- and 32-way conflicts. One warp alone is
served at half the rate (2 cycles per wavefront), which the model does not have: it is shown,
not fitted. Blocks of 16 and 32 warps start their warps over tens of cycles, so they only validate.
The `lg` group is the same timeline with global loads that hit in the L1 (`stride` lines per load).
"""

from __future__ import annotations

import re
import statistics
import sys
from dataclasses import dataclass

from gemmsim.errors import InputError
from gemmsim.model.mio import MioQueue
from gemmsim.measurements.microbench import Row
from validation.analyses.command import fit_command

LOADS = 48
SIMDS = 4
FITTED_STRIDES = (8, 32)
BENCH = re.compile(r"(?P<prefix>mio|lg)_(?:w(?P<warps>\d+)|(?P<pair>pair))_s(?P<stride>\d+)(?:_warp(?P<warp>\d+))?$")


@dataclass(frozen=True)
class Run:
    name: str
    warps: tuple[int, ...]                 # the active warps (warp w on SIMD w mod 4)
    stride: int                            # ways of conflict = wavefronts per load
    measured: dict[int, list[float]]       # warp -> issue cycle of each load, less the first's

    @property
    def fitted(self) -> bool:
        return len(self.warps) in (2, 4, 8) and self.stride in FITTED_STRIDES


def read_runs(rows: list[Row], queue: str = "mio") -> list[Run]:
    """The issue timelines of one queue's benches (gemmsim.measurements.microbench.read_microbench's rows):
    `mio` (shared loads) or `lg` (global loads, L1 hits)."""
    timelines: dict[tuple[str, int], dict[int, float]] = {}
    for row in rows:
        m = BENCH.match(row.bench)
        if m is None or m["prefix"] != queue or row.metric != "issue_cycle":
            continue
        key = (row.bench if m["warp"] is None else row.bench.rsplit("_warp", 1)[0], int(m["warp"] or 0))
        timelines.setdefault(key, {})[int(row.param_value)] = row.value
    runs: dict[str, Run] = {}
    for (name, warp), cycles in timelines.items():
        m = BENCH.match(name)
        warps = (0, 4) if m["pair"] else tuple(range(int(m["warps"])))
        run = runs.setdefault(name, Run(name, warps, int(m["stride"]), {}))
        run.measured[warp] = [0.0] + [cycles[i] for i in range(1, LOADS)]
    if not runs:
        raise InputError(f"no {queue}_* issue_cycle rows")
    return sorted(runs.values(), key=lambda r: ("_pair_" in r.name, len(r.warps), r.stride))


def issue_gaps(runs: list[Run]) -> tuple[float, float]:
    """(one warp's cycles between loads, the SM's cycles between any two loads), both conflict-free."""
    by_name = {r.name: r for r in runs}
    prefix = runs[0].name.split("_", 1)[0]
    if f"{prefix}_w1_s1" not in by_name:
        raise InputError(f"no {prefix}_w1_s1 rows (one warp's conflict-free timeline)")
    alone = by_name[f"{prefix}_w1_s1"].measured[0]
    crowd = max((r for r in runs if r.stride == 1 and "_pair_" not in r.name), key=lambda r: len(r.warps))
    warp_gap = statistics.median(b - a for a, b in zip(alone, alone[1:]))
    per_warp = statistics.median(b - a for a, b in zip(crowd.measured[0][8:], crowd.measured[0][9:]))
    return warp_gap, per_warp / len(crowd.warps)


def simulate(run: Run, per_simd: int, shared: int, warp_gap: float, sm_gap: float) -> dict[int, list[float]]:
    """Issue cycles of every warp's loads under the model's queue and pipe."""
    queue = MioQueue(per_simd, shared, SIMDS)
    ready = dict.fromkeys(run.warps, 0.0)
    issued: dict[int, list[float]] = {w: [] for w in run.warps}
    pipe_free = sm_free = 0.0
    while any(len(t) < LOADS for t in issued.values()):
        when = {w: queue.room(w % SIMDS, max(ready[w], sm_free)) for w in run.warps if len(issued[w]) < LOADS}
        w = min(when, key=lambda k: (when[k], ready[k], k))   # the longest-ready warp first
        t = when[w]
        start = max(t, pipe_free)
        pipe_free = start + run.stride
        queue.add(w % SIMDS, t, start)
        issued[w].append(t)
        ready[w], sm_free = t + warp_gap, t + sm_gap
    return {w: [x - times[0] for x in times] for w, times in issued.items()}


def error(run: Run, simulated: dict[int, list[float]]) -> float:
    """Mean |simulated - measured| issue cycle over the measured warps, relative to the measured span."""
    errs = [statistics.fmean(abs(s - m) for s, m in zip(simulated[w], meas)) / max(meas[-1], 1.0)
            for w, meas in run.measured.items()]
    return statistics.fmean(errs)


@dataclass(frozen=True)
class MioFit:
    per_simd: int
    shared: int
    warp_gap: float
    sm_gap: float
    fitted_error: float                    # mean relative error over the fitted runs
    errors: dict[str, float]               # every run's


def fit(runs: list[Run], per_simd_max: int = 32, shared_max: int = 64, step: int = 3) -> MioFit:
    """Grid search: every `step`-th pair of sizes, then every pair within `step` of the best."""
    warp_gap, sm_gap = issue_gaps(runs)
    fitted = [r for r in runs if r.fitted]
    scores: dict[tuple[int, int], float] = {}

    def score(q: int, g: int) -> float:
        if (q, g) not in scores:
            scores[(q, g)] = statistics.fmean(error(r, simulate(r, q, g, warp_gap, sm_gap)) for r in fitted)
        return scores[(q, g)]

    coarse = min(((q, g) for q in range(1, per_simd_max + 1, step) for g in range(0, shared_max + 1, step)),
                 key=lambda k: (score(*k), k))
    q, g = min(((q, g) for q in range(max(1, coarse[0] - step), coarse[0] + step + 1)
                for g in range(max(0, coarse[1] - step), coarse[1] + step + 1)), key=lambda k: (score(*k), k))
    errors = {r.name: error(r, simulate(r, q, g, warp_gap, sm_gap)) for r in runs}
    return MioFit(q, g, warp_gap, sm_gap, scores[(q, g)], errors)


def report(rows: list[Row], args) -> str:
    runs = read_runs(rows, args.queue)
    result = fit(runs)
    lines = [f"issue gap: one warp {result.warp_gap:g} cycles, the SM {result.sm_gap:g} cycles",
             f"{args.queue.upper()} queue: {result.per_simd} entries per SIMD + {result.shared} shared; "
             f"mean issue-cycle error {100 * result.fitted_error:.1f} % of the span over the fitted runs"]
    lines += [f"  {run.name:14s} warps={len(run.warps):2d} stride={run.stride:2d} "
              f"{'fitted ' if run.fitted else 'shown  '} error {100 * result.errors[run.name]:5.1f} %" for run in runs]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    return fit_command("miofit", __doc__, "microbench_shared.csv (the mio group's rows) or microbench_lg.csv", report,
                       argv, lambda p: p.add_argument(
                           "--queue", choices=("mio", "lg"), default="mio",
                           help="mio: shared loads (the mio group); lg: global loads that hit in the L1 (the lg group)"))


if __name__ == "__main__":
    sys.exit(main())
