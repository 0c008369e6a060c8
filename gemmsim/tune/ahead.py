"""The search's replays, in-process or run ahead of it on a pool of processes.

The search takes the candidates' first replays in the order of their static bounds (the best-first
heap pops static entries in that order). With workers, while it waits for one candidate the others
replay the candidates it will ask for next (none whose static bound already loses to `top` final
times known: the search would never ask for it); a worker replays its candidate to the final time
too, unless the candidate's bound already loses to the final times known when it was handed out. A replay is deterministic, so a worker's numbers are the
in-process ones and the search's ranking, bounds and counts do not change; only its wall time does.

Workers are forked: they inherit the analyses, the problem and the GPU (a GPU description is not
picklable, and a fresh interpreter would pay the imports again). Where fork is not available the
replays run in-process.
"""

from __future__ import annotations

import heapq
import multiprocessing
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
        self.valid, self.static_us, self.problem, self.gpu, self.top = valid, static_us, problem, gpu, top
        self.workers = workers
        self.order = iter(sorted(range(len(valid)), key=lambda i: (static_us[i], i)))   # the search's order
        self.pending: dict[int, multiprocessing.pool.AsyncResult] = {}
        self.submitted: set[int] = set()
        self.times_us: list[float] = []      # final times known, the `top` least of them kept (negated: a max-heap)
        context = multiprocessing.get_context("fork")
        self.pool = context.Pool(workers, initializer=_set_work, initargs=((valid, problem, gpu),))

    def first(self, i: int) -> Replayed:
        self._hand_out(i)
        bound_us, prediction = self.pending.pop(i).get()
        if prediction is not None:
            self._known(prediction.time_us)
        self._hand_out()
        return Replayed(bound_us, prediction, self.valid[i], self.problem, self.gpu)

    def _hand_out(self, needed: int | None = None) -> None:
        """Keep every worker busy with the next candidates (and `needed`, if not handed out yet)."""
        if needed is not None and needed not in self.submitted:
            self._submit(needed)
        while len(self.pending) < self.workers:
            i = next(self.order, None)
            if i is None or self.static_us[i] > self._cutoff_us():   # this one and every later one lose
                return
            if i not in self.submitted:
                self._submit(i)

    def _submit(self, i: int) -> None:
        self.submitted.add(i)
        self.pending[i] = self.pool.apply_async(_replay_candidate, (i, self.static_us[i], self._cutoff_us()))

    def _cutoff_us(self) -> float:
        """The `top`-th least final time known (infinite before `top` are known): a candidate whose
        bound exceeds it cannot rank (on a tie a pending candidate goes first, hence `>`)."""
        return -self.times_us[0] if len(self.times_us) >= self.top else float("inf")

    def _known(self, time_us: float) -> None:
        heapq.heappush(self.times_us, -time_us)
        if len(self.times_us) > self.top:
            heapq.heappop(self.times_us)

    def close(self) -> None:
        self.pool.terminate()     # replays handed out ahead and no longer needed are dropped


def _first_replay(a: TileAnalysis, problem: Problem, gpu: GPU):
    from gemmsim.frontends.preshuffle.generator import generate
    from gemmsim.predict import first_replay

    return first_replay(generate(a, gpu), problem, gpu, analysis=a)


_WORK: tuple = ()      # a worker's (analyses, problem, GPU), inherited from the search that forked it


def _set_work(work: tuple) -> None:
    global _WORK
    _WORK = work


def _replay_candidate(i: int, static_us: float, cutoff_us: float) -> tuple[float, Prediction | None]:
    """The first replay's bound, and the final Prediction unless the candidate's bound exceeds
    `cutoff_us`: `top` candidates are known to be no slower, so the search will rank them first."""
    valid, problem, gpu = _WORK
    first = _first_replay(valid[i], problem, gpu)
    return first.bound_us, None if max(static_us, first.bound_us) > cutoff_us else first.finish()
