"""LDS bank conflicts of the A-tile reads, derived by hand for both archs."""

import pytest

from gemmsim.hw import load_gpu
from gemmsim.analytics.lds_banks import access_cycles, bank_load
from gemmsim.frontends.preshuffle.swizzle import lds_offset, xor16


def a_pack_addresses(row_bytes, swizzle, ku=0):
    """The generator's A-pack read: lane l reads row l%16, 16 bytes at column ku*64 + (l//16)*16."""
    return [lds_offset(lane % 16, ku * 64 + (lane // 16) * 16, row_bytes, swizzle) for lane in range(64)]


def test_unswizzled_a_reads_conflict_4_way_on_gfx942():
    # 128-byte rows are exactly 32 banks: every row starts on bank 0. A b128 phase serves lanes
    # {0-3, 20-23}: lanes 0-3 (rows 0-3, column 0) all want banks 0-3 -> 4 ways; lanes 20-23
    # (rows 4-7, column 16) all want banks 4-7 -> 4 ways. 8 phases x 4 cycles = 32, 24 beyond the 8.
    r = access_cycles(a_pack_addresses(128, swizzle=False), 128, "read", load_gpu("mi300x").lds)
    assert (r.cycles, r.phases, r.conflict_cycles, r.max_ways) == (32, 8, 24, 4)


def test_unswizzled_a_reads_conflict_on_gfx950_with_other_phases():
    # 64 banks: a 128-byte row stride puts rows r and r+2 on the same banks. A phase serves lanes
    # {0-3, 12-15, 20-23, 24-27}: banks 0-3 get rows 0, 2, 12, 14 (4 ways), banks 4-7 rows 4, 6, 8, 10.
    r = access_cycles(a_pack_addresses(128, swizzle=False), 128, "read", load_gpu("mi355x").lds)
    assert (r.cycles, r.phases, r.conflict_cycles, r.max_ways) == (16, 4, 12, 4)


@pytest.mark.parametrize("gpu", ["mi300x", "mi355x"])
@pytest.mark.parametrize("row_bytes", [128, 256, 512])
@pytest.mark.parametrize("ku", [0, 1])
def test_swizzled_a_reads_are_conflict_free(gpu, row_bytes, ku):
    r = access_cycles(a_pack_addresses(row_bytes, swizzle=True, ku=ku), 128, "read", load_gpu(gpu).lds)
    assert r.conflict_cycles == 0


def test_broadcast_is_free_and_b32_uses_two_phases_on_gfx942():
    lds = load_gpu("mi300x").lds
    assert access_cycles([0] * 64, 32, "read", lds).cycles == 2
    # stride of 128 B: all 32 lanes of a phase on bank 0 -> 32 ways per phase
    assert access_cycles([lane * 128 for lane in range(64)], 32, "read", lds).cycles == 64


def test_swizzle_is_its_own_inverse():
    for row in range(32):
        for col in range(0, 256, 16):
            assert xor16(row, xor16(row, col, 16), 16) == col


@pytest.mark.parametrize("gpu", ["mi300x", "mi355x"])
@pytest.mark.parametrize("swizzle", [False, True])
def test_bank_load_rows_add_up_to_the_access_cycles(gpu, swizzle):
    # each phase takes as many cycles as its most-asked bank: the heatmap and the count agree
    lds = load_gpu(gpu).lds
    addresses = a_pack_addresses(128, swizzle)
    load = bank_load(addresses, 128, "read", lds)
    assert len(load) == access_cycles(addresses, 128, "read", lds).phases and all(len(r) == lds.banks for r in load)
    assert sum(max(r) for r in load) == access_cycles(addresses, 128, "read", lds).cycles
    assert sum(map(sum, load)) == 64 * 4     # every lane asks 4 dwords, none shared


def test_bank_load_of_the_unswizzled_read_on_gfx942():
    # phase 0 serves lanes 0-3 and 20-23: rows 0-3 at column 0 all want banks 0-3, rows 4-7 at
    # column 16 all want banks 4-7 (see the first test): 4 dwords on each of banks 0-7
    load = bank_load(a_pack_addresses(128, swizzle=False), 128, "read", load_gpu("mi300x").lds)
    assert load[0] == [4] * 8 + [0] * 24
