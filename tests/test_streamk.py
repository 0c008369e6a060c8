"""Stream-K (gemmsim.analytics.streamk): the schedule's assignment of the (tile, K tile) iterations,
its pricing against the data-parallel schedule, and `gemmsim predict --schedule`."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from gemmsim import api
from gemmsim.analytics import streamk
from gemmsim.cli import main
from gemmsim.errors import ConfigError, GemmsimError
from gemmsim.hw import load_gpu

MI300X = load_gpu("mi300x")


@settings(max_examples=150, deadline=None)
@given(tiles=st.integers(1, 320), k_tiles=st.integers(1, 70), workers=st.integers(1, 1300))
def test_every_tile_and_k_tile_is_assigned_exactly_once_in_even_contiguous_ranges(tiles, k_tiles, workers):
    pieces = streamk.assign(tiles, k_tiles, workers)
    assert len(pieces) == workers
    seen = [(p.tile, k) for worker in pieces for p in worker for k in range(p.k_begin, p.k_end)]
    assert seen == [(t, k) for t in range(tiles) for k in range(k_tiles)]   # each once, in line order
    lengths = [sum(p.iterations for p in worker) for worker in pieces]
    assert max(lengths) - min(lengths) <= 1
    for worker in pieces:
        assert all(p.iterations > 0 for p in worker)
        # only a range's first piece starts inside a tile, only its last ends inside one
        assert all(p.k_begin == 0 for p in worker[1:]) and all(p.k_end == k_tiles for p in worker[:-1])


def test_a_bad_count_is_refused():
    for args in ((0, 4, 4), (4, 4, 0), (4, -1, 4)):
        with pytest.raises(ConfigError, match="positive integer"):
            streamk.assign(*args)


def _cost(per_cu, busy, fixed, per_k, clock=1500.0):
    return streamk.RoundCost(per_cu, busy, clock, fixed, per_k)


rounds = st.builds(lambda f, c, s: (f, c, s), st.floats(0.0, 20.0), st.floats(0.01, 5.0), st.integers(1, 4))


@settings(max_examples=60, deadline=None)
@given(k_tiles=st.integers(2, 70), last=rounds, full=rounds, full_rounds=st.integers(0, 3),
       loaded_extra=st.tuples(st.floats(-2.0, 5.0), st.floats(-0.5, 2.0)), floor=st.floats(0.0, 1.0), data=st.data())
def test_no_worker_count_costs_more_than_data_parallel_plus_its_fixup_and_load(k_tiles, last, full, full_rounds,
                                                                              loaded_extra, floor, data):
    """With no fewer workers than tiles, the slowest worker never computes more K tiles than a workgroup
    of the round it replaces, so whatever the worker count, stream-K is at most data-parallel + its fix-up + its load; and the
    schedule chosen (the data-parallel one among the candidates) is never slower."""
    cus = MI300X.compute_units
    f, c, s = last
    remainder = data.draw(st.integers(1, cus * s))
    busy = min(remainder, cus)
    partial = _cost(s, busy, f, c)
    loaded = _cost(s, cus, max(0.0, f + loaded_extra[0]), max(0.01, c + loaded_extra[1]), 1200.0) if busy < cus else None
    whole = _cost(full[2], cus, full[0], full[1]) if full_rounds else None
    tiles = full_rounds * cus * full[2] + remainder
    time_us = full_rounds * (whole.us(k_tiles) if whole else 0.0) + partial.us(k_tiles)
    hbm_bytes = floor * time_us * MI300X.memory.hbm_achievable_bytes_per_s / 1e6   # a floor the replay kept to
    dp = streamk.DataParallel(tiles, k_tiles, cus, full_rounds, whole, partial, loaded, time_us, hbm_bytes)
    schedule = "dp+sk" if full_rounds else data.draw(st.sampled_from(streamk.SCHEDULES))
    workers = data.draw(st.integers(remainder, remainder * k_tiles))   # no fewer workers than tiles
    forced = streamk.plan(dp, schedule, MI300X, (64, 64), workers)
    assert forced.workers == workers and forced.tiles_streamed == remainder
    assert forced.time_us <= time_us + forced.fixup_us + forced.load_us + 1e-9
    assert forced.fixup_us >= 0
    chosen = streamk.plan(dp, schedule, MI300X, (64, 64))
    assert chosen.time_us <= time_us + 1e-9


@pytest.mark.parametrize("shape, tile, dtype, gpu", [
    ("32x1024x7168", "64x128x64", "bf16", "mi300x"),
    ("3000x256x7168", "64x128x64", "fp8", "mi300x"),
    ("2048x4096x8320", "128x128x64", "bf16", "mi300x"),
    ("1024x2048x2048", "64x256x64", "bf16", "mi355x"),
    ("4096x2048x8320", "64x128x64", "bf16", "mi355x"),   # its HBM floor is near the data-parallel time
    ("1024x5120x4096", "16x64x256", "bf16", "mi300x"),   # four full rounds
])
def test_on_replayed_shapes_stream_k_is_bounded_by_data_parallel_plus_its_fixup_and_load(shape, tile, dtype, gpu):
    for schedule in streamk.SCHEDULES:
        chosen = api.stream_k(shape, tile, dtype=dtype, gpu=gpu, schedule=schedule)
        k = chosen.plan
        if schedule == "dp+sk" or not chosen.data_parallel.simulation.full_rounds:
            assert chosen.time_us <= chosen.data_parallel_us + 1e-9
        assert chosen.time_us <= chosen.data_parallel_us + chosen.fixup_us + chosen.load_us + 1e-9
        if k.tiles_streamed:   # spread over every CU, or over every iteration
            spread = min(k.tiles_streamed * k.k_tiles, max(k.tiles_streamed, MI300X.compute_units))
            forced = api.stream_k(shape, tile, dtype=dtype, gpu=gpu, schedule=schedule, workers=spread)
            assert forced.time_us <= forced.data_parallel_us + forced.fixup_us + forced.load_us + 1e-9


def test_the_partial_path_is_the_infinity_cache_across_xcds_and_the_l2_on_one_die():
    amd = streamk.fixup_path(MI300X, 2100.0, 64, 64, 1)
    assert amd.level == "Infinity Cache" and amd.partial_bytes == 64 * 64 * 4
    assert amd.latency_us == MI300X.memory.mall_latency_ns / 1000
    h200 = load_gpu("h200")
    assert streamk.fixup_path(h200, 1980.0, 64, 64, 1).level == "L2"
    # two workgroups on a CU share its path
    assert streamk.fixup_path(MI300X, 2100.0, 64, 64, 2).bytes_per_us == pytest.approx(amd.bytes_per_us / 2)


@pytest.fixture(scope="module")
def skinny():
    """5 tiles of 256x256 over 304 CUs, 65 K tiles each: the last (only) round leaves 299 CUs idle."""
    return api.stream_k("256x1280x8320", "256x256x128", dtype="fp8", gpu="mi300x")


def test_stream_k_beats_wave_quantization_on_a_skinny_shape(skinny):
    k = skinny.plan
    assert skinny.data_parallel.dim_efficiency.num_tiles == k.tiles_streamed == 5
    assert skinny.time_us < skinny.data_parallel_us == skinny.data_parallel.time_us
    assert k.workers > 5 and k.tiles_split == 5 and k.partial_bytes > 0
    assert skinny.loaded is not None and skinny.loaded.busy_cus == 304
    assert skinny.loaded.clock_mhz < skinny.data_parallel.clock_mhz   # every CU busy: a lower clock under load
    assert skinny.time_us >= skinny.floor_us


def test_spreading_the_tiles_over_every_cu_is_bounded_by_its_fixup(skinny):
    spread = api.stream_k("256x1280x8320", "256x256x128", dtype="fp8", gpu="mi300x", workers=304)
    k = spread.plan
    assert not k.chosen and k.iterations_max == 2 and k.max_contributors > 60
    assert spread.time_us <= spread.data_parallel_us + spread.fixup_us + spread.load_us
    assert spread.time_us > skinny.time_us       # 60 partials of 256 KiB for one owner to read


def test_dp_plus_sk_keeps_the_full_rounds_and_stream_k_streams_them_all():
    """2048 tiles, 1216 slots: one full round and 832 tiles left."""
    r = api.stream_k("4096x4096x512", "64x128x64", schedule="dp+sk", gpu="mi300x")
    dp, k = r.data_parallel, r.plan
    assert dp.simulation.full_rounds == 1 and k.data_parallel_rounds == 1
    assert k.tiles_streamed == dp.dim_efficiency.num_tiles - dp.dim_efficiency.slots_per_wave == 832
    assert r.time_us <= r.data_parallel_us
    every = api.stream_k("4096x4096x512", "64x128x64", schedule="stream-k", gpu="mi300x")
    k = every.plan
    assert k.data_parallel_rounds == 0 and k.tiles_streamed == 2048 and k.workers == 1216
    assert k.cost == every.plan.cost and k.cost.busy_cus == 304          # priced at the full round's cost
    assert every.time_us <= every.data_parallel_us + every.fixup_us + every.load_us


def test_the_json_is_deterministic_and_holds_both_schedules(skinny):
    document = json.loads(skinny.to_json())
    assert document["schedule"] == "stream-k" and document["data_parallel"]["time_us"] == pytest.approx(skinny.data_parallel_us, rel=1e-5)
    assert document["plan"]["workers"] == skinny.plan.workers and skinny.to_json() == skinny.to_json()


@pytest.mark.parametrize("kwargs, message", [
    (dict(schedule="sk"), "schedule 'sk'"),
    (dict(workers=0), "workers=0"),
    (dict(workers=10 ** 6), "stream-K workers 1000000"),
    (dict(shape="256x1280x256"), "stream-K divides a K loop"),
])
def test_bad_input_is_one_line(kwargs, message):
    args = dict(shape="256x1280x8320", tile="64x64x128", dtype="fp8", gpu="mi300x") | kwargs
    with pytest.raises(GemmsimError, match=message) as e:
        api.stream_k(args.pop("shape"), args.pop("tile"), **args)
    assert "\n" not in str(e.value)


def test_the_command_prints_both_times_and_refuses_what_it_cannot_price(capsys):
    assert main(["predict", "--shape", "256x1280x8320", "--tile", "256x256x128", "--dtype", "fp8",
                 "--schedule", "dp+sk"]) == 0
    out = capsys.readouterr().out
    assert "data-parallel" in out and "fix-up" in out and "K tiles each" in out
    for extra in (["--split-k", "5"], ["--family", "preshuffle"]):
        assert main(["predict", "--shape", "256x1280x8320", "--tile", "256x256x128", "--dtype", "fp8",
                     "--schedule", "stream-k", *extra]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "leave out" in err
    assert main(["predict", "--shape", "256x1280x8320", "--tile", "256x256x128", "--stream-k-workers", "4"]) == 2
    assert "goes with --schedule" in capsys.readouterr().err


def test_without_a_tile_the_fastest_tile_under_the_schedule_is_kept(monkeypatch):
    """The search's candidates (here two, and one that has no K loop to split) are each priced."""
    from types import SimpleNamespace

    from gemmsim.problem import make_config

    tiles = ("64x128x64", "32x64x64", "64x64x1024")
    candidates = [SimpleNamespace(config=make_config(t)) for t in tiles]
    searched = SimpleNamespace(candidates=candidates, best=SimpleNamespace(config=candidates[0].config, time_us=9.0))
    monkeypatch.setattr(api, "_tile_search", lambda problem, gpu, **knobs: searched)
    r = api.stream_k("256x256x1024", gpu="mi300x")
    each = {t: api.stream_k("256x256x1024", t, gpu="mi300x").time_us for t in tiles[:2]}
    assert r.time_us == min(each.values()) and r.data_parallel.kernel.tile == min(each, key=each.get)
    assert r.searched_tiles == 3 and r.data_parallel_best_tile == "64x128x64" and r.data_parallel_best_us == 9.0
