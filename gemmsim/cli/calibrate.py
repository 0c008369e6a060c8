"""`gemmsim calibrate`: fit the H200's timing parameters from its microbenchmarks (never from a GEMM)."""

from __future__ import annotations

import argparse

from gemmsim.cli.common import add_format_args, announce, check_output_path


def register(subparsers) -> None:
    from gemmsim.validate.calibrate import DEFAULT_MICROBENCH, HW_FILE

    p = subparsers.add_parser("calibrate", help="fit h200 parameters from validation/results/h200/microbench.csv")
    p.add_argument("--microbench", default=str(DEFAULT_MICROBENCH), help=f"microbenchmark CSV (default {DEFAULT_MICROBENCH})")
    p.add_argument("--hw-file", default=str(HW_FILE), help="GPU description to calibrate (default gemmsim/hw/h200.toml)")
    p.add_argument("--write", action="store_true", help="rewrite the description file (default: print the values and the diff); "
                   "the new text must load, and only an sm_90 description takes the H200 fits")
    add_format_args(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.report.calibrate import format_fitted, format_fitted_json, format_rewrite_diff
    from gemmsim.validate.calibrate import calibrate, check_target, write_calibrated

    if args.write:
        check_output_path(args.hw_file)
        check_target(args.hw_file)
    fitted, current, calibrated = calibrate(args.microbench, args.hw_file)
    if args.write and calibrated != current:
        write_calibrated(args.hw_file, calibrated)   # validated before it replaces the file; refused: exit 2
    print(format_fitted_json(fitted) if args.json else format_fitted(fitted))
    if args.write:
        if calibrated != current:
            announce(args.hw_file)
        print(f"{'rewrote' if calibrated != current else 'unchanged:'} {args.hw_file}")
    elif not args.json:
        print(format_rewrite_diff(current, calibrated, args.hw_file))
    return 0
