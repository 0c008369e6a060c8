"""The register state of one wave and the integer semantics of the instructions that form addresses.

Only what addresses, lane masks, loop counters and branch conditions need is modelled: integer
VALU/SALU arithmetic, moves, compares, exec-mask manipulation and kernel-argument loads. Every
other instruction makes its destination registers unknown (an SGPR becomes a uniform unknown: a
scalar register holds one value per wave by construction).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from gemmsim.frontends.amdgpu import lane_eval as le
from gemmsim.frontends.amdgpu.classify import base_mnemonic
from gemmsim.frontends.amdgpu.lane_eval import HiOf, Val
from gemmsim.frontends.amdgpu.operands import Operand, parse_operand
from gemmsim.frontends.amdgpu.parser import AsmInstr
from gemmsim.errors import InputError

KERNARG = "kernarg"              # origin of the kernel-argument segment pointer
_DPP_OR_SDWA = ("quad_perm", "row_", "wave_", "bound_ctrl", "dst_sel", "src0_sel", "src1_sel", "dpp8", "fi:")
_REL = {"eq": "eq", "lg": "ne", "ne": "ne", "lt": "lt", "le": "le", "gt": "gt", "ge": "ge"}


@dataclass
class State:
    regs: dict = field(default_factory=dict)
    scc: bool | None = None
    scc_cmp: tuple | None = None      # (lineno, relation, signed, operand regs, operand values) of the last s_cmp
    vcc_cmp: tuple | None = None      # the same for the last v_cmp of uniform values into VCC

    def copy(self) -> "State":
        return State(dict(self.regs), self.scc, self.scc_cmp, self.vcc_cmp)


class MissingOperand(IndexError):
    """An instruction asked for an operand its line does not have (a line cut short)."""


class TooFewOperands(InputError):
    """`line N: MNEMONIC with K operands ...`: what the machine says of such a line (the caller,
    which knows the file, puts its name in front)."""


class Operands(tuple):
    """An instruction's operands. Asking for one it lacks raises MissingOperand, which the machine
    turns into an input error naming the line, not an internal error."""

    __slots__ = ()

    def __getitem__(self, index):
        try:
            return tuple.__getitem__(self, index)
        except IndexError:
            raise MissingOperand(index) from None


@dataclass(frozen=True)
class Decoded:
    """An instruction with its operands parsed once."""

    instr: AsmInstr
    name: str                       # mnemonic without encoding suffix
    ops: tuple[Operand, ...]


def decode(instr: AsmInstr) -> Decoded:
    return Decoded(instr, base_mnemonic(instr.mnemonic), Operands(parse_operand(o) for o in instr.operands))


class Machine:
    """Executes decoded instructions on a State for one wave of `lanes` lanes."""

    def __init__(self, lanes: int, kernarg_values: dict[int, int]):
        self.lanes = lanes
        self.kernarg_values = kernarg_values       # byte offset -> 32-bit value of bound kernel arguments
        self.assumptions: dict[int, str] = {}      # line -> what was assumed there
        self.lane_ids = np.arange(lanes, dtype=np.uint64)

    # ---- reading and writing operands --------------------------------------------------------------
    def read32(self, st: State, op: Operand) -> Val | None:
        if op.kind in ("v", "s", "a"):
            return self._reg32(st, f"{op.kind}{op.index}", op.kind == "s")
        if op.kind == "imm":
            return le.const(op.index, self.lanes)
        if op.kind == "special":
            if op.name in ("null",):
                return le.const(0, self.lanes)
            if op.name in ("vcc", "exec"):
                return self._reg32(st, f"{op.name}_lo", True)
            if op.name == "scc":
                return None if st.scc is None else le.const(int(st.scc), self.lanes)
            return self._reg32(st, op.name, True)
        return None

    def _reg32(self, st: State, name: str, scalar: bool) -> Val | None:
        v = st.regs.get(name)
        if isinstance(v, HiOf):
            lo = v.lo
            v = Val(lo.lanes >> np.uint64(32), 0) if lo.known else (
                le.unknown_uniform(self.lanes) if lo.uniform else None)
        elif isinstance(v, Val) and v.wide:
            v = Val(v.lanes & np.uint64(le.M32), v.sym & le.M32, False, v.origin)
        if v is None and scalar:
            return le.unknown_uniform(self.lanes, origin=name)
        return v

    def pair_names(self, op: Operand) -> tuple[str, str] | None:
        regs = op.regs()
        return (regs[0], regs[1]) if len(regs) >= 2 else None

    def read64(self, st: State, op: Operand) -> Val | None:
        if op.kind == "imm":
            value = op.index if op.index >= 0 else op.index & le.M64
            return le.const(value, self.lanes, wide=True)
        names = self.pair_names(op)
        if names is None:
            v = self.read32(st, op)
            return None if v is None else Val(v.lanes, v.sym, True, v.origin)
        lo, hi = st.regs.get(names[0]), st.regs.get(names[1])
        if isinstance(lo, Val) and lo.wide and isinstance(hi, HiOf) and hi.lo is lo:
            return lo
        scalar = names[0][0] != "v"
        lo32, hi32 = self._reg32(st, names[0], scalar), self._reg32(st, names[1], scalar)
        if lo32 is None or hi32 is None:
            return None
        lanes = lo32.lanes + (hi32.lanes << np.uint64(32))
        sym = le._sum_sym(lo32.sym, (hi32.sym << 32) & le.M64, 64)
        return Val(lanes, sym, True, lo32.origin or hi32.origin)

    def write(self, st: State, op: Operand, value: Val | None) -> None:
        """Write a 32-bit result (or a 64-bit one into a register pair)."""
        regs = op.regs()
        if not regs:
            return
        if value is not None and value.wide and len(regs) >= 2:
            st.regs[regs[0]] = value
            st.regs[regs[1]] = HiOf(value)
            for r in regs[2:]:
                st.regs[r] = None
            return
        if value is not None and value.wide:
            value = Val(value.lanes & np.uint64(le.M32), value.sym & le.M32, False, value.origin)
        st.regs[regs[0]] = value
        for r in regs[1:]:
            st.regs[r] = None

    def clobber(self, st: State, op: Operand) -> None:
        for r in op.regs():
            st.regs[r] = None

    def read_mask(self, st: State, op: Operand) -> np.ndarray | None:
        v = self.read64(st, op)
        if v is None or not v.known or not v.uniform:
            return None
        bits = int(v.lanes[0])
        return ((np.uint64(bits) >> self.lane_ids) & np.uint64(1)).astype(bool)

    def mask_value(self, bits: np.ndarray) -> Val:
        packed = int(np.sum((bits.astype(np.uint64) << self.lane_ids), dtype=np.uint64)) if bits.any() else 0
        return le.const(packed, self.lanes, wide=True)

    def exec_mask(self, st: State) -> np.ndarray | None:
        return self.read_mask(st, Operand("special", 0, 2, "exec"))

    # ---- execution -------------------------------------------------------------------------------------
    def execute(self, st: State, d: Decoded) -> None:
        name = d.name
        if d.instr.mnemonic.endswith(("_dpp", "_dpp8", "_sdwa")) or any(
                mod.startswith(_DPP_OR_SDWA) for mod in d.instr.modifiers):
            self._unknown_effect(st, d)   # lanes exchanged or sub-dword selects: not modelled
            return
        handler = _HANDLERS.get(name)
        if handler is None:
            handler = _family_handler(name)
        if handler is None:
            self._unknown_effect(st, d)
            return
        try:
            handler(self, st, d)
        except MissingOperand:
            raise TooFewOperands(f"{d.instr.lineno}: {d.instr.mnemonic} with {len(d.ops)} operand"
                             f"{'' if len(d.ops) == 1 else 's'} ({', '.join(d.instr.operands) or 'none'}): "
                             f"too few for what it does") from None

    def _unknown_effect(self, st: State, d: Decoded) -> None:
        """An instruction whose result we do not model: its destination becomes unknown."""
        name = d.name
        if name.startswith("s_") and not name.startswith(("s_waitcnt", "s_barrier", "s_nop", "s_branch", "s_cbranch",
                                                          "s_endpgm", "s_setprio", "s_sleep", "s_store",
                                                          "s_buffer_store", "s_dcache", "s_icache", "s_sethalt",
                                                          "s_trap", "s_setpc", "s_code_end")):
            st.scc = None
        if not d.ops or _writes_nothing(name):
            return
        self.clobber(st, d.ops[0])
        if name.startswith(("v_cmpx", "s_and_saveexec", "s_or_saveexec")):
            st.regs["exec_lo"] = st.regs["exec_hi"] = None


def _writes_nothing(name: str) -> bool:
    return (name.startswith(("ds_write", "ds_store", "buffer_store", "global_store", "flat_store", "scratch_store",
                             "s_waitcnt", "s_barrier", "s_nop", "s_branch", "s_cbranch", "s_endpgm", "s_setprio",
                             "s_sleep", "s_store", "s_buffer_store", "s_dcache", "s_sethalt", "s_trap", "s_setpc",
                             "exp", "s_code_end", "buffer_wbl2", "buffer_inv", "s_icache")))


# ---- handlers -------------------------------------------------------------------------------------------
def _v_binary(fn, swap: bool = False):
    def run(m: Machine, st: State, d: Decoded):
        a, b = m.read32(st, d.ops[1]), m.read32(st, d.ops[2])
        m.write(st, d.ops[0], fn(b, a) if swap else fn(a, b))
    return run


def _v_carry_binary(fn):
    """v_add_co_u32 dst, carry_out, a, b: the carry out becomes unknown unless every lane is known."""
    def run(m: Machine, st: State, d: Decoded):
        a, b = m.read32(st, d.ops[2]), m.read32(st, d.ops[3])
        result = fn(a, b)
        m.write(st, d.ops[0], result)
        carry = None
        if a is not None and b is not None and a.known and b.known:
            total = a.lanes + b.lanes if fn is le.add else a.lanes - b.lanes
            carry = m.mask_value((total >> np.uint64(32)).astype(bool) if fn is le.add else (a.lanes < b.lanes))
        m.write(st, d.ops[1], carry)
    return run


def _v_addc(m: Machine, st: State, d: Decoded):
    a, b = m.read32(st, d.ops[2]), m.read32(st, d.ops[3])
    carry_in = m.read_mask(st, d.ops[4]) if len(d.ops) > 4 else None
    if carry_in is not None and not carry_in.any():
        result = le.add(a, b)
    elif carry_in is not None and a is not None and b is not None and a.known and b.known:
        result = Val((a.lanes + b.lanes + carry_in.astype(np.uint64)) & np.uint64(le.M32))
    else:
        result = None
    m.write(st, d.ops[0], result)
    m.write(st, d.ops[1], None)


def _v_ternary(fn):
    def run(m: Machine, st: State, d: Decoded):
        a, b, c = (m.read32(st, d.ops[i]) for i in (1, 2, 3))
        m.write(st, d.ops[0], fn(a, b, c))
    return run


def _mov32(m: Machine, st: State, d: Decoded):
    m.write(st, d.ops[0], m.read32(st, d.ops[1]))


def _mov64(m: Machine, st: State, d: Decoded):
    m.write(st, d.ops[0], m.read64(st, d.ops[1]))


def _v_readfirstlane(m: Machine, st: State, d: Decoded):
    v = m.read32(st, d.ops[1])
    exec_bits = m.exec_mask(st)
    first = int(np.argmax(exec_bits)) if exec_bits is not None and exec_bits.any() else 0
    if v is not None:
        v = Val(np.full(m.lanes, v.lanes[first], dtype=np.uint64), v.sym, False, v.origin)
    m.write(st, d.ops[0], v)


def _v_mbcnt(hi: bool):
    def run(m: Machine, st: State, d: Decoded):
        mask, base = m.read32(st, d.ops[1]), m.read32(st, d.ops[2])
        bits = mask.scalar() if mask is not None else None
        if bits is None or base is None:
            m.write(st, d.ops[0], None)
            return
        lane = m.lane_ids
        below = np.where(lane >= 32, lane - np.uint64(32), np.uint64(0)) if hi else np.minimum(lane, np.uint64(32))
        counts = np.array([bin(bits & ((1 << int(n)) - 1)).count("1") for n in below], dtype=np.uint64)
        m.write(st, d.ops[0], le.add(Val(counts), base))
    return run


def _v_cndmask(m: Machine, st: State, d: Decoded):
    f, t = m.read32(st, d.ops[1]), m.read32(st, d.ops[2])
    mask = m.read_mask(st, d.ops[3]) if len(d.ops) > 3 else m.read_mask(st, Operand("special", 0, 2, "vcc"))
    m.write(st, d.ops[0], le.select(mask, f, t))


def _v_bitop3(m: Machine, st: State, d: Decoded):
    table = d.instr.modifier("bitop3")
    a, b, c = (m.read32(st, d.ops[i]) for i in (1, 2, 3))
    m.write(st, d.ops[0], le.bitop3(a, b, c, int(table, 0)) if table else None)


def _v_lshlrev_b64(m: Machine, st: State, d: Decoded):
    m.write(st, d.ops[0], le.shl(m.read64(st, d.ops[2]), m.read32(st, d.ops[1]), wide=True))


def _v_lshrrev_b64(m: Machine, st: State, d: Decoded):
    m.write(st, d.ops[0], le.lshr(m.read64(st, d.ops[2]), m.read32(st, d.ops[1]), wide=True))


def _v_lshl_add_u64(m: Machine, st: State, d: Decoded):
    a, s, c = m.read64(st, d.ops[1]), m.read32(st, d.ops[2]), m.read64(st, d.ops[3])
    m.write(st, d.ops[0], le.add(le.shl(a, s, wide=True), c, wide=True))


def _v_mad_64_32(signed: bool):
    def run(m: Machine, st: State, d: Decoded):
        a, b, c = m.read32(st, d.ops[2]), m.read32(st, d.ops[3]), m.read64(st, d.ops[4])
        if signed:
            a, b = _sext64(a), _sext64(b)
        else:
            a = None if a is None else Val(a.lanes, a.sym, True, a.origin)
            b = None if b is None else Val(b.lanes, b.sym, True, b.origin)
        m.write(st, d.ops[0], le.add(le.mul(a, b, wide=True), c, wide=True))
        m.write(st, d.ops[1], None)
    return run


def _sext64(v: Val | None) -> Val | None:
    if v is None:
        return None
    if v.known:
        lanes = ((v.lanes.astype(np.int64) ^ 0x80000000) - 0x80000000).astype(np.uint64)
        return Val(lanes, 0, True)
    if not (v.sym & 0x80000000) and not bool((v.lanes & np.uint64(0x80000000)).any()):
        return Val(v.lanes, v.sym, True, v.origin)
    return None


def _v_cmp(m: Machine, st: State, d: Decoded):
    parts = d.name.split("_")              # v_cmp_gt_i32 / v_cmpx_lt_u32
    relation, dtype = parts[2], parts[3] if len(parts) > 3 else "u32"
    dst = d.ops[0]
    if dtype[0] not in "iu" or relation not in _REL:
        bits = None
    else:
        wide = dtype.endswith("64")
        read = m.read64 if wide else m.read32
        a, b = read(st, d.ops[1]), read(st, d.ops[2])
        bits = le.compare(a, b, _REL[relation], dtype[0] == "i", wide)
        if dst.name == "vcc" and a is not None and b is not None and a.uniform and b.uniform:
            st.vcc_cmp = (d.instr.lineno, _REL[relation], dtype[0] == "i", (), (a, b))
    if bits is None:
        # an unknown lane predicate: assume it holds for every lane (in-bounds checks pass)
        bits = np.ones(m.lanes, dtype=bool)
        m.assumptions.setdefault(d.instr.lineno, f"{d.instr.mnemonic}: operands unknown; assumed true in every lane")
    value = m.mask_value(bits)
    if d.name.startswith("v_cmpx"):
        exec_bits = m.exec_mask(st)
        new_exec = bits if exec_bits is None else bits & exec_bits
        _write_pair(m, st, ("exec_lo", "exec_hi"), m.mask_value(new_exec))
    m.write(st, dst, value)


def _write_pair(m: Machine, st: State, names: tuple[str, str], value: Val | None) -> None:
    if value is None:
        st.regs[names[0]] = st.regs[names[1]] = None
        return
    st.regs[names[0]] = value
    st.regs[names[1]] = HiOf(value)


# scalar
def _s_binary(fn, scc_rule: str = "nonzero", width: int = 32):
    def run(m: Machine, st: State, d: Decoded):
        read = m.read64 if width == 64 else m.read32
        a, b = read(st, d.ops[1]), read(st, d.ops[2])
        result = fn(a, b, wide=True) if width == 64 else fn(a, b)
        m.write(st, d.ops[0], result)
        st.scc = _scc_of(result, a, b, scc_rule, width)
    return run


def _scc_of(result, a, b, rule, width) -> bool | None:
    if rule == "none":
        return None
    if rule == "nonzero":
        v = result.scalar() if result is not None else None
        return None if v is None else v != 0
    if rule == "carry":
        x, y = (a.scalar() if a is not None else None), (b.scalar() if b is not None else None)
        return None if x is None or y is None else (x + y) >> width != 0
    if rule == "borrow":
        x, y = (a.scalar() if a is not None else None), (b.scalar() if b is not None else None)
        return None if x is None or y is None else x < y
    return None


def _s_movk(m: Machine, st: State, d: Decoded):
    m.write(st, d.ops[0], le.const(_sext16(d.ops[1].index), m.lanes))


def _s_addk(m: Machine, st: State, d: Decoded):
    a = m.read32(st, d.ops[0])
    result = le.add(a, le.const(_sext16(d.ops[1].index), m.lanes))
    m.write(st, d.ops[0], result)
    st.scc = None


def _s_mulk(m: Machine, st: State, d: Decoded):
    m.write(st, d.ops[0], le.mul(m.read32(st, d.ops[0]), le.const(_sext16(d.ops[1].index), m.lanes)))


def _sext16(x: int) -> int:
    x &= 0xFFFF
    return (x - 0x10000) & le.M32 if x & 0x8000 else x


def _s_addc(m: Machine, st: State, d: Decoded):
    a, b = m.read32(st, d.ops[1]), m.read32(st, d.ops[2])
    if st.scc is None:
        result = None   # the carry of the low half is unknown
    else:
        result = le.add(le.add(a, b), le.const(int(st.scc), m.lanes))
    m.write(st, d.ops[0], result)
    st.scc = None


def _s_cselect(width: int):
    def run(m: Machine, st: State, d: Decoded):
        read = m.read64 if width == 64 else m.read32
        if st.scc is None:
            m.write(st, d.ops[0], None)
            return
        m.write(st, d.ops[0], read(st, d.ops[1] if st.scc else d.ops[2]))
    return run


def _s_cmp(m: Machine, st: State, d: Decoded):
    parts = d.name.split("_")                 # s_cmp_lt_i32, s_cmpk_lt_i32
    relation, dtype = parts[2], parts[3]
    a = m.read32(st, d.ops[0])
    if parts[1] == "cmpk":
        raw = d.ops[1].index
        b = le.const(_sext16(raw) if dtype.startswith("i") else raw & 0xFFFF, m.lanes)
    else:
        b = m.read32(st, d.ops[1])
    bits = le.compare(a, b, _REL.get(relation, "eq"), dtype.startswith("i"))
    st.scc = None if bits is None else bool(bits[0])
    st.scc_cmp = (d.instr.lineno, _REL.get(relation, "eq"), dtype.startswith("i"),
                  tuple(d.ops[i].regs()[0] if d.ops[i].regs() else None for i in (0, 1)), (a, b))


def _s_bitcmp(m: Machine, st: State, d: Decoded):
    a, bit = m.read32(st, d.ops[0]), m.read32(st, d.ops[1])
    x, k = (a.scalar() if a else None), (bit.scalar() if bit else None)
    st.scc = None if x is None or k is None else bool((x >> (k & 31)) & 1) == d.name.startswith("s_bitcmp1")


def _s_bfe(m: Machine, st: State, d: Decoded):
    a, packed = m.read32(st, d.ops[1]), m.read32(st, d.ops[2])
    p = packed.scalar() if packed is not None else None
    if p is None or d.name.endswith("i32"):
        m.write(st, d.ops[0], None)
        st.scc = None
        return
    result = le.bfe(a, le.const(p & 31, m.lanes), le.const((p >> 16) & 0x7F, m.lanes))
    m.write(st, d.ops[0], result)
    st.scc = _scc_of(result, None, None, "nonzero", 32)


def _s_shift_add(n: int):
    def run(m: Machine, st: State, d: Decoded):
        a, b = m.read32(st, d.ops[1]), m.read32(st, d.ops[2])
        m.write(st, d.ops[0], le.add(le.shl(a, le.const(n, m.lanes)), b))
        st.scc = None
    return run


def _s_not(width: int):
    def run(m: Machine, st: State, d: Decoded):
        read = m.read64 if width == 64 else m.read32
        result = le.bit_not(read(st, d.ops[1]), wide=width == 64)
        m.write(st, d.ops[0], result)
        st.scc = _scc_of(result, None, None, "nonzero", width)
    return run


def _s_saveexec(kind: str):
    """s_and_saveexec_b64 dst, src: dst = exec; exec = src OP exec; SCC = exec != 0."""
    def run(m: Machine, st: State, d: Decoded):
        exec_op = Operand("special", 0, 2, "exec")
        old = m.read64(st, exec_op)
        src = m.read64(st, d.ops[1])
        if kind == "and":
            new = le.bit_and(src, old, wide=True)
        elif kind == "or":
            new = le.bit_or(src, old, wide=True)
        elif kind == "xor":
            new = le.bit_or(src, old, wide=True, xor=True)
        elif kind == "andn2":
            new = le.bit_and(src, le.bit_not(old, wide=True), wide=True)
        else:
            new = None
        m.write(st, d.ops[0], old)
        if new is not None and not new.known:
            new = None
        _write_pair(m, st, ("exec_lo", "exec_hi"), new)
        st.scc = _scc_of(new, None, None, "nonzero", 64)
    return run


def _s_load(m: Machine, st: State, d: Decoded):
    """Scalar loads: kernel arguments when the base is the kernarg pointer, else uniform unknowns."""
    dst, base, offset = d.ops[0], d.ops[1], d.ops[2] if len(d.ops) > 2 else None
    regs = dst.regs()
    off = offset.index if offset is not None and offset.kind == "imm" else None
    base_value = m.read64(st, base)
    from_kernarg = base_value is not None and base_value.origin == KERNARG
    for i, r in enumerate(regs):
        byte = None if off is None else off + 4 * i
        if from_kernarg and byte is not None and byte in m.kernarg_values:
            st.regs[r] = le.const(m.kernarg_values[byte], m.lanes)
        else:
            origin = f"arg@{byte}" if from_kernarg and byte is not None else "smem"
            st.regs[r] = le.unknown_uniform(m.lanes, origin=origin)


def _family_handler(name: str):
    if name.startswith(("v_cmp_", "v_cmpx_")):
        return _v_cmp
    if name.startswith(("s_cmp_", "s_cmpk_")):
        return _s_cmp
    if name.startswith(("s_load_", "s_buffer_load_")):
        return _s_load
    return None


def _v_shift(fn):
    """v_lshlrev_b32 dst, shift, src: the shift amount comes first."""
    def run(m: Machine, st: State, d: Decoded):
        m.write(st, d.ops[0], fn(m.read32(st, d.ops[2]), m.read32(st, d.ops[1])))
    return run


def _mul24(a, b):
    mask = le.const(0xFFFFFF, a.lanes.shape[0]) if a is not None else None
    return le.mul(le.bit_and(a, mask), le.bit_and(b, mask)) if a is not None and b is not None else None


_HANDLERS = {
    # vector, 32-bit
    "v_mov_b32": _mov32,
    "v_mov_b64": _mov64,
    "v_readfirstlane_b32": _v_readfirstlane,
    "v_add_u32": _v_binary(le.add), "v_add_nc_u32": _v_binary(le.add), "v_add_i32": _v_binary(le.add),
    "v_add_co_u32": _v_carry_binary(le.add), "v_addc_co_u32": _v_addc,
    "v_sub_u32": _v_binary(le.sub), "v_sub_nc_u32": _v_binary(le.sub), "v_sub_i32": _v_binary(le.sub),
    "v_sub_co_u32": _v_carry_binary(le.sub),
    "v_subrev_u32": _v_binary(le.sub, swap=True), "v_subrev_co_u32": _v_binary(le.sub, swap=True),
    "v_lshlrev_b32": _v_shift(le.shl),
    "v_lshrrev_b32": _v_shift(le.lshr),
    "v_ashrrev_i32": _v_shift(lambda a, s: le.lshr(a, s, arith=True)),
    "v_lshlrev_b64": _v_lshlrev_b64, "v_lshrrev_b64": _v_lshrrev_b64,
    "v_and_b32": _v_binary(le.bit_and), "v_or_b32": _v_binary(le.bit_or),
    "v_xor_b32": _v_binary(lambda a, b: le.bit_or(a, b, xor=True)),
    "v_not_b32": lambda m, st, d: m.write(st, d.ops[0], le.bit_not(m.read32(st, d.ops[1]))),
    "v_mul_lo_u32": _v_binary(le.mul), "v_mul_lo_i32": _v_binary(le.mul),
    "v_mul_u32_u24": _v_binary(_mul24), "v_mul_i32_i24": _v_binary(_mul24),
    "v_min_u32": _v_binary(lambda a, b: le.minmax(a, b, False, False)),
    "v_max_u32": _v_binary(lambda a, b: le.minmax(a, b, False, True)),
    "v_min_i32": _v_binary(lambda a, b: le.minmax(a, b, True, False)),
    "v_max_i32": _v_binary(lambda a, b: le.minmax(a, b, True, True)),
    "v_add3_u32": _v_ternary(lambda a, b, c: le.add(le.add(a, b), c)),
    "v_lshl_add_u32": _v_ternary(lambda a, s, c: le.add(le.shl(a, s), c)),
    "v_add_lshl_u32": _v_ternary(lambda a, b, s: le.shl(le.add(a, b), s)),
    "v_lshl_or_b32": _v_ternary(lambda a, s, c: le.bit_or(le.shl(a, s), c)),
    "v_and_or_b32": _v_ternary(lambda a, b, c: le.bit_or(le.bit_and(a, b), c)),
    "v_or3_b32": _v_ternary(lambda a, b, c: le.bit_or(le.bit_or(a, b), c)),
    "v_xor3_b32": _v_ternary(lambda a, b, c: le.bit_or(le.bit_or(a, b, xor=True), c, xor=True)),
    "v_xad_u32": _v_ternary(lambda a, b, c: le.add(le.bit_or(a, b, xor=True), c)),
    "v_mad_u32_u24": _v_ternary(lambda a, b, c: le.add(_mul24(a, b), c)),
    "v_mad_i32_i24": _v_ternary(lambda a, b, c: le.add(_mul24(a, b), c)),
    "v_mad_u64_u32": _v_mad_64_32(False), "v_mad_i64_i32": _v_mad_64_32(True),
    "v_bfe_u32": _v_ternary(le.bfe),
    "v_bfe_i32": _v_ternary(le.bfe_signed),
    "v_bfi_b32": _v_ternary(lambda a, b, c: le.bit_or(le.bit_and(a, b), le.bit_and(le.bit_not(a), c))),
    "v_bitop3_b32": _v_bitop3,
    "v_cndmask_b32": _v_cndmask,
    "v_mbcnt_lo_u32_b32": _v_mbcnt(False), "v_mbcnt_hi_u32_b32": _v_mbcnt(True),
    "v_lshl_add_u64": _v_lshl_add_u64,
    # scalar
    "s_mov_b32": _mov32, "s_mov_b64": _mov64, "s_movk_i32": _s_movk,
    "s_add_u32": _s_binary(le.add, "carry"), "s_add_i32": _s_binary(le.add, "none"),
    "s_addk_i32": _s_addk,
    "s_sub_u32": _s_binary(le.sub, "borrow"), "s_sub_i32": _s_binary(le.sub, "none"),
    "s_addc_u32": _s_addc,
    "s_mul_i32": _s_binary(le.mul, "none"), "s_mulk_i32": _s_mulk,
    "s_lshl_b32": _s_binary(le.shl), "s_lshr_b32": _s_binary(le.lshr),
    "s_ashr_i32": _s_binary(lambda a, b: le.lshr(a, b, arith=True)),
    "s_lshl_b64": _s_binary(lambda a, b, wide=True: le.shl(a, b, wide=True), width=64),
    "s_lshr_b64": _s_binary(lambda a, b, wide=True: le.lshr(a, b, wide=True), width=64),
    "s_and_b32": _s_binary(le.bit_and), "s_or_b32": _s_binary(le.bit_or),
    "s_xor_b32": _s_binary(lambda a, b: le.bit_or(a, b, xor=True)),
    "s_andn2_b32": _s_binary(lambda a, b: le.bit_and(a, le.bit_not(b))),
    "s_and_b64": _s_binary(le.bit_and, width=64), "s_or_b64": _s_binary(le.bit_or, width=64),
    "s_xor_b64": _s_binary(lambda a, b, wide=True: le.bit_or(a, b, wide=True, xor=True), width=64),
    "s_andn2_b64": _s_binary(lambda a, b, wide=True: le.bit_and(a, le.bit_not(b, wide=True), wide=True), width=64),
    "s_orn2_b64": _s_binary(lambda a, b, wide=True: le.bit_or(a, le.bit_not(b, wide=True), wide=True), width=64),
    "s_not_b32": _s_not(32), "s_not_b64": _s_not(64),
    "s_min_i32": _s_binary(lambda a, b: le.minmax(a, b, True, False), "none"),
    "s_max_i32": _s_binary(lambda a, b: le.minmax(a, b, True, True), "none"),
    "s_min_u32": _s_binary(lambda a, b: le.minmax(a, b, False, False), "none"),
    "s_max_u32": _s_binary(lambda a, b: le.minmax(a, b, False, True), "none"),
    "s_bfe_u32": _s_bfe, "s_bfe_i32": _s_bfe,
    "s_lshl1_add_u32": _s_shift_add(1), "s_lshl2_add_u32": _s_shift_add(2),
    "s_lshl3_add_u32": _s_shift_add(3), "s_lshl4_add_u32": _s_shift_add(4),
    "s_cselect_b32": _s_cselect(32), "s_cselect_b64": _s_cselect(64),
    "s_bitcmp0_b32": _s_bitcmp, "s_bitcmp1_b32": _s_bitcmp,
    "s_and_saveexec_b64": _s_saveexec("and"), "s_or_saveexec_b64": _s_saveexec("or"),
    "s_xor_saveexec_b64": _s_saveexec("xor"), "s_andn2_saveexec_b64": _s_saveexec("andn2"),
}
