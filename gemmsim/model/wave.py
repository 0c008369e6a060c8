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
Every cycle a wave spends not issuing is booked to the reason that held it (stalls.py; the stall
breakdown of the Prediction).

An instruction that carries the compiler's control bits (NVIDIA: step.control) is held the way
the hardware holds it instead (scoreboard.py): it waits for the scoreboard barriers its wait
mask names (raised by earlier variable-latency instructions until their result is written or
their sources read), then books its pipe; after it issues, the wave's next instruction waits its
stall count (booked as `wait`, Nsight Compute's name). Registers and waitcnts play no part there.
A BAR.SYNC with control bits issues when the wave reaches it and the wave then waits for the
release, so its stall count runs under the barrier wait.

A wave sees its compute unit only through a narrow port (ComputeUnitPort): the clock, the memory
units every wave shares, and where to report what it issued and why it waited. Its SIMD (issue
port and pipes), its counters and its workgroup's barrier are handed to it, and hold their own
rules (simd.py: a pipe's booking, the port; counters.py: the ceilings).

A wave is a process on its compute unit's clock (events.py). Its rules are written once plainly,
one instruction at a time (`issue_step`; `run_plain` issues every instruction so, every wait a
wake-up on the clock's queue); `run`, what predictions run, writes the common instructions (without
control bits, and with them: every instruction of a SASS listing) out in its loop and lets the wave
move the clock itself where nothing else is due first; only an s_barrier without control bits goes
through `issue_step`. tests/test_model_replay.py replays random Programs and a compiled H200 kernel
both ways: same timelines.
"""

from __future__ import annotations

import math
from collections import defaultdict
from heapq import heappush
from typing import TYPE_CHECKING, Protocol

from gemmsim.model.counters import WaveCounters
from gemmsim.model.events import Event, Scheduler
from gemmsim.model.simd import Simd
from gemmsim.model.barrier import WorkgroupBarrier
from gemmsim.model.scoreboard import Scoreboard
from gemmsim.model.stream import Step
from gemmsim.ir.program import SCOREBOARD_BARRIERS, Counter, Op

if TYPE_CHECKING:
    from gemmsim.model.mio import MioArbiter

MFMA, VALU, WAITCNT, BARRIER = Op.MFMA, Op.VALU, Op.WAITCNT, Op.BARRIER
VM = Counter.VM
ALL_BARRIERS = (1 << SCOREBOARD_BARRIERS) - 1
MASK_BARRIERS = tuple(tuple(b for b in range(SCOREBOARD_BARRIERS) if mask >> b & 1) for mask in range(ALL_BARRIERS + 1))
LDS_READ, LDS_WRITE, VMEM_LOAD, VMEM_STORE = Op.LDS_READ, Op.LDS_WRITE, Op.VMEM_LOAD, Op.VMEM_STORE


class ComputeUnitPort(Protocol):
    """What a wave may use of its compute unit beyond its own SIMD, counters and barrier: the clock,
    the units shared by all waves (LDS, L1, memory path), and the books of what it did."""

    clock: Scheduler
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
        """The wave could not issue from `start` to `end`, held by `why` (one of stalls.STALL_REASONS)."""


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
        self.resume = None   # what resumes its process (Scheduler.start)

    def start(self, plain: bool = False) -> None:
        """Queue the wave's process at the current cycle: the fast one, or the plain one (`run_plain`)."""
        self.resume = self.cu.clock.start(self.run_plain() if plain else self.run())

    # ---- the process, fast --------------------------------------------------------------------------
    def run(self):
        """The wave's process as predictions run it: `run_plain` with an instruction with control bits
        (`run_controlled`) and one without (but an s_barrier) written out in the loop, what it reads
        held in locals (calls and attribute lookups cost more than its work), and the clock moved by
        the wave itself where nothing else is due before (Scheduler.sleep). An s_barrier without
        control bits goes through `issue_step`."""
        name, clock, resume, port, cu = self.name, self.cu.clock, self.resume, self.simd.issue, self.cu
        queue, order = clock.queue, clock.order
        simd_index, age = self.simd.index, self.age
        counters, counter_of, reg_ready = self.counters, self.counters.of, self.reg_ready
        matrix, valu = self.simd.matrix, self.simd.valu
        stalls, stalled, recording = cu.stalls, cu.stalled, cu.recording
        queued = cu.mio is not None or cu.lg is not None
        ceil = math.ceil
        now = earliest = work_done = clock.now   # `now` follows the clock while the wave runs
        scoreboard = self.scoreboard
        down_at, sb_reason = scoreboard.down_at, scoreboard.reason
        for step in self.steps:
            op = step.op
            control = step.control
            if control is not None:   # (self.run_controlled, written out)
                # the scoreboard barriers of its wait mask, and room in its counter's queue
                ready, why = earliest, ""
                mask = control.wait_mask & ALL_BARRIERS
                if mask:
                    for b in MASK_BARRIERS[mask]:   # (Scoreboard.wait_time: the barriers in ascending order)
                        if down_at[b] > ready:
                            ready, why = down_at[b], sb_reason[b]
                counter_name = step.counter
                if counter_name:
                    room, full = counter_of[counter_name].room(earliest)
                    if room > ready:
                        ready, why = room, full
                if ready > earliest:
                    ready = ceil(ready)
                    if why:
                        if recording:
                            stalled(name, why, earliest, ready)
                        else:
                            stalls[why] = stalls.get(why, 0.0) + (ready - earliest)
                else:
                    ready = earliest
                # the pipe is booked once the waits (and a queue entry) are over
                if ready > now:
                    at = now + (ready - now)   # (clock.sleep)
                    if not clock.sharing and (not queue or queue[0][0] > at):
                        clock.now = now = at
                    else:
                        heappush(queue, (at, next(order), resume))
                        yield
                        now = clock.now
                if queued and counter_name:   # (self.queue_entry)
                    arbiter, full = self.issue_queue(step)
                    entry = arbiter.admit(simd_index, age, ready) if arbiter is not None else None
                    if entry is not None:
                        if entry.callbacks is not None:
                            entry.callbacks.append(resume)
                            yield
                        self.promised = True
                        self._stall(full, ready, clock.now)
                        ready = clock.now
                    now = clock.now
                start = ready
                piped = step.piped
                if piped:   # (Pipe.book written out)
                    pipe = matrix if op is MFMA else valu
                    cycles, free = step.cycles, pipe.free_at
                    slot = ready if ready > free else free
                    pipe.free_at = slot + cycles
                    pipe.busy_cycles += cycles
                    if pipe.observer is not None:
                        pipe.observer.busy(pipe.track, step.opcode, slot, slot + cycles)
                    start = ceil(slot)
                    if start > ready:
                        why = pipe.stall_reason
                        if recording:
                            stalled(name, why, ready, start)
                        else:
                            stalls[why] = stalls.get(why, 0.0) + (start - ready)
                if start > now:
                    at = now + (start - now)   # (clock.sleep)
                    if not clock.sharing and (not queue or queue[0][0] > at):
                        clock.now = now = at
                    else:
                        heappush(queue, (at, next(order), resume))
                        yield
                        now = clock.now
                free = port.free_at
                if free > now:
                    if recording:
                        stalled(name, "issue_port", now, free)
                    else:
                        stalls["issue_port"] = stalls.get("issue_port", 0.0) + (free - now)
                    at = now + (free - now)   # (clock.sleep)
                    if not clock.sharing and (not queue or queue[0][0] > at):
                        clock.now = now = at
                    else:
                        heappush(queue, (at, next(order), resume))
                        yield
                        now = clock.now
                # issue (self.issue): the scoreboard barriers it names go down when it is done, or when
                # its sources are read
                taken = port.free_at   # (IssuePort.take)
                port.free_at = (now if now > taken else taken) + 1.0
                read = now
                if piped:
                    done, read = start + step.result_cycles, start
                elif counter_name:
                    read, done = self.queued_access(step, now)
                    counter_of[counter_name].push(done)
                else:
                    done = now + step.cycles
                for r in step.writes:
                    reg_ready[r] = done
                b = control.write_barrier   # (Scoreboard.raise_until)
                if b is not None and done >= down_at[b]:
                    down_at[b], sb_reason[b] = done, "vmcnt" if counter_name is VM else "lgkmcnt"
                b = control.read_barrier
                if b is not None and read >= down_at[b]:
                    down_at[b], sb_reason[b] = read, "vmcnt" if counter_name is VM else "lgkmcnt"
                if recording:
                    cu.issued(name, step, now, done)
                if done > work_done:
                    work_done = done
                issued = now + step.issue_cycles
                stall = control.stall
                after = now + (stall if stall > step.issue_cycles else step.issue_cycles)
                if op is BARRIER:
                    # the warp issued BAR.SYNC and waits for the release; its stall count runs meanwhile
                    event = self.barrier.arrive()
                    if event.callbacks is not None:
                        event.callbacks.append(resume)
                        yield
                    now = clock.now
                    if now > issued:
                        if recording:
                            stalled(name, "barrier", issued, now)
                        else:
                            stalls["barrier"] = stalls.get("barrier", 0.0) + (now - issued)
                    if now > after:
                        earliest = now
                        continue
                wait_from = issued if issued > now else now
                if after > wait_from:
                    if recording:
                        stalled(name, "wait", wait_from, after)
                    else:
                        stalls["wait"] = stalls.get("wait", 0.0) + (after - wait_from)
                earliest = after
                continue
            if op is BARRIER:
                earliest, done = yield from self.issue_step(step, earliest)
                if done > work_done:
                    work_done = done
                now = clock.now
                continue
            # what the wave itself waits for (self.constraint): the registers it reads, or its counters
            piped = step.piped
            if piped:   # the latest of its source registers (a loop: faster here than max(map(...)))
                ready, why = earliest, "dependency"
                for r in step.reads:
                    t = reg_ready[r]
                    if t > ready:
                        ready = t
            elif op is WAITCNT:
                ready, why = counters.wait_time(step.vmcnt, step.lgkmcnt, earliest)
            elif step.counter:
                ready, why = counter_of[step.counter].room(earliest)
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
            if piped:   # (self.book_pipe; Pipe.book written out)
                pipe = matrix if op is MFMA else valu
                cycles, free = step.cycles, pipe.free_at
                slot = ready if ready > free else free
                pipe.free_at = slot + cycles
                pipe.busy_cycles += cycles
                if pipe.observer is not None:
                    pipe.observer.busy(pipe.track, step.opcode, slot, slot + cycles)
                start = ceil(slot)
                if start > ready:
                    why = pipe.stall_reason
                    if recording:
                        stalled(name, why, ready, start)
                    else:
                        stalls[why] = stalls.get(why, 0.0) + (start - ready)
            # wait for the pipe slot, for an entry of its queue (NVIDIA), then for the SIMD's issue port
            # (another wave of this SIMD may have issued in this cycle)
            if start > now:
                at = now + (start - now)   # (clock.sleep)
                if not clock.sharing and (not queue or queue[0][0] > at):
                    clock.now = now = at
                else:
                    heappush(queue, (at, next(order), resume))
                    yield
                    now = clock.now
            if queued and step.counter:   # (self.queue_entry)
                arbiter, full = self.issue_queue(step)
                entry = arbiter.admit(simd_index, age, now) if arbiter is not None else None
                if entry is not None:
                    if entry.callbacks is not None:
                        entry.callbacks.append(resume)
                        yield
                    self.promised = True
                    self._stall(full, now, clock.now)
                    now = clock.now
            free = port.free_at
            if free > now:
                if recording:
                    stalled(name, "issue_port", now, free)
                else:
                    stalls["issue_port"] = stalls.get("issue_port", 0.0) + (free - now)
                at = now + (free - now)   # (clock.sleep)
                if not clock.sharing and (not queue or queue[0][0] > at):
                    clock.now = now = at
                else:
                    heappush(queue, (at, next(order), resume))
                    yield
                    now = clock.now
            # issue (self.issue): an MFMA or VALU op runs on the pipe slot booked from `start`; a
            # memory op counts on its counter until it is done
            taken = port.free_at   # (IssuePort.take)
            port.free_at = (now if now > taken else taken) + 1.0
            if piped:
                done = start + step.result_cycles
            elif step.counter:
                counter = counter_of[step.counter]
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
        self.finish(earliest, work_done)

    # ---- the process, plain ---------------------------------------------------------------------------
    def run_plain(self):
        """The wave's process one instruction at a time through `issue_step`, every wait a wake-up on
        the clock's queue: the replay's rules written plainly, the reference `run` is tested against."""
        earliest = work_done = self.cu.clock.now
        for step in self.steps:
            earliest, done = yield from self.issue_step(step, earliest)
            if done > work_done:
                work_done = done
        self.finish(earliest, work_done)

    def finish(self, earliest: float, work_done: float) -> None:
        """The wave is done when its last instruction has issued and its pipes and counters have drained."""
        self.barrier.leave()
        self.end_time = max(earliest, work_done, self.counters.vm.drained_at(), self.counters.lgkm.drained_at())

    def issue_step(self, step: Step, earliest: float):
        """Issue one instruction, not before `earliest` (a sub-process); return the earliest cycle of
        the next one and when this one's work is done. Without control bits: wait for what the wave
        itself needs (registers, counters), book the pipe from then (a slot held from the moment the
        wave knows when it is ready), wait for the slot, a queue entry and the issue port; an
        s_barrier waits for the workgroup instead."""
        if step.control is not None:
            return (yield from self.run_controlled(step, earliest))
        clock = self.cu.clock
        if step.op is BARRIER:
            yield from self.sleep_until(earliest)
            arrived = clock.now
            yield from self.wait(self.barrier.arrive())
            start = clock.now
            self._stall("barrier", arrived, start)
        else:
            ready, why = self.constraint(step, earliest)
            ready = math.ceil(ready) if ready > earliest else earliest
            self._stall(why, earliest, ready)
            start = self.book_pipe(step, ready)
            yield from self.sleep_until(start)
            yield from self.queue_entry(step, clock.now)
        yield from self._port()
        now = clock.now
        return now + step.issue_cycles, self.issue(step, now, start)

    def run_controlled(self, step: Step, earliest: float):
        """Issue one instruction with control bits (a sub-process); return the earliest cycle of the
        next one and when this one's work is done."""
        clock, op = self.cu.clock, step.op
        ready, why = self.controlled_constraint(step, earliest)
        ready = math.ceil(ready) if ready > earliest else earliest
        self._stall(why, earliest, ready)
        # the pipe is booked once the waits are over: a slot reserved ahead would hold back the other
        # warps' instructions that are ready before this one
        yield from self.sleep_until(ready)
        ready = yield from self.queue_entry(step, ready)
        start = self.book_pipe(step, ready)
        yield from self.sleep_until(start)
        yield from self._port()
        now = clock.now
        done = self.issue(step, now, start)
        after = now + max(step.issue_cycles, step.control.stall)
        if op is BARRIER:
            # the warp issued BAR.SYNC and waits for the release; its stall count runs meanwhile
            yield from self.wait(self.barrier.arrive())
            self._stall("barrier", now + step.issue_cycles, clock.now)
            if clock.now > after:
                return clock.now, done
        self._stall("wait", max(now + step.issue_cycles, clock.now), after)
        return after, done

    # ---- constraints -----------------------------------------------------------------------------
    def constraint(self, step: Step, earliest: float) -> tuple[float, str]:
        """When the wave itself lets an instruction without control bits go, from `earliest`, and why it
        waits: an MFMA or VALU op for the registers it reads (written by earlier MFMA or VALU ops), an
        s_waitcnt for its counters, a memory op for room under its counter's ceiling."""
        if step.piped:
            ready = earliest
            for r in step.reads:
                t = self.reg_ready[r]
                if t > ready:
                    ready = t
            return ready, "dependency"
        if step.op is WAITCNT:
            return self.counters.wait_time(step.vmcnt, step.lgkmcnt, earliest)
        return self.queue_room(step.counter, earliest)

    def controlled_constraint(self, step: Step, now: float) -> tuple[float, str]:
        """The scoreboard barriers of the wait mask; a memory op also needs room in its queue."""
        ready, why = self.scoreboard.wait_time(step.control.wait_mask, now)
        room, full = self.queue_room(step.counter, now)
        return (room, full) if room > ready else (ready, why)

    def queue_room(self, counter: Counter | None, now: float) -> tuple[float, str]:
        """When a memory op's counter has room for it (`now` for any other op), and why it waits."""
        return self.counters.of[counter].room(now) if counter else (now, "")

    def issue_queue(self, step: Step) -> tuple["MioArbiter | None", str]:
        """The queue a memory instruction waits in for the L1/shared data pipe (NVIDIA: shared accesses
        in the MIO queue, global ones through the L1 in the LG queue), and the stall reason of a full one."""
        op = step.op
        if op is LDS_READ or op is LDS_WRITE:
            return self.cu.mio, "lgkm_slots"
        if step.l1_cycles and (op is VMEM_LOAD or op is VMEM_STORE):
            return self.cu.lg, "lg_queue"
        return None, ""

    # ---- waiting and booking -----------------------------------------------------------------------
    def queue_entry(self, step: Step, now: float):
        """Wait, from `now`, for an entry of the queue the instruction needs (a sub-process: a full MIO
        or LG queue holds it at issue, the oldest wave first); return when it may issue."""
        arbiter, full = self.issue_queue(step)
        entry = arbiter.admit(self.simd.index, self.age, now) if arbiter is not None else None
        if entry is None:
            return now
        yield from self.wait(entry)
        self.promised = True
        self._stall(full, now, self.cu.clock.now)
        return self.cu.clock.now

    def queued_access(self, step: Step, now: float) -> tuple[float, float]:
        """(when the first unit takes it, when it is done) of a memory instruction issued at `now`; one
        that waits in an MIO or LG queue leaves it when the data pipe takes it."""
        read, done = self.cu.memory_access(step, now, self.block_bases)
        arbiter, _ = self.issue_queue(step)
        if arbiter is not None:
            arbiter.issued(self.simd.index, now, read, self.promised)
            self.promised = False
        return read, done

    def book_pipe(self, step: Step, ready: float) -> float:
        """Book the SIMD's matrix pipe (MFMA) or VALU for the step from `ready`; return its start (`ready`
        for an op that runs on neither), booking a wait for the busy pipe."""
        if not step.piped:
            return ready
        pipe = self.simd.matrix if step.op is MFMA else self.simd.valu
        start = pipe.book(ready, step.cycles, step.opcode)
        self._stall(pipe.stall_reason, ready, start)
        return start

    def wait(self, event: Event):
        """Wait for an event (a sub-process): resumed when it happens, at once if it has."""
        if event.callbacks is not None:
            event.callbacks.append(self.resume)
            yield

    def sleep_until(self, t: float):
        """Wait until cycle `t` (a sub-process), woken up from the clock's queue."""
        clock = self.cu.clock
        if t > clock.now:
            clock.after(t - clock.now, self.resume)
            yield

    def _port(self):
        free = self.simd.issue.free_at
        if free > self.cu.clock.now:  # another wave of this SIMD issued in this cycle
            self._stall("issue_port", self.cu.clock.now, free)
            yield from self.sleep_until(free)

    def issue(self, step: Step, now: float, pipe_start: float) -> float:
        """Issue `step` at cycle `now` (an MFMA or VALU op runs on the pipe slot booked from `pipe_start`);
        return when its work is done. A memory op counts on its counter until then: without control
        bits it is done when its counter retires it (in issue order); with them when its result is
        written, and the scoreboard barriers it names go down then (or when its sources are read)."""
        self.simd.issue.take(now)
        control = step.control
        read = now   # when its source registers have been read
        if step.piped:
            done, read = pipe_start + step.result_cycles, pipe_start
        elif step.counter:
            read, done = self.queued_access(step, now)
            retired = self.counters.of[step.counter].push(done)
            if control is None:
                done = retired
        else:
            done = now + step.cycles
        for r in step.writes:
            self.reg_ready[r] = done
        if control is not None:
            reason = "vmcnt" if step.counter is Counter.VM else "lgkmcnt"
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
