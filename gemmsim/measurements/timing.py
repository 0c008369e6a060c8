"""How a published GEMM time was taken, and what that puts in the time beside the kernel itself.

A published time is a method as much as a kernel: what the clock brackets (each kernel's own duration
from a profiler, events around each launch, or events around a loop of launches), what runs between
launches and whether the host's launch call is inside. The simulator predicts the kernel; a method
adds, per launch, the GPU description's figures for what it includes (validation/timing_methods.md
reads each harness, with file and commit):

* kernel-trace: the profiler's duration of each kernel, its dispatch's begin and end timestamps
  (FlyDSL's and aiter's `run_perftest`, torch.profiler over ROCm's tracer). Host launch cost and the
  gap between kernels are outside; nothing is added.
* events-per-launch: events recorded around each launch while the GPU is kept busy (this project's
  runner, validation/measure.py): adds [device].launch_overhead_us, the empty kernel timed that way.
* events-around-loop: two events around N back-to-back launches, divided by N (hipblaslt-bench): adds
  [device].inter_kernel_gap_us, the idle time between two kernels of one stream.

A figure a GPU file does not give counts as 0, and `adds_text` says so.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gemmsim.errors import InputError
from gemmsim.hw import GPU


@dataclass(frozen=True)
class TimingMethod:
    name: str
    what: str                       # what the published number is, in one line
    adds: tuple[str, ...] = ()      # the [device] figures a launch adds to the kernel's own time

    def added_us(self, gpu: GPU) -> float:
        return sum(getattr(gpu, key) for key in self.adds)

    def adds_text(self, gpus: Iterable[GPU]) -> str:
        if not self.adds:
            return "nothing beside the kernel"
        parts = []
        for key in self.adds:
            for gpu in gpus:
                value = getattr(gpu, key)
                parts.append(f"{gpu.name} {key} {value:g} us" + ("" if value else " (the file gives none)"))
        return ", ".join(parts)


KERNEL_TRACE = TimingMethod(
    "kernel-trace", "each kernel's traced duration (dispatch begin to end), launches back to back on 100 rotated "
                    "input copies (cold caches), 10 warm-up launches, mean of the rest after IQR outliers")
EVENTS_PER_LAUNCH = TimingMethod(
    "events-per-launch", "events around each launch with the host's launch call hidden", ("launch_overhead_us",))
EVENTS_AROUND_LOOP = TimingMethod(
    "events-around-loop", "events around a loop of back-to-back launches, divided by their number",
    ("inter_kernel_gap_us",))
METHODS = {m.name: m for m in (KERNEL_TRACE, EVENTS_PER_LAUNCH, EVENTS_AROUND_LOOP)}

# The published sources of validation/data and the method each one's harness uses (its `source` column starts so)
SOURCE_METHODS = (
    ("FlyDSL CI dashboard", KERNEL_TRACE),         # scripts/run_benchmark.sh -> tests/test_common.py run_perftest
)


def method_of_source(source: str) -> TimingMethod:
    """The method of a published source (by the start of its `source` column), or a named method."""
    if source in METHODS:
        return METHODS[source]
    for prefix, method in SOURCE_METHODS:
        if source.startswith(prefix):
            return method
    raise InputError(f"source {source!r}: no timing method known for it (one of "
                     f"{', '.join(p for p, _ in SOURCE_METHODS)}, or a method: {', '.join(METHODS)})")
