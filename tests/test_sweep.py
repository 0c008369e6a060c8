"""gemmsim sweep: specs, invalid points as rows, resuming, and the same file from any engine or worker count."""

import csv
import sys

import pytest

from gemmsim import sweep
from gemmsim.cli import main
from gemmsim.errors import InputError
from gemmsim.sweep import SweepPoint, parse_configs, parse_shapes, run_sweep, sweep_points

# small shapes and tiles, one invalid tile (tile_n 100) and one GPU the generator does not target
SHAPES = [(256, 512, 256), (128, 1024, 512)]
CONFIGS = parse_configs("tile=64x128x64,16x64x128,64x100x64;lds_stage=1,2")


def points(gpus=("mi300x",)):
    return sweep_points(SHAPES, CONFIGS, ["bf16"], list(gpus))


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_shape_specs_lists_models_and_files(tmp_path):
    assert parse_shapes("4096x4096x4096, 597x11008x4096,4096x4096x4096") == [(4096, 4096, 4096), (597, 11008, 4096)]
    llama = parse_shapes("model:llama2-7b:seq=597")
    assert (597, 11008, 4096) in llama and (597, 4096, 11008) in llama and len(llama) == len(set(llama))
    lines = tmp_path / "shapes.txt"
    lines.write_text("# decode\n1x4096x4096\n\n2x8x16  # tiny\n")
    assert parse_shapes(str(lines)) == [(1, 4096, 4096), (2, 8, 16)]
    table = tmp_path / "shapes.csv"
    table.write_text("name,M,N,K\nqkv,597,12288,4096\n")
    assert parse_shapes(str(table)) == [(597, 12288, 4096)]


@pytest.mark.parametrize("spec, message", [
    ("4096x4096", "dimensions"), ("model:llama2-7b:sequence=5", "FIELD=VALUE"), ("model:nope", "unknown model"),
    ("", "empty")])
def test_bad_shape_specs_name_the_rule(spec, message):
    with pytest.raises(InputError, match=message):
        parse_shapes(spec)


def test_config_specs_expand_every_combination():
    configs = parse_configs("tile=64x256x128,all;lds_stage=1,2;copy=sync;swizzle=off;waves_per_eu=none,2")
    pts = sweep_points([(4096, 4096, 4096)], configs, ["fp8"], ["mi300x"])
    # 'all' holds 64x256x128 for fp8 (tile_k 128 bytes), so 24 distinct tiles x 2 stages x 2 waves_per_eu
    assert len(pts) == 24 * 2 * 2 and pts == sorted(pts)
    assert all(not p.swizzle and p.copy == "sync" for p in pts)
    assert {p.waves_per_eu for p in pts} == {0, 2} and pts[0].config().waves_per_eu is None


@pytest.mark.parametrize("spec, message", [
    ("tiles=64x64x64", "unknown field"), ("copy=dma", "expected one of sync, async"), ("lds_stage=two", "integer"),
    ("tile=64x64", "dimensions"), ("copy=", "no values")])
def test_bad_config_specs_name_the_rule(spec, message):
    with pytest.raises(InputError, match=message):
        sweep_points([(64, 64, 64)], parse_configs(spec), ["bf16"], ["mi300x"])


def test_invalid_points_are_rows_with_the_error(tmp_path):
    out = tmp_path / "r.csv"
    result = run_sweep(points(("mi300x", "h200")), out, workers=1)
    table = rows(out)
    assert len(table) == result.points == 2 * 2 * 3 * 2
    bad_tile = [r for r in table if r["tile_n"] == "100" and r["gpu"] == "mi300x"]
    assert bad_tile and all("tile_n=100" in r["error"] and r["time_us"] == "" for r in bad_tile)
    assert all("gfx942" in r["error"] for r in table if r["gpu"] == "h200")
    good = [r for r in table if not r["error"]]
    assert good and all(float(r["time_us"]) >= float(r["roofline_us"]) > 0 for r in good)
    assert result.errors == len(table) - len(good)


def test_one_worker_or_two_write_the_same_file(tmp_path):
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    run_sweep(points(), one, workers=1)
    run_sweep(points(), two, workers=2)
    assert one.read_bytes() == two.read_bytes()


def test_an_interrupted_sweep_resumes_without_predicting_finished_points(tmp_path, monkeypatch):
    whole = points()
    fresh = tmp_path / "fresh.csv"
    run_sweep(whole, fresh, workers=1)
    predicted = []
    real = sweep.predict_point
    monkeypatch.setattr(sweep, "predict_point", lambda p: predicted.append(p) or real(p))
    out = tmp_path / "resumed.csv"
    first = whole[::3]
    run_sweep(first, out, workers=1)                   # the run that was interrupted after these points
    with open(sweep.journal_path(out), "a") as log:    # and died halfway through writing the next line
        log.write('{"version": "0.1.0", "row": {"gpu"')
    result = run_sweep(whole, out, workers=1)
    assert predicted == first + [p for p in whole if p not in first]
    assert result.from_journal == len(first)
    assert out.read_bytes() == fresh.read_bytes()
    run_sweep(whole, out, workers=1, restart=True)     # --restart predicts everything again
    assert len(predicted) == 2 * len(whole)


def test_a_journal_row_of_another_model_version_is_predicted_again(tmp_path, monkeypatch):
    out = tmp_path / "r.csv"
    pts = points()[:2]
    run_sweep(pts, out, workers=1)
    monkeypatch.setattr(sweep, "simulator_version", lambda: "0.0.0+model-other")
    assert run_sweep(pts, out, workers=1).from_journal == 0


def test_local_and_ray_engines_give_the_same_file(tmp_path):
    ray = pytest.importorskip("ray")
    local, remote = tmp_path / "local.csv", tmp_path / "ray.csv"
    run_sweep(points(), local, workers=2)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        run_sweep(points(), remote, engine="ray")
    finally:
        ray.shutdown()
    assert local.read_bytes() == remote.read_bytes()


def test_parquet_holds_the_same_rows_as_csv(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    run_sweep(points(), tmp_path / "r.csv", workers=1)
    run_sweep(points(), tmp_path / "r.parquet", workers=1)
    table = pq.read_table(tmp_path / "r.parquet").to_pylist()
    assert [str(r["time_us"] if r["time_us"] is not None else "") for r in table] == \
           [r["time_us"] for r in rows(tmp_path / "r.csv")]
    assert isinstance(table[0]["m"], int) and isinstance(table[0]["swizzle"], bool)


def test_parquet_without_pyarrow_is_a_one_line_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    rc = main(["sweep", "--shapes", "256x512x256", "--configs", "tile=64x128x64", "--out", str(tmp_path / "r.parquet")])
    err = capsys.readouterr().err
    assert rc == 2 and "pip install 'gemmsim[parquet]'" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "r.parquet").exists()


def test_cli_sweep_writes_the_table_and_says_what_it_did(tmp_path, capsys):
    out = tmp_path / "r.csv"
    argv = ["sweep", "--shapes", "256x512x256,128x1024x512", "--configs", "tile=64x128x64,64x100x64",
            "--gpu", "mi300x,mi355x", "--workers", "1", "--out", str(out)]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert "8 points (0 from the journal, 4 invalid)" in err and f"wrote {out}" in err
    assert main(argv) == 0 and "8 points (8 from the journal" in capsys.readouterr().err
    assert main(argv[:-2] + ["--gpu", "nope", "--out", str(out)]) == 2
    assert SweepPoint.__dataclass_fields__.keys() <= set(rows(out)[0])


SMALL = ["sweep", "--shapes", "256x512x256,512x512x512", "--configs", "tile=64x128x64,128x128x64"]


def test_engine_ray_without_ray_is_one_line_and_leaves_no_file(tmp_path, monkeypatch, capsys):
    """Issue 39: the journal was created before the engine failed, and stayed behind empty."""
    monkeypatch.setitem(sys.modules, "ray", None)
    out = tmp_path / "r.csv"
    assert main([*SMALL, "--out", str(out), "--engine", "ray"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "pip install 'gemmsim[ray]'" in err
    with pytest.raises(InputError, match="needs Ray"):     # the library checks before the journal too
        run_sweep(points(), out, engine="ray")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("address, message", [("127.0.0.1:1", "no Ray cluster answers at 127.0.0.1:1"),
                                              ("ray://127.0.0.1", "no Ray cluster answers at 127.0.0.1:10001"),
                                              ("host:port", "expected auto, HOST:PORT")])
def test_an_address_no_cluster_answers_is_one_line_at_once(tmp_path, capsys, address, message):
    """ray.init retries an unreachable address for ever: the address is tried first, for 5 s at most."""
    pytest.importorskip("ray")
    out = tmp_path / "r.csv"
    assert main([*SMALL, "--out", str(out), "--engine", "ray", "--address", address]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and message in err
    assert list(tmp_path.iterdir()) == []


def test_address_needs_engine_ray(tmp_path, capsys):
    assert main([*SMALL, "--out", str(tmp_path / "r.csv"), "--address", "auto"]) == 2
    assert "needs --engine ray" in capsys.readouterr().err


def test_engine_ray_with_no_cluster_starts_a_local_ray_and_stops_it(tmp_path, capsys):
    """Issue 39: with Ray installed and no cluster running, --engine ray stopped with "Could not find
    any running Ray instance"; it now starts a local Ray (ray.init()) for the sweep. ~10 s here."""
    ray = pytest.importorskip("ray")
    assert not ray.is_initialized()
    local, remote = tmp_path / "local.csv", tmp_path / "ray.csv"
    assert main([*SMALL, "--out", str(local), "--workers", "1"]) == 0
    assert main([*SMALL, "--out", str(remote), "--engine", "ray"]) == 0
    err = capsys.readouterr().err
    assert "4 points (0 from the journal, 0 invalid)" in err and f"wrote {remote}" in err
    assert remote.read_bytes() == local.read_bytes()
    assert not ray.is_initialized()


def test_a_shapes_file_that_cannot_be_read_is_one_line(tmp_path):
    binary = tmp_path / "shapes.txt"
    binary.write_bytes(b"\xff\xfe\x00\x80")
    for spec, message in ((str(binary), "not a text file"), (str(tmp_path), "not a regular file"),
                          ("/dev/null", "not a regular file"), (str(tmp_path / "none.csv"), "does not exist")):
        with pytest.raises(InputError, match=message):
            parse_shapes(spec)
