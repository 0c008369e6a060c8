"""The search's replays, in-process or run ahead of it on a pool of processes.

With workers, every candidate is handed to the pool at the start, the likeliest winners first (a
guess of each one's time, no bound: `likely_us`), while the search takes the first replays in the
order of the static bounds and waits for the ones it needs. A worker replays its candidate to the
final time too, unless the candidate's bound already loses to `top` final times known by then
(from any candidate, as each arrives): the search would never ask for that final replay, nor for
any replay of a candidate whose static bound loses so. The winners' times, found first, let the
workers skip the final replays of the candidates that cannot rank. A replay is deterministic, so a
worker's numbers are the in-process ones and the search's ranking, bounds and counts do not
change; only its wall time does.

Workers are forked: they inherit the analyses, the problem and the GPU (a GPU description is not
picklable, and a fresh interpreter would pay the imports again). Where fork is not available the
replays run in-process. (This pool is the search's own: its tasks read a cutoff the others' results
move, which gemmsim.parallel's independent tasks do not; its default size is parallel's, a worker per core.)
"""

from __future__ import annotations

import heapq
import multiprocessing
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gemmsim.frontends.preshuffle.analysis import TileAnalysis
    from gemmsim.hw import GPU
    from gemmsim.prediction import Prediction
    from gemmsim.problem import Problem


def replays(valid: list[TileAnalysis], static_us: list[float], problem: Problem, gpu: GPU, top: int,
            workers: int = 1):
    """The replays of a search: a pool of `workers` processes where that can help, else in-process."""
    if workers > 1 and len(valid) > 1 and "fork" in multiprocessing.get_all_start_methods():
        return AheadReplays(valid, static_us, problem, gpu, top, min(workers, len(valid)))
    return InProcessReplays(valid, problem, gpu)


class InProcessReplays:
    def __init__(self, valid: list[TileAnalysis], problem: Problem, gpu: GPU):
        self.valid, self.problem, self.gpu = valid, problem, gpu

    def first(self, i: int):
        """Candidate i's first replay: a state with its `bound_us` and `finish()` (the final Prediction)."""
        return _first_replay(self.valid[i], self.problem, self.gpu)

    def close(self) -> None:
        pass


@dataclass
class Replayed:
    """A candidate a worker replayed: its first replay's bound, and its final Prediction unless it
    could not rank (then `finish` replays it here, should the search ask after all)."""

    bound_us: float
    prediction: Prediction | None
    analysis: TileAnalysis
    problem: Problem
    gpu: GPU

    def finish(self) -> Prediction:
        if self.prediction is None:
            self.prediction = _first_replay(self.analysis, self.problem, self.gpu).finish()
        return self.prediction


class AheadReplays:
    def __init__(self, valid: list[TileAnalysis], static_us: list[float], problem: Problem, gpu: GPU, top: int,
                 workers: int):
        self.valid, self.problem, self.gpu, self.top = valid, problem, gpu, top
        self.times_us: list[float] = []      # final times known, the `top` least of them kept (negated: a max-heap)
        self.lock = threading.Lock()         # results arrive on the pool's result thread
        context = multiprocessing.get_context("fork")
        self.cutoff_us = context.Value("d", float("inf"), lock=False)   # the top-th least of them, read by the workers
        self.pool = context.Pool(workers, initializer=_set_work, initargs=((valid, problem, gpu, self.cutoff_us),))
        likely = [likely_us(a, gpu, bound) for a, bound in zip(valid, static_us)]
        self.results = {i: self.pool.apply_async(_replay_candidate, (i, static_us[i]), callback=self._arrived)
                        for i in sorted(range(len(valid)), key=lambda i: (likely[i], i))}

    def first(self, i: int):
        replayed = self.results[i].get()
        if replayed is None:       # its static bound lost to `top` known times (never asked for, but answered)
            return _first_replay(self.valid[i], self.problem, self.gpu)
        return Replayed(*replayed, self.valid[i], self.problem, self.gpu)

    def _arrived(self, replayed: tuple[float, Prediction | None] | None) -> None:
        if replayed is None or replayed[1] is None:
            return
        with self.lock:
            heapq.heappush(self.times_us, -replayed[1].time_us)
            if len(self.times_us) > self.top:
                heapq.heappop(self.times_us)
            if len(self.times_us) == self.top:
                self.cutoff_us.value = -self.times_us[0]

    def close(self) -> None:
        self.pool.terminate()     # replays handed out ahead and no longer needed are dropped


def likely_us(a: TileAnalysis, gpu: GPU, static_us: float) -> float:
    """A guess of the candidate's time, to replay the likely winners first (not a bound: the replay
    can beat it): its static bound, or the time its busiest CU takes to read its tiles' A and B
    through its slice of the L2 at the full-load clock, whichever is longer."""
    from gemmsim.frontends.preshuffle.analysis import workgroups_on_busiest_cu
    from gemmsim.model.clock import full_load_clock_mhz
    from gemmsim.model.gpu import l2_slice_cycles_per_byte

    read_bytes = (a.config.tile_m + a.config.tile_n) * a.k_tiles * a.tile_k_bytes
    cycles = workgroups_on_busiest_cu(a, gpu) * read_bytes * l2_slice_cycles_per_byte(gpu)
    return max(static_us, cycles / full_load_clock_mhz(gpu, a.problem.dtype))


def _first_replay(a: TileAnalysis, problem: Problem, gpu: GPU):
    from gemmsim.frontends.preshuffle.generator import generate
    from gemmsim.simulate import first_replay

    return first_replay(generate(a, gpu), problem, gpu, analysis=a)


_WORK: tuple = ()      # a worker's (analyses, problem, GPU, shared cutoff), inherited from the search that forked it


def _set_work(work: tuple) -> None:
    global _WORK
    _WORK = work


def _replay_candidate(i: int, static_us: float) -> tuple[float, Prediction | None] | None:
    """The first replay's bound, and the final Prediction unless the candidate's bound exceeds the
    cutoff: `top` candidates are known to be no slower, so the search will rank them first (on a
    tie a pending candidate goes first, hence `>`). None, no replay, if its static bound exceeds it."""
    valid, problem, gpu, cutoff_us = _WORK
    if static_us > cutoff_us.value:
        return None
    first = _first_replay(valid[i], problem, gpu)
    return first.bound_us, None if max(static_us, first.bound_us) > cutoff_us.value else first.finish()
