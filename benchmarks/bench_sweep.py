"""Speed and memory of the sweep path: a 500-point sweep, one tile search, large grids' tile walk.

    python benchmarks/bench_sweep.py [--workers N] [--skip-sweep]

Prints:
  - a 500-point sweep (every tile x the GEMMs of LLaMA-2 7B x three GPUs x two LDS stages, 500
    points spread evenly over that space) through `gemmsim.sweep.run_sweep` on a local pool:
    seconds, points per second, peak memory (the largest of this process and one worker, RSS);
  - predict_gemm((4096, 4096, 4096), 'bf16', 'mi300x') cold, in a fresh process;
  - `gemmsim tune --top 5` for the same shape, cold and cached (median of 5), each a fresh process;
  - traffic.walk_rounds for M = N = 131072 and 262144 (the tile walk of very large grids).
Targets on the 2-core development machine: sweep <= 60 s, peak memory <= 500 MB,
tune <= 5 s cold and <= 0.2 s cached. The load average is printed with the figures: on a shared
machine they are only comparable at a similar load.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gemmsim.frontends.preshuffle.analysis import analyze  # noqa: E402
from gemmsim.hw import load_gpu  # noqa: E402
from gemmsim.model.traffic import block_bytes, walk_rounds  # noqa: E402
from gemmsim.frontends.preshuffle.generator import generate  # noqa: E402
from gemmsim.problem import make_config, make_problem  # noqa: E402
from gemmsim.sweep import parse_configs, parse_shapes, run_sweep, sweep_points  # noqa: E402

SWEEP_SHAPES = "model:llama2-7b:seq=512:decode_steps=1"
SWEEP_CONFIGS = "tile=all;lds_stage=1,2"
SWEEP_GPUS = ("mi300x", "mi325x", "mi355x")
SWEEP_POINTS = 500


def sweep_500() -> list:
    """500 points spread evenly over every tile x LLaMA-2 7B's GEMMs x three GPUs x two LDS stages."""
    space = sweep_points(parse_shapes(SWEEP_SHAPES), parse_configs(SWEEP_CONFIGS), ["bf16"], list(SWEEP_GPUS))
    return [space[i * len(space) // SWEEP_POINTS] for i in range(SWEEP_POINTS)]


def bench_sweep(workers: int | None) -> dict:
    points = sweep_500()
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        result = run_sweep(points, Path(tmp) / "bench.csv", workers=workers)
        seconds = time.perf_counter() - start
    peak_kb = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    return {"seconds": seconds, "points": result.points, "invalid": result.errors, "peak_mb": peak_kb / 1024}


COLD_GEMM = """
import time
t = time.perf_counter()
from gemmsim.tuning.search import predict_gemm
p = predict_gemm((4096, 4096, 4096), 'bf16', 'mi300x')
print(time.perf_counter() - t, p.time_us, p.kernel.tile)
"""


def bench_predict_gemm_cold() -> dict:
    """predict_gemm for 4096^3 bf16 on mi300x in a fresh process (no cache of any kind), imports included."""
    out = subprocess.run([sys.executable, "-c", COLD_GEMM], cwd=ROOT, env=_env(), capture_output=True, text=True,
                         check=True)
    seconds, time_us, tile = out.stdout.split()
    return {"seconds": float(seconds), "time_us": float(time_us), "tile": tile}


TUNE_CACHED_RUNS = 5
TUNE_ARGS = ["tune", "--shape", "4096x4096x4096", "--dtype", "bf16", "--gpu", "mi300x", "--top", "5"]


def bench_tune() -> dict:
    """`gemmsim tune` for 4096^3 bf16 on mi300x, cold (an empty cache) then cached (the median of
    TUNE_CACHED_RUNS: a run this short varies with the machine's load), each a fresh process
    (imports included), as a user runs it."""
    with tempfile.TemporaryDirectory() as tmp:
        env = _env(GEMMSIM_CACHE_DIR=tmp)
        seconds = []
        for _ in range(1 + TUNE_CACHED_RUNS):
            start = time.perf_counter()
            out = subprocess.run([sys.executable, "-m", "gemmsim", *TUNE_ARGS], cwd=ROOT, env=env,
                                 capture_output=True, text=True, check=True)
            seconds.append(time.perf_counter() - start)
    assert "answered from cache" in out.stdout, out.stdout
    return {"cold_s": seconds[0], "cached_s": statistics.median(seconds[1:])}


def _env(**extra) -> dict:
    """This checkout's gemmsim first, whatever is installed."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
            **extra}


def bench_walk_rounds(m: int, n: int, k: int = 4096, tile: str = "256x256x64", gpu_name: str = "mi300x") -> float:
    """Seconds of the tile walk over the grid of an m x n GEMM (the rounds of resident workgroups)."""
    gpu = load_gpu(gpu_name)
    a = analyze(make_problem((m, n, k), "bf16"), make_config(tile), gpu)
    program = generate(a, gpu)
    slots = gpu.compute_units * a.occupancy.workgroups_per_cu
    per_block = block_bytes(program)
    start = time.perf_counter()
    walk_rounds(program.grid, per_block, slots, k // a.config.tile_k, gpu)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=None, help="sweep processes (default: all cores)")
    parser.add_argument("--skip-sweep", action="store_true", help="only the tile search and the tile walk")
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}, load average at the start: {os.getloadavg()[0]:.2f}")
    if not args.skip_sweep:
        r = bench_sweep(args.workers)
        print(f"sweep, {r['points']} points ({r['invalid']} invalid), {args.workers or os.cpu_count()} workers: "
              f"{r['seconds']:.1f} s ({r['points'] / r['seconds']:.1f} points/s), peak memory {r['peak_mb']:.0f} MB")
    r = bench_predict_gemm_cold()
    print(f"predict_gemm 4096x4096x4096 bf16 mi300x, cold: {r['seconds']:.2f} s (best {r['tile']}, {r['time_us']:.2f} us)")
    tune = bench_tune()
    print(f"gemmsim tune 4096x4096x4096 bf16 mi300x --top 5: cold {tune['cold_s']:.2f} s, "
          f"cached {tune['cached_s']:.3f} s (median of {TUNE_CACHED_RUNS})")
    for size in (131072, 262144):
        print(f"walk_rounds M = N = {size}: {bench_walk_rounds(size, size):.2f} s")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
