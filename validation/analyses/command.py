"""The command line every analysis of a microbenchmark CSV shares."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gemmsim.errors import GemmsimError
from gemmsim.measurements.microbench import read_microbench


def fit_command(module: str, doc: str, csv_help: str, report_of, argv: list[str] | None = None,
                options=lambda parser: None) -> int:
    """The command line of a fit over one microbenchmark CSV (python -m validation.analyses.<module>):
    `report_of(rows, args)` fits the rows and returns the report to print; a missing or bad file, or
    rows the fit cannot use, is one line on stderr and exit 2."""
    p = argparse.ArgumentParser(prog=f"python -m validation.analyses.{module}", description=doc.split("\n\n")[0])
    p.add_argument("csv", type=Path, help=csv_help)
    options(p)
    args = p.parse_args(argv)
    try:
        text = report_of(read_microbench(args.csv), args)
    except GemmsimError as e:
        print(f"{module}: error: {e}", file=sys.stderr)
        return 2
    print(text)
    return 0
