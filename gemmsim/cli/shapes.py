"""`gemmsim shapes`: every GEMM of one transformer run (model -> M, N, K, counts), optionally costed."""

from __future__ import annotations

import argparse

from gemmsim.workloads import models
from gemmsim import limits
from gemmsim.cli.common import (add_dtype_arg, add_format_args, add_gpu_args, add_plot_arg, add_tile_arg, announce,
                                count_arg, existing_file, gpu_name)
from gemmsim.errors import InputError


def register(subparsers) -> None:
    p = subparsers.add_parser("shapes", help="list the GEMMs of a transformer run (model -> M, N, K, counts)",
                              description="Every GEMM of the linear layers and attention of one run, with "
                                          "counts, phase and the BLAS flags a row-major framework passes.")
    add_model_args(p)
    run_args = add_run_args(p, "run")
    add_dtype_arg(run_args, what="GEMM input dtype")
    add_gpu_args(run_args, default=None, unset="none, no cost", what="add the cost on this GPU")
    add_tile_arg(run_args, required=False, names=True, unset="adds dim efficiency; needs --gpu")
    add_format_args(p, csv=True)
    add_plot_arg(p, "a bar chart of time by GEMM group (needs --gpu)")
    p.set_defaults(func=run)


def add_run_args(p, title: str):
    """The run of the model (mode, batch, sequence length, decode steps), as an argument group."""
    run_args = p.add_argument_group(title)
    run_args.add_argument("--mode", choices=models.MODES, default="inference", help="what the run does (default inference)")
    run_args.add_argument("--batch", type=count_arg("batch", limits.MAX_BATCH, "sequences of one run"), default=1,
                          help=f"sequences per run, 1..{limits.MAX_BATCH} (default 1)")
    run_args.add_argument("--seq", type=count_arg("sequence length", limits.MAX_DIM, "one GEMM dimension"),
                          help=f"sequence length; the prompt length in inference (batch x seq and seq + decode "
                               f"steps at most {limits.MAX_DIM})")
    run_args.add_argument("--decode-steps", default=0, help=f"generated tokens (inference only), 0..{limits.MAX_DECODE_STEPS}",
                          type=count_arg("decode steps", limits.MAX_DECODE_STEPS,
                                         "each step lists its attention GEMMs", minimum=0))
    return run_args


def add_model_args(p) -> None:
    """The model of a run: a preset, a config.json, or dimensions (shared with `gemmsim tune`)."""
    src = p.add_argument_group("model (a preset, a config.json, or dimensions; dimensions override)")
    src.add_argument("--model", help=f"preset: {', '.join(models.PRESETS)}")
    src.add_argument("--config", metavar="CONFIG.json", type=existing_file, help="Hugging Face-style config.json")
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


def model_from_args(args: argparse.Namespace) -> models.ModelDims:
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


def run(args: argparse.Namespace) -> int:
    from gemmsim.workloads import summaries
    from gemmsim.kernel_names import require_macro_tile
    from gemmsim.workloads.shapes import Workload, model_gemms
    from gemmsim.report.rows import plot_times
    from gemmsim.report.workloads import cost_label, format_presets, format_rows, shapes_header

    if args.list_models:
        print(format_presets(models.PRESETS))
        return 0
    gpu = gpu_name(args)
    if args.seq is None:
        raise InputError("shapes needs --seq (the sequence or prompt length)")
    if args.tile and not gpu:
        raise InputError("--tile needs --gpu (the CU count comes from the GPU file)")
    if args.plot and not gpu:
        raise InputError("shapes --plot needs --gpu (the times it plots are costs on that GPU)")
    limits.check_count("batch x seq (the M of the linear layers)", args.batch * args.seq, limits.MAX_DIM,
                       "one GEMM dimension")
    limits.check_count("seq + decode steps (the longest context)", args.seq + args.decode_steps, limits.MAX_DIM,
                       "one GEMM dimension")
    model = model_from_args(args)
    work = Workload(args.batch, args.seq, args.decode_steps, args.mode)
    tile = require_macro_tile(args.tile) if args.tile else None
    rows = summaries.shape_rows(model_gemms(model, work, args.dtype), gpu, tile)
    meta = {"model": model.name, "mode": work.mode, "batch": work.batch, "seq": work.seq,
            "decode_steps": work.decode_steps, "dtype": args.dtype, "gpu": gpu}
    form = "json" if args.json else "csv" if args.csv else "table"
    print(format_rows(rows, meta, shapes_header(model.name, work, args.dtype, rows, gpu), form), end="")
    if args.plot:
        plot_times(rows, {"pred_total_us": cost_label(gpu, rows)}, args.plot,
                   f"{model.name} {work.mode}: GEMM time by group")
        announce(args.plot)
    return 0
