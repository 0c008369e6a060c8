"""Which Program a measured kernel is, and what the simulator predicts for it.

* a kernel whose symbol a registered family claims (gemmsim.frontends.registry.kernel_for_symbol:
  the H200 ladder kernels -> sm90-ladder, the matrix-core kernel -> sm90-mma, with tile and
  swizzle from the symbol) is built by that family, with the registers its row gives and its
  compiled listing where the SASS listings are (sass/<symbol>.sass beside the CSV: the hot loop then
  follows the compiled order and control bits, gemmsim.frontends.sm90.families);
* a kernel whose family builds nothing for the point's GPU but whose tile is known (kernels/
  mma_preshuffle.hip measured on an AMD GPU), and anything else (an AMD row or profile), is the
  preshuffle GEMM of the point's tile, on the point's GPU;
* the predicted time is the replay's kernel time plus the description's per-launch overhead
  ([device].launch_overhead_us, the empty kernel timed as the runner times a GEMM; 0 where absent), since
  every measured time is event-timed around one launch; a split-K kernel is two launches between the
  events (the partial tiles, then the reduction pass, validation/measure.py), so it pays the overhead twice.

Nothing here is fitted: the figures are what the calibrated descriptions predict. A kernel is
predicted once however many points measured it (a bounded cache keyed by the kernel, not the
measurement). `compare_points` predicts the distinct kernels on a pool of processes
(gemmsim.parallel) and, with a PredictionCache, keeps each prediction on disk (tuning/cache.py)
under what fixes it: the point's kernel (symbol, registers, shape, dtype, tile, swizzle, GPU),
the bytes of its SASS listing, the GPU description's content and the simulator version (its
model and front-end sources, and this module's). The kernel is keyed by what the Program is built
from, not by the Program: building it is a good part of a point's cost, and a Program's own
fingerprint is Python's hash, which differs between processes.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

from gemmsim import progress
from gemmsim.caches import kept
from gemmsim.errors import ConfigError
from gemmsim.frontends import registry
from gemmsim.hw import load_gpu
from gemmsim.parallel import run_tasks
from gemmsim.problem import make_config, make_problem
from gemmsim.measurements.points import Compared, MeasuredPoint
from gemmsim.measurements.shared import shared_counts
from gemmsim.tuning.cache import PredictionCache, gpu_hash, prediction_key

PREDICTIONS_KEPT = 4096      # distinct kernels a Predictor remembers (a results CSV has a few hundred)
SHARED_GPU = "h200"          # the GPU whose Nsight Compute shared-memory counts compare checks (ncu.py)


class Predictor:
    """Predicts points; `sass_dir` holds the compiled listings of the measured kernels (<symbol>.sass:
    cuobjdump -sass of the sm_90 kernels); `cache`, where given, keeps predictions on disk."""

    def __init__(self, sass_dir: str | Path | None = None, cache: PredictionCache | None = None):
        self.sass_dir = Path(sass_dir) if sass_dir else None
        self.cache = cache
        self._predict_kernel = kept(PREDICTIONS_KEPT)(self._prediction)
        self._known: dict[MeasuredPoint, object] = {}   # kernel -> Prediction or ConfigError, predicted elsewhere
        self._shared: dict[MeasuredPoint, dict] = {}    # kernel -> its H200 shared-memory counts (shared.py)

    def predict(self, p: MeasuredPoint) -> tuple[float, float, str]:
        """(predicted µs with the launch overhead, kernel µs, bottleneck)."""
        prediction = self.prediction(p)
        launches = 2 if prediction.simulation.split_k_reduction_cycles else 1   # split-K: the reduction pass
        overhead = launches * load_gpu(p.gpu).launch_overhead_us
        return prediction.time_us + overhead, prediction.time_us, prediction.bottleneck

    def prediction(self, p: MeasuredPoint):
        """The whole Prediction of a point's kernel."""
        kernel = _kernel_only(p)
        known = self._known.get(kernel)
        if known is None:
            return self._predict_kernel(kernel)
        if isinstance(known, ConfigError):
            raise known
        return known

    def predict_kernels(self, kernels: list[MeasuredPoint], workers: int | None = 1, engine: str = "local",
                        address: str | None = None, shared_for: frozenset[MeasuredPoint] = frozenset()) -> None:
        """Predict distinct kernels (points without their measurement) ahead of `prediction`: those
        the disk cache holds from it, the rest on `workers` processes (or Ray), each result (or the
        ConfigError that refuses the kernel) kept for `prediction` and written to the cache. The
        H200 kernels of `shared_for` also get their shared-memory counts (`shared_counts`) from the
        Program their prediction builds."""
        kernels = [k for k in dict.fromkeys(kernels) if k not in self._known]
        wants = {k: k in shared_for and k.gpu == SHARED_GPU for k in kernels}
        if self.cache is not None and kernels:
            keys = {k: self.cache_key(k) for k in kernels}
            shared_keys = {k: shared_key(keys[k]) for k in kernels if wants[k]}
            stored = self.cache.get_many(list(dict.fromkeys([*keys.values(), *shared_keys.values()])))
            for k in kernels:
                if keys[k] in stored and (not wants[k] or shared_keys[k] in stored):
                    self._known[k] = stored[keys[k]]
                    if wants[k]:
                        self._shared[k] = stored[shared_keys[k]]
            kernels = [k for k in kernels if k not in self._known]
        tasks = [(self.sass_dir, k, wants[k]) for k in kernels]
        if workers == 1 and engine == "local":
            outcomes = map(self._task, progress.track(tasks, "predicting", total=len(tasks)))
        else:
            outcomes = run_tasks(_predict_task, tasks, workers=workers, engine=engine, address=address,
                                 label="predicting", chunksize=1)
        fresh = []
        for kernel, (outcome, counts) in zip(kernels, outcomes):
            self._known[kernel] = outcome
            if counts is not None:
                self._shared[kernel] = counts
            if self.cache is not None and not isinstance(outcome, ConfigError):
                key = self.cache_key(kernel)
                fresh.append((key, kernel.gpu, outcome))
                if counts is not None:
                    fresh.append((shared_key(key), kernel.gpu, counts))
        if fresh:
            self.cache.put_many(fresh)

    def known_shared_counts(self, kernel: MeasuredPoint) -> dict | None:
        """The shared-memory counts `predict_kernels` found for a kernel (None: not asked for)."""
        return self._shared.get(_kernel_only(kernel))

    def _task(self, task: tuple[Path | None, MeasuredPoint, bool]):
        """(the kernel's Prediction or the ConfigError that refuses it, its shared-memory counts or None)."""
        _, kernel, shared = task
        if not shared:
            return self._outcome(kernel), None
        from gemmsim.simulate import predict_built

        gpu = load_gpu(kernel.gpu)
        try:
            built = self.build(kernel, gpu)
            return predict_built(built, gpu), shared_counts(built.program, gpu)
        except ConfigError as e:
            return e, None

    def _outcome(self, kernel: MeasuredPoint):
        try:
            return self._predict_kernel(kernel)
        except ConfigError as e:
            return e

    def cache_key(self, kernel: MeasuredPoint) -> str:
        """What a kernel's prediction depends on beyond the simulator version: the kernel, its
        listing's bytes, the GPU description's content, and this module (which Program a point is)."""
        listing = self._listing(kernel.symbol)
        return prediction_key(repr(kernel), _digest(listing) if listing else "no listing",
                              gpu_hash(load_gpu(kernel.gpu)), _digest(Path(__file__)))

    def _prediction(self, p: MeasuredPoint):
        from gemmsim.simulate import predict_built

        gpu = load_gpu(p.gpu)
        return predict_built(self.build(p, gpu), gpu)

    def program(self, p: MeasuredPoint, gpu):
        """(Program, problem) of a point's kernel: for the sm_90 kernels, the hot loop in the compiled order
        when the SASS listing is there, else the source order."""
        built = self.build(p, gpu)
        return built.program, built.problem

    def build(self, p: MeasuredPoint, gpu):
        """What the point's kernel family builds for it on `gpu`."""
        family, config = self.kernel(p, gpu)
        problem = make_problem((p.m, p.n, p.k), p.dtype, dtypes=family.dtypes, kernel=f"the {family.name} kernel")
        return family.build(problem, config, gpu)

    def kernel(self, p: MeasuredPoint, gpu):
        """(family, config) of a point: the family its symbol names, where it builds for `gpu`; else the
        preshuffle GEMM of the point's tile."""
        listing = self._listing(p.symbol)
        named = registry.kernel_for_symbol(p.symbol, p.registers, str(listing) if listing else None)
        if named is not None:
            family = registry.get(named.family)
            refused = family.refuses(gpu)
            if refused is None:
                return family, named.config
            if p.tile is None:
                raise ConfigError(f"{p.symbol}: {refused}")
        if p.tile is None:
            raise ConfigError(f"{p.symbol}: no tile known for the preshuffle generator; give --tile")
        return registry.get(), make_config(p.tile, swizzle=p.swizzle)

    def _listing(self, symbol: str) -> Path | None:
        listing = self.sass_dir / f"{symbol}.sass" if self.sass_dir else None
        return listing if listing is not None and listing.is_file() else None


def _kernel_only(p: MeasuredPoint) -> MeasuredPoint:
    """The point without its measurement: what the prediction depends on (the cache key)."""
    return replace(p, measured_us=0.0, source="")


@kept(8)
def worker_predictor(sass_dir: Path | None) -> Predictor:
    """The Predictor of a pool's worker (one per listing folder and process)."""
    return Predictor(sass_dir)


def _predict_task(task: tuple[Path | None, MeasuredPoint, bool]):
    """A pool's task: Predictor._task in the worker's Predictor."""
    return worker_predictor(task[0])._task(task)


def shared_key(cache_key: str) -> str:
    """The cache key of a kernel's shared-memory counts, from its prediction's key."""
    return prediction_key(cache_key, "shared counts")


@kept(64)
def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compare_points(points: list[MeasuredPoint], predictor: Predictor, skipped: list[str] | None = None,
                   workers: int | None = 1, engine: str = "local", address: str | None = None,
                   shared_for: list[MeasuredPoint] = ()) -> list[Compared]:
    """Every point predicted (the distinct kernels first, on `workers` processes or Ray: the same
    figures as one process gives); with `skipped`, a point no generator can take (a ladder kernel on
    AMD, a tile the preshuffle GEMM rejects) is named there instead of stopping the run. The kernels
    of `shared_for` (Nsight Compute's profiled ones) get their shared-memory counts too."""
    predictor.predict_kernels([_kernel_only(p) for p in points], workers, engine, address,
                              frozenset(_kernel_only(p) for p in shared_for))
    out = []
    for p in points:
        try:
            total, kernel, bottleneck = predictor.predict(p)
        except ConfigError as e:
            if skipped is None:
                raise
            skipped.append(f"{p.symbol} {p.shape} on {p.gpu}: {e}")
            continue
        out.append(Compared(p, total, kernel, bottleneck))
    return out
