"""The project's Triton GEMM: C = A @ B with A (M x K), B (K x N) and C (M x N), any strides, the
product accumulated in fp32 and C stored in C's element type.

One program computes one BLOCK_M x BLOCK_N tile of C and walks K in BLOCK_K steps through `tl.dot`
(the MFMA on gfx942/gfx950, mma/wgmma on sm_90, as the compiler chooses). Programs are numbered in
groups GROUP_M tiles tall, so that programs that run together read the same columns of B and the
same rows of A from the L2. Loads and the store are masked: any M, N, K.

Launch: grid = (cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N),); the meta-parameters are BLOCK_M, BLOCK_N,
BLOCK_K, GROUP_M and Triton's num_warps and num_stages (on AMD also waves_per_eu and
matrix_instr_nonkdim).
"""

import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * tiles_n
    group_row = (pid // per_group) * GROUP_M
    group_rows = min(tiles_m - group_row, GROUP_M)      # the last group may be shorter
    tile_m = group_row + (pid % per_group) % group_rows
    tile_n = (pid % per_group) // group_rows

    rows = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    a_tile = a_ptr + rows[:, None] * stride_am + ks[None, :] * stride_ak
    b_tile = b_ptr + ks[:, None] * stride_bk + cols[None, :] * stride_bn

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for step in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - step * BLOCK_K
        a = tl.load(a_tile, mask=(rows[:, None] < M) & (ks[None, :] < k_left), other=0.0)
        b = tl.load(b_tile, mask=(ks[:, None] < k_left) & (cols[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
        a_tile += BLOCK_K * stride_ak
        b_tile += BLOCK_K * stride_bk

    c_tile = c_ptr + rows[:, None] * stride_cm + cols[None, :] * stride_cn
    tl.store(c_tile, acc.to(c_ptr.dtype.element_ty), mask=(rows[:, None] < M) & (cols[None, :] < N))
