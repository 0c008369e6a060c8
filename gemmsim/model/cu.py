"""Replay of one compute unit: the resident workgroups of a Program, wave by wave, event by event.

The CU holds `workgroups` copies of the Program's workgroup (as many as occupancy allows); wave w
of the g-th workgroup lives on SIMD (g x waves_per_workgroup + w) mod simds, so the waves of one
workgroup spread over the SIMDs and the workgroups stack on them. Each wave is a process on the
CU's clock (wave.py, events.py); the SIMDs' issue ports and pipes (simd.py), the LDS (lds.py) and
the memory path (vmem.py) are shared by all of them. The replay returns the cycle at which the last wave is done
and the counters the prediction reports: pipe busy cycles, LDS conflict cycles, stall cycles by
reason, instructions issued, and (if asked) the timeline of every unit. The waves reach the CU only
through the port wave.ComputeUnitPort; recording is a recorder the units tell (recorder.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gemmsim.errors import ConfigError
from gemmsim.hw import GPU
from gemmsim.model.barrier import WorkgroupBarrier
from gemmsim.model.counters import WaveCounters
from gemmsim.model.events import Scheduler
from gemmsim.model.l1 import L1Cache
from gemmsim.model.lds import LdsUnit
from gemmsim.model.mio import MioArbiter, MioQueue
from gemmsim.model.recorder import NOT_RECORDING, Recorder, Timeline
from gemmsim.model.resource import Span
from gemmsim.model.simd import Simd
from gemmsim.model.stream import Step, decoded_streams, l1_tag_bytes, scoreboard_streams
from gemmsim.model.vmem import MemoryPath, VmemQueue
from gemmsim.model.wave import Wave
from gemmsim.ir.program import Op, Program, tile_of_block


# the ops the replay tests for, as module names: Op.X looks the member up through the Enum class at every use
LDS_READ, LDS_WRITE, VMEM_LOAD, VMEM_STORE, LDS_DMA, MFMA = (Op.LDS_READ, Op.LDS_WRITE, Op.VMEM_LOAD, Op.VMEM_STORE,
                                                           Op.LDS_DMA, Op.MFMA)
LINE_SHIFT = 16   # an L1 key is (line number << LINE_SHIFT) | buffer tag: room for 65536 buffers
TAG_MASK = (1 << LINE_SHIFT) - 1   # (a "line" of a key is the L1's entry: a sector where it tags sectors)


@dataclass
class CuRun:
    """What one replay of a CU measured. Cycles are engine-clock cycles."""

    cycles: float
    workgroups: int
    waves: int
    instructions: int
    mfma_count: int
    mfma_busy_cycles: float
    valu_busy_cycles: float
    lds_busy_cycles: float
    lds_conflict_cycles: float
    vmem_busy_cycles: float
    vmem_bytes: float
    stalls: dict[str, float]
    simds: int
    timeline: list[Span] | None = field(default=None, repr=False)
    instruction_log: list[tuple] | None = field(default=None, repr=False)

    ADDITIVE = ("cycles", "instructions", "mfma_count", "mfma_busy_cycles", "valu_busy_cycles", "lds_busy_cycles",
                "lds_conflict_cycles", "vmem_busy_cycles", "vmem_bytes")

    def extrapolate(self, shorter: "CuRun", extra_per_step: float) -> "CuRun":
        """Add `extra_per_step` times the difference (self - shorter) to every additive counter."""
        values = {k: getattr(self, k) + extra_per_step * (getattr(self, k) - getattr(shorter, k)) for k in self.ADDITIVE}
        stalls = {k: v + extra_per_step * (v - shorter.stalls.get(k, 0.0)) for k, v in self.stalls.items()}
        return CuRun(**values, workgroups=self.workgroups, waves=self.waves, stalls=stalls, simds=self.simds)

    def minus(self, other: "CuRun") -> "CuRun":
        """Counters of the stretch between two replays (the steady state of the hot loop)."""
        values = {k: getattr(self, k) - getattr(other, k) for k in self.ADDITIVE}
        stalls = {k: v - other.stalls.get(k, 0.0) for k, v in self.stalls.items()}
        return CuRun(**values, workgroups=self.workgroups, waves=self.waves, stalls=stalls, simds=self.simds)


class ComputeUnitModel:
    """The units shared by the waves of one CU, and the books of the replay (the port waves are given)."""

    def __init__(self, gpu: GPU, memory: MemoryPath, recorder: Recorder = NOT_RECORDING, oldest_first: bool = True,
                 plain: bool = False):
        self.gpu = gpu
        self.oldest_first = oldest_first   # a full MIO or LG queue's freed entries go to the oldest wave (else: in turn)
        self.plain = plain   # the waves run their plain process (Wave.run_plain), the reference of the fast one
        self.clock = Scheduler()
        self.recorder = recorder
        self.recording = recorder is not NOT_RECORDING
        self.simds = [Simd.build(i) for i in range(gpu.cu.simds)]
        self.lds = LdsUnit(gpu.lds)
        self.mio = _arbiter(self.clock, gpu.cu.mio_queue_per_simd, gpu.cu.mio_queue_shared, gpu.cu.simds)
        self.lg = _arbiter(self.clock, gpu.cu.lg_queue_per_simd, gpu.cu.lg_queue_shared, gpu.cu.simds)
        self.vmem = VmemQueue(memory)
        if recorder is not NOT_RECORDING:   # (a unit without an observer skips the call to a recorder that forgets)
            for unit in [self.lds, self.vmem] + [pipe for s in self.simds for pipe in (s.matrix, s.valu)]:
                unit.observer = recorder   # the units drawn on the timeline (the issue ports are not)
        # the L1 holds and misses sectors apart where the description has them (a load of a sector its
        # line lacks goes to the L2 although the line is there), else whole lines
        self.l1 = L1Cache(gpu.memory.l1_bytes, l1_tag_bytes(gpu))
        self.entries_per_line = gpu.memory.l1_line_bytes // self.l1.line_bytes
        self.pending_hit_cycles = gpu.memory.l1_pending_hit_cycles or 0.0
        self.fetched: set = set()   # lines this CU has fetched into its L1 (a later miss of one is an L2 hit)
        self.buffer_tags: dict[str, int] = {}   # the low bits of a line's L1 key, by buffer
        self.stalls: dict[str, float] = {}
        self.workgroups = 0
        self.waves: list[Wave] = []

    def add_workgroup(self, streams: list[list[Step]], bases: dict[str, int] | None = None) -> None:
        """A resident workgroup; `bases` is the byte address of its block in each buffer (its L1 lines)."""
        index = self.workgroups
        self.workgroups += 1
        barrier = WorkgroupBarrier(self.clock, len(streams), self.gpu.cu.barrier_latency_cycles,
                                   self.gpu.cu.barrier_cycles_per_wave)
        for w, steps in enumerate(streams):
            simd = self.simds[len(self.waves) % len(self.simds)]
            counters = WaveCounters(self.gpu.cu.vmcnt_max, self.gpu.cu.lgkmcnt_max)
            wave = Wave(f"wg{index}.wave{w}", steps, self, simd, barrier, counters, bases or {},
                        age=len(self.waves) if self.oldest_first else 0)
            self.waves.append(wave)
            wave.start(self.plain)

    # ---- the port the waves use (wave.ComputeUnitPort) ----------------------------------------------
    def memory_access(self, step: Step, now: float, block_bases: dict[str, int]) -> tuple[float, float]:
        """(when the first unit takes the request, when it is done): a scoreboard's read barrier goes
        down when the unit has read the instruction's registers, the write barrier when it is done."""
        op = step.op
        if op is LDS_READ or op is LDS_WRITE or step.l1_cycles:   # the LDS / L1 data pipe serves in order
            taken = max(now, self.lds.free_at)
        else:
            taken = now
        return taken, self.memory_done(step, now, block_bases)

    def memory_done(self, step: Step, now: float, block_bases: dict[str, int]) -> float:
        """Book the LDS, L1 and memory path for a memory instruction issued at `now`; return when its
        data is back (or written, or acknowledged)."""
        op = step.op
        if op is LDS_READ or op is LDS_WRITE:
            return self.lds.access(now, step.lds_cycles, step.lds_conflicts, step.opcode)
        if op is VMEM_LOAD or op is VMEM_STORE:
            leaves = now
            if step.l1_cycles:  # NVIDIA: the request first takes its lines through the L1/shared data pipe
                leaves = self.lds.reserve(now, step.l1_cycles, step.opcode) + step.l1_cycles
            if step.l1_pieces:
                return self._load_through_l1(step, block_bases, leaves)
            return self.vmem.request(leaves, step.nbytes, op is VMEM_STORE, step.opcode)
        if op is LDS_DMA:
            if step.l1_pieces:
                arrival = self._load_through_l1(step, block_bases, now)
            else:
                arrival = self.vmem.request(now, step.nbytes, False, step.opcode)
            self._write_lds_at(arrival, step)
            return arrival + step.lds_cycles
        return now + self.vmem.path.scalar_latency_cycles   # SMEM: a scalar load, an L2 hit

    def issued(self, wave: str, step: Step, now: float, done: float) -> None:
        self.recorder.issued(wave, step.op, step.opcode, now, done)

    def stalled(self, wave: str, why: str, start: float, end: float) -> None:
        self.stalls[why] = self.stalls.get(why, 0.0) + (end - start)
        if self.recording:
            self.recorder.waited(wave, why, start, end)

    def _load_through_l1(self, step: Step, block_bases: dict[str, int], leaves: float) -> float:
        """A global load looks its lines up in the L1: hits answer after the L1 latency (or when a line
        still in flight arrives); the pieces of missed lines go to the L2 and fill their lines."""
        buffer, base = step.buffer, block_bases.get(step.buffer, 0)
        line_bytes = self.l1.line_bytes
        # a line's key: its number and its buffer's tag in one int (buffers do not alias; an int hashes
        # at once, where a (buffer, line) tuple would be hashed again at every look-up)
        tag = self.buffer_tags.setdefault(buffer, len(self.buffer_tags))
        if base % line_bytes == 0:
            first = ((base // line_bytes) << LINE_SHIFT) | tag
            counts = {first + (line << LINE_SHIFT): n for line, n in step.line_counts}
        else:
            base += step.l1_shift
            counts = dict.fromkeys({(((base + o) // line_bytes) << LINE_SHIFT) | tag for o in step.l1_pieces}, 0)
            for o in step.requested:
                counts[(((base + o) // line_bytes) << LINE_SHIFT) | tag] += 1
        lookup = self.l1.lookup(counts)
        done = 0.0
        if len(lookup.missed) < len(counts):   # a line still in flight answers l1_pending_hit_cycles after it arrives
            done = max(leaves + self.gpu.memory.l1_hit_latency_cycles, lookup.ready + self.pending_hit_cycles)
        if lookup.missed:
            missed = lookup.missed
            # (every requested piece lies in one of the lines: all of them when every line missed)
            pieces = len(step.requested) if len(missed) == len(counts) else sum(counts[line] for line in missed)
            nbytes = step.piece_bytes * pieces
            fetched, per_line = self.fetched, self.entries_per_line
            # whether the L2 has the line: a line (not a sector) this CU fetched before is an L2 hit
            lines = missed if per_line == 1 else {((key >> LINE_SHIFT) // per_line << LINE_SHIFT) | (key & TAG_MASK)
                                                  for key in missed}
            first = not fetched.issuperset(lines)
            fetched.update(lines)
            arrival = self.vmem.request(leaves, nbytes, False, step.opcode, first, buffer)
            self.l1.fill(missed, arrival)
            done = max(done, arrival)
        return done

    def _write_lds_at(self, arrival: float, step: Step) -> None:
        """A DMA's data enters the LDS when it arrives: book the LDS then, not at issue."""
        self.clock.after(max(0.0, arrival - self.clock.now),
                         lambda: self.lds.reserve(self.clock.now, step.lds_cycles, step.opcode))

    def run(self) -> CuRun:
        self.clock.run()
        cycles = max((w.end_time for w in self.waves), default=0.0)
        # every wave issues its whole stream (a barrier lets its waves go once every live one arrived),
        # so the counts come from the streams, which the workgroups share
        streams = {id(w.steps): w.steps for w in self.waves}
        mfmas = {key: sum(step.op is MFMA for step in steps) for key, steps in streams.items()}
        return CuRun(
            cycles=cycles, workgroups=self.workgroups, waves=len(self.waves),
            instructions=sum(len(w.steps) for w in self.waves), mfma_count=sum(mfmas[id(w.steps)] for w in self.waves),
            mfma_busy_cycles=sum(s.matrix.busy_cycles for s in self.simds),
            valu_busy_cycles=sum(s.valu.busy_cycles for s in self.simds),
            lds_busy_cycles=self.lds.busy_cycles, lds_conflict_cycles=self.lds.conflict_cycles,
            vmem_busy_cycles=self.vmem.busy_cycles, vmem_bytes=self.vmem.bytes,
            stalls=dict(sorted(self.stalls.items())), simds=len(self.simds),
        )


def _arbiter(clock: Scheduler, per_simd: int, shared: int, simds: int) -> MioArbiter | None:
    return MioArbiter(clock, MioQueue(per_simd, shared, simds)) if per_simd else None


def waves_per_workgroup(program: Program) -> int:
    """Waves of one workgroup: the streams given, or more if the workgroup size asks for more."""
    return max(len(program.waves), -(-program.resources.workgroup_size // max(1, program.wave_size)))


def block_bases(program: Program, block: int) -> dict[str, int]:
    """Byte address of workgroup `block`'s tile in each buffer (block ids walk the M tiles, then N, or the
    other way round: Program.walk; then z)."""
    if program.layers == 1:
        grid_m, grid_n = program.grid
        block %= max(1, grid_m * grid_n)
        bx, by = tile_of_block(block, program.grid, program.walk)
        return {buf: bx * per_x + by * per_y for buf, (per_x, per_y) in program.block_bases.items()}
    coords = program.block_coords(block % program.workgroups)
    return {buf: program.block_base(buf, coords) for buf in program.block_bases}


def replay_cu(program: Program, gpu: GPU, workgroups: int, memory: MemoryPath, hot_trips: int | None = None,
              record: bool = False, first_block: int = 0, oldest_first: bool = True, plain: bool = False) -> CuRun:
    """Replay `workgroups` resident copies of the Program on one CU (hot loop cut to hot_trips if given).
    The CU holds blocks first_block, first_block + CUs, ...: the dispatcher deals blocks out to the CUs
    in turn, so these are the blocks whose lines meet in its L1. `oldest_first`: full MIO and LG queues
    serve the earliest-added workgroup's waves first (else every wave in turn). `plain`: the waves run
    their plain process, the reference the fast one is tested against (same results, slower)."""
    if workgroups < 1:
        raise ConfigError(f"workgroups={workgroups}: at least one workgroup must fit on a compute unit")
    streams = scoreboard_streams(decoded_streams(program, gpu, hot_trips))
    # a front-end may give one stream for all waves: the workgroup still has all its waves
    needed = waves_per_workgroup(program)
    streams = [streams[i % len(streams)] for i in range(max(needed, len(streams)))]
    timeline = Timeline() if record else None
    cu = ComputeUnitModel(gpu, memory, NOT_RECORDING if timeline is None else timeline, oldest_first, plain)
    for g in range(workgroups):
        cu.add_workgroup(streams, block_bases(program, first_block + g * gpu.compute_units))
    run = cu.run()
    if timeline is not None:
        run.timeline, run.instruction_log = timeline.spans, timeline.instructions
    return run
