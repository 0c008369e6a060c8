"""The runner's pure parts, and the whole runner on the CPU-emulated backend."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from validation import build, kernels, measure, preshuffle, profile, results, run, stats, suites
from validation.backends import argpack
from validation.backends.emulated import EmulatedBackend
from validation.backends.amd_smi import parse_rocm_smi_clocks
from validation.backends.hip import base_arch

REPO = Path(__file__).resolve().parent.parent


# ---- statistics ------------------------------------------------------------------------
def test_summary_takes_the_median_of_all_runs():
    s = stats.summarize([5.0, 1.0, 3.0, 100.0, 2.0])
    assert (s.median_us, s.min_us, s.max_us, s.runs) == (3.0, 1.0, 100.0, 5)


def test_summary_refuses_no_runs():
    with pytest.raises(ValueError):
        stats.summarize([])


class _CallLog(EmulatedBackend):
    """The emulated backend, logging the calls a timed launch makes."""

    def __init__(self):
        super().__init__()
        self.calls = []

    def memset(self, ptr, byte, nbytes):
        self.calls.append("memset")

    def hold(self, cycles):
        self.calls.append("hold")

    def record(self, event):
        self.calls.append("record")
        super().record(event)

    def launch(self, function, grid, block, packed):
        self.calls.append("launch")


@pytest.mark.parametrize("mode,held", [(None, True), ("quick", True), ("check", False)])
def test_a_timed_launch_waits_behind_a_hold_of_the_gpu(mode, held):
    """The host queues the start event, the launch and the stop event while the GPU is held, so
    the events do not time the host's launch call; profiler and sanitizer passes (check mode)
    launch nothing but the kernel."""
    backend = _CallLog()
    _, warmups = measure.time_launches(backend, "k", (1, 1, 1), (32, 1, 1), b"", 0, 64, measure.Overrides.named(mode))
    one = ["memset", "hold", "record", "launch", "record"] if held else ["memset", "record", "launch", "record"]
    runs = measure.Overrides.named(mode).runs or stats.plan_runs(1.0).runs
    assert backend.calls == one * (warmups + runs)


def test_gflops_is_two_mnk_over_time():
    assert stats.gflops(1000, 1000, 1000, 1000.0) == pytest.approx(2000.0)  # 2e9 flop in 1 ms
    with pytest.raises(ValueError):
        stats.gflops(1, 1, 1, 0.0)


def test_run_plan_keeps_21_runs_unless_a_launch_is_slow():
    assert stats.plan_runs(50.0) == stats.RunPlan(5, 21)
    assert stats.plan_runs(100_000.0) == stats.RunPlan(5, 21)
    slow = stats.plan_runs(250_000.0)
    assert slow.runs == 12 and slow.warmups == 2
    assert stats.plan_runs(10_000_000.0).runs == stats.MIN_SLOW_RUNS


def test_tolerance_by_accumulator_type():
    assert stats.tolerance("i32", 4096) == 0.0
    assert stats.tolerance("f64", 4096) < 1e-12
    assert stats.tolerance("f32", 4096) == pytest.approx(8 * 2 ** -23 * 64)
    assert stats.tolerance("bf16", 64) == stats.tolerance("f32", 64)
    with pytest.raises(ValueError):
        stats.tolerance("f16", 1)


def test_compare_flags_unwritten_poison_and_errors():
    ref = np.ones((4, 4))
    poisoned = np.ones((4, 4), np.float32)
    poisoned[1, 2] = np.nan
    report = stats.compare(poisoned, ref)
    assert report.nonfinite == 1 and not stats.is_correct(report, "f32", 16)
    off = np.ones((4, 4), np.int32)
    off[0, 0] = 2
    assert not stats.is_correct(stats.compare(off, ref), "i32", 16)
    assert stats.is_correct(stats.compare(np.ones((4, 4), np.int32), ref), "i32", 16)
    near = np.ones((4, 4), np.float32) * (1 + 1e-7)
    assert stats.is_correct(stats.compare(near, ref), "f32", 16)


def test_int32_poison_is_minus_one_and_float_poison_is_nan():
    raw = np.full(8, measure.POISON_BYTE, np.uint8)
    assert np.isnan(raw.view(np.float32)).all() and np.isnan(raw.view(np.float64)).all()
    assert (raw.view(np.int32) == -1).all()


# ---- pre-shuffle and bf16 ------------------------------------------------------------------
@pytest.mark.parametrize("layout", list(preshuffle.LAYOUTS.values()), ids=list(preshuffle.LAYOUTS))
def test_preshuffle_round_trip_with_padding(layout):
    b = np.random.default_rng(1).integers(0, 2 ** 16, (37, 70)).astype(np.uint16)
    shuffled = preshuffle.preshuffle_b(b, layout, 128, 256)
    assert shuffled.size == 128 * 256
    np.testing.assert_array_equal(preshuffle.unshuffle_b(shuffled, layout, 37, 70, 128, 256), b)


def test_nvidia_fragment_holds_the_ptx_b_layout():
    # m16n8k16 .col B: lane 4*g+t holds (k=2t, 2t+1, 2t+8, 2t+9; n=g)
    layout = preshuffle.LAYOUTS["nv_m16n8k16"]
    k, n = np.meshgrid(np.arange(16), np.arange(8), indexing="ij")
    b = (k * 8 + n).astype(np.uint16)
    lanes = preshuffle.preshuffle_b(b, layout, 16, 8).reshape(32, 4)
    assert lanes[4 * 3 + 1].tolist() == [b[2, 3], b[3, 3], b[10, 3], b[11, 3]]


def test_amd_fragment_holds_contiguous_k_per_lane():
    layout = preshuffle.LAYOUTS["amd_16x16x32"]
    k, n = np.meshgrid(np.arange(32), np.arange(16), indexing="ij")
    b = (k * 16 + n).astype(np.uint16)
    lanes = preshuffle.preshuffle_b(b, layout, 32, 16).reshape(64, 8)
    assert lanes[16 * 2 + 5].tolist() == [b[kk, 5] for kk in range(16, 24)]


def test_preshuffle_rejects_short_padding():
    with pytest.raises(ValueError):
        preshuffle.preshuffle_b(np.zeros((20, 8), np.uint16), preshuffle.LAYOUTS["nv_m16n8k16"], 16, 8)


def test_bf16_rounds_to_nearest_even():
    x = np.array([1.0, 1 + 2 ** -8, 1 + 3 * 2 ** -9, -2.5], np.float32)
    assert preshuffle.bf16_bits_to_float64(preshuffle.float32_to_bf16_bits(x)).tolist() == [
        1.0, 1.0, 1 + 2 ** -7, -2.5]


# ---- argument packing and build commands ---------------------------------------------------
def test_arguments_are_packed_with_c_alignment():
    args = argpack.gemm_arguments("mma", 0x1000, 0x2000, 0x3000, 597, 11008, 4096, 32)
    packed = argpack.pack_args(args)
    assert len(packed) == 3 * 8 + 4 * 4
    assert argpack.unpack_args(packed, [k for k, _ in args]) == [v for _, v in args]
    mixed = argpack.pack_args([("i32", 7), ("ptr", 0xABC)])
    assert len(mixed) == 16 and mixed[4:8] == b"\0\0\0\0"  # the pointer is 8-aligned


def test_launch_extra_layouts_differ_only_in_the_end_marker():
    packed = argpack.pack_args([("ptr", 1), ("i32", 2)])
    for markers in (argpack.CUDA_EXTRA_MARKERS, argpack.HIP_EXTRA_MARKERS):
        extra = argpack.launch_extra(packed, markers)
        words = list(extra.array)
        assert words[0] == markers["buffer_pointer"] and words[2] == markers["buffer_size"]
        assert (words[4] or 0) == markers["end"] and extra.size.value == len(packed)
        assert bytes(extra.buffer)[: len(packed)] == packed


def test_build_commands():
    nv = build.nvcc_command(kernels.LADDER_SOURCE, Path("x.cubin"))
    assert nv[:4] == ["nvcc", "-x", "cu", "-arch=sm_90"] and "-cubin" in nv
    amd = build.clang_amd_command(kernels.MMA_SOURCE, Path("x.s"), "gfx950")
    for flag in ("-x", "hip", "--offload-arch=gfx950", "--cuda-device-only", "-nogpulib", "-nogpuinc", "-S"):
        assert flag in amd
    assert build.hiprtc_options("gfx942")[0] == "--offload-arch=gfx942"
    with pytest.raises(ValueError):
        build.hiprtc_options("gfx90a")


def test_hip_helpers():
    assert base_arch("gfx942:sramecc+:xnack-") == "gfx942"
    csv_text = "device,fclk clock speed:,mclk clock speed:,sclk clock speed:\ncard0,(1200Mhz),(1300Mhz),(2100Mhz)\n"
    assert parse_rocm_smi_clocks(csv_text) == (2100.0, 1300.0)
    assert preshuffle.TARGET_LAYOUT["gfx950"] == "amd_16x16x32"


# ---- kernels and suites ---------------------------------------------------------------------
def test_matrix_configs_fit_both_vendors():
    configs = kernels.mma_tile_configs()
    assert len(configs) >= 8
    for tm, tn, tk in configs:
        assert tm % 16 == 0 and (tn // 4) % 16 == 0 and tk % 32 == 0
        assert kernels.MMA_K_PADDING % tk == 0 and kernels.MMA_N_PADDING % tn == 0
    assert kernels.mma_spec(64, 128, 64, True, "amd").threads == 256
    assert kernels.mma_spec(64, 128, 64, True, "nvidia").threads == 128


def test_suites_cover_every_kernel_and_shape():
    ladder = suites.suite_points("ladder")
    assert {(p.spec.kernel, p.m, p.n, p.k) for p in ladder if p.spec.dtype == "f32"} == {
        (k, *s) for k in kernels.LADDER_KERNELS for s in suites.SHAPES}
    assert {p.spec.dtype for p in ladder} == {"f32", "f64", "i32"}
    matrix = suites.suite_points("matrix")
    assert len(matrix) == len(suites.SHAPES) * len(kernels.mma_tile_configs()) * 2
    fresh = suites.suite_points("fresh")
    assert not {(p.m, p.n, p.k) for p in fresh} & set(suites.SHAPES + suites.CHECK_SHAPES)
    assert len(fresh) == len(suites.FRESH_SHAPES) * (len(kernels.LADDER_KERNELS) + 2 * len(kernels.mma_tile_configs()))
    large = suites.suite_points("large")
    seen = set(suites.SHAPES + suites.CHECK_SHAPES + suites.FRESH_SHAPES + suites.DEPTH_SHAPES)
    assert not {(p.m, p.n, p.k) for p in large} & seen
    assert len(large) == len(suites.LARGE_SHAPES) * 2 * len(kernels.mma_tile_configs())
    with pytest.raises(ValueError):
        suites.parse_shape("12x3")


# ---- CSV ------------------------------------------------------------------------------------
def _row(**overrides) -> dict:
    ctx = measure.Context(EmulatedBackend(), {}, {"device": "d", "driver": "1", "runtime": "r"}, "cmd")
    row = measure.failed_row(ctx, suites.Point("ladder", kernels.ladder_spec("gemm", "f32"), 8, 8, 8), "failed", "x")
    row.update(overrides)
    return row


def test_csv_rows_round_trip_and_resume_keys(tmp_path):
    path = tmp_path / "r.csv"
    results.append_row(path, _row())
    results.append_row(path, _row(M=16, status="ok", correct=True, kernel_time_us=1.5))
    rows = results.read_rows(path)
    assert [r["M"] for r in rows] == ["8", "16"]
    assert results.recorded_keys(path) == {("ladder", "gemm_f32", 8, 8, 8), ("ladder", "gemm_f32", 16, 8, 8)}
    assert path.read_text().splitlines()[0].startswith("timestamp_utc,suite,device")


def test_csv_schema_rejects_bad_rows(tmp_path):
    with pytest.raises(results.SchemaError, match="status"):
        results.append_row(tmp_path / "r.csv", _row(status="weird"))
    with pytest.raises(results.SchemaError, match="kernel_time_us"):
        results.append_row(tmp_path / "r.csv", _row(kernel_time_us="fast"))
    assert all(c.endswith("_us") for c in results.COLUMNS if "_time" in c)


# ---- the runner end to end on the emulated backend ------------------------------------------
def _run_cli(out: Path, *extra: str, env: dict | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "validation.run", "--suite", "check", "--backend", "emulated",
           "--out", str(out), "--mode", "quick", "--shapes", "35x72x37", *extra]
    return subprocess.run(cmd, cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=120)


def test_runner_measures_every_kernel_correctly_on_an_odd_shape(tmp_path):
    proc = _run_cli(tmp_path)
    assert proc.returncode == 0, proc.stderr
    rows = results.read_rows(tmp_path / "check.csv")
    assert {r["symbol"] for r in rows} == {s.symbol for s in kernels.all_specs()}
    assert all(r["status"] == "ok" and r["correct"] == "True" for r in rows)
    assert all(float(r["gflops"]) > 0 and int(r["runs"]) == 3 for r in rows)


def test_runner_records_failures_and_resumes_after_a_crash(tmp_path):
    env = {"GEMMSIM_EMULATE_CRASH": "gemm_tiled_f32", "GEMMSIM_EMULATE_FAIL": "gemm_blocked4x4_f64",
           "GEMMSIM_EMULATE_WRONG": "gemm_i32"}
    proc = _run_cli(tmp_path, "--kernels", "^gemm", env=env)
    assert proc.returncode == 0, proc.stderr
    rows = {r["symbol"]: r for r in results.read_rows(tmp_path / "check.csv")}
    assert len(rows) == 15  # every ladder kernel x type, none lost
    assert rows["gemm_tiled_f32"]["status"] == "crashed"
    assert rows["gemm_blocked4x4_f64"]["status"] == "failed"
    assert rows["gemm_i32"]["status"] == "incorrect" and rows["gemm_i32"]["correct"] == "False"
    assert rows["gemm_tiled_blocked2x2_f32"]["status"] == "ok"  # measured after the crash
    # Re-running resumes: nothing is measured twice.
    again = _run_cli(tmp_path, "--kernels", "^gemm")
    assert again.returncode == 0 and len(results.read_rows(tmp_path / "check.csv")) == 15


def test_worker_skips_recorded_points(tmp_path):
    points = run.select_points("check", "nvidia", [(33, 70, 40)], "^gemm_tiled_f32$")
    backend = EmulatedBackend()
    for _ in range(2):
        assert run.run_worker(backend, points, tmp_path, "cmd", measure.Overrides.named("check")) == 0
    rows = results.read_rows(tmp_path / "check.csv")
    assert len(rows) == 1 and rows[0]["runs"] == "1" and rows[0]["warmups"] == "0"


def test_bad_shape_is_a_one_line_error(tmp_path, capsys):
    assert run.main(["--suite", "check", "--out", str(tmp_path), "--shapes", "1x2"]) == 2
    assert "error: shape '1x2'" in capsys.readouterr().err


# ---- profiler and sanitizer parsing ---------------------------------------------------------
def test_ncu_raw_csv_is_paired_with_the_launch_log():
    header = '"ID","Kernel Name","Grid Size","Block Size","l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"'
    text = "\n".join(['==PROF== done', header, '"","","","","",""', '"0","gemm_tiled_f32","(32, 32, 1)","(16, 16, 1)","1,024"'])
    profiled = profile.parse_ncu_raw_csv(text)
    rows = profile.ncu_rows(profiled, [["ladder", "gemm_tiled_f32", 512, 512, 512]], "cmd")
    assert rows[0]["shared_ld_bank_conflicts"] == "1024" and rows[0]["ncu_kernel_name"] == "gemm_tiled_f32"
    assert "shared_st_bank_conflicts" in rows[0]["metrics_missing"]


def test_sanitizer_summaries_and_kernel_attribution():
    log = ("========= Invalid __global__ read of size 4 bytes\n=========     at gemm_f32+0x70\n"
           "========= ERROR SUMMARY: 1 error\n")
    assert profile.sanitizer_error_total("memcheck", log) == 1
    assert profile.errors_by_kernel(log, ["gemm_f32", "gemm_tiled_f32"]) == {"gemm_f32": 1, "gemm_tiled_f32": 0}
    race = "========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n"
    assert profile.sanitizer_error_total("racecheck", race) == 0


def test_sass_listing_is_split_per_kernel():
    listing = ("\tcode for sm_90\n\t\tFunction : gemm_f32\n\t/*0000*/ MOV R1, c[0x0][0x28] ;\n"
               "\t\tFunction : gemm_tiled_f32\n\t/*0000*/ BAR.SYNC.DEFER_BLOCKING 0x0 ;\n")
    parts = profile.split_sass_by_function(listing)
    assert set(parts) == {"gemm_f32", "gemm_tiled_f32"} and "BAR.SYNC" in parts["gemm_tiled_f32"]


def test_package_imports_without_gpu_runtimes():
    code = ("import sys, validation.run, validation.measure, validation.profile; "
            "assert 'cupy' not in sys.modules and 'hip' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True)


def test_residency_times_every_point_warm_and_cold_on_the_emulated_backend(tmp_path, monkeypatch):
    import csv

    from validation import residency

    monkeypatch.setattr("validation.backends.create_backend", lambda name, build_dir: EmulatedBackend())
    symbols = "mma_preshuffle_m16n64k128_swz1,mma_preshuffle_m64n64k64_swz1"
    assert residency.main(["--out", str(tmp_path), "--rounds", "1", "--quick", "--kernels", symbols,
                           "--shapes", "16x64x64"]) == 0
    rows = list(csv.DictReader((tmp_path / "residency.csv").open()))
    assert sorted((r["symbol"], r["method"]) for r in rows) == sorted(
        (s, m) for s in symbols.split(",") for m in ("warm", "cold"))
    assert all(float(r["median_us"]) > 0 and r["M"] == "16" for r in rows)
    with pytest.raises(SystemExit):
        residency.main(["--out", str(tmp_path), "--kernels", "no_such_kernel"])


def test_a_backend_loads_hold_gpu_once_and_launches_it_on_one_thread():
    from validation.backends.hold import HoldsGpu
    from validation.kernels import HARNESS_SOURCE

    class Fake(HoldsGpu):
        def __init__(self):
            self.loaded, self.launched = [], []

        def load_source(self, source, symbols):
            self.loaded.append((source, tuple(symbols)))
            return {"hold_gpu": "fn"}

        def launch(self, function, grid, block, packed):
            self.launched.append((function, grid, block, packed))

    backend = Fake()
    backend.hold(100)
    backend.hold(200)
    assert backend.loaded == [(HARNESS_SOURCE, ("hold_gpu",))]
    assert backend.launched == [("fn", (1, 1, 1), (1, 1, 1), argpack.pack_args([("u64", c)])) for c in (100, 200)]
