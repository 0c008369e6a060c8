"""`gemmsim compare`: measured kernel times against the simulator's predictions."""

from __future__ import annotations

import argparse
import json

from gemmsim.cli.common import (add_dtype_arg, add_format_args, add_gpu_args, add_plot_arg, add_save_arg,
                                add_shape_arg, add_tile_arg, announce, existing_dir, existing_file, gpu_name, regex)


def register(subparsers) -> None:
    p = subparsers.add_parser("compare", help="predict every measured point of a results CSV and report the error")
    p.add_argument("results", nargs="*", type=existing_file, help="runner CSV (validation/results/*/ladder.csv ...), rocprofv3 kernel_trace.csv, "
                                              "kernel_stats.csv, counter_collection.csv or JSON output, or ncu --csv --page raw export")
    add_format_args(p, csv=True)
    add_plot_arg(p, "predicted against measured (log-log)")
    p.add_argument("--ncu", metavar="NCU.csv", type=existing_file, help="bank-conflict table to compare (default: ncu.csv beside the first runner CSV)")
    p.add_argument("--counters", metavar="FILE", action="append", default=[], type=existing_file,
                   help="rocprofv3 counter_collection.csv or JSON (--pmc SQ_LDS_BANK_CONFLICT ...): LDS bank conflicts "
                        "predicted vs counted (repeatable; a counter file among the results is read too)")
    p.add_argument("--stalls", metavar="STALLS.csv", type=existing_file,
                   help="the runner's stall table (validation/results/h200/stalls.csv): warp-cycles per issued "
                        "instruction by stall reason, predicted vs Nsight Compute, per kernel and shape")
    p.add_argument("--dram", action="store_true", help="also predict the profiled kernels of the ncu table and compare DRAM reads")
    p.add_argument("--sass-dir", type=existing_dir, help="cuobjdump -sass listings (default: sass/ beside the first CSV)")
    p.add_argument("--predictions", metavar="FILE.csv", type=existing_file, help="take predictions from this file (written by --save) instead of replaying")
    add_save_arg(p, "every point's prediction to this CSV (--predictions reads it back)")
    g = p.add_argument_group("what a profiled kernel computed (rocprofv3 / ncu exports)")
    add_shape_arg(g, required=False)
    add_tile_arg(g, required=False, unset="the tile the kernel name writes (FlyDSL, Tensile, CK)")
    add_dtype_arg(g)
    add_gpu_args(g, default=None, unset="the row's device, or mi300x / h200 by format")
    g.add_argument("--no-swizzle", action="store_true", help="the kernel's A tile was not swizzled")
    g.add_argument("--kernel", type=regex, help="regular expression: compare only kernels whose name (a runner CSV: "
                                                "its symbol) matches")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.errors import InputError

    if not args.results and not args.stalls:
        raise InputError("compare needs a results file, or --stalls STALLS.csv")
    if args.stalls:
        code = run_stalls(args)
        if not args.results:
            return code
    return run_times(args)


def run_stalls(args: argparse.Namespace) -> int:
    """--stalls: the stall breakdown per kernel and shape, predicted against Nsight Compute's."""
    import re
    import warnings
    from pathlib import Path

    from gemmsim.errors import InputError
    from gemmsim.report import stalls as report_stalls
    from gemmsim.validate.predictor import Predictor
    from gemmsim.validate.stalls import compare_stalls, summarize

    with warnings.catch_warnings():      # the regex type compiled it already; a FutureWarning is no second line
        warnings.simplefilter("ignore")
        kernel = re.compile(args.kernel) if args.kernel else None
    sass_dir = args.sass_dir or (Path(args.stalls).parent / "sass")
    skipped: list[str] = []
    points = compare_stalls(args.stalls, Predictor(sass_dir if Path(sass_dir).is_dir() else None), kernel, skipped)
    if not points:
        raise InputError(f"{args.stalls}: no profiled point to compare" + (f" matches --kernel {args.kernel!r}"
                                                                           if kernel else ""))
    summary = summarize(points, skipped)
    if args.json:
        print(json.dumps(report_stalls.as_json(points, summary), indent=2, sort_keys=True))
    elif args.csv:
        print(report_stalls.as_csv(points), end="")
    else:
        print(report_stalls.format_text(points, summary))
    return 0


def run_times(args: argparse.Namespace) -> int:
    from gemmsim.hw import load_gpu
    from gemmsim.problem import parse_dims
    from gemmsim.report import compare as report_compare
    from gemmsim.validate.compare import compare
    from gemmsim.validate.points import KernelSpec

    gpu = gpu_name(args)
    if gpu:
        load_gpu(gpu)     # a description that does not load stops the command before the first replay
    spec = None
    if args.shape:
        spec = KernelSpec(parse_dims(args.shape, "--shape"), args.dtype,
                          parse_dims(args.tile, "--tile") if args.tile else None, not args.no_swizzle, gpu,
                          args.kernel)
    report = compare(args.results, spec, gpu=gpu, sass_dir=args.sass_dir, predictions=args.predictions,
                     save=args.save, ncu_csv=args.ncu, dram=args.dram, counters=args.counters, kernel=args.kernel)
    if args.save:
        announce(args.save)
    if args.json:
        print(json.dumps(report_compare.as_json(report), indent=2, sort_keys=True))
    elif args.csv:
        print(report_compare.as_csv(report), end="")
    else:
        print(report_compare.format_text(report))
    if args.plot:
        report_compare.plot(report, args.plot)
        announce(args.plot)
    return 0
