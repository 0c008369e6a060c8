"""validation/microbench.py, the driver of the portable microbenchmarks: its table of matrix
instructions matches the GPU descriptions, and it runs end to end against the hip stand-in,
writing rows that `gemmsim calibrate`'s reader takes."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from gemmsim.hw import load_gpu
from gemmsim.measurements.microbench import read_microbench
from validation import microbench

REPO = Path(__file__).resolve().parents[1]
STANDIN = REPO / "tests" / "hip_standin"


@pytest.mark.parametrize("arch, gpu", [("sm_90", "h200"), ("gfx942", "mi300x"), ("gfx950", "mi355x")])
def test_every_matrix_bench_is_an_instruction_of_the_gpu_table(arch, gpu):
    table = {m.opcode for m in load_gpu(gpu).matrix}
    assert set(microbench.MATRIX[arch]) <= table
    symbols = microbench.symbols_for(arch)
    own = len(microbench.NVIDIA_ONLY) if arch.startswith("sm_") else 0
    assert len(symbols) == len(set(symbols)) == len(microbench.SYMBOLS) + own + 2 * len(microbench.MATRIX[arch])


def test_matrix_symbols_are_c_names():
    assert microbench.matrix_symbol("mma.sync.m16n8k16.bf16") == "mma_sync_m16n8k16_bf16"
    assert microbench.matrix_symbol("v_mfma_f32_16x16x16_bf16") == "v_mfma_f32_16x16x16_bf16"


def test_an_unknown_group_is_refused_before_any_gpu_is_touched(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        microbench.main(["--out", str(tmp_path), "--only", "lds,nope"])
    assert stop.value.code == 2 and "unknown group 'nope'" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("clang-22") is None, reason="clang-22 is not installed")
def test_the_driver_runs_against_the_hip_standin(tmp_path):
    """The stand-in runs the kernels as no-ops that leave u64 1000 in their buffers: the figures are
    meaningless, the rows must still be complete and readable."""
    env = {**os.environ, "GEMMSIM_HIP_STANDIN": "1", "PATH": f"{STANDIN / 'bin'}:{os.environ['PATH']}",
           "PYTHONPATH": f"{STANDIN}:{REPO}"}
    proc = subprocess.run([sys.executable, "-m", "validation.microbench", "--backend", "hip", "--quick",
                           "--only", "lds,barrier,matrix,madd", "--build-dir", str(tmp_path / "build"), "--out", str(tmp_path)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    rows = read_microbench(tmp_path / "microbench.csv")
    benches = {r.bench for r in rows}
    assert {"shared", "lds_b32", "lds_b64", "lds_b128", "barrier", "matrix", "dfma", "imad"} <= benches
    for bench in ("dfma", "imad"):   # issue 34: the fp64 and int32 ladders' pipes (the stand-in's equal
        metrics = {r.metric for r in rows if r.bench == bench}   # times leave the by-difference rate out)
        assert {"latency_cycles", f"{bench}_per_cycle_per_sm"} <= metrics <= {
            "latency_cycles", f"{bench}_per_cycle_per_sm", f"{bench}_per_cycle_per_sm_by_difference"}
    assert {r.param_value for r in rows if r.bench == "matrix"} == set(microbench.MATRIX["gfx942"])
    assert {r.param_value for r in rows if r.bench == "lds_b128"} == {4, 8, 16, 32, 64, 128}
    assert all(r.clock_mhz == 2100.0 and "stand-in" in r.device for r in rows)


@pytest.mark.parametrize("order", ["random", "sequential"])
def test_touch_nodes_make_one_cycle_and_every_word_of_a_node_points_to_the_next(order):
    words = 8
    buf = microbench.touch_nodes(64 * 4 * words, words, order, np.random.default_rng(1))
    nodes = buf.reshape(-1, words)
    assert (nodes == nodes[:, :1]).all()            # any lane's word gives the next node
    seen, j = set(), 0
    for _ in range(len(nodes)):
        seen.add(j)
        j = int(nodes[j // words, 0])
    assert j == 0 and len(seen) == len(nodes)
    if order == "sequential":
        assert int(nodes[0, 0]) == words


def test_the_inflight_group_writes_the_rows_its_analysis_reads():
    """bench_inflight against a stand-in device (every launch leaves 1, 2, 3, ... in the cycle
    buffer): one timeline per mark, warp count and level, one count row per N, all readable."""
    from types import SimpleNamespace

    from validation.analyses.inflight import COUNT_BENCH, read_series
    from gemmsim.measurements.microbench import Row

    rows = []
    device = SimpleNamespace(malloc=lambda n: 1, memset=lambda *a: None, free=lambda *a: None)
    x = SimpleNamespace(target="sm_90", b=device, quick=True, wave=32, sink=0, cycles=0, launch=lambda *a: None,
                        first_cycles=lambda n: np.arange(1, n + 1, dtype=np.uint64), clock=lambda: 1980.0,
                        row=lambda *a: rows.append(Row(*a)))
    microbench.bench_inflight(x)
    series = read_series(rows)
    assert len(series) == len(microbench.INFLIGHT_MARKS) * 2 * 3    # levels x (w1, w4, w4_last)
    counts = {r.param_value for r in rows if COUNT_BENCH.match(r.bench)}
    assert counts == set(microbench.INFLIGHT_COUNTS)
