"""The problem (M, N, K, dtype) and the kernel configuration (tiles, pipeline, swizzle, epilogue).

These are the second and third of gemmsim's three inputs (the first is the GPU description).
Parsing helpers turn command-line text such as `64x256x128` into them, with one-line errors.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from gemmsim import limits
from gemmsim.dtypes import element_bytes, normalize
from gemmsim.errors import ConfigError, InputError

# A rule of the preshuffle kernel, not of the hardware: the input dtypes it has a code path for.
KERNEL_DTYPES = ("fp8", "int8", "bf16", "fp16", "fp4", "int4")
OUTPUT_DTYPE = "bf16"  # the kernel writes bf16 C
OUTPUT_BYTES = int(element_bytes(OUTPUT_DTYPE))
EPILOGUES = ("direct", "cshuffle")   # how C leaves the kernel: straight from registers, or through LDS
COPY_MODES = ("sync", "async")      # the A global->LDS path: through VGPRs, or by LDS DMA


@dataclass(frozen=True)
class Problem:
    """`batch` independent GEMMs of M x N x K (strided A, B and C: entry b starts b whole matrices in)."""

    m: int
    n: int
    k: int
    dtype: str
    batch: int = 1

    @property
    def flops(self) -> int:
        return 2 * self.batch * self.m * self.n * self.k

    @property
    def elem_bytes(self) -> float:
        return element_bytes(self.dtype)

    def min_bytes(self) -> float:
        """Compulsory HBM traffic: A and B read once, C (bf16) written once, for every batch entry."""
        return self.batch * ((self.m + self.n) * self.k * self.elem_bytes + self.m * self.n * OUTPUT_BYTES)


@dataclass(frozen=True)
class KernelConfig:
    """The configuration of the preshuffle kernel family (gemmsim.frontends.preshuffle.family), the
    FlyDSL-style preshuffle GEMM: 256 threads = 4 waves, A via LDS, B pre-shuffled into VGPRs. Other
    families have their own config types (gemmsim.frontends.registry)."""

    tile_m: int
    tile_n: int
    tile_k: int
    lds_stage: int = 2
    swizzle: bool = True
    copy: str = "sync"
    epilogue: str = "direct"
    waves_per_eu: int | None = None
    split_k: int = 1    # workgroups sharing one output tile, each over 1/split_k of the K tiles

    @property
    def tile(self) -> str:
        return f"{self.tile_m}x{self.tile_n}x{self.tile_k}"


def parse_dims(text: str, what: str, count: int | tuple[int, ...] = 3) -> tuple[int, ...]:
    """`64x256x128` -> (64, 256, 128); names `what` and the rule on bad input. `count` may list
    several allowed dimension counts."""
    counts = (count,) if isinstance(count, int) else tuple(count)
    expected = " or ".join(str(c) for c in counts)
    if not isinstance(text, str) or not re.fullmatch(r"\s*-?\d+(\s*[xX]\s*-?\d+)*\s*", text):
        raise InputError(f"{what} {text!r} is malformed: expected {expected} integers joined by 'x', e.g. 64x256x128")
    dims = tuple(int(d) for d in re.split(r"[xX]", text.replace(" ", "")))
    if len(dims) not in counts:
        raise InputError(f"{what} {text!r} has {len(dims)} dimensions: expected {expected}")
    for d in dims:
        if d <= 0:
            raise InputError(f"{what} {text!r}: every dimension must be a positive integer, got {d}")
    return dims


def parse_shape(text: str) -> tuple[int, int, int, int]:
    """`MxNxK` or `BxMxNxK` (a batch of B GEMMs) -> (batch, M, N, K)."""
    dims = parse_dims(text, "shape", count=(3, 4))
    return (1,) + dims if len(dims) == 3 else dims


def make_problem(shape: str | tuple[int, ...], dtype: str, batch: int | None = None,
                 dtypes: tuple[str, ...] = KERNEL_DTYPES, kernel: str = "the preshuffle kernel") -> Problem:
    """`shape` is MxNxK or BxMxNxK (text or a tuple of 3 or 4 integers); `batch` overrides B. The
    dtype must be one of `dtypes`, those `kernel` takes (a kernel family's: the preshuffle GEMM's by default)."""
    dims = parse_shape(shape) if isinstance(shape, str) else tuple(shape)
    b, m, n, k = dims if len(dims) == 4 else (1,) + dims
    b = b if batch is None else batch
    try:
        input_dtype = normalize(dtype)
    except InputError:
        input_dtype = None
    if input_dtype not in dtypes:
        raise ConfigError(f"dtype {dtype!r} is not one {kernel} takes: expected one of {', '.join(dtypes)}")
    for name, d in (("batch", b), ("M", m), ("N", n), ("K", k)):
        if not isinstance(d, int) or d <= 0:
            raise InputError(f"shape: {name}={d!r} must be a positive integer")
    limits.check_dims("shape", {"M": m, "N": n, "K": k})
    return Problem(m, n, k, input_dtype, b)


def make_config(tile: str | tuple[int, int, int], **options) -> KernelConfig:
    tm, tn, tk = parse_dims(tile, "tile") if isinstance(tile, str) else tile
    limits.check_dims("tile", {"tile_m": tm, "tile_n": tn, "tile_k": tk})
    return KernelConfig(tm, tn, tk, **options)


def workgroup_dims(text: str) -> tuple[int, ...]:
    """`256` or `64x4` -> work-item counts, at most MAX_WORKGROUP_ITEMS work-items in all (the
    workgroup of a parsed kernel whose metadata lacks it)."""
    dims = parse_dims(text, "workgroup", len(text.lower().split("x")) if isinstance(text, str) else 1)
    limits.check_count("workgroup size", math.prod(dims), limits.MAX_WORKGROUP_ITEMS,
                       "the largest workgroup HIP and CUDA launch")
    return dims
