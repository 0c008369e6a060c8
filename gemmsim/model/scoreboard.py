"""A warp's scoreboard barriers: how sm_70+ hardware holds back the consumers of variable-latency results.

NVIDIA's compiler resolves hazards itself and writes how into every instruction's control bits
(gemmsim.frontends.sm90.control): a fixed-latency result (FFMA, IADD3, HMMA on Hopper) is waited
for by the stall count alone; an instruction whose result comes back after a time the compiler
cannot know (global and shared loads, S2R, LDC) names one of six barriers per warp, which the
hardware raises at issue and lowers when the result is written (write barrier) or when the
instruction has read its source registers (read barrier: a store's data, a load's address may
then be overwritten). An instruction whose wait mask names a barrier does not issue before the
barrier is down. Several instructions may share a barrier: it is down when the last is done.

The replay knows at issue when an instruction will be done, so a barrier is the time it goes down
and what raised it last (the stall reason of the wait: a global access or anything else).
"""

from __future__ import annotations

from gemmsim.ir.program import SCOREBOARD_BARRIERS


class Scoreboard:
    def __init__(self):
        self.down_at = [0.0] * SCOREBOARD_BARRIERS
        self.reason = ["dependency"] * SCOREBOARD_BARRIERS

    def raise_until(self, barrier: int, until: float, reason: str) -> None:
        """An instruction raised `barrier`; its part is done at `until`."""
        if until >= self.down_at[barrier]:
            self.down_at[barrier] = until
            self.reason[barrier] = reason

    def wait_time(self, mask: int, now: float) -> tuple[float, str]:
        """When every barrier of `mask` is down (at the earliest `now`), and what held the wait longest."""
        ready, why = now, ""
        for b in range(SCOREBOARD_BARRIERS):
            if mask >> b & 1 and self.down_at[b] > ready:
                ready, why = self.down_at[b], self.reason[b]
        return ready, why
