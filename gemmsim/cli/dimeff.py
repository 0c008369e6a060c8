"""`gemmsim dimeff`: tile and wave-quantization efficiency and the roofline of one GEMM."""

from __future__ import annotations

import argparse

from gemmsim.cli.common import add_dtype_arg, add_format_args, add_gpu_args, add_shape_arg, add_tile_arg, gpu_name
from gemmsim.errors import InputError
from gemmsim.problem import parse_dims


def register(subparsers) -> None:
    p = subparsers.add_parser("dimeff", help="tile and wave-quantization efficiency and roofline of one GEMM",
                              description="TraceLens-style dimension efficiency: the macro tile's M runs "
                                          "along the shape's M as given. The roofline uses the achievable HBM "
                                          "bandwidth (predict's strict bound uses the spec bandwidth).")
    add_shape_arg(p)
    add_tile_arg(p, names=True)
    add_gpu_args(p)
    p.add_argument("--cus", type=int, help="compute units, overriding the GPU file")
    p.add_argument("--slots-per-cu", type=int, default=1, metavar="N",
                   help="workgroups a CU runs at once (default 1, TraceLens's definition; "
                        "give predict's workgroups_per_cu to match its dim efficiency)")
    add_dtype_arg(p, what="input dtype for the roofline")
    p.add_argument("--batch", type=int, default=1, help="batched GEMM count (default 1)")
    add_format_args(p, csv=True)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.workloads import summaries
    from gemmsim.kernel_names import require_macro_tile
    from gemmsim.report.rows import format_csv, format_json, format_key_values

    m, n, k = parse_dims(args.shape, "--shape")
    tile = require_macro_tile(args.tile)
    if args.cus is not None and args.cus < 1:
        raise InputError(f"--cus must be a positive integer, got {args.cus}")
    row = summaries.dimeff_row(m, n, k, tile, gpu_name(args), args.dtype, args.batch, args.cus,
                               args.slots_per_cu)
    if args.json:
        print(format_json(row), end="")
    elif args.csv:
        print(format_csv([row]), end="")
    else:
        print(format_key_values(row))
    return 0
