"""Invariants of the timing model that hold for any configuration."""

import pytest

from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.hw import load_gpu
from gemmsim.problem import make_config, make_problem
from gemmsim.analytics.lds_banks import stream_conflicts
from gemmsim.model.traffic import block_bytes, walk_rounds
from gemmsim.simulate import predict, predict_program
from gemmsim.ir.program import Item, Op, executions
from gemmsim.frontends.preshuffle.generator import generate

CASES = [
    ("mi300x", "5120x5120x8320", "fp8", "64x256x128", {}),
    ("mi300x", "256x2112x7168", "fp8", "64x64x256", {"swizzle": False}),
    ("mi300x", "16x7168x2048", "fp8", "16x64x256", {"copy": "async"}),
    ("mi300x", "1024x1024x4096", "bf16", "64x128x64", {"epilogue": "cshuffle", "lds_stage": 1}),
    ("mi355x", "5120x5120x8320", "fp8", "64x256x128", {}),
    ("mi355x", "2048x4096x2048", "bf16", "128x256x64", {"swizzle": False, "copy": "async"}),
]


@pytest.fixture(scope="module", params=CASES, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}-{c[3]}-{'-'.join(f'{k}={v}' for k, v in c[4].items())}")
def case(request):
    gpu_name, shape, dtype, tile, options = request.param
    gpu = load_gpu(gpu_name)
    problem, config = make_problem(shape, dtype), make_config(tile, **options)
    a = analyze(problem, config, gpu)
    program = generate(a, gpu)
    return gpu, problem, a, program, predict_program(program, problem, gpu, analysis=a)


def weighted_sum(items: tuple[Item, ...], value) -> float:
    return sum(times * value(instr) for instr, times in executions(items))


def test_prediction_never_beats_the_roofline(case):
    _, _, _, _, p = case
    assert p.time_us >= p.roofline_us
    assert p.roofline.time_us == p.roofline_us


def test_matrix_pipe_busy_time_is_mfma_count_times_cycles(case):
    _, _, _, program, p = case
    count = sum(weighted_sum(w, lambda i: i.op == Op.MFMA) for w in program.waves)
    busy = sum(weighted_sum(w, lambda i: i.cycles if i.op == Op.MFMA else 0) for w in program.waves)
    assert p.evidence.mfma_count_per_workgroup == pytest.approx(count, rel=1e-9)
    assert p.evidence.mfma_busy_cycles_per_workgroup == pytest.approx(busy, rel=1e-9)


def test_lds_conflict_cycles_in_the_replay_equal_the_static_analysis(case):
    gpu, _, a, program, p = case
    static = sum(stream_conflicts(w, gpu.lds) for w in program.waves)
    assert p.lds_conflict_cycles.per_workgroup == pytest.approx(static, abs=1e-6)
    assert p.lds_conflict_cycles.total == pytest.approx(static * a.blocks, abs=1e-6)


def test_unswizzled_case_really_has_conflicts():
    # guards the equality test above against comparing zeros with zeros
    gpu = load_gpu("mi300x")
    a = analyze(make_problem("256x2112x7168", "fp8"), make_config("64x64x256", swizzle=False), gpu)
    assert sum(stream_conflicts(w, gpu.lds) for w in generate(a, gpu).waves) > 0


def test_identical_inputs_give_byte_identical_json():
    gpu = load_gpu("mi355x")
    args = (make_problem("256x2112x7168", "fp8"), make_config("64x64x256"), gpu)
    assert predict(*args).to_json() == predict(*args).to_json()


def test_kernel_mfma_utilization_matches_the_throughput(case):
    _, _, _, _, p = case
    assert 100 * p.mfma_utilization == pytest.approx(p.pct_of_clock_peak, rel=1e-6)
    assert 0 < p.mfma_utilization <= 1


def test_tile_walk_reads_every_tile_from_hbm_at_least_once():
    gpu = load_gpu("mi300x")
    a = analyze(make_problem("5120x5120x8320", "fp8"), make_config("64x256x128"), gpu)
    program = generate(a, gpu)
    per_block = block_bytes(program)
    assert per_block.a == 64 * 8320 and per_block.b == 256 * 8320 and per_block.c == 64 * 256 * 2
    assert (per_block.tile_a, per_block.tile_b) == (per_block.a, per_block.b)   # no element read twice
    rounds = walk_rounds(program.grid, per_block, gpu.compute_units * 3, a.k_tiles, gpu)
    assert sum(r.blocks for r in rounds) == a.blocks
    hbm_reads = sum(r.hbm_read_bytes for r in rounds)
    assert hbm_reads == pytest.approx(a.grid_m * per_block.a + a.grid_n * per_block.b)   # fits in the MALL: once
    assert all(0.0 < r.l2_hit_rate < 1.0 for r in rounds)
    assert all(r.resident_b == 0.0 for r in rounds)   # each B tile's first round fetches it: nothing kept


@pytest.mark.parametrize("kernel", ["gemm", "gemm_blocked2x2", "gemm_blocked4x4"])
def test_a_workgroup_tile_counts_each_element_once_however_many_lanes_read_it(kernel):
    """In the direct ladder kernels 16 lanes share an A element and 8 warps a B sector (and the
    blocked ones reread a sector for 8 K steps): the reads are several times the tiles, whose bytes
    are the rows (columns) the workgroup covers times K, within one sector of slide at the end."""
    from gemmsim.frontends.sm90 import ladder
    from gemmsim.frontends.sm90.common import Sm90Problem

    m = n = k = 512
    program = ladder.generate(kernel, Sm90Problem(m, n, k, "fp32"), load_gpu("h200"))
    per_block = block_bytes(program)
    edge = ladder.OUTPUT_EDGE[kernel]
    rows = edge * k * 4
    assert rows <= per_block.tile_a <= rows + edge * 32 and rows <= per_block.tile_b <= rows + edge * 32
    assert per_block.a + per_block.b > 3 * (per_block.tile_a + per_block.tile_b)


def test_the_l2_holds_what_a_round_finds_least_recently_used_out():
    import dataclasses

    from gemmsim.model.traffic import BlockBytes

    gpu = load_gpu("h200")   # one L2 that keeps 48 MiB whole, in two partitions
    tile_m, tile_n = 64, 128
    def walk(size):
        a, b = tile_m * size * 2, tile_n * size * 2
        per_block = BlockBytes(a, b, tile_m * tile_n * 4, a, b)
        return walk_rounds((size // tile_m, size // tile_n), per_block, gpu.compute_units, size // 64, gpu)
    # 1 MiB of bf16 A and B: the previous launch left all of it
    assert all(r.resident_a == r.resident_b == 1.0 for r in walk(512))
    # 2048^3: a round of 132 blocks reads all 32 A tiles (8 MiB, in both partitions) and 4-5 B tiles,
    # so A stays while a B tile is fetched in its first round and held only in the next
    rounds = walk(2048)
    assert all(r.resident_a == 1.0 for r in rounds)
    assert all(0.0 < r.resident_b < 1.0 for r in rounds[1:-1])
    # 4096^3: the 64 A tiles (32 MiB) take 64 MiB in the two partitions, more than the L2 keeps, after
    # the previous launch and between the rounds of this one (the matrix-core kernel's DRAM reads at
    # 4096^3, ncu.csv: its 32 MiB operand read again by every round), so no round finds them
    rounds = walk(4096)
    assert all(r.resident_a == 0.0 for r in rounds)
    # with one partition the same 32 MiB stay, from the previous launch and round to round
    one_partition = dataclasses.replace(gpu, memory=dataclasses.replace(gpu.memory, l2_partitions=1))
    per_block = BlockBytes(tile_m * 4096 * 2, tile_n * 4096 * 2, tile_m * tile_n * 4, tile_m * 4096 * 2, tile_n * 4096 * 2)
    rounds = walk_rounds((4096 // tile_m, 4096 // tile_n), per_block, gpu.compute_units, 64, one_partition)
    assert all(r.resident_a == 1.0 for r in rounds)


def test_workgroup_ids_walk_the_tiles_the_kernel_puts_on_block_x():
    """kernels/mma_preshuffle.hip puts the N tile on blockIdx.x: consecutive ids share an A tile and
    walk N. At 2048x8192x10240 with 64x256x64 tiles (32 x 32 tiles, 264 slots) a round then holds ~8
    A tiles and all 32 B tiles, so HBM sends all of B again every round: 717 MB over the launch,
    what Nsight Compute read (large_stalls.csv: 717.2 MB), where the M-first walk gives half."""
    from gemmsim.frontends.sm90 import mma
    from gemmsim.frontends.sm90.common import Sm90Problem
    from gemmsim.ir.program import tile_of_block
    from gemmsim.model.traffic import BlockBytes

    gpu = load_gpu("h200")
    program = mma.generate((64, 256, 64), True, Sm90Problem(2048, 8192, 10240, "bf16"), gpu)
    assert program.walk == "n"
    assert tile_of_block(1, program.grid, "n") == (0, 1) and tile_of_block(1, program.grid, "m") == (1, 0)
    assert program.block_coords(33)[:2] == (1, 1)
    a, b = 64 * 10240 * 2, 256 * 10240 * 2
    per_block = BlockBytes(a, b, 64 * 256 * 4, a, b)
    hbm = {walk: sum(r.hbm_read_bytes for r in walk_rounds((32, 32), per_block, 264, 160, gpu, walk=walk))
           for walk in ("m", "n")}
    assert 700e6 < hbm["n"] < 735e6 and hbm["m"] < 0.6 * hbm["n"]


def test_a_cu_reads_the_l2_at_its_own_rate_until_the_l2_is_busy():
    from gemmsim.model.gpu import l2_cycles_per_byte, l2_slice_cycles_per_byte

    h200, mi300x = load_gpu("h200"), load_gpu("mi300x")
    clock = 1800.0
    peak = h200.memory.l2_read_bytes_per_clk_per_xcd * clock * 1e6
    assert l2_cycles_per_byte(h200, clock, 0.3 * peak) == 1 / h200.memory.l2_sm_read_bytes_per_clk
    assert l2_cycles_per_byte(h200, clock, 0.3 * peak) < l2_slice_cycles_per_byte(h200)
    assert l2_cycles_per_byte(h200, clock, 1.1 * peak) == l2_slice_cycles_per_byte(h200)
    assert l2_cycles_per_byte(mi300x, clock, 0.0) == l2_slice_cycles_per_byte(mi300x)


def test_a_tile_read_from_both_l2_partitions_takes_room_in_both():
    """64x4096x4096 bf16 (the fresh suite's shape): 32 MiB of B, each B tile read by M / TILE_M
    workgroups. One reader per tile: the previous launch left B in the L2. Four readers: a tile is in
    1.875 partitions on average, 60 MiB, more than the 48 MiB the L2 keeps; with one partition it fits."""
    import dataclasses

    from gemmsim.model.traffic import BlockBytes, l2_copies

    assert [l2_copies(r, 2) for r in (1, 2, 4)] == [1.0, 1.5, 1.875]
    assert l2_copies(4, 1) == 1.0
    gpu = load_gpu("h200")
    one_partition = dataclasses.replace(gpu, memory=dataclasses.replace(gpu.memory, l2_partitions=1))

    def walk(tile_m, on):
        a, b = tile_m * 4096 * 2, 64 * 4096 * 2
        per_block = BlockBytes(a, b, tile_m * 64 * 4, a, b)
        return walk_rounds((64 // tile_m, 4096 // 64), per_block, 2 * on.compute_units, 64, on)
    assert [r.resident_b for r in walk(64, gpu)] == [1.0]
    assert [r.resident_b for r in walk(16, gpu)] == [0.0]
    assert [r.resident_b for r in walk(16, one_partition)] == [1.0]


def test_memory_path_share_is_bandwidth_over_busy_cus_in_a_full_round():
    from gemmsim.model.gpu import memory_path
    from gemmsim.model.traffic import RoundTraffic, average_round

    gpu = load_gpu("mi300x")
    clock = gpu.clock_mhz("fp8")
    # every byte comes from HBM: the CU's share is the achievable bandwidth over all CUs
    all_hbm = RoundTraffic(blocks=gpu.compute_units * 3, busy_cus=gpu.compute_units, read_bytes=1e9, write_bytes=0.0,
                           l2_miss_bytes=0.0, hbm_read_bytes=1e9)
    two_rounds = average_round([all_hbm, all_hbm])
    assert two_rounds == all_hbm
    path = memory_path(two_rounds, 3, gpu, clock)
    per_cu_bytes_per_cycle = gpu.memory.hbm_achievable_bytes_per_s / gpu.compute_units / (clock * 1e6)
    assert 1 / path.cycles_per_byte == pytest.approx(per_cu_bytes_per_cycle)
    # all L2 hits: the CU's slice of its XCD's L2
    all_l2 = RoundTraffic(gpu.compute_units * 3, gpu.compute_units, 1e9, 0.0, 0.0, 0.0)
    slice_bytes = gpu.memory.l2_read_bytes_per_clk_per_xcd * gpu.xcds / gpu.compute_units
    assert 1 / memory_path(all_l2, 3, gpu, clock).cycles_per_byte == pytest.approx(slice_bytes)
    assert memory_path(all_l2, 3, gpu, clock).load_latency_cycles == pytest.approx(gpu.memory.l2_hit_latency_ns * clock / 1000)


def test_the_shared_replay_of_the_full_rounds_takes_the_resident_shares_of_the_rounds_after_the_first():
    """Only the first round finds what the previous launch left; the rounds' bytes are still averaged."""
    from gemmsim.model.traffic import RoundTraffic, average_round

    first = RoundTraffic(10, 10, 3e6, 0.0, 1e6, 1e6, resident_a=0.0, resident_b=0.0)
    later = RoundTraffic(10, 10, 3e6, 0.0, 0.0, 0.0, resident_a=1.0, resident_b=0.5)
    mean = average_round([first, later, later])
    assert (mean.resident_a, mean.resident_b) == (1.0, 0.5)
    assert mean.l2_miss_bytes == pytest.approx(1e6 / 3)
    assert average_round([first]).resident_a == 0.0


def test_a_load_the_l2_misses_waits_for_hbm_on_a_first_read_and_for_the_mall_after():
    """The tiles a round reads first come from HBM; those an earlier round read, from the Infinity
    Cache (MI300X: 218 ns against 428 ns, the sources in mi300x.toml). The H200 has no MALL."""
    from gemmsim.model.gpu import below_l2_latency_ns

    gpu = load_gpu("mi300x")
    mem = gpu.memory
    assert mem.mall_latency_ns < mem.hbm_latency_ns
    assert below_l2_latency_ns(gpu, mem.hbm_latency_ns, 1.0) == mem.hbm_latency_ns
    assert below_l2_latency_ns(gpu, mem.hbm_latency_ns, 0.0) == mem.mall_latency_ns
    assert below_l2_latency_ns(gpu, mem.hbm_latency_ns, 0.25) == pytest.approx(
        0.25 * mem.hbm_latency_ns + 0.75 * mem.mall_latency_ns)
    h200 = load_gpu("h200")
    assert h200.memory.mall_latency_ns is None
    assert below_l2_latency_ns(h200, 300.0, 0.0) == 300.0


def test_the_first_round_reads_every_tile_from_hbm_and_later_rounds_reuse_the_mall():
    gpu = load_gpu("mi300x")
    a = analyze(make_problem("5120x5120x8320", "fp8"), make_config("64x256x128"), gpu)
    program = generate(a, gpu)
    rounds = walk_rounds(program.grid, block_bytes(program), gpu.compute_units * 3, a.k_tiles, gpu)
    assert rounds[0].from_hbm == 1.0
    assert all(r.from_hbm < 1.0 for r in rounds[1:])
    # 256x2112x7168 on 64x64 tiles: one round of 132 workgroups, every tile new
    a = analyze(make_problem("256x2112x7168", "fp8"), make_config("64x64x256"), gpu)
    program = generate(a, gpu)
    (only,) = walk_rounds(program.grid, block_bytes(program), gpu.compute_units * 3, a.k_tiles, gpu)
    assert only.from_hbm == 1.0
