"""`gemmsim calibrate`: fit the H200's timing parameters from its microbenchmarks (never from a GEMM)."""

from __future__ import annotations

import argparse
import difflib
import json
from pathlib import Path


def register(subparsers) -> None:
    from gemmsim.validate.calibrate import DEFAULT_MICROBENCH, HW_FILE

    p = subparsers.add_parser("calibrate", help="fit h200 parameters from validation/results/h200/microbench.csv")
    p.add_argument("--microbench", default=str(DEFAULT_MICROBENCH), help=f"microbenchmark CSV (default {DEFAULT_MICROBENCH})")
    p.add_argument("--hw-file", default=str(HW_FILE), help="GPU description to calibrate (default gemmsim/hw/h200.toml)")
    p.add_argument("--write", action="store_true", help="rewrite the description file (default: print the values and the diff)")
    p.add_argument("--json", action="store_true", help="the fitted values as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.validate.calibrate import calibrate

    fitted, current, calibrated = calibrate(args.microbench, args.hw_file)
    if args.json:
        print(json.dumps([{"section": f.section, "key": f.key, "value": f.value, "written": f.write, "rows": f.rows,
                           "residual": f.residual, "note": f.note} for f in fitted], indent=2, sort_keys=True))
    else:
        print(f"{'section':13s} {'key':32s} {'value':>14s}  written  fit")
        for f in fitted:
            print(f"{f.section:13s} {f.key:32s} {f.value:>14.6g}  {'yes' if f.write else 'no ':3s}      {f.residual}")
    if args.write:
        if calibrated != current:
            Path(args.hw_file).write_text(calibrated)
        print(f"{'rewrote' if calibrated != current else 'unchanged:'} {args.hw_file}")
    elif not args.json:
        diff = list(difflib.unified_diff(current.splitlines(True), calibrated.splitlines(True), args.hw_file,
                                         args.hw_file + " (calibrated)"))
        print("".join(diff) if diff else f"{args.hw_file} is already calibrated (no change)")
    return 0
