"""`gemmsim tune`: the space, the pruned search, the cache and its invalidation, dispatch tables."""

import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

import gemmsim.simulate
import gemmsim.tuning.cache
from gemmsim.errors import InputError
from gemmsim.cli import main
from gemmsim.hw import load_gpu
from gemmsim.hw.loader import HW_DIR
from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.frontends.preshuffle.generator import generate
from gemmsim.model.clock import clock_under_load_mhz, highest_clock_mhz
from gemmsim.model.gpu import replay_kernel
from gemmsim.simulate import first_replay, predict
from gemmsim.problem import make_config, make_problem
from gemmsim.tuning.cache import TuneCache, cache_key, tune
from gemmsim.tuning.search import fastest_us, search, valid_analyses
from gemmsim.frontends.preshuffle.space import FULL, SPLITS, TILES, parse_space
from tests.cli_runner import run_cli

SHAPE = "256x512x1024"


def test_the_ranked_table_names_why_each_candidate_lost(capsys):
    rc, out = run_cli(["tune", "--shape", SHAPE, "--dtype", "bf16", "--gpu", "mi300x", "--top", "30"], capsys)
    lines = out.splitlines()
    assert rc == 0 and "best" in lines[0] and "rejected by the kernel's rules" in lines[0]
    header = next(line for line in lines if line.startswith("rank"))
    table = lines[lines.index(header) + 2:]
    assert table[0].split()[0] == "1" and table[0].rstrip().endswith("best")
    assert all("%" in line or "not replayed" in line for line in table[1:])
    times = [float(line.split()[header.split().index("time_us")]) for line in table if "not replayed" not in line]
    assert times == sorted(times)


def test_a_second_identical_call_is_answered_from_the_cache(capsys):
    argv = ["tune", "--shape", SHAPE, "--dtype", "bf16", "--gpu", "mi300x", "--json"]
    start = time.perf_counter()
    _, first = run_cli(argv, capsys)
    cold = time.perf_counter() - start
    start = time.perf_counter()
    _, second = run_cli(argv, capsys)
    warm = time.perf_counter() - start
    first, second = json.loads(first), json.loads(second)
    assert not first["from_cache"] and second["from_cache"]
    assert first["candidates"] == second["candidates"]
    print(f"cold {cold:.3f} s, cached {warm:.3f} s")  # the speed-up itself is measured in the report


def test_the_text_output_says_it_came_from_the_cache(capsys):
    argv = ["tune", "--shape", SHAPE, "--gpu", "mi300x"]
    run_cli(argv, capsys)
    assert "answered from cache" in run_cli(argv, capsys)[1]
    assert "answered from cache" not in run_cli(argv + ["--no-cache"], capsys)[1]


def test_editing_the_gpu_file_or_the_model_sources_invalidates_the_cache(tmp_path, monkeypatch):
    path = tmp_path / "mygpu.toml"
    shutil.copy(HW_DIR / "mi300x.toml", path)
    cache, problem = TuneCache(tmp_path / "c"), make_problem(SHAPE, "bf16")
    tune(problem, load_gpu(path), TILES, cache)
    assert tune(problem, load_gpu(path), TILES, cache).from_cache
    path.write_text(path.read_text().replace("compute_units = { value = 304", "compute_units = { value = 240"))
    assert "value = 240" in path.read_text()
    assert not tune(problem, load_gpu(path), TILES, cache).from_cache
    monkeypatch.setattr(gemmsim.tuning.cache, "model_fingerprint", lambda: "another model")
    assert not tune(problem, load_gpu(path), TILES, cache).from_cache


def test_the_model_fingerprint_follows_the_bytes_of_the_model_sources(tmp_path, monkeypatch):
    source = tmp_path / "wave.py"
    source.write_text("LATENCY_CYCLES = 4\n")
    monkeypatch.setattr(gemmsim.tuning.cache, "PACKAGE", tmp_path)
    monkeypatch.setattr(gemmsim.tuning.cache, "MODEL_SOURCES", ("wave.py",))
    gemmsim.tuning.cache.model_fingerprint.cache_clear()
    before = gemmsim.tuning.cache.simulator_version()
    assert gemmsim.tuning.cache.simulator_version() == before        # computed once, then kept
    source.write_text("LATENCY_CYCLES = 5\n")
    gemmsim.tuning.cache.model_fingerprint.cache_clear()
    assert gemmsim.tuning.cache.simulator_version() != before
    monkeypatch.undo()
    gemmsim.tuning.cache.model_fingerprint.cache_clear()


def test_every_module_a_search_runs_through_is_in_the_model_fingerprint():
    """A module a search imports is hashed (MODEL_SOURCES), or is one that cannot change a number."""
    cannot_change_a_number = {"gemmsim", "gemmsim.api", "gemmsim.caches", "gemmsim.errors", "gemmsim.files", "gemmsim.jsonable",
                              "gemmsim.progress", "gemmsim.version"}
    script = ("import sys, gemmsim.tuning.search, gemmsim.tuning.ahead, gemmsim.simulate; "
              "print(' '.join(sys.modules[m].__file__ for m in sys.modules if m.startswith('gemmsim')))")
    modules = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                             cwd=Path(__file__).resolve().parents[1]).stdout.split()
    hashed = set(gemmsim.tuning.cache.model_source_files())
    package = gemmsim.tuning.cache.PACKAGE
    left_out = [m for m in map(Path, modules) if m not in hashed and
                ".".join(("gemmsim",) + m.relative_to(package).with_suffix("").parts).removesuffix(".__init__")
                not in cannot_change_a_number]
    assert not left_out


def test_cache_info_and_clear(capsys):
    run_cli(["tune", "--shape", SHAPE, "--gpu", "mi300x"], capsys)
    assert "entries          1" in run_cli(["cache", "info"], capsys)[1]
    assert "cleared 1 entries" in run_cli(["cache", "clear"], capsys)[1]
    assert json.loads(run_cli(["cache", "info", "--json"], capsys)[1])["entries"] == 0


def test_cache_export_has_one_row_per_cached_candidate_in_rank_order(capsys, tmp_path):
    pyarrow = pytest.importorskip("pyarrow.parquet")
    run_cli(["tune", "--shape", SHAPE, "--gpu", "mi300x"], capsys)
    tuned = json.loads(run_cli(["tune", "--shape", SHAPE, "--gpu", "mi300x", "--json"], capsys)[1])
    out = tmp_path / "tunes.parquet"
    assert run_cli(["cache", "export", "--out", str(out)], capsys)[0] == 0
    rows = pyarrow.read_table(out).to_pylist()
    assert [r["rank"] for r in rows] == list(range(1, len(rows) + 1))
    shown = len(tuned["candidates"])      # --top of them
    assert [f'{r["tile_m"]}x{r["tile_n"]}x{r["tile_k"]}' for r in rows[:shown]] == [c["tile"] for c in tuned["candidates"]]
    assert {(r["m"], r["n"], r["k"], r["dtype"], r["gpu"]) for r in rows} == {(256, 512, 1024, "bf16", "mi300x")}
    with pytest.raises(InputError, match="expected a .csv or .parquet file"):
        run_cli(["cache", "export", "--out", str(tmp_path / "t.txt")], capsys)


def test_the_space_parses_named_spaces_and_replaced_axes():
    assert parse_space("tiles") == replace(TILES, split_k=SPLITS) and parse_space("full") == replace(FULL, split_k=SPLITS)
    assert TILES.split_k == FULL.split_k == (1,) and parse_space("tiles split_k=1") == TILES
    space = parse_space("full tile_m=64,128 lds_stage=2 waves_per_eu=auto,2")
    assert space.tile_m == (64, 128) and space.lds_stage == (2,) and space.waves_per_eu == (None, 2)
    assert space.copy == FULL.copy
    with pytest.raises(InputError, match="tile_q"):
        parse_space("tiles tile_q=3")


def test_predict_without_a_tile_runs_the_search_and_says_what_it_chose(capsys):
    rc = main(["predict", "--shape", SHAPE, "--gpu", "mi300x"])
    captured = capsys.readouterr()
    best = tune(make_problem(SHAPE, "bf16"), load_gpu("mi300x"), TILES).best
    assert rc == 0 and f"tile {best.config.tile}" in captured.out.splitlines()[0]
    assert f"chose {best.config.tile}" in captured.err


def test_a_dispatch_table_lists_every_distinct_gemm_and_the_ones_it_cannot_run(tmp_path, capsys):
    out_csv = tmp_path / "d.csv"
    rc, out = run_cli(["tune", "--d-model", "256", "--d-ff", "512", "--heads", "4", "--layers", "2", "--vocab", "1000",
                       "--seq", "64", "--decode-steps", "2", "--gpu", "mi300x", "--out", str(out_csv)], capsys)
    rows = out_csv.read_text().splitlines()
    assert rc == 0 and rows[0].startswith("M,N,K,dtype,tile_m,tile_n,tile_k,lds_stage,use_cshuffle_epilog,"
                                          "use_async_copy,waves_per_eu,splitK,predicted_us,runner_up,runner_up_us")
    assert all(r.split(",")[4] for r in rows[1:])    # every GEMM has a tile (tails are padded: vocab 1000 too)
    assert "distinct GEMMs" in out.splitlines()[0]


def test_a_trace_gives_a_dispatch_table_of_its_gemms(capsys):
    rc, out = run_cli(["tune", "--trace", "tests/data/small_transformer_trace.json.gz", "--gpu", "mi300x", "--json"],
                      capsys)
    table = json.loads(out)
    assert rc == 0 and table["untuned"] == 0 and len(table["rows"]) == 12
    assert table["total_us"] == pytest.approx(sum(r["total_us"] for r in table["rows"]), abs=0.01)


def _replay_everything(problem, gpu, space=TILES):
    """(time, index, config) of every valid candidate, in the order an exhaustive search ranks them."""
    return sorted((predict(problem, a.config, gpu).time_us, i, a.config)
                  for i, a in enumerate(valid_analyses(problem, gpu, space)[0]))


# a compute-bound shape (the clock settles at the full-load clock), a memory-bound one on gfx950
# (the clock rises above it), and fp8
@pytest.mark.parametrize("shape,dtype,gpu_name", [(SHAPE, "bf16", "mi300x"), ("16x2048x512", "bf16", "mi355x"),
                                                  ("512x512x512", "fp8", "mi300x")])
def test_the_first_top_candidates_are_ranked_as_replaying_everything_ranks_them(shape, dtype, gpu_name):
    gpu, problem = load_gpu(gpu_name), make_problem(shape, dtype)
    everything = _replay_everything(problem, gpu)
    times = {config: t for t, _, config in everything}
    for top in (1, 3, 10):
        result, best = search(problem, gpu, TILES, top=top)
        shown = [(c.time_us, c.config) for c in result.candidates[:top]]
        assert shown == [(t, config) for t, _, config in everything[:top]]
        assert best.time_us == everything[0][0]
        assert all(c.bound_us <= times[c.config] * (1 + 1e-9) for c in result.candidates)   # bounds are bounds
        assert result.replays < len(everything) or top >= len(everything)     # and pruning pruned something


@pytest.mark.parametrize("shape,dtype,gpu_name", [(SHAPE, "bf16", "mi300x"), ("16x2048x512", "bf16", "mi355x")])
def test_workers_replaying_ahead_give_the_same_answer(shape, dtype, gpu_name):
    """Replays are deterministic: a pool's search ranks, bounds and counts exactly as one process's."""
    gpu, problem = load_gpu(gpu_name), make_problem(shape, dtype)
    for top in (1, 3):
        alone, best_alone = search(problem, gpu, TILES, top=top)
        pooled, best_pooled = search(problem, gpu, TILES, top=top, workers=2)
        assert pooled == alone and best_pooled.time_us == best_alone.time_us


def test_the_static_bound_holds_when_the_full_load_clock_is_below_half_the_peak():
    gpu = load_gpu("mi300x")
    slow = replace(gpu, peak_clock_mhz=3 * gpu.clock_mhz("bf16"))      # the time is no longer monotone in cycles
    busy = gpu.compute_units * gpu.cu.simds * 1000      # every pipe busy for the 1000 cycles
    assert fastest_us(slow, "bf16", 1000, busy) == 1000 / highest_clock_mhz(slow, "bf16")
    for g in (gpu, slow):     # never above the time of any longer kernel with the same MFMA work
        least = fastest_us(g, "bf16", 1000, busy)
        for cycles in range(1000, 20000, 250):
            assert least <= cycles / clock_under_load_mhz(g, "bf16", busy / (g.compute_units * g.cu.simds * cycles))


def test_the_cache_keeps_a_search_of_another_top_apart(tmp_path):
    cache, problem, gpu = TuneCache(tmp_path / "c"), make_problem(SHAPE, "bf16"), load_gpu("mi300x")
    three = tune(problem, gpu, TILES, cache, top=3)
    assert not three.from_cache and three.replays < tune(problem, gpu, TILES, None).replays
    ten = tune(problem, gpu, TILES, cache)                 # the default top: not the top-3 answer
    assert not ten.from_cache and tune(problem, gpu, TILES, cache, top=3).from_cache
    assert [c.config for c in ten.candidates[:3]] == [c.config for c in three.candidates[:3]]
    assert cache_key(TILES) == TILES.describe() and cache_key(TILES, 3) == TILES.describe() + " top=3"


def test_the_final_replay_is_skipped_only_when_the_clock_did_not_move(monkeypatch):
    predict_module = gemmsim.simulate
    gpu, problem = load_gpu("mi300x"), make_problem(SHAPE, "bf16")
    a = analyze(problem, make_config("64x128x64"), gpu)
    first = first_replay(generate(a, gpu), problem, gpu, analysis=a)
    assert first.final_clock_mhz != first.clock_mhz          # a small grid: idle pipes, a higher clock
    calls = []
    predict_module._kept_replay.cache_clear()                 # an earlier test may have replayed this Program
    monkeypatch.setattr(predict_module, "replay_kernel", lambda *args, **kw: calls.append(args) or replay_kernel(*args, **kw))
    moved = first.finish()
    assert len(calls) == 1 and moved.clock_mhz == first.final_clock_mhz
    settled = replace(first, final_clock_mhz=first.clock_mhz).finish()   # as if the activity kept the clock
    assert len(calls) == 1
    again = predict_module.predict_program(first.program, problem, gpu, analysis=a, clock_mhz=first.clock_mhz)
    assert settled.time_us == again.time_us and settled.simulation == again.simulation   # the same number


# candidates whose final replay, at a higher clock, ran fewer cycles than the first: the three that
# lost most per rise of the clock with the AMD latencies before 2026-12-02's change, and the three that
# lose most with them (predict.FirstReplay.bound_us); the first of the list, 16x64x256 at 8192x8192x1024
# fp8 on mi355x, left it when the clock began to follow the memory path (0.93 busy: no rise)
@pytest.mark.parametrize("gpu_name,shape,dtype,tile,options", [
    ("mi325x", "8192x8192x1024", "bf16", "64x128x64", {"copy": "async"}),
    ("mi300x", "4096x4096x4096", "fp8", "64x128x128", {"lds_stage": 2, "copy": "async"}),
    ("mi325x", "1024x4096x1024", "bf16", "64x128x64", {"lds_stage": 1}),
    ("mi325x", "1024x4096x1024", "bf16", "32x64x64", {}),
    ("mi325x", "4096x4096x4096", "bf16", "32x256x64", {}),
    ("mi355x", "2048x2048x4096", "bf16", "128x64x64", {"copy": "async"})])
def test_the_first_replays_bound_holds_where_the_final_replay_ran_at_a_higher_clock(gpu_name, shape, dtype, tile,
                                                                                   options):
    gpu, problem = load_gpu(gpu_name), make_problem(shape, dtype)
    a = analyze(problem, make_config(tile, **options), gpu)
    first = first_replay(generate(a, gpu), problem, gpu, analysis=a)
    final = first.finish()
    assert first.final_clock_mhz > first.clock_mhz                 # the final replay runs at another clock
    assert first.bound_us <= final.time_us


def test_a_cached_answer_imports_neither_numpy_nor_the_replay(capsys):
    argv = ["tune", "--shape", "256x256x256", "--gpu", "mi300x", "--top", "3"]
    run_cli(argv, capsys)                                     # fills the cache (this test's own directory)
    code = ("import sys; from gemmsim.cli import main; main(sys.argv[1:]); "
            "print(sorted(m for m in ('numpy', 'gemmsim.model.events', 'ml_dtypes') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}).stdout
    assert "answered from cache" in out and out.splitlines()[-1] == "[]"


def test_kept_replays_are_left_as_they_were():
    """predict keeps each Program's replays; split-K's reduction pass is added to a copy, so a second
    prediction of the same configuration gives the same numbers, not the pass twice."""
    gpu, problem = load_gpu("mi300x"), make_problem("64x4096x16384", "bf16")
    config = make_config("64x128x128", split_k=4)
    first, second = predict(problem, config, gpu), predict(problem, config, gpu)
    assert first.simulation.split_k_reduction_cycles > 0
    assert first.time_us == second.time_us and first.simulation == second.simulation
