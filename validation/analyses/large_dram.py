"""DRAM reads of the profiled large tiles: Nsight Compute's against the tile walk's (issue 34).

    python -m validation.analyses.large_dram

For every row of results/h200/large_stalls.csv, and the swizzled large tiles' rows of ncu.csv at 4096^3,
prints dram__bytes_read beside the replay's reads from HBM (Prediction.traffic: hbm_bytes less the
writes) for the same kernel and shape, through the Predictor `gemmsim compare` uses.
"""
from __future__ import annotations

import csv
from pathlib import Path

from gemmsim.measurements.predictor import Predictor
from gemmsim.measurements.readers import read_points
from gemmsim.measurements.stalls import read_stalls

RESULTS = Path(__file__).resolve().parents[1] / "results" / "h200"
LARGE_TILES = ("m64n256k64_swz1", "m64n128k64_swz1", "m32n256k64_swz1", "m64n128k128_swz1")


def main() -> int:
    predictor = Predictor(RESULTS / "sass")
    items = [(p, float(r.get("dram_read_bytes"))) for r, p in read_stalls(RESULTS / "large_stalls.csv")]
    square = {(p.symbol, p.m, p.n, p.k): p for p in read_points(RESULTS / "matrix.csv")}
    for r in csv.DictReader((RESULTS / "ncu.csv").open()):
        key = (r["symbol"], int(r["M"]), int(r["N"]), int(r["K"]))
        if r["symbol"].endswith(LARGE_TILES) and r["M"] == "4096" and key in square and r["dram_read_bytes"]:
            items.append((square[key], float(r["dram_read_bytes"])))
    print(f"{'kernel':34s} {'shape':16s} {'ncu_MB':>8s} {'model_MB':>8s}")
    for point, dram in items:
        traffic = predictor.prediction(point).traffic
        print(f"{point.symbol:34s} {point.shape:16s} {dram / 1e6:8.1f} {(traffic.hbm_bytes - traffic.write_bytes) / 1e6:8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
