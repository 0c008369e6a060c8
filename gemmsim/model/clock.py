"""The engine clock under load: a power-limited clock that falls as the kernel gets busier.

An AMD Instinct GPU runs a dense GEMM far below its boost clock. The board's power limit, not the
clock's ceiling, sets the frequency, and the power drawn grows with how busy the matrix pipes are
(also with the dtype, and with the data: AMD's MAF blog saw an FP8 GEMM on all-zero inputs at
1792 MHz against 1188 MHz on random ones) and with the data the kernel moves (the same blog:
"minimizing data movement through shared memory, and improving cache locality" let the clock rise).
The boost clock is reached only in lightly loaded phases; the median clock of a large GEMM, whose
matrix pipes are busy most of the time, is the GPU file's `sustained_clock_mhz[dtype]`. Between the
two the model is linear in the activity:

    clock(dtype, a) = min(peak, factor x (peak - (peak - full_load[dtype]) x min(1, a / a_full)))

    a          the kernel's activity: the busier of its matrix work (busy cycles of every matrix
               pipe of the GPU over the kernel's cycles, each weighted by its instruction's FLOP rate
               over the dtype's peak rate: gfx950 running gfx942's half-rate int8 MFMA does half the
               work per busy cycle, simulate.matrix_rate_share) and its memory paths (busy cycles of
               every CU's path to the L2); an idle CU counts as idle. The busier unit, not a weighted sum:
               no source weighs data movement against matrix work, and a kernel that saturates its
               memory path draws power as one that saturates its matrix pipes does (an assumption)
    full_load  sustained_clock_mhz[dtype], measured under GEMMs at matrix activity a_full
    a_full     [device.clock_under_load].full_load_mfma_activity
    peak       peak_clock_mhz
    factor     [device.clock_under_load].effective_clock_factor: one per GPU, fitted to published
               GEMM times (benchmarks/validate_amd.py); it carries what the rest does not model
               (data-dependent power, the replay's own errors), and its distance from 1 is reported;
               a factor above 1 (MI355X's) never lifts a lightly loaded kernel past the peak, the
               engine's maximum clock

A GPU file without [device.clock_under_load] (the H200) runs every kernel at its sustained clock.
The replay's cycles depend on the clock only through memory latencies and bandwidths given in
seconds, so predict replays once at the full-load clock, reads the activity, and replays again at
the clock that activity implies (one fixed-point step; see gemmsim.simulate), unless that is the
clock it already ran at (matrix pipes at full load or busier).
"""

from __future__ import annotations

from gemmsim.hw import GPU
from gemmsim.prediction import ClockSource


def full_load_clock_mhz(gpu: GPU, dtype: str) -> float:
    """The clock of a kernel that keeps the matrix pipes as busy as the published GEMMs did
    (the first replay runs at it)."""
    return _capped(gpu, _factor(gpu) * gpu.clock_mhz(dtype))


def highest_clock_mhz(gpu: GPU, dtype: str) -> float:
    """No kernel of `dtype` runs faster than this (a bound for pruning)."""
    return _capped(gpu, _factor(gpu) * gpu.peak_clock_mhz) if gpu.clock_under_load else gpu.clock_mhz(dtype)


def clock_under_load_mhz(gpu: GPU, dtype: str, activity: float) -> float:
    """The engine clock of a kernel of `dtype` whose busier unit (matrix pipes or memory path) is
    busy `activity` of the time."""
    load = gpu.clock_under_load
    if load is None:
        return gpu.clock_mhz(dtype)
    load_fraction = min(1.0, max(0.0, activity) / load.full_load_mfma_activity)
    peak, full = gpu.peak_clock_mhz, gpu.clock_mhz(dtype)
    return _capped(gpu, load.effective_clock_factor * (peak - (peak - full) * load_fraction))


def clock_source(gpu: GPU, given_mhz: float | None) -> ClockSource:
    if given_mhz is not None:
        return ClockSource.GIVEN
    return ClockSource.LOAD_MODEL if gpu.clock_under_load else ClockSource.SUSTAINED


def _capped(gpu: GPU, clock_mhz: float) -> float:
    """No engine clock above the peak, the GPU's maximum (the factor is fitted, the peak is the spec's)."""
    return min(gpu.peak_clock_mhz, clock_mhz)


def _factor(gpu: GPU) -> float:
    return gpu.clock_under_load.effective_clock_factor if gpu.clock_under_load else 1.0
