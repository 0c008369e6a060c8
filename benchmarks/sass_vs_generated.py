"""The generic SASS front-end (family sass) against the generated sm90-mma streams on the measured
matrix suite (validation/results/h200/matrix.csv, 4 shapes x every matrix-core kernel): each path's
error against the measured time, and the two paths' difference.

    python benchmarks/sass_vs_generated.py        (about 10 min on 2 cores)
"""

import csv
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gemmsim.frontends import registry  # noqa: E402
from gemmsim.hw import load_gpu  # noqa: E402
from gemmsim.problem import Problem  # noqa: E402
from gemmsim.simulate import predict_built  # noqa: E402

MATRIX = ROOT / "validation/results/h200/matrix.csv"
SASS = ROOT / "validation/results/h200/sass"
SHAPES = {(4096, 4096, 4096), (597, 11008, 4096), (10240, 8192, 2048), (512, 512, 2048)}
SYMBOL = re.compile(r"mma_preshuffle_m(\d+)n(\d+)k(\d+)_swz(\d)")


def k_steps(k: int) -> int:
    """The kernel's last argument: K rounded up to the 32-element tile, in 16-element MMA steps."""
    return -(-k // 32) * 32 // 16


def predicted_us(family: str, problem: Problem, options: dict, gpu) -> float:
    front_end = registry.get(family)
    built = front_end.build(problem, front_end.parse_config(None, options), gpu)
    return predict_built(built, gpu).time_us


def main() -> None:
    gpu = load_gpu("h200")
    generated, sass, diff = [], [], []
    for row in csv.DictReader(MATRIX.open()):
        m, n, k = int(row["M"]), int(row["N"]), int(row["K"])
        match = SYMBOL.match(row["symbol"])
        if row["status"] != "ok" or (m, n, k) not in SHAPES or not match:
            continue
        tm, tn, tk, swizzle = map(int, match.groups())
        common = {"tile": f"{tm}x{tn}x{tk}", "sass": str(SASS / f"{row['symbol']}.sass"),
                  "registers": row["regs_per_thread"]}
        problem = Problem(m, n, k, "bf16")
        t_gen = predicted_us("sm90-mma", problem, {**common, "swizzle": str(swizzle)}, gpu)
        t_sass = predicted_us("sass", problem, {**common, "args": f"A:B:C:M:N:K:{k_steps(k)}"}, gpu)
        measured = float(row["kernel_time_us"])
        generated.append(100 * (t_gen / measured - 1))
        sass.append(100 * (t_sass / measured - 1))
        diff.append(100 * (t_sass / t_gen - 1))
        print(f"{row['symbol']:32} {m}x{n}x{k:<6} measured {measured:9.2f}  generated {t_gen:9.2f} "
              f"({generated[-1]:+6.1f} %)  sass {t_sass:9.2f} ({sass[-1]:+6.1f} %)", flush=True)
    print(f"\n{len(diff)} points: MAPE generated {statistics.fmean(map(abs, generated)):.1f} %, "
          f"sass {statistics.fmean(map(abs, sass)):.1f} %; median |sass - generated| "
          f"{statistics.median(map(abs, diff)):.1f} %")


if __name__ == "__main__":
    main()
