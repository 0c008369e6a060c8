"""s_waitcnt insertion (gemmsim/ir/waits.py): in-order retirement, and the join where a loop's paths meet."""

from gemmsim.ir.program import Instr, Op
from gemmsim.ir.waits import WaitTracker

LOAD = Instr(Op.VMEM_LOAD, "buffer_load_dwordx4")


def _issued(*tokens) -> WaitTracker:
    w = WaitTracker()
    for t in tokens:
        w.issued(LOAD, t)
    return w


def test_a_wait_lets_the_later_loads_stay_outstanding_and_retires_the_earlier():
    w = _issued("a", "b", "c")
    assert w.wait_for("b")[0].vmcnt == 1
    assert w.wait_for("a") == []            # retired with b
    assert w.wait_for("c")[0].vmcnt == 0


def test_the_join_keeps_the_stricter_wait_of_each_load():
    # the prologue loads n0k0 n0k1 n1k0 n1k1, the loop's back edge n0k0 n1k0 n0k1 n1k1 (FlyDSL, gfx942)
    entry, back = _issued("0,0", "0,1", "1,0", "1,1"), _issued("0,0", "1,0", "0,1", "1,1")
    head = entry.joined(back)
    assert head.copy().wait_for("1,0")[0].vmcnt == 1     # min(1 on entry, 2 on the back edge)
    assert head.copy().wait_for("0,1")[0].vmcnt == 1     # min(2, 1)
    assert head.joined(head).state() == head.state()
