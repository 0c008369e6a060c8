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

from gemmsim.model.resource import Server


class IssuePort(Server):
    """One instruction per cycle per SIMD; waves that ask in the same cycle go one after the other."""

    def take(self, now: float) -> float:
        # reserve(now, 1.0) written out (once per instruction; the port is drawn on no timeline and
        # its busy cycles are not reported)
        start = now if now > self.free_at else self.free_at
        self.free_at = start + 1.0
        return start


class MatrixPipe(Server):
    """The SIMD's MFMA unit: busy for an instruction's full cycle count, one instruction at a time."""


class VectorAlu(Server):
    """The SIMD's 16-lane VALU: a wave64 operation holds it for `valu_cycles`."""


@dataclass
class Simd:
    index: int
    issue: IssuePort
    matrix: MatrixPipe
    valu: VectorAlu

    @classmethod
    def build(cls, index: int) -> "Simd":
        return cls(index, IssuePort(f"simd{index}.issue"), MatrixPipe(f"simd{index}.mfma"), VectorAlu(f"simd{index}.valu"))
