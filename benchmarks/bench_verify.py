"""Time `gemmsim verify` (target: 256x512x512 within 30 s; 4096x4096x4096 fp8 within 10 s with numba).

Usage: python benchmarks/bench_verify.py [--repeat N] [--big]
Prints, for a few 256x512x512 configurations, the median wall time of N full verifies (generate,
replay every workgroup, compare with numpy), whether C was right and which replay engine ran
(executor.py: numpy, or numba's compiled trace, numba-trace, when numba is installed and the replay
is large enough to pay for starting it).
--big adds 4096x4096x4096 fp8, tile 64x256x128, on MI300X (gfx942), once with the default engine and
once with numpy forced (the fallback, GEMMSIM_NO_NUMBA=1), and whether the two wrote the same C bytes
and the same report. Before this engine split the replay took 274 s for that shape (measured at
commit d5790dd on the 2-core machine, beyond the 300 s estimate verify then refused).
Timings on a machine shared with other work are noisy: repeat, and compare medians.
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
BIG = ("mi300x", "fp8", "4096x4096x4096", "64x256x128")


def _run(gpu: str, dtype: str, shape: str, tile: str, opts: dict, engine: str | None = None):
    start = time.perf_counter()
    report = verify(make_problem(shape, dtype), make_config(tile, **opts), load_gpu(gpu), engine=engine)
    return report, time.perf_counter() - start


def _line(label: str, seconds: float, report) -> str:
    return (f"  {label:<48} {seconds:7.3f} s  {report.blocks:4d} workgroups  {'PASS' if report.passed else 'FAIL'}"
            f"  ({report.engine})")


def big(repeat: int) -> None:
    gpu, dtype, shape, tile = BIG
    print(f"verify {shape} {dtype} {tile} on {gpu}, median of {repeat}")
    results = {}
    for label, engine in (("default engine", None), ("numpy forced (the fallback)", "numpy")):
        runs = [_run(gpu, dtype, shape, tile, {}, engine) for _ in range(repeat)]
        results[label] = runs[-1][0]
        print(_line(label, statistics.median(t for _, t in runs), runs[-1][0]))
    fast, slow = results.values()
    same = fast.to_dict() == slow.to_dict()     # the report, and the digest of every byte of C
    print(f"  {fast.engine} against numpy: {'the same' if same else 'DIFFERENT'} C bytes and report "
          f"(C digest {fast.c_digest}, {slow.c_digest})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--big", action="store_true", help="also 4096x4096x4096 fp8, numba against numpy (minutes)")
    args = parser.parse_args()
    print(f"verify {SHAPE}, median of {args.repeat}")
    for gpu, dtype, tile, opts in CASES:
        runs = [_run(gpu, dtype, SHAPE, tile, opts) for _ in range(args.repeat)]
        label = f"{gpu} {dtype} {tile} {' '.join(f'{k}={v}' for k, v in opts.items())}".strip()
        print(_line(label, statistics.median(t for _, t in runs), runs[-1][0]))
    if args.big:
        big(args.repeat)


if __name__ == "__main__":
    main()
