"""The loops of the functional replay that touch every byte of every workgroup, in two builds.

The replay (executor.py) keeps the state of all workgroups side by side: each register file is
(registers, workgroups, lanes) uint32, so one register of every workgroup is one contiguous row; the
LDS is (workgroups, bytes); global buffers are flat bytes. The functions here move bytes between
those arrays and decode matrix operands. Each is written twice: in numpy, below (the reference,
always available), and as a compiled loop in kernels_numba.py, used when numba is installed (the
`fast` extra) unless GEMMSIM_NO_NUMBA is set. The two builds produce the same bits; the matrix
product itself is np.matmul in both, so the one rounding that depends on a summation order is
done by the same code on the same operands.

Every function writes into an `out` array the caller provides.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from types import SimpleNamespace

import numpy as np

NO_NUMBA_ENV = "GEMMSIM_NO_NUMBA"


@dataclass(frozen=True)
class OperandTable:
    """Where the elements of a matrix operand (rows x cols, row-major) come from: element e of
    register r (counted from the operand's first register) of a lane is bits [shifts[e], +bits) of
    that register, and lands at position dest[r, lane, e] of the operand."""

    dest: np.ndarray     # (registers, lanes, elements per register) int64
    shifts: np.ndarray   # (elements per register,) int64
    mask: int            # (1 << bits) - 1


# ---- numpy builds -------------------------------------------------------------------------------
def decode_operand(words: np.ndarray, table: OperandTable, values: np.ndarray, out: np.ndarray) -> None:
    """out[b, dest[r, lane, e]] = values[element e of register r of the lane]; words (registers,
    blocks, lanes) uint32, values the value of every bit pattern (float64), out (blocks, rows * cols)
    float64."""
    patterns = (words[..., None] >> table.shifts.astype(np.uint32)) & np.uint32(table.mask)
    out[:, table.dest.ravel()] = values[np.moveaxis(patterns, 1, 0).reshape(len(out), -1)]


def accumulate_f32(acc: np.ndarray, prod: np.ndarray, place: np.ndarray, out: np.ndarray) -> None:
    """out[r, b, lane] = f32(acc[r, b, lane] + prod[b, place[r, lane]]): the accumulator registers
    (regs, blocks, lanes) float32 (out may be acc) plus the product (blocks, m * n) float64 at the
    position each register of each lane holds."""
    total = acc.astype(np.float64) + np.moveaxis(prod[:, place], 0, 1)
    out[...] = total.astype(np.float32)


def accumulate_i32(acc: np.ndarray, prod: np.ndarray, place: np.ndarray, out: np.ndarray) -> None:
    """As accumulate_f32 for int32 accumulators: the exact integer sum wraps like int32."""
    total = acc.astype(np.int64) + np.moveaxis(prod[:, place], 0, 1).astype(np.int64)
    out[...] = total.astype(np.int32)


def gather_bytes(buf: np.ndarray, base: np.ndarray, lane_offsets: np.ndarray, lo: np.ndarray, hi: np.ndarray,
                 out: np.ndarray) -> None:
    """out[b, lane, j] = buf[base[b] + lane_offsets[lane] + j], or 0 where that index is outside the
    buffer or outside [lo[b], hi[b]) (a load beyond its descriptor reads 0)."""
    idx = (base[:, None] + lane_offsets[None, :])[..., None] + np.arange(out.shape[2])
    inside = (idx >= lo[:, None, None]) & (idx < hi[:, None, None]) & (idx >= 0) & (idx < buf.size)
    if inside.all():
        out[...] = buf[idx]
    else:
        out[...] = np.where(inside, buf[np.clip(idx, 0, max(0, buf.size - 1))], 0)


def lds_gather(lds: np.ndarray, idx: np.ndarray, inside: np.ndarray, out: np.ndarray) -> None:
    """out[b, lane, j] = lds[b, idx[lane, j]] where inside, else 0."""
    out[...] = np.where(inside[None], lds[:, idx], 0)


def lds_scatter(lds: np.ndarray, idx: np.ndarray, inside: np.ndarray, data: np.ndarray) -> None:
    """lds[b, idx[lane, j]] = data[b, lane, j] where inside (the later lane wins where two name one byte)."""
    lds[:, idx[inside]] = data[:, inside]


def words_from_bytes(data: np.ndarray, out: np.ndarray) -> None:
    """(blocks, lanes, nbytes) bytes -> out (count, blocks, lanes) uint32, zero past nbytes."""
    count = out.shape[0]
    padded = np.zeros(data.shape[:2] + (4 * count,), dtype=np.uint8)
    padded[:, :, :data.shape[2]] = data
    out[...] = np.moveaxis(padded.view(np.uint32), 2, 0)


def bytes_from_words(words: np.ndarray, start: int, out: np.ndarray) -> None:
    """out[b, lane, j] = byte start + j of the lane's registers (little-endian); words (count, blocks, lanes)."""
    raw = np.ascontiguousarray(np.moveaxis(words, 0, 2)).view(np.uint8)
    out[...] = raw[:, :, start:start + out.shape[2]]


NUMPY = SimpleNamespace(
    name="numpy", decode_operand=decode_operand, accumulate_f32=accumulate_f32, accumulate_i32=accumulate_i32,
    gather_bytes=gather_bytes, lds_gather=lds_gather, lds_scatter=lds_scatter, words_from_bytes=words_from_bytes,
    bytes_from_words=bytes_from_words,
)


def select(prefer_numba: bool | None = None) -> SimpleNamespace:
    """The numba build when numba imports and GEMMSIM_NO_NUMBA is unset (or prefer_numba is True),
    else the numpy one. prefer_numba False forces numpy."""
    if prefer_numba is None:
        prefer_numba = not os.environ.get(NO_NUMBA_ENV)
    if not prefer_numba:
        return NUMPY
    try:
        from gemmsim.functional import kernels_numba
    except ImportError:
        return NUMPY
    return kernels_numba.KERNELS
