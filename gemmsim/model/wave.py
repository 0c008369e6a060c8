"""One wave: issues its instructions in order, one per cycle at most, and stalls for what it needs.

Before an instruction can issue, the wave waits for what it alone decides: an s_waitcnt until its
counters drop to the thresholds, a free slot under the vmcnt/lgkmcnt ceiling, the registers an
MFMA or VALU op reads (written by an earlier MFMA or VALU op), an s_barrier until its workgroup
has arrived. Then it queues for what it shares with the other waves of its SIMD: an MFMA or VALU
op books the SIMD's pipe, first come first served (the slot starts when the pipe frees up; a
dependent MFMA on the same pipe therefore follows its producer back to back), and at issue the
wave needs the SIMD's issue port for that cycle (if another wave took it, one cycle later).
Loads, stores and LDS accesses do not block the wave: they complete later, and only a wait on
their counter makes the wave stop. Every cycle a wave spends not issuing is booked to the reason
that held it (the stall breakdown of the Prediction).

A wave sees its compute unit only through a narrow port (ComputeUnitPort): the clock, the memory
units every wave shares, and where to report what it issued and why it waited. Its SIMD (issue
port and pipes), its counters and its workgroup's barrier are handed to it.
"""

from __future__ import annotations

import math
from typing import Protocol

import simpy

from gemmsim.model.counters import WaveCounters
from gemmsim.model.simd import Simd
from gemmsim.model.barrier import WorkgroupBarrier
from gemmsim.model.stream import Step
from gemmsim.ir.program import LGKMCNT_OPS, Op, VMCNT_OPS

VMCNT_OPS, LGKM_OPS = frozenset(VMCNT_OPS), frozenset(LGKMCNT_OPS)
# why a wave did not issue: its counters (a wait, or a full counter), the barrier, another wave taking
# the SIMD's issue port, a busy matrix pipe or VALU, or a register an earlier MFMA or VALU op still writes
STALL_REASONS = ("vmcnt", "lgkmcnt", "barrier", "issue_port", "mfma_pipe", "valu_pipe", "dependency",
                 "vmem_slots", "lgkm_slots")


class ComputeUnitPort(Protocol):
    """What a wave may use of its compute unit beyond its own SIMD, counters and barrier: the clock,
    the units shared by all waves (LDS, L1, memory path), and the books of what it did."""

    env: simpy.Environment

    def memory_done(self, step: Step, now: float, block_bases: dict[str, int]) -> float:
        """Book the shared units a memory instruction issued at `now` uses; return when its work is done."""

    def issued(self, wave: str, step: Step, now: float, done: float) -> None:
        """The wave issued `step` at `now`; its work is done at `done`."""

    def stalled(self, wave: str, why: str, start: float, end: float) -> None:
        """The wave could not issue from `start` to `end`, held by `why` (one of STALL_REASONS)."""


class Wave:
    def __init__(self, name: str, steps: list[Step], cu: ComputeUnitPort, simd: Simd, barrier: WorkgroupBarrier,
                 counters: WaveCounters, block_bases: dict[str, int]):
        self.name, self.steps, self.cu, self.simd, self.barrier = name, steps, cu, simd, barrier
        self.counters = counters
        self.block_bases = block_bases   # byte address of its workgroup's tile per buffer (its L1 lines)
        self.reg_ready: dict[int, float] = {}
        self.end_time = 0.0

    # ---- constraints ---------------------------------------------------------------------------
    def own_constraint(self, step: Step, now: float) -> tuple[float, str]:
        """When the wave itself allows the step to issue (counters, scoreboard), and why it waits."""
        op = step.op
        if op is Op.WAITCNT:
            return self.counters.wait_time(step.vmcnt, step.lgkmcnt, now)
        if op in VMCNT_OPS:
            return self.counters.vm.time_slot_free(now), "vmem_slots"
        if op in LGKM_OPS:
            return self.counters.lgkm.time_slot_free(now), "lgkm_slots"
        ready = now
        if step.reads:
            reg_ready = self.reg_ready
            for r in step.reads:
                t = reg_ready.get(r, 0.0)
                if t > ready:
                    ready = t
        return ready, "dependency"

    def book_pipe(self, step: Step, ready: float) -> tuple[float, str]:
        """Book the SIMD's matrix pipe or VALU for the step, first come first served; return its start."""
        pipe, why = (self.simd.matrix, "mfma_pipe") if step.op is Op.MFMA else (self.simd.valu, "valu_pipe")
        start = math.ceil(pipe.reserve(ready, step.cycles, step.opcode))
        return start, why if start > ready else ""

    # ---- the process ------------------------------------------------------------------------------
    def run(self):
        env = self.cu.env
        earliest = work_done = env.now
        for step in self.steps:
            op = step.op
            if op is Op.BARRIER:
                if earliest > env.now:
                    yield env.timeout(earliest - env.now)
                arrived = env.now
                yield self.barrier.arrive()
                self._stall("barrier", arrived, env.now)
                start = env.now
            else:
                ready, why = self.own_constraint(step, earliest)
                ready = math.ceil(ready) if ready > earliest else earliest
                self._stall(why, earliest, ready)
                start = ready
                if op is Op.MFMA or op is Op.VALU:
                    start, why = self.book_pipe(step, ready)
                    self._stall(why, ready, start)
                if start > env.now:
                    yield env.timeout(start - env.now)
            port = self.simd.issue.free_at
            if port > env.now:  # another wave of this SIMD issued in this cycle
                self._stall("issue_port", env.now, port)
                yield env.timeout(port - env.now)
            done = self.issue(step, env.now, start)
            if done > work_done:
                work_done = done
            earliest = env.now + (1 if op is Op.MFMA or op is Op.VALU else step.cycles)
        self.barrier.leave()
        # the wave is done when its last instruction has issued and its pipes and counters have drained
        self.end_time = max(earliest, work_done, self.counters.vm.drained_at(), self.counters.lgkm.drained_at())

    def issue(self, step: Step, now: float, pipe_start: float) -> float:
        """Issue `step` at cycle `now` (an MFMA or VALU op runs on the pipe slot booked from `pipe_start`);
        return when its work is done. A memory op counts on its counter until then."""
        self.simd.issue.take(now)
        op = step.op
        if op is Op.MFMA or op is Op.VALU:
            done = pipe_start + step.cycles
        elif op in LGKM_OPS:
            done = self.counters.lgkm.push(self.cu.memory_done(step, now, self.block_bases))
        elif op in VMCNT_OPS:
            done = self.counters.vm.push(self.cu.memory_done(step, now, self.block_bases))
        else:
            done = now + step.cycles
        for r in step.writes:
            self.reg_ready[r] = done
        self.cu.issued(self.name, step, now, done)
        return done

    def _stall(self, why: str, start: float, end: float) -> None:
        if end > start and why:
            self.cu.stalled(self.name, why, start, end)
