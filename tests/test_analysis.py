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
    ("mi355x", "int8", "v_mfma_i32_16x16x64_i8"),
    ("mi355x", "fp4", "v_mfma_scale_f32_16x16x128_f8f6f4"),
])
def test_mfma_choice_per_dtype_and_arch(gpu, dtype, opcode):
    assert select_mfma(load_gpu(gpu), dtype).opcode == opcode


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
    ("512x512x512", "bf16", "64x256x64", "h200", {}, r"targets gfx942 and gfx950; h200 is sm_90"),
    ("512x512x512", "fp8", "64x256x128", "mi300x", {"lds_stage": 3}, r"lds_stage=3: must be 1"),
    ("512x512x512", "fp8", "64x256x128", "mi300x", {"waves_per_eu": 9}, r"waves_per_eu=9: must be between 1 and 8"),
])
def test_invalid_configs_name_value_and_rule(shape, dtype, tile, gpu, opts, message):
    with pytest.raises(ConfigError, match=message):
        _analyze(shape, dtype, tile, gpu, **opts)
