"""The faults `gemmsim verify` can inject, and the checks of a verify request that need no numpy.

Kept apart from functional.verify so that the command line can list the faults and check a seed
without importing numpy and ml_dtypes (about a second, several on a busy machine), which every
`gemmsim` command would otherwise pay.
"""

from __future__ import annotations

from gemmsim.errors import ConfigError
from gemmsim.problem import KernelConfig

FAULTS = {
    "swizzle-read": "A-tile reads disagree with the swizzled writes: the LDS read path skips the XOR "
                    "swizzle the write path applied, so rows read the wrong 16-byte K blocks of A",
    "preshuffle": "B is not in the pre-shuffled layout: B was passed as plain row-major N x K, so the "
                  "per-lane 16-byte B loads pick up the wrong columns and K ranges",
}

MAX_SEED = 2 ** 63 - 1   # numpy's generator takes a non-negative integer seed


def check_seed(seed: int) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"seed {seed!r}: must be an integer in 0..2^63-1")


def check_fault(fault: str | None, config: KernelConfig) -> None:
    """A known fault, and one this configuration can show."""
    if fault is not None and fault not in FAULTS:
        raise ConfigError(f"fault {fault!r} is unknown: expected one of {', '.join(FAULTS)}")
    if fault == "swizzle-read" and not config.swizzle:
        raise ConfigError("fault 'swizzle-read' needs the swizzle on: without it the write and read paths agree")
