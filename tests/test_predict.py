"""Directions the timing model must get right, the public API, and `gemmsim predict`."""

import json

import pytest

from gemmsim.cli import main
from gemmsim.hw import load_gpu
from gemmsim.problem import make_config, make_problem
from gemmsim.simulate import predict
from gemmsim.tuning.search import candidate_configs, predict_gemm


def run(gpu, shape, tile, dtype="fp8", **options):
    return predict(make_problem(shape, dtype), make_config(tile, **options), load_gpu(gpu))


# swizzled_free: the swizzled A reads have no bank conflicts. FlyDSL's bf16 sync-copy swizzle (128-byte
# groups) leaves gfx950's ds_read_b128 2-way conflicted, as its compiled kernel (tests/data/flydsl_facts.toml).
@pytest.mark.parametrize("gpu,shape,dtype,tile,swizzled_free", [
    ("mi300x", "5120x5120x8320", "fp8", "64x256x128", True),
    ("mi300x", "256x2112x7168", "fp8", "64x64x256", True),
    ("mi300x", "2048x2048x4096", "bf16", "128x128x64", True),
    ("mi355x", "5120x5120x8320", "bf16", "64x256x128", False),
    ("mi355x", "256x2112x7168", "fp8", "64x64x256", True),
])
def test_removing_the_swizzle_never_makes_it_faster(gpu, shape, dtype, tile, swizzled_free):
    swizzled = run(gpu, shape, tile, dtype)
    plain = run(gpu, shape, tile, dtype, swizzle=False)
    assert plain.time_us >= swizzled.time_us
    assert plain.lds_conflict_cycles.total > swizzled.lds_conflict_cycles.total
    assert (swizzled.lds_conflict_cycles.total == 0) == swizzled_free


def test_lds_stage_2_beats_lds_stage_1_when_latency_bound():
    # 132 workgroups on 304 CUs: one workgroup per CU, nothing to hide the single buffer's extra barrier.
    # Compared in cycles: with the HBM fill latency dominating each K step the two are within 0.4 %,
    # and the clock model (fewer cycles, busier matrix pipes, a lower clock) can reverse that in us.
    two = run("mi300x", "256x2112x7168", "64x64x256", lds_stage=2)
    one = run("mi300x", "256x2112x7168", "64x64x256", lds_stage=1)
    assert two.bottleneck == "latency"
    assert two.simulation.cycles < one.simulation.cycles


def test_doubling_k_about_doubles_a_compute_bound_shape():
    base = run("mi300x", "8192x8192x8192", "128x256x128")
    double = run("mi300x", "8192x8192x16384", "128x256x128")
    assert base.bottleneck == "mfma"
    assert 1.9 <= double.time_us / base.time_us <= 2.1


@pytest.mark.parametrize("gpu", ["mi300x", "mi355x"])
@pytest.mark.parametrize("shape,tile", [("16x57344x8192", "16x64x256"), ("16x16384x16384", "16x128x256")])
def test_m16_decode_shapes_are_bandwidth_bound(gpu, shape, tile):
    p = run(gpu, shape, tile)
    assert p.bottleneck == "vmem_bandwidth"
    assert p.evidence.steady_state_utilization["mfma"] < 0.3
    # within a factor of the compulsory-traffic time: the weights are read about once
    assert p.time_us < 2 * p.roofline.memory_us


def test_more_workgroups_than_one_round_hide_latency_better():
    # the same work per CU in one round of 1 workgroup vs 3: the MFMA pipes are busier with 3
    p = run("mi300x", "5120x5120x8320", "64x256x128")
    assert p.occupancy.workgroups_per_cu == 3
    assert p.evidence.steady_state_utilization["mfma"] > 0.9


def test_prediction_reports_what_the_brief_asks_for():
    p = run("mi300x", "5120x5120x8320", "64x256x128")
    assert p.bottleneck in ("mfma", "lds", "vmem_bandwidth", "latency")
    assert set(p.evidence.stalls["grouped_cycles_per_wave"]) == {"vmcnt", "lgkmcnt", "barrier", "mfma_pipe"}
    assert p.hot_loop.mfma_ratio_verdict in ("good", "acceptable", "too much non-MFMA overhead")
    d = p.dim_efficiency
    assert (d.num_tiles, d.waves, d.slots_per_cu) == (1600, 2, 3)
    assert d.dim_eff == pytest.approx(d.tile_eff * d.wq_eff)
    assert d.wq_eff == pytest.approx(1600 / (2 * 304 * 3))
    sim = p.simulation.full_round
    assert sim.simulated_iterations == (2, 4) and sim.extrapolated_iterations == 32 - 4
    gpu = load_gpu("mi300x")   # the clock under load: between the full-load and the boost clock, times the factor
    factor = gpu.clock_under_load.effective_clock_factor
    assert p.clock_source == "load model"
    assert factor * gpu.clock_mhz("fp8") <= p.clock_mhz <= factor * gpu.peak_clock_mhz
    assert json.loads(p.to_json())["time_us"] == pytest.approx(p.time_us, rel=1e-5)


def test_tile_quantization_shows_in_dim_efficiency():
    p = run("mi300x", "1000x1024x4096", "64x128x128")   # an M tail: the last row of tiles is part padding
    assert p.dim_efficiency.tile_eff == pytest.approx(1000 * 1024 / (16 * 64 * 8 * 128))


def test_predict_gemm_picks_the_fastest_valid_tile():
    # the bound-and-prune search must give what predicting every candidate gives
    gpu, problem = load_gpu("mi300x"), make_problem((16, 7168, 2048), "fp8")
    best = predict_gemm((16, 7168, 2048), "fp8", gpu)
    everything = {c.tile: predict(problem, c, gpu).time_us for c in candidate_configs(problem, gpu)}
    assert len(everything) > 5
    assert best.time_us == min(everything.values())
    assert everything[best.kernel.tile] == best.time_us
    assert predict_gemm((16, 7168, 2048), "fp8", "mi300x", tile="16x64x256").kernel.tile == "16x64x256"


def test_predict_gemm_keeps_each_answer_for_the_process():
    gpu = load_gpu("mi300x")
    first = predict_gemm((16, 7168, 2048), "fp8", gpu, tile="16x64x256")
    assert predict_gemm([16, 7168, 2048], "fp8", gpu, tile=(16, 64, 256)) is not first   # another tile key
    assert predict_gemm([16, 7168, 2048], "fp8", gpu, tile="16x64x256") is first


def test_the_roofline_is_the_strict_spec_bound():
    p = run("mi300x", "16x7168x2048", "32x64x128", "bf16")
    assert (p.roofline.bandwidth, p.roofline.bandwidth_bytes_per_s) == ("spec", load_gpu("mi300x").memory.hbm_bytes_per_s)
    assert p.roofline.output_dtype == "bf16" and round(p.roofline_us, 2) == 5.60


# ---- the command line ----------------------------------------------------------------------------

def test_cli_prints_the_report(capsys, tmp_path):
    trace, plot = tmp_path / "t.json", tmp_path / "t.png"
    assert main(["predict", "--tile", "64x64x256", "--shape", "256x2112x7168", "--dtype", "fp8", "--arch", "gfx942",
                 "--trace", str(trace), "--plot", str(plot)]) == 0
    out = capsys.readouterr().out
    for word in ("time", "TFLOPS", "bottleneck", "LDS conflicts", "MFMA utilization", "hot-loop mix", "dim efficiency",
                 "roofline", "at the spec HBM bandwidth 5.3 TB/s", "partial round: 132 CUs hold 1 workgroup each"):
        assert word in out
    events = json.loads(trace.read_text())["traceEvents"]
    names = {e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    assert {"wg0.wave0", "simd0.mfma", "simd0.valu", "lds", "vmem"} <= names
    by_track = {}
    for e in events:
        if e["ph"] == "X":
            by_track.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e["dur"]))
    for spans in by_track.values():   # events of one track never overlap
        assert all(a_end <= b_start + 1e-6 for (_, a_end), (b_start, _) in zip(spans, spans[1:]))
    assert plot.stat().st_size > 10_000


def test_cli_json_is_deterministic(capsys):
    argv = ["predict", "--tile", "64x64x256", "--shape", "256x2112x7168", "--gpu", "mi355x", "--json"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == first
    assert json.loads(first)["kernel"]["gpu"] == "mi355x"


@pytest.mark.parametrize("argv,needle", [
    (["--tile", "64x256x128", "--shape", "5120x5120x8320", "--gpu", "mi999"], "mi999"),
    (["--tile", "64x256", "--shape", "5120x5120x8320"], "64x256"),
    (["--tile", "64x256x128", "--shape", "5120xAx8320"], "5120xAx8320"),
    (["--tile", "64x256x128", "--shape", "0x5120x8320"], "0"),
    (["--tile", "64x256x128", "--shape=-16x5120x8320"], "-16"),
    (["--tile=64x-256x128", "--shape", "5120x5120x8320"], "-256"),
    (["--tile", "64x256x128", "--shape", "5120x5120x8320", "--arch", "gfx999"], "gfx999"),
    (["--tile", "60x256x128", "--shape", "5120x5120x8320"], "tile_m=60"),
    (["--shape", "5120x100x8321", "--dtype", "fp4"], "no configuration of the space fits"),  # no tile: the search
    (["--shape", "5120x5120x8320", "--isa", "no/such/kernel.s"], "kernel.s"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, needle):
    assert main(["predict", *argv]) == 2
    err = capsys.readouterr().err.strip()
    # a flag's value refused while the flags are read names the subcommand (gemmsim predict: error: ...)
    assert err.startswith(("gemmsim: error:", "gemmsim predict: error:")) and "\n" not in err and needle in err
