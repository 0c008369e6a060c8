"""The replay's data as a trace, run workgroup by workgroup by numba (the engine's fast path).

The executor decides everything that does not depend on the data (the order of the effects, the
hazards, the provenance) once; the data effects it hands over here are recorded as rows of integers
(trace_numba.py names them) instead of being done at once. finish() then runs the whole trace on one
workgroup after another, the grid shared among one thread per CPU: a workgroup's registers and
LDS (a few hundred kB) stay in a core's cache, where doing each instruction on all workgroups at
once (vector.py) streams megabytes per instruction through memory.

Bytes on their way (a load between issue and its wait, a store's source bytes) sit in a per-workgroup
scratch area; each handle below names where. Global stores are written to a staging array and, after
the run, to the buffers in program order, as the vector path does.

supports() admits a program only when the result cannot depend on how its sums are ordered: every
matrix instruction's formats must make each sum of its K products exact in float64 (fp8 E4M3, fp4
and int8 do; bf16, fp16 and bf8 do not, and keep the vector path and np.matmul), and no buffer may be
both loaded and stored (stores land after the run).
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable

import numpy as np

from gemmsim.caches import kept
from gemmsim.errors import ConfigError
from gemmsim.functional import trace_numba as tn
from gemmsim.functional.dtypes import ElementFormat, value_table
from gemmsim.functional.mfma import MfmaShape, accumulator_places, operand_tables, parse_mfma
from gemmsim.functional.vector import DecodedOperands, GlobalMemory, overlap
from gemmsim.ir.program import Op, Program, Reg, walk

FLOAT64_SIGNIFICAND_BITS = 53


@dataclass(frozen=True)
class _Bytes:
    """Bytes in the scratch area: lane l's byte j is at at + l * stride + first + j, for j < nbytes."""

    at: int
    stride: int
    first: int
    nbytes: int
    size: int      # bytes allocated at `at` (freed with the handle)


def supports(program: Program, memory: GlobalMemory) -> bool:
    """Whether the trace computes this program's result bit for bit (see the module docstring); a
    program the replay would reject is left to the vector path, which names the error."""
    loaded, stored = set(), set()
    try:
        for items in program.waves:
            for instr, _ in walk(items):
                if instr.op in (Op.VMEM_LOAD, Op.LDS_DMA):
                    loaded.add(instr.buffer)
                elif instr.op == Op.VMEM_STORE:
                    stored.add(instr.buffer)
                elif instr.op == Op.MFMA and not _mfma_supported(program.arch, instr):
                    return False
    except ConfigError:
        return False
    return not loaded & stored and all(name in memory.buffers for name in loaded | stored)


def _mfma_supported(arch: str, instr) -> bool:
    shape = parse_mfma(instr.opcode)
    if len(instr.srcs) < 3 or len(instr.srcs) % 2 == 0 or instr.dst is None or shape.m % 4 or shape.n % 16:
        return False
    acc, dst = instr.srcs[-1], instr.dst
    if acc.file == dst.file and acc.index != dst.index and overlap(acc, dst):
        return False   # a result written over part of its own accumulator
    runs = accumulator_places(shape).reshape(shape.acc_regs, -1, shape.n)
    if not np.array_equal(runs, runs[..., :1] + np.arange(shape.n)):
        return False   # trace_numba's accumulate takes each n lanes of a register as one row's n columns
    half = (len(instr.srcs) - 1) // 2
    fmt_a = shape.operand_format(arch, 32 * sum(r.count for r in instr.srcs[:half]))
    fmt_b = shape.operand_format(arch, 32 * sum(r.count for r in instr.srcs[half:-1]), operand="b")
    return fmt_a.bits <= 8 and fmt_b.bits <= 8 and exact_sums(fmt_a, fmt_b, shape.k)


@kept(None)
def exact_sums(fmt_a: ElementFormat, fmt_b: ElementFormat, terms: int) -> bool:
    """Whether every sum of `terms` products of an A and a B value is exact in float64 in any order:
    all products are multiples of the two formats' smallest steps, and the largest possible sum, in
    those steps, must fit in the 53-bit significand."""
    def step_and_max(fmt: ElementFormat) -> tuple[float, float]:
        values = np.abs(value_table(fmt))
        values = values[np.isfinite(values) & (values > 0)]
        step = float(values.min())
        if not np.all(np.mod(values, step) == 0):
            return 1.0, np.inf       # no common step: treat as inexact
        return step, float(values.max())

    (step_a, max_a), (step_b, max_b) = step_and_max(fmt_a), step_and_max(fmt_b)
    return terms * (max_a / step_a) * (max_b / step_b) <= 2.0 ** FLOAT64_SIGNIFICAND_BITS


class _Scratch:
    """Allocation of the per-workgroup scratch area: freed pieces are reused by size."""

    def __init__(self):
        self.size = 0
        self.free: dict[int, list[int]] = {}

    def take(self, size: int) -> int:
        if self.free.get(size):
            return self.free[size].pop()
        self.size += size
        return self.size - size

    def give(self, at: int, size: int) -> None:
        self.free.setdefault(size, []).append(at)


class _Arrays:
    """Distinct arrays (lane offsets, LDS indices, tables) numbered in order of first use."""

    def __init__(self):
        self.items: list[np.ndarray] = []
        self.index: dict[tuple, int] = {}

    def id(self, array: np.ndarray) -> int:
        key = (array.shape, array.dtype.str, array.tobytes())
        if key not in self.index:
            self.index[key] = len(self.items)
            self.items.append(array)
        return self.index[key]

    def stacked(self, shape: tuple[int, ...], dtype, fill) -> np.ndarray:
        """All items padded to one shape (each item's own shape at the top-left), stacked."""
        out = np.full((max(1, len(self.items)),) + shape, fill, dtype=dtype)
        for i, item in enumerate(self.items):
            out[(i,) + tuple(slice(0, d) for d in item.shape)] = item
        return out


class TraceData:
    """The data path that records (see vector.py for what each effect is) and runs at finish()."""

    name = "numba-trace"

    def __init__(self, nb: int, lanes: int, waves: int, sizes: dict[str, int], lds_bytes: int, memory: GlobalMemory):
        self.nb, self.lanes, self.lds_bytes, self.memory = nb, lanes, lds_bytes, memory
        self.rows: dict[tuple[int, str], int] = {}   # (wave, file) -> its first row in a workgroup's registers
        self.n_regs = 0
        for wave in range(waves):
            for file, count in sizes.items():
                self.rows[(wave, file)] = self.n_regs
                self.n_regs += count
        self.ops: list[tuple[int, ...]] = []
        self.scratch = _Scratch()
        self.stage_bytes = 0
        self.deliveries: list[tuple[int, int, Callable[[np.ndarray], None]]] = []
        self.buffer_ids = {name: i for i, name in enumerate(memory.buffers)}
        self.offsets, self.lds_indices, self.tables, self.values = _Arrays(), _Arrays(), _Arrays(), _Arrays()
        self.table_info: list[tuple[int, int, int]] = []
        self.shapes: list[tuple[int, ...]] = []
        self.places = _Arrays()
        self.slots = _Scratch()      # decoded operands: one slot per live (registers, role, format)
        self.slot_elems = 0
        self.decoded = [DecodedOperands() for _ in range(waves)]

    def _row(self, wave: int, reg: Reg) -> int:
        return self.rows[(wave, reg.file)] + reg.index

    # ---- the data path ---------------------------------------------------------------------------
    def load(self, buffer: str, lane_offsets: np.ndarray, nbytes: int) -> _Bytes:
        size = self.lanes * nbytes
        at = self.scratch.take(size)
        self.ops.append((tn.LOAD, at, self.buffer_ids[buffer], self.offsets.id(lane_offsets), nbytes))
        return _Bytes(at, nbytes, 0, nbytes, size)

    def lds_load(self, idx: np.ndarray, inside: np.ndarray) -> _Bytes:
        nbytes = idx.shape[1]
        size = self.lanes * nbytes
        at = self.scratch.take(size)
        self.ops.append((tn.LDS_LOAD, at, self.lds_indices.id(np.where(inside, idx, -1)), nbytes))
        return _Bytes(at, nbytes, 0, nbytes, size)

    def land(self, wave: int, reg: Reg, data: _Bytes) -> None:
        self.ops.append((tn.LAND, data.at, data.stride, data.first, data.nbytes, self._row(wave, reg), reg.count))
        self.scratch.give(data.at, data.size)
        self._written(wave, reg)

    def source(self, wave: int, regs: tuple[Reg, ...], start: int, nbytes: int) -> _Bytes:
        words = self._source_words(wave, regs)
        return _Bytes(words.at, words.stride, start, nbytes, words.size)

    def lds_store(self, data: _Bytes, idx: np.ndarray, inside: np.ndarray) -> None:
        self.ops.append((tn.LDS_STORE, data.at, data.stride, data.first, data.nbytes,
                         self.lds_indices.id(np.where(inside, idx, -1))))
        self.scratch.give(data.at, data.size)

    def deliver(self, data: _Bytes, store: Callable[[np.ndarray], None]) -> None:
        at = self.stage_bytes
        self.stage_bytes += self.lanes * data.nbytes
        self.ops.append((tn.CAPTURE, data.at, data.stride, data.first, data.nbytes, at))
        self.scratch.give(data.at, data.size)
        self.deliveries.append((at, data.nbytes, store))

    def convert(self, wave: int, opcode: str, srcs: tuple[Reg, ...], dst: Reg) -> None:
        words = self._source_words(wave, srcs)
        code = tn.CVT_BF16 if opcode == "v_cvt_pk_bf16_f32" else tn.CVT_I32
        self.ops.append((code, words.at, words.stride // 4, self._row(wave, dst)))
        self.scratch.give(words.at, words.size)
        self._written(wave, dst)

    def mfma(self, wave: int, shape: MfmaShape, a_regs: tuple[Reg, ...], b_regs: tuple[Reg, ...], acc: Reg, dst: Reg,
             fmt_a: ElementFormat, fmt_b: ElementFormat) -> None:
        table_a, table_b = operand_tables(shape, fmt_a.bits, fmt_b.bits)
        a = self._operand(wave, a_regs, table_a, fmt_a, "a")
        b = self._operand(wave, b_regs, table_b, fmt_b, "b")
        self.ops.append((tn.MFMA, a, b, self._row(wave, acc), self._row(wave, dst), self._shape(shape)))
        self._written(wave, dst)

    def _operand(self, wave: int, regs: tuple[Reg, ...], table, fmt: ElementFormat, role: str) -> int:
        """The slot holding this operand decoded; DECODEs first unless its registers are unchanged."""
        key = (regs, role, fmt.name, table.dest.shape)
        slot = self.decoded[wave].get(key)
        if slot is None:
            elems = table.dest.size
            self.slot_elems = max(self.slot_elems, elems)
            slot = self.slots.take(1)
            tab = self.tables.id(table.dest)
            if tab == len(self.table_info):
                self.table_info.append((table.dest.shape[0], table.dest.shape[2], table.mask, table.shifts))
            vals = self.values.id(value_table(fmt))
            first = 0
            for reg in regs:
                self.ops.append((tn.DECODE, self._row(wave, reg), tab, vals, slot, first, reg.count))
                first += reg.count
            self.decoded[wave].put(key, regs, slot)
        return slot

    def _shape(self, shape: MfmaShape) -> int:
        row = (shape.m, shape.k, shape.n, shape.acc_regs, int(shape.int_accumulator))
        place = self.places.id(accumulator_places(shape))
        if row + (place,) not in self.shapes:
            self.shapes.append(row + (place,))
        return self.shapes.index(row + (place,))

    def _source_words(self, wave: int, regs: tuple[Reg, ...]) -> _Bytes:
        """The source registers' bytes, lane by lane, copied into the scratch area."""
        total = sum(r.count for r in regs)
        size = self.lanes * 4 * total
        at = self.scratch.take(size)
        pos = 0
        for reg in regs:
            self.ops.append((tn.SOURCE, at, 4 * total, pos, self._row(wave, reg), reg.count))
            pos += 4 * reg.count
        return _Bytes(at, 4 * total, 0, 4 * total, size)

    def _written(self, wave: int, reg: Reg) -> None:
        for slot in self.decoded[wave].forget(reg):
            self.slots.give(slot, 1)

    # ---- the run ------------------------------------------------------------------------------
    def finish(self) -> None:
        stage = np.zeros((self.nb, max(1, self.stage_bytes)), dtype=np.uint8)
        args = self._arguments(stage)
        with tn.slp_vectorizer():
            tn.run_blocks(args[0], 0, 0, *args[1:])   # compiles, or loads the compiled code, once
        threads, chunks = _chunks(self.nb)
        if threads == 1:
            tn.run_blocks(args[0], 0, self.nb, *args[1:])
        else:
            with ThreadPoolExecutor(threads, thread_name_prefix="gemmsim-trace") as pool:
                for done in [pool.submit(tn.run_blocks, args[0], lo, hi, *args[1:]) for lo, hi in chunks]:
                    done.result()
        for at, nbytes, store in self.deliveries:
            store(stage[:, at:at + self.lanes * nbytes].reshape(self.nb, self.lanes, nbytes))

    def _arguments(self, stage: np.ndarray) -> tuple:
        """run_blocks' arguments after (ops, lo, hi), in its order: sizes, memory, then the tables."""
        sizes = (self.lanes, max(1, self.n_regs), max(1, self.lds_bytes), max(1, self.scratch.size))
        return (self._ops(),) + sizes + self._memory() + self._tables() + (stage,)

    def _ops(self) -> np.ndarray:
        ops = np.zeros((len(self.ops), 7), dtype=np.int64)
        for t, row in enumerate(self.ops):
            ops[t, :len(row)] = row
        return ops

    def _memory(self) -> tuple[np.ndarray, ...]:
        """Every buffer in one byte array, where each starts, its size, and per buffer and workgroup
        its base and the window [lo, hi) the workgroup may read."""
        names = list(self.buffer_ids) or [None]
        views = [self.memory.view(n) if n else (np.zeros(1, np.uint8),) + (np.zeros(self.nb, np.int64),) * 3
                 for n in names]
        sizes = np.array([v[0].size for v in views], dtype=np.int64)
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
        per_block = [np.stack([v[i] for v in views]).astype(np.int64) for i in (1, 2, 3)]
        return (np.concatenate([v[0] for v in views]), starts, sizes, *per_block)

    def _tables(self) -> tuple:
        """Lane offsets, LDS byte indices, operand tables, value tables, MFMA shapes and their
        accumulator places, each stacked and padded to one array, and the decoded slots' size."""
        widest = max([a.shape[1] for a in self.lds_indices.items] or [1])
        per_word = max([info[1] for info in self.table_info] or [1])
        table_regs = max([info[0] for info in self.table_info] or [1])
        shifts = np.zeros((max(1, len(self.table_info)), per_word), dtype=np.int64)
        info = np.zeros((max(1, len(self.table_info)), 3), dtype=np.int64)
        for i, (count, per, mask, table_shifts) in enumerate(self.table_info):
            info[i] = (count, per, mask)
            shifts[i, :per] = table_shifts
        # (a program without matrix instructions gets one placeholder shape, never used)
        shapes = np.array([s[:5] for s in self.shapes] or [(4, 1, 8, 1, 0)], dtype=np.int64)
        places = self.places.stacked((max([p.shape[0] for p in self.places.items] or [1]), self.lanes), np.int64, 0)
        return (self.offsets.stacked((self.lanes,), np.int64, 0),
                self.lds_indices.stacked((self.lanes, widest), np.int64, -1),
                self.tables.stacked((table_regs, self.lanes, per_word), np.int64, 0), shifts, info,
                self.values.stacked((max([v.size for v in self.values.items] or [1]),), np.float64, 0.0), shapes,
                places[[s[5] for s in self.shapes] or [0]],
                max(1, self.slots.size), max(1, self.slot_elems))


# Chunks of workgroups per thread: enough that a thread the system holds back leaves no long tail.
CHUNKS_PER_THREAD = 8


def _chunks(blocks: int) -> tuple[int, list[tuple[int, int]]]:
    """One thread per CPU this process may use, and the workgroups in chunks the threads take in turn."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    threads = max(1, min(cpus, blocks))
    parts = min(blocks, threads * CHUNKS_PER_THREAD)
    edges = [blocks * i // parts for i in range(parts + 1)]
    return threads, [(edges[i], edges[i + 1]) for i in range(parts)]
