"""Each committed H200 set's figures from two `gemmsim compare --save` runs (issue 34's before/after table).

    python -m validation.analyses.sets_before_after DIR SET[,SET...] TAG[,TAG...]

DIR holds <TAG>_<SET>.csv, each written by
`gemmsim compare validation/results/h200/<SET>.csv --sass-dir validation/results/h200/sass --save DIR/<TAG>_<SET>.csv`
with the tree of that TAG. Prints per set and tag: points, MAPE, median |error|, mean signed error,
each family's mean signed / MAPE (matrix-core swizzled and not, the ladder by dtype), and over the
matrix-core tile sweeps (shapes with 5 or more configs): Spearman min and median and how many picks
(the config predicted fastest) are within 5 % of the measured best, with each shape's gap.
"""
from __future__ import annotations

import csv
import statistics as st
import sys
from collections import defaultdict
from pathlib import Path

from scipy.stats import spearmanr

SWEEP_MIN_CONFIGS = 5


def family(symbol: str) -> str:
    if symbol.startswith("mma_preshuffle"):
        return "mma swz1" if symbol.endswith("swz1") else "mma swz0"
    for dtype in ("f64", "i32", "f32"):
        if symbol.endswith("_" + dtype):
            return "ladder " + dtype
    return "other"


def summary(rows: list[dict]) -> list[str]:
    err = [100 * (float(r["predicted_us"]) / float(r["measured_us"]) - 1) for r in rows]
    by = defaultdict(list)
    for r, e in zip(rows, err):
        by[family(r["symbol"])].append(e)
    fams = "  ".join(f"{f} {st.mean(v):+.1f}/{st.mean(map(abs, v)):.1f} (n{len(v)})" for f, v in sorted(by.items()))
    lines = [f"n{len(rows)} MAPE {st.mean(map(abs, err)):.1f} med {st.median(map(abs, err)):.1f} "
             f"signed {st.mean(err):+.1f} | {fams}"]
    sweep = defaultdict(list)
    for r in rows:
        if r["symbol"].startswith("mma_preshuffle"):
            sweep[(r["M"], r["N"], r["K"])].append(r)
    rho, picks = [], []
    for shape, rs in sweep.items():
        if len(rs) < SWEEP_MIN_CONFIGS:
            continue
        measured = [float(r["measured_us"]) for r in rs]
        predicted = [float(r["predicted_us"]) for r in rs]
        rho.append(spearmanr(measured, predicted).statistic)
        pick = min(range(len(rs)), key=predicted.__getitem__)
        picks.append(("x".join(shape), 100 * (measured[pick] / min(measured) - 1)))
    if rho:
        lines.append(f"sweep: spearman min {min(rho):.3f} med {st.median(rho):.3f}; within 5% "
                     f"{sum(g <= 5 for _, g in picks)}/{len(picks)}; " + " ".join(f"{s}:{g:+.1f}" for s, g in picks))
    return lines


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    folder = Path(argv[0])
    for name in argv[1].split(","):
        for tag in argv[2].split(","):
            path = folder / f"{tag}_{name}.csv"
            if not path.is_file():
                print(f"{name:20s} {tag:6s} (no {path})")
                continue
            first, *rest = summary(list(csv.DictReader(path.open())))
            print(f"{name:20s} {tag:6s} {first}")
            for line in rest:
                print(f"{'':27s} {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
