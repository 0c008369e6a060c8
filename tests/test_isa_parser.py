"""The assembly parser and the instruction classifier: robust on odd input, precise on errors."""

import pytest

from gemmsim.errors import InputError
from gemmsim.hw import load_gpu
from gemmsim.frontends.amdgpu import load_kernel
from gemmsim.frontends.amdgpu.classify import classify, mfma_shape
from gemmsim.frontends.amdgpu.parser import AsmInstr, Marker, parse_text, split_instruction
from gemmsim.ir.program import Op

MI300X = load_gpu("mi300x")
MI355X = load_gpu("mi355x")

HEADER = '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx942"\n'


def one(text: str, gpu=MI300X):
    mnemonic, operands, modifiers = split_instruction(text, "t.s:1")
    return classify(AsmInstr(1, mnemonic, operands, modifiers, text), gpu)


def kernel_text(body: str, name: str = "k") -> str:
    return HEADER + f"\t.type\t{name},@function\n{name}:\n" + body + "\ts_endpgm\n.Lfunc_end0:\n"


# ---- operands and modifiers -------------------------------------------------------------------------
def test_split_keeps_modifiers_apart_from_operands():
    m, ops, mods = split_instruction("buffer_load_dwordx4 v[10:13], v66, s[12:15], 0 offen offset:1024", "x")
    assert (m, ops, mods) == ("buffer_load_dwordx4", ("v[10:13]", "v66", "s[12:15]", "0"), ("offen", "offset:1024"))
    m, ops, mods = split_instruction("ds_read2st64_b64 v[82:85], v130 offset0:8 offset1:12", "x")
    assert ops == ("v[82:85]", "v130") and mods == ("offset0:8", "offset1:12")
    m, ops, mods = split_instruction("v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7] op_sel_hi:[1,0,1]", "x")
    assert len(ops) == 4 and mods == ("op_sel_hi:[1,0,1]",)
    m, ops, mods = split_instruction("global_load_dwordx2 v[74:75], v[70:71], off offset:512", "x")
    assert ops == ("v[74:75]", "v[70:71]", "off") and mods == ("offset:512",)


# ---- classification -------------------------------------------------------------------------------
def test_families_and_widths():
    assert one("v_mfma_f32_16x16x16_bf16 v[0:3], v[4:5], v[6:7], v[0:3]").op == Op.MFMA
    assert one("v_add_u32_e32 v1, s15, v54").op == Op.VALU
    assert one("s_add_i32 s1, s1, 2").op == Op.SALU
    assert one("s_load_dwordx4 s[8:11], s[0:1], 0x0").op == Op.SMEM
    assert one("s_barrier").op == Op.BARRIER
    assert one("s_cbranch_scc0 .LBB0_2").op == Op.BRANCH
    r = one("ds_read_b128 v[0:3], v1 offset:2048")
    assert (r.op, r.width_bits, r.lane_bytes) == (Op.LDS_READ, 128, 16)
    r = one("ds_read2st64_b64 v[0:3], v1 offset0:8 offset1:12")
    assert (r.op, r.width_bits, r.accesses, r.offset_unit, r.lane_bytes) == (Op.LDS_READ, 64, 2, 512, 16)
    r = one("ds_write_b16 v1, v2")
    assert (r.op, r.width_bits) == (Op.LDS_WRITE, 16)
    r = one("buffer_load_dwordx4 v[0:3], v4, s[0:3], 0 offen")
    assert (r.op, r.width_bits) == (Op.VMEM_LOAD, 128)
    assert one("global_load_ushort v8, v[4:5], off").width_bits == 16
    assert one("buffer_store_short v4, v5, s[4:7], 0 offen").op == Op.VMEM_STORE
    r = one("buffer_load_dword v1, s[8:11], 0 offen lds")
    assert (r.op, r.width_bits) == (Op.LDS_DMA, 32)
    r = one("global_load_lds_dwordx4 v[2:3], off", MI355X)
    assert (r.op, r.width_bits) == (Op.LDS_DMA, 128)


def test_mfma_cycles_come_from_the_gpu_table():
    gfx942 = [m for m in MI300X.matrix if m.opcode == "v_mfma_f32_16x16x16_bf16"][0]
    assert one("v_mfma_f32_16x16x16_bf16 v[0:3], v[4:5], v[6:7], v[0:3]").cycles == gfx942.cycles
    # the older spelling of the same instruction finds the same row
    assert one("v_mfma_f32_16x16x16bf16_1k v[0:3], v[4:5], v[6:7], v[0:3]").cycles == gfx942.cycles
    # the f8f6f4 forms: the operand formats (cbsz/blgp) pick the row
    fp8 = one("v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3], v20, v21", MI355X)
    fp4 = one("v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:7], v[12:15], v[0:3], v20, v21 cbsz:4 blgp:4", MI355X)
    assert (fp8.mfma.dtype_a, fp4.mfma.dtype_a) == ("fp8", "fp4")
    assert fp8.cycles != fp4.cycles and fp8.mfma.source == fp4.mfma.source == "table"


def test_unknown_mfma_is_classified_by_rule_and_reported():
    r = one("v_mfma_f32_32x32x4_2b_f16 v[0:31], v[32:33], v[34:35], v[0:31]")
    assert r.op == Op.MFMA and r.mfma.blocks == 2 and (r.mfma.m, r.mfma.n, r.mfma.k) == (32, 32, 4)
    assert r.mfma.source != "table" and "not in mi300x's matrix table" in r.note
    # scaled by FLOPs from the table's fp16 rate: 2x32x32x4x2 FLOPs = one 32x32x8 f16 (32 cycles)
    assert r.cycles == 32
    sparse = one("v_smfmac_f32_16x16x32_bf16 v[0:3], v[4:5], v[6:9], v10")
    assert sparse.op == Op.MFMA and sparse.mfma.sparse and "sparse" in sparse.note
    mixed = mfma_shape("v_mfma_f32_16x16x32_bf8_fp8")
    assert (mixed.dtype_a, mixed.dtype_b) == ("bf8", "fp8")
    # bf8 is not in mi300x's table: it runs at fp8's rate (the registry's rate_as), as the fp8 form does
    bf8 = one("v_mfma_f32_16x16x32_bf8_bf8 v[0:3], v[4:5], v[6:7], v[0:3]")
    assert bf8.mfma.source != "table" and bf8.cycles == one("v_mfma_f32_16x16x32_fp8_fp8 v[0:3], v[4:5], v[6:7], v[0:3]").cycles


def test_unknown_opcodes_never_crash():
    by_family = one("v_frobnicate_b32 v1, v2, v3")
    assert by_family.op == Op.VALU and not by_family.note
    assert one("s_frobnicate_b32 s1, s2").op == Op.SALU
    foreign = one("frobnicate v1, v2")
    assert foreign.op == Op.NOP and "unknown instruction family" in foreign.note


def test_waitcnt_forms():
    r = one("s_waitcnt vmcnt(7) lgkmcnt(0)")
    assert (r.op, r.vmcnt, r.lgkmcnt) == (Op.WAITCNT, 7, 0)
    assert one("s_waitcnt lgkmcnt(3)").vmcnt is None
    packed = one("s_waitcnt 0xc07f")        # vmcnt 63 and expcnt 7 mean "not waited on"
    assert (packed.vmcnt, packed.lgkmcnt, packed.expcnt) == (None, 0, None)
    packed = one("s_waitcnt 0x0f70")        # vmcnt 0, lgkmcnt 15 (not waited)
    assert (packed.vmcnt, packed.lgkmcnt) == (0, None)
    packed = one("s_waitcnt 49266")        # 0xc072: vmcnt 2 + (3 << 4) = 50, lgkmcnt 0
    assert (packed.vmcnt, packed.lgkmcnt) == (50, 0)


# ---- files -----------------------------------------------------------------------------------------
def test_markers_metadata_and_descriptor(tmp_path):
    text = kernel_text("\tv_mov_b32 v1, 0\n\t; sched_group_barrier mask(0x00000008) size(4) SyncID(0)\n"
                       "\t; sched_barrier mask(0x00000000)\n") + """
\t.amdhsa_kernel k
\t\t.amdhsa_group_segment_fixed_size 8192
\t\t.amdhsa_next_free_vgpr 40
\t\t.amdhsa_accum_offset 24
\t.end_amdhsa_kernel
\t.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     16
    .args:
      - .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .offset:         8
        .size:           4
        .value_kind:     by_value
    .name:           k
    .reqd_workgroup_size:
      - 128
      - 1
      - 1
amdhsa.version:
  - 1
  - 2
...
\t.end_amdgpu_metadata
"""
    (k,) = parse_text(text, "t.s")
    assert k.arch == "gfx942" and k.directives["group_segment_fixed_size"] == 8192
    assert k.metadata["reqd_workgroup_size"] == [128, 1, 1] and k.metadata["args"][1]["value_kind"] == "by_value"
    markers = [s for s in k.body if isinstance(s, Marker)]
    assert [(m.kind, m.mask, m.size) for m in markers] == [("sched_group_barrier", 8, 4), ("sched_barrier", 0, None)]
    path = tmp_path / "k.s"
    path.write_text(text)
    r = load_kernel(path).program.resources
    assert (r.arch_vgprs, r.accum_vgprs, r.lds_bytes, r.workgroup_size) == (24, 16, 8192, 128)


@pytest.mark.parametrize("body, expected", [
    ("\tv_mov_b32 v[3:, v1\n", "t.s:4: expected"),
    ("\tv_add_u32 v[5:3], v1, v2\n", "t.s:4: expected a register run"),
    ("\ts_branch .LBB9_9\n", "t.s:4: expected a label defined in k"),
    ("\t123abc v1\n", "t.s:4: expected an instruction mnemonic"),
])
def test_malformed_lines_name_file_line_and_what_was_expected(tmp_path, body, expected):
    path = tmp_path / "t.s"
    path.write_text(kernel_text(body))
    with pytest.raises(InputError) as e:
        load_kernel(path)
    assert str(e.value).startswith(str(tmp_path / expected)) or expected.split(":", 2)[-1] in str(e.value)
    assert "t.s:4:" in str(e.value)


def test_bad_descriptor_value_and_empty_file(tmp_path):
    path = tmp_path / "t.s"
    path.write_text(kernel_text("\tv_mov_b32 v1, 0\n") + "\t.amdhsa_kernel k\n\t\t.amdhsa_next_free_vgpr lots\n"
                    "\t.end_amdhsa_kernel\n")
    with pytest.raises(InputError, match=r"t\.s:8: expected an integer in 0\.\.2\^32-1 after \.amdhsa_next_free_vgpr"):
        load_kernel(path)
    path.write_text("; nothing here\n")
    with pytest.raises(InputError, match="expected at least one function"):
        load_kernel(path)
    with pytest.raises(InputError, match="no such file"):
        load_kernel(tmp_path / "missing.s")


def test_kernel_selection_errors(tmp_path):
    path = tmp_path / "two.s"
    path.write_text(kernel_text("\tv_mov_b32 v1, 0\n", "first") + "\t.type\tsecond,@function\nsecond:\n\ts_endpgm\n")
    with pytest.raises(InputError, match="holds 2 kernels: pick one with --kernel"):
        load_kernel(path)
    with pytest.raises(InputError, match="no kernel named 'third'"):
        load_kernel(path, kernel="third")
    assert load_kernel(f"{path}:second").source.name == "second"


def test_arch_mismatch_is_an_error(tmp_path):
    path = tmp_path / "t.s"
    path.write_text(kernel_text("\tv_mov_b32 v1, 0\n"))
    with pytest.raises(InputError, match="compiled for gfx942, but mi355x is gfx950"):
        load_kernel(path, gpu="mi355x")


def test_objdump_branch_targets_from_addresses():
    text = """
k.co:\tfile format elf64-amdgpu

Disassembly of section .text:

0000000000001000 <k>:
\ts_mov_b32 s1, 0                                            // 000000001000: BE810080
\ts_add_i32 s1, s1, 1                                        // 000000001004: 81018101
\ts_cmp_lt_i32 s1, 4                                         // 000000001008: BF048401
\ts_cbranch_scc1 65533                                       // 00000000100C: BF85FFFD <k+0x4>
\ts_endpgm                                                   // 000000001010: BF810000
"""
    (k,) = parse_text(text, "k.dis")
    assert k.format == "objdump"
    branch = [s for s in k.body if isinstance(s, AsmInstr) and s.mnemonic == "s_cbranch_scc1"][0]
    assert branch.operands == (".L1004",)   # 0x100c + 4 + 4 * (-3)
    pk = load_kernel_text(text, "mi300x")
    loop = pk.program.waves[0][1]
    assert loop.trip_count == 4 and "exact from the loop counter" in pk.trip.source


def test_objdump_symbolized_labels():
    text = """
0000000000001000 <k>:
\ts_mov_b32 s1, 0                                            // 000000001000: BE810080
0000000000001004 <L0>:
\ts_add_i32 s1, s1, 1                                        // 000000001004: 81018101
\ts_cmp_lt_i32 s1, 6                                         // 000000001008: BF048601
\ts_cbranch_scc1 L0                                          // 00000000100C: BF85FFFD
\ts_endpgm                                                   // 000000001010: BF810000
"""
    pk = load_kernel_text(text, "mi300x")
    assert pk.program.waves[0][1].trip_count == 6


def load_kernel_text(text, gpu, tmp=None):
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "k.dis"
        p.write_text(text)
        return load_kernel(p, gpu=gpu)


def test_mutated_kernels_give_input_errors_or_programs_never_crashes(tmp_path):
    """Lines of a real kernel replaced, dropped or duplicated with odd ones: a Program or an InputError."""
    import random
    from pathlib import Path
    from gemmsim.errors import GemmsimError

    src = (Path(__file__).parent / "data" / "isa" / "preshuffle_gemm_gfx942.s").read_text().splitlines()
    start = next(i for i, line in enumerate(src) if line.startswith("preshuffle_bf16_m32n128k128_swz1_hint0:"))
    end = next(i for i, line in enumerate(src) if i > start and line.startswith(".Lfunc_end"))
    body = src[start - 6:end + 1]
    junk = ["v_frob v1, v2", "\tv_add_u32 v1, v[2:", "\ts_waitcnt vmcnt(", "\tds_read_b128 v[0:3], v999 offset:99999",
            "\ts_branch .LBBnowhere", ".LBB3_99:", "\tv_mfma_f32_64x64x64_zz v[0:3], v1, v2, v3",
            "\t; sched_group_barrier mask(zz)", "\tbuffer_load_dword v1, s[0:3], 0 offen lds", "\ts_cbranch_execz .LBB3_2",
            "\tv_lshlrev_b64 v[1:2], 70, v[3:4]", "\tv_mov_b32_dpp v1, v2 quad_perm:[1,0,3,2] row_mask:0xf",
            "\ts_load_dword s4, s[0:1], 0xffff", "\ts_cmpk_lt_i32 s5, 0x8000", "\ts_branch .LBB3_2"]
    rng = random.Random(7)
    outcomes = {"program": 0, "input error": 0}
    path = tmp_path / "m.s"
    for _ in range(24):
        lines = list(body)
        for _ in range(rng.randint(1, 5)):
            i = rng.randrange(len(lines))
            choice = rng.random()
            if choice < 0.4:
                lines[i] = rng.choice(junk)
            elif choice < 0.7:
                del lines[i]
            else:
                lines.insert(i, rng.choice(junk))
        path.write_text(HEADER + "\n".join(lines) + "\n")
        try:
            load_kernel(path)
            outcomes["program"] += 1
        except GemmsimError as e:
            assert str(e).startswith(str(path)), e     # every error names the file (and the line)
            outcomes["input error"] += 1
    assert outcomes["program"] and outcomes["input error"]
