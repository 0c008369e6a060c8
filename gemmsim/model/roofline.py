"""The roofline bound of a GEMM: pure arithmetic, no simulation.

A kernel can go no faster than its FLOPs at the matrix cores' peak rate (at the clock the GPU
sustains under this dtype's GEMM load) nor than its compulsory bytes (A and B read once, C written
once) at the HBM's peak bandwidth. The replay must never beat the larger of the two.
"""

from __future__ import annotations

from gemmsim.hw import GPU
from gemmsim.problem import Problem
from gemmsim.model.result import Roofline


def roofline(problem: Problem, gpu: GPU) -> Roofline:
    clock = gpu.clock_mhz(problem.dtype)
    compute_s = problem.flops / gpu.peak_flops(problem.dtype, clock)
    memory_s = problem.min_bytes() / gpu.memory.hbm_bytes_per_s
    time_s = max(compute_s, memory_s)
    tflops = problem.flops / time_s / 1e12
    return Roofline(
        time_us=time_s * 1e6, tflops=tflops, pct_of_peak=100 * tflops * 1e12 / gpu.peak_flops(problem.dtype),
        bottleneck="mfma" if compute_s >= memory_s else "vmem_bandwidth", clock_mhz=clock,
        compute_us=compute_s * 1e6, memory_us=memory_s * 1e6, flops=problem.flops,
        compulsory_bytes=problem.min_bytes(),
    )
