"""`gemmsim trace`: the GEMMs of a PyTorch profiler trace, grouped, with dim efficiency and cost."""

from __future__ import annotations

import argparse

from gemmsim.cli.common import add_format_args, add_gpu_args, add_plot_arg, announce, existing_file, gpu_name
from gemmsim.errors import InputError


def register(subparsers) -> None:
    p = subparsers.add_parser("trace", help="the GEMMs of a PyTorch profiler trace, grouped, with dim efficiency",
                              description="Read a PyTorch profiler trace (Chrome trace JSON, gzipped or not, "
                                          "recorded with record_shapes=True) and group its GEMMs.")
    p.add_argument("file", metavar="FILE.json", type=existing_file, help="trace file (.json or .json.gz)")
    add_gpu_args(p, default=None, unset="none, no prediction", what="add the predicted time on this GPU")
    p.add_argument("--measured-cus", type=int,
                   help="compute units of the GPU the trace was recorded on (default: the trace's numSms)")
    p.add_argument("--top", type=int, help="show only the N groups with the most kernel time")
    add_format_args(p, csv=True)
    add_plot_arg(p, "a bar chart of time by GEMM group")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.workloads import summaries
    from gemmsim.workloads.torch_trace import read_trace
    from gemmsim.report.rows import plot_times
    from gemmsim.report.workloads import cost_label, format_rows, trace_header

    if args.measured_cus is not None and args.measured_cus < 1:
        raise InputError(f"--measured-cus must be a positive integer, got {args.measured_cus}")
    if args.top is not None and args.top < 1:
        raise InputError(f"--top must be a positive integer, got {args.top}")
    gpu = gpu_name(args)
    trace = read_trace(args.file)
    rows = summaries.trace_rows(trace, gpu, args.measured_cus)[:args.top]
    cus = args.measured_cus or trace.device_compute_units
    meta = {"trace": args.file, "device": trace.device_name, "compute_units": cus,
            "gemm_ops": trace.gemm_ops, "skipped_ops": trace.skipped_ops, "gpu": gpu}
    form = "json" if args.json else "csv" if args.csv else "table"
    print(format_rows(rows, meta, trace_header(trace, cus), form), end="")
    if args.plot:
        bars = {"kernel_us": f"measured on {trace.device_name or 'trace device'}"}
        if gpu:
            bars["pred_total_us"] = cost_label(gpu, rows)
        plot_times(rows, bars, args.plot, f"{args.file}: GEMM time by group")
        announce(args.plot)
    return 0
