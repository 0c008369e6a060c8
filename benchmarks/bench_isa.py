"""Time to predict 5120x5120x8320 from a compiled kernel's assembly (target: at most 2 s).

    python benchmarks/bench_isa.py [--repeat N]

Per case: seconds to read the assembly and build the Program (parse, walk every wave, trip count),
seconds to replay it (gemmsim.simulate.predict_program), their sum (median of N after a warm-up),
and the wall time of the whole command `gemmsim predict --isa FILE:KERNEL` in a fresh process
(interpreter start and imports included), which is what a user waits for.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gemmsim.hw import load_gpu  # noqa: E402
from gemmsim.frontends.amdgpu import load_kernel  # noqa: E402
from gemmsim.problem import make_problem  # noqa: E402
from gemmsim.simulate import predict_program  # noqa: E402

DATA = ROOT / "tests" / "data" / "isa"
SHAPE, DTYPE, TARGET_S = "5120x5120x8320", "bf16", 2.0
CASES = [
    ("gfx942 .s", "mi300x", DATA / "preshuffle_gemm_gfx942.s", "preshuffle_bf16_m64n256k64_swz1_hint0"),
    ("gfx942 .s, sched hints", "mi300x", DATA / "preshuffle_gemm_gfx942.s", "preshuffle_bf16_m128n128k64_swz1_hint1"),
    ("gfx942 objdump", "mi300x", DATA / "preshuffle_gemm_gfx942.dis", "preshuffle_bf16_m64n256k64_swz1_hint0"),
    ("gfx950 .s", "mi355x", DATA / "preshuffle_gemm_gfx950.s", "preshuffle_bf16_m64n256k64_swz1_hint1"),
]


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def bench(gpu_name: str, path: Path, kernel: str, repeat: int) -> dict:
    gpu, problem = load_gpu(gpu_name), make_problem(SHAPE, DTYPE)
    tile = (64, 256, 64) if "m64n256k64" in kernel else None   # a disassembly keeps the name, not the config

    def build():
        return load_kernel(path, problem=problem, gpu=gpu, kernel=kernel, tile=tile)

    parsed = build()
    predict_program(parsed.program, problem, gpu)             # warm-up (imports, caches)
    builds, replays = [], []
    for _ in range(repeat):
        parsed, t_build = timed(build)
        prediction, t_replay = timed(lambda: predict_program(parsed.program, problem, gpu))
        builds.append(t_build)
        replays.append(t_replay)
    cmd = [sys.executable, "-m", "gemmsim", "predict", "--isa", f"{path}:{kernel}", "--shape", SHAPE,
           "--dtype", DTYPE, "--gpu", gpu_name]
    _, t_cli = timed(lambda: subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True))
    return {"build": statistics.median(builds), "replay": statistics.median(replays),
            "total": statistics.median(b + r for b, r in zip(builds, replays)), "cli": t_cli,
            "time_us": prediction.time_us, "trip": parsed.trip.count, "trip_source": parsed.trip.source.split(" (")[0]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"predict {SHAPE} {DTYPE} from assembly; target <= {TARGET_S:g} s")
    print(f"{'case':<24}{'gpu':<8}{'build s':>9}{'replay s':>9}{'total s':>9}{'command s':>10}{'pred us':>10}  trip")
    worst = 0.0
    for label, gpu, path, kernel in CASES:
        r = bench(gpu, path, kernel, args.repeat)
        worst = max(worst, r["cli"], r["total"])
        print(f"{label:<24}{gpu:<8}{r['build']:>9.3f}{r['replay']:>9.3f}{r['total']:>9.3f}{r['cli']:>10.2f}"
              f"{r['time_us']:>10.1f}  {r['trip']} ({r['trip_source']})")
    print(f"slowest: {worst:.2f} s -> target {'met' if worst <= TARGET_S else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
