"""Predictions kept in a file: the committed figures, and re-reporting without replaying.

`compare --save FILE` writes one row per point; `compare --predictions FILE` takes them back,
matched to the measured points by source file, symbol, dtype, shape and measured time.
tests/data/compare/h200_predicted.csv is such a file: its bytes must not change for the same
predictions, so the column order and number formats below are fixed.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from gemmsim.errors import InputError
from gemmsim.files import write_atomically
from gemmsim.measurements.points import Compared, MeasuredPoint
from gemmsim.measurements.rows import read_table

PREDICTION_COLUMNS = ("source", "symbol", "dtype", "M", "N", "K", "measured_us", "predicted_us", "kernel_us", "bottleneck")


def save_predictions(compared: list[Compared], path: str | Path) -> None:
    text = io.StringIO()
    w = csv.writer(text, lineterminator="\n")
    w.writerow(PREDICTION_COLUMNS)
    for c in compared:
        p = c.point
        w.writerow([p.source, p.symbol, p.dtype, p.m, p.n, p.k, _measured_text(p), f"{c.predicted_us:.4f}",
                    f"{c.kernel_us:.4f}", c.bottleneck])
    write_atomically(path, text.getvalue())


def compared_from_file(points: list[MeasuredPoint], path: str | Path) -> list[Compared]:
    """The points with the predictions a --save run wrote (every point must be there)."""
    table = read_table(path, "predictions file")
    table.require(PREDICTION_COLUMNS, "a predictions file (compare --save writes one)")
    saved = {}
    for r in table.rows:
        key = (r.get("source"), r.text("symbol"), r.get("dtype"), r.positive_int("M"), r.positive_int("N"),
               r.positive_int("K"), r.get("measured_us"))
        saved[key] = (r.positive_number("predicted_us"), r.positive_number("kernel_us"), r.text("bottleneck"))
    out = []
    for p in points:
        prediction = saved.get(_point_key(p))
        if prediction is None:
            raise InputError(f"{path}: no prediction for {p.symbol} {p.shape} ({p.source}); rerun without --predictions")
        out.append(Compared(p, *prediction))
    return out


def _measured_text(p: MeasuredPoint) -> str:
    return f"{p.measured_us:.6g}"


def _point_key(p: MeasuredPoint) -> tuple:
    return (p.source, p.symbol, p.dtype, p.m, p.n, p.k, _measured_text(p))
