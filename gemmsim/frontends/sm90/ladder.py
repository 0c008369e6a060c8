"""sm_90 instruction streams of the kernel ladder (kernels/ladder.hip) as nvcc -O3 compiles it.

Every ladder kernel runs a 16 x 16 block: 8 warps, warp w holding threadIdx.y = 2w and 2w + 1
(lanes 0-15 and 16-31) and threadIdx.x = lane mod 16. The streams follow the compiled hot loops
(validation/results/h200/sass/gemm*_f32.sass): nvcc unrolls the K loop of `gemm` 16 times and
that of `gemm_blocked2x2` 4 times, hoists every load of an unrolled body above its multiply-adds,
and reads a shared-memory row of A with 128-bit loads (LDS.128: 4 fp32 or 2 fp64 per lane) and
the 2 x 2 kernel's pair of B words with one 64-bit load (LDS.64). Per iteration the stream has
the SASS's counts of FFMA/DFMA/IMAD, LDS, STS, LDG, STG and BAR (tests/test_sm90_sass.py). Given
the compiled loop's order (sass_reader.hot_loop_order) the body follows it, the rest of the
compiled body (address arithmetic, predicates) becoming issue-only slots in place.

Shared-memory addresses are those of the source: a_tile at byte 0, b_tile right after it.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

from gemmsim.dtypes import normalize
from gemmsim.errors import ConfigError
from gemmsim.hw import GPU
from gemmsim.ir.program import Instr, Loop, Op, Program, Reg, Resources
from gemmsim.frontends.sm90.common import (
    FMA_OPCODE, WARP_LANES, Slot, Sm90Problem, check_warp_size, fma_cycles, global_access, place, shared_access)

BLOCK_EDGE = 16
WARPS = 8
LANES = WARP_LANES
LADDER_KERNELS = ("gemm", "gemm_tiled", "gemm_blocked2x2", "gemm_tiled_blocked2x2", "gemm_blocked4x4")
# nvcc -O3's unroll of the K loop (k values per hot-loop iteration), read off the SASS listings
K_PER_ITERATION = {"gemm": 16, "gemm_tiled": 16, "gemm_blocked2x2": 4, "gemm_tiled_blocked2x2": 16,
                   "gemm_blocked4x4": 1}
OUTPUT_EDGE = {"gemm": 16, "gemm_tiled": 16, "gemm_blocked2x2": 32, "gemm_tiled_blocked2x2": 32,
               "gemm_blocked4x4": 64}
# a compiled load's buffer by how its pointer moves per iteration (sass_reader.load_strides): A's by a
# constant (elements along K), B's by a multiple of the kernel argument N
LOAD_BUFFER = {"const": "A", "reg": "B"}
DEFAULT_REGISTERS = {"gemm": 32, "gemm_tiled": 32, "gemm_blocked2x2": 32, "gemm_tiled_blocked2x2": 48,
                     "gemm_blocked4x4": 48}


@dataclass(frozen=True)
class _Warp:
    index: int

    def lanes(self):
        """(lane, tx, ty) of every lane."""
        return [(lane, lane % BLOCK_EDGE, 2 * self.index + lane // BLOCK_EDGE) for lane in range(LANES)]


def generate(kernel: str, problem: Sm90Problem, gpu: GPU, extra_issue: int = 0,
             registers: int | None = None, order: str | None = None, controls=None,
             load_strides: tuple[str | None, ...] | None = None) -> Program:
    """The Program of one ladder kernel for `problem` (dtype fp32, fp64 or int32). With `order`
    (sass_reader.hot_loop_order of the compiled kernel) the hot loop follows the compiled
    instruction order, issue-only slots included; without, the source order plus `extra_issue`
    issue-only slots. With `load_strides` (sass_reader.hot_loop_load_strides: how each compiled
    global load's pointer moves per iteration) the loads of A (stepped by a constant along K) and
    of B (by a multiple of N) take the compiled places of their buffer, where every load's is known."""
    if kernel not in LADDER_KERNELS:
        raise ConfigError(f"ladder kernel {kernel!r} is unknown: expected one of {', '.join(LADDER_KERNELS)}")
    check_warp_size(gpu)
    dtype = normalize(problem.dtype)
    if dtype not in FMA_OPCODE:
        raise ConfigError(f"ladder dtype {problem.dtype!r}: expected fp32, fp64 or int32")
    e = int(problem.elem_bytes)
    builder = _BUILDERS[kernel]
    buffers = None
    if load_strides and all(load_strides):
        buffers = "".join(LOAD_BUFFER[stride] for stride in load_strides)
    waves = tuple(tuple(builder(_Warp(w), problem, gpu, e, extra_issue, order, controls, buffers))
                  for w in range(WARPS))
    edge = OUTPUT_EDGE[kernel]
    lds_bytes = {"gemm_tiled": 2 * BLOCK_EDGE * BLOCK_EDGE * e, "gemm_tiled_blocked2x2": 2 * 32 * BLOCK_EDGE * e}
    resources = Resources(arch_vgprs=registers or DEFAULT_REGISTERS[kernel], accum_vgprs=0, sgprs=0,
                          lds_bytes=lds_bytes.get(kernel, 0), workgroup_size=WARPS * LANES)
    grid = (math.ceil(problem.m / edge), math.ceil(problem.n / edge))
    return Program(name=f"{kernel}_{dtype}", arch=gpu.arch, wave_size=gpu.cu.wave_size, waves=waves, resources=resources,
                   grid=grid, block_bases={"A": (edge * problem.k * e, 0), "B": (0, edge * e),
                                           "C": (edge * problem.n * problem.c_bytes, edge * problem.c_bytes)},
                   source="generated:sm90_ladder")


# ---- helpers ------------------------------------------------------------------------------------

def _fma(gpu: GPU, dtype: str, acc: int, a: int, b: int, tag: str) -> Instr:
    return Instr(Op.VALU, FMA_OPCODE[dtype], cycles=fma_cycles(gpu, dtype), dst=Reg("v", acc),
                 srcs=(Reg("v", acc), Reg("v", a), Reg("v", b)), tag=tag)


def _loop(body: list[Instr], trips: int, name: str) -> list:
    return [Loop(tuple(body), trips, name)] if trips > 0 and body else []


def _a_addr(row: int, k: int, problem, e: int) -> int:
    return (row * problem.k + k) * e


def _b_addr(k: int, col: int, problem, e: int) -> int:
    return (k * problem.n + col) * e


def _loads(operand: str, row: int, col: int, problem, r: int) -> bool:
    """Whether a lane's load for output (row, col) of its block happens: `gemm` returns before its
    loop when its output is outside C; the blocked kernels guard each load on its own index
    (load_or_zero: A on the row, B on the column)."""
    if r == 1:
        return row < problem.m and col < problem.n
    return row < problem.m if operand == "A" else col < problem.n


def _epilogue(warp: _Warp, problem, gpu: GPU, r: int) -> list[Instr]:
    """One STG per output of a thread (ladder kernels store element by element, C of the input's
    type); a lane whose output is outside C stores nothing (store_if_inside)."""
    out, c = [], problem.c_bytes
    for i in range(r):
        for j in range(r):
            lanes = [((r * ty + i) * problem.n + r * tx + j) * c for _, tx, ty in warp.lanes()
                     if r * ty + i < problem.m and r * tx + j < problem.n]
            out.append(global_access(gpu.memory, Op.VMEM_STORE, "STG", "C", lanes, c, f"C({i},{j})"))
    return out


# ---- the five kernels ---------------------------------------------------------------------------

def _direct_body(warp: _Warp, problem, gpu, e: int, r: int, k_steps: int) -> list[Slot]:
    """k_steps values of k of an R x R blocked kernel straight from global memory (R = 1: `gemm`):
    every load, then the multiply-adds of each k."""
    dtype = normalize(problem.dtype)
    seen, slots, fmas = set(), [], []
    for k in range(k_steps):
        tokens = []
        for i in range(r):
            lanes = [_a_addr(r * ty + i, k, problem, e) for _, tx, ty in warp.lanes()
                     if _loads("A", r * ty + i, r * tx, problem, r)]
            slots.append(Slot(global_access(gpu.memory, Op.VMEM_LOAD, "LDG", "A", lanes, e, f"A row+{i} k+{k}", seen,
                                            strides=(k_steps * e,)), "G", ("a", k, i)))
            tokens.append(("a", k, i))
        for j in range(r):
            lanes = [_b_addr(k, r * tx + j, problem, e) for _, tx, ty in warp.lanes()
                     if _loads("B", r * ty, r * tx + j, problem, r)]
            slots.append(Slot(global_access(gpu.memory, Op.VMEM_LOAD, "LDG", "B", lanes, e, f"B k+{k} col+{j}", seen,
                                            strides=(k_steps * problem.n * e,)), "G", ("b", k, j)))
            tokens.append(("b", k, j))
        for i in range(r):
            for j in range(r):
                fmas.append(Slot(_fma(gpu, dtype, i * r + j, 100 + i, 120 + j, f"acc({i},{j}) k+{k}"), "F",
                                 needs=(("a", k, i), ("b", k, j))))
    return slots + fmas


def _by_buffer(slots: list[Slot], buffers: str | None) -> list[Slot]:
    """The load slots in the compiled sequence of buffers ("ABBBBAAA": each letter takes the next
    generated load of that buffer), the others after them; unchanged without a sequence, or where
    the sequence does not hold the generated loads' buffers."""
    loads = [s for s in slots if s.kind == "G"]
    if buffers is None or sorted(buffers) != sorted(s.instr.buffer for s in loads):
        return slots
    queues = {b: deque(s for s in loads if s.instr.buffer == b) for b in set(buffers)}
    return [queues[b].popleft() for b in buffers] + [s for s in slots if s.kind != "G"]


def _direct(r: int, kernel: str):
    def build(warp: _Warp, problem, gpu, e: int, extra: int, order: str | None, controls=None,
              buffers: str | None = None) -> list:
        unroll = K_PER_ITERATION[kernel]
        body = _by_buffer(_direct_body(warp, problem, gpu, e, r, unroll), buffers if order else None)
        main = _loop(place(body, order, extra, kernel, controls),
                     problem.k // unroll, "k")
        tail = _loop(place(_direct_body(warp, problem, gpu, e, r, 1)), problem.k % unroll, "k tail")
        return main + tail + _epilogue(warp, problem, gpu, r)
    return build


def _tiled_body(warp: _Warp, problem, gpu, e: int, r: int) -> list[Slot]:
    """One 16-wide K tile of `gemm_tiled` (r = 1) or `gemm_tiled_blocked2x2` (r = 2)."""
    dtype = normalize(problem.dtype)
    tile = r * BLOCK_EDGE                      # rows of the A tile, columns of the B tile
    a_base, b_base = 0, tile * BLOCK_EDGE * e
    seen, slots, stores = set(), [], []
    for part in range(r):                      # each thread copies r elements of A and of B
        idx = [tx + BLOCK_EDGE * ty + part * BLOCK_EDGE * BLOCK_EDGE for _, tx, ty in warp.lanes()]
        a_rc = [(i // BLOCK_EDGE, i % BLOCK_EDGE) for i in idx]
        b_rc = [(i // tile, i % tile) for i in idx]
        # the next K tile is BLOCK_EDGE columns of A, BLOCK_EDGE rows of B further on
        for name, rc, addr, stride in (("A", a_rc, lambda rr, cc: _a_addr(rr, cc, problem, e), BLOCK_EDGE * e),
                                       ("B", b_rc, lambda rr, cc: _b_addr(rr, cc, problem, e),
                                        BLOCK_EDGE * problem.n * e)):
            inside = (lambda rr, cc: rr < problem.m) if name == "A" else (lambda rr, cc: cc < problem.n)
            lanes = [addr(rr, cc) for rr, cc in rc if inside(rr, cc)]      # load_or_zero's guard
            slots.append(Slot(global_access(gpu.memory, Op.VMEM_LOAD, "LDG", name, lanes, e,
                                            f"{name} tile part {part}", seen, strides=(stride,)), "G", (name, part)))
            stores.append((name, part, rc))
    for name, part, rc in stores:
        base, width = (a_base, BLOCK_EDGE) if name == "A" else (b_base, tile)
        slots.append(Slot(shared_access(Op.LDS_WRITE, "STS", [base + (rr * width + cc) * e for rr, cc in rc], e,
                                        f"{name} tile -> shared"), "S", needs=((name, part),)))
    slots.append(Slot(Instr(Op.BARRIER, "BAR.SYNC", tag="tiles written"), "B"))
    per_vector = max(1, 16 // e)               # A row elements per 128-bit load
    for i in range(r):                         # rows r*ty + i of the A tile, 16 k each
        for v in range(BLOCK_EDGE // per_vector):
            lanes = [a_base + ((r * ty + i) * BLOCK_EDGE + v * per_vector) * e for _, tx, ty in warp.lanes()]
            slots.append(Slot(shared_access(Op.LDS_READ, "LDS.128", lanes, 16, f"A row+{i} k {v * per_vector}.."),
                              "s", ("ra", i, v)))
    b_width = r * e
    b_opcode = {4: "LDS", 8: "LDS.64", 16: "LDS.128"}[b_width]
    for kk in range(BLOCK_EDGE):
        lanes = [b_base + (kk * tile + r * tx) * e for _, tx, ty in warp.lanes()]
        slots.append(Slot(shared_access(Op.LDS_READ, b_opcode, lanes, b_width, f"B k {kk}"), "s", ("rb", kk)))
    for kk in range(BLOCK_EDGE):
        for i in range(r):
            for j in range(r):
                slots.append(Slot(_fma(gpu, dtype, i * r + j, 100 + i, 120 + j, f"acc({i},{j}) k {kk}"), "F",
                                  needs=(("ra", i, kk // per_vector), ("rb", kk))))
    slots.append(Slot(Instr(Op.BARRIER, "BAR.SYNC", tag="tiles read"), "B"))
    return slots


def _tiled(r: int):
    def build(warp: _Warp, problem, gpu, e: int, extra: int, order: str | None, controls=None,
              buffers: str | None = None) -> list:
        trips = math.ceil(problem.k / BLOCK_EDGE)
        body = place(_tiled_body(warp, problem, gpu, e, r), order, extra, "gemm_tiled" if r == 1 else "gemm_tiled_blocked2x2",
                     controls)
        return _loop(body, trips, "k tile") + _epilogue(warp, problem, gpu, r)
    return build


_BUILDERS = {
    "gemm": _direct(1, "gemm"),
    "gemm_tiled": _tiled(1),
    "gemm_blocked2x2": _direct(2, "gemm_blocked2x2"),
    "gemm_tiled_blocked2x2": _tiled(2),
    "gemm_blocked4x4": _direct(4, "gemm_blocked4x4"),
}
