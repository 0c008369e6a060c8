"""The pure analytics: occupancy, dimension efficiency (slots per CU explicit), one roofline (bandwidth named)."""

import pytest

from gemmsim.analytics.dimeff import dim_efficiency
from gemmsim.analytics.occupancy import occupancy, waves_per_eu_vgpr_budget
from gemmsim.analytics.roofline import ACHIEVABLE, SPEC, gemm_bytes, roofline
from gemmsim.errors import InputError
from gemmsim.hw import load_gpu

WAVES_PER_BLOCK = 4   # the preshuffle GEMM's workgroup, as in the guide's occupancy cases


# --- occupancy -------------------------------------------------------------------------------------

@pytest.mark.parametrize("arch_vgprs, accum, waves", [(170, 0, 2), (36, 32, 7), (84, 80, 3), (64, 0, 8), (256, 256, 1)])
def test_guide_occupancy_cases(arch_vgprs, accum, waves):
    occ = occupancy(load_gpu("mi355x"), arch_vgprs, accum, lds_bytes_per_block=0, waves_per_block=WAVES_PER_BLOCK)
    assert occ.vgpr_limit == waves


def test_occupancy_can_be_lds_limited():
    gpu = load_gpu("mi300x")
    assert occupancy(gpu, 32, 32, 40 * 1024, WAVES_PER_BLOCK).limited_by == "lds"


def test_waves_per_eu_is_a_register_budget_not_a_cap():
    # LLVM's "amdgpu-waves-per-eu"="N" asks for at least N waves: at most 512 // N VGPRs, whole granules
    gpu = load_gpu("mi300x")
    assert [waves_per_eu_vgpr_budget(gpu, w) for w in (1, 2, 3, 4)] == [512, 256, 168, 128]


# --- dimension efficiency: the TraceLens worked examples (304 CUs, as on MI300X) -------------------

def test_worked_example_perfect_tiling_poor_waves():
    eff = dim_efficiency(10240, 2048, 256, 64, 304)
    assert (eff.tiles_m, eff.tiles_n, eff.num_tiles, eff.waves) == (40, 32, 1280, 5)
    assert eff.tile_eff == 1.0
    assert eff.wq_eff == pytest.approx(0.842, abs=5e-4)
    assert eff.dim_eff == pytest.approx(0.842, abs=5e-4)


def test_worked_example_slight_padding_good_waves():
    eff = dim_efficiency(2048, 10240, 256, 144, 304)
    assert (eff.tiles_m, eff.tiles_n, eff.num_tiles, eff.waves) == (8, 72, 576, 2)
    assert eff.tile_eff == pytest.approx(0.9877, abs=5e-5)
    assert eff.wq_eff == pytest.approx(0.947, abs=5e-4)
    assert eff.dim_eff == pytest.approx(0.935, abs=1e-3)


def test_mi300x_file_has_the_304_cus_of_the_examples():
    assert load_gpu("mi300x").compute_units == 304


def test_wave_edges_and_batch():
    assert dim_efficiency(304 * 16, 16, 16, 16, 304).wq_eff == 1.0
    one_more = dim_efficiency(305 * 16, 16, 16, 16, 304)
    assert (one_more.waves, one_more.wq_eff) == (2, pytest.approx(305 / 608))
    batched = dim_efficiency(256, 256, 128, 128, 304, batch=76)
    assert (batched.num_tiles, batched.wq_eff) == (304, 1.0)
    with pytest.raises(InputError, match="MT_N must be a positive integer"):
        dim_efficiency(16, 16, 16, 0, 304)
    with pytest.raises(InputError, match="slots per CU must be a positive integer, got 0"):
        dim_efficiency(16, 16, 16, 16, 304, slots_per_cu=0)


def test_slots_per_cu_explain_the_two_old_answers():
    # 2048x10240 on 256x128: 640 tiles. One tile per CU (TraceLens): 3 waves of 304 -> 0.70.
    # Two resident workgroups per CU: 2 waves of 608 -> 0.53.
    tracelens = dim_efficiency(2048, 10240, 256, 128, 304)
    resident = dim_efficiency(2048, 10240, 256, 128, 304, slots_per_cu=2)
    assert (tracelens.slots_per_wave, tracelens.waves, round(tracelens.dim_eff, 2)) == (304, 3, 0.70)
    assert (resident.slots_per_wave, resident.waves, round(resident.dim_eff, 2)) == (608, 2, 0.53)
    assert tracelens.tile_eff == resident.tile_eff == 1.0


def test_a_launch_grid_overrides_the_covering_tiles():
    eff = dim_efficiency(100, 100, 64, 64, 304, grid=(3, 2))
    assert (eff.tiles_m, eff.tiles_n, eff.num_tiles) == (3, 2, 6)
    assert eff.tile_eff == pytest.approx(100 * 100 / (3 * 64 * 2 * 64))


# --- roofline ---------------------------------------------------------------------------------------

def test_the_two_bandwidths_explain_the_two_rooflines():
    # 16x7168x2048 bf16 on mi300x: memory-bound; 5.60 us at the spec 5.3 TB/s, 7.22 us at the achievable 4.11
    gpu = load_gpu("mi300x")
    spec = roofline(16, 7168, 2048, "bf16", gpu, SPEC)
    achievable = roofline(16, 7168, 2048, "bf16", gpu, ACHIEVABLE)
    assert (spec.bandwidth, spec.bandwidth_bytes_per_s) == ("spec", gpu.memory.hbm_bytes_per_s)
    assert (achievable.bandwidth, achievable.bandwidth_bytes_per_s) == ("achievable", 4.11e12)
    assert spec.compulsory_bytes == achievable.compulsory_bytes == (16 + 7168) * 2048 * 2 + 16 * 7168 * 2
    assert spec.bottleneck == achievable.bottleneck == "vmem_bandwidth"
    assert (round(spec.time_us, 2), round(achievable.time_us, 2)) == (5.60, 7.22)
    assert achievable.time_us / spec.time_us == pytest.approx(5.3 / 4.11)
    assert spec.clock_mhz == achievable.clock_mhz == gpu.clock_mhz("bf16")


def test_roofline_intensity_matches_tracelens_example():
    roof = roofline(2048, 2048, 10240, "bf16", load_gpu("mi300x"), ACHIEVABLE)
    assert roof.flops_per_byte == pytest.approx(930.90, abs=0.01)
    assert roof.flops_per_byte >= roof.ridge_flops_per_byte and roof.bottleneck == "mfma"
    assert roof.time_us == pytest.approx(roof.flops / roof.peak_flops * 1e6)


def test_decode_gemv_is_memory_bound():
    gpu = load_gpu("mi300x")
    roof = roofline(1, 11008, 4096, "bf16", gpu, ACHIEVABLE)
    assert roof.bottleneck == "vmem_bandwidth"
    assert roof.time_us == pytest.approx(gemm_bytes(1, 11008, 4096, "bf16") / gpu.memory.hbm_achievable_bytes_per_s * 1e6)
    assert roof.peak_flops == gpu.peak_flops("bf16", clock_mhz=gpu.clock_mhz("bf16"))


def test_output_dtype_defaults_to_what_the_gemm_writes_and_can_be_named():
    gpu = load_gpu("mi300x")
    assert roofline(64, 64, 64, "fp8", gpu, SPEC).output_dtype == "bf16"
    assert roofline(64, 64, 64, "int8", gpu, SPEC).output_dtype == "int32"
    assert gemm_bytes(64, 64, 64, "int8") == 2 * 64 * 64 + 64 * 64 * 4
    assert gemm_bytes(64, 64, 64, "fp8", output_dtype="fp32") == 2 * 64 * 64 + 64 * 64 * 4
    # bf8 (E5M2) runs at fp8's rate and clock
    assert roofline(64, 64, 64, "e5m2", gpu, SPEC).peak_flops == roofline(64, 64, 64, "fp8", gpu, SPEC).peak_flops


def test_without_a_sustained_clock_the_peak_clock_is_used():
    gpu = load_gpu("mi300x")
    assert "fp32" not in gpu.sustained_clock_mhz
    assert roofline(64, 64, 64, "fp32", gpu, ACHIEVABLE).clock_mhz == gpu.peak_clock_mhz


def test_unknown_bandwidth_is_a_one_line_error():
    with pytest.raises(InputError, match="bandwidth 'peak' is unknown: expected one of spec, achievable"):
        roofline(64, 64, 64, "bf16", load_gpu("mi300x"), "peak")
