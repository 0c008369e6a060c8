"""Dimension efficiency: how much of a GEMM's padded, wave-quantized work is real work.

A tiled kernel covers C (M×N) with macro tiles of MT_M×MT_N, one workgroup each; the last row and
column of tiles hang over the edge and compute padding (tile quantization). The workgroups then run
in waves of (CUs × slots per CU); a last wave that does not fill every slot leaves units idle (wave
quantization):

    tiles_m  = ceil(M / MT_M)           tiles_n = ceil(N / MT_N)
    tile_eff = M·N / (tiles_m·MT_M · tiles_n·MT_N)
    num_tiles = tiles_m·tiles_n·batch   slots = CUs · slots_per_cu
    waves    = ceil(num_tiles / slots)  wq_eff = num_tiles / (waves·slots)
    dim_eff  = tile_eff · wq_eff

TraceLens counts one tile per CU at a time (slots_per_cu = 1, the default); a simulated kernel that
keeps several workgroups resident per CU (its occupancy) has that many slots, and its waves are the
replay's rounds. A batched GEMM launches num_tiles for every batch entry, so its waves count all of
them. Split-K and stream-K kernels divide work differently and are not modelled here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gemmsim.errors import InputError


@dataclass(frozen=True)
class DimEfficiency:
    m: int
    n: int
    tile_m: int
    tile_n: int
    batch: int
    compute_units: int
    slots_per_cu: int            # workgroups a CU runs at once (1: TraceLens's definition)
    tiles_m: int
    tiles_n: int
    num_tiles: int
    waves: int
    tile_eff: float
    wq_eff: float
    dim_eff: float

    @property
    def slots_per_wave(self) -> int:
        return self.compute_units * self.slots_per_cu


def dim_efficiency(m: int, n: int, tile_m: int, tile_n: int, compute_units: int, slots_per_cu: int = 1,
                   batch: int = 1, grid: tuple[int, int] | None = None) -> DimEfficiency:
    """Tile, wave-quantization and combined efficiency of an M×N output on MT_M×MT_N tiles.

    `grid` is the kernel's launch grid (tiles along M and N) where it is known; by default the
    tiles that cover the output."""
    for label, value in (("M", m), ("N", n), ("MT_M", tile_m), ("MT_N", tile_n), ("CU count", compute_units),
                         ("slots per CU", slots_per_cu), ("batch", batch)):
        if not isinstance(value, int) or value < 1:
            raise InputError(f"{label} must be a positive integer, got {value!r}")
    tiles_m, tiles_n = grid if grid is not None else (math.ceil(m / tile_m), math.ceil(n / tile_n))
    tile_eff = (m * n) / (tiles_m * tile_m * tiles_n * tile_n)
    num_tiles = tiles_m * tiles_n * batch
    slots = compute_units * slots_per_cu
    waves = math.ceil(num_tiles / slots)
    wq_eff = num_tiles / (waves * slots)
    return DimEfficiency(m, n, tile_m, tile_n, batch, compute_units, slots_per_cu, tiles_m, tiles_n, num_tiles,
                         waves, tile_eff, wq_eff, tile_eff * wq_eff)
