"""The sm_90 streams of kernels/ as kernel families, and the symbols that name their kernels.

kernels/ names its kernels so that the symbol alone says what ran: the H200 ladder kernels are
`<variant>_<f32|f64|i32>`, the matrix-core kernel `mma_preshuffle_m<M>n<N>k<K>_swz<0|1>` (its tile and
A-tile swizzle), its split-K variants `..._swz1_splitk<S>` (K split S ways). A measured kernel's `registers` (per thread, ptxas's) size its occupancy, and its
cuobjdump -sass listing (`sass`) orders the hot loop as compiled: address arithmetic as issue-only
slots, and the compiled control bits (stall counts, scoreboard barriers) deciding when each
instruction may issue (gemmsim.model.scoreboard); an IMAD is a multiply-add where both its factors
are loaded in the loop (sass_reader.order_letters).

    gemmsim predict --family sm90-mma --config tile=64x128x64,swizzle=1 --shape 4096x4096x4096 --gpu h200
    gemmsim predict --family sm90-mma --config tile=32x64x64,split_k=4 --shape 32x4096x16384 --gpu h200
    gemmsim predict --family sm90-ladder --config kernel=gemm_tiled --dtype fp32 --shape 512x512x512 --gpu h200
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gemmsim.dtypes import element_bytes, normalize
from gemmsim.errors import ConfigError
from gemmsim.frontends.family import Built, Family, Named
from gemmsim.problem import Problem

LADDER_SYMBOL = re.compile(r"^(gemm|gemm_tiled|gemm_blocked2x2|gemm_tiled_blocked2x2|gemm_blocked4x4)_(f32|f64|i32)$")
MMA_SYMBOL = re.compile(r"^mma_preshuffle_m(\d+)n(\d+)k(\d+)_swz([01])(?:_splitk([1-9]\d*))?$")


def mma_symbol(tile: tuple[int, int, int], swizzle: bool, split_k: int = 1) -> str:
    """The symbol kernels/mma_preshuffle.hip gives the kernel of `tile`, `swizzle` and `split_k` (MMA_SYMBOL
    reads it back)."""
    return f"mma_preshuffle_m{tile[0]}n{tile[1]}k{tile[2]}_swz{int(swizzle)}" + (f"_splitk{split_k}" if split_k > 1 else "")


@dataclass(frozen=True)
class MmaConfig:
    """kernels/mma_preshuffle.hip: its tile, whether A is swizzled in shared memory, and what its build says."""

    tile: tuple[int, int, int]
    swizzle: bool = True
    registers: int | None = None   # per thread (default: the stream's own estimate)
    sass: str | None = None        # the kernel's cuobjdump -sass listing: the hot loop in its compiled order
    split_k: int = 1               # K split this many ways (grid z), the partials summed by a second launch
    built: bool = False            # the registers and listing facts gemmsim ships for the built kernel (built_mma)


@dataclass(frozen=True)
class LadderConfig:
    """One kernel of kernels/ladder.hip (gemm, gemm_tiled, gemm_blocked2x2, gemm_tiled_blocked2x2,
    gemm_blocked4x4); its input dtype is the problem's (fp32, fp64 or int32)."""

    kernel: str
    registers: int | None = None
    sass: str | None = None


class _Sm90(Family):
    def refuses(self, gpu) -> str | None:
        if gpu.vendor != "nvidia":
            return (f"no {gpu.arch} instruction stream for the {self.name} kernels (only sm_90: the streams need "
                    f"an NVIDIA GPU description, got {gpu.name})")
        return None

    def _check(self, problem: Problem, gpu) -> None:
        reason = self.refuses(gpu)
        if reason:
            raise ConfigError(reason)
        if problem.batch != 1:
            raise ConfigError(f"the {self.name} stream computes one GEMM: no batch (got {problem.batch})")


class Sm90Mma(_Sm90):
    name = "sm90-mma"
    summary = "kernels/mma_preshuffle.hip on sm_90: mma.sync bf16 -> fp32, A through shared memory"
    config_type = MmaConfig
    dtypes = ("bf16",)
    searchable = True      # `tune` ranks the configurations the source builds (mma_space.BUILT_TILES x swizzle)

    def space(self, text: str | None):
        from gemmsim.frontends.sm90.mma_space import parse_mma_space

        return parse_mma_space(text)

    def candidates(self, problem: Problem, gpu, space) -> list[MmaConfig]:
        """Every built tile and swizzle, scheduled as the build compiled it (built_mma: registers, hot-loop
        order and control bits), as `compare` predicts the measured kernels from their listings."""
        return [MmaConfig(tile, swizzle, split_k=split, built=True) for tile, swizzle, split in space.configs()]

    def build(self, problem: Problem, config: MmaConfig, gpu) -> Built:
        from gemmsim.frontends.sm90 import mma
        from gemmsim.frontends.sm90.common import Sm90Problem

        self._check(problem, gpu)
        sm90 = Sm90Problem(problem.m, problem.n, problem.k, "bf16", c_bytes=4)
        compiled, registers = {}, config.registers
        if config.sass and config.built:
            raise ConfigError("give the kernel's listing (sass=) or the shipped facts of the built kernel (built=1), not both")
        if config.sass:
            from gemmsim.frontends.sm90.sass_reader import around_hot_loop, hot_loop_controls, hot_loop_order

            compiled = {"around": around_hot_loop(config.sass), "order": hot_loop_order(config.sass, multiply_add="FFMA"),
                        "controls": hot_loop_controls(config.sass)}
        elif config.built:
            from gemmsim.frontends.sm90.built_mma import built_kernel

            symbol = mma_symbol(config.tile, config.swizzle, config.split_k)
            kernel = built_kernel(symbol)
            if kernel is None:
                raise ConfigError(f"built=1: gemmsim ships no facts of {symbol} (the kernels of "
                                  f"gemmsim.frontends.sm90.mma_space: BUILT_TILES, SPLITK_TILES)")
            compiled = {"around": kernel.around, "order": kernel.order, "controls": kernel.controls}
            registers = kernel.registers if registers is None else registers
        program = mma.generate(config.tile, config.swizzle, sm90, gpu, registers=registers, split_k=config.split_k,
                               **compiled)
        return Built(program, sm90)

    def kernel_for_symbol(self, symbol: str, registers: int | None = None, listing: str | None = None) -> Named | None:
        m = MMA_SYMBOL.match(symbol)
        if m is None:
            return None
        tile, swizzle = (int(m.group(1)), int(m.group(2)), int(m.group(3))), m.group(4) == "1"
        split_k = int(m.group(5) or 1)
        return Named(self.name, MmaConfig(tile, swizzle, registers, listing, split_k), "mma_preshuffle", tile=tile,
                     swizzle=swizzle)

    def symbol(self, config: MmaConfig) -> str:
        return mma_symbol(config.tile, config.swizzle, config.split_k)


class Sm90Ladder(_Sm90):
    name = "sm90-ladder"
    summary = "kernels/ladder.hip on sm_90: the naive-to-blocked FMA GEMMs (fp32, fp64, int32)"
    config_type = LadderConfig
    dtypes = ("fp32", "fp64", "int32")
    default_dtype = "fp32"

    def build(self, problem: Problem, config: LadderConfig, gpu) -> Built:
        from gemmsim.frontends.sm90 import ladder
        from gemmsim.frontends.sm90.common import Sm90Problem

        self._check(problem, gpu)
        sm90 = Sm90Problem(problem.m, problem.n, problem.k, problem.dtype, c_bytes=int(element_bytes(problem.dtype)))
        compiled = {}
        if config.sass:
            from gemmsim.frontends.sm90.sass_reader import hot_loop_controls, hot_loop_load_strides, hot_loop_order

            # the loads take their buffer's compiled places (A's pointer steps by a constant, B's by N)
            compiled = {"load_strides": hot_loop_load_strides(config.sass), "controls": hot_loop_controls(config.sass),
                        "order": hot_loop_order(config.sass, multiply_add="IMAD" if problem.dtype == "int32" else "FFMA")}
        return Built(ladder.generate(config.kernel, sm90, gpu, registers=config.registers, **compiled), sm90)

    def kernel_for_symbol(self, symbol: str, registers: int | None = None, listing: str | None = None) -> Named | None:
        m = LADDER_SYMBOL.match(symbol)
        if m is None:
            return None
        dtype = normalize(m.group(2))
        return Named(self.name, LadderConfig(m.group(1), registers, listing), f"ladder_{dtype}", dtype=dtype,
                     tile=None, swizzle=False)


@dataclass(frozen=True)
class SassConfig:
    """Any sm_90 GEMM kernel by its `cuobjdump -sass` listing (gemmsim.frontends.sm90.sass_program):
    the listing, the kernel's arguments in order (A:B:C for the buffers' pointers, null, integer
    expressions in M, N, K), its block of threads and the C tile one block computes."""

    sass: str
    args: str
    tile: tuple[int, int, int]            # BLOCK_M x BLOCK_N x BLOCK_K (the K step sizes the per-tile figures only)
    block: tuple[int, ...] = (128,)       # threads per block (x, or x by y by z)
    function: str | None = None           # which function of a listing that holds several
    registers: int | None = None          # per thread (default: the highest register the code names + 3)
    shared: int | None = None             # bytes per block (default: the span its accesses touch)
    c_bytes: int = 4                      # bytes of one C element


class Sass(_Sm90):
    name = "sass"
    summary = "any sm_90 GEMM kernel from its cuobjdump -sass listing: the Program is what its code does"
    config_type = SassConfig
    dtypes = ("bf16", "fp32", "fp64", "int32")

    def build(self, problem: Problem, config: SassConfig, gpu) -> Built:
        from gemmsim.frontends.sm90.common import Sm90Problem
        from gemmsim.frontends.sm90.sass_program import SassKernel, build_program

        self._check(problem, gpu)
        block = tuple(config.block) + (1,) * (3 - len(config.block))
        if len(block) != 3:
            raise ConfigError(f"block {config.block}: at most three dimensions (x, y, z)")
        kernel = SassKernel(config.sass, config.function, tuple(a for a in config.args.split(":") if a.strip()),
                            block, config.tile[:2], config.registers, config.shared)
        sm90 = Sm90Problem(problem.m, problem.n, problem.k, problem.dtype, c_bytes=config.c_bytes)
        return Built(build_program(kernel, sm90, gpu).program, sm90)


FAMILIES = (Sm90Mma(), Sm90Ladder(), Sass())
