"""What a GEMM would cost on a GPU: the timing model's prediction when it exists, else the roofline.

The timing model (gemmsim.predict) is built separately. When that module is importable its
predict_gemm gives the time and the source reads "model"; until then the roofline bound stands
in and the source reads "roofline", so a reader never mistakes a bound for a prediction.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from dataclasses import dataclass

from gemmsim.analysts.roofline import roofline
from gemmsim.hw import load_gpu

PREDICT_MODULE = "gemmsim.predict"


@dataclass(frozen=True)
class Cost:
    time_us: float
    source: str  # "model", "model x batch" or "roofline"


def timing_model():
    """gemmsim.predict.predict_gemm, or None while that module does not exist."""
    if importlib.util.find_spec(PREDICT_MODULE) is None:
        return None
    return getattr(importlib.import_module(PREDICT_MODULE), "predict_gemm", None)


def gemm_cost(m: int, n: int, k: int, dtype: str, gpu_name: str, batch: int = 1, predict=None) -> Cost:
    """Time of one (batched) GEMM on `gpu_name`; `predict` defaults to the timing model if any."""
    predict = timing_model() if predict is None else predict
    if predict is None:
        return Cost(roofline(m, n, k, dtype, load_gpu(gpu_name), batch).time_us, "roofline")
    if batch == 1:
        return Cost(predict(shape=(m, n, k), dtype=dtype, gpu=gpu_name).time_us, "model")
    if "batch" in inspect.signature(predict).parameters:
        return Cost(predict(shape=(m, n, k), dtype=dtype, gpu=gpu_name, batch=batch).time_us, "model")
    return Cost(batch * predict(shape=(m, n, k), dtype=dtype, gpu=gpu_name).time_us, "model x batch")
