"""The executor on tiny hand-written programs (semantics you can check by hand) and on generated
programs with a wait or a barrier taken out (the replay must notice)."""

from dataclasses import replace

import numpy as np
import pytest

from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.functional.executor import run
from gemmsim.functional.verify import check_program
from gemmsim.hw import load_gpu
from gemmsim.problem import make_config, make_problem
from gemmsim.ir.program import Instr, Loop, Op, Program, Reg, Resources
from gemmsim.frontends.preshuffle.generator import generate

LANES = 64


def _program(*waves, lds_bytes=1024):
    return Program("tiny", "gfx942", LANES, tuple(tuple(w) for w in waves),
                   Resources(8, 0, 8, lds_bytes, LANES * len(waves)), grid=(1, 1), block_bases={})


def _load(offsets, reg, buffer="A", nbytes=4):
    return Instr(Op.VMEM_LOAD, "buffer_load_dword", width_bits=8 * nbytes, lane_bytes=nbytes, buffer=buffer,
                 lane_offsets=tuple(offsets), dst=Reg("v", reg), tag=f"load v{reg}")


def _store(opcode, offsets, reg, nbytes=2, buffer="C"):
    return Instr(Op.VMEM_STORE, opcode, width_bits=8 * nbytes, lane_bytes=nbytes, buffer=buffer,
                 lane_offsets=tuple(offsets), srcs=(Reg("v", reg),), tag=f"store v{reg}")


def _wait(vm=None, lgkm=None):
    return Instr(Op.WAITCNT, "s_waitcnt", vmcnt=vm, lgkmcnt=lgkm)


BARRIER = Instr(Op.BARRIER, "s_barrier")


def test_store_short_and_d16_hi_take_the_low_and_high_halves():
    a = np.arange(4 * LANES, dtype=np.uint8)
    prog = _program([_load([4 * i for i in range(LANES)], 0), _wait(vm=0),
                     _store("buffer_store_short", [4 * i for i in range(LANES)], 0),
                     _store("buffer_store_short_d16_hi", [4 * i + 2 for i in range(LANES)], 0)])
    out = run(prog, {"A": a, "C": np.zeros(4 * LANES, np.uint8)})
    assert np.array_equal(out.buffers["C"], a)
    assert out.hazards == []


def test_a_load_lands_only_when_waited_for():
    a = np.full(4 * LANES, 7, np.uint8)
    offsets = [4 * i for i in range(LANES)]
    early = run(_program([_load(offsets, 0), _store("buffer_store_dword", offsets, 0, 4)]),
                {"A": a, "C": np.zeros(4 * LANES, np.uint8)})
    assert early.buffers["C"].max() == 0                         # stored the register before the data came
    assert [h.kind for h in early.hazards] == ["register"] and "v0" in early.hazards[0].detail
    waited = run(_program([_load(offsets, 0), _wait(vm=0), _store("buffer_store_dword", offsets, 0, 4)]),
                 {"A": a, "C": np.zeros(4 * LANES, np.uint8)})
    assert (waited.buffers["C"] == 7).all() and waited.hazards == []


def test_counters_retire_in_issue_order():
    a = np.concatenate([np.full(4 * LANES, 1, np.uint8), np.full(4 * LANES, 2, np.uint8)])
    offsets = [4 * i for i in range(LANES)]
    prog = _program([_load(offsets, 0), _load([o + 4 * LANES for o in offsets], 1), _wait(vm=1),
                     _store("buffer_store_dword", offsets, 0, 4)])   # vmcnt(1): the first load has landed
    out = run(prog, {"A": a, "C": np.zeros(4 * LANES, np.uint8)})
    assert (out.buffers["C"] == 1).all() and out.hazards == []


def test_out_of_range_loads_read_zero_and_stores_are_dropped():
    prog = _program([_load([4 * i + 1000 for i in range(LANES)], 0), _wait(vm=0),
                     _store("buffer_store_dword", [4 * i + 10_000 for i in range(LANES)], 0, 4)])
    out = run(prog, {"A": np.full(16, 9, np.uint8), "C": np.zeros(8, np.uint8)})
    assert (out.buffers["C"] == 0).all()


def _lds_write(reg, offsets):
    return Instr(Op.LDS_WRITE, "ds_write_b32", width_bits=32, lane_bytes=4, buffer="lds", lane_offsets=tuple(offsets),
                 srcs=(Reg("v", reg),), tag="lds write")


def _lds_read(reg, offsets):
    return Instr(Op.LDS_READ, "ds_read_b32", width_bits=32, lane_bytes=4, buffer="lds", lane_offsets=tuple(offsets),
                 dst=Reg("v", reg), tag="lds read")


def _exchange(with_barrier: bool):
    """Wave 0 writes its loaded words to LDS; wave 1 reads them and stores them to C."""
    offsets = [4 * i for i in range(LANES)]
    sync = [_wait(lgkm=0), BARRIER] if with_barrier else []
    wave0 = [_load(offsets, 0), _wait(vm=0), _lds_write(0, offsets)] + sync
    wave1 = sync + [_lds_read(1, offsets), _wait(lgkm=0), _store("buffer_store_dword", offsets, 1, 4)]
    return run(_program(wave0, wave1), {"A": np.full(4 * LANES, 5, np.uint8), "C": np.zeros(4 * LANES, np.uint8)})


def test_waves_exchange_through_lds_across_a_barrier():
    out = _exchange(with_barrier=True)
    assert (out.buffers["C"] == 5).all() and out.hazards == []
    origin = out.origin(int(out.value_from["C"][0]))
    assert origin.instr.tag == "load v0" and origin.wave == 0      # traced through LDS to wave 0's load


def test_a_missing_barrier_is_a_race():
    out = _exchange(with_barrier=False)
    assert {h.kind for h in out.hazards} >= {"lds-pending", "lds-race"}


# ---- generated programs with synchronization taken out -------------------------------------------

def _without(program: Program, drop) -> Program:
    def strip(items):
        out = []
        for item in items:
            if isinstance(item, Loop):
                out.append(replace(item, body=tuple(strip(item.body))))
            elif not drop(item):
                out.append(item)
        return out
    return replace(program, waves=tuple(tuple(strip(w)) for w in program.waves))


@pytest.fixture(scope="module")
def fp8_kernel():
    gpu = load_gpu("mi300x")
    problem, config = make_problem("64x256x512", "fp8"), make_config("64x256x128")
    return problem, config, gpu, generate(analyze(problem, config, gpu), gpu)


def test_generated_program_replays_clean(fp8_kernel):
    problem, config, gpu, program = fp8_kernel
    report = check_program(program, problem, config, gpu)
    assert report.passed and report.hazard_count == 0


def test_dropping_the_waits_is_caught(fp8_kernel):
    problem, config, gpu, program = fp8_kernel
    report = check_program(_without(program, lambda i: i.op == Op.WAITCNT), problem, config, gpu)
    assert not report.passed and report.wrong > 0
    assert any(h.kind == "register" for h in report.hazards)
    assert report.cause.startswith("synchronization: ")


def test_dropping_the_tile_barriers_is_caught(fp8_kernel):
    problem, config, gpu, program = fp8_kernel
    report = check_program(_without(program, lambda i: i.op == Op.BARRIER and i.tag.startswith("A tile")),
                           problem, config, gpu)
    assert not report.passed
    assert any(h.kind == "lds-race" and h.instr.op == Op.LDS_READ for h in report.hazards)
