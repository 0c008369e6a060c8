"""`gemmsim analyze`: the guide's static analysis of a preshuffle-GEMM configuration (no replay)."""

from __future__ import annotations

import argparse

from gemmsim.cli.common import add_format_args, add_kernel_args


def register(subparsers) -> None:
    p = subparsers.add_parser("analyze", help="static analysis of a preshuffle-GEMM configuration",
                              description="MFMAs, LDS budget, VGPRs, occupancy and bank conflicts per access, "
                                          "worked out without replaying the kernel.")
    add_kernel_args(p)
    add_format_args(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim import api
    from gemmsim.report.analyze import format_table

    analysis = api.analyze(args.shape, args.tile, dtype=args.dtype, gpu=args.gpu, arch=args.arch,
                           lds_stage=args.lds_stage, swizzle=not args.no_swizzle, copy=args.copy,
                           epilogue=args.epilogue, waves_per_eu=args.waves_per_eu, split_k=args.split_k)
    print(analysis.to_json() if args.json else format_table(analysis.summary))
    return 0
