"""Command-line pieces shared by the subcommands that take a GEMM and a kernel configuration."""

from __future__ import annotations

import argparse

from gemmsim.hw import GPU, available_gpus, default_gpu_for_arch, load_gpu
from gemmsim.problem import KERNEL_DTYPES, KernelConfig, Problem, make_config, make_problem


def add_gpu_args(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--gpu", help=f"GPU description: {', '.join(available_gpus())}, or a .toml path")
    group.add_argument("--arch", help="gfx942 | gfx950 | sm90: the default GPU of that arch")


def add_kernel_args(parser: argparse.ArgumentParser, need_tile: bool = True) -> None:
    parser.add_argument("--shape", required=True, help="MxNxK, e.g. 5120x5120x8320")
    parser.add_argument("--tile", required=need_tile, help="tile_m x tile_n x tile_k, e.g. 64x256x128")
    parser.add_argument("--dtype", default="fp8", help=f"input dtype: {', '.join(KERNEL_DTYPES)} (default fp8)")
    add_gpu_args(parser)
    parser.add_argument("--lds-stage", type=int, default=2, choices=(1, 2), help="A buffers in LDS (default 2)")
    parser.add_argument("--no-swizzle", action="store_true", help="plain row-major A tile in LDS")
    parser.add_argument("--copy", default="sync", choices=("sync", "async"), help="A global->LDS path")
    parser.add_argument("--epilogue", default="direct", choices=("direct", "cshuffle"))
    parser.add_argument("--waves-per-eu", type=int, default=None, help="occupancy hint, 1..8")


def gpu_from_args(args: argparse.Namespace, fallback: str = "gfx942") -> GPU:
    if getattr(args, "gpu", None):
        return load_gpu(args.gpu)
    return load_gpu(default_gpu_for_arch(getattr(args, "arch", None) or fallback))


def kernel_from_args(args: argparse.Namespace) -> tuple[Problem, KernelConfig, GPU]:
    problem = make_problem(args.shape, args.dtype)
    config = make_config(args.tile, lds_stage=args.lds_stage, swizzle=not args.no_swizzle, copy=args.copy,
                         epilogue=args.epilogue, waves_per_eu=args.waves_per_eu)
    return problem, config, gpu_from_args(args)
