"""`gemmsim calibrate`: fit a GPU description's timing parameters from its microbenchmarks (never from a GEMM)."""

from __future__ import annotations

import argparse

from gemmsim.cli.common import add_format_args, add_gpu_args, announce, check_output_path, gpu_name


def register(subparsers) -> None:
    p = subparsers.add_parser("calibrate", help="fit a GPU description from microbenchmarks (default h200 and "
                                                "validation/results/h200/microbench.csv)")
    add_gpu_args(p, default=None, unset="h200, whose measurements are committed", what="GPU description to calibrate")
    p.add_argument("--hw-file", dest="gpu", help="the same as --gpu FILE.toml (default: as --gpu)")
    p.add_argument("--microbench", help="microbenchmark CSV (default validation/results/<gpu>/microbench.csv; "
                                        "microbench_extra.csv beside it is read too)")
    p.add_argument("--write", action="store_true", help="rewrite the description file (default: print the values and the "
                                                        "diff); the new text must load")
    add_format_args(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.report.calibrate import format_fitted, format_fitted_json, format_rewrite_diff
    from gemmsim.validate.calibrate import calibrate, description_path, write_calibrated

    hw_file = description_path(gpu_name(args) or "h200")
    if args.write:
        check_output_path(str(hw_file))
    result = calibrate(args.microbench, hw_file)
    changed = result.calibrated != result.current
    if args.write and changed:
        write_calibrated(hw_file, result.calibrated)   # validated before it replaces the file; refused: exit 2
    print(format_fitted_json(result) if args.json else format_fitted(result))
    if args.write:
        if changed:
            announce(hw_file)
        print(f"{'rewrote' if changed else 'unchanged:'} {hw_file}")
    elif not args.json:
        print(format_rewrite_diff(result.current, result.calibrated, str(hw_file)))
    return 0
