"""Compiled AMDGPU assembly as a kernel family (`gemmsim predict --isa FILE.s`, or `--family isa
--config isa=FILE.s,kernel=NAME`): the Program is what the kernel's code does, read by
gemmsim.frontends.amdgpu.program; its tile, where known (given, or written in its name), sizes the
per-tile figures."""

from __future__ import annotations

from dataclasses import dataclass

from gemmsim import limits
from gemmsim.frontends.family import Built, Family
from gemmsim.problem import KERNEL_DTYPES, KernelConfig, Problem


@dataclass(frozen=True)
class IsaConfig:
    """A kernel of an assembly file and what the file cannot always say about it."""

    isa: str                                  # the .s (or llvm-objdump -d) file, or FILE.s:KERNEL
    kernel: str | None = None                 # which kernel of a file that holds several
    trip_count: int | None = None             # the hot loop's, overriding the inferred one
    int_args: tuple[str, ...] | None = None   # the 32-bit integer arguments in order (numbers, or M, N, K)
    workgroup: tuple[int, ...] | None = None  # work-items per workgroup where the metadata lacks it
    arg_roles: str | None = None              # the pointer arguments' roles in order ("C,A,B,...")
    tile: tuple[int, int, int] | None = None  # default: the one the kernel's name writes
    waves_per_eu: int | None = None           # the hint it was compiled with (occupancy of the per-tile figures)
    dynamic_lds_bytes: int = 0                # LDS the launch adds to the fixed segment (HIP's dynamic shared memory)


class Isa(Family):
    name = "isa"
    summary = "compiled AMDGPU assembly (clang, hipcc, FlyDSL): the Program is what its code does"
    config_type = IsaConfig
    dtypes = KERNEL_DTYPES

    def build(self, problem: Problem, config: IsaConfig, gpu) -> Built:
        from gemmsim.frontends.amdgpu.program import load_kernel

        if config.tile is not None:   # refuse an oversized grid before the kernel is read
            limits.check_grid(-(-problem.m // config.tile[0]), -(-problem.n // config.tile[1]),
                              "x".join(map(str, config.tile)))
        parsed = load_kernel(config.isa, problem, gpu, kernel=config.kernel, trip_count=config.trip_count,
                             tile=config.tile, int_args=list(config.int_args) if config.int_args is not None else None,
                             workgroup=config.workgroup, arg_roles=config.arg_roles,
                             dynamic_lds_bytes=config.dynamic_lds_bytes)
        tiles = KernelConfig(*parsed.tile, waves_per_eu=config.waves_per_eu) if parsed.tile is not None else None
        return Built(parsed.program, problem, tiles=tiles)

    def refuses(self, gpu) -> str | None:
        return None if gpu.vendor == "amd" else f"AMDGPU assembly runs on an AMD GPU, got {gpu.name}"


FAMILIES = (Isa(),)
