"""The roofline of one GEMM on one GPU: arithmetic intensity against the ridge point.

A GEMM does 2·M·N·K FLOPs and, at best, moves each operand once: (M·K + K·N) input elements
and M·N output elements. Its time is at least the larger of FLOPs / peak FLOP/s and bytes /
bandwidth; intensity (FLOPs per byte) above the ridge (peak / bandwidth) makes it
compute-bound. The peak is taken at the sustained clock the GPU file records under GEMM load
(the peak clock where it records none for the dtype) and the bandwidth is the achievable HBM
bandwidth, so the time is a bound no kernel beats on that GPU, not a prediction.

The output is assumed to be bf16 for fp8/fp4 inputs, int32 for int8, else the input dtype.
"""

from __future__ import annotations

from dataclasses import dataclass

from gemmsim.errors import GemmsimError, InputError

DTYPE_BYTES = {"fp64": 8.0, "fp32": 4.0, "xf32": 4.0, "bf16": 2.0, "fp16": 2.0, "fp8": 1.0, "int8": 1.0,
               "fp4": 0.5, "int32": 4.0}
_OUTPUT_DTYPE = {"fp8": "bf16", "fp4": "bf16", "int8": "int32"}
_ALIASES = {"bfloat16": "bf16", "float16": "fp16", "half": "fp16", "float32": "fp32", "float": "fp32",
            "tf32": "xf32", "float64": "fp64", "double": "fp64", "float8": "fp8", "fp8_e4m3": "fp8",
            "fp8_e5m2": "fp8", "e4m3": "fp8", "e5m2": "fp8"}


def normalize_dtype(dtype: str) -> str:
    """gemmsim's dtype name ('bf16', 'fp8', ...) for a common spelling of it."""
    name = dtype.strip().lower()
    name = _ALIASES.get(name, name)
    if name not in DTYPE_BYTES:
        raise InputError(f"unknown dtype {dtype!r}: expected one of {', '.join(DTYPE_BYTES)}")
    return name


@dataclass(frozen=True)
class Roofline:
    flops: float
    bytes: float
    flops_per_byte: float
    ridge_flops_per_byte: float
    bound: str
    peak_flops: float
    bandwidth_bytes_per_s: float
    clock_mhz: float
    time_us: float


def gemm_bytes(m: int, n: int, k: int, dtype: str, batch: int = 1) -> float:
    """Bytes moved if every operand crosses HBM exactly once."""
    dtype = normalize_dtype(dtype)
    out = DTYPE_BYTES[_OUTPUT_DTYPE.get(dtype, dtype)]
    return batch * ((m * k + k * n) * DTYPE_BYTES[dtype] + m * n * out)


def roofline(m: int, n: int, k: int, dtype: str, gpu, batch: int = 1) -> Roofline:
    """Roofline bound of a (batched) M×N×K GEMM on `gpu` (a gemmsim.hw.GPU)."""
    dtype = normalize_dtype(dtype)
    clock = _gemm_clock_mhz(gpu, dtype)
    peak = gpu.peak_flops(dtype, clock_mhz=clock)
    bandwidth = gpu.memory.hbm_achievable_bytes_per_s
    flops = 2.0 * m * n * k * batch
    moved = gemm_bytes(m, n, k, dtype, batch)
    intensity, ridge = flops / moved, peak / bandwidth
    time_s = max(flops / peak, moved / bandwidth)
    return Roofline(flops, moved, intensity, ridge, "compute" if intensity >= ridge else "memory",
                    peak, bandwidth, clock, time_s * 1e6)


def _gemm_clock_mhz(gpu, dtype: str) -> float:
    try:
        return gpu.clock_mhz(dtype)
    except GemmsimError:
        return gpu.clock_mhz(dtype, sustained=False)
