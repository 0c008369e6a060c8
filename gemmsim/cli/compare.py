"""`gemmsim compare`: measured kernel times against the simulator's predictions."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from gemmsim.cli.common import (add_dtype_arg, add_format_args, add_gpu_args, add_plot_arg, add_save_arg,
                                add_shape_arg, add_tile_arg, announce, gpu_name)
from gemmsim.errors import InputError


def register(subparsers) -> None:
    p = subparsers.add_parser("compare", help="predict every measured point of a results CSV and report the error")
    p.add_argument("results", nargs="+", help="runner CSV (validation/results/*/ladder.csv ...), rocprofv3 kernel_stats.csv "
                                              "or ncu --csv --page raw export")
    add_format_args(p)
    add_plot_arg(p, "predicted against measured (log-log)")
    p.add_argument("--ncu", metavar="NCU.csv", help="bank-conflict table to compare (default: ncu.csv beside the first runner CSV)")
    p.add_argument("--dram", action="store_true", help="also predict the profiled kernels of the ncu table and compare DRAM reads")
    p.add_argument("--sass-dir", help="cuobjdump -sass listings (default: sass/ beside the first CSV)")
    p.add_argument("--predictions", metavar="FILE.csv", help="take predictions from this file (written by --save) instead of replaying")
    add_save_arg(p, "every point's prediction to this CSV (--predictions reads it back)")
    g = p.add_argument_group("what a profiled kernel computed (rocprofv3 / ncu exports)")
    add_shape_arg(g, required=False)
    add_tile_arg(g, required=False, unset="preshuffle GEMM")
    add_dtype_arg(g)
    add_gpu_args(g, default=None, unset="the row's device, or mi300x / h200 by format")
    g.add_argument("--no-swizzle", action="store_true", help="the kernel's A tile was not swizzled")
    g.add_argument("--kernel", help="regular expression: compare only kernels whose name matches")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.validate import compare as cmp
    from gemmsim.problem import parse_dims

    gpu = gpu_name(args)
    spec = None
    if args.shape:
        spec = cmp.KernelSpec(parse_dims(args.shape, "--shape"), args.dtype,
                              parse_dims(args.tile, "--tile") if args.tile else None, not args.no_swizzle, gpu,
                              args.kernel)
    points = [p for path in args.results for p in cmp.read_points(path, spec)]
    if gpu:
        points = [cmp.replace_gpu(p, gpu) for p in points]
    first_dir = Path(args.results[0]).parent
    sass_dir = Path(args.sass_dir) if args.sass_dir else first_dir / "sass"
    predictor = cmp.Predictor(sass_dir if sass_dir.is_dir() else None)
    skipped: list[str] = []
    if args.predictions:
        compared = cmp.compared_from_file(points, args.predictions)
    else:
        compared = cmp.compare_points(points, predictor, skipped)
    if not compared:
        raise InputError(f"no point of {', '.join(args.results)} could be predicted: {skipped[0] if skipped else 'no rows'}")
    if args.save:
        cmp.save_predictions(compared, args.save)
        announce(args.save)
    ncu = Path(args.ncu) if args.ncu else first_dir / "ncu.csv"
    conflicts = cmp.bank_conflicts(ncu, predictor) if (args.ncu or (ncu.is_file() and spec is None)) else []
    report = cmp.build_report(compared, conflicts, skipped)
    if args.dram:
        report.dram = cmp.dram_reads(ncu, predictor)
    print(json.dumps(report.to_json(), indent=2, sort_keys=True) if args.json else cmp.format_text(report))
    if args.plot:
        cmp.plot(report, args.plot)
        announce(args.plot)
    return 0
