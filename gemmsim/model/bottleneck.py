"""Which unit limits the kernel, read from the steady state of the hot loop.

In the steady state every unit's utilization is its busy cycles over the window: the matrix pipes
(averaged over the SIMDs), the LDS, and the CU's memory return path (its bandwidth share). A unit
at or above SATURATED is the bottleneck (the busiest if several are). If none is, the waves spend
their time waiting on counters and barriers with the units half idle: the kernel is latency-bound
(too few waves in flight to hide the memory and LDS latency).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gemmsim.analytics.bottlenecks import Bottleneck
from gemmsim.model.stalls import STALL_GROUPS, STALL_REASONS

if TYPE_CHECKING:
    from gemmsim.model.cu import CuRun

SATURATED = 0.8   # a classification convention, not a hardware number


UNITS = (Bottleneck.MFMA, Bottleneck.LDS, Bottleneck.VMEM_BANDWIDTH)   # those that saturate (a utilization each)


def utilizations(window: CuRun) -> dict[str, float]:
    cycles = max(1.0, window.cycles)
    busy = {
        Bottleneck.MFMA: window.mfma_busy_cycles / (window.simds * cycles),
        "valu": window.valu_busy_cycles / (window.simds * cycles),
        Bottleneck.LDS: window.lds_busy_cycles / cycles,
        Bottleneck.VMEM_BANDWIDTH: window.vmem_busy_cycles / cycles,
    }
    # a unit books its service when asked, so a saturated unit's queue can reach past the window's end
    return {unit: min(1.0, u) for unit, u in busy.items()}


def stall_breakdown(window: CuRun) -> dict:
    """Stall cycles per wave over the window, detailed and grouped, and as fractions of the window."""
    waves, cycles = max(1, window.waves), max(1.0, window.cycles)
    # a difference of two replays can dip a hair below zero where the phases of the waves shift
    detail = {k: max(0.0, window.stalls.get(k, 0.0)) / waves for k in STALL_REASONS}
    grouped = {g: sum(detail[k] for k in keys) for g, keys in STALL_GROUPS.items()}
    return {"cycles_per_wave": detail, "grouped_cycles_per_wave": grouped,
            "grouped_fraction": {g: v / cycles for g, v in grouped.items()}, "window_cycles": cycles,
            "instructions_per_wave": max(0.0, window.instructions) / waves}


WAIT_MEANING = {"vmcnt": "global memory (vmcnt)", "lgkmcnt": "LDS results (lgkmcnt)", "barrier": "the workgroup barrier"}


def largest_wait(breakdown: dict) -> str:
    """What the waves wait on most, among memory counters and barriers."""
    grouped = breakdown["grouped_fraction"]
    return max(WAIT_MEANING, key=lambda k: (grouped[k], k))


def classify(util: dict[str, float]) -> Bottleneck:
    candidates = {k: util[k] for k in UNITS}
    busiest = max(candidates, key=lambda k: (candidates[k], k))
    return busiest if candidates[busiest] >= SATURATED else Bottleneck.LATENCY
