"""Shared-memory instructions, wavefronts and bank conflicts of a Program's whole grid, as Nsight
Compute counts them (gemmsim.measurements.ncu compares them): the wavefronts are the bank-phase
cycles of analytics.lds_banks for each instruction's lane addresses, the conflicts the wavefronts
beyond the ideal ones (per phase, its distinct words over the banks)."""

from __future__ import annotations

SIDES = ("ld", "st")
SHARED_COUNTS = ("instructions", "wavefronts", "bank_conflicts")
SHARED_COLUMNS = tuple(f"shared_{side}_{what}" for side in SIDES for what in SHARED_COUNTS)   # ncu.csv's


def shared_counts(program, gpu) -> dict[str, dict[str, int]]:
    """Shared-memory instructions, wavefronts and conflict wavefronts of the whole grid."""
    from gemmsim.ir.program import Op, executions
    from gemmsim.analytics.lds_banks import access_cycles

    totals = {side: dict.fromkeys(SHARED_COUNTS, 0) for side in SIDES}
    blocks = program.grid[0] * program.grid[1]
    for wave in program.waves:
        for item, times in executions(wave):
            if item.op not in (Op.LDS_READ, Op.LDS_WRITE) or item.lane_offsets is None:
                continue
            mult = blocks * times
            side, op = ("ld", "read") if item.op is Op.LDS_READ else ("st", "write")
            cycles = access_cycles(item.lane_offsets, item.width_bits, op, gpu.lds).cycles
            totals[side]["instructions"] += mult
            totals[side]["wavefronts"] += mult * cycles
            totals[side]["bank_conflicts"] += mult * (cycles - ideal_wavefronts(item.lane_offsets, item.width_bits,
                                                                                 op, gpu.lds))
    return totals


def ideal_wavefronts(addresses, width_bits: int, op: str, lds) -> int:
    """Wavefronts an access needs without conflicts: per phase, its distinct words over the banks
    (a 128-bit store of 16 distinct chunks per half-warp moves 256 bytes: 2 wavefronts, no conflict)."""
    dwords = max(32, width_bits) // 32
    total = 0
    for group in lds.lane_phases(op, max(32, width_bits)):
        words = {a // lds.bank_width_bytes + d for lane in group if lane < len(addresses)
                 for a in (addresses[lane],) for d in range(dwords)}
        if words:
            total += -(-len(words) // lds.banks)
    return total
