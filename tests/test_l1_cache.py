"""The CU's L1 for global loads (gemmsim/model/l1.py): hits by sector address on the H200 (by line where
a description has no sectors), LRU eviction, merging."""

import pytest

from gemmsim.hw import load_gpu
from gemmsim.model.cu import block_bases, replay_cu
from gemmsim.model.l1 import L1Cache
from gemmsim.model.vmem import MemoryPath
from gemmsim.ir.program import Instr, Op, Program, Resources

LATENCY = 100.0
PATH = MemoryPath(cycles_per_byte=0.0, load_latency_cycles=LATENCY, store_latency_cycles=LATENCY,
                  scalar_latency_cycles=LATENCY)
GPU = load_gpu("h200")
LINE = GPU.memory.l1_line_bytes
SECTOR = GPU.memory.l1_sector_bytes   # the H200's L1 holds and misses 32-byte sectors apart


def load(*sectors: int, buffer: str = "A") -> Instr:
    """An LDG asking for 32-byte sectors at these byte offsets (no data-pipe cycles, to isolate the L1)."""
    return Instr(Op.VMEM_LOAD, "LDG", lane_bytes=32, lane_offsets=tuple(sectors), buffer=buffer)


def wait() -> Instr:
    return Instr(Op.WAITCNT, "wait", vmcnt=0)


def replay(*waves, workgroups: int = 1, grid=(1, 1), bases=None):
    program = Program("t", GPU.arch, 32, tuple(tuple(w) for w in waves), Resources(32, 0, 0, 0, 32 * len(waves)),
                      grid=grid, block_bases=bases or {})
    run = replay_cu(program, GPU, workgroups, PATH, record=True)
    return [(start, done) for _, op, start, done in run.instruction_log if op == "vmem_load"], run


def test_a_second_load_of_the_same_sector_hits_with_the_l1_latency_from_the_gpu_file():
    (first, second), run = replay([load(0), wait(), load(0), wait()])
    assert first[1] - first[0] == LATENCY
    assert second[1] - second[0] == pytest.approx(GPU.memory.l1_hit_latency_cycles)
    assert GPU.memory.l1_hit_latency_cycles == pytest.approx(39.6)
    assert run.vmem_bytes == 32          # the hit moves nothing over the path to the L2


def test_another_sector_of_a_held_line_misses():
    """The L1 fetches and tags 32-byte sectors: the line of sector 0 is there, sector 64 is not, and
    goes to the L2 (the sector hit rates of ncu's l1tex counters, validation/results/h200/stalls.csv)."""
    assert SECTOR == 32 and LINE == 128
    (_, second), run = replay([load(0), wait(), load(64), wait()])
    assert second[1] - second[0] == LATENCY
    assert run.vmem_bytes == 64


def test_a_description_without_sectors_holds_whole_lines():
    from dataclasses import replace as dc_replace
    whole = dc_replace(GPU, memory=dc_replace(GPU.memory, l1_sector_bytes=LINE))
    program = Program("t", GPU.arch, 32, ((load(0), wait(), load(64), wait()),), Resources(32, 0, 0, 0, 32))
    run = replay_cu(program, whole, 1, PATH, record=True)
    (_, second) = [(s, d) for _, op, s, d in run.instruction_log if op == "vmem_load"]
    assert second[1] - second[0] == pytest.approx(GPU.memory.l1_hit_latency_cycles)


def test_a_load_of_another_line_misses():
    (_, second), run = replay([load(0), wait(), load(LINE), wait()])
    assert second[1] - second[0] == LATENCY
    assert run.vmem_bytes == 64


def test_a_hit_on_a_sector_still_in_flight_completes_the_pending_hit_cycles_after_it_arrives():
    (first, second), _ = replay([load(0), load(0), wait()])
    assert second[0] == first[0] + 1
    # merged with the miss: no second trip, and it answers l1_pending_hit_cycles after the fill (h200.toml)
    assert second[1] == pytest.approx(first[1] + GPU.memory.l1_pending_hit_cycles)


def test_a_load_with_hit_and_missed_lines_pays_the_miss_and_only_its_bytes():
    (_, second), run = replay([load(0), wait(), load(0, LINE), wait()])
    assert second[1] - second[0] == LATENCY
    assert run.vmem_bytes == 32 + 32


def test_capacity_evicts_the_least_recently_used_sector():
    capacity = GPU.memory.l1_bytes // SECTOR
    # sector 0, then `capacity` other sectors (32 per load) push it out; it stays with one fewer
    others = [load(*[(1 + i * 32 + j) * SECTOR for j in range(32)]) for i in range(capacity // 32)]
    stream = [load(0), load(SECTOR * 1), wait(), *others, wait(), load(0), wait()]
    log, _ = replay(stream)
    assert log[-1][1] - log[-1][0] == LATENCY          # evicted: back to the L2
    stream = [load(0), wait(), *others[:-1], wait(), load(0), wait()]
    log, _ = replay(stream)
    assert log[-1][1] - log[-1][0] == pytest.approx(GPU.memory.l1_hit_latency_cycles)  # still held


def test_lru_order_is_by_use_not_by_fill():
    l1 = L1Cache(capacity_bytes=2 * 128, line_bytes=128)
    l1.fill([1], 0.0)
    l1.fill([2], 0.0)
    assert not l1.lookup([1]).missed      # 1 is now the most recently used
    l1.fill([3], 0.0)                     # evicts 2, not 1
    assert l1.lookup([1]).missed == ()
    assert l1.lookup([2]).missed == (2,)
    assert (l1.hits, l1.misses) == (2, 1)


def test_workgroups_on_one_cu_share_lines_by_their_block_bases():
    # a grid of 5 x 1 blocks: the CU holds blocks 0 and 0 + CUs, which is block (CUs mod 5, 0)
    grid, other = (5, 1), GPU.compute_units % 5
    assert other != 0
    program = Program("t", GPU.arch, 32, ((load(0),),), Resources(32, 0, 0, 0, 32), grid=grid,
                      block_bases={"A": (LINE, 0), "B": (0, 4096)})
    assert block_bases(program, GPU.compute_units) == {"A": other * LINE, "B": 0}
    # B depends on by only: both workgroups read one line, the second merges with the first's miss
    log, run = replay([load(0, buffer="B"), wait()], workgroups=2, grid=grid, bases=program.block_bases)
    assert run.vmem_bytes == 32
    # both issue at 0; the second waits for the fill and answers l1_pending_hit_cycles after it
    assert [done for _, done in log] == pytest.approx([LATENCY, LATENCY + GPU.memory.l1_pending_hit_cycles])
    # A moves with bx: the second workgroup's line is another one, two misses
    _, run = replay([load(0, buffer="A"), wait()], workgroups=2, grid=grid, bases=program.block_bases)
    assert run.vmem_bytes == 64


def test_loop_strides_move_the_lines():
    from gemmsim.ir.program import Loop
    body = (Instr(Op.VMEM_LOAD, "LDG", lane_bytes=32, lane_offsets=(0,), buffer="A", iter_strides=(LINE,)), wait())
    _, run = replay([Loop(body, 3)])
    assert run.vmem_bytes == 3 * 32     # a new line each iteration
    body = (Instr(Op.VMEM_LOAD, "LDG", lane_bytes=32, lane_offsets=(0,), buffer="A", iter_strides=(32,)), wait())
    _, run = replay([Loop(body, 4)])
    assert run.vmem_bytes == 4 * 32     # four sectors of one line: four misses (the L1 tags sectors)
    body = (Instr(Op.VMEM_LOAD, "LDG", lane_bytes=32, lane_offsets=(0,), buffer="A", iter_strides=(8,)), wait())
    _, run = replay([Loop(body, 4)])
    assert run.vmem_bytes == 32         # four words of one sector: one miss, three hits


def test_the_steady_state_window_holds_a_whole_l1_period():
    from gemmsim.model.gpu import l1_period
    from gemmsim.frontends.sm90 import ladder as sm90_ladder
    from gemmsim.dtypes import element_bytes
    from gemmsim.frontends.sm90.common import Sm90Problem
    def period(kernel, dtype):
        problem = Sm90Problem(512, 512, 512, dtype, c_bytes=int(element_bytes(dtype)))
        return l1_period(sm90_ladder.generate(kernel, problem, GPU), GPU)
    # A moves 1 k (4 or 8 bytes) per iteration of gemm_blocked4x4: a new 128-byte line every 32 or 16
    assert (period("gemm_blocked4x4", "fp32"), period("gemm_blocked4x4", "fp64")) == (32, 16)
    assert period("gemm_blocked2x2", "fp32") == 8        # 4 k = 16 bytes per iteration
    assert period("gemm_tiled", "fp32") == 2             # a 16-wide K tile: 64 bytes of an A row


def test_sectors_already_asked_for_are_per_buffer():
    from gemmsim.frontends.sm90.common import global_access
    seen = set()
    a = global_access(GPU.memory, Op.VMEM_LOAD, "LDG", "A", [0], 4, "a", seen)
    b = global_access(GPU.memory, Op.VMEM_LOAD, "LDG", "B", [0], 4, "b", seen)
    again = global_access(GPU.memory, Op.VMEM_LOAD, "LDG", "B", [4], 4, "b", seen)
    assert (a.lane_offsets, b.lane_offsets, again.lane_offsets) == ((0,), (0,), ())
    assert again.l1.touched_offsets == (0,)     # the L1 still looks the line up


def test_a_block_base_that_is_not_a_whole_line_still_finds_the_right_lines():
    # grid 5 x 1: the second workgroup is block (CUs mod 5) = 2, its A base 2 x 32 = 64 bytes
    grid, bases = (5, 1), {"A": (32, 0)}
    assert GPU.compute_units % 5 == 2
    _, run = replay([load(0, 64), wait()], workgroups=2, grid=grid, bases=bases)
    assert run.vmem_bytes == 96          # 0, 64 and 64, 128: three sectors
    _, run = replay([load(64), wait()], workgroups=2, grid=grid, bases=bases)
    assert run.vmem_bytes == 64          # 64 and 128: two sectors


FILL, HIT = 300.0, 120.0
CONVOY_PATH = MemoryPath(cycles_per_byte=0.0, load_latency_cycles=LATENCY, store_latency_cycles=LATENCY,
                         scalar_latency_cycles=LATENCY, fill_latency_cycles=FILL, hit_latency_cycles=HIT)


def test_a_first_fetch_waits_for_the_fill_and_a_refetch_after_eviction_is_an_l2_hit():
    """vmem.py: a line the CU has not fetched before pays the fill's latency (its sharers wait for one
    fill), one it fetched and lost from the L1 the L2 hit's; neither pays the mean."""
    capacity = GPU.memory.l1_bytes // SECTOR
    others = [load(*[(1 + i * 32 + j) * SECTOR for j in range(32)]) for i in range(capacity // 32 + 1)]
    stream = [load(0), wait(), *others, wait(), load(0), wait()]
    program = Program("t", GPU.arch, 32, (tuple(stream),), Resources(32, 0, 0, 0, 32))
    run = replay_cu(program, GPU, 1, CONVOY_PATH, record=True)
    log = [(start, done) for _, op, start, done in run.instruction_log if op == "vmem_load"]
    assert log[0][1] - log[0][0] == FILL
    assert log[-1][1] - log[-1][0] == HIT


def test_a_first_fetch_fills_from_below_the_l2_for_the_share_of_tiles_not_resident():
    from gemmsim.model.gpu import memory_path
    from gemmsim.model.traffic import RoundTraffic
    from gemmsim.model.vmem import VmemQueue

    clock = GPU.clock_mhz("bf16")
    path = memory_path(RoundTraffic(132, 132, 1e8, 0.0, 2e7, 2e7, resident_a=1.0, resident_b=0.25), 1, GPU, clock)
    assert path.fill_latency_cycles > path.load_latency_cycles > path.hit_latency_cycles
    assert path.fill_latency_cycles == pytest.approx(GPU.memory.hbm_latency_ns * clock / 1000)
    queue = VmemQueue(path)
    assert queue.load_latency(32, True, "A") == pytest.approx(path.hit_latency_cycles)     # resident: an L2 hit
    assert queue.load_latency(32, True, "B") == pytest.approx(0.25 * path.hit_latency_cycles
                                                              + 0.75 * path.fill_latency_cycles)
    assert queue.load_latency(32, False, "B") == pytest.approx(path.hit_latency_cycles)    # fetched before
    assert queue.load_latency(32, None, "B") == pytest.approx(path.load_latency_cycles)    # not known: the mean
