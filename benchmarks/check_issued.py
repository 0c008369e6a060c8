"""Does each sm_90 Program issue what the compiled kernel issued? Against Nsight Compute.

    python benchmarks/check_issued.py [STALLS_CSV]

For every kernel and shape of validation/results/h200/stalls.csv (Nsight Compute's inst_executed:
warp-level instructions over the whole launch), the instructions the Program the simulator replays
issues (every warp, loops unrolled, times the grid), and their ratio, by family. Exit 1 if any
ratio leaves [0.85, 1.15].
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gemmsim.hw import load_gpu  # noqa: E402
from gemmsim.frontends.sm90.common import launch_instructions  # noqa: E402
from gemmsim.validate.points import Point, tile_of  # noqa: E402
from gemmsim.validate.predictor import Predictor  # noqa: E402

RESULTS = ROOT / "validation" / "results" / "h200"
BOUNDS = (0.85, 1.15)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("stalls", nargs="?", default=str(RESULTS / "stalls.csv"))
    args = ap.parse_args(argv)
    gpu, predictor = load_gpu("h200"), Predictor(RESULTS / "sass")
    ratios: dict[str, list[float]] = {}
    with open(args.stalls, newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        symbol = r["symbol"]
        tile, swizzle = tile_of(symbol)
        dtype = {"f32": "fp32", "f64": "fp64", "i32": "int32"}.get(symbol.rsplit("_", 1)[1], "bf16")
        family = "mma_preshuffle" if symbol.startswith("mma_preshuffle") else f"ladder_{dtype}"
        point = Point(symbol=symbol, m=int(r["M"]), n=int(r["N"]), k=int(r["K"]), dtype=dtype, measured_us=0.0,
                      gpu="h200", family=family, tile=tile, swizzle=swizzle)
        program, _ = predictor.sm90_program(point, gpu)
        model = launch_instructions(program)
        ratio = model / float(r["inst_executed"])
        ratios.setdefault(family, []).append(ratio)
        print(f"{symbol:34s} {point.shape:16s} ncu {int(float(r['inst_executed'])):>12d}  model {model:>12d}  {ratio:6.3f}")
    print("\nmodel / ncu by family: " + ", ".join(
        f"{fam} {min(v):.3f}-{max(v):.3f} (median {statistics.median(v):.3f}, {len(v)} points)" for fam, v in ratios.items()))
    outside = [x for v in ratios.values() for x in v if not BOUNDS[0] <= x <= BOUNDS[1]]
    return 1 if outside else 0


if __name__ == "__main__":
    sys.exit(main())
