"""One wave: issues its instructions in order, one per cycle at most, and stalls for what it needs.

Before an instruction can issue, the wave waits for what it alone decides: an s_waitcnt until its
counters drop to the thresholds, a free slot under the vmcnt/lgkmcnt ceiling, the registers an
MFMA or VALU op reads (written by an earlier MFMA or VALU op), an s_barrier until its workgroup
has arrived. Then it queues for what it shares with the other waves of its SIMD: an MFMA or VALU
op books the SIMD's pipe, first come first served (the slot starts when the pipe frees up; a
dependent MFMA on the same pipe therefore follows its producer back to back), and at issue the
wave needs the SIMD's issue port for that cycle (if another wave took it, one cycle later).
Loads, stores and LDS accesses do not block the wave: they complete later, and only a wait on
their counter makes the wave stop, or, on NVIDIA, a full queue in front of the L1/shared data pipe
(MIO for shared accesses, LG for global ones: mio.py, whose freed entries go to the oldest wave).
Every cycle a wave spends not issuing is booked to the reason that held it (the stall breakdown
of the Prediction).

An instruction that carries the compiler's control bits (NVIDIA: step.control) is held the way
the hardware holds it instead (scoreboard.py): it waits for the scoreboard barriers its wait
mask names (raised by earlier variable-latency instructions until their result is written or
their sources read), then books its pipe; after it issues, the wave's next instruction waits its
stall count (booked as `wait`, Nsight Compute's name). Registers and waitcnts play no part there.
A BAR.SYNC with control bits issues when the wave reaches it and the wave then waits for the
release, so its stall count runs under the barrier wait.

A wave sees its compute unit only through a narrow port (ComputeUnitPort): the clock, the memory
units every wave shares, and where to report what it issued and why it waited. Its SIMD (issue
port and pipes), its counters and its workgroup's barrier are handed to it.
"""

from __future__ import annotations

import math
from collections import defaultdict
from heapq import heappush
from typing import TYPE_CHECKING, Protocol

import simpy
from simpy.events import NORMAL, URGENT

from gemmsim.model.counters import WaveCounters
from gemmsim.model.simd import Simd
from gemmsim.model.barrier import WorkgroupBarrier
from gemmsim.model.scoreboard import Scoreboard
from gemmsim.model.stream import Step
from gemmsim.ir.program import Op

if TYPE_CHECKING:
    from gemmsim.model.mio import MioArbiter

MFMA, VALU, WAITCNT, BARRIER = Op.MFMA, Op.VALU, Op.WAITCNT, Op.BARRIER
LDS_READ, LDS_WRITE, VMEM_LOAD, VMEM_STORE = Op.LDS_READ, Op.LDS_WRITE, Op.VMEM_LOAD, Op.VMEM_STORE
# why a wave did not issue: its counters (a wait, or a full counter), the barrier, another wave taking
# the SIMD's issue port, a busy matrix pipe or VALU, a register an earlier MFMA or VALU op still writes,
# or (control bits) the stall count of the previous instruction; a scoreboard-barrier wait is booked as
# vmcnt when a global access raised the barrier, lgkmcnt when anything else did (shared memory, S2R, LDC).
# vmem_slots: the wave has vmcnt_max loads in flight; lg_queue: the queue in front of the L1 is full (NVIDIA)
STALL_REASONS = ("vmcnt", "lgkmcnt", "barrier", "issue_port", "mfma_pipe", "valu_pipe", "dependency",
                 "vmem_slots", "lg_queue", "lgkm_slots", "wait")


class Wake:
    """A wave's own timeout, put on SimPy's queue as env.timeout puts one (its time, priority and
    event id, so the events keep SimPy's order) without the rest of a Timeout: a wave's wake-up
    never fails and carries no value. A wave waits for one wake-up at a time, so it keeps one Wake
    and puts it on the queue again at every wait, with its generator's `send` (start_process) as the
    callbacks (`rearm`) the queue takes off it when it fires."""

    __slots__ = ("callbacks", "rearm")
    _ok, _value = True, None

    def __init__(self):
        self.callbacks = []
        self.rearm = None    # [the wave's send]: its callbacks each time it is queued


def start_process(env: simpy.Environment, wave: "Wave") -> None:
    """Run the wave's generator as env.process would, with the events SimPy would schedule (the start
    at URGENT, the end at NORMAL: the same event ids, so the same order of events), but resumed by
    the generator's own `send`: simpy.Process's bookkeeping (the active process, a bound method per
    wait) was a twentieth of a replay, and a Python function between the event loop and the
    generator another. So the wave itself puts `send` on what it waits for (Wave.wait: an event of
    the SimPy kind; its own Wake has it as `rearm`), and queues its end event when it is done."""
    queue, event_ids, send = env._queue, env._eid, wave.run().send
    wave.wake.rearm = [send]
    begin = Wake()
    begin.callbacks.append(lambda _: send(None))    # (a generator that has not started takes only None)
    heappush(queue, (env._now, URGENT, next(event_ids), begin))


class ComputeUnitPort(Protocol):
    """What a wave may use of its compute unit beyond its own SIMD, counters and barrier: the clock,
    the units shared by all waves (LDS, L1, memory path), and the books of what it did."""

    env: simpy.Environment
    recording: bool     # whether a recorder listens to `issued` and `stalled` (a replay nobody records skips the calls)
    stalls: dict[str, float]   # cycles stalled by reason: what `stalled` adds to, which a wave may add to itself
    mio: "MioArbiter | None"   # the queue in front of the shared pipe, where the GPU has one (NVIDIA)
    lg: "MioArbiter | None"    # the queue in front of the L1 for global loads and stores (NVIDIA)

    def memory_done(self, step: Step, now: float, block_bases: dict[str, int]) -> float:
        """Book the shared units a memory instruction issued at `now` uses; return when its work is done."""

    def memory_access(self, step: Step, now: float, block_bases: dict[str, int]) -> tuple[float, float]:
        """As memory_done, and also when the first unit took the request (its sources are read then)."""

    def issued(self, wave: str, step: Step, now: float, done: float) -> None:
        """The wave issued `step` at `now`; its work is done at `done` (told only while recording)."""

    def stalled(self, wave: str, why: str, start: float, end: float) -> None:
        """The wave could not issue from `start` to `end`, held by `why` (one of STALL_REASONS)."""


class Wave:
    def __init__(self, name: str, steps: list[Step], cu: ComputeUnitPort, simd: Simd, barrier: WorkgroupBarrier,
                 counters: WaveCounters, block_bases: dict[str, int], age: int = 0):
        self.name, self.steps, self.cu, self.simd, self.barrier = name, steps, cu, simd, barrier
        self.age = age   # launch order on its CU (smaller: older); a full MIO or LG queue serves the oldest first
        self.promised = False   # a queue entry was promised to its next memory instruction (MioArbiter)
        self.counters = counters
        self.block_bases = block_bases   # byte address of its workgroup's tile per buffer (its L1 lines)
        self.reg_ready: dict[int, float] = defaultdict(float)   # a register no op has written is ready at 0.0
        self.scoreboard = Scoreboard()
        self.end_time = 0.0
        self.wake = Wake()   # its own wake-up, queued again at every wait (start_process)

    # ---- constraints ---------------------------------------------------------------------------
    def controlled_constraint(self, step: Step, now: float) -> tuple[float, str]:
        """The scoreboard barriers of the wait mask; a memory op also needs room in its queue."""
        ready, why = self.scoreboard.wait_time(step.control.wait_mask, now)
        room, full = self.queue_room(step.counter, now)
        return (room, full) if room > ready else (ready, why)

    def queue_room(self, counter: str, now: float) -> tuple[float, str]:
        """When a memory op's counter ("vm", "lgkm") has room for it (`now` for any other op), and why it waits."""
        if counter == "vm":
            return self.counters.vm.time_slot_free(now), "vmem_slots"
        if counter == "lgkm":
            return self.counters.lgkm.time_slot_free(now), "lgkm_slots"
        return now, ""

    def issue_queue(self, step: Step) -> tuple["MioArbiter | None", str]:
        """The queue a memory instruction waits in for the L1/shared data pipe (NVIDIA: shared accesses
        in the MIO queue, global ones through the L1 in the LG queue), and the stall reason of a full one."""
        op = step.op
        if op is LDS_READ or op is LDS_WRITE:
            return self.cu.mio, "lgkm_slots"
        if step.l1_cycles and (op is VMEM_LOAD or op is VMEM_STORE):
            return self.cu.lg, "lg_queue"
        return None, ""

    def queue_entry(self, step: Step, now: float):
        """Wait, from `now`, for an entry of the queue the instruction needs (a SimPy sub-process: a full
        MIO or LG queue holds it at issue, the oldest wave first); return when it may issue."""
        arbiter, full = self.issue_queue(step)
        entry = arbiter.admit(self.simd.index, self.age, now) if arbiter is not None else None
        if entry is None:
            return now
        yield from self.wait(entry)
        self.promised = True
        self._stall(full, now, self.cu.env.now)
        return self.cu.env.now

    def queued_access(self, step: Step, now: float) -> tuple[float, float]:
        """(when the first unit takes it, when it is done) of a memory instruction issued at `now`; one
        that waits in an MIO or LG queue leaves it when the data pipe takes it."""
        read, done = self.cu.memory_access(step, now, self.block_bases)
        arbiter, _ = self.issue_queue(step)
        if arbiter is not None:
            arbiter.issued(self.simd.index, now, read, self.promised)
            self.promised = False
        return read, done

    def book_pipe(self, step: Step, ready: float) -> tuple[float, str]:
        """Book the SIMD's matrix pipe or VALU for the step, first come first served; return its start."""
        pipe, why = (self.simd.matrix, "mfma_pipe") if step.op is MFMA else (self.simd.valu, "valu_pipe")
        start = math.ceil(pipe.reserve(ready, step.cycles, step.opcode))
        return start, why if start > ready else ""

    # ---- the process ------------------------------------------------------------------------------
    def run(self):
        # the hot loop of the replay, one pass per instruction: the common path is written out here,
        # with what it reads held in locals, since calls and attribute lookups cost more than its work.
        # `now` follows the clock: a timeout resumes the wave exactly `delay` later
        name, env, port, stalled, cu = self.name, self.cu.env, self.simd.issue, self.cu.stalled, self.cu
        counters, reg_ready, queue, event_ids = self.counters, self.reg_ready, env._queue, env._eid
        wake, rearm = self.wake, self.wake.rearm   # (None where simpy's own Process runs the wave: a fresh list)
        matrix, valu = self.simd.matrix, self.simd.valu
        vm_room, lgkm_room = counters.vm.limit - 1, counters.lgkm.limit - 1   # in flight, for one more to issue
        stalls, recording, ceil = cu.stalls, cu.recording, math.ceil
        queued = cu.mio is not None or cu.lg is not None
        now = earliest = work_done = env.now
        # Resumed alone (by its own timeout, or at its start), the wave may move the clock itself up to
        # a cycle before which no event is queued: the timeout it saves would have been the next event,
        # so the order of events stays as it was. A barrier's release resumes its waves one after the
        # other in one event; a wave resumed so waits with a real timeout.
        alone = True
        for step in self.steps:
            if step.control is not None:
                earliest, done = yield from self.run_controlled(step, earliest)
                work_done = max(work_done, done)
                now = env.now
                alone = False
                continue
            op, piped = step.op, step.piped
            if op is BARRIER:
                if earliest > now:
                    yield from self.wait(env.timeout(earliest - now))
                arrived = env.now
                yield from self.wait(self.barrier.arrive())
                now = start = env.now
                alone = False
                self._stall("barrier", arrived, now)
            else:
                # what the wave itself waits for: the registers it reads, or its counters
                if piped:   # the latest of its source registers (a loop: faster here than max(map(...)))
                    ready, why = earliest, "dependency"
                    for r in step.reads:
                        t = reg_ready[r]
                        if t > ready:
                            ready = t
                elif op is WAITCNT:
                    ready, why = counters.wait_time(step.vmcnt, step.lgkmcnt, earliest)
                elif step.counter:   # (self.queue_room without the call)
                    if step.counter == "vm":
                        ready, why = counters.vm.time_at_most(vm_room, earliest), "vmem_slots"
                    else:
                        ready, why = counters.lgkm.time_at_most(lgkm_room, earliest), "lgkm_slots"
                else:
                    ready = earliest
                if ready > earliest:
                    ready = ceil(ready)
                    if recording:
                        stalled(name, why, earliest, ready)
                    else:   # (what cu.stalled books, without the call)
                        stalls[why] = stalls.get(why, 0.0) + (ready - earliest)
                else:
                    ready = earliest
                start = ready
                if piped:
                    # self.book_pipe written out where no recorder watches the pipe (Server.reserve)
                    pipe = matrix if op is MFMA else valu
                    if pipe.observer is None:
                        free = pipe.free_at
                        start = ready if ready > free else free
                        pipe.free_at = start + step.cycles
                        pipe.busy_cycles += step.cycles
                        start = ceil(start)
                        why = ("mfma_pipe" if op is MFMA else "valu_pipe") if start > ready else ""
                    else:
                        start, why = self.book_pipe(step, ready)
                    if why:
                        if recording:
                            stalled(name, why, ready, start)
                        else:
                            stalls[why] = stalls.get(why, 0.0) + (start - ready)
            # wait for the pipe slot, then for the SIMD's issue port (another wave of this SIMD may
            # have issued in this cycle)
            if start > now:
                delay = start - now
                if alone and (not queue or queue[0][0] > start):    # (env.peek() > start)
                    env._now = now + delay     # what the timeout would do: no other event comes first
                else:
                    wake.callbacks = rearm or []
                    heappush(queue, (env._now + delay, NORMAL, next(event_ids), wake))
                    yield wake
                    alone = True
                now += delay
            if queued and step.counter:
                entered = yield from self.queue_entry(step, now)
                if entered > now:
                    now, alone = entered, False   # (a release resumes its waves in one event)
            if port.free_at > now:
                if recording:
                    stalled(name, "issue_port", now, port.free_at)
                else:
                    stalls["issue_port"] = stalls.get("issue_port", 0.0) + (port.free_at - now)
                delay = port.free_at - now
                wake.callbacks = rearm or []
                heappush(queue, (env._now + delay, NORMAL, next(event_ids), wake))
                yield wake
                alone = True
                now += delay
            # issue (self.issue written out for an instruction without control bits): the port takes it
            # (IssuePort.take); an MFMA or VALU op runs on the pipe slot booked from `start`; a memory op
            # counts on its counter until it is done
            port.free_at = (now if now > port.free_at else port.free_at) + 1.0
            if piped:
                done = start + step.result_cycles
            elif step.counter:
                counter = counters.vm if step.counter == "vm" else counters.lgkm
                if queued:
                    done = counter.push(self.queued_access(step, now)[1])
                else:
                    done = counter.push(cu.memory_done(step, now, self.block_bases))
            else:
                done = now + step.cycles
            for r in step.writes:   # (an MFMA writes its whole accumulator; a loop beats update(zip(...)))
                reg_ready[r] = done
            if recording:
                cu.issued(name, step, now, done)
            if done > work_done:
                work_done = done
            earliest = now + step.issue_cycles
        self.barrier.leave()
        # the wave is done when its last instruction has issued and its pipes and counters have drained
        self.end_time = max(earliest, work_done, self.counters.vm.drained_at(), self.counters.lgkm.drained_at())
        if rearm is not None:   # (start_process) the end event env.process would queue; nothing resumes the wave again
            heappush(queue, (env._now, NORMAL, next(event_ids), Wake()))
            yield

    def wait(self, event: simpy.Event):
        """Wait for an event of the SimPy kind (a sub-process). Under start_process the wave puts its
        `send` on the event itself, and goes on at once if the event was processed already; under
        SimPy's own Process, the Process does both."""
        rearm = self.wake.rearm
        if rearm is None:
            yield event
        elif event.callbacks is not None:
            event.callbacks.append(rearm[0])
            yield event

    def _pipe_then_port(self, step: Step, ready: float):
        """Book the instruction's pipe from `ready` (MFMA, VALU), wait for it, then for the SIMD's
        issue port (a SimPy sub-process); return the cycle its pipe work starts."""
        start = ready
        if step.op is MFMA or step.op is VALU:
            start, why = self.book_pipe(step, ready)
            self._stall(why, ready, start)
        if start > self.cu.env.now:
            yield from self.wait(self.cu.env.timeout(start - self.cu.env.now))
        yield from self._port()
        return start

    def _port(self):
        env, port = self.cu.env, self.simd.issue.free_at
        if port > env.now:  # another wave of this SIMD issued in this cycle
            self._stall("issue_port", env.now, port)
            yield from self.wait(env.timeout(port - env.now))

    def run_controlled(self, step: Step, earliest: float):
        """Issue one instruction with control bits (a SimPy sub-process); return the earliest cycle of
        the next one and when this one's work is done."""
        env, op = self.cu.env, step.op
        ready, why = self.controlled_constraint(step, earliest)
        ready = math.ceil(ready) if ready > earliest else earliest
        self._stall(why, earliest, ready)
        # the pipe is booked once the waits are over: a slot reserved ahead would hold back the other
        # warps' instructions that are ready before this one
        if ready > env.now:
            yield from self.wait(env.timeout(ready - env.now))
        ready = yield from self.queue_entry(step, ready)
        start = yield from self._pipe_then_port(step, ready)
        now = env.now
        done = self.issue(step, now, start)
        issue_cycles = 1 if op is MFMA or op is VALU else step.cycles
        after = now + max(issue_cycles, step.control.stall)
        if op is BARRIER:
            # the warp issued BAR.SYNC and waits for the release; its stall count runs meanwhile
            yield from self.wait(self.barrier.arrive())
            self._stall("barrier", now + issue_cycles, env.now)
            if env.now > after:
                return env.now, done
        self._stall("wait", max(now + issue_cycles, env.now), after)
        return after, done

    def issue(self, step: Step, now: float, pipe_start: float) -> float:
        """Issue `step` at cycle `now` (an MFMA or VALU op runs on the pipe slot booked from `pipe_start`);
        return when its work is done. A memory op counts on its counter until then."""
        self.simd.issue.take(now)
        op = step.op
        control = step.control
        read = now   # when its source registers have been read
        if op is MFMA or op is VALU:
            done, read = pipe_start + (step.latency or step.cycles), pipe_start
        elif step.counter:
            counter = self.counters.vm if step.counter == "vm" else self.counters.lgkm
            if control is None:
                done = counter.push(self.cu.memory_done(step, now, self.block_bases))
            else:
                # scoreboarded: a result is there when it is written, not when older ones are
                read, done = self.queued_access(step, now)
                counter.push(done)
        else:
            done = now + step.cycles
        for r in step.writes:
            self.reg_ready[r] = done
        if control is not None:
            reason = "vmcnt" if step.counter == "vm" else "lgkmcnt"
            if control.write_barrier is not None:
                self.scoreboard.raise_until(control.write_barrier, done, reason)
            if control.read_barrier is not None:
                self.scoreboard.raise_until(control.read_barrier, read, reason)
        if self.cu.recording:
            self.cu.issued(self.name, step, now, done)
        return done

    def _stall(self, why: str, start: float, end: float) -> None:
        if end > start and why:
            self.cu.stalled(self.name, why, start, end)
