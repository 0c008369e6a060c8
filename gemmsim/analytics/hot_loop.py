"""What a kernel's hot loop is made of, and the FlyDSL GEMM guide's verdicts on it: pure counting.

The guide reads a main loop by counting its instructions by class and judges two ratios:
MFMAs over all instructions (over 40% good, 30-40% acceptable, under 30% too much non-MFMA
overhead) and memory instructions (LDS reads and writes, global loads, global -> LDS copies)
over all (under 40% good overlap, over 50% memory-dominant, between: watch). The same counts
serve `gemmsim analyze` (a generated Program), `gemmsim isa` (a parsed one) and `predict`'s
result; report/ only formats them.
"""

from __future__ import annotations

from dataclasses import dataclass

from gemmsim.hw import GPU
from gemmsim.ir.program import Item, Op, Program, count_ops, hot_loop, walk
from gemmsim.jsonable import plain
from gemmsim.analytics.lds_banks import instruction_report

MFMA_RATIO_GOOD, MFMA_RATIO_OK = 0.40, 0.30      # the guide's hot-loop thresholds
MEMORY_RATIO_GOOD, MEMORY_RATIO_HIGH = 0.40, 0.50
MEMORY_OPS = (Op.LDS_READ, Op.LDS_WRITE, Op.VMEM_LOAD, Op.LDS_DMA)   # what the memory ratio counts
# The guide's names for the classes it counts in a compiled loop.
GUIDE_COUNTS = {"v_mfma": (Op.MFMA,), "s_barrier": (Op.BARRIER,), "buffer_load": (Op.VMEM_LOAD, Op.LDS_DMA),
                "ds_read": (Op.LDS_READ,), "ds_write": (Op.LDS_WRITE,), "s_waitcnt": (Op.WAITCNT,),
                "valu": (Op.VALU,), "salu": (Op.SALU,), "buffer_store": (Op.VMEM_STORE,)}


def mfma_verdict(ratio: float) -> str:
    return "good" if ratio > MFMA_RATIO_GOOD else "acceptable" if ratio >= MFMA_RATIO_OK else "too much non-MFMA overhead"


def memory_verdict(ratio: float) -> str:
    return "good overlap" if ratio < MEMORY_RATIO_GOOD else "memory-dominant" if ratio > MEMORY_RATIO_HIGH else "watch"


@dataclass(frozen=True)
class LoopMix:
    """One pass over a loop body: instructions by class, and the guide's two ratios."""

    counts: dict[Op, int]
    instructions: int
    mfma_ratio: float
    memory_ratio: float

    @property
    def mfma_ratio_verdict(self) -> str:
        return mfma_verdict(self.mfma_ratio)

    @property
    def memory_ratio_verdict(self) -> str:
        return memory_verdict(self.memory_ratio)

    def guide_counts(self) -> dict[str, int]:
        """The counts under the guide's names (v_mfma, s_barrier, buffer_load, ...)."""
        return {name: sum(self.counts.get(op, 0) for op in ops) for name, ops in GUIDE_COUNTS.items()}


def loop_mix(body: tuple[Item, ...], weighted: bool = True) -> LoopMix:
    """The mix of a loop body; `weighted` multiplies loops nested in it by their trip counts
    (without, the instructions of one walk through it: a nested loop's body once, if it runs)."""
    if weighted:
        counts = count_ops(body)
    else:
        counts = {}
        for instr, _ in walk(body):
            counts[instr.op] = counts.get(instr.op, 0) + 1
    total = sum(counts.values())
    memory = sum(counts.get(op, 0) for op in MEMORY_OPS)
    return LoopMix(counts, total, counts.get(Op.MFMA, 0) / total if total else 0.0,
                   memory / total if total else 0.0)


@dataclass(frozen=True)
class HotLoopMix:
    """Wave 0's hot loop as a prediction and `gemmsim analyze` report it: one pass's counts by class
    (an Op's value), its trip count, and the guide's ratios (rounded to 4 places) and verdicts.
    Written field by field (gemmsim.jsonable); no hot loop writes {} (`hot_loop_section`)."""

    trip_count: int
    counts: dict[str, int]
    instructions: int
    mfma_ratio: float
    mfma_ratio_verdict: str
    memory_ratio: float
    memory_ratio_verdict: str


def hot_loop_mix(program: Program) -> HotLoopMix | None:
    """Wave 0's hot loop (None when the stream has no loop)."""
    loop = hot_loop(program.waves[0])
    if loop is None:
        return None
    mix = loop_mix(loop.body)
    return HotLoopMix(
        trip_count=loop.trip_count,
        counts={op.value: n for op, n in sorted(mix.counts.items(), key=lambda kv: kv[0].value)},
        instructions=mix.instructions,
        mfma_ratio=round(mix.mfma_ratio, 4),
        mfma_ratio_verdict=mix.mfma_ratio_verdict,
        memory_ratio=round(mix.memory_ratio, 4),
        memory_ratio_verdict=mix.memory_ratio_verdict,
    )


def hot_loop_section(mix: HotLoopMix | None) -> dict:
    """The JSON form of a hot loop's mix: its fields, or {} without a hot loop."""
    return {} if mix is None else plain(mix)



def lds_conflicts_by_access(program: Program, gpu: GPU) -> list[dict]:
    """Conflict cost of each distinct LDS access of wave 0's hot loop (or whole stream without a loop)."""
    loop = hot_loop(program.waves[0])
    items = loop.body if loop else program.waves[0]
    rows: dict[tuple, dict] = {}
    for instr, _ in walk(items):
        report = instruction_report(instr, gpu.lds)
        if report is None:
            continue
        key = (instr.opcode, instr.tag.split(" k")[0].split(" m")[0], report.cycles, report.phases)
        row = rows.setdefault(key, {"opcode": instr.opcode, "what": key[1], "count": 0, "cycles": report.cycles,
                                    "phases": report.phases, "conflict_cycles": report.conflict_cycles,
                                    "max_ways": report.max_ways})
        row["count"] += 1
    return list(rows.values())

