"""Tile and wave quantization, as TraceLens defines them.

A GEMM is cut into grid_m x grid_n output tiles, one per workgroup. Tiles that stick out past M
or N compute padding (tile efficiency); workgroups run in "waves" of CUs x workgroups_per_cu, and
a last, partly filled wave leaves CUs idle (wave-quantization efficiency). Their product is the
dimension efficiency.
"""

from __future__ import annotations

import math


def dim_efficiency(m: int, n: int, tile_m: int, tile_n: int, grid: tuple[int, int], compute_units: int,
                   workgroups_per_cu: int) -> dict:
    grid_m, grid_n = grid
    num_tiles = grid_m * grid_n
    slots = compute_units * workgroups_per_cu
    waves = math.ceil(num_tiles / slots) if slots else 0
    wq_eff = num_tiles / (waves * slots) if waves else 0.0
    tile_eff = (m * n) / (grid_m * tile_m * grid_n * tile_n)
    return {"num_tiles": num_tiles, "waves": waves, "slots_per_wave": slots, "wq_eff": wq_eff,
            "tile_eff": tile_eff, "dim_eff": tile_eff * wq_eff, "tile_m": tile_m, "tile_n": tile_n}
