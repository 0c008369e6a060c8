"""The `gemmsim` command. Subcommands live in their own modules and register themselves here;
this module only parses, dispatches and turns library errors into one-line messages and exit 2."""

from __future__ import annotations

import argparse
import importlib
import json
import sys

from gemmsim.errors import GemmsimError

# Modules that provide register(subparsers) for their subcommands.
SUBCOMMAND_MODULES = (
    "gemmsim.cli.predict",
    "gemmsim.cli.isa",
    "gemmsim.cli.functional",
    "gemmsim.cli.analysts",
    "gemmsim.cli.calibrate",
    "gemmsim.cli.compare",
)


def _analyze(args: argparse.Namespace) -> int:
    from gemmsim.frontends.preshuffle.analysis import analyze
    from gemmsim.cli.common import kernel_from_args
    from gemmsim.frontends.preshuffle.generator import generate
    from gemmsim.report.analyze import format_table, summarize

    problem, config, gpu = kernel_from_args(args)
    a = analyze(problem, config, gpu)
    summary = summarize(a, generate(a, gpu), gpu)
    print(json.dumps(summary, indent=2, sort_keys=True) if args.json else format_table(summary))
    return 0


def build_parser() -> argparse.ArgumentParser:
    from gemmsim.cli.common import add_kernel_args

    parser = argparse.ArgumentParser(prog="gemmsim", description="Cycle-approximate simulator of tiled GEMM kernels")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("analyze", help="static analysis of a preshuffle-GEMM configuration")
    add_kernel_args(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_analyze)
    for name in SUBCOMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser



def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse already printed a one-line usage error
        return int(e.code or 0)
    try:
        return args.func(args)
    except GemmsimError as e:
        print(f"gemmsim: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
