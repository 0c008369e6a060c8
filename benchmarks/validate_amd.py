"""Predicted vs measured time of every row of the FlyDSL measurements on MI325X and MI355X.

    python benchmarks/validate_amd.py [path/to/measurements.csv]

Validation only: nothing here feeds back into the model or the GPU files. Default CSV:
validation/data/amd_public.csv in the repository (published FlyDSL CI times, every row with its
source; see validation/data/README.md). Each row runs the FlyDSL preshuffle GEMM with sync copy
and lds_stage=2 (the `kernel` column), on the GPU file of its runner.
Prints measured and predicted microseconds, the error, the bottleneck with its evidence, the
`gemmsim predict` command that reproduces the prediction, and the MAPE. The column "MHz if
cycles right" is a diagnostic, not a fit: the clock at which the replay's cycle count would take
the measured time (compare with the sustained clock the prediction used).
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from gemmsim.hw import load_gpu  # noqa: E402
from gemmsim.problem import make_config, make_problem  # noqa: E402
from gemmsim.predict import predict  # noqa: E402

DEFAULT_CSV = REPO / "validation" / "data" / "amd_public.csv"
GPU_OF_RUNNER = {"MI325X": "mi325x", "MI355X": "mi355x"}
KERNEL_OPTIONS = {"copy": "sync", "lds_stage": 2}   # "FlyDSL ... preshuffle_gemm.py (sync copy, lds_stage=2)"


def row_inputs(row: dict) -> tuple[str, str, str, str]:
    gpu = next(name for marker, name in GPU_OF_RUNNER.items() if marker in row["gpu"])
    dtype = "fp8" if row["dtype_in"].startswith("fp8") else row["dtype_in"]
    shape = f"{row['M']}x{row['N']}x{row['K']}"
    tile = row["tile"].removeprefix("tile")
    return gpu, dtype, shape, tile


def command(gpu: str, dtype: str, shape: str, tile: str) -> str:
    return f"gemmsim predict --tile {tile} --shape {shape} --dtype {dtype} --gpu {gpu} --copy sync --lds-stage 2"


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else DEFAULT_CSV
    if not path.is_file():
        print(f"validate_amd: {path} not found (pass the CSV path as the argument)", file=sys.stderr)
        return 2
    rows = list(csv.DictReader(path.open()))
    errors = []
    print(f"{'gpu':<8}{'dtype':<6}{'shape':<16}{'tile':<13}{'measured us':>12}{'predicted us':>13}{'error':>8}  "
          f"{'bottleneck':<15}{'mfma':>6}{'lds':>6}{'vmem':>6}  {'stalls vm/lgkm/bar/mfma_pipe':<30}"
          f"{'clock MHz':>10}{'MHz if cycles right':>20}")
    commands = []
    for row in rows:
        gpu, dtype, shape, tile = row_inputs(row)
        p = predict(make_problem(shape, dtype), make_config(tile, **KERNEL_OPTIONS), load_gpu(gpu))
        measured = float(row["time_us"])
        error = 100 * (p.time_us - measured) / measured
        errors.append(abs(error))
        u = p.evidence.steady_state_utilization
        s = p.evidence.stalls["grouped_fraction"]
        print(f"{gpu:<8}{dtype:<6}{shape:<16}{tile:<13}{measured:>12.2f}{p.time_us:>13.2f}{error:>+7.1f}%  "
              f"{p.bottleneck:<15}{u['mfma']:>6.2f}{u['lds']:>6.2f}{u['vmem_bandwidth']:>6.2f}  "
              f"{s['vmcnt']:.2f}/{s['lgkmcnt']:.2f}/{s['barrier']:.2f}/{s['mfma_pipe']:.2f}{'':<11}"
              f"{p.clock_mhz:>10.0f}{p.simulation.cycles / measured:>20.0f}")
        commands.append(command(gpu, dtype, shape, tile))
    print(f"MAPE {sum(errors) / len(errors):.1f}% over {len(errors)} rows; "
          f"{sum(e <= 15 for e in errors)} of {len(errors)} within 15%")
    print("commands:")
    for c in commands:
        print(f"  {c}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
