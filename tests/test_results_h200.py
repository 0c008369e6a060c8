"""The committed H200 measurements are complete, well-formed and correct.

They were produced by `bash validation/h200_session.sh full` (now `bash validation/session.sh h200
full`) on the H200 machine; this test pins down what a later re-run must still deliver."""
from __future__ import annotations

import csv
from pathlib import Path

import pytest

from validation import kernels, profile, results, stats, suites

RESULTS = Path(__file__).resolve().parent.parent / "validation" / "results" / "h200"


def _rows(name: str) -> list[dict]:
    return results.read_rows(RESULTS / f"{name}.csv")


def _csv(name: str) -> list[dict]:
    with (RESULTS / name).open(newline="") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("suite", ["ladder", "matrix", "check", "fresh"])
def test_suite_csv_parses_against_the_schema(suite):
    rows = _rows(suite)
    assert rows
    for row in rows:
        results.validate_row(row)


@pytest.mark.parametrize("suite", ["ladder", "matrix", "check", "fresh"])
def test_suite_csv_holds_every_point_once(suite):
    keys = [results.point_key(r) for r in _rows(suite)]
    assert len(keys) == len(set(keys))
    assert set(keys) == {p.key for p in suites.suite_points(suite) if p.spec.split_k == 1 or suite != "check"}


# The split-K kernels (2026-12-07) came after the H200 check, sanitizer and Nsight Compute runs: their
# correctness pass at the check shapes is in results/h100/ (validation/device/splitk.sh on an H100).
UNSPLIT = {s.symbol for s in kernels.all_specs() if s.split_k == 1}


@pytest.mark.parametrize("suite", ["ladder", "matrix", "check", "fresh"])
def test_no_point_is_incorrect_or_failed(suite):
    bad = [(r["symbol"], r["M"], r["N"], r["K"], r["status"]) for r in _rows(suite)
           if r["status"] != "ok" or r["correct"] != "True"]
    assert not bad


@pytest.mark.parametrize("suite", ["ladder", "matrix"])
def test_rows_record_the_run_conditions_and_method(suite):
    for r in _rows(suite):
        assert "H200" in r["device"] and r["driver"] and r["backend"] == "cuda"
        assert float(r["sm_clock_mhz"]) > 0 and r["command"].startswith("python -m validation.run")
        assert int(r["runs"]) >= stats.MIN_RUNS or float(r["kernel_time_us"]) > stats.SLOW_RUN_US
        assert int(r["warmups"]) >= 1 and int(r["e2e_runs"]) >= 3
        assert float(r["kernel_time_min_us"]) <= float(r["kernel_time_us"]) <= float(r["kernel_time_max_us"])
        assert float(r["e2e_time_us"]) > float(r["kernel_time_us"])
        m, n, k = int(r["M"]), int(r["N"]), int(r["K"])
        assert float(r["gflops"]) == pytest.approx(stats.gflops(m, n, k, float(r["kernel_time_us"])), rel=1e-3)


def test_sanitizers_are_clean_for_every_kernel():
    rows = _csv("sanitizer.csv")
    expected = UNSPLIT
    for tool in profile.SANITIZER_TOOLS:
        mine = {r["symbol"]: r for r in rows if r["tool"] == tool}
        assert set(mine) == expected, tool
        for r in mine.values():
            assert r["status"] == "clean" and r["errors"] == "0" and r["tool_errors_total"] == "0"
            assert int(r["points_run"]) == len(suites.CHECK_SHAPES) == int(r["points_correct"])


def test_ncu_counters_cover_every_kernel_at_the_profiled_shapes():
    rows = _csv("ncu.csv")
    profiled = {(r["symbol"], int(r["M"]), int(r["N"]), int(r["K"])) for r in rows}
    expected = {(p.spec.symbol, p.m, p.n, p.k) for p in suites.suite_points("all")
                if (p.m, p.n, p.k) in profile.NCU_SHAPES}
    assert profiled == expected
    for r in rows:
        assert r["ncu_kernel_name"] == r["symbol"] and not r["metrics_missing"]
        for column in ("shared_ld_bank_conflicts", "shared_st_bank_conflicts",
                       "shared_ld_wavefronts", "shared_st_wavefronts"):
            assert float(r[column]) >= 0


def test_swizzle_removes_matrix_kernel_bank_conflicts():
    rows = {(r["symbol"], r["M"]): r for r in _csv("ncu.csv")}
    for tm, tn, tk in kernels.mma_tile_configs():
        if tk < 64:  # 4 chunks per row: the XOR leaves a 2-way conflict
            continue
        plain = float(rows[(kernels.mma_symbol(tm, tn, tk, False), "4096")]["shared_ld_bank_conflicts"])
        swizzled = float(rows[(kernels.mma_symbol(tm, tn, tk, True), "4096")]["shared_ld_bank_conflicts"])
        assert swizzled < plain / 100


def test_sass_listing_for_every_kernel():
    for spec in kernels.all_specs():
        text = (RESULTS / "sass" / f"{spec.symbol}.sass").read_text()
        assert f"Function : {spec.symbol}" in text


def test_microbenchmarks_cover_issue_5_and_14_lists():
    rows = _csv("microbench.csv")
    assert {"chase", "copy", "shared", "ffma", "mma_sync", "barrier"} <= {r["bench"] for r in rows}
    assert {"launch_runner", "lds_b32", "lds_b64", "lds_b128", "valu", "matrix", "l2_read", "hbm_read"} <= {r["bench"] for r in rows}
    ways = {int(r["param_value"]) for r in rows if r["bench"] == "shared"}
    assert ways == {1, 2, 4, 8, 16, 32}
    assert all(float(r["value"]) > 0 for r in rows)


def test_report_tables_match_the_committed_csvs():
    from validation import report

    text = (RESULTS.parent.parent / "REPORT_h200.md").read_text()
    for name, table in report.all_tables(RESULTS).items():
        assert f"<!-- table: {name} -->\n{table}\n" in text, f"table {name} is stale: run python -m validation.report"
