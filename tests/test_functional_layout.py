"""`gemmsim layout`: the printed lane maps, the plot, and agreement with the generator's epilogue."""

import pytest

from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.cli import main
from gemmsim.errors import ConfigError
from gemmsim.functional.layout import format_layout, instruction_layout
from gemmsim.hw import load_gpu
from gemmsim.problem import make_config, make_problem
from gemmsim.ir.program import Op, walk
from gemmsim.frontends.preshuffle.generator import generate


def test_cli_prints_which_lane_holds_each_element(capsys):
    assert main(["layout", "--instr", "v_mfma_f32_16x16x32_fp8_fp8", "--arch", "gfx942"]) == 0
    lines = capsys.readouterr().out.splitlines()
    a_row5 = next(line for line in lines if line.startswith("row 5 ") and ":" not in line)
    assert a_row5.split()[2:] == ["5", "21", "37", "53"]                  # K runs 0-7, 8-15, 16-23, 24-31
    c_row6 = [line for line in lines if line.startswith("row 6 ")][-1]
    assert c_row6.split()[2:5] == ["16:2", "17:2", "18:2"]               # rows 4-7 live in lanes 16-31


def test_cli_writes_the_plot(tmp_path, capsys):
    path = tmp_path / "layout.png"
    assert main(["layout", "--instr", "v_mfma_scale_f32_16x16x128_f8f6f4", "--arch", "gfx950",
                 "--dtype", "fp4", "--plot", str(path)]) == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "32 consecutive K" in capsys.readouterr().out


def test_unknown_instruction_is_a_one_line_error(capsys):
    assert main(["layout", "--instr", "v_mfma_f32_16x16x128_f8f6f4", "--arch", "gfx942"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not in mi300x's table" in err


def test_layout_knows_operand_width_and_registers():
    lay = instruction_layout(load_gpu("mi355x"), "v_mfma_scale_f32_16x16x128_f8f6f4", "fp8")
    assert lay.operand_regs == 8 and lay.fmt.name == "fp8_e4m3fn"
    with pytest.raises(ConfigError):
        instruction_layout(load_gpu("mi355x"), "v_mfma_scale_f32_16x16x128_f8f6f4", "int8")
    assert "4 f32 accumulators" in format_layout(instruction_layout(load_gpu("mi300x"), "v_mfma_f32_16x16x16_bf16"))


@pytest.mark.parametrize("gpu, dtype", [("mi300x", "fp8"), ("mi355x", "bf16")])
def test_generator_stores_each_accumulator_where_the_layout_says_it_is(gpu, dtype):
    g = load_gpu(gpu)
    a = analyze(make_problem("64x256x256", dtype), make_config("64x256x128"), g)
    program = generate(a, g)
    tables = instruction_layout(g, a.mfma.opcode, dtype).shape.layout
    n = a.problem.n
    stores = [i for i, _ in walk(program.waves[0]) if i.op == Op.VMEM_STORE and i.tag.startswith("C m0 n0 ")]
    assert len(stores) == 4
    for instr in stores:
        reg = int(instr.tag.split("row ")[1])
        for lane, offset in enumerate(instr.lane_offsets):
            row, col = divmod(offset // 2, n)
            assert (tables.c_lane[row, col], tables.c_reg[row, col]) == (lane, reg)
