"""The search: rank a space's configurations for one problem, replaying only those that can still win.

Each configuration is analysed first (the kernel's rules reject invalid ones with a ConfigError; a
configuration no workgroup of which fits on a CU is rejected too). The valid ones are sorted by a
lower bound on their time that costs no simulation: the matrix pipes' work on the busiest CU (the
grid spread over CUs at the analysed occupancy), and the roofline. Candidates are replayed in that
order; once a bound reaches the best replayed time, no later candidate can win and the rest are
ranked by their bound, marked "not replayed". The winner is the same as replaying every candidate.
"""

from __future__ import annotations

import functools
import re
from dataclasses import asdict, dataclass, field, fields

from gemmsim import progress
from gemmsim.errors import ConfigError
from gemmsim.frontends.preshuffle.analysis import TileAnalysis, analyze
from gemmsim.frontends.preshuffle.generator import generate
from gemmsim.hw import GPU, load_gpu
from gemmsim.predict import kernel_roofline, predict, predict_program
from gemmsim.prediction import Prediction
from gemmsim.model.clock import highest_clock_mhz
from gemmsim.problem import KernelConfig, Problem, make_config, make_problem
from gemmsim.tune.space import TILES, Space

GEMM_CACHE_SIZE = 512      # a trace repeats the same GEMMs: predict each once per process


@dataclass(frozen=True)
class Candidate:
    """One valid configuration: its bound, and its replayed time when it was replayed."""

    config: KernelConfig
    bound_us: float
    occupancy: int                    # workgroups per CU
    time_us: float | None = None      # None: not replayed (its bound could not beat the best)
    bottleneck: str | None = None
    why: str = ""                     # why it lost ("best" for the winner)

    @property
    def replayed(self) -> bool:
        return self.time_us is not None

    @property
    def rank_time_us(self) -> float:
        return self.time_us if self.time_us is not None else self.bound_us


@dataclass(frozen=True)
class TuneResult:
    problem: Problem
    gpu: str
    space: str
    candidates: tuple[Candidate, ...]       # ranked: replayed by time, then the rest by bound
    rejected: dict[str, int] = field(default_factory=dict)   # rule message -> configurations it rejected
    from_cache: bool = False

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    @property
    def runner_up(self) -> Candidate | None:
        return self.candidates[1] if len(self.candidates) > 1 else None

    @property
    def replays(self) -> int:
        return sum(c.replayed for c in self.candidates)


def lower_bound_us(a: TileAnalysis, gpu: GPU) -> float:
    """No prediction of this configuration can be faster: each SIMD of the busiest CU must run the
    MFMAs of one wave of every workgroup the CU gets (the replay puts one wave per SIMD per
    workgroup), and nothing beats the roofline."""
    slots = gpu.compute_units * a.occupancy.workgroups_per_cu
    full_rounds, remainder = divmod(a.blocks, slots)
    workgroups_on_busiest = full_rounds * a.occupancy.workgroups_per_cu + -(-remainder // gpu.compute_units)
    clock = highest_clock_mhz(gpu, a.problem.dtype)   # the clock model never goes above it
    mfma_us = workgroups_on_busiest * a.mfma_per_block * a.mfma.cycles / clock
    return max(mfma_us, kernel_roofline(a.problem, gpu).time_us)


def valid_analyses(problem: Problem, gpu: GPU, space: Space) -> tuple[list[TileAnalysis], dict[str, int]]:
    """The analyses of the space's configurations that the rules accept, and why the others were rejected
    (one example message per rule -> how many configurations that rule rejected)."""
    valid, examples, counts = [], {}, {}
    for config in space.configs(problem):
        try:
            a = analyze(problem, config, gpu)
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


def search(problem: Problem, gpu: GPU, space: Space = TILES, replay=None) -> tuple[TuneResult, Prediction | None]:
    """Rank the space for `problem` on `gpu`. `replay(analysis) -> Prediction` replaces the replay (a
    cache answers there). Returns the ranking and the winner's full Prediction (None if none is valid)."""
    replay = replay or (lambda a: predict_program(generate(a, gpu), problem, gpu, analysis=a))
    valid, rejected = valid_analyses(problem, gpu, space)
    ranked = sorted(((lower_bound_us(a, gpu), i, a) for i, a in enumerate(valid)), key=lambda t: t[:2])
    best: Prediction | None = None
    replayed: list[tuple[float, int, TileAnalysis, Prediction]] = []
    skipped: list[tuple[float, int, TileAnalysis]] = []
    for bound, i, a in progress.track(ranked, f"configs for {problem.m}x{problem.n}x{problem.k}"):
        if best is not None and bound >= best.time_us:
            skipped.append((bound, i, a))
            continue
        p = replay(a)
        replayed.append((bound, i, a, p))
        if best is None or p.time_us < best.time_us:
            best = p
    candidates = _ranked_candidates(replayed, skipped)
    return TuneResult(problem, gpu.name, space.describe(), tuple(candidates), rejected), best


def _ranked_candidates(replayed, skipped) -> list[Candidate]:
    replayed = sorted(replayed, key=lambda t: (t[3].time_us, t[1]))
    out = []
    best_us = replayed[0][3].time_us if replayed else None
    for n, (bound, _, a, p) in enumerate(replayed):
        why = "best" if n == 0 else _why_slower(p, best_us, a)
        out.append(Candidate(a.config, bound, a.occupancy.workgroups_per_cu, p.time_us, p.bottleneck, why))
    for bound, _, a in sorted(skipped, key=lambda t: t[:2]):
        out.append(Candidate(a.config, bound, a.occupancy.workgroups_per_cu,
                             why=f"bound {bound:.1f} µs >= best {best_us:.1f} µs, not replayed"))
    return out


def _why_slower(p: Prediction, best_us: float, a: TileAnalysis) -> str:
    reasons = [f"+{100 * (p.time_us / best_us - 1):.1f}%", f"{p.bottleneck}-bound"]
    if a.occupancy.workgroups_per_cu == 1:
        reasons.append(f"occupancy 1 ({a.occupancy.limited_by})")
    return ", ".join(reasons)


def predict_gemm(shape: tuple[int, int, int], dtype: str, gpu: GPU | str, tile: str | tuple | None = None,
                 **options) -> Prediction:
    """Predict (M, N, K) of `dtype`; with tile None, the winner of the search over the tiles (every
    other knob at `options`). Results are kept for the process (the GPU object, the shape and the
    options are the key)."""
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
    problem = make_problem(shape, dtype)
    options = dict(options)
    if tile is not None:
        return predict(problem, make_config(tile, **options), gpu.obj)
    space = TILES if not options else Space(**{k: (v,) for k, v in options.items()})
    _, best = search(problem, gpu.obj, space)
    if best is None:
        raise ConfigError(f"no candidate tile fits {problem.m}x{problem.n}x{problem.k} {dtype} on {gpu.obj.name} "
                          f"(tried {space.describe()})")
    return best


def candidate_configs(problem: Problem, gpu: GPU, space: Space = TILES) -> list[KernelConfig]:
    return [a.config for a in valid_analyses(problem, gpu, space)[0]]


def tune(problem: Problem, gpu: GPU, space: Space = TILES, cache=None) -> TuneResult:
    """The ranked search result, from `cache` (a TuneCache) when it holds this exact question."""
    if cache is not None:
        stored = cache.get(problem, gpu, space.describe())
        if stored is not None:
            return result_from_dict(stored, problem, from_cache=True)
    result, best = search(problem, gpu, space)
    if best is None:
        raise ConfigError(f"no configuration of the space fits {problem.m}x{problem.n}x{problem.k} {problem.dtype} "
                          f"on {gpu.name}: {'; '.join(f'{rule} ({n} configs)' for rule, n in result.rejected.items())}")
    if cache is not None:
        cache.put(problem, gpu, space.describe(), result_to_dict(result))
    return result


def result_to_dict(result: TuneResult) -> dict:
    return {"gpu": result.gpu, "space": result.space, "rejected": result.rejected,
            "candidates": [{**asdict(c.config), "bound_us": c.bound_us, "occupancy": c.occupancy,
                            "time_us": c.time_us, "bottleneck": c.bottleneck, "why": c.why}
                           for c in result.candidates]}


def result_from_dict(d: dict, problem: Problem, from_cache: bool = False) -> TuneResult:
    config_fields = {f.name for f in fields(KernelConfig)}
    candidates = tuple(Candidate(KernelConfig(**{k: v for k, v in c.items() if k in config_fields}),
                                 c["bound_us"], c["occupancy"], c["time_us"], c["bottleneck"], c["why"])
                       for c in d["candidates"])
    return TuneResult(problem, d["gpu"], d["space"], candidates, d["rejected"], from_cache)
