"""LDS bank conflicts, computed from the byte address of every lane.

The LDS is split into `banks` banks of `bank_width_bytes`; a dword at byte address a lives in
bank (a / 4) mod banks. An access is served in phases: only the lanes of one phase group (which
depend on the access width and the arch, see [lds.phases] in the GPU file) compete for banks.
Within a phase, lanes that touch different dwords of the same bank serialize; lanes that touch
the same dword are served together (broadcast). A phase therefore takes as many cycles as its
most-loaded bank has distinct dwords, and the conflict cycles of an access are the cycles beyond
one per phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from gemmsim.caches import kept
from gemmsim.hw import LDS
from gemmsim.ir.program import Op, executions, lane_addresses


@dataclass(frozen=True)
class BankReport:
    cycles: int            # cycles the access occupies the LDS
    phases: int            # conflict-free cycles (one per phase)
    max_ways: int          # worst bank load in any phase

    @property
    def conflict_cycles(self) -> int:
        return self.cycles - self.phases


def bank_load(addresses: Sequence[int], width_bits: int, op: str, lds: LDS) -> list[list[int]]:
    """How many distinct dwords each phase of one access asks of each bank: one row per phase, one
    column per bank. A row's largest entry is that phase's cycles (before the bandwidth floor that
    access_cycles also applies), so a row of ones is conflict-free and a 4 is a 4-way conflict."""
    bank_bits = lds.bank_width_bytes * 8
    dwords = max(bank_bits, width_bits) // bank_bits
    rows = []
    for group in lds.lane_phases(op, max(bank_bits, width_bits)):
        words: list[set[int]] = [set() for _ in range(lds.banks)]
        for lane in group:
            if lane < len(addresses):
                first = addresses[lane] // lds.bank_width_bytes
                for d in range(first, first + dwords):
                    words[d % lds.banks].add(d)
        rows.append([len(w) for w in words])
    return rows


def access_cycles(addresses: Sequence[int], width_bits: int, op: str, lds: LDS) -> BankReport:
    """Bank-conflict cost of one LDS access (op 'read' or 'write') with per-lane byte addresses."""
    bank_bits = lds.bank_width_bytes * 8
    width = max(bank_bits, width_bits)  # a sub-word access still occupies its whole bank word
    return _cost(tuple(addresses), width // bank_bits, lds.lane_phases(op, width), lds.banks, lds.bank_width_bytes)


@kept(65536)
def _cost(addresses: tuple[int, ...], dwords: int, phases: tuple[tuple[int, ...], ...], banks: int,
          bank_width: int) -> BankReport:
    cycles = used = worst = 0
    for group in phases:
        per_bank: dict[int, set[int]] = {}
        for lane in group:
            if lane >= len(addresses):
                continue
            first = addresses[lane] // bank_width
            for d in range(first, first + dwords):
                per_bank.setdefault(d % banks, set()).add(d)
        if not per_bank:
            continue
        ways = max(len(words) for words in per_bank.values())
        # a phase moves at most `banks` dwords per cycle even without conflicts
        ways = max(ways, -(-sum(len(w) for w in per_bank.values()) // banks))
        cycles += ways
        used += 1
        worst = max(worst, ways)
    return BankReport(cycles, used, worst)


def instruction_report(instr, lds: LDS, counters: tuple[int, ...] = ()) -> BankReport | None:
    """Bank cost of one IR instruction (both halves of a ds_read2/ds_write2), or None if it is not
    an LDS access with known lane addresses."""
    if instr.op not in (Op.LDS_READ, Op.LDS_WRITE) or instr.lane_offsets is None:
        return None
    kind = "read" if instr.op == Op.LDS_READ else "write"
    first = lane_addresses(instr, counters)
    accesses = [first]
    if instr.lane_offsets2 is not None:
        shift = first[0] - instr.lane_offsets[0]
        accesses.append(tuple(o + shift for o in instr.lane_offsets2))
    reports = [access_cycles(addresses, instr.width_bits, kind, lds) for addresses in accesses]
    return BankReport(sum(r.cycles for r in reports), sum(r.phases for r in reports), max(r.max_ways for r in reports))


def stream_conflicts(items, lds: LDS, weighted: bool = True) -> int:
    """Total conflict cycles of an instruction stream (loop bodies times their trip counts if weighted).
    LDS addresses do not move with loop counters in the IR, so one visit per body suffices."""
    total = 0
    for instr, times in executions(items, weighted):
        report = instruction_report(instr, lds)
        total += report.conflict_cycles * times if report else 0
    return total
