"""`gemmsim tune`: which kernel configuration for this shape, or for every GEMM of a run.

One shape: the ranked candidates (time, bound, bottleneck, why each lost). A model run (--model, as
in `gemmsim shapes`) or a profiler trace (--trace): a dispatch table, one row per distinct GEMM, in
the column layout of aiter/FlyDSL tuned-config CSVs. Answers come from the tuning cache when it
holds them (`gemmsim cache info|clear`; --no-cache skips it). One shape's search replays on every
core (gemmsim.tuning.ahead).

Above the table, the verdict on the first choice (gemmsim.tuning.confidence): the runner-up's predicted
gap, and "clear" or "near tie" against the model's ranking error on the family measured from the
committed validation (gemmsim/tuning/ranking_error.json). `--measure-top K` then times the first K on
this machine's GPU with the project's runner (gemmsim.measurements.finalists) and picks the measured
best; without a GPU it says so in one line and keeps the prediction.
"""

from __future__ import annotations

import argparse
import sys

from gemmsim.cli.common import (add_dtype_arg, add_format_args, add_gpu_args, add_shape_arg, add_triton_args, announce,
                                existing_file, gpu_from_args, output_path)
from gemmsim.cli.shapes import add_model_args, add_run_args, model_from_args
from gemmsim.errors import InputError


def register(subparsers) -> None:
    p = subparsers.add_parser("tune", help="rank kernel configurations for a shape, or a model's dispatch table",
                              description="Search a kernel family's configurations (the GPU's: the preshuffle "
                                          "GEMM on AMD, kernels/mma_preshuffle.hip's on the H200; --family "
                                          "names another): rules prune invalid ones, a lower bound prunes those "
                                          "that cannot win, the rest are replayed. Results are cached.")
    add_shape_arg(p, required=False, what="tune this one GEMM")
    add_model_args(p)
    p.add_argument("--trace", metavar="FILE.json", type=existing_file, help="tune every GEMM of a PyTorch profiler trace")
    add_run_args(p, "run (with --model)")
    add_dtype_arg(p)
    add_triton_args(p)
    add_gpu_args(p)
    p.add_argument("--space", default="tiles",
                   help="candidate space, the family's: preshuffle 'tiles' (default: tiles x tile_k x split_k "
                        "1,2,4,8,16, other knobs at their defaults), 'full' (x lds_stage x copy x epilogue x "
                        "waves_per_eu), optionally followed by axes to replace, e.g. 'full tile_m=64,128 "
                        "lds_stage=2' or 'tiles split_k=1' (no split); sm90-mma 'built' "
                        "(every tile the source builds x swizzle; 'tiles' means the same), e.g. "
                        "'built tile=64x256x64,32x256x64 swizzle=on'; with --triton 'tiles' (BLOCK_M, BLOCK_N x "
                        "BLOCK_K x num_warps) or 'full' (x num_stages x waves_per_eu x matrix_instr_nonkdim), e.g. "
                        "'full block_m=128,256 num_warps=8'")
    p.add_argument("--family", metavar="NAME", help="the kernel family whose configurations are ranked (default: "
                                                    "the first with a candidate space that builds for the GPU, "
                                                    "preshuffle on AMD, sm90-mma on the H200)")
    p.add_argument("--top", type=int, default=10,
                   help="rank the best N candidates exactly and show them (default 10; fewer replay less)")
    p.add_argument("--measure-top", type=int, default=0, metavar="K",
                   help="time the first K candidates on this machine's GPU with the project's runner (validation/run.py, "
                        "run from the repository's root) and pick the measured best; without a GPU: a note, the "
                        "prediction stands")
    p.add_argument("--runner", metavar="TEMPLATE",
                   help="the runner's command for --measure-top (default: $GEMMSIM_RUNNER, else '{python} -m "
                        "validation.run --suite shapes --backend {backend} --shapes {shape} --kernels {kernels} "
                        "--out {out}')")
    p.add_argument("--measure-dir", metavar="DIR", help="where the runner writes its CSV and log (default: a temporary folder)")
    p.add_argument("--out", type=output_path, metavar="FILE.csv", help="with --model/--trace: write the dispatch table")
    p.add_argument("--no-cache", action="store_true", help="neither read nor write the tuning cache")
    p.add_argument("--workers", type=int, default=None, metavar="N",
                   help="processes that replay candidates ahead of the search (default: all cores; 1: this process); "
                        "the ranking is the same")
    add_format_args(p, csv=True)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.parallel import check_workers
    from gemmsim.tuning.cache import TuneCache
    from gemmsim.frontends.preshuffle.space import parse_space

    sources = [flag for flag, value in (("--shape", args.shape), ("--model/--config/--d-model", args.model or args.config or args.d_model),
                                        ("--trace", args.trace)) if value]
    if len(sources) != 1:
        raise InputError("tune needs exactly one of --shape, a model (--model, --config or dimensions) and --trace"
                         + (f", got {' and '.join(sources)}" if sources else ""))
    if args.top < 1:
        raise InputError(f"--top must be a positive integer, got {args.top}")
    if args.measure_top < 0:
        raise InputError(f"--measure-top must be a positive integer, got {args.measure_top}")
    if (args.runner is not None or args.measure_dir is not None) and not args.measure_top:
        raise InputError("--runner and --measure-dir go with --measure-top K")
    from gemmsim.frontends import registry
    if args.triton is not None:
        if args.family not in (None, "triton"):
            raise InputError("--triton tunes the triton family: leave out --family")
        if not args.shape:
            raise InputError("--triton tunes one GEMM: give --shape MxNxK")
        args.family = "triton"
    elif args.meta:
        raise InputError("--meta gives a Triton kernel's fixed meta-parameters: give --triton FILE.py:KERNEL with it")
    if args.family is not None:
        registry.searchable(args.family)
    check_workers(args.workers)
    gpu = gpu_from_args(args)
    cache = None if args.no_cache else TuneCache()
    if args.shape:
        if args.out:
            raise InputError("--out writes a dispatch table: it needs --model or --trace")
        return _tune_shape(args, gpu, cache)
    if args.family not in (None, registry.DEFAULT):
        raise InputError(f"a dispatch table is tuned over the {registry.DEFAULT} family's space: leave out --family")
    return _dispatch(args, gpu, parse_space(args.space), cache)


def _tune_shape(args, gpu, cache) -> int:
    from gemmsim import api
    from gemmsim.report.rows import format_csv, format_table
    from gemmsim.report.tune import tune_header

    space = args.space
    if args.triton is not None:     # the triton family's space names its kernel and fixed meta-parameters
        space = f"kernel={args.triton} meta={args.meta or ''} {space}"
    result = api.tune(args.shape, dtype=args.dtype, gpu=gpu, space=space, top=args.top, cache=cache,
                      family=args.family, measure_top=args.measure_top, runner=args.runner, measure_dir=args.measure_dir,
                      workers=args.workers)
    if args.json:
        print(result.to_json())
    elif args.csv:
        if result.measure_note:
            print(result.measure_note, file=sys.stderr)
        print(format_csv(result.rows()), end="")
    else:
        print(tune_header(result))
        print(format_table(result.rows()))
    return 0


def _dispatch(args, gpu, space, cache) -> int:
    from gemmsim.workloads.dispatch import dispatch_rows, distinct_gemms, run_total
    from gemmsim.report.rows import format_csv, format_json, format_table
    from gemmsim.report.tune import dispatch_header

    items, what = _run_gemms(args)
    from gemmsim.parallel import default_workers

    measure = None
    if args.measure_top:
        from gemmsim import api
        from gemmsim.frontends import registry

        family = registry.get(registry.DEFAULT)

        def measure(result):
            return api.measure_finalists(result, family, gpu, args.measure_top, cache, args.runner, args.measure_dir)
    rows = dispatch_rows(distinct_gemms(items), gpu, space, cache, max(args.measure_top, 2), measure,
                         args.workers or default_workers())
    total, untuned = run_total(rows)
    header = dispatch_header(what, gpu.name, total, untuned, len(rows), sum(r["note"] == "from cache" for r in rows))
    if args.out:
        with open(args.out, "w") as f:
            f.write(format_csv(rows))
        announce(args.out)
    if args.json:
        print(format_json({"what": what, "gpu": gpu.name, "total_us": round(total, 3), "untuned": untuned,
                           "rows": rows}), end="")
    elif args.csv:
        print(format_csv(rows), end="")
    else:
        print(header)
        print(format_table([{k: v for k, v in r.items() if k != "gemms"} for r in rows]))
    return 0


def _run_gemms(args):
    """(name, dtype, BlasCall, count) of every GEMM of the model run or the trace, and what they are."""
    if args.trace:
        from gemmsim.workloads.torch_trace import read_trace
        trace = read_trace(args.trace)
        return [(g.op, g.dtype, g.call, g.count) for g in trace.groups], f"trace {args.trace}"
    from gemmsim.workloads.shapes import Workload, model_gemms
    if args.seq is None:
        raise InputError("tune --model needs --seq (the sequence or prompt length)")
    model = model_from_args(args)
    work = Workload(args.batch, args.seq, args.decode_steps, args.mode)
    rows = model_gemms(model, work, args.dtype)
    return [(r.name, r.dtype, r.call, r.count) for r in rows], f"{model.name} {work.mode} batch {work.batch} seq {work.seq}"
