"""s_barrier: the waves of one workgroup wait for each other.

A wave that reaches s_barrier stops issuing until every live wave of its workgroup has reached
it; then all go on in the same cycle. A wave that has ended no longer counts.
"""

from __future__ import annotations

import simpy


class WorkgroupBarrier:
    def __init__(self, env: simpy.Environment, waves: int):
        self.env = env
        self.live = waves
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
            self.release.succeed()
            self.release = self.env.event()
            self.arrived = 0
