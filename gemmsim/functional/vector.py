"""The replay's data, all workgroups at once: each instruction acts on every workgroup before the
next one starts.

A register file is (registers, workgroups, lanes) uint32, so one register of every workgroup is a
contiguous row; the LDS is (workgroups, bytes). The loops over bytes are those of kernels.py, in
numpy or in their numba build. A matrix instruction decodes its A and B registers into float64
matrices once per register value (the same A registers meet every B of a row of tiles) and
multiplies them with np.matmul, so the order of each sum is numpy's whichever build moves the bytes.

The executor calls these methods at the moment each effect takes place (a load reads memory when it
is issued and writes its registers when a wait retires it); the values handed between them (`data`)
are (workgroups, lanes, bytes) arrays.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Callable

import numpy as np

from gemmsim.functional.dtypes import ElementFormat, to_bf16_bits, value_table
from gemmsim.functional.mfma import MfmaShape, accumulator_places, operand_tables
from gemmsim.ir.program import Reg


class VectorData:
    """The data path that does each effect at once on every workgroup (see the module docstring)."""

    def __init__(self, nb: int, lanes: int, waves: int, sizes: dict[str, int], lds_bytes: int,
                 memory: "GlobalMemory", kernels: SimpleNamespace):
        self.name = kernels.name
        self.nb, self.lanes, self.memory, self.kernels = nb, lanes, memory, kernels
        self.regs = [{f: np.zeros((n, nb, lanes), dtype=np.uint32) for f, n in sizes.items()} for _ in range(waves)]
        self.lds = np.zeros((nb, lds_bytes), dtype=np.uint8)
        self.decoded = [DecodedOperands() for _ in range(waves)]
        self.scratch: dict[tuple[int, ...], np.ndarray] = {}

    # ---- memory -> in flight -> registers ----------------------------------------------------
    def load(self, buffer: str, lane_offsets: np.ndarray, nbytes: int) -> np.ndarray:
        """The bytes (blocks, lanes, nbytes) a global load reads: 0 outside the buffer or its z slice."""
        buf, base, lo, hi = self.memory.view(buffer)
        out = np.empty((self.nb, self.lanes, nbytes), dtype=np.uint8)
        self.kernels.gather_bytes(buf, base, lane_offsets, lo, hi, out)
        return out

    def lds_load(self, idx: np.ndarray, inside: np.ndarray) -> np.ndarray:
        out = np.empty((self.nb,) + idx.shape, dtype=np.uint8)
        self.kernels.lds_gather(self.lds, idx, inside, out)
        return out

    def land(self, wave: int, reg: Reg, data: np.ndarray) -> None:
        """Loaded bytes into registers, zero past the bytes loaded."""
        words = np.empty((reg.count, self.nb, self.lanes), dtype=np.uint32)
        self.kernels.words_from_bytes(data, words)
        self._write(wave, reg, words)

    # ---- registers -> memory ----------------------------------------------------------------------
    def source(self, wave: int, regs: tuple[Reg, ...], start: int, nbytes: int) -> np.ndarray:
        """Bytes start.. start + nbytes of each lane's source registers (taken together, in order)."""
        words = self._words(wave, regs)
        out = np.empty((self.nb, self.lanes, nbytes), dtype=np.uint8)
        self.kernels.bytes_from_words(words, start, out)
        return out

    def lds_store(self, data: np.ndarray, idx: np.ndarray, inside: np.ndarray) -> None:
        self.kernels.lds_scatter(self.lds, idx, inside, data)

    def deliver(self, data: np.ndarray, store: Callable[[np.ndarray], None]) -> None:
        """A global store's bytes reach memory now."""
        store(data)

    # ---- arithmetic ---------------------------------------------------------------------------
    def convert(self, wave: int, opcode: str, srcs: tuple[Reg, ...], dst: Reg) -> None:
        words = self._words(wave, srcs)
        if opcode == "v_cvt_pk_bf16_f32":   # bf16 of the first source in the low half, of the second in the high
            bits = to_bf16_bits(words.view(np.float32)).astype(np.uint32)
            result = bits[0::2] | (bits[1::2] << 16)
        else:                                # v_cvt_f32_i32
            result = words.view(np.int32).astype(np.float32).view(np.uint32)
        self._write(wave, dst, result)

    def mfma(self, wave: int, shape: MfmaShape, a_regs: tuple[Reg, ...], b_regs: tuple[Reg, ...], acc: Reg, dst: Reg,
             fmt_a: ElementFormat, fmt_b: ElementFormat) -> None:
        table_a, table_b = operand_tables(shape, fmt_a.bits, fmt_b.bits)
        a = self._operand(wave, a_regs, table_a, fmt_a, "a").reshape(self.nb, shape.m, shape.k)
        b = self._operand(wave, b_regs, table_b, fmt_b, "b").reshape(self.nb, shape.k, shape.n)
        acc_words = self._words(wave, (acc,))
        same_or_apart = dst.file != acc.file or dst.index == acc.index or not overlap(dst, acc)
        out = self.regs[wave][dst.file][dst.index:dst.index + dst.count] if same_or_apart else np.empty_like(acc_words)
        kind = np.int32 if shape.int_accumulator else np.float32
        accumulate = self.kernels.accumulate_i32 if shape.int_accumulator else self.kernels.accumulate_f32
        if (self.nb, shape.m, shape.n) not in self.scratch:
            self.scratch[(self.nb, shape.m, shape.n)] = np.empty((self.nb, shape.m, shape.n))
        products = self.scratch[(self.nb, shape.m, shape.n)]
        np.matmul(a, b, out=products)
        accumulate(acc_words.view(kind), products.reshape(self.nb, -1), accumulator_places(shape), out.view(kind))
        self._write(wave, dst, None if same_or_apart else out)

    def _operand(self, wave: int, regs: tuple[Reg, ...], table, fmt: ElementFormat, role: str) -> np.ndarray:
        """A or B, (blocks, m * k) or (blocks, k * n) float64, decoded once per value of its registers."""
        key = (regs, role, fmt.name, table.dest.shape)
        out = self.decoded[wave].get(key)
        if out is None:
            out = np.empty((self.nb, table.dest.size))
            self.kernels.decode_operand(self._words(wave, regs), table, value_table(fmt), out)
            self.decoded[wave].put(key, regs, out)
        return out

    # ---- register file ----------------------------------------------------------------------------
    def _words(self, wave: int, regs: tuple[Reg, ...]) -> np.ndarray:
        """Words (total, blocks, lanes); a view of the register file for one run of registers."""
        words = [self.regs[wave][r.file][r.index:r.index + r.count] for r in regs]
        return words[0] if len(words) == 1 else np.concatenate(words, axis=0)

    def _write(self, wave: int, reg: Reg, words: np.ndarray | None) -> None:
        """Words (count, blocks, lanes) into the registers (None: written there in place already)."""
        if words is not None:
            self.regs[wave][reg.file][reg.index:reg.index + reg.count] = words
        self.decoded[wave].forget(reg)

    def finish(self) -> None:
        pass


class DecodedOperands:
    """A wave's matrix operands decoded from registers that still hold the same bits: writing any of an
    operand's registers forgets it."""

    def __init__(self):
        self.entries: dict[tuple, object] = {}
        self.readers: dict[tuple[str, int], set[tuple]] = {}   # register -> keys of operands read from it

    def get(self, key: tuple):
        return self.entries.get(key)

    def put(self, key: tuple, regs: tuple[Reg, ...], value) -> None:
        self.entries[key] = value
        for reg in regs:
            for index in range(reg.index, reg.index + reg.count):
                self.readers.setdefault((reg.file, index), set()).add(key)

    def forget(self, reg: Reg) -> list:
        """Drop the operands read from any register of reg; returns their values."""
        gone = []
        for index in range(reg.index, reg.index + reg.count):
            for key in self.readers.pop((reg.file, index), ()):
                if key in self.entries:
                    gone.append(self.entries.pop(key))
        return gone


class GlobalMemory:
    """The global buffers of one replay and where each workgroup sees them: its base offset and the
    window [lo, hi) its descriptor allows (the whole buffer unless a z slice narrows it)."""

    def __init__(self, buffers: dict[str, np.ndarray], bases: dict[str, np.ndarray], windows: dict[str, np.ndarray],
                 nb: int):
        self.buffers, self.nb = buffers, nb
        zero = np.zeros(nb, dtype=np.int64)
        self.bases = {name: bases.get(name, zero) for name in buffers}
        self.windows = {name: (windows[name][:, 0], windows[name][:, 1]) if name in windows
                        else (zero, np.full(nb, buf.size, dtype=np.int64)) for name, buf in buffers.items()}

    def view(self, name: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(bytes, base per block, window lo per block, window hi per block)."""
        return (self.buffers[name], self.bases[name]) + self.windows[name]


def overlap(a: Reg, b: Reg) -> bool:
    return a.file == b.file and a.index < b.index + b.count and b.index < a.index + a.count
