"""Each vocabulary has one home, an enum, and every consumer covers every member: the bottlenecks
(analytics/bottlenecks.py), the clock sources (prediction.py), the wave counters (ir/program.py); and
the hot loop's mix is a typed record whose JSON is the dict the prediction always wrote."""

import dataclasses
import json

import pytest

from gemmsim.analytics.hot_loop import HotLoopMix, hot_loop_section
from gemmsim.analytics.roofline import roofline
from gemmsim.functional.executor import _Wave
from gemmsim.hw import load_gpu
from gemmsim.ir.program import COUNTER_OF, LGKMCNT_OPS, MEMORY_OPS, VMCNT_OPS, Counter, Instr, Op, counter_of
from gemmsim.ir.waits import COUNTERS
from gemmsim.analytics.bottlenecks import Bottleneck
from gemmsim.model.bottleneck import SATURATED, UNITS, WAIT_MEANING, classify
from gemmsim.model.clock import clock_source
from gemmsim.model.counters import WaveCounters
from gemmsim.model.stalls import STALL_REASONS
from gemmsim.prediction import ClockSource
from gemmsim.problem import make_config, make_problem
from gemmsim.report.text import format_prediction
from gemmsim.simulate import predict


@pytest.fixture(scope="module")
def prediction():
    return predict(make_problem("512x512x512", "bf16"), make_config("64x128x64"), load_gpu("mi300x"))


def _line(text: str, key: str) -> str:
    return next(line for line in text.splitlines() if line.strip().startswith(key))


# ---- bottlenecks ---------------------------------------------------------------------------------
def test_classify_names_every_bottleneck():
    seen = {classify({u: 0.0 for u in UNITS})}
    for unit in UNITS:
        seen.add(classify({u: SATURATED if u == unit else 0.0 for u in UNITS}))
    assert seen == set(Bottleneck)


def test_the_prediction_measures_every_unit_it_can_name(prediction):
    assert set(UNITS) <= set(prediction.evidence.steady_state_utilization)
    assert set(UNITS) | {Bottleneck.LATENCY} == set(Bottleneck)


def test_the_roofline_names_a_bottleneck_of_the_table():
    gpu = load_gpu("mi300x")
    named = {roofline(m, n, k, "bf16", gpu, "spec").bottleneck for m, n, k in ((8192, 8192, 8192), (16, 8192, 64))}
    assert named == {Bottleneck.MFMA, Bottleneck.VMEM_BANDWIDTH}


@pytest.mark.parametrize("b", list(Bottleneck))
def test_the_text_report_and_the_json_write_every_bottleneck_as_its_string(prediction, b):
    p = dataclasses.replace(prediction, bottleneck=b)
    line = _line(format_prediction(p), "bottleneck")
    assert line.split()[1].rstrip(":") == b.value
    assert ("waves wait mostly on" in line) == (b is Bottleneck.LATENCY)
    if b is Bottleneck.LATENCY:
        assert WAIT_MEANING[p.evidence.largest_wait] in line
    assert json.loads(p.to_json())["bottleneck"] == b.value and repr(b) == repr(b.value)


# ---- clock sources -------------------------------------------------------------------------------
def test_clock_source_names_every_source():
    mi300x, h200 = load_gpu("mi300x"), load_gpu("h200")
    assert mi300x.clock_under_load is not None and h200.clock_under_load is None
    assert {clock_source(mi300x, 1000.0), clock_source(mi300x, None), clock_source(h200, None)} == set(ClockSource)


@pytest.mark.parametrize("source", list(ClockSource))
def test_the_text_report_and_the_json_write_every_clock_source(prediction, source):
    p = dataclasses.replace(prediction, clock_source=source)
    line = _line(format_prediction(p), "throughput")
    assert (f"the {source.value} " if source is ClockSource.SUSTAINED else f"(clock: {source.value})") in line
    assert json.loads(p.to_json())["clock_source"] == source.value


# ---- wave counters -------------------------------------------------------------------------------
def test_every_memory_op_counts_on_one_counter():
    assert set(COUNTER_OF) == set(MEMORY_OPS) == set(VMCNT_OPS) | set(LGKMCNT_OPS)
    assert all(counter_of(op) is c for op, c in COUNTER_OF.items())
    assert set(COUNTER_OF.values()) == set(Counter)


def test_every_consumer_keeps_every_counter():
    assert COUNTERS == tuple(Counter)
    assert set(WaveCounters(4, 4).of) == set(Counter)
    assert set(_Wave(0, {}, {}).queues) == set(Counter)
    instr_fields = {f.name for f in dataclasses.fields(Instr)}
    for c in Counter:
        waitcnt = c + "cnt"          # the s_waitcnt threshold, and the stall reason of waiting on it
        assert waitcnt in instr_fields and waitcnt in STALL_REASONS


def test_a_counter_is_its_string():
    assert Counter.VM == "vm" and {"lgkm": 1}[Counter.LGKM] == 1 and repr(Counter.VM) == "'vm'"
    assert counter_of(Op.SMEM) is Counter.LGKM


# ---- the hot loop's mix ----------------------------------------------------------------------------
def test_the_hot_loop_writes_its_fields_and_no_hot_loop_writes_an_empty_section(prediction):
    h = prediction.hot_loop
    assert isinstance(h, HotLoopMix)
    written = prediction.to_dict()["hot_loop"]
    assert list(written) == [f.name for f in dataclasses.fields(HotLoopMix)] and written == hot_loop_section(h)
    assert "hot-loop mix" in format_prediction(prediction)
    without = dataclasses.replace(prediction, hot_loop=None)
    assert without.to_dict()["hot_loop"] == {} == hot_loop_section(None)
    assert "hot-loop mix" not in format_prediction(without)
