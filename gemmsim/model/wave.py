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
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from gemmsim.model.counters import WaveCounters
from gemmsim.model.resource import Span
from gemmsim.ir.program import LGKMCNT_OPS, Op, VMCNT_OPS

if TYPE_CHECKING:
    from gemmsim.model.cu import ComputeUnitModel
    from gemmsim.model.stream import Step

# waits drawn on a wave's timeline track (waits for a pipe show as the other waves' MFMAs instead)
DRAWN_WAITS = frozenset(("vmcnt", "lgkmcnt", "barrier", "vmem_slots", "lgkm_slots"))
VMCNT_OPS, LGKM_OPS = frozenset(VMCNT_OPS), frozenset(LGKMCNT_OPS)
STALL_REASONS = ("vmcnt", "lgkmcnt", "barrier", "issue", "mfma_pipe", "valu_pipe", "dependency",
                 "vmem_slots", "lgkm_slots")


class Wave:
    def __init__(self, cu: "ComputeUnitModel", name: str, simd, barrier, steps: list["Step"]):
        self.cu, self.name, self.simd, self.barrier, self.steps = cu, name, simd, barrier, steps
        self.counters = WaveCounters(cu.gpu.cu.vmcnt_max, cu.gpu.cu.lgkmcnt_max)
        self.reg_ready: dict[int, float] = {}
        self.end_time = 0.0
        self.block_bases: dict[str, int] = {}   # byte address of its workgroup's tile per buffer (L1 lines)

    # ---- constraints ---------------------------------------------------------------------------
    def own_constraint(self, step: "Step", now: float) -> tuple[float, str]:
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

    def book_pipe(self, step: "Step", ready: float) -> tuple[float, str]:
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
                self._stall("issue", env.now, port)
                yield env.timeout(port - env.now)
            done = self.cu.execute(self, step, env.now, start)
            if done > work_done:
                work_done = done
            earliest = env.now + (1 if op is Op.MFMA or op is Op.VALU else step.cycles)
        self.barrier.leave()
        # the wave is done when its last instruction has issued and its pipes and counters have drained
        self.end_time = max(earliest, work_done, self.counters.vm.drained_at(), self.counters.lgkm.drained_at())

    def _stall(self, why: str, start: float, end: float) -> None:
        if end > start and why:
            self.cu.stalls[why] = self.cu.stalls.get(why, 0.0) + (end - start)
            if self.cu.log is not None and why in DRAWN_WAITS:
                self.cu.log.append(Span(self.name, f"wait {why}", start, end))
