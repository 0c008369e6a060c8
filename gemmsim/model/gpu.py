"""From one compute unit to the whole GPU: rounds of workgroups, bandwidth shares, extrapolation.

Workgroups go to free slots (CUs x workgroups_per_cu of them). A grid larger than that runs in
rounds: every full round keeps every CU at its occupancy; a last, partial round puts
ceil(remaining / CUs) workgroups on the busiest CU and leaves the others idle or lighter. The kernel
ends when the busiest CU does, so its time is (full rounds) x (one full round) + (the partial
round). Every CU of a round runs the same Program on the same kind of data, so one CU is replayed
in detail for each kind of round, with its share of the memory system (tile walk in traffic.py):
its slice of the L2, and of the Infinity Cache and HBM bandwidth the fraction of the round's
workgroups it holds (with all CUs equally loaded: achievable bandwidth / busy CUs).

Inside a round the hot K loop repeats the same work. It is replayed for a few iterations twice
(n1 and n2) and every counter (cycles, busy cycles, stalls, conflicts) is extended linearly to the
trip count with the per-iteration difference; the difference is also the steady-state window from
which the bottleneck is read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gemmsim import limits
from gemmsim.hw import GPU
from gemmsim.caches import ByContent, kept
from gemmsim.model.cu import CuRun, replay_cu
from gemmsim.model.stream import L1_OPS, hot_loop_trips
from gemmsim.model.traffic import RoundTraffic, average_round, block_bytes, walk_rounds
from gemmsim.model.vmem import MemoryPath
from gemmsim.ir.program import Program, hot_loop, walk

SHORT_TRIPS, LONG_TRIPS = 2, 4   # hot-loop iterations replayed; the rest is extrapolated
MAX_L1_PERIOD = 64               # longest steady-state window the L1 reuse period may ask for


@dataclass
class RoundReplay:
    """One kind of round, replayed on one CU."""

    workgroups: int
    busy_cus: int
    total: CuRun                 # the whole round, hot loop extrapolated to its trip count
    steady: CuRun                # the steady-state window (LONG - SHORT iterations), or the whole run
    steady_iterations: int
    simulated_iterations: tuple[int, ...]
    extrapolated_iterations: int
    memory: MemoryPath
    traffic: RoundTraffic
    instructions_simulated: int = 0
    timeline: list | None = None


@dataclass
class KernelReplay:
    cycles: float
    full_rounds: int
    full: RoundReplay | None
    partial: RoundReplay | None
    rounds_traffic: list[RoundTraffic]
    hot_loop_trips: int
    reduction_cycles: float = 0.0   # split-K's second pass, included in cycles

    @property
    def dominant(self) -> RoundReplay:
        """The kind of round that takes most of the kernel's time."""
        if self.full is None:
            return self.partial
        if self.partial is None:
            return self.full
        return self.full if self.full_rounds * self.full.total.cycles >= self.partial.total.cycles else self.partial


def level_latencies_ns(gpu: GPU, l2_bytes_per_s: float, hbm_bytes_per_s: float) -> tuple[float, float]:
    """(L2 hit, HBM) load latency with the memory system busy: where the description has the
    loaded-latency fit (validation/analyses/, [sources] mb_loaded_hbm: a pointer chase beside streaming loads), each level's
    latency is its loaded floor + slope x the bandwidth in use at that level; elsewhere the unloaded one."""
    mem = gpu.memory
    l2, hbm = mem.l2_hit_latency_ns, mem.hbm_latency_ns
    if mem.l2_latency_ns_per_tb_per_s is not None and l2_bytes_per_s > 0:
        l2 = (mem.l2_loaded_latency_ns or l2) + mem.l2_latency_ns_per_tb_per_s * l2_bytes_per_s / 1e12
    if mem.l2_warp_latency_ns is not None:   # a warp's L2 hit is never faster than one on an idle GPU
        l2 = max(l2, mem.l2_warp_latency_ns)
    if mem.hbm_latency_ns_per_tb_per_s is not None and hbm_bytes_per_s > 0:
        hbm = (mem.hbm_loaded_latency_ns or hbm) + mem.hbm_latency_ns_per_tb_per_s * hbm_bytes_per_s / 1e12
    return l2, hbm


def below_l2_latency_ns(gpu: GPU, hbm_ns: float, from_hbm: float) -> float:
    """A load the L2 misses: the tiles first read in this launch come from HBM, the ones an earlier
    round read from the Infinity Cache (MALL) where the description has its latency (traffic.py:
    `from_hbm`, the share of the round's tile bytes HBM sends); elsewhere every miss takes HBM's."""
    mall_ns = gpu.memory.mall_latency_ns
    if mall_ns is None:
        return hbm_ns
    return from_hbm * hbm_ns + (1 - from_hbm) * mall_ns


def under_load(gpu: GPU) -> bool:
    """Whether the description says how latency grows with the bandwidth in use."""
    return gpu.memory.hbm_latency_ns_per_tb_per_s is not None or gpu.memory.l2_latency_ns_per_tb_per_s is not None


def memory_path(traffic: RoundTraffic, workgroups: int, gpu: GPU, clock_mhz: float,
                in_use: tuple[float, float] = (0.0, 0.0)) -> MemoryPath:
    """What the busiest CU of a round sees of the memory system.

    L2: each CU gets its slice of its XCD's L2 bandwidth (the XCD's bandwidth over its CUs).
    Infinity Cache and HBM: shared by the whole round in proportion to demand, so a CU holding
    `workgroups` of the round's workgroups gets that fraction of their bandwidth (with every CU
    equally loaded: the achievable bandwidth over the busy CUs). Each level is weighted by the
    share of the CU's bytes that reach it; the slowest level sets the CU's bytes per cycle.
    The load latency mixes L2 hits and misses (misses pay the HBM latency, or the Infinity Cache's
    for tiles an earlier round brought there: below_l2_latency_ns); `in_use` is the L2 and
    HBM bandwidth (bytes/s) the round keeps busy, which loads the latencies (level_latencies_ns).
    Stores take the CU's share of the L2's store rate where the description measured one (the whole
    round's CUs storing at once, as a GEMM's epilogues do), if that is slower than the read path.
    A line the CU fetches for the first time waits for the fill from below the L2 (vmem.py: the
    round's sharers of a tile wait for one fill), unless its tile is in the L2 already (the share
    traffic.RoundTraffic.resident_a / _b); one it fetched before is an L2 hit."""
    mem = gpu.memory
    hz = clock_mhz * 1e6
    share = workgroups / max(1, traffic.blocks)
    requested = max(1.0, traffic.requested_bytes)
    cycles_per_byte = max(
        l2_cycles_per_byte(gpu, clock_mhz, in_use[0]),
        (traffic.l2_miss_bytes + traffic.write_bytes) / requested * hz / (mem.mall_bytes_per_s * share),
        traffic.hbm_bytes / requested * hz / (mem.hbm_achievable_bytes_per_s * share),
    )
    hit = traffic.l2_hit_rate
    to_cycles = clock_mhz / 1000.0
    l2_ns, hbm_ns = level_latencies_ns(gpu, *in_use)
    below_ns = below_l2_latency_ns(gpu, hbm_ns, traffic.from_hbm)
    return MemoryPath(
        cycles_per_byte=cycles_per_byte,
        load_latency_cycles=(hit * l2_ns + (1 - hit) * below_ns) * to_cycles,
        store_latency_cycles=mem.l2_hit_latency_ns * to_cycles,
        scalar_latency_cycles=mem.l2_hit_latency_ns * to_cycles,
        sector_bytes=mem.l1_sector_bytes,
        sector_latency_cycles=sector_latency_ns(gpu, hit) * to_cycles,
        fill_latency_cycles=below_ns * to_cycles,
        fill_sector_latency_cycles=sector_latency_ns(gpu, 0.0) * to_cycles,
        hit_latency_cycles=l2_ns * to_cycles,
        hit_sector_latency_cycles=sector_latency_ns(gpu, 1.0) * to_cycles,
        resident=(("A", traffic.resident_a), ("B", traffic.resident_b)),
        store_cycles_per_byte=(max(cycles_per_byte, hz / (mem.l2_store_bytes_per_s * share))
                               if mem.l2_store_bytes_per_s else None),
    )


def l2_cycles_per_byte(gpu: GPU, clock_mhz: float, l2_bytes_per_s: float) -> float:
    """What the L2 lets one CU read, in cycles per byte: its slice of its XCD's bandwidth while the
    round's reads keep the L2 at its bandwidth; below that, where the description measured one CU's
    own rate ([memory] l2_sm_read_bytes_per_clk), that rate: a CU whose bursts come while the others
    do not read at once is not held to an even share (on the H200 the large matrix-core tiles keep the
    L2 at 32-39 % of its peak, Nsight Compute's lts__t_sectors, large_stalls.csv)."""
    own = gpu.memory.l2_sm_read_bytes_per_clk
    slice_cycles = l2_slice_cycles_per_byte(gpu)
    if own is None or l2_bytes_per_s >= gpu.xcds * gpu.memory.l2_read_bytes_per_clk_per_xcd * clock_mhz * 1e6:
        return slice_cycles
    return min(slice_cycles, 1.0 / own)


def l2_slice_cycles_per_byte(gpu: GPU) -> float:
    """A CU's slice of its XCD's L2 bandwidth, in cycles per byte: no CU's memory path is faster."""
    return gpu.compute_units / (gpu.xcds * gpu.memory.l2_read_bytes_per_clk_per_xcd)


def sector_latency_ns(gpu: GPU, hit: float) -> float:
    """What each sector beyond the first adds to a load's latency, L2 hits and misses mixed (the
    warp-wide first-touch chase: the same chain of loads with its lanes on 1, 4 or 8 sectors); 0
    where the description does not say."""
    mem = gpu.memory
    return hit * (mem.l2_sector_latency_ns or 0.0) + (1 - hit) * (mem.hbm_sector_latency_ns or 0.0)


def l1_period(program: Program, gpu: GPU) -> int:
    """Hot-loop iterations after which the global loads' L1 lines repeat their pattern: a load that
    moves by s bytes per iteration enters a new line every line / gcd(s, line) iterations (A read
    4 bytes a step stays in one 128-byte line for 32 iterations). The steady-state window must hold
    whole periods, or it would see only the hits between two misses."""
    loop = hot_loop(program.waves[0]) if program.waves else None
    if loop is None:
        return 1
    line = gpu.memory.l1_line_bytes
    period = 1
    for instr, inner in walk(loop.body):
        at = len(instr.iter_strides) - 1 - len(inner)   # the hot loop's counter, inner loops follow it
        if instr.op in L1_OPS and at >= 0 and instr.iter_strides[at]:
            period = max(period, line // math.gcd(abs(instr.iter_strides[at]), line))
    return min(period, MAX_L1_PERIOD)


def replay_round(program: Program, gpu: GPU, workgroups: int, traffic: RoundTraffic, clock_mhz: float,
                 record: bool = False, first_block: int = 0, oldest_first: bool = True) -> RoundReplay:
    """One kind of round. Where the description has loaded latencies, the round is replayed twice:
    first at the unloaded latency, then at the latency of the bandwidth the first replay kept busy.
    `oldest_first`: full MIO and LG queues serve the round's earliest workgroups first (replay_cu)."""
    path = memory_path(traffic, workgroups, gpu, clock_mhz)
    if not under_load(gpu):
        return _replay_round(program, gpu, workgroups, traffic, clock_mhz, path, record, first_block, oldest_first)
    first = _replay_round(program, gpu, workgroups, traffic, clock_mhz, path, False, first_block, oldest_first)
    seconds = first.total.cycles / (clock_mhz * 1e6)
    in_use = (traffic.read_bytes / seconds, traffic.hbm_bytes / seconds) if seconds > 0 else (0.0, 0.0)
    path = memory_path(traffic, workgroups, gpu, clock_mhz, in_use)
    return _replay_round(program, gpu, workgroups, traffic, clock_mhz, path, record, first_block, oldest_first)


def _replay_round(program: Program, gpu: GPU, workgroups: int, traffic: RoundTraffic, clock_mhz: float,
                  path: MemoryPath, record: bool, first_block: int, oldest_first: bool) -> RoundReplay:
    trips = hot_loop_trips(program.waves)
    long_trips = SHORT_TRIPS + max(LONG_TRIPS - SHORT_TRIPS, l1_period(program, gpu))
    if trips <= long_trips:
        run = replay_cu(program, gpu, workgroups, path, None, record, first_block, oldest_first)
        return RoundReplay(workgroups, traffic.busy_cus, run, run, trips, (trips,), 0, path, traffic,
                           run.instructions, run.timeline)
    # the long replay first: the short one's streams are then cut from its streams (stream.decoded_streams)
    long = replay_cu(program, gpu, workgroups, path, long_trips, record, first_block, oldest_first)
    short = replay_cu(program, gpu, workgroups, path, SHORT_TRIPS, first_block=first_block, oldest_first=oldest_first)
    extra = (trips - long_trips) / (long_trips - SHORT_TRIPS)
    return RoundReplay(workgroups, traffic.busy_cus, long.extrapolate(short, extra), long.minus(short),
                       long_trips - SHORT_TRIPS, (SHORT_TRIPS, long_trips), trips - long_trips, path, traffic,
                       short.instructions + long.instructions, long.timeline)


def replay_kernel(program: Program, gpu: GPU, workgroups_per_cu: int, clock_mhz: float, k_slices: int,
                  record: bool = False) -> KernelReplay:
    """Replay the busiest CU through every kind of round and add up the kernel's cycles."""
    grid_m, grid_n = program.grid
    limits.check_grid(grid_m, grid_n, layers=program.layers)
    blocks = program.workgroups
    slots = gpu.compute_units * workgroups_per_cu
    full_rounds, remainder = divmod(blocks, slots)
    rounds = list(_walked_rounds(ByContent(program), ByContent(gpu), slots, k_slices))
    full = partial = None
    # Where full MIO and LG queues serve the oldest workgroup first (model/mio.py), a CU's workgroups
    # finish one after another; while more are waiting, each freed slot takes the next at once, so full
    # rounds keep the CU as busy as waves served in turn do. Only the last round drains oldest first.
    ordered = gpu.cu.mio_queue_per_simd > 0 or gpu.cu.lg_queue_per_simd > 0
    drain = 0.0
    if full_rounds:
        traffic = average_round(rounds[:full_rounds])
        full = replay_round(program, gpu, workgroups_per_cu, traffic, clock_mhz, record,
                            oldest_first=full_rounds == 1 and not remainder)
        if ordered and full_rounds > 1 and not remainder:   # the last full round drains
            drain = replay_round(program, gpu, workgroups_per_cu, traffic, clock_mhz).total.cycles - full.total.cycles
    if remainder:
        last_workgroups = math.ceil(remainder / gpu.compute_units)
        partial = replay_round(program, gpu, last_workgroups, rounds[-1], clock_mhz, record and full is None,
                               full_rounds * slots)
    cycles = (full_rounds * full.total.cycles if full else 0.0) + (partial.total.cycles if partial else 0.0) + drain
    return KernelReplay(cycles, full_rounds, full, partial, rounds, hot_loop_trips(program.waves))


ROUNDS_KEPT = 64   # a prediction replays one Program at two clocks; its tile walk does not depend on the clock


@kept(ROUNDS_KEPT)
def _walked_rounds(program: ByContent, gpu: ByContent, slots: int, k_slices: int) -> tuple[RoundTraffic, ...]:
    return tuple(walk_rounds(program.obj.grid, block_bytes(program.obj), slots, k_slices, gpu.obj, program.obj.layers,
                             program.obj.walk))


def reduction_pass_cycles(partial_bytes: float, output_bytes: float, gpu: GPU, clock_mhz: float) -> float:
    """Split-K's second pass: a streaming kernel that reads every partial tile once and writes C once.
    It does a few adds per byte, so HBM bandwidth sets its time (the partials are read from HBM: a
    workspace written by the whole grid is not assumed to still sit in the Infinity Cache)."""
    return reduction_pass_us(partial_bytes, output_bytes, gpu) * clock_mhz


def reduction_pass_us(partial_bytes: float, output_bytes: float, gpu: GPU) -> float:
    """The reduction pass in µs: HBM's time for those bytes, the same at any clock."""
    return (partial_bytes + output_bytes) / gpu.memory.hbm_achievable_bytes_per_s * 1e6
