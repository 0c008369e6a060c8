"""A measured point: one kernel launch, what it computed, and how long it took.

A point knows its kernel by the symbol the validation runner built it under. kernels/ names them
so that the symbol alone says what ran, and the kernel family that builds each claims its own
symbols (gemmsim.frontends.registry.kernel_for_symbol; the sm_90 families: the ladder's
`<variant>_<f32|f64|i32>`, the matrix-core kernel's `mma_preshuffle_m<M>n<N>k<K>_swz<0|1>`). Any
other symbol (an AMD row, a profiled kernel) is the preshuffle GEMM of the tile its row or the
user gives.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass

from gemmsim.dtypes import normalize
from gemmsim.errors import InputError
from gemmsim.frontends.registry import DEFAULT, kernel_for_symbol


@dataclass(frozen=True)
class KernelSpec:
    """What a profiled kernel computed, as its user tells it."""

    shape: tuple[int, int, int]
    dtype: str = "bf16"
    tile: tuple[int, int, int] | None = None
    swizzle: bool = True
    gpu: str | None = None
    kernel: str | None = None      # a regular expression: only kernels whose name matches

    def __post_init__(self):
        self.kernel_pattern      # refuse a pattern that does not compile before any file is read

    @property
    def kernel_pattern(self) -> re.Pattern:
        return compile_kernel_pattern(self.kernel)


def compile_kernel_pattern(kernel: str | None, flag: str = "--kernel ") -> re.Pattern:
    """--kernel's regular expression (None: every kernel), or one line naming why it does not compile
    (`flag` leads the message; the command's flag type leaves it to argparse)."""
    try:
        with warnings.catch_warnings():      # "possible nested set": a valid pattern, no reason for a second line
            warnings.simplefilter("ignore", FutureWarning)
            return re.compile(kernel or "")
    except re.error as e:
        raise InputError(f"{flag}{kernel!r} is not a regular expression: {e}") from None
    except (OverflowError, RecursionError) as e:     # a{99999999999}, 2000 nested groups
        raise InputError(f"{flag}{kernel!r} is not a regular expression Python can compile: "
                         f"{str(e) or type(e).__name__}") from None


@dataclass(frozen=True)
class MeasuredPoint:
    """One measured kernel launch."""

    symbol: str
    family: str            # "ladder_fp32", "mma_preshuffle", "preshuffle", ...
    dtype: str
    m: int
    n: int
    k: int
    measured_us: float
    gpu: str
    tile: tuple[int, int, int] | None = None
    swizzle: bool = True
    registers: int | None = None
    source: str = ""

    @property
    def shape(self) -> str:
        return f"{self.m}x{self.n}x{self.k}"

    @property
    def config(self) -> str:
        if self.tile is None:
            return self.symbol
        split = re.search(r"_splitk(\d+)$", self.symbol)    # kernels/mma_preshuffle.hip's split-K variants
        return f"{'x'.join(map(str, self.tile))} swz{int(self.swizzle)}" + (f" splitk{split.group(1)}" if split else "")


@dataclass(frozen=True)
class Compared:
    """A point with its prediction."""

    point: MeasuredPoint
    predicted_us: float
    kernel_us: float        # the replay alone, without the launch overhead
    bottleneck: str

    @property
    def error_pct(self) -> float:
        return 100.0 * (self.predicted_us - self.point.measured_us) / self.point.measured_us


def is_ours(symbol: str) -> bool:
    """Whether the symbol is one of kernels/'s: a registered kernel family claims it."""
    return kernel_for_symbol(symbol) is not None


def tile_of(symbol: str, tile_text: str = "", swizzle_text: str = "1") -> tuple[tuple[int, int, int] | None, bool]:
    """(tile, swizzle) of a kernel: what its symbol says (a ladder kernel has no tile, and no swizzle),
    else the row's columns."""
    named = kernel_for_symbol(symbol)
    if named is not None:
        return named.tile, named.swizzle
    if tile_text and tile_text.count("x") == 2 and "x0" not in tile_text:
        return tuple(int(x) for x in tile_text.split("x")), swizzle_text.strip() not in ("0", "False", "false")
    return None, True


def dtype_of(symbol: str, dtype: str) -> str:
    """gemmsim's dtype name of a kernel: the one its symbol writes (a ladder's suffix), else the row's (or user's)."""
    named = kernel_for_symbol(symbol)
    if named is not None and named.dtype is not None:
        return named.dtype
    return normalize(dtype) if dtype else dtype


def family_of(symbol: str) -> str:
    """The kernel family a point's rank correlation is taken within."""
    named = kernel_for_symbol(symbol)
    return named.group if named is not None else DEFAULT
