"""Subcommands `shapes`, `dimeff` and `trace`: register(subparsers) adds them to `gemmsim`.

Each handler reads its arguments, calls the library, prints one of the table, CSV or JSON
forms of the same rows, and returns 0; library errors propagate to the main CLI.
"""

from __future__ import annotations

import argparse

from gemmsim import dtypes
from gemmsim.analysts import models, summaries
from gemmsim.report import rows as report
from gemmsim.analysts.kernel_names import require_macro_tile
from gemmsim.analysts.shapes import MODES, Workload, model_gemms
from gemmsim.analysts.torch_trace import read_trace
from gemmsim.errors import InputError
from gemmsim.hw import available_gpus
from gemmsim.problem import parse_dims

GPU_HELP = f"GPU description: {', '.join(available_gpus())}, or a .toml path"


def register(subparsers) -> None:
    _register_shapes(subparsers)
    _register_dimeff(subparsers)
    _register_trace(subparsers)


def _add_output_args(parser: argparse.ArgumentParser, plot: bool = True) -> None:
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--csv", action="store_true", help="CSV instead of a table")
    form.add_argument("--json", action="store_true", help="JSON instead of a table")
    if plot:
        parser.add_argument("--plot", metavar="FILE.png", help="also write a bar chart of time by GEMM group")


def _print_rows(args: argparse.Namespace, rows: list[dict], meta: dict, header: str) -> None:
    if args.json:
        print(report.format_json({**meta, "rows": rows}), end="")
    elif args.csv:
        print(report.format_csv(rows), end="")
    else:
        print(header)
        print(report.format_table(rows))


# --- shapes ----------------------------------------------------------------------------------

def _register_shapes(subparsers) -> None:
    p = subparsers.add_parser("shapes", help="list the GEMMs of a transformer run (model -> M, N, K, counts)",
                              description="Every GEMM of the linear layers and attention of one run, with "
                                          "counts, phase and the BLAS flags a row-major framework passes.")
    src = p.add_argument_group("model (a preset, a config.json, or dimensions; dimensions override)")
    src.add_argument("--model", help=f"preset: {', '.join(models.PRESETS)}")
    src.add_argument("--config", metavar="CONFIG.json", help="Hugging Face-style config.json")
    src.add_argument("--list-models", action="store_true", help="list the presets and exit")
    for flag, help_text in (("--d-model", "hidden size"), ("--d-ff", "MLP inner size"),
                            ("--heads", "attention heads"), ("--kv-heads", "key/value heads (default: heads)"),
                            ("--layers", "transformer blocks"), ("--vocab", "vocabulary size"),
                            ("--head-dim", "per-head width (default d_model / heads)")):
        src.add_argument(flag, type=int, help=help_text)
    src.add_argument("--mlp", choices=models.MLP_KINDS, help="gated (gate, up, down) or plain (fc1, fc2)")
    src.add_argument("--bias", action=argparse.BooleanOptionalAction, default=None, help="linear layers have bias")
    src.add_argument("--fused-qkv", action=argparse.BooleanOptionalAction, default=None,
                     help="one q/k/v projection")
    run = p.add_argument_group("run")
    run.add_argument("--mode", choices=MODES, default="inference")
    run.add_argument("--batch", type=int, default=1, help="sequences per run (default 1)")
    run.add_argument("--seq", type=int, help="sequence length; the prompt length in inference")
    run.add_argument("--decode-steps", type=int, default=0, help="generated tokens (inference only)")
    run.add_argument("--dtype", default="bf16", help="GEMM input dtype (default bf16)")
    run.add_argument("--gpu", help=f"add the cost on this GPU ({GPU_HELP})")
    run.add_argument("--tile", help="add dim efficiency on this macro tile or kernel name (needs --gpu)")
    _add_output_args(p)
    p.set_defaults(func=run_shapes)


def _model_from_args(args: argparse.Namespace) -> models.ModelDims:
    dims = {"d_model": args.d_model, "d_ff": args.d_ff, "heads": args.heads, "kv_heads": args.kv_heads,
            "layers": args.layers, "vocab": args.vocab, "head_dim": args.head_dim, "mlp": args.mlp,
            "bias": args.bias, "fused_qkv": args.fused_qkv}
    if args.model and args.config:
        raise InputError("give --model or --config, not both")
    if args.model:
        return models.with_overrides(models.preset(args.model), **dims)
    if args.config:
        return models.with_overrides(models.from_config_json(args.config), **dims)
    return models.from_dimensions(**dims)


def run_shapes(args: argparse.Namespace) -> int:
    if args.list_models:
        for name, m in models.PRESETS.items():
            print(f"{name:12} d_model {m.d_model:6} d_ff {m.d_ff:6} heads {m.heads:3}/{m.kv_heads:<3}"
                  f" layers {m.layers:3} vocab {m.vocab:6} mlp {m.mlp:5}  ({m.source})")
        return 0
    if args.seq is None:
        raise InputError("shapes needs --seq (the sequence or prompt length)")
    if args.tile and not args.gpu:
        raise InputError("--tile needs --gpu (the CU count comes from the GPU file)")
    model = _model_from_args(args)
    work = Workload(args.batch, args.seq, args.decode_steps, args.mode)
    dtype = dtypes.normalize(args.dtype)
    tile = require_macro_tile(args.tile) if args.tile else None
    rows = summaries.shape_rows(model_gemms(model, work, dtype), args.gpu, tile)
    meta = {"model": model.name, "mode": work.mode, "batch": work.batch, "seq": work.seq,
            "decode_steps": work.decode_steps, "dtype": dtype, "gpu": args.gpu}
    header = (f"{model.name}: {work.mode}, batch {work.batch}, seq {work.seq}"
              + (f", {work.decode_steps} decode steps" if work.decode_steps else "")
              + f", {dtype}; {sum(r['count'] for r in rows)} GEMM calls in {len(rows)} distinct shapes")
    if args.gpu:
        total = sum(r["pred_total_us"] or 0.0 for r in rows)
        sources = sorted({r["pred_source"] for r in rows})
        header += f"\ncost on {args.gpu} ({', '.join(sources)}): {total / 1e3:.3f} ms"
    _print_rows(args, rows, meta, header)
    if args.plot:
        if not args.gpu:
            raise InputError("shapes --plot needs --gpu (the times it plots are costs on that GPU)")
        label = f"{args.gpu} ({', '.join(sorted({r['pred_source'] for r in rows}))})"
        report.plot_times(rows, {"pred_total_us": label}, args.plot, f"{model.name} {work.mode}: GEMM time by group")
    return 0


# --- dimeff ----------------------------------------------------------------------------------

def _register_dimeff(subparsers) -> None:
    p = subparsers.add_parser("dimeff", help="tile and wave-quantization efficiency and roofline of one GEMM",
                              description="TraceLens-style dimension efficiency: the macro tile's M runs "
                                          "along the shape's M as given. The roofline uses the achievable HBM "
                                          "bandwidth (predict's strict bound uses the spec bandwidth).")
    p.add_argument("--shape", required=True, help="MxNxK, e.g. 10240x2048x2048")
    p.add_argument("--tile", required=True, help="macro tile or kernel name: MT256x64x32, 64x256x128, "
                                                 "256x128x128x64_32x32_2x2, a Tensile/cuBLAS kernel name")
    p.add_argument("--gpu", default="mi300x", help=f"{GPU_HELP} (default mi300x)")
    p.add_argument("--cus", type=int, help="compute units, overriding the GPU file")
    p.add_argument("--slots-per-cu", type=int, default=1, metavar="N",
                   help="workgroups a CU runs at once (default 1, TraceLens's definition; "
                        "give predict's workgroups_per_cu to match its dim efficiency)")
    p.add_argument("--dtype", default="bf16", help="input dtype for the roofline (default bf16)")
    p.add_argument("--batch", type=int, default=1, help="batched GEMM count (default 1)")
    _add_output_args(p, plot=False)
    p.set_defaults(func=run_dimeff)


def run_dimeff(args: argparse.Namespace) -> int:
    m, n, k = parse_dims(args.shape, "--shape")
    tile = require_macro_tile(args.tile)
    if args.cus is not None and args.cus < 1:
        raise InputError(f"--cus must be a positive integer, got {args.cus}")
    row = summaries.dimeff_row(m, n, k, tile, args.gpu, dtypes.normalize(args.dtype), args.batch, args.cus,
                               args.slots_per_cu)
    if args.json:
        print(report.format_json(row), end="")
    elif args.csv:
        print(report.format_csv([row]), end="")
    else:
        print(report.format_key_values(row))
    return 0


# --- trace -----------------------------------------------------------------------------------

def _register_trace(subparsers) -> None:
    p = subparsers.add_parser("trace", help="the GEMMs of a PyTorch profiler trace, grouped, with dim efficiency",
                              description="Read a PyTorch profiler trace (Chrome trace JSON, gzipped or not, "
                                          "recorded with record_shapes=True) and group its GEMMs.")
    p.add_argument("file", metavar="FILE.json", help="trace file (.json or .json.gz)")
    p.add_argument("--gpu", help=f"add the predicted time on this GPU ({GPU_HELP})")
    p.add_argument("--measured-cus", type=int,
                   help="compute units of the GPU the trace was recorded on (default: the trace's numSms)")
    p.add_argument("--top", type=int, help="show only the N groups with the most kernel time")
    _add_output_args(p)
    p.set_defaults(func=run_trace)


def run_trace(args: argparse.Namespace) -> int:
    if args.measured_cus is not None and args.measured_cus < 1:
        raise InputError(f"--measured-cus must be a positive integer, got {args.measured_cus}")
    if args.top is not None and args.top < 1:
        raise InputError(f"--top must be a positive integer, got {args.top}")
    trace = read_trace(args.file)
    rows = summaries.trace_rows(trace, args.gpu, args.measured_cus)[:args.top]
    cus = args.measured_cus or trace.device_compute_units
    meta = {"trace": args.file, "device": trace.device_name, "compute_units": cus,
            "gemm_ops": trace.gemm_ops, "skipped_ops": trace.skipped_ops, "gpu": args.gpu}
    measured = sum(g.kernel_time_us for g in trace.groups)
    header = (f"{args.file}: {trace.gemm_ops} GEMM ops in {len(trace.groups)} groups, "
              f"{measured:.1f} us of GEMM kernels on {trace.device_name or 'an unnamed device'}"
              f" ({cus or '?'} CUs)" + (f"; {trace.skipped_ops} GEMM ops without recorded shapes skipped"
                                        if trace.skipped_ops else ""))
    _print_rows(args, rows, meta, header)
    if args.plot:
        bars = {"kernel_us": f"measured on {trace.device_name or 'trace device'}"}
        if args.gpu:
            bars["pred_total_us"] = f"{args.gpu} ({', '.join(sorted({r['pred_source'] for r in rows}))})"
        report.plot_times(rows, bars, args.plot, f"{args.file}: GEMM time by group")
    return 0
