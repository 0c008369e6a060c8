"""Does each sm_90 Program issue what the compiled kernel issued? Against Nsight Compute.

    python benchmarks/check_issued.py [STALLS_CSV]

For every kernel and shape of validation/results/h200/stalls.csv (Nsight Compute's inst_executed:
warp-level instructions over the whole launch), the instructions the Program the simulator replays
issues (every warp, loops unrolled, times the grid), and their ratio, by family. Exit 1 if any
ratio leaves [0.85, 1.15]; 2 (one line) for a file that is not a stalls table.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gemmsim.errors import ConfigError, InputError  # noqa: E402
from gemmsim.hw import load_gpu  # noqa: E402
from gemmsim.frontends.sm90.common import launch_instructions  # noqa: E402
from gemmsim.measurements.stalls import read_stalls  # noqa: E402
from gemmsim.measurements.predictor import Predictor  # noqa: E402

RESULTS = ROOT / "validation" / "results" / "h200"
BOUNDS = (0.85, 1.15)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("stalls", nargs="?", default=str(RESULTS / "stalls.csv"))
    args = ap.parse_args(argv)
    gpu, predictor = load_gpu("h200"), Predictor(RESULTS / "sass")
    try:
        ratios: dict[str, list[float]] = {}
        for r, point in read_stalls(args.stalls):
            measured = r.positive_int("inst_executed")
            model = launch_instructions(predictor.program(point, gpu)[0])
            ratios.setdefault(point.family, []).append(model / measured)
            print(f"{point.symbol:34s} {point.shape:16s} ncu {measured:>12d}  model {model:>12d}  {model / measured:6.3f}")
    except (InputError, ConfigError) as e:
        print(f"check_issued: {e}", file=sys.stderr)
        return 2
    print("\nmodel / ncu by family: " + ", ".join(
        f"{fam} {min(v):.3f}-{max(v):.3f} (median {statistics.median(v):.3f}, {len(v)} points)" for fam, v in ratios.items()))
    outside = [x for v in ratios.values() for x in v if not BOUNDS[0] <= x <= BOUNDS[1]]
    return 1 if outside else 0


if __name__ == "__main__":
    sys.exit(main())
