"""The replay's fast path against its plain path: random small Programs (MFMA, VALU, SALU, LDS reads
and writes, global loads and stores, waitcnts, barriers, NVIDIA control bits, loops; 1-4 waves, 1-2
workgroups) replayed with the waves' fast process (Wave.run, what predictions use) and their plain one
(Wave.run_plain: one instruction at a time, every wait a wake-up on the clock's queue) give the same
timeline, the same instruction log and the same counters, to the last bit and type."""

from dataclasses import replace

from hypothesis import HealthCheck, given, settings, strategies as st

from gemmsim.frontends.sm90.common import global_access
from gemmsim.hw import load_gpu
from gemmsim.ir.program import Control, Instr, Loop, Op, Program, Reg, Resources, walk
from gemmsim.model.cu import replay_cu
from gemmsim.model.stalls import STALL_REASONS
from gemmsim.model.vmem import MemoryPath

GPUS = {name: load_gpu(name) for name in ("mi300x", "mi355x", "h200")}
REGS = 6   # few registers, so that ops depend on each other


def lanes(wave_size: int, stride: int) -> tuple[int, ...]:
    return tuple(stride * lane for lane in range(wave_size))


@st.composite
def instruction(draw, gpu, wave_size: int, controlled: bool) -> Instr:
    kind = draw(st.sampled_from(["mfma", "mfma", "valu", "salu", "lds_read", "lds_write", "load", "store",
                                 "waitcnt", "barrier"]))
    reg = st.integers(0, REGS - 1)
    if kind == "mfma":
        acc = draw(reg)
        matrix = draw(st.sampled_from(gpu.matrix))
        instr = Instr(Op.MFMA, matrix.opcode, cycles=matrix.cycles, latency=draw(st.sampled_from([0, matrix.cycles + 4])),
                      dst=Reg("v", 8 * acc, 4), srcs=(Reg("v", 8 * draw(reg), 2), Reg("v", 8 * acc, 4)))
    elif kind == "valu":
        instr = Instr(Op.VALU, "v_add_u32", cycles=gpu.cu.valu_cycles, dst=Reg("v", 8 * draw(reg)),
                      srcs=(Reg("v", 8 * draw(reg)),))
    elif kind == "salu":
        instr = Instr(Op.SALU, "s_add_u32", cycles=draw(st.integers(1, 3)))
    elif kind in ("lds_read", "lds_write"):
        width = draw(st.sampled_from([4, 8, 16]))
        stride = draw(st.sampled_from([width, 128, 4 * width]))
        op = Op.LDS_READ if kind == "lds_read" else Op.LDS_WRITE
        instr = Instr(op, f"ds_{kind[4:]}_b{8 * width}", width_bits=8 * width, lane_bytes=width, buffer="lds",
                      lane_offsets=lanes(wave_size, stride))
    elif kind in ("load", "store"):
        op = Op.VMEM_LOAD if kind == "load" else Op.VMEM_STORE
        width, stride = draw(st.sampled_from([4, 16])), draw(st.sampled_from([4, 16, 256]))
        buffer = draw(st.sampled_from(["A", "B"]))
        if gpu.memory.l1_sector_bytes and draw(st.booleans()):   # through the L1 that shares the LDS pipe (sm_90)
            instr = global_access(gpu.memory, op, "LDG" if kind == "load" else "STG", buffer,
                                  lanes(wave_size, stride), width, "t")
        else:
            instr = Instr(op, f"buffer_{kind}_dword", width_bits=8 * width, lane_bytes=width, buffer=buffer,
                          lane_offsets=lanes(wave_size, stride))
    elif kind == "waitcnt":
        counts = st.one_of(st.none(), st.integers(0, 3))
        instr = Instr(Op.WAITCNT, "s_waitcnt", vmcnt=draw(counts), lgkmcnt=draw(counts))
    else:
        instr = Instr(Op.BARRIER, "s_barrier")
    if controlled and draw(st.booleans()):
        barrier = st.one_of(st.none(), st.integers(0, 5))
        instr = replace(instr, control=Control(stall=draw(st.integers(1, 6)), write_barrier=draw(barrier),
                                               read_barrier=draw(barrier), wait_mask=draw(st.integers(0, 63))))
    return instr


@st.composite
def case(draw):
    name = draw(st.sampled_from(sorted(GPUS)))
    gpu = GPUS[name]
    cu = replace(gpu.cu, vmcnt_max=draw(st.integers(1, 4)), lgkmcnt_max=draw(st.integers(1, 4)))
    if cu.mio_queue_per_simd:   # small queues in front of the shared pipe and the L1, so that they fill
        cu = replace(cu, mio_queue_per_simd=draw(st.integers(1, 3)), mio_queue_shared=draw(st.integers(0, 2)),
                     lg_queue_per_simd=draw(st.integers(1, 3)), lg_queue_shared=draw(st.integers(0, 2)))
    gpu = replace(gpu, cu=cu)
    size = gpu.cu.wave_size
    controlled = name == "h200"
    waves = []
    for _ in range(draw(st.integers(1, 4))):
        body = draw(st.lists(instruction(gpu, size, controlled), min_size=1, max_size=10))
        if len(body) > 2 and draw(st.booleans()):   # a loop in the middle
            i, j = sorted(draw(st.lists(st.integers(0, len(body)), min_size=2, max_size=2)))
            body = body[:i] + [Loop(tuple(body[i:j]) or tuple(body[:1]), draw(st.integers(1, 3)))] + body[j:]
        waves.append(tuple(body))
    program = Program("random", gpu.arch, size, tuple(waves),
                      Resources(arch_vgprs=64, accum_vgprs=0, sgprs=16, lds_bytes=0, workgroup_size=size * len(waves)))
    latency = draw(st.sampled_from([20, 100, 333]))
    memory = MemoryPath(cycles_per_byte=draw(st.sampled_from([0.0, 1 / 64, 1 / 7])), load_latency_cycles=latency,
                        store_latency_cycles=latency // 2, scalar_latency_cycles=latency // 2)
    return program, gpu, draw(st.integers(1, 2)), memory


def same_replay(program, gpu, workgroups, memory):
    fast = replay_cu(program, gpu, workgroups, memory, record=True)
    plain = replay_cu(program, gpu, workgroups, memory, record=True, plain=True)
    assert repr(fast.instruction_log) == repr(plain.instruction_log)
    assert repr(fast.timeline) == repr(plain.timeline)
    assert repr(fast) == repr(plain)     # every counter and stall, float for float
    unrecorded = replay_cu(program, gpu, workgroups, memory)
    assert repr(replace(fast, timeline=None, instruction_log=None)) == repr(unrecorded)
    assert set(fast.stalls) <= set(STALL_REASONS)
    return fast


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case())
def test_the_fast_path_replays_random_programs_as_the_plain_path(args):
    same_replay(*args)


def test_the_fast_path_replays_a_real_kernel_as_the_plain_path():
    from gemmsim.frontends.preshuffle.analysis import analyze
    from gemmsim.frontends.preshuffle.generator import generate
    from gemmsim.problem import make_config, make_problem

    gpu = GPUS["mi300x"]
    program = generate(analyze(make_problem("512x512x1024", "bf16"), make_config("128x128x64"), gpu), gpu)
    memory = MemoryPath(cycles_per_byte=1 / 64, load_latency_cycles=500, store_latency_cycles=300,
                        scalar_latency_cycles=200)
    run = same_replay(program, gpu, 2, memory)
    assert run.stalls.get("issue_port", 0) > 0 and run.stalls.get("mfma_pipe", 0) > 0   # waves met


def test_the_fast_path_replays_a_compiled_h200_kernel_as_the_plain_path():
    """The instructions a SASS listing gives carry control bits (the fast loop's own path for them),
    the rest of the stream comes from the generator without them."""
    from pathlib import Path

    from gemmsim.measurements.predictor import Predictor
    from gemmsim.measurements.readers import read_points

    h200 = Path(__file__).resolve().parents[1] / "validation" / "results" / "h200"
    point = next(p for p in read_points(h200 / "matrix.csv")
                 if p.symbol == "mma_preshuffle_m32n64k64_swz1" and p.shape == "128x128x128")
    gpu = GPUS["h200"]
    program, _ = Predictor(h200 / "sass").program(point, gpu)
    controlled = [i.control is not None for i, _ in walk(program.waves[0])]
    assert 0 < sum(controlled) < len(controlled)
    memory = MemoryPath(cycles_per_byte=1 / 64, load_latency_cycles=600, store_latency_cycles=300,
                        scalar_latency_cycles=200)
    run = same_replay(program, gpu, 2, memory)
    assert run.stalls.get("wait", 0) > 0
