"""Lane-by-lane evaluation of the integer arithmetic of an sm_90 SASS listing, for every thread of a block.

A GEMM kernel forms its addresses, loop counters and guards from the thread and block ids, the
kernel's arguments (constant bank 0) and ordinary integer instructions: IMAD, IADD3, LEA, LOP3, SHF,
ISETP, SEL, and for a division by a kernel argument the float reciprocal sequence (I2F, MUFU.RCP,
F2I). With the arguments bound to the problem's values every one of those is a number per thread,
so the whole block is evaluated at once: a register is an array of 32-bit values, one per thread
(uniform registers UR too, all lanes equal), a predicate an array of booleans. What cannot be known
(a value loaded from memory, a matrix or float result) is None, and so is anything computed from it;
an address that comes out None is reported by the caller, never guessed.

Operand forms read: R5, -R5, |R5|, ~R5, R5.reuse, RZ, UR4, URZ, P0, !P0, PT, UP0, immediates (0x10,
-0x10, float literals), c[0x0][0x210] (constant bank), SR_TID.X and the other special registers,
and the memory forms [R5+UR4+0x10], [R2.64+0x8], desc[UR4][R2.64+0x100].
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from gemmsim.caches import kept

M32 = 0xFFFFFFFF
_IMM = re.compile(r"^(-)?(0x[0-9a-fA-F]+|\d+)$")
_FLOAT = re.compile(r"^-?(\d+\.\d*(e[+-]?\d+)?|\d+e[+-]?\d+|INF|\+INF|QNAN|\+QNAN)$", re.I)
_CONST = re.compile(r"^(-)?c\[(0x[0-9a-fA-F]+)\]\[(0x[0-9a-fA-F]+|R\d+|UR\d+)(?:\+?(-?0x[0-9a-fA-F]+))?\](?:\.[A-Z0-9]+)*$")
_REG = re.compile(r"^([-~!]|\|)?(U?R\d+|U?RZ|U?P\d+|U?PT|SRZ)(\.64|\.reuse|\.H[01]|\.B[0-3]|\.X\d|\.U32|\.F32)*\|?(\.reuse)?$")


@dataclass(frozen=True)
class Src:
    kind: str          # "reg" (R/UR), "pred" (P/UP), "imm", "const", "sr", "float"
    name: str = ""     # register or special register name ("R5", "UR4", "P0", "SR_TID.X"); "" for RZ
    value: int = 0     # imm: its 32-bit value; const: the byte offset in bank 0
    neg: bool = False  # -R (two's complement), !P
    inv: bool = False  # ~R (bitwise not)
    abs: bool = False
    wide: bool = False  # R2.64: the register pair
    index: str = ""    # const indexed by a register: its name


@dataclass(frozen=True)
class MemRef:
    """[R5+UR4+0x10], [R2.64+0x8], desc[UR4][R2.64+0x100]: the registers and the offset."""

    reg: str = ""      # "" or R name
    wide: bool = False
    ureg: str = ""
    offset: int = 0
    x4: bool = False   # [R5.X4...]: the register scaled by 4 (not seen in the kernels here)


@kept(65536)
def parse_operand(text: str) -> Src | MemRef:
    t = text.strip()
    if t.startswith("desc["):
        t = t[t.index("]") + 1:]
    if t.startswith("["):
        return _memref(t)
    m = _CONST.match(t)
    if m:
        idx = m.group(3)
        off = int(m.group(4), 16) if m.group(4) else 0
        if idx.startswith(("R", "U")):
            return Src("const", value=off, neg=bool(m.group(1)), index=idx)
        return Src("const", value=int(idx, 16) + off, neg=bool(m.group(1)))
    if t.startswith("SR_") or t == "SRZ":
        return Src("sr", name=t) if t != "SRZ" else Src("imm", value=0)
    m = _IMM.match(t)
    if m:
        v = int(m.group(2), 0)
        return Src("imm", value=(-v if m.group(1) else v) & M32)
    if _FLOAT.match(t):
        f = float(t.replace("+", "")) if "INF" not in t.upper() and "NAN" not in t.upper() else float("nan")
        return Src("float", value=int(np.array(f, np.float32).view(np.uint32)))
    m = _REG.match(t)
    if m:
        prefix, name = m.group(1) or "", m.group(2)
        wide = ".64" in t
        if name in ("RZ", "URZ"):
            return Src("imm", value=0) if prefix != "~" else Src("imm", value=M32)
        if name in ("PT", "UPT"):
            return Src("pred", name="", neg=prefix == "!")
        if name.lstrip("U").startswith("P"):
            return Src("pred", name=name, neg=prefix == "!")
        return Src("reg", name=name, neg=prefix == "-", inv=prefix == "~", abs=prefix == "|", wide=wide)
    return Src("unknown", name=t)


def _memref(t: str) -> MemRef:
    inner = t[1:t.index("]")]
    reg = ureg = ""
    wide = x4 = False
    offset = 0
    for part in re.findall(r"[+-]?[^+-]+", inner.replace(" ", "")):
        p = part.lstrip("+")
        if p.startswith(("R", "-R")) and not p.startswith("RZ"):
            reg = p.split(".")[0]
            wide = ".64" in p
            x4 = ".X4" in p
        elif p.startswith("UR") and not p.startswith("URZ"):
            ureg = p.split(".")[0]
        elif p in ("RZ", "URZ"):
            continue
        else:
            offset += int(p, 16) if "0x" in p else int(p)
    return MemRef(reg, wide, ureg, offset, x4)


@dataclass
class Machine:
    """The block's threads and what the kernel reads besides its registers."""

    threads: int
    block: tuple[int, int, int]
    ctaid: tuple[int, int, int]
    constants: dict[int, int]        # byte offset in constant bank 0 -> 32-bit word
    grid: tuple[int, int, int] = (1, 1, 1)

    def __post_init__(self):
        t = np.arange(self.threads, dtype=np.int64)
        bx, by, _ = self.block
        self.special = {"SR_TID.X": t % bx, "SR_TID.Y": (t // bx) % by, "SR_TID.Z": t // (bx * by),
                        "SR_LANEID": t % 32, "SR_CTAID.X": self.ctaid[0], "SR_CTAID.Y": self.ctaid[1],
                        "SR_CTAID.Z": self.ctaid[2]}

    def const(self, offset: int) -> int | None:
        return self.constants.get(offset)


@dataclass
class State:
    """Registers (R, UR: arrays of 32-bit values, one per thread, or None) and predicates (P, UP)."""

    regs: dict[str, np.ndarray | None] = field(default_factory=dict)
    preds: dict[str, np.ndarray | None] = field(default_factory=dict)
    loaded: set = field(default_factory=set)   # registers a load wrote last (an IMAD of two is a multiply-add)

    def copy(self) -> "State":
        return State(dict(self.regs), dict(self.preds), set(self.loaded))


def _pair(name: str) -> str:
    prefix = "UR" if name.startswith("UR") else "R"
    return f"{prefix}{int(name[len(prefix):]) + 1}"


class Evaluator:
    """Evaluates one instruction at a time on a State (execute), for every thread of the block."""

    def __init__(self, machine: Machine):
        self.m = machine
        self.n = machine.threads
        self.unknown_ops: dict[str, int] = {}
        self.multiply_add = False   # the last IMAD multiplied two loaded registers

    # ---- reading ------------------------------------------------------------------------------
    def full(self, v: int) -> np.ndarray:
        return np.full(self.n, v & M32, dtype=np.int64)

    def read(self, st: State, s: Src) -> np.ndarray | None:
        if s.kind == "imm" or s.kind == "float":
            v = self.full(s.value)
        elif s.kind == "const":
            if s.index:
                return None
            c = self.m.const(s.value)
            if c is None:
                return None
            v = self.full(c)
        elif s.kind == "sr":
            x = self.m.special.get(s.name)
            if x is None:
                x = 0   # SR_CgaCtaId and the like: this block alone, id 0
            v = (np.asarray(x, dtype=np.int64) & M32) * np.ones(self.n, dtype=np.int64)
        elif s.kind == "reg":
            v = st.regs.get(s.name)
            if v is None:
                return None
        else:
            return None
        if s.abs:
            v = np.abs(_signed(v)) & M32
        if s.neg:
            v = (-v) & M32
        if s.inv:
            v = (~v) & M32
        return v

    def read64(self, st: State, s: Src) -> np.ndarray | None:
        """A register pair (R2.64) or a 64-bit constant as one 64-bit value per thread."""
        if s.kind == "reg":
            lo, hi = st.regs.get(s.name), st.regs.get(_pair(s.name))
            if lo is None or hi is None:
                return None
            return (hi << 32) | lo
        if s.kind == "const" and not s.index:
            lo, hi = self.m.const(s.value), self.m.const(s.value + 4)
            if lo is None or hi is None:
                return None
            return self.full(0) + ((hi << 32) | lo)
        v = self.read(st, s)
        return v

    def pred(self, st: State, s: Src) -> np.ndarray | None:
        if s.kind != "pred":
            return None
        if not s.name:
            v = np.ones(self.n, dtype=bool)
        else:
            v = st.preds.get(s.name)
            if v is None:
                return None
        return ~v if s.neg else v

    def guard(self, st: State, text: str) -> np.ndarray | None:
        """The threads an instruction's guard (@P0, @!UP1) lets through; all for none; None: unknown."""
        if not text:
            return np.ones(self.n, dtype=bool)
        return self.pred(st, parse_operand(text.lstrip("@")))

    # ---- writing ------------------------------------------------------------------------------
    @staticmethod
    def write(st: State, name: str, value, mask) -> None:
        if not name:
            return
        store = st.preds if "P" in name and not name.startswith(("R", "UR")) else st.regs
        if value is not None and not np.all(mask):
            old = store.get(name)
            value = None if old is None else np.where(mask, value, old)
        elif value is None and not np.any(mask):
            return
        store[name] = value
        st.loaded.discard(name)

    # ---- one instruction ----------------------------------------------------------------------
    def execute(self, st: State, opcode: str, operands: list[str], mask: np.ndarray) -> None:
        """Apply one instruction's effect on the registers of the threads in `mask`."""
        base = opcode.split(".")[0]
        mods = opcode.split(".")[1:]
        ops = [parse_operand(o) for o in operands]
        handler = getattr(self, "_op_" + base.lstrip("U") if base.startswith("U") and base not in ("UMOV",) else "_op_" + base, None)
        if base == "UMOV":
            handler = self._op_MOV
        self.multiply_add = False
        if handler is None:
            self._unknown(st, opcode, ops, mask)
            return
        handler(st, mods, ops, mask)

    def _unknown(self, st, opcode, ops, mask):
        """Any other instruction: the registers and predicates it writes become unknown."""
        self.unknown_ops[opcode] = self.unknown_ops.get(opcode, 0) + 1
        for d in _destinations(opcode, ops):
            self.write(st, d, None, mask)

    # moves and loads of constants / special registers
    def _op_MOV(self, st, mods, ops, mask):
        self.write(st, ops[0].name, self.read(st, ops[1]), mask)

    def _op_LDC(self, st, mods, ops, mask):
        src = ops[1]
        if "64" in mods:
            v = self.read64(st, src)
            self.write(st, ops[0].name, None if v is None else v & M32, mask)
            self.write(st, _pair(ops[0].name), None if v is None else (v >> 32) & M32, mask)
        else:
            self.write(st, ops[0].name, self.read(st, src), mask)

    def _op_S2R(self, st, mods, ops, mask):
        self.write(st, ops[0].name, self.read(st, ops[1]), mask)

    _op_S2UR = _op_S2R

    def _op_CS2R(self, st, mods, ops, mask):
        v = self.read(st, ops[1])
        self.write(st, ops[0].name, v, mask)
        if "32" not in mods:
            self.write(st, _pair(ops[0].name), v, mask)

    def _op_R2UR(self, st, mods, ops, mask):
        v = self.read(st, ops[1])
        if v is not None and not np.all(v == v[0]):
            v = self.full(int(v[0]))   # the first active thread's value, as the hardware takes it
        self.write(st, ops[0].name, v, mask)

    # integer arithmetic
    def _op_IADD3(self, st, mods, ops, mask):
        d, preds_out, srcs, carries = _split_carry(ops)
        vals = [self.read(st, s) for s in srcs[:3]]
        if any(v is None for v in vals):
            self.write(st, d.name, None, mask)
            for p in preds_out:
                self.write(st, p.name, None, mask)
            return
        total = vals[0] + vals[1] + (vals[2] if len(vals) > 2 else 0)
        if "X" in mods:
            for c in carries:
                cv = self.pred(st, c)
                if cv is None:
                    self.write(st, d.name, None, mask)
                    return
                total = total + cv.astype(np.int64)
        self.write(st, d.name, total & M32, mask)
        # carry out: what the unsigned sum carried past bit 31 (negated operands counted as added)
        if preds_out:
            raw = sum(vals)
            self.write(st, preds_out[0].name, (raw >> 32) > 0 if not any(s.neg for s in srcs) else None, mask)

    def _op_VIADD(self, st, mods, ops, mask):
        a, b = self.read(st, ops[1]), self.read(st, ops[2])
        self.write(st, ops[0].name, None if a is None or b is None else (a + b) & M32, mask)

    def _op_IMAD(self, st, mods, ops, mask):
        d = ops[0]
        rest = [o for o in ops[1:] if o.kind != "pred"]
        carries = [o for o in ops[1:] if o.kind == "pred"]
        a, b, c = (self.read(st, rest[i]) for i in range(3))
        wide = "WIDE" in mods
        if wide:
            c = self.read64(st, rest[2])
        # a multiply of two loaded registers is the kernel's multiply-add (sass_reader.order_letters' rule)
        self.multiply_add = all(s.kind == "reg" and s.name in st.loaded for s in rest[:2])
        if a is None or b is None or c is None:
            self.write(st, d.name, None, mask)
            if wide:
                self.write(st, _pair(d.name), None, mask)
            return
        if wide:
            if "U32" in mods:
                prod = a * b
            else:
                prod = _signed(a) * _signed(b)
            r = prod + c   # int64 wraps as the 64-bit register pair does
            self.write(st, d.name, r & M32, mask)
            self.write(st, _pair(d.name), (r >> 32) & M32, mask)
            return
        if "HI" in mods:
            r = ((a * b) >> 32) + c
        else:
            r = a * b + c
        if "X" in mods:
            for p in carries:
                cv = self.pred(st, p)
                if cv is None:
                    self.write(st, d.name, None, mask)
                    return
                r = r + cv.astype(np.int64)
        self.write(st, d.name, r & M32, mask)

    def _op_LEA(self, st, mods, ops, mask):
        d, preds_out, srcs, carries = _split_carry(ops)
        if "HI" in mods:
            # LEA.HI d, a, b, c, sh: b + the high word of (c:a) << sh; .SX32: c is a's sign; .X adds a carry
            a, b = self.read(st, srcs[0]), self.read(st, srcs[1])
            if "SX32" in mods:
                sh = srcs[2].value
                hi = None if a is None else np.where(_signed(a) < 0, M32, 0)
            else:
                hi = self.read(st, srcs[2])
                sh = srcs[3].value
            if a is None or b is None or hi is None:
                self.write(st, d.name, None, mask)
                return
            wide = (hi << 32) | a
            r = b + (((wide << sh) >> 32) & M32)
            if "X" in mods:
                for c in carries:
                    cv = self.pred(st, c)
                    if cv is None:
                        self.write(st, d.name, None, mask)
                        return
                    r = r + cv.astype(np.int64)
            self.write(st, d.name, r & M32, mask)
            return
        a, b = self.read(st, srcs[0]), self.read(st, srcs[1])
        sh = srcs[2].value
        if a is None or b is None:
            self.write(st, d.name, None, mask)
            for p in preds_out:
                self.write(st, p.name, None, mask)
            return
        raw = ((a << sh) & M32) + b
        self.write(st, d.name, raw & M32, mask)
        if preds_out:
            self.write(st, preds_out[0].name, (raw >> 32) > 0, mask)

    def _op_SHF(self, st, mods, ops, mask):
        """The funnel shift of the pair (hi:lo): left or right, the low or (.HI) the high word."""
        d, lo_s, sh_s, hi_s = ops[:4]
        lo, sh, hi = self.read(st, lo_s), self.read(st, sh_s), self.read(st, hi_s)
        if lo is None or sh is None or hi is None:
            self.write(st, d.name, None, mask)
            return
        sh = sh & 63
        wide = (hi << 32) | lo          # int64: two's complement of the pair, as the hardware holds it
        if "L" in mods:
            r = wide << sh
        elif "S32" in mods or "S64" in mods:
            r = wide >> sh
        else:
            r = (wide.view(np.uint64) >> sh.astype(np.uint64)).view(np.int64)
        self.write(st, d.name, ((r >> 32) if "HI" in mods else r) & M32, mask)

    def _op_LOP3(self, st, mods, ops, mask):
        dsts = []
        i = 0
        while ops[i].kind == "pred" and i < 1:
            dsts.append(ops[i])
            i += 1
        d = ops[i]
        a, b, c = (self.read(st, ops[i + k]) for k in (1, 2, 3))
        lut = ops[i + 4].value
        if a is None or b is None or c is None:
            self.write(st, d.name, None, mask)
            for p in dsts:
                self.write(st, p.name, None, mask)
            return
        r = np.zeros(self.n, dtype=np.int64)
        for bit in range(8):
            if lut >> bit & 1:
                x = (a if bit & 4 else ~a) & (b if bit & 2 else ~b) & (c if bit & 1 else ~c)
                r |= x
        r &= M32
        if d.kind == "reg":
            self.write(st, d.name, r, mask)
        for p in dsts:
            self.write(st, p.name, r != 0, mask)

    def _op_PLOP3(self, st, mods, ops, mask):
        d1, d2, a, b, c = ops[:5]
        lut = ops[5].value
        av, bv, cv = self.pred(st, a), self.pred(st, b), self.pred(st, c)
        if av is None or bv is None or cv is None:
            self.write(st, d1.name, None, mask)
            self.write(st, d2.name, None, mask)
            return
        r = np.zeros(self.n, dtype=bool)
        for bit in range(8):
            if lut >> bit & 1:
                r |= (av if bit & 4 else ~av) & (bv if bit & 2 else ~bv) & (cv if bit & 1 else ~cv)
        self.write(st, d1.name, r, mask)
        self.write(st, d2.name, None, mask) if d2.name else None

    def _op_ISETP(self, st, mods, ops, mask):
        d1, d2, a_s, b_s, c_s = ops[:5]
        a, b, c = self.read(st, a_s), self.read(st, b_s), self.pred(st, c_s)
        if a is None or b is None or c is None or "EX" in mods:
            self.write(st, d1.name, None, mask)
            self.write(st, d2.name, None, mask)
            return
        if "U32" not in mods:
            a, b = _signed(a), _signed(b)
        cmp = mods[0]
        r = {"LT": a < b, "LE": a <= b, "GT": a > b, "GE": a >= b, "EQ": a == b, "NE": a != b}.get(cmp)
        if r is None:
            self._unknown(st, "ISETP." + ".".join(mods), ops, mask)
            return
        combine = next((m for m in mods if m in ("AND", "OR", "XOR")), "AND")
        f = {"AND": np.logical_and, "OR": np.logical_or, "XOR": np.logical_xor}[combine]
        self.write(st, d1.name, f(r, c), mask)
        self.write(st, d2.name, f(~r, c), mask)

    def _op_SEL(self, st, mods, ops, mask):
        a, b, p = self.read(st, ops[1]), self.read(st, ops[2]), self.pred(st, ops[3])
        self.write(st, ops[0].name, None if a is None or b is None or p is None else np.where(p, a, b), mask)

    def _op_IABS(self, st, mods, ops, mask):
        a = self.read(st, ops[1])
        self.write(st, ops[0].name, None if a is None else np.abs(_signed(a)) & M32, mask)

    def _op_IMNMX(self, st, mods, ops, mask):
        a, b, p = self.read(st, ops[1]), self.read(st, ops[2]), self.pred(st, ops[3])
        if a is None or b is None or p is None:
            self.write(st, ops[0].name, None, mask)
            return
        if "U32" not in mods:
            a, b = _signed(a), _signed(b)
        self.write(st, ops[0].name, np.where(p, np.minimum(a, b), np.maximum(a, b)) & M32, mask)

    _op_VIMNMX = _op_IMNMX

    def _op_SGXT(self, st, mods, ops, mask):
        a, bits = self.read(st, ops[1]), self.read(st, ops[2])
        if a is None or bits is None:
            self.write(st, ops[0].name, None, mask)
            return
        n = int(bits[0]) & 31 or 32
        v = a & ((1 << n) - 1)
        if "U32" not in mods:
            v = np.where(v >> (n - 1) & 1, v | (M32 ^ ((1 << n) - 1)), v)
        self.write(st, ops[0].name, v & M32, mask)

    def _op_BMSK(self, st, mods, ops, mask):
        a, b = self.read(st, ops[1]), self.read(st, ops[2])
        if a is None or b is None:
            self.write(st, ops[0].name, None, mask)
            return
        self.write(st, ops[0].name, (((1 << (b & 31)) - 1) << (a & 31)) & M32, mask)

    def _op_PRMT(self, st, mods, ops, mask):
        a, sel, b = self.read(st, ops[1]), self.read(st, ops[2]), self.read(st, ops[3])
        if a is None or sel is None or b is None:
            self.write(st, ops[0].name, None, mask)
            return
        src = (b << 32) | a
        r = np.zeros(self.n, dtype=np.int64)
        for i in range(4):
            idx = (sel >> (4 * i)) & 7
            r |= ((src >> (8 * idx)) & 0xFF) << (8 * i)
        self.write(st, ops[0].name, r & M32, mask)

    def _op_POPC(self, st, mods, ops, mask):
        a = self.read(st, ops[1])
        self.write(st, ops[0].name, None if a is None else np.array([bin(int(x)).count("1") for x in a], np.int64), mask)

    def _op_FLO(self, st, mods, ops, mask):
        a = self.read(st, ops[1])
        if a is None:
            self.write(st, ops[0].name, None, mask)
            return
        self.write(st, ops[0].name, np.array([(int(x).bit_length() - 1) & M32 for x in a], np.int64), mask)

    # float steps of an integer division by a kernel argument
    def _op_I2F(self, st, mods, ops, mask):
        a = self.read(st, ops[-1])
        if a is None:
            self.write(st, ops[0].name, None, mask)
            return
        x = (a if "U32" in mods else _signed(a)).astype(np.float64)
        f = x.astype(np.float32)
        if "RP" in mods:
            f = np.where(f.astype(np.float64) < x, np.nextafter(f, np.float32(np.inf)), f)
        self.write(st, ops[0].name, f.astype(np.float32).view(np.uint32).astype(np.int64), mask)

    def _op_MUFU(self, st, mods, ops, mask):
        a = self.read(st, ops[1])
        if a is None or "RCP" not in mods:
            self.write(st, ops[0].name, None, mask)
            return
        f = a.astype(np.uint32).view(np.float32)
        with np.errstate(divide="ignore"):
            r = (np.float32(1.0) / f).astype(np.float32)
        self.write(st, ops[0].name, r.view(np.uint32).astype(np.int64), mask)

    def _op_F2I(self, st, mods, ops, mask):
        a = self.read(st, ops[-1])
        if a is None:
            self.write(st, ops[0].name, None, mask)
            return
        f = a.astype(np.uint32).view(np.float32).astype(np.float64)
        f = np.nan_to_num(np.trunc(f), nan=0.0, posinf=2.0 ** 32 - 1, neginf=0.0)
        if "U32" in mods:
            v = np.clip(f, 0, M32).astype(np.int64)
        else:
            v = np.clip(f, -2.0 ** 31, 2.0 ** 31 - 1).astype(np.int64) & M32
        self.write(st, ops[0].name, v, mask)

    def _float_op(self, st, ops, mask, fn):
        vals = [self.read(st, o) for o in ops[1:]]
        if any(v is None for v in vals):
            self.write(st, ops[0].name, None, mask)
            return
        fs = [v.astype(np.uint32).view(np.float32) for v in vals]
        with np.errstate(all="ignore"):
            r = fn(*fs).astype(np.float32)
        self.write(st, ops[0].name, r.view(np.uint32).astype(np.int64), mask)

    def _op_FADD(self, st, mods, ops, mask):
        self._float_op(st, ops[:3], mask, lambda a, b: a + b)

    def _op_FMUL(self, st, mods, ops, mask):
        self._float_op(st, ops[:3], mask, lambda a, b: a * b)

    def _op_FFMA(self, st, mods, ops, mask):
        self._float_op(st, ops[:4], mask, lambda a, b, c: a * b + c)

    def _op_HFMA2(self, st, mods, ops, mask):
        """HFMA2 -RZ, RZ, h1, h0: nvcc's way of writing a constant (two half immediates)."""
        if len(ops) == 5 and all(o.kind == "imm" and o.value == 0 for o in ops[1:3]):
            halves = [np.array(float(x.value if x.kind == "imm" else np.array(x.value, np.uint32).view(np.float32)),
                               np.float16).view(np.uint16) for x in ops[3:5]]
            self.write(st, ops[0].name, self.full((int(halves[0]) << 16) | int(halves[1])), mask)
            return
        self._unknown(st, "HFMA2", ops, mask)

    # loads: their results are unknown, and they count as loaded for the multiply-add rule
    def load(self, st: State, opcode: str, operands: list[str], mask) -> None:
        ops = [parse_operand(o) for o in operands]
        d = ops[0]
        if isinstance(d, Src) and d.kind == "reg":
            width = 4 if ".128" in opcode else 2 if ".64" in opcode else 1
            if opcode.startswith("LDSM"):
                width = {"1": 1, "2": 2, "4": 4}.get(opcode.rsplit(".", 1)[-1], 4)
            first = int(d.name[1:])
            for r in range(first, first + width):
                self.write(st, f"R{r}", None, mask)
                st.loaded.add(f"R{r}")

    def address(self, st: State, ref: MemRef) -> np.ndarray | None:
        """The byte address every thread's access names (64-bit for a global pair)."""
        total = self.full(0) + ref.offset
        if ref.reg:
            v = self.read64(st, Src("reg", name=ref.reg)) if ref.wide else self.read(st, Src("reg", name=ref.reg))
            if v is None:
                return None
            total = total + (v * 4 if ref.x4 else v)
        if ref.ureg:
            v = self.read(st, Src("reg", name=ref.ureg))
            if v is None:
                return None
            total = total + v
        return total


def _signed(v: np.ndarray) -> np.ndarray:
    return np.where(v & 0x80000000, v - (1 << 32), v)


def _split_carry(ops):
    """IADD3/LEA operands: the destination, the carry-out predicates right after it (PT: none kept),
    the sources, and the carry-in predicates after the sources (the .X forms)."""
    i = 1
    outs = []
    while i < len(ops) and ops[i].kind == "pred":
        outs.append(ops[i])
        i += 1
    rest = ops[i:]
    return ops[0], outs, [o for o in rest if o.kind != "pred"], [o for o in rest if o.kind == "pred"]


def _destinations(opcode: str, ops) -> list[str]:
    """The registers and predicates an unknown instruction writes: its leading register/predicate
    operands (a store or a branch writes none)."""
    base = opcode.split(".")[0]
    if base in ("STG", "STS", "ST", "BRA", "BAR", "EXIT", "RED", "ATOM", "STL", "BSSY", "BSYNC", "NOP", "WARPSYNC",
                "DEPBAR", "LDGDEPBAR", "LDGSTS", "MEMBAR", "ERRBAR", "CCTL", "FENCE", "ARRIVES", "SYNCS"):
        return []
    out = []
    for o in ops:
        if isinstance(o, Src) and o.kind in ("reg", "pred") and o.name:
            out.append(o.name)
            if o.kind == "reg" and (".64" in opcode or "WIDE" in opcode or base in ("DFMA", "DADD", "DMUL")):
                out.append(_pair(o.name))
            if o.kind == "reg":
                break
        else:
            break
    if base == "HMMA":
        first = ops[0].name if isinstance(ops[0], Src) and ops[0].kind == "reg" else ""
        if first:
            out = [f"R{int(first[1:]) + i}" for i in range(4)]
    return out
