"""`gemmsim tune`'s verdict on its first choice: the gap to the runner-up against the family's ranking error,
which gemmsim/tuning/ranking_error.json gives and benchmarks/ranking_error.py computes from the committed
measurements (tests/data/tune/tuner_predicted.csv holds the tuner's predictions of the measured points)."""

import csv
import importlib.util
import json
import math
from pathlib import Path

import pytest

from gemmsim import api
from gemmsim.cli import main
from gemmsim.frontends.sm90.families import MmaConfig
from gemmsim.hw import load_gpu
from gemmsim.measurements.timing import EVENTS_PER_LAUNCH
from gemmsim.problem import make_problem
from gemmsim.tuning.confidence import CLEAR, NEAR_TIE, UNKNOWN, confidence, family_error
from gemmsim.tuning.result import Candidate, TuneResult

ROOT = Path(__file__).resolve().parents[1]
ERROR = {"error_pct": 10.0, "statistic": "a test's", "pairs": 4, "shapes": 2}


def _script():
    spec = importlib.util.spec_from_file_location("ranking_error", ROOT / "benchmarks" / "ranking_error.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_error_file_is_what_the_script_computes_from_the_committed_files():
    script = _script()
    assert (ROOT / "gemmsim" / "tuning" / "ranking_error.json").read_text() == script.render(
        script.ranking_error(script.read_predictions()))
    for family in ("sm90-mma", "preshuffle"):
        assert 0 < family_error(family)["error_pct"] < 100


def test_the_pairs_statistic_is_the_quantile_of_the_pairs_log_error_differences():
    script = _script()
    rows = [{"gpu": "g", "source": "s", "dtype": "bf16", "M": 1, "N": 1, "K": 1, "config": c, "measured_us": 100,
             "predicted_us": p, "fitted": 0} for c, p in (("a", 100), ("b", 110), ("c", 90))]
    diffs = sorted([math.log(1.1), math.log(100 / 90), math.log(110 / 90)])
    expected = diffs[1] + (diffs[2] - diffs[1]) * 0.6          # the 80 % point of 3 values, interpolated
    assert script.pairs_statistic(rows)["error_pct"] == pytest.approx(100 * (math.exp(expected) - 1), abs=0.01)


@pytest.mark.parametrize("index", [0, -1])
def test_the_committed_predictions_are_the_tuners_own(index):
    """A row of each family predicted again (as tune's candidates build it: the built kernel's facts): the
    file cannot drift from the model unseen."""
    script = _script()
    rows = script.read_predictions()
    mma = [r for r in rows if r["family"] == "sm90-mma"]
    row = sorted(mma, key=lambda r: int(r["M"]) * int(r["N"]) * int(r["K"]))[index]
    tile, swz = row["config"].split()
    kernel_us = api.predict((int(row["M"]), int(row["N"]), int(row["K"])), family="sm90-mma", gpu="h200",
                            config={"tile": tile, "swizzle": swz == "swz1", "built": True}).time_us
    launch_us = EVENTS_PER_LAUNCH.added_us(load_gpu("h200"))     # what the runner's events add
    assert kernel_us + launch_us == pytest.approx(float(row["predicted_us"]), abs=1e-3)


def _result(times, replayed=None, family="sm90-mma"):
    replayed = replayed or [True] * len(times)
    candidates = tuple(Candidate(MmaConfig((64, 64 * (i + 1), 64), True), t, 4, t if r else None, "lds", "")
                       for i, (t, r) in enumerate(zip(times, replayed)))
    return TuneResult(make_problem((512, 512, 512), "bf16"), "h200", "built", candidates, family=family)


@pytest.mark.parametrize("times, replayed, verdict, contenders", [
    ((100, 103, 109, 130), None, NEAR_TIE, 3),        # 3 % and 9 % are within 10 %, 30 % is not
    ((100, 112, 130), None, CLEAR, 1),
    ((100, 110), None, NEAR_TIE, 2),                  # at the error itself: still a tie
    ((100, 105, 140), (True, False, False), UNKNOWN, 1),   # the runner-up's bound does not settle it
    ((100, 125), (True, False), CLEAR, 1),            # its bound is already 25 % slower
])
def test_the_verdict_compares_the_runner_ups_gap_with_the_error(times, replayed, verdict, contenders):
    c = confidence(_result(times, replayed), ERROR)
    assert c.verdict == verdict and c.contenders == contenders
    assert c.gap_pct == pytest.approx(100 * (times[1] / times[0] - 1), abs=0.01)
    assert c.gap_is_bound == (replayed is not None and not replayed[1])


def test_a_near_tie_suggests_measuring_only_where_the_family_has_kernels_to_time():
    c = confidence(_result((100, 103)), ERROR)
    assert "--measure-top 2" in c.text("x") and "--measure-top" not in c.text("x", measurable=False)
    assert "2 of the 2 ranked within it" in c.text("x", measurable=False)


def test_a_family_no_measurement_covers_has_no_verdict_and_a_lone_candidate_is_alone():
    c = confidence(_result((100, 101), family="toy"))
    assert c.verdict == UNKNOWN and c.error_pct is None and "no committed measurement" in c.text("x")
    assert confidence(_result((100,)), ERROR).verdict == "only candidate"


def test_tune_shows_the_verdict_and_the_spread_of_its_top_candidates(capsys, tmp_path, monkeypatch):
    """The JSON's gap is the table's, the error the committed one, and more candidates ranked (--top)
    can only add contenders."""
    monkeypatch.setenv("GEMMSIM_CACHE_DIR", str(tmp_path))
    shape = ["tune", "--shape", "128x256x256", "--gpu", "h200"]
    counts = []
    for top in (2, 4):
        assert main([*shape, "--top", str(top), "--json"]) == 0
        doc = json.loads(capsys.readouterr().out)
        c, cands = doc["confidence"], doc["candidates"]
        assert c["error_pct"] == family_error("sm90-mma")["error_pct"] and c["ranked"] == top
        assert c["gap_pct"] == pytest.approx(100 * (cands[1]["time_us"] / cands[0]["time_us"] - 1), abs=0.1)  # rows: 3 decimals
        assert c["verdict"] == (CLEAR if c["gap_pct"] > c["error_pct"] else NEAR_TIE)
        assert c["contenders"] == sum(100 * (x["time_us"] / cands[0]["time_us"] - 1) <= c["error_pct"] for x in cands)
        assert doc["pick"]["source"] == "predicted" and doc["pick"]["predicted_rank"] == 1
        counts.append(c["contenders"])
    assert counts[0] <= counts[1]
    assert main([*shape, "--top", "2"]) == 0        # from the cache: the verdict is worked out on every answer
    header = capsys.readouterr().out.splitlines()[1]
    assert header.startswith("verdict: ") and "ranking_error.json" in header


def test_the_error_file_names_its_sources_and_they_are_committed():
    for family in json.loads((ROOT / "gemmsim" / "tuning" / "ranking_error.json").read_text())["families"].values():
        assert all((ROOT / source).is_file() for source in family["sources"])
        assert (ROOT / family["predictions"]).is_file()
    with (ROOT / "tests" / "data" / "tune" / "tuner_predicted.csv").open() as f:
        assert {r["family"] for r in csv.DictReader(f)} == {"sm90-mma", "preshuffle"}


def test_the_readmes_give_the_committed_errors():
    sm90, amd = family_error("sm90-mma")["error_pct"], family_error("preshuffle")["error_pct"]
    assert f"error {sm90:.1f} %" in (ROOT / "README.md").read_text()
    table = (ROOT / "validation" / "README.md").read_text()
    assert f"| sm90-mma (H200) | **{sm90:.1f} %**" in table and f"| preshuffle (MI325X, MI355X) | **{amd:.1f} %**" in table
