"""Where the bytes of a GEMM come from: the tile walk over the grid, the L2 of each XCD, the
Infinity Cache (MALL) and HBM.

Workgroup b computes output tile (b mod grid_m, b div grid_m): consecutive ids walk the M tiles
first. The dispatcher hands workgroups to the XCDs round-robin (b mod xcds), and each XCD has its
own L2. The workgroups resident at one time (a "round" of CUs x workgroups_per_cu) share A tiles
(same M tile) and B tiles (same N tile): in an XCD's L2, each distinct A or B tile of the round is
fetched once from below and served to every workgroup of that XCD that reads it. What the L2s
miss goes to the Infinity Cache, shared by all XCDs; what was never read before (or no longer
fits in it) comes from HBM. Writes of C pass through to HBM.

Assumptions, kept explicit: the workgroups of a round advance through K together, so a K slice
of the round's tiles must fit in an XCD's L2 twice over (the slice in use and the next one); when
it does not, the reuse shrinks in proportion.

Which tiles a round finds in the L2 when it starts (`resident_a`, `resident_b`: the share of its A
and B reads) decides what its loads wait for (vmem.py): a tile first fetched in the round makes
every workgroup that shares it wait for the fill from below. The L2 keeps tiles least recently used
out: a tile used in round L is still there at round r if the tiles of rounds L .. r-1 fit in an
XCD's L2. The kernel is assumed to run as a benchmark runs it, after a launch of itself: the L2
holds what the last rounds of that launch left. Where an L2 is split in partitions that each cache
what their own SMs read (the H200), a tile of that launch takes room in every partition whose SMs read
it: with its readers placed at random, in P x (1 - (1 - 1/P)^readers) partitions on average (the
`slices` microbenchmark measured this between launches; between the rounds of one launch, whose
workgroups overlap in time, the copies are not counted).

The Infinity Cache is assumed cold at launch: a tile's first read in the launch comes from HBM, a
later round's read of it from the MALL where all the tiles fit there (`from_hbm`, the share of a
round's tile bytes HBM sends, picks the latency of a fill from below the L2 in gpu.py). FlyDSL's
benchmark harness (the published rows) rotates 100 copies of its inputs, so no launch finds its
operands in the MALL (nor in the L2: the warm-L2 assumption above is wrong for it too, but changes
none of those rows, whose rounds find nothing of the previous launch in the L2 anyway).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from gemmsim.hw import GPU
from gemmsim.ir.program import MEMORY_OPS, Instr, Loop, Op, Program

# per-row and per-column epilogue operands (the IR's buffer names for them): no part of the tile traffic
EPILOGUE_OPERANDS = ("scale_a", "scale_b", "bias")


@dataclass(frozen=True)
class BlockBytes:
    """Bytes one workgroup moves over the whole kernel, by buffer: what its waves ask for (a, b, c)
    and the distinct bytes of A and B among them (its tiles, what the L2 holds and HBM sends once).
    Where the waves or lanes of a workgroup read the same elements, the tile is smaller than the reads."""

    a: float
    b: float
    c: float
    tile_a: float
    tile_b: float

    @property
    def reads(self) -> float:
        return self.a + self.b


@dataclass(frozen=True)
class RoundTraffic:
    """The memory traffic of the workgroups resident at one time."""

    blocks: int
    busy_cus: int
    read_bytes: float        # reads the CUs ask their L2 for
    write_bytes: float       # C written
    l2_miss_bytes: float     # reads the L2s pass to the Infinity Cache
    hbm_read_bytes: float    # reads that come from HBM
    resident_a: float = 0.0  # share of the round's A reads whose tiles are in the L2 when it starts
    resident_b: float = 0.0  # the same for B
    from_hbm: float = 1.0    # share of the round's distinct A and B tile bytes that HBM sends (the rest: the MALL)

    @property
    def l2_hit_rate(self) -> float:
        return 1.0 - self.l2_miss_bytes / self.read_bytes if self.read_bytes else 1.0

    @property
    def requested_bytes(self) -> float:
        return self.read_bytes + self.write_bytes

    @property
    def hbm_bytes(self) -> float:
        return self.hbm_read_bytes + self.write_bytes



def average_round(rounds: list[RoundTraffic]) -> RoundTraffic:
    """The mean of several rounds (the full rounds share a replay): per-round blocks and bytes. The
    resident shares are those of the rounds after the first where there are several: only the first
    finds what the previous launch left, and a replay of one round reacts to a share that is partly
    the first round's far more than the kernel does (on the H200, a large GEMM takes the same time
    whether or not the L2 was scrubbed before its launch: validation/results/h200/residency_large.csv)."""
    n = len(rounds)
    steady = rounds[1:] or rounds
    return RoundTraffic(round(sum(r.blocks for r in rounds) / n), max(r.busy_cus for r in rounds),
                        sum(r.read_bytes for r in rounds) / n, sum(r.write_bytes for r in rounds) / n,
                        sum(r.l2_miss_bytes for r in rounds) / n, sum(r.hbm_read_bytes for r in rounds) / n,
                        sum(r.resident_a for r in steady) / len(steady), sum(r.resident_b for r in steady) / len(steady),
                        sum(r.from_hbm for r in rounds) / n)


def block_bytes(program: Program) -> BlockBytes:
    """Bytes of A, B (read) and C (written) per workgroup, from the Program's memory instructions.

    A tile's bytes: the loads inside the same loops are taken together. The distinct bytes of their
    first iteration of the innermost loop, then what each further iteration adds (taken as what the
    second adds to the first: a K loop that walks forward), once per iteration of the loops outside.
    The lanes and waves that share elements, and iterations that read parts of the same sectors,
    count them once."""
    totals = {"A": 0.0, "B": 0.0, "C": 0.0}
    nests: dict[tuple[str, tuple[int, ...]], list] = {}   # (buffer, trip counts around) -> its loads
    for wave in program.waves:
        for instr, trips in _with_trips(wave):
            if instr.op not in MEMORY_OPS or instr.op in (Op.LDS_READ, Op.LDS_WRITE, Op.SMEM):
                continue
            if instr.buffer in EPILOGUE_OPERANDS:
                continue   # a few hundred bytes per workgroup, read once: no part of the A, B or C tiles
            buffer = instr.buffer if instr.buffer in totals else ("C" if instr.op == Op.VMEM_STORE else "A")
            totals[buffer] += math.prod(trips) * instr.wave_bytes(program.wave_size)
            if buffer != "C" and all(trips):
                nests.setdefault((buffer, trips), []).append(instr)
    tiles = {"A": 0.0, "B": 0.0}
    for (buffer, trips), loads in nests.items():
        inner = trips[-1] if trips else 1
        first = _distinct_bytes(loads, program.wave_size, len(trips), 1)
        added = _distinct_bytes(loads, program.wave_size, len(trips), 2) - first if inner > 1 else 0
        tiles[buffer] += math.prod(trips[:-1]) * (first + (inner - 1) * added)
    return BlockBytes(totals["A"], totals["B"], totals["C"], tiles["A"], tiles["B"])


def _with_trips(items) -> Iterator[tuple[Instr, tuple[int, ...]]]:
    """Every instruction once, with the trip counts of the loops around it (outermost first)."""
    for item in items:
        if isinstance(item, Loop):
            for instr, trips in _with_trips(item.body):
                yield instr, (item.trip_count,) + trips
        else:
            yield item, ()


def _distinct_bytes(loads: list[Instr], wave_size: int, depth: int, iterations: int) -> int:
    """The length of the union of the loads' lane byte ranges over the first `iterations` of their
    innermost loop, the `depth`-th around them (a load of unknown lanes: all its bytes, every iteration)."""

    def inner_stride(i: Instr) -> int:   # iter_strides name the loops outermost first, and may stop early
        return i.iter_strides[depth - 1] if 0 < depth <= len(i.iter_strides) else 0

    unknown = iterations * sum(i.wave_bytes(wave_size) for i in loads if i.lane_offsets is None)
    ranges = [(np.asarray(i.lane_offsets, dtype=np.int64) + it * inner_stride(i), i.lane_bytes)
              for i in loads if i.lane_offsets is not None for it in range(iterations)]
    if not ranges:
        return unknown
    lo = np.concatenate([start for start, _ in ranges])
    hi = np.concatenate([start + size for start, size in ranges])
    order = np.argsort(lo, kind="stable")
    lo, reach = lo[order], np.maximum.accumulate(hi[order])
    gaps = np.maximum(0, lo[1:] - reach[:-1]).sum()
    return unknown + int(reach[-1] - lo[0] - gaps)


def walk_rounds(grid: tuple[int, int], per_block: BlockBytes, slots: int, k_slices: int, gpu: GPU,
                layers: int = 1) -> list[RoundTraffic]:
    """Traffic of every round of resident workgroups, in launch order. `layers` grids of workgroups
    follow one another along z (batch entries, K splits), each with its own A and B tiles: an A tile
    is told apart by (layer, bx), a B tile by (layer, by). Round r holds the consecutive block ids
    [r x slots, (r + 1) x slots), so each round is a slice of the ids (no pass over the whole grid per
    round: a grid of a million workgroups stays linear).

    Identical layers are walked once: the rounds repeat with a period of lcm(layer, round) workgroups,
    which starts on a layer and ends on a round. Each period's rounds read tiles no other period
    reads and find none of them in the L2 or the Infinity Cache as it starts (the previous layer's
    tiles are others), so every period repeats the first one's traffic exactly. Where the layers
    are no whole number of periods, or the previous launch's rounds that the L2 still holds reach
    back into the first period (a launch the L2 holds whole), every round is walked."""
    per_layer = grid[0] * grid[1]
    blocks = per_layer * layers
    period = math.lcm(per_layer, slots)
    if period < blocks and blocks % period == 0:
        first_period = _walk(grid, per_block, slots, k_slices, gpu, layers, period)
        if first_period is not None:
            return first_period * (blocks // period)
    return _walk(grid, per_block, slots, k_slices, gpu, layers, blocks)


def _walk(grid: tuple[int, int], per_block: BlockBytes, slots: int, k_slices: int, gpu: GPU, layers: int,
          stop: int) -> list[RoundTraffic] | None:
    """walk_rounds' rounds of the block ids below `stop`; None if the L2 still holds tiles of the previous
    launch's rounds among them (stopping early would then lose what the later rounds leave for the first)."""
    grid_m, grid_n = grid
    per_layer = grid_m * grid_n
    blocks = per_layer * layers
    fits_in_mall = layers * (grid_m * per_block.tile_a + grid_n * per_block.tile_b) <= gpu.memory.mall_bytes
    seen_a = np.zeros(grid_m * layers, dtype=bool)
    seen_b = np.zeros(grid_n * layers, dtype=bool)
    starts = range(0, blocks, slots)

    def tiles(first: int) -> tuple[np.ndarray, np.ndarray]:
        ids = np.arange(first, min(first + slots, blocks), dtype=np.int64)
        layer, tile = ids // per_layer, ids % per_layer
        return layer * grid_m + tile % grid_m, layer * grid_n + tile // grid_m

    def distinct(bx: np.ndarray, by: np.ndarray) -> tuple:
        """The round's distinct A and B tiles, each with how many of its blocks read it."""
        return np.unique(bx, return_counts=True), np.unique(by, return_counts=True)

    # the previous launch's last rounds (no more than this launch's), as many as leave tiles the L2 still holds
    l2 = _L2Tiles(grid_m * layers, grid_n * layers, per_block, gpu.memory.l2_bytes_per_xcd, 2 * len(starts))
    copies = (l2_copies(grid_n, gpu.memory.l2_partitions), l2_copies(grid_m, gpu.memory.l2_partitions))
    warm, held = [], 0.0
    for first in reversed(starts):
        if first < stop < blocks:
            return None
        warm.append(distinct(*tiles(first)))
        held += l2.round_bytes(*warm[-1], copies=copies)
        if held > l2.capacity:
            break
    for a_tiles, b_tiles in reversed(warm):
        l2.use(a_tiles, b_tiles, copies=copies)
    out = []
    for first in range(0, stop, slots):
        bx, by = tiles(first)
        n = len(bx)
        # the XCD of block b is b mod xcds: within the round, every xcds-th id from the first of that XCD
        miss = sum(_l2_misses(bx[(x - first) % gpu.xcds::gpu.xcds], by[(x - first) % gpu.xcds::gpu.xcds],
                              per_block, k_slices, gpu) for x in range(gpu.xcds))
        a_tiles, b_tiles = distinct(bx, by)
        a_here, b_here = a_tiles[0], b_tiles[0]
        if fits_in_mall:
            new_a, new_b = a_here[~seen_a[a_here]], b_here[~seen_b[b_here]]
            seen_a[a_here], seen_b[b_here] = True, True
        else:
            new_a, new_b = a_here, b_here
        hbm = len(new_a) * per_block.tile_a + len(new_b) * per_block.tile_b
        tiles_here = len(a_here) * per_block.tile_a + len(b_here) * per_block.tile_b
        out.append(RoundTraffic(n, min(n, gpu.compute_units), n * per_block.reads, n * per_block.c, miss, min(miss, hbm),
                                *l2.use(a_tiles, b_tiles), hbm / tiles_here if tiles_here else 1.0))
    return out


def l2_copies(readers: int, partitions: int) -> float:
    """The L2 partitions expected to hold a tile that `readers` workgroups read, each on a partition
    picked at random."""
    return partitions * (1.0 - (1.0 - 1.0 / partitions) ** readers)


class _L2Tiles:
    """The A and B tiles an L2 holds, least recently used out: a tile used in round L is there at round
    r if the distinct tiles of rounds L .. r-1 fit (a tile counted once in every round that uses it:
    an upper bound on what pushed it out, so it may leave early). A round's A and B tiles take their
    bytes times their copies (the partitions that hold each)."""

    def __init__(self, tiles_a: int, tiles_b: int, per_block: BlockBytes, capacity: float, rounds: int):
        self.last = (np.full(tiles_a, -1, dtype=np.int64), np.full(tiles_b, -1, dtype=np.int64))
        self.before = np.zeros(rounds + 1)   # bytes of the tiles of the rounds before round r
        self.round = 0
        self.tile_bytes = (per_block.tile_a, per_block.tile_b)
        self.capacity = capacity

    def use(self, *buffers: tuple[np.ndarray, np.ndarray], copies: tuple[float, float] = (1.0, 1.0)) -> tuple[float, ...]:
        """For A and B, each (distinct tiles, blocks reading each): the share of the round's reads
        whose tiles the L2 holds as it starts; then the round's tiles become the most recently used."""
        r, before = self.round, self.before
        shares = []
        for (here, counts), last in zip(buffers, self.last):
            used = last[here]
            held = (used >= 0) & (before[r] - before[np.maximum(used, 0)] <= self.capacity)
            shares.append(float(counts[held].sum()) / float(counts.sum()) if len(counts) else 0.0)
            last[here] = r
        before[r + 1] = before[r] + self.round_bytes(*buffers, copies=copies)
        self.round += 1
        return tuple(shares)

    def round_bytes(self, *buffers: tuple[np.ndarray, np.ndarray], copies: tuple[float, float] = (1.0, 1.0)) -> float:
        """What a round's distinct A and B tiles take in the L2."""
        return sum(len(here) * tile_bytes * n for (here, _), tile_bytes, n in zip(buffers, self.tile_bytes, copies))


def _l2_misses(bx: np.ndarray, by: np.ndarray, per_block: BlockBytes, k_slices: int, gpu: GPU) -> float:
    """Reads one XCD's L2 passes down: each distinct tile once, less reuse if a K slice does not fit."""
    if len(bx) == 0:
        return 0.0
    requested = len(bx) * per_block.reads
    distinct = len(np.unique(bx)) * per_block.tile_a + len(np.unique(by)) * per_block.tile_b
    slice_bytes = distinct / max(1, k_slices)
    kept = min(1.0, gpu.memory.l2_bytes_per_xcd / (2 * slice_bytes)) if slice_bytes else 1.0
    return distinct + (requested - distinct) * (1.0 - kept)
