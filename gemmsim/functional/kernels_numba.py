"""Compiled builds of the vector path's loops (see kernels.py for what each computes); imported only
when numba is installed. Plain loops over the same arrays, without numpy's temporaries: integer
arithmetic and table look-ups only, except the one f32 rounding of accumulate_f32, which is the same
IEEE operation numpy performs (a float64 sum rounded to float32)."""

from __future__ import annotations

from types import SimpleNamespace

import numba
import numpy as np

_jit = numba.njit(cache=True, nogil=True)


@_jit
def _decode_operand(words, dest, shifts, mask, values, out):
    count, lanes, per_word = dest.shape
    for b in range(words.shape[1]):
        for r in range(count):
            for lane in range(lanes):
                word = words[r, b, lane]
                for e in range(per_word):
                    out[b, dest[r, lane, e]] = values[(word >> shifts[e]) & mask]


def decode_operand(words, table, values, out) -> None:
    _decode_operand(words, table.dest, table.shifts, table.mask, values, out)


@_jit
def accumulate_f32(acc, prod, place, out):
    regs, lanes = place.shape
    for r in range(regs):
        for b in range(prod.shape[0]):
            for lane in range(lanes):
                out[r, b, lane] = np.float32(np.float64(acc[r, b, lane]) + prod[b, place[r, lane]])


@_jit
def accumulate_i32(acc, prod, place, out):
    regs, lanes = place.shape
    for r in range(regs):
        for b in range(prod.shape[0]):
            for lane in range(lanes):
                out[r, b, lane] = np.int32(np.int64(acc[r, b, lane]) + np.int64(prod[b, place[r, lane]]))


@_jit
def gather_bytes(buf, base, lane_offsets, lo, hi, out):
    blocks, lanes, nbytes = out.shape
    size = buf.shape[0]
    for b in range(blocks):
        for lane in range(lanes):
            start = base[b] + lane_offsets[lane]
            for j in range(nbytes):
                i = start + j
                inside = i >= lo[b] and i < hi[b] and i >= 0 and i < size
                out[b, lane, j] = buf[i] if inside else 0


@_jit
def lds_gather(lds, idx, inside, out):
    blocks, lanes, nbytes = out.shape
    for b in range(blocks):
        for lane in range(lanes):
            for j in range(nbytes):
                out[b, lane, j] = lds[b, idx[lane, j]] if inside[lane, j] else 0


@_jit
def lds_scatter(lds, idx, inside, data):
    blocks, lanes, nbytes = data.shape
    for b in range(blocks):
        for lane in range(lanes):
            for j in range(nbytes):
                if inside[lane, j]:
                    lds[b, idx[lane, j]] = data[b, lane, j]


@_jit
def words_from_bytes(data, out):
    count = out.shape[0]
    blocks, lanes, nbytes = data.shape
    for b in range(blocks):
        for lane in range(lanes):
            for r in range(count):
                word = np.uint32(0)
                for j in range(4):
                    if 4 * r + j < nbytes:
                        word |= np.uint32(data[b, lane, 4 * r + j]) << np.uint32(8 * j)
                out[r, b, lane] = word


@_jit
def bytes_from_words(words, start, out):
    blocks, lanes, nbytes = out.shape
    for b in range(blocks):
        for lane in range(lanes):
            for j in range(nbytes):
                k = start + j
                out[b, lane, j] = (words[k // 4, b, lane] >> np.uint32(8 * (k % 4))) & np.uint32(0xFF)


KERNELS = SimpleNamespace(
    name="numba", decode_operand=decode_operand, accumulate_f32=accumulate_f32, accumulate_i32=accumulate_i32,
    gather_bytes=gather_bytes, lds_gather=lds_gather, lds_scatter=lds_scatter, words_from_bytes=words_from_bytes,
    bytes_from_words=bytes_from_words,
)
