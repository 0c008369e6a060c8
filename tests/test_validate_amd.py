"""benchmarks/validate_amd.py runs from a fresh clone: its published AMD measurements are in the
repository (validation/data/amd_public.csv, equal to the shared copy, and amd_public_more.csv, FlyDSL's
other CI rows, which fit nothing), each row with its source."""

import csv
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IN_REPO = ROOT / "validation" / "data" / "amd_public.csv"
MORE = ROOT / "validation" / "data" / "amd_public_more.csv"
SHARED = ROOT.parent / "shared" / "data" / "amd_gemm_measured.csv"


def test_every_row_names_where_it_comes_from():
    rows = list(csv.DictReader(IN_REPO.open(newline="")))
    assert len(rows) == 8
    for r in rows:
        assert r["source"] and r["repo"] and r["path"] and len(r["commit"]) == 40, r
        assert float(r["time_us"]) > 0


def test_the_more_rows_name_their_source_and_are_not_the_shared_rows():
    rows = list(csv.DictReader(MORE.open(newline="")))
    shared = {(r["gpu"], r["M"], r["N"], r["K"], r["tile"], r["kernel"]) for r in csv.DictReader(IN_REPO.open())}
    assert len(rows) == 16
    for r in rows:
        assert r["source"] and r["repo"] and r["path"] and len(r["commit"]) == 40, r
        assert float(r["time_us"]) > 0 and "copy, lds_stage=" in r["kernel"]
        assert (r["gpu"], r["M"], r["N"], r["K"], r["tile"], r["kernel"]) not in shared


def test_the_in_repo_copy_is_the_shared_file():
    if not SHARED.is_file():
        pytest.skip(f"{SHARED} is not here (a clone outside the project's workspace)")
    assert IN_REPO.read_bytes() == SHARED.read_bytes()


def test_the_script_runs_from_another_directory(tmp_path):
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "validate_amd.py")], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    rows = [line for line in lines if line.startswith(("mi325x ", "mi355x "))]
    assert len(rows) == 24 and all(" kernel-trace " in line for line in rows)      # each row names its method
    assert any(line.startswith("amd_public.csv, rows that fitted nothing: MAPE ") and "over 6 rows" in line for line in lines)
    assert any(line.startswith("leave-one-out MAPE ") and "over 8 rows" in line for line in lines)
    assert any(line.startswith("amd_public_more.csv (never fitted): MAPE ") and "over 16 rows" in line for line in lines)
    assert sum(" fit " in line for line in rows) == 2
    assert any(line.startswith("method kernel-trace: ") for line in lines)
