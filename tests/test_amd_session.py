"""`bash validation/session.sh amd smoke` runs to the end against tests/hip_standin (fake hip-python,
amd-smi and rocprofv3) and packs every file an owner of an MI300X sends back; a second run skips
the stages already done. Narrowed to two kernels and one shape to stay within ~20 s."""
from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from validation.profile import ROCPROF_PASSES

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "validation" / "session.sh"


def _microbench_takes_a_backend() -> bool:
    """Whether validation.microbench runs through a backend (it does since the portable suite)."""
    out = subprocess.run([sys.executable, "-m", "validation.microbench", "--help"], cwd=REPO,
                         capture_output=True, text=True)
    return "--backend" in out.stdout


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    if shutil.which("clang-22") is None:
        pytest.skip("clang-22 is not installed")
    tmp = tmp_path_factory.mktemp("amd_session")
    env = {**os.environ, "GEMMSIM_HIP_STANDIN": "1", "OUT": str(tmp / "out"), "RESULTS": str(tmp / "results"),
           "BUILD": str(tmp / "build"), "SMOKE_SHAPES": "128x128x128", "PROFILE_SHAPES_SMOKE": "127x512x512",
           "SMOKE_KERNELS": "gemm_tiled_f32|m64n128k64_swz1", "MICROBENCH_ONLY": "lds"}
    runs = [subprocess.run(["bash", str(SCRIPT), "amd", "smoke"], cwd=tmp, env=env, capture_output=True, text=True,
                           timeout=300) for _ in range(2)]
    return tmp, runs


def test_the_smoke_session_packs_what_an_owner_sends_back(session):
    tmp, (first, _) = session
    archive = tmp / "out" / "amd_smoke.tgz"
    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
    wanted = {"environment.txt", "session.log", "stages.done", "check.csv", "ladder.csv", "matrix.csv",
              "code_objects/ladder_gfx942.hsaco", "code_objects/mma_preshuffle_gfx942.hsaco",
              "compare_mi300x.txt", "compare_mi300x.csv", "rocprof/counters.log"}
    wanted |= {f"rocprof/{p}/{f}" for p in ("lds", "waves", "l2")
               for f in ("kernel_trace.csv", "kernel_stats.csv", "counter_collection.csv", "launches.jsonl")}
    if _microbench_takes_a_backend():
        wanted |= {"microbench.csv", "microbench.log", "calibrate.log"}
    assert {f"amd_smoke/{w}" for w in wanted} <= names, first.stdout + first.stderr
    log = (tmp / "results" / "session.log").read_text()
    assert "STAND-IN" in log and "session amd smoke finished" in log
    if not _microbench_takes_a_backend():
        assert "microbench: exit" in log and "calibrate: SKIPPED: no microbench.csv" in log
        assert first.returncode == 1  # a stage not done is reported by the exit status
    elif "amd_smoke/calibrated/mi300x.toml" not in names:  # quick rows may not cover every fit
        assert "calibrate: not possible from smoke's --quick microbenchmarks" in log


def test_rows_carry_device_versions_and_clocks_and_are_correct(session):
    tmp, _ = session
    for suite in ("check", "ladder", "matrix"):
        rows = list(csv.DictReader((tmp / "results" / f"{suite}.csv").open()))
        assert rows and all(r["status"] == "ok" for r in rows), suite
        for r in rows:
            assert r["backend"] == "hip" and r["device"] == "AMD Instinct MI300X (hip stand-in) (gfx942)"
            assert r["runtime"].startswith("rocm 0.0.0-standin") and r["driver"]
            assert float(r["sm_clock_mhz"]) == 2100.0 and float(r["mem_clock_mhz"]) == 1300.0


def test_counter_passes_pair_each_dispatch_with_a_logged_launch(session):
    tmp, _ = session
    for name in ("lds", "waves", "l2"):
        folder = tmp / "results" / "rocprof" / name
        launches = folder.joinpath("launches.jsonl").read_text().splitlines()
        trace = list(csv.DictReader(folder.joinpath("kernel_trace.csv").open()))
        assert len(trace) == len(launches) == 2  # two kernels, one shape, one launch each ('check' mode)
        counters = {r["Counter_Name"] for r in csv.DictReader(folder.joinpath("counter_collection.csv").open())}
        assert counters and counters <= set(ROCPROF_PASSES[name])


def test_a_second_run_skips_what_is_done(session):
    tmp, (_, second) = session
    log = (tmp / "results" / "session.log").read_text().split("session amd smoke:")[-1]
    for stage in ("build", "check", "ladder", "matrix", "rocprof", "compare"):
        assert f"{stage}: done before, skipped" in log
