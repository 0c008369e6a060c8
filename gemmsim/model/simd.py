"""One SIMD of a compute unit: its issue port, its matrix pipe and its vector ALU.

A CDNA compute unit has four SIMDs; each wave lives on one of them. Every cycle a SIMD's issue
port can take one instruction from one of its waves (a wave never issues two in one cycle). A
matrix instruction (MFMA) holds the SIMD's matrix pipe for its cycle count from the GPU file; the
next one, dependent or not, starts when the pipe frees up, so back-to-back MFMAs on one
accumulator run without a gap. A wave64 VALU operation holds the 16-lane vector ALU for
`valu_cycles`. The pipes run beside each other: while one wave's MFMA occupies the matrix pipe,
the SIMD keeps issuing other waves' loads, LDS reads and VALU work.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from gemmsim.model.resource import Server


class IssuePort(Server):
    """One instruction per cycle per SIMD; waves that ask in the same cycle go one after the other."""

    def take(self, now: float) -> float:
        """An instruction issues at `now` (or when the port frees up); return the cycle it issues in.
        (Server.reserve(now, 1.0) without its books: the port is drawn on no timeline and its busy
        cycles are not reported, and it is taken once per instruction.)"""
        start = now if now > self.free_at else self.free_at
        self.free_at = start + 1.0
        return start


class Pipe(Server):
    """A SIMD's execution pipe: one operation at a time, first come first served, each holding it
    for its cycle count. An operation is booked when its wave knows when it is ready (its source
    registers, its waits), so a slot is held for it from then on; it issues in the first whole
    cycle of its slot. A wave that finds the pipe taken waits, booked to `stall_reason`."""

    stall_reason = ""

    def book(self, ready: float, cycles: float, name: str = "") -> float:
        """Book the pipe for an operation ready at `ready` that holds it `cycles` cycles; return the
        cycle it starts (and issues) in. (Server.reserve written out: booked once per MFMA or VALU op.)"""
        free = self.free_at
        start = ready if ready > free else free
        self.free_at = start + cycles
        self.busy_cycles += cycles
        if self.observer is not None:
            self.observer.busy(self.track, name, start, start + cycles)
        return ceil(start)


class MatrixPipe(Pipe):
    """The SIMD's matrix core (MFMA unit; an SM sub-partition's tensor core): busy for an MFMA's full
    cycle count, one at a time. A dependent MFMA on the same accumulator follows its producer back to
    back, as the hardware forwards the accumulator inside the pipe."""

    stall_reason = "mfma_pipe"


class VectorAlu(Pipe):
    """The SIMD's vector ALU (16 lanes on CDNA: a wave64 operation holds it for `valu_cycles`; an SM
    sub-partition's FMA pipe for NVIDIA's fixed-latency ALU ops)."""

    stall_reason = "valu_pipe"


@dataclass
class Simd:
    index: int
    issue: IssuePort
    matrix: MatrixPipe
    valu: VectorAlu

    @classmethod
    def build(cls, index: int) -> "Simd":
        return cls(index, IssuePort(f"simd{index}.issue"), MatrixPipe(f"simd{index}.mfma"), VectorAlu(f"simd{index}.valu"))
