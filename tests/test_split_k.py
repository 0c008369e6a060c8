"""Split-K in the tuner's spaces (issue 38): the axis, the reduction pass in the bounds, the reason
`tune` gives for a split, the dispatch table's column; and grids of any size (batches walked once)."""

import json
import time

import pytest

from gemmsim.cli import main
from gemmsim.errors import ConfigError
from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.frontends.preshuffle.generator import generate
from gemmsim.frontends.preshuffle.space import SPLITS, TILES, parse_space
from gemmsim.hw import load_gpu
from gemmsim.model import traffic
from gemmsim.model.traffic import _walk, block_bytes, walk_rounds
from gemmsim.problem import make_config, make_problem
from gemmsim.simulate import kernel_roofline, predict
from gemmsim.tuning.cache import tune
from gemmsim.tuning.search import lower_bound_us, reduction_us, search, valid_analyses
from gemmsim.workloads.dispatch import Gemm, dispatch_rows
from tests.cli_runner import run_cli

SKINNY = "32x384x7168"         # a decode GEMM: 3 output tiles of 32x128 for 256 CUs
NARROW = "tiles tile_m=32 tile_n=128 tile_k_bytes=128"   # one tile, every split: a search of a few replays


def test_the_named_spaces_split_k_and_the_costing_bases_do_not():
    assert parse_space("tiles").split_k == parse_space("full").split_k == SPLITS
    assert TILES.split_k == (1,) and parse_space("tiles split_k=1") == TILES
    configs = parse_space("tiles").configs(make_problem(SKINNY, "bf16"))
    assert {c.split_k for c in configs} == set(SPLITS)
    assert len(configs) == len(SPLITS) * len(TILES.configs(make_problem(SKINNY, "bf16")))
    assert "split_k=1,2,4,8,16" in parse_space("tiles").describe() and "split_k" not in TILES.describe()


def test_the_kernels_rules_prune_splits_that_do_not_divide_the_k_tiles():
    gpu, problem = load_gpu("mi355x"), make_problem("32x384x384", "bf16")     # 6 K tiles of 64
    valid, rejected = valid_analyses(problem, gpu, parse_space(NARROW))
    assert sorted(a.config.split_k for a in valid) == [1, 2]
    assert sum(rejected.values()) == 3 and any("must divide the 6 K tiles" in rule for rule in rejected)


def test_the_reduction_pass_is_in_the_lower_bound_and_costs_what_the_prediction_adds():
    gpu, problem = load_gpu("mi355x"), make_problem(SKINNY, "bf16")
    unsplit = analyze(problem, make_config("32x128x64"), gpu)
    split = analyze(problem, make_config("32x128x64", split_k=16), gpu)
    assert reduction_us(unsplit, gpu) == 0 and reduction_us(split, gpu) > 0
    assert lower_bound_us(split, gpu) >= reduction_us(split, gpu)
    # the kernel's bound (at least the roofline), then the pass
    assert lower_bound_us(split, gpu) - reduction_us(split, gpu) >= kernel_roofline(problem, gpu).time_us * (1 - 1e-12)
    p = predict(problem, split.config, gpu)
    assert p.simulation.split_k_reduction_cycles / p.clock_mhz == pytest.approx(reduction_us(split, gpu), rel=1e-12)
    assert lower_bound_us(split, gpu) <= p.time_us


def test_every_bound_of_a_split_search_holds_and_the_top_is_exact():
    gpu, problem = load_gpu("mi355x"), make_problem("32x256x4096", "bf16")
    space = parse_space("tiles tile_m=16,32 tile_n=64,128 tile_k_bytes=128")
    result, best = search(problem, gpu, space, top=3)
    times = {a.config: predict(problem, a.config, gpu).time_us for a in valid_analyses(problem, gpu, space)[0]}
    assert all(c.bound_us <= times[c.config] * (1 + 1e-9) for c in result.candidates)
    assert [c.config for c in result.candidates[:3]] == sorted(times, key=lambda c: times[c])[:3]
    assert best.time_us == min(times.values()) and result.replays < len(times)


def test_tune_ranks_a_split_first_on_a_decode_shape_and_says_why(capsys):
    rc, out = run_cli(["tune", "--shape", SKINNY, "--dtype", "bf16", "--gpu", "mi355x", "--space", NARROW,
                       "--top", "3", "--no-cache"], capsys)
    lines = out.splitlines()
    assert rc == 0 and " split " in lines[0]
    why = next(line for line in lines if line.startswith("why split-K"))
    assert "1 x 3 = 3 workgroups for 256 CUs" in why and "reduction pass" in why
    unsplit_us = float(why.split("the best unsplit configuration, 32x128x64, takes ")[1].split()[0])
    assert unsplit_us > float(lines[0].split(" µs")[0].split()[-1])     # the split beats it
    header = next(line for line in lines if line.startswith("rank"))
    first = lines[lines.index(header) + 2].split()
    assert int(first[header.split().index("splitK")]) > 1
    rc, out = run_cli(["tune", "--shape", SKINNY, "--dtype", "bf16", "--gpu", "mi355x", "--space", NARROW,
                       "--top", "3", "--no-cache", "--json"], capsys)
    document = json.loads(out)
    assert document["why_split_k"] == why[len("why "):] and document["candidates"][0]["splitK"] > 1


def test_no_why_line_where_the_best_does_not_split(capsys):
    rc, out = run_cli(["tune", "--shape", "4096x4096x1024", "--dtype", "bf16", "--gpu", "mi300x", "--space",
                       "tiles tile_m=128 tile_n=256 tile_k_bytes=128", "--top", "1", "--no-cache", "--json"], capsys)
    document = json.loads(out)
    assert rc == 0 and document["candidates"][0]["splitK"] == 1 and document["why_split_k"] == ""


def test_the_cache_keeps_the_reason(tmp_path):
    from gemmsim.tuning.cache import TuneCache

    cache, gpu, problem = TuneCache(tmp_path), load_gpu("mi355x"), make_problem(SKINNY, "bf16")
    searched = tune(problem, gpu, parse_space(NARROW), cache, top=2)
    cached = tune(problem, gpu, parse_space(NARROW), cache, top=2)
    assert cached.from_cache and cached.why_split_k == searched.why_split_k != ""


def test_a_dispatch_table_carries_the_split():
    rows = dispatch_rows([Gemm(32, 384, 7168, "bf16", 2, ("decode",))], load_gpu("mi355x"), parse_space(NARROW))
    assert rows[0]["splitK"] > 1 and rows[0]["total_us"] == pytest.approx(2 * rows[0]["predicted_us"], abs=0.01)
    unsplit = dispatch_rows([Gemm(32, 384, 7168, "bf16", 1, ("decode",))], load_gpu("mi355x"),
                            parse_space(NARROW + " split_k=1"))
    assert unsplit[0]["splitK"] == 1 and unsplit[0]["predicted_us"] > rows[0]["predicted_us"]


def test_a_batched_grid_beyond_a_million_workgroups_answers(capsys):
    start = time.perf_counter()
    rc = main(["predict", "--shape", "16x16384x8192x1024", "--dtype", "int8", "--gpu", "mi300x",
               "--tile", "16x64x256", "--json"])
    elapsed = time.perf_counter() - start
    document = json.loads(capsys.readouterr().out)
    assert rc == 0 and document["time_us"] > 0 and elapsed < 30    # 2^21 workgroups; ~1 s on the 2-core machine


@pytest.mark.parametrize("gpu_name,shape,dtype,tile,periodic", [
    ("mi355x", "16x4096x4096x1024", "fp8", "64x128x128", True),    # a layer holds whole rounds
    ("mi300x", "38x2048x2432x512", "bf16", "64x128x64", True),      # 19 layers make a period of whole rounds
    ("mi300x", "16x2432x4096x1024", "int8", "64x256x128", False),   # no whole number of periods
    ("mi355x", "16x1024x1024x64", "bf16", "64x64x64", False)])      # the L2 holds the launch whole
def test_a_batch_walked_a_period_at_a_time_gives_every_rounds_traffic(gpu_name, shape, dtype, tile, periodic,
                                                                      monkeypatch):
    gpu, problem = load_gpu(gpu_name), make_problem(shape, dtype)
    a = analyze(problem, make_config(tile), gpu)
    program = generate(a, gpu)
    args = (program.grid, block_bytes(program), gpu.compute_units * a.occupancy.workgroups_per_cu, a.k_tiles, gpu)
    every_round = _walk(*args, program.layers, a.blocks, program.walk)
    walked = []

    def recorded(*walk_args):
        walked.append((walk_args[-2], _walk(*walk_args)))   # (stop, its rounds)
        return walked[-1][1]

    monkeypatch.setattr(traffic, "_walk", recorded)
    assert walk_rounds(*args, program.layers, program.walk) == every_round and len(every_round) > 1
    if periodic:     # one period walked, then repeated
        assert len(walked) == 1 and walked[0][0] < a.blocks and walked[0][1] is not None
    else:            # every round walked (after a period that gave up, where one was tried)
        assert walked[-1][0] == a.blocks and all(rounds is None for _, rounds in walked[:-1])


def test_a_search_whose_every_grid_is_over_the_limit_says_so_at_once():
    start = time.perf_counter()
    with pytest.raises(ConfigError, match=r"no configuration of the space fits .*workgroups, over the limit 16777216"):
        tune(make_problem("4096x16384x16384x128", "bf16"), load_gpu("mi300x"), parse_space("tiles"))
    assert time.perf_counter() - start < 10


def test_a_grid_over_the_limit_names_its_batch_and_split(capsys):
    assert main(["predict", "--shape", "512x16384x16384x1024", "--tile", "256x256x64", "--split-k", "16",
                 "--gpu", "mi300x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "64 x 64 x 8192 (batch x split) = 33554432 workgroups" in err


def test_a_sweep_takes_split_k_as_a_config_field():
    from gemmsim.sweep import parse_configs, sweep_points

    points = sweep_points([(32, 384, 7168)], parse_configs("tile=32x128x64;split_k=all"), ["bf16"], ["mi355x"])
    assert [p.split_k for p in points] == list(SPLITS) and points[-1].config().split_k == 16
    assert {p.split_k for p in sweep_points([(32, 384, 7168)], parse_configs("tile=32x128x64"), ["bf16"], ["mi355x"])} == {1}
