"""Writes gemmsim/frontends/sm90/built_mma.json: for every kernel kernels/mma_preshuffle.hip builds
(mma_space.MmaSpace().configs(): the tiles x swizzle and the split-K kernels), ptxas's registers per thread as the runner recorded them and what
gemmsim's SASS readers take from its committed `cuobjdump -sass` listing.

    python -m validation.built_mma [--check]      (--check: exit 1 where the file differs)
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

from gemmsim.frontends.sm90.built_mma import FACTS, BuiltKernel, encode
from gemmsim.frontends.sm90.families import mma_symbol
from gemmsim.frontends.sm90.mma_space import MmaSpace
from gemmsim.frontends.sm90.sass_reader import around_hot_loop, hot_loop_controls, hot_loop_order

RESULTS = Path(__file__).resolve().parent / "results" / "h200"
LISTINGS = RESULTS / "sass"
# the registers ptxas gave each kernel, as the runner recorded them (the split-K kernels were first run
# on an H100: the same sm_90 build)
REGISTERS_FROM = (RESULTS / "matrix.csv", RESULTS.parent / "h100" / "splitk.csv")


def registers() -> dict[str, int]:
    """Each matrix-core kernel's registers per thread, as the runner recorded them (one value per symbol)."""
    seen: dict[str, set[int]] = {}
    for path in REGISTERS_FROM:
        for row in csv.DictReader(path.open()):
            seen.setdefault(row["symbol"], set()).add(int(row["regs_per_thread"]))
    for symbol, values in seen.items():
        if len(values) != 1:
            raise SystemExit(f"{symbol} has registers {sorted(values)} in {', '.join(map(str, REGISTERS_FROM))}")
    return {symbol: values.pop() for symbol, values in seen.items()}


def facts() -> dict:
    regs = registers()
    kernels = {}
    for tile, swizzle, split in MmaSpace().configs():
        symbol = mma_symbol(tile, swizzle, split)
        listing = LISTINGS / f"{symbol}.sass"
        kernel = BuiltKernel(regs[symbol], around_hot_loop(listing), hot_loop_order(listing, multiply_add="FFMA"),
                             hot_loop_controls(listing))
        kernels[symbol] = encode(kernel)
    return {"written_by": "python -m validation.built_mma",
            "from": [str(p.relative_to(RESULTS.parents[2])) for p in (LISTINGS, *REGISTERS_FROM)],
            "kernels": kernels}


def text() -> str:
    """The file's text: compact, keys sorted."""
    return json.dumps(facts(), separators=(",", ":"), sort_keys=True) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file, write nothing")
    args = parser.parse_args()
    text_now = text()
    if args.check:
        same = FACTS.read_text() == text_now
        print(f"{FACTS}: {'up to date' if same else 'differs from the listings: run python -m validation.built_mma'}")
        return 0 if same else 1
    FACTS.write_text(text_now)
    print(f"wrote {FACTS} ({len(text_now)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
