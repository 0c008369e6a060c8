"""bf16 on the host, and B pre-shuffled into the matrix instruction's register layout.

The matrix-core kernel loads each lane's B fragment with one vector load. For that, B (K x N)
is cut into blocks of MMA_K rows by MMA_N columns and each block is stored lane-major:
block (n_block, k_block) holds [lane][element] in the order the instruction wants them in
registers. Blocks are stored n-major, k-minor ([n_block][k_block][lane][element]), so a wave
walking down K reads consecutive blocks. The layouts below are the instruction's operand
layouts; ``fragment_coordinates`` is the single place they are written on the host.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class MmaLayout:
    name: str
    mma_n: int
    mma_k: int
    lanes: int
    b_elems_per_lane: int


# B-operand layouts (K rows x N columns), per matrix instruction.
LAYOUTS = {
    # mma.sync m16n8k16 .col B: lane = 4*n + (k%8)//2, element = (k//8)*2 + k%2
    "nv_m16n8k16": MmaLayout("nv_m16n8k16", mma_n=8, mma_k=16, lanes=32, b_elems_per_lane=4),
    # v_mfma_f32_16x16x16_bf16: lane = 16*(k//4) + n, element = k%4
    "amd_16x16x16": MmaLayout("amd_16x16x16", mma_n=16, mma_k=16, lanes=64, b_elems_per_lane=4),
    # v_mfma_f32_16x16x32_bf16: lane = 16*(k//8) + n, element = k%8
    "amd_16x16x32": MmaLayout("amd_16x16x32", mma_n=16, mma_k=32, lanes=64, b_elems_per_lane=8),
}
TARGET_LAYOUT = {"sm_90": "nv_m16n8k16", "gfx942": "amd_16x16x16", "gfx950": "amd_16x16x32"}


def fragment_coordinates(layout: MmaLayout, k: int, n: int) -> tuple[int, int]:
    """(lane, element) that holds B[k][n] of one MMA_K x MMA_N block."""
    if layout.name == "nv_m16n8k16":
        return 4 * n + (k % 8) // 2, (k // 8) * 2 + k % 2
    per_lane = layout.b_elems_per_lane
    return 16 * (k // per_lane) + n, k % per_lane


def _block_gather_index(layout: MmaLayout) -> np.ndarray:
    """For each (lane, element) slot, the flat k*MMA_N + n position of B it holds."""
    index = np.full(layout.lanes * layout.b_elems_per_lane, -1, dtype=np.int64)
    for k in range(layout.mma_k):
        for n in range(layout.mma_n):
            lane, elem = fragment_coordinates(layout, k, n)
            index[lane * layout.b_elems_per_lane + elem] = k * layout.mma_n + n
    if (index < 0).any() or len(set(index.tolist())) != index.size:
        raise AssertionError(f"layout {layout.name} is not a permutation of its block")
    return index


def padded_extent(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


def preshuffle_b(b: np.ndarray, layout: MmaLayout, k_pad: int, n_pad: int) -> np.ndarray:
    """B (K x N) -> flat pre-shuffled array, zero-padded to k_pad x n_pad first."""
    k, n = b.shape
    if k_pad < k or n_pad < n or k_pad % layout.mma_k or n_pad % layout.mma_n:
        raise ValueError(f"padding {k_pad}x{n_pad} must cover {k}x{n} and be a multiple of "
                         f"the {layout.mma_k}x{layout.mma_n} block of {layout.name}")
    padded = np.zeros((k_pad, n_pad), dtype=b.dtype)
    padded[:k, :n] = b
    kb, nb = k_pad // layout.mma_k, n_pad // layout.mma_n
    blocks = padded.reshape(kb, layout.mma_k, nb, layout.mma_n).transpose(2, 0, 1, 3)
    blocks = blocks.reshape(nb, kb, layout.mma_k * layout.mma_n)
    return np.ascontiguousarray(blocks[:, :, _block_gather_index(layout)]).reshape(-1)


def unshuffle_b(shuffled: np.ndarray, layout: MmaLayout, k: int, n: int, k_pad: int,
                n_pad: int) -> np.ndarray:
    """Inverse of preshuffle_b: the K x N matrix back (padding dropped)."""
    kb, nb = k_pad // layout.mma_k, n_pad // layout.mma_n
    slots = shuffled.reshape(nb, kb, layout.lanes * layout.b_elems_per_lane)
    blocks = np.empty_like(slots)
    blocks[:, :, _block_gather_index(layout)] = slots
    full = blocks.reshape(nb, kb, layout.mma_k, layout.mma_n).transpose(1, 2, 0, 3)
    return full.reshape(k_pad, n_pad)[:k, :n]


def float32_to_bf16_bits(x: np.ndarray) -> np.ndarray:
    """Round-to-nearest-even float32 -> bf16, returned as uint16 bit patterns (finite input)."""
    bits = np.ascontiguousarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def bf16_bits_to_float64(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
