"""The search over any searchable family's candidates (gemmsim.frontends.family): the family lists its
configurations for the problem, builds each (its rules refuse some with a ConfigError; a Program no
workgroup of which fits on a compute unit is refused too), and bounds each from below
(`lower_bound_us`, the roofline unless the family knows better). Then the same best-first order as
the preshuffle search (gemmsim.tuning.search): a heap holds each candidate under its tightest known
bound, the one on top takes its next step (the static bound, the first replay and its bound, the
final replay), and a candidate whose final time reaches the top takes the next rank. The first `top`
come out as replaying every candidate would rank them; the others follow, by time or by bound.

The preshuffle family keeps its own search (its analysis' bounds and the pool of replays of
tuning.ahead); this one replays in-process: the families searched here have tens of candidates.
"""

from __future__ import annotations

import heapq
from typing import Any

from gemmsim import progress
from gemmsim.errors import ConfigError
from gemmsim.hw import GPU
from gemmsim.problem import Problem
from gemmsim.tuning.result import DEFAULT_TOP, Candidate, TuneResult
from gemmsim.tuning.search import _count

_STATIC = "static bound"
_PENDING, _DONE = 0, 1        # on a tie, a candidate still pending goes first: it may tie and rank before


def search_family(family, problem: Problem, gpu: GPU, space: Any, top: int = DEFAULT_TOP) -> tuple[TuneResult, Any]:
    """Rank `family`'s candidates of `space` for `problem` on `gpu`. Returns the ranking and the
    winner's Prediction (None when no configuration is valid)."""
    from gemmsim.simulate import first_replay, kernel_roofline, program_occupancy

    built, examples, counts = [], {}, {}
    for config in family.candidates(problem, gpu, space):
        try:
            b = family.build(problem, config, gpu)
        except ConfigError as e:
            _count(str(e), examples, counts)
            continue
        occ = program_occupancy(b.program, gpu)
        if occ.workgroups_per_cu < 1:
            _count(f"{_text(config)}: no workgroup fits on a compute unit (limited by {occ.limited_by})", examples, counts)
            continue
        built.append((config, b, occ.workgroups_per_cu))
    rejected = {examples[rule]: n for rule, n in counts.items()}
    roofline_us = kernel_roofline(problem, gpu).time_us
    bounds = [_or(family.lower_bound_us(problem, config, gpu), roofline_us) for config, _, _ in built]
    heap = [(bound, _PENDING, i, _STATIC) for i, bound in enumerate(bounds)]
    heapq.heapify(heap)
    ranked, first_replays = [], 0
    ticks = progress.track(range(2 * len(built)), f"replays for {problem.m}x{problem.n}x{problem.k}")
    try:
        while heap and len(ranked) < top:
            key, done, i, state = heapq.heappop(heap)
            if state is _STATIC:
                b = built[i][1]
                state = first_replay(b.program, b.problem, gpu, analysis=b.analysis, config=b.tiles)
                first_replays += 1
                bounds[i] = max(key, state.bound_us)
                heapq.heappush(heap, (bounds[i], _PENDING, i, state))
                next(ticks, None)
            elif done == _PENDING:
                p = state.finish()
                heapq.heappush(heap, (p.time_us, _DONE, i, p))
                next(ticks, None)
            else:
                ranked.append((i, state))
    finally:
        ticks.close()
    candidates = _ranked_candidates(built, bounds, ranked, heap)
    result = TuneResult(problem, gpu.name, space.describe(), tuple(candidates), rejected,
                        first_replays=first_replays, top=top, family=family.name)
    return result, ranked[0][1] if ranked else None


def _or(bound: float | None, roofline_us: float) -> float:
    return roofline_us if bound is None else bound


def _ranked_candidates(built: list, bounds: list[float], ranked: list, heap: list) -> list[Candidate]:
    best_us = ranked[0][1].time_us if ranked else None
    cutoff_us = ranked[-1][1].time_us if ranked else None
    out = []
    for n, (i, p) in enumerate(ranked):
        out.append(_replayed(built[i], bounds[i], p, "best" if n == 0 else _why_slower(p, best_us, built[i][2])))
    for key, done, i, state in sorted(heap, key=lambda t: (t[1] != _DONE, t[0], t[2])):
        config, _, occupancy = built[i]
        if done == _DONE:
            out.append(_replayed(built[i], bounds[i], state, _why_slower(state, best_us, occupancy)))
        else:
            step = "static" if state is _STATIC else "after the first replay"
            out.append(Candidate(config, key, occupancy, why=f"bound ({step}) {key:.1f} µs >= {cutoff_us:.1f} µs "
                                                             f"of rank {len(ranked)}, not replayed"))
    return out


def _replayed(entry: tuple, bound: float, p, why: str) -> Candidate:
    config, _, occupancy = entry
    return Candidate(config, bound, occupancy, p.time_us, p.bottleneck, why)


def _why_slower(p, best_us: float, occupancy: int) -> str:
    reasons = [f"+{100 * (p.time_us / best_us - 1):.1f}%", f"{p.bottleneck}-bound"]
    if occupancy == 1:
        reasons.append("occupancy 1")
    return ", ".join(reasons)


def _text(config) -> str:
    from gemmsim.tuning.result import config_text

    return config_text(config)
