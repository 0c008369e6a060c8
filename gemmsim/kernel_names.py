"""The macro tile (the C block one workgroup computes) read from a GEMM kernel's name: the one
place kernel names are parsed (gemmsim dimeff/shapes/trace and gemmsim compare's profiler readers).

Libraries write the tile into their kernel names:
  FlyDSL                kernel_gemm_preshuffle_fp8_64x256x128                  → 64×256, K 128 (dtype fp8)
  Tensile / hipBLASLt   Cijk_Alik_Bljk_BBS_BH_MT256x144x32_MI16x16x16x1_...   → 256×144, K 32
  Composable Kernel     a8w8_rowwise_256x128x128x64_32x32_2x2_...             → block 256 threads,
                        tile 128×128, K 64 (then the XDL tile and the waves per block)
  cuBLAS (xmma)         sm90_xmma_gemm_..._tilesize128x128x64_...              → 128×128, K 64
  cuBLAS (nvjet)        nvjet_sm90_tst_128x256_64x4_2x1_v_bz_TNT             → 128×256, K 64 (4 stages)
  CUTLASS 3             cutlass3x_sm90_tensorop_gemm_..._256x128x64_1x2x1_...  → 256×128, K 64
  gemmsim's own         64x256x128 (M×N×K)

Column-major BLAS libraries (Tensile, cuBLAS, CUTLASS kernels they pick) name the tile along
their own m and n, which are the framework's N and M (see blas.py); `blas_view` says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gemmsim.errors import InputError


@dataclass(frozen=True)
class MacroTile:
    m: int
    n: int
    k: int | None
    family: str
    blas_view: bool  # True: m runs along the BLAS library's m, i.e. the framework's N

    @property
    def label(self) -> str:
        return f"{self.m}x{self.n}" + (f"x{self.k}" if self.k else "")


# (family, pattern, group numbers of m, n, k, blas_view); the first match wins, so the
# most specific patterns come first.
_PATTERNS = (
    ("flydsl", re.compile(r"kernel_gemm\w*?_(\d+)x(\d+)x(\d+)(?![\dx])"), (1, 2, 3), False),
    ("tensile", re.compile(r"MT(\d+)x(\d+)x(\d+)"), (1, 2, 3), True),
    ("nvjet", re.compile(r"nvjet\w*?_(\d+)x(\d+)_(\d+)x\d+_"), (1, 2, 3), True),
    ("cublas", re.compile(r"tilesize(\d+)x(\d+)x(\d+)"), (1, 2, 3), True),
    ("ck", re.compile(r"(?<![\dx])\d+x(\d+)x(\d+)x(\d+)_\d+x\d+_\d+x\d+(?![\dx])"), (1, 2, 3), False),
    ("ck", re.compile(r"BlkTile:\s*(\d+)x(\d+)x(\d+)"), (1, 2, 3), False),
    ("cutlass", re.compile(r"cutlass\w*?_(\d+)x(\d+)x(\d+)_\d+x\d+x\d+_"), (1, 2, 3), True),
    ("cutlass", re.compile(r"_(\d+)x(\d+)_ldg\d+\w*?_stages_(\d+)x\d+"), (1, 2, 3), True),
)
_PLAIN = re.compile(r"\s*(\d+)x(\d+)(?:x(\d+))?\s*")


def parse_macro_tile(name: str) -> MacroTile | None:
    """The macro tile named in a kernel name or tile string, or None when it names none."""
    plain = _PLAIN.fullmatch(name)
    if plain:
        m, n, k = plain.groups()
        return _tile(m, n, k, "tile", blas_view=False)
    for family, pattern, (gm, gn, gk), blas_view in _PATTERNS:
        found = pattern.search(name)
        if found:
            return _tile(found.group(gm), found.group(gn), found.group(gk), family, blas_view)
    return None


# The element type FlyDSL writes before the tile (kernel_gemm_preshuffle_fp8_64x256x128).
_NAME_DTYPE = re.compile(r"kernel_gemm\w*?_(fp8|bf16|fp16|f16|int8|i8)_\d+x\d+x\d+(?![\dx])")


def dtype_in_name(name: str) -> str | None:
    """The dtype a FlyDSL-style kernel name spells, as written (None when it names none)."""
    found = _NAME_DTYPE.search(name)
    return found.group(1) if found else None


def require_macro_tile(text: str) -> MacroTile:
    """Like parse_macro_tile, but a string that names no tile is an input error."""
    tile = parse_macro_tile(text)
    if tile is None:
        raise InputError(f"--tile {text!r}: no macro tile found; expected e.g. MT256x64x32, 64x256x128,"
                         " a CK name like 256x128x128x64_32x32_2x2, or a Tensile/cuBLAS kernel name")
    if tile.m < 1 or tile.n < 1:
        raise InputError(f"--tile {text!r}: tile sizes must be positive, got {tile.label}")
    return tile


def _tile(m: str, n: str, k: str | None, family: str, blas_view: bool) -> MacroTile:
    return MacroTile(int(m), int(n), int(k) if k else None, family, blas_view)
