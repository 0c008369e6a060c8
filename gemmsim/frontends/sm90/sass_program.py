"""Any `cuobjdump -sass` listing of a GEMM kernel as a Program: no stream generator of its own.

The listing (sass_reader.parse_sass: instructions and their control bits) is run for one block
with the kernel's arguments bound to the problem (sass_eval: every thread's registers at once):

* Branches follow their evaluated guards. A guard that differs between threads follows the side
  most threads take (said in the notes); an unknown one (computed from loaded data) falls through.
* A taken backward branch closes a loop. Its first three iterations are walked in full (they must
  take one path); the rest are counted by running only the instructions the loop's branches depend
  on (its counter and bound: the trip count follows from K and the kernel's step, whatever they
  are), and every other register that moved by the same amount each iteration is carried forward
  so that the code after the loop sees its value. Loops inside loops are refused.
* Each instruction becomes an IR instruction for each warp, with its compiled control bits (stall
  count, scoreboard barriers: the replay follows them, model/scoreboard.py): HMMA a matrix op
  (the GPU file's cycles for its shape), FFMA / DFMA and an IMAD of two loaded registers a
  multiply-add on the VALU, LDG / STG a global access (its sectors and L1 lines, common.global_access)
  whose per-iteration stride is the difference of its addresses between the first two iterations,
  LDGSTS (cp.async) a global access that lands in shared memory (Op.LDS_DMA), LDS / LDSM / STS a
  shared access with the 32 lanes' addresses (bank conflicts), BAR.SYNC a barrier, DEPBAR.LE SB0, N
  (wait for all but the N newest cp.async groups) a wait on the global accesses issued since the
  N-th newest group began; everything else one issue slot.
* A shared access keeps its first iteration's addresses (a pipeline's stages lie whole multiples of
  128 bytes apart: the banks are the same in every stage).
* The block's place in each buffer (Program.block_bases) is found by running the blocks next to
  block 0 along M and N (the first loop iteration for A and B, the whole kernel with K cut to two
  loop steps' worth for C).

The kernel's arguments are given in order (`args`): A, B, C name the buffers' pointers, `null` a
pointer the kernel does not use, and an integer expression in M, N, K (cdiv(x, y), //, *, +, -) a
32-bit integer: Triton's matmul is A:B:C:M:N:K:K:N:N:null:null (the strides of row-major operands;
unit strides are compiled in; two scratch pointers at the end), kernels/mma_preshuffle.hip is
A:B:C:M:N:K:<k_blocks>.
"""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from gemmsim.errors import ConfigError, InputError
from gemmsim.frontends.sm90.common import (Sm90Problem, check_warp_size, fma_cycles, global_access, issue_only,
                                           shared_access)
from gemmsim.frontends.sm90.sass_eval import (Evaluator, Machine, MemRef, State, _pair, parse_operand)
from gemmsim.frontends.sm90.sass_reader import SassInstr, loops, read_sass
from gemmsim.hw import GPU
from gemmsim.ir.program import Instr, Loop, Op, Program, Resources

PARAM_BASE = 0x210           # sm_90: the kernel's arguments start here in constant bank 0
BUFFER_SHIFT = 40            # buffer i's pointer is i << 40: a global address names its buffer
BUFFERS = ("A", "B", "C")
MAX_STEPS = 2_000_000        # instructions one walk may evaluate (a runaway loop is refused)
DETAILED_ITERATIONS = 3
MATRIX_OPCODES = {"HMMA.16816.F32.BF16": "mma.sync.m16n8k16.bf16"}
_BRA_TARGET = re.compile(r"0x([0-9a-fA-F]+)")


@dataclass(frozen=True)
class SassKernel:
    """A listing and what it cannot say itself: the arguments, the block, the tile, the resources."""

    path: str
    function: str | None
    args: tuple[str, ...]
    block: tuple[int, int, int]
    tile: tuple[int, int]                 # rows of C (M) x columns (N) one block computes
    registers: int | None = None          # per thread (default: the highest register the code names + 1)
    shared_bytes: int | None = None       # per block (default: the highest shared byte it touches)


# ---- the arguments ----------------------------------------------------------------------------------
def bind_arguments(args: tuple[str, ...], problem: Sm90Problem, k: int | None = None) -> dict[int, int]:
    """Constant bank 0 words of the arguments (pointers A, B, C at i << 40; integers evaluated)."""
    words: dict[int, int] = {}
    offset = PARAM_BASE
    env = {"M": problem.m, "N": problem.n, "K": problem.k if k is None else k}
    for token in args:
        name = token.strip()
        if name in BUFFERS or name.lower() == "null":
            offset += -offset % 8
            value = (BUFFERS.index(name) + 1) << BUFFER_SHIFT if name in BUFFERS else 0
            words[offset], words[offset + 4] = value & 0xFFFFFFFF, value >> 32
            offset += 8
        else:
            offset += -offset % 4
            words[offset] = _integer(name, env) & 0xFFFFFFFF
            offset += 4
    return words


def _integer(text: str, env: dict[str, int]) -> int:
    """An argument's value: an integer expression in M, N, K (+ - * //, cdiv(a, b))."""
    try:
        tree = ast.parse(text, mode="eval").body
    except SyntaxError:
        raise InputError(f"sass argument {text!r}: expected A, B, C, null or an integer expression in M, N, K") from None

    def ev(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return node.value
        if isinstance(node, ast.Name) and node.id in env:
            return env[node.id]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -ev(node.operand)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv)):
            a, b = ev(node.left), ev(node.right)
            return {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b}.get(type(node.op), a // b if b else 0)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "cdiv" and len(node.args) == 2:
            a, b = ev(node.args[0]), ev(node.args[1])
            return -(-a // b)
        raise InputError(f"sass argument {text!r}: expected A, B, C, null or an integer expression in M, N, K")

    return ev(tree)


# ---- the walk -----------------------------------------------------------------------------------------
@dataclass
class Event:
    """One executed instruction: the threads it ran for and, for a memory access, their addresses."""

    index: int                      # into the listing's instructions
    mask: np.ndarray
    address: np.ndarray | None = None    # global: 64-bit address; shared: byte offset (per thread)
    shared: np.ndarray | None = None     # LDGSTS: the shared destination
    vmcnt: int | None = None             # DEPBAR: global accesses it may leave in flight
    multiply_add: bool = False
    unresolved: bool = False             # a memory access whose address came out unknown


@dataclass
class LoopFold:
    body: list[Event]
    second: list[Event]               # the second iteration (strides)
    third: list[Event] | None
    trips: int
    header: int
    tail: list[Event] | None = None   # the last iteration, where it takes another path (straight code after the loop)


@dataclass
class WalkResult:
    items: list                       # Events and LoopFolds in program order
    notes: list[str] = field(default_factory=list)


class Walk:
    def __init__(self, instrs: list[SassInstr], machine: Machine):
        self.instrs = instrs
        self.index_of = {ins.address: i for i, ins in enumerate(instrs)}
        self.ev = Evaluator(machine)
        self.n = machine.threads
        self.headers = {}
        for lp in loops(instrs):
            self.headers.setdefault(self.index_of[lp.start], set()).add(self.index_of[lp.end])
        self.operands = [_split_operands(ins.operands) for ins in instrs]
        self.notes: list[str] = []
        self.steps = 0
        self.vm_issued = 0               # global accesses issued so far (the replay's VM counter)
        self.groups: list[int] = []      # cp.async groups: the VM count at each group's first access
        self.group_open: int | None = None

    # one instruction
    def step(self, i: int, st: State, alive: np.ndarray) -> tuple[Event, int | None]:
        """Execute instruction i; return its event and the index of the next instruction (None: exit)."""
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise InputError(f"the walk of the SASS ran past {MAX_STEPS} instructions (a loop that never ends?)")
        ins = self.instrs[i]
        ops = self.operands[i]
        guard = self.ev.guard(st, ins.predicate)
        if guard is None:
            self._note(f"{ins.address:#06x} {ins.opcode}: guard {ins.predicate} unknown, taken as true")
            guard = np.ones(self.n, dtype=bool)
        mask = guard & alive
        event = Event(i, mask)
        base = ins.base
        if base in ("LDG", "STG", "LDS", "STS", "LDSM", "LDGSTS", "LD", "ST"):
            self._memory(ins, ops, st, event)
        elif base == "DEPBAR":
            event.vmcnt = self._depbar(ops)
        elif base == "LDGDEPBAR":
            if self.group_open is not None:
                self.groups.append(self.group_open)
            self.group_open = None
        elif base in ("BRA", "EXIT", "BAR", "BSSY", "BSYNC", "NOP", "WARPSYNC", "RET", "CALL"):
            pass
        else:
            self.ev.execute(st, ins.opcode, ops, mask)
            event.multiply_add = base == "IMAD" and self.ev.multiply_add
        nxt = i + 1
        if base == "BRA":
            target = self.index_of.get(int(_BRA_TARGET.search(ins.operands).group(1), 16)) \
                if _BRA_TARGET.search(ins.operands) else None
            if target is None:
                raise InputError(f"{ins.address:#06x} BRA {ins.operands}: branch target not in the function")
            taken = self._decide(ins, guard, alive)
            nxt = target if taken else i + 1
        elif base == "EXIT":
            leaving = mask
            alive &= ~leaving
            if not alive.any():
                nxt = None
        return event, nxt

    def _decide(self, ins: SassInstr, guard: np.ndarray, alive: np.ndarray) -> bool:
        taking = guard[alive]
        if taking.all():
            return True
        if not taking.any():
            return False
        share = taking.mean()
        self._note(f"{ins.address:#06x} BRA: {share:.0%} of the threads take it; followed the larger side")
        return share > 0.5

    def _memory(self, ins: SassInstr, ops: list[str], st: State, event: Event) -> None:
        base = ins.base
        loads = base in ("LDG", "LDS", "LDSM", "LD")
        if loads:
            ref = parse_operand(ops[1]) if len(ops) > 1 else None
        elif base == "LDGSTS":
            ref = parse_operand(ops[1])
            shared = parse_operand(ops[0])
            event.shared = self.ev.address(st, shared) if isinstance(shared, MemRef) else None
        else:
            ref = parse_operand(ops[0])
        if not isinstance(ref, MemRef):
            event.unresolved = True
            if loads:
                self.ev.load(st, ins.opcode, ops, event.mask)
            return
        event.address = self.ev.address(st, ref)
        if loads:   # after the address: a load may overwrite its own address register
            self.ev.load(st, ins.opcode, ops, event.mask)
        if event.address is None or (base == "LDGSTS" and event.shared is None):
            event.unresolved = True
        if base in ("LDG", "STG", "LDGSTS", "LD", "ST") and event.mask.any():
            if base == "LDGSTS" and self.group_open is None:
                self.group_open = self.vm_issued
            self.vm_issued += 1

    def _depbar(self, ops: list[str]) -> int | None:
        """DEPBAR.LE SB0, N: the accesses issued since the N-th newest committed group began."""
        try:
            keep = int(ops[1], 0)
        except (IndexError, ValueError):
            return None
        if keep >= len(self.groups):
            return self.vm_issued
        if keep == 0:
            return self.vm_issued - (self.group_open if self.group_open is not None else self.vm_issued) \
                if self.group_open is not None else 0
        return self.vm_issued - self.groups[-keep]

    def _note(self, text: str) -> None:
        if text not in self.notes and len(self.notes) < 50:
            self.notes.append(text)

    # the whole function
    def run(self, st: State, stop_after_first_iteration: bool = False) -> WalkResult:
        alive = np.ones(self.n, dtype=bool)
        items: list = []
        arrivals: dict[int, tuple[State, int]] = {}
        i = 0
        while i is not None:
            if i in self.headers:
                arrivals[i] = (st.copy(), len(items))
            event, nxt = self.step(i, st, alive)
            items.append(event)
            if nxt is not None and nxt <= i and self.instrs[i].base == "BRA":
                if nxt not in arrivals:
                    raise InputError(f"{self.instrs[i].address:#06x}: a backward branch into code not walked yet")
                if stop_after_first_iteration:
                    return WalkResult(items, self.notes)
                state0, at = arrivals.pop(nxt)
                first = items[at:]
                del items[at:]
                fold, st = self._loop(nxt, i, first, state0, st, alive)
                items.append(fold)
                nxt = i + 1
            i = nxt
        return WalkResult(items, self.notes)

    def _iteration(self, header: int, branch: int, st: State, alive: np.ndarray) -> tuple[list[Event], bool]:
        """One iteration from the header to the back edge; (events, whether it branched back)."""
        events, i = [], header
        while True:
            if i != header and i in self.headers:
                raise InputError(f"{self.instrs[i].address:#06x}: a loop inside a loop (not supported by the SASS front-end)")
            event, nxt = self.step(i, st, alive)
            events.append(event)
            if nxt is None:
                return events, False
            if i == branch:
                return events, nxt == header
            if nxt <= i and self.instrs[i].base == "BRA":
                raise InputError(f"{self.instrs[i].address:#06x}: a loop inside a loop (not supported by the SASS front-end)")
            if nxt > branch or nxt < header:
                return events, False   # left the loop
            i = nxt

    def _loop(self, header: int, branch: int, first: list[Event], state0: State, st: State,
              alive: np.ndarray) -> tuple["LoopFold", State]:
        """The loop whose first iteration was just walked: more iterations in detail, then counted."""
        states = [state0, st.copy()]
        iterations = [first]
        back = True
        while back and len(iterations) < DETAILED_ITERATIONS:
            events, back = self._iteration(header, branch, st, alive)
            iterations.append(events)
            states.append(st.copy())
        body = [e.index for e in first]
        tail = None
        if not back and len(iterations) > 1 and [e.index for e in iterations[-1]] != body:
            tail = iterations.pop()     # the last iteration takes its own path: peeled off the loop
        if any([e.index for e in it] != body for it in iterations):
            raise InputError(f"the loop at {self.instrs[header].address:#06x} takes another path in a later iteration "
                             "than its last (not supported by the SASS front-end)")
        trips = len(iterations)
        if back:
            more, st, tail = self._count(header, branch, body, states, alive)
            trips += more
        third = iterations[2] if len(iterations) > 2 else None
        second = iterations[1] if len(iterations) > 1 else iterations[0]
        return LoopFold(first, second, third, trips, header, tail), st

    def _slice_iteration(self, header: int, branch: int, needed: set[int], st: State,
                         alive: np.ndarray) -> tuple[list[int], bool]:
        """One iteration running only the instructions in `needed` and the branches; (the indices
        run, whether it branched back)."""
        ran, i = [], header
        while True:
            ins = self.instrs[i]
            if i in needed or ins.base == "BRA" or i == branch:
                ran.append(i)
                _, nxt = self.step(i, st, alive)
            else:
                nxt = i + 1
            if i == branch:
                return ran, nxt == header
            if nxt is None or nxt > branch or nxt < header:
                return ran, False
            i = nxt

    def _count(self, header: int, branch: int, body: list[int], states: list[State],
               alive: np.ndarray) -> tuple[int, State, list[Event] | None]:
        """The iterations left after the detailed ones, running only what the loop's branches depend
        on; (how many take the body's path, the state after the loop, the last iteration's events
        where it takes another path)."""
        needed = _slice(body, [self.instrs[i] for i in body], self.operands)
        expected = [i for i in body if i in needed or self.instrs[i].base == "BRA" or i == branch]
        defined = _defined(needed, self.instrs, self.operands)
        st = states[-1].copy()
        extra = 0
        while True:
            before = st.copy()
            ran, back = self._slice_iteration(header, branch, needed, st, alive)
            if ran != expected:
                if back:
                    raise InputError(f"the loop at {self.instrs[header].address:#06x} takes another path in a later "
                                     "iteration than its last (not supported by the SASS front-end)")
                full = _carried(states, extra, before, defined)
                events, _ = self._iteration(header, branch, full, alive)
                return extra, full, events
            extra += 1
            if not back:
                return extra, _carried(states, extra, st, defined), None
            if extra > MAX_STEPS:
                raise InputError(f"the loop at {self.instrs[header].address:#06x} does not end")


def _carried(states: list[State], extra: int, counted: State, defined: set[str]) -> State:
    """The state `extra` iterations after the last detailed one: what the counted instructions
    define from `counted`; a register that moved by the same amount in the detailed iterations
    carried on by it, one that alternated between two values carried on alternating; else unknown."""
    a, b, c = states[-3], states[-2], states[-1]
    out = counted.copy()
    for name, v in c.regs.items():
        if name in defined:
            continue
        va, vb = a.regs.get(name), b.regs.get(name)
        if v is None or va is None or vb is None:
            out.regs[name] = None
        elif np.array_equal(va, v):
            out.regs[name] = v if extra % 2 == 0 else vb
        else:
            d1, d2 = (vb - va) & 0xFFFFFFFF, (v - vb) & 0xFFFFFFFF
            out.regs[name] = (v + extra * d2) & 0xFFFFFFFF if np.array_equal(d1, d2) else None
    for name, v in c.preds.items():
        if name in defined:
            continue
        vb = b.preds.get(name)
        out.preds[name] = v if v is not None and vb is not None and np.array_equal(v, vb) else None
    out.loaded = set(c.loaded)
    return out


def _split_operands(text: str) -> list[str]:
    """Operands split at the top-level commas (a memory operand's brackets hold none)."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


_NAME = re.compile(r"\b(U?R\d+|U?P\d+)\b")


def _names(text: str) -> set[str]:
    return set(_NAME.findall(text))


def _defined(indices, instrs, operands) -> set[str]:
    out = set()
    for i in indices:
        out |= _writes(instrs[i], operands[i])
    return out


def _writes(ins: SassInstr, ops: list[str]) -> set[str]:
    """Registers and predicates an instruction may write (over-approximated: the leading operands)."""
    if ins.base in ("STG", "STS", "BRA", "BAR", "EXIT", "LDGSTS", "DEPBAR", "LDGDEPBAR", "BSSY", "BSYNC", "NOP"):
        return set()
    out = set()
    for o in ops:
        names = _names(o)
        if not names or "[" in o:
            break
        out |= names
        reg = next(iter(names))
        if reg.lstrip("U").startswith("R"):
            out.add(_pair(reg))
            break
    return out


def _slice(path: list[int], instrs: list[SassInstr], operands) -> set[int]:
    """The instructions of a loop body that its branches' guards depend on (twice round the loop,
    for loop-carried values)."""
    needed: set[str] = set()
    keep: set[int] = set()
    for i, ins in zip(path, instrs):
        if ins.base in ("BRA", "EXIT") and ins.predicate:
            needed |= _names(ins.predicate)
    for _ in range(3):
        for i, ins in reversed(list(zip(path, instrs))):
            if ins.base in ("LDG", "LDS", "LDSM", "LDGSTS"):
                continue
            w = _writes(ins, operands[i])
            if w & needed:
                keep.add(i)
                needed |= _names(ins.operands) | _names(ins.predicate)
    return keep


# ---- the Program --------------------------------------------------------------------------------------
def _width(opcode: str) -> int:
    if ".128" in opcode:
        return 16
    if ".64" in opcode:
        return 8
    if re.search(r"\.(U16|S16)\b", opcode):
        return 2
    if re.search(r"\.(U8|S8)\b", opcode):
        return 1
    return 4


def _ldsm_lanes(opcode: str) -> int:
    return {"1": 8, "2": 16, "4": 32}.get(opcode.rsplit(".", 1)[-1], 32)


def _buffer_offsets(addresses: np.ndarray) -> tuple[str | None, np.ndarray]:
    tags = addresses >> BUFFER_SHIFT
    first = int(tags[0])
    if first < 1 or first > len(BUFFERS) or not np.all(tags == first):
        return None, addresses
    return BUFFERS[first - 1], addresses - (first << BUFFER_SHIFT)


class Builder:
    """Events -> per-warp IR instructions."""

    def __init__(self, instrs: list[SassInstr], gpu: GPU, warps: int):
        self.instrs = instrs
        self.gpu = gpu
        self.warps = warps
        self.notes: list[str] = []
        self.matrix = {}

    def _mfma(self, opcode: str) -> Instr:
        name = MATRIX_OPCODES.get(opcode)
        entry = next((m for m in self.gpu.matrix if m.opcode == name), None) if name else None
        if entry is None:
            raise ConfigError(f"{opcode}: no matrix instruction of {self.gpu.name} stands for it "
                              f"(the SASS front-end knows {', '.join(MATRIX_OPCODES)})")
        return Instr(Op.MFMA, opcode, cycles=entry.cycles, latency=entry.latency_cycles)

    def instr(self, event: Event, warp: int, seen: set | None, strides: tuple[int, ...] = ()) -> list[Instr]:
        ins = self.instrs[event.index]
        lanes = slice(warp * 32, warp * 32 + 32)
        mask = event.mask[lanes]
        control = ins.control
        base, op = ins.base, ins.opcode
        tag = f"{ins.address:#06x} {op}"

        def plain() -> list[Instr]:
            return [replace(issue_only(1, tag)[0], control=control)]

        if base in ("HGMMA", "IMMA", "DMMA", "QGMMA", "IGMMA", "BGMMA"):
            raise ConfigError(f"{tag}: {base} (warp-group or non-bf16 matrix instructions) is not modelled by the SASS "
                              "front-end; it reads HMMA.16816.F32.BF16 (mma.sync)")
        if base == "HMMA":
            if not mask.any():
                return plain()
            return [replace(self._mfma(op), control=control, tag=tag)]
        if base in ("FFMA", "DFMA") or (base == "IMAD" and event.multiply_add):
            dtype = {"FFMA": "fp32", "DFMA": "fp64", "IMAD": "int32"}[base]
            return [Instr(Op.VALU, {"FFMA": "FFMA", "DFMA": "DFMA", "IMAD": "IMAD"}[base],
                          cycles=fma_cycles(self.gpu, dtype), control=control, tag=tag)]
        if base == "BAR":
            return [Instr(Op.BARRIER, "BAR.SYNC", control=control, tag=tag)]
        if base == "DEPBAR":
            wait = Instr(Op.WAITCNT, "DEPBAR", vmcnt=event.vmcnt, tag=tag)
            return ([wait] if event.vmcnt is not None else []) + plain()
        if base in ("LDG", "STG", "LDGSTS", "LDS", "STS", "LDSM"):
            if not mask.any():
                return plain()
            if event.unresolved:
                self._note(f"{tag}: address not known from the arithmetic; its bytes are counted, not its lanes")
            if base in ("LDS", "STS", "LDSM"):
                if event.address is None:
                    return [replace(Instr(Op.LDS_READ if base != "STS" else Op.LDS_WRITE, op,
                                          width_bits=8 * _width(op), lane_bytes=_width(op), buffer="lds"),
                                    control=control, tag=tag)]
                addrs = event.address[lanes]
                if base == "LDSM":
                    active = [int(a) & 0xFFFFFF for a in addrs[:_ldsm_lanes(op)]]
                    width = 16
                else:
                    active = [int(a) & 0xFFFFFF for a, on in zip(addrs, mask) if on]
                    width = _width(op)
                kind = Op.LDS_WRITE if base == "STS" else Op.LDS_READ
                return [replace(shared_access(kind, op, active, width, tag), control=control)]
            kind = {"LDG": Op.VMEM_LOAD, "STG": Op.VMEM_STORE, "LDGSTS": Op.LDS_DMA}[base]
            if event.address is None:
                return [replace(Instr(kind, op, width_bits=8 * _width(op), lane_bytes=_width(op), buffer="A"),
                                control=control, tag=tag)]
            buffer, offsets = _buffer_offsets(event.address[lanes][mask])
            if buffer is None:
                self._note(f"{tag}: its addresses name no one buffer of A, B, C")
                return plain()
            instr = global_access(self.gpu.memory, kind, op, buffer, [int(o) for o in offsets], _width(op), tag,
                                  seen if kind is Op.VMEM_LOAD else None, strides)
            return [replace(instr, control=control)]
        return plain()

    def _note(self, text: str) -> None:
        if text not in self.notes and len(self.notes) < 50:
            self.notes.append(text)

    def stride(self, first: Event, second: Event, third: Event | None) -> tuple[int, ...]:
        """A global access's per-iteration step: the same for every thread and both steps seen (else
        its first iteration's addresses are kept, said so)."""
        if self.instrs[first.index].base not in ("LDG", "STG", "LDGSTS") or first.address is None \
                or second.address is None:
            return ()
        both = first.mask & second.mask
        if not both.any():
            return ()
        d = np.unique((second.address - first.address)[both])
        steady = len(d) == 1
        if steady and third is not None and third.address is not None:
            later = both & third.mask
            steady = not later.any() or np.array_equal(np.unique((third.address - second.address)[later]), d)
        if not steady:
            self._note(f"{self.instrs[first.index].address:#06x}: the access does not move by one step per "
                       "iteration; its first iteration's addresses are kept")
            return ()
        return (int(d[0]),)

    def stream(self, items: list, warp: int) -> list:
        out: list = []
        seen: set = set()
        for item in items:
            if isinstance(item, Event):
                out.extend(self.instr(item, warp, seen))
                continue
            seen_body: set = set()
            body = []
            for k, ev in enumerate(item.body):
                third = item.third[k] if item.third is not None else None
                body.extend(self.instr(ev, warp, seen_body, self.stride(ev, item.second[k], third)))
            out.append(Loop(tuple(body), item.trips, f"loop@{self.instrs[item.header].address:#06x}"))
            seen = set()
            for ev in item.tail or ():
                out.extend(self.instr(ev, warp, seen))
            seen = set()
        return out


@dataclass
class SassProgram:
    program: Program
    problem: Sm90Problem
    trips: dict[str, int]
    notes: list[str]


def build_program(kernel: SassKernel, problem: Sm90Problem, gpu: GPU) -> SassProgram:
    check_warp_size(gpu)
    instrs = read_sass(kernel.path, kernel.function)
    threads = math.prod(kernel.block)
    if threads % 32:
        raise ConfigError(f"block {kernel.block}: {threads} threads is not a whole number of 32-thread warps")
    grid = (math.ceil(problem.m / kernel.tile[0]), math.ceil(problem.n / kernel.tile[1]))
    walk = _walk(instrs, kernel, problem, grid, (0, 0, 0))
    result = walk.run(State())
    builder = Builder(instrs, gpu, threads // 32)
    waves = tuple(tuple(builder.stream(result.items, w)) for w in range(threads // 32))
    bases = block_bases(instrs, kernel, problem, grid)
    registers = kernel.registers or _registers_named(instrs)
    shared = kernel.shared_bytes if kernel.shared_bytes is not None else _shared_touched(result.items, instrs)
    resources = Resources(arch_vgprs=registers, accum_vgprs=0, sgprs=0, lds_bytes=shared, workgroup_size=threads)
    name = kernel.function or Path(kernel.path).stem
    program = Program(name=name, arch=gpu.arch, wave_size=gpu.cu.wave_size, waves=waves, resources=resources,
                      grid=grid, block_bases=bases, source=f"sass:{kernel.path}")
    trips = {f"loop@{instrs[it.header].address:#06x}": it.trips for it in result.items if isinstance(it, LoopFold)}
    notes = result.notes + builder.notes
    if walk.ev.unknown_ops:
        notes.append("not evaluated (results unknown): " + ", ".join(sorted(walk.ev.unknown_ops)))
    return SassProgram(program, problem, trips, notes)


def _walk(instrs, kernel: SassKernel, problem: Sm90Problem, grid, ctaid, k: int | None = None) -> Walk:
    constants = bind_arguments(kernel.args, problem, k)
    bx, by, bz = kernel.block
    launch = (grid[0] * grid[1], 1, 1)
    constants.update({0x0: bx, 0x4: by, 0x8: bz, 0xC: launch[0], 0x10: launch[1], 0x14: launch[2], 0x28: 0})
    machine = Machine(bx * by * bz, kernel.block, ctaid, constants, launch)
    return Walk(instrs, machine)


def _registers_named(instrs) -> int:
    high = 0
    for ins in instrs:
        for r in re.findall(r"\bR(\d+)\b", ins.operands):
            high = max(high, int(r))
    return high + 1 + 2   # R0..Rhigh, and the two ptxas keeps beside them


def _shared_touched(items, instrs) -> int:
    """The shared bytes the accesses span, from the kilobyte their lowest address lies in (sm_90 puts
    a block's shared memory after a reserved kilobyte: addresses start at 0x400)."""
    low, high = None, 0
    for item in items:
        for ev in ([item] if isinstance(item, Event) else item.body + (item.tail or [])):
            ins = instrs[ev.index]
            addr = ev.shared if ins.base == "LDGSTS" else ev.address if ins.base in ("LDS", "STS", "LDSM") else None
            if addr is not None and ev.mask.any():
                touched = addr[ev.mask] & 0xFFFFFF
                high = max(high, int(touched.max()) + _width(ins.opcode))
                low = int(touched.min()) if low is None else min(low, int(touched.min()))
    return high - (low // 1024 * 1024) if low is not None else 0


# ---- where a block's tile lies in each buffer ---------------------------------------------------------
PROBE_BLOCKS = 64


def block_bases(instrs, kernel: SassKernel, problem: Sm90Problem, grid) -> dict[str, tuple[int, int]]:
    """Bytes between block 0's first access of each buffer and its neighbour's along M (bx) and N (by).
    The neighbours are found among the first PROBE_BLOCKS block ids (x, then y): the block that moves A
    but not B is the next one along M, the one that moves B but not A the next along N."""
    def first_access(ctaid, k=None) -> dict[str, int]:
        walk = _walk(instrs, kernel, problem, grid, ctaid, k)
        items = walk.run(State(), stop_after_first_iteration=k is None).items
        found: dict[str, int] = {}
        for ev in items:
            if isinstance(ev, Event) and ev.address is not None and ev.mask.any() and \
                    instrs[ev.index].base in ("LDG", "STG", "LDGSTS"):
                buf, offs = _buffer_offsets(ev.address[ev.mask])
                if buf and buf not in found:
                    found[buf] = int(offs.min())
        return found

    if grid == (1, 1):
        return {}
    candidates = [(1, 0, 0), (0, 1, 0)] + [(x, 0, 0) for x in range(2, PROBE_BLOCKS)]
    origin = first_access((0, 0, 0))
    along_m = along_n = None
    for c in candidates:
        if along_m is not None and along_n is not None:
            break
        here = first_access(c)
        moved = {b for b in ("A", "B") if b in here and here.get(b) != origin.get(b)}
        if moved == {"A"} and along_m is None:
            along_m = c, here
        elif moved == {"B"} and along_n is None:
            along_n = c, here
    bases = {}
    for buf in ("A", "B"):
        per_m = along_m[1].get(buf, 0) - origin.get(buf, 0) if along_m else 0
        per_n = along_n[1].get(buf, 0) - origin.get(buf, 0) if along_n else 0
        bases[buf] = (per_m, per_n)
    # C: the whole kernel with K cut short (its epilogue's addresses do not depend on K)
    short_k = None
    if along_m or along_n:
        short_k = 1
        c0 = first_access((0, 0, 0), k=short_k).get("C", 0)
        cm = first_access(along_m[0], k=short_k).get("C", c0) if along_m else c0
        cn = first_access(along_n[0], k=short_k).get("C", c0) if along_n else c0
        bases["C"] = (cm - c0, cn - c0)
    return bases
