"""A warp's first-touch load: its latency grows with the sectors it takes, and a load that
finds its lines in flight completes a little after they arrive (vmem.py, cu.py; the H200's keys from
the chase_warp microbenchmark, validation/results/h200/microbench_touch.csv)."""

from pathlib import Path

import numpy as np
import pytest

from gemmsim.hw import load_gpu
from gemmsim.hw.loader import TOUCH_MEMORY_KEYS
from gemmsim.model.cu import replay_cu
from gemmsim.model.gpu import memory_path
from gemmsim.model.traffic import RoundTraffic
from gemmsim.model.vmem import MemoryPath, VmemQueue
from gemmsim.ir.program import Instr, Op, Program, Resources
from gemmsim.measurements.microbench import read_microbench

GPU = load_gpu("h200")
TOUCH_CSV = Path(__file__).resolve().parents[1] / "validation" / "results" / "h200" / "microbench_touch.csv"
SECTORS = {"word": 1, "line": 4, "two_lines": 8}          # chase_warp's lane patterns, in 32-byte sectors
HBM_SERIES = [("random", 256 << 20), ("random", 2 << 30), ("sequential", 256 << 20), ("sequential", 2 << 30)]


def load(*sectors: int) -> Instr:
    return Instr(Op.VMEM_LOAD, "LDG", lane_bytes=32, lane_offsets=tuple(sectors), buffer="B")


def wait() -> Instr:
    return Instr(Op.WAITCNT, "wait", vmcnt=0)


def replay(stream, path: MemoryPath) -> list[tuple[float, float]]:
    program = Program("t", GPU.arch, 32, (tuple(stream),), Resources(32, 0, 0, 0, 32), grid=(1, 1))
    run = replay_cu(program, GPU, 1, path, record=True)
    return [(start, done) for _, op, start, done in run.instruction_log if op == "vmem_load"]


def test_each_sector_beyond_the_first_adds_the_sector_latency():
    path = MemoryPath(cycles_per_byte=0.0, load_latency_cycles=100.0, store_latency_cycles=50.0,
                      scalar_latency_cycles=50.0, sector_bytes=32, sector_latency_cycles=5.0)
    [(s1, d1)] = replay([load(0), wait()], path)
    [(s8, d8)] = replay([load(*range(0, 256, 32)), wait()], path)   # two lines, eight sectors
    assert (d1 - s1, d8 - s8) == (100.0, 100.0 + 7 * 5.0)
    assert VmemQueue(path).request(0.0, 256, store=True) == 50.0     # stores: acknowledged by the L2 as before


def test_a_load_whose_lines_are_in_flight_completes_the_pending_cycles_after_they_arrive():
    path = MemoryPath(cycles_per_byte=0.0, load_latency_cycles=100.0, store_latency_cycles=100.0,
                      scalar_latency_cycles=100.0)
    # the compiled pair's second load is at +4 bytes: the same sectors of the same two lines (the L1
    # holds sectors apart, so another sector of those lines would be a miss of its own)
    first, second = replay([load(0, 128), load(0, 128), wait()], path)
    assert second[1] == pytest.approx(first[1] + GPU.memory.l1_pending_hit_cycles)
    assert GPU.memory.l1_pending_hit_cycles == pytest.approx(15.1)


def touch_cycles() -> dict:
    return {(r.bench, r.param_value): r.value for r in read_microbench(TOUCH_CSV) if r.metric == "latency_cycles"}


def test_the_model_replays_the_touch_microbenchmark_patterns():
    """One warp, every load from HBM (an L2 hit rate of 0), through gpu.memory_path: each lane
    pattern's latency less the one-word load's, against the mean of the four HBM series (within 2
    cycles) and each series (within 6: they differ among themselves by up to 7.5 cycles)."""
    clock = GPU.peak_clock_mhz
    path = memory_path(RoundTraffic(1, 1, 1e6, 0.0, 1e6, 1e6), 1, GPU, clock)
    two_lines = tuple(range(0, 256, 32))
    patterns = {"word": [load(0), wait()], "line": [load(0, 32, 64, 96), wait()], "two_lines": [load(*two_lines), wait()],
                "pair": [load(*two_lines), load(*two_lines), wait()]}   # the pair's second: the same lines, in flight
    model = {name: max(done for _, done in replay(stream, path)) for name, stream in patterns.items()}
    measured = touch_cycles()
    for name in ("line", "two_lines", "pair"):
        extra = [measured[(f"touch_hbm_{o}_{name}", s)] - measured[(f"touch_hbm_{o}_word", s)] for o, s in HBM_SERIES]
        assert model[name] - model["word"] == pytest.approx(np.mean(extra), abs=2.0)
        assert all(model[name] - model["word"] == pytest.approx(e, abs=6.0) for e in extra)


def test_the_h200_keys_are_the_touch_microbenchmark_fits():
    rows = {(r.bench, r.param_value, r.metric): r.value for r in read_microbench(TOUCH_CSV)}

    def slope(level, order, size):
        x = [SECTORS[p] for p in SECTORS]
        return np.polyfit(x, [rows[(f"touch_{level}_{order}_{p}", size, "latency_ns")] for p in SECTORS], 1)[0]

    mem = GPU.memory
    # the model already moves each sector at the SM's own L2 read rate (one warp leaves the L2 idle:
    # gpu.l2_cycles_per_byte): the keys are the rest
    slice_ns = mem.l1_sector_bytes / mem.l2_sm_read_bytes_per_clk / GPU.peak_clock_mhz * 1e3
    hbm = np.mean([slope("hbm", o, s) for o, s in HBM_SERIES])
    assert mem.hbm_sector_latency_ns == pytest.approx(hbm - slice_ns, abs=0.01)
    assert mem.l2_sector_latency_ns == pytest.approx(max(0.0, slope("l2", "random", 16 << 20) - slice_ns), abs=0.01)
    series = HBM_SERIES + [("random", 16 << 20)]
    pending = [rows[(f"touch_{'l2' if s == 16 << 20 else 'hbm'}_{o}_pair", s, "latency_cycles")]
               - rows[(f"touch_{'l2' if s == 16 << 20 else 'hbm'}_{o}_two_lines", s, "latency_cycles")] for o, s in series]
    assert mem.l1_pending_hit_cycles == pytest.approx(np.mean(pending), abs=0.05)
    for key in TOUCH_MEMORY_KEYS:
        prov = GPU.provenance[f"[memory].{key}"]
        assert prov.kind == "microbenchmark" and "microbench_touch.csv" in prov.source


@pytest.mark.parametrize("name", ["mi300x", "mi325x", "mi350x", "mi355x"])
def test_amd_descriptions_leave_the_touch_keys_out(name):
    mem = load_gpu(name).memory
    assert all(getattr(mem, key) is None for key in TOUCH_MEMORY_KEYS)
