"""The LDS of one compute unit: banks, bandwidth and latency, shared by all its waves.

The LDS serves one wave access at a time. How long an access holds it comes from the lane
addresses: lanes are served in phases (which lanes share a phase depends on the access width and
the arch, [lds.phases] in the GPU file); within a phase, lanes that hit different dwords of one
bank serialize (gemmsim.analytics.lds_banks.access_cycles). An access also cannot move more than
`bytes_per_clk`, so it holds the LDS for the larger of the two. The data comes back
`latency_cycles` after the access leaves the LDS.
"""

from __future__ import annotations

import math

from gemmsim.hw import LDS
from gemmsim.model.resource import Delay, Server


def bandwidth_cycles(nbytes: int, lds: LDS) -> int:
    return max(1, math.ceil(nbytes / lds.bytes_per_clk))


class LdsUnit(Server):
    """Serves wave accesses in arrival order; each holds the LDS for its bank-phase cycles."""

    def __init__(self, lds: LDS):
        super().__init__("lds")
        self.latency = Delay(lds.latency_cycles)
        self.conflict_cycles = 0

    def access(self, now: float, cycles: int, conflicts: int, name: str = "") -> float:
        """Time the data is back in (or written from) the wave's registers."""
        self.conflict_cycles += conflicts
        start = self.reserve(now, cycles, name)
        return self.latency.after(start + cycles)
