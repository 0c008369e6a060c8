"""The sm_90 Programs against the compiled SASS (validation/results/h200/sass/, cuobjdump -sass of
the kernels that ran): per hot-loop iteration, the same number of matrix, multiply-add, shared
load/store, global load/store and barrier instructions."""

from pathlib import Path

import pytest

from gemmsim.errors import ConfigError, InputError
from gemmsim.hw import load_gpu
from gemmsim.ir.program import Op, hot_loop
from gemmsim.frontends.sm90 import ladder as sm90_ladder, mma as sm90_mma
from gemmsim.frontends.sm90.sass_reader import (
    around_hot_loop, executed_path, hot_loop_controls, hot_loop_counts, hot_loop_load_strides, hot_loop_order,
    hot_loop_profile, loops, parse_sass, read_sass)
from gemmsim.frontends.sm90.common import Sm90Problem, fma_cycles, launch_instructions
from validation.kernels import mma_tile_configs

SASS = Path(__file__).resolve().parents[1] / "validation" / "results" / "h200" / "sass"
LADDER_DTYPES = {"f32": "fp32", "f64": "fp64", "i32": "int32"}


def generated_counts(program) -> dict[str, int]:
    """The hot loop of warp 0 counted by the SASS classes."""
    counts = {"HMMA": 0, "FFMA": 0, "IMAD": 0, "LDS": 0, "STS": 0, "LDG": 0, "STG": 0, "BAR": 0}
    by_op = {Op.MFMA: "HMMA", Op.LDS_READ: "LDS", Op.LDS_WRITE: "STS", Op.VMEM_LOAD: "LDG",
             Op.VMEM_STORE: "STG", Op.BARRIER: "BAR"}
    for ins in hot_loop(program.waves[0]).body:
        if ins.op is Op.VALU:
            counts["IMAD" if ins.opcode == "IMAD" else "FFMA"] += 1
        elif ins.op in by_op:
            counts[by_op[ins.op]] += 1
    return counts


@pytest.fixture(scope="module")
def h200():
    return load_gpu("h200")


@pytest.mark.parametrize("suffix", ["f32", "f64"])
@pytest.mark.parametrize("kernel", sm90_ladder.LADDER_KERNELS)
def test_ladder_hot_loop_matches_sass(kernel, suffix, h200):
    program = sm90_ladder.generate(kernel, Sm90Problem(512, 512, 512, LADDER_DTYPES[suffix]), h200)
    sass = hot_loop_counts(SASS / f"{kernel}_{suffix}.sass")
    sass_address_imads = sass.pop("IMAD")
    got = generated_counts(program)
    assert got.pop("IMAD") == 0
    assert got == sass
    assert sass_address_imads <= 6      # the f32/f64 IMADs are address arithmetic


@pytest.mark.parametrize("kernel", sm90_ladder.LADDER_KERNELS)
def test_ladder_int32_multiply_adds_are_the_imads_beyond_the_fp32_address_ones(kernel, h200):
    """int32 multiply-adds compile to IMAD, beside the address IMADs the fp32 build also has."""
    program = sm90_ladder.generate(kernel, Sm90Problem(512, 512, 512, "int32"), h200)
    got = generated_counts(program)
    i32 = hot_loop_counts(SASS / f"{kernel}_i32.sass")
    f32 = hot_loop_counts(SASS / f"{kernel}_f32.sass")
    assert got["IMAD"] == i32["IMAD"] - f32["IMAD"]
    assert {k: v for k, v in got.items() if k not in ("IMAD", "FFMA")} == \
           {k: v for k, v in i32.items() if k not in ("IMAD", "FFMA")}


@pytest.mark.parametrize("swizzle", [False, True])
@pytest.mark.parametrize("tile", mma_tile_configs())   # the tiles kernels/mma_preshuffle.hip builds
def test_mma_hot_loop_matches_sass(tile, swizzle, h200):
    program = sm90_mma.generate(tile, swizzle, Sm90Problem(512, 512, 512, "bf16"), h200)
    tm, tn, tk = tile
    sass = hot_loop_counts(SASS / f"mma_preshuffle_m{tm}n{tn}k{tk}_swz{int(swizzle)}.sass")
    got = generated_counts(program)
    assert sass["HMMA"] == got["HMMA"] == tm // 16 * (tn // 4 // 8) * (tk // 16)
    for key in ("LDS", "STS", "LDG", "STG", "BAR"):
        assert got[key] == sass[key], key
    assert got["FFMA"] == got["IMAD"] == 0


def test_extra_issue_pads_the_loop_to_the_sass_issue_count(h200):
    name = "mma_preshuffle_m32n256k64_swz1"
    profile = hot_loop_profile(SASS / f"{name}.sass")
    base = sm90_mma.generate((32, 256, 64), True, Sm90Problem(4096, 4096, 4096, "bf16"), h200)
    issued = [i for i in hot_loop(base.waves[0]).body if i.op is not Op.WAITCNT]
    padded = sm90_mma.generate((32, 256, 64), True, Sm90Problem(4096, 4096, 4096, "bf16"), h200,
                               extra_issue=profile.issued - len(issued))
    assert sum(1 for i in hot_loop(padded.waves[0]).body if i.op is not Op.WAITCNT) == profile.issued
    # the swizzled build issues more per iteration than the plain one (its address arithmetic)
    assert profile.issued > hot_loop_profile(SASS / "mma_preshuffle_m32n256k64_swz0.sass").issued


def test_fma_pipe_cycles_come_from_the_gpu_file(h200):
    assert fma_cycles(h200, "fp32") == 1
    assert fma_cycles(h200, "fp64") == 2 == fma_cycles(h200, "int32")


SYNTHETIC = """
        Function : toy
        /*0000*/                   MOV R1, RZ ;
        /*0010*/                   FFMA R1, R2, R3, R1 ;
        /*0020*/              @!P2 BRA 0x60 ;
        /*0030*/               @P0 LDG.E.U16.CONSTANT R4, desc[UR4][R6.64] ;
        /*0040*/               @P1 LDG.E.U16.CONSTANT R5, desc[UR4][R6.64+0x2] ;
        /*0050*/                   BRA 0x70 ;
        /*0060*/                   LDG.E.128.CONSTANT R8, desc[UR4][R6.64] ;
        /*0070*/                   LDS R9, [R10] ;
        /*0080*/                   BAR.SYNC.DEFER_BLOCKING 0x0 ;
        /*0090*/               @P3 BRA 0x10 ;
        /*00a0*/                   EXIT ;
"""


def test_executed_path_skips_the_element_by_element_side_of_a_guard():
    instrs = parse_sass(SYNTHETIC)["toy"]
    (loop,) = loops(instrs)
    assert (loop.start, loop.end) == (0x10, 0x90)
    path = [i.opcode for i in executed_path(loop)]
    assert path == ["FFMA", "BRA", "LDG.E.128.CONSTANT", "LDS", "BAR.SYNC.DEFER_BLOCKING", "BRA"]


def test_around_the_loop_reads_the_code_a_failed_guard_runs(tmp_path):
    f = tmp_path / "toy.sass"
    f.write_text(SYNTHETIC)
    around = around_hot_loop(f)
    assert (around.before, around.after) == (1, 1)          # the MOV; the EXIT
    assert [len(code) for code in around.slow_paths] == [3]  # both element loads and the BRA past the vector load


@pytest.mark.parametrize("m", [512, 16])
def test_mma_issues_what_nsight_compute_counted(m, h200):
    """Every instruction a warp issues, around the loop and on the guards' slow side (M = 16 sends
    three of m64n64k64's four A chunks per thread there), against ncu's inst_executed
    (validation/results/h200/stalls.csv: 591616 at 512³ and 16591120 at 16x11008x4096)."""
    name = "mma_preshuffle_m64n64k64_swz1"
    n, k, measured = (512, 512, 591616) if m == 512 else (11008, 4096, 16591120)
    listing = SASS / f"{name}.sass"
    program = sm90_mma.generate((64, 64, 64), True, Sm90Problem(m, n, k, "bf16"), h200,
                                order=hot_loop_order(listing), controls=hot_loop_controls(listing),
                                around=around_hot_loop(listing))
    assert launch_instructions(program) == pytest.approx(measured, rel=0.03)


def test_reader_errors_name_the_file(tmp_path):
    f = tmp_path / "empty.sass"
    f.write_text("nothing here\n")
    with pytest.raises(InputError, match="empty.sass"):
        read_sass(f)
    with pytest.raises(InputError, match="not found"):
        read_sass(SASS / "gemm_f32.sass", "gemm_f64")


def body_letters(program) -> str:
    """The hot loop of warp 0 as order letters (waits left out)."""
    out = []
    for ins in hot_loop(program.waves[0]).body:
        if ins.op is Op.WAITCNT:
            continue
        if ins.op is Op.VMEM_LOAD:
            out.append("W" if ins.opcode.endswith(".128") else "G")
        else:
            out.append({Op.MFMA: "M", Op.VALU: "F", Op.LDS_READ: "s", Op.LDS_WRITE: "S", Op.VMEM_STORE: "E",
                        Op.BARRIER: "B"}.get(ins.op, "."))
    return "".join(out)


@pytest.mark.parametrize("name,build", [
    ("gemm_f32", lambda g, o: sm90_ladder.generate("gemm", Sm90Problem(512, 512, 512, "fp32"), g, order=o)),
    ("gemm_tiled_blocked2x2_f64", lambda g, o: sm90_ladder.generate("gemm_tiled_blocked2x2",
                                                                    Sm90Problem(512, 512, 512, "fp64"), g, order=o)),
    ("mma_preshuffle_m16n64k128_swz1", lambda g, o: sm90_mma.generate((16, 64, 128), True,
                                                                      Sm90Problem(512, 512, 512, "bf16"), g, order=o)),
    ("mma_preshuffle_m64n256k64_swz0", lambda g, o: sm90_mma.generate((64, 256, 64), False,
                                                                      Sm90Problem(512, 512, 512, "bf16"), g, order=o)),
])
def test_the_loop_follows_the_compiled_order(name, build, h200):
    order = hot_loop_order(SASS / f"{name}.sass")
    program = build(h200, order)
    assert body_letters(program) == order
    assert len(order) == hot_loop_profile(SASS / f"{name}.sass").issued
    # a consumer never runs before what it waits for: every HMMA/FFMA follows a wait or its loads
    waits = sum(1 for i in hot_loop(program.waves[0]).body if i.op is Op.WAITCNT)
    assert waits >= 1


@pytest.mark.parametrize("kernel", sm90_ladder.LADDER_KERNELS)
def test_int32_multiply_adds_are_the_imads_of_loaded_factors(kernel, h200):
    """In the int32 loop an IMAD of two registers is the multiply-add only where both factors are
    loaded in the loop: the compiled order then places exactly the generated multiply-adds, the
    other IMADs (address arithmetic) as issue-only slots."""
    listing = SASS / f"{kernel}_i32.sass"
    order = hot_loop_order(listing, multiply_add="IMAD")
    program = sm90_ladder.generate(kernel, Sm90Problem(512, 512, 512, "int32"), h200, order=order)
    assert order.count("F") == generated_counts(program)["IMAD"]
    assert order.count("F") < hot_loop_counts(listing)["IMAD"] or kernel in ("gemm", "gemm_blocked4x4")
    assert body_letters(program) == order


@pytest.mark.parametrize("suffix,buffers", [("f32", "BABBBAAA"), ("i32", "BABBBAAA"), ("f64", "ABBBBAAA")])
def test_blocked4x4_loads_take_their_buffers_compiled_places(suffix, buffers, h200):
    """nvcc issues gemm_blocked4x4_f64's loads as A0, B0-3, then A1 after four DFMAs and A2, A3 after
    four more (64 registers: no room to load them all first); the fp32 and int32 loops load B0, A0,
    B1-3, A1-3 up front. A's pointer steps by a constant per iteration, B's by a multiple of N: the
    generated loads of each buffer take that buffer's places."""
    listing = SASS / f"gemm_blocked4x4_{suffix}.sass"
    strides = hot_loop_load_strides(listing)
    assert "".join(sm90_ladder.LOAD_BUFFER[s] for s in strides) == buffers
    multiply_add = "IMAD" if suffix == "i32" else "FFMA"
    program = sm90_ladder.generate("gemm_blocked4x4", Sm90Problem(512, 512, 512, LADDER_DTYPES[suffix]), h200,
                                   order=hot_loop_order(listing, multiply_add=multiply_add), load_strides=strides)
    loads = [i.buffer for i in hot_loop(program.waves[0]).body if i.op is Op.VMEM_LOAD]
    assert "".join(loads) == buffers


def test_load_strides_unknown_leave_the_generated_order(h200):
    """gemm_f32 forms most addresses afresh each iteration (LEA from uniform registers): not every
    load's stride is known, and the loads keep the source order."""
    strides = hot_loop_load_strides(SASS / "gemm_f32.sass")
    assert None in strides
    plain = sm90_ladder.generate("gemm", Sm90Problem(512, 512, 512, "fp32"), h200, order=hot_loop_order(SASS / "gemm_f32.sass"))
    given = sm90_ladder.generate("gemm", Sm90Problem(512, 512, 512, "fp32"), h200, order=hot_loop_order(SASS / "gemm_f32.sass"),
                                 load_strides=strides)
    assert plain.waves == given.waves


def test_an_order_that_does_not_fit_is_a_config_error(h200):
    order = hot_loop_order(SASS / "gemm_f32.sass")
    with pytest.raises(ConfigError, match="compiled order"):
        sm90_ladder.generate("gemm_blocked4x4", Sm90Problem(512, 512, 512, "fp32"), h200, order=order)
