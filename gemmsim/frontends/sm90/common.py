"""What the sm_90 (H200) instruction streams share: the problem of a non-bf16 GEMM, global-load
sectors, shared-memory lane addresses and the issue-only instructions of address arithmetic.

How the NVIDIA hardware maps onto the IR (the model's vocabulary is AMD's):
* one stream per warp (32 lanes); a block of 256 threads is 8 streams;
* FFMA / DFMA / IMAD are VALU ops whose pipe time comes from the GPU file: one warp instruction
  needs wave_size multiply-adds, and a sub-partition does peak_flops_per_clk / 2 / simds of them
  per clock (fp32: 1 cycle, fp64 and int32: 2 cycles on the H200);
* HMMA (mma.sync) is an MFMA op with the cycles of the matrix table;
* LDG / STG are VMEM ops; the L1 merges the lanes of one warp instruction into 32-byte sectors,
  so an instruction carries one lane_offsets entry per distinct sector (lane_bytes = 32): its
  bytes are what the warp asks of the memory system, not 32 x the access width. It also carries
  the 128-byte lines its lanes touch (its L1Access): the L1 and shared memory share one data pipe,
  which takes one line (or one shared-memory wavefront) per cycle (validation/results/h200/
  cuda_suite_2026-11-29/microbench_extra.csv, l1_lines: 0.998 lines per cycle per SM for 2 to 32
  lines per load; the portable suite's microbench.csv: 0.99), and no more than a line's bytes of
  the lanes' data per cycle (microbench_l1wide.csv: a 64-bit load of one line takes 2 cycles);
* LDS / STS carry the byte address of each of the 32 lanes (bank conflicts come from them);
* NVIDIA has no s_waitcnt: a consumer waits on a scoreboard for the load it reads. Given the
  compiled loop's control bits (sass_reader.hot_loop_controls), each placed instruction carries
  those of its compiled counterpart and the replay follows them (model/scoreboard.py); without,
  the WAITCNT ops emitted by WaitTracker express the same rule (wait for this load, not for later ones);
* address arithmetic, predicates and moves are issue-only instructions (Op.SALU, one issue slot,
  no pipe): the compiler's count per iteration is read from its SASS listing (sass_reader).
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, replace

from gemmsim.dtypes import element_bytes
from gemmsim.errors import ConfigError
from gemmsim.hw import GPU, Memory
from gemmsim.problem import Problem
from gemmsim.ir.program import Control, Instr, L1Access, Loop, Op, Program
from gemmsim.ir.waits import WaitTracker

WARP_LANES = 32   # a rule of the kernels: their thread -> element maps are written for 32-thread warps
FMA_OPCODE = {"fp32": "FFMA", "fp64": "DFMA", "int32": "IMAD"}


@dataclass(frozen=True)
class Sm90Problem(Problem):
    """A GEMM whose inputs may be fp32, fp64 or int32 (the ladder) and whose C element has its own
    width (fp32 C for the bf16 matrix-core kernel)."""

    c_bytes: int = 4

    @property
    def elem_bytes(self) -> float:
        return element_bytes(self.dtype)

    def min_bytes(self) -> float:
        return (self.m + self.n) * self.k * self.elem_bytes + self.m * self.n * self.c_bytes


def check_warp_size(gpu: GPU) -> None:
    """The streams follow the kernels' 32-thread warps: the GPU must run waves of that width."""
    if gpu.cu.wave_size != WARP_LANES:
        raise ConfigError(f"{gpu.name} runs {gpu.cu.wave_size}-lane waves: the sm_90 streams are written for "
                          f"{WARP_LANES}-thread warps")


def fma_cycles(gpu: GPU, dtype: str) -> int:
    """Pipe cycles of one warp-wide multiply-add of `dtype` on one sub-partition."""
    per_clk_per_simd = gpu.cu.peak_flops_per_clk[dtype] / 2 / gpu.cu.simds
    return max(1, round(gpu.cu.wave_size / per_clk_per_simd))


def launch_instructions(program: Program) -> int:
    """The warp instructions a launch issues, as Nsight Compute's inst_executed counts them: every
    warp's, loops unrolled, times the grid (a WAITCNT stands for a scoreboard wait and issues nothing)."""
    def issued(items) -> int:
        return sum(issued(i.body) * i.trip_count if isinstance(i, Loop) else i.op is not Op.WAITCNT for i in items)
    return sum(issued(w) for w in program.waves) * math.prod(program.grid)


def sectors(byte_addresses, sector_bytes: int) -> tuple[int, ...]:
    """The distinct sectors the lanes touch, as byte offsets of their first byte."""
    return tuple(sorted({a // sector_bytes * sector_bytes for a in byte_addresses}))


def global_access(memory: Memory, op: Op, opcode: str, buffer: str, lane_addresses, width_bytes: int, tag: str,
                  seen: set | None = None, strides: tuple[int, ...] = ()) -> Instr:
    """An LDG/STG: the L1 sectors its lanes touch (less those `seen` by the same warp in this
    iteration, which the L1 serves), a sector each; and the L1 lines its lanes touch, which
    the L1 takes through the data pipe it shares with shared memory (l1_lines)."""
    sector = memory.l1_sector_bytes
    touched = set()
    for a in lane_addresses:
        # sampled per 4-byte word from the lane's first byte: an access that is not word-aligned and
        # crosses a sector in its last bytes misses that sector (kept so that predictions stay put)
        touched.update(sectors(range(a, a + width_bytes, 4), sector))
    # the data pipe moves one line's bytes a cycle: a warp's 64-bit access takes 2 cycles even on one line
    # (l1wide: l1_wide_b64_half, 1 line, 0.466 loads per cycle per SM, as 2 lines; validation/README.md)
    lines = max(len({s // memory.l1_line_bytes for s in touched}),
                -(-len(lane_addresses) * width_bytes // memory.l1_line_bytes))
    partial = _partial_sectors(lane_addresses, width_bytes, sector) if op is Op.VMEM_STORE else 0
    if seen is not None:   # sectors of one buffer: A's offset 0 is not B's
        fresh = sorted(s for s in touched if (buffer, s) not in seen)
        seen.update((buffer, s) for s in touched)
    else:
        fresh = sorted(touched)
    return Instr(op, opcode, width_bits=8 * width_bytes, lane_bytes=sector, buffer=buffer,
                 lane_offsets=tuple(fresh), iter_strides=strides, tag=tag,
                 l1=L1Access(lines, tuple(sorted(touched)), partial))


def _partial_sectors(lane_addresses, width_bytes: int, sector: int) -> int:
    """The sectors a store's lanes write only part of (the L1 merges their bytes: store_shape)."""
    written: dict[int, set[int]] = {}
    for a in lane_addresses:
        for byte in range(a, a + width_bytes):
            written.setdefault(byte // sector, set()).add(byte % sector)
    return sum(len(b) < sector for b in written.values())


def shared_access(op: Op, opcode: str, lane_addresses, width_bytes: int, tag: str) -> Instr:
    return Instr(op, opcode, width_bits=8 * width_bytes, lane_bytes=width_bytes, buffer="lds",
                 lane_offsets=tuple(lane_addresses), tag=tag)


def issue_only(count: int, tag: str) -> list[Instr]:
    """`count` instructions that take an issue slot and nothing else (address arithmetic, moves)."""
    return [Instr(Op.SALU, "IALU", cycles=1, tag=tag) for _ in range(count)]


# ---- one loop body in the compiler's order --------------------------------------------------------

ISSUE_ONLY = "."   # an instruction of no counted class in an order string


@dataclass(frozen=True)
class Slot:
    """A generated instruction before it is placed: its class letter (as sass_reader.order_letters
    writes it), the token a consumer names it by (loads), and the tokens it reads."""

    instr: Instr
    kind: str
    token: object = None
    needs: tuple = ()


def place(slots: list[Slot], order: str | None = None, extra_issue: int = 0, what: str = "loop body",
          controls: tuple[Control | None, ...] | None = None) -> list[Instr]:
    """The body in `order` (one letter per compiled instruction, '.' = issue-only), or in the
    source order followed by `extra_issue` issue-only slots; each instruction of a class takes
    the next generated one of that class. With `controls` (one per letter of `order`: the compiled
    instructions' control bits) every instruction carries its counterpart's, and the scoreboard
    they name replaces the waits; without, waits go in front of consumers, as WaitTracker puts them."""
    if controls is not None and (order is None or len(controls) != len(order)):
        raise ConfigError(f"{what}: {len(controls)} control entries for "
                          f"{'no compiled order' if order is None else f'{len(order)} compiled instructions'}")
    if order is None:
        order = "".join(s.kind for s in slots) + ISSUE_ONLY * extra_issue
    queues: dict[str, deque] = {}
    for s in slots:
        queues.setdefault(s.kind, deque()).append(s)
    for kind, queue in queues.items():
        if order.count(kind) != len(queue):
            raise ConfigError(f"{what}: the compiled order has {order.count(kind)} '{kind}' instructions, "
                              f"the generated body {len(queue)}")
    tracker, out = WaitTracker(), []
    for i, letter in enumerate(order):
        control = controls[i] if controls is not None else None
        if letter == ISSUE_ONLY:
            instr = issue_only(1, "address arithmetic")[0]
            out.append(instr if control is None else replace(instr, control=control))
            continue
        slot = queues[letter].popleft()
        if control is not None:
            out.append(replace(slot.instr, control=control))
            continue
        out.extend(tracker.wait_for(*slot.needs))
        out.append(slot.instr)
        if slot.token is not None:
            tracker.issued(slot.instr, slot.token)
    return out
