"""Dimension efficiency: how much of a GEMM's padded, wave-quantized work is real work.

A tiled kernel covers C (M×N) with macro tiles of MT_M×MT_N; the last row and column of tiles
hang over the edge and compute padding (tile quantization). The tiles then run in waves of one
tile per compute unit; a last wave that does not fill every unit leaves units idle (wave
quantization). These are the definitions TraceLens reports:

    tiles_m  = ceil(M / MT_M)           tiles_n = ceil(N / MT_N)
    tile_eff = M·N / (tiles_m·MT_M · tiles_n·MT_N)
    num_tiles = tiles_m·tiles_n         waves = ceil(num_tiles / CUs)
    wq_eff   = num_tiles / (waves·CUs)  dim_eff = tile_eff · wq_eff

A batched GEMM launches num_tiles for every batch entry, so its waves count all of them
(batch = 1 gives TraceLens's numbers exactly). Split-K and stream-K kernels divide work
differently and are not modelled here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gemmsim.errors import InputError


@dataclass(frozen=True)
class DimEfficiency:
    m: int
    n: int
    mt_m: int
    mt_n: int
    batch: int
    compute_units: int
    tiles_m: int
    tiles_n: int
    num_tiles: int
    waves: int
    tile_eff: float
    wq_eff: float
    dim_eff: float


def dim_efficiency(m: int, n: int, mt_m: int, mt_n: int, compute_units: int, batch: int = 1) -> DimEfficiency:
    """Tile, wave-quantization and combined efficiency of an M×N output on MT_M×MT_N tiles."""
    for label, value in (("M", m), ("N", n), ("MT_M", mt_m), ("MT_N", mt_n), ("CU count", compute_units),
                         ("batch", batch)):
        if not isinstance(value, int) or value < 1:
            raise InputError(f"{label} must be a positive integer, got {value!r}")
    tiles_m, tiles_n = math.ceil(m / mt_m), math.ceil(n / mt_n)
    tile_eff = (m * n) / (tiles_m * mt_m * tiles_n * mt_n)
    num_tiles = tiles_m * tiles_n * batch
    waves = math.ceil(num_tiles / compute_units)
    wq_eff = num_tiles / (waves * compute_units)
    return DimEfficiency(m, n, mt_m, mt_n, batch, compute_units, tiles_m, tiles_n, num_tiles, waves,
                         tile_eff, wq_eff, tile_eff * wq_eff)


def call_dim_efficiency(call, tile, compute_units: int) -> DimEfficiency:
    """Dimension efficiency of a framework-view GEMM (blas.BlasCall) on a kernel's macro tile.

    A tile named by a column-major BLAS library runs along the library's m, the framework's N.
    """
    m, n = (call.n, call.m) if tile.blas_view else (call.m, call.n)
    return dim_efficiency(m, n, tile.m, tile.n, compute_units, call.batch)
