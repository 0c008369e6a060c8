"""The queues in front of the shared-memory pipe and the L1 (model/mio.py), who gets a freed entry, and their
fit to the H200 (validation/analyses/miofit.py)."""

from dataclasses import replace
from pathlib import Path

import pytest

from gemmsim.hw import load_gpu
from gemmsim.model.mio import MioArbiter, MioQueue
from validation.analyses import miofit
from gemmsim.measurements.microbench import read_microbench

ROOT = Path(__file__).resolve().parents[1]
SHARED_CSV = ROOT / "validation" / "results" / "h200" / "microbench_shared.csv"
LG_CSV = ROOT / "validation" / "results" / "h200" / "microbench_lg.csv"


def test_a_simd_fills_its_own_entries_then_the_shared_pool():
    q = MioQueue(per_simd=2, shared=1, simds=2)
    for leaves in (10, 20, 30):
        assert q.room(0, 0) == 0
        q.add(0, 0, leaves)
    # SIMD 0 holds 2 entries and the pool's 1: it waits for its first entry to leave
    assert q.room(0, 0) == 10
    # SIMD 1 still has its own entries
    assert q.room(1, 0) == 0
    q.add(1, 0, 40)
    q.add(1, 0, 50)
    # now both SIMDs are past their own entries and the pool is full: SIMD 1 waits for SIMD 0's spill to end
    assert q.room(1, 0) == 10


def test_entries_leave_when_the_pipe_takes_them():
    q = MioQueue(per_simd=1, shared=0, simds=1)
    q.add(0, 0, 5)
    assert q.room(0, 4) == 5 and q.room(0, 5) == 5 and q.room(0, 6) == 6


@pytest.mark.parametrize("queue, path, within", [("mio", SHARED_CSV, 0.035), ("lg", LG_CSV, 0.07)])
def test_the_h200_sizes_are_the_fit_of_the_committed_microbenchmark(queue, path, within):
    gpu = load_gpu("h200")
    runs = miofit.read_runs(read_microbench(path), queue)
    warp_gap, sm_gap = miofit.issue_gaps(runs)
    fitted = [r for r in runs if r.fitted]

    def score(q, g):
        return sum(miofit.error(r, miofit.simulate(r, q, g, warp_gap, sm_gap)) for r in fitted) / len(fitted)

    q, g = getattr(gpu.cu, f"{queue}_queue_per_simd"), getattr(gpu.cu, f"{queue}_queue_shared")
    best = score(q, g)
    assert best < within    # issue cycles this close to each timeline's span on average
    for dq, dg in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        assert score(q + dq, g + dg) >= best
    for key in (f"{queue}_queue_per_simd", f"{queue}_queue_shared"):
        prov = gpu.provenance[f"[compute_unit].{key}"]
        assert prov.kind == "microbenchmark" and "validation/analyses/" in prov.source


def test_miofit_refuses_a_file_without_mio_rows(tmp_path, capsys):
    path = tmp_path / "other.csv"
    path.write_text("bench,param_name,param_value,metric,value,sm_clock_mhz\nshared,conflict_ways,1,latency_cycles,29,1980\n")
    assert miofit.main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no mio_* issue_cycle rows" in err


class _Env:
    """The two things MioArbiter asks of its clock (events.Scheduler), by hand: events and calls after a
    delay, at a clock the test moves."""

    def __init__(self):
        self.now, self.timers = 0.0, []

    def event(self):
        return _Event()

    def after(self, delay, callback):
        self.timers.append((self.now + delay, callback))

    def run_until(self, t):
        for at, callback in sorted(self.timers, key=lambda x: x[0]):
            if at <= t:
                self.timers.remove((at, callback))
                self.now = at
                callback()


class _Event:
    def __init__(self):
        self.callbacks, self.fired = [], False

    def succeed(self):
        self.fired = True


def test_a_freed_entry_goes_to_the_oldest_waiting_warp():
    env = _Env()
    arbiter = MioArbiter(env, MioQueue(per_simd=1, shared=0, simds=2))
    assert arbiter.admit(0, age=5, now=0) is None
    arbiter.issued(0, 0, 10, promised=False)           # SIMD 0's entry leaves at 10
    env.now = 1
    young = arbiter.admit(0, age=7, now=1)
    env.now = 2
    old = arbiter.admit(0, age=2, now=2)
    assert young is not None and old is not None
    env.now = 3
    assert arbiter.admit(1, age=9, now=3) is None      # SIMD 1's own entry is free: no one older needs it
    env.run_until(10)
    assert old.fired and not young.fired              # the oldest first, although it asked later
    arbiter.issued(0, 10, 20, promised=True)
    env.run_until(20)
    assert young.fired


def test_an_entry_freed_this_cycle_goes_to_the_waiting_warp_before_a_newcomer():
    env = _Env()
    arbiter = MioArbiter(env, MioQueue(per_simd=1, shared=0, simds=1))
    arbiter.admit(0, age=0, now=0)
    arbiter.issued(0, 0, 10, promised=False)
    env.now = 5
    waiting = arbiter.admit(0, age=1, now=5)
    env.now = 10                                       # the entry leaves now; the release has not run yet
    assert arbiter.admit(0, age=2, now=10) is not None
    env.run_until(10)
    assert waiting.fired


def _lds_program(gpu, loads: int):
    """8 warps of `loads` LDS.128 each, lanes 16 bytes apart (2 wavefronts each), and a memory path."""
    from gemmsim.ir.program import Instr, Op, Program, Resources
    from gemmsim.model.vmem import MemoryPath

    lds = Instr(Op.LDS_READ, "LDS.128", width_bits=128, lane_bytes=16, buffer="lds",
                lane_offsets=tuple(16 * lane for lane in range(32)))
    prog = Program("hand-built", gpu.arch, 32, tuple((lds,) * loads for _ in range(8)),
                   Resources(arch_vgprs=32, accum_vgprs=0, sgprs=0, lds_bytes=0, workgroup_size=256))
    memory = MemoryPath(cycles_per_byte=1 / 64, load_latency_cycles=600, store_latency_cycles=300,
                        scalar_latency_cycles=300)
    return prog, memory


def test_oldest_first_finishes_the_first_workgroup_sooner_than_waves_in_turn():
    from gemmsim.model.cu import ComputeUnitModel
    from gemmsim.model.stream import decoded_streams

    h200 = load_gpu("h200")
    prog, memory = _lds_program(h200, 64)
    ends = {}
    for oldest_first in (True, False):
        cu = ComputeUnitModel(h200, memory, oldest_first=oldest_first)
        for _ in range(4):
            cu.add_workgroup(decoded_streams(prog, h200, None))
        cu.run()
        ends[oldest_first] = [max(w.end_time for w in cu.waves[g * 8:(g + 1) * 8]) for g in range(4)]
    ordered, in_turn = ends[True], ends[False]
    assert ordered == sorted(ordered) and ordered[0] < 0.7 * ordered[-1]
    assert min(in_turn) > 0.9 * max(in_turn)


def test_a_full_queue_stalls_the_warps_that_issue_shared_loads():
    from gemmsim.model.cu import replay_cu

    h200 = load_gpu("h200")
    no_queue = replace(h200, cu=replace(h200.cu, mio_queue_per_simd=0, lg_queue_per_simd=0))
    prog, memory = _lds_program(h200, 32)   # more loads than the queue holds
    with_queue, without = replay_cu(prog, h200, 1, memory), replay_cu(prog, no_queue, 1, memory)
    # (without it the warps still wait at their own ceiling, lgkmcnt_max in flight)
    assert with_queue.stalls.get("lgkm_slots", 0) > without.stalls.get("lgkm_slots", 0)
    # the LDS does the same work either way: the queue only moves when it is issued
    assert with_queue.lds_busy_cycles == without.lds_busy_cycles
