"""`gemmsim analyze`: the guide's static analysis of a preshuffle-GEMM configuration (no replay)."""

from __future__ import annotations

import argparse
import json

from gemmsim.cli.common import add_format_args, add_kernel_args, kernel_from_args
from gemmsim.jsonable import versioned


def register(subparsers) -> None:
    p = subparsers.add_parser("analyze", help="static analysis of a preshuffle-GEMM configuration",
                              description="MFMAs, LDS budget, VGPRs, occupancy and bank conflicts per access, "
                                          "worked out without replaying the kernel.")
    add_kernel_args(p)
    add_format_args(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.frontends.preshuffle.analysis import analyze
    from gemmsim.frontends.preshuffle.generator import generate
    from gemmsim.report.analyze import format_table, summarize

    problem, config, gpu = kernel_from_args(args)
    a = analyze(problem, config, gpu)
    summary = summarize(a, generate(a, gpu), gpu)
    print(json.dumps(versioned(summary), indent=2, sort_keys=True) if args.json else format_table(summary))
    return 0
