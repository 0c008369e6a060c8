"""The queue in front of the shared-memory pipe (NVIDIA's MIO queue): how far ahead warps may issue.

A shared-memory instruction leaves the warp at issue and waits in a queue until the shared pipe
(lds.py) takes it. The queue has a few entries per SIMD (SM sub-partition) and a pool the SIMDs
share: a SIMD whose own entries are taken spills into the pool, and when both are full the warp
that wants to issue another shared-memory instruction stalls at issue (Nsight Compute's
mio_throttle). The microbenchmark `mio` (kernels/microbench/microbench.hip, mio_timeline) shows
it: one warp issues about 29 conflicted loads before it stalls, two warps on two sub-partitions
about 20 each, four or more about 15 each (gemmsim.validate.miofit fits the two sizes).
Entries leave when the pipe starts serving them; the pipe serves in arrival order, so each SIMD's
leave times are in increasing order.
"""

from __future__ import annotations

from bisect import bisect_right


class MioQueue:
    """Leave times of the queued shared-memory instructions of each SIMD of one compute unit."""

    def __init__(self, per_simd: int, shared: int, simds: int):
        self.per_simd, self.shared = per_simd, shared
        self.leaving: list[list[float]] = [[] for _ in range(simds)]

    def room(self, simd: int, now: float) -> float:
        """Earliest time from `now` at which SIMD `simd` may queue one more instruction."""
        if self._fits(simd, now):
            return now
        # the answer can only change when an entry leaves
        return next(t for t in sorted({x for q in self.leaving for x in q if x > now}) if self._fits(simd, t))

    def _fits(self, simd: int, t: float) -> bool:
        waiting = [len(q) - bisect_right(q, t) for q in self.leaving]
        if waiting[simd] < self.per_simd:
            return True
        return sum(max(0, n - self.per_simd) for n in waiting) < self.shared

    def add(self, simd: int, now: float, leaves: float) -> None:
        """An instruction of SIMD `simd` issued at `now` (issues come in time order); the pipe takes
        it at `leaves`. Entries the pipe took by `now` no longer matter to anyone."""
        for queue in self.leaving:
            del queue[:bisect_right(queue, now)]
        self.leaving[simd].append(leaves)
