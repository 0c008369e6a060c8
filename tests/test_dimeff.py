"""Dimension efficiency (TraceLens definitions), macro tiles from kernel names, roofline, cost."""

import importlib.machinery
import json
import sys
import types

import pytest

from gemmsim.analysts import cost
from gemmsim.analysts.blas import BlasCall
from gemmsim.analysts.dimeff import call_dim_efficiency, dim_efficiency
from gemmsim.analysts.kernel_names import parse_macro_tile, require_macro_tile
from gemmsim.analysts.roofline import gemm_bytes, normalize_dtype, roofline
from gemmsim.errors import GemmsimError, InputError
from gemmsim.hw import load_gpu

from cli_runner import run_cli


# --- the worked examples (304 CUs, as on MI300X) -------------------------------------------------

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


def test_blas_tiles_run_along_the_frameworks_n():
    call = BlasCall(m=10240, n=2048, k=2048, batch=1, transa="T", transb="N", lda=2048, ldb=2048, ldc=2048)
    tensile = call_dim_efficiency(call, parse_macro_tile("MT256x144x32"), 304)
    assert (tensile.m, tensile.n) == (2048, 10240)  # library m = framework N
    assert tensile.tile_eff == pytest.approx(0.9877, abs=5e-5)
    ours = call_dim_efficiency(call, parse_macro_tile("256x144x32"), 304)
    assert (ours.m, ours.n) == (10240, 2048)
    assert ours.tile_eff == pytest.approx(2048 / 2160)


# --- macro tiles from kernel names ----------------------------------------------------------------

@pytest.mark.parametrize("name, tile, family", [
    ("Cijk_Alik_Bljk_BBS_BH_Bias_HAS_SAV_UserArgs_MT256x144x32_MI16x16x1_SN_LDSB1_AFC1_AFEM1", (256, 144, 32), "tensile"),
    ("MT256x64x32", (256, 64, 32), "tensile"),
    ("a8w8_rowwise_256x128x128x64_32x32_2x2_4x64x1_4x64x1_1x32x1x8_8x8x1_1x1_intrawave_v3", (128, 128, 64), "ck"),
    ("256x128x128x64_32x32_2x2", (128, 128, 64), "ck"),
    ("64x256x128", (64, 256, 128), "tile"),
    ("nvjet_sm90_tst_128x256_64x4_2x1_v_bz_coopA_NTN", (128, 256, 64), "nvjet"),
    ("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_warpgroupsize2x1x1_execute_segment_k_off_kernel",
     (128, 256, 64), "cublas"),
    ("cutlass3x_sm90_tensorop_gemm_bf16_bf16_f32_bf16_bf16_256x128x64_1x2x1_0_tnn_align8_warpspecialized",
     (256, 128, 64), "cutlass"),
])
def test_macro_tile_from_kernel_names(name, tile, family):
    parsed = parse_macro_tile(name)
    assert (parsed.m, parsed.n, parsed.k, parsed.family) == (*tile, family)


def test_non_gemm_kernels_name_no_tile():
    assert parse_macro_tile("void at::native::vectorized_elementwise_kernel<8, at::native::FillFunctor<float>>") is None
    assert parse_macro_tile("void at::native::reduce_kernel<128, 4, at::native::ReduceOp<float>>") is None
    with pytest.raises(InputError, match="no macro tile found"):
        require_macro_tile("fast_kernel")


# --- roofline and cost -------------------------------------------------------------------------------

def test_roofline_intensity_matches_tracelens_example():
    roof = roofline(2048, 2048, 10240, "bf16", load_gpu("mi300x"))
    assert roof.flops_per_byte == pytest.approx(930.90, abs=0.01)
    assert roof.bound == "compute"
    assert roof.time_us == pytest.approx(roof.flops / roof.peak_flops * 1e6)


def test_decode_gemv_is_memory_bound():
    gpu = load_gpu("mi300x")
    roof = roofline(1, 11008, 4096, "bf16", gpu)
    assert roof.bound == "memory"
    assert roof.time_us == pytest.approx(gemm_bytes(1, 11008, 4096, "bf16") / gpu.memory.hbm_achievable_bytes_per_s * 1e6)
    assert roof.peak_flops == gpu.peak_flops("bf16", clock_mhz=gpu.clock_mhz("bf16"))


def test_dtype_names():
    assert normalize_dtype("BFloat16") == "bf16" and normalize_dtype("half") == "fp16"
    with pytest.raises(InputError, match="unknown dtype 'bf17'"):
        normalize_dtype("bf17")


def test_cost_falls_back_to_the_roofline_without_a_timing_model(monkeypatch):
    monkeypatch.setattr(cost, "PREDICT_MODULE", "gemmsim._no_timing_model_here")
    got = cost.gemm_cost(4096, 4096, 4096, "bf16", "mi300x")
    assert got.source == "roofline"
    assert got.time_us == roofline(4096, 4096, 4096, "bf16", load_gpu("mi300x")).time_us


def test_cost_switches_to_the_timing_model_when_it_exists(monkeypatch):
    fake = types.ModuleType("gemmsim._fake_predict")
    fake.__spec__ = importlib.machinery.ModuleSpec("gemmsim._fake_predict", None)
    seen = []

    def predict_gemm(shape, dtype, gpu):
        seen.append((shape, dtype, gpu))
        return types.SimpleNamespace(time_us=12.5)

    fake.predict_gemm = predict_gemm
    monkeypatch.setitem(sys.modules, "gemmsim._fake_predict", fake)
    monkeypatch.setattr(cost, "PREDICT_MODULE", "gemmsim._fake_predict")
    assert cost.gemm_cost(64, 128, 256, "bf16", "mi355x") == cost.Cost(12.5, "model")
    assert cost.gemm_cost(64, 128, 256, "bf16", "mi355x", batch=4) == cost.Cost(50.0, "model x batch")
    assert seen[0] == ((64, 128, 256), "bf16", "mi355x")


# --- the subcommand -------------------------------------------------------------------------------------

def test_cli_dimeff_json(capsys):
    rc, out = run_cli(["dimeff", "--shape", "2048x10240x2048", "--tile", "MT256x144x32", "--gpu", "mi300x",
                       "--json"], capsys)
    row = json.loads(out)
    assert rc == 0 and row["compute_units"] == 304 and row["num_tiles"] == 576
    assert (row["tile_eff"], row["wq_eff"], row["dim_eff"]) == (0.987654, 0.947368, 0.935673)
    assert row["bound"] == "compute"


def test_cli_dimeff_table_and_cu_override(capsys):
    rc, out = run_cli(["dimeff", "--shape", "10240x2048x2048", "--tile", "256x64x32", "--cus", "320"], capsys)
    assert rc == 0 and "wq_eff                1\n" in out  # 1280 tiles fill 320 CUs in 4 waves


@pytest.mark.parametrize("argv, problem", [
    (["--shape", "10240x2048", "--tile", "MT256x64x32"], "has 2 dimensions"),
    (["--shape", "8x8x8", "--tile", "big"], "no macro tile found"),
    (["--shape", "8x8x8", "--tile", "MT256x64x32", "--gpu", "mi999"], "unknown GPU"),
])
def test_cli_dimeff_bad_input(capsys, argv, problem):
    with pytest.raises(GemmsimError) as err:
        run_cli(["dimeff", *argv], capsys)
    assert problem in str(err.value) and "\n" not in str(err.value)
