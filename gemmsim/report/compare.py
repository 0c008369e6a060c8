"""The comparison of measured and predicted times as text, JSON, CSV and a log-log plot.

The text opens with the headline (points, MAPE, the rank correlation per kernel family, how often
the simulator's tile pick is right), then the details: the worst points, the tile sweep per shape,
every point, and the Nsight Compute counter comparisons when there are any.
"""

from __future__ import annotations

import csv
import io
from dataclasses import asdict
from pathlib import Path

from tabulate import tabulate

from gemmsim.files import write_atomically
from gemmsim.jsonable import versioned
from gemmsim.measurements.ncu import DramAgreement, conflict_agreement, dram_agreement
from gemmsim.measurements.points import Compared
from gemmsim.measurements.stats import PICK_TOLERANCE_PCT, Rank, Report, sweep_summary

POINT_CSV_COLUMNS = ("symbol", "config", "dtype", "M", "N", "K", "gpu", "measured_us", "predicted_us", "kernel_us",
                     "error_pct", "bottleneck")


def rho_text(rho: float | None, points: int) -> str:
    """A rank correlation, or why there is none."""
    if rho is not None:
        return f"{rho:.3f}"
    return f"n/a ({points} points)" if points < 3 else f"n/a (constant over {points} points)"


def _or_na(rho: float | None) -> str:
    return "n/a" if rho is None else f"{rho:.3f}"


def _table(rows: list[list], headers: list[str], numeric: set[int] = frozenset(), indent: str = "  ") -> list[str]:
    """Cells already formatted as text (so every figure keeps its digits); numeric columns right-aligned."""
    align = ["right" if i in numeric else "left" for i in range(len(headers))]
    text = tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True, colalign=align)
    return [indent + line for line in text.splitlines()]


def format_text(report: Report) -> str:
    return "\n".join(_headline(report) + _worst(report) + _sweep(report) + _points(report)
                     + _dram(report) + _conflicts(report) + _lds_counters(report))


def _headline(report: Report) -> list[str]:
    lines = [f"points {len(report.rows)}   MAPE {report.mape_pct:.1f}%   median |error| {report.median_ape_pct:.1f}%",
             "Spearman rank correlation (measured vs predicted time) per kernel family: "
             + ", ".join(f"{fam} {rho_text(r.rho, r.points)}" for fam, r in sorted(report.spearman_by_family.items()))]
    if report.sweep:
        s = sweep_summary(report.sweep)
        lines.append(f"tile sweep: the simulator's pick is within {PICK_TOLERANCE_PCT:g}% of the measured best in "
                     f"{s.picks_within_tolerance} of {s.shapes} shapes; spearman median "
                     f"{_or_na(s.median_spearman)}, min {_or_na(s.min_spearman)}")
    if report.skipped:
        lines += [f"not predicted ({len(report.skipped)}):"] + [f"  {s}" for s in report.skipped]
    return lines


def _worst(report: Report) -> list[str]:
    rows = [[c.point.symbol, c.point.shape, f"{c.point.measured_us:.2f}", f"{c.predicted_us:.2f}",
             f"{c.error_pct:+.1f}"] for c in report.worst]
    headers = ["kernel", "shape", "measured_us", "predicted_us", "error_%"]
    return ["", "worst points:"] + _table(rows, headers, {2, 3, 4})


def _sweep(report: Report) -> list[str]:
    if not report.sweep:
        return []
    rows = [[s["shape"], str(s["configs"]), rho_text(s["spearman"], s["configs"]), s["measured_best"],
             f"{s['measured_best_us']:.2f}", s["simulator_pick"], f"{s['pick_measured_us']:.2f}",
             f"{s['pick_slower_pct']:+.1f}"] for s in report.sweep]
    return (["", "tile sweep per shape: rank correlation over its configs, the measured best, the simulator's pick:"]
            + _table(rows, ["shape", "configs", "spearman", "best", "best_us", "pick", "pick_us", "pick_slower_%"],
                     {1, 2, 4, 6, 7}))


def _points(report: Report) -> list[str]:
    rows = [[c.point.symbol, c.point.config if c.point.tile else c.point.dtype, c.point.shape,
             f"{c.point.measured_us:.2f}", f"{c.predicted_us:.2f}", f"{c.error_pct:.1f}", c.bottleneck]
            for c in report.rows]
    return (["", "every point (--csv for a table to process):"]
            + _table(rows, ["kernel", "config", "shape", "measured_us", "predicted_us", "error_%", "bottleneck"],
                     {3, 4, 5}))


def _dram(report: Report) -> list[str]:
    if not report.dram:
        return []
    rows = [[r["symbol"], r["shape"], f"{r['dram_read_bytes_predicted'] / 1e6:.1f}",
             f"{r['dram_read_bytes_measured'] / 1e6:.1f}"] for r in report.dram]
    return (["", "DRAM reads, predicted (tile walk) vs Nsight Compute dram__bytes_read.sum:"]
            + _table(rows, ["kernel", "shape", "predicted_MB", "measured_MB"], {2, 3})
            + ["  " + _dram_summary(dram_agreement(report.dram))])


def _dram_summary(a: DramAgreement) -> str:
    if a.kernels == 0:
        return "no profiled kernel read from DRAM"
    text = (f"{a.kernels} kernels: predicted / measured DRAM reads median {a.median_ratio:.3f} "
            f"(range {a.min_ratio:.2f} .. {a.max_ratio:.2f}); over 100 MB read ({a.large_kernels} kernels): ")
    if a.large_kernels == 0:
        return text + "none"
    return text + f"median {a.large_median_ratio:.3f}, range {a.large_min_ratio:.2f} .. {a.large_max_ratio:.2f}"


def _conflicts(report: Report) -> list[str]:
    if not report.conflicts:
        return []
    rows = [[r["symbol"], r["shape"]] + [f"{r[f'{side}_bank_conflicts_{which}']:,}" for side in ("ld", "st")
                                         for which in ("predicted", "measured")] for r in report.conflicts]
    a = conflict_agreement(report.conflicts)
    return (["", "shared-memory bank conflicts, predicted vs Nsight Compute "
                 "(l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld/st.sum):"]
            + _table(rows, ["kernel", "shape", "ld_predicted", "ld_measured", "st_predicted", "st_measured"],
                     {2, 3, 4, 5})
            + [f"  {a.kernels} kernels: shared load/store instruction counts exact in {a.exact_ld_instructions}/"
               f"{a.exact_st_instructions}; bank conflicts exact in {a.exact_ld_conflicts} (loads) and "
               f"{a.exact_st_conflicts} (stores); in {a.excess_matches_wavefronts} of {a.counts} counts the measured "
               f"excess of conflicts equals the measured excess of wavefronts (conflict-free wavefronts exact); the "
               f"excess is {a.excess_min_pct:+.3f}% .. {a.excess_max_pct:+.3f}% of the measured wavefronts",
               f"  wavefronts within 2 % of Nsight Compute in {a.wavefronts_within_2pct} of {a.wavefront_counts} counts; "
               f"the excess is cross traffic (global loads through the L1's data banks: microbenchmark `cross`, "
               f"validation/results/h200/cross_ncu.csv), shown apart and not predicted"])


def _lds_counters(report: Report) -> list[str]:
    if not report.lds_counters:
        return []

    def num(v, fmt="{:,.0f}"):
        return "n/a" if v is None else fmt.format(v)

    rows = [[r["symbol"], r["shape"], r["tile"] or "", r["gpu"], str(r["dispatches"]),
             num(r["lds_conflict_cycles_predicted"]), num(r["lds_conflict_cycles_counted"]),
             num(r["counted_over_predicted"], "{:.3f}")] for r in report.lds_counters]
    others = sorted({k for r in report.lds_counters for k in r["counters"]} - {"SQ_LDS_BANK_CONFLICT"})
    lines = (["", "LDS bank conflicts, predicted (conflict cycles of every lane address, whole grid) vs rocprofv3 "
                  "SQ_LDS_BANK_CONFLICT (mean per dispatch):"]
             + _table(rows, ["kernel", "shape", "tile", "gpu", "dispatches", "predicted_cycles", "counted_cycles",
                             "counted/predicted"], {4, 5, 6, 7}))
    if others:
        def value(r, k):
            predicted = r["predicted"].get(k)
            return f"{k} {r['counters'][k]:,.0f}" + (f" (predicted {predicted:,})" if predicted is not None else "")

        lines += ["  counted beside it (mean per dispatch): " + "; ".join(
            f"{r['symbol']}: " + ", ".join(value(r, k) for k in others if k in r["counters"])
            for r in report.lds_counters)]
    return lines


def as_json(report: Report) -> dict:
    """The JSON document of `gemmsim compare --json` (docs/json_schema.md)."""
    rows = [_json_row(c) for c in report.rows]
    return versioned({"points": len(report.rows), "mape_pct": round(report.mape_pct, 2),
            "median_ape_pct": round(report.median_ape_pct, 2),
            "spearman_by_family": {k: _json_rho(r) for k, r in sorted(report.spearman_by_family.items())},
            "spearman_points_by_family": {k: r.points for k, r in sorted(report.spearman_by_family.items())},
            "tile_sweep": report.sweep, "bank_conflicts": report.conflicts, "rows": rows, "skipped": report.skipped,
            "dram_reads": report.dram, "lds_bank_conflicts_rocprof": report.lds_counters, "worst": [f"{c.point.symbol} {c.point.shape}" for c in report.worst]})


def _json_rho(r: Rank) -> float | None:
    return None if r.rho is None else round(r.rho, 4)


def _json_row(c: Compared) -> dict:
    point = {k: v for k, v in asdict(c.point).items() if k != "tile"}
    return {**point, "tile": "x".join(map(str, c.point.tile)) if c.point.tile else None,
            "predicted_us": round(c.predicted_us, 3), "kernel_us": round(c.kernel_us, 3),
            "error_pct": round(c.error_pct, 2), "bottleneck": c.bottleneck}


def as_csv(report: Report) -> str:
    """Every point as CSV (the wide table of the text report, for a spreadsheet or pandas)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(POINT_CSV_COLUMNS)
    for c in report.rows:
        p = c.point
        w.writerow([p.symbol, p.config if p.tile else "", p.dtype, p.m, p.n, p.k, p.gpu, f"{p.measured_us:.6g}",
                    f"{c.predicted_us:.4f}", f"{c.kernel_us:.4f}", f"{c.error_pct:.2f}", c.bottleneck])
    return out.getvalue()


def plot(report: Report, path: str | Path) -> None:
    """Predicted against measured time per point, log-log, one colour per kernel family."""
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
    write_atomically(path, writer=lambda tmp: fig.savefig(tmp, dpi=120))
    plt.close(fig)
