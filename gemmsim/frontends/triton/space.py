"""The triton family's candidate space (`gemmsim tune --triton FILE.py:KERNEL`): one tuple of values
per meta-parameter that moves the kernel's schedule, crossed, for one kernel with its other
meta-parameters fixed (`--meta GROUP_M=8`).

    tiles   BLOCK_M, BLOCK_N in 64, 128, 256; BLOCK_K in 32, 64; num_warps 4, 8 (num_stages 2, no
            waves_per_eu hint, 16x16 MFMAs): at most 36 configurations
    full    tiles x num_stages 2, 3 x waves_per_eu 0, 2 x matrix_instr_nonkdim 16, 32 (at most 288)

Either may be followed by axes to replace (`full block_m=128,256 num_stages=2`). A block larger than
the problem's dimension rounded up to a power of two only pads, and is left out. Every candidate is
compiled once (then read from the compiled-kernel cache); on two cores `tiles` takes about a minute
the first time.

The space's text (its cache key in the tuning cache) names the kernel's file by the SHA-256 of its
bytes and the Triton version, so an edited kernel or another compiler is a new question.
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass, replace
from pathlib import Path

from gemmsim.errors import InputError
from gemmsim.frontends.family import parse_options, space_axes
from gemmsim.frontends.triton import compiler
from gemmsim.frontends.triton.launch import TILE_NAMES
from gemmsim.problem import Problem

AXES = ("block_m", "block_n", "block_k", "num_warps", "num_stages", "waves_per_eu", "matrix_instr_nonkdim", "kpack")


@dataclass(frozen=True)
class TritonSpace:
    kernel: str                                  # FILE.py:KERNEL
    meta: str = ""                               # the fixed meta-parameters, canonical text
    block_m: tuple[int, ...] = (64, 128, 256)
    block_n: tuple[int, ...] = (64, 128, 256)
    block_k: tuple[int, ...] = (32, 64)
    num_warps: tuple[int, ...] = (4, 8)
    num_stages: tuple[int, ...] = (2,)
    waves_per_eu: tuple[int, ...] = (0,)
    matrix_instr_nonkdim: tuple[int, ...] = (16,)
    kpack: tuple[int, ...] = (1,)
    source: str = ""                             # sha256 of the file and Triton's version: what the cache keys on

    def configs(self, problem: Problem, tile_names: tuple[str, str, str]) -> list[dict]:
        """Every configuration for this problem as its --meta values (the family makes each a
        TritonConfig), in a fixed order."""
        fixed = parse_options(self.meta, "--meta")
        out = []
        for bm, bn, bk, warps, stages, wpe, nonk, kpack in itertools.product(
                self.block_m, self.block_n, self.block_k, self.num_warps, self.num_stages, self.waves_per_eu,
                self.matrix_instr_nonkdim, self.kpack):
            if bm > _padded(problem.m) or bn > _padded(problem.n):
                continue
            meta = {**fixed, **dict(zip(tile_names, (bm, bn, bk))), "num_warps": warps, "num_stages": stages,
                    "waves_per_eu": wpe, "matrix_instr_nonkdim": nonk, "kpack": kpack}
            out.append(meta)
        return out

    def describe(self) -> str:
        """A canonical text (the cache key and what the output names)."""
        axes = " ".join(f"{name}={','.join(map(str, getattr(self, name)))}" for name in AXES)
        return f"kernel={self.kernel}@{self.source} meta={self.meta or '-'} {axes}"


SPACES = {"tiles": {}, "full": {"num_stages": (2, 3), "waves_per_eu": (0, 2), "matrix_instr_nonkdim": (16, 32)}}


def parse_space(kernel: str, meta: str, text: str | None) -> TritonSpace:
    """`tiles` (default) or `full`, optionally followed by axes: `full block_m=128,256 num_warps=8`."""
    path, _ = compiler.split_source(kernel)
    fixed = parse_options(meta, "--meta") if meta else {}
    tile_keys = {n.upper() for names in TILE_NAMES.values() for n in names}
    swept = sorted(k for k in fixed if k.upper() in tile_keys or k in compiler.OPTIONS)
    if swept:
        raise InputError(f"--meta {swept[0]}: tune sweeps it (give it as a --space axis, e.g. "
                         f"--space 'tiles {_axis_of(swept[0])}=...')")
    words = (text or "tiles").replace(";", " ").split()
    base = SPACES.get(words[0]) if words else SPACES["tiles"]
    if base is not None:
        words = words[1:]
    base = base or {}
    changes = space_axes(words, AXES, _number, lambda word: (
        f"--space {word!r}: the triton family's space is tiles or full, optionally with "
        f"axes {', '.join(f'{a}=v1,v2' for a in AXES)}"))
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
    space = TritonSpace(kernel, ",".join(f"{k}={v}" for k, v in sorted(fixed.items())),
                        source=f"{digest} triton={compiler.triton_version()}")
    return replace(space, **{**base, **changes})


def _axis_of(name: str) -> str:
    for dim, names in TILE_NAMES.items():
        if name.upper() in names:
            return f"block_{dim}"
    return name


def _number(name: str, text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise InputError(f"--space {name}={text}: expected integers") from None
    if value < 0 or (value == 0 and name.startswith("block_")):
        raise InputError(f"--space {name}={text}: expected a positive integer")
    return value


def _padded(dim: int) -> int:
    """The dimension rounded up to a power of two (at least 16): a block beyond it only pads."""
    return max(16, 1 << (dim - 1).bit_length())


