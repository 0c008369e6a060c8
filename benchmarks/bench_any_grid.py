"""Grids of any size (issue 38): how long batched and huge grids take, and what walking a batch's
identical layers once saves.

    python benchmarks/bench_any_grid.py [--largest]

Prints, each a fresh process (a cold start, no tuning cache):
  - `gemmsim tune --shape 16x16384x8192x1024 --dtype int8 --gpu mi300x --top 3` (a batch from aiter's
    tuned configurations: 2^21 workgroups with tile 16x64x256, refused while the limit was 2^20);
  - `gemmsim predict` of two grids of 2^24 workgroups (gemmsim.limits.MAX_WORKGROUPS), one batched;
  - `gemmsim tune` of the batch of 128 whose smallest tile's grid is 2^24 (with --largest only: ~35 s);
and in this process the tile walk (model.traffic.walk_rounds) of a batch whose layers repeat in whole
rounds, walked a period at a time against every round (traffic._walk over the whole launch).
The load average is printed with the figures: on a shared machine they are only comparable at a
similar load.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gemmsim.frontends.preshuffle.analysis import analyze  # noqa: E402
from gemmsim.frontends.preshuffle.generator import generate  # noqa: E402
from gemmsim.hw import load_gpu  # noqa: E402
from gemmsim.model.traffic import _walk, block_bytes, walk_rounds  # noqa: E402
from gemmsim.problem import make_config, make_problem  # noqa: E402

COMMANDS = [
    ("tune, batch of 16 (2^21 workgroups at 16x64x256)",
     ["tune", "--shape", "16x16384x8192x1024", "--dtype", "int8", "--gpu", "mi300x", "--top", "3", "--no-cache"]),
    ("predict, 2^24 workgroups, one GEMM",
     ["predict", "--shape", "262144x65536x1024", "--dtype", "int8", "--tile", "16x64x256", "--gpu", "mi300x"]),
    ("predict, 2^24 workgroups, batch of 128",
     ["predict", "--shape", "128x16384x8192x1024", "--dtype", "int8", "--tile", "16x64x256", "--gpu", "mi300x"]),
]
LARGEST = ("tune, batch of 128 (2^24 workgroups at 16x64x256)",
           ["tune", "--shape", "128x16384x8192x1024", "--dtype", "int8", "--gpu", "mi300x", "--top", "1", "--no-cache"])
# a batch whose layers hold whole rounds on MI355X (256 CUs): 64 layers of 32 x 32 tiles
PERIODIC = ("mi355x", "64x4096x4096x1024", "fp8", "128x128x128")


def timed_command(argv: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "gemmsim", *argv], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"gemmsim {' '.join(argv)} failed: {done.stderr.strip()}")
    return seconds, done.stdout.splitlines()[0]


def walk_once_against_every_round() -> tuple[float, float, int, int]:
    gpu_name, shape, dtype, tile = PERIODIC
    gpu, problem = load_gpu(gpu_name), make_problem(shape, dtype)
    a = analyze(problem, make_config(tile), gpu)
    program = generate(a, gpu)
    args = (program.grid, block_bytes(program), gpu.compute_units * a.occupancy.workgroups_per_cu, a.k_tiles, gpu)
    periodic, once = _fastest(lambda: walk_rounds(*args, program.layers))
    every, every_s = _fastest(lambda: _walk(*args, program.layers, a.blocks))
    assert periodic == every
    return once, every_s, len(every), a.blocks


def _fastest(walk, repeats: int = 3) -> tuple[list, float]:
    """The walk's rounds and its least time of `repeats` runs."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        rounds = walk()
        times.append(time.perf_counter() - start)
    return rounds, min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--largest", action="store_true", help="also tune the 2^24-workgroup batch (~35 s)")
    parser.add_argument("--walk-only", action="store_true", help="only the tile walk (no command)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for what, argv in [] if args.walk_only else COMMANDS + ([LARGEST] if args.largest else []):
        seconds, first_line = timed_command(argv)
        print(f"{what}: {seconds:.1f} s   gemmsim {' '.join(argv)}\n    {first_line}")
    once, every, rounds, blocks = walk_once_against_every_round()
    gpu_name, shape, dtype, tile = PERIODIC
    print(f"tile walk of {shape} {dtype} tile {tile} on {gpu_name} ({blocks} workgroups, {rounds} rounds): "
          f"a period at a time {1000 * once:.1f} ms, every round {1000 * every:.1f} ms (the same traffic)")


if __name__ == "__main__":
    main()
