"""The configurations kernels/mma_preshuffle.hip builds, and the sm90-mma family's candidate space.

BUILT_TILES is the one list of the (TILE_M, TILE_N, TILE_K) the kernel is instantiated for: the
validation runner (validation/kernels.py) and `gemmsim tune --family sm90-mma` both read it here, and
tests/test_mma_space.py checks that the source's GS_MMA_TILE_CONFIGS macro (what nvcc builds, one
symbol per tile and swizzle) lists exactly these. A space is a subset of them x the swizzle x the
K split, keeping only the kernels the source builds (a split only for SPLITK_TILES, swizzled): a
configuration the source does not build has no kernel to measure, so the space leaves it out.

    built                      every built kernel: tiles, swizzle off and on, the split-K kernels (also `tiles`, `full`)
    built swizzle=on           every built tile, swizzled only
    built split_k=1            no split-K kernels
    built tile=64x256x64,32x256x64 swizzle=on,off
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, fields, replace

from gemmsim.errors import InputError
from gemmsim.frontends.family import space_axes
from gemmsim.problem import parse_dims

BUILT_TILES: tuple[tuple[int, int, int], ...] = (
    (16, 64, 128), (32, 64, 64), (32, 128, 64), (32, 256, 64), (64, 64, 64), (64, 128, 32), (64, 128, 64),
    (64, 128, 128), (128, 64, 64), (128, 128, 32), (64, 256, 64))
# The split-K kernels the source builds (GS_MMA_SPLITK_CONFIGS, swizzled): each tile split 2, 4 and 8 ways.
SPLITK_TILES: tuple[tuple[int, int, int], ...] = ((16, 64, 128), (32, 64, 64), (64, 64, 64))
SPLITK_FACTORS: tuple[int, ...] = (2, 4, 8)
SPACE_NAMES = ("built", "tiles", "full")   # one space: the kernel has no other knob


@dataclass(frozen=True)
class MmaSpace:
    tile: tuple[tuple[int, int, int], ...] = BUILT_TILES
    swizzle: tuple[bool, ...] = (False, True)
    split_k: tuple[int, ...] = (1, *SPLITK_FACTORS)

    def configs(self) -> list[tuple[tuple[int, int, int], bool, int]]:
        """(tile, swizzle, split_k) of every built kernel of the space, in a fixed order (ties keep it)."""
        return [(t, s, k) for t, s, k in itertools.product(self.tile, self.swizzle, self.split_k)
                if k == 1 or (s and t in SPLITK_TILES)]

    def describe(self) -> str:
        """A canonical text (the cache key and what the output names)."""
        return (f"tile={','.join('x'.join(map(str, t)) for t in self.tile)} "
                f"swizzle={','.join('on' if s else 'off' for s in self.swizzle)} "
                f"split_k={','.join(map(str, self.split_k))}")


def parse_mma_space(text: str | None) -> MmaSpace:
    """`built` (or `tiles`, `full`), optionally followed by `tile=MxNxK,...` and `swizzle=on,off`."""
    words = (text or "built").replace(";", " ").split()
    if words and words[0] in SPACE_NAMES:
        words = words[1:]
    names = [f.name for f in fields(MmaSpace)]
    return replace(MmaSpace(), **space_axes(words, names, _value, lambda word: (
        f"space {word!r}: the sm90-mma family's space is {' or '.join(SPACE_NAMES)}, "
        f"optionally with tile=MxNxK,..., swizzle=on,off and split_k=1,2,4,8")))


def _value(name: str, text: str):
    if name == "swizzle":
        if text not in ("on", "off", "1", "0"):
            raise InputError(f"space swizzle={text!r}: expected on or off")
        return text in ("on", "1")
    if name == "split_k":
        if text not in ("1", *map(str, SPLITK_FACTORS)):
            raise InputError(f"space split_k={text!r}: the source builds splits "
                             f"{', '.join(map(str, (1, *SPLITK_FACTORS)))}")
        return int(text)
    tile = parse_dims(text, "space tile", 3)
    if tile not in BUILT_TILES:
        raise InputError(f"space tile={text}: kernels/mma_preshuffle.hip builds no such tile (it builds "
                         f"{', '.join('x'.join(map(str, t)) for t in BUILT_TILES)})")
    return tile
