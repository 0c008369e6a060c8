"""Turn the control-flow graph of a parsed kernel into one wave's instruction stream.

The IR keeps loops as loops and has no branches inside a loop body, so the walk picks one path
through the code, evaluating the address arithmetic (machine.py) as it goes:

* A conditional branch whose condition is known from the evaluated registers follows it: the exec
  mask, VCC and SCC are computed from the work-item id, constants and bound kernel arguments.
* Unknown conditions follow fixed rules, each one recorded with its line: an exec-mask branch
  assumes the lanes are active (`s_cbranch_execz` falls through, `s_cbranch_execnz` is taken);
  a VCC or SCC branch before the hot loop takes the side that leads to the hot loop if only one
  does (the kernel is assumed to do its main work: "K > 0"), and otherwise falls through
  (compilers lay out the common path as the fall-through).
* Inside a loop, an edge that leaves the loop is not taken; coming back to the header ends one
  iteration. The loop is walked from its entry state, then again from the state after one
  iteration, then from a widened state (values that change by a constant per iteration become
  `start + unknown multiple`) until nothing changes, so every address inside is valid for all
  iterations. Lane offsets come from the first iteration; a global address that advances by the
  same amount in every lane becomes the instruction's per-iteration stride.
* The trip count follows from the loop counter when its start, step and bound are known (the
  compare that feeds the exit branch); otherwise the caller decides (program.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from gemmsim.frontends.amdgpu import lane_eval as le
from gemmsim.frontends.amdgpu.cfg import CFG, LoopInfo
from gemmsim.frontends.amdgpu.classify import Classified
from gemmsim.frontends.amdgpu.machine import Decoded, Machine, State
from gemmsim.frontends.amdgpu.operands import Operand
from gemmsim.frontends.amdgpu.parser import AsmInstr, Marker
from gemmsim.ir.program import Instr, Item, Loop, Op, Reg

MAX_LOOP_WALKS = 12
LOOKAHEAD_BLOCKS = 64        # how far an unknown branch looks for the hot loop
LDS_BANK_SHIFT_ALIGN = 2      # a uniform shift that is a multiple of 4 bytes moves every lane by whole banks


@dataclass
class LoopFacts:
    name: str
    header_line: int
    last_line: int
    trip: int | None                   # exact, from the counter, when known
    trip_source: str
    walks: int
    exit_line: int | None = None
    first_line: int = 0               # the loop's lowest line (a latch may sit above the header)


@dataclass
class WalkFacts:
    """What the walk decided and could not resolve, for the report."""

    branches: dict[int, str] = field(default_factory=dict)      # line -> choice and reason
    lds_unresolved: dict[int, str] = field(default_factory=dict)
    loops: dict[str, LoopFacts] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


@dataclass
class _Exit:
    line: int
    block: int
    state: State
    exit_when_scc: bool | None        # the SCC value that leaves the loop (None: not an SCC branch)
    at_latch: bool
    exit_on_vcc: bool | None = None   # VCC branch: leaves when VCC is non-zero (True) or zero (False)
    vcc_nonzero: bool | None = None   # VCC branch: whether VCC was non-zero here


class Walker:
    def __init__(self, cfg: CFG, decoded: dict[int, Decoded], classified: dict[int, Classified],
                 machine: Machine, buffer_names: dict[str, str], loop_names: dict[int, str]):
        self.cfg = cfg
        self.decoded = decoded            # id(AsmInstr) -> Decoded
        self.classified = classified      # id(AsmInstr) -> Classified
        self.m = machine
        self.buffer_names = buffer_names  # origin ("arg@8") -> buffer name ("B")
        self.loop_names = loop_names      # header block -> loop name
        self.facts = WalkFacts()
        self.vcc = Operand("special", 0, 2, "vcc")
        hot = cfg.hot_loop()
        self.hot_header = hot.header if hot is not None else None

    # ---- the walk ---------------------------------------------------------------------------------
    def run(self, state: State) -> list[Item]:
        items, _, _, _ = self._walk(0, state, None)
        return items

    def _walk(self, start: int, st: State, loop: LoopInfo | None):
        items: list[Item] = []
        exits: list[_Exit] = []
        block: int | None = start
        seen: set[int] = set()
        while block is not None:
            if loop is not None and block == loop.header and seen:
                return items, st, exits, "back"
            if loop is not None and block not in loop.blocks:
                return items, st, exits, "left"
            inner = self.cfg.loop_of_header(block)
            if inner is not None and inner is not loop:
                item, st, block = self._walk_loop(inner, st)
                items.extend(item if isinstance(item, list) else [item])
                continue
            if block in seen:
                self.facts.notes.append(f"the path returns to line {self.cfg.blocks[block].first_line} outside a "
                                        f"natural loop (irreducible control flow); the walk stops there")
                break
            seen.add(block)
            for stmt in self.cfg.blocks[block].statements:
                if isinstance(stmt, Marker):
                    continue
                d = self.decoded[id(stmt)]
                items.append(self._emit(d, self.classified[id(stmt)], st))
                self.m.execute(st, d)
            block, exit_info = self._choose(block, st, loop)
            if exit_info is not None:
                exits.append(exit_info)
        return items, st, exits, "end"

    def _choose(self, block: int, st: State, loop: LoopInfo | None):
        b = self.cfg.blocks[block]
        if b.taken is None or b.fall is None:
            return (b.taken if b.taken is not None else b.fall), None
        term = b.terminator
        if loop is not None and ((b.taken in loop.blocks) != (b.fall in loop.blocks)):
            stay, leave = (b.taken, b.fall) if b.taken in loop.blocks else (b.fall, b.taken)
            kind = term.mnemonic[len("s_cbranch_"):]
            exit_when = exit_on_vcc = vcc_nonzero = None
            if kind in ("scc0", "scc1"):
                exit_when = (kind == "scc1") == (leave == b.taken)
            elif kind in ("vccz", "vccnz"):
                exit_on_vcc = (kind == "vccnz") == (leave == b.taken)
                bits = self.m.read_mask(st, self.vcc)
                vcc_nonzero = None if bits is None else bool(bits.any())
            self.facts.branches[term.lineno] = f"{term.mnemonic}: stays in the loop (the exit is the loop's end)"
            return stay, _Exit(term.lineno, leave, st.copy(), exit_when, stay == loop.header, exit_on_vcc, vcc_nonzero)
        taken, reason = self._decide(term, st)
        if loop is None and reason.endswith("falls through") and self.hot_header is not None:
            leads = [side for side in (b.taken, b.fall) if self._reaches_hot(side, st)]
            if len(leads) == 1:
                taken = leads[0] == b.taken
                reason = reason.replace("falls through", "the side that leads to the hot loop")
        target = b.taken if taken else b.fall
        where = self.cfg.blocks[target].label or f"line {self.cfg.blocks[target].first_line}"
        self.facts.branches[term.lineno] = f"{term.mnemonic}: {'taken' if taken else 'not taken'} ({reason}) -> {where}"
        return target, None

    def _reaches_hot(self, block: int | None, st: State) -> bool:
        """Does the path from `block` (by the rules, on a copy of the state) come to the hot loop?"""
        st = st.copy()
        seen: set[int] = set()
        while block is not None and len(seen) < LOOKAHEAD_BLOCKS:
            if block == self.hot_header:
                return True
            if block in seen:
                return False
            seen.add(block)
            b = self.cfg.blocks[block]
            for stmt in b.statements:
                if not isinstance(stmt, Marker):
                    self.m.execute(st, self.decoded[id(stmt)])
            if b.taken is None or b.fall is None:
                block = b.taken if b.taken is not None else b.fall
            else:
                block = b.taken if self._decide(b.terminator, st)[0] else b.fall
        return False

    def _decide(self, term: AsmInstr, st: State) -> tuple[bool, str]:
        kind = term.mnemonic[len("s_cbranch_"):]
        if kind in ("execz", "execnz"):
            bits = self.m.exec_mask(st)
            if bits is None:
                return kind == "execnz", "exec unknown: lanes assumed active"
            zero = not bits.any()
            return (zero if kind == "execz" else not zero), f"exec {'empty' if zero else 'not empty'}"
        if kind in ("vccz", "vccnz"):
            bits = self.m.read_mask(st, self.vcc)
            if bits is None:
                return False, "VCC unknown: falls through"
            zero = not bits.any()
            return (zero if kind == "vccz" else not zero), f"VCC {'zero' if zero else 'not zero'}"
        if kind in ("scc0", "scc1"):
            if st.scc is None:
                return False, "SCC unknown: falls through"
            return st.scc == (kind == "scc1"), f"SCC = {int(st.scc)}"
        return False, f"{kind}: not modelled, falls through"

    # ---- loops --------------------------------------------------------------------------------------
    def _walk_loop(self, loop: LoopInfo, entry: State):
        name = self.loop_names[loop.header]
        walks = []
        header_state = entry
        concrete: list[State] = [entry]
        for it in range(MAX_LOOP_WALKS):
            items, end, exits, how = self._walk(loop.header, header_state.copy(), loop)
            walks.append((items, end, exits, how))
            if how != "back":
                break
            if it == 0:
                concrete.append(end)
                header_state = end
                continue
            if it == 1:
                concrete.append(end)
                widened = _widen(_widen(concrete[0], concrete[1]), end)
            else:
                widened = _widen(header_state, end)
            if it > 1 and _same_state(widened, header_state):
                break
            header_state = widened
        items, end, exits, how = walks[-1]
        facts = LoopFacts(name, self.cfg.blocks[loop.header].first_line,
                          max(self.cfg.blocks[b].last_line for b in loop.blocks), None, "", len(walks),
                          first_line=min(self.cfg.blocks[b].first_line for b in loop.blocks))
        self.facts.loops[name] = facts
        if walks[0][3] != "back":
            facts.trip_source = "the walked path leaves the loop in its first iteration; emitted once, not as a loop"
            exit_block = self._block_after(loop, walks[0])
            return list(walks[0][0]), walks[0][1], exit_block
        body = self._first_iteration_items(walks)
        trip, source = self._exact_trip(walks, loop)
        facts.trip, facts.trip_source = trip, source
        exit_state, exit_block = (exits[-1].state, exits[-1].block) if exits else (end, self._any_exit(loop))
        facts.exit_line = exits[-1].line if exits else None
        return Loop(tuple(body), trip if trip is not None else 1, name), exit_state, exit_block

    def _block_after(self, loop: LoopInfo, walk) -> int | None:
        return None if walk[3] == "end" else self._any_exit(loop)

    def _any_exit(self, loop: LoopInfo) -> int | None:
        for b in sorted(loop.blocks):
            for s in self.cfg.blocks[b].successors:
                if s not in loop.blocks:
                    return s
        return None

    def _first_iteration_items(self, walks) -> list[Instr]:
        """Items of the last (most general) walk, with the first iteration's exact lane offsets and the
        per-iteration strides of global addresses, where the walks took the same path."""
        final = walks[-1][0]
        first = walks[0][0]
        second = walks[1][0] if len(walks) > 1 else None
        if not _same_path(first, final):
            return list(final)
        second_same = second is not None and _same_path(first, second)
        out = []
        for i, (a, f) in enumerate(zip(first, final)):
            if isinstance(a, Loop):
                out.append(f)
                continue
            instr = a if a.lane_offsets is not None or f.lane_offsets is None else f
            if second_same and a.op in (Op.VMEM_LOAD, Op.VMEM_STORE, Op.LDS_DMA):
                stride = _stride(a, second[i])
                if stride is not None:
                    instr = _with(instr, iter_strides=(stride,))
            out.append(instr)
        return out

    def _exact_trip(self, walks, loop: LoopInfo) -> tuple[int | None, str]:
        """Trip count from the compare that feeds the exit branch: an s_cmp (SCC, or SCC -> s_cselect ->
        VCC) or a v_cmp of uniform values into VCC, whose one operand steps by a constant per iteration."""
        if len(walks) < 2 or not walks[0][2] or not walks[1][2]:
            return None, "no exit branch on the walked path"
        e0, e1 = walks[0][2][-1], walks[1][2][-1]
        if e0.line != e1.line:
            return None, f"the walked iterations leave at different lines ({e0.line}, {e1.line})"
        why = f"no compare feeds the exit branch at line {e0.line}"
        for field_name in (("vcc_cmp", "scc_cmp") if e0.exit_on_vcc is not None else ("scc_cmp",)):
            c0, c1 = getattr(e0.state, field_name), getattr(e1.state, field_name)
            if c0 is None or c1 is None or c0[0] != c1[0]:
                continue
            trip, why = self._trip_from_compare(e0, e1, c0, c1, via_vcc=field_name == "vcc_cmp")
            if trip is not None:
                return trip, why
        return None, why

    def _trip_from_compare(self, e0: _Exit, e1: _Exit, c0, c1, via_vcc: bool) -> tuple[int | None, str]:
        line, relation, signed, _, (a0, b0) = c0
        a1, b1 = c1[4]
        values = [v.scalar() if v is not None else None for v in (a0, b0, a1, b1)]
        if None in values:
            return None, f"the loop bound compared at line {line} depends on unknown values (kernel arguments?)"
        a0v, b0v, a1v, b1v = values
        if via_vcc:
            # VCC holds the (uniform) compare result: the branch leaves when VCC is (non-)zero
            consistent = [e0.vcc_nonzero, e1.vcc_nonzero] == [_relation(relation, signed, a0v, b0v),
                                                             _relation(relation, signed, a1v, b1v)]
            exit_when = e0.exit_on_vcc if consistent else None
        else:
            exit_when = e0.exit_when_scc
            if exit_when is None:
                exit_when = _exit_scc_through_vcc(e0, e1, relation, signed, (a0v, b0v), (a1v, b1v))
        if exit_when is None:
            return None, f"the exit branch (line {e0.line}) does not follow the compare at line {line}"
        if a0v != a1v and b0v == b1v:
            start, step, bound, counter_first = a0v, _signed32(a1v - a0v), b0v, True
        elif b0v != b1v and a0v == a1v:
            start, step, bound, counter_first = b0v, _signed32(b1v - b0v), a0v, False
        else:
            return None, f"no loop counter found in the compare at line {line}"
        j = _first_exit(start, step, bound, counter_first, relation, signed, exit_when)
        if j is None:
            return None, f"the counter compared at line {line} never reaches its bound"
        trip = j if e0.at_latch else j - 1
        return trip, (f"counter: starts {start}, steps {step}, {relation} {bound} at line {line} "
                      f"-> {trip} iterations")

    # ---- emitting IR instructions -------------------------------------------------------------------
    def _emit(self, d: Decoded, c: Classified, st: State) -> Instr:
        instr = d.instr
        tag = f"line {instr.lineno}"
        kwargs: dict = dict(op=c.op, opcode=instr.mnemonic, cycles=c.cycles, tag=tag)
        if c.op == Op.WAITCNT:
            kwargs.update(vmcnt=c.vmcnt, lgkmcnt=c.lgkmcnt)
        dst, srcs = _registers(d, c)
        kwargs.update(dst=dst, srcs=srcs)
        if c.op in (Op.LDS_READ, Op.LDS_WRITE):
            kwargs.update(width_bits=c.width_bits, lane_bytes=c.lane_bytes, buffer="lds")
            offsets, offsets2, why = self._lds_offsets(d, c, st)
            if offsets is None:
                self.facts.lds_unresolved[instr.lineno] = why
                kwargs.update(lane_offsets=None, tag=f"{tag}: LDS address unknown ({why})")
            else:
                kwargs.update(lane_offsets=offsets)
                if offsets2 is not None:
                    kwargs.update(lane_offsets2=offsets2)
        elif c.op in (Op.VMEM_LOAD, Op.VMEM_STORE, Op.LDS_DMA):
            kwargs.update(width_bits=c.width_bits, lane_bytes=c.lane_bytes)
            buffer, offsets = self._global_offsets(d, c, st)
            kwargs.update(buffer=buffer, lane_offsets=offsets)
            if c.op == Op.LDS_DMA:
                kwargs.update(lds_base=self._dma_lds_base(d, st))
        if c.note:
            kwargs["tag"] = f"{kwargs['tag']}: {c.note}"
        return _make_instr(kwargs)

    def _lds_offsets(self, d: Decoded, c: Classified, st: State):
        if c.family in ("ds_permute", "ds_other"):
            return None, None, "not a bank access"
        name = d.name
        has_dst = c.op == Op.LDS_READ or "_rtn_" in name
        index = 1 if has_dst else 0
        if "addtid" in name or len(d.ops) <= index:
            return None, None, "address from M0 and the lane id, not modelled"
        addr_op = d.ops[index]
        value = self.m.read32(st, addr_op)
        if value is None:
            return None, None, f"{addr_op.name} varies across lanes in a way that could not be evaluated"
        if value.sym and le._low_bit(value.sym) < LDS_BANK_SHIFT_ALIGN:
            return None, None, f"{addr_op.name} has a uniform unknown part that is not a multiple of 4 bytes"
        if c.accesses == 2:
            o0 = d.instr.int_modifier("offset0") * c.offset_unit
            o1 = d.instr.int_modifier("offset1") * c.offset_unit
            first = tuple(int(x) for x in (value.lanes + np.uint64(o0)) & np.uint64(le.M32))
            second = tuple(int(x) for x in (value.lanes + np.uint64(o1)) & np.uint64(le.M32))
            return first, second, ""
        off = d.instr.int_modifier("offset")
        return tuple(int(x) for x in (value.lanes + np.uint64(off)) & np.uint64(le.M32)), None, ""

    def _global_offsets(self, d: Decoded, c: Classified, st: State):
        """(buffer name, per-lane byte offsets from the buffer's base) of a vector-memory op."""
        name, ops = d.name, d.ops
        off = d.instr.int_modifier("offset")
        if name.startswith(("buffer_", "tbuffer_")):
            # loads: vdata, vaddr, srsrc, soffset; DMA and stores without vdata shift by one
            start = 0 if c.op == Op.LDS_DMA else 1
            if len(ops) < start + 3 or c.family == "cache_op":
                return "", None
            vaddr, srsrc, soffset = ops[start], ops[start + 1], ops[start + 2]
            base = self.m.read32(st, Operand(srsrc.kind, srsrc.index, 1, srsrc.name)) if srsrc.is_reg else None
            buffer = self._buffer_name(base)
            if d.instr.modifier("idxen") is not None:
                return buffer, None
            total = le.const(off, self.m.lanes)
            if d.instr.modifier("offen") is not None:
                total = le.add(total, self.m.read32(st, vaddr))
            total = le.add(total, self.m.read32(st, soffset))
            return buffer, _known_lanes(total)
        if name.startswith(("global_", "flat_", "scratch_")):
            # loads: vdst, vaddr, saddr|off; stores: vaddr, vdata, saddr|off; DMA: vaddr, saddr|off
            returns = c.op == Op.VMEM_LOAD or (c.family.endswith("atomic") and
                                               (d.instr.modifier("glc") is not None or d.instr.modifier("sc0") is not None))
            vaddr_index = 1 if returns else 0
            if len(ops) <= vaddr_index:
                return "", None
            vaddr = ops[vaddr_index]
            saddr = ops[-1] if len(ops) > vaddr_index + 1 and ops[-1].kind == "s" and ops[-1].count == 2 else None
            if saddr is not None:
                base = self.m.read64(st, saddr)
                total = le.add(le.const(off, self.m.lanes), self.m.read32(st, vaddr))
            else:
                base = self.m.read64(st, vaddr)
                total = le.add(le.const(off, self.m.lanes, wide=True), base, wide=True)
            return self._buffer_name(base), _known_lanes(total)
        return "", None

    def _buffer_name(self, base) -> str:
        if base is None or not base.origin:
            return ""
        return self.buffer_names.get(base.origin, base.origin)

    def _dma_lds_base(self, d: Decoded, st: State) -> int | None:
        m0 = self.m.read32(st, Operand("special", 0, 1, "m0"))
        if m0 is None or not m0.uniform:
            return None
        return int(m0.lanes[0]) + d.instr.int_modifier("offset")


# ---- helpers --------------------------------------------------------------------------------------------
def _make_instr(kwargs: dict) -> Instr:
    return Instr(**kwargs)


def _with(instr: Instr, **changes) -> Instr:
    from dataclasses import replace
    return replace(instr, **changes)


def _known_lanes(v) -> tuple[int, ...] | None:
    if v is None:
        return None
    return tuple(int(x) for x in v.lanes)


def _registers(d: Decoded, c: Classified) -> tuple[Reg | None, tuple[Reg, ...]]:
    regs = [Reg(o.kind, o.index, o.count) for o in d.ops if o.is_reg]
    if not regs:
        return None, ()
    writes = c.op in (Op.MFMA, Op.VALU, Op.SALU, Op.VMEM_LOAD, Op.SMEM) or (c.op == Op.LDS_READ)
    first_is_dst = writes and d.ops and d.ops[0].is_reg
    if first_is_dst:
        return regs[0], tuple(regs[1:])
    return None, tuple(regs)


def _stride(a: Instr, b: Instr) -> int | None:
    if a.lane_offsets is None or b.lane_offsets is None or len(a.lane_offsets) != len(b.lane_offsets):
        return None
    diffs = {y - x for x, y in zip(a.lane_offsets, b.lane_offsets)}
    if len(diffs) != 1:
        return None
    step = diffs.pop()
    return step if step else None


def _same_path(x: list, y: list) -> bool:
    return len(x) == len(y) and _signature(x) == _signature(y)


def _signature(items: list) -> tuple:
    return tuple(item.name if isinstance(item, Loop) else item.tag.split(":", 1)[0] for item in items)


def _widen(a: State, b: State) -> State:
    regs = {}
    for key in set(a.regs) | set(b.regs):
        regs[key] = le.join(a.regs.get(key), b.regs.get(key))
    scc = a.scc if a.scc == b.scc else None
    return State(regs, scc, None, None)


def _same_state(a: State, b: State) -> bool:
    if set(a.regs) != set(b.regs) or a.scc != b.scc:
        return False
    for key, x in a.regs.items():
        y = b.regs[key]
        if x is y:
            continue
        if isinstance(x, le.Val) and isinstance(y, le.Val):
            if not x.same_as(y):
                return False
        elif isinstance(x, le.HiOf) and isinstance(y, le.HiOf):
            if not x.lo.same_as(y.lo):
                return False
        elif x is not None or y is not None:
            return False
    return True


def _exit_scc_through_vcc(e0: _Exit, e1: _Exit, relation: str, signed: bool, first, second) -> bool | None:
    """A VCC exit branch fed by s_cmp -> s_cselect -> VCC: which compare result leaves the loop.
    Accepted only when VCC followed the compare (or its negation) in both walked iterations."""
    if e0.exit_on_vcc is None or e0.vcc_nonzero is None or e1.vcc_nonzero is None:
        return None
    results = [_relation(relation, signed, *pair) for pair in (first, second)]
    if results == [e0.vcc_nonzero, e1.vcc_nonzero]:
        follows = True
    elif results == [not e0.vcc_nonzero, not e1.vcc_nonzero]:
        follows = False
    else:
        return None
    return e0.exit_on_vcc if follows else not e0.exit_on_vcc


def _relation(relation: str, signed: bool, x: int, y: int) -> bool:
    if signed:
        x, y = _signed32(x), _signed32(y)
    return {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y}[relation]


def _signed32(x: int) -> int:
    x &= le.M32
    return x - (1 << 32) if x & 0x80000000 else x


def _first_exit(start: int, step: int, bound: int, counter_first: bool, relation: str, signed: bool,
                exit_when: bool) -> int | None:
    """Smallest j >= 1 such that the compare on the j-th visit gives `exit_when`
    (the counter is start + (j-1)*step on visit j)."""
    def value(j):
        v = (start + (j - 1) * step) & le.M32
        return _signed32(v) if signed else v

    b = _signed32(bound) if signed else bound

    def result(j):
        x, y = (value(j), b) if counter_first else (b, value(j))
        return {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y}[relation]

    if result(1) == exit_when:
        return 1
    if step == 0:
        return None
    if relation in ("eq", "ne"):
        target_true = (relation == "eq") == exit_when      # need x == y
        if not target_true:
            return 2
        diff = (bound - start) & le.M32
        s = step & le.M32
        for j in range(1, 65):   # solve (j-1)*step == diff (mod 2^32) for small j first
            if ((j - 1) * s - diff) & le.M32 == 0:
                return j
        if step > 0 and diff % step == 0:
            return diff // step + 1
        if step < 0 and (le.M32 + 1 - diff) % (-step) == 0:
            return (le.M32 + 1 - diff) // (-step) + 1
        return None
    lo, hi = 1, 1
    while result(hi) != exit_when:
        lo, hi = hi, hi * 2
        if hi > (1 << 33):
            return None
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        if result(mid) == exit_when:
            hi = mid
        else:
            lo = mid
    return hi
