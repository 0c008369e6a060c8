"""A kernel family added in one place (README, "Add a kernel family"): a toy family registered here
predicts through `gemmsim predict --family toy`, with no line of gemmsim changed."""

import math
from dataclasses import dataclass

import pytest

from gemmsim.frontends import registry
from gemmsim.frontends.family import Built, Family
from gemmsim.ir.program import Instr, Loop, Op, Program, Resources
from tests.cli_runner import run_cli


@dataclass(frozen=True)
class ToyConfig:
    tile: tuple[int, int, int]
    mfmas: int = 4             # matrix instructions per K tile


class Toy(Family):
    """One wave per workgroup; per K tile, one 16-byte load per lane, a wait for it, then `mfmas` MFMAs."""

    name, summary, config_type = "toy", "a load and a few MFMAs per K tile", ToyConfig

    def build(self, problem, config, gpu):
        tm, tn, tk = config.tile
        lanes, mfma = gpu.cu.wave_size, gpu.matrix_instructions(problem.dtype)[0]
        load = Instr(Op.VMEM_LOAD, "buffer_load_dwordx4", width_bits=128, lane_bytes=16, buffer="B",
                     lane_offsets=tuple(16 * i for i in range(lanes)), iter_strides=(16 * lanes,))
        body = (load, Instr(Op.WAITCNT, "s_waitcnt", vmcnt=0)) + (Instr(Op.MFMA, mfma.opcode, mfma.cycles),) * config.mfmas
        program = Program("toy", gpu.arch, lanes, ((Loop(body, math.ceil(problem.k / tk), "k"),),),
                          Resources(arch_vgprs=64, accum_vgprs=0, sgprs=16, lds_bytes=0, workgroup_size=lanes),
                          grid=(math.ceil(problem.m / tm), math.ceil(problem.n / tn)))
        return Built(program, problem)


@pytest.fixture
def toy():
    registry.register(Toy())
    yield
    registry.unregister("toy")


def _time_us(out: str) -> float:
    return float(out.splitlines()[1].split()[1])


def test_a_toy_family_predicts_through_gemmsim_predict(toy, capsys):
    argv = ["predict", "--family", "toy", "--shape", "1024x1024x1024", "--gpu", "mi300x", "--config"]
    rc, out = run_cli(argv + ["tile=64x64x64,mfmas=8"], capsys)
    assert rc == 0 and out.startswith("1024x1024x1024 bf16") and "family toy" in out
    four = _time_us(run_cli(argv + ["tile=64x64x64"], capsys)[1])
    assert 0 < four < _time_us(out)          # twice the matrix work per K tile takes longer
    with pytest.raises(Exception, match="the toy family takes tile, mfmas"):
        run_cli(argv + ["tile=64x64x64,waves=2"], capsys)
