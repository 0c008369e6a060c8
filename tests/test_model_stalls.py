"""The stall reasons have one home (gemmsim/model/stalls.py): every consumer covers every reason."""

import re

import pytest

from gemmsim.model import bottleneck, recorder, stalls
from gemmsim.model.cu import CuRun
from gemmsim.model.stalls import DRAWN_WAITS, REASONS, STALL_GROUPS, STALL_REASONS
from gemmsim.report import plot
from gemmsim.measurements import stalls as ncu


def test_the_table_names_each_reason_once_and_each_group_after_one_of_its_reasons():
    assert len(set(STALL_REASONS)) == len(STALL_REASONS) == len(REASONS)
    assert all(group in STALL_GROUPS[group] for group in STALL_GROUPS)


def test_the_groups_hold_every_reason_once():
    grouped = [r for reasons in STALL_GROUPS.values() for r in reasons]
    assert sorted(grouped) == sorted(STALL_REASONS)


def test_the_stall_breakdown_reports_every_reason_and_group():
    run = CuRun(cycles=10.0, workgroups=1, waves=1, instructions=1, mfma_count=0, mfma_busy_cycles=0.0,
                valu_busy_cycles=0.0, lds_busy_cycles=0.0, lds_conflict_cycles=0.0, vmem_busy_cycles=0.0,
                vmem_bytes=0.0, stalls={r: 1.0 for r in STALL_REASONS}, simds=1)
    breakdown = bottleneck.stall_breakdown(run)
    assert tuple(breakdown["cycles_per_wave"]) == STALL_REASONS
    assert tuple(breakdown["grouped_cycles_per_wave"]) == tuple(STALL_GROUPS)
    assert sum(breakdown["grouped_cycles_per_wave"].values()) == len(STALL_REASONS)


def test_the_text_report_names_what_the_waves_wait_on_for_every_drawn_group():
    # the groups of counters and the barrier, whose waits the timeline draws; the pipes' group is not a wait
    assert set(bottleneck.WAIT_MEANING) == {r.group for r in REASONS if r.drawn}


@pytest.mark.parametrize("reason", STALL_REASONS)
def test_the_timeline_draws_a_wait_in_its_groups_colour_or_not_at_all(reason):
    timeline = recorder.Timeline()
    timeline.waited("wg0.wave0", reason, 0.0, 4.0)
    drawn = reason in DRAWN_WAITS
    assert [s.name for s in timeline.spans] == ([f"wait {reason}"] if drawn else [])
    if drawn:
        kind = plot.category(timeline.spans[0].name)
        assert kind == f"wait {stalls.BY_NAME[reason].group}" and kind in plot.CATEGORY_COLORS


def test_the_plot_legend_has_a_colour_for_every_wait_it_draws_and_no_other():
    waits = {k for k in plot.CATEGORY_COLORS if k.startswith("wait ")}
    assert waits == set(plot.WAIT_KIND.values()) and set(plot.WAIT_KIND) == DRAWN_WAITS


@pytest.mark.parametrize("reason", STALL_REASONS)
def test_every_reason_has_its_ncu_category(reason):
    category = ncu.category_of_model(reason)
    assert category == stalls.BY_NAME[reason].ncu and category in ncu.STALL_CATEGORIES


def test_the_docstring_table_of_validate_stalls_says_what_the_table_holds():
    rows = re.findall(r"^\| ([a-z_, ]+) \| ([a-z_]+)[^|]* \|", ncu.__doc__, re.M)
    documented = {name: category for names, category in rows for name in names.split(", ")}
    documented.pop("model reason")
    assert documented == {r.name: r.ncu for r in REASONS}
