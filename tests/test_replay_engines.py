"""The replay's engines give the same bits: numba (the compiled trace, or numba's loops on the vector
path) against numpy, on generated kernels, faults, tails, batches, split-K and hand-broken programs."""

from dataclasses import replace

import ml_dtypes
import numpy as np
import pytest

from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.frontends.preshuffle.generator import generate
from gemmsim.functional import executor, kernels
from gemmsim.functional.dtypes import FORMATS, input_format
from gemmsim.functional.executor import run
from gemmsim.functional.verify import _unit_scales, make_inputs, verify
from gemmsim.hw import load_gpu
from gemmsim.ir.program import Loop, Op
from gemmsim.problem import make_config, make_problem

numba = pytest.importorskip("numba", reason="numba is not installed (pip install -e '.[fast]'): only numpy can run")

CASES = [  # (gpu, dtype, shape, tile, options, fault, engine numba takes)
    ("mi300x", "fp8", "128x512x512", "64x256x128", {}, None, "numba-trace"),
    ("mi300x", "int8", "128x256x512", "128x128x128", {"copy": "async"}, None, "numba-trace"),
    ("mi355x", "fp8", "128x256x512", "64x256x256", {}, None, "numba-trace"),
    ("mi355x", "fp4", "128x256x512", "64x256x256", {"lds_stage": 1}, None, "numba-trace"),
    ("mi300x", "fp8", "96x500x300", "64x256x128", {}, None, "numba-trace"),                 # tails
    ("mi300x", "fp8", "2x128x256x256", "64x256x128", {}, None, "numba-trace"),              # a batch
    ("mi300x", "int8", "128x256x1024", "128x128x128", {"split_k": 2}, None, "numba-trace"),
    ("mi300x", "fp8", "128x256x256", "64x256x128", {}, "swizzle-read", "numba-trace"),
    ("mi300x", "fp8", "128x256x256", "64x256x128", {}, "preshuffle", "numba-trace"),
    ("mi300x", "bf16", "128x256x256", "64x256x64", {"epilogue": "cshuffle"}, None, "numba"),  # sums not exact
    ("mi355x", "fp16", "64x256x512", "64x128x64", {"swizzle": False}, None, "numba"),
]


def _kernel(gpu, dtype, shape, tile, opts, fault=None):
    problem, config, gpu = make_problem(shape, dtype), make_config(tile, **opts), load_gpu(gpu)
    program = generate(analyze(problem, config, gpu), gpu, break_swizzle_read=fault == "swizzle-read")
    return problem, config, gpu, program


def _buffers(problem, config, gpu):
    fmt = input_format(problem.dtype, gpu.arch)
    inputs = make_inputs(problem, fmt, seed=5)
    return {"A": inputs.a_bytes, "B": inputs.b_bytes, "C": np.zeros(2 * problem.m * problem.n, np.uint8),
            **_unit_scales(problem, config)}


def _same_replay(a, b):
    assert a.buffers.keys() == b.buffers.keys()
    for name in a.buffers:
        assert np.array_equal(a.buffers[name], b.buffers[name]), name
    assert [h.describe() for h in a.hazards] == [h.describe() for h in b.hazards]
    assert a.hazard_count == b.hazard_count
    for table in ("stored_by", "value_from", "stored_block"):
        left, right = getattr(a, table), getattr(b, table)
        assert left.keys() == right.keys() and all(np.array_equal(left[k], right[k]) for k in left), table


@pytest.mark.parametrize("gpu, dtype, shape, tile, opts, fault, engine", CASES)
def test_numba_replays_the_same_bits_as_numpy(gpu, dtype, shape, tile, opts, fault, engine):
    problem, config, gpu, program = _kernel(gpu, dtype, shape, tile, opts, fault)
    if problem.batch == 1 and config.split_k == 1 and fault is None and problem.n % config.tile_n == 0:
        buffers = _buffers(problem, config, gpu)
        fast, slow = run(program, buffers, engine="numba"), run(program, buffers, engine="numpy")
        assert (fast.engine, slow.engine) == (engine, "numpy")
        _same_replay(fast, slow)
    fast, slow = (verify(problem, config, gpu, seed=1, fault=fault, engine=e) for e in ("numba", "numpy"))
    assert fast.engine == engine and fast.to_dict() == slow.to_dict()


def _without(program, drop):
    def strip(items):
        return tuple(replace(i, body=strip(i.body)) if isinstance(i, Loop) else i for i in items if
                     isinstance(i, Loop) or not drop(i))
    return replace(program, waves=tuple(strip(w) for w in program.waves))


@pytest.mark.parametrize("drop", [lambda i: i.op == Op.WAITCNT, lambda i: i.op == Op.BARRIER],
                         ids=["waits", "barriers"])
def test_a_broken_program_replays_the_same_wrong_bits(drop):
    problem, config, gpu, program = _kernel("mi300x", "fp8", "64x256x512", "64x256x128", {})
    broken = _without(program, drop)
    buffers = _buffers(problem, config, gpu)
    fast, slow = run(broken, buffers, engine="numba"), run(broken, buffers, engine="numpy")
    assert fast.engine == "numba-trace" and fast.hazard_count > 0
    _same_replay(fast, slow)


def test_no_numba_variable_selects_numpy(monkeypatch):
    monkeypatch.setenv(kernels.NO_NUMBA_ENV, "1")
    assert executor.default_engine() == "numpy"
    monkeypatch.delenv(kernels.NO_NUMBA_ENV)
    assert executor.default_engine() == "numba"


def test_compiled_bf16_rounding_is_ml_dtypes():
    from gemmsim.functional.trace_numba import bf16_bits

    @numba.njit
    def convert(bits):
        out = np.empty(bits.size, dtype=np.uint16)
        for i in range(bits.size):
            out[i] = bf16_bits(bits[i])
        return out

    highs = np.arange(1 << 16, dtype=np.uint32) << 16      # every sign, exponent and bf16 mantissa (NaNs too) ...
    lows = np.array([0, 1, 0x7FFF, 0x8000, 0x8001, 0xFFFF], dtype=np.uint32)   # ... below, above and at halfway
    bits = np.concatenate([(highs[:, None] | lows).ravel(),
                           np.random.default_rng(0).integers(0, 1 << 32, 100_000, dtype=np.uint32)])
    with np.errstate(invalid="ignore"):
        want = bits.view(np.float32).astype(ml_dtypes.bfloat16).view(np.uint16)
    assert np.array_equal(convert(bits), want)


def test_exact_sums_admit_the_narrow_formats_only():
    from gemmsim.functional.trace import exact_sums
    assert exact_sums(FORMATS["fp8_e4m3fnuz"], FORMATS["fp8_e4m3fnuz"], 32)
    assert exact_sums(FORMATS["fp8_e4m3fn"], FORMATS["fp8_e4m3fn"], 128)
    assert exact_sums(FORMATS["fp4_e2m1"], FORMATS["fp4_e2m1"], 128)
    assert exact_sums(FORMATS["int8"], FORMATS["int8"], 64)
    for name in ("bf16", "fp16", "bf8_e5m2fnuz"):
        assert not exact_sums(FORMATS[name], FORMATS[name], 16), name
