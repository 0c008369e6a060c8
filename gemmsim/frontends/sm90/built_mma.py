"""What the build of kernels/mma_preshuffle.hip says of each of its kernels, shipped with gemmsim so
that a prediction of a built configuration (`tune`'s candidates, `--config built=1`) schedules the
code the H200 runs, as `compare` does from the measured kernel's listing: ptxas's registers per thread
and what the SASS readers take from the kernel's `cuobjdump -sass` listing (sass_reader: the code
around the hot loop, the loop's compiled order and control bits).

built_mma.json is written by `python -m validation.built_mma` from the committed listings
(validation/results/h200/sass/) and the registers the runner recorded (matrix.csv);
tests/test_built_mma.py checks it against them. Rebuild it when the kernel source changes.
"""

from __future__ import annotations

import json
from dataclasses import astuple, dataclass
from pathlib import Path

from gemmsim.caches import kept
from gemmsim.frontends.sm90.sass_reader import AroundLoop
from gemmsim.ir.program import Control

FACTS = Path(__file__).with_name("built_mma.json")


@dataclass(frozen=True)
class BuiltKernel:
    registers: int                          # per thread, ptxas's
    around: AroundLoop                      # sass_reader.around_hot_loop
    order: str                              # sass_reader.hot_loop_order (multiply_add FFMA)
    controls: tuple[Control | None, ...]    # sass_reader.hot_loop_controls


def encode(kernel: BuiltKernel) -> dict:
    """The JSON form of one kernel's facts (a control as its fields in order, or null)."""
    return {"registers": kernel.registers, "order": kernel.order, "controls": _controls(kernel.controls),
            "around": {"before": kernel.around.before, "after": kernel.around.after,
                       "slow_paths": [_controls(path) for path in kernel.around.slow_paths]}}


def decode(d: dict) -> BuiltKernel:
    around = d["around"]
    return BuiltKernel(d["registers"], AroundLoop(around["before"], around["after"],
                                                  tuple(_read_controls(p) for p in around["slow_paths"])),
                       d["order"], _read_controls(d["controls"]))


def _controls(controls) -> list:
    return [None if c is None else list(astuple(c)) for c in controls]


def _read_controls(items: list) -> tuple[Control | None, ...]:
    return tuple(None if c is None else Control(*c) for c in items)


@kept(1)
def _facts() -> dict[str, dict]:
    return json.loads(FACTS.read_text())["kernels"]


def built_kernel(symbol: str) -> BuiltKernel | None:
    """The build's facts of the kernel named `symbol`, or None where the project ships none."""
    entry = _facts().get(symbol)
    return decode(entry) if entry is not None else None
