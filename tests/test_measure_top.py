"""`gemmsim tune --measure-top K`: the finalists timed by the project's runner through its command line
(gemmsim.measurements.finalists), the measured best picked, kept in the cache and the dispatch tables.

No test here needs a GPU: the no-GPU path empties PATH (no nvidia-smi), a fake runner writes the runner's
CSV, and the real runner (validation/run.py's "shapes" suite) runs on its CPU-emulated backend."""

import csv
import json
import sys
from pathlib import Path

import pytest

from gemmsim.cli import main
from gemmsim.frontends.sm90.families import mma_symbol
from gemmsim.measurements.finalists import read_runner_csv, runner_argv
from gemmsim.problem import make_config, make_problem
from gemmsim.tuning.result import Candidate, Measured, TuneResult
from gemmsim.workloads.dispatch import pick_columns

ROOT = Path(__file__).resolve().parents[1]
SHAPE = "128x256x256"
TUNE = ["tune", "--shape", SHAPE, "--gpu", "h200", "--top", "3"]
COLUMNS = ["timestamp_utc", "suite", "device", "driver", "symbol", "M", "N", "K", "kernel_time_us", "status", "command"]

# A stand-in for validation/run.py: the row of each symbol --kernels names, the fastest the one whose name
# sorts last (the tuner's runner-up or below), one row failed, and a row of another shape.
FAKE_RUNNER = '''
import argparse, csv, re, sys
from pathlib import Path
p = argparse.ArgumentParser()
p.add_argument("--shapes"); p.add_argument("--kernels"); p.add_argument("--out", type=Path)
a = p.parse_args()
symbols = sorted(re.sub(r"\\\\(.)", r"\\1", a.kernels)[2:-2].split("|"))
m, n, k = a.shapes.split("x")
a.out.mkdir(parents=True, exist_ok=True)
with open(a.out / "shapes.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(COLUMNS)
    for i, s in enumerate(symbols):
        w.writerow(["2026-12-07T10:00:00Z", "shapes", "NVIDIA H200", "580.159.04", s, m, n, k, 50.0 - 10 * i,
                    "ok" if i < 2 else "incorrect", " ".join(sys.argv)])
    w.writerow(["2026-12-07T10:00:00Z", "shapes", "NVIDIA H200", "580.159.04", symbols[0], 1, 1, 1, 1.0, "ok", ""])
'''.replace("COLUMNS", repr(COLUMNS))


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GEMMSIM_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("GEMMSIM_RUNNER", raising=False)
    return tmp_path


def _json(args, capsys) -> dict:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_without_a_gpu_it_says_so_in_one_line_and_keeps_the_prediction(cache, capsys, monkeypatch):
    monkeypatch.setenv("PATH", str(cache))        # no nvidia-smi
    assert main([*TUNE, "--measure-top", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    notes = [line for line in out if line.startswith("--measure-top:")]
    assert notes == ["--measure-top: no NVIDIA GPU here (nvidia-smi is not installed): the ranking stands as predicted"]
    doc = _json([*TUNE, "--measure-top", "2"], capsys)
    assert doc["pick"]["source"] == "predicted" and doc["measured"] == [] and "no NVIDIA GPU" in doc["measure_note"]


def test_the_fake_runners_csv_gives_the_measured_pick_and_the_cache_keeps_it(cache, capsys):
    fake = cache / "fake_runner.py"
    fake.write_text(FAKE_RUNNER)
    runner = f"{{python}} {fake} --shapes {{shape}} --kernels {{kernels}} --out {{out}}"
    doc = _json([*TUNE, "--measure-top", "3", "--runner", runner, "--measure-dir", str(cache / "m")], capsys)
    ranked = [(tuple(int(x) for x in c["tile"].split("x")), bool(c["swizzle"]), int(c["split_k"]))
              for c in doc["candidates"]]
    symbols = sorted(mma_symbol(*r) for r in ranked)
    # the fake gives the symbol sorting second 40 us, the first 50 us, the third a failed row
    fastest = ranked[[mma_symbol(*r) for r in ranked].index(symbols[1])]
    assert doc["pick"]["source"] == "measured" and doc["pick"]["measured_us"] == 40.0
    assert doc["pick"]["config"] == (f"tile={'x'.join(map(str, fastest[0]))},swizzle={int(fastest[1])},"
                                     f"split_k={fastest[2]},built=1")
    assert sorted(m["measured_us"] for m in doc["measured"]) == [40.0, 50.0]
    assert all(m["device"] == "NVIDIA H200" and m["driver"] == "580.159.04" for m in doc["measured"])
    assert "no correct time for" in doc["measure_note"]
    assert [c.get("measured_us") for c in doc["candidates"]].count(None) == 1
    again = _json(TUNE, capsys)                      # no --measure-top: the cache answers, measurements and all
    assert again["from_cache"] and again["pick"] == doc["pick"]
    assert main(TUNE) == 0
    assert "measured best: " in capsys.readouterr().out


def test_a_runner_that_fails_is_one_line_naming_its_exit_and_log(cache, capsys):
    runner = f"{sys.executable} -c 'import sys; print(\"no GPU runtime\"); sys.exit(3)'"
    assert main([*TUNE, "--measure-top", "2", "--runner", runner, "--measure-dir", str(cache / "m")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "exited with 3 (no GPU runtime)" in err[0] and "runner.log" in err[0]


def test_the_runner_template_is_split_first_and_filled_after():
    argv = runner_argv("{python} -m validation.run --kernels {kernels} --out '{out}'", make_problem((1, 2, 3), "bf16"),
                       ["a_b", "c.d"], Path("/tmp/x y"), "cuda")
    assert argv[1:] == ["-m", "validation.run", "--kernels", r"^(a_b|c\.d)$", "--out", "/tmp/x y"]


def test_the_reader_takes_the_finalists_ok_rows_at_the_shape(tmp_path):
    path = tmp_path / "shapes.csv"
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(COLUMNS)
        w.writerow(["t", "shapes", "NVIDIA H100 80GB HBM3", "d", "k1", 4, 5, 6, 7.5, "ok", "c"])
        w.writerow(["t", "shapes", "NVIDIA H100 80GB HBM3", "d", "k2", 4, 5, 6, "", "failed", "c"])
        w.writerow(["t", "shapes", "NVIDIA H100 80GB HBM3", "d", "k1", 4, 5, 7, 9.0, "ok", "c"])
        w.writerow(["t", "shapes", "NVIDIA H100 80GB HBM3", "d", "other", 4, 5, 6, 1.0, "ok", "c"])
    got = read_runner_csv(path, make_problem((4, 5, 6), "bf16"), {"k1": "tile=a", "k2": "tile=b"})
    assert got == (Measured("tile=a", 7.5, "NVIDIA H100 80GB HBM3", "d", "c", "t"),)


def test_the_real_runner_on_its_emulated_backend(cache, capsys):
    """validation/run.py's shapes suite end to end (the CPU emulation of the kernels: its times mean nothing)."""
    runner = "{python} -m validation.run --suite shapes --backend emulated --mode quick --shapes {shape} " \
             "--kernels {kernels} --out {out}"
    doc = _json(["tune", "--shape", "64x64x64", "--gpu", "h200", "--top", "2", "--measure-top", "2", "--runner", runner,
                 "--measure-dir", str(cache / "m"), "--no-cache"], capsys)
    assert len(doc["measured"]) == 2 and all(m["device"] == "emulated (CPU)" for m in doc["measured"])
    assert doc["pick"]["source"] == "measured"
    rows = list(csv.DictReader((cache / "m" / "shapes.csv").open()))
    assert {r["symbol"] for r in rows} == {mma_symbol(tuple(int(x) for x in c["tile"].split("x")), bool(c["swizzle"]))
                                           for c in doc["candidates"]}


def test_a_dispatch_row_takes_the_measured_pick_and_says_so():
    cands = tuple(Candidate(make_config(tile), t, 4, t, "lds", "") for tile, t in (("64x64x64", 10.0), ("64x128x64", 11.0)))
    result = TuneResult(make_problem((256, 256, 256), "bf16"), "mi300x", "tiles", cands)
    assert pick_columns(result)["source"] == "predicted" and pick_columns(result)["tile_n"] == 64
    timed = TuneResult(result.problem, "mi300x", "tiles", cands,
                       measured=(Measured("64x64x64", 14.0, "d"), Measured("64x128x64", 12.0, "d")))
    row = pick_columns(timed)
    assert row["source"] == "measured" and row["measured_us"] == 12.0 and row["predicted_us"] == 11.0
    assert row["tile_n"] == 128 and row["runner_up"].startswith("64x64x64")
