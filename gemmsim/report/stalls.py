"""Stall reasons, predicted against Nsight Compute's, as text, JSON and CSV.

The text leads with the summary (how often the largest stall category agrees, per point and per
kernel; which category each side names largest; the mean gap per category; the biggest gaps),
then one line per kernel and shape: warp-cycles per issued instruction by category, predicted /
measured, and the largest category on each side (gemmsim.measurements.stalls says how the model's
reasons map onto ncu's).
"""

from __future__ import annotations

import csv
import io

from gemmsim.jsonable import versioned
from gemmsim.measurements.stalls import CATEGORIES, STALL_CATEGORIES, StallPoint, StallSummary

SHORT = {"long_scoreboard": "lsb", "short_scoreboard": "ssb", "mio_throttle": "mio", "lg_throttle": "lg",
         "barrier": "bar", "math_pipe_throttle": "math", "wait": "wait", "not_selected": "nsel", "other": "other",
         "selected": "sel"}


def _short(category: str) -> str:
    return SHORT.get(category, category)


def summary_lines(s: StallSummary) -> list[str]:
    lines = [f"stall reasons: {s.points} profiled points, {s.kernels} kernels "
             "(warp-cycles per issued instruction, predicted vs Nsight Compute)",
             f"largest stall category agrees on {s.points_agreeing} of {s.points} points "
             f"({100 * s.point_share:.1f} %) and {s.kernels_agreeing} of {s.kernels} kernels "
             f"({100 * s.kernel_share:.1f} %; a kernel's mean over its shapes)",
             f"coarser (global memory, shared memory, barrier, pipes and issue, other; queue-full and result "
             f"waits of a unit together): agrees on {s.points_agreeing_coarse} of {s.points} points; "
             f"warp-cycles per issued instruction, predicted / measured: median {s.median_total_ratio:.2f}",
             "largest category, measured -> predicted (points): "
             + ", ".join(f"{m} -> {p} {n}" for (m, p), n in s.largest_pairs.items()),
             "mean gap, predicted - measured (mean |gap|): "
             + ", ".join(f"{c} {s.mean_gap[c]:+.2f} ({s.mean_abs_gap[c]:.2f})" for c in STALL_CATEGORIES),
             "biggest gaps (predicted - measured, cycles per issued instruction):"]
    lines += [f"  {sp.symbol} {sp.shape} {c}: {gap:+.2f} (predicted {sp.predicted[c]:.2f}, measured "
              f"{sp.measured[c]:.2f})" for sp, c, gap in s.biggest_gaps]
    if s.skipped:
        lines += [f"not predicted ({len(s.skipped)}):"] + [f"  {x}" for x in s.skipped]
    return lines


def point_lines(points: list[StallPoint]) -> list[str]:
    from tabulate import tabulate

    headers = ["kernel", "shape", *(_short(c) for c in STALL_CATEGORIES), "total", "largest pred / meas"]
    rows = []
    for sp in points:
        cells = [f"{sp.predicted[c]:.1f}/{sp.measured[c]:.1f}" for c in STALL_CATEGORIES]
        mark = "=" if sp.agrees else "x"
        rows.append([sp.symbol, sp.shape, *cells, f"{sp.predicted_total:.1f}/{sp.measured_total:.1f}",
                     f"{mark} {_short(sp.largest_predicted)} / {_short(sp.largest_measured)}"])
    legend = ("per kernel and shape, predicted/measured: " + ", ".join(f"{_short(c)} {c}" for c in STALL_CATEGORIES)
              + "; total includes 'selected' (1 per instruction); '=' the largest agrees")
    table = tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)
    return [legend] + ["  " + line for line in table.splitlines()]


def format_text(points: list[StallPoint], summary: StallSummary) -> str:
    return "\n".join(summary_lines(summary) + [""] + point_lines(points))


def as_json(points: list[StallPoint], summary: StallSummary) -> dict:
    """The JSON document of `gemmsim compare --stalls --json` (docs/json_schema.md)."""
    return versioned({
        "summary": {"points": summary.points, "points_agreeing": summary.points_agreeing,
                    "point_share": summary.point_share, "kernels": summary.kernels,
                    "kernels_agreeing": summary.kernels_agreeing, "kernel_share": summary.kernel_share,
                    "points_agreeing_coarse": summary.points_agreeing_coarse,
                    "median_total_ratio": summary.median_total_ratio,
                    "mean_gap": summary.mean_gap, "mean_abs_gap": summary.mean_abs_gap,
                    "largest_pairs": [{"measured": m, "predicted": p, "points": n}
                                      for (m, p), n in summary.largest_pairs.items()],
                    "biggest_gaps": [{"symbol": sp.symbol, "shape": sp.shape, "category": c, "gap": g}
                                     for sp, c, g in summary.biggest_gaps],
                    "skipped": summary.skipped},
        "points": [{"symbol": sp.symbol, "shape": sp.shape, "predicted": sp.predicted, "measured": sp.measured,
                    "predicted_total": sp.predicted_total, "measured_total": sp.measured_total,
                    "largest_predicted": sp.largest_predicted, "largest_measured": sp.largest_measured}
                   for sp in points],
    })


def as_csv(points: list[StallPoint]) -> str:
    columns = ["symbol", "shape", *(f"{c}_{side}" for c in CATEGORIES for side in ("predicted", "measured")),
               "total_predicted", "total_measured", "largest_predicted", "largest_measured", "agrees"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for sp in points:
        writer.writerow([sp.symbol, sp.shape,
                         *(f"{getattr(sp, side)[c]:.4f}" for c in CATEGORIES for side in ("predicted", "measured")),
                         f"{sp.predicted_total:.4f}", f"{sp.measured_total:.4f}", sp.largest_predicted,
                         sp.largest_measured, int(sp.agrees)])
    return out.getvalue()
