"""Rows of FlyDSL's CI dashboard (preshuffle GEMM times on its MI325X and MI355X runners) as a CSV.

FlyDSL's CI publishes every benchmark it runs in `history.json` on the `ci-dashboard-data` branch of
github ROCm/FlyDSL: one record per run, op ("gemm": sync copy; "gemm_async": async copy), shape and tile
("MxNxK_tileMxNxK[_Ntg]", the tag giving waves_per_eu), dtype, TFLOPS and the runner. This script takes
the median TFLOPS of each (runner, op, shape, dtype) over the runs of a date range, derives the time as
2MNK / TFLOPS, and writes the rows in the columns of validation/data/amd_public.csv, leaving out the
rows that file already has (its rows came the same way, from the same commit and dates):

    git -C FLYDSL show 0b540b32e5507941455fdd0ecbde34dc9389a623:history.json > /tmp/history.json
    python validation/flydsl_ci_rows.py /tmp/history.json > validation/data/amd_public_more.csv

The kernel's options per op are those of the CI's scripts/run_benchmark.sh at the commits those runs
ran (ROCm/FlyDSL @42ae6972): sync rows lds_stage 2 and no waves_per_eu hint; async rows lds_stage 2,
async copy and waves_per_eu 2 (the script's GEMM_WAVES_PER_EU default and its per-shape value).
Runs whose value is missing (the MI325X runner's async rows: async copy needs gfx950) are skipped.
"""

from __future__ import annotations

import csv
import json
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PUBLISHED = REPO / "validation" / "data" / "amd_public.csv"
COMMIT = "0b540b32e5507941455fdd0ecbde34dc9389a623"
DATES = ("2026-07-09", "2026-07-12")          # inclusive, the dates of amd_public.csv's medians
RUNNERS = {"linux-flydsl-mi325-1": "MI325X (gfx942, 304 CU) CI runner linux-flydsl-mi325-1",
           "linux-flydsl-mi355-1": "MI355X (gfx950, 256 CU) CI runner linux-flydsl-mi355-1"}
DTYPE_TEXT = {"fp8": "fp8 (e4m3fnuz on gfx942, e4m3fn on gfx950) per-token/per-channel scale",
              "int8": "int8 per-token/per-channel scale", "bf16": "bf16"}
KERNEL = {"gemm": "FlyDSL kernels/gemm/preshuffle_gemm.py (sync copy, lds_stage=2)",
          "gemm_async": "FlyDSL kernels/gemm/preshuffle_gemm.py (async copy, lds_stage=2, waves_per_eu={wpe})"}
SHAPE = re.compile(r"^(\d+)x(\d+)x(\d+)_tile(\d+x\d+x\d+)(?:_(\d+)tg)?$")


def medians(history: dict) -> list[dict]:
    groups: dict[tuple, list[float]] = defaultdict(list)
    for rec in history["records"]:
        if rec["op"] not in KERNEL or rec["runner"] not in RUNNERS or rec.get("value") is None:
            continue
        if not DATES[0] <= rec["ts"][:10] <= DATES[1]:
            continue
        groups[(rec["runner"], rec["op"], rec["shape"], rec["dtype"])].append(float(rec["value"]))
    rows = []
    for (runner, op, shape, dtype), values in sorted(groups.items()):
        m, n, k, tile, wpe = SHAPE.match(shape).groups()
        tflops = statistics.median(values)
        time_us = 2 * int(m) * int(n) * int(k) / (tflops * 1e12) * 1e6
        rows.append({
            "source": "FlyDSL CI dashboard (ci-dashboard-data branch history.json)", "repo": "ROCm/FlyDSL",
            "path": "history.json @ branch ci-dashboard-data", "commit": COMMIT, "gpu": RUNNERS[runner],
            "dtype_in": DTYPE_TEXT[dtype], "dtype_out": "bf16", "B": "1", "M": m, "N": n, "K": k, "splitK": "",
            "kernel": KERNEL[op].format(wpe=wpe), "tile": f"tile{tile}", "time_us": f"{time_us:.2f}",
            "tflops": f"{tflops:.2f}".rstrip("0").rstrip("."), "bw_GBps": "",
            "notes": f"median of n={len(values)} CI runs {DATES[0]}..{DATES[1][-2:]} ({op}); time_us derived = 2MNK/TFLOPS"})
    return rows


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_file():
        print("usage: python validation/flydsl_ci_rows.py HISTORY_JSON (FlyDSL's history.json at "
              f"{COMMIT[:8]})", file=sys.stderr)
        return 2
    published = list(csv.DictReader(PUBLISHED.open()))
    have = {(r["gpu"], r["M"], r["N"], r["K"], r["tile"], r["kernel"], r["dtype_in"].split()[0]) for r in published}
    rows = [r for r in medians(json.loads(Path(argv[0]).read_text()))
            if (r["gpu"], r["M"], r["N"], r["K"], r["tile"], r["kernel"], r["dtype_in"].split()[0]) not in have]
    out = csv.DictWriter(sys.stdout, fieldnames=list(published[0].keys()), lineterminator="\n")
    out.writeheader()
    out.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
