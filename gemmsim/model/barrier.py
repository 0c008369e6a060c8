"""s_barrier / BAR.SYNC: the waves of one workgroup wait for each other.

A wave that reaches the barrier stops issuing until every live wave of its workgroup has reached
it; then all go on together, `latency` cycles after the last arrival (0 on the AMD descriptions:
in the same cycle; on the H200 the barrier microbenchmark's cost, hw [compute_unit]
barrier_latency_cycles + barrier_cycles_per_wave x waves). A wave that has ended no longer counts.
"""

from __future__ import annotations

import simpy


class WorkgroupBarrier:
    def __init__(self, env: simpy.Environment, waves: int, latency: float = 0.0):
        self.env = env
        self.live = waves
        self.latency = latency
        self.arrived = 0
        self.release = env.event()

    def arrive(self) -> simpy.Event:
        event = self.release
        self.arrived += 1
        self._check()
        return event

    def leave(self) -> None:
        """A wave ended: the barrier stops waiting for it."""
        self.live -= 1
        self._check()

    def _check(self) -> None:
        if self.arrived and self.arrived >= self.live:
            release, self.release, self.arrived = self.release, self.env.event(), 0
            if self.latency > 0:
                self.env.timeout(self.latency).callbacks.append(lambda _: release.succeed())
            else:
                release.succeed()
