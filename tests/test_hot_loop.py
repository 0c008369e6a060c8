"""analytics.hot_loop: the guide's counts, ratios and verdicts, worked out by hand on tiny loops."""

from gemmsim.analytics.hot_loop import loop_mix, memory_verdict, mfma_verdict
from gemmsim.ir.program import find_loop
from gemmsim.ir.program import Instr, Loop, Op


def _body(*ops):
    return tuple(Instr(op, op.value) for op in ops)


def test_ratios_and_verdicts_of_one_body():
    # 4 MFMA, 2 LDS reads, 1 buffer load, 1 waitcnt, 2 VALU: 10 instructions
    body = _body(*[Op.MFMA] * 4, Op.LDS_READ, Op.LDS_READ, Op.VMEM_LOAD, Op.WAITCNT, Op.VALU, Op.VALU)
    mix = loop_mix(body)
    assert (mix.instructions, mix.mfma_ratio, mix.memory_ratio) == (10, 0.4, 0.3)
    assert (mix.mfma_ratio_verdict, mix.memory_ratio_verdict) == ("acceptable", "good overlap")
    assert mix.guide_counts()["v_mfma"] == 4 and mix.guide_counts()["buffer_load"] == 1


def test_the_guide_thresholds():
    assert [mfma_verdict(r) for r in (0.41, 0.40, 0.30, 0.29)] == [
        "good", "acceptable", "acceptable", "too much non-MFMA overhead"]
    assert [memory_verdict(r) for r in (0.39, 0.40, 0.50, 0.51)] == ["good overlap", "watch", "watch", "memory-dominant"]


def test_nested_loops_weighted_or_walked_once():
    inner = Loop(_body(Op.MFMA, Op.MFMA), trip_count=3, name="inner")
    skipped = Loop(_body(Op.VALU), trip_count=0, name="never")
    body = (inner, skipped) + _body(Op.BARRIER)
    assert loop_mix(body).counts[Op.MFMA] == 6                        # the inner loop's 3 trips
    walked = loop_mix(body, weighted=False)
    assert walked.counts == {Op.MFMA: 2, Op.BARRIER: 1}               # one walk; the empty loop never runs
    assert find_loop((Loop(body, 2, "outer"),), "inner") is inner and find_loop(body, "nothing") is None


def test_an_empty_body_has_zero_ratios():
    assert (loop_mix(()).mfma_ratio, loop_mix(()).memory_ratio) == (0.0, 0.0)
