"""The engine clock under load (gemmsim.model.clock): the power-limited clock between the boost clock
and the published full-load clock, the fitted factor, the clock a user gives, and the H200 untouched."""

import math

import pytest

from gemmsim.errors import ConfigError, HardwareFileError
from gemmsim.hw import load_gpu
from gemmsim.hw.loader import HW_DIR
from gemmsim.prediction import ClockSource
from gemmsim.model.clock import (clock_under_load_mhz, full_load_clock_mhz,
                                 highest_clock_mhz)
from gemmsim.simulate import predict
from gemmsim.problem import make_config, make_problem

from tests.cli_runner import run_cli


def test_no_matrix_activity_runs_at_the_boost_clock_full_activity_at_the_published_one():
    gpu = load_gpu("mi325x")
    load = gpu.clock_under_load
    factor = load.effective_clock_factor
    assert clock_under_load_mhz(gpu, "fp8", 0.0) == pytest.approx(factor * 2100)
    assert clock_under_load_mhz(gpu, "fp8", load.full_load_mfma_activity) == pytest.approx(factor * 1464)
    assert clock_under_load_mhz(gpu, "fp8", 1.0) == pytest.approx(factor * 1464)   # no lower than full load
    half = clock_under_load_mhz(gpu, "fp8", load.full_load_mfma_activity / 2)
    assert half == pytest.approx(factor * (2100 + 1464) / 2)
    assert highest_clock_mhz(gpu, "fp8") == pytest.approx(factor * 2100)


def test_a_factor_above_one_never_lifts_the_clock_past_the_peak():
    from dataclasses import replace
    gpu = load_gpu("mi355x")
    gpu = replace(gpu, clock_under_load=replace(gpu.clock_under_load, effective_clock_factor=1.2))
    assert clock_under_load_mhz(gpu, "fp8", 0.0) == highest_clock_mhz(gpu, "fp8") == gpu.peak_clock_mhz == 2400
    full = gpu.clock_under_load.full_load_mfma_activity
    assert clock_under_load_mhz(gpu, "fp8", full) == pytest.approx(1.2 * gpu.clock_mhz("fp8"))   # below the peak: untouched


def test_busier_matrix_pipes_lower_the_clock_and_fp16_runs_slowest():
    gpu = load_gpu("mi300x")
    clocks = [clock_under_load_mhz(gpu, "bf16", a) for a in (0.1, 0.4, 0.7, 0.9)]
    assert clocks == sorted(clocks, reverse=True)
    assert clock_under_load_mhz(gpu, "fp16", 0.94) < clock_under_load_mhz(gpu, "bf16", 0.94)


def test_the_fitted_factor_is_calibrated_and_names_its_rows():
    for name in ("mi325x", "mi355x"):
        prov = load_gpu(name).provenance["[device.clock_under_load].effective_clock_factor"]
        assert prov.kind == "calibrated"
        assert "8192x8192x8192" in prov.note and "amd_public" in prov.source


def test_gfx950_clock_comes_from_the_hipblaslt_reading_not_an_assumption():
    gpu = load_gpu("mi355x")
    assert gpu.clock_mhz("bf16") == 1205
    assert gpu.provenance["[device.sustained_clock_mhz].bf16"].kind == "microbenchmark"
    assert "4026" in gpu.provenance["[device.sustained_clock_mhz].bf16"].source


def test_h200_runs_at_its_sustained_clock_whatever_the_kernel_does():
    gpu = load_gpu("h200")
    assert gpu.clock_under_load is None
    assert clock_under_load_mhz(gpu, "bf16", 0.1) == full_load_clock_mhz(gpu, "bf16") == gpu.clock_mhz("bf16")


def test_prediction_says_which_clock_it_used():
    problem, config = make_problem("5120x5120x8320", "fp8"), make_config("64x256x128")
    gpu = load_gpu("mi325x")
    modelled = predict(problem, config, gpu)
    assert modelled.clock_source == ClockSource.LOAD_MODEL
    expected = clock_under_load_mhz(gpu, "fp8", 0.845)   # its matrix activity (the 8-bit epilogue took 0.87 to 0.845)
    assert modelled.clock_mhz == pytest.approx(expected, rel=0.01)
    given = predict(problem, config, gpu, clock_mhz=1000.0)
    assert given.clock_source == ClockSource.GIVEN and given.clock_mhz == 1000.0
    # a compute-bound kernel's cycles hardly depend on the clock: time goes as 1 / clock
    assert given.time_us * 1000.0 == pytest.approx(modelled.time_us * modelled.clock_mhz, rel=0.02)


def test_a_busy_memory_path_lowers_the_clock_as_busy_matrix_pipes_do():
    # MI355X fp8 5120x5120x8320 on 64x256x128: bound by the CU's share of the L2, its matrix pipes less busy
    gpu = load_gpu("mi355x")
    p = predict(make_problem("5120x5120x8320", "fp8"), make_config("64x256x128"), gpu)
    assert p.memory_activity > p.mfma_utilization + 0.05
    assert p.clock_mhz == pytest.approx(clock_under_load_mhz(gpu, "fp8", p.memory_activity), rel=0.02)
    assert p.clock_mhz < clock_under_load_mhz(gpu, "fp8", p.mfma_utilization) - 50


def test_a_clock_must_be_positive():
    with pytest.raises(ConfigError, match="clock"):
        predict(make_problem("256x256x256", "bf16"), make_config("64x64x64"), load_gpu("mi300x"), clock_mhz=0.0)
    with pytest.raises(ConfigError, match="clock"):
        predict(make_problem("256x256x256", "bf16"), make_config("64x64x64"), load_gpu("mi300x"), clock_mhz=math.nan)


def test_cli_clock_mhz_is_reported_as_given(capsys):
    code, out = run_cli(["predict", "--tile", "64x64x64", "--shape", "1024x1024x1024", "--dtype", "bf16",
                              "--gpu", "mi300x", "--clock-mhz", "1300"], capsys)
    assert code == 0
    assert "1300 MHz (clock: given)" in out


def test_clock_under_load_values_are_checked(tmp_path):
    text = (HW_DIR / "mi300x.toml").read_text()
    bad = text.replace("full_load_mfma_activity = { value = 0.94", "full_load_mfma_activity = { value = 1.5")
    path = tmp_path / "bad.toml"
    path.write_text(bad)
    with pytest.raises(HardwareFileError, match="full_load_mfma_activity"):
        load_gpu(path)


@pytest.mark.parametrize("value", ["-5", "0", "inf", "nan", "abc"])
def test_a_bad_clock_is_refused_before_any_work(value, capsys):
    from gemmsim.cli import main
    assert main(["predict", "--shape", "64x64x64", "--clock-mhz", value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--clock-mhz" in err and "chose" not in err


# The matrix work that sets the clock: a half-rate instruction does half the work per busy pipe cycle
@pytest.mark.parametrize("gpu, dtype, share", [
    ("mi355x", "int8", 0.5),     # v_mfma_i32_16x16x32_i8: 16 cycles for 16x16x32, half gfx950's INT8 peak
    ("mi355x", "fp8", 1.0),      # v_mfma_f32_16x16x128_f8f6f4 at 32 cycles: the FP8 peak
    ("mi355x", "bf16", 1.0),
    ("mi300x", "int8", 1.0),     # the same opcode is gfx942's full rate
    ("mi300x", "bf16", 1.0),
])
def test_the_matrix_work_per_busy_cycle(gpu, dtype, share):
    from gemmsim.frontends.preshuffle.analysis import analyze
    from gemmsim.frontends.preshuffle.generator import generate
    from gemmsim.simulate import matrix_rate_share

    g = load_gpu(gpu)
    program = generate(analyze(make_problem("256x512x1024", dtype), make_config("64x256x128"), g), g)
    assert matrix_rate_share(program, g, dtype) == pytest.approx(share)
