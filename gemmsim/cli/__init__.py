"""The `gemmsim` command. Each subcommand lives in its own module of this package, which adds its
parser (`register`) and runs it (`run`); this module parses, dispatches, and turns every error
into one line on stderr and exit code 2:

    gemmsim predict: error: MESSAGE (see gemmsim predict --help)   a flag argparse cannot read
    gemmsim: error: MESSAGE                                        the library refused an input
"""

from __future__ import annotations

import sys

from gemmsim import __version__, progress
from gemmsim.cli import analyze, calibrate, compare, dimeff, isa, layout, predict, shapes, sweep, trace, verify
from gemmsim.cli.common import Parser, glue_dash_values
from gemmsim.errors import GemmsimError

# In the order `gemmsim --help` lists them: the kernel, the workload, the validation.
SUBCOMMANDS = (predict, analyze, isa, verify, layout, shapes, dimeff, trace, sweep, compare, calibrate)


def build_parser() -> Parser:
    parser = Parser(prog="gemmsim", description="Cycle-approximate simulator of tiled GEMM kernels. "
                                                "Every subcommand has --help.")
    parser.add_argument("--version", action="version", version=f"gemmsim {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.register(sub)
    parser.commands = sub.choices  # name -> its parser, to report errors in the subcommand's name
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    argv = glue_dash_values(list(sys.argv[1:] if argv is None else argv))
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # name the subcommand whose flags these are not
            parser.commands[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as e:  # --help, --version, or the one-line error already printed
        return int(e.code or 0)
    progress.enable(progress.wanted(getattr(args, "json", False) or getattr(args, "csv", False)))
    try:
        return args.func(args)
    except GemmsimError as e:
        print(f"gemmsim: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as e:  # a file that went away or filled the disk after the flags were checked
        print(f"gemmsim: error: {e.filename or 'output'}: {e.strerror or e}", file=sys.stderr)
        return 2
    finally:
        progress.enable(False)
