"""The compiled loop that runs a recorded trace (trace.py) workgroup by workgroup.

One workgroup's registers (every wave's), LDS and in-flight bytes fit in a core's cache, so each
operation of the trace works on cached data; the operations are integer rows, `ops[t] = (code,
arguments...)`, interpreted in order. Values move as bytes and bits exactly as vector.py moves them;
the arithmetic is the same IEEE operations: a matrix instruction's sums in float64 (exact for the
formats trace.supports admits, so their order cannot matter), one rounding to f32 (or a wrapping
int32 sum), and the round-to-nearest-even f32 -> bf16 of v_cvt_pk_bf16_f32.
"""

from __future__ import annotations

from contextlib import contextmanager

import numba
import numpy as np

LOAD, LDS_LOAD, LAND, SOURCE, LDS_STORE, CAPTURE, DECODE, MFMA, CVT_BF16, CVT_I32 = range(10)

_jit = numba.njit(cache=True, nogil=True, boundscheck=False)


@contextmanager
def slp_vectorizer():
    """Compile with LLVM's SLP vectorizer, which numba leaves off by default: it turns the 32 scalar
    sums of _mac into vector FMAs (about twice as fast here). Only the kernels of this module are
    compiled inside; the setting is numba's NUMBA_SLP_VECTORIZE, restored afterwards."""
    saved = numba.core.config.SLP_VECTORIZE
    numba.core.config.SLP_VECTORIZE = 1
    try:
        yield
    finally:
        numba.core.config.SLP_VECTORIZE = saved


@numba.njit(cache=True, nogil=True, boundscheck=False, fastmath={"contract"})
def _mac(a, b, p, m, k, n):
    """p = a @ b for row-major a (m x k) and b (k x n), m a multiple of 4 and n of 16: each 4 x 16 tile of
    p is 64 scalar sums over k held in registers (s<row><column>), which LLVM's SLP vectorizer turns into
    vector FMAs. The products are exact, so contracting a multiply and an add into one FMA changes
    nothing. (Slices rather than computed indices: an index numba cannot prove non-negative gets a
    wrap-around check that keeps LLVM from vectorizing.)"""
    for i in range(0, m, 4):
        rows = a[i * k:(i + 4) * k]
        for j in range(0, n, 16):
            s00 = s01 = s02 = s03 = s04 = s05 = s06 = s07 = s08 = s09 = s0a = s0b = s0c = s0d = s0e = s0f = 0.0
            s10 = s11 = s12 = s13 = s14 = s15 = s16 = s17 = s18 = s19 = s1a = s1b = s1c = s1d = s1e = s1f = 0.0
            s20 = s21 = s22 = s23 = s24 = s25 = s26 = s27 = s28 = s29 = s2a = s2b = s2c = s2d = s2e = s2f = 0.0
            s30 = s31 = s32 = s33 = s34 = s35 = s36 = s37 = s38 = s39 = s3a = s3b = s3c = s3d = s3e = s3f = 0.0
            for kk in range(k):
                a0, a1, a2, a3 = rows[kk], rows[k + kk], rows[2 * k + kk], rows[3 * k + kk]
                bk = b[kk * n + j:kk * n + j + 16]
                b0, b1, b2, b3, b4, b5, b6, b7 = bk[0], bk[1], bk[2], bk[3], bk[4], bk[5], bk[6], bk[7]
                b8, b9, ba, bb, bc, bd, be, bf = bk[8], bk[9], bk[10], bk[11], bk[12], bk[13], bk[14], bk[15]
                s00 += a0 * b0; s01 += a0 * b1; s02 += a0 * b2; s03 += a0 * b3  # noqa: E702
                s04 += a0 * b4; s05 += a0 * b5; s06 += a0 * b6; s07 += a0 * b7  # noqa: E702
                s08 += a0 * b8; s09 += a0 * b9; s0a += a0 * ba; s0b += a0 * bb  # noqa: E702
                s0c += a0 * bc; s0d += a0 * bd; s0e += a0 * be; s0f += a0 * bf  # noqa: E702
                s10 += a1 * b0; s11 += a1 * b1; s12 += a1 * b2; s13 += a1 * b3  # noqa: E702
                s14 += a1 * b4; s15 += a1 * b5; s16 += a1 * b6; s17 += a1 * b7  # noqa: E702
                s18 += a1 * b8; s19 += a1 * b9; s1a += a1 * ba; s1b += a1 * bb  # noqa: E702
                s1c += a1 * bc; s1d += a1 * bd; s1e += a1 * be; s1f += a1 * bf  # noqa: E702
                s20 += a2 * b0; s21 += a2 * b1; s22 += a2 * b2; s23 += a2 * b3  # noqa: E702
                s24 += a2 * b4; s25 += a2 * b5; s26 += a2 * b6; s27 += a2 * b7  # noqa: E702
                s28 += a2 * b8; s29 += a2 * b9; s2a += a2 * ba; s2b += a2 * bb  # noqa: E702
                s2c += a2 * bc; s2d += a2 * bd; s2e += a2 * be; s2f += a2 * bf  # noqa: E702
                s30 += a3 * b0; s31 += a3 * b1; s32 += a3 * b2; s33 += a3 * b3  # noqa: E702
                s34 += a3 * b4; s35 += a3 * b5; s36 += a3 * b6; s37 += a3 * b7  # noqa: E702
                s38 += a3 * b8; s39 += a3 * b9; s3a += a3 * ba; s3b += a3 * bb  # noqa: E702
                s3c += a3 * bc; s3d += a3 * bd; s3e += a3 * be; s3f += a3 * bf  # noqa: E702
            out = p[i * n + j:i * n + j + 16]
            out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7] = \
                s00, s01, s02, s03, s04, s05, s06, s07
            out[8], out[9], out[10], out[11], out[12], out[13], out[14], out[15] = \
                s08, s09, s0a, s0b, s0c, s0d, s0e, s0f
            out = p[(i + 1) * n + j:(i + 1) * n + j + 16]
            out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7] = \
                s10, s11, s12, s13, s14, s15, s16, s17
            out[8], out[9], out[10], out[11], out[12], out[13], out[14], out[15] = \
                s18, s19, s1a, s1b, s1c, s1d, s1e, s1f
            out = p[(i + 2) * n + j:(i + 2) * n + j + 16]
            out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7] = \
                s20, s21, s22, s23, s24, s25, s26, s27
            out[8], out[9], out[10], out[11], out[12], out[13], out[14], out[15] = \
                s28, s29, s2a, s2b, s2c, s2d, s2e, s2f
            out = p[(i + 3) * n + j:(i + 3) * n + j + 16]
            out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7] = \
                s30, s31, s32, s33, s34, s35, s36, s37
            out[8], out[9], out[10], out[11], out[12], out[13], out[14], out[15] = \
                s38, s39, s3a, s3b, s3c, s3d, s3e, s3f


@_jit
def bf16_bits(x):
    """f32 bits -> bf16 bits, round to nearest even; a NaN becomes the quiet NaN of its sign."""
    if (x & np.uint32(0x7FFFFFFF)) > np.uint32(0x7F800000):
        return np.uint32(0xFFC0) if x >> np.uint32(31) else np.uint32(0x7FC0)
    return (x + np.uint32(0x7FFF) + ((x >> np.uint32(16)) & np.uint32(1))) >> np.uint32(16)


@_jit
def _accumulate_f32(regs_f, acc, dst, prod, place, acc_regs, n):
    """regs[dst + r] = f32(regs[acc + r] + the product at each lane's place). The lanes g*n .. g*n + n-1
    of a register hold n consecutive elements of one row (trace.py checks), so the inner loop is a
    contiguous run. dst is acc or apart from it."""
    lanes = place.shape[1]
    for r in range(acc_regs):
        for g in range(0, lanes, n):
            source, target, part = regs_f[acc + r, g:g + n], regs_f[dst + r, g:g + n], prod[place[r, g]:]
            for j in range(n):
                target[j] = np.float32(np.float64(source[j]) + part[j])


@_jit
def _accumulate_i32(regs_i, acc, dst, prod, place, acc_regs, n):
    """As _accumulate_f32 for int32 accumulators; the exact sum wraps like int32."""
    lanes = place.shape[1]
    for r in range(acc_regs):
        for g in range(0, lanes, n):
            source, target, part = regs_i[acc + r, g:g + n], regs_i[dst + r, g:g + n], prod[place[r, g]:]
            for j in range(n):
                target[j] = np.int32(np.int64(source[j]) + np.int64(part[j]))


@_jit
def _word(temp, at, nbytes, r):
    """Register word r of a lane whose bytes start at temp[at], zero past nbytes."""
    w = np.uint32(0)
    for j in range(4):
        if 4 * r + j < nbytes:
            w |= np.uint32(temp[at + 4 * r + j]) << np.uint32(8 * j)
    return w


@_jit
def _decode(words, dest, shifts, per_word, mask, values, out):
    """out[dest[r, lane, e]] = values[element e of word r of the lane]; words (count, lanes)."""
    for r in range(words.shape[0]):
        for lane in range(words.shape[1]):
            w, places = words[r, lane], dest[r, lane]
            for e in range(per_word):
                out[places[e]] = values[(w >> np.uint32(shifts[e])) & mask]


@_jit
def _load(temp, buf, base, offsets, lo, hi, nbytes):
    """temp[lane * nbytes + j] = buf[base + offsets[lane] + j], or 0 where that is outside [lo, hi)."""
    for lane in range(offsets.size):
        first = base + offsets[lane]
        out = temp[lane * nbytes:(lane + 1) * nbytes]
        if first >= lo and first + nbytes <= hi:
            source = buf[first:first + nbytes]
            for j in range(nbytes):
                out[j] = source[j]
        else:
            for j in range(nbytes):
                out[j] = buf[first + j] if lo <= first + j < hi else 0


@_jit
def _lds_load(temp, lds, idx, nbytes):
    """temp[lane * nbytes + j] = lds[idx[lane, j]], or 0 where the index is -1 (outside the LDS)."""
    for lane in range(idx.shape[0]):
        out, at = temp[lane * nbytes:(lane + 1) * nbytes], idx[lane]
        for j in range(nbytes):
            out[j] = lds[at[j]] if at[j] >= 0 else 0


@_jit
def _land(regs, temp, temp32, tmp, stride, first, nbytes):
    """regs (count, lanes): the words of each lane's bytes at temp[tmp + lane * stride + first], zero past nbytes."""
    count, lanes = regs.shape
    if (tmp | stride | first | nbytes) % 4 == 0:   # whole aligned words: copy them
        for r in range(count):
            at, step, row = (tmp + first) // 4 + r, stride // 4, regs[r]
            for lane in range(lanes):
                row[lane] = temp32[at + lane * step] if 4 * r < nbytes else 0
    else:
        for r in range(count):
            for lane in range(lanes):
                regs[r, lane] = _word(temp, tmp + lane * stride + first, nbytes, r)


@_jit
def _source(temp, regs, tmp, stride, pos):
    """The bytes of each lane's words regs (count, lanes) into temp[tmp + lane * stride + pos ...]."""
    count, lanes = regs.shape
    for lane in range(lanes):
        out = temp[tmp + lane * stride + pos:tmp + lane * stride + pos + 4 * count]
        for r in range(count):
            w = regs[r, lane]
            for j in range(4):
                out[4 * r + j] = (w >> np.uint32(8 * j)) & np.uint32(0xFF)


@_jit
def run_blocks(ops, lo, hi, lanes, n_regs, lds_bytes, temp_bytes, mem, buf_start, buf_size, bases, win_lo, win_hi,
               offsets, lds_idx, dests, shifts, table_info, values, shapes, places, n_slots, slot_elems, stage):
    """Run the trace on workgroups lo..hi-1, each from zeroed registers and LDS; global stores land
    in stage[b] (trace.py writes them to the buffers afterwards, in program order)."""
    regs = np.zeros((n_regs, lanes), dtype=np.uint32)
    regs_f, regs_i = regs.view(np.float32), regs.view(np.int32)
    lds = np.zeros(lds_bytes, dtype=np.uint8)
    temp = np.zeros(temp_bytes + (-temp_bytes) % 4, dtype=np.uint8)
    temp32 = temp.view(np.uint32)   # the same bytes as little-endian words
    cache = np.zeros((n_slots, slot_elems))
    prod = np.zeros(np.max(shapes[:, 0] * shapes[:, 2]))
    for blk in range(lo, hi):
        regs[:] = 0
        lds[:] = 0
        for t in range(ops.shape[0]):
            op = ops[t, 0]
            if op == MFMA:
                a_slot, b_slot, acc, dst, s = ops[t, 1], ops[t, 2], ops[t, 3], ops[t, 4], ops[t, 5]
                m, k, n, acc_regs = shapes[s, 0], shapes[s, 1], shapes[s, 2], shapes[s, 3]
                _mac(cache[a_slot], cache[b_slot], prod, m, k, n)
                if shapes[s, 4]:
                    _accumulate_i32(regs_i, acc, dst, prod, places[s], acc_regs, n)
                else:
                    _accumulate_f32(regs_f, acc, dst, prod, places[s], acc_regs, n)
            elif op == DECODE:
                row, tab, vals, slot, first, count = ops[t, 1], ops[t, 2], ops[t, 3], ops[t, 4], ops[t, 5], ops[t, 6]
                _decode(regs[row:row + count], dests[tab, first:first + count], shifts[tab], table_info[tab, 1],
                        np.uint32(table_info[tab, 2]), values[vals], cache[slot])
            elif op == LOAD:
                tmp, buf, off, nbytes = ops[t, 1], ops[t, 2], ops[t, 3], ops[t, 4]
                start, size = buf_start[buf], buf_size[buf]
                _load(temp[tmp:tmp + lanes * nbytes], mem[start:start + size], bases[buf, blk], offsets[off],
                      max(win_lo[buf, blk], 0), min(win_hi[buf, blk], size), nbytes)
            elif op == LDS_LOAD:
                tmp, tab, nbytes = ops[t, 1], ops[t, 2], ops[t, 3]
                _lds_load(temp[tmp:tmp + lanes * nbytes], lds, lds_idx[tab, :, :nbytes], nbytes)
            elif op == LAND:
                tmp, stride, first, nbytes = ops[t, 1], ops[t, 2], ops[t, 3], ops[t, 4]
                row, count = ops[t, 5], ops[t, 6]
                _land(regs[row:row + count], temp, temp32, tmp, stride, first, nbytes)
            elif op == SOURCE:
                tmp, stride, pos, row, count = ops[t, 1], ops[t, 2], ops[t, 3], ops[t, 4], ops[t, 5]
                _source(temp, regs[row:row + count], tmp, stride, pos)
            elif op == LDS_STORE:
                tmp, stride, first, nbytes, tab = ops[t, 1], ops[t, 2], ops[t, 3], ops[t, 4], ops[t, 5]
                for lane in range(lanes):
                    for j in range(nbytes):
                        i = lds_idx[tab, lane, j]
                        if i >= 0:
                            lds[i] = temp[tmp + lane * stride + first + j]
            elif op == CAPTURE:
                tmp, stride, first, nbytes, at = ops[t, 1], ops[t, 2], ops[t, 3], ops[t, 4], ops[t, 5]
                for lane in range(lanes):
                    for j in range(nbytes):
                        stage[blk, at + lane * nbytes + j] = temp[tmp + lane * stride + first + j]
            elif op == CVT_BF16:
                tmp, total, dst = ops[t, 1], ops[t, 2], ops[t, 3]
                for q in range(total // 2):
                    for lane in range(lanes):
                        low = _word(temp, tmp + lane * 4 * total, 4 * total, 2 * q)
                        high = _word(temp, tmp + lane * 4 * total, 4 * total, 2 * q + 1)
                        regs[dst + q, lane] = bf16_bits(low) | (bf16_bits(high) << np.uint32(16))
            elif op == CVT_I32:
                tmp, total, dst = ops[t, 1], ops[t, 2], ops[t, 3]
                for r in range(total):
                    for lane in range(lanes):
                        w = _word(temp, tmp + lane * 4 * total, 4 * total, r)
                        regs_f[dst + r, lane] = np.float32(np.int32(w))
