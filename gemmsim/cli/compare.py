"""`gemmsim compare`: measured kernel times against the simulator's predictions."""

from __future__ import annotations

import argparse
import json

from gemmsim.errors import InputError


def register(subparsers) -> None:
    p = subparsers.add_parser("compare", help="predict every measured point of a results CSV and report the error")
    p.add_argument("results", nargs="+", help="runner CSV (validation/results/*/ladder.csv ...), rocprofv3 kernel_stats.csv "
                                              "or ncu --csv --page raw export")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--csv", action="store_true", help="every point as CSV instead of the text report")
    p.add_argument("--plot", metavar="FILE.png", help="draw predicted against measured (log-log)")
    p.add_argument("--ncu", metavar="NCU.csv", help="bank-conflict table to compare (default: ncu.csv beside the first runner CSV)")
    p.add_argument("--dram", action="store_true", help="also predict the profiled kernels of the ncu table and compare DRAM reads")
    p.add_argument("--sass-dir", help="cuobjdump -sass listings (default: sass/ beside the first CSV)")
    p.add_argument("--predictions", metavar="FILE.csv", help="take predictions from this file (written by --save) instead of replaying")
    p.add_argument("--save", metavar="FILE.csv", help="write every point's prediction to this file")
    g = p.add_argument_group("what a profiled kernel computed (rocprofv3 / ncu exports)")
    g.add_argument("--shape", help="MxNxK")
    g.add_argument("--tile", help="tile_m x tile_n x tile_k (preshuffle GEMM)")
    g.add_argument("--dtype", default="bf16", help="input dtype (default bf16)")
    g.add_argument("--gpu", help="GPU description (default: the row's device, or mi300x / h200 by format)")
    g.add_argument("--no-swizzle", action="store_true", help="the kernel's A tile was not swizzled")
    g.add_argument("--kernel", help="regular expression: compare only kernels whose name matches")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.problem import parse_dims
    from gemmsim.report import compare as report_compare
    from gemmsim.validate.compare import compare
    from gemmsim.validate.points import KernelSpec

    if args.csv and args.json:
        raise InputError("--csv and --json: give one")
    spec = None
    if args.shape:
        spec = KernelSpec(parse_dims(args.shape, "--shape"), args.dtype,
                          parse_dims(args.tile, "--tile") if args.tile else None, not args.no_swizzle, args.gpu,
                          args.kernel)
    report = compare(args.results, spec, gpu=args.gpu, sass_dir=args.sass_dir, predictions=args.predictions,
                     save=args.save, ncu_csv=args.ncu, dram=args.dram)
    if args.json:
        print(json.dumps(report_compare.as_json(report), indent=2, sort_keys=True))
    elif args.csv:
        print(report_compare.as_csv(report), end="")
    else:
        print(report_compare.format_text(report))
    if args.plot:
        report_compare.plot(report, args.plot)
    return 0
