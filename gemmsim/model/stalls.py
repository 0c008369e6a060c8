"""Why a wave did not issue: the replay's stall reasons, in one table.

Every cycle a wave spends not issuing is booked to one reason (wave.py). The reasons, and what
each means on the hardware:

- vmcnt: its vector-memory counter (an s_waitcnt vmcnt, or a scoreboard barrier a global access
  raised: the result of a global load is not back);
- lgkmcnt: its LDS / scalar counter (an s_waitcnt lgkmcnt, or a scoreboard barrier anything else
  raised: shared memory, S2R, LDC);
- barrier: the workgroup barrier (the other waves have not arrived);
- issue_port: another wave of its SIMD took the issue port in that cycle;
- mfma_pipe, valu_pipe: the SIMD's matrix pipe or vector ALU is busy with another op;
- dependency: a register an earlier MFMA or VALU op still writes;
- vmem_slots, lgkm_slots: the counter is at its ceiling (vmcnt_max, lgkmcnt_max loads in flight),
  or, for lgkm_slots on NVIDIA, the MIO queue in front of the shared-memory pipe is full;
- lg_queue: the queue in front of the L1 for global accesses is full (NVIDIA);
- wait: the stall count of the previous instruction's control bits (NVIDIA).

Each reason rolls up into one of four groups the report leads with (`STALL_GROUPS`); each group is
named after its main reason: "mfma_pipe" holds the waits for the busy matrix pipe and for its
results (dependency, or the stall counts of NVIDIA control bits: wait), with the rarer waits for
the VALU and for the SIMD's issue port. A wave's timeline track draws its waits for counters,
queues and the barrier (`DRAWN_WAITS`); its waits for a pipe show as the other waves' MFMAs
instead. On sm_90 each reason has a counterpart among Nsight Compute's warp-state categories
(gemmsim.measurements.stalls, whose docstring says why).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StallReason:
    name: str     # as the replay books it, the stall breakdown reports it and the timeline draws it
    group: str    # the group (a reason's name) it rolls up into
    drawn: bool   # drawn on the wave's timeline track (as `wait <name>`)
    ncu: str      # Nsight Compute's warp-state category on sm_90 ("other": none of those compared)


# in report order (the stall breakdown's keys); a group's reasons add up in this order
REASONS = (
    StallReason("vmcnt", "vmcnt", True, "long_scoreboard"),
    StallReason("lgkmcnt", "lgkmcnt", True, "short_scoreboard"),
    StallReason("barrier", "barrier", True, "barrier"),
    StallReason("issue_port", "mfma_pipe", False, "not_selected"),
    StallReason("mfma_pipe", "mfma_pipe", False, "math_pipe_throttle"),
    StallReason("valu_pipe", "mfma_pipe", False, "math_pipe_throttle"),
    StallReason("dependency", "mfma_pipe", False, "wait"),
    StallReason("vmem_slots", "vmcnt", True, "other"),   # ncu's misc: the inflight microbenchmark
    StallReason("lg_queue", "vmcnt", True, "lg_throttle"),
    StallReason("lgkm_slots", "lgkmcnt", True, "mio_throttle"),
    StallReason("wait", "mfma_pipe", False, "wait"),
)

STALL_REASONS = tuple(r.name for r in REASONS)
BY_NAME = {r.name: r for r in REASONS}
STALL_GROUPS = {g: tuple(r.name for r in REASONS if r.group == g) for g in dict.fromkeys(r.group for r in REASONS)}
DRAWN_WAITS = frozenset(r.name for r in REASONS if r.drawn)
MODEL_TO_NCU = {r.name: r.ncu for r in REASONS}
