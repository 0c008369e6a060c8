"""The IR: the scheduled instruction stream of each wave of one workgroup.

The one contract between front-ends (the preshuffle generator, the assembly parser) and the
models (timing replay, functional replay). A Program holds, for every wave of a workgroup, the
instructions it issues in order, with loops kept as loops. Each instruction carries what timing
needs (class, pipe cycles, bytes, per-lane LDS addresses, waitcnt thresholds) and, where the
front-end knows it, what functional replay needs (registers, buffers, per-lane offsets).

Addresses are affine in the loop counters so that a K loop of 65 iterations stays one body:
    byte offset of lane i = block_base(buffer, bx, by) + lane_offsets[i] + sum(iter_j * iter_strides[j])
where iter_j runs over the enclosing loops, outermost first. LDS addresses carry no block base.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Callable, Iterator, Union

from gemmsim.caches import ByIdentity, kept


class Op(enum.Enum):
    """Instruction classes, by the pipe or counter they use."""

    MFMA = "mfma"                # matrix core
    VALU = "valu"                # vector ALU
    SALU = "salu"                # scalar ALU
    VMEM_LOAD = "vmem_load"      # global/buffer load into VGPRs (vmcnt)
    VMEM_STORE = "vmem_store"    # global/buffer store (vmcnt on gfx9)
    LDS_DMA = "lds_dma"          # global -> LDS load that bypasses VGPRs (vmcnt)
    LDS_READ = "lds_read"        # ds_read (lgkmcnt)
    LDS_WRITE = "lds_write"      # ds_write (lgkmcnt)
    SMEM = "smem"                # scalar memory load (lgkmcnt)
    WAITCNT = "waitcnt"          # s_waitcnt: wait until outstanding counters drop to the thresholds
    BARRIER = "barrier"          # s_barrier: all waves of the workgroup
    BRANCH = "branch"            # control flow (taken branches cost issue time only)
    NOP = "nop"                  # s_nop and scheduling markers


MEMORY_OPS = (Op.VMEM_LOAD, Op.VMEM_STORE, Op.LDS_DMA, Op.LDS_READ, Op.LDS_WRITE, Op.SMEM)
VMCNT_OPS = (Op.VMEM_LOAD, Op.VMEM_STORE, Op.LDS_DMA)
LGKMCNT_OPS = (Op.LDS_READ, Op.LDS_WRITE, Op.SMEM)


class Counter(enum.StrEnum):
    """The wave counter a memory op counts on, and that an s_waitcnt waits on (its `vmcnt` or
    `lgkmcnt`: the counter's name + "cnt"). NVIDIA's scoreboard barriers map onto them (model/wave.py)."""

    VM = "vm"          # vector memory: VMCNT_OPS
    LGKM = "lgkm"      # LDS, GDS, constant (scalar) memory: LGKMCNT_OPS

    __repr__ = str.__repr__   # shown as the plain string it is, as the API's examples show it


COUNTER_OF = {**dict.fromkeys(VMCNT_OPS, Counter.VM), **dict.fromkeys(LGKMCNT_OPS, Counter.LGKM)}


def counter_of(op: Op) -> Counter:
    """The counter a memory op counts on (LGKM for any op not in VMCNT_OPS, as s_waitcnt insertion reads it)."""
    return Counter.VM if op in VMCNT_OPS else Counter.LGKM


@dataclass(frozen=True)
class Reg:
    """A run of `count` 32-bit registers of file `v` (arch VGPR), `a` (AGPR) or `s` (SGPR)."""

    file: str
    index: int
    count: int = 1

    def __str__(self) -> str:
        return f"{self.file}[{self.index}:{self.index + self.count - 1}]" if self.count > 1 else f"{self.file}{self.index}"


SCOREBOARD_BARRIERS = 6   # per warp on sm_70+ (the 3-bit barrier fields; 7 = none)


@dataclass(frozen=True)
class Control:
    """What a compiler that resolves hazards itself (NVIDIA sm_70+) wrote beside an instruction: the
    cycles before the warp's next instruction may issue, the scoreboard barrier its result (write)
    or its source reads (read) release, and the barriers it waits on (bit b = barrier b)."""

    stall: int
    yield_bit: bool = False
    write_barrier: int | None = None
    read_barrier: int | None = None
    wait_mask: int = 0
    reuse: int = 0

    def waits_on(self) -> tuple[int, ...]:
        return tuple(b for b in range(SCOREBOARD_BARRIERS) if self.wait_mask >> b & 1)


@dataclass(frozen=True)
class L1Access:
    """The sm_90 front-end's global accesses: they go through an L1 that shares the LDS data pipe."""

    lines: int                          # cache lines the access takes through the data pipe
    touched_offsets: tuple[int, ...]    # byte offsets of every piece its lanes touch, also those the
                                        # Instr's lane_offsets leave out as already asked for by the warp
    partial: int = 0                    # a store: the pieces its lanes write only part of


@dataclass(frozen=True)
class Instr:
    op: Op
    opcode: str
    cycles: int = 1                 # issue-to-free time of its pipe (MFMA from the GPU file; VALU per wave op)
    latency: int = 0                # MFMA/VALU: pipe start to result, where longer than `cycles` (0: `cycles`)
    # memory instructions
    width_bits: int = 0             # per-lane access width of memory ops (32, 64, 128)
    lane_bytes: int = 0             # bytes per active lane (memory ops)
    buffer: str = ""                # "A", "B", "C" for global ops; "lds" for LDS ops
    lane_offsets: tuple[int, ...] | None = None   # byte offset per lane (None: unknown to the front-end)
    iter_strides: tuple[int, ...] = ()            # bytes added per iteration of each enclosing loop (outermost first); () = fixed
    # s_waitcnt
    vmcnt: int | None = None        # WAITCNT thresholds (None: that counter is not waited on)
    lgkmcnt: int | None = None
    # registers: the MFMA/VALU scoreboard of the timing replay, and the functional replay
    dst: Reg | None = None
    srcs: tuple[Reg, ...] = ()
    lds_base: int | None = None     # LDS_DMA: lane i lands at lds_base + i * lane_bytes
    tag: str = ""                   # what the instruction is for, e.g. "A tile 1 -> LDS", "acc(0,3) += A(0) B(3)"
    # what only some front-ends know
    lane_offsets2: tuple[int, ...] | None = None  # ds_read2/ds_write2 (assembly): each lane's second access (None: one access)
    l1: L1Access | None = None      # sm_90 global access through the L1 (None: no L1 on the way, or not modelled)
    control: Control | None = None  # the compiler's stall count and scoreboard barriers (None: the replay
                                    # resolves dependencies from registers and waitcnts)

    def wave_bytes(self, wave_size: int) -> int:
        """Bytes moved by the whole wave (memory ops); all `wave_size` lanes where the offsets are unknown."""
        if self.op not in MEMORY_OPS or self.lane_offsets is None:
            return self.lane_bytes * wave_size if self.op in MEMORY_OPS else 0
        return self.lane_bytes * len(self.lane_offsets)


@dataclass(frozen=True)
class Loop:
    """A counted loop: `body` runs `trip_count` times. Addresses inside advance by their iter_strides."""

    body: tuple[Union[Instr, "Loop"], ...]
    trip_count: int
    name: str = "loop"


Item = Union[Instr, Loop]


@dataclass(frozen=True)
class Resources:
    arch_vgprs: int
    accum_vgprs: int
    sgprs: int
    lds_bytes: int
    workgroup_size: int


WALKS = ("m", "n")


def tile_of_block(tile, grid: tuple[int, int], walk: str = "m"):
    """(bx, by) of a workgroup's index within its layer (an int or a numpy array of them): with walk
    "m" consecutive ids walk the M tiles first, with "n" the N tiles."""
    grid_m, grid_n = grid
    if walk == "n":
        return tile // grid_n, tile % grid_n
    return tile % grid_m, tile // grid_m


@dataclass(frozen=True)
class Program:
    """What each wave of one workgroup executes, plus what the GPU level needs to place workgroups."""

    name: str
    arch: str
    wave_size: int
    waves: tuple[tuple[Item, ...], ...]       # one instruction stream per wave of the workgroup
    resources: Resources
    grid: tuple[int, int] = (1, 1)            # workgroups along M (bx) and N (by)
    # which tiles consecutive workgroup ids walk first: "m" (bx fastest, as FlyDSL's and the generated
    # AMD kernels launch) or "n" (by fastest: a CUDA kernel whose blockIdx.x indexes the N tiles)
    walk: str = "m"
    block_bases: dict[str, tuple[int, int]] = field(default_factory=dict)  # buffer -> bytes per (bx, by)
    source: str = ""                          # "generated" or the parsed file
    # The grid's z dimension: batch entries x K splits, z = batch index * split_k + split.
    batch: int = 1
    split_k: int = 1
    z_bases: dict[str, tuple[int, int]] = field(default_factory=dict)  # buffer -> bytes per (batch entry, split)
    z_extents: dict[str, int] = field(default_factory=dict)  # buffer -> bytes one z slice's descriptor covers

    @cached_property
    def fingerprint(self) -> int:
        """A hash of the whole content, computed once (it hashes every instruction: a few ms for a big
        tile), for the caches that key on the Program by content (caches.ByContent); or the hash of
        the inputs that fixed it, where its builder gave them (fingerprinted)."""
        return hash(tuple(tuple(sorted(v.items())) if isinstance(v, dict) else v
                          for v in (getattr(self, f.name) for f in fields(self))))

    @property
    def waves_per_workgroup(self) -> int:
        return len(self.waves)

    @property
    def layers(self) -> int:
        """Workgroups along z: one layer of grid_m x grid_n per (batch entry, K split)."""
        return self.batch * self.split_k

    @property
    def workgroups(self) -> int:
        return self.grid[0] * self.grid[1] * self.layers

    def block_coords(self, block: int) -> tuple[int, int, int, int]:
        """Workgroup id -> (bx, by, batch entry, split): ids walk the M tiles, then N (or N, then M:
        `walk`), then z."""
        grid_m, grid_n = self.grid
        layer, tile = divmod(block, max(1, grid_m * grid_n))
        entry, split = divmod(layer, self.split_k)
        bx, by = tile_of_block(tile, self.grid, self.walk)
        return bx, by, entry, split

    def block_base(self, buffer: str, coords: tuple[int, ...]) -> int:
        """Byte address of a workgroup's tile in `buffer`; coords (bx, by) or (bx, by, entry, split)."""
        per_x, per_y = self.block_bases.get(buffer, (0, 0))
        base = coords[0] * per_x + coords[1] * per_y
        if len(coords) > 2:
            per_entry, per_split = self.z_bases.get(buffer, (0, 0))
            base += coords[2] * per_entry + coords[3] * per_split
        return base

    def z_window(self, buffer: str, coords: tuple[int, ...]) -> tuple[int, int] | None:
        """The bytes [lo, hi) a workgroup's descriptor of `buffer` covers (None: the whole buffer).
        Like a buffer resource's base and size: accesses outside read 0 and are dropped."""
        extent = self.z_extents.get(buffer)
        if extent is None or len(coords) < 3:
            return None
        per_entry, per_split = self.z_bases.get(buffer, (0, 0))
        lo = coords[2] * per_entry + coords[3] * per_split
        return lo, lo + extent


# ---- traversal: the one way to walk a stream's loops ------------------------------------------------------
def walk(items: tuple[Item, ...], repeat_loops: bool = False) -> Iterator[tuple[Instr, tuple[int, ...]]]:
    """Yield (instruction, loop counters). With repeat_loops, loops are unrolled (for replay);
    without, each body is visited once with counter 0 (for static counts; a loop of 0 trips not at all)."""

    def visit(seq, counters):
        for item in seq:
            if isinstance(item, Loop):
                trips = range(item.trip_count) if repeat_loops else range(1 if item.trip_count else 0)
                for i in trips:
                    yield from visit(item.body, counters + (i,))
            else:
                yield item, counters

    yield from visit(items, ())


def executions(items: tuple[Item, ...], weighted: bool = True, skip: str | None = None) -> Iterator[tuple[Instr, int]]:
    """Every instruction once, in program order, with how often it runs: the product of the trip counts
    of the loops around it (always 1 unless weighted; 0 inside a loop of 0 trips). The loops named
    `skip` are left out."""

    def visit(seq, times):
        for item in seq:
            if isinstance(item, Loop):
                if item.name != skip:
                    yield from visit(item.body, times * item.trip_count if weighted else times)
            else:
                yield item, times

    yield from visit(items, 1)


def count_ops(items: tuple[Item, ...], weighted: bool = True) -> dict[Op, int]:
    """Instruction count per class; weighted multiplies loop bodies by their trip counts."""
    counts: dict[Op, int] = {}
    for instr, times in executions(items, weighted):
        counts[instr.op] = counts.get(instr.op, 0) + times
    return counts


def find_loops(items: tuple[Item, ...]) -> list[Loop]:
    """Every loop of the stream, outer ones before the loops they hold, in program order."""
    found = []
    for item in items:
        if isinstance(item, Loop):
            found.append(item)
            found.extend(find_loops(item.body))
    return found


def find_loop(items: tuple[Item, ...], name: str) -> Loop | None:
    """The first loop of that name (outer loops first), or None."""
    return next((loop for loop in find_loops(items) if loop.name == name), None)


def fingerprinted(program: Program, inputs: tuple) -> Program:
    """`program`, its fingerprint the hash of `inputs`, which fix its content (a generator's cache
    key): a few microseconds instead of hashing every instruction. Two Programs built from other
    inputs, or hashed, only miss each other's entries; equal fingerprints are still confirmed by
    comparing the Programs (caches.ByContent)."""
    program.__dict__["fingerprint"] = hash(("built from", inputs))
    return program


HOT_LOOPS_KEPT = 256    # waves' items (a few dozen Programs' worth; the key holds its items)


def hot_loop(items: tuple[Item, ...]) -> Loop | None:
    """The loop with the most weighted MFMA work (ties: the most instructions)."""
    if isinstance(items, tuple):   # a tuple cannot change: its answer is kept
        return _kept_hot_loop(ByIdentity(items))
    return _hot_loop(items)


@kept(HOT_LOOPS_KEPT)
def _kept_hot_loop(items: ByIdentity) -> Loop | None:
    """hot_loop once per wave's items: a prediction asks about a dozen times (the trips, the L1
    period, the decode, the tile shape), and each answer counts every loop's instructions. Keyed by
    the items' identity, not their content: the answer is a Loop inside them, which callers find
    again with `is` (with_trip_count, trip_starts), so an equal tuple's Loop would not do; and hashing
    a wave's items costs about what the answer saves."""
    return _hot_loop(items.obj)


def _hot_loop(items) -> Loop | None:
    loops = find_loops(items)
    if not loops:
        return None
    def weight(loop: Loop):
        c = count_ops(loop.body)
        return (c.get(Op.MFMA, 0) * loop.trip_count, sum(c.values()))
    return max(loops, key=weight)


def with_trip_count(items: tuple[Item, ...], which: Callable[[Loop], bool], trips: int) -> tuple[Item, ...]:
    """The stream with every loop that `which` picks running `trips` times (the others as they were)."""
    out = []
    for item in items:
        if isinstance(item, Loop):
            item = replace(item, body=with_trip_count(item.body, which, trips),
                           trip_count=trips if which(item) else item.trip_count)
        out.append(item)
    return tuple(out)


def lane_addresses(instr: Instr, counters: tuple[int, ...] = (), base: int = 0) -> tuple[int, ...]:
    """Byte address of every lane at the given loop counters (outermost first, one per enclosing loop)."""
    if instr.lane_offsets is None:
        raise ValueError(f"{instr.opcode}: lane offsets unknown")
    shift = base + sum(c * s for c, s in zip(counters, instr.iter_strides))
    return tuple(o + shift for o in instr.lane_offsets)
