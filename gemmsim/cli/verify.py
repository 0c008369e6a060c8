"""`gemmsim verify`: run the generated kernel functionally on random data and check C against numpy."""

from __future__ import annotations

import argparse
import json
import time

from gemmsim.cli.common import add_format_args, add_kernel_args, kernel_from_args
from gemmsim.functional.verify import FAULTS


def register(subparsers) -> None:
    p = subparsers.add_parser("verify", help="run the generated kernel on random data and check C against numpy",
                              description="Replay the preshuffle GEMM's Program on data, lane by lane, and "
                                          "compare C with numpy. Exit 0 on pass, 1 on a wrong C.")
    add_kernel_args(p)
    p.add_argument("--seed", type=int, default=0, help="random seed of the inputs (default 0)")
    p.add_argument("--break", dest="fault", choices=tuple(FAULTS), default=None,
                   help="inject a fault that verify must catch")
    add_format_args(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.functional.verify import verify
    from gemmsim.report.verify import format_verify

    problem, config, gpu = kernel_from_args(args)
    start = time.perf_counter()
    report = verify(problem, config, gpu, seed=args.seed, fault=args.fault)
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, sort_keys=True))
    else:
        print(format_verify(report, seconds))
    return 0 if report.passed else 1
