"""How well the predictions match the measurements: error, ranking, and the tile the simulator picks.

* the absolute percentage error of each point, its mean (MAPE) and median, and the worst points;
* the Spearman rank correlation of measured against predicted time within each kernel family (a
  simulator that ranks kernels right is useful for tuning even when its times are off); with
  fewer than 3 points, or one side constant, there is no correlation to report: `rho` is None;
* per shape of the tile-swept kernel (matrix-core / preshuffle): the rank correlation over its
  tiles, the measured best tile, and how much slower the tile the simulator would pick ran.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.stats import spearmanr

from gemmsim.measurements.points import Compared

MIN_RANKED_POINTS = 3
SWEPT_FAMILIES = ("mma_preshuffle", "preshuffle")
PICK_TOLERANCE_PCT = 5.0      # a pick this close to the measured best counts as right
WORST_POINTS = 10


@dataclass(frozen=True)
class Rank:
    """A Spearman correlation and the number of points it is over (rho None: not defined)."""

    rho: float | None
    points: int


@dataclass
class Report:
    rows: list[Compared]
    mape_pct: float
    median_ape_pct: float
    spearman_by_family: dict[str, Rank]
    sweep: list[dict] = field(default_factory=list)      # per shape: the tile sweep (see tile_sweep)
    conflicts: list[dict] = field(default_factory=list)  # predicted vs Nsight Compute bank conflicts
    skipped: list[str] = field(default_factory=list)     # points no generator could take, and why
    dram: list[dict] = field(default_factory=list)       # predicted vs Nsight Compute DRAM reads
    lds_counters: list[dict] = field(default_factory=list)  # predicted vs rocprofv3 LDS bank conflicts (AMD)

    @property
    def worst(self) -> list[Compared]:
        return worst_points(self.rows)


def spearman(x, y) -> Rank:
    """Spearman rank correlation (ties take their average rank)."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    if len(x) < MIN_RANKED_POINTS or np.all(x == x[0]) or np.all(y == y[0]):
        return Rank(None, len(x))
    return Rank(float(spearmanr(x, y).statistic), len(x))


def build_report(compared: list[Compared], conflicts: list[dict] | None = None,
                 skipped: list[str] | None = None) -> Report:
    errors = np.array([abs(c.error_pct) for c in compared]) if compared else np.array([float("nan")])
    families: dict[str, list[Compared]] = {}
    for c in compared:
        families.setdefault(c.point.family, []).append(c)
    rho = {f: _rank(cs) for f, cs in families.items()}
    return Report(compared, float(np.mean(errors)), float(np.median(errors)), rho, tile_sweep(compared),
                  conflicts or [], skipped or [])


def worst_points(compared: list[Compared], count: int = WORST_POINTS) -> list[Compared]:
    return sorted(compared, key=lambda c: -abs(c.error_pct))[:count]


def tile_sweep(compared: list[Compared]) -> list[dict]:
    """Per shape of the tile-swept kernel: rank correlation over its configs, and the simulator's pick."""
    shapes: dict[tuple, list[Compared]] = {}
    for c in compared:
        if c.point.family in SWEPT_FAMILIES and c.point.tile is not None:
            shapes.setdefault((c.point.gpu, c.point.m, c.point.n, c.point.k), []).append(c)
    out = []
    for (gpu, m, n, k), cs in sorted(shapes.items()):
        if len(cs) < MIN_RANKED_POINTS:
            continue
        best = min(cs, key=lambda c: c.point.measured_us)
        pick = min(cs, key=lambda c: c.predicted_us)
        rho = _rank(cs).rho
        out.append({"gpu": gpu, "shape": f"{m}x{n}x{k}", "configs": len(cs),
                    "spearman": None if rho is None else round(rho, 4),
                    "measured_best": best.point.config, "measured_best_us": best.point.measured_us,
                    "simulator_pick": pick.point.config, "pick_measured_us": pick.point.measured_us,
                    "pick_slower_pct": round(100 * (pick.point.measured_us / best.point.measured_us - 1), 2)})
    return out


@dataclass(frozen=True)
class SweepSummary:
    shapes: int
    picks_within_tolerance: int
    median_spearman: float | None
    min_spearman: float | None


def sweep_summary(sweep: list[dict]) -> SweepSummary:
    """Over the swept shapes: how often the pick is within PICK_TOLERANCE_PCT, and the correlations."""
    rhos = [s["spearman"] for s in sweep if s["spearman"] is not None]
    within = sum(1 for s in sweep if s["pick_slower_pct"] <= PICK_TOLERANCE_PCT)
    return SweepSummary(len(sweep), within, float(np.median(rhos)) if rhos else None, min(rhos) if rhos else None)


def _rank(cs: list[Compared]) -> Rank:
    return spearman([c.point.measured_us for c in cs], [c.predicted_us for c in cs])
