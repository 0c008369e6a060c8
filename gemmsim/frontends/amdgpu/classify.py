"""Which pipe an AMDGPU instruction uses, how wide its memory access is, and what its MFMA costs.

CDNA3/CDNA4 issue from five families, told apart by the mnemonic's prefix: v_mfma / v_smfmac
(matrix core), other v_ (vector ALU), s_ (scalar ALU, plus s_load (scalar memory), s_waitcnt,
s_barrier and branches), ds_ (LDS), and buffer_ / global_ / flat_ / scratch_ (vector memory;
with the `lds` modifier or a `_lds_` name, a global -> LDS DMA that bypasses the VGPRs). The
access width is in the name (`ds_read_b128`, `buffer_load_dwordx4`, `global_load_ushort`);
ds_read2 / ds_write2 make two accesses per lane at two immediate offsets.

A matrix instruction's pipe time comes from the GPU file's matrix table, looked up by opcode (and
operand formats for the f8f6f4 forms). An MFMA that is not in the table is still classified: its
M x N x K, block count and dtypes come from the mnemonic, and its cycles by rule — scaled by FLOPs
from a table instruction of the same dtype (or of the dtype whose rate it runs at: bf8 at fp8's),
else from that dtype's peak FLOP/clk per SIMD — and the rule is reported with the instruction.
The mnemonic is read by the one matrix-opcode parser, gemmsim.hw.matrix_opcode.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields

from gemmsim.dtypes import dtype as registry_dtype
from gemmsim.hw import GPU, MatrixInstruction
from gemmsim.hw.matrix_opcode import MatrixOpcode, is_matrix_mnemonic, parse_matrix_opcode
from gemmsim.frontends.amdgpu.parser import AsmInstr
from gemmsim.ir.program import Op


@dataclass(frozen=True)
class MfmaInfo(MatrixOpcode):
    """A matrix instruction as its mnemonic gives it, with its pipe cycles on this GPU."""

    cycles: int = 0
    source: str = ""      # "table" or the rule that gave the cycles


@dataclass(frozen=True)
class Classified:
    op: Op
    family: str                 # finer than op: "mfma", "valu", "ds_read", "buffer_load", "lds_dma", ...
    cycles: int
    width_bits: int = 0         # per-lane width of one access (memory ops)
    accesses: int = 1           # DS read2/write2: two accesses per lane
    offset_unit: int = 1        # DS read2/write2: bytes per unit of offset0/offset1
    mfma: MfmaInfo | None = None
    vmcnt: int | None = None
    lgkmcnt: int | None = None
    expcnt: int | None = None
    note: str = ""              # how an unknown instruction was classified

    @property
    def lane_bytes(self) -> int:
        return self.width_bits // 8 * self.accesses


_VMEM_PREFIX = ("buffer_", "global_", "flat_", "scratch_", "tbuffer_", "image_")
_SMEM_PREFIX = ("s_load_", "s_buffer_load_", "s_store_", "s_buffer_store_", "s_scratch_", "s_dcache_", "s_atomic_",
                "s_buffer_atomic_", "s_memtime", "s_memrealtime", "s_get_waveid")
_BRANCH = ("s_branch", "s_cbranch_", "s_setpc_b64", "s_swappc_b64", "s_endpgm", "s_trap", "s_rfe_b64", "s_call_b64")
_NOP = ("s_nop", "s_sleep", "s_setprio", "s_sethalt", "s_icache_inv", "s_ttracedata", "s_code_end", "s_wakeup",
        "s_set_gpr_idx_off", "s_incperflevel", "s_decperflevel")
_VMEM_WIDTH = {"dword": 32, "dwordx2": 64, "dwordx3": 96, "dwordx4": 128, "ubyte": 8, "sbyte": 8, "byte": 8,
               "ushort": 16, "sshort": 16, "short": 16, "b8": 8, "u8": 8, "i8": 8, "b16": 16, "u16": 16, "i16": 16,
               "b32": 32, "b64": 64, "b96": 96, "b128": 128, "x": 32, "xy": 64, "xyz": 96, "xyzw": 128}


def base_mnemonic(mnemonic: str) -> str:
    """Drop encoding suffixes: v_add_u32_e32 -> v_add_u32 (the operation is the same)."""
    return re.sub(r"_(e32|e64|sdwa|dpp|dpp8|e64_dpp)$", "", mnemonic)


def classify(instr: AsmInstr, gpu: GPU) -> Classified:
    name = base_mnemonic(instr.mnemonic)
    if is_matrix_mnemonic(name):
        info = mfma_info(name, instr, gpu)
        if info is not None:
            note = "" if info.source == "table" else f"{name}: not in {gpu.name}'s matrix table; {info.source}"
            return Classified(Op.MFMA, "mfma", info.cycles, mfma=info, note=note)
        return Classified(Op.MFMA, "mfma", _guess_mfma_cycles(_leading_dimension(name)),
                          note=f"{name}: unrecognised matrix instruction; cycles guessed from its name")
    if name.startswith("ds_"):
        return _classify_ds(name, gpu)
    if name.startswith(_VMEM_PREFIX) or name == "exp":
        return _classify_vmem(name, instr, gpu)
    if name.startswith("s_waitcnt"):
        return _classify_waitcnt(name, instr, gpu)
    if name == "s_barrier":
        return Classified(Op.BARRIER, "barrier", gpu.cu.salu_cycles)
    if name.startswith(_BRANCH):
        return Classified(Op.BRANCH, "branch", gpu.cu.salu_cycles)
    if name.startswith(_NOP):
        cycles = 1
        if name == "s_nop" and instr.operands:
            try:
                cycles = int(instr.operands[0], 0) + 1   # s_nop N waits N+1 cycles
            except ValueError:
                pass
        return Classified(Op.NOP, "nop", cycles)
    if name.startswith(_SMEM_PREFIX):
        return Classified(Op.SMEM, "smem", gpu.cu.salu_cycles)
    if name.startswith("s_"):
        return Classified(Op.SALU, "salu", gpu.cu.salu_cycles)
    if name.startswith("v_"):
        return Classified(Op.VALU, "valu", gpu.cu.valu_cycles)
    return Classified(Op.NOP, "unknown", 1,
                      note=f"{instr.mnemonic}: unknown instruction family; counted as one issue cycle, no pipe")


# ---- matrix instructions ----------------------------------------------------------------------------
def mfma_shape(name: str, instr: AsmInstr | None = None) -> MatrixOpcode | None:
    """What a matrix instruction's mnemonic (and its cbsz / blgp operand formats) says it computes."""
    cbsz = instr.int_modifier("cbsz") if instr else 0
    blgp = instr.int_modifier("blgp") if instr else 0
    return parse_matrix_opcode(name, cbsz, blgp)


def mfma_info(name: str, instr: AsmInstr | None, gpu: GPU) -> MfmaInfo | None:
    shape = mfma_shape(name, instr)
    if shape is None:
        return None
    parsed = {f.name: getattr(shape, f.name) for f in fields(MatrixOpcode)}
    entry = _table_entry(name, shape, gpu)
    if entry is not None:
        return MfmaInfo(**parsed, cycles=entry.cycles, source="table")
    cycles, rule = _cycles_by_rule(shape.m, shape.n, shape.dense_k, shape.blocks, shape.dtype_a, gpu)
    if shape.sparse:
        rule += f" (sparse: the dense work of K={shape.dense_k})"
    return MfmaInfo(**parsed, cycles=cycles, source=rule)


def _table_entry(name: str, shape: MatrixOpcode, gpu: GPU) -> MatrixInstruction | None:
    for candidate in (name, shape.canonical):
        rows = [r for r in gpu.matrix if r.opcode == candidate]
        exact = [r for r in rows if (r.dtype_a, r.dtype_b) == (shape.dtype_a, shape.dtype_b)]
        if exact:
            return exact[0]
        if len(rows) == 1:
            return rows[0]
    return None


def _cycles_by_rule(m: int, n: int, k: int, blocks: int, dtype: str, gpu: GPU) -> tuple[int, str]:
    flops = 2 * m * n * k * blocks
    rate = registry_dtype(dtype).rate_as   # bf8 runs at fp8's rate
    same = [r for r in gpu.matrix if r.dtype_a == rate]
    if same:
        ref = max(same, key=lambda r: ((r.m, r.n) == (m, n), r.flops / r.cycles))
        cycles = max(4, round(ref.cycles * flops / ref.flops))
        return cycles, f"cycles {cycles} scaled by FLOPs from {ref.opcode} ({ref.cycles} cycles)"
    per_clk = gpu.cu.peak_flops_per_clk.get(rate)
    if per_clk:
        per_simd = per_clk / gpu.cu.simds
        cycles = max(4, round(flops / per_simd))
        return cycles, f"cycles {cycles} from the {rate} peak of {per_simd:g} FLOP/clk per SIMD"
    cycles = _guess_mfma_cycles(m)
    return cycles, f"cycles {cycles} guessed from the {m}x{n} shape ({gpu.name} has no {dtype} rate)"


def _guess_mfma_cycles(size: int) -> int:
    """A guess by the tile's M: bigger tiles take longer (no table or rate to go by)."""
    return 32 if size >= 32 else 16 if size >= 16 else 8


def _leading_dimension(name: str) -> int:
    """The M of an `MxNxK` token in a mnemonic the matrix parser does not know (16 if none)."""
    for token in name.split("_"):
        first = token.split("x")[0]
        if "x" in token and first.isdigit():
            return int(first)
    return 16


# ---- LDS ------------------------------------------------------------------------------------------
def _classify_ds(name: str, gpu: GPU) -> Classified:
    cycles = gpu.cu.salu_cycles  # issue cost; the LDS time comes from the bank model
    if name in ("ds_nop",):
        return Classified(Op.NOP, "nop", 1)
    if name.startswith(("ds_permute", "ds_bpermute", "ds_swizzle")):
        return Classified(Op.LDS_READ, "ds_permute", cycles, width_bits=32,
                          note=f"{name}: a lane shuffle through the LDS crossbar, no LDS memory access")
    m = re.match(r"^ds_(read|write|load|store)(2st64|2)?_(?:addtid_)?([bui])(\d+)", name)
    if m:
        reading = m.group(1) in ("read", "load")
        width = int(m.group(4))
        pair = m.group(2)
        unit = width // 8 * (64 if pair == "2st64" else 1)
        op = Op.LDS_READ if reading else Op.LDS_WRITE
        family = ("ds_read" if reading else "ds_write")
        return Classified(op, family, cycles, width_bits=width, accesses=2 if pair else 1, offset_unit=unit)
    m = re.search(r"_([bui])(\d+)$", name)
    width = int(m.group(2)) if m else 32
    if name.startswith(("ds_gws", "ds_append", "ds_consume", "ds_ordered")):
        return Classified(Op.LDS_WRITE, "ds_other", cycles, note=f"{name}: a global-wave-sync/counter op, no bank access")
    # atomics and the rest: a read-modify-write of the LDS
    return Classified(Op.LDS_WRITE, "ds_atomic", cycles, width_bits=width,
                      note="" if "_rtn_" in name or name.startswith(("ds_add", "ds_sub", "ds_max", "ds_min", "ds_and",
                                                                         "ds_or", "ds_xor", "ds_inc", "ds_dec",
                                                                         "ds_cmpst", "ds_mskor", "ds_wrxchg",
                                                                         "ds_cmpswap", "ds_pk_add"))
                      else f"{name}: an LDS op of unknown kind; treated as an LDS write")


# ---- vector memory -----------------------------------------------------------------------------------
def _classify_vmem(name: str, instr: AsmInstr, gpu: GPU) -> Classified:
    cycles = gpu.cu.salu_cycles
    if name == "exp":
        return Classified(Op.NOP, "export", 1, note="exp: a graphics export; no compute pipe")
    if name.startswith(("buffer_wbl2", "buffer_inv", "buffer_wbinv", "buffer_gl0_inv", "buffer_gl1_inv")):
        return Classified(Op.VMEM_STORE, "cache_op", cycles, note=f"{name}: a cache write-back/invalidate (vmcnt)")
    width = _vmem_width(name)
    dma = instr.modifier("lds") is not None or "_lds_" in name
    if dma:
        return Classified(Op.LDS_DMA, "lds_dma", cycles, width_bits=width or 32)
    kind = name.split("_", 1)[0]
    if "_load" in name:
        return Classified(Op.VMEM_LOAD, f"{kind}_load", cycles, width_bits=width)
    if "_store" in name:
        return Classified(Op.VMEM_STORE, f"{kind}_store", cycles, width_bits=width)
    if "_atomic" in name:
        return Classified(Op.VMEM_STORE, f"{kind}_atomic", cycles, width_bits=width or 32)
    return Classified(Op.VMEM_LOAD, f"{kind}_other", cycles, width_bits=width,
                      note=f"{name}: a vector-memory op of unknown kind; treated as a load")


def _vmem_width(name: str) -> int:
    """Per-lane bits moved by a vector-memory op, from its name."""
    d16 = "_d16" in name
    for token in reversed(name.replace("_d16_hi", "").replace("_d16", "").split("_")):
        if token in _VMEM_WIDTH:
            bits = _VMEM_WIDTH[token]
            if d16 and token in ("x", "xy", "xyz", "xyzw"):
                bits //= 2
            return bits
        if token in ("x2", "x4") and "atomic" in name:
            return 32 * int(token[1])
    return 32 if "atomic" in name else 0


# ---- s_waitcnt -----------------------------------------------------------------------------------------
def _classify_waitcnt(name: str, instr: AsmInstr, gpu: GPU) -> Classified:
    counts: dict[str, int | None] = {"vmcnt": None, "lgkmcnt": None, "expcnt": None}
    text = " ".join(instr.operands)
    if name in ("s_waitcnt_vmcnt", "s_waitcnt_lgkmcnt", "s_waitcnt_expcnt", "s_waitcnt_vscnt"):
        counter = {"s_waitcnt_vscnt": "vmcnt"}.get(name, name[len("s_waitcnt_"):])
        try:
            counts[counter] = int(instr.operands[-1], 0)
        except (ValueError, IndexError):
            pass
    elif "(" in text:
        for key, value in re.findall(r"(vmcnt|lgkmcnt|expcnt)(?:_sat)?\((\d+)\)", text):
            counts[key] = int(value)
    elif instr.operands:
        try:
            simm = int(instr.operands[0], 0)
        except ValueError:
            simm = 0
        # gfx9 packing: vmcnt = bits 3:0 and 15:14, expcnt = bits 6:4, lgkmcnt = bits 11:8
        counts["vmcnt"] = (simm & 0xF) | ((simm >> 14) & 0x3) << 4
        counts["expcnt"] = (simm >> 4) & 0x7
        counts["lgkmcnt"] = (simm >> 8) & 0xF
    # a counter at its maximum is not waited on
    if counts["vmcnt"] is not None and counts["vmcnt"] >= gpu.cu.vmcnt_max:
        counts["vmcnt"] = None
    if counts["lgkmcnt"] is not None and counts["lgkmcnt"] >= gpu.cu.lgkmcnt_max:
        counts["lgkmcnt"] = None
    if counts["expcnt"] is not None and counts["expcnt"] >= gpu.cu.expcnt_max:
        counts["expcnt"] = None
    return Classified(Op.WAITCNT, "waitcnt", gpu.cu.salu_cycles, vmcnt=counts["vmcnt"], lgkmcnt=counts["lgkmcnt"],
                      expcnt=counts["expcnt"])
