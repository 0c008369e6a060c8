"""Predict a GEMM kernel's time: analyze, generate (or take a parsed Program), replay, report.

    predict(problem, config, gpu)            the preshuffle GEMM of a kernel configuration
    predict_built(family.build(...), gpu)    what any kernel family built (gemmsim.frontends.registry)
    predict_program(program, problem, gpu)   any front-end's Program (generated or parsed)
    predict_stream_k(problem, config, gpu)   the preshuffle GEMM's tile under a stream-K schedule

The search over candidate configurations (predict_gemm, `gemmsim tune`) lives in gemmsim.tuning.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from gemmsim.analytics.dimeff import dim_efficiency
from gemmsim.analytics.occupancy import Occupancy, occupancy
from gemmsim.analytics.roofline import SPEC, Roofline, roofline
from gemmsim.frontends.family import Built
from gemmsim.frontends.preshuffle.analysis import TileAnalysis, analyze
from gemmsim.errors import ConfigError
from gemmsim.hw import GPU
from gemmsim.hw.loader import CLOCK_MHZ
from gemmsim.caches import ByContent, kept
from gemmsim.problem import OUTPUT_BYTES, OUTPUT_DTYPE, KernelConfig, Problem
from gemmsim.model.cu import waves_per_workgroup
from gemmsim.model.bottleneck import classify, largest_wait, stall_breakdown, utilizations
from gemmsim.model.clock import clock_source, clock_under_load_mhz, full_load_clock_mhz
from gemmsim.model.gpu import KernelReplay, reduction_pass_cycles, reduction_pass_us, replay_kernel
from gemmsim.prediction import (Evidence, KernelSummary, LdsConflicts, Prediction, RoundSummary, Simulation,
                                StreamKPrediction, Traffic)
from gemmsim.ir.program import Op, Program, count_ops, hot_loop, walk, with_trip_count
from gemmsim.hw.matrix_opcode import parse_matrix_opcode
from gemmsim.frontends.preshuffle.generator import generate
from gemmsim.analytics.hot_loop import hot_loop_mix
from gemmsim.analytics import streamk


def predict(problem: Problem, config: KernelConfig, gpu: GPU, record: bool = False,
            clock_mhz: float | None = None) -> Prediction:
    a = analyze(problem, config, gpu)
    return predict_program(generate(a, gpu), problem, gpu, analysis=a, record=record, clock_mhz=clock_mhz)


def predict_built(built: Built, gpu: GPU, record: bool = False, clock_mhz: float | None = None) -> Prediction:
    """Replay what a kernel family built (gemmsim.frontends.registry: any family's `build`)."""
    return predict_program(built.program, built.problem, gpu, analysis=built.analysis, config=built.tiles,
                           record=record, clock_mhz=clock_mhz)


def predict_program(program: Program, problem: Problem, gpu: GPU, analysis: TileAnalysis | None = None,
                    config: KernelConfig | None = None, record: bool = False,
                    clock_mhz: float | None = None) -> Prediction:
    """Replay any Program of `problem` on `gpu`. `analysis` (or `config`) supplies the tile sizes and
    occupancy when known; otherwise they come from the Program's grid and resources. `clock_mhz`:
    the engine clock the user measured; without it, the clock under load (gemmsim.model.clock)."""
    return first_replay(program, problem, gpu, analysis, config, record, clock_mhz).finish()


# The most cycles a changed order of events may save the final replay, whatever the clock's rise:
# twice the most seen (0.93 %, FirstReplay.bound_us).
EVENT_ORDER_LOSS = 0.02


@dataclass
class FirstReplay:
    """The replay at the first clock (the given one, or the full-load clock) and the clock its
    matrix activity sets for the final replay. The search stops here for candidates whose
    `bound_us` already loses: the final replay is the expensive half of a prediction."""

    program: Program
    problem: Problem
    gpu: GPU
    occupancy: Occupancy
    config: KernelConfig | None
    k_tiles: int
    tile_mn: tuple[int, int]
    record: bool
    given_clock_mhz: float | None
    clock_mhz: float              # of this replay
    replay: KernelReplay
    final_clock_mhz: float        # of the final replay

    @property
    def bound_us(self) -> float:
        """The final time is no less, on the assumption that the final replay loses at most the
        clock's rise in cycles (cycles2 >= cycles1 x clock1 / clock2), or EVENT_ORDER_LOSS of them where
        that is more. Its cycles are either clock-independent or grow with the clock through the
        memory's nanoseconds, so cycles2 >= cycles1 but for the order of events, which can save cycles:
        over 2056 candidates' two replays with the AMD latencies of 2026-12-02 (benchmarks/
        check_replay_bound.py), up to 9 % at an 11.6 % higher clock (1024x4096x1024 bf16 64x128x64
        lds_stage 1 on mi325x) and 0.93 % at 0.13 % (8192x8192x1024 bf16 64x128x64 async copy on
        mi325x); 0.5 x the rise, tried for speed, fails on both. The final clock is known here;
        split-K's reduction pass adds its time exactly (reduction_us: its bytes do not depend on the clock)."""
        return self._kernel_bound_us() + self.reduction_us

    def _kernel_bound_us(self) -> float:
        if self.final_clock_mhz == self.clock_mhz:
            return self.replay.cycles / self.final_clock_mhz     # finish() keeps this replay
        if self.final_clock_mhz < self.clock_mhz:                # no faster than at the higher clock
            return self.replay.cycles * (1.0 - EVENT_ORDER_LOSS) / self.clock_mhz
        lost = max(1.0 - self.clock_mhz / self.final_clock_mhz, EVENT_ORDER_LOSS)
        return self.replay.cycles * (1.0 - lost) / self.final_clock_mhz

    @property
    def reduction_us(self) -> float:
        """Split-K's reduction pass (0 without a split): the partials this replay's rounds wrote and C,
        at HBM's bandwidth, as finish() adds it."""
        if self.program.split_k == 1:
            return 0.0
        return reduction_pass_us(*self._reduction_bytes(), self.gpu)

    def _reduction_bytes(self) -> tuple[float, float]:
        """The reduction pass's bytes: the partials it reads, the C it writes."""
        c_bytes = getattr(self.problem, "c_bytes", None)
        if c_bytes is not None:
            # the sm_90 streams (Sm90Problem): each split writes an M x N slice of fp32 partials, which the
            # pass reads once and sums into fp32 C (their stores' sectors, each written half by one
            # instruction, would count the slice twice)
            out_bytes = self.problem.batch * self.problem.m * self.problem.n * c_bytes
            return self.program.split_k * out_bytes, out_bytes
        partials = sum(r.write_bytes for r in self.replay.rounds_traffic)
        return partials, self.problem.batch * self.problem.m * self.problem.n * OUTPUT_BYTES

    def finish(self) -> Prediction:
        clock, replay = self.final_clock_mhz, self.replay
        # The replay is deterministic: at the clock it ran at, it would give the same cycles again.
        if clock != self.clock_mhz:
            replay = _replay(self.program, self.gpu, self.occupancy.workgroups_per_cu, clock, self.k_tiles,
                             self.record)
        replay = replace(replay)     # a copy: the reduction pass below must leave the kept replays as they were
        if self.program.split_k > 1:
            replay.reduction_cycles = reduction_pass_cycles(*self._reduction_bytes(), self.gpu, clock)
            replay.cycles += replay.reduction_cycles
        prediction = _assemble(self.program, self.problem, self.gpu, self.occupancy, clock, replay, *self.tile_mn,
                               self.k_tiles, self.config)
        return replace(prediction, clock_source=clock_source(self.gpu, self.given_clock_mhz))


def first_replay(program: Program, problem: Problem, gpu: GPU, analysis: TileAnalysis | None = None,
                 config: KernelConfig | None = None, record: bool = False,
                 clock_mhz: float | None = None) -> FirstReplay:
    """predict_program's first step (its arguments): the replay at the first clock."""
    config = analysis.config if analysis is not None else config
    occ = analysis.occupancy if analysis is not None else program_occupancy(program, gpu)
    if occ.workgroups_per_cu < 1:
        raise ConfigError(f"{program.name}: no workgroup fits on a compute unit (occupancy limited by {occ.limited_by})")
    if clock_mhz is not None and not CLOCK_MHZ.holds(clock_mhz):
        raise ConfigError(f"clock {clock_mhz!r} MHz: {CLOCK_MHZ.rule}")
    tile_m, tile_n, k_tiles = _tile_shape(program, problem, config)
    clock = clock_mhz if clock_mhz is not None else full_load_clock_mhz(gpu, problem.dtype)
    replay = _replay(program, gpu, occ.workgroups_per_cu, clock, k_tiles, record)
    final_clock = clock
    if clock_mhz is None and gpu.clock_under_load is not None:
        # The first replay (at the full-load clock) measures how busy the matrix pipes and the
        # memory path are; the final one runs at the clock that activity sets. One step, not a fixed
        # point: the activity moves only through the memory latencies in ns, and two replays keep
        # the cost bounded.
        final_clock = clock_under_load_mhz(gpu, problem.dtype, power_activity(program, gpu, replay, problem.dtype))
    return FirstReplay(program, problem, gpu, occ, config, k_tiles, (tile_m, tile_n), record, clock_mhz, clock,
                       replay, final_clock)


REPLAYS_KEPT = 64   # two clocks of each Program the generator keeps (a kept replay holds its Program)


def _replay(program: Program, gpu: GPU, workgroups_per_cu: int, clock_mhz: float, k_tiles: int,
            record: bool) -> KernelReplay:
    """replay_kernel, kept per Program content: the generator gives equal inputs equal Programs, and the
    replay depends on nothing else (a model's 1xNx128 GEMMs, N one tile apart, replay once). A
    recorded replay (its timeline) is not kept. The kept replay is shared: callers copy before they change it."""
    if record:
        return replay_kernel(program, gpu, workgroups_per_cu, clock_mhz, k_tiles, record)
    return _kept_replay(ByContent(program), ByContent(gpu), workgroups_per_cu, clock_mhz, k_tiles)


@kept(REPLAYS_KEPT)
def _kept_replay(program: ByContent, gpu: ByContent, workgroups_per_cu: int, clock_mhz: float,
                 k_tiles: int) -> KernelReplay:
    return replay_kernel(program.obj, gpu.obj, workgroups_per_cu, clock_mhz, k_tiles)


def kernel_roofline(problem: Problem, gpu: GPU) -> Roofline:
    """The strict bound a prediction must never beat: spec HBM bandwidth, the kernel's bf16 output."""
    return roofline(problem.m, problem.n, problem.k, problem.dtype, gpu, SPEC, OUTPUT_DTYPE, batch=problem.batch)


def program_occupancy(program: Program, gpu: GPU) -> Occupancy:
    """What fits on a compute unit of a Program without a TileAnalysis: from its registers, LDS and waves."""
    r = program.resources
    return occupancy(gpu, r.arch_vgprs, r.accum_vgprs, r.lds_bytes, waves_per_workgroup(program))


def _tile_shape(program: Program, problem: Problem, config: KernelConfig | None) -> tuple[int, int, int]:
    grid_m, grid_n = program.grid
    if config is not None:   # K tiles of one workgroup: K padded to whole tiles, over its split
        return config.tile_m, config.tile_n, max(1, math.ceil(problem.k / config.tile_k) // config.split_k)
    loop = hot_loop(program.waves[0])
    return math.ceil(problem.m / grid_m), math.ceil(problem.n / grid_n), max(1, loop.trip_count if loop else 1)


def _assemble(program: Program, problem: Problem, gpu: GPU, occ: Occupancy, clock: float, replay: KernelReplay,
              tile_m: int, tile_n: int, k_tiles: int, config: KernelConfig | None) -> Prediction:
    bound = kernel_roofline(problem, gpu)
    time_s = replay.cycles / (clock * 1e6)
    tflops = problem.flops / time_s / 1e12
    dom = replay.dominant
    per_wg = dom.total
    mfma_busy_per_wg = per_wg.mfma_busy_cycles / per_wg.workgroups
    util = utilizations(dom.steady)
    kernel_mfma_util = _mfma_activity(program, gpu, replay)
    blocks = program.workgroups
    conflicts_per_wg = per_wg.lds_conflict_cycles / per_wg.workgroups
    traffic = replay.rounds_traffic
    read = sum(r.read_bytes for r in traffic)
    return Prediction(
        time_us=time_s * 1e6,
        tflops=tflops,
        pct_of_peak=100 * tflops * 1e12 / gpu.peak_flops(problem.dtype),
        bottleneck=classify(util),
        clock_mhz=clock,
        pct_of_clock_peak=100 * tflops * 1e12 / gpu.peak_flops(problem.dtype, clock),
        mfma_utilization=kernel_mfma_util,
        memory_activity=_memory_activity(program, gpu, replay),
        evidence=Evidence(
            steady_state_utilization=util,
            stalls=stall_breakdown(dom.steady),
            largest_wait=largest_wait(stall_breakdown(dom.steady)),
            steady_state_round="full" if dom is replay.full else "partial",
            mfma_count_per_workgroup=per_wg.mfma_count / per_wg.workgroups,
            mfma_busy_cycles_per_workgroup=mfma_busy_per_wg,
            instructions_per_workgroup=per_wg.instructions / per_wg.workgroups,
        ),
        lds_conflict_cycles=LdsConflicts(per_workgroup_per_k_tile=conflicts_per_wg / k_tiles,
                                         per_workgroup=conflicts_per_wg, total=conflicts_per_wg * blocks),
        hot_loop=hot_loop_mix(program),
        dim_efficiency=dim_efficiency(problem.m, problem.n, tile_m, tile_n, gpu.compute_units,
                                      slots_per_cu=occ.workgroups_per_cu, grid=program.grid,
                                      batch=program.layers),   # every z layer is a grid of tiles
        occupancy=occ,
        traffic=Traffic(
            l2_hit_rate=1 - sum(r.l2_miss_bytes for r in traffic) / read if read else 1.0,
            read_bytes=read, write_bytes=sum(r.write_bytes for r in traffic),
            hbm_bytes=sum(r.hbm_bytes for r in traffic),
            cu_bytes_per_cycle=1 / dom.memory.cycles_per_byte,
            load_latency_cycles=dom.memory.load_latency_cycles,
        ),
        simulation=_simulation_summary(replay),
        roofline_us=bound.time_us,
        roofline=bound,
        problem=problem,
        timeline=(replay.full or replay.partial).timeline,
        kernel=KernelSummary(program=program.name, source=program.source, gpu=gpu.name, arch=gpu.arch,
                             grid=tuple(program.grid), tile=config.tile if config else f"{tile_m}x{tile_n}x?",
                             k_tiles=k_tiles),
    )


def _mfma_activity(program: Program, gpu: GPU, replay: KernelReplay) -> float:
    """Busy cycles of every matrix pipe of the GPU over the kernel's cycles (idle CUs count as idle)."""
    per_wg = replay.dominant.total
    return program.workgroups * (per_wg.mfma_busy_cycles / per_wg.workgroups) / (gpu.compute_units * gpu.cu.simds * replay.cycles)


def _memory_activity(program: Program, gpu: GPU, replay: KernelReplay) -> float:
    """Busy cycles of every CU's memory path over the kernel's cycles (idle CUs count as idle)."""
    per_wg = replay.dominant.total
    return min(1.0, program.workgroups * (per_wg.vmem_busy_cycles / per_wg.workgroups) / (gpu.compute_units * replay.cycles))


def power_activity(program: Program, gpu: GPU, replay: KernelReplay, dtype: str) -> float:
    """What sets the clock under load (gemmsim.model.clock): the busier of the matrix work and the
    memory path, since moving data draws power as matrix work does. Matrix work is the pipes' busy
    share times the FLOP rate of the instruction that keeps them busy, over the dtype's peak rate: a
    half-rate instruction (gfx950 running gfx942's v_mfma_i32_16x16x32_i8) does half the work per busy
    cycle, and full_load_mfma_activity, the activity of the published clocks, is a FLOP rate too."""
    matrix = _mfma_activity(program, gpu, replay) * matrix_rate_share(program, gpu, dtype)
    return max(matrix, _memory_activity(program, gpu, replay))


def matrix_rate_share(program: Program, gpu: GPU, dtype: str) -> float:
    """The FLOP rate of the Program's matrix instructions (per busy pipe cycle, weighted by their busy
    cycles) over the dtype's peak per SIMD ([compute_unit.peak_flops_per_clk]); 1 where either is unknown."""
    peak = gpu.cu.peak_flops_per_clk.get(dtype)
    busy = flops = 0.0
    for wave in program.waves[:1]:
        for instr, _ in walk(wave):
            parsed = parse_matrix_opcode(instr.opcode) if instr.op is Op.MFMA else None
            if parsed is not None and instr.cycles > 0:
                busy += instr.cycles
                flops += parsed.flops
    if not peak or not busy:
        return 1.0
    return min(1.0, flops / busy / (peak / gpu.cu.simds))


def _simulation_summary(replay: KernelReplay) -> Simulation:
    def round_info(r):
        if r is None:
            return None
        return RoundSummary(
            workgroups_on_cu=r.workgroups, busy_cus=r.busy_cus, cycles=r.total.cycles,
            cycles_per_iteration=r.steady.cycles / r.steady_iterations if r.extrapolated_iterations else None,
            simulated_iterations=tuple(r.simulated_iterations), extrapolated_iterations=r.extrapolated_iterations,
            instructions_simulated=r.instructions_simulated)

    rounds = [r for r in (replay.full, replay.partial) if r is not None]
    return Simulation(hot_loop_trips=replay.hot_loop_trips, full_rounds=replay.full_rounds,
                      full_round=round_info(replay.full), partial_round=round_info(replay.partial),
                      cycles=replay.cycles, instructions_simulated=sum(r.instructions_simulated for r in rounds),
                      split_k_reduction_cycles=replay.reduction_cycles)


# ---- stream-K: the same tile under another schedule ------------------------------------------------

EXTRA_TRIPS = 4   # a replay with this many more hot-loop trips measures a round's cycles per trip when no round extrapolated


def predict_stream_k(problem: Problem, config: KernelConfig, gpu: GPU, schedule: str = "stream-k",
                     workers: int | None = None, clock_mhz: float | None = None) -> StreamKPrediction:
    """The data-parallel preshuffle kernel of `config` replayed, and a stream-K schedule of the same
    tile priced from its rounds (gemmsim.analytics.streamk): `schedule` "stream-k" (every tile) or
    "dp+sk" (the full rounds data-parallel, the rest streamed); `workers` stream-K workgroups, or
    the fastest count. Where the streamed round leaves CUs idle, a reference grid of the same tile
    and K with every CU busy is replayed too (`clock_mhz`, if given, holds for both)."""
    if config.split_k != 1:
        raise ConfigError(f"split_k={config.split_k}: stream-K spreads the K tiles itself; leave split_k at 1")
    if schedule not in streamk.SCHEDULES:
        raise ConfigError(f"schedule {schedule!r}: expected one of {', '.join(streamk.SCHEDULES)}")
    a = analyze(problem, config, gpu)
    program = generate(a, gpu)
    if hot_loop(program.waves[0]) is None:
        raise ConfigError(f"K={problem.k} is {a.k_tiles} K tiles of {config.tile_k}: stream-K divides a K loop, "
                          f"and this kernel has none (3 or more K tiles)")
    dp = predict_program(program, problem, gpu, analysis=a, clock_mhz=clock_mhz)
    full, partial = round_costs(program, dp, gpu)
    loaded = None
    if partial is not None and partial.busy_cus < gpu.compute_units:
        loaded = _loaded_cost(problem, config, gpu, dp, partial.workgroups_per_cu, clock_mhz)
    data = streamk.DataParallel(program.workgroups, dp.kernel.k_tiles, gpu.compute_units, dp.simulation.full_rounds,
                                full, partial, loaded, dp.time_us, dp.traffic.hbm_bytes)
    plan = streamk.plan(data, schedule, gpu, (config.tile_m, config.tile_n), workers)
    return StreamKPrediction(schedule=schedule, time_us=plan.time_us, data_parallel_us=dp.time_us,
                             fixup_us=plan.fixup_us, load_us=plan.load_us, floor_us=plan.floor_us,
                             clock_mhz=plan.cost.clock_mhz, plan=plan, data_parallel=dp,
                             loaded=loaded)


def _loaded_cost(problem: Problem, config: KernelConfig, gpu: GPU, dp: Prediction, per_cu: int,
                 clock_mhz: float | None) -> streamk.RoundCost:
    """The round of `config` with every CU busy at `per_cu` workgroups: the data-parallel kernel of a
    grid of exactly that many tiles, the same K, its M tiles as near the given grid's as the slots allow."""
    slots = gpu.compute_units * per_cu
    grid_m = dp.kernel.grid[0]
    tiles_m = min((d for d in range(1, slots + 1) if slots % d == 0), key=lambda d: (abs(math.log(d / grid_m)), d))
    reference = Problem(config.tile_m * tiles_m, config.tile_n * (slots // tiles_m), problem.k, problem.dtype)
    a = analyze(reference, config, gpu)
    program = generate(a, gpu)
    p = predict_program(program, reference, gpu, analysis=a, clock_mhz=clock_mhz)
    full, partial = round_costs(program, p, gpu)
    return full or partial


def round_costs(program: Program, dp: Prediction, gpu: GPU) -> tuple[streamk.RoundCost | None, streamk.RoundCost | None]:
    """A prediction's full and partial rounds as stream-K prices them: a workgroup's fixed time and the
    CU's time per K tile (the round's cycles per hot-loop trip, over the K tiles one trip covers)."""
    sim, k_tiles, clock = dp.simulation, dp.kernel.k_tiles, dp.clock_mhz
    per_trip = _k_tiles_per_trip(program, k_tiles)
    slopes = _cycles_per_trip(program, gpu, dp, per_trip)

    def cost(summary, slope):
        if summary is None:
            return None
        per_k_tile = slope / per_trip / clock
        return streamk.RoundCost(summary.workgroups_on_cu, summary.busy_cus, clock,
                                 summary.cycles / clock - k_tiles * per_k_tile, per_k_tile)

    return cost(sim.full_round, slopes[0]), cost(sim.partial_round, slopes[1])


def _k_tiles_per_trip(program: Program, k_tiles: int) -> float:
    """K tiles one trip of the hot loop computes: its MFMAs over a K tile's (the wave's MFMAs over the K tiles)."""
    wave = program.waves[0]
    total = count_ops(wave).get(Op.MFMA, 0)
    body = count_ops(hot_loop(wave).body).get(Op.MFMA, 0)
    if not total or not body:
        raise ConfigError(f"{program.name}: stream-K prices K tiles by their MFMAs, and the hot loop has none")
    return body * k_tiles / total


def _cycles_per_trip(program: Program, gpu: GPU, dp: Prediction, per_trip: float) -> tuple[float | None, float | None]:
    """Each round's cycles per hot-loop trip: the slope its extrapolation used, or where every trip was
    replayed, the difference a replay with EXTRA_TRIPS more trips makes (at the prediction's clock)."""
    sim = dp.simulation
    rounds = (sim.full_round, sim.partial_round)
    if all(r is None or r.cycles_per_iteration is not None for r in rounds):
        return tuple(r.cycles_per_iteration if r else None for r in rounds)
    wpc, clock, k_tiles = dp.occupancy.workgroups_per_cu, dp.clock_mhz, dp.kernel.k_tiles
    trips = hot_loop(program.waves[0]).trip_count
    longer = replace(program, waves=tuple(_with_hot_trips(w, trips + EXTRA_TRIPS) for w in program.waves))
    base = _replay(program, gpu, wpc, clock, k_tiles, False)
    more = _replay(longer, gpu, wpc, clock, k_tiles + round(EXTRA_TRIPS * per_trip), False)
    return tuple((m.total.cycles - b.total.cycles) / EXTRA_TRIPS if b is not None else None
                 for b, m in ((base.full, more.full), (base.partial, more.partial)))


def _with_hot_trips(wave, trips: int):
    hot = hot_loop(wave)
    return with_trip_count(wave, lambda loop: loop is hot, trips)
