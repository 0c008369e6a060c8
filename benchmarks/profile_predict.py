"""Where a prediction spends its time: cProfile of the guide example and of H200 compare points.

    python benchmarks/profile_predict.py [--points N] [--out DIR]

Profiles, each with the caches emptied first (gemmsim.caches.clear): the guide example (mi300x
5120x5120x8320 fp8 64x256x128), and the first N points (default 12) of each of validation/results/
h200/ladder.csv and matrix.csv predicted as `gemmsim compare` predicts them (SASS listings, control
bits). Prints the functions by their own time and by cumulative time, and with --out writes the
same text to DIR/<case>.txt (benchmarks/profiles/ holds the committed ones).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gemmsim import caches  # noqa: E402
from gemmsim.hw import load_gpu  # noqa: E402
from gemmsim.measurements.predictor import Predictor  # noqa: E402
from gemmsim.measurements.readers import read_points  # noqa: E402
from gemmsim.problem import make_config, make_problem  # noqa: E402
from gemmsim.simulate import predict  # noqa: E402

H200 = ROOT / "validation" / "results" / "h200"
TOP = 30


def guide() -> None:
    predict(make_problem("5120x5120x8320", "fp8"), make_config("64x256x128"), load_gpu("mi300x"))


def h200_points(count: int):
    def run() -> None:
        predictor = Predictor(H200 / "sass")
        for name in ("ladder.csv", "matrix.csv"):
            for p in read_points(H200 / name)[:count]:
                predictor.prediction(p)
    return run


def profile(label: str, work, out: Path | None) -> None:
    work()            # warm-up: imports, GPU files
    caches.clear()
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    work()
    profiler.disable()
    seconds = time.perf_counter() - start
    text = io.StringIO()
    text.write(f"# {label}: {seconds:.2f} s under cProfile (caches emptied first)\n\n## by own time\n")
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(TOP)
    text.write("\n## by cumulative time\n")
    pstats.Stats(profiler, stream=text).sort_stats("cumulative").print_stats(TOP)
    report = "\n".join(line.replace(str(ROOT) + "/", "") for line in text.getvalue().splitlines()) + "\n"
    print(report)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / f"{label}.txt").write_text(report)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=12, help="points of each H200 results file")
    parser.add_argument("--out", type=Path, help="write each profile to OUT/<case>.txt")
    args = parser.parse_args()
    profile("guide_mi300x", guide, args.out)
    profile("h200_compare_points", h200_points(args.points), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
