"""The replay of instructions that carry NVIDIA control bits (model/scoreboard.py, wave.py): timelines
worked out by hand on the h200 description (shared-memory latency 29 cycles, 128 B per cycle; FFMA
one pipe cycle), and the barrier microbenchmark's compiled loop replayed against its measurement."""

from pathlib import Path

import pytest

from gemmsim.hw import load_gpu
from gemmsim.ir.program import Control, Instr, Loop, Op, Program, Reg, Resources
from gemmsim.model.cu import replay_cu
from gemmsim.model.vmem import MemoryPath
from gemmsim.frontends.sm90.sass_reader import loops, read_sass
from gemmsim.measurements.rows import read_table

H200 = load_gpu("h200")
MEMORY = MemoryPath(cycles_per_byte=0.0, load_latency_cycles=100, store_latency_cycles=100, scalar_latency_cycles=100)
RESULTS = Path(__file__).resolve().parents[1] / "validation" / "results" / "h200"


def ctl(stall=1, write=None, read=None, wait=()):
    return Control(stall=stall, write_barrier=write, read_barrier=read, wait_mask=sum(1 << b for b in wait))


def alu(control):
    return Instr(Op.SALU, "IADD3", cycles=1, control=control)


def ffma(control):
    return Instr(Op.VALU, "FFMA", cycles=1, dst=Reg("v", 0), srcs=(Reg("v", 1),), control=control)


def lds(control, width=4, op=Op.LDS_READ):
    return Instr(op, "LDS" if op is Op.LDS_READ else "STS", width_bits=8 * width, lane_bytes=width, buffer="lds",
                 lane_offsets=tuple(width * lane for lane in range(32)), control=control)


def program(*waves):
    return Program("hand-built", H200.arch, 32, tuple(tuple(w) for w in waves),
                   Resources(arch_vgprs=32, accum_vgprs=0, sgprs=0, lds_bytes=0, workgroup_size=32 * len(waves)))


def replay(*waves):
    run = replay_cu(program(*waves), H200, 1, MEMORY, record=True)
    return [(w, op, start, end) for w, op, start, end in run.instruction_log], run


def test_the_stall_count_spaces_the_next_instruction_and_is_booked_as_wait():
    log, run = replay([alu(ctl(stall=4)), alu(ctl(stall=1))])
    assert [e[2] for e in log] == [0, 4]
    assert run.stalls["wait"] == 3


def test_a_consumer_waits_on_the_write_barrier_until_the_shared_load_is_back():
    # 32 lanes x 4 B = one 128-byte cycle of shared memory, then 29 cycles of latency: back at 30
    log, run = replay([lds(ctl(write=0)), alu(ctl()), alu(ctl(wait=(0,)))])
    assert [(op, start) for _, op, start, _ in log] == [("lds_read", 0), ("salu", 1), ("salu", 30)]
    assert log[0][3] == 30 and run.stalls["lgkmcnt"] == 30 - 2


def test_a_read_barrier_goes_down_when_the_unit_takes_the_request_not_when_it_is_done():
    # the first 128-bit store holds shared memory 0-4 (512 bytes at 128 B per cycle); the second is
    # taken at 4 and written by 4 + 4 + 29; what waits on its read barrier issues at 4
    log, _ = replay([lds(ctl(), 16, Op.LDS_WRITE), lds(ctl(read=1), 16, Op.LDS_WRITE), alu(ctl(wait=(1,)))])
    assert [(op, start) for _, op, start, _ in log] == [("lds_write", 0), ("lds_write", 1), ("salu", 4)]
    assert log[1][3] == 4 + 4 + 29


def test_a_waiting_instruction_does_not_hold_the_pipe_for_the_other_warps():
    # waves 0 and 4 share sub-partition 0: wave 0's FFMA waits for its shared load until 30; wave 4's
    # FFMAs are ready at 0 and 1 and must not queue behind a pipe slot booked for cycle 30
    wave0 = [lds(ctl(write=0)), ffma(ctl(wait=(0,)))]
    wave4 = [ffma(ctl()), ffma(ctl())]
    log, run = replay(wave0, [], [], [], wave4)
    starts = {(w, op): s for w, op, s, _ in log}
    assert starts[("wg0.wave0", "valu")] == 30
    assert sorted(s for w, op, s, _ in log if w == "wg0.wave4") == [1, 2]     # after wave 0's LDS at 0
    assert run.stalls.get("valu_pipe", 0) == 0


def test_without_control_bits_a_dependent_mma_waits_its_measured_latency():
    mma = H200.matrix[0]
    assert mma.latency_cycles == 24
    chain = [Instr(Op.MFMA, "HMMA", cycles=mma.cycles, latency=mma.latency_cycles, dst=Reg("v", 0, 4),
                   srcs=(Reg("v", 0, 4), Reg("v", 8, 4))) for _ in range(2)]
    log, _ = replay(chain)
    assert [(start, end) for _, _, start, end in log] == [(0, 24), (24, 48)]


def _measured_barrier_cycles() -> dict[int, float]:
    table = read_table(RESULTS / "microbench.csv", "microbenchmarks")
    return {int(r.text("param_value")) // 32: float(r.text("value")) for r in table.rows
            if r.text("bench") == "barrier" and r.text("metric") == "cycles_per_barrier"}


def _barrier_loop(trips: int) -> Loop:
    """The compiled main loop of barrier_loop (16 BAR.SYNC, 7 other instructions) with its control bits."""
    body = next(lp.body for lp in loops(read_sass(RESULTS / "sass" / "microbench_sm_90.sass", "barrier_loop"))
                if sum(i.base == "BAR" for i in lp.body) == 16)
    instrs = tuple(Instr(Op.BARRIER, i.opcode, control=i.control) if i.base == "BAR" else
                   Instr(Op.SALU, i.opcode, cycles=1, control=i.control) for i in body)
    return Loop(instrs, trips)


@pytest.mark.parametrize("warps", [1, 4, 8])
def test_the_compiled_barrier_loop_replays_at_the_measured_cost_per_barrier(warps):
    def cycles(trips):
        return replay_cu(program(*[[_barrier_loop(trips)]] * warps), H200, 1, MEMORY).cycles

    per_barrier = (cycles(6) - cycles(2)) / (4 * 16)
    # the release is rounded to whole cycles: within half a cycle of the measurement
    assert per_barrier == pytest.approx(_measured_barrier_cycles()[warps], abs=0.5)


def test_the_barrier_and_mma_latency_keys_name_their_microbenchmark():
    for key in ("[compute_unit].barrier_latency_cycles", "[compute_unit].barrier_cycles_per_wave",
                "[matrix.mma.sync.m16n8k16.bf16].latency_cycles"):
        prov = H200.provenance[key]
        assert prov.kind == "microbenchmark" and "microbench.csv" in prov.source, key
    for name in ("mi300x", "mi355x"):
        amd = load_gpu(name)
        assert amd.cu.barrier_latency_cycles == 0 == amd.cu.barrier_cycles_per_wave
        assert amd.provenance["[compute_unit].barrier_latency_cycles"].kind == "assumed"


@pytest.mark.parametrize("symbol", ["gemm_tiled_f32", "mma_preshuffle_m32n128k64_swz1"])
def test_the_compiled_hot_loop_carries_its_control_bits_and_no_waitcnt(symbol):
    from gemmsim.ir.program import hot_loop
    from gemmsim.measurements.points import MeasuredPoint, dtype_of, family_of, tile_of
    from gemmsim.measurements.predictor import Predictor

    tile, swizzle = tile_of(symbol)
    point = MeasuredPoint(symbol, family_of(symbol), dtype_of(symbol, "bf16"), 256, 256, 1024, 0.0, "h200", tile, swizzle, None)
    program, _ = Predictor(RESULTS / "sass").program(point, H200)
    body = hot_loop(program.waves[0]).body
    assert all(i.control is not None for i in body)
    assert not any(i.op is Op.WAITCNT for i in body)
    # the loads of the body raise write barriers that some instruction of the body waits on
    raised = {i.control.write_barrier for i in body if i.op in (Op.VMEM_LOAD, Op.LDS_READ)} - {None}
    waited = {b for i in body for b in i.control.waits_on()}
    assert raised and raised <= waited
