"""What a store costs on the H200, from the `epilogue` microbenchmark group (issue 12).

    python -m gemmsim.validate.storefit validation/results/h200/microbench_epilogue.csv

The rows come from `python -m validation.microbench --only epilogue` (microbench.hip's store_shape and
epilogue_stores):
* store_<shape>, metric block_cycles: on 16 SMs, one 4-warp block each, every warp issues 32 stores per
  rep to fresh lines; the block's cycles from its first store's issue to its last's. By difference of
  the largest two reps, the SM's cycles per store. Over the shapes of one 4-byte store per lane (WORD_SHAPES),
  cycles = l1_store_cycles_per_sector x sectors + l1_store_cycles_per_line x lines, least squares over
  those the lines and sectors bound (all but `line`), and at least `line`'s cycles
  (l1_store_min_cycles: 32 lanes' 4 bytes on one line take longer than one line and four sectors).
  The shapes of 8 bytes per lane compile to two 4-byte stores to the same sectors (one STG.E.64 among
  the kernel's stores), which the L1 merges in part (Nsight Compute, store_ncu.csv: 4.9 of 8 sectors
  reach the L2 for rows8_full, 30.6 of 32 for rows8_pairs_32B_apart): reported against the fit for
  two stores, not fitted.
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
# store_shape's shapes (validation/microbench.py STORE_SHAPES): (sectors, lines) one warp's store writes
WORD_SHAPES = {"line": (4, 1), "rows8_half": (8, 8), "rows8_16B": (8, 8), "rows32_word": (32, 32),
               "rows2_words_8B_apart": (8, 2), "rows4_words_16B_apart": (16, 4)}
PAIR_SHAPES = {"rows8_full": (8, 8), "rows4_two_sectors": (8, 4), "rows8_pairs_32B_apart": (32, 8)}
FLOOR_SHAPE = "line"
MIN_STORES_PER_BLOCK = 256
EPILOGUE = re.compile(r"^epilogue_m(\d+)_n(\d+)_b(\d+)$")


@dataclass(frozen=True)
class StoreFit:
    per_sector: float
    per_line: float
    min_cycles: float
    per_shape: tuple[tuple[str, int, int, float], ...]   # (shape, sectors, lines, measured cycles per store)
    l2_bytes_per_s: float
    per_epilogue: tuple[tuple[str, float], ...]          # (bench, sector bytes per second)

    def cycles(self, sectors: int, lines: int) -> float:
        return max(self.min_cycles, self.per_sector * sectors + self.per_line * lines)


def _by_reps(rows: list[Row], bench: str, metric: str) -> dict[int, float]:
    return {int(r.param_value): r.value for r in rows if r.bench == bench and r.metric == metric}


def _slope(points: dict[int, float], what: str) -> tuple[int, float]:
    """(extra reps, extra value) between the largest two reps."""
    reps = sorted(k for k in points if k > 0)
    if len(reps) < 2:
        raise InputError(f"{what}: needs two rep counts above 0 (have {sorted(points)})")
    return reps[-1] - reps[-2], points[reps[-1]] - points[reps[-2]]


def _per_store(rows: list[Row], shapes: dict[str, tuple[int, int]]) -> list[tuple[str, int, int, float]]:
    out = []
    for shape, (sectors, lines) in shapes.items():
        points = _by_reps(rows, f"store_{shape}", "block_cycles")
        if points:
            reps, cycles = _slope(points, f"store_{shape}")
            out.append((shape, sectors, lines, cycles / (reps * WARPS * STORES_PER_REP)))
    return out


def fit_rows(rows: list[Row], sms: int) -> StoreFit:
    words = _per_store(rows, WORD_SHAPES)
    bound = [w for w in words if w[0] != FLOOR_SHAPE]
    floor = [c for shape, _, _, c in words if shape == FLOOR_SHAPE]
    if len(bound) < 2 or not floor:
        raise InputError(f"store_{FLOOR_SHAPE} and two more store_* block_cycles rows of {', '.join(WORD_SHAPES)} are "
                         f"needed (python -m validation.microbench --only epilogue writes them)")
    x = np.array([(s, l) for _, s, l, _ in bound], dtype=float)
    (per_sector, per_line), *_ = np.linalg.lstsq(x, np.array([c for *_, c in bound]), rcond=None)
    per_epilogue = []
    for bench in sorted({r.bench for r in rows if EPILOGUE.match(r.bench)}):
        m_rep, n_rep, blocks = (int(v) for v in EPILOGUE.match(bench).groups())
        if blocks != sms or WARPS * m_rep * n_rep * 4 < MIN_STORES_PER_BLOCK:
            continue
        reps, us = _slope(_by_reps(rows, bench, "event_time_us"), bench)
        stores = reps * blocks * WARPS * m_rep * n_rep * 4      # four stores per fragment and lane
        per_epilogue.append((bench, stores * EPILOGUE_WARP_SECTORS * SECTOR_BYTES / (us * 1e-6)))
    if not per_epilogue:
        raise InputError(f"no epilogue_m*_n*_b{sms} event_time_us rows of {MIN_STORES_PER_BLOCK} stores a block or "
                         f"more: give --sms the SM count the bench used")
    return StoreFit(float(per_sector), float(per_line), floor[0], tuple(words + _per_store(rows, PAIR_SHAPES)),
                    float(np.median([b for _, b in per_epilogue])), tuple(per_epilogue))


def report(fit: StoreFit) -> str:
    lines = [f"cycles per store on one SM (16 SMs storing), by shape; fit: {fit.per_sector:.3f} per sector + "
             f"{fit.per_line:.3f} per line, at least {fit.min_cycles:.2f}",
             f"  {'shape':24s} sectors lines  measured      fit"]
    for shape, sectors, lines_, cycles in fit.per_shape:
        pair = shape in PAIR_SHAPES          # two stores, each the shape's sectors and lines
        fitted = (2 if pair else 1) * fit.cycles(sectors, lines_)
        note = "  (two 4-byte stores to the same sectors, fit as two: not fitted)" if pair else ""
        lines.append(f"  {shape:24s} {sectors:7d} {lines_:5d} {cycles:9.2f} {fitted:8.2f} {fitted / cycles - 1:+5.0%}{note}")
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
