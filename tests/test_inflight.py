"""validation.analyses.inflight: stalls at issue found in the `inflight` timelines and matched to the
scoreboard waits of the compiled kernel."""

from __future__ import annotations

from pathlib import Path

import pytest

from gemmsim.errors import InputError
from validation.analyses.inflight import analyze, compiled_waits, count_report, main, read_series
from gemmsim.measurements.microbench import Row

RESULTS = Path(__file__).parents[1] / "validation" / "results" / "h200"


def _marks(stall_after: int, extra: float) -> list[tuple[int, float]]:
    """Marks every 4 loads at 8 cycles a load, the step ending at load `stall_after` + 4 longer."""
    marks, t = [], 0.0
    for n in range(4, 65, 4):
        t += 32 + (extra if n == stall_after + 4 else 0)
        marks.append((n, t))
    return marks


def test_a_long_step_is_a_stall_and_is_matched_to_the_wait_inside_it():
    series = analyze(_marks(40, 500), done=1500, waits=[10, 42], bench="inflight_hbm_w1")
    assert series.cycles_per_load == pytest.approx(8.0)
    (stall,) = series.stalls
    assert (stall.first_load, stall.last_load, stall.extra_cycles, stall.compiled_wait) == (41, 44, 500, 42)
    assert analyze(_marks(40, 500), 1500, [10, 44], "x").stalls[0].compiled_wait is None   # a wait after 44 holds load 45


def test_waits_count_only_on_barriers_with_loads_pending():
    text = (RESULTS / "microbench_inflight_sass.txt").read_text()
    for function in ("inflight_m4", "inflight_m8"):
        waits = compiled_waits(text, function)
        assert waits and waits == sorted(set(waits)) and waits[-1] <= 128
        assert min(waits) > 40      # the early waits on barriers no load has used yet cost nothing
    with pytest.raises(InputError, match="no inflight_m2"):
        compiled_waits(text, "inflight_m2")


def test_missing_rows_and_a_missing_listing_are_one_line_errors(tmp_path, capsys):
    with pytest.raises(InputError, match="done"):
        read_series([Row("inflight_hbm_m4_w1", "load", 4, "issue_cycle", 40.0, 1980)])
    csv = tmp_path / "microbench.csv"
    csv.write_text("bench,param_name,param_value,metric,value,sm_clock_mhz,device\n"
                   "inflight_hbm_m4_w1,load,4,issue_cycle,40,1980,x\ninflight_hbm_m4_w1,load,4,done_cycle,900,1980,x\n")
    assert main([str(csv)]) == 2
    err = capsys.readouterr().err
    assert "SASS listing" in err and len(err.strip().splitlines()) == 1


def test_the_count_table_gives_each_kernels_first_wait_and_its_issue_cycles():
    text = (RESULTS / "microbench_inflight_sass.txt").read_text()
    rows = [Row("inflight_count_hbm_w1", "loads", n, "issue_cycle", 7.0 * n, 1980) for n in (56, 60)]
    table = count_report(rows, text).splitlines()
    assert table[1].split()[:2] == ["56", "none"] and table[1].split()[-1] == "392"
    assert table[2].split()[:4] == ["60", "after", "load", "54"]   # ptxas waits with barriers to spare


def test_a_replay_with_a_ceiling_waits_for_the_oldest_load():
    from gemmsim.frontends.sm90.sass_reader import parse_sass
    from validation.analyses.inflight import replay_issue

    code = parse_sass((RESULTS / "microbench_inflight_sass.txt").read_text())["inflight_n56"]   # no compiled wait
    assert replay_issue(code, 56, latency=800, ceiling=None, gap=7.0) == pytest.approx(56 * 7.0)
    # 10 in flight at most: load 11 waits for load 1 (back at 800), then one every 7 cycles behind the returns
    assert replay_issue(code, 56, latency=800, ceiling=10, gap=7.0) == pytest.approx(5 * 800 + 6 * 7.0)
