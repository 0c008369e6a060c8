"""The HIP backend (validation/backends/hip.py) runs unchanged against tests/hip_standin, a fake
hip-python that executes the kernels' math on numpy: compile (hiprtc, or a code object built by
clang-22), launch through hipModuleLaunchKernel's ``extra``, events, and results checked against
numpy; every row carries the device, driver, ROCm version and the SCLK/MCLK amd-smi reported."""
from __future__ import annotations

import importlib
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest

from validation import build, kernels, measure, results, suites
from validation.backends import amd_smi, cpu_device

STANDIN = Path(__file__).resolve().parent / "hip_standin"
HAVE_CLANG = shutil.which(build.CLANG) is not None


@pytest.fixture
def standin(monkeypatch):
    """hip-python, amd-smi and rocprofv3 replaced by the stand-in, for this test only."""
    monkeypatch.syspath_prepend(str(STANDIN))
    monkeypatch.setenv("PATH", f"{STANDIN / 'bin'}:{__import__('os').environ['PATH']}")
    for name in [m for m in sys.modules if m == "hip" or m.startswith("hip.")]:
        monkeypatch.delitem(sys.modules, name)
    yield
    for name in [m for m in sys.modules if m == "hip" or m.startswith("hip.")]:
        del sys.modules[name]


def _backend(build_dir: Path, arch: str, monkeypatch):
    monkeypatch.setenv("HIP_STANDIN_ARCH", arch)
    from validation.backends.hip import HipBackend

    return HipBackend(build_dir)


def _measure(backend, point: suites.Point, shuffled_for: str | None = None) -> dict:
    """One point measured as the runner does; B pre-shuffled for ``shuffled_for`` (default: the
    device's own arch)."""
    ctx = measure.Context(backend, backend.load_kernels([point.spec.symbol]), backend.device_info(),
                          "pytest", measure.Overrides.named("quick"))
    host = measure.random_host_inputs(point.m, point.n, point.k, point.spec.dtype,
                                      shuffled_for or backend.target, np.random.default_rng(1))
    inputs = measure.upload(backend, host, point.m, point.n)
    try:
        return measure.measure_point(ctx, point, inputs)
    finally:
        inputs.free(backend)


@pytest.mark.skipif(not HAVE_CLANG, reason="clang-22 is not installed")
@pytest.mark.parametrize("arch", build.AMD_ARCHS)
def test_prebuilt_code_objects_run_every_family_correctly(standin, monkeypatch, tmp_path, arch):
    build.build_amd(tmp_path, arch)
    backend = _backend(tmp_path, arch, monkeypatch)
    try:
        assert backend.target == arch
        for spec in (kernels.ladder_spec("gemm_tiled", "f32"), kernels.ladder_spec("gemm_blocked2x2", "i32"),
                     kernels.mma_spec(32, 64, 64, True, "amd")):
            row = _measure(backend, suites.Point("check", spec, 35, 72, 37))
            results.validate_row(row)
            assert row["status"] == "ok" and row["correct"] is True, row
            assert row["workgroup"] == ("256x1x1" if spec.family == "mma" else "16x16x1")
        assert set(backend.loaded_from.values()) == {str(build.amd_code_object_path(tmp_path, n, arch))
                                                     for n in ("ladder", "mma_preshuffle", "harness")}
        assert "(hip stand-in)" in row["device"] and row["device"].endswith(f"({arch})")
        assert row["runtime"].startswith("rocm 0.0.0-standin") and "hip driver" in row["driver"]
        expected_sclk = {"gfx942": 2100.0, "gfx950": 2400.0}[arch]  # tests/hip_standin/bin/amd-smi's
        assert float(row["sm_clock_mhz"]) == expected_sclk and float(row["mem_clock_mhz"]) > 0
    finally:
        backend.close()


def test_hiprtc_path_compiles_the_inlined_source_and_a_wrong_layout_is_caught(standin, monkeypatch, tmp_path):
    """No code object in the build folder: hiprtc (the stand-in's: clang-22 where installed)."""
    backend = _backend(tmp_path / "empty", "gfx942", monkeypatch)
    try:
        point = suites.Point("check", kernels.mma_spec(16, 64, 128, False, "amd"), 67, 45, 53)
        assert _measure(backend, point)["status"] == "ok"
        assert backend.loaded_from == {"mma_preshuffle": "hiprtc", "harness": "hiprtc"}
        # The same kernel fed B shuffled for gfx950's instruction: the check must fail.
        assert _measure(backend, point, shuffled_for="gfx950")["status"] == "incorrect"
    finally:
        backend.close()


def test_a_code_object_for_another_arch_is_refused(standin, monkeypatch, tmp_path):
    if not HAVE_CLANG:
        pytest.skip("clang-22 is not installed")
    built = build.build_amd(tmp_path, "gfx950")
    built["ladder"].rename(build.amd_code_object_path(tmp_path, "ladder", "gfx942"))
    backend = _backend(tmp_path, "gfx942", monkeypatch)
    try:
        from validation.backends.hip import HipError

        with pytest.raises(HipError, match="NoBinaryForGpu"):
            backend.load_kernels(["gemm_f32"])
    finally:
        backend.close()


def test_microbenchmark_kernels_run_as_noops_that_mark_their_buffers():
    memory = cpu_device.CpuMemory()
    a, b = memory.malloc(64), memory.malloc(64)
    from validation.backends.argpack import pack_args

    packed = pack_args([("ptr", a), ("i32", 7), ("ptr", b), ("u64", 12345)])
    assert cpu_device.mark_pointer_arguments(memory, packed) == 2
    assert memory.view(a, np.uint64, 1)[0] == memory.view(b, np.uint64, 1)[0] == cpu_device.NOOP_MARK


def test_amd_smi_clock_outputs_are_read():
    listed = '[{"gpu": 0, "clock": {"gfx_0": {"clk": {"value": 2100, "unit": "MHz"}}, ' \
             '"gfx_1": {"clk": {"value": 2000, "unit": "MHz"}}, "gfx_2": {"clk": "N/A"}, ' \
             '"mem_0": {"clk": {"value": 1300, "unit": "MHz"}}}}]'
    assert amd_smi.parse_amd_smi_clocks(listed) == (2050.0, 1300.0)
    wrapped = '{"gpu_data": [{"gpu": 1, "clock": {"gfx_0": {"clk": {"value": 1}}}}, ' \
              '{"gpu": 0, "clock": {"gfx_0": {"clk": {"value": 1900}}, "mem_0": {"clk": "N/A"}}}]}'
    assert amd_smi.parse_amd_smi_clocks(wrapped) == (1900.0, None)
    assert amd_smi.parse_amd_smi_clocks("not json") == (None, None)
    rocm_smi = "device,sclk clock speed:,sclk clock level:,mclk clock speed:\ncard0,(2100Mhz),1,(1300Mhz)\n"
    assert amd_smi.parse_rocm_smi_clocks(rocm_smi) == (2100.0, 1300.0)


def test_clock_sampler_reports_the_highest_reading_of_the_window():
    readings = iter([(1200.0, 900.0), (2100.0, 1300.0), (1500.0, 1300.0)] + [(None, None)] * 1000)
    sampler = amd_smi.ClockSampler(reader=lambda: next(readings), interval_s=0.001)
    try:
        import time

        time.sleep(0.2)
        assert sampler.take() == (2100.0, 1300.0)
        assert sampler.take() == (1500.0, 1300.0)  # nothing since: a fresh read fails, the latest good one
    finally:
        sampler.stop()


def test_importing_the_backend_needs_no_hip():
    sys.modules.pop("hip", None)
    importlib.import_module("validation.backends.hip")
    assert "hip" not in sys.modules
