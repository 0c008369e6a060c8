"""Predicted against rocprofv3 hardware counters: LDS bank conflicts of AMD GEMM kernels.

rocprofv3 --pmc SQ_LDS_BANK_CONFLICT ... (counter_collection.csv or the JSON output, read by
gemmsim.validate.rocprof) counts, per dispatch, the cycles the LDS was stalled by bank conflicts,
summed over the shader engines. The simulator's side is the same quantity of the Program the time
prediction replays: the LDS cycles of every access beyond one per lane phase
(analytics.lds_banks, from every lane's address), over the whole grid
(Prediction.lds_conflict_cycles.total). Whether the hardware's cycle is the model's (one bank
row per clock) is what the comparison checks; the ratio is reported, nothing is fitted.
The other counters of rocprof.COUNTERS are reported beside it as counted.
"""

from __future__ import annotations

from pathlib import Path

from gemmsim.errors import ConfigError
from gemmsim.validate.points import KernelSpec
from gemmsim.validate.predictor import Predictor
from gemmsim.validate.readers import is_profiled_gemm, kernel_symbol, profiled_point
from gemmsim.validate.rocprof import COUNTERS, CounterSample, mean_counters

CONFLICT_COUNTER = "SQ_LDS_BANK_CONFLICT"


def lds_bank_conflicts(samples: list[CounterSample], spec: KernelSpec, predictor: Predictor,
                       source: str = "", skipped: list[str] | None = None) -> list[dict]:
    """Per GEMM kernel name of the samples: predicted conflict cycles, the counted ones (mean per
    dispatch) and the other counters; a kernel the simulator cannot take is named in `skipped`."""
    rows = []
    for name, (counters, dispatches) in mean_counters(samples).items():
        if not is_profiled_gemm(name, spec):
            continue
        point = profiled_point(name, 0.0, spec, Path(source), default_gpu="mi300x")
        try:
            predicted = predictor.prediction(point).lds_conflict_cycles.total
        except ConfigError as e:
            if skipped is not None:
                skipped.append(f"{kernel_symbol(name)} {point.shape} on {point.gpu} (counters): {e}")
                continue
            raise
        counted = counters.get(CONFLICT_COUNTER)
        rows.append({"symbol": point.symbol, "shape": point.shape, "gpu": point.gpu,
                     "tile": "x".join(map(str, point.tile)) if point.tile else None, "dispatches": dispatches,
                     "lds_conflict_cycles_predicted": round(predicted),
                     "lds_conflict_cycles_counted": None if counted is None else round(counted, 1),
                     "counted_over_predicted": (round(counted / predicted, 3) if counted is not None and predicted
                                                else None),
                     "counters": {k: round(v, 1) for k, v in counters.items() if k in COUNTERS}})
    return rows

