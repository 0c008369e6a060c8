"""gemmsim compare: the committed figures come from the code, and every input format parses.

tests/data/compare/h200_predicted.csv is written by the command in validation/README.md
(`gemmsim compare ... --save`); here a spread of its rows is predicted again (so it cannot drift
from the code) and the README's figures are recomputed from it (so they cannot drift from it).
rocprof_kernel_stats_mi325x.csv is rocprofv3's kernel_stats layout holding one point of
validation/data/amd_public.csv (FlyDSL CI median, MI325X fp8 5120x5120x8320, 345.55 us);
ncu_raw_sample.csv is three rows (units row included) cut from validation/results/h200/ncu_raw.csv;
runner_mi300x_relabelled.csv is three H200 rows whose device column says MI300X: a test of the AMD
path of the runner format, not a measurement.
"""

import csv
import dataclasses
import json
import re
import shutil
from pathlib import Path

import pytest

from gemmsim.report.compare import as_json, format_text
from gemmsim.measurements import ncu
from gemmsim.measurements.points import KernelSpec
from gemmsim.measurements.predictor import Predictor, compare_points
from gemmsim.measurements.readers import read_points
from gemmsim.measurements.saved import compared_from_file
from gemmsim.measurements.stats import Rank, build_report, spearman
from gemmsim.cli import main

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "validation" / "results" / "h200"
DATA = ROOT / "tests" / "data" / "compare"
PREDICTED = DATA / "h200_predicted.csv"
CSVS = [RESULTS / "ladder.csv", RESULTS / "matrix.csv"]


@pytest.fixture(scope="module")
def committed():
    points = [p for path in CSVS for p in read_points(path)]
    return build_report(compared_from_file(points, PREDICTED))


def _readme_figure(name: str) -> float:
    text = (ROOT / "validation" / "README.md").read_text()
    m = re.search(rf"<!-- {name} -->\s*\**([0-9.]+)", text)
    assert m, f"validation/README.md has no figure tagged {name}"
    return float(m.group(1))


def test_the_readme_figures_are_those_of_the_committed_predictions(committed):
    assert len(committed.rows) == 330
    assert round(committed.mape_pct, 1) == _readme_figure("mape")
    sweep = committed.sweep
    assert round(min(s["spearman"] for s in sweep), 2) == _readme_figure("sweep_spearman_min")
    assert sum(s["pick_slower_pct"] <= 5 for s in sweep) == _readme_figure("picks_within_5pct")


SUBSET = [("ladder.csv", "gemm_tiled_f32", "128x128x128"), ("ladder.csv", "gemm_blocked4x4_f64", "512x64x512"),
          ("ladder.csv", "gemm_tiled_blocked2x2_i32", "512x512x512"), ("ladder.csv", "gemm_f32", "127x512x512"),
          ("matrix.csv", "mma_preshuffle_m16n64k128_swz0", "128x128x128"),
          ("matrix.csv", "mma_preshuffle_m64n256k64_swz1", "512x512x512"),
          ("matrix.csv", "mma_preshuffle_m64n128k32_swz1", "512x512x2048"),
          ("matrix.csv", "mma_preshuffle_m32n256k64_swz1", "4096x4096x4096")]


@pytest.mark.parametrize("source,symbol,shape", SUBSET)
def test_committed_predictions_are_what_the_code_predicts(committed, source, symbol, shape):
    row = next(r for r in committed.rows if r.point.source == source and r.point.symbol == symbol and r.point.shape == shape)
    total, kernel, _ = Predictor(RESULTS / "sass").predict(row.point)
    assert total == pytest.approx(row.predicted_us, rel=1e-6, abs=1e-3)
    assert kernel == pytest.approx(row.kernel_us, rel=1e-6, abs=1e-3)


def test_bank_conflicts_against_nsight_compute(tmp_path):
    wanted = {("gemm_tiled_f32", "512"), ("gemm_tiled_blocked2x2_f64", "127"), ("mma_preshuffle_m32n64k64_swz0", "512"),
              ("mma_preshuffle_m64n128k32_swz1", "512"), ("mma_preshuffle_m128n128k32_swz0", "4096")}
    with (RESULTS / "ncu.csv").open(newline="") as f:
        reader = csv.DictReader(f)
        rows = [r for r in reader if (r["symbol"], r["M"]) in wanted]
    sample = tmp_path / "ncu.csv"
    with sample.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=reader.fieldnames)
        w.writeheader()
        w.writerows(rows)
    result = {r["symbol"]: r for r in ncu.bank_conflicts(sample, Predictor(RESULTS / "sass"))}
    assert len(result) == 5
    for r in result.values():
        for side in ("ld", "st"):
            assert r[f"{side}_instructions_predicted"] == r[f"{side}_instructions_measured"]
            assert r[f"{side}_bank_conflicts_predicted"] <= r[f"{side}_bank_conflicts_measured"]
            # what ncu counts beyond the predicted conflicts is the same in wavefronts: the
            # conflict-free wavefronts are exact
            assert (r[f"{side}_wavefronts_measured"] - r[f"{side}_wavefronts_predicted"]
                    == r[f"{side}_bank_conflicts_measured"] - r[f"{side}_bank_conflicts_predicted"])
    assert result["mma_preshuffle_m32n64k64_swz0"]["ld_bank_conflicts_predicted"] == 917504 == \
        result["mma_preshuffle_m32n64k64_swz0"]["ld_bank_conflicts_measured"]
    assert result["mma_preshuffle_m64n128k32_swz1"]["ld_bank_conflicts_predicted"] == 65536   # 2-way: 4 chunks a row
    assert result["gemm_tiled_f32"]["ld_bank_conflicts_predicted"] == 0


def test_rocprof_kernel_stats():
    spec = KernelSpec((5120, 5120, 8320), "fp8", (64, 256, 128), True, "mi325x")
    points = read_points(DATA / "rocprof_kernel_stats_mi325x.csv", spec)
    assert len(points) == 1                                   # the runtime's fill kernel is left out
    p = points[0]
    assert (p.m, p.n, p.k, p.tile, p.gpu, p.family) == (5120, 5120, 8320, (64, 256, 128), "mi325x", "preshuffle")
    assert p.measured_us == pytest.approx(345.55)


def test_ncu_raw_export_units_row_and_thousands_separators():
    points = read_points(DATA / "ncu_raw_sample.csv", KernelSpec((512, 512, 512)))
    assert [(p.symbol, p.measured_us, p.tile, p.swizzle) for p in points] == [
        ("mma_preshuffle_m16n64k128_swz1", 12.512, (16, 64, 128), True),
        ("mma_preshuffle_m64n64k64_swz1", 11.52, (64, 64, 64), True)]
    assert all(p.gpu == "h200" and p.family == "mma_preshuffle" for p in points)


def test_profiler_exports_need_the_shape(capsys):
    assert main(["compare", str(DATA / "ncu_raw_sample.csv")]) == 2
    assert "--shape" in capsys.readouterr().err


def test_bad_inputs_are_one_line_errors(tmp_path, capsys):
    f = tmp_path / "x.csv"
    f.write_text("a,b\n1,2\n")
    assert main(["compare", str(f)]) == 2
    assert "unknown CSV format" in capsys.readouterr().err
    assert main(["compare", str(tmp_path / "none.csv")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["compare", str(CSVS[1]), "--predictions", str(PREDICTED), "--ncu", str(tmp_path / "none.csv")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_cli_json_and_plot_from_committed_predictions(tmp_path, capsys):
    png = tmp_path / "cmp.png"
    assert main(["compare", str(CSVS[1]), "--predictions", str(PREDICTED), "--json", "--plot", str(png)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["points"] == 220 and png.stat().st_size > 10000
    assert set(report["spearman_by_family"]) == {"mma_preshuffle"}
    assert len(report["tile_sweep"]) == 10 and len(report["bank_conflicts"]) == 101


def test_runner_rows_of_an_amd_device_take_the_preshuffle_generator(capsys):
    points = read_points(DATA / "runner_mi300x_relabelled.csv")
    assert {p.gpu for p in points} == {"mi300x"}
    skipped = []
    compared = compare_points(points, Predictor(), skipped)
    assert [c.point.symbol for c in compared] == ["mma_preshuffle_m32n64k64_swz0", "mma_preshuffle_m64n256k64_swz1"]
    assert all(c.predicted_us > 0 for c in compared)
    assert len(skipped) == 1 and "gemm_tiled_f32" in skipped[0] and "only sm_90" in skipped[0]
    assert main(["compare", str(DATA / "runner_mi300x_relabelled.csv")]) == 0
    assert "not predicted (1)" in capsys.readouterr().out


def test_spearman():
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]).rho == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]).rho == pytest.approx(-1.0)
    assert spearman([1, 2, 2, 3], [1, 2, 3, 4]).rho == pytest.approx(0.9486832980505138)   # ties: average ranks
    assert spearman([1, 2], [1, 2]) == Rank(None, 2)
    assert spearman([1, 1, 1], [1, 2, 3]) == Rank(None, 3)


def test_a_family_of_two_points_has_no_spearman_in_text_or_json():
    """Two ladder points of one family: the text says n/a with the count, the JSON null, never nan."""
    points = [p for p in read_points(CSVS[0]) if p.symbol == "gemm_f32"][:2]
    report = build_report(compared_from_file(points, PREDICTED))
    assert "ladder_fp32 n/a (2 points)" in format_text(report)
    assert "nan" not in format_text(report)
    data = json.loads(json.dumps(as_json(report), allow_nan=False))
    assert data["spearman_by_family"] == {"ladder_fp32": None}
    assert data["spearman_points_by_family"] == {"ladder_fp32": 2}


def test_text_opens_with_the_headline_and_csv_lists_every_point(capsys, tmp_path):
    matrix = tmp_path / CSVS[1].name      # apart from the ncu.csv beside it, whose conflicts take a minute to predict
    shutil.copy(CSVS[1], matrix)
    assert main(["compare", str(matrix), "--predictions", str(PREDICTED)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("points 220   MAPE ")
    assert lines[1].startswith("Spearman rank correlation") and "mma_preshuffle 0.9" in lines[1]
    assert lines[2].startswith("tile sweep: the simulator's pick is within 5% of the measured best in ")
    assert main(["compare", str(matrix), "--predictions", str(PREDICTED), "--csv"]) == 0
    rows = list(csv.DictReader(capsys.readouterr().out.splitlines()))
    assert len(rows) == 220 and rows[0]["symbol"].startswith("mma_preshuffle_") and float(rows[0]["predicted_us"]) > 0
    assert main(["compare", str(matrix), "--predictions", str(PREDICTED), "--csv", "--json"]) == 2


def test_a_kernel_measured_twice_is_predicted_once():
    point = next(p for p in read_points(CSVS[0]) if p.symbol == "gemm_f32")
    predictor = Predictor(RESULTS / "sass")
    again = dataclasses.replace(point, measured_us=point.measured_us * 2, source="other.csv")
    assert predictor.prediction(point) is predictor.prediction(again)


def test_dram_reads_against_nsight_compute(tmp_path):
    with (RESULTS / "ncu.csv").open(newline="") as f:
        reader = csv.DictReader(f)
        rows = [r for r in reader if (r["symbol"], r["M"]) in {("mma_preshuffle_m64n256k64_swz1", "4096"),
                                                               ("gemm_tiled_f32", "512")}]
    sample = tmp_path / "ncu.csv"
    with sample.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=reader.fieldnames)
        w.writeheader()
        w.writerows(rows)
    result = {r["symbol"]: r for r in ncu.dram_reads(sample, Predictor(RESULTS / "sass"))}
    mma = result["mma_preshuffle_m64n256k64_swz1"]
    # the tile walk's HBM reads of the large matrix-core GEMM agree with dram__bytes_read.sum
    assert 0.9 < mma["dram_read_bytes_predicted"] / mma["dram_read_bytes_measured"] < 1.1
    assert result["gemm_tiled_f32"]["dram_read_bytes_measured"] > 0
    agreement = ncu.dram_agreement(list(result.values()))
    assert agreement.kernels == 2 and agreement.large_kernels >= 1
    assert agreement.min_ratio <= agreement.median_ratio <= agreement.max_ratio
