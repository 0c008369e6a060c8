"""The MIO queue in front of the shared-memory pipe (model/mio.py) and its fit to the H200 (validate/miofit.py)."""

from dataclasses import replace
from pathlib import Path

import pytest

from gemmsim.hw import load_gpu
from gemmsim.model.mio import MioQueue
from gemmsim.validate import miofit

ROOT = Path(__file__).resolve().parents[1]
SHARED_CSV = ROOT / "validation" / "results" / "h200" / "microbench_shared.csv"


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


def test_the_h200_sizes_are_the_fit_of_the_committed_microbenchmark():
    gpu = load_gpu("h200")
    runs = miofit.read_runs(SHARED_CSV)
    warp_gap, sm_gap = miofit.issue_gaps(runs)
    fitted = [r for r in runs if r.fitted]

    def score(q, g):
        return sum(miofit.error(r, miofit.simulate(r, q, g, warp_gap, sm_gap)) for r in fitted) / len(fitted)

    q, g = gpu.cu.mio_queue_per_simd, gpu.cu.mio_queue_shared
    best = score(q, g)
    assert best < 0.035    # issue cycles within 3.5 % of each timeline's span on average
    for dq, dg in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        assert score(q + dq, g + dg) >= best
    for key in ("mio_queue_per_simd", "mio_queue_shared"):
        prov = gpu.provenance[f"[compute_unit].{key}"]
        assert prov.kind == "microbenchmark" and "gemmsim.validate.miofit" in prov.source


def test_miofit_refuses_a_file_without_mio_rows(tmp_path, capsys):
    path = tmp_path / "other.csv"
    path.write_text("bench,param_name,param_value,metric,value\nshared,conflict_ways,1,latency_cycles,29\n")
    assert miofit.main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no mio_* issue_cycle rows" in err


def test_a_full_queue_stalls_the_warps_that_issue_shared_loads():
    from gemmsim.ir.program import Instr, Op, Program, Resources
    from gemmsim.model.cu import replay_cu
    from gemmsim.model.vmem import MemoryPath

    h200 = load_gpu("h200")
    no_queue = replace(h200, cu=replace(h200.cu, mio_queue_per_simd=0))
    # 8 warps of 32 LDS.128 each, lanes 16 bytes apart (2 wavefronts each): more than the queue holds
    lds = Instr(Op.LDS_READ, "LDS.128", width_bits=128, lane_bytes=16, buffer="lds",
                lane_offsets=tuple(16 * lane for lane in range(32)))
    prog = Program("hand-built", h200.arch, 32, tuple((lds,) * 32 for _ in range(8)),
                   Resources(arch_vgprs=64, accum_vgprs=0, sgprs=0, lds_bytes=0, workgroup_size=256))
    memory = MemoryPath(cycles_per_byte=1 / 64, load_latency_cycles=600, store_latency_cycles=300,
                        scalar_latency_cycles=300)
    with_queue, without = replay_cu(prog, h200, 1, memory), replay_cu(prog, no_queue, 1, memory)
    assert with_queue.stalls.get("lgkm_slots", 0) > 0 and without.stalls.get("lgkm_slots", 0) == 0
    # the LDS does the same work either way: the queue only moves when it is issued
    assert with_queue.lds_busy_cycles == without.lds_busy_cycles
