"""Lane-by-lane evaluation of the integer arithmetic that forms addresses.

Bank conflicts depend on the byte address of every lane, and a compiled kernel computes those
addresses from the work-item id (v0) with ordinary VALU/SALU arithmetic: shifts, masks, XOR
swizzles, multiply-adds. This module evaluates that arithmetic for the 64 lanes of one wave.

A value is tracked as (known part per lane) + (unknown part, the same for every lane of the wave).
Kernel arguments, workgroup ids and loop counters are such uniform unknowns: adding a uniform base
to all lanes shifts every bank by the same amount and leaves the conflicts unchanged, so an LDS
address of that form is as good as a known one. Of the unknown part we keep the set of bits it may
have (`sym`, a bit mask): `k * 0x2000` has only bits 13 and up, so `(k*0x2000) | lane_offset` with a
lane offset below 0x2000 is still (known lanes) + (uniform unknown). Whatever cannot be kept in
that form (a per-lane value times an unknown, a mask of unknown bits) becomes None: unknown, and
the instruction that uses it as an address says so instead of guessing.

Lane masks (v_cmp results, exec, vcc) are 64-bit scalars held in two 32-bit SGPR halves; bit i is
lane i. Comparisons whose operands are unknown are recorded as assumptions by the caller.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF


def _u64(x: int) -> np.uint64:
    return np.uint64(x & M64)


def _low_bit(mask: int) -> int:
    """Index of the lowest set bit (the alignment of an unknown with these possible bits)."""
    return (mask & -mask).bit_length() - 1 if mask else 64


def bits_from(align: int, width: int = 32) -> int:
    """All bits from `align` up: an unknown multiple of 2**align."""
    full = M32 if width == 32 else M64
    return (full >> align) << align if align < width else 0


@dataclass(frozen=True, eq=False)
class Val:
    """lanes (uint64 array, one per lane) + a uniform unknown with possible bits `sym` (0: none)."""

    lanes: np.ndarray
    sym: int = 0
    wide: bool = False        # a 64-bit value held in a register pair
    origin: str = ""          # where a uniform unknown came from, e.g. "arg@0" (kernel argument at byte 0)

    @property
    def known(self) -> bool:
        return self.sym == 0

    @property
    def uniform(self) -> bool:
        lanes = self.lanes
        return bool((lanes == lanes[0]).all())

    @property
    def width(self) -> int:
        return 64 if self.wide else 32

    def scalar(self) -> int | None:
        """The value, when it is known and the same in every lane."""
        return int(self.lanes[0]) if self.known and self.uniform else None

    def same_as(self, other: "Val") -> bool:
        return (self.sym == other.sym and self.wide == other.wide
                and bool(np.array_equal(self.lanes, other.lanes)))


class HiOf:
    """The upper register of a register pair holding a 64-bit value (the value lives in the lower one)."""

    __slots__ = ("lo",)

    def __init__(self, lo: Val):
        self.lo = lo


def const(value: int, lanes: int, wide: bool = False) -> Val:
    mask = M64 if wide else M32
    return Val(np.full(lanes, _u64(value & mask), dtype=np.uint64), 0, wide)


def per_lane(values, wide: bool = False) -> Val:
    mask = M64 if wide else M32
    return Val(np.asarray([v & mask for v in values], dtype=np.uint64), 0, wide)


def unknown_uniform(lanes: int, bits: int = M32, origin: str = "", wide: bool = False) -> Val:
    return Val(np.zeros(lanes, dtype=np.uint64), bits & (M64 if wide else M32), wide, origin)


# ---- helpers ---------------------------------------------------------------------------------------
def _wrap(lanes: np.ndarray, wide: bool) -> np.ndarray:
    return lanes if wide else lanes & np.uint64(M32)


def _possible_bits(v: Val) -> int:
    """Bits that may be set in any lane."""
    return int(np.bitwise_or.reduce(v.lanes)) | v.sym


def _disjoint(v: Val) -> bool:
    """lanes + sym == lanes | sym: no lane has a bit where the unknown may have one."""
    return v.sym == 0 or not bool((v.lanes & np.uint64(v.sym)).any())


def _fresh(a: Val | None, b: Val | None, bits: int | None = None, wide: bool = False) -> Val | None:
    """A uniform unknown result of two uniform operands (None if either varies across lanes)."""
    for v in (a, b):
        if v is not None and not v.uniform:
            return None
    if a is None and b is None:
        return None
    n = (a or b).lanes.shape[0]
    return unknown_uniform(n, M32 if bits is None else bits, wide=wide)


def _sum_sym(s1: int, s2: int, width: int = 32) -> int:
    if not s1:
        return s2
    if not s2:
        return s1
    return bits_from(min(_low_bit(s1), _low_bit(s2)), width)


# ---- arithmetic ---------------------------------------------------------------------------------------
def add(a: Val | None, b: Val | None, wide: bool = False) -> Val | None:
    if a is None or b is None:
        return None
    width = 64 if wide else 32
    return Val(_wrap(a.lanes + b.lanes, wide), _sum_sym(a.sym, b.sym, width) & (M64 if wide else M32), wide,
               a.origin or b.origin)


def neg(a: Val | None, wide: bool = False) -> Val | None:
    if a is None:
        return None
    sym = bits_from(_low_bit(a.sym), 64 if wide else 32) if a.sym else 0
    return Val(_wrap(np.uint64(0) - a.lanes, wide), sym, wide)


def sub(a: Val | None, b: Val | None, wide: bool = False) -> Val | None:
    return add(a, neg(b, wide), wide)


def mul(a: Val | None, b: Val | None, wide: bool = False) -> Val | None:
    if a is None or b is None:
        return None
    if a.known and b.known:
        return Val(_wrap(a.lanes * b.lanes, wide), 0, wide)
    for x, c in ((a, b), (b, a)):
        k = c.scalar()
        if k is not None:
            if k == 0:
                return const(0, len(a.lanes), wide)
            width = 64 if wide else 32
            sym = bits_from(min(width, _low_bit(x.sym) + _low_bit(k)), width)
            return Val(_wrap(x.lanes * np.uint64(k), wide), sym, wide)
    if a.uniform and b.uniform:
        align = min(_low_bit(_possible_bits(a)), 31) + min(_low_bit(_possible_bits(b)), 31)
        return unknown_uniform(len(a.lanes), bits_from(min(align, 64 if wide else 32), 64 if wide else 32), wide=wide)
    return None


def shl(a: Val | None, s: Val | None, wide: bool = False) -> Val | None:
    if a is None or s is None:
        return None
    amount = s.scalar()
    if amount is None:
        if a.known and s.known:
            return Val(_wrap(a.lanes << (s.lanes & np.uint64(63 if wide else 31)), wide), 0, wide)
        return _fresh(a, s, wide=wide)
    amount &= 63 if wide else 31
    mask = M64 if wide else M32
    return Val(_wrap(a.lanes << np.uint64(amount), wide), (a.sym << amount) & mask, wide, a.origin)


def lshr(a: Val | None, s: Val | None, wide: bool = False, arith: bool = False) -> Val | None:
    if a is None or s is None:
        return None
    amount = s.scalar()
    width = 64 if wide else 32
    if amount is None:
        if a.known and s.known:
            return Val(_shift_right(a.lanes, s.lanes & np.uint64(width - 1), width, arith), 0, wide)
        return _fresh(a, s, wide=wide)
    amount &= width - 1
    if a.known:
        return Val(_shift_right(a.lanes, np.uint64(amount), width, arith), 0, wide)
    top = 1 << (width - 1)
    sign_safe = not arith or (not (a.sym & top) and not bool((a.lanes & np.uint64(top)).any()))
    if sign_safe and (_low_bit(a.sym) >= amount or _disjoint(a)):
        return Val(a.lanes >> np.uint64(amount), a.sym >> amount, wide, a.origin)
    return _fresh(a, None, wide=wide) if a.uniform else None


def _shift_right(lanes: np.ndarray, amount, width: int, arith: bool) -> np.ndarray:
    if not arith:
        return lanes >> amount
    signed = lanes.astype(np.int64) if width == 64 else ((lanes.astype(np.int64) ^ 0x80000000) - 0x80000000)
    out = (signed >> amount.astype(np.int64) if isinstance(amount, np.ndarray) else signed >> np.int64(amount))
    return out.astype(np.uint64) & np.uint64(M64 if width == 64 else M32)


def bit_and(a: Val | None, b: Val | None, wide: bool = False) -> Val | None:
    if a is None or b is None:
        return None
    if a.known and b.known:
        return Val(a.lanes & b.lanes, 0, wide)
    for x, c in ((a, b), (b, a)):
        if not c.known:
            continue
        k = c.scalar()
        if _disjoint(x):
            # (lanes | sym) & c = (lanes & c) | (sym & c): uniform only if c keeps the same unknown bits in every lane
            kept = c.lanes & np.uint64(x.sym)
            if bool((kept == kept[0]).all()):
                return Val(x.lanes & c.lanes, int(kept[0]), wide, x.origin)
        if k is not None and k < (1 << _low_bit(x.sym)):
            return Val(x.lanes & np.uint64(k), 0, wide)
        if x.uniform and k is not None:
            return unknown_uniform(len(x.lanes), k, wide=wide)
    if a.uniform and b.uniform:
        return unknown_uniform(len(a.lanes), _possible_bits(a) & _possible_bits(b), wide=wide)
    return None


def bit_or(a: Val | None, b: Val | None, wide: bool = False, xor: bool = False) -> Val | None:
    if a is None or b is None:
        return None
    op = np.bitwise_xor if xor else np.bitwise_or
    if a.known and b.known:
        return Val(op(a.lanes, b.lanes), 0, wide)
    for x, c in ((a, b), (b, a)):
        if c.known and _disjoint(x) and not bool((c.lanes & np.uint64(x.sym)).any()):
            return Val(op(x.lanes, c.lanes), x.sym, wide, x.origin)
    if a.uniform and b.uniform:
        return unknown_uniform(len(a.lanes), _possible_bits(a) | _possible_bits(b), wide=wide)
    return None


def bit_not(a: Val | None, wide: bool = False) -> Val | None:
    if a is None:
        return None
    if a.known:
        return Val(_wrap(~a.lanes, wide), 0, wide)
    return _fresh(a, None, wide=wide)


def bfe(a: Val | None, offset: Val | None, width: Val | None) -> Val | None:
    """Unsigned bit-field extract: (a >> offset) & ((1 << width) - 1)."""
    w = width.scalar() if width is not None else None
    if w is None:
        return None
    w &= 31
    shifted = lshr(a, offset)
    return bit_and(shifted, const((1 << w) - 1, len(shifted.lanes))) if shifted is not None else None


def bfe_signed(a: Val | None, offset: Val | None, width: Val | None) -> Val | None:
    """Signed bit-field extract (v_bfe_i32): the field's top bit fills the bits above it. Triton's
    amdgcn takes a work-item id bit as 0 or -1 this way to build its XOR swizzle masks."""
    field = bfe(a, offset, width)
    w = (width.scalar() or 0) & 31 if width is not None else 0
    if field is None or not w:
        return field
    if not field.known:
        return _fresh(field, None) if field.uniform else None
    sign = (field.lanes >> np.uint64(w - 1)) & np.uint64(1)
    high = np.uint64(M32 & ~((1 << w) - 1))
    return Val(np.where(sign == 1, field.lanes | high, field.lanes))


def bitop3(a: Val | None, b: Val | None, c: Val | None, table: int) -> Val | None:
    """gfx950 v_bitop3: each result bit is table[(a_bit << 2) | (b_bit << 1) | c_bit]."""
    if a is None or b is None or c is None:
        return None
    if not (a.known and b.known and c.known):
        if a.uniform and b.uniform and c.uniform:
            return unknown_uniform(len(a.lanes))
        return None
    out = np.zeros_like(a.lanes)
    for index in range(8):
        if not (table >> index) & 1:
            continue
        term = np.full_like(a.lanes, np.uint64(M32))
        for operand, bit in ((a, 4), (b, 2), (c, 1)):
            term &= operand.lanes if index & bit else (~operand.lanes & np.uint64(M32))
        out |= term
    return Val(out & np.uint64(M32))


def select(mask_bits: np.ndarray | None, if_false: Val | None, if_true: Val | None) -> Val | None:
    """v_cndmask: per lane, if_true where the mask bit is set."""
    if mask_bits is None or if_false is None or if_true is None:
        return None
    if bool(mask_bits.all()):
        return if_true
    if not bool(mask_bits.any()):
        return if_false
    if if_false.known and if_true.known:   # two unknowns may differ: mixing their lanes is not lanes + one unknown
        return Val(np.where(mask_bits, if_true.lanes, if_false.lanes), 0, if_true.wide)
    return None


def minmax(a: Val | None, b: Val | None, signed: bool, take_max: bool) -> Val | None:
    if a is None or b is None:
        return None
    if a.known and b.known:
        x, y = a.lanes, b.lanes
        if signed:
            x = (x.astype(np.int64) ^ 0x80000000) - 0x80000000
            y = (y.astype(np.int64) ^ 0x80000000) - 0x80000000
        r = np.maximum(x, y) if take_max else np.minimum(x, y)
        return Val(r.astype(np.uint64) & np.uint64(M32))
    return _fresh(a, b)


def compare(a: Val | None, b: Val | None, relation: str, signed: bool, wide: bool = False) -> np.ndarray | None:
    """Per-lane truth of `a relation b` (eq, ne/lg, lt, le, gt, ge), or None when either is unknown."""
    if a is None or b is None or not (a.known and b.known):
        return None
    x, y = a.lanes, b.lanes
    if signed:
        width = 64 if wide else 32
        x = x.astype(np.int64) if width == 64 else (x.astype(np.int64) ^ 0x80000000) - 0x80000000
        y = y.astype(np.int64) if width == 64 else (y.astype(np.int64) ^ 0x80000000) - 0x80000000
    return {"eq": x == y, "ne": x != y, "lg": x != y, "lt": x < y, "le": x <= y, "gt": x > y,
            "ge": x >= y}.get(relation)


def join(a, b):
    """Merge the values a register has on two paths into a loop header (widening).

    Equal values stay; values that differ by the same amount in every lane keep a's lanes and
    gain a uniform unknown aligned like the difference (a loop counter stepping by 0x2000 becomes
    `start + unknown multiple of 0x2000`); anything else becomes unknown."""
    if a is b:
        return a
    if isinstance(a, HiOf) and isinstance(b, HiOf):
        lo = join(a.lo, b.lo)
        return HiOf(lo) if isinstance(lo, Val) and lo.wide else None
    if not isinstance(a, Val) or not isinstance(b, Val) or a.wide != b.wide or a.lanes.shape != b.lanes.shape:
        return None
    if a.same_as(b):
        return a
    width = 64 if a.wide else 32
    diff = _wrap(b.lanes - a.lanes, a.wide)
    if not bool((diff == diff[0]).all()):
        return None
    d = int(diff[0])
    align = min(_low_bit(d) if d else width, _low_bit(a.sym), _low_bit(b.sym))
    return Val(a.lanes, bits_from(align, width), a.wide, a.origin if a.origin == b.origin else "")
