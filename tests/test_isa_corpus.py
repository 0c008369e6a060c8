"""The committed corpus (tests/data/isa, compiled from tests/data/isa/src/preshuffle_gemm.hip by clang-22)
read back and put beside the generator's Program for the same configuration.

Per K tile of the hot loop the guide's counts (MFMA, ds_read, ds_write, buffer_load, s_barrier) must
match, and the LDS lane addresses, hence the bank conflicts, must be the generator's exactly. The
classes the compiler decides for itself differ, and that is expected: s_waitcnt (the compiler waits
where its scheduler put the consumer, not where the generator's minimal tracker does), SALU/VALU
(the compiler hoists address arithmetic out of the loop and keeps the per-iteration offsets in
immediates; the generator emits a token swizzle v_xor and K-offset s_add per tile), branches and
s_nop (hazard padding the generator does not model).
"""

import functools
import re
from dataclasses import replace
from pathlib import Path

import pytest

from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.hw import load_gpu
from gemmsim.frontends.amdgpu import load_kernel
from gemmsim.frontends.amdgpu.compare import counts_per_k_tile, k_tiles_per_iteration, lds_accesses, lds_conflict_cycles, total_mfmas
from gemmsim.frontends.amdgpu.parser import parse_file
from gemmsim.frontends.amdgpu.analysis import analyze_parsed
from gemmsim.problem import make_config, make_problem
from gemmsim.ir.program import Op, hot_loop
from gemmsim.frontends.preshuffle.generator import generate

DATA = Path(__file__).parent / "data" / "isa"
FILES = {"gfx942": DATA / "preshuffle_gemm_gfx942.s", "gfx950": DATA / "preshuffle_gemm_gfx950.s"}
GPUS = {"gfx942": "mi300x", "gfx950": "mi355x"}
SHAPE = "2048x1024x4224"           # K = 66 tiles of 64, 33 of 128: the loop ends on both tails
NAME = re.compile(r"preshuffle_bf16_m(\d+)n(\d+)k(\d+)_swz(\d)_hint(\d)")
MATCHING = ("mfma", "lds_read", "lds_write", "vmem_load", "barrier")
COMPILER_CHOSEN = ("waitcnt", "salu", "valu", "branch", "nop")


def corpus():
    out = []
    for arch, path in FILES.items():
        for k in parse_file(path, only=""):
            m = NAME.fullmatch(k.name)
            assert m, f"corpus kernel {k.name} does not follow the naming scheme"
            out.append((arch, k.name, tuple(int(x) for x in m.groups()[:3]), m.group(4) == "1", m.group(5) == "1"))
    return out


CORPUS = corpus()
IDS = [f"{arch}-{name}" for arch, name, *_ in CORPUS]


def test_the_corpus_covers_both_archs_hints_and_swizzle():
    assert {c[0] for c in CORPUS} == {"gfx942", "gfx950"}
    assert {c[3] for c in CORPUS} == {True, False} and {c[4] for c in CORPUS} == {True, False}
    assert len({c[2] for c in CORPUS}) >= 3


@functools.lru_cache(maxsize=None)
def pair(arch, name, tile, swizzle, shape=SHAPE):
    gpu = load_gpu(GPUS[arch])
    problem = make_problem(shape, "bf16")
    parsed = load_kernel(FILES[arch], problem=problem, kernel=name)
    # the corpus source swizzles A by row XOR16 at every dtype; the generator follows FlyDSL, whose
    # bf16 sync copy XORs in 128-byte groups: put them side by side on the corpus's layout
    a = replace(analyze(problem, make_config(tile, swizzle=swizzle), gpu), swizzle_group_bytes=None)
    return parsed, generate(a, gpu), a, gpu


@pytest.mark.parametrize("arch, name, tile, swizzle, hints", CORPUS, ids=IDS)
def test_parsed_matches_the_generator(arch, name, tile, swizzle, hints):
    parsed, generated, a, gpu = pair(arch, name, tile, swizzle)
    program = parsed.program
    # resources and shape of the launch
    assert program.waves_per_workgroup == generated.waves_per_workgroup == 4
    assert program.resources.lds_bytes == a.lds_pipeline_bytes
    assert program.grid == generated.grid == (a.grid_m, a.grid_n)
    # the same matrix instruction, and the guide's counts per K tile of the hot loop
    mfma_opcodes = {i.opcode for i in hot_loop(program.waves[0]).body if i.op == Op.MFMA}
    assert mfma_opcodes == {a.mfma.opcode}
    mine, theirs = counts_per_k_tile(program, tile), counts_per_k_tile(generated, tile)
    assert {k: mine[k] for k in MATCHING} == {k: theirs[k] for k in MATCHING}
    assert k_tiles_per_iteration(program, tile) == k_tiles_per_iteration(generated, tile) == 2
    # every wave: the same trip count, the same MFMA work in total (prologue and tail included)
    for w in range(4):
        assert hot_loop(program.waves[w]).trip_count == hot_loop(generated.waves[w]).trip_count
        assert total_mfmas(program.waves[w]) == total_mfmas(generated.waves[w]) == a.mfma_per_tile * a.k_tiles
    assert "exact from the loop counter" in parsed.trip.source


@pytest.mark.parametrize("arch, name, tile, swizzle, hints", CORPUS, ids=IDS)
def test_lds_addresses_and_conflicts_equal_the_generator(arch, name, tile, swizzle, hints):
    parsed, generated, a, gpu = pair(arch, name, tile, swizzle)
    for w in range(4):
        mine, theirs = parsed.program.waves[w], generated.waves[w]
        assert not parsed.facts[w].lds_unresolved
        assert lds_accesses(mine) == lds_accesses(theirs)
        assert lds_conflict_cycles(mine, gpu.lds) == lds_conflict_cycles(theirs, gpu.lds)
    # and the swizzle is what removes them (on gfx942 the plain layout is 4-way on every A read)
    conflicts = lds_conflict_cycles(parsed.program.waves[0], gpu.lds)
    assert (conflicts == 0) if swizzle else (conflicts > 0)


@pytest.mark.parametrize("arch, name, tile, swizzle, hints", CORPUS, ids=IDS)
def test_compiler_chosen_classes_differ_and_the_report_reads_them(arch, name, tile, swizzle, hints):
    parsed, generated, a, gpu = pair(arch, name, tile, swizzle)
    mine, theirs = counts_per_k_tile(parsed.program, tile), counts_per_k_tile(generated, tile)
    assert any(mine[k] != theirs[k] for k in COMPILER_CHOSEN)   # the docstring says why
    report = analyze_parsed(parsed)
    h = report["hot_loop"]
    assert h["counts"]["v_mfma"] == 2 * a.mfma_per_tile and h["counts"]["s_barrier"] == 2
    assert h["mfma_ratio"] == pytest.approx(h["counts"]["v_mfma"] / h["instructions"], abs=1e-4)
    assert (h["sched_group_barriers"] > 0) == hints
    assert report["occupancy"]["waves_per_simd"] >= 1


def test_unbound_arguments_fall_back_to_a_trip_count_derived_from_k():
    """With K left unbound the loop bound is unknown; K over the tile gives the count."""
    arch, name, tile, swizzle, _ = CORPUS[0]
    problem = make_problem("2048x1024x4352", "bf16")
    derived = load_kernel(FILES[arch], problem=problem, kernel=name, int_args=["M", "N"])
    a = analyze(problem, make_config(tile, swizzle=swizzle), load_gpu(GPUS[arch]))
    assert derived.trip.source.startswith("derived from K=4352")
    assert derived.trip.count == (a.k_tiles - 1) // 2


def test_argument_values_decide_the_path():
    """Bound to K = 64 (one tile) the kernel skips its main loop, and the walk follows it."""
    arch, name, tile, swizzle, _ = CORPUS[0]
    parsed = load_kernel(FILES[arch], problem=make_problem("64x256x64", "bf16"), kernel=name, int_args=["M", "N", "K"])
    assert hot_loop(parsed.program.waves[0]) is None
    assert any("does not enter the loop with the most matrix instructions" in n for n in parsed.notes)
    assert total_mfmas(parsed.program.waves[0]) == analyze(make_problem("64x256x64", "bf16"), make_config(tile),
                                                          load_gpu(GPUS[arch])).mfma_per_tile


def test_objdump_of_the_same_code_gives_the_same_program():
    dis = DATA / "preshuffle_gemm_gfx942.dis"
    problem = make_problem(SHAPE, "bf16")
    for name in [k.name for k in parse_file(dis)]:
        asm = load_kernel(FILES["gfx942"], problem=problem, kernel=name)
        obj = load_kernel(dis, problem=problem, kernel=name, gpu="mi300x", tile=asm.tile, trip_count=asm.trip.count)
        for w in range(4):
            a_loop, o_loop = hot_loop(asm.program.waves[w]), hot_loop(obj.program.waves[w])
            assert [i.opcode for i in a_loop.body] == [i.opcode for i in o_loop.body]
            assert lds_accesses(asm.program.waves[w]) == lds_accesses(obj.program.waves[w])
        # no descriptor in a disassembly: registers are counted from the code, LDS is unknown
        assert obj.program.resources.arch_vgprs <= asm.program.resources.arch_vgprs
        assert "counted from the registers" in obj.resource_sources["vgprs"]


def test_the_corpus_predicts():
    predict = pytest.importorskip("gemmsim.simulate", reason="gemmsim.simulate (the timing model) is not built yet")
    for arch, name, tile, swizzle, hints in [c for c in CORPUS if c[2] == (64, 256, 64)]:
        parsed, generated, a, gpu = pair(arch, name, tile, swizzle, shape="1024x1024x1024")
        problem = make_problem("1024x1024x1024", "bf16")
        p = predict.predict_program(parsed.program, problem, gpu)
        g = predict.predict_program(generated, problem, gpu, analysis=a)
        assert p.time_us >= p.roofline_us > 0
        # the same kernel structure: within a factor of two of the generator's replay
        assert 0.5 < p.time_us / g.time_us < 2.0, (name, p.time_us, g.time_us)
