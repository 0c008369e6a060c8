"""Put a parsed kernel beside the generator's Program for the same configuration.

Both front-ends produce the IR, so the same questions apply to both: how many instructions of
each class does one K tile of the hot loop issue, and which LDS lane addresses does it use (and so
which bank conflicts does it have)? Counts are per K tile because a compiled loop may cover one
tile per iteration where the generator covers two.
"""

from __future__ import annotations

from collections import Counter

from gemmsim.analytics.lds_banks import stream_conflicts
from gemmsim.ir.program import Item, Op, Program, count_ops, hot_loop, walk


def k_tiles_per_iteration(program: Program, tile: tuple[int, int, int]) -> float:
    """K tiles one hot-loop iteration covers: its MFMA work over one tile's work per wave."""
    from gemmsim.frontends.amdgpu.classify import mfma_shape

    loop = hot_loop(program.waves[0])
    flops = 0
    for instr, _ in walk(loop.body):
        if instr.op == Op.MFMA:
            shape = mfma_shape(instr.opcode)
            flops += shape.flops if shape else 0
    per_tile = 2 * tile[0] * tile[1] * tile[2] / program.waves_per_workgroup
    return flops / per_tile


def counts_per_k_tile(program: Program, tile: tuple[int, int, int]) -> dict[str, float]:
    loop = hot_loop(program.waves[0])
    tiles = k_tiles_per_iteration(program, tile)
    counts = count_ops(loop.body)
    return {op.value: counts.get(op, 0) / tiles for op in Op}


def lds_accesses(items: tuple[Item, ...]) -> Counter:
    """The hot loop's LDS accesses as a multiset of (read/write, width, lane offsets[, second offsets])."""
    loop = hot_loop(items)
    out: Counter = Counter()
    for instr, _ in walk(loop.body if loop else items):
        if instr.op in (Op.LDS_READ, Op.LDS_WRITE):
            out[(instr.op.value, instr.width_bits, instr.lane_offsets, instr.lane_offsets2)] += 1
    return out


def lds_conflict_cycles(items: tuple[Item, ...], lds) -> int:
    """Bank-conflict cycles of one pass over the hot loop body (both halves of read2/write2)."""
    loop = hot_loop(items)
    return stream_conflicts(loop.body if loop else items, lds, weighted=False)


def total_mfmas(items: tuple[Item, ...]) -> int:
    return count_ops(items).get(Op.MFMA, 0)


