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
measurement).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gemmsim import progress
from gemmsim.caches import kept
from gemmsim.errors import ConfigError
from gemmsim.frontends import registry
from gemmsim.hw import load_gpu
from gemmsim.problem import make_config, make_problem
from gemmsim.measurements.points import Compared, MeasuredPoint

PREDICTIONS_KEPT = 4096      # distinct kernels a Predictor remembers (a results CSV has a few hundred)


class Predictor:
    """Predicts points; `sass_dir` holds the compiled listings of the measured kernels (<symbol>.sass:
    cuobjdump -sass of the sm_90 kernels)."""

    def __init__(self, sass_dir: str | Path | None = None):
        self.sass_dir = Path(sass_dir) if sass_dir else None
        self._predict_kernel = kept(PREDICTIONS_KEPT)(self._prediction)

    def predict(self, p: MeasuredPoint) -> tuple[float, float, str]:
        """(predicted µs with the launch overhead, kernel µs, bottleneck)."""
        prediction = self.prediction(p)
        launches = 2 if prediction.simulation.split_k_reduction_cycles else 1   # split-K: the reduction pass
        overhead = launches * load_gpu(p.gpu).launch_overhead_us
        return prediction.time_us + overhead, prediction.time_us, prediction.bottleneck

    def prediction(self, p: MeasuredPoint):
        """The whole Prediction of a point's kernel."""
        return self._predict_kernel(_kernel_only(p))

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


def compare_points(points: list[MeasuredPoint], predictor: Predictor, skipped: list[str] | None = None) -> list[Compared]:
    """Every point predicted; with `skipped`, a point no generator can take (a ladder kernel on
    AMD, a tile the preshuffle GEMM rejects) is named there instead of stopping the run."""
    out = []
    for p in progress.track(points, "predicting", total=len(points)):
        try:
            total, kernel, bottleneck = predictor.predict(p)
        except ConfigError as e:
            if skipped is None:
                raise
            skipped.append(f"{p.symbol} {p.shape} on {p.gpu}: {e}")
            continue
        out.append(Compared(p, total, kernel, bottleneck))
    return out
