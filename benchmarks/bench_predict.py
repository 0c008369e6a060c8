"""Speed and memory of one prediction: the guide's example and a decode shape.

    python benchmarks/bench_predict.py [--repeat N]

Prints, per case: seconds per prediction (median of N after one warm-up; the caches that keep a
prediction's Program, decoded Steps and replays emptied before each), simulated instructions
per second, and the peak memory of one prediction (tracemalloc) beside the process's peak RSS.
"""

from __future__ import annotations

import argparse
import importlib
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gemmsim.frontends.preshuffle import generator  # noqa: E402
from gemmsim.hw import load_gpu  # noqa: E402
from gemmsim.model import gpu as gpu_model, stream  # noqa: E402
from gemmsim.problem import make_config, make_problem  # noqa: E402
from gemmsim.simulate import predict  # noqa: E402

predict_module = importlib.import_module("gemmsim.simulate")

CASES = [
    ("guide example", "mi300x", "5120x5120x8320", "fp8", "64x256x128"),
    ("decode", "mi300x", "16x7168x2048", "fp8", "16x64x256"),
    ("large, 2 workgroups/CU", "mi325x", "8192x8192x8192", "fp8", "128x256x128"),
    ("gfx950", "mi355x", "5120x5120x8320", "fp8", "64x256x128"),
]


def forget_work() -> None:
    """Empty the caches that keep a prediction's work (its Program, decoded Steps and replays), so
    a timed prediction generates, decodes and replays as the first one for its shape does."""
    generator._generate.cache_clear()
    predict_module._kept_replay.cache_clear()
    gpu_model._walked_rounds.cache_clear()   # keyed by the Program's content: an equal new one would find it
    stream._STEPS.clear()
    stream._DECODED.clear()


def bench(gpu_name: str, shape: str, dtype: str, tile: str, repeat: int) -> dict:
    gpu, problem, config = load_gpu(gpu_name), make_problem(shape, dtype), make_config(tile)
    prediction = predict(problem, config, gpu)  # warm-up (imports)
    times = []
    for _ in range(repeat):
        forget_work()
        start = time.perf_counter()
        predict(problem, config, gpu)
        times.append(time.perf_counter() - start)
    forget_work()
    tracemalloc.start()
    predict(problem, config, gpu)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    seconds = statistics.median(times)
    instructions = prediction.simulation.instructions_simulated
    return {"seconds": seconds, "instructions": instructions, "per_second": instructions / seconds,
            "peak_mb": peak / 1e6, "time_us": prediction.time_us}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'case':<24}{'gpu':<8}{'shape':<16}{'dtype':<6}{'tile':<12}{'s/pred':>8}{'instr':>8}"
          f"{'instr/s':>10}{'peak MB':>9}{'pred us':>10}")
    for label, gpu, shape, dtype, tile in CASES:
        r = bench(gpu, shape, dtype, tile, args.repeat)
        print(f"{label:<24}{gpu:<8}{shape:<16}{dtype:<6}{tile:<12}{r['seconds']:>8.3f}{r['instructions']:>8}"
              f"{r['per_second']:>10.0f}{r['peak_mb']:>9.1f}{r['time_us']:>10.2f}")
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process peak RSS {rss_mb:.0f} MB (interpreter and imports included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
