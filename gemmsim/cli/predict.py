"""`gemmsim predict`: the simulated time of a GEMM kernel, its bottleneck and why, on one GPU."""

from __future__ import annotations

import argparse
import sys

from gemmsim.cli.common import (DEFAULT_DTYPE, assembly_file, clock_mhz, add_format_args, add_kernel_args, add_plot_arg, add_trace_arg,
                                announce, gpu_from_args, kernel_config)
from gemmsim.cli.isa import add_source_args, mfma_dtype, source_kwargs
from gemmsim import limits
from gemmsim.errors import InputError
from gemmsim.problem import KernelConfig, make_problem


def register(subparsers) -> None:
    p = subparsers.add_parser("predict", help="simulated kernel time, bottleneck, bank conflicts, timeline",
                              description="Replay one CU of the GEMM kernel (the preshuffle GEMM of --tile, or "
                                          "compiled assembly with --isa) and reason about the rest of the GPU.")
    add_kernel_args(p, need_tile=False, dtype_unset=f"{DEFAULT_DTYPE}; with --isa, the input dtype of the kernel's first MFMA")
    p.add_argument("--isa", metavar="FILE.s", type=assembly_file, help="take the instruction stream from compiled AMDGPU assembly")
    p.add_argument("--kernel", help="with --isa: which kernel of a file that holds several")
    p.add_argument("--clock-mhz", type=clock_mhz, default=None, metavar="F",
                   help="the engine clock you measured under this kernel (default: the GPU's clock under load, "
                        "from the kernel's matrix activity)")
    add_source_args(p)
    add_format_args(p)
    add_trace_arg(p, "the replayed CU timeline as a Chrome/Perfetto trace")
    add_plot_arg(p, "the replayed CU timeline")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.frontends.amdgpu.program import load_kernel
    from gemmsim.predict import predict, predict_program
    from gemmsim.report.json import to_json
    from gemmsim.report.text import format_prediction

    if not args.isa:
        given = [flag for flag, value in (("--kernel", args.kernel), ("--trip-count", args.trip_count),
                                          ("--int-args", args.int_args), ("--workgroup", args.workgroup))
                 if value is not None]
        if given:
            raise InputError(f"{', '.join(given)} describe{'s' if len(given) == 1 else ''} the kernel of --isa: "
                             f"give --isa FILE.s, or leave {'it' if len(given) == 1 else 'them'} out")
    dtype = args.dtype or (mfma_dtype(args.isa, args.kernel) if args.isa else DEFAULT_DTYPE)
    problem = make_problem(args.shape, dtype)
    gpu = gpu_from_args(args)
    config = kernel_config(args) if args.tile else None
    if not args.tile and not args.isa:
        config = _tuned_config(problem, gpu, args)
    if config is not None:   # refuse an oversized grid before the kernel is built
        limits.check_grid(-(-problem.m // config.tile_m), -(-problem.n // config.tile_n), config.tile)
    record = bool(args.trace or args.plot)
    if args.isa and (problem.batch > 1 or args.split_k != 1):
        raise InputError("a batch (BxMxNxK) and --split-k are predicted for the generated kernel (--tile), not --isa")
    if args.isa:
        kernel = load_kernel(args.isa, problem, gpu, kernel=args.kernel, tile=args.tile, **source_kwargs(args))
        program, tile = kernel.program, kernel.tile
        if tile is not None:  # the parsed kernel's tile (from --tile or its name) sizes the per-tile figures
            config = KernelConfig(*tile, waves_per_eu=args.waves_per_eu)
        prediction = predict_program(program, problem, gpu, config=config, record=record, clock_mhz=args.clock_mhz)
    else:
        prediction = predict(problem, config, gpu, record=record, clock_mhz=args.clock_mhz)
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
    print(to_json(prediction) if args.json else format_prediction(prediction, title))
    return 0


def _tuned_config(problem, gpu, args) -> KernelConfig:
    """No --tile: the winner of `gemmsim tune`'s search over the tiles, with the other knobs as given."""
    from gemmsim.tune.cache import TuneCache, tune
    from gemmsim.tune.space import Space

    space = Space(lds_stage=(args.lds_stage,), copy=(args.copy,), epilogue=(args.epilogue,),
                  waves_per_eu=(args.waves_per_eu,), swizzle=(not args.no_swizzle,))
    result = tune(problem, gpu, space, TuneCache())
    config = result.best.config
    args.tile = config.tile
    print(f"gemmsim: no --tile: chose {config.tile} (best of {len(result.candidates)} valid tiles"
          f"{', from cache' if result.from_cache else ''}; `gemmsim tune` ranks them)", file=sys.stderr)
    return config


def _title(p, args) -> str:
    pr, k = p.problem, p.kernel
    options = "" if args.isa else (f"  lds_stage={args.lds_stage} swizzle={'off' if args.no_swizzle else 'on'} "
                                   f"copy={args.copy} epilogue={args.epilogue}"
                                   f"{f' split_k={args.split_k}' if args.split_k != 1 else ''}")
    source = f"  from {args.isa}" if args.isa else ""
    batch = f"{pr.batch}x" if pr.batch > 1 else ""
    return (f"{batch}{pr.m}x{pr.n}x{pr.k} {pr.dtype}  tile {k.tile}  on {k.gpu} ({k.arch}){options}{source}")
