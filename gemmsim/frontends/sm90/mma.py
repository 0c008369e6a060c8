"""sm_90 instruction streams of the matrix-core GEMM (kernels/mma_preshuffle.hip) as nvcc -O3
compiles it: 4 warps of 32 lanes, mma.sync.m16n8k16 bf16 -> fp32 (SASS HMMA.16816.F32.BF16).

Per K tile (one hot-loop iteration) each warp, in the order of the compiled loop:
* loads its share of the next A tile, 16 bytes per lane (LDG.E.128: TILE_M x TILE_K / 8 chunks
  over 128 threads);
* loads its B fragments, pre-shuffled into the instruction's register layout: 8 bytes per lane
  per fragment, which nvcc reads as two 32-bit loads (LDG.E), K_STEPS x N_REP fragments;
* per k step and 16-row block, reads the A fragment from shared memory with four 32-bit loads
  (rows g and g+8, k 2t and 2t+8, lane = 4g + t) and issues N_REP HMMAs with it;
* writes the next A tile into the other stage (STS.128) and waits at the barrier.
nvcc does not keep that order everywhere: for the small tiles it issues a k step's B loads just
before its HMMAs (validation/results/h200/sass/). Given the compiled order
(sass_reader.hot_loop_order), the loop body follows it.
The A tile is TILE_K bf16 per row; with the swizzle, the 16-byte chunk index of a byte column is
XORed with (row mod chunks per row) on both paths (gemmsim.frontends.preshuffle.swizzle is the AMD kernel's
formula; this one is the source's, lds_byte_col in mma_preshuffle.hip).

The stage alternates between iterations (offset STAGE_BYTES, a multiple of 128 bytes, so the banks
every lane touches are the same in both stages); the Program keeps stage 0's addresses.

Split-K (the `_splitk<S>` kernels, mma_preshuffle_splitk_body): the grid's z dimension splits the K
tiles, block z taking ceil(k_tiles / S) of them from K tile z x ceil(k_tiles / S) on; the stream is
that of one split (the K loop's trip count divided; a split with fewer tiles, the last when S does
not divide the K tiles, is taken as long as the others), and its epilogue stores the fp32 partial
tile into the split's slice of a workspace of S x M x N, the same STG.E as the plain kernel's C. The
Program's z_bases move A and B by the split's K range and C by one M x N slice; the reduction pass
(splitk_reduce_f32, a second launch) is the simulator's split-K reduction (model/gpu.py).
"""

from __future__ import annotations

import math
from dataclasses import replace

from gemmsim.errors import ConfigError
from gemmsim.hw import GPU, Memory
from gemmsim.ir.program import Instr, Loop, Op, Program, Reg, Resources
from gemmsim.frontends.sm90.common import (
    WARP_LANES, Slot, Sm90Problem, check_warp_size, global_access, issue_only, place, shared_access)
from gemmsim.frontends.sm90.sass_reader import AroundLoop

WARPS, LANES = 4, WARP_LANES
MMA_M, MMA_N, MMA_K = 16, 8, 16
MMA_OPCODE = "mma.sync.m16n8k16.bf16"
B_WORDS = 2   # 32-bit registers of a B fragment per lane


def lds_byte_col(row: int, col_bytes: int, row_bytes: int, swizzle: bool) -> int:
    return col_bytes ^ ((row & (row_bytes // 16 - 1)) * 16) if swizzle else col_bytes


def lds_offset(row: int, col_bytes: int, row_bytes: int, swizzle: bool) -> int:
    return row * row_bytes + lds_byte_col(row, col_bytes, row_bytes, swizzle)


def generate(tile: tuple[int, int, int], swizzle: bool, problem: Sm90Problem, gpu: GPU, extra_issue: int = 0,
             registers: int | None = None, order: str | None = None, controls=None,
             around: AroundLoop | None = None, split_k: int = 1) -> Program:
    """The Program of one configuration. With `order` (sass_reader.hot_loop_order of the compiled
    kernel) the K loop follows the compiled instruction order, issue-only slots included; without,
    the source order plus `extra_issue` issue-only slots. With `controls` (sass_reader.hot_loop_controls)
    the K loop carries the compiled control bits (common.place). With `around`
    (sass_reader.around_hot_loop) the prologue and epilogue issue the compiled code's address
    arithmetic too, and a warp whose A chunk fails load_a_chunk's guard runs its element-by-element code.
    With `split_k` > 1, the stream of one of split_k workgroups that share an output tile (module docstring)."""
    check_warp_size(gpu)
    tm, tn, tk = tile
    if tm % MMA_M or (tn // WARPS) % MMA_N or tk % MMA_K:
        raise ConfigError(f"tile {tm}x{tn}x{tk}: TILE_M must be a multiple of 16, TILE_N/4 of 8, TILE_K of 16")
    matrix = [m for m in gpu.matrix if m.opcode == MMA_OPCODE]
    if not matrix:
        raise ConfigError(f"{gpu.name} has no matrix instruction {MMA_OPCODE!r}")
    cycles, latency = matrix[0].cycles, matrix[0].latency_cycles
    k_tiles = math.ceil(problem.k / tk)
    if not isinstance(split_k, int) or isinstance(split_k, bool) or not 1 <= split_k <= k_tiles:
        raise ConfigError(f"split_k={split_k!r}: must be an integer from 1 to the {k_tiles} K tiles of K={problem.k} "
                          f"by TILE_K={tk} (a split with no K tile is not modelled)")
    per_split = math.ceil(k_tiles / split_k)
    stage_bytes = tm * tk * 2
    waves = tuple(tuple(_warp_stream(w, tile, swizzle, problem, gpu.memory, (cycles, latency), k_tiles, extra_issue,
                                     order, controls, around, per_split))
                  for w in range(WARPS))
    resources = Resources(arch_vgprs=registers or 128, accum_vgprs=0, sgprs=0, lds_bytes=2 * stage_bytes,
                          workgroup_size=WARPS * LANES)
    grid = (math.ceil(problem.m / tm), math.ceil(problem.n / tn))
    k_pad = k_tiles * tk
    split = {}
    if split_k > 1:   # per split: A and B move by its K range, C (the workspace) by one M x N slice
        split = dict(split_k=split_k, z_bases={"A": (0, per_split * tk * 2), "B": (0, per_split * tk * MMA_N * 2),
                                               "C": (0, problem.m * problem.n * 4)})
    return Program(name=f"mma_preshuffle_m{tm}n{tn}k{tk}_swz{int(swizzle)}" + (f"_splitk{split_k}" if split_k > 1 else ""),
                   arch=gpu.arch, wave_size=gpu.cu.wave_size,
                   waves=waves, resources=resources, grid=grid,
                   block_bases={"A": (tm * problem.k * 2, 0), "B": (0, tn * k_pad * 2), "C": (tm * problem.n * 4, tn * 4)},
                   source="generated:sm90_mma", **split)


def _a_chunks(tile, tid_range):
    """(thread, row, byte column) of every 16-byte chunk of the A tile a set of threads copies."""
    tm, _, tk = tile
    per_row = tk // 8
    chunks = tm * per_row
    per_thread = math.ceil(chunks / (WARPS * LANES))
    out = []
    for i in range(per_thread):
        lanes = []
        for tid in tid_range:
            c = tid + i * WARPS * LANES
            if c < chunks:
                lanes.append((c // per_row, (c % per_row) * 16))
        out.append(lanes)
    return out


def _warp_stream(w: int, tile, swizzle: bool, problem: Sm90Problem, memory: Memory, cycles: tuple[int, int],
                 k_tiles: int, extra: int, order: str | None, controls=None, around: AroundLoop | None = None,
                 trips: int | None = None) -> list:
    """One warp's stream over `trips` K tiles (default all `k_tiles`, the row length of pre-shuffled B)."""
    trips = k_tiles if trips is None else trips
    chunks = _a_chunks(tile, range(w * LANES, (w + 1) * LANES))
    name = f"m{tile[0]}n{tile[1]}k{tile[2]}"
    slow = _slow_paths(chunks, problem, around)
    # prologue: the first A tile into stage 0
    prologue = _with_slow_paths(place(_a_loads(chunks, tile, problem, memory, set(), 0) + _a_stores(chunks, tile, swizzle)
                                      + [Slot(Instr(Op.BARRIER, "BAR.SYNC", tag="stage 0 written"), "B")]), slow)
    body = _with_slow_paths(place(_iteration(w, tile, swizzle, problem, memory, cycles, k_tiles, chunks, last=False),
                                  order, extra, name, controls), slow)
    loop = [Loop(tuple(body), trips - 1, "k tile")] if trips > 1 else []
    # the last K tile only computes (the source's has_next): peeled off the loop
    last = place(_iteration(w, tile, swizzle, problem, memory, cycles, k_tiles, chunks, last=True))
    before = issue_only(around.before, "address arithmetic") if around else []
    after = issue_only(around.after, "address arithmetic") if around else []
    return before + prologue + loop + last + after + _epilogue(w, tile, problem, memory)


def _slow_paths(chunks, problem: Sm90Problem, around: AroundLoop | None) -> dict[str, tuple]:
    """The compiled element-by-element code (its control bits) that each A chunk load of this warp
    runs besides (or instead of) its 16-byte load, by the load's tag: where one of the chunk's lanes
    holds a row past M, or K is not a multiple of 8 (load_a_chunk's guard; the K tail of the last
    tile is left out)."""
    if around is None:
        return {}
    out = {}
    for i, (lanes, code) in enumerate(zip(chunks, around.slow_paths)):
        if code and (problem.k % 8 or any(r >= problem.m for r, _ in lanes)):
            out[_a_load_tag(i)] = code
    return out


def _with_slow_paths(instrs: list[Instr], slow: dict[str, tuple]) -> list[Instr]:
    out = []
    for instr in instrs:
        out.append(instr)
        for control in slow.get(instr.tag, ()):   # issue slots: every element load is predicated off or tiny
            out.append(replace(issue_only(1, "guarded element loads")[0], control=control))
    return out


def _a_load_tag(i: int) -> str:
    return f"A chunk {i} (next tile)"


def _a_loads(chunks, tile, problem, memory: Memory, seen: set, k0: int) -> list[Slot]:
    out = []
    for i, lanes in enumerate(chunks):
        # a row past M takes the guarded path with every element predicated off: no memory access
        addrs = [(r * problem.k + k0) * 2 + cb for r, cb in lanes if r < problem.m]
        out.append(Slot(global_access(memory, Op.VMEM_LOAD, "LDG.E.128", "A", addrs, 16, _a_load_tag(i), seen,
                                      strides=(tile[2] * 2,)), "W", ("a", i)))
    return out


def _a_stores(chunks, tile, swizzle: bool) -> list[Slot]:
    row_bytes = tile[2] * 2
    return [Slot(shared_access(Op.LDS_WRITE, "STS.128", [lds_offset(r, cb, row_bytes, swizzle) for r, cb in lanes],
                               16, f"A chunk {i} -> shared"), "S", needs=(("a", i),))
            for i, lanes in enumerate(chunks)]


def _iteration(w, tile, swizzle, problem, memory: Memory, cycles: tuple[int, int], k_tiles, chunks,
               last: bool) -> list[Slot]:
    """One K tile in the source's order: next A tile loads, B fragment loads, per k step and row
    block the A fragment reads and the HMMAs, next A tile stores, barrier."""
    tm, tn, tk = tile
    row_bytes = tk * 2
    wave_n = tn // WARPS
    m_rep, n_rep, k_steps = tm // MMA_M, wave_n // MMA_N, tk // MMA_K
    seen = set()
    slots = [] if last else _a_loads(chunks, tile, problem, memory, seen, tk)
    k_blocks = k_tiles * k_steps
    for ks in range(k_steps):
        for j in range(n_rep):
            n_block = (w * wave_n) // MMA_N + j
            base = (n_block * k_blocks + ks) * MMA_N * MMA_K * 2
            for word in range(B_WORDS):
                addrs = [base + lane * B_WORDS * 4 + word * 4 for lane in range(LANES)]
                slots.append(Slot(global_access(memory, Op.VMEM_LOAD, "LDG.E", "B", addrs, 4, f"B frag k{ks} n{j} word {word}",
                                                seen, strides=(k_steps * MMA_N * MMA_K * 2,)), "G", ("b", ks, j, word)))
    for ks in range(k_steps):
        for i in range(m_rep):
            frag = []
            for word in range(4):
                offsets = []
                for lane in range(LANES):
                    g, t = lane // 4, lane % 4
                    row = i * MMA_M + g + (8 if word % 2 else 0)
                    col = (ks * MMA_K + 2 * t) * 2 + (16 if word >= 2 else 0)
                    offsets.append(lds_offset(row, col, row_bytes, swizzle))
                slots.append(Slot(shared_access(Op.LDS_READ, "LDS", offsets, 4, f"A frag m{i} k{ks} word {word}"),
                                  "s", ("fa", ks, i, word)))
                frag.append(("fa", ks, i, word))
            for j in range(n_rep):
                acc = Reg("v", 4 * (i * n_rep + j), 4)
                slots.append(Slot(Instr(Op.MFMA, "HMMA.16816.F32.BF16", cycles=cycles[0], latency=cycles[1], dst=acc,
                                        srcs=(acc, Reg("v", 200 + 4 * i, 4), Reg("v", 240 + 2 * j, 2)),
                                        tag=f"acc({i},{j}) += A({i}) B({j}) k{ks}"), "M",
                                  needs=tuple(frag) + tuple(("b", ks, j, word) for word in range(B_WORDS))))
    if not last:
        slots += _a_stores(chunks, tile, swizzle)
    slots.append(Slot(Instr(Op.BARRIER, "BAR.SYNC", tag="next stage written"), "B"))
    return slots


def _epilogue(w, tile, problem, memory: Memory) -> list[Instr]:
    tm, tn, tk = tile
    wave_n = tn // WARPS
    m_rep, n_rep = tm // MMA_M, wave_n // MMA_N
    epilogue = []
    for i in range(m_rep):
        for j in range(n_rep):
            for e in range(4):
                addrs = []
                for lane in range(LANES):
                    g, t = lane // 4, lane % 4
                    row = i * MMA_M + g + (e // 2) * 8
                    col = w * wave_n + j * MMA_N + 2 * t + e % 2
                    if row < problem.m and col < problem.n:   # the source's guard
                        addrs.append((row * problem.n + col) * 4)
                epilogue.append(global_access(memory, Op.VMEM_STORE, "STG.E", "C", addrs, 4, f"C({i},{j}) element {e}"))
    return epilogue
