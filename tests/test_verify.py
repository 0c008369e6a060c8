"""`gemmsim verify`: the generated kernel computes C = A B^T for every dtype, arch and kernel option;
injected faults are caught and named."""

import dataclasses
import json

import numpy as np
import pytest

from gemmsim.cli import main
from gemmsim.errors import ConfigError
from gemmsim.functional.dtypes import FORMATS
from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.frontends.preshuffle.generator import generate
from gemmsim.functional.verify import FAULTS, Inputs, check_program, make_inputs, preshuffle_b, tolerance, verify
from gemmsim.hw import load_gpu
from gemmsim.problem import make_config, make_problem

PASSING = [  # (gpu, dtype, shape, tile, options)
    ("mi300x", "fp8", "128x256x256", "64x256x128", {}),
    ("mi300x", "fp8", "64x512x256", "64x256x128", {}),
    ("mi300x", "fp8", "128x256x512", "64x128x128", {"lds_stage": 1}),
    ("mi300x", "fp8", "128x256x512", "64x128x128", {"copy": "async"}),
    ("mi300x", "fp8", "128x256x512", "64x128x128", {"swizzle": False, "epilogue": "cshuffle"}),
    ("mi300x", "fp8", "96x256x256", "64x256x128", {}),                      # M tail: rows past M
    ("mi300x", "int8", "128x256x512", "64x128x128", {}),
    ("mi300x", "bf16", "128x256x256", "64x256x64", {}),
    ("mi300x", "fp16", "128x256x256", "64x128x64", {"epilogue": "cshuffle"}),
    ("mi300x", "bf16", "128x256x512", "128x128x64", {"copy": "async", "epilogue": "cshuffle"}),
    ("mi300x", "fp16", "256x256x256", "128x128x64", {"epilogue": "cshuffle", "lds_stage": 1}),
    ("mi355x", "fp8", "128x256x512", "64x128x128", {}),                      # 16x16x128 f8f6f4, two packs
    ("mi355x", "fp8", "128x256x512", "64x128x256", {"copy": "async", "epilogue": "cshuffle"}),
    ("mi355x", "bf16", "128x256x512", "64x128x64", {"epilogue": "cshuffle"}),
    ("mi355x", "fp16", "64x256x512", "64x128x64", {"swizzle": False}),
    ("mi355x", "int8", "128x256x512", "64x128x128", {"lds_stage": 1}),
    ("mi355x", "fp4", "128x256x512", "64x128x256", {}),
    ("mi355x", "fp4", "128x256x512", "64x256x256", {"copy": "async"}),
]


def _verify(gpu, dtype, shape, tile, opts, **kw):
    return verify(make_problem(shape, dtype), make_config(tile, **opts), load_gpu(gpu), **kw)


@pytest.mark.parametrize("gpu, dtype, shape, tile, opts", PASSING)
def test_generated_kernel_computes_c(gpu, dtype, shape, tile, opts):
    report = _verify(gpu, dtype, shape, tile, opts)
    assert report.passed, report.cause + "\n" + (report.first_wrong.describe() if report.first_wrong else "")
    assert report.wrong == 0 and report.hazard_count == 0 and report.worst_error_to_tolerance <= 1.0
    assert report.elements == np.prod([int(d) for d in shape.split("x")[:2]])


FAULTY = [
    ("swizzle-read", "mi300x", "fp8", "128x256x256", "64x256x128", {}),
    ("swizzle-read", "mi300x", "bf16", "128x256x256", "64x128x64", {"copy": "async", "epilogue": "cshuffle"}),
    ("swizzle-read", "mi355x", "fp8", "128x256x512", "64x128x128", {"lds_stage": 1}),
    ("preshuffle", "mi300x", "int8", "128x256x512", "64x128x128", {}),
    ("preshuffle", "mi355x", "fp4", "128x256x512", "64x128x256", {"epilogue": "cshuffle"}),
]


@pytest.mark.parametrize("fault, gpu, dtype, shape, tile, opts", FAULTY)
def test_injected_fault_is_caught_and_named(fault, gpu, dtype, shape, tile, opts):
    report = _verify(gpu, dtype, shape, tile, opts, fault=fault)
    assert not report.passed and report.wrong > 0
    assert report.cause == FAULTS[fault]
    first = report.first_wrong
    assert first is not None and first.stored_by is not None
    assert first.computed_by.instr.opcode.startswith("v_mfma")     # traced back through LDS for CShuffle
    assert not np.isclose(first.got, first.want)


def test_fault_causes_name_what_broke():
    assert FAULTS["swizzle-read"].startswith("A-tile reads disagree with the swizzled writes")
    assert FAULTS["preshuffle"].startswith("B is not in the pre-shuffled layout")


def test_swizzle_fault_needs_the_swizzle_on():
    with pytest.raises(ConfigError, match="needs the swizzle on"):
        _verify("mi300x", "fp8", "128x256x256", "64x256x128", {"swizzle": False}, fault="swizzle-read")


def test_async_copy_with_one_lds_buffer():
    report = _verify("mi300x", "fp8", "128x256x512", "64x128x128", {"lds_stage": 1, "copy": "async"})
    assert report.passed, report.cause


@pytest.mark.parametrize("gpu, dtype, shape, tile, opts", [
    ("mi300x", "bf16", "40x100x72", "32x64x64", {}),                       # M, N and K tails
    ("mi300x", "fp8", "128x192x200", "64x128x128", {}),                     # N and K tails, fp8
    ("mi300x", "bf16", "3x40x64x128", "32x64x64", {}),                      # a batch with an M tail
    ("mi300x", "bf16", "64x64x256", "32x64x64", {"split_k": 2}),            # split-K
    ("mi300x", "int8", "40x100x200", "32x64x128", {"split_k": 2}),          # split-K of int32 partials
    ("mi355x", "fp8", "2x40x100x200", "32x64x128", {"split_k": 2, "copy": "async"}),  # all at once
])
def test_tails_batch_and_split_k_compute_c(gpu, dtype, shape, tile, opts):
    report = _verify(gpu, dtype, shape, tile, opts)
    assert report.passed and report.wrong == 0, report.cause


def test_a_batch_entry_stores_only_into_its_own_c():
    # rows past M of entry 0 would land on entry 1's first rows without the per-entry descriptor
    problem, config, gpu = make_problem("2x40x64x64", "bf16"), make_config("32x64x64"), load_gpu("mi300x")
    program = generate(analyze(problem, config, gpu), gpu)
    unconfined = dataclasses.replace(program, z_extents={})
    assert check_program(program, problem, config, gpu).passed
    assert not check_program(unconfined, problem, config, gpu).passed


def test_preshuffle_puts_each_lanes_16_bytes_where_the_kernel_loads_them():
    n, kb = 32, 128
    plain = np.arange(n * kb, dtype=np.int64).reshape(n, kb)
    shuffled = preshuffle_b(plain)
    for n_block, k_chunk, quarter, col in [(0, 0, 0, 0), (1, 1, 3, 15), (0, 1, 2, 7)]:
        start = ((n_block * (kb // 64) + k_chunk) * 4 + quarter) * 256 + col * 16
        row, k0 = n_block * 16 + col, k_chunk * 64 + quarter * 16
        assert shuffled[start:start + 16].tolist() == plain[row, k0:k0 + 16].tolist()


def test_tolerance_is_the_rounding_bound_not_a_fudge():
    a, b = np.array([[1.0, 1.0]]), np.array([[1.0, -1.0]])
    inputs = Inputs(a, b, np.zeros(0), np.zeros(0))
    ref = a @ b.T                                            # 0 exactly, from terms of size 1
    tol = tolerance(inputs, ref, FORMATS["bf16"])[0, 0]
    gamma = 2 * 2.0 ** -24 / (1 - 2 * 2.0 ** -24)
    assert tol == pytest.approx(gamma * 2 * (1 + 2.0 ** -8), rel=1e-6)
    int_tol = tolerance(inputs, np.array([[256.0]]), FORMATS["int8"])[0, 0]
    assert int_tol == pytest.approx(256 * (2.0 ** -8 * (1 + 2.0 ** -24) + 2.0 ** -24), rel=1e-6)


def test_inputs_are_quantized_and_reproducible():
    problem = make_problem("32x64x128", "fp8")
    fmt = FORMATS["fp8_e4m3fnuz"]
    first, again = make_inputs(problem, fmt, seed=3), make_inputs(problem, fmt, seed=3)
    assert np.array_equal(first.a_bytes, again.a_bytes) and np.array_equal(first.b_bytes, again.b_bytes)
    assert len(np.unique(first.a)) <= 255                    # only fp8 values
    assert first.a_bytes.size == 32 * 128 and first.b_bytes.size == 64 * 128


# ---- command line -------------------------------------------------------------------------------

ARGS = ["verify", "--tile", "64x256x128", "--shape", "64x512x256", "--dtype", "fp8", "--arch", "gfx942"]


def test_cli_verify_passes(capsys):
    assert main(ARGS) == 0
    out = capsys.readouterr().out
    assert "PASS: 0 wrong" in out and "2 workgroups replayed" in out


def test_cli_verify_reports_the_fault_and_the_first_wrong_element(capsys):
    assert main(ARGS + ["--break", "swizzle-read"]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "A-tile reads disagree with the swizzled writes" in out
    assert "first wrong element: C[" in out and "stored by" in out and "computed by" in out and "lane" in out


def test_cli_verify_json_is_deterministic(capsys):
    assert main(ARGS + ["--json", "--break", "preshuffle", "--epilogue", "cshuffle"]) == 1
    first = capsys.readouterr().out
    assert main(ARGS + ["--json", "--break", "preshuffle", "--epilogue", "cshuffle"]) == 1
    assert capsys.readouterr().out == first
    data = json.loads(first)
    assert data["passed"] is False and data["cause"].startswith("B is not in the pre-shuffled layout")
    assert data["first_wrong"]["stored_by"]["opcode"] == "buffer_store_dwordx2"


def test_cli_bad_combination_is_a_one_line_error(capsys):
    assert main(ARGS + ["--no-swizzle", "--break", "swizzle-read"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "swizzle" in err
