"""Predict a GEMM kernel's time: analyze, generate (or take a parsed Program), replay, report.

    predict(problem, config, gpu)            the preshuffle GEMM of a kernel configuration
    predict_program(program, problem, gpu)   any front-end's Program (generated or parsed)
    predict_gemm((M, N, K), dtype, gpu)      the best of a few valid tiles, for trace analysis
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace

from gemmsim import progress
from gemmsim.analytics.dimeff import dim_efficiency
from gemmsim.analytics.occupancy import Occupancy, occupancy
from gemmsim.analytics.roofline import SPEC, Roofline, roofline
from gemmsim.frontends.preshuffle.analysis import TileAnalysis, analyze
from gemmsim.errors import ConfigError
from gemmsim.hw import GPU, load_gpu
from gemmsim.problem import OUTPUT_BYTES, KernelConfig, Problem, make_config, make_problem
from gemmsim.model.cu import waves_per_workgroup
from gemmsim.model.bottleneck import classify, largest_wait, stall_breakdown, utilizations
from gemmsim.model.clock import clock_source, clock_under_load_mhz, full_load_clock_mhz, highest_clock_mhz
from gemmsim.model.gpu import KernelReplay, reduction_pass_cycles, replay_kernel
from gemmsim.prediction import (Evidence, KernelSummary, LdsConflicts, Prediction, RoundSummary, Simulation,
                                Traffic)
from gemmsim.ir.program import Program, hot_loop
from gemmsim.frontends.preshuffle.generator import generate
from gemmsim.analytics.hot_loop import hot_loop_mix

TILE_M_CANDIDATES = (16, 32, 64, 128)
TILE_N_CANDIDATES = (64, 128, 256)
TILE_K_BYTES_CANDIDATES = (128, 256)
GEMM_CACHE_SIZE = 512      # a trace repeats the same GEMMs: predict each once per process
KERNEL_OUTPUT_DTYPE = "bf16"   # the preshuffle kernel writes C in bf16 (problem.OUTPUT_BYTES)


def predict(problem: Problem, config: KernelConfig, gpu: GPU, record: bool = False,
            clock_mhz: float | None = None) -> Prediction:
    a = analyze(problem, config, gpu)
    return predict_program(generate(a, gpu), problem, gpu, analysis=a, record=record, clock_mhz=clock_mhz)


def predict_program(program: Program, problem: Problem, gpu: GPU, analysis: TileAnalysis | None = None,
                    config: KernelConfig | None = None, record: bool = False,
                    clock_mhz: float | None = None) -> Prediction:
    """Replay any Program of `problem` on `gpu`. `analysis` (or `config`) supplies the tile sizes and
    occupancy when known; otherwise they come from the Program's grid and resources. `clock_mhz`:
    the engine clock the user measured; without it, the clock under load (gemmsim.model.clock)."""
    config = analysis.config if analysis is not None else config
    occ = analysis.occupancy if analysis is not None else _program_occupancy(program, gpu, config)
    if occ.workgroups_per_cu < 1:
        raise ConfigError(f"{program.name}: no workgroup fits on a compute unit (occupancy limited by {occ.limited_by})")
    if clock_mhz is not None and not clock_mhz > 0:
        raise ConfigError(f"clock {clock_mhz!r} MHz: must be a positive number")
    tile_m, tile_n, k_tiles = _tile_shape(program, problem, config)
    clock = clock_mhz if clock_mhz is not None else full_load_clock_mhz(gpu, problem.dtype)
    replay = replay_kernel(program, gpu, occ.workgroups_per_cu, clock, k_tiles, record)
    if clock_mhz is None and gpu.clock_under_load is not None:
        # The first replay (at the full-load clock) measures how busy the matrix pipes are; the
        # second runs at the clock that activity sets. One step, not a fixed point: the activity
        # moves only through the memory latencies in ns, and two replays keep the cost bounded.
        clock = clock_under_load_mhz(gpu, problem.dtype, _mfma_activity(program, gpu, replay))
        replay = replay_kernel(program, gpu, occ.workgroups_per_cu, clock, k_tiles, record)
    if program.split_k > 1:
        partials = sum(r.write_bytes for r in replay.rounds_traffic)
        replay.reduction_cycles = reduction_pass_cycles(partials, problem.batch * problem.m * problem.n * OUTPUT_BYTES,
                                                        gpu, clock)
        replay.cycles += replay.reduction_cycles
    prediction = _assemble(program, problem, gpu, occ, clock, replay, tile_m, tile_n, k_tiles, config)
    return replace(prediction, clock_source=clock_source(gpu, clock_mhz))


def predict_gemm(shape: tuple[int, int, int], dtype: str, gpu: GPU | str, tile: str | tuple | None = None,
                 **options) -> Prediction:
    """Predict (M, N, K) of `dtype`; with tile None, the fastest of the valid candidate tiles.
    Results are kept for the process (the GPU object, the shape and the options are the key).

    Candidates are tried in order of a lower bound on their time (the matrix pipes' work on the
    busiest CU, or the roofline); once a bound exceeds the best prediction so far, the rest are
    skipped: the answer is the same as predicting every candidate."""
    gpu = load_gpu(gpu) if isinstance(gpu, str) else gpu
    tile = tile if tile is None or isinstance(tile, str) else tuple(tile)
    return _cached_gemm(tuple(shape), dtype, _ByIdentity(gpu), tile, tuple(sorted(options.items())))


class _ByIdentity:
    """A cache key that is its object's identity (a GPU description is compared by which one it is),
    holding the object so that identity stays unique while the entry lives."""

    def __init__(self, obj):
        self.obj = obj

    def __hash__(self) -> int:
        return id(self.obj)

    def __eq__(self, other) -> bool:
        return isinstance(other, _ByIdentity) and other.obj is self.obj


@functools.lru_cache(maxsize=GEMM_CACHE_SIZE)
def _cached_gemm(shape: tuple[int, int, int], dtype: str, gpu: _ByIdentity, tile, options: tuple) -> Prediction:
    return _predict_gemm(shape, dtype, gpu.obj, tile, dict(options))


def _predict_gemm(shape: tuple[int, int, int], dtype: str, gpu: GPU, tile, options: dict) -> Prediction:
    problem = make_problem(shape, dtype)
    if tile is not None:
        return predict(problem, make_config(tile, **options), gpu)
    ranked = sorted((_lower_bound_us(a, gpu), i, a) for i, a in enumerate(candidate_analyses(problem, gpu, **options)))
    best = None
    for bound, _, a in progress.track(ranked, f"tiles for {problem.m}x{problem.n}x{problem.k}"):
        if best is not None and bound >= best.time_us:
            break
        p = predict_program(generate(a, gpu), problem, gpu, analysis=a)
        if best is None or p.time_us < best.time_us:
            best = p
    if best is None:
        raise ConfigError(f"no candidate tile fits {problem.m}x{problem.n}x{problem.k} {dtype} on {gpu.name} "
                          f"(tried tile_m {TILE_M_CANDIDATES}, tile_n {TILE_N_CANDIDATES}, tile_k bytes {TILE_K_BYTES_CANDIDATES})")
    return best


def candidate_analyses(problem: Problem, gpu: GPU, **options) -> list[TileAnalysis]:
    """Analyses of the candidate tiles that are valid for this problem and fit on a CU."""
    out = []
    for tk_bytes in TILE_K_BYTES_CANDIDATES:
        tile_k = int(tk_bytes / problem.elem_bytes)
        for tm in TILE_M_CANDIDATES:
            for tn in TILE_N_CANDIDATES:
                try:
                    a = analyze(problem, KernelConfig(tm, tn, tile_k, **options), gpu)
                except ConfigError:
                    continue
                if a.occupancy.workgroups_per_cu >= 1:
                    out.append(a)
    return out


def candidate_configs(problem: Problem, gpu: GPU, **options) -> list[KernelConfig]:
    return [a.config for a in candidate_analyses(problem, gpu, **options)]


def _lower_bound_us(a: TileAnalysis, gpu: GPU) -> float:
    """No prediction of this configuration can be faster: each SIMD of the busiest CU must run the
    MFMAs of one wave of every workgroup the CU gets (the replay puts one wave per SIMD per
    workgroup), and nothing beats the roofline."""
    slots = gpu.compute_units * a.occupancy.workgroups_per_cu
    full_rounds, remainder = divmod(a.blocks, slots)
    workgroups_on_busiest = full_rounds * a.occupancy.workgroups_per_cu + -(-remainder // gpu.compute_units)
    clock = highest_clock_mhz(gpu, a.problem.dtype)
    mfma_us = workgroups_on_busiest * a.mfma_per_block * a.mfma.cycles / clock
    return max(mfma_us, _roofline(a.problem, gpu).time_us)


def _roofline(problem: Problem, gpu: GPU) -> Roofline:
    """The strict bound a prediction must never beat: spec HBM bandwidth, the kernel's bf16 output."""
    return roofline(problem.m, problem.n, problem.k, problem.dtype, gpu, SPEC, KERNEL_OUTPUT_DTYPE, batch=problem.batch)


def _program_occupancy(program: Program, gpu: GPU, config: KernelConfig | None) -> Occupancy:
    r = program.resources
    return occupancy(gpu, r.arch_vgprs, r.accum_vgprs, r.lds_bytes, waves_per_workgroup(program),
                     config.waves_per_eu if config else None)


def _tile_shape(program: Program, problem: Problem, config: KernelConfig | None) -> tuple[int, int, int]:
    grid_m, grid_n = program.grid
    if config is not None:   # K tiles of one workgroup: K padded to whole tiles, over its split
        return config.tile_m, config.tile_n, max(1, math.ceil(problem.k / config.tile_k) // config.split_k)
    loop = hot_loop(program.waves[0])
    return math.ceil(problem.m / grid_m), math.ceil(problem.n / grid_n), max(1, loop.trip_count if loop else 1)


def _assemble(program: Program, problem: Problem, gpu: GPU, occ: Occupancy, clock: float, replay: KernelReplay,
              tile_m: int, tile_n: int, k_tiles: int, config: KernelConfig | None) -> Prediction:
    bound = _roofline(problem, gpu)
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
