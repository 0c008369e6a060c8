"""Matrix-core instructions: which lane holds which element, and what the instruction computes.

An MFMA is a wave-wide instruction: the 64 lanes together hold an m x k slice of A, a k x n slice
of B and the m x n accumulator, each lane a few elements in its registers. For the square 16x16
and 32x32 forms the lanes split into G = 64/m groups; lane l = g*m + i holds row i of A (column i
of B) for the g-th run of k/G consecutive K indices, in register order. The accumulator lane
l = g*n + j holds column j and, in each run of 4 registers, 4 consecutive rows:
    16x16: lane l, register r -> C[(l // 16) * 4 + r, l % 16]
    32x32: lane l, register r -> C[(r // 4) * 8 + (l // 32) * 4 + r % 4, l % 32]
This is the layout of AMD's matrix instruction calculator for the CDNA3 dense MFMAs; for gfx950's
16x16x128 f8f6f4 form the same rule (32 consecutive K per lane) is assumed. A kernel only has to
feed A and B in the same K order for the product to be right, so the functional executor reads
both operands through this one table.

The executor multiplies in float64 (the products of 16-, 8- and 4-bit inputs are exact) and
rounds once per instruction into the f32 accumulator; integer MFMAs accumulate in wrapping int32.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from gemmsim.caches import kept
from gemmsim.errors import ConfigError
from gemmsim.functional.dtypes import MODELLED_DTYPES, ElementFormat, input_format
from gemmsim.functional.kernels import NUMPY, OperandTable
from gemmsim.hw.matrix_opcode import MFMA_LANES, parse_matrix_opcode


@dataclass(frozen=True)
class MfmaShape:
    """A square-tile matrix instruction parsed from its opcode."""

    opcode: str
    m: int
    n: int
    k: int
    operands: str          # A's dtype: bf16, fp16, fp8, bf8, int8, or f8f6f4 (format chosen by the operand width)
    int_accumulator: bool
    operands_b: str = ""   # B's dtype where it differs from A's (fp8_bf8); "" = the same as A's

    @property
    def groups(self) -> int:
        return MFMA_LANES // self.m

    @property
    def k_per_lane(self) -> int:
        return self.k // self.groups

    @property
    def acc_regs(self) -> int:
        return self.m * self.n // MFMA_LANES

    @cached_property
    def layout(self) -> "MfmaLayout":
        return MfmaLayout.of(self)

    def operand_format(self, arch: str, bits_per_lane: int, operand: str = "a") -> ElementFormat:
        """The element format of the A (or B) operand, checked against the bits each lane supplies."""
        dtype = self.operands_b if operand == "b" and self.operands_b else self.operands
        if dtype == "f8f6f4":
            elem_bits = bits_per_lane // self.k_per_lane
            names = {8: "fp8", 4: "fp4"}
            if elem_bits not in names or elem_bits * self.k_per_lane != bits_per_lane:
                raise ConfigError(f"{self.opcode}: {bits_per_lane} operand bits per lane for {self.k_per_lane} "
                                  f"K elements is not fp8 (8 bits) or fp4 (4 bits)")
            return input_format(names[elem_bits], arch)
        fmt = input_format(dtype, arch)
        if fmt.bits * self.k_per_lane != bits_per_lane:
            raise ConfigError(f"{self.opcode}: each lane must supply {self.k_per_lane} x {fmt.bits} bits per operand, "
                              f"the instruction's sources give {bits_per_lane}")
        return fmt


@kept(None)
def parse_mfma(opcode: str) -> MfmaShape:
    """The shape and operand kind of a matrix opcode; a one-line error for forms we do not model."""
    parsed = parse_matrix_opcode(opcode)
    if parsed is None or parsed.sparse or parsed.blocks != 1 or parsed.accumulator == "fp64" or not (
            parsed.operand_formats or {parsed.dtype_a, parsed.dtype_b} <= set(MODELLED_DTYPES)):
        raise ConfigError(f"matrix instruction {opcode!r} has no functional model: expected a dense one-block "
                          f"v_mfma[_scale]_{{f32|i32}}_MxNxK_<A>[_<B>] of {', '.join(MODELLED_DTYPES)}, or f8f6f4")
    m, n, k = parsed.m, parsed.n, parsed.k
    if m != n or m not in (16, 32):
        raise ConfigError(f"{opcode}: only the 16x16 and 32x32 tiles are modelled, not {m}x{n}")
    a = "f8f6f4" if parsed.operand_formats else parsed.dtype_a
    b = "" if parsed.operand_formats or parsed.dtype_b == parsed.dtype_a else parsed.dtype_b
    return MfmaShape(opcode, m, n, k, a, parsed.accumulator == "int32", b)


@dataclass(frozen=True)
class MfmaLayout:
    """Index tables: for every matrix element, the lane and the slot (element or register) holding it."""

    a_lane: np.ndarray   # (m, k)
    a_slot: np.ndarray   # (m, k): element index inside the lane's operand
    b_lane: np.ndarray   # (k, n)
    b_slot: np.ndarray   # (k, n)
    c_lane: np.ndarray   # (m, n)
    c_reg: np.ndarray    # (m, n): accumulator register index

    @staticmethod
    def of(shape: MfmaShape) -> "MfmaLayout":
        m, n, k, kpl, groups = shape.m, shape.n, shape.k, shape.k_per_lane, shape.groups
        rows, ks = np.meshgrid(np.arange(m), np.arange(k), indexing="ij")
        kk, cols = np.meshgrid(np.arange(k), np.arange(n), indexing="ij")
        c_rows, c_cols = np.meshgrid(np.arange(m), np.arange(n), indexing="ij")
        return MfmaLayout(
            a_lane=(ks // kpl) * m + rows, a_slot=ks % kpl,
            b_lane=(kk // kpl) * n + cols, b_slot=kk % kpl,
            c_lane=((c_rows // 4) % groups) * n + c_cols,
            c_reg=(c_rows // (4 * groups)) * 4 + c_rows % 4,
        )


@kept(None)
def operand_tables(shape: MfmaShape, bits_a: int, bits_b: int) -> tuple[OperandTable, OperandTable]:
    """Where each element of A (m x k) and of B (k x n) comes from in the operand registers, for the
    element widths of the two operands (element e of a lane is bits e*bits.. of its registers)."""
    lay = shape.layout

    def table(lanes: np.ndarray, slots: np.ndarray, bits: int) -> OperandTable:
        per_word = 32 // bits
        dest = np.empty((slots.max() // per_word + 1, MFMA_LANES, per_word), dtype=np.int64)
        dest[slots // per_word, lanes, slots % per_word] = np.arange(lanes.size).reshape(lanes.shape)
        return OperandTable(dest, np.arange(per_word, dtype=np.int64) * bits, (1 << bits) - 1)

    return table(lay.a_lane, lay.a_slot, bits_a), table(lay.b_lane, lay.b_slot, bits_b)


@kept(None)
def accumulator_places(shape: MfmaShape) -> np.ndarray:
    """(acc_regs, 64) int64: the position in the row-major m x n result of each register of each lane."""
    lay = shape.layout
    place = np.empty((shape.acc_regs, MFMA_LANES), dtype=np.int64)
    place[lay.c_reg, lay.c_lane] = np.arange(shape.m * shape.n).reshape(shape.m, shape.n)
    return place


def execute(shape: MfmaShape, a_vals: np.ndarray, b_vals: np.ndarray, acc_words: np.ndarray) -> np.ndarray:
    """D = A x B + C for a batch of waves.

    a_vals, b_vals: (batch, 64, k_per_lane) decoded operand elements of every lane;
    acc_words: (batch, 64, acc_regs) uint32 accumulator registers. Returns the new accumulator words.
    The replay (executor.py) does the same with operands decoded straight from its registers.
    """
    lay = shape.layout
    a = a_vals[:, lay.a_lane, lay.a_slot].astype(np.float64)    # (batch, m, k); integers are exact in float64
    b = b_vals[:, lay.b_lane, lay.b_slot].astype(np.float64)    # (batch, k, n)
    out = acc_words.copy()
    acc, dst = np.moveaxis(acc_words, 2, 0), np.moveaxis(out, 2, 0)   # (acc_regs, batch, lanes) views
    kind, accumulate = (np.int32, NUMPY.accumulate_i32) if shape.int_accumulator else (np.float32, NUMPY.accumulate_f32)
    products = np.matmul(a, b).reshape(len(a), -1)
    accumulate(acc.view(kind), products, accumulator_places(shape), dst.view(kind))
    return out
