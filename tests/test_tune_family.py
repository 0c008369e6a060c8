"""`gemmsim tune` over a family other than preshuffle (gemmsim.tuning.family_search): the GPU's own
family by default, the first `top` ranked as predicting every candidate ranks them, the cache."""

import json

import pytest

import gemmsim
from gemmsim.cli import main
from gemmsim.frontends import registry
from gemmsim.frontends.sm90.mma_space import BUILT_TILES, parse_mma_space
from gemmsim.hw import load_gpu
from gemmsim.problem import make_problem
from gemmsim.simulate import predict_built
from gemmsim.tuning.cache import TuneCache, cache_key, tune

SHAPE = "512x512x1024"


@pytest.fixture(scope="module")
def h200():
    return load_gpu("h200")


def test_the_default_family_is_the_first_searchable_one_that_builds_for_the_gpu(h200):
    assert registry.searchable_for(h200).name == "sm90-mma"
    assert registry.searchable_for(load_gpu("mi300x")).name == "preshuffle"


def test_the_first_top_are_ranked_as_predicting_every_built_config_ranks_them(h200):
    family, problem = registry.get("sm90-mma"), make_problem(SHAPE, "bf16")
    space = parse_mma_space(None)
    everything = sorted((predict_built(family.build(problem, c, h200), h200).time_us, i, c)
                        for i, c in enumerate(family.candidates(problem, h200, space)))
    assert len(everything) == len(space.configs()) > 2 * len(BUILT_TILES)     # the split-K kernels too
    result = tune(problem, h200, space, None, top=3, family=family)
    assert result.family == "sm90-mma" and len(result.candidates) == len(everything)
    assert [(c.time_us, c.config) for c in result.candidates[:3]] == [(t, c) for t, _, c in everything[:3]]
    times = {c: t for t, _, c in everything}
    assert all(c.bound_us <= times[c.config] * (1 + 1e-9) for c in result.candidates)    # bounds are bounds


def test_a_cached_answer_reads_back_the_familys_configs(tmp_path, h200):
    cache, problem, family = TuneCache(tmp_path), make_problem(SHAPE, "bf16"), registry.get("sm90-mma")
    space = parse_mma_space("built tile=64x128x64,64x256x64")
    first = tune(problem, h200, space, cache, top=2, family=family)
    again = tune(problem, h200, space, cache, top=2, family=family)
    assert not first.from_cache and again.from_cache
    assert again.candidates == first.candidates and again.family == "sm90-mma"
    assert cache_key(space, 2, "sm90-mma") == f"family=sm90-mma {space.describe()} top=2"


def test_tune_on_the_h200_ranks_the_built_kernels(capsys):
    assert main(["tune", "--shape", SHAPE, "--gpu", "h200", "--space", "built swizzle=on", "--top", "2",
                 "--no-cache", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["family"] == "sm90-mma" and " swizzle=on " in out["space"]
    assert [set(c) >= {"tile", "swizzle", "time_us"} for c in out["candidates"]] == [True, True]
    assert all(tuple(int(d) for d in c["tile"].split("x")) in BUILT_TILES and c["swizzle"] == 1 for c in out["candidates"])


def test_the_library_takes_the_family_by_name(h200):
    r = gemmsim.tune(SHAPE, gpu="h200", family="sm90-mma", space="built tile=64x128x64", top=1, cache=False)
    assert [c.config.tile for c in r.candidates] == [(64, 128, 64)] * 2 and r.best.why == "best"
