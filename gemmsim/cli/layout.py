"""`gemmsim layout`: which lane holds which A, B and C element of a matrix instruction."""

from __future__ import annotations

import argparse

from gemmsim.cli.common import add_dtype_arg, add_gpu_args, add_plot_arg, announce, gpu_from_args


def register(subparsers) -> None:
    p = subparsers.add_parser("layout", help="which lane holds which A, B and C element of a matrix instruction")
    p.add_argument("--instr", required=True, help="opcode, e.g. v_mfma_f32_16x16x32_fp8_fp8")
    add_gpu_args(p)
    add_dtype_arg(p, default=None, unset="the opcode's", what="operand dtype when the opcode takes several "
                                                             "(f8f6f4: fp8 or fp4)")
    add_plot_arg(p, "the lane maps")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.functional.layout import format_layout, instruction_layout, plot_layout

    lay = instruction_layout(gpu_from_args(args), args.instr, args.dtype)
    print(format_layout(lay))
    if args.plot:
        plot_layout(lay, args.plot)
        announce(args.plot)
    return 0
