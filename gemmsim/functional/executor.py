"""Functional replay: execute a Program's instruction streams on real bytes.

Every wave has 64 lanes of 32-bit registers; global buffers (A, B, C) are byte arrays; each
workgroup has its own LDS. Workgroups never interact; the waves of a workgroup run one after another
between s_barrier instructions, so that a wave that reads what another wave writes without a barrier
in between sees stale data, just as it could on the hardware.

Memory operations complete as late as the counters allow: a load's data reaches its registers
only when an s_waitcnt retires it (in issue order per counter), so a missing wait shows up as a
wrong result and as a "register" hazard naming the reader. LDS writes and LDS DMA land at issue
(as early as possible), so a read that is not separated from them by a wait and a barrier is
reported as an "lds-pending" or "lds-race" hazard. Each byte stored to a buffer remembers the
instruction that stored it and the instruction that computed its value (the MFMA, traced through
conversions and LDS), so a wrong element can be explained.

What the hardware computes from address registers (v_lshlrev, v_xor for the swizzle, scalar
offsets) is already folded into each instruction's lane offsets; such instructions have no
registers in the IR and replay as no-ops.

Nothing this module decides depends on the data: which instruction runs when, the hazards and the
provenance are the same for every workgroup and every input, so they are worked out here once, in
Python, while the data effects go to a data path in the order they take place:
  vector.py   every workgroup at once, one instruction after another (numpy, or numba kernels);
  trace.py    the effects recorded as a trace, then run workgroup by workgroup by a compiled numba
              loop that keeps one workgroup's registers and LDS in cache (where the program's
              matrix sums are exact in float64, so the order of a sum cannot change a bit).
Engines: "numpy" (the vector path with numpy loops), "numba" (the trace where it applies, else the
vector path with numba loops). The default is numba when it is installed, GEMMSIM_NO_NUMBA is unset
and the replay is large enough to pay for starting it (NUMBA_MIN_WORK); the bits are the same.
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable

import numpy as np

from gemmsim.errors import ConfigError
from gemmsim.functional import kernels as kernel_builds
from gemmsim.functional.mfma import parse_mfma
from gemmsim.functional.vector import GlobalMemory, VectorData
from gemmsim.ir.program import Counter, Instr, Op, Program, Reg, counter_of, executions, walk

NO_ORIGIN = -1
MAX_HAZARDS_KEPT = 50
_DMA_OWNER = 127   # LDS bytes a DMA is writing: pending for every wave, the issuing one included
ENGINES = ("numpy", "numba")
# Below this many workgroup-instructions numba's start (importing it, loading the compiled code: about
# 0.7 s on the 2-core machine) costs more than it saves: 1024x1024x1024 fp8 with tile 64x256x128 (64
# workgroups of 5 600 instructions) took 1.2 s with numpy and 1.3 s with numba in a fresh process.
NUMBA_MIN_WORK = 2 ** 19
# VALU conversions with a functional model: opcode -> source registers per result register
_CONVERSIONS = {"v_cvt_pk_bf16_f32": 2, "v_cvt_f32_i32": 1}


@dataclass(frozen=True)
class Origin:
    """Which instruction, in which wave and lane, produced a value."""

    instr: Instr
    wave: int
    lane: int

    def describe(self) -> str:
        return f"'{self.instr.tag}' ({self.instr.opcode}) wave {self.wave} lane {self.lane}"


@dataclass(frozen=True)
class Hazard:
    """A synchronization error seen during replay (the result may still happen to be right)."""

    kind: str      # register | lds-pending | lds-race | lds-bounds
    wave: int
    instr: Instr
    detail: str

    def describe(self) -> str:
        return f"{self.kind}: wave {self.wave} '{self.instr.tag}' ({self.instr.opcode}): {self.detail}"


@dataclass
class _Wave:
    index: int
    origin: dict[str, np.ndarray]     # file -> (lanes, 2 * count) origin code of each 16-bit half
    in_flight: dict[str, np.ndarray]  # file -> (count,) loads not yet landed in each register
    queues: dict[str, deque] = field(default_factory=lambda: {c: deque() for c in Counter})


@dataclass(frozen=True)
class _Store:
    """A global store as it landed: enough to work out again which bytes it wrote and from what."""

    buffer: str
    base: np.ndarray            # (blocks,) the buffer offset of each workgroup
    window: np.ndarray | None   # (blocks, 2) the z slice [lo, hi) each workgroup may touch, or None
    lane_offsets: np.ndarray    # (lanes,)
    origin: np.ndarray          # (lanes, nbytes) origin code of each stored byte's value
    code: np.ndarray            # (lanes,) origin code of the store itself

    def indices(self) -> np.ndarray:
        """Byte indices (blocks, lanes, nbytes) in the buffer; -1 outside the workgroup's slice."""
        idx = (self.base[:, None] + self.lane_offsets[None, :])[..., None] + np.arange(self.origin.shape[1])
        if self.window is not None:
            lo, hi = self.window[:, 0, None, None], self.window[:, 1, None, None]
            idx = np.where((idx >= lo) & (idx < hi), idx, -1)
        return idx


@dataclass
class Replay:
    """The state after running a Program: buffers, provenance of stored bytes, hazards.

    stored_by, value_from, stored_block (buffer -> one entry per byte) are worked out from the stores
    when first asked for, which verify does only to explain a wrong element."""

    program: Program
    blocks: list[tuple[int, int]]
    buffers: dict[str, np.ndarray]
    hazards: list[Hazard]
    hazard_count: int
    instrs: list[Instr]
    stores: list[_Store] = field(repr=False)
    engine: str = "numpy"                # the data path that ran: numpy, numba, or numba-trace

    def origin(self, code: int) -> Origin | None:
        if code == NO_ORIGIN:
            return None
        return Origin(self.instrs[code >> 16], (code >> 8) & 0xFF, code & 0xFF)

    @property
    def stored_by(self) -> dict[str, np.ndarray]:
        """Buffer -> per byte: origin code of the last store to it (NO_ORIGIN: never stored)."""
        return self._provenance[0]

    @property
    def value_from(self) -> dict[str, np.ndarray]:
        """Buffer -> per byte: origin code of the stored value's producer (the MFMA, through conversions)."""
        return self._provenance[1]

    @property
    def stored_block(self) -> dict[str, np.ndarray]:
        """Buffer -> per byte: index into blocks of the workgroup that stored it (-1: none)."""
        return self._provenance[2]

    @cached_property
    def _provenance(self) -> tuple[dict, dict, dict]:
        stored_by, value_from, stored_block = {}, {}, {}
        for store in self.stores:
            size = self.buffers[store.buffer].size
            if store.buffer not in stored_by:
                stored_by[store.buffer] = np.full(size, NO_ORIGIN, dtype=np.int64)
                value_from[store.buffer] = np.full(size, NO_ORIGIN, dtype=np.int64)
                stored_block[store.buffer] = np.full(size, -1, dtype=np.int32)
            idx = store.indices()
            inside = (idx >= 0) & (idx < size)
            target = idx[inside]
            stored_by[store.buffer][target] = np.broadcast_to(store.code[None, :, None], idx.shape)[inside]
            value_from[store.buffer][target] = np.broadcast_to(store.origin[None], idx.shape)[inside]
            blocks = np.arange(len(self.blocks), dtype=np.int32)[:, None, None]
            stored_block[store.buffer][target] = np.broadcast_to(blocks, idx.shape)[inside]
        return stored_by, value_from, stored_block


def default_engine(work: int | None = None) -> str:
    """numba when it imports, GEMMSIM_NO_NUMBA is unset and the replay has at least
    NUMBA_MIN_WORK workgroup-instructions (`work`; None: any size), else numpy."""
    if work is not None and work < NUMBA_MIN_WORK:
        return "numpy"
    return "numba" if kernel_builds.select().name == "numba" else "numpy"


def replay_work(program: Program, blocks: int) -> int:
    """Workgroup-instructions a replay executes: the instructions of one workgroup (loops unrolled) times blocks."""
    return blocks * sum(times for items in program.waves for _, times in executions(items))


def run(program: Program, buffers: dict[str, np.ndarray], blocks: list[tuple[int, int]] | None = None,
        engine: str | None = None) -> Replay:
    """Execute every wave of every listed workgroup (default: the whole grid) on the buffers; those the
    program stores to are copied first, so the caller's arrays are never written.
    engine: "numpy" or "numba" (default: default_engine() for the replay's size); the same bits either way."""
    if engine is None:
        engine = default_engine(replay_work(program, len(blocks) if blocks is not None else len(_all_blocks(program))))
    if engine not in ENGINES:
        raise ConfigError(f"replay engine {engine!r}: expected one of {', '.join(ENGINES)}")
    return _Machine(program, buffers, blocks, engine).run()


class _Machine:
    def __init__(self, program: Program, buffers: dict[str, np.ndarray], blocks, engine: str):
        self.program = program
        self.lanes = program.wave_size
        self.blocks = list(blocks) if blocks is not None else _all_blocks(program)
        self.nb = len(self.blocks)
        stored = {i.buffer for items in program.waves for i, _ in walk(items) if i.op == Op.VMEM_STORE}
        # copies of the buffers the program stores to; the others are only read
        self.buffers = {name: (np.array if name in stored else np.asarray)(buf, dtype=np.uint8).ravel()
                        for name, buf in buffers.items()}
        block_base = {name: np.array([program.block_base(name, b) for b in self.blocks], dtype=np.int64)
                      for name in program.block_bases}
        # a z slice's descriptor covers only its slice: (lo, hi) per block, where the Program says so
        self.windows = {name: np.array([program.z_window(name, b) for b in self.blocks], dtype=np.int64)
                        for name in program.z_extents if all(program.z_window(name, b) for b in self.blocks)}
        self.block_base = block_base
        self.instrs, self.ids = _index_instructions(program)
        self.offsets = {}
        sizes = _register_counts(program)
        self.waves = [self._new_wave(w, sizes) for w in range(len(program.waves))]
        self.lds_size = program.resources.lds_bytes
        memory = GlobalMemory(self.buffers, block_base, self.windows, self.nb)
        self.data = _data_path(engine, program, self.nb, self.lanes, sizes, self.lds_size, memory)
        self.lds_origin = np.full(self.lds_size, NO_ORIGIN, dtype=np.int64)
        self.lds_pending = np.full(self.lds_size, -1, dtype=np.int16)     # wave whose write has not retired
        self.epoch = 0
        self.lds_write_epoch = np.full(self.lds_size, -1, dtype=np.int64)
        self.lds_writer = np.full(self.lds_size, -1, dtype=np.int16)
        self.lds_read_epoch = np.full(self.lds_size, -1, dtype=np.int64)
        self.lds_readers = np.zeros(self.lds_size, dtype=np.uint16)     # bit mask of waves
        self.stores: list[_Store] = []
        self.hazards: list[Hazard] = []
        self.hazard_count = 0
        self.hazard_seen: set = set()

    def _new_wave(self, index: int, sizes: dict[str, int]) -> _Wave:
        return _Wave(
            index,
            origin={f: np.full((self.lanes, 2 * n), NO_ORIGIN, dtype=np.int64) for f, n in sizes.items()},
            in_flight={f: np.zeros(n, dtype=np.int32) for f, n in sizes.items()},
        )

    # ---- scheduling: waves one after another between barriers ---------------------------------
    def run(self) -> Replay:
        streams = [walk(items, repeat_loops=True) for items in self.program.waves]
        live = list(range(len(streams)))
        while live:
            live = [w for w in live if self._run_to_barrier(self.waves[w], streams[w])]
            self.epoch += 1
        for wave in self.waves:
            for counter in Counter:
                self._retire(wave, counter, 0)
        self.data.finish()
        return Replay(self.program, self.blocks, self.buffers, self.hazards, self.hazard_count, self.instrs,
                      self.stores, self.data.name)

    def _run_to_barrier(self, wave: _Wave, stream) -> bool:
        """Execute until the next s_barrier (True) or the end of the stream (False)."""
        for instr, counters in stream:
            if instr.op == Op.BARRIER:
                return True
            self._execute(wave, instr, counters)
        return False

    def _execute(self, wave: _Wave, instr: Instr, counters: tuple[int, ...]) -> None:
        handler = _HANDLERS.get(instr.op)
        if handler is not None:
            handler(self, wave, instr, counters)

    # ---- registers ------------------------------------------------------------------------------
    def _read_regs(self, wave: _Wave, instr: Instr, regs: tuple[Reg, ...]) -> np.ndarray:
        """Per-16-bit-half origins (lanes, 2 * total) of a run of sources; a hazard if one is still loading."""
        self._check_reads(wave, instr, regs)
        origins = [wave.origin[reg.file][:, 2 * reg.index:2 * (reg.index + reg.count)] for reg in regs]
        return origins[0] if len(origins) == 1 else np.concatenate(origins, axis=1)

    def _check_reads(self, wave: _Wave, instr: Instr, regs: tuple[Reg, ...]) -> None:
        for reg in regs:
            if wave.in_flight[reg.file][reg.index:reg.index + reg.count].any():
                self._hazard("register", wave, instr, f"reads {reg} before the load that writes it was waited for")

    def _set_origin(self, wave: _Wave, reg: Reg, origin: np.ndarray) -> None:
        wave.origin[reg.file][:, 2 * reg.index:2 * (reg.index + reg.count)] = origin

    def _check_dst(self, wave: _Wave, instr: Instr) -> None:
        reg = instr.dst
        if reg is not None and wave.in_flight[reg.file][reg.index:reg.index + reg.count].any():
            self._hazard("register", wave, instr, f"overwrites {reg} while a load into it is still in flight")

    def _code(self, instr: Instr, wave: _Wave) -> np.ndarray:
        """Origin codes of this instruction in every lane."""
        return (self.ids[id(instr)] << 16) + (wave.index << 8) + np.arange(self.lanes, dtype=np.int64)

    # ---- addresses ------------------------------------------------------------------------------
    def _lane_offsets(self, instr: Instr, counters: tuple[int, ...]) -> np.ndarray:
        key = id(instr)
        if key not in self.offsets:
            if instr.lane_offsets is None:
                raise ConfigError(f"{instr.opcode} '{instr.tag}': functional replay needs its lane offsets")
            self.offsets[key] = np.array(instr.lane_offsets, dtype=np.int64)
        return self.offsets[key] + sum(c * s for c, s in zip(counters, instr.iter_strides))

    def _check_buffer(self, instr: Instr) -> None:
        if instr.buffer not in self.buffers:
            raise ConfigError(f"{instr.opcode} '{instr.tag}': buffer {instr.buffer!r} was not provided "
                              f"(have {', '.join(sorted(self.buffers))})")

    def _lds_bytes(self, wave: _Wave, instr: Instr, addr: np.ndarray, nbytes: int) -> tuple[np.ndarray, np.ndarray]:
        """Byte indices (lanes, nbytes) of an LDS access and the mask of those inside the LDS."""
        idx = addr[:, None] + np.arange(nbytes)
        inside = (idx >= 0) & (idx < self.lds_size)
        if not inside.all():
            self._hazard("lds-bounds", wave, instr, f"lane addresses outside the {self.lds_size} B of LDS")
        return np.where(inside, idx, 0), inside

    # ---- counters -------------------------------------------------------------------------------
    def _issue(self, wave: _Wave, instr: Instr, complete: Callable[[], None], landing: Reg | None = None) -> None:
        counter = counter_of(instr.op)
        if landing is not None:
            wave.in_flight[landing.file][landing.index:landing.index + landing.count] += 1
        wave.queues[counter].append((complete, landing))

    def _retire(self, wave: _Wave, counter: str, limit: int) -> None:
        queue = wave.queues[counter]
        while len(queue) > limit:
            complete, landing = queue.popleft()
            complete()
            if landing is not None:
                wave.in_flight[landing.file][landing.index:landing.index + landing.count] -= 1

    # ---- hazards --------------------------------------------------------------------------------
    def _hazard(self, kind: str, wave: _Wave, instr: Instr, detail: str) -> None:
        self.hazard_count += 1
        key = (kind, wave.index, id(instr))
        if key not in self.hazard_seen and len(self.hazards) < MAX_HAZARDS_KEPT:
            self.hazard_seen.add(key)
            self.hazards.append(Hazard(kind, wave.index, instr, detail))

    def _lds_access(self, wave: _Wave, instr: Instr, idx: np.ndarray, writes: bool) -> None:
        """Check an LDS access against pending writes and other waves' accesses since the last barrier."""
        flat = idx.ravel()
        pending = self.lds_pending[flat]
        if ((pending == _DMA_OWNER) | ((pending >= 0) & (pending != wave.index))).any():
            self._hazard("lds-pending", wave, instr, "touches LDS bytes whose write has not been waited for")
        now = self.lds_write_epoch[flat] == self.epoch
        other_writer = now & (self.lds_writer[flat] != wave.index)
        if other_writer.any():
            who = int(self.lds_writer[flat][other_writer][0])
            self._hazard("lds-race", wave, instr, f"wave {who} wrote these LDS bytes with no barrier in between")
        if writes:
            readers = np.where(self.lds_read_epoch[flat] == self.epoch, self.lds_readers[flat], 0)
            others = readers & ~np.uint16(1 << wave.index)
            if others.any():
                who = _lowest_set_bit(int(others[others > 0][0]))
                self._hazard("lds-race", wave, instr, f"wave {who} read these LDS bytes with no barrier in between")
            self.lds_write_epoch[flat] = self.epoch
            self.lds_writer[flat] = wave.index
        else:
            fresh = self.lds_read_epoch[flat] != self.epoch
            self.lds_readers[flat[fresh]] = 0
            self.lds_read_epoch[flat] = self.epoch
            self.lds_readers[flat] |= np.uint16(1 << wave.index)

    # ---- instruction semantics ----------------------------------------------------------------
    def _mfma(self, wave: _Wave, instr: Instr, counters) -> None:
        shape = parse_mfma(instr.opcode)
        if instr.dst is None or len(instr.srcs) < 3 or len(instr.srcs) % 2 == 0:
            raise ConfigError(f"{instr.opcode} '{instr.tag}': functional replay needs dst and srcs "
                              f"(A regs, B regs, accumulator)")
        *operands, acc = instr.srcs
        half = len(operands) // 2
        a_regs, b_regs = tuple(operands[:half]), tuple(operands[half:])
        self._check_reads(wave, instr, instr.srcs)     # A, B, then the accumulator
        if acc.count != shape.acc_regs or instr.dst.count != shape.acc_regs:
            raise ConfigError(f"{instr.opcode} '{instr.tag}': the accumulator must be {shape.acc_regs} registers, "
                              f"got {acc} -> {instr.dst}")
        a_bits, b_bits = (32 * sum(r.count for r in regs) for regs in (a_regs, b_regs))
        fmt = shape.operand_format(self.program.arch, a_bits)
        if b_bits != a_bits:
            raise ConfigError(f"{instr.opcode} '{instr.tag}': A and B operands differ in size")
        fmt_b = shape.operand_format(self.program.arch, b_bits, operand="b")
        self._check_dst(wave, instr)
        self.data.mfma(wave.index, shape, a_regs, b_regs, acc, instr.dst, fmt, fmt_b)
        self._set_origin(wave, instr.dst, np.repeat(self._code(instr, wave)[:, None], 2 * shape.acc_regs, axis=1))

    def _valu(self, wave: _Wave, instr: Instr, counters) -> None:
        if instr.dst is None:
            return  # address arithmetic, already folded into lane offsets
        per_result = _CONVERSIONS.get(instr.opcode)
        if per_result is None:
            raise ConfigError(f"VALU opcode {instr.opcode!r} ('{instr.tag}') has no functional model: "
                              f"expected one of {', '.join(sorted(_CONVERSIONS))} or no destination register")
        origin = self._read_regs(wave, instr, instr.srcs)
        self._check_dst(wave, instr)
        sources = sum(r.count for r in instr.srcs)
        if sources % per_result or sources // per_result != instr.dst.count:
            raise ConfigError(f"{instr.opcode} '{instr.tag}': {sources} source registers give "
                              f"{sources / per_result:g} result registers, the destination {instr.dst} has "
                              f"{instr.dst.count}")
        self.data.convert(wave.index, instr.opcode, instr.srcs, instr.dst)
        # a packed result's halves come from the low halves of its source registers
        self._set_origin(wave, instr.dst, origin[:, 0::2] if per_result == 2 else origin)

    def _vmem_load(self, wave: _Wave, instr: Instr, counters) -> None:
        nbytes = instr.lane_bytes
        self._check_buffer(instr)
        data = self.data.load(instr.buffer, self._lane_offsets(instr, counters), nbytes)
        dst = instr.dst
        if dst is None or dst.count * 4 < nbytes:
            raise ConfigError(f"{instr.opcode} '{instr.tag}': needs a destination of at least {nbytes} bytes")
        self._check_dst(wave, instr)
        origin = np.repeat(self._code(instr, wave)[:, None], 2 * dst.count, axis=1)
        self._issue(wave, instr, lambda: self._land(wave, dst, data, origin), landing=dst)

    def _land(self, wave: _Wave, reg: Reg, data, origin: np.ndarray) -> None:
        self.data.land(wave.index, reg, data)
        self._set_origin(wave, reg, origin)

    def _vmem_store(self, wave: _Wave, instr: Instr, counters) -> None:
        data, origin = self._source_bytes(wave, instr)
        self._check_buffer(instr)
        store = _Store(instr.buffer, self.block_base.get(instr.buffer, np.zeros(self.nb, dtype=np.int64)),
                       self.windows.get(instr.buffer), self._lane_offsets(instr, counters), origin,
                       self._code(instr, wave))
        self._issue(wave, instr, lambda: self.data.deliver(data, lambda stored: self._scatter(store, stored)))

    def _lds_dma(self, wave: _Wave, instr: Instr, counters) -> None:
        nbytes = instr.lane_bytes
        self._check_buffer(instr)
        data = self.data.load(instr.buffer, self._lane_offsets(instr, counters), nbytes)
        if instr.lds_base is None:
            raise ConfigError(f"{instr.opcode} '{instr.tag}': an LDS DMA needs lds_base")
        lds_addr = instr.lds_base + np.arange(self.lanes, dtype=np.int64) * nbytes
        lds_idx, inside = self._lds_bytes(wave, instr, lds_addr, nbytes)
        self._lds_access(wave, instr, lds_idx[inside], writes=True)
        self._lds_store(lds_idx, inside, data, np.repeat(self._code(instr, wave)[:, None], nbytes, axis=1))
        self._mark_pending(lds_idx[inside], _DMA_OWNER)
        self._issue(wave, instr, lambda: self._clear_pending(lds_idx[inside]))

    def _lds_read(self, wave: _Wave, instr: Instr, counters) -> None:
        nbytes = instr.lane_bytes
        idx, inside = self._lds_bytes(wave, instr, self._lane_offsets(instr, counters), nbytes)
        self._lds_access(wave, instr, idx[inside], writes=False)
        data = self.data.lds_load(idx, inside)
        origin_bytes = np.where(inside, self.lds_origin[idx], NO_ORIGIN)
        dst = instr.dst
        if dst is None or dst.count * 4 < nbytes:
            raise ConfigError(f"{instr.opcode} '{instr.tag}': needs a destination of at least {nbytes} bytes")
        self._check_dst(wave, instr)
        origin = _pad_halves(origin_bytes[:, ::2], 2 * dst.count)
        self._issue(wave, instr, lambda: self._land(wave, dst, data, origin), landing=dst)

    def _lds_write(self, wave: _Wave, instr: Instr, counters) -> None:
        data, origin = self._source_bytes(wave, instr)
        idx, inside = self._lds_bytes(wave, instr, self._lane_offsets(instr, counters), instr.lane_bytes)
        self._lds_access(wave, instr, idx[inside], writes=True)
        self._lds_store(idx, inside, data, origin)
        self._mark_pending(idx[inside], wave.index)
        self._issue(wave, instr, lambda: self._clear_pending(idx[inside]))

    def _smem(self, wave: _Wave, instr: Instr, counters) -> None:
        self._issue(wave, instr, lambda: None)  # kernel arguments: counted, no data modelled

    def _waitcnt(self, wave: _Wave, instr: Instr, counters) -> None:
        if instr.vmcnt is not None:
            self._retire(wave, Counter.VM, instr.vmcnt)
        if instr.lgkmcnt is not None:
            self._retire(wave, Counter.LGKM, instr.lgkmcnt)

    # ---- data movement helpers ------------------------------------------------------------------
    def _source_bytes(self, wave: _Wave, instr: Instr) -> tuple[object, np.ndarray]:
        """The bytes (blocks, lanes, lane_bytes) a store or LDS write takes from its source registers,
        as the data path hands them on, and the origin of each byte (lanes, lane_bytes)."""
        if not instr.srcs:
            raise ConfigError(f"{instr.opcode} '{instr.tag}': functional replay needs its source register")
        origin = self._read_regs(wave, instr, instr.srcs)
        origin_bytes = np.repeat(origin, 2, axis=1)
        start = 2 if instr.opcode.endswith("_d16_hi") else 0
        end = start + instr.lane_bytes
        if end > origin_bytes.shape[1]:
            raise ConfigError(f"{instr.opcode} '{instr.tag}': stores {instr.lane_bytes} B per lane from "
                              f"{origin_bytes.shape[1]} B of source registers")
        return self.data.source(wave.index, instr.srcs, start, instr.lane_bytes), origin_bytes[:, start:end]

    def _lds_store(self, idx, inside, data, origin) -> None:
        self.data.lds_store(data, idx, inside)
        self.lds_origin[idx[inside]] = origin[inside]

    def _mark_pending(self, flat_idx: np.ndarray, owner: int) -> None:
        self.lds_pending[flat_idx] = owner

    def _clear_pending(self, flat_idx: np.ndarray) -> None:
        self.lds_pending[flat_idx] = -1

    def _scatter(self, store: _Store, data: np.ndarray) -> None:
        """Write a store's bytes (blocks, lanes, nbytes); bytes outside the buffer are dropped, as buffer
        stores do. Which instruction wrote each byte is worked out later, only if asked (Replay)."""
        buf = self.buffers[store.buffer]
        idx = store.indices()
        inside = (idx >= 0) & (idx < buf.size)
        buf[idx[inside]] = data[inside]
        self.stores.append(store)


def _data_path(engine: str, program: Program, nb: int, lanes: int, sizes: dict[str, int], lds_bytes: int,
               memory: GlobalMemory):
    """The trace where the numba engine can take the program (trace.py says when), else the vector path."""
    if engine == "numba":
        kernels = kernel_builds.select(prefer_numba=True)
        if kernels.name == "numba":
            from gemmsim.functional import trace
            if trace.supports(program, memory):
                return trace.TraceData(nb, lanes, len(program.waves), sizes, lds_bytes, memory)
            return VectorData(nb, lanes, len(program.waves), sizes, lds_bytes, memory, kernels)
    return VectorData(nb, lanes, len(program.waves), sizes, lds_bytes, memory, kernel_builds.NUMPY)


def _all_blocks(program: Program) -> list[tuple[int, ...]]:
    """Every workgroup: (bx, by), or (bx, by, batch entry, split) when the grid has a z dimension."""
    tiles = list(itertools.product(*map(range, program.grid)))
    if program.layers == 1:
        return tiles
    return [(bx, by, entry, split) for entry in range(program.batch) for split in range(program.split_k)
            for bx, by in tiles]


def _lowest_set_bit(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _pad_halves(origin: np.ndarray, halves: int) -> np.ndarray:
    out = np.full((origin.shape[0], halves), NO_ORIGIN, dtype=np.int64)
    out[:, :origin.shape[1]] = origin
    return out


_HANDLERS = {
    Op.MFMA: _Machine._mfma, Op.VALU: _Machine._valu, Op.VMEM_LOAD: _Machine._vmem_load,
    Op.VMEM_STORE: _Machine._vmem_store, Op.LDS_DMA: _Machine._lds_dma, Op.LDS_READ: _Machine._lds_read,
    Op.LDS_WRITE: _Machine._lds_write, Op.SMEM: _Machine._smem, Op.WAITCNT: _Machine._waitcnt,
}


def _index_instructions(program: Program) -> tuple[list[Instr], dict[int, int]]:
    instrs, ids = [], {}
    for items in program.waves:
        for instr, _ in walk(items):
            if id(instr) not in ids:
                ids[id(instr)] = len(instrs)
                instrs.append(instr)
    return instrs, ids


def _register_counts(program: Program) -> dict[str, int]:
    """Registers per lane of each file, enough for every register any instruction names."""
    sizes = {"v": 1}
    for items in program.waves:
        for instr, _ in walk(items):
            for reg in (instr.dst, *instr.srcs):
                if reg is not None:
                    sizes[reg.file] = max(sizes.get(reg.file, 0), reg.index + reg.count)
    return sizes
