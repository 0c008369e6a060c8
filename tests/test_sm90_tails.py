"""The sm_90 streams at shapes that do not fill a block: a lane that the kernel's guard turns off
moves no data. The first block's guards stand for every block: in a dimension the grid does not
split every block has them, in one it does the full blocks set the time."""

import pytest

from gemmsim.frontends.sm90 import ladder as sm90_ladder, mma as sm90_mma
from gemmsim.frontends.sm90.common import Sm90Problem
from gemmsim.hw import load_gpu
from gemmsim.ir.program import Op, walk


@pytest.fixture(scope="module")
def h200():
    return load_gpu("h200")


def _sectors(wave, op, buffer, tag=""):
    """Every sector offset the wave's `op` instructions on `buffer` touch, per instruction."""
    return [i.lane_offsets for i, _ in walk(wave) if i.op is op and i.buffer == buffer and i.tag.startswith(tag)]


def test_mma_stores_and_loads_nothing_outside_c_and_a(h200):
    m, n, k = 33, 45, 64                     # one 64x256 block: columns 45.. and rows 33.. are guarded off
    program = sm90_mma.generate((64, 256, 64), True, Sm90Problem(m, n, k, "bf16"), h200)
    stores = [_sectors(w, Op.VMEM_STORE, "C") for w in program.waves]
    assert all(s == () for warp in stores[1:] for s in warp)          # warps 1-3 hold columns 64..255
    assert any(s for s in stores[0])
    a = [o for w in program.waves for s in _sectors(w, Op.VMEM_LOAD, "A") for o in s]
    assert a and max(a) < m * k * 2                                    # no row past M is read


def test_full_blocks_are_unchanged(h200):
    inside = sm90_mma.generate((64, 256, 64), True, Sm90Problem(64, 256, 64, "bf16"), h200)
    stores = [s for w in inside.waves for s in _sectors(w, Op.VMEM_STORE, "C")]
    assert all(stores)


def test_ladder_loads_follow_load_or_zero(h200):
    m, n, k = 35, 40, 37                     # one 64x64 block of gemm_blocked4x4
    program = sm90_ladder.generate("gemm_blocked4x4", Sm90Problem(m, n, k, "fp32"), h200)
    wave = program.waves[0]
    b_k0 = [o for s in _sectors(wave, Op.VMEM_LOAD, "B", "B k+0") for o in s]
    assert b_k0 and max(b_k0) < n * 4                                  # columns 40..63 not read
    a = [o for w in program.waves for s in _sectors(w, Op.VMEM_LOAD, "A") for o in s]
    assert max(a) < m * k * 4
    c_bytes = {i.width_bits // 8 for w in program.waves for i, _ in walk(w) if i.op is Op.VMEM_STORE}
    assert c_bytes == {4}
    f64 = sm90_ladder.generate("gemm_blocked4x4", Sm90Problem(m, n, k, "fp64", c_bytes=8), h200)
    assert {i.width_bits // 8 for w in f64.waves for i, _ in walk(w) if i.op is Op.VMEM_STORE} == {8}
