"""Read `cuobjdump -sass` listings: functions, instructions, the hot loop and its opcode mix.

cuobjdump prints one instruction per line as `/*0310*/  @P1 FFMA R1, R2, R3, R1 ;  /* 0x<low word> */`
plus a second line holding only the high 64-bit word of the encoding, which carries the compiler's
control information (stall count, scoreboard barriers, wait mask: control.py); it is decoded into
SassInstr.control. A loop is a backward branch: a `BRA`
whose target address is at or before its own. The hot loop of a GEMM kernel is the loop body
that does the most matrix and FMA work (ties: the longest body); its instructions, counted by
class, are what the generated sm_90 Program's loop body must match (tests/test_sm90_sass.py).

Classes (what the timing model cares about):
    HMMA  tensor-core mma.sync              FFMA  FFMA, DFMA (floating-point multiply-add)
    IMAD  IMAD of two registers (the int32 multiply-add, and address arithmetic; not IMAD.MOV,
          IMAD.SHL or IMAD with an immediate, which are moves and shifts)
    LDS   shared loads (LDS, LDSM)          STS   shared stores
    LDG   global loads                      STG   global stores
    BAR   BAR.SYNC / BAR.RED
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from gemmsim.caches import kept
from gemmsim.errors import InputError
from gemmsim.files import read_text
from gemmsim.frontends.sm90.control import decode_control
from gemmsim.ir.program import Control

_FUNCTION = re.compile(r"^\s*Function\s*:\s*(\S+)\s*$")
_INSTR = re.compile(r"^\s*/\*([0-9a-fA-F]{4,})\*/\s+(@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_.]*)\s*([^;]*);")
_BRA_TARGET = re.compile(r"0x([0-9a-fA-F]+)")
_ENCODING_ONLY = re.compile(r"^\s*/\*\s*(0x[0-9a-fA-F]{16})\s*\*/\s*$")

CLASSES = ("HMMA", "FFMA", "IMAD", "LDS", "STS", "LDG", "STG", "BAR")


@dataclass(frozen=True)
class SassInstr:
    address: int
    opcode: str        # full opcode with modifiers, e.g. "LDS.128", "IMAD.WIDE"
    operands: str
    predicate: str = ""
    control: Control | None = None   # decoded from the encoding's high word (None: the listing lacks it)

    @property
    def base(self) -> str:
        return self.opcode.split(".")[0]


@dataclass(frozen=True)
class SassLoop:
    start: int         # address of the first instruction of the body (the branch target)
    end: int           # address of the backward branch
    body: tuple[SassInstr, ...]


def parse_sass(text: str) -> dict[str, list[SassInstr]]:
    """Function name -> its instructions, in address order."""
    functions: dict[str, list[SassInstr]] = {}
    current: list[SassInstr] | None = None
    awaiting_high = False   # the last line was an instruction: the next may hold its high word
    for line in text.splitlines():
        m = _FUNCTION.match(line)
        if m:
            current = functions.setdefault(m.group(1), [])
            awaiting_high = False
            continue
        m = _INSTR.match(line)
        if m and current is not None:
            current.append(SassInstr(int(m.group(1), 16), m.group(3), m.group(4).strip(),
                                     (m.group(2) or "").strip()))
            awaiting_high = True
            continue
        m = _ENCODING_ONLY.match(line)
        if m and awaiting_high and current:
            current[-1] = replace(current[-1], control=decode_control(int(m.group(1), 16)))
        awaiting_high = False
    return functions


def read_sass(path: str | Path, function: str | None = None) -> list[SassInstr]:
    """The instructions of `function` (default: the only function) in a listing file."""
    path = Path(path)
    functions = _parsed(read_text(path, "a SASS listing"))
    if not functions:
        raise InputError(f"{path}: no 'Function :' section found (expected cuobjdump -sass output)")
    if function is None:
        if len(functions) != 1:
            raise InputError(f"{path}: {len(functions)} functions; name one of {sorted(functions)}")
        return list(next(iter(functions.values())))
    if function not in functions:
        raise InputError(f"{path}: function {function!r} not found; present: {sorted(functions)}")
    return list(functions[function])


@kept(64)
def _parsed(text: str) -> dict[str, list[SassInstr]]:
    """A listing parsed once per text: a prediction reads its hot loop's order, control bits and
    surroundings from the same file (reading and hashing the text costs a small part of parsing it)."""
    return parse_sass(text)


def loops(instrs: list[SassInstr]) -> list[SassLoop]:
    """Every backward branch as a loop body [target, branch]."""
    found = []
    for i, ins in enumerate(instrs):
        if ins.base != "BRA":
            continue
        m = _BRA_TARGET.search(ins.operands)
        if not m:
            continue
        target = int(m.group(1), 16)
        if target < ins.address:
            body = tuple(x for x in instrs if target <= x.address <= ins.address)
            found.append(SassLoop(target, ins.address, body))
    return found


def classify(ins: SassInstr) -> str | None:
    """The class of an instruction (see the module docstring), or None for the rest."""
    op, base = ins.opcode, ins.base
    if base == "HMMA":
        return "HMMA"
    if base in ("FFMA", "DFMA"):
        return "FFMA"
    if op in ("IMAD", "IMAD.WIDE", "IMAD.WIDE.U32", "IMAD.U32") and _imad_is_multiply_add(ins):
        return "IMAD"
    if base in ("LDS", "LDSM"):
        return "LDS"
    if base == "STS":
        return "STS"
    if base == "LDG":
        return "LDG"
    if base == "STG":
        return "STG"
    if base == "BAR":
        return "BAR"
    return None


def _imad_is_multiply_add(ins: SassInstr) -> bool:
    """IMAD is also the compiler's move and shift (IMAD.MOV, IMAD x, 1, y; IMAD.SHL): only a
    multiply of two registers is the kernel's multiply-add."""
    srcs = [s.strip() for s in ins.operands.split(",")[1:3]]
    return len(srcs) == 2 and all(re.fullmatch(r"-?R\d+(\.reuse)?", s) for s in srcs)


def count_classes(instrs) -> dict[str, int]:
    counts = {c: 0 for c in CLASSES}
    for ins in instrs:
        c = classify(ins)
        if c:
            counts[c] += 1
    return counts


def hot_loop(instrs: list[SassInstr]) -> SassLoop | None:
    """The loop with the most HMMA + FFMA + IMAD instructions (ties: the longest body). Innermost bodies
    only: a loop that contains another loop's branch is not a candidate."""
    found = loops(instrs)
    inner = [lp for lp in found
             if not any(o is not lp and lp.start <= o.start and o.end < lp.end for o in found)]
    if not inner:
        return None

    def work(lp: SassLoop):
        c = count_classes(lp.body)
        return (c["HMMA"] + c["FFMA"] + c["IMAD"], len(lp.body))

    return max(inner, key=work)


_SUBWORD_LOAD = re.compile(r"^LDG\.E\.(U8|S8|U16|S16)\b")


def executed_path(loop: SassLoop) -> tuple[SassInstr, ...]:
    """The instructions one iteration issues when every guard passes (operands in range, K aligned).

    Forward branches decide the path: an unconditional BRA is taken; a conditional one is taken when
    every global load in the code it skips is a sub-word load (the guarded element-by-element path
    that the aligned, in-range case replaces with one vector load), and falls through otherwise. Predicated
    instructions on the path count as issued (a warp issues them whatever the predicate)."""
    return _walk(loop.body)[0]


def _walk(code: tuple[SassInstr, ...]) -> tuple[tuple[SassInstr, ...], dict[int, tuple[SassInstr, ...]]]:
    """executed_path's walk over straight code: the path (up to the first unpredicated EXIT), and
    the code each taken guard skipped, by the address it jumped to. A branch out of `code` falls
    through."""
    by_address = {ins.address: i for i, ins in enumerate(code)}
    path, skips, i = [], {}, 0
    while i < len(code):
        ins = code[i]
        path.append(ins)
        if ins.base == "EXIT" and not ins.predicate:
            break
        if ins.base == "BRA":
            m = _BRA_TARGET.search(ins.operands)
            target = int(m.group(1), 16) if m else None
            if target is not None and target > ins.address and target in by_address:
                skipped = code[i + 1:by_address[target]]
                if not ins.predicate or _only_subword_loads(skipped):
                    if ins.predicate:
                        skips[target] = skipped
                    i = by_address[target]
                    continue
        i += 1
    return tuple(path), skips


def listing_hot_loop(path: str | Path, function: str | None = None) -> tuple[list[SassInstr], SassLoop]:
    """The instructions of a function in a listing and its hot loop; an InputError where it has no loop."""
    instrs = read_sass(path, function)
    loop = hot_loop(instrs)
    if loop is None:
        raise InputError(f"{path}: no backward branch (loop) found in {function or 'the function'}")
    return instrs, loop


@dataclass(frozen=True)
class AroundLoop:
    """What a kernel issues besides its hot loop's executed path, read off the compiled code."""

    before: int     # instructions of no counted class before the hot loop (every guard passing)
    after: int      # the same after it, up to the exit
    # per 128-bit global load of the loop's executed path, in order: the controls of the element-
    # by-element code its guard skips, which a warp runs as well when a lane fails the guard
    slow_paths: tuple[tuple[Control | None, ...], ...]


def around_hot_loop(path: str | Path, function: str | None = None) -> AroundLoop:
    instrs, loop = listing_hot_loop(path, function)
    before = _walk(tuple(x for x in instrs if x.address < loop.start))[0]
    after = _walk(tuple(x for x in instrs if x.address > loop.end))[0]
    path_, skips = _walk(loop.body)
    slow, pending = [], ()
    for ins in path_:          # a guard jumps to the fast side's address arithmetic, then its load
        pending = skips.get(ins.address, pending)
        if ins.base == "LDG" and ".128" in ins.opcode:
            slow.append(tuple(x.control for x in pending))
            pending = ()
    return AroundLoop(sum(classify(x) is None for x in before), sum(classify(x) is None for x in after), tuple(slow))


def _only_subword_loads(code) -> bool:
    """The code loads global memory only element by element (the slow side of a guard)."""
    loads = [x for x in code if x.base == "LDG"]
    return bool(loads) and all(_SUBWORD_LOAD.match(x.opcode) for x in loads)


@dataclass(frozen=True)
class HotLoopProfile:
    """What one iteration of a kernel's hot loop issues on its executed path."""

    counts: dict[str, int]     # by class (CLASSES)
    issued: int                # every instruction on the path, the back-edge branch included
    static_length: int         # the whole body, both sides of every branch

    @property
    def other(self) -> int:
        """Instructions of no counted class: address arithmetic, predicates, moves, branches."""
        return self.issued - sum(self.counts.values())


def hot_loop_profile(path: str | Path, function: str | None = None) -> HotLoopProfile:
    """Class counts and issue count of the hot loop of a function in a SASS listing."""
    loop = listing_hot_loop(path, function)[1]
    executed = executed_path(loop)
    return HotLoopProfile(count_classes(executed), len(executed), len(loop.body))


def hot_loop_counts(path: str | Path, function: str | None = None) -> dict[str, int]:
    """Class counts of the executed path of the hot loop of a function in a SASS listing."""
    return hot_loop_profile(path, function).counts


ORDER_LETTER = {"HMMA": "M", "FFMA": "F", "LDS": "s", "STS": "S", "STG": "E", "BAR": "B"}


def order_letters(instrs, multiply_add: str = "FFMA") -> str:
    """One letter per instruction: M matrix, F multiply-add (class `multiply_add`), s/S shared load/
    store, W 128-bit global load, G other global load, E global store, B barrier, '.' the rest.
    An IMAD is the kernel's multiply-add only where both its factors are loaded in the loop: the
    other IMADs of two registers are address arithmetic."""
    loaded = _loaded_registers(instrs) if multiply_add == "IMAD" else set()
    out = []
    for ins in instrs:
        c = classify(ins)
        if c == "LDG":
            out.append("W" if ".128" in ins.opcode else "G")
        elif c == multiply_add and (c != "IMAD" or _multiplies_loaded(ins, loaded)):
            out.append("F")
        else:
            out.append(ORDER_LETTER.get(c, ".") if c != "IMAD" and c != "FFMA" else ".")
    return "".join(out)


def _loaded_registers(instrs) -> set[int]:
    """The registers that global or shared loads write (a 64- or 128-bit load writes 2 or 4)."""
    out = set()
    for ins in instrs:
        if classify(ins) in ("LDG", "LDS"):
            m = re.fullmatch(r"R(\d+)", ins.operands.split(",")[0].strip())
            if m:
                width = 4 if ".128" in ins.opcode else 2 if ".64" in ins.opcode else 1
                out.update(range(int(m.group(1)), int(m.group(1)) + width))
    return out


def _multiplies_loaded(ins: SassInstr, loaded: set[int]) -> bool:
    factors = [s.strip().lstrip("-").removesuffix(".reuse") for s in ins.operands.split(",")[1:3]]
    return all(int(f[1:]) in loaded for f in factors)


def hot_loop_controls(path: str | Path, function: str | None = None) -> tuple[Control | None, ...]:
    """The control of every instruction of the executed path of a function's hot loop (one per
    hot_loop_order letter)."""
    loop = listing_hot_loop(path, function)[1]
    return tuple(ins.control for ins in executed_path(loop))


def hot_loop_order(path: str | Path, function: str | None = None, multiply_add: str = "FFMA") -> str:
    """The order letters of the executed path of a function's hot loop."""
    loop = listing_hot_loop(path, function)[1]
    return order_letters(executed_path(loop), multiply_add)


_REG = re.compile(r"^-?R(\d+)(?:\.reuse)?$")
_ADDRESS_REG = re.compile(r"\[(R\d+)(?:\.64)?(?:[+-]0x[0-9a-fA-F]+)?\]")


def _reg(text: str) -> str | None:
    m = _REG.fullmatch(text.strip())
    return f"R{m.group(1)}" if m else None


def _pointer_source(ins: SassInstr) -> tuple[str | None, bool]:
    """(the register an instruction takes its result's address from, whether it adds a loop stride to
    it): moves pass their source on; IMAD.WIDE d, x, imm, base and IADD3 d, P, base, imm add to `base`.
    (None, False) for anything else."""
    ops = [s.strip() for s in ins.operands.split(",")]
    if ins.opcode in ("MOV", "IMAD.MOV.U32", "IMAD.MOV") and ops:
        return _reg(ops[-1]), False
    if ins.opcode == "IMAD.WIDE" and len(ops) == 4:
        return _reg(ops[3]), ops[0] == ops[3]
    if ins.opcode == "IADD3" and len(ops) >= 4:
        srcs = [o for o in ops[1:] if o.startswith("R") and o != "RZ"]
        base = next((o for o in srcs if o == ops[0]), srcs[0] if srcs else None)
        return _reg(base) if base else None, base == ops[0]
    return None, False


def load_strides(instrs) -> tuple[str | None, ...]:
    """For every global load of a loop body (its executed path), how its address moves from one
    iteration to the next: "const" where the pointer it is formed from is stepped by an immediate
    (IADD3 p, p, 0x8), "reg" where by a register (IMAD.WIDE p, n, 0x8, p: a multiple of a kernel
    argument), None where the chain of moves leaves the loop or is not understood. The address
    register is followed back through moves and IMAD.WIDE to the register the loop steps: its
    definition before the load in the body, else its last one (the previous iteration's)."""
    instrs = tuple(instrs)

    def definition(reg: str, before: int):
        for j in list(range(before - 1, -1, -1)) + list(range(len(instrs) - 1, before - 1, -1)):
            ops = instrs[j].operands.split(",")
            if ops and ops[0].strip() == reg and instrs[j].base not in ("LDG", "LDS", "STG", "STS"):
                return j
        return None

    out = []
    for i, ins in enumerate(instrs):
        if classify(ins) != "LDG":
            continue
        m = _ADDRESS_REG.search(ins.operands)
        reg, at, kind = (m.group(1) if m else None), i, None
        for _ in range(8):
            j = definition(reg, at) if reg else None
            if j is None:
                break
            src, steps = _pointer_source(instrs[j])
            if steps:
                ops = [s.strip() for s in instrs[j].operands.split(",")]
                stride = ops[1] if instrs[j].opcode == "IMAD.WIDE" else next(
                    (o for o in ops[1:] if o != reg and o != "RZ" and not o.startswith("P")), "")
                kind = "reg" if stride.startswith("R") else "const"
                break
            reg, at = src, j
        out.append(kind)
    return tuple(out)


def hot_loop_load_strides(path: str | Path, function: str | None = None) -> tuple[str | None, ...]:
    """load_strides of the executed path of a function's hot loop (one per 'G'/'W' of hot_loop_order)."""
    loop = listing_hot_loop(path, function)[1]
    return load_strides(executed_path(loop))
