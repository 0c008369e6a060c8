"""Control flow of a parsed kernel: basic blocks, natural loops, and the hot loop.

A basic block starts at a label or after a branch and ends at a branch; `s_branch` jumps,
`s_cbranch_*` jumps or falls through, `s_endpgm` ends the wave. A back edge is an edge to a block
that dominates its source; the blocks that reach the back edge without passing the header form
the loop (a natural loop). The hot loop is the loop with the most matrix instructions (ties: the
innermost), which is where a GEMM spends its time.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gemmsim.errors import InputError
from gemmsim.frontends.amdgpu.parser import AsmInstr, KernelSource, Label

_ENDS_WAVE = ("s_endpgm", "s_endpgm_saved", "s_setpc_b64", "s_trap")


@dataclass
class Block:
    index: int
    label: str | None
    statements: list = field(default_factory=list)   # AsmInstr and Marker, in order
    taken: int | None = None          # branch target block
    fall: int | None = None           # fall-through block
    preds: list[int] = field(default_factory=list)

    @property
    def instructions(self) -> list[AsmInstr]:
        return [s for s in self.statements if isinstance(s, AsmInstr)]

    @property
    def terminator(self) -> AsmInstr | None:
        instrs = self.instructions
        return instrs[-1] if instrs else None

    @property
    def successors(self) -> list[int]:
        return [b for b in (self.taken, self.fall) if b is not None]

    @property
    def first_line(self) -> int:
        return self.statements[0].lineno if self.statements else 0

    @property
    def last_line(self) -> int:
        return self.statements[-1].lineno if self.statements else 0


@dataclass
class LoopInfo:
    header: int
    blocks: frozenset[int]
    latches: tuple[int, ...]
    parent: "LoopInfo | None" = None
    mfmas: int = 0

    @property
    def depth(self) -> int:
        return 0 if self.parent is None else 1 + self.parent.depth


@dataclass
class CFG:
    blocks: list[Block]
    loops: list[LoopInfo]
    reachable: frozenset[int]

    def loop_of_header(self, block: int) -> LoopInfo | None:
        for loop in self.loops:
            if loop.header == block:
                return loop
        return None

    def hot_loop(self) -> LoopInfo | None:
        if not self.loops:
            return None
        return max(self.loops, key=lambda loop: (loop.mfmas, -len(loop.blocks)))


def is_conditional(mnemonic: str) -> bool:
    return mnemonic.startswith("s_cbranch_")


def build_cfg(kernel: KernelSource) -> CFG:
    blocks, by_label = _split_blocks(kernel)
    for b in blocks:
        term = b.terminator
        nxt = b.index + 1 if b.index + 1 < len(blocks) else None
        if term is None:
            b.fall = nxt
            continue
        name = term.mnemonic
        if name == "s_branch" or is_conditional(name):
            target = term.operands[0] if term.operands else ""
            if target not in by_label:
                raise InputError(f"{kernel.path}:{term.lineno}: expected a label defined in {kernel.name}, "
                                 f"got branch target {target!r}")
            b.taken = by_label[target]
            b.fall = nxt if is_conditional(name) else None
        elif name.startswith(_ENDS_WAVE):
            b.fall = None
        else:
            b.fall = nxt
    for b in blocks:
        for s in b.successors:
            blocks[s].preds.append(b.index)
    reachable = _reachable(blocks)
    loops = _natural_loops(blocks, reachable)
    return CFG(blocks, loops, reachable)


def _split_blocks(kernel: KernelSource) -> tuple[list[Block], dict[str, int]]:
    """Blocks in layout order and the block each label names (consecutive labels name one block)."""
    blocks: list[Block] = [Block(0, None)]
    labels: dict[str, int] = {}
    for s in kernel.body:
        cur = blocks[-1]
        if isinstance(s, Label):
            if cur.statements:
                cur = Block(len(blocks), s.name)
                blocks.append(cur)
            elif cur.label is None:
                cur.label = s.name
            labels[s.name] = cur.index
            continue
        cur.statements.append(s)
        if isinstance(s, AsmInstr) and (s.mnemonic == "s_branch" or is_conditional(s.mnemonic)
                                         or s.mnemonic.startswith(_ENDS_WAVE)):
            blocks.append(Block(len(blocks), None))
    if len(blocks) > 1 and not blocks[-1].statements and blocks[-1].index not in labels.values():
        blocks.pop()
    return blocks, labels


def _reachable(blocks: list[Block]) -> frozenset[int]:
    seen, stack = set(), [0]
    while stack:
        b = stack.pop()
        if b in seen:
            continue
        seen.add(b)
        stack.extend(blocks[b].successors)
    return frozenset(seen)


def _dominators(blocks: list[Block], reachable: frozenset[int]) -> dict[int, set[int]]:
    order = sorted(reachable)
    dom = {b: set(order) for b in order}
    dom[0] = {0}
    changed = True
    while changed:
        changed = False
        for b in order[1:]:
            preds = [p for p in blocks[b].preds if p in reachable]
            new = set.intersection(*(dom[p] for p in preds)) if preds else set()
            new = new | {b}
            if new != dom[b]:
                dom[b], changed = new, True
    return dom


def _natural_loops(blocks: list[Block], reachable: frozenset[int]) -> list[LoopInfo]:
    dom = _dominators(blocks, reachable)
    bodies: dict[int, set[int]] = {}
    latches: dict[int, list[int]] = {}
    for b in sorted(reachable):
        for s in blocks[b].successors:
            if s in dom[b]:                      # back edge b -> s
                body = bodies.setdefault(s, {s})
                latches.setdefault(s, []).append(b)
                stack = [b]
                while stack:
                    x = stack.pop()
                    if x in body:
                        continue
                    body.add(x)
                    stack.extend(p for p in blocks[x].preds if p in reachable)
    loops = [LoopInfo(h, frozenset(body), tuple(latches[h])) for h, body in sorted(bodies.items())]
    for loop in loops:
        outer = [o for o in loops if o is not loop and loop.blocks < o.blocks]
        loop.parent = min(outer, key=lambda o: len(o.blocks)) if outer else None
        loop.mfmas = sum(1 for b in loop.blocks for i in blocks[b].instructions if i.mnemonic.startswith(("v_mfma", "v_smfmac")))
    return loops
