"""The wave's vmcnt and lgkmcnt counters, and the s_waitcnt that reads them.

Each wave counts its outstanding vector-memory operations (vmcnt: buffer loads, stores, LDS DMA)
and its outstanding LDS and scalar-memory operations (lgkmcnt). The counters retire in issue
order: an operation is only counted done once every older one of its counter is done, which is
why `s_waitcnt vmcnt(N)` means "at most the N youngest may still be in flight". A counter also
has a ceiling (vmcnt_max, lgkmcnt_max): a wave with that many in flight cannot issue another
(its stall reason: vmem_slots, lgkm_slots).
"""

from __future__ import annotations

from collections import deque

from gemmsim.ir.program import Counter


class InOrderCounter:
    """Retire times of one wave's outstanding operations of one counter, in issue order."""

    def __init__(self, limit: int, full_reason: str = ""):
        self.limit = limit
        self.full_reason = full_reason   # the stall reason of a wave held at the ceiling
        self.retire_times: deque[float] = deque()
        self.last = 0.0

    def push(self, done: float) -> float:
        """Record an operation finishing at `done`; return when the counter counts it retired."""
        retire = done if done > self.last else self.last
        self.last = retire
        self.retire_times.append(retire)
        return retire

    def time_at_most(self, outstanding: int, now: float) -> float:
        """Earliest time at which at most `outstanding` operations remain in flight."""
        q = self.retire_times
        while q and q[0] <= now:    # those retired by now are forgotten
            q.popleft()
        if len(q) <= outstanding:
            return now
        return q[len(q) - outstanding - 1]

    def room(self, now: float) -> tuple[float, str]:
        """(when one more operation may issue under the ceiling, from `now`; the stall reason of a wait
        until then): time_at_most(limit - 1, now), written out (asked once per memory instruction)."""
        q = self.retire_times
        while q and q[0] <= now:
            q.popleft()
        if len(q) < self.limit:
            return now, self.full_reason
        return q[len(q) - self.limit], self.full_reason

    def drained_at(self) -> float:
        return self.last


class WaveCounters:
    def __init__(self, vmcnt_max: int, lgkmcnt_max: int):
        self.vm = InOrderCounter(vmcnt_max, "vmem_slots")
        self.lgkm = InOrderCounter(lgkmcnt_max, "lgkm_slots")
        self.of = {Counter.VM: self.vm, Counter.LGKM: self.lgkm}   # by a Step's `counter`

    def wait_time(self, vmcnt: int | None, lgkmcnt: int | None, now: float) -> tuple[float, str]:
        """When an s_waitcnt with these thresholds lets the wave go on, and which counter held it."""
        t_vm = self.vm.time_at_most(vmcnt, now) if vmcnt is not None else now
        t_lgkm = self.lgkm.time_at_most(lgkmcnt, now) if lgkmcnt is not None else now
        return (t_vm, "vmcnt") if t_vm >= t_lgkm else (t_lgkm, "lgkmcnt")
