"""`gemmsim predict`: the simulated time of a GEMM kernel, its bottleneck and why, on one GPU."""

from __future__ import annotations

import argparse
import sys

from gemmsim import limits
from gemmsim.cli.common import (DEFAULT_DTYPE, count_arg, assembly_file, clock_mhz, add_format_args, add_kernel_args, add_plot_arg,
                                add_trace_arg, add_triton_args, announce, triton_config)
from gemmsim.analytics.streamk import SCHEDULES
from gemmsim.errors import InputError
from gemmsim.cli.isa import add_source_args


def register(subparsers) -> None:
    p = subparsers.add_parser("predict", help="simulated kernel time, bottleneck, bank conflicts, timeline",
                              description="Replay one CU of the GEMM kernel (the preshuffle GEMM of --tile, "
                                          "compiled assembly with --isa, or any kernel family's with --family) and "
                                          "reason about the rest of the GPU.")
    add_kernel_args(p, need_tile=False, dtype_unset=f"{DEFAULT_DTYPE}; with --isa, the input dtype of the kernel's first MFMA")
    p.add_argument("--isa", metavar="FILE.s", type=assembly_file, help="take the instruction stream from compiled AMDGPU assembly")
    p.add_argument("--kernel", help="with --isa: which kernel of a file that holds several")
    p.add_argument("--family", metavar="NAME",
                   help="the kernel family that builds the instruction stream (default preshuffle, whose "
                        "configuration is --tile and the kernel flags): " + family_list())
    p.add_argument("--config", metavar="KEY=VALUE,...",
                   help="the family's configuration, e.g. --family sm90-mma --config tile=64x128x64,swizzle=1 "
                        "(for preshuffle its keys replace the kernel flags)")
    add_triton_args(p)
    p.add_argument("--clock-mhz", type=clock_mhz, default=None, metavar="F",
                   help="the engine clock you measured under this kernel (default: the GPU's clock under load, "
                        "from the kernel's matrix activity)")
    p.add_argument("--schedule", choices=("data-parallel", *SCHEDULES), default="data-parallel",
                   help="how tiles meet the CUs: data-parallel (default: a workgroup per tile, in rounds), "
                        "stream-k (persistent workgroups share out every tile's K tiles; split tiles are "
                        "fixed up from fp32 partials) or dp+sk (full rounds data-parallel, the last "
                        "round's tiles streamed); prints both times, the workers' K-tile ranges and the "
                        "fix-up cost (the generated preshuffle kernel only)")
    p.add_argument("--stream-k-workers", type=count_arg("--stream-k-workers", limits.MAX_WORKGROUPS, "the grid's workgroup limit"), default=None, metavar="N",
                   help="with --schedule: this many stream-K workgroups (default: the fastest count tried)")
    add_source_args(p)
    add_format_args(p)
    add_trace_arg(p, "the replayed CU timeline as a Chrome/Perfetto trace")
    add_plot_arg(p, "the replayed CU timeline")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim import api
    from gemmsim.report.text import format_prediction

    if args.schedule != "data-parallel" or args.stream_k_workers is not None:
        return _run_stream_k(args)
    family, config = _family_and_config(args)
    prediction = api.predict(args.shape, args.tile, family=family, config=config, dtype=args.dtype,
                             gpu=args.gpu, arch=args.arch,
                             lds_stage=args.lds_stage, swizzle=not args.no_swizzle, copy=args.copy,
                             epilogue=args.epilogue, waves_per_eu=args.waves_per_eu, split_k=args.split_k,
                             clock_mhz=args.clock_mhz, isa=args.isa, kernel=args.kernel, trip_count=args.trip_count,
                             int_args=args.int_args, workgroup=args.workgroup, arg_roles=args.arg_roles,
                             dynamic_lds=args.dynamic_lds,
                             record=bool(args.trace or args.plot), on_search=_say_which_tile)
    title = _title(prediction, args)
    spans = prediction.timeline or []
    if args.trace:
        from gemmsim.report.trace import write_trace
        write_trace(args.trace, spans, prediction.clock_mhz, title)
        announce(args.trace)
    if args.plot:
        from gemmsim.report.plot import plot_timeline
        plot_timeline(args.plot, spans, title)
        announce(args.plot)
    print(prediction.to_json() if args.json else format_prediction(prediction, title))
    return 0


def _run_stream_k(args: argparse.Namespace) -> int:
    from gemmsim import api
    from gemmsim.report.text import format_stream_k

    if args.schedule == "data-parallel":
        raise InputError("--stream-k-workers goes with --schedule stream-k or dp+sk")
    clash = [flag for flag, given in (("--isa", args.isa), ("--family", args.family), ("--config", args.config),
                                      ("--triton", args.triton), ("--split-k", args.split_k != 1),
                                      ("--trace", args.trace), ("--plot", args.plot)) if given]
    if clash:
        raise InputError(f"--schedule {args.schedule} prices the generated preshuffle kernel's tile: "
                         f"leave out {', '.join(clash)}")
    result = api.stream_k(args.shape, args.tile, schedule=args.schedule, workers=args.stream_k_workers,
                          dtype=args.dtype or api.DEFAULT_DTYPE, gpu=args.gpu, arch=args.arch,
                          lds_stage=args.lds_stage, swizzle=not args.no_swizzle, copy=args.copy,
                          epilogue=args.epilogue, waves_per_eu=args.waves_per_eu, clock_mhz=args.clock_mhz)
    if result.searched_tiles:
        print(f"gemmsim: no --tile: chose {result.data_parallel.kernel.tile}, the fastest under {args.schedule} of "
              f"{result.searched_tiles} valid tiles (data-parallel's best: {result.data_parallel_best_tile}, "
              f"{result.data_parallel_best_us:.2f} us)", file=sys.stderr)
    print(result.to_json() if args.json else format_stream_k(result, _title(result.data_parallel, args)))
    return 0


def _family_and_config(args: argparse.Namespace):
    """--triton FILE.py:KERNEL --meta ... is the triton family with that config."""
    triton = triton_config(args)
    if triton is None:
        return args.family, args.config
    clash = [flag for flag, given in (("--isa", args.isa), ("--config", args.config), ("--tile", args.tile),
                                      ("--family", args.family not in (None, "triton"))) if given]
    if clash:
        raise InputError(f"--triton takes the kernel and its meta-parameters (--meta): leave out {', '.join(clash)}")
    return "triton", triton


def _say_which_tile(result) -> None:
    """No --tile: the search picked the winner of `gemmsim tune`'s search over the tiles."""
    print(f"gemmsim: no --tile: chose {result.best.config.tile} (best of {len(result.candidates)} valid tiles"
          f"{', from cache' if result.from_cache else ''}; `gemmsim tune` ranks them)", file=sys.stderr)


def family_list() -> str:
    from gemmsim.frontends import registry

    return "; ".join(f"{name}: {registry.get(name).summary}" for name in registry.names())


def _title(p, args) -> str:
    pr, k = p.problem, p.kernel
    if args.triton:
        options = f"  triton {args.triton}" + (f" {args.meta}" if args.meta else "")
    elif args.family or args.config:
        options = f"  family {args.family or 'preshuffle'}" + (f" {args.config}" if args.config else "")
    else:
        options = "" if args.isa else (f"  lds_stage={args.lds_stage} swizzle={'off' if args.no_swizzle else 'on'} "
                                       f"copy={args.copy} epilogue={args.epilogue}"
                                       f"{f' split_k={args.split_k}' if args.split_k != 1 else ''}")
    source = f"  from {args.isa}" if args.isa else ""
    batch = f"{pr.batch}x" if pr.batch > 1 else ""
    return (f"{batch}{pr.m}x{pr.n}x{pr.k} {pr.dtype}  tile {k.tile}  on {k.gpu} ({k.arch}){options}{source}")
