"""Lane-by-lane address evaluation: known lanes, uniform unknowns, and what stays unresolved."""

import numpy as np

from gemmsim.frontends.amdgpu import lane_eval as le
from gemmsim.frontends.amdgpu import load_kernel
from gemmsim.ir.program import Loop, Op, executions
from gemmsim.frontends.preshuffle.swizzle import lds_offset

HEADER = '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx942"\n\t.type\tk,@function\nk:\n'
DESCRIPTOR = """\t.amdhsa_kernel k
\t\t.amdhsa_user_sgpr_count 2
\t\t.amdhsa_user_sgpr_kernarg_segment_ptr 1
\t\t.amdhsa_system_sgpr_workgroup_id_x 1
\t\t.amdhsa_system_vgpr_workitem_id 0
\t\t.amdhsa_next_free_vgpr 32
\t\t.amdhsa_next_free_sgpr 16
\t\t.amdhsa_accum_offset 32
\t.end_amdhsa_kernel
"""


def parsed(tmp_path, body: str, **kw):
    path = tmp_path / "k.s"
    path.write_text(HEADER + body + "\ts_endpgm\n.Lfunc_end0:\n" + DESCRIPTOR)
    return load_kernel(path, workgroup=(256,), **kw)


def lds_instrs(items):
    return [i for i, _ in executions(items, weighted=False) if i.op in (Op.LDS_READ, Op.LDS_WRITE, Op.LDS_DMA)]


SWIZZLED_READ = """\tv_and_b32_e32 v1, 15, v0
\tv_lshrrev_b32_e32 v2, 4, v0
\tv_and_b32_e32 v2, 3, v2
\tv_lshlrev_b32_e32 v3, 7, v1
\tv_lshlrev_b32_e32 v2, 4, v2
\tv_and_b32_e32 v4, 7, v1
\tv_lshlrev_b32_e32 v4, 4, v4
\tv_xor_b32_e32 v2, v2, v4
\tv_or_b32_e32 v3, v3, v2
"""


def test_swizzled_read_addresses_match_the_swizzle_function(tmp_path):
    pk = parsed(tmp_path, SWIZZLED_READ + "\tds_read_b128 v[8:11], v3 offset:1024\n")
    for wave in pk.program.waves:
        (read,) = lds_instrs(wave)
        expected = tuple(1024 + lds_offset(lane % 16, (lane // 16) * 16, 128, True) for lane in range(64))
        assert read.lane_offsets == expected


def test_a_uniform_unknown_base_keeps_the_lanes_when_it_moves_whole_banks(tmp_path):
    body = SWIZZLED_READ + ("\ts_load_dword s4, s[0:1], 0x0\n\ts_waitcnt lgkmcnt(0)\n\ts_lshl_b32 s5, s4, 4\n"
                            "\tv_add_u32_e32 v5, s5, v3\n\tds_read_b128 v[8:11], v5\n"
                            "\tv_add_u32_e32 v6, s4, v3\n\tds_read_b128 v[12:15], v6\n")
    pk = parsed(tmp_path, body)
    aligned, unaligned = lds_instrs(pk.program.waves[0])
    # s4 << 4 is a multiple of 16 bytes: same banks pattern as the known part
    assert aligned.lane_offsets == tuple(lds_offset(lane % 16, (lane // 16) * 16, 128, True) for lane in range(64))
    # s4 itself could be any byte offset: the instruction says it is unknown instead of guessing
    assert unaligned.lane_offsets is None
    assert "not a multiple of 4 bytes" in pk.facts[0].lds_unresolved[int(unaligned.tag.split()[1].rstrip(":"))]


def test_a_per_lane_value_times_an_unknown_is_unresolved(tmp_path):
    body = ("\ts_load_dword s4, s[0:1], 0x0\n\ts_waitcnt lgkmcnt(0)\n\tv_mul_lo_u32 v6, s4, v0\n"
            "\tds_write_b32 v6, v1\n")
    pk = parsed(tmp_path, body)
    (write,) = lds_instrs(pk.program.waves[0])
    assert write.lane_offsets is None
    assert "LDS address unknown" in write.tag


def test_mbcnt_gives_the_lane_id(tmp_path):
    body = ("\tv_mbcnt_lo_u32_b32 v1, -1, 0\n\tv_mbcnt_hi_u32_b32 v1, -1, v1\n\tv_lshlrev_b32_e32 v1, 2, v1\n"
            "\tds_write_b32 v1, v2\n")
    (write,) = lds_instrs(parsed(tmp_path, body).program.waves[2])
    assert write.lane_offsets == tuple(4 * lane for lane in range(64))


def test_read2st64_gives_both_accesses(tmp_path):
    body = "\tv_lshlrev_b32_e32 v1, 3, v0\n\tv_and_b32_e32 v1, 0x1f8, v1\n\tds_read2st64_b64 v[2:5], v1 offset0:1 offset1:4\n"
    (read,) = lds_instrs(parsed(tmp_path, body).program.waves[0])
    base = [(8 * lane) & 0x1F8 for lane in range(64)]
    assert read.lane_offsets == tuple(b + 512 for b in base)
    assert read.lane_offsets2 == tuple(b + 4 * 512 for b in base)


def test_lds_dma_base_from_m0(tmp_path):
    body = ("\ts_load_dwordx4 s[8:11], s[0:1], 0x0\n\ts_mov_b32 m0, 0x1000\n\tv_lshlrev_b32_e32 v1, 2, v0\n"
            "\ts_waitcnt lgkmcnt(0)\n\tbuffer_load_dword v1, s[8:11], 0 offen lds\n")
    (dma,) = lds_instrs(parsed(tmp_path, body).program.waves[1])
    assert dma.op == Op.LDS_DMA and dma.lds_base == 0x1000
    assert dma.lane_offsets == tuple(4 * (64 + lane) for lane in range(64))


LOOP = """\ts_mov_b32 s6, 0
\ts_mov_b32 s7, 0
\tv_lshlrev_b32_e32 v3, 4, v0
\tv_and_b32_e32 v3, 0x3f0, v3
.LBB0_1:
\tv_or_b32_e32 v7, s6, v3
\tds_read_b128 v[8:11], v7
\ts_xor_b32 s6, s6, 0x2000
\ts_add_i32 s7, s7, 1
\ts_cmp_lg_u32 s7, 24
\ts_cbranch_scc1 .LBB0_1
"""


def test_loop_carried_buffer_toggle_and_exact_trip_count(tmp_path):
    pk = parsed(tmp_path, LOOP)
    loop = pk.program.waves[0][4]
    assert isinstance(loop, Loop) and loop.trip_count == 24
    assert "exact from the loop counter" in pk.trip.source
    (read,) = lds_instrs(loop.body)
    # the first iteration's addresses; the stage toggle (0 / 0x2000) is a uniform shift
    assert read.lane_offsets == tuple((16 * lane) & 0x3F0 for lane in range(64))
    assert pk.facts[0].loops[loop.name].walks >= 3


def test_trip_count_override_and_unknown_bound(tmp_path):
    body = LOOP.replace("s_cmp_lg_u32 s7, 24", "s_cmp_lg_u32 s7, s9")
    pk = parsed(tmp_path, body)
    assert pk.trip.count == 1 and pk.trip.source.startswith("unknown: 1 assumed")
    pk = parsed(tmp_path, body, trip_count=7)
    assert pk.program.waves[0][4].trip_count == 7 and pk.trip.source.startswith("given")


# ---- the value domain ----------------------------------------------------------------------------
def test_join_widens_a_counter_to_an_aligned_unknown():
    a, b = le.const(0, 64), le.const(0x2000, 64)
    j = le.join(a, b)
    assert j.sym == le.bits_from(13) and int(j.lanes[0]) == 0
    masked = le.bit_and(j, le.const(0x2000, 64))          # (k * 0x2000) & 0x2000: only bit 13 may be set
    assert masked.sym == 0x2000
    lanes = le.per_lane(range(64))
    combined = le.bit_or(masked, le.shl(lanes, le.const(4, 64)))
    assert combined.sym == 0x2000 and list(combined.lanes) == [16 * i for i in range(64)]
    assert le.join(le.per_lane(range(64)), le.per_lane(range(0, 128, 2))) is None   # lanes move differently


def test_shifts_and_masks_of_uniform_unknowns():
    u = le.unknown_uniform(64)
    assert le.add(u, le.per_lane(range(64))).sym == le.M32
    assert le.bit_and(u, le.const(0xF0, 64)).sym == 0xF0                 # uniform & constant stays uniform
    assert le.mul(u, le.per_lane(range(64))) is None                     # per-lane times unknown: unknown
    alternating = le.per_lane([0x10 * (i % 2) for i in range(64)])
    assert le.bit_and(le.unknown_uniform(64, 0xF0), alternating) is None  # keeps unknown bits in some lanes only
    assert le.bit_and(le.unknown_uniform(64, 0xF00), alternating).lanes.tolist() == [0] * 64
    shifted = le.shl(le.bit_and(u, le.const(0xFF, 64)), le.const(8, 64))
    assert shifted.sym == 0xFF00
    back = le.lshr(le.add(shifted, le.per_lane(range(64))), le.const(8, 64))
    assert back is not None and back.sym == 0xFF and list(back.lanes) == [0] * 64
    assert np.array_equal(le.bitop3(le.per_lane([0b1100]), le.per_lane([0b1010]), le.per_lane([0b0110]), 0x96).lanes,
                          [0b1100 ^ 0b1010 ^ 0b0110])                    # 0x96: three-way XOR


def test_signed_bit_field_extract_spreads_the_field_s_top_bit(tmp_path):
    # Triton's XOR swizzle: bit 0 of the work-item id as 0 or -1, masked to 0x440, then XORed in
    body = ("\tv_bfe_i32 v1, v0, 0, 1\n\tv_and_b32_e32 v1, 0x440, v1\n\tv_lshlrev_b32_e32 v2, 3, v0\n"
            "\tv_xor_b32_e32 v2, v2, v1\n\tds_write_b64 v2, v[4:5]\n")
    (write,) = lds_instrs(parsed(tmp_path, body).program.waves[0])
    assert write.lane_offsets == tuple((8 * lane) ^ (0x440 if lane & 1 else 0) for lane in range(64))


def test_signed_bit_field_extract_of_known_lanes():
    lanes = le.per_lane([0b0110, 0b0010, 0b1111, 0])
    width = le.const(3, 4)
    out = le.bfe_signed(lanes, le.const(1, 4), width)      # bits 1..3, bit 3 is the sign
    assert [int(x) for x in out.lanes] == [0b011, 0b001, 0xFFFFFFFF, 0]
    assert le.bfe_signed(le.unknown_uniform(4), le.const(0, 4), width).uniform


def test_dynamic_lds_adds_to_the_fixed_segment(tmp_path):
    pk = parsed(tmp_path, "\tds_write_b32 v0, v1\n", dynamic_lds_bytes=32768)
    assert pk.program.resources.lds_bytes == 32768
    assert "32768 dynamic" in pk.resource_sources["lds_bytes"]
