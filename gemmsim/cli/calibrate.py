"""`gemmsim calibrate`: fit a GPU description's timing parameters from its microbenchmarks (never from a GEMM)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from gemmsim.files import check_output_path
from gemmsim.cli.common import (add_format_args, add_gpu_args, announce, existing_file, gpu_arg,
                                gpu_name)
from gemmsim.errors import InputError
from gemmsim.hw.loader import user_gpu_dir


WRITE_RULES = ("--write alone: a description file you gave (--gpu FILE.toml) is rewritten in place; a shipped one "
               "(--gpu NAME) never is: its calibration goes to NAME-calibrated.toml in your GPU folder "
               "($GEMMSIM_GPU_DIR, else $XDG_CONFIG_HOME/gemmsim/gpus, else ~/.config/gemmsim/gpus), which "
               "--gpu NAME-calibrated then reads. --write FILE.toml writes that file; --write NEW writes NEW.toml "
               "in your GPU folder (not a shipped name: yours must not stand for a shipped GPU).")


def register(subparsers) -> None:
    p = subparsers.add_parser("calibrate", help="fit a GPU description from microbenchmarks (default h200 and "
                                                "validation/results/h200/microbench.csv)",
                              description="Fit a GPU description's timing parameters from microbenchmarks. "
                                          "Without --write: the fitted values and the diff they make. "
                                          + WRITE_RULES)
    add_gpu_args(p, default=None, unset="h200, whose measurements are committed", what="GPU description to calibrate")
    p.add_argument("--hw-file", dest="gpu", type=gpu_arg, help="the same as --gpu FILE.toml (default: as --gpu)")
    p.add_argument("--microbench", type=existing_file,
                   help="microbenchmark CSV (default validation/results/<gpu>/microbench.csv; "
                        "microbench_extra.csv beside it is read too)")
    p.add_argument("--write", nargs="?", const="", metavar="NAME|FILE.toml",
                   help="write the calibrated description (the new text must load); never a shipped one: "
                        f"alone, a shipped NAME's goes to NAME-calibrated.toml in {user_gpu_dir()} (see above)")
    add_format_args(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.report.calibrate import format_fitted, format_fitted_json, format_rewrite_diff
    from gemmsim.measurements.calibrate import calibrate, described_as, description_path, write_calibrated, write_target

    hw_file = description_path(gpu_name(args) or "h200")
    target = write_target(hw_file, args.write) if args.write is not None else None
    if target is not None:
        check_write_target(target)
    result = calibrate(args.microbench, hw_file)
    print(format_fitted_json(result) if args.json else format_fitted(result))
    if target is None:
        if not args.json:
            print(format_rewrite_diff(result.current, result.calibrated, str(hw_file)))
        return 0
    in_place = target.resolve() == hw_file.resolve()
    if in_place and result.calibrated == result.current:
        print(f"unchanged: {target}", file=sys.stderr if args.json else sys.stdout)
        return 0
    write_calibrated(target, described_as(result.calibrated, hw_file, target))   # refused if it would not load
    announce(target)
    if not args.json:
        use = target.stem if target.parent.resolve() == user_gpu_dir().resolve() else str(target)
        print(f"{'rewrote' if in_place else 'wrote'} {target}" +
              ("" if in_place else f" ({hw_file.name} with the fitted values; {hw_file} is unchanged): "
                                   f"use it with --gpu {use}"))
    return 0


def check_write_target(target: Path) -> None:
    """Refuse, before any work, a target that cannot be written. The user's GPU folder may not exist
    yet (the write makes it): then its nearest existing parent must be a folder this user can write."""
    folder = user_gpu_dir()
    if target.parent.exists() or folder not in (target.parent, *target.parent.parents):
        check_output_path(str(target))
        return
    existing = next(d for d in target.parent.parents if d.exists())
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise InputError(f"cannot write {target}: {existing} is not a folder this user can write")
