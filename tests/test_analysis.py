"""Static analysis: the guide's worked example and every rejection rule (occupancy: test_analytics.py)."""

import pytest

from gemmsim.frontends.preshuffle.analysis import analyze, select_mfma
from gemmsim.errors import ConfigError
from gemmsim.hw import load_gpu
from gemmsim.problem import make_config, make_problem


def _analyze(shape, dtype, tile, gpu="mi300x", **opts):
    return analyze(make_problem(shape, dtype), make_config(tile, **opts), load_gpu(gpu))


def test_guide_worked_example_fp8_gfx942():
    a = _analyze("5120x5120x8320", "fp8", "64x256x128")
    assert (a.k_unroll, a.m_repeat, a.num_acc_n) == (2, 4, 4)
    assert a.mfma_per_tile == 64 and a.mfma_per_block == 4160
    assert a.blocks == 1600
    assert a.lds_bytes == 16 * 1024
    assert a.vgpr.accumulators == 64 and a.vgpr.b_tile == 32  # the guide's two exact components
    # the guide's estimate is "~120" (worked example) to "~148" (register budget section);
    # FlyDSL's compiled kernel uses 152 VGPRs. Ours counts the in-flight B tile too.
    assert 120 <= a.vgpr.total <= 160
    assert a.mfma.opcode == "v_mfma_f32_16x16x32_fp8_fp8"


@pytest.mark.parametrize("gpu, dtype, opcode", [
    ("mi300x", "bf16", "v_mfma_f32_16x16x16_bf16"),
    ("mi300x", "int8", "v_mfma_i32_16x16x32_i8"),
    ("mi355x", "bf16", "v_mfma_f32_16x16x32_bf16"),            # not the half-rate 16x16x16
    ("mi355x", "fp8", "v_mfma_f32_16x16x128_f8f6f4"),          # unscaled, as FlyDSL; not the legacy 16x16x32_fp8
    ("mi355x", "int8", "v_mfma_i32_16x16x32_i8"),             # FlyDSL's compiled gfx950 int8: gfx942's half-rate form
    ("mi355x", "fp16", "v_mfma_f32_16x16x32_f16"),
    ("mi300x", "fp16", "v_mfma_f32_16x16x16_f16"),
    ("mi355x", "fp4", "v_mfma_scale_f32_16x16x128_f8f6f4"),
])
def test_mfma_choice_per_dtype_and_arch(gpu, dtype, opcode):
    assert select_mfma(load_gpu(gpu), dtype).opcode == opcode


def test_the_named_mfma_takes_its_rate_from_the_matrix_table():
    """gfx950's int8 kernel issues the 16x16x32 form: its 16 cycles for 32 K are half the rate of the
    16x16x64 form the table also has, and the generator's MFMAs carry those cycles."""
    gpu = load_gpu("mi355x")
    named, fastest = select_mfma(gpu, "int8"), max(gpu.matrix_instructions("int8"), key=lambda i: i.flops / i.cycles)
    assert named.cycles == 16 and named.flops / named.cycles == fastest.flops / fastest.cycles / 2
    a = analyze(make_problem("256x512x1024", "int8"), make_config("64x256x128"), gpu)
    assert a.mfma_per_tile == 2 * 128 // 64 * 4 * 4     # two 16x16x32 per K64 step, 4 x 4 blocks


@pytest.mark.parametrize("shape, dtype, tile, gpu, opts, message", [
    ("512x512x512", "fp8", "40x256x128", "mi300x", {}, r"tile_m=40: must be a positive multiple of 16"),
    ("512x512x512", "fp8", "64x96x128", "mi300x", {}, r"tile_n=96: must be a positive multiple of 64"),
    ("512x512x512", "bf16", "64x256x16", "mi300x", {}, r"tile_k=16: tile_k x 2 B = 32 B must be a multiple of 64 B"),
    ("512x512x512", "bf16", "64x256x64", "mi300x", {"split_k": 3}, r"split_k=3: must divide the 8 K tiles"),
    ("512x512x512", "bf16", "64x256x64", "mi300x", {"split_k": 0}, r"split_k=0: must be a positive integer"),
    ("512x512x512", "bf16", "64x256x64", "mi300x", {"split_k": 2, "epilogue": "cshuffle"},
     r"split_k=2 with epilogue='cshuffle'"),
    ("512x512x501", "fp4", "64x256x256", "mi355x", {}, r"K=501: K x 0.5 B must be a whole number of bytes"),
    ("512x512x512", "fp8", "16x64x128", "mi300x", {}, r"A tile 16 x 128 B = 2048 B: must be a multiple of 4096 B"),
    ("512x512x1024", "bf16", "256x256x512", "mi300x", {}, r"LDS budget 524288 B .* exceeds the 65536 B of LDS on gfx942"),
    ("512x512x512", "fp4", "64x256x256", "mi300x", {}, r"dtype 'fp4' is not supported on gfx942"),
    ("512x512x512", "int4", "64x256x256", "mi355x", {}, r"dtype 'int4' is not supported on gfx950"),
    ("512x512x512", "fp8", "64x256x64", "mi355x", {}, r"tile_k=64: must be a multiple of the K of v_mfma_f32_16x16x128_f8f6f4"),
    ("512x512x512", "bf16", "64x256x64", "h200", {}, r"targets gfx942 and gfx950; h200 is sm_90, whose description gives no \[arch_facts\].preshuffle_hot_loop"),
    ("512x512x512", "fp8", "64x256x128", "mi300x", {"lds_stage": 3}, r"lds_stage=3: must be 1"),
    ("512x512x512", "fp8", "64x256x128", "mi300x", {"waves_per_eu": 9}, r"waves_per_eu=9: must be between 1 and 8"),
])
def test_invalid_configs_name_value_and_rule(shape, dtype, tile, gpu, opts, message):
    with pytest.raises(ConfigError, match=message):
        _analyze(shape, dtype, tile, gpu, **opts)


# ---- FlyDSL's hot-loop schedule and what it keeps in registers (compiled facts: test_flydsl_facts.py) ----

def test_spread_slots_preload_then_one_load_per_mfma_and_writes_at_the_tail():
    from gemmsim.frontends.preshuffle.analysis import spread_slots

    # gfx950 fp8 64x256x128: 16 MFMAs, 2 A copies + 8 B loads, 8 A reads, preload (8, 8)
    s = spread_slots(16, 10, 8, 2, (8, 8), first_use=(0, 0, 4, 4, 8, 8, 12, 12))
    assert s.loads == (0,) * 8 + (1, 2)          # 8 before MFMA 0, then one after MFMA 0 and MFMA 1
    assert s.reads == (0,) * 8
    assert s.writes == (13, 14)                   # after MFMA 12 and 13: 16 - 2 writes - 2 ahead


def test_spread_slots_spreads_the_rest_and_keeps_each_read_before_its_use():
    from gemmsim.frontends.preshuffle.analysis import spread_slots

    # 8 MFMAs, 12 reads left after a preload of 4: ceil(12 (i+1) / 8) steps give 2, 1, 2, 1, ...
    s = spread_slots(8, 8, 16, 4, (4, 4), first_use=tuple(i // 2 for i in range(16)))
    assert s.reads == (0, 0, 0, 0, 1, 1, 2, 3, 3, 4, 5, 5, 6, 6, 7, 7)   # the 14th and 16th clamped to their MFMA
    assert s.loads == (0, 0, 0, 0, 1, 2, 3, 4)
    assert s.writes == (8, 8, 8, 8)               # the last read follows MFMA 7: the writes follow the tile


def test_paired_slots_two_reads_then_rounds_of_load_group_read_group():
    from gemmsim.frontends.preshuffle.analysis import paired_slots

    # group 4, 32 MFMAs: rounds start after MFMA 1 (two MFMAs follow the first reads)
    s = paired_slots(32, 5, 4, 2, 4, 4)
    assert s.reads == (0, 0, 6, 14)               # 2 + 4 = 6, 2 + 8 + 4 = 14 (the generator fills up to its read)
    assert s.loads == (2, 10, 18, 26, 32)         # one per round of 8 MFMAs; the fifth after the tile
    assert s.writes == (10, 18)                   # 4 rounds, 2 writes: from round 0 on (4 - 2 - 2 = 0)


def test_live_a_operands_counts_whole_operands_from_first_read_to_last_use():
    from gemmsim.frontends.preshuffle.analysis import live_a_operands

    # two packs per operand; operand 0 used by MFMAs 0-1, operand 1 by 2-3; operand 1 read after MFMA 0
    assert live_a_operands((0, 0, 1, 1), 2, (1, 3)) == 2
    assert live_a_operands((0, 0, 2, 2), 2, (1, 3)) == 1


@pytest.mark.parametrize("max_waves, floor", [(2, 169), (4, 97), (5, 81), (8, 0)])
def test_descriptor_vgpr_floor_is_one_more_than_the_next_occupancy_allows(max_waves, floor):
    from gemmsim.frontends.preshuffle.analysis import descriptor_vgpr_floor

    assert descriptor_vgpr_floor(load_gpu("mi300x"), max_waves) == floor


def test_the_floor_leaves_occupancy_named_by_lds():
    a = _analyze("256x2112x7168", "fp8", "64x64x256")      # 32 KiB of LDS: 2 waves per SIMD on gfx942
    assert a.vgpr.descriptor == 169 and a.vgpr.total < 169
    assert (a.occupancy.waves_per_simd, a.occupancy.limited_by) == (2, "lds")


def test_preload_only_for_8bit_in_the_spread_hot_loop():
    from gemmsim.frontends.preshuffle.analysis import preload

    assert preload("spread", 1, (64, 256, 128)) == (8, 8)    # gfx950's
    assert preload("spread", 2, (64, 256, 128)) == (0, 0)
    assert preload("paired", 1, (64, 256, 128)) == (0, 0)    # gfx942's
    assert preload("spread", 1, (64, 256, 512)) == (0, 0)   # not in the table


def test_second_pack_addresses_one_per_row_block_and_k_span_of_a_two_step_mfma():
    from gemmsim.frontends.preshuffle.analysis import second_pack_addresses

    # gfx950 fp8 (16x16x128 spans two K64 steps): 64x64x256 has 2 spans x 4 row blocks; compiled: 8 such VGPRs
    assert second_pack_addresses(4, 0.5, 4, swizzle=True) == 8
    assert second_pack_addresses(2, 0.5, 8, swizzle=True) == 8     # 128x128x128
    assert second_pack_addresses(2, 2.0, 4, swizzle=True) == 0     # gfx942: one MFMA per 8-byte slice
    assert second_pack_addresses(2, 0.5, 4, swizzle=False) == 0    # unswizzled: an immediate offset
