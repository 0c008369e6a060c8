"""Which Program a measured kernel is, and what the simulator predicts for it.

* an H200 ladder kernel -> gemmsim.frontends.sm90.ladder; the matrix-core kernel -> sm90.mma
  (tile and swizzle from the symbol); both on the h200 description. With the SASS listing beside
  the CSV (sass/<symbol>.sass) the hot loop follows the compiled order, address arithmetic
  included as issue-only slots, and its compiled control bits (stall counts, scoreboard barriers:
  gemmsim.model.scoreboard) decide when each instruction may issue (int32 ladder kernels too: an
  IMAD is a multiply-add where both its factors are loaded in the loop, sass_reader.order_letters);
* anything else (an AMD row or profile) -> the preshuffle GEMM generator for the point's tile, on
  the point's GPU;
* the predicted time is the replay's kernel time plus the description's per-launch overhead
  ([device].launch_overhead_us, the empty kernel timed as the runner times a GEMM; 0 where absent), since
  every measured time is event-timed around one launch.

Nothing here is fitted: the figures are what the calibrated descriptions predict. A kernel is
predicted once however many points measured it (a bounded cache keyed by the kernel, not the
measurement).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from gemmsim import limits, progress
from gemmsim.dtypes import element_bytes
from gemmsim.errors import ConfigError
from gemmsim.hw import load_gpu
from gemmsim.validate.points import Compared, Point, ladder_variant

PREDICTIONS_KEPT = 4096      # distinct kernels a Predictor remembers (a results CSV has a few hundred)


class Predictor:
    """Predicts points; `sass_dir` holds the cuobjdump -sass listings of the sm_90 kernels."""

    def __init__(self, sass_dir: str | Path | None = None):
        self.sass_dir = Path(sass_dir) if sass_dir else None
        self._predict_kernel = lru_cache(maxsize=PREDICTIONS_KEPT)(self._prediction)

    def predict(self, p: Point) -> tuple[float, float, str]:
        """(predicted µs with the launch overhead, kernel µs, bottleneck)."""
        prediction = self.prediction(p)
        overhead = load_gpu(p.gpu).launch_overhead_us
        return prediction.time_us + overhead, prediction.time_us, prediction.bottleneck

    def prediction(self, p: Point):
        """The whole Prediction of a point's kernel."""
        return self._predict_kernel(_kernel_only(p))

    def _prediction(self, p: Point):
        from gemmsim.simulate import predict, predict_program
        from gemmsim.problem import make_config, make_problem

        gpu = load_gpu(p.gpu)
        if gpu.vendor == "nvidia" and (p.family.startswith("ladder_") or p.family == "mma_preshuffle"):
            program, problem = self.sm90_program(p, gpu)
            return predict_program(program, problem, gpu)
        if p.family.startswith("ladder_"):
            raise ConfigError(f"{p.symbol}: no {gpu.arch} instruction stream for the ladder kernels (only sm_90)")
        if p.tile is None:
            raise ConfigError(f"{p.symbol}: no tile known for the preshuffle generator; give --tile")
        return predict(make_problem((p.m, p.n, p.k), p.dtype), make_config(p.tile, swizzle=p.swizzle), gpu)

    def sm90_program(self, p: Point, gpu):
        """The sm_90 Program of a point: its hot loop in the compiled order when the SASS listing is
        there, else the source order."""
        from gemmsim.frontends.sm90 import ladder as sm90_ladder, mma as sm90_mma
        from gemmsim.frontends.sm90.common import Sm90Problem

        if gpu.vendor != "nvidia":
            raise ConfigError(f"{p.symbol}: the sm_90 streams need an NVIDIA GPU description, got {gpu.name}")
        limits.check_dims(p.symbol, {"M": p.m, "N": p.n, "K": p.k})   # before any per-element table is built
        if p.family == "mma_preshuffle":
            problem = Sm90Problem(p.m, p.n, p.k, "bf16", c_bytes=4)

            def build(**kw):
                return sm90_mma.generate(p.tile, p.swizzle, problem, gpu, registers=p.registers, **kw)
        else:
            variant = ladder_variant(p.symbol)
            problem = Sm90Problem(p.m, p.n, p.k, p.dtype, c_bytes=int(element_bytes(p.dtype)))

            def build(**kw):
                return sm90_ladder.generate(variant, problem, gpu, registers=p.registers, **kw)
        listing = self._listing(p.symbol)
        if listing is None:
            return build(), problem
        from gemmsim.frontends.sm90.sass_reader import (
            around_hot_loop, hot_loop_controls, hot_loop_load_strides, hot_loop_order)

        multiply_add = "IMAD" if p.dtype == "int32" else "FFMA"
        if p.family == "mma_preshuffle":
            extra = {"around": around_hot_loop(listing)}
        else:   # the ladder's loads take their buffer's compiled places (A's pointer steps by a constant, B's by N)
            extra = {"load_strides": hot_loop_load_strides(listing)}
        return build(order=hot_loop_order(listing, multiply_add=multiply_add),
                     controls=hot_loop_controls(listing), **extra), problem

    def _listing(self, symbol: str) -> Path | None:
        listing = self.sass_dir / f"{symbol}.sass" if self.sass_dir else None
        return listing if listing is not None and listing.is_file() else None


def _kernel_only(p: Point) -> Point:
    """The point without its measurement: what the prediction depends on (the cache key)."""
    return replace(p, measured_us=0.0, source="")


def compare_points(points: list[Point], predictor: Predictor, skipped: list[str] | None = None) -> list[Compared]:
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
