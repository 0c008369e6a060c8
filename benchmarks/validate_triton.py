"""Predicted vs published time of Triton GEMMs on an MI300X, each at its published configuration.

    python benchmarks/validate_triton.py [path/to/rows.csv]

Default CSV: validation/data/triton_public.csv: the best configuration per size that ROCm's Triton
performance CI found with tools/tune_gemm/tune_gemm.py (fp16, one row per size and layout, with the
time it measured; validation/data/README.md says where every row comes from). Nothing is fitted to
these rows: every number of the prediction comes from the GPU file and the compiled code.

Each row is predicted with the project's kernel, kernels/triton/matmul.py, compiled by the triton
family with the row's meta-parameters (BLOCK sizes, GROUP_SIZE_M, num_warps, num_stages,
waves_per_eu, matrix_instr_nonkdim, kpack) and its layout (`N`: B column-major, passed as
stride_bk=1, stride_bn=K). The published kernel is ROCm's own tune_gemm matmul_kernel: the same
blocked algorithm, but it skips the K masks when K is a multiple of BLOCK_SIZE_K and remaps program
ids over the 8 XCDs, which ours does not; the table's errors include that difference.
"""

from __future__ import annotations

import csv
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from scipy.stats import spearmanr  # noqa: E402
from tabulate import tabulate  # noqa: E402

import gemmsim  # noqa: E402

DEFAULT_CSV = REPO / "validation" / "data" / "triton_public.csv"
KERNEL = "kernels/triton/matmul.py:matmul_kernel"
GPU = "mi300x"
META = (("BLOCK_SIZE_M", "BLOCK_M"), ("BLOCK_SIZE_N", "BLOCK_N"), ("BLOCK_SIZE_K", "BLOCK_K"), ("GROUP_SIZE_M", "GROUP_M"),
        ("num_warps", "num_warps"), ("num_stages", "num_stages"), ("waves_per_eu", "waves_per_eu"),
        ("matrix_instr_nonkdim", "matrix_instr_nonkdim"), ("kpack", "kpack"))


def meta_of(row: dict) -> str:
    meta = [f"{ours}={row[theirs]}" for theirs, ours in META]
    if row["layout"][1] == "N":       # B column-major: K runs along memory
        meta += ["stride_bk=1", "stride_bn=K"]
    return ",".join(meta)


def command(row: dict) -> str:
    return (f"gemmsim predict --triton {KERNEL} --meta {meta_of(row)} --shape {row['M']}x{row['N']}x{row['K']} "
            f"--dtype {row['dtype_in']} --gpu {GPU}")


def main(path: Path) -> int:
    rows = list(csv.DictReader(path.open()))
    skipped = [r for r in rows if int(r["SPLIT_K"]) != 1]
    rows = [r for r in rows if int(r["SPLIT_K"]) == 1]
    table, errors, measured, predicted = [], [], [], []
    start = time.perf_counter()
    for row in rows:
        config = {"kernel": KERNEL, **dict(item.split("=") for item in meta_of(row).split(","))}
        p = gemmsim.predict(f"{row['M']}x{row['N']}x{row['K']}", family="triton", config=config,
                            dtype=row["dtype_in"], gpu=GPU)
        got, want = p.time_us, float(row["time_us"])
        error = (got - want) / want
        errors.append(error)
        measured.append(want)
        predicted.append(got)
        table.append([f"{row['M']}x{row['N']}x{row['K']}", row["layout"],
                      f"{row['BLOCK_SIZE_M']}x{row['BLOCK_SIZE_N']}x{row['BLOCK_SIZE_K']} w{row['num_warps']} "
                      f"nk{row['matrix_instr_nonkdim']} kp{row['kpack']}",
                      want, round(got, 2), f"{100 * error:+.1f}%", p.bottleneck])
    elapsed = time.perf_counter() - start
    print(tabulate(table, headers=["shape", "layout", "config", "published us", "predicted us", "error",
                                   "bottleneck"], floatfmt=".2f"))
    mape = 100 * statistics.mean(abs(e) for e in errors)
    signed = 100 * statistics.mean(errors)
    within = sum(abs(e) <= 0.15 for e in errors)
    rho = spearmanr(measured, predicted).statistic
    print(f"\n{len(rows)} rows on {GPU} (fitted to none): MAPE {mape:.1f}%, mean signed error {signed:+.1f}%, "
          f"{within} within 15%, Spearman of the times {rho:.3f}; {elapsed:.0f} s"
          + (f"; {len(skipped)} split-K rows left out (the triton family launches one axis)" if skipped else ""))
    print("\nEach row's command:")
    for row in rows:
        print("  " + command(row))
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_CSV))
