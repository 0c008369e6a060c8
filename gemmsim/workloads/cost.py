"""What a GEMM would cost on a GPU: the timing model's prediction of its best candidate tile.

The time comes from gemmsim.tuning.search.predict_gemm (the replay of the fastest valid tile). A batched
GEMM is predicted as one batched kernel (its entries along the grid's z dimension, side by side on
the GPU), and its source says so ("batched model").
"""

from __future__ import annotations

from dataclasses import dataclass

from gemmsim.tuning.search import predict_gemm


@dataclass(frozen=True)
class Cost:
    time_us: float
    source: str  # "model" or "batched model"


def gemm_cost(m: int, n: int, k: int, dtype: str, gpu_name: str, batch: int = 1) -> Cost:
    """Predicted time of one (batched) GEMM of `dtype` on `gpu_name`."""
    if batch == 1:
        return Cost(predict_gemm(shape=(m, n, k), dtype=dtype, gpu=gpu_name).time_us, "model")
    return Cost(predict_gemm(shape=(batch, m, n, k), dtype=dtype, gpu=gpu_name).time_us, "batched model")
