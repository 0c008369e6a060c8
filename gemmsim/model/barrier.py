"""s_barrier / BAR.SYNC: the waves of one workgroup wait for each other.

A wave that reaches the barrier stops issuing until every live wave of its workgroup has reached
it; then all go on together. On the AMD descriptions that is the cycle of the last arrival. On the
H200 the barrier microbenchmark measures 12.69 + 2.00 cycles per warp of the block, linear from 1
to 32 warps: the barrier counts arrivals one after the other, `per_wave` cycles each, and releases
`latency` cycles after it has counted the last (hw [compute_unit] barrier_cycles_per_wave and
barrier_latency_cycles). Counting arrivals in turn, rather than adding a cost per warp after the
last one, keeps the issue-port delays of warps sharing a sub-partition inside those 2 cycles, as
the measurement's straight line says they are. A wave that has ended no longer counts.
"""

from __future__ import annotations

from gemmsim.model.events import Event, Scheduler


class WorkgroupBarrier:
    def __init__(self, clock: Scheduler, waves: int, latency: float = 0.0, per_wave: float = 0.0):
        self.clock = clock
        self.live = waves
        self.latency, self.per_wave = latency, per_wave
        self.arrived = 0
        self.counted_at = 0.0    # when the barrier has counted the arrivals so far
        self.release = clock.event()

    def arrive(self) -> Event:
        """A wave reached the barrier: the event of the release it waits for."""
        event = self.release
        self.arrived += 1
        self.counted_at = max(self.counted_at, self.clock.now) + self.per_wave
        self._check()
        return event

    def leave(self) -> None:
        """A wave ended: the barrier stops waiting for it."""
        self.live -= 1
        self._check()

    def _check(self) -> None:
        if self.arrived and self.arrived >= self.live:
            release, self.release, self.arrived = self.release, self.clock.event(), 0
            if self.latency or self.per_wave:
                delay = round(max(self.counted_at, self.clock.now) + self.latency - self.clock.now)
                self.clock.after(delay, release.succeed)
            else:
                release.succeed()
