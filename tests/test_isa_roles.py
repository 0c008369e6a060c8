"""Pointer roles of a compiled kernel come from what it does with each pointer, never from the
argument order: a kernel whose first pointer is C (FlyDSL's order) predicts the same time as the
same body with (A, B, C) arguments, and as with its roles spelled out. Also what the assembly path
reports of a real kernel: SGPR totals, load counts by opcode, occupancy without LDS."""

from pathlib import Path

import pytest

from gemmsim.errors import InputError
from gemmsim.frontends.amdgpu.program import load_kernel
from gemmsim.simulate import predict_program
from gemmsim.problem import KernelConfig, make_problem

DATA = Path(__file__).parent / "data" / "isa"
SHAPE = "1024x1024x4224"
SAME_BODY = "preshuffle_bf16_m64n256k64_swz1_hint0"   # c_first_bf16_m64n256k64 with (A, B, C) arguments
ARCHS = {"gfx942": "mi300x", "gfx950": "mi355x"}


def _time(path, gpu, kernel=None, arg_roles=None):
    problem = make_problem(SHAPE, "bf16")
    pk = load_kernel(path, problem, gpu, kernel=kernel, arg_roles=arg_roles)
    return predict_program(pk.program, problem, pk.gpu, config=KernelConfig(*pk.tile)).time_us


@pytest.mark.parametrize("arch", ARCHS)
def test_roles_are_read_from_what_the_kernel_does(arch):
    pk = load_kernel(DATA / f"c_first_gemm_{arch}.s", make_problem(SHAPE, "bf16"), ARCHS[arch])
    roles = {origin: (r.name, r.how) for origin, r in pk.arg_roles.items()}
    assert roles == {"arg@0": ("C", "stored to"),
                     "arg@8": ("A", "loaded in the hot loop into LDS"),
                     "arg@16": ("B", "loaded in the hot loop into registers an MFMA reads")}
    buffers = {i.buffer for w in pk.program.waves for i in _instrs(w) if i.buffer and i.buffer != "lds"}
    assert buffers == {"A", "B", "C"}


@pytest.mark.parametrize("arch", ARCHS)
def test_c_first_predicts_like_the_same_body_in_a_b_c_order(arch):
    gpu = ARCHS[arch]
    inferred = _time(DATA / f"c_first_gemm_{arch}.s", gpu)
    assert inferred == _time(DATA / f"c_first_gemm_{arch}.s", gpu, arg_roles="C,A,B")
    # the two compiled bodies differ only in a few scalar instructions around the argument loads
    assert inferred == pytest.approx(_time(DATA / f"preshuffle_gemm_{arch}.s", gpu, kernel=SAME_BODY), rel=1e-3)
    # the positional reading (first pointer = A) books C's stores and A's loads under the wrong tiles
    assert inferred != pytest.approx(_time(DATA / f"c_first_gemm_{arch}.s", gpu, arg_roles="A,B,C"), rel=1e-3)


@pytest.mark.parametrize("roles, message", [("C,A,X", "'X' is not a role"), ("C,C,B", "C given more than once"),
                                            ("C,A,B,bias", "names 4 pointers, but the kernel has 3")])
def test_bad_arg_roles_are_named(roles, message):
    with pytest.raises(InputError, match=message):
        load_kernel(DATA / "c_first_gemm_gfx942.s", make_problem(SHAPE, "bf16"), "mi300x", arg_roles=roles)


def _instrs(items):
    for item in items:
        if hasattr(item, "body"):
            yield from _instrs(item.body)
        else:
            yield item


def test_isa_report_says_what_was_inferred_and_predict_takes_arg_roles(capsys):
    from tests.cli_runner import run_cli
    code, out = run_cli(["isa", str(DATA / "c_first_gemm_gfx942.s"), "--shape", SHAPE], capsys)
    assert code == 0 and "pointer          arg@0 is C [stored to]" in out
    code, out = run_cli(["predict", "--isa", str(DATA / "c_first_gemm_gfx942.s"), "--shape", SHAPE,
                         "--arg-roles", "C,A,B"], capsys)
    assert code == 0 and "time" in out


def test_sgprs_are_the_compilers_total_with_vcc_and_flat_scratch():
    pk = load_kernel(DATA / "c_first_gemm_gfx942.s", make_problem(SHAPE, "bf16"), "mi300x")
    # s0..s19 used, plus VCC and the architected flat scratch / XNACK mask: the metadata's 26
    assert pk.program.resources.sgprs == 26 and "VCC" in pk.resource_sources["sgprs"]


def test_global_loads_are_not_counted_as_buffer_loads():
    from gemmsim.frontends.amdgpu.analysis import _load_counts_by_opcode
    from gemmsim.ir.program import Instr, Op
    body = (Instr(Op.VMEM_LOAD, "global_load_dwordx4"), Instr(Op.VMEM_LOAD, "buffer_load_dwordx4"),
            Instr(Op.LDS_DMA, "buffer_load_dword"))
    counts = _load_counts_by_opcode({"buffer_load": 3}, body)
    assert (counts["buffer_load"], counts["global_load"]) == (2, 1)


def test_a_kernel_without_lds_is_not_limited_by_lds():
    from gemmsim.analytics.occupancy import occupancy
    from gemmsim.hw import load_gpu
    occ = occupancy(load_gpu("mi300x"), 32, 0, 0, 1)   # one-wave workgroups: the slot count binds
    assert occ.limited_by == "workgroups" and occ.waves_per_simd == 4


def test_a_2d_kernel_without_a_known_tile_gets_a_2d_grid(tmp_path):
    # the same kernel with no tile in its name: the grid comes from workgroup_id_y and C's footprint
    text = (DATA / "c_first_gemm_gfx942.s").read_text().replace("c_first_bf16_m64n256k64", "c_first_bf16")
    path = tmp_path / "no_tile_name.s"
    path.write_text(text)
    problem = make_problem(SHAPE, "bf16")
    pk = load_kernel(path, problem, "mi300x")
    assert pk.tile is None and pk.program.grid == (1024 // 64, 1024 // 256)
    assert "workgroup_id_y" in pk.grid_source
    named = load_kernel(DATA / "c_first_gemm_gfx942.s", problem, "mi300x")
    assert (predict_program(pk.program, problem, pk.gpu).time_us
            == predict_program(named.program, problem, named.gpu, config=KernelConfig(*named.tile)).time_us)
