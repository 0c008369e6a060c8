"""What a store costs on the H200, from the `epilogue` microbenchmark group (issue 12).

    python -m validation.analyses.storefit validation/results/h200/microbench_epilogue.csv

The rows come from `python -m validation.microbench --only epilogue` (microbench.hip's store_shape and
epilogue_stores):
* store_<shape>, metric block_cycles: on 16 SMs, one 4-warp block each, every warp issues 32 stores per
  rep to fresh lines; the block's cycles from its first store's issue to its last's. By difference of
  the largest two reps, the SM's cycles per store. The kernel's own code (an address and a constant
  load per store) takes about 5.4 cycles a store: the shapes that measure within CODE_BOUND of the
  fastest show that bound, not the store's, and give only an upper limit. Over the others of one
  4-byte store per lane (WORD_SHAPES), least squares:
  cycles = l1_store_cycles_per_line x lines + l1_store_cycles_per_partial_sector x sectors written in part.
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

import re
import sys
from dataclasses import dataclass

import numpy as np

from gemmsim.errors import InputError
from gemmsim.measurements.microbench import Row
from validation.analyses.command import fit_command

SECTOR_BYTES = 32
WARPS = 4                  # microbench.hip: 4-warp blocks
STORES_PER_REP = 32        # microbench.hip's STORE_SHAPE_UNROLL
EPILOGUE_WARP_SECTORS = 8  # the GEMM's C store: 8 rows of 4 lanes, one sector each
# store_shape's shapes (validation/microbench.py STORE_SHAPES): (lines, sectors written in part) of one store
WORD_SHAPES = {"line": (1, 0), "rows8_half": (8, 8), "rows8_16B": (8, 8), "rows32_word": (32, 32),
               "rows2_words_8B_apart": (2, 8), "rows4_words_16B_apart": (4, 16), "rows4_sector": (4, 0),
               "rows4_sector_1_row": (1, 0), "rows8_half_1_row": (1, 1)}
PAIR_SHAPES = {"rows8_full": (8, 8), "rows4_two_sectors": (4, 8), "rows8_pairs_32B_apart": (8, 32)}
CODE_BOUND = 1.5           # a shape within 1.5x the fastest measures the kernel's code, not the store
MIN_STORES_PER_BLOCK = 256
EPILOGUE = re.compile(r"^epilogue_m(\d+)_n(\d+)_b(\d+)$")


@dataclass(frozen=True)
class StoreFit:
    per_line: float
    per_partial_sector: float
    code_bound: float                                    # the fastest shape's cycles: the kernel's own limit
    per_shape: tuple[tuple[str, int, int, float], ...]   # (shape, lines, sectors written in part, cycles per store)
    l2_bytes_per_s: float
    per_epilogue: tuple[tuple[str, float], ...]          # (bench, sector bytes per second)

    def cycles(self, lines: int, partial: int) -> float:
        return self.per_line * lines + self.per_partial_sector * partial

    def fitted(self, shape: str, cycles: float) -> bool:
        return shape in WORD_SHAPES and cycles > CODE_BOUND * self.code_bound


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
    for shape, (lines, partial) in shapes.items():
        points = _by_reps(rows, f"store_{shape}", "block_cycles")
        if points:
            reps, cycles = _slope(points, f"store_{shape}")
            out.append((shape, lines, partial, cycles / (reps * WARPS * STORES_PER_REP)))
    return out


def fit_rows(rows: list[Row], sms: int) -> StoreFit:
    words = _per_store(rows, WORD_SHAPES)
    code_bound = min((c for *_, c in words), default=0.0)
    bound = [w for w in words if w[3] > CODE_BOUND * code_bound]
    if len(bound) < 2:
        raise InputError(f"two store_* block_cycles rows of {', '.join(WORD_SHAPES)} above {CODE_BOUND} x the fastest "
                         f"are needed (python -m validation.microbench --only epilogue writes them)")
    x = np.array([(lines, partial) for _, lines, partial, _ in bound], dtype=float)
    (per_line, per_partial), *_ = np.linalg.lstsq(x, np.array([c for *_, c in bound]), rcond=None)
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
    return StoreFit(float(per_line), float(per_partial), code_bound, tuple(words + _per_store(rows, PAIR_SHAPES)),
                    float(np.median([b for _, b in per_epilogue])), tuple(per_epilogue))


def report(fit: StoreFit) -> str:
    lines = [f"cycles per store on one SM (16 SMs storing), by shape; fit: {fit.per_line:.3f} per line + "
             f"{fit.per_partial_sector:.3f} per sector written in part",
             f"  {'shape':24s} lines partial  measured      fit"]
    for shape, n_lines, partial, cycles in fit.per_shape:
        pair = shape in PAIR_SHAPES          # two stores, each the shape's lines and sectors
        fitted = (2 if pair else 1) * fit.cycles(n_lines, partial)
        note = ("" if fit.fitted(shape, cycles) else
                "  (two 4-byte stores to the same sectors, fit as two: not fitted)" if pair else
                f"  (within {CODE_BOUND}x the fastest: the kernel's code; the fit must not exceed it)")
        lines.append(f"  {shape:24s} {n_lines:5d} {partial:7d} {cycles:9.2f} {fitted:8.2f} {fitted / cycles - 1:+5.0%}{note}")
    lines.append(f"stores' sectors the L2 takes with every SM storing: {fit.l2_bytes_per_s / 1e12:.3f} TB/s (median)")
    for bench, rate in fit.per_epilogue:
        lines.append(f"  {bench:24s} {rate / 1e12:.3f} TB/s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    return fit_command("storefit", __doc__, "microbench_epilogue.csv (python -m validation.microbench --only epilogue)",
                       lambda rows, args: report(fit_rows(rows, args.sms)), argv,
                       lambda p: p.add_argument("--sms", type=int, default=132,
                                                help="the GPU's SM count: the epilogue series on every SM (132)"))


if __name__ == "__main__":
    sys.exit(main())
