"""The dynamic instruction sequence each wave replays, decoded once from the Program.

The IR keeps loops as loops; the replay needs every instruction in issue order with what its
timing depends on worked out: LDS bank-phase cycles from the lane addresses at that iteration,
bytes moved, waitcnt thresholds, and the registers it reads and writes (for the MFMA and VALU
scoreboard). The hot loop can be cut to a few iterations: the GPU level replays a few and
extrapolates the rest (see gpu.py). An instruction whose addresses do not move with the loop is
decoded once and its Step shared by every iteration.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from gemmsim.hw import GPU
from gemmsim.caches import ByContent, ByIdentity, KeptDict, kept
from gemmsim.model.lds import bandwidth_cycles
from gemmsim.analytics.lds_banks import instruction_report
from gemmsim.ir.program import (COUNTER_OF, MEMORY_OPS, Control, Counter, Instr, Item, Loop, Op, Program, Reg,
                                hot_loop, walk, with_trip_count)

L1_OPS = (Op.VMEM_LOAD, Op.LDS_DMA)  # global reads that look their lines up in the CU's L1 (l1.py)
MOVING_OPS = (Op.LDS_READ, Op.LDS_WRITE) + L1_OPS   # decoded per iteration: their addresses matter
REG_FILE_BASE = {"v": 0, "a": 1 << 12, "s": 2 << 12}


@dataclass(frozen=True, slots=True)
class Step:
    """One dynamic instruction with its timing worked out."""

    op: Op
    opcode: str
    cycles: int                 # MFMA/VALU: pipe cycles; others: issue cycles
    nbytes: int = 0             # memory ops: bytes moved by the whole wave
    lds_cycles: int = 0         # LDS ops and DMA: cycles the access holds the LDS
    lds_conflicts: int = 0      # conflict cycles of an LDS access (beyond one per phase)
    l1_cycles: int = 0          # global access: cycles it holds the L1/LDS data pipe first (NVIDIA; 0 on AMD)
    buffer: str = ""            # global load: the buffer its block base comes from
    l1_pieces: tuple[int, ...] = ()   # global load: byte offsets (before l1_shift) whose lines the L1 looks up
    requested: tuple[int, ...] = ()   # global load: byte offsets (before l1_shift) of the pieces it asks for,
                                      # piece_bytes each
    l1_shift: int = 0                 # global load: what its loops add to those offsets at this iteration (the
                                      # offsets are shared by every iteration, not copied shifted)
    piece_bytes: int = 0
    line_counts: tuple[tuple[int, int], ...] = ()   # (L1 entry, pieces asked for in it) for an entry-aligned block
                                                    # base; an entry is a sector where the L1 tags them (l1_tag_bytes)
    vmcnt: int | None = None
    lgkmcnt: int | None = None
    reads: tuple[int, ...] = ()
    writes: tuple[int, ...] = ()
    tag: str = ""
    latency: int = 0            # MFMA/VALU: pipe start to result (0: `cycles`)
    control: Control | None = None   # the compiler's stall count and scoreboard barriers (NVIDIA)
    counter: Counter | None = None  # the wave counter a memory op counts on (read per step by
                                # the replay, where testing the op against a set of Ops would cost a hash)
    # worked out from the fields above, for the replay's loop (wave.py), which reads them once per step
    piped: bool = field(init=False, repr=False, compare=False)      # an MFMA or VALU op: it books its SIMD's pipe
    issue_cycles: int = field(init=False, repr=False, compare=False)   # until the wave's next instruction: 1 for
                                                                     # a piped op (its pipe runs on), else `cycles`
    result_cycles: int = field(init=False, repr=False, compare=False)  # a piped op's pipe start to result

    def __post_init__(self):
        piped = self.op is Op.MFMA or self.op is Op.VALU
        object.__setattr__(self, "piped", piped)
        object.__setattr__(self, "issue_cycles", 1 if piped else self.cycles)
        object.__setattr__(self, "result_cycles", self.latency or self.cycles)


def l1_cycles(instr: Instr, gpu: GPU) -> int:
    """Cycles a global access holds an L1 that shares the LDS data pipe: the pipe moves bytes_per_clk of
    its lines; a store, where the description measured it (store_shape), a cycle per line it writes
    and one per sector it writes only part of."""
    if instr.l1 is None or not instr.l1.lines:
        return 0
    mem = gpu.memory
    if instr.op is Op.VMEM_STORE and mem.l1_store_cycles_per_line is not None:
        lines = len({s // mem.l1_line_bytes for s in instr.l1.touched_offsets})
        cycles = mem.l1_store_cycles_per_line * lines + (mem.l1_store_cycles_per_partial_sector or 0.0) * instr.l1.partial
        return max(1, round(cycles))   # the pipe counts whole cycles
    return -(-instr.l1.lines * mem.l1_line_bytes // gpu.lds.bytes_per_clk)


def l1_tag_bytes(gpu: GPU) -> int:
    """The piece of a line the L1 holds and misses apart: the sector where the description has one
    (the H200's L1 fetches and tags 32-byte sectors of its 128-byte lines), else the whole line."""
    return gpu.memory.l1_sector_bytes or gpu.memory.l1_line_bytes


def registers(regs: tuple[Reg, ...]) -> tuple[int, ...]:
    out = []
    for r in regs:
        base = REG_FILE_BASE.get(r.file, 3 << 12) + r.index
        out.extend(range(base, base + r.count))
    return tuple(out)


def decode(instr: Instr, counters: tuple[int, ...], gpu: GPU) -> Step:
    op = instr.op
    tracks_regs = op is Op.MFMA or op is Op.VALU
    # the fields each class adds, gathered first: one Step is built (dataclasses.replace costs more)
    extra = {}
    if op is Op.LDS_READ or op is Op.LDS_WRITE:
        extra = _lds_fields(instr, counters, gpu)
    elif op is Op.VMEM_LOAD or op is Op.VMEM_STORE or op is Op.SMEM:
        extra = dict(nbytes=instr.wave_bytes(gpu.cu.wave_size),
                     l1_cycles=l1_cycles(instr, gpu))
    elif op is Op.LDS_DMA:
        nbytes = instr.wave_bytes(gpu.cu.wave_size)
        extra = dict(nbytes=nbytes, lds_cycles=bandwidth_cycles(nbytes, gpu.lds))
    if op in L1_OPS and instr.lane_offsets is not None:
        extra.update(_l1_pieces(instr, counters, l1_tag_bytes(gpu)))
    return Step(op, instr.opcode, 1 if op in MEMORY_OPS else max(1, instr.cycles), vmcnt=instr.vmcnt,
                lgkmcnt=instr.lgkmcnt, tag=instr.tag, latency=instr.latency, control=instr.control,
                counter=COUNTER_OF.get(op),
                reads=registers(instr.srcs) if tracks_regs or op is Op.VMEM_STORE else (),
                writes=registers((instr.dst,)) if tracks_regs and instr.dst is not None else (), **extra)


def _l1_pieces(instr: Instr, counters: tuple[int, ...], line_bytes: int) -> dict:
    """The byte offsets (block base left out) whose lines a global load looks up in the L1: the
    first and last byte of every piece its lanes touch, at these loop counters. `line_bytes` is the
    L1's entry (l1_tag_bytes: a sector on the H200)."""
    shift = sum(c * s for c, s in zip(counters, instr.iter_strides))
    touched = instr.l1.touched_offsets if instr.l1 is not None else instr.lane_offsets
    pieces, counts = _unshifted_pieces(touched, instr.lane_offsets, instr.lane_bytes, line_bytes)
    # the common case worked out once: with a block base that is a whole number of lines, the lines
    # (and how many requested pieces each holds) only shift; a loop step of whole lines shifts them too
    lines, rest = divmod(shift, line_bytes)
    if rest:
        counts = _line_counts(tuple(o + shift for o in pieces), tuple(o + shift for o in instr.lane_offsets),
                              line_bytes)
    elif lines:
        counts = tuple((line + lines, n) for line, n in counts)
    return dict(buffer=instr.buffer, l1_pieces=pieces, requested=instr.lane_offsets, l1_shift=shift,
                piece_bytes=instr.lane_bytes, line_counts=counts)


@kept(4096)
def _unshifted_pieces(touched: tuple[int, ...], requested: tuple[int, ...], piece_bytes: int, line_bytes: int
                      ) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """_l1_pieces' pieces and line counts at no shift: every iteration of a moving load only adds its
    shift (the pieces are sorted once per load, not once per iteration)."""
    last = piece_bytes - 1
    pieces = tuple(sorted(set(touched) | {o + last for o in touched}))
    return pieces, _line_counts(pieces, requested, line_bytes)


def _line_counts(pieces: tuple[int, ...], requested: tuple[int, ...], line_bytes: int) -> tuple[tuple[int, int], ...]:
    counts = dict.fromkeys(sorted({o // line_bytes for o in pieces}), 0)
    for o in requested:
        counts[o // line_bytes] += 1
    return tuple(counts.items())


def _lds_fields(instr: Instr, counters: tuple[int, ...], gpu: GPU) -> dict:
    """An access with lane addresses holds the LDS for its bank-phase cycles (one wavefront per
    cycle: each phase already moves at most `bytes_per_clk` of distinct words, so lanes that read a
    word another lane of their phase reads ride along: a 128-bit load whose half-warps each read one
    16-byte chunk is 2 wavefronts on the H200, not 512 / 128 = 4; ncu counts 2). Without addresses,
    the bytes the wave moves at `bytes_per_clk`."""
    nbytes = instr.wave_bytes(gpu.cu.wave_size)
    report = instruction_report(instr, gpu.lds, counters)
    if report is None:
        return dict(nbytes=nbytes, lds_cycles=bandwidth_cycles(nbytes, gpu.lds))
    return dict(nbytes=nbytes, lds_cycles=max(1, report.cycles), lds_conflicts=report.conflict_cycles)


def hot_loop_trips(program_waves: tuple[tuple[Item, ...], ...]) -> int:
    loop = hot_loop(program_waves[0])
    return loop.trip_count if loop else 0


def decode_wave(items: tuple[Item, ...], gpu: GPU, hot_trips: int | None = None,
                known: dict | None = None) -> list[Step]:
    """Every instruction the wave issues, in order; with hot_trips, the hot loop runs that many times.
    `known` holds Steps already decoded from these instructions (on this GPU), to be reused."""
    loop = hot_loop(items)
    if hot_trips is not None and loop is not None:
        items = with_trip_count(items, lambda candidate: candidate is loop, hot_trips)
    known = {} if known is None else known
    gpu_key = ByContent(gpu)
    steps = []
    for instr, counters in walk(items, repeat_loops=True):
        strides = instr.iter_strides
        if strides and instr.op in MOVING_OPS and any(strides):
            # its addresses move with the loops, by this many bytes at these counters: all it depends on
            shift = sum(c * s for c, s in zip(counters, strides))
            key = (id(instr), shift)
        else:
            key, shift = id(instr), None
        step = known.get(key)
        if step is None:
            step = known[key] = _shared_step(instr, shift, counters, gpu_key)
        steps.append(step)
    return steps


def trip_starts(items: tuple[Item, ...], hot_trips: int) -> tuple[int, ...] | None:
    """Where each iteration of the wave's hot loop (cut to hot_trips) starts in its decoded stream,
    and where the loop ends: hot_trips + 1 step indices. None if the loop does not run exactly once
    (no hot loop, one inside a loop of 0 trips, or one Loop object placed twice)."""
    loop = hot_loop(items)
    starts, n = [], 0

    def visit(seq):
        nonlocal n
        for item in seq:
            if not isinstance(item, Loop):
                n += 1
                continue
            for _ in range(hot_trips if item is loop else item.trip_count):
                if item is loop:
                    starts.append(n)
                visit(item.body)
            if item is loop:
                starts.append(n)

    if loop is None:
        return None
    visit(items)
    return tuple(starts) if len(starts) == hot_trips + 1 else None


def _fewer_trips(items: tuple[Item, ...], steps: tuple[Step, ...], trips: int, fewer: int) -> tuple[Step, ...] | None:
    """The wave's steps with its hot loop cut to `fewer` trips, from its steps at `trips`: an iteration
    decodes alike whatever the trip count, so the shorter stream is the longer one without its last
    iterations. None where the hot loop does not run exactly once."""
    starts = trip_starts(items, trips)
    return None if starts is None else steps[:starts[fewer]] + steps[starts[trips]:]


# Steps by the instruction's value (and its shift and the GPU), for every Program: the candidates of
# one tile shape, and GEMMs that differ in K or N, repeat most instructions (MFMAs, LDS accesses, B
# loads) as equal objects; hashing one costs a tenth of decoding it.
STEPS_KEPT = 20_000      # a few dozen Programs' worth (a global load's Step holds its pieces); then it starts again
_STEPS: dict[tuple[Instr, int | None, ByContent], Step] = KeptDict("model.stream.steps", STEPS_KEPT)


def _shared_step(instr: Instr, shift: int | None, counters: tuple[int, ...], gpu_key: ByContent) -> Step:
    key = (instr, shift, gpu_key)
    step = _STEPS.get(key)
    if step is None:
        if len(_STEPS) >= STEPS_KEPT:
            _STEPS.clear()
        step = _STEPS[key] = decode(instr, counters, gpu_key.obj)
    return step


# per (Program, GPU) content, the least recent first: the Program decoded (the `known` Steps are keyed
# by the ids of its instructions, so it is held, and an equal Program asking later decodes it instead),
# the GPU, the Steps decoded so far, and the streams per trip count
DECODED_KEPT = 4    # a search replays a candidate's Program again at its final clock (a re-decode mostly finds its Steps in _STEPS)
_DECODED: dict[tuple[ByContent, ByContent], tuple[Program, GPU, dict, dict[int | None, tuple[tuple[Step, ...], ...]]]] = (
    KeptDict("model.stream.decoded", DECODED_KEPT))


def decoded_streams(program: Program, gpu: GPU, hot_trips: int | None) -> tuple[tuple[Step, ...], ...]:
    """Each wave's steps, decoded once per (Program, GPU, trip count): a prediction replays one Program
    for every kind of round, short and long, at two clocks, and decoding was a quarter of a tune. A
    stream of fewer hot-loop trips is cut from a longer one already decoded (replay_round decodes the
    long one first). Only the most recent Programs are kept: a big tile's Steps take a few MB."""
    key = (ByContent(program), ByContent(gpu))
    entry = _DECODED.pop(key, None)
    if entry is None:
        entry = (program, gpu, {}, {})
        if len(_DECODED) >= DECODED_KEPT:
            del _DECODED[next(iter(_DECODED))]   # the least recently used
    _DECODED[key] = entry
    program, _, known, by_trips = entry
    streams = by_trips.get(hot_trips)
    if streams is None:
        longer = min((t for t in by_trips if t is not None and hot_trips is not None and t > hot_trips), default=None)
        cut = [None] * len(program.waves)
        if longer is not None:
            cut = [_fewer_trips(items, steps, longer, hot_trips) for items, steps in zip(program.waves, by_trips[longer])]
        streams = by_trips[hot_trips] = tuple(steps if steps is not None else tuple(decode_wave(items, gpu, hot_trips, known))
                                              for items, steps in zip(program.waves, cut))
    return streams


SCOREBOARDS_KEPT = 8     # as many stream sets as _DECODED keeps, with room for their short and long cuts


def scoreboard_streams(streams: tuple[tuple[Step, ...], ...]) -> tuple[tuple[Step, ...], ...]:
    """The streams with each MFMA and VALU op's registers cut to those its wave's scoreboard must
    track (wave.py: a piped op waits for the latest of its source registers, written by earlier
    piped ops), with the same waits: registers that every piped op writes all or none of always
    hold the same ready time, so one of them stands for the others; a register no piped op writes
    stays ready at 0, which never holds a wave. An MFMA's 12 source registers (its A and B packs
    come from loads, which the scoreboard does not track) become its accumulator's one."""
    return _scoreboard_streams(ByIdentity(streams))


# Keyed by the streams' identity: they are the tuples decoded_streams keeps per (Program, GPU) content
# and trip count, so equal contents hand this very object while their entry lives; hashing their
# thousands of Steps on every call would cost more than the cut saves.
@kept(SCOREBOARDS_KEPT)
def _scoreboard_streams(streams: ByIdentity) -> tuple[tuple[Step, ...], ...]:
    piped = {id(step): step for steps in streams.obj for step in steps if step.piped}
    # a register's signature: which of the distinct write sets hold it (a class: one signature)
    write_sets = dict.fromkeys(step.writes for step in piped.values() if step.writes)
    signature: dict[int, list[int]] = {}
    for n, writes in enumerate(write_sets):
        for r in writes:
            signature.setdefault(r, []).append(n)
    first: dict[tuple[int, ...], int] = {}
    stands_for = {r: first.setdefault(tuple(sig), r) for r, sig in signature.items()}

    def cut(regs: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(dict.fromkeys(stands_for[r] for r in regs if r in stands_for))

    cuts = {key: replace(step, reads=cut(step.reads), writes=cut(step.writes)) for key, step in piped.items()}
    return tuple(tuple(cuts.get(id(step), step) for step in steps) for steps in streams.obj)
