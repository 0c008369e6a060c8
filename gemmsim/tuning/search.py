"""The search: rank a space's configurations for one problem, replaying only those that can still win.

Each configuration is analysed first (the kernel's rules reject invalid ones with a ConfigError; a
configuration no workgroup of which fits on a CU is rejected too). The valid ones are sorted by a
lower bound on their time that costs no simulation: the matrix pipes' work on the busiest SIMD (the
grid spread over CUs at the analysed occupancy) at the clock those cycles allow, and the roofline.
A prediction replays twice (predict.first_replay, then at the clock the first one's activity sets),
and the first replay tightens the bound. A best-first search on a heap takes the candidate of the
least bound one step further each time, so the final replay runs only on candidates that can still
rank; the first `top` come out in the order (and with the times) of replaying every candidate, the
rest follow, marked "not replayed" with their bound.
"""

from __future__ import annotations

import heapq
import re
from dataclasses import replace
from typing import TYPE_CHECKING

from gemmsim import limits, progress
from gemmsim.errors import ConfigError
from gemmsim.frontends.preshuffle.analysis import WAVES_PER_BLOCK, TileAnalysis, analyze, workgroups_on_busiest_cu
from gemmsim.hw import GPU, load_gpu
from gemmsim.caches import ByContent, kept
from gemmsim.model.clock import clock_under_load_mhz, highest_clock_mhz
from gemmsim.model.gpu import reduction_pass_us
from gemmsim.problem import OUTPUT_BYTES, KernelConfig, Problem, make_config, make_problem
from gemmsim.tuning.result import DEFAULT_TOP, Candidate, TuneResult
from gemmsim.frontends.preshuffle.space import TILES, Space

if TYPE_CHECKING:
    from gemmsim.prediction import Prediction
# gemmsim.simulate and the generator are imported where a search replays (tuning.ahead): a cached answer
# needs neither the replay nor numpy, whose import would cost it more than the answer.

GEMM_CACHE_SIZE = 512      # a trace repeats the same GEMMs: predict each once per process


def lower_bound_us(a: TileAnalysis, gpu: GPU) -> float:
    """No prediction of this configuration can be faster: each SIMD of the busiest CU must run the
    MFMAs of one wave of every workgroup the CU gets (the replay puts one wave per SIMD per
    workgroup), at no faster a clock than those cycles allow, and nothing beats the roofline; a
    split K then adds its reduction pass, which the prediction adds after the kernel's time.
    The bytes the CU must fetch through its slice of the L2 are no such bound: the replay extends
    the hot loop from a window that can run fewer cycles than its memory path is busy (64x4096x16384
    bf16 on mi355x, tile 32x256x128: 67.3 us replayed, 70.2 us of bytes; see commit 6056623)."""
    from gemmsim.simulate import kernel_roofline

    wave_mfma_cycles = a.mfma_per_block * a.mfma.cycles
    busiest_simd_cycles = workgroups_on_busiest_cu(a, gpu) * wave_mfma_cycles
    every_pipe_busy = a.blocks * WAVES_PER_BLOCK * wave_mfma_cycles
    return max(fastest_us(gpu, a.problem.dtype, busiest_simd_cycles, every_pipe_busy),
               kernel_roofline(a.problem, gpu).time_us) + reduction_us(a, gpu)


def reduction_us(a: TileAnalysis, gpu: GPU) -> float:
    """Split-K's reduction pass as the prediction costs it (model.gpu.reduction_pass_cycles): every
    workgroup's f32 (i32) partial tile read back, C written once, at HBM's bandwidth; 0 unsplit. The
    partials are whole tiles (the generator stores every row of the accumulators), as the replay counts them."""
    if a.config.split_k == 1:
        return 0.0
    partials = a.blocks * a.config.tile_m * a.config.tile_n * a.c_bytes
    return reduction_pass_us(partials, a.problem.batch * a.problem.m * a.problem.n * OUTPUT_BYTES, gpu)


def fastest_us(gpu: GPU, dtype: str, cycles: float, mfma_busy_cycles: float) -> float:
    """The least time of a kernel of at least `cycles` whose matrix pipes (all of the GPU's) are busy
    `mfma_busy_cycles`. Its clock falls as its activity (busy / (pipes x cycles)) rises, so more
    cycles mean a higher clock; yet time = cycles / clock still grows with the cycles while the
    clock stays above half its peak (d/dc of c / (p - K/c) has the sign of p - 2K/c), which the
    full-load clock guarantees when it is at least half the peak: then the fewest cycles, at the
    clock their activity sets, give the least time. Otherwise the highest clock bounds it.
    Applied to predict's two replays this assumes the final replay (at the clock the first one's
    activity sets) runs no fewer cycles than the first; event order can break that by a little
    (0.6 % seen, FirstReplay.bound_us), far less than these bounds' distance from the final times
    (tests/test_tune.py checks every bound of its searches against the replayed time). The clock
    also falls with the memory path's activity (gemmsim.model.clock), never rises: the matrix
    pipes' activity alone gives a clock at least as high, so the bound holds."""
    if gpu.clock_under_load is None or gpu.clock_mhz(dtype) < gpu.peak_clock_mhz / 2 or cycles <= 0:
        return cycles / highest_clock_mhz(gpu, dtype)
    activity = mfma_busy_cycles / (gpu.compute_units * gpu.cu.simds * cycles)
    return cycles / clock_under_load_mhz(gpu, dtype, activity)


def valid_analyses(problem: Problem, gpu: GPU, space: Space) -> tuple[list[TileAnalysis], dict[str, int]]:
    """The analyses of the space's configurations that the rules accept, and why the others were rejected
    (one example message per rule -> how many configurations that rule rejected)."""
    valid, examples, counts = [], {}, {}
    for config in space.configs(problem):
        try:
            a = analyze(problem, config, gpu)
            limits.check_grid(a.grid_m, a.grid_n, config.tile, problem.batch * config.split_k)
        except ConfigError as e:
            _count(str(e), examples, counts)
            continue
        if a.occupancy.workgroups_per_cu < 1:
            _count(f"{config.tile}: no workgroup fits on a CU (limited by {a.occupancy.limited_by})", examples, counts)
            continue
        valid.append(a)
    return valid, {examples[rule]: n for rule, n in counts.items()}


def _count(message: str, examples: dict, counts: dict) -> None:
    """Count a rejection under its rule (the message with numbers masked); keep its first message as the example."""
    rule = re.sub(r"\d+", "#", message)
    examples.setdefault(rule, message)
    counts[rule] = counts.get(rule, 0) + 1


def search(problem: Problem, gpu: GPU, space: Space = TILES, top: int = DEFAULT_TOP, workers: int = 1
           ) -> tuple[TuneResult, Prediction | None]:
    """Rank the space for `problem` on `gpu`: the first `top` candidates exactly as replaying every
    candidate would rank them, the rest after them. Returns the ranking and the winner's full
    Prediction (None if no configuration is valid). With `workers` > 1, a pool of processes replays
    ahead of the search (tune.ahead): the same answer, sooner.

    Best-first: a heap holds each candidate under its tightest known lower bound, and the candidate
    on top takes its next step (the static bound, then the first replay and its bound, then the
    final replay and its time). A candidate whose time reaches the top has no rival left that can
    beat it, so it takes the next rank; the search stops once `top` are ranked."""
    from gemmsim.tuning.ahead import replays

    valid, rejected = valid_analyses(problem, gpu, space)
    bounds = [lower_bound_us(a, gpu) for a in valid]     # each one's tightest lower bound so far
    steps = replays(valid, list(bounds), problem, gpu, top, workers)
    heap = [(bound, _PENDING, i, _STATIC) for i, bound in enumerate(bounds)]
    heapq.heapify(heap)
    ranked, first_replays = [], 0
    # at most two replays a candidate; the bar ends early when the bounds prune
    ticks = progress.track(range(2 * len(valid)), f"replays for {problem.m}x{problem.n}x{problem.k}")
    try:
        while heap and len(ranked) < top:
            key, done, i, state = heapq.heappop(heap)
            if state is _STATIC:
                state = steps.first(i)
                first_replays += 1
                bounds[i] = max(key, state.bound_us)
                heapq.heappush(heap, (bounds[i], _PENDING, i, state))
                next(ticks, None)
            elif done == _PENDING:
                heapq.heappush(heap, _finished(i, state.finish()))
                next(ticks, None)
            else:
                ranked.append((i, state))
    finally:
        steps.close()
        ticks.close()
    candidates = tuple(_ranked_candidates(valid, bounds, ranked, heap))
    why_split = why_split_k(valid[ranked[0][0]], gpu, space) if ranked else ""
    result = TuneResult(problem, gpu.name, space.describe(), candidates, rejected, first_replays=first_replays,
                        top=top, why_split_k=why_split)
    return result, ranked[0][1] if ranked else None


def why_split_k(best: TileAnalysis, gpu: GPU, space: Space) -> str:
    """Why the best configuration splits K ("" when it does not): how the unsplit grid of its tile
    fills the GPU, how the split fills it, what the reduction pass costs, and the time of the best
    unsplit configuration of the space (a search of that subspace, for its winner alone: the replays
    this search ran are kept, so it costs little more than the ones it did not)."""
    split = best.config.split_k
    if split == 1:
        return ""
    unsplit = best.grid_m * best.grid_n * best.problem.batch
    text = (f"split-K {split}: unsplit, tile {best.config.tile_m}x{best.config.tile_n} gives "
            f"{_grid_text(best)} workgroups for {gpu.compute_units} CUs ({_fill(unsplit, best, gpu)}), each over all "
            f"{best.k_tiles * split} K tiles; split {split} runs {best.blocks} ({_fill(best.blocks, best, gpu)}) over "
            f"{best.k_tiles} K tiles each, then a reduction pass of {reduction_us(best, gpu):.2f} µs sums the partials")
    _, unsplit_best = search(best.problem, gpu, replace(space, split_k=(1,)), top=1)
    if unsplit_best is None:
        return text + "; no unsplit configuration of the space is valid"
    return text + f"; the best unsplit configuration, {unsplit_best.kernel.tile}, takes {unsplit_best.time_us:.1f} µs"


def _grid_text(a: TileAnalysis) -> str:
    batch = f" x {a.problem.batch}" if a.problem.batch > 1 else ""
    return f"{a.grid_m} x {a.grid_n}{batch} = {a.grid_m * a.grid_n * a.problem.batch}"


def _fill(blocks: int, a: TileAnalysis, gpu: GPU) -> str:
    """How `blocks` workgroups fill the GPU at the configuration's occupancy: rounds, and the CUs the last one keeps busy."""
    slots = gpu.compute_units * a.occupancy.workgroups_per_cu
    rounds = -(-blocks // slots)
    last = blocks - (rounds - 1) * slots
    busy = min(last, gpu.compute_units) / gpu.compute_units
    rounds_text = "1 round" if rounds == 1 else f"{rounds} rounds, the last"
    return f"{rounds_text} with {100 * busy:.1f} % of the CUs busy"


_STATIC = "static bound"      # a heap entry's state while only the static bound is known
_PENDING, _DONE = 0, 1        # on a tie, a candidate still pending goes first: it may tie and rank before


def _finished(i: int, p: Prediction) -> tuple:
    return p.time_us, _DONE, i, p


def _ranked_candidates(valid: list[TileAnalysis], bounds: list[float], ranked: list, heap: list) -> list[Candidate]:
    """The ranked ones in order, then the rest of the heap: the replayed by time, then the others by bound."""
    best_us = ranked[0][1].time_us if ranked else None
    cutoff_us = ranked[-1][1].time_us if ranked else None
    out = []
    for n, (i, p) in enumerate(ranked):
        out.append(_replayed(valid[i], bounds[i], p, "best" if n == 0 else _why_slower(p, best_us, valid[i])))
    for key, done, i, state in sorted(heap, key=lambda t: (t[1] != _DONE, t[0], t[2])):
        a = valid[i]
        if done == _DONE:
            out.append(_replayed(a, bounds[i], state, _why_slower(state, best_us, a)))
        else:
            step = "static" if state is _STATIC else "after the first replay"
            out.append(Candidate(a.config, key, a.occupancy.workgroups_per_cu,
                                 why=f"bound ({step}) {key:.1f} µs >= {cutoff_us:.1f} µs of rank {len(ranked)}, "
                                     f"not replayed"))
    return out


def _replayed(a: TileAnalysis, bound: float, p: Prediction, why: str) -> Candidate:
    return Candidate(a.config, bound, a.occupancy.workgroups_per_cu, p.time_us, p.bottleneck, why)


def _why_slower(p: Prediction, best_us: float, a: TileAnalysis) -> str:
    reasons = [f"+{100 * (p.time_us / best_us - 1):.1f}%", f"{p.bottleneck}-bound"]
    if a.occupancy.workgroups_per_cu == 1:
        reasons.append(f"occupancy 1 ({a.occupancy.limited_by})")
    return ", ".join(reasons)


def predict_gemm(shape: tuple[int, int, int], dtype: str, gpu: GPU | str, tile: str | tuple | None = None,
                 **options) -> Prediction:
    """Predict (M, N, K) of `dtype`; with tile None, the winner of the search over the tiles (every
    other knob at `options`). Results are kept for the process (the GPU description's content, the shape
    and the options are the key)."""
    gpu = load_gpu(gpu) if isinstance(gpu, str) else gpu
    tile = tile if tile is None or isinstance(tile, str) else tuple(tile)
    return _cached_gemm(tuple(shape), dtype, ByContent(gpu), tile, tuple(sorted(options.items())))


@kept(GEMM_CACHE_SIZE)
def _cached_gemm(shape: tuple[int, int, int], dtype: str, gpu: ByContent, tile, options: tuple) -> Prediction:
    from gemmsim.simulate import predict

    problem = make_problem(shape, dtype)
    options = dict(options)
    if tile is not None:
        return predict(problem, make_config(tile, **options), gpu.obj)
    space = TILES if not options else Space(**{k: (v,) for k, v in options.items()})
    _, best = search(problem, gpu.obj, space, top=1)
    if best is None:
        raise ConfigError(f"no candidate tile fits {problem.m}x{problem.n}x{problem.k} {dtype} on {gpu.obj.name} "
                          f"(tried {space.describe()})")
    return best


def candidate_configs(problem: Problem, gpu: GPU, space: Space = TILES) -> list[KernelConfig]:
    return [a.config for a in valid_analyses(problem, gpu, space)[0]]
