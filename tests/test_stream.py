"""The decoded streams: Steps shared between Programs by the instruction's value are what decoding
each instruction afresh gives, and another GPU gets its own."""

from dataclasses import replace

from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.frontends.preshuffle.generator import generate
from gemmsim.hw import load_gpu
from gemmsim.ir.program import Op, walk
from gemmsim.model.stream import decode, decode_wave
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
