"""SimPy-style micro-tests of the compute-unit replay: a few hand-built instructions, a timeline
worked out by hand from the GPU file's numbers (mi300x: MFMA 16 cycles, VALU 4, LDS 128 B/clk and
48 cycles of latency, b128 accesses in 8 phases)."""

from dataclasses import replace

import pytest

from gemmsim.hw import load_gpu
from gemmsim.model.counters import InOrderCounter
from gemmsim.model.cu import replay_cu
from gemmsim.model.vmem import MemoryPath
from gemmsim.ir.program import Instr, Op, Program, Reg, Resources

GPU = load_gpu("mi300x")
MFMA = GPU.matrix_instructions("fp8")[0]
# 100 cycles of latency, 64 bytes per cycle: a 1 KiB load is back 100 + 16 cycles after issue
MEMORY = MemoryPath(cycles_per_byte=1 / 64, load_latency_cycles=100, store_latency_cycles=50, scalar_latency_cycles=50)


def mfma(acc=0, src=100):
    return Instr(Op.MFMA, MFMA.opcode, cycles=MFMA.cycles, dst=Reg("v", acc, 4), srcs=(Reg("v", src, 2), Reg("v", acc, 4)))


def ds_read_b128(offsets=None):
    return Instr(Op.LDS_READ, "ds_read_b128", width_bits=128, lane_bytes=16, buffer="lds",
                 lane_offsets=tuple(offsets if offsets is not None else (16 * lane for lane in range(64))))


def buffer_load_x4():
    return Instr(Op.VMEM_LOAD, "buffer_load_dwordx4", width_bits=128, lane_bytes=16, buffer="B",
                 lane_offsets=tuple(16 * lane for lane in range(64)))


def program(*waves):
    return Program("hand-built", GPU.arch, 64, tuple(tuple(w) for w in waves),
                   Resources(arch_vgprs=128, accum_vgprs=0, sgprs=16, lds_bytes=0, workgroup_size=64 * len(waves)))


def log_of(prog, workgroups=1, gpu=GPU):
    run = replay_cu(prog, gpu, workgroups, MEMORY, record=True)
    return [(op, start, end) if workgroups == 1 and len(prog.waves) == 1 else (wave, op, start, end)
            for wave, op, start, end in run.instruction_log], run


def test_mfma_then_independent_lds_read():
    # MFMA holds the matrix pipe 0-16; the LDS read issues next cycle, holds the LDS 8 cycles
    # (8 conflict-free phases = 1 KiB at 128 B/clk) and is back 48 cycles later.
    log, _ = log_of(program([mfma(), ds_read_b128()]))
    assert log == [("mfma", 0, 16), ("lds_read", 1, 1 + 8 + 48)]


def test_dependent_mfmas_run_back_to_back():
    # the second MFMA reads the first one's accumulator: it starts when the first is done, no gap
    log, run = log_of(program([mfma(acc=0), mfma(acc=0), mfma(acc=8)]))
    assert log == [("mfma", 0, 16), ("mfma", 16, 32), ("mfma", 32, 48)]
    assert run.mfma_busy_cycles == 3 * MFMA.cycles


def test_waitcnt_holds_the_mfma_until_the_load_is_back():
    wait = Instr(Op.WAITCNT, "s_waitcnt", vmcnt=0)
    log, run = log_of(program([buffer_load_x4(), wait, mfma()]))
    assert log == [("vmem_load", 0, 116), ("waitcnt", 116, 117), ("mfma", 117, 133)]
    assert run.stalls["vmcnt"] == 116 - 1


def test_two_workgroups_share_the_lds_in_arrival_order():
    # one wave each, on SIMD 0 and SIMD 1: both read at cycle 0; the second waits for the first's 8 cycles
    log, _ = log_of(program([ds_read_b128()]), workgroups=2)
    assert log == [("wg0.wave0", "lds_read", 0, 56), ("wg1.wave0", "lds_read", 0, 64)]


def test_waves_on_one_simd_share_its_matrix_pipe():
    # 5 waves: wave 4 lands on SIMD 0 with wave 0 and gets the pipe when wave 0's MFMA is done
    log, run = log_of(program(*[[mfma()] for _ in range(5)]))
    assert [e for e in log if e[0] in ("wg0.wave0", "wg0.wave4")] == [("wg0.wave0", "mfma", 0, 16),
                                                                       ("wg0.wave4", "mfma", 16, 32)]
    assert run.stalls["mfma_pipe"] == 16


def test_valu_waits_for_the_mfma_result_and_the_barrier_for_the_slowest_wave():
    cvt = Instr(Op.VALU, "v_cvt_pk_bf16_f32", cycles=GPU.cu.valu_cycles, dst=Reg("v", 40, 2), srcs=(Reg("v", 0, 4),))
    barrier = Instr(Op.BARRIER, "s_barrier")
    salu = Instr(Op.SALU, "s_add_u32", cycles=GPU.cu.salu_cycles)
    log, run = log_of(program([mfma(), cvt, barrier, salu], [barrier, salu]))
    # wave 0: MFMA 0-16; the cvt reads its accumulator, so it issues at 16 (VALU busy 16-20); the
    # barrier could go at 17. Wave 1 reaches the barrier at 0 and waits for wave 0 until 17.
    assert sorted(log, key=lambda e: (e[2], e[0])) == [
        ("wg0.wave0", "mfma", 0, 16), ("wg0.wave0", "valu", 16, 20), ("wg0.wave0", "barrier", 17, 18),
        ("wg0.wave1", "barrier", 17, 18), ("wg0.wave0", "salu", 18, 19), ("wg0.wave1", "salu", 18, 19)]
    assert run.stalls["barrier"] == 17 and run.stalls["dependency"] == 15


def test_lds_bank_conflicts_lengthen_the_access():
    # 64 lanes 128 bytes apart: in every 8-lane b128 phase the lanes hit the same 4 banks -> 8-way
    log, run = log_of(program([ds_read_b128([128 * lane for lane in range(64)])]))
    assert log == [("lds_read", 0, 64 + 48)]
    assert run.lds_conflict_cycles == 64 - 8


def test_vmcnt_ceiling_stops_issue():
    gpu = replace(GPU, cu=replace(GPU.cu, vmcnt_max=2))
    log, run = log_of(program([buffer_load_x4(), buffer_load_x4(), buffer_load_x4()]), gpu=gpu)
    # the third load may issue only once the first is back (116)
    assert [start for _, start, _ in log] == [0, 1, 116]
    assert run.stalls["vmem_slots"] == 116 - 2


def test_counters_retire_in_issue_order():
    c = InOrderCounter(limit=63)
    assert c.push(100.0) == 100.0
    assert c.push(50.0) == 100.0        # done early, but counted only after the older one
    assert c.time_at_most(1, now=0.0) == 100.0
    assert c.time_at_most(0, now=0.0) == 100.0
    assert c.time_at_most(2, now=0.0) == 0.0


@pytest.mark.parametrize("workgroups", [1, 2])
def test_replay_has_no_overlap_on_any_pipe(workgroups):
    run = replay_cu(program(*[[mfma(), mfma(acc=8), ds_read_b128()] for _ in range(4)]), GPU, workgroups,
                    MEMORY, record=True)
    tracks = {}
    for span in run.timeline:
        if not span.track.startswith("wg"):
            tracks.setdefault(span.track, []).append((span.start, span.end))
    for track, spans in tracks.items():
        spans.sort()
        assert all(a_end <= b_start for (_, a_end), (b_start, _) in zip(spans, spans[1:])), track


def test_one_stream_stands_for_every_wave_of_the_workgroup():
    # a front-end may hand over one stream for a 256-thread workgroup: all four waves still run
    prog = replace(program([mfma()]), resources=Resources(128, 0, 16, 0, workgroup_size=256))
    run = replay_cu(prog, GPU, 1, MEMORY)
    assert run.waves == 4 and run.mfma_count == 4 and run.cycles == MFMA.cycles


def test_a_wave_needs_only_its_port_not_the_compute_unit():
    # the wave runs against a stand-in port: it asks the port only for memory work and reports to it
    from gemmsim.model.barrier import WorkgroupBarrier
    from gemmsim.model.counters import WaveCounters
    from gemmsim.model.events import Scheduler
    from gemmsim.model.simd import Simd
    from gemmsim.model.stream import decode_wave
    from gemmsim.model.wave import Wave

    class Port:
        def __init__(self):
            self.clock, self.events = Scheduler(), []
            self.recording = True    # it wants to hear of every issued instruction and stall
            self.stalls = {}
            self.mio = self.lg = None   # no queue in front of the data pipe (an AMD CU)

        def memory_done(self, step, now, block_bases):
            self.events.append(("memory", step.op.value, now))
            return now + 100

        def issued(self, wave, step, now, done):
            self.events.append(("issued", step.op.value, now, done))

        def stalled(self, wave, why, start, end):
            self.events.append(("stalled", why, start, end))

    port = Port()
    wait = Instr(Op.WAITCNT, "s_waitcnt", lgkmcnt=0)
    wave = Wave("w", decode_wave((ds_read_b128(), wait, mfma()), GPU), port, Simd.build(0),
                WorkgroupBarrier(port.clock, 1), WaveCounters(GPU.cu.vmcnt_max, GPU.cu.lgkmcnt_max), {})
    wave.start()
    port.clock.run()
    assert port.events == [("memory", "lds_read", 0), ("issued", "lds_read", 0, 100),
                           ("stalled", "lgkmcnt", 1, 100), ("issued", "waitcnt", 100, 101),
                           ("issued", "mfma", 101, 101 + MFMA.cycles)]


def test_waiting_for_the_busy_matrix_pipe_rolls_up_as_mfma_pipe():
    from gemmsim.model.bottleneck import stall_breakdown

    # wave 4 shares SIMD 0 with wave 0 and waits 16 cycles for its matrix pipe
    _, run = log_of(program(*[[mfma()] for _ in range(5)]))
    grouped = stall_breakdown(run)["grouped_cycles_per_wave"]
    assert set(grouped) == {"vmcnt", "lgkmcnt", "barrier", "mfma_pipe"}
    assert grouped["mfma_pipe"] == 16 / 5


def test_recording_changes_no_counter():
    prog = program(*[[buffer_load_x4(), mfma(), ds_read_b128(), mfma(acc=8)] for _ in range(6)])
    plain, recorded = replay_cu(prog, GPU, 2, MEMORY), replay_cu(prog, GPU, 2, MEMORY, record=True)
    assert plain.timeline is None and plain.instruction_log is None
    assert replace(recorded, timeline=None, instruction_log=None) == plain
    assert len(recorded.instruction_log) == recorded.instructions
