"""The `gemmsim` command. Each subcommand lives in its own module of this package, which adds its
parser (`register`) and runs it (`run`); this module parses, dispatches, and is the one place that turns exceptions into exit codes:

    gemmsim predict: error: MESSAGE (see gemmsim predict --help)   a flag argparse cannot read, exit 2
    gemmsim: error: MESSAGE                                        the library refused an input, or a
                                                                   user's file could not be read or written, exit 2
    gemmsim: internal error: TYPE: MESSAGE - please report it ...  anything else is a bug of gemmsim, exit 70

`--debug` (anywhere on the line) prints the traceback as well.
"""

from __future__ import annotations

import importlib
import sys
import warnings

from gemmsim import progress
from gemmsim.version import __version__
from gemmsim.cli.common import Parser, glue_dash_values
from gemmsim.errors import GemmsimError

EXIT_INPUT = 2      # bad input: the user can fix it
EXIT_BUG = 70       # EX_SOFTWARE (sysexits.h): an internal error of gemmsim

# In the order `gemmsim --help` lists them: the kernel, the workload, the validation. Each is the
# name of the command and of its module in this package.
SUBCOMMANDS = ("predict", "tune", "analyze", "isa", "verify", "layout", "shapes", "dimeff", "trace", "sweep",
               "compare", "calibrate", "cache")


def build_parser(only: str | None = None) -> Parser:
    """Every subcommand's parser, or only that of `only` when it names one: a command line that names
    its subcommand needs no other module (a cached `gemmsim tune` answers in less time than importing
    every subcommand takes)."""
    parser = Parser(prog="gemmsim", description="Cycle-approximate simulator of tiled GEMM kernels. "
                                                "Every subcommand has --help.")
    parser.add_argument("--version", action="version", version=f"gemmsim {__version__}")
    parser.add_argument("--debug", action="store_true", help="print the traceback of an error (anywhere on the line)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in (only,) if only in SUBCOMMANDS else SUBCOMMANDS:
        importlib.import_module(f"gemmsim.cli.{name}").register(sub)
    parser.commands = sub.choices  # name -> its parser, to report errors in the subcommand's name
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    argv = glue_dash_values([a for a in argv if a != "--debug"])
    parser = build_parser(argv[0] if argv else None)
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # name the subcommand whose flags these are not
            parser.commands[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as e:  # --help, --version, or the one-line error already printed
        return int(e.code or 0)
    progress.enable(progress.wanted(getattr(args, "json", False) or getattr(args, "csv", False)))
    try:
        with warnings.catch_warnings():
            if not debug:     # a library's warning is no second line on stderr (--debug shows them)
                warnings.simplefilter("ignore")
            return args.func(args)
    except GemmsimError as e:
        return _report(f"gemmsim: error: {e}", EXIT_INPUT, debug)
    except BrokenPipeError:
        return 0
    except OSError as e:  # a file that went away or filled the disk after the flags were checked
        return _report(f"gemmsim: error: {e.filename or 'output'}: {e.strerror or e}", EXIT_INPUT, debug)
    except KeyboardInterrupt:
        return _report("gemmsim: interrupted", 130, debug)
    except Exception as e:  # the one place where a bug of gemmsim becomes a report instead of a crash
        message = str(e).splitlines()[0] if str(e) else ""
        return _report(f"gemmsim: internal error: {type(e).__name__}: {message} — please report it "
                       f"(README \"Reporting bugs\"); run with --debug for the traceback", EXIT_BUG, debug)
    finally:
        progress.enable(False)


def _report(line: str, code: int, debug: bool) -> int:
    if debug:
        import traceback
        traceback.print_exc()
    print(line, file=sys.stderr)
    return code
