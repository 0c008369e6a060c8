"""The L1/shared data pipe of an SM: a global access through the L1 holds the LDS unit first, one cycle a line."""

import pytest

from gemmsim.errors import ConfigError
from gemmsim.frontends.sm90 import ladder, mma
from gemmsim.frontends.sm90.common import Sm90Problem
from gemmsim.hw import load_gpu
from gemmsim.model.cu import replay_cu
from gemmsim.model.vmem import MemoryPath
from gemmsim.ir.program import Instr, L1Access, Op, Program, Resources

PATH = MemoryPath(cycles_per_byte=0.0, load_latency_cycles=100.0, store_latency_cycles=100.0, scalar_latency_cycles=100.0)


def _replay(l1_lines: int):
    gpu = load_gpu("h200")
    l1 = L1Access(l1_lines, touched_offsets=(0,)) if l1_lines else None
    wave = (Instr(Op.VMEM_LOAD, "LDG", lane_bytes=32, lane_offsets=(0,), buffer="A", l1=l1),
            Instr(Op.LDS_READ, "LDS", width_bits=32, lane_bytes=4, buffer="lds", lane_offsets=tuple(range(0, 128, 4))))
    program = Program("t", gpu.arch, 32, (wave,), Resources(32, 0, 0, 0, 32))
    run = replay_cu(program, gpu, 1, PATH, record=True)
    return {op: (start, done) for _, op, start, done in run.instruction_log}, run, gpu


def test_global_lines_delay_the_shared_access_behind_them_and_the_request():
    log, run, gpu = _replay(4)
    # the load takes 4 cycles of the data pipe from cycle 0, then leaves for the L2 (100 cycles)
    assert log["vmem_load"][1] == 4 + 100
    # the shared load, issued at cycle 1, waits for the pipe: served at 4, back after the latency
    assert log["lds_read"][1] == 4 + 1 + gpu.lds.latency_cycles
    assert run.lds_busy_cycles == 5


def test_without_lines_nothing_changes():
    log, run, gpu = _replay(0)
    assert log["vmem_load"][1] == 100
    assert log["lds_read"][1] == 1 + 1 + gpu.lds.latency_cycles


def test_the_sm90_streams_need_a_gpu_of_32_lane_warps():
    amd = load_gpu("mi300x")
    with pytest.raises(ConfigError, match="64-lane waves"):
        ladder.generate("gemm", Sm90Problem(64, 64, 64, "fp32"), amd)
    with pytest.raises(ConfigError, match="64-lane waves"):
        mma.generate((64, 64, 32), True, Sm90Problem(64, 64, 64, "bf16"), amd)
    assert ladder.generate("gemm", Sm90Problem(64, 64, 64, "fp32"), load_gpu("h200")).wave_size == 32


def test_a_warp_moves_at_most_a_line_of_its_data_a_cycle():
    """64-bit lanes on one line take the pipe 2 cycles (32 lanes x 8 bytes), 32-bit ones 1; as the
    committed l1wide rows say: a 64-bit load on one line goes no faster than on two."""
    import csv
    from pathlib import Path
    from gemmsim.frontends.sm90.common import global_access

    memory = load_gpu("h200").memory
    one_line64 = [8 * (lane % 16) for lane in range(32)]        # lanes l and l + 16 on one element
    one_line32 = [4 * lane for lane in range(32)]
    assert global_access(memory, Op.VMEM_LOAD, "LDG.64", "B", one_line64, 8, "t").l1.lines == 2
    assert global_access(memory, Op.VMEM_LOAD, "LDG", "B", one_line32, 4, "t").l1.lines == 1
    assert global_access(memory, Op.VMEM_LOAD, "LDG", "B", one_line32[:8], 4, "t").l1.lines == 1
    rows = csv.DictReader((Path(__file__).resolve().parents[1] / "validation" / "results" / "h200"
                           / "microbench_l1wide.csv").open())
    rate = {(r["bench"], int(r["param_value"])): float(r["value"]) for r in rows if r["metric"] == "ldg_per_cycle_per_sm"}
    assert rate[("l1_wide_b64_half", 8)] == pytest.approx(rate[("l1_wide_b64", 8)], rel=0.05)        # 1 line as 2
    assert rate[("l1_wide_b32_half", 4)] > 1.2 * rate[("l1_wide_b64_half", 8)]                      # 32-bit, 1 line
