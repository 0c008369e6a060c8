"""Batch, split-K and M/N/K tails of the preshuffle GEMM: counts, invariants and one-line errors."""

import pytest

from cli_runner import run_cli
from gemmsim.cli import main
from gemmsim.errors import InputError
from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.frontends.preshuffle.generator import generate
from gemmsim.hw import load_gpu
from gemmsim.model.traffic import block_bytes
from gemmsim.simulate import predict
from gemmsim.problem import OUTPUT_BYTES, make_config, make_problem

GPU = load_gpu("mi300x")


def _predict(shape, tile="64x128x64", **options):
    return predict(make_problem(shape, "bf16"), make_config(tile, **options), GPU)


def test_split_k_moves_k_over_s_per_workgroup_and_adds_the_reduction():
    problem = make_problem("512x512x2048", "bf16")
    whole = analyze(problem, make_config("64x128x64"), GPU)
    split = analyze(problem, make_config("64x128x64", split_k=4), GPU)
    assert split.k_tiles * 4 == whole.k_tiles and split.blocks == 4 * whole.blocks
    one, four = block_bytes(generate(whole, GPU)), block_bytes(generate(split, GPU))
    assert four.a * 4 == pytest.approx(one.a) and four.b * 4 == pytest.approx(one.b)
    assert four.c == pytest.approx(one.c * 4 / OUTPUT_BYTES)       # f32 partials instead of bf16 C
    p = predict(problem, make_config("64x128x64", split_k=4), GPU)
    partials = 4 * 512 * 512 * 4
    reduction_s = (partials + 512 * 512 * OUTPUT_BYTES) / GPU.memory.hbm_achievable_bytes_per_s
    assert p.simulation.split_k_reduction_cycles == pytest.approx(reduction_s * p.clock_mhz * 1e6)
    assert p.traffic.write_bytes == pytest.approx(partials)
    assert p.time_us > reduction_s * 1e6


def test_batch_of_a_compute_bound_gemm_takes_about_batch_times_one():
    # 32 x 38 = 1216 workgroups: one whole round at 4 per CU on 304 CUs, so no wave quantization
    one, four = _predict("2048x4864x512"), _predict("4x2048x4864x512")
    assert one.bottleneck == "mfma" and one.simulation.full_rounds == 1 and one.simulation.partial_round is None
    assert four.problem.flops == 4 * one.problem.flops
    assert four.time_us / one.time_us == pytest.approx(4, rel=0.05)


def test_a_tail_runs_its_padded_shapes_grid_at_about_its_cost():
    # The tail's workgroups do the padded tiles' work (masked), so it costs about what the padded
    # shape costs, never more; a little less, as its rows of 2000 bytes share lines that rows of
    # 2048 bytes do not (a load finds a line its CU fetched for the row before: an L2 hit, vmem.py)
    tail, padded = _predict("1000x2145x1000"), _predict("1000x2176x1024")
    assert tail.kernel.grid == padded.kernel.grid
    assert tail.simulation.instructions_simulated == padded.simulation.instructions_simulated
    assert 0.9 * padded.time_us < tail.time_us <= padded.time_us


def test_shape_syntax_takes_a_batch_and_rejects_bad_values():
    assert make_problem("8x1024x1024x4096", "bf16").batch == 8
    assert make_problem("1024x1024x4096", "bf16").batch == 1
    with pytest.raises(InputError, match=r"has 5 dimensions: expected 3 or 4"):
        make_problem("1x2x3x4x5", "bf16")
    with pytest.raises(InputError, match=r"batch=0 must be a positive integer"):
        make_problem((0, 64, 64, 64), "bf16")


def test_cli_predicts_a_batch_and_a_split_k(capsys):
    rc, out = run_cli(["predict", "--shape", "8x256x256x512", "--tile", "64x128x64", "--gpu", "mi300x"], capsys)
    assert rc == 0 and out.startswith("8x256x256x512 bf16")
    rc, out = run_cli(["predict", "--shape", "256x256x512", "--tile", "64x128x64", "--split-k", "2"], capsys)
    assert rc == 0 and "split_k=2" in out.splitlines()[0]


@pytest.mark.parametrize("argv, message", [
    (["--shape", "0x256x256x512"], "every dimension must be a positive integer, got 0"),
    (["--shape", "256x256x512", "--split-k", "3"], "split_k=3: must divide the 8 K tiles"),
])
def test_cli_one_line_errors(argv, message, capsys):
    rc = main(["predict", "--tile", "64x128x64"] + argv)
    err = capsys.readouterr().err
    assert rc == 2 and message in err and len(err.strip().splitlines()) == 1
