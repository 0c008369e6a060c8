"""Predicted against rocprofv3 hardware counters: LDS bank conflicts of AMD GEMM kernels.

rocprofv3 --pmc SQ_LDS_BANK_CONFLICT ... (counter_collection.csv or the JSON output, read by
gemmsim.measurements.rocprof) counts, per dispatch, the cycles the LDS was stalled by bank conflicts,
summed over the shader engines. The simulator's side is the same quantity of the Program the time
prediction replays: the LDS cycles of every access beyond one per lane phase
(analytics.lds_banks, from every lane's address), over the whole grid
(Prediction.lds_conflict_cycles.total). Whether the hardware's cycle is the model's (one bank
row per clock) is what the comparison checks; the ratio is reported, nothing is fitted.
The other counters of rocprof.COUNTERS are reported beside it as counted, two of them with the
Program's figure: SQ_WAVES (workgroups x waves per workgroup) and SQ_INSTS_LDS (the ds_read /
ds_write instructions of every wave; the counter also counts FLAT instructions that reach the LDS).
"""

from __future__ import annotations

from pathlib import Path

from gemmsim.errors import ConfigError
from gemmsim.measurements.points import KernelSpec
from gemmsim.measurements.predictor import Predictor
from gemmsim.measurements.readers import is_profiled_gemm, kernel_symbol, profiled_point
from gemmsim.measurements.rocprof import COUNTERS, CounterSample, mean_counters

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
        program_counts = predicted_counts(point)
        rows.append({"symbol": point.symbol, "shape": point.shape, "gpu": point.gpu,
                     "tile": "x".join(map(str, point.tile)) if point.tile else None, "dispatches": dispatches,
                     "lds_conflict_cycles_predicted": round(predicted),
                     "lds_conflict_cycles_counted": None if counted is None else round(counted, 1),
                     "counted_over_predicted": (round(counted / predicted, 3) if counted is not None and predicted
                                                else None),
                     "counters": {k: round(v, 1) for k, v in counters.items() if k in COUNTERS},
                     "predicted": program_counts})
    return rows


def predicted_counts(point) -> dict[str, int]:
    """SQ_WAVES and SQ_INSTS_LDS of the preshuffle Program a point's prediction replays."""
    from gemmsim.frontends.preshuffle.analysis import analyze
    from gemmsim.frontends.preshuffle.generator import generate
    from gemmsim.hw import load_gpu
    from gemmsim.problem import make_config, make_problem
    from gemmsim.measurements.ncu import shared_counts

    gpu = load_gpu(point.gpu)
    program = generate(analyze(make_problem((point.m, point.n, point.k), point.dtype),
                               make_config(point.tile, swizzle=point.swizzle), gpu), gpu)
    lds = shared_counts(program, gpu)
    return {"SQ_WAVES": program.workgroups * len(program.waves),
            "SQ_INSTS_LDS": lds["ld"]["instructions"] + lds["st"]["instructions"]}

