"""The decoded streams: Steps shared between Programs by the instruction's value are what decoding
each instruction afresh gives, and another GPU gets its own."""

from dataclasses import replace

from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.frontends.preshuffle.generator import generate
from gemmsim.hw import load_gpu
from gemmsim.ir.program import Instr, Loop, Op, walk
from gemmsim.model.stream import decode, decode_wave, decoded_streams, trip_starts
from gemmsim.problem import make_config, make_problem


def _program(shape, gpu):
    return generate(analyze(make_problem(shape, "bf16"), make_config("16x64x128"), gpu), gpu)


def test_shared_steps_equal_a_fresh_decode():
    gpu = load_gpu("mi300x")
    decode_wave(_program("1x128x598", gpu).waves[1], gpu)     # another K: equal B loads, LDS accesses, MFMAs
    items = _program("1x128x599", gpu).waves[1]
    steps = decode_wave(items, gpu)
    fresh = [decode(instr, counters, gpu) for instr, counters in walk(items, repeat_loops=True)]
    assert steps == fresh


def test_another_gpu_decodes_its_own_steps():
    gpu = load_gpu("mi300x")
    items = _program("1x128x598", gpu).waves[0]
    narrow = replace(gpu, lds=replace(gpu.lds, banks=gpu.lds.banks // 2))   # half the banks: every phase conflicts
    wide_steps, narrow_steps = decode_wave(items, gpu), decode_wave(items, narrow)
    lds = [i for i, step in enumerate(wide_steps) if step.op is Op.LDS_READ]
    assert lds and all(narrow_steps[i].lds_cycles > wide_steps[i].lds_cycles for i in lds)
    assert narrow_steps == [decode(instr, counters, narrow) for instr, counters in walk(items, repeat_loops=True)]


def test_a_stream_of_fewer_trips_is_cut_from_a_longer_one():
    gpu = load_gpu("mi300x")
    program = generate(analyze(make_problem("256x256x1024", "bf16"), make_config("64x128x64"), gpu), gpu)
    longer = decoded_streams(program, gpu, 6)
    shorter = decoded_streams(program, gpu, 2)                # cut from the 6-trip streams
    for items, long_steps, steps in zip(program.waves, longer, shorter):
        starts = trip_starts(items, 6)
        assert len(starts) == 7 and len(steps) == len(long_steps) - (starts[6] - starts[2])
        assert list(steps) == decode_wave(items, gpu, 2)       # what decoding 2 trips afresh gives


def test_trip_starts_needs_a_hot_loop_that_runs_once():
    body = (Instr(Op.MFMA, "v_mfma", cycles=16),)
    once = (Instr(Op.SALU, "s_mov"), Loop(body, 9), Instr(Op.SALU, "s_endpgm"))
    assert trip_starts(once, 3) == (1, 2, 3, 4)
    assert trip_starts((Loop(once, 0),), 3) is None             # inside a loop that never runs
    twice = Loop(body, 9)
    assert trip_starts((twice, twice), 3) is None                # one loop run twice: no one place
    assert trip_starts((Instr(Op.SALU, "s_endpgm"),), 3) is None
