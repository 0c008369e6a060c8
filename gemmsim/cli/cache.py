"""`gemmsim cache info|clear`: where the tuning cache lives, what it holds, and emptying it."""

from __future__ import annotations

import argparse


def register(subparsers) -> None:
    p = subparsers.add_parser("cache", help="the tuning cache: info or clear",
                              description="The SQLite cache of `gemmsim tune` results ($GEMMSIM_CACHE_DIR, "
                                          "else ~/.cache/gemmsim), keyed by the GPU description's content, the "
                                          "simulator version, the problem and the candidate space.")
    p.add_argument("action", choices=("info", "clear"))
    p.add_argument("--json", action="store_true", help="JSON instead of text (info)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gemmsim.report.rows import format_json, format_key_values
    from gemmsim.tune.cache import TuneCache

    cache = TuneCache()
    if args.action == "clear":
        print(f"cleared {cache.clear()} entries from {cache.path}")
        return 0
    info = cache.info()
    if args.json:
        print(format_json(info), end="")
        return 0
    by = info.pop("by_gpu_and_version")
    print(format_key_values(info))
    for row in by:
        print(f"  {row['gpu']:<10} {row['version']:<16} {row['entries']} entries")
    return 0
