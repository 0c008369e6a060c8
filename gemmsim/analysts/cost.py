"""What a GEMM would cost on a GPU: the timing model's prediction of its best candidate tile.

The time comes from gemmsim.tune.search.predict_gemm (the replay of the fastest valid tile). The model
predicts one GEMM at a time, so a batched GEMM costs `batch` times one entry and its source says so
("model x batch"): it assumes the entries run back to back, not side by side.
"""

from __future__ import annotations

from dataclasses import dataclass

from gemmsim.tune.search import predict_gemm


@dataclass(frozen=True)
class Cost:
    time_us: float
    source: str  # "model" or "model x batch"


def gemm_cost(m: int, n: int, k: int, dtype: str, gpu_name: str, batch: int = 1) -> Cost:
    """Predicted time of one (batched) GEMM of `dtype` on `gpu_name`."""
    one = predict_gemm(shape=(m, n, k), dtype=dtype, gpu=gpu_name).time_us
    return Cost(one, "model") if batch == 1 else Cost(batch * one, "model x batch")
