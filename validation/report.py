"""Markdown tables for validation/REPORT_h200.md, computed from the committed CSVs.

    python -m validation.report [RESULTS_DIR]

The report pastes this output; tests/test_results_h200.py checks that it still matches,
so the figures in the prose cannot drift from the data.
"""
from __future__ import annotations

import csv
import statistics
import sys
from pathlib import Path

from validation import kernels, suites

DEFAULT_DIR = Path(__file__).resolve().parent / "results" / "h200"


def _read(path: Path) -> list[dict]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def _shape(r: dict) -> tuple[int, int, int]:
    return int(r["M"]), int(r["N"]), int(r["K"])


def _fmt_shape(s) -> str:
    return "x".join(map(str, s))


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def ladder_table(ladder: list[dict], matrix: list[dict], dtype: str) -> str:
    """GFLOP/s of every ladder kernel per shape (kernel-only), with the best end-to-end."""
    by = {(r["kernel"], _shape(r)): r for r in ladder if r["dtype"] == dtype}
    best_mma = {}
    for r in matrix:
        s = _shape(r)
        if s not in best_mma or float(r["gflops"]) > float(best_mma[s]["gflops"]):
            best_mma[s] = r
    header = ["M x N x K"] + list(kernels.LADDER_KERNELS) + ["best e2e"]
    if dtype == "f32":
        header += ["matrix-core bf16 (best tile)"]
    rows = []
    for s in suites.LADDER_TYPE_SHAPES[dtype]:
        cells = [f"{float(by[(k, s)]['gflops']):,.0f}" for k in kernels.LADDER_KERNELS]
        e2e = max(float(by[(k, s)]["e2e_gflops"]) for k in kernels.LADDER_KERNELS)
        row = [_fmt_shape(s)] + cells + [f"{e2e:,.0f}"]
        if dtype == "f32":
            m = best_mma[s]
            row.append(f"{float(m['gflops']):,.0f} ({m['tile_mxnxk']} swz{m['swizzle']})")
        rows.append(row)
    return _table(header, rows)


def matrix_best_table(matrix: list[dict]) -> str:
    rows = []
    for s in suites.SHAPES:
        mine = [r for r in matrix if _shape(r) == s]
        best = {sw: max((r for r in mine if r["swizzle"] == sw), key=lambda r: float(r["gflops"]))
                for sw in ("0", "1")}
        t = {(r["tile_mxnxk"], r["swizzle"]): float(r["kernel_time_us"]) for r in mine}
        ratios = sorted(t[(tile, "0")] / t[(tile, "1")] for tile in {r["tile_mxnxk"] for r in mine})
        rows.append([_fmt_shape(s), best["1"]["tile_mxnxk"], f"{float(best['1']['kernel_time_us']):,.1f}",
                     f"{float(best['1']['gflops']) / 1e3:,.1f}", best["0"]["tile_mxnxk"],
                     f"{float(best['0']['gflops']) / 1e3:,.1f}", f"{statistics.median(ratios):.2f}",
                     f"{ratios[0]:.2f} .. {ratios[-1]:.2f}", f"{float(best['1']['e2e_gflops']) / 1e3:,.2f}"])
    return _table(["M x N x K", "best tile (swizzle on)", "time_us", "TFLOP/s", "best tile (off)",
                   "TFLOP/s (off)", "swizzle speed-up, median", "min .. max", "e2e TFLOP/s"], rows)


def matrix_config_table(matrix: list[dict], ncu: list[dict], shape=(4096, 4096, 4096)) -> str:
    t = {(r["tile_mxnxk"], r["swizzle"]): r for r in matrix if _shape(r) == shape}
    c = {r["symbol"]: r for r in ncu if _shape(r) == shape}
    rows = []
    for tm, tn, tk in kernels.mma_tile_configs():
        tile = f"{tm}x{tn}x{tk}"
        cells = [tile]
        for sw in ("0", "1"):
            r = t[(tile, sw)]
            n = c[kernels.mma_symbol(tm, tn, tk, sw == "1")]
            ratio = float(n["shared_ld_wavefronts"]) / max(float(n["shared_ld_instructions"]), 1)
            cells += [f"{float(r['kernel_time_us']):,.1f}", f"{float(r['gflops']) / 1e3:,.1f}", f"{ratio:.2f}"]
        cells.append(t[(tile, "1")]["regs_per_thread"])
        rows.append(cells)
    return _table(["tile MxNxK", "time_us (off)", "TFLOP/s (off)", "LDS wavefronts/load (off)",
                   "time_us (on)", "TFLOP/s (on)", "LDS wavefronts/load (on)", "regs (on)"], rows)


def ncu_ladder_table(ncu: list[dict], shape=(4096, 4096, 4096)) -> str:
    rows = []
    for r in ncu:
        if _shape(r) != shape or not r["symbol"].startswith("gemm"):
            continue
        ld, st = float(r["shared_ld_instructions"]), float(r["shared_st_instructions"])
        rows.append([r["symbol"], f"{int(float(r['shared_ld_bank_conflicts'])):,}",
                     f"{int(float(r['shared_st_bank_conflicts'])):,}",
                     f"{float(r['shared_ld_wavefronts']) / ld:.3f}" if ld else "-",
                     f"{float(r['shared_st_wavefronts']) / st:.3f}" if st else "-",
                     f"{float(r['achieved_occupancy_pct']):.1f}", r["registers_per_thread"],
                     f"{float(r['duration_ns']) / 1e3:,.1f}"])
    return _table(["kernel", "LDS load conflicts", "LDS store conflicts", "wavefronts/load",
                   "wavefronts/store", "achieved occupancy %", "regs", "ncu duration_us"], rows)


def microbench_table(micro: list[dict]) -> str:
    rows = [[r["bench"], f"{r['param_name']}={r['param_value']}", r["metric"], r["value"]] for r in micro]
    return _table(["bench", "parameter", "metric", "value"], rows)


def all_tables(results_dir: Path = DEFAULT_DIR) -> dict[str, str]:
    ladder, matrix = _read(results_dir / "ladder.csv"), _read(results_dir / "matrix.csv")
    ncu, micro = _read(results_dir / "ncu.csv"), _read(results_dir / "microbench.csv")
    return {
        "ladder_f32": ladder_table(ladder, matrix, "f32"),
        "ladder_f64": ladder_table(ladder, matrix, "f64"),
        "ladder_i32": ladder_table(ladder, matrix, "i32"),
        "matrix_best": matrix_best_table(matrix),
        "matrix_configs_4096": matrix_config_table(matrix, ncu),
        "ncu_ladder_4096": ncu_ladder_table(ncu),
        "microbench": microbench_table(micro),
    }


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    tables = all_tables(Path(argv[0]) if argv else DEFAULT_DIR)
    for name, text in tables.items():
        print(f"<!-- table: {name} -->\n{text}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
