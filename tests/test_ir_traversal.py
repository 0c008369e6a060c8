"""The IR's traversal functions: the one way front-ends, model and tools walk a stream's loops."""

from gemmsim.ir.program import (Instr, Loop, Op, count_ops, executions, find_loop, find_loops, hot_loop, walk,
                                with_trip_count)

MFMA, LOAD, WAIT = Instr(Op.MFMA, "mfma"), Instr(Op.VMEM_LOAD, "load"), Instr(Op.WAITCNT, "wait")
INNER = Loop((MFMA, MFMA), trip_count=4, name="inner")
OUTER = Loop((LOAD, INNER), trip_count=3, name="outer")
NEVER = Loop((WAIT,), trip_count=0, name="never")
STREAM = (WAIT, OUTER, NEVER, LOAD)


def test_executions_multiply_the_trip_counts_of_the_loops_around():
    assert [(i.opcode, n) for i, n in executions(STREAM)] == [
        ("wait", 1), ("load", 3), ("mfma", 12), ("mfma", 12), ("wait", 0), ("load", 1)]
    assert {n for _, n in executions(STREAM, weighted=False)} == {1}
    assert [i.opcode for i, _ in executions(STREAM, skip="inner")] == ["wait", "load", "wait", "load"]


def test_walk_visits_a_body_once_and_skips_a_loop_that_never_runs():
    assert [(i.opcode, c) for i, c in walk(STREAM)] == [
        ("wait", ()), ("load", (0,)), ("mfma", (0, 0)), ("mfma", (0, 0)), ("load", ())]
    assert sum(1 for _ in walk(STREAM, repeat_loops=True)) == 1 + 3 * (1 + 4 * 2) + 1


def test_counts_and_loops():
    assert count_ops(STREAM) == {Op.WAITCNT: 1, Op.VMEM_LOAD: 4, Op.MFMA: 24}
    assert count_ops(STREAM, weighted=False) == {Op.WAITCNT: 2, Op.VMEM_LOAD: 2, Op.MFMA: 2}
    assert find_loops(STREAM) == [OUTER, INNER, NEVER]
    assert find_loop(STREAM, "inner") is INNER and find_loop(STREAM, "none") is None
    assert hot_loop(STREAM) is OUTER     # 3 x 8 MFMAs beat 4 x 2


def test_with_trip_count_changes_only_the_loops_picked():
    changed = with_trip_count(STREAM, lambda loop: loop.name == "inner", 7)
    assert find_loop(changed, "inner").trip_count == 7 and find_loop(changed, "outer").trip_count == 3
    assert count_ops(changed)[Op.MFMA] == 3 * 7 * 2
    assert count_ops(STREAM)[Op.MFMA] == 24     # the original is untouched
