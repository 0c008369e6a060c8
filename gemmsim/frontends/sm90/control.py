"""The control information nvcc writes into every sm_90 instruction, decoded from its encoding.

An sm_70+ instruction is 128 bits; `cuobjdump -sass` prints them as two 64-bit words, the low word
on the instruction's line and the high word on the next. The compiler, not the hardware, resolves
most hazards, and it says how in the top bits of the high word (bit numbers of that word):

    41-44  stall count: cycles before the warp's next instruction may issue (fixed-latency
           results: the consumer of an FFMA 4 instructions later needs no wait, the next one a stall)
    45     yield: the bit as encoded (the warp scheduler may switch warps; not modelled)
    46-48  write scoreboard barrier (0-5; 7 = none): set at issue, released when a variable-latency
           result (global or shared load, S2R, LDC, ...) has been written
    49-51  read scoreboard barrier (0-5; 7 = none): released once the instruction has read its
           source registers (a store's data, a load's address), so they may be overwritten
    52-57  wait mask: the barriers (bit b = barrier b) that must be released before it issues
    58-61  operand reuse flags (the operand cache; no timing of their own here)

References for the layout: Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via
Microbenchmarking" (2018), section 2.1, unchanged through sm_90 (turingas, CuAssembler). The
decoding is checked against instructions whose control is known (tests/test_sm90_control.py):
a load sets a write barrier that its consumer waits on, a dependent FFMA chain stalls 4 cycles
per link, a dependent mma.sync chain 24 (the measured latencies of validation/results/h200/
microbench.csv).
"""

from __future__ import annotations

from gemmsim.ir.program import Control

NO_BARRIER = 7


def decode_control(high_word: int) -> Control:
    """The control fields of an instruction from the high 64-bit word of its encoding."""
    write = (high_word >> 46) & 0x7
    read = (high_word >> 49) & 0x7
    return Control(stall=(high_word >> 41) & 0xF, yield_bit=bool((high_word >> 45) & 0x1),
                   write_barrier=None if write == NO_BARRIER else write,
                   read_barrier=None if read == NO_BARRIER else read,
                   wait_mask=(high_word >> 52) & 0x3F, reuse=(high_word >> 58) & 0xF)


def describe(control: Control) -> str:
    """A compact text of the fields, as the SASS annotators print them: S04 W2 R- M0b000100."""
    wb = "-" if control.write_barrier is None else str(control.write_barrier)
    rb = "-" if control.read_barrier is None else str(control.read_barrier)
    return f"S{control.stall:02d} W{wb} R{rb} M{control.wait_mask:06b}"
