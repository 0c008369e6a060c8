"""`gemmsim verify`: run the generated kernel functionally on random data and check C against numpy."""

from __future__ import annotations

import argparse
import json
import time

from gemmsim import limits
from gemmsim.cli.common import add_format_args, add_kernel_args, kernel_from_args
from gemmsim.functional.faults import FAULTS, MAX_SEED
from gemmsim.jsonable import versioned
from gemmsim.problem import parse_dims


def register(subparsers) -> None:
    p = subparsers.add_parser("verify", help="run the generated kernel on random data and check C against numpy",
                              description="Replay the preshuffle GEMM's Program on data, lane by lane, and "
                                          "compare C with numpy. Exit 0 on pass, 1 on a wrong C. "
                                          f"The memory and time a shape needs are estimated first, and a shape "
                                          f"over {limits.VERIFY_MAX_BYTES // 2 ** 30} GiB or "
                                          f"{limits.VERIFY_MAX_SECONDS:.0f} s is refused with the estimate.")
    add_kernel_args(p)
    p.add_argument("--seed", type=seed_value, default=0, help="random seed of the inputs: 0..2^63-1 (default 0)")
    p.add_argument("--break", dest="fault", choices=tuple(FAULTS), default=None,
                   help="inject a fault that verify must catch")
    add_format_args(p)
    p.set_defaults(func=run)


def seed_value(text: str) -> int:
    """argparse type: an integer numpy can seed its generator with."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed {text!r} is not an integer") from None
    if not 0 <= seed <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"seed {seed} must be in 0..2^63-1")
    return seed


def run(args: argparse.Namespace) -> int:
    from gemmsim.functional.verify import verify
    from gemmsim.report.verify import format_verify

    limits.check_verify(*parse_dims(args.shape, "shape"))   # the estimate first, even for a shape over the dimension limit
    problem, config, gpu = kernel_from_args(args)
    start = time.perf_counter()
    report = verify(problem, config, gpu, seed=args.seed, fault=args.fault)
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps(versioned(report.to_dict()), indent=2, sort_keys=True))
    else:
        print(format_verify(report, seconds))
    return 0 if report.passed else 1
