"""The queues in front of the L1/shared data pipe (NVIDIA's MIO and LG queues), and who gets a freed entry.

A shared-memory instruction leaves the warp at issue and waits in a queue until the shared pipe
(lds.py) takes it. The queue has a few entries per SIMD (SM sub-partition) and a pool the SIMDs
share: a SIMD whose own entries are taken spills into the pool, and when both are full a warp that
wants to issue another shared-memory instruction stalls at issue (Nsight Compute's mio_throttle).
The microbenchmark `mio` (kernels/microbench/microbench.hip, mio_timeline) sizes it: one warp
issues about 29 conflicted loads before it stalls, two warps on two sub-partitions about 20 each,
four or more about 15 each (a fit under validation/analyses/ sizes the two: [sources] mb_mio). Global loads and stores
that go through the L1 wait the same way in the LG queue (Nsight's lg_throttle), sized by the
microbenchmark `lg` (lg_timeline: global loads that hit in the L1). Entries leave when the pipe
starts serving them; the pipe serves in arrival order, so leave times come in increasing order.

When entries free up, the oldest waiting warp (the earliest-launched workgroup's) takes one first:
validation/blocktrace.py shows an H200 SM's blocks finishing one after another in launch order
where these queues fill (gemm_tiled and gemm at 512x512: the first at 0.45 and 0.60 of the SM's
time), and together where they do not (gemm_f64).
"""

from __future__ import annotations

from bisect import bisect_right
from heapq import heappop, heappush
from itertools import count

from gemmsim.model.events import Scheduler


class MioQueue:
    """Leave times of the queued instructions of each SIMD of one compute unit, and entries promised to
    warps that have not issued yet."""

    def __init__(self, per_simd: int, shared: int, simds: int):
        self.per_simd, self.shared = per_simd, shared
        self.leaving: list[list[float]] = [[] for _ in range(simds)]   # increasing (the pipe serves in order)
        self.head = [0] * simds    # entries before head left by the last issue
        self.promised = [0] * simds

    def fits(self, simd: int, t: float) -> bool:
        """Whether SIMD `simd` may queue one more instruction at `t` (written out: a replay asks often)."""
        leaving, head, promised, per_simd = self.leaving, self.head, self.promised, self.per_simd
        q = leaving[simd]
        if len(q) - bisect_right(q, t, head[simd]) + promised[simd] < per_simd:
            return True
        spilled = 0
        for s, q in enumerate(leaving):
            n = len(q) - bisect_right(q, t, head[s]) + promised[s]
            if n > per_simd:
                spilled += n - per_simd
        return spilled < self.shared

    def counts(self, t: float) -> list[int]:
        """Entries each SIMD holds at `t` (queued and not left, or promised)."""
        return [len(q) - bisect_right(q, t, h) + p for q, h, p in zip(self.leaving, self.head, self.promised)]

    def room(self, simd: int, now: float) -> float:
        """Earliest time from `now` at which SIMD `simd` may queue one more instruction."""
        if self.fits(simd, now):
            return now
        # the answer can only change when an entry leaves
        return next(t for t in sorted({x for q in self.leaving for x in q if x > now}) if self.fits(simd, t))

    def next_leave(self, now: float) -> float | None:
        """When the next queued instruction leaves after `now` (None: nothing is queued)."""
        later = [q[i] for q, h in zip(self.leaving, self.head) if (i := bisect_right(q, now, h)) < len(q)]
        return min(later, default=None)

    def add(self, simd: int, now: float, leaves: float, promised: bool = False) -> None:
        """An instruction of SIMD `simd` issued at `now` (issues come in time order); the pipe takes it
        at `leaves`. `promised`: it takes the entry an arbiter promised it. Entries the pipe took by
        `now` no longer matter to anyone."""
        for s, q in enumerate(self.leaving):
            h = bisect_right(q, now, self.head[s])
            if h > 64:   # forget the left entries now and then (a replay queues thousands)
                del q[:h]
                h = 0
            self.head[s] = h
        self.leaving[simd].append(leaves)
        if promised:
            self.promised[simd] -= 1


class MioArbiter:
    """Hands a full queue's freed entries to the oldest waiting warp whose SIMD may take one."""

    def __init__(self, clock: Scheduler, queue: MioQueue):
        self.clock, self.queue = clock, queue
        self.waiting: list[list] = [[] for _ in queue.leaving]   # per SIMD, a heap of (age, order, event)
        self.waiters = 0
        self.order = count()
        self.release_at: float | None = None   # when the scheduled release runs

    def admit(self, simd: int, age: int, now: float):
        """None if SIMD `simd` may queue an instruction now; else an event that fires when this warp
        (of `age`: smaller is older) has been promised an entry. Room a waiting warp could take appears
        only when an entry leaves, and the release then hands it out: a newcomer that fits takes room
        no waiter can use, unless that release is due in this very cycle."""
        if self.queue.fits(simd, now) and not (self.waiters and self.release_at is not None and self.release_at <= now):
            return None
        event = self.clock.event()
        heappush(self.waiting[simd], (age, next(self.order), event))
        self.waiters += 1
        self._schedule(now)
        return event

    def issued(self, simd: int, now: float, leaves: float, promised: bool) -> None:
        """An instruction of SIMD `simd` issued at `now`; the pipe takes it at `leaves`."""
        self.queue.add(simd, now, leaves, promised)
        if self.waiters:
            self._schedule(now)

    def _schedule(self, now: float) -> None:
        """A release when the next entry leaves (none while only promised entries fill the queue: the
        promised warps' issues schedule it)."""
        if self.release_at is not None:
            return
        at = self.queue.next_leave(now)
        if at is None:
            return
        self.release_at = at
        self.clock.after(at - now, self._release)

    def _release(self) -> None:
        self.release_at = None
        now, queue, waiting = self.clock.now, self.queue, self.waiting
        # the queue's entries at this instant: only the promises below change them (an event that
        # succeeds runs its waiters later), so they are counted once and kept up to date
        counts = queue.counts(now)
        per_simd, shared = queue.per_simd, queue.shared
        spilled = sum(n - per_simd for n in counts if n > per_simd)   # (fits: the spill into the pool)
        while True:   # the oldest of the SIMDs' oldest waiters whose SIMD has room, one at a time
            best = None
            for s, heap in enumerate(waiting):
                if heap and (best is None or heap[0] < waiting[best][0]) and (counts[s] < per_simd or spilled < shared):
                    best = s
            if best is None:
                break
            event = heappop(waiting[best])[2]
            queue.promised[best] += 1
            counts[best] += 1
            if counts[best] > per_simd:
                spilled += 1
            self.waiters -= 1
            event.succeed()
        if self.waiters:
            self._schedule(now)
