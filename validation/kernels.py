"""The kernels of ``kernels/`` as the runner sees them: names, element types, launch geometry.

The ladder's geometry is fixed by ``kernels/ladder.hip`` (a 16 x 16 work-group; the tile each
work-group computes is listed here and in that file's header). The matrix-core tile
configurations are gemmsim's ``BUILT_TILES`` (gemmsim/frontends/sm90/mma_space.py), the one list
the runner and ``gemmsim tune --family sm90-mma`` read; tests/test_mma_space.py checks that the
``GS_MMA_TILE_CONFIGS`` macro of ``kernels/mma_preshuffle.hip`` instantiates exactly those.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

KERNELS_DIR = Path(__file__).resolve().parent.parent / "kernels"
LADDER_SOURCE = KERNELS_DIR / "ladder.hip"
MMA_SOURCE = KERNELS_DIR / "mma_preshuffle.hip"
HARNESS_SOURCE = KERNELS_DIR / "harness.hip"  # hold_gpu, launched by the runner beside the timed kernels

LADDER_DTYPES = ("f32", "f64", "i32")
# numpy dtype names of the ladder element types (the kernels use float, double, int)
NUMPY_DTYPE = {"f32": "float32", "f64": "float64", "i32": "int32"}
MMA_WAVES_PER_BLOCK = 4
WAVE_SIZE = {"nvidia": 32, "amd": 64}
MMA_K_PADDING = 128  # host pads pre-shuffled B's K to this (a multiple of every TILE_K)
MMA_N_PADDING = 256  # and N to this (a multiple of every TILE_N)


@dataclass(frozen=True)
class LaunchSpec:
    """What one launch needs: the symbol, the C tile per work-group, the work-group shape."""

    symbol: str
    family: str  # "ladder" or "mma"
    kernel: str  # kernel name without the type suffix, e.g. "gemm_tiled"
    dtype: str  # "f32", "f64", "i32", or "bf16" for the matrix-core kernel
    tile_m: int
    tile_n: int
    tile_k: int  # K per LDS stage (0 where the kernel stages nothing)
    block: tuple[int, int, int]
    swizzle: bool = False
    split_k: int = 1  # the grid's z: K split this many ways, partials summed by REDUCE_SYMBOL after

    def grid(self, m: int, n: int) -> tuple[int, int, int]:
        return (-(-n // self.tile_n), -(-m // self.tile_m), self.split_k)

    @property
    def tile(self) -> str:
        return f"{self.tile_m}x{self.tile_n}x{self.tile_k}"

    @property
    def threads(self) -> int:
        return self.block[0] * self.block[1] * self.block[2]


# name -> (C tile edge per work-group, K per LDS stage)
_LADDER_GEOMETRY = {
    "gemm": (16, 0),
    "gemm_tiled": (16, 16),
    "gemm_blocked2x2": (32, 0),
    "gemm_tiled_blocked2x2": (32, 16),
    "gemm_blocked4x4": (64, 0),
}
LADDER_KERNELS = tuple(_LADDER_GEOMETRY)


def ladder_spec(kernel: str, dtype: str) -> LaunchSpec:
    if kernel not in _LADDER_GEOMETRY:
        raise ValueError(f"unknown ladder kernel {kernel!r}; known: {', '.join(LADDER_KERNELS)}")
    if dtype not in LADDER_DTYPES:
        raise ValueError(f"ladder dtype {dtype!r} is not one of {', '.join(LADDER_DTYPES)}")
    edge, tile_k = _LADDER_GEOMETRY[kernel]
    return LaunchSpec(f"{kernel}_{dtype}", "ladder", kernel, dtype, edge, edge, tile_k, (16, 16, 1))


def mma_tile_configs() -> list[tuple[int, int, int]]:
    """The (TILE_M, TILE_N, TILE_K) kernels/mma_preshuffle.hip is built for."""
    from gemmsim.frontends.sm90.mma_space import BUILT_TILES

    return list(BUILT_TILES)


def mma_symbol(tile_m: int, tile_n: int, tile_k: int, swizzle: bool, split_k: int = 1) -> str:
    """gemmsim's spelling (gemmsim.frontends.sm90.families.mma_symbol): `tune --measure-top` asks for these symbols."""
    from gemmsim.frontends.sm90.families import mma_symbol as symbol

    return symbol((tile_m, tile_n, tile_k), swizzle, split_k)


def mma_spec(tile_m: int, tile_n: int, tile_k: int, swizzle: bool, vendor: str = "nvidia",
             split_k: int = 1) -> LaunchSpec:
    threads = MMA_WAVES_PER_BLOCK * WAVE_SIZE[vendor]
    return LaunchSpec(mma_symbol(tile_m, tile_n, tile_k, swizzle, split_k), "mma", "mma_preshuffle", "bf16",
                      tile_m, tile_n, tile_k, (threads, 1, 1), swizzle, split_k)


def mma_splitk_configs() -> list[tuple[tuple[int, int, int], int]]:
    """(tile, split) of the split-K kernels of kernels/mma_preshuffle.hip (all swizzled)."""
    from gemmsim.frontends.sm90.mma_space import SPLITK_FACTORS, SPLITK_TILES

    return [(tile, split) for tile in SPLITK_TILES for split in SPLITK_FACTORS]


# The second pass of split-K (kernels/mma_preshuffle.hip): C = the sum of the split-K kernel's partials.
# It runs after every split-K launch, between the same events: the time is what a library's split-K
# GEMM takes (the partial tiles' kernel and the reduction).
REDUCE_SYMBOL = "splitk_reduce_f32"
REDUCE_THREADS = 256
REDUCE_PER_THREAD = 4


def reduce_spec() -> LaunchSpec:
    return LaunchSpec(REDUCE_SYMBOL, "reduce", "splitk_reduce", "f32", 0, 0, 0, (REDUCE_THREADS, 1, 1))


def reduce_grid(m: int, n: int) -> tuple[int, int, int]:
    return (-(-(m * n) // (REDUCE_THREADS * REDUCE_PER_THREAD)), 1, 1)


def all_specs(vendor: str = "nvidia") -> list[LaunchSpec]:
    """Every GEMM kernel of kernels/ (the reduction pass is no GEMM: reduce_spec)."""
    specs = [ladder_spec(k, d) for d in LADDER_DTYPES for k in LADDER_KERNELS]
    specs += [mma_spec(*cfg, swz, vendor) for cfg in mma_tile_configs() for swz in (False, True)]
    specs += [mma_spec(*tile, True, vendor, split) for tile, split in mma_splitk_configs()]
    return specs


def source_of(symbol: str) -> str:
    """Which kernels/ source (validation.build.SOURCES key) defines a kernel symbol."""
    return "mma_preshuffle" if symbol.startswith("mma_preshuffle_") or symbol == REDUCE_SYMBOL else "ladder"


def spec_by_symbol(symbol: str, vendor: str = "nvidia") -> LaunchSpec:
    if symbol == REDUCE_SYMBOL:
        return reduce_spec()
    for spec in all_specs(vendor):
        if spec.symbol == symbol:
            return spec
    raise ValueError(f"no kernel named {symbol!r} in kernels/")
