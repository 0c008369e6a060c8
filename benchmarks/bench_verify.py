"""Time `gemmsim verify` on a 256x512x512 problem (target: at most 30 s on the 2-core machine).

Usage: python benchmarks/bench_verify.py [--repeat N]
Prints, for a few configurations, the median wall time of N full verifies (generate, replay every
workgroup, compare with numpy) and whether C was right.
"""

from __future__ import annotations

import argparse
import statistics
import time

from gemmsim.functional.verify import verify
from gemmsim.hw import load_gpu
from gemmsim.problem import make_config, make_problem

SHAPE = "256x512x512"
CASES = [  # (gpu, dtype, tile, options)
    ("mi300x", "fp8", "64x256x128", {}),
    ("mi300x", "bf16", "64x256x64", {"epilogue": "cshuffle"}),
    ("mi300x", "int8", "128x128x128", {"copy": "async"}),
    ("mi355x", "fp8", "64x256x256", {}),
    ("mi355x", "fp4", "64x256x256", {"lds_stage": 1}),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"verify {SHAPE}, median of {args.repeat}")
    for gpu, dtype, tile, opts in CASES:
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            report = verify(make_problem(SHAPE, dtype), make_config(tile, **opts), load_gpu(gpu))
            times.append(time.perf_counter() - start)
        label = f"{gpu} {dtype} {tile} {' '.join(f'{k}={v}' for k, v in opts.items())}".strip()
        print(f"  {label:<48} {statistics.median(times):7.3f} s  {report.blocks:3d} workgroups  "
              f"{'PASS' if report.passed else 'FAIL'}")


if __name__ == "__main__":
    main()
