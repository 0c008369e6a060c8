"""benchmarks/validate_picks.py: the tile-level rank of aiter's choice and the knob consistency of aiter's
tuner, on hand-made tables; the committed rows of aiter's file agree with each other."""

import csv
import importlib.util
from pathlib import Path
from types import SimpleNamespace

from gemmsim.problem import make_config

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("validate_picks", ROOT / "benchmarks" / "validate_picks.py")
picks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(picks)


def _row(m, n, tile, knobs, k=4096):
    return {"cu_num": "80", "M": str(m), "N": str(n), "K": str(k),
            **dict(zip(picks.TILE_FIELDS, tile.split("x"))), **dict(zip(picks.KNOB_FIELDS, knobs))}


def test_knob_changes_compare_each_m_with_the_next_of_its_problem_only_where_the_tile_stays():
    rows = [_row(4, 1280, "16x64x512", ("1", "0", "1", "4")),
            _row(16, 1280, "16x64x512", ("1", "0", "1", "2")),
            _row(32, 1280, "32x64x512", ("2", "0", "1", "0")),    # new tile: no knob comparison
            _row(33, 1280, "32x64x512", ("2", "1", "0", "0")),
            _row(18, 3328, "16x64x512", ("1", "0", "0", "0")),    # another N: never paired with N 1280
            _row(17, 1280, "16x64x512", ("1", "1", "1", "0"))]    # listed last: pairs follow M
    c = picks.knob_changes(rows)
    assert (c["pairs"], c["same_tile"]) == (4, 3)
    assert [c[f] for f in picks.KNOB_FIELDS] == [0, 2, 1, 2]
    assert c["any_knob"] == 3 and c["async_at_s1"] == 1


def test_a_tile_ranks_at_its_best_knobs_and_a_tile_without_a_time_is_no_faster():
    times = {make_config("16x64x512", lds_stage=2): 5.0, make_config("16x64x512", lds_stage=1): 6.5,
             make_config("32x64x512", lds_stage=2): 5.5, make_config("32x64x512", lds_stage=1): 7.0,
             make_config("16x128x512"): 6.0}
    tiles = ["16x64x512", "32x64x512", "16x128x512", "64x128x256"]   # the last was pruned: no time
    result = SimpleNamespace(candidates=[SimpleNamespace(config=make_config(t)) for t in tiles])
    assert picks.rank_of_tile(times, "32x64x512", result) == (2, 4)
    assert picks.rank_of_tile(times, "16x128x512", result) == (3, 4)


def test_the_ranked_rows_are_rows_of_the_whole_file():
    whole = {(r["M"], r["N"], r["K"]): r for r in csv.DictReader(picks.AMD_TUNED_ALL.open(newline=""))}
    for r in csv.DictReader(picks.AMD_TUNED.open(newline="")):
        assert whole[r["M"], r["N"], r["K"]] == {k: r[k] for k in whole[r["M"], r["N"], r["K"]]}, r


def test_a_row_number_outside_the_file_is_one_line_and_exit_2(monkeypatch, capsys):
    monkeypatch.setattr("sys.argv", ["validate_picks.py", "--rows", "1", "99"])
    assert picks.main() == 2
    err = capsys.readouterr().err.strip()
    assert "--rows 99" in err and len(err.splitlines()) == 1
