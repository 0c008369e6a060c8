"""Split-K on the H200 (issue 38): the `_splitk<S>` kernels of kernels/mma_preshuffle.hip, their
generated stream (the K loop's trip count, the grid's z, the partial stores, where each split reads),
the symbol that names them, and the runner's two launches (the partial tiles, the reduction pass)."""

import math
import re
from pathlib import Path

import numpy as np
import pytest

from gemmsim.errors import ConfigError
from gemmsim.frontends import registry
from gemmsim.frontends.sm90 import mma as sm90_mma
from gemmsim.frontends.sm90.common import Sm90Problem
from gemmsim.frontends.sm90.families import MmaConfig
from gemmsim.frontends.sm90.mma_space import SPLITK_FACTORS, SPLITK_TILES
from gemmsim.hw import load_gpu
from gemmsim.ir.program import Op, hot_loop, walk
from gemmsim.model.gpu import reduction_pass_cycles
from gemmsim.model.traffic import block_bytes
from validation import kernels, measure, stats, suites
from validation.backends.emulated import EmulatedBackend

SOURCE = Path(__file__).resolve().parents[1] / "kernels" / "mma_preshuffle.hip"


@pytest.fixture(scope="module")
def h200():
    return load_gpu("h200")


def _ops(program, op):
    return [i for i, _ in walk(program.waves[0]) if i.op is op]


@pytest.mark.parametrize("tile, split", [((32, 64, 64), 4), ((16, 64, 128), 8), ((64, 64, 64), 2)])
def test_a_split_runs_its_share_of_the_k_tiles_on_a_grid_with_z(tile, split, h200):
    problem = Sm90Problem(64, 512, 4096, "bf16", c_bytes=4)
    plain = sm90_mma.generate(tile, True, problem, h200)
    program = sm90_mma.generate(tile, True, problem, h200, split_k=split)
    k_tiles = 4096 // tile[2]
    assert hot_loop(plain.waves[0]).trip_count == k_tiles - 1
    assert hot_loop(program.waves[0]).trip_count == k_tiles // split - 1   # the last tile is peeled off
    assert program.split_k == split and program.layers == split
    assert program.workgroups == split * plain.workgroups == split * math.ceil(64 / tile[0]) * (512 // tile[1])
    assert program.name == f"{plain.name}_splitk{split}"
    # the epilogue stores the partial tile as the plain kernel stores C (plain STG, no atomics)
    stores = _ops(program, Op.VMEM_STORE)
    assert [s.opcode for s in stores] == [s.opcode for s in _ops(plain, Op.VMEM_STORE)]
    assert {s.opcode for s in stores} == {"STG.E"}      # no RED/ATOM: the reduction is a second pass
    # each workgroup reads 1/split of the A and B bytes, and all of them write split x C
    plain_bytes, split_bytes = block_bytes(plain), block_bytes(program)
    assert split_bytes.b * split == pytest.approx(plain_bytes.b)
    assert split_bytes.a * split == pytest.approx(plain_bytes.a)
    assert split_bytes.c * program.workgroups == pytest.approx(split * plain_bytes.c * plain.workgroups)


def test_split_z_reads_its_own_k_range_and_writes_its_own_workspace_slice(h200):
    tile, split, m, n, k = (32, 64, 64), 4, 64, 512, 4096
    program = sm90_mma.generate(tile, True, Sm90Problem(m, n, k, "bf16", c_bytes=4), h200, split_k=split)
    per = k // tile[2] // split
    for z in range(split):
        coords = (1, 2, 0, z)
        # A: row-major M x K bf16, the split starts at column z x per x TILE_K
        assert program.block_base("A", coords) == 1 * tile[0] * k * 2 + z * per * tile[2] * 2
        # B pre-shuffled: 16x8 blocks of 256 bytes, K_STEPS of them per K tile, the split's first at z x per
        k_blocks = k // 16
        assert program.block_base("B", coords) == (2 * tile[1] // 8 * k_blocks + z * per * tile[2] // 16) * 256
        # the workspace: split x M x N fp32, slice z
        assert program.block_base("C", coords) == 1 * tile[0] * n * 4 + 2 * tile[1] * 4 + z * m * n * 4


@pytest.mark.parametrize("split", [0, -1, 65, True])
def test_a_split_the_stream_cannot_model_is_refused(split, h200):
    with pytest.raises(ConfigError, match="split_k"):
        sm90_mma.generate((32, 64, 64), True, Sm90Problem(64, 512, 4096, "bf16", c_bytes=4), h200, split_k=split)


@pytest.mark.parametrize("symbol, config", [
    ("mma_preshuffle_m32n64k64_swz1_splitk4", MmaConfig((32, 64, 64), True, 74, None, 4)),
    ("mma_preshuffle_m16n64k128_swz1_splitk8", MmaConfig((16, 64, 128), True, 74, None, 8)),
    ("mma_preshuffle_m32n64k64_swz1", MmaConfig((32, 64, 64), True, 74, None, 1)),
    ("mma_preshuffle_m32n64k64_swz0", MmaConfig((32, 64, 64), False, 74, None, 1)),
])
def test_the_symbol_names_the_split(symbol, config):
    named = registry.kernel_for_symbol(symbol, 74)
    assert named.family == "sm90-mma" and named.config == config and named.group == "mma_preshuffle"


@pytest.mark.parametrize("symbol", ["mma_preshuffle_m32n64k64_swz1_splitk", "mma_preshuffle_m32n64k64_swz1_splitk0",
                                    "mma_preshuffle_m32n64k64_swz1_splitk4x", "splitk_reduce_f32"])
def test_a_symbol_of_no_split_kernel_is_not_claimed(symbol):
    assert registry.kernel_for_symbol(symbol) is None


def test_the_prediction_adds_the_reduction_pass_of_the_fp32_partials(h200):
    from gemmsim.simulate import predict_built

    from gemmsim.problem import make_problem

    family = registry.get("sm90-mma")
    shape = make_problem((32, 512, 2048), "bf16", dtypes=family.dtypes)
    plain = predict_built(family.build(shape, MmaConfig((32, 64, 64), True), h200), h200)
    split = predict_built(family.build(shape, MmaConfig((32, 64, 64), True, split_k=4), h200), h200)
    assert plain.simulation.split_k_reduction_cycles == 0
    partials, out = 4 * 32 * 512 * 4, 32 * 512 * 4     # read every partial, write fp32 C
    expected = reduction_pass_cycles(partials, out, h200, split.clock_mhz)
    assert split.simulation.split_k_reduction_cycles == pytest.approx(expected)


def test_the_source_builds_exactly_the_listed_split_kernels():
    text = SOURCE.read_text()
    block = text[text.index("#define GS_MMA_SPLITK_CONFIGS(X)"):].split("// clang-format on", 1)[0]
    tiles = [tuple(int(v) for v in m) for m in re.findall(r"X\((\d+),\s*(\d+),\s*(\d+)\)", block)]
    assert tiles == list(SPLITK_TILES)
    factors = re.findall(r"GS_MMA_SPLITK_KERNEL\(TM, TN, TK, (\d+)\)", text)
    assert tuple(int(f) for f in factors) == SPLITK_FACTORS
    symbols = {s.symbol for s in kernels.all_specs() if s.split_k > 1}
    assert symbols == {kernels.mma_symbol(*t, True, f) for t in SPLITK_TILES for f in SPLITK_FACTORS}


def test_the_splitk_suite_is_skinny_and_splits_every_shape_evenly():
    points = suites.suite_points("splitk")
    assert len(points) == len(suites.SPLITK_SHAPES) * len(SPLITK_TILES) * (1 + len(SPLITK_FACTORS))
    for p in points:
        assert p.m <= 64 and p.k >= 8192
        assert (p.k // p.spec.tile_k) % p.spec.split_k == 0
        assert p.spec.grid(p.m, p.n)[2] == p.spec.split_k and p.spec.swizzle


class _Logged(EmulatedBackend):
    def __init__(self):
        super().__init__()
        self.calls = []

    def memset(self, ptr, byte, nbytes):
        self.calls.append("memset")
        super().memset(ptr, byte, nbytes)

    def hold(self, cycles):
        self.calls.append("hold")

    def record(self, event):
        self.calls.append("record")
        super().record(event)

    def launch(self, spec, grid, block, packed):
        self.calls.append(("launch", spec.symbol, tuple(grid)))
        super().launch(spec, grid, block, packed)


@pytest.mark.parametrize("split", [4, 8])   # 10 K tiles: 3+3+3+1, and 2+2+2+2+2 with three empty splits
def test_the_runner_times_both_launches_between_one_pair_of_events_and_checks_c(split):
    backend = _Logged()
    spec = kernels.mma_spec(32, 64, 64, True, "nvidia", split)
    point = suites.Point("splitk", spec, 33, 70, 600)
    symbols = [spec.symbol, kernels.REDUCE_SYMBOL]
    ctx = measure.Context(backend, backend.load_kernels(symbols), backend.device_info(), "test",
                          measure.Overrides.named("check"))
    host = measure.random_host_inputs(33, 70, 600, "bf16", backend.target, np.random.default_rng(1))
    inputs = measure.upload(backend, host, 33, 70)
    row = measure.measure_point(ctx, point, inputs)
    assert row["status"] == "ok" and row["correct"] and float(row["max_abs_err"]) <= stats.tolerance("bf16", 600)
    one = ["memset", "memset", "record", ("launch", spec.symbol, (2, 2, split)),
           ("launch", kernels.REDUCE_SYMBOL, (-(-33 * 70 // 1024), 1, 1)), "record"]
    assert backend.calls[:len(one)] == one


def test_a_wrong_reduction_is_caught():
    backend = EmulatedBackend(wrong={kernels.REDUCE_SYMBOL})
    spec = kernels.mma_spec(32, 64, 64, True, "nvidia", 4)
    ctx = measure.Context(backend, backend.load_kernels([spec.symbol, kernels.REDUCE_SYMBOL]), backend.device_info(),
                          "test", measure.Overrides.named("check"))
    host = measure.random_host_inputs(33, 70, 600, "bf16", backend.target, np.random.default_rng(2))
    row = measure.measure_point(ctx, suites.Point("splitk", spec, 33, 70, 600), measure.upload(backend, host, 33, 70))
    assert row["status"] == "incorrect"


def test_the_analysis_pairs_each_reduction_pass_with_its_split_kernel(tmp_path):
    from validation.analyses.splitk import by_split, ncu_pairs, split_of

    raw = tmp_path / "ncu.csv"
    raw.write_text('"ID","Kernel Name","gpu__time_duration.sum"\n"","","ns"\n'
                   '"0","mma_preshuffle_m32n64k64_swz1","1,000"\n'
                   '"1","mma_preshuffle_m32n64k64_swz1_splitk4","400"\n"2","splitk_reduce_f32","50"\n')
    log = tmp_path / "launches.jsonl"
    log.write_text('["splitk", "mma_preshuffle_m32n64k64_swz1", 32, 4096, 16384]\n'
                   '["splitk", "mma_preshuffle_m32n64k64_swz1_splitk4", 32, 4096, 16384]\n')
    pairs = ncu_pairs(raw, log)
    assert pairs[("mma_preshuffle_m32n64k64_swz1", 32, 4096, 16384)] == {"kernel_us": 1.0, "reduce_us": None}
    assert pairs[("mma_preshuffle_m32n64k64_swz1_splitk4", 32, 4096, 16384)] == {"kernel_us": 0.4, "reduce_us": 0.05}
    assert (split_of("mma_preshuffle_m32n64k64_swz1_splitk8"), split_of("mma_preshuffle_m32n64k64_swz1")) == (8, 1)

    class _C:   # a compared point: its symbol and error
        def __init__(self, symbol, error):
            self.point, self.error_pct = type("P", (), {"symbol": symbol})(), error

    rows = by_split([_C("a_swz1", 10.0), _C("a_swz1_splitk2", -4.0), _C("b_swz1_splitk2", 2.0)])
    assert rows == [(1, 1, 10.0, 10.0, 10.0), (2, 2, 3.0, -1.0, -4.0)]


def test_a_runner_csv_of_an_undescribed_device_is_predicted_on_the_gpu_named():
    from gemmsim.errors import InputError
    from gemmsim.measurements.readers import read_points

    measured = Path(__file__).resolve().parents[1] / "validation" / "results" / "h100" / "splitk.csv"
    with pytest.raises(InputError, match="names no GPU"):
        read_points(measured)
    points = read_points(measured, gpu="h200")
    assert len(points) == 36 and {p.gpu for p in points} == {"h200"}
    assert sorted({split_of(p.symbol) for p in points}) == [1, 2, 4, 8]


def split_of(symbol):
    from validation.analyses.splitk import split_of as of

    return of(symbol)
