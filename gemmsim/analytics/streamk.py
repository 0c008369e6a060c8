"""Stream-K: the K tiles of a GEMM's output tiles spread evenly over persistent workgroups.

A data-parallel kernel gives each output tile to one workgroup, which runs the tile's whole K loop;
tiles fill the GPU in rounds, and a last round that leaves compute units idle (wave quantization)
costs as much as a full one. Stream-K (Osama et al., PPoPP 2023; hipBLASLt's and tritonBLAS's
persistent kernels) lays the (tile, K tile) iterations out in one line, tile after tile, and cuts
the line into `workers` contiguous ranges of equal length (the first ones one iteration longer
where it does not divide). A range that covers part of a tile computes a partial result:

- a range that starts inside a tile (not at its K tile 0) writes its fp32 partial tile to a
  workspace and raises a flag; it is the first piece of that range, done before anything else;
- the range that holds the tile's K tile 0 owns the tile: it waits for the other contributors'
  flags, reads their partials, adds them to its own, and writes C (the fix-up). That piece is the
  last of its range, so the others have usually finished theirs by then.

The hybrid "dp+sk" (tritonBLAS; CK's DP + SK) keeps the full rounds data-parallel and streams only
the tiles of the last, partial round.

Pricing. Nothing here replays: the costs come from replays of the same tile (gemmsim.simulate.
predict_stream_k) as RoundCosts: a workgroup's fixed time (prologue and epilogue) and the CU's time
per K tile with that many workgroups side by side, with the clock they ran at and how many CUs were
busy. Two are measured: the data-parallel round that stream-K replaces, and a round with every CU
busy (a reference grid of the same tile and K, one workgroup per slot): more busy CUs lower the
clock under load and load the memory. A stream-K schedule on fewer CUs gets the cost between them,
linear in the busy CUs (the activity that sets the clock and the bandwidth that loads the
latencies both grow with them). A worker's time is

    pieces x fixed + iterations x per-K-tile + partial write (if its range starts inside a tile)
                   + the wait for the tile's contributors and the reads of their partials (if it owns a split tile)

and the kernel's is the slowest worker's, and no less than the data-parallel kernel's HBM traffic
over the achievable HBM bandwidth (the same loads, spread over more CUs; the L2's share per CU is
in the replayed round with every CU busy). Partials meet where every CU sees them (FixupPath): on
a GPU of several XCDs, whose L2s are private to their XCD, the Infinity Cache; else the L2.
Simplifications, both on the side of a dearer stream-K: a piece that writes a partial still pays
the whole epilogue of the replay, and workers on a CU holding fewer than the replayed round's
workgroups pay that round's per-K-tile cost. Not modelled: the workspace's zeroing or flag reset
between launches, and an owner's partial loads contending with other CUs' K-tile loads.

What the arithmetic guarantees (tests/test_streamk.py): every (tile, K tile) is assigned exactly
once; with no fewer workers than the tiles streamed, a schedule's slowest worker computes no more K
tiles than a data-parallel workgroup of the round it replaces, so its time is at most the
data-parallel time plus its fix-up and its load (what the busier GPU adds to a workgroup's fixed time
and to its K tiles); and the chosen schedule is never slower than the data-parallel one, which is
among the candidates (one worker a tile).
"""

from __future__ import annotations

from dataclasses import dataclass

from gemmsim.errors import ConfigError
from gemmsim.hw import GPU

SCHEDULES = ("stream-k", "dp+sk")   # every tile streamed; full rounds data-parallel and the rest streamed
PARTIAL_BYTES_PER_ELEMENT = 4       # a partial tile holds the fp32 (or int32) accumulators, one 32-bit word each


@dataclass(frozen=True)
class Piece:
    """The part of one tile a worker computes: K tiles [k_begin, k_end) of tile `tile`."""

    worker: int
    tile: int
    k_begin: int
    k_end: int

    @property
    def iterations(self) -> int:
        return self.k_end - self.k_begin


def assign(tiles: int, k_tiles: int, workers: int) -> tuple[tuple[Piece, ...], ...]:
    """Each worker's pieces, in the order it runs them: the tiles x k_tiles iterations, tile-major,
    cut into `workers` contiguous ranges (the first `total % workers` one iteration longer)."""
    for name, value in (("tiles", tiles), ("K tiles", k_tiles), ("workers", workers)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ConfigError(f"stream-K: {name} must be a positive integer, got {value!r}")
    base, longer = divmod(tiles * k_tiles, workers)
    out, start = [], 0
    for w in range(workers):
        end = start + base + (w < longer)
        pieces, at = [], start
        while at < end:
            tile, k = divmod(at, k_tiles)
            stop = min(end, (tile + 1) * k_tiles)
            pieces.append(Piece(w, tile, k, stop - tile * k_tiles))
            at = stop
        out.append(tuple(pieces))
        start = end
    return tuple(out)


@dataclass(frozen=True)
class RoundCost:
    """A replayed round as stream-K prices it."""

    workgroups_per_cu: int       # workgroups a CU ran side by side
    busy_cus: int
    clock_mhz: float
    fixed_us: float              # a workgroup's time outside its K tiles (prologue, epilogue)
    us_per_k_tile: float         # the CU's time per K tile of each of its workgroups (steady state)

    def us(self, k_tiles: int) -> float:
        return self.fixed_us + k_tiles * self.us_per_k_tile


def cost_at(busy_cus: int, measured: RoundCost, loaded: RoundCost | None) -> RoundCost:
    """The cost of a round with `busy_cus` busy: between the measured round and the loaded one (every
    CU busy), linear in the busy CUs; the measured one where nothing else was replayed."""
    if loaded is None or loaded.busy_cus == measured.busy_cus or busy_cus <= measured.busy_cus:
        return measured
    x = min(1.0, (busy_cus - measured.busy_cus) / (loaded.busy_cus - measured.busy_cus))

    def mix(a: float, b: float) -> float:
        return a + x * (b - a)

    return RoundCost(measured.workgroups_per_cu, busy_cus, mix(measured.clock_mhz, loaded.clock_mhz),
                     mix(measured.fixed_us, loaded.fixed_us), mix(measured.us_per_k_tile, loaded.us_per_k_tile))


@dataclass(frozen=True)
class FixupPath:
    """Where partial tiles meet, and a worker's share of it."""

    level: str                   # "Infinity Cache" or "L2"
    bytes_per_us: float          # one worker's share, every CU moving partials at once
    latency_us: float            # a store made visible, or a flag or a partial loaded, from that level
    partial_bytes: int           # one partial tile

    def write_us(self) -> float:
        """Write one partial and make it visible (the release before the flag)."""
        return self.partial_bytes / self.bytes_per_us + self.latency_us

    def read_us(self, partials: int) -> float:
        """See the last flag, then load `partials` partial tiles (their loads pipelined: one latency)."""
        return 2 * self.latency_us + partials * self.partial_bytes / self.bytes_per_us


def l2_slice_bytes_per_clk(gpu: GPU) -> float:
    """A CU's share of its XCD's L2 read bandwidth ([memory] l2_read_bytes_per_clk_per_xcd)."""
    return gpu.xcds * gpu.memory.l2_read_bytes_per_clk_per_xcd / gpu.compute_units


def fixup_path(gpu: GPU, clock_mhz: float, tile_m: int, tile_n: int, workgroups_per_cu: int,
               busy_cus: int | None = None) -> FixupPath:
    """The path of partial tiles on `gpu`: on several XCDs (private L2s) the Infinity Cache
    ([memory] mall_bytes_per_s shared by the `busy_cus`, default all; mall_latency_ns, else
    hbm_latency_ns), on one XCD the L2 (its slice per CU, l2_hit_latency_ns); a worker gets its CU's
    share over its workgroups, and never more than the CU's L2 slice."""
    mem = gpu.memory
    slice_bytes_per_us = l2_slice_bytes_per_clk(gpu) * clock_mhz
    if gpu.xcds > 1:
        sharers = min(busy_cus or gpu.compute_units, gpu.compute_units)
        level, per_cu = "Infinity Cache", min(slice_bytes_per_us, mem.mall_bytes_per_s / 1e6 / sharers)
        latency_ns = mem.mall_latency_ns if mem.mall_latency_ns is not None else mem.hbm_latency_ns
    else:
        level, per_cu, latency_ns = "L2", slice_bytes_per_us, mem.l2_hit_latency_ns
    return FixupPath(level, per_cu / workgroups_per_cu, latency_ns / 1000.0, tile_m * tile_n * PARTIAL_BYTES_PER_ELEMENT)


@dataclass(frozen=True)
class WorkerTime:
    us: float                    # when the worker's last piece is done
    iterations: int
    pieces: int
    fixup_us: float              # beyond one workgroup's fixed time and its K tiles: extra pieces, partials, waits


def price(pieces: tuple[tuple[Piece, ...], ...], k_tiles: int, cost: RoundCost,
          path: FixupPath) -> tuple[WorkerTime, ...]:
    """Each worker's time (see the module's docstring). A piece that starts inside a tile is its
    worker's first, so its end is known before any worker waits on it."""
    written: dict[int, list[float]] = {}   # tile -> when each contributor's partial is visible
    for worker in pieces:
        if worker and worker[0].k_begin > 0:
            first = worker[0]
            written.setdefault(first.tile, []).append(cost.us(first.iterations) + path.write_us())
    out = []
    for worker in pieces:
        t, iterations = 0.0, 0
        for piece in worker:
            t += cost.us(piece.iterations)
            iterations += piece.iterations
            if piece.k_begin > 0:
                t += path.write_us()
            elif piece.k_end < k_tiles:                  # owns a split tile: the fix-up
                peers = written.get(piece.tile, [])
                t = max([t, *peers]) + path.read_us(len(peers))
        out.append(WorkerTime(t, iterations, len(worker), t - cost.us(iterations) if worker else 0.0))
    return tuple(out)


@dataclass(frozen=True)
class DataParallel:
    """What stream-K needs of the data-parallel replay of the same tile."""

    tiles: int                    # output tiles (workgroups of the data-parallel grid)
    k_tiles: int                  # K tiles of each
    compute_units: int
    full_rounds: int
    full: RoundCost | None        # a full round (every CU at the occupancy), if any
    partial: RoundCost | None     # the last, partial round, if any
    loaded: RoundCost | None      # the partial round's workgroups per CU with every CU busy (None: not replayed)
    time_us: float                # the replayed kernel
    hbm_bytes: float              # its traffic to and from HBM

    def full_us(self) -> float:
        return self.full.us(self.k_tiles) if self.full else 0.0


@dataclass(frozen=True)
class StreamKPlan:
    """A stream-K schedule of one GEMM, priced."""

    schedule: str                 # "stream-k" or "dp+sk"
    data_parallel_rounds: int     # full rounds kept data-parallel (dp+sk)
    tiles_streamed: int
    k_tiles: int
    workers: int                  # stream-K workgroups
    workgroups_per_cu: int
    iterations_min: int           # K tiles per worker
    iterations_max: int
    tiles_split: int              # tiles computed by more than one worker
    max_contributors: int         # the most workers on one tile
    partial_bytes: int            # partial tiles written (each read once by its tile's owner)
    time_us: float
    data_parallel_us: float
    fixup_us: float               # on the slowest worker's path: extra pieces, partial tiles, waits
    load_us: float                # on that path: what the busier GPU adds to a workgroup's fixed time and its K tiles
    slowest_worker: int
    floor_us: float               # the data-parallel HBM traffic over the achievable HBM bandwidth
    bound: str                    # "workers" (the slowest one) or "bandwidth" (the floor)
    chosen: bool                  # the fastest of the worker counts tried (False: the count was given)
    cost: RoundCost               # the streamed workers' (between the measured and the loaded round)
    path: FixupPath


def plan(dp: DataParallel, schedule: str, gpu: GPU, tile_mn: tuple[int, int],
         workers: int | None = None) -> StreamKPlan:
    """The stream-K schedule of `schedule`'s kind with `workers` stream-K workgroups, or the fastest
    (None). The workers tried: the streamed tiles times j, each tile in j equal parts, for j up to
    the K tiles and up to one worker per slot (CUs x the round's workgroups per CU), and one per slot
    (or per iteration, if fewer); with more tiles than slots, one per slot. The first (j = 1) is the
    data-parallel schedule itself."""
    if schedule not in SCHEDULES:
        raise ConfigError(f"schedule {schedule!r}: expected one of {', '.join(SCHEDULES)}")
    if schedule == "dp+sk" or dp.full is None:
        kept, measured, loaded = dp.full_rounds, dp.partial, dp.loaded
        tiles = dp.tiles - kept * dp.compute_units * dp.full.workgroups_per_cu if dp.full else dp.tiles
    else:
        kept, tiles, measured, loaded = 0, dp.tiles, dp.full, None
    if measured is None:                                 # whole rounds only: nothing to stream
        return _priced(dp, schedule, kept, 0, 0, (), (), dp.full, dp.full, gpu, tile_mn)
    slots = dp.compute_units * measured.workgroups_per_cu
    if workers is not None:
        if not isinstance(workers, int) or isinstance(workers, bool) or not 1 <= workers <= tiles * dp.k_tiles:
            raise ConfigError(f"stream-K workers {workers!r}: must be 1 to the {tiles * dp.k_tiles} (tile, K tile) "
                              f"iterations streamed")
        candidates = [workers]
    else:
        spread = min(slots, tiles * dp.k_tiles)
        candidates = sorted({tiles * j for j in range(1, min(slots // tiles, dp.k_tiles) + 1)} | {spread})
    best = None
    for count in candidates:
        busy = min(count, dp.compute_units)
        cost = cost_at(busy, measured, loaded)
        path = fixup_path(gpu, cost.clock_mhz, *tile_mn, measured.workgroups_per_cu, busy)
        pieces = assign(tiles, dp.k_tiles, count)
        option = _priced(dp, schedule, kept, tiles, count, pieces, price(pieces, dp.k_tiles, cost, path), cost,
                         measured, gpu, tile_mn, path, chosen=workers is None)
        if best is None or option.time_us < best.time_us:
            best = option
    return best


def _priced(dp: DataParallel, schedule: str, kept: int, tiles: int, workers: int, pieces, times, cost: RoundCost,
            measured: RoundCost, gpu: GPU, tile_mn: tuple[int, int], path: FixupPath | None = None,
            chosen: bool = True) -> StreamKPlan:
    path = path or fixup_path(gpu, cost.clock_mhz, *tile_mn, cost.workgroups_per_cu)
    contributors: dict[int, int] = {}
    for worker in pieces:
        for piece in worker:
            contributors[piece.tile] = contributors.get(piece.tile, 0) + 1
    partials = sum(n - 1 for n in contributors.values())
    slowest = max(range(len(times)), key=lambda w: times[w].us) if times else 0
    streamed = times[slowest].us if times else 0.0
    dp_rest = dp.time_us - kept * dp.full_us()        # the rounds streamed, or with none, the last full round's drain
    path_us = kept * dp.full_us() + (streamed if tiles else dp_rest)
    floor = hbm_floor_us(gpu, dp.hbm_bytes)
    slow = times[slowest] if times else None
    return StreamKPlan(
        schedule=schedule, data_parallel_rounds=kept, tiles_streamed=tiles, k_tiles=dp.k_tiles, workers=workers,
        workgroups_per_cu=cost.workgroups_per_cu,
        iterations_min=min((t.iterations for t in times), default=0),
        iterations_max=max((t.iterations for t in times), default=0),
        tiles_split=sum(n > 1 for n in contributors.values()), max_contributors=max(contributors.values(), default=0),
        partial_bytes=partials * path.partial_bytes, time_us=max(path_us, floor), data_parallel_us=dp.time_us,
        fixup_us=slow.fixup_us if slow else 0.0,
        load_us=cost.us(slow.iterations) - measured.us(slow.iterations) if slow else 0.0,
        slowest_worker=slowest, floor_us=floor, bound="workers" if path_us >= floor else "bandwidth",
        chosen=chosen, cost=cost, path=path)


def hbm_floor_us(gpu: GPU, hbm_bytes: float) -> float:
    """The least time in which the GPU moves a kernel's HBM traffic ([memory] hbm_achievable_bytes_per_s)."""
    return hbm_bytes / gpu.memory.hbm_achievable_bytes_per_s * 1e6
