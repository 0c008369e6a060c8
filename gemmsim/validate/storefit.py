"""What a store costs on the H200, from the `epilogue` microbenchmark group (issue 12).

    python -m gemmsim.validate.storefit validation/results/h200/microbench_epilogue.csv

The rows come from `python -m validation.microbench --only epilogue` (microbench.hip's store_shape and
epilogue_stores):
* store_<shape>, metric block_cycles: on 16 SMs, one 4-warp block each, every warp issues 32 stores per
  rep to fresh lines; the block's cycles from its first store's issue to its last's. By difference of
  the largest two reps, the SM's cycles per store, which the shape's sectors divide: one least-squares
  figure through the origin over the shapes (cycles = sectors x l1_store_cycles_per_sector).
* epilogue_m<M_REP>_n<N_REP>_b<blocks>, metric event_time_us: the matrix-core GEMM's C stores on every
  SM (blocks = the SM count) and on 16. With every SM storing, the sectors of the extra reps over their
  extra time give the rate at which the L2 takes stores' sectors, the whole GPU together
  (l2_store_bytes_per_s, counting 32 bytes a sector): the median over the tiles of at least
  MIN_STORES_PER_BLOCK stores (a smaller tile's extra reps take too little time to show a rate).
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from gemmsim.errors import GemmsimError, InputError
from gemmsim.validate.microbench import Row, read_microbench

SECTOR_BYTES = 32
WARPS = 4                  # microbench.hip: 4-warp blocks
STORES_PER_REP = 32        # microbench.hip's STORE_SHAPE_UNROLL
EPILOGUE_WARP_SECTORS = 8  # the GEMM's C store: 8 rows of 4 lanes, one sector each
# store_shape's shapes (validation/microbench.py STORE_SHAPES): sectors one warp's store writes
SHAPE_SECTORS = {"line": 4, "rows8_half": 8, "rows8_16B": 8, "rows8_full": 8, "rows4_two_sectors": 8,
                 "rows32_word": 32}
MIN_STORES_PER_BLOCK = 256
EPILOGUE = re.compile(r"^epilogue_m(\d+)_n(\d+)_b(\d+)$")


@dataclass(frozen=True)
class StoreFit:
    cycles_per_sector: float
    per_shape: tuple[tuple[str, int, float], ...]     # (shape, sectors, measured cycles per store)
    l2_bytes_per_s: float
    per_epilogue: tuple[tuple[str, float], ...]       # (bench, sector bytes per second)


def _by_reps(rows: list[Row], bench: str, metric: str) -> dict[int, float]:
    return {int(r.param_value): r.value for r in rows if r.bench == bench and r.metric == metric}


def _slope(points: dict[int, float], what: str) -> tuple[int, float]:
    """(extra reps, extra value) between the largest two reps."""
    reps = sorted(k for k in points if k > 0)
    if len(reps) < 2:
        raise InputError(f"{what}: needs two rep counts above 0 (have {sorted(points)})")
    return reps[-1] - reps[-2], points[reps[-1]] - points[reps[-2]]


def fit_rows(rows: list[Row], sms: int) -> StoreFit:
    per_shape = []
    for shape, sectors in SHAPE_SECTORS.items():
        points = _by_reps(rows, f"store_{shape}", "block_cycles")
        if not points:
            continue
        reps, cycles = _slope(points, f"store_{shape}")
        per_shape.append((shape, sectors, cycles / (reps * WARPS * STORES_PER_REP)))
    if not per_shape:
        raise InputError("no store_* block_cycles rows (python -m validation.microbench --only epilogue writes them)")
    sectors = np.array([s for _, s, _ in per_shape], dtype=float)
    cycles = np.array([c for _, _, c in per_shape])
    per_sector = float(sectors @ cycles / (sectors @ sectors))
    per_epilogue = []
    for bench in sorted({r.bench for r in rows if EPILOGUE.match(r.bench)}):
        m_rep, n_rep, blocks = (int(x) for x in EPILOGUE.match(bench).groups())
        if blocks != sms or WARPS * m_rep * n_rep * 4 < MIN_STORES_PER_BLOCK:
            continue
        reps, us = _slope(_by_reps(rows, bench, "event_time_us"), bench)
        stores = reps * blocks * WARPS * m_rep * n_rep * 4      # four stores per fragment and lane
        per_epilogue.append((bench, stores * EPILOGUE_WARP_SECTORS * SECTOR_BYTES / (us * 1e-6)))
    if not per_epilogue:
        raise InputError(f"no epilogue_m*_n*_b{sms} event_time_us rows of {MIN_STORES_PER_BLOCK} stores a block or "
                         f"more: give --sms the SM count the bench used")
    return StoreFit(per_sector, tuple(per_shape), float(np.median([b for _, b in per_epilogue])),
                    tuple(per_epilogue))


def report(fit: StoreFit) -> str:
    lines = [f"cycles per store on one SM (16 SMs storing), by shape; fit: {fit.cycles_per_sector:.3f} cycles per sector"]
    for shape, sectors, cycles in fit.per_shape:
        lines.append(f"  {shape:18s} {sectors:3d} sectors  {cycles:6.2f} cycles  "
                     f"(fit {sectors * fit.cycles_per_sector:6.2f}, {cycles / (sectors * fit.cycles_per_sector) - 1:+.0%})")
    lines.append(f"stores' sectors the L2 takes with every SM storing: {fit.l2_bytes_per_s / 1e12:.3f} TB/s (median)")
    for bench, rate in fit.per_epilogue:
        lines.append(f"  {bench:24s} {rate / 1e12:.3f} TB/s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m gemmsim.validate.storefit", description=__doc__.split("\n\n")[0])
    p.add_argument("csv", type=Path, help="microbench_epilogue.csv (python -m validation.microbench --only epilogue)")
    p.add_argument("--sms", type=int, default=132, help="the GPU's SM count: the epilogue series on every SM (132)")
    args = p.parse_args(argv)
    try:
        fit = fit_rows(read_microbench(args.csv), args.sms)
    except GemmsimError as e:
        print(f"storefit: error: {e}", file=sys.stderr)
        return 2
    print(report(fit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
