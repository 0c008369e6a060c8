"""`gemmsim sweep`: predict every point of shapes x dtypes x GPUs x kernel configurations into one
table, on a local process pool or a Ray cluster, resumable after an interruption."""

from __future__ import annotations

import argparse
import sys

from gemmsim.cli.common import announce, dtype_name
from gemmsim.files import check_output_path
from gemmsim.errors import InputError
from gemmsim.hw import available_gpus, load_gpu

EPILOG = """\
shapes SPEC (comma-separated, mixed freely):
  4096x4096x4096,597x11008x4096    M x N x K
  model:llama2-7b:seq=597          every distinct GEMM of one run of a preset model
                                   (fields: seq, batch, decode_steps, mode=inference|training)
  FILE                             one MxNxK per line, or a CSV whose header names M, N, K

configs SPEC (fields joined by ';', values by ','; every combination is a point):
  tile=64x256x128,128x128x64;lds_stage=1,2;copy=sync,async;epilogue=direct,cshuffle;
  swizzle=on,off;waves_per_eu=none,2;split_k=1,4,16
  tile=all is predict_gemm's candidate tiles (tile_k from the dtype), split_k=all the split factors
  tune searches (1,2,4,8,16; a split must divide the K tiles, else the point is an error row);
  fields left out take the kernel's defaults (tile=all, lds_stage=2, copy=sync, epilogue=direct,
  swizzle=on, waves_per_eu=none, split_k=1)

Invalid points are rows with an 'error' column, not a failure. Finished rows are journaled in
OUT.journal.jsonl as they come back: a rerun of an interrupted sweep predicts only the rest
(--restart discards the journal). The output is sorted by point, identical for any worker count.

  gemmsim sweep --shapes model:llama2-7b:seq=597 --configs 'tile=all;lds_stage=1,2' \\
      --gpu mi300x,mi325x,mi355x --out llama.parquet
"""


def register(subparsers) -> None:
    p = subparsers.add_parser("sweep", help="predict every shape x config x GPU into a CSV/Parquet table",
                              description="Design-space sweep: one prediction per point of shapes x dtypes x "
                                          "GPUs x kernel configurations, written as one table.",
                              epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--shapes", required=True, metavar="SPEC|FILE", help="the GEMM shapes (syntax below)")
    p.add_argument("--configs", default="tile=all", metavar="SPEC", help="kernel configurations (default tile=all)")
    p.add_argument("--gpu", default="mi300x", metavar="G[,G...]",
                   help=f"GPU descriptions: {', '.join(available_gpus())}, or .toml paths (default mi300x)")
    p.add_argument("--dtype", default="bf16", metavar="D[,D...]", help="input dtypes (default bf16)")
    p.add_argument("--out", required=True, metavar="FILE.parquet|FILE.csv",
                   help="the table; .parquet needs pyarrow (pip install 'gemmsim[parquet]')")
    p.add_argument("--engine", default="local", choices=("local", "ray"),
                   help="local: a process pool on this machine (default); ray: Ray tasks, on a local Ray this "
                        "command starts, or on the cluster of --address (pip install 'gemmsim[ray]')")
    p.add_argument("--workers", type=int, default=None, metavar="N", help="local processes (default: all cores)")
    p.add_argument("--address", default=None, metavar="ADDRESS",
                   help="with --engine ray: the Ray cluster to join, e.g. 'auto' (the one running on this machine) "
                        "or ray://HEAD:10001 (default: $RAY_ADDRESS if set, else a local Ray started for this sweep "
                        "and stopped after it)")
    p.add_argument("--restart", action="store_true", help="discard the journal of an earlier run")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.parallel import check_engine, check_workers
    from gemmsim.sweep import parse_configs, parse_shapes, run_sweep, sweep_points
    from gemmsim.tables import check_table_output

    check_workers(args.workers)
    check_engine(args.engine, args.address)      # checked before anything is written
    check_table_output(args.out)
    check_output_path(args.out)
    gpus = [g.strip() for g in args.gpu.split(",") if g.strip()]
    for gpu in gpus:
        load_gpu(gpu)   # a GPU that does not exist stops the sweep before any work
    dtypes = []
    for text in args.dtype.split(","):
        try:
            dtypes.append(dtype_name(text.strip()))
        except argparse.ArgumentTypeError as e:
            raise InputError(f"--dtype: {e}") from None
    points = sweep_points(parse_shapes(args.shapes), parse_configs(args.configs), dtypes, gpus)
    result = run_sweep(points, args.out, args.engine, args.workers, args.address, args.restart)
    print(f"gemmsim: {result.points} points ({result.from_journal} from the journal, {result.errors} invalid)",
          file=sys.stderr)
    announce(result.out)
    return 0
