"""`gemmsim compare`: measured kernel times against the simulator's predictions."""

from __future__ import annotations

import argparse

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
    p.add_argument("--workers", type=int, default=None, metavar="N",
                   help="processes that predict the points (default: all cores; 1: this process); the output is the same")
    p.add_argument("--engine", default="local", choices=("local", "ray"),
                   help="local: a process pool (default); ray: Ray tasks (pip install 'gemmsim[ray]')")
    p.add_argument("--address", default=None, help="with --engine ray: the Ray cluster to join ('auto', HOST:PORT, ray://HOST)")
    p.add_argument("--no-cache", action="store_true",
                   help="neither read nor write the prediction cache ($GEMMSIM_CACHE_DIR, else ~/.cache/gemmsim; "
                        "keyed by the kernel, its listing, the GPU description and the simulator version)")
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
    from gemmsim.api import compare_stalls
    from gemmsim.report import stalls as report_stalls

    result = compare_stalls(args.stalls, kernel=args.kernel, sass_dir=args.sass_dir)
    if args.json:
        print(result.to_json())
    elif args.csv:
        print(report_stalls.as_csv(result.points), end="")
    else:
        print(report_stalls.format_text(result.points, result.summary))
    return 0


def run_times(args: argparse.Namespace) -> int:
    from gemmsim.api import compare
    from gemmsim.report import compare as report_compare

    result = compare(args.results, shape=args.shape, tile=args.tile, dtype=args.dtype, gpu=gpu_name(args),
                     swizzle=not args.no_swizzle, kernel=args.kernel, ncu=args.ncu, counters=args.counters,
                     dram=args.dram, sass_dir=args.sass_dir, predictions=args.predictions, save=args.save,
                     workers=args.workers, engine=args.engine, address=args.address, cache=not args.no_cache)
    if args.save:
        announce(args.save)
    if args.json:
        print(result.to_json())
    elif args.csv:
        print(report_compare.as_csv(result.report), end="")
    else:
        print(report_compare.format_text(result.report))
    if args.plot:
        report_compare.plot(result.report, args.plot)
        announce(args.plot)
    return 0
