"""`gemmsim dimeff`: macro tiles from kernel names, a BLAS call's dim efficiency, cost, the subcommand.

The formulas themselves (dim efficiency, roofline) are tested in test_analytics.py.
"""

import json
import types

import pytest

from gemmsim.workloads import cost
from gemmsim.workloads.blas import BlasCall
from gemmsim.kernel_names import parse_macro_tile, require_macro_tile
from gemmsim.workloads.summaries import call_dim_efficiency
from gemmsim.errors import GemmsimError, InputError

from cli_runner import run_cli


# --- a BLAS call on a kernel's tile ---------------------------------------------------------------

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

def test_cost_is_the_timing_models_prediction(monkeypatch):
    seen = []

    def predict_gemm(shape, dtype, gpu):
        seen.append((shape, dtype, gpu))
        return types.SimpleNamespace(time_us=12.5)

    monkeypatch.setattr(cost, "predict_gemm", predict_gemm)
    assert cost.gemm_cost(64, 128, 256, "bf16", "mi355x") == cost.Cost(12.5, "model")
    assert cost.gemm_cost(64, 128, 256, "bf16", "mi355x", batch=4) == cost.Cost(12.5, "batched model")
    assert seen == [((64, 128, 256), "bf16", "mi355x"), ((4, 64, 128, 256), "bf16", "mi355x")]


def test_cost_of_a_real_gemm():
    got = cost.gemm_cost(16, 7168, 2048, "fp8", "mi300x")
    assert got.source == "model" and got.time_us > 0


# --- the subcommand -------------------------------------------------------------------------------------

def test_cli_dimeff_json(capsys):
    rc, out = run_cli(["dimeff", "--shape", "2048x10240x2048", "--tile", "MT256x144x32", "--gpu", "mi300x",
                       "--json"], capsys)
    row = json.loads(out)
    assert rc == 0 and row["compute_units"] == 304 and row["num_tiles"] == 576
    assert (row["tile_eff"], row["wq_eff"], row["dim_eff"]) == (0.987654, 0.947368, 0.935673)
    assert row["bound"] == "compute"
    assert (row["slots_per_cu"], row["bandwidth"], row["hbm_tb_per_s"]) == (1, "achievable", 4.11)


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


@pytest.mark.parametrize("shape, tile, dtype, gpu", [
    ("16x7168x2048", "32x64x128", "bf16", "mi300x"),
    ("5120x5120x8320", "64x256x128", "fp8", "mi300x"),
    ("1000x1024x4096", "64x128x128", "fp8", "mi355x"),   # an M tail: the last row of tiles is part padding
])
def test_predict_and_dimeff_agree_on_dim_efficiency_and_name_their_bandwidths(capsys, shape, tile, dtype, gpu):
    rc, out = run_cli(["predict", "--shape", shape, "--tile", tile, "--dtype", dtype, "--gpu", gpu, "--json"], capsys)
    predicted = json.loads(out)
    slots = predicted["occupancy"]["workgroups_per_cu"]
    assert rc == 0 and predicted["dim_efficiency"]["slots_per_cu"] == slots
    rc, out = run_cli(["dimeff", "--shape", shape, "--tile", tile, "--dtype", dtype, "--gpu", gpu,
                       "--slots-per-cu", str(slots), "--json"], capsys)
    analysed = json.loads(out)
    assert rc == 0 and analysed["slots_per_cu"] == slots
    for key in ("num_tiles", "waves", "tile_eff", "wq_eff", "dim_eff"):
        assert analysed[key] == pytest.approx(predicted["dim_efficiency"][key], abs=1e-6), key
    # the two rooflines differ only in the bandwidth each states
    assert predicted["roofline"]["bandwidth"] == "spec" and analysed["bandwidth"] == "achievable"
    assert analysed["hbm_tb_per_s"] * 1e12 < predicted["roofline"]["bandwidth_bytes_per_s"]
    assert analysed["mbytes"] == pytest.approx(predicted["roofline"]["compulsory_bytes"] / 1e6, rel=1e-5)
    assert analysed["clock_mhz"] == predicted["roofline"]["clock_mhz"]
