"""`gemmsim cache info|clear`: where the tuning cache lives, what it holds, and emptying it."""

from __future__ import annotations

import argparse

from gemmsim.errors import InputError


def register(subparsers) -> None:
    p = subparsers.add_parser("cache", help="the tuning cache: info, clear or export",
                              description="The SQLite cache of `gemmsim tune` results ($GEMMSIM_CACHE_DIR, "
                                          "else ~/.cache/gemmsim), keyed by the GPU description's content, the "
                                          "simulator version, the problem and the candidate space; it also keeps "
                                          "`gemmsim compare`'s predictions (keyed by the kernel, its listing, the "
                                          "GPU description and the simulator version).")
    p.add_argument("action", choices=("info", "clear", "export"))
    p.add_argument("--json", action="store_true", help="JSON instead of text (info)")
    p.add_argument("--out", metavar="FILE.parquet|FILE.csv",
                   help="export: one row per candidate of every cached search, for DuckDB, pandas or polars "
                        "(.parquet needs pyarrow: pip install 'gemmsim[parquet]')")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.report.rows import format_json, format_key_values
    from gemmsim.tuning.cache import PredictionCache, TuneCache

    if args.action == "export":
        return _export(args)
    if args.out:
        raise InputError(f"--out is for `gemmsim cache export`, not `{args.action}`")
    cache, predictions = TuneCache(), PredictionCache()
    if args.action == "clear":
        searches = cache.clear()
        print(f"cleared {searches} entries from {cache.path} (and {predictions.clear()} kept predictions of `compare`)")
        return 0
    info = cache.info()
    info["predictions"] = predictions.entries()   # compare's kept predictions
    if args.json:
        print(format_json(info), end="")
        return 0
    by = info.pop("by_gpu_and_version")
    print(format_key_values(info))
    for row in by:
        print(f"  {row['gpu']:<10} {row['version']:<16} {row['entries']} entries")
    return 0


def _export(args: argparse.Namespace) -> int:
    from gemmsim.cli.common import announce
    from gemmsim.files import check_output_path
    from gemmsim.tables import check_table_output, write_table
    from gemmsim.tuning.cache import EXPORT_COLUMNS, TuneCache

    if not args.out:
        raise InputError("cache export needs --out FILE.parquet or FILE.csv")
    check_table_output(args.out)
    check_output_path(args.out)
    rows = TuneCache().export_rows()
    write_table(rows, EXPORT_COLUMNS, args.out)
    print(f"{len(rows)} candidates of the cached searches")
    announce(args.out)
    return 0
