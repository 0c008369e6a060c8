"""The roofline of one GEMM on one GPU: the time no kernel beats, from FLOPs and compulsory bytes.

A GEMM does 2·M·N·K FLOPs and, at best, moves each operand across HBM once: M·K + K·N input
elements and M·N output elements. Its time is at least the larger of FLOPs / peak FLOP/s and
bytes / bandwidth; intensity (FLOPs per byte) above the ridge (peak / bandwidth) makes it
compute-bound. The peak is taken at the clock the GPU file records under GEMM load for the dtype
(the peak clock where it records none).

Which bandwidth is a choice, and the result names it:
  "spec"        the data-sheet HBM bandwidth: a strict bound that a prediction must never beat
                (`gemmsim predict` uses it);
  "achievable"  what a streaming microbenchmark reaches: the tighter bound an analyst compares a
                measured kernel with (`gemmsim dimeff`, `shapes`, `trace` use it).
The same GEMM therefore has two roofline times, and each report says which one it shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from gemmsim import dtypes
from gemmsim.analytics.bottlenecks import Bottleneck
from gemmsim.errors import InputError
from gemmsim.hw import GPU

SPEC = "spec"
ACHIEVABLE = "achievable"
BANDWIDTHS = (SPEC, ACHIEVABLE)


@dataclass(frozen=True)
class Roofline:
    """The lower bound, with the head a Prediction also carries (time, TFLOPS, % of peak, bottleneck, clock)."""

    time_us: float
    tflops: float
    pct_of_peak: float           # of the spec peak (peak clock)
    bottleneck: Bottleneck       # MFMA (compute-bound) or VMEM_BANDWIDTH (memory-bound)
    clock_mhz: float             # the clock the compute bound assumes
    compute_us: float
    memory_us: float
    flops: int
    compulsory_bytes: float
    bandwidth: str               # which HBM bandwidth the memory bound uses: "spec" or "achievable"
    bandwidth_bytes_per_s: float
    peak_flops: float            # matrix FLOP/s at clock_mhz
    output_dtype: str            # the dtype C is written in

    @property
    def flops_per_byte(self) -> float:
        return self.flops / self.compulsory_bytes

    @property
    def ridge_flops_per_byte(self) -> float:
        return self.peak_flops / self.bandwidth_bytes_per_s


def hbm_bytes_per_s(gpu: GPU, bandwidth: str) -> float:
    if bandwidth == SPEC:
        return gpu.memory.hbm_bytes_per_s
    if bandwidth == ACHIEVABLE:
        return gpu.memory.hbm_achievable_bytes_per_s
    raise InputError(f"bandwidth {bandwidth!r} is unknown: expected one of {', '.join(BANDWIDTHS)}")


def gemm_bytes(m: int, n: int, k: int, dtype: str, output_dtype: str | None = None, batch: int = 1) -> float:
    """Bytes moved if every operand crosses HBM exactly once (C in `output_dtype`, by default what a
    GEMM of `dtype` usually writes)."""
    d = dtypes.dtype(dtype)
    out = dtypes.element_bytes(output_dtype or d.gemm_output)
    return batch * ((m + n) * k * d.bytes + m * n * out)


def gemm_clock_mhz(gpu: GPU, dtype: str) -> float:
    """The engine clock under a GEMM of `dtype`: sustained if the GPU file records it, else the peak."""
    rate = dtypes.dtype(dtype).rate_as
    return gpu.clock_mhz(rate, sustained=rate in gpu.sustained_clock_mhz)


def roofline(m: int, n: int, k: int, dtype: str, gpu: GPU, bandwidth: str, output_dtype: str | None = None,
             batch: int = 1) -> Roofline:
    """Roofline bound of a (batched) M×N×K GEMM of `dtype` on `gpu` at the named HBM bandwidth."""
    d = dtypes.dtype(dtype)
    output_dtype = dtypes.normalize(output_dtype or d.gemm_output)
    bytes_per_s = hbm_bytes_per_s(gpu, bandwidth)
    clock = gemm_clock_mhz(gpu, dtype)
    peak = gpu.peak_flops(d.rate_as, clock)
    flops = 2 * m * n * k * batch
    moved = gemm_bytes(m, n, k, dtype, output_dtype, batch)
    compute_s, memory_s = flops / peak, moved / bytes_per_s
    time_s = max(compute_s, memory_s)
    tflops = flops / time_s / 1e12
    return Roofline(time_us=time_s * 1e6, tflops=tflops, pct_of_peak=100 * tflops * 1e12 / gpu.peak_flops(d.rate_as),
                    bottleneck=Bottleneck.MFMA if compute_s >= memory_s else Bottleneck.VMEM_BANDWIDTH, clock_mhz=clock,
                    compute_us=compute_s * 1e6, memory_us=memory_s * 1e6, flops=flops, compulsory_bytes=moved,
                    bandwidth=bandwidth, bandwidth_bytes_per_s=bytes_per_s, peak_flops=peak,
                    output_dtype=output_dtype)
